"""The web page through Flask's test client, against the real embedded server: every page renders offline with
its security headers, bodies are bounded, the secret key; the users and serve commands; the web code itself."""

from __future__ import annotations

import json
import re
import socket
from pathlib import Path

import pytest
from click.testing import CliRunner
from flask.testing import FlaskClient

from tests.conftest import snapshot
from tests.web_helpers import PASSWORD, S, labels
from toolgraph.config import Settings, WebSettings
from toolgraph.db.store import GraphStore
from web import secret_key

# -- pages, offline, headers ----------------------------------------------------------------------------------------
PAGES = ["/explorer", "/explorer?q=movie", f"/explorer?id={S}&k=2", "/runs", "/editor", f"/editor?tool={S}",
         "/registry", "/login"]


@pytest.mark.parametrize("url", PAGES)
def test_pages_render_offline(client: FlaskClient, url: str) -> None:
    r = client.get(url)
    assert r.status_code == 200
    html = r.get_data(as_text=True)
    assert "ToolGraph" in html
    for ref in re.findall(r"""(?:src|href)=["']([^"']+)""", html):
        assert not ref.startswith(("http:", "https:", "//")), ref  # nothing from a CDN or any other host
    assert "script-src 'self'" in r.headers["Content-Security-Policy"]
    assert r.headers["X-Content-Type-Options"] == "nosniff"


def test_root_redirects_and_unknown_paths_answer_in_kind(client: FlaskClient) -> None:
    assert client.get("/").headers["Location"].endswith("/explorer")
    r = client.get("/api/nope")
    assert r.status_code == 404 and r.get_json()["status"] == 404
    assert client.get("/nope").status_code == 404


def test_vis_network_is_served_from_the_pyvis_package(client: FlaskClient) -> None:
    r = client.get("/vendor/vis-network.min.js")
    assert r.status_code == 200 and b"vis-network" in r.data[:2000]
    assert client.get("/vendor/vis-network.css").status_code == 200
    assert client.get("/vendor/../../etc/passwd").status_code == 404
    assert client.get("/vendor/utils.js").status_code == 404
    assert client.get("/static/graph.js").status_code == 200 and client.get("/static/style.css").status_code == 200
    page = client.get(f"/explorer?id={S}").get_data(as_text=True)
    assert "/vendor/vis-network.min.js" in page and "/static/graph.js" in page


def test_oversized_bodies_are_refused(client: FlaskClient, graph: GraphStore, ann: dict[str, str]) -> None:
    before = snapshot(graph)
    r = client.post("/api/tools", headers=ann, data=b"{" + b" " * (2 * 1024 * 1024) + b"}",
                    content_type="application/json")
    assert r.status_code == 413 and r.get_json()["status"] == 413 and snapshot(graph) == before
    r = client.post("/api/dependencies", headers=ann, data="[1, 2]", content_type="application/json")
    assert r.status_code == 400 and r.get_json()["field"] == "body"


def test_secret_key_is_generated_once_with_mode_0600(tmp_path: Path) -> None:
    settings = Settings(home=tmp_path / "home")
    key = secret_key(settings)
    path = tmp_path / "home" / "web_secret_key"
    assert len(key) == 64 and path.stat().st_mode & 0o777 == 0o600
    assert secret_key(settings) == key
    assert secret_key(Settings(home=tmp_path, web=WebSettings(secret_key="given"))) == "given"


# -- CLI ------------------------------------------------------------------------------------------------------------
def test_users_cli(store: GraphStore, env_for_cli: dict[str, str], tmp_path: Path) -> None:
    from toolgraph.cli import main

    cli = CliRunner()
    secret = tmp_path / "pw"
    secret.write_text(PASSWORD + "\n")
    r = cli.invoke(main, ["users", "add", "carol", "--role", "admin", "--password-file", str(secret), "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["role"] == "admin"
    r = cli.invoke(main, ["users", "add", "dave", "--role", "editor"], input=f"{PASSWORD}\n{PASSWORD}\n")
    assert r.exit_code == 0 and "created editor dave" in r.output
    [user] = [u for u in labels(store, "User") if u["name"] == "carol"]
    assert user["password_hash"].startswith("scrypt:") and PASSWORD not in json.dumps(user)
    listed = json.loads(cli.invoke(main, ["users", "list", "--json"]).stdout)
    assert [u["name"] for u in listed] == ["carol", "dave"] and "password_hash" not in listed[0]
    for args, message in [(["users", "add", "carol", "--role", "admin", "--password-file", str(secret)], "exists"),
                          (["users", "add", "bad name", "--role", "admin", "--password-file", str(secret)], "user name"),
                          (["users", "delete", "nobody"], "no user")]:
        r = cli.invoke(main, args)
        assert r.exit_code == 1 and message in r.output
    short = tmp_path / "short"
    short.write_text("abc")
    r = cli.invoke(main, ["users", "add", "erin", "--role", "editor", "--password-file", str(short)])
    assert r.exit_code == 1 and "8 to 1024 characters" in r.output
    assert cli.invoke(main, ["users", "add", "erin", "--role", "boss", "--password-file", str(secret)]).exit_code == 2
    assert cli.invoke(main, ["users", "delete", "dave"]).exit_code == 0
    assert [u["name"] for u in json.loads(cli.invoke(main, ["users", "list", "--json"]).stdout)] == ["carol"]


def test_serve_names_a_taken_port(store: GraphStore, env_for_cli: dict[str, str]) -> None:
    from toolgraph.cli import main

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        r = CliRunner().invoke(main, ["serve", "--port", str(taken.getsockname()[1])])
    assert r.exit_code == 1 and "cannot listen on 127.0.0.1" in r.output
    assert "--host" in CliRunner().invoke(main, ["serve", "--help"]).output


# -- the code itself ------------------------------------------------------------------------------------------------
WEB = Path(__file__).resolve().parent.parent / "web"


def test_web_uses_only_named_queries_that_exist() -> None:
    from toolgraph.db.cypher import default_catalog

    used: set[str] = set()
    for path in WEB.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        used.update(re.findall(r"""\.(?:query|run)\(\s*["']([a-z_]+)["']""", text))
        used.update(re.findall(r"""["'](set_[a-z_]+_edge)["']""", text))
        assert not re.search(r"""["']\s*(MATCH|MERGE|UNWIND|CREATE)\s*\(""", text), path.name
    assert len(used) > 15
    assert sorted(n for n in used if n not in default_catalog()) == []


def test_templates_never_disable_escaping() -> None:
    for path in (WEB / "templates").rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        assert "|safe" not in text and "autoescape false" not in text, path.name
