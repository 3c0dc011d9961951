"""End to end in headless Chromium: the real app on a real port over the real embedded server. Opens the
explorer, searches, opens a neighbourhood, logs in, adds a dependency (then checks the edge is in the database),
adds a tool, and runs the planner; a screenshot of each page is kept under ``test-artifacts/`` (or
``$TOOLGRAPH_TEST_ARTIFACTS``). The browser may reach nothing but the app: every other request fails the test.

Chromium comes from the system (``apt-get install chromium``; ``make test`` installs it), driven by the
``playwright`` package's own driver; set ``TOOLGRAPH_CHROMIUM`` to use another binary.
"""

from __future__ import annotations

import os
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from gds_jobs import JOBS, run_jobs
from tests.conftest import ROOT, SAMPLE
from toolgraph.config import Settings
from toolgraph.db.store import GraphStore
from web import create_app
from web.users import create_user

CHROMIUM = os.environ.get("TOOLGRAPH_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--no-first-run", "--disable-dev-shm-usage"]
PASSWORD = "e2e password 123"

playwright_api = pytest.importorskip("playwright.sync_api", reason="pip install playwright (the dev extra)")
if not Path(CHROMIUM).exists():  # pragma: no cover - make test installs it
    pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium, or set TOOLGRAPH_CHROMIUM)",
                allow_module_level=True)


@pytest.fixture
def artifacts() -> Path:
    folder = Path(os.environ.get("TOOLGRAPH_TEST_ARTIFACTS") or ROOT / "test-artifacts") / "web"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture
def live(store: GraphStore, tmp_path: Path) -> Iterator[str]:
    """The TMDB sample with weights and an editor, served by the app on a free port."""
    from werkzeug.serving import make_server

    from toolgraph.ingest.batch import ImportBatch
    from toolgraph.ingest.openapi import read_restbench
    from toolgraph.ingest.writer import write_batch

    batch = read_restbench(SAMPLE / "restbench" / "tmdb.json", SAMPLE / "restbench" / "tmdb_oas.json",
                           ImportBatch("restbench"), group="TMDB", category="Movies")
    write_batch(store, batch, skip_invalid=True)
    run_jobs(store, JOBS, ["transition", "availability", "resources", "importance", "communities"])
    create_user(store, "ann", PASSWORD, "editor")
    app = create_app(Settings(home=tmp_path), store=store, embedder=None, llm=None,
                     config={"SECRET_KEY": "e2e-secret"})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(10)


def test_explore_search_login_and_edit_in_chromium(live: str, store: GraphStore, artifacts: Path,
                                                   tmp_path: Path) -> None:
    foreign: list[str] = []
    problems: list[str] = []
    with playwright_api.sync_playwright() as pw:
        browser = pw.chromium.launch_persistent_context(
            str(tmp_path / "chromium-profile"), executable_path=CHROMIUM, headless=True, args=FLAGS,
            viewport={"width": 1500, "height": 950})
        try:
            page = browser.new_page()
            page.set_default_timeout(30_000)

            def guard(route: object) -> None:
                url = route.request.url  # type: ignore[attr-defined]
                if urlsplit(url).netloc != urlsplit(live).netloc:
                    foreign.append(url)
                    route.abort()  # type: ignore[attr-defined]
                else:
                    route.continue_()  # type: ignore[attr-defined]

            page.route("**/*", guard)
            page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
            page.on("pageerror", lambda e: problems.append(f"page error: {e}"))

            # 1. the explorer, and a search
            page.goto(f"{live}/explorer")
            page.screenshot(path=str(artifacts / "01-explorer.png"), full_page=True)
            page.fill("#search-q", "credits")
            page.click("#search-submit")
            page.wait_for_selector("#hits li a.hit")
            assert "Get Credits" in page.inner_text("#hits")
            page.screenshot(path=str(artifacts / "02-search.png"), full_page=True)

            # 2. a neighbourhood, drawn by vis-network from pyvis's data
            page.click("#hits li a.hit >> nth=0")
            page.wait_for_selector("#hood-graph[data-drawn]")
            assert page.locator("#hood-graph canvas").count() == 1
            assert int(page.get_attribute("#hood-graph", "data-drawn") or 0) > 1
            centre = page.inner_text("#tool-name")
            page.select_option("#filter-k", "2")
            page.click("#filter-submit")
            page.wait_for_selector("#hood-graph[data-drawn]")
            assert "within 2 hop(s)" in page.inner_text("#hood-summary")
            page.screenshot(path=str(artifacts / "03-neighbourhood.png"), full_page=True)
            tool_id = page.url.split("id=")[1].split("&")[0].replace("%2F", "/")

            # 3. log in from the page, and come back to it
            page.click("#login-link")
            page.fill("#login-name", "ann")
            page.fill("#login-password", PASSWORD)
            page.screenshot(path=str(artifacts / "04-login.png"), full_page=True)
            page.click("#login-submit")
            page.wait_for_selector("#who")
            assert page.inner_text("#who") == "ann (editor)" and page.inner_text("#tool-name") == centre

            # 4. add a dependency in the editor; it is in the database
            page.click("#edit-link")
            page.fill("#add-target", "movies/tmdb/get_person_person_id")
            page.select_option("#add-type", "WEAK_RESOURCE")
            page.fill("#add-resource", "cast_member")
            page.fill("#add-weight", "0.42")
            page.click("#add-submit")
            page.wait_for_selector(".flash.ok")
            assert "added WEAK_RESOURCE (cast_member)" in page.inner_text(".flash.ok")
            page.screenshot(path=str(artifacts / "05-editor.png"), full_page=True)
            [edge] = store.query("get_dependency", source=tool_id, target="movies/tmdb/get_person_person_id",
                                 type="WEAK_RESOURCE", resource="cast_member")
            assert edge["props"]["weight"] == 0.42 and edge["props"]["source"] == "analyst"
            assert edge["props"]["edited_by"] == "ann"

            # 5. add a tool in the registry
            page.goto(f"{live}/registry")
            page.fill("input[name=category]", "Movies")
            page.fill("input[name=group]", "Box Office")
            page.fill("input[name=name]", "Weekend Gross")
            page.fill("textarea[name=description]", "Box office takings of a movie <b>this weekend</b>")
            page.fill("textarea[name=required_params]", '[{"name": "movie_id", "type": "integer"}]')
            page.screenshot(path=str(artifacts / "06-registry.png"), full_page=True)
            page.click("#tool-submit")
            page.wait_for_selector("#tool-name")
            assert page.inner_text("#tool-name") == "Weekend Gross"
            assert store.query("find_tool_ids", ids=["movies/box_office/weekend_gross"])

            # 6. the path viewer: run the planner and see its search tree and tool DAG
            page.goto(f"{live}/runs")
            page.fill("#plan-query", "Find the movie Titanic, then show its cast and crew")
            page.click("#plan-submit")
            page.wait_for_selector("#tree-graph[data-drawn]")
            page.wait_for_selector("#dag-graph[data-drawn]")
            assert page.inner_text("#run-status") in ("success", "partial", "failure")
            assert page.locator("#steps tr").count() > 2
            page.screenshot(path=str(artifacts / "07-run.png"), full_page=True)
            page.goto(f"{live}/runs")
            assert "Titanic" in page.inner_text("#runs")
            page.screenshot(path=str(artifacts / "08-runs.png"), full_page=True)
        finally:
            browser.close()
    assert foreign == [], f"the pages asked for other hosts: {foreign}"
    assert problems == [], problems
