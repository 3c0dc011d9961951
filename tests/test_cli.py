"""The command line, run in-process against the session's embedded server."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.conftest import SAMPLE, free_port
from tests.helpers import api, queries_file, write_json
from toolgraph.cli import main
from toolgraph.db.store import GraphStore


@pytest.fixture
def cli(store: GraphStore, env_for_cli: dict[str, str]) -> CliRunner:
    return CliRunner()


def run_json(cli: CliRunner, *args: str) -> dict:
    result = cli.invoke(main, [*args, "--json"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_help_lists_the_commands() -> None:
    result = CliRunner().invoke(main, ["--help"])
    assert result.exit_code == 0
    for command in ("db", "import", "stats", "queries", "demo", "weights"):
        assert command in result.output
    sub = CliRunner().invoke(main, ["import", "--help"])
    for command in ("toolbench", "paths", "openapi", "restbench", "taskbench"):
        assert command in sub.output


def test_db_status_reports_the_running_embedded_server(cli: CliRunner, env_for_cli: dict[str, str]) -> None:
    data = run_json(cli, "db", "status")
    assert data["running"] is True and data["ready"] is True
    assert data["bolt_uri"] == f"bolt://127.0.0.1:{env_for_cli['TOOLGRAPH_EMBEDDED_BOLT_PORT']}"
    assert data["backend"] == "arcadedb" and data["gds"] is None
    human = cli.invoke(main, ["db", "status"])
    assert "running: True" in human.output


def test_import_then_stats(cli: CliRunner, tmp_path: Path) -> None:
    report = run_json(cli, "import", "toolbench", str(queries_file(tmp_path / "q.json")))
    assert report["written"] and report["tools"]["created"] == 3
    again = cli.invoke(main, ["import", "toolbench", str(tmp_path / "q.json")])
    assert again.exit_code == 0 and "tools                 0        0          3" in again.output
    stats = run_json(cli, "stats")
    assert stats["nodes"] == {"Category": 2, "Tool": 3, "ToolGroup": 2}
    assert stats["relationships"] == {"HAS_GROUP": 2, "HAS_TOOL": 3}
    weather = next(c for c in stats["categories"] if c["category"] == "Weather")
    assert weather == {"category": "Weather", "groups": 1, "tools": 2, "dependencies": 0}


def test_rejected_import_exits_2_naming_the_problem(cli: CliRunner, tmp_path: Path) -> None:
    bad = write_json(tmp_path / "bad.json", [{"query_id": 5, "api_list": [{"category_name": "A", "tool_name": "T"}]}])
    result = cli.invoke(main, ["import", "toolbench", str(bad)])
    assert result.exit_code == 2
    assert f"{bad}: [0] query_id=5 api_list[0]: api_name: missing or empty" in result.stderr
    assert "nothing was written" in result.stderr
    as_json = cli.invoke(main, ["import", "toolbench", str(bad), "--json"])
    assert as_json.exit_code == 2
    assert json.loads(as_json.stdout)["rejected"][0]["field"] == "api_name"
    assert run_json(cli, "stats")["nodes"] == {}


def test_skip_invalid_and_dry_run_flags(cli: CliRunner, tmp_path: Path) -> None:
    mixed = write_json(tmp_path / "m.json", [{"query_id": 5, "api_list": [
        api("A", "T", "ok"), {"category_name": "A", "tool_name": "T"}]}])
    dry = run_json(cli, "import", "toolbench", str(mixed), "--skip-invalid", "--dry-run")
    assert dry["dry_run"] and not dry["written"] and dry["tools"]["created"] == 1
    assert run_json(cli, "stats")["nodes"] == {}
    real = run_json(cli, "import", "toolbench", str(mixed), "--skip-invalid")
    assert real["written"] and len(real["rejected"]) == 1
    assert run_json(cli, "stats")["nodes"]["Tool"] == 1


def test_missing_input_file_is_one_line_error(cli: CliRunner, tmp_path: Path) -> None:
    result = cli.invoke(main, ["import", "paths", str(tmp_path / "nope.jsonl")])
    assert result.exit_code == 2
    assert result.stderr.strip() == f"error: {tmp_path / 'nope.jsonl'}: no such file or folder"


def test_queries_listing_and_check(cli: CliRunner) -> None:
    rows = json.loads(cli.invoke(main, ["queries", "--check", "--json"]).stdout)
    names = {r["name"] for r in rows}
    assert {"merge_tools", "count_by_category", "create_call_paths"} <= names
    assert all(r["explain"] == "ok" for r in rows)


def test_reset_needs_yes(cli: CliRunner, tmp_path: Path) -> None:
    run_json(cli, "import", "toolbench", str(queries_file(tmp_path / "q.json")))
    refused = cli.invoke(main, ["db", "reset"])
    assert refused.exit_code == 1 and "without --yes" in refused.stderr
    assert run_json(cli, "db", "reset", "--yes")["deleted_nodes"] == 7
    assert run_json(cli, "stats")["nodes"] == {}


def test_demo_imports_the_bundled_sample(cli: CliRunner) -> None:
    data = run_json(cli, "demo")
    names = [step["name"] for step in data["imports"]]
    assert names == ["toolbench tools", "toolbench call paths", "user traces (JSON lines)",
                     "restbench TMDB + gold paths", "taskbench huggingface graph"]
    restbench = data["imports"][3]["report"]
    assert [p["record"] for p in restbench["rejected"]] == ["[98]"]
    assert all(not step["report"]["rejected"] for i, step in enumerate(data["imports"]) if i != 3)
    nodes = data["stats"]["nodes"]
    queries = sum(len(json.loads(p.read_text())) for p in (SAMPLE / "toolbench" / "queries").glob("*.json"))
    assert queries == 60 and nodes["Tool"] > 400 and nodes["CallPath"] >= 140
    assert data["imports"][4]["report"]["dependencies"]["created"] == 225  # TaskBench's typed links
    assert data["stats"]["relationships"]["WEAK_RESOURCE"] > 225  # plus those the resources job found
    assert data["stats"]["transitions"] > 100 and data["stats"]["top_transitions"]
    assert [r["job"] for r in data["weights"]] == ["transition", "availability", "resources", "importance",
                                                   "substitutes", "communities"]
    assert data["most_important"][0]["importance"] == 1.0
    assert data["stats"]["relationships"]["STRONG_RESOURCE"] > 0 and data["stats"]["relationships"]["SIMILAR_TO"] > 0
    plan = data["plan"]  # the sample request, planned by the graph-only policy (no LLM configured)
    assert plan["policy"] == "graph" and plan["tools"] and plan["levels"] and nodes["Run"] == 1
    # The cast needs a movie id: the search that provides it runs first (several tools give movie ids: a weak edge).
    assert plan["levels"] == [["movies/tmdb/get_search_movie"], ["movies/tmdb/get_movie_movie_id_credits"]]
    assert [(e["type"], e["resource"]) for e in plan["edges"]] == [("WEAK_RESOURCE", "movie_id")]
    second = run_json(cli, "demo")  # the main job may be run again: nothing changes but the new runs
    # ... and the request executed on the local TMDB-shaped service: the cast and crew, each run one call path
    run = data["run"]
    assert run["status"] == "success" and [c["status"] for c in run["calls"]] == ["ok", "ok"]
    assert "Leonardo DiCaprio" in run["answer"]["text"] and "James Cameron" in run["answer"]["text"]
    assert second["stats"]["nodes"] == {**nodes, "JobRun": 2 * nodes["JobRun"], "Run": 2,
                                        "CallPath": nodes["CallPath"] + 1}
    skip = ("USED", "REMEMBERS", "STEP")
    relationships = {k: v for k, v in data["stats"]["relationships"].items() if k not in skip}
    assert {k: v for k, v in second["stats"]["relationships"].items() if k not in skip} == relationships
    assert any(s["kind"] == "memory" for s in second["plan"]["trace"])  # the first run's plan is remembered
    assert all(step["report"]["tools"]["created"] == 0 for step in second["imports"])


def test_dead_neo4j_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    port = free_port()
    monkeypatch.setenv("TOOLGRAPH_NEO4J_URI", f"bolt://127.0.0.1:{port}")
    result = CliRunner().invoke(main, ["stats"])
    assert result.exit_code == 1
    assert f"error: the graph database at bolt://127.0.0.1:{port} is unreachable" in result.stderr


def test_bad_setting_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TOOLGRAPH_EMBEDDED_HEAP", "a lot")
    result = CliRunner().invoke(main, ["db", "status"])
    assert result.exit_code != 0 and "heap must look like 512m or 2g" in result.output


def test_weights_commands(cli: CliRunner, tmp_path: Path) -> None:
    from tests.helpers import make_graph

    listing = run_json(cli, "weights", "list")
    assert [j["name"] for j in listing] == ["transition", "availability", "resources", "importance", "substitutes",
                                            "communities"]
    assert listing[0]["params"]["alpha"]["default"] == 0.5 and listing[0]["writes"] == ["SEQUENTIAL.weight"]
    traces = tmp_path / "t.jsonl"
    traces.write_text(json.dumps({"query": "q", "calls": ["c/g/a", "c/g/b"]}) + "\n")
    from toolgraph.config import Settings
    from toolgraph.db.store import open_store

    with open_store(Settings()) as store:
        make_graph(store, {"a": {}, "b": {}})
    run_json(cli, "import", "paths", str(traces))
    runs = run_json(cli, "weights", "run", "transition", "importance", "--param", "transition.alpha=0")
    assert [r["job"] for r in runs] == ["transition", "importance"]
    assert runs[0]["params"] == {"alpha": 0.0} and runs[0]["stats"] == {"edges_weighted": 1}
    history = run_json(cli, "weights", "history", "--job", "transition")
    assert history[0]["params"] == {"alpha": 0.0} and history[0]["id"] == runs[0]["id"]
    human = cli.invoke(main, ["weights", "run", "availability"])
    assert human.exit_code == 0 and "availability" in human.output and "tools_written 2" in human.output


@pytest.mark.parametrize(("args", "message"), [
    (["weights", "run", "nope"], "unknown job(s) nope"),
    (["weights", "run", "--param", "alpha=1"], "expected JOB.NAME=VALUE"),
    (["weights", "run", "--param", "transition.alpha=-2"], "transition: parameter alpha"),
    (["weights", "run", "--backend", "gds"], "has no GDS"),
])
def test_weights_bad_requests(cli: CliRunner, args: list[str], message: str) -> None:
    result = cli.invoke(main, args)
    assert result.exit_code == 1 and message in result.stderr


def test_demo_serve_ends_with_the_web_page(store: GraphStore, env_for_cli: dict[str, str]) -> None:
    """The main job as `make demo` runs it: the demo, then the web page with the sample plan's search tree."""
    import os
    import subprocess
    import sys
    import time
    import urllib.request

    port = free_port()
    env = {**os.environ, **env_for_cli}
    proc = subprocess.Popen([sys.executable, "-m", "toolgraph.cli", "demo", "--no-embed", "--serve", "--port",
                             str(port)], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        link = None
        deadline = time.monotonic() + 300
        assert proc.stdout is not None
        while time.monotonic() < deadline:
            line = proc.stdout.readline()
            assert line or proc.poll() is None, "the demo ended before serving the page"
            if "search tree: http://" in line:
                link = line.split("search tree: ")[1].strip()
            if "ToolGraph web page on" in line:
                break
        assert link and link.startswith(f"http://127.0.0.1:{port}/runs/run-")
        for _ in range(50):
            try:
                page = urllib.request.urlopen(link, timeout=10).read().decode()
                break
            except OSError:
                time.sleep(0.2)
        assert "Find the movie Titanic and show its cast and crew" in page and "Search tree" in page
    finally:
        proc.terminate()
        proc.wait(timeout=30)
