"""Neo4j Browser, served by the project's Neo4j (the ``neo4j-browser`` jar from Maven Central on its classpath),
driven in headless Chromium: log in over Bolt on loopback, run the guide's graph-view query (docs/browser-guide.md,
section 2) on the TMDB sample with the procedures installed, check Browser draws every tool the query returns, and
keep a screenshot of the result under ``test-artifacts/neo4j-browser/`` (and at ``$TOOLGRAPH_BROWSER_SCREENSHOT``
when set: ``make browser-screenshot`` refreshes docs/img/neo4j-browser-guide-query.png). Browser may reach nothing
but the server: its other requests (web fonts) are refused.
"""

from __future__ import annotations

import os
import re
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from tests.conftest import ROOT, SAMPLE
from tests.helpers import hand_typed
from tests.test_browser_guide import guide_statements
from tests.test_web_e2e import CHROMIUM, FLAGS, playwright_api
from toolgraph.db.store import GraphStore

pytestmark = pytest.mark.neo4j
SCREENSHOT = "neo4j-browser-guide-query.png"


def guide_graph_query() -> str:
    """The guide's query that draws a tool's neighbourhood with its edges (Browser's graph view)."""
    drawn = [s for section, s in guide_statements() if section.startswith("2.") and s.rstrip().endswith("a, r, b")]
    assert len(drawn) == 1, drawn
    return drawn[0]


def test_a_guide_query_drawn_in_neo4j_browser(neo4j_store: GraphStore, neo4j_connection: dict[str, str],
                                              tmp_path: Path) -> None:
    from gds_jobs import JOBS, run_jobs
    from toolgraph.db.procedures import install
    from toolgraph.ingest.batch import ImportBatch
    from toolgraph.ingest.openapi import read_restbench
    from toolgraph.ingest.writer import write_batch

    http = neo4j_connection.get("http_uri")
    if not http:
        pytest.skip("no HTTP address for this Neo4j: set TOOLGRAPH_TEST_NEO4J_HTTP_URI")
    with urllib.request.urlopen(f"{http}/browser/", timeout=30) as resp:  # noqa: S310 - the test's own server
        assert resp.status == 200 and b"<title>Neo4j Browser</title>" in resp.read()
    # what the guide assumes: the TMDB tools with their weights, and the procedures installed
    batch = read_restbench(SAMPLE / "restbench" / "tmdb.json", SAMPLE / "restbench" / "tmdb_oas.json",
                           ImportBatch("restbench"), group="TMDB", category="Movies")
    write_batch(neo4j_store, batch, skip_invalid=True)
    run_jobs(neo4j_store, JOBS)
    neo4j_store.ensure_fulltext_index("Tool", "search_text")  # custom.toolgraph.search's (install waits for all)
    install(neo4j_store)
    query = guide_graph_query()
    tools = {row[end]["id"] for row in hand_typed(neo4j_store, query) for end in ("a", "b")}
    assert len(tools) > 5

    def guard(route: playwright_api.Route) -> None:
        local = urllib.parse.urlsplit(route.request.url).hostname in ("127.0.0.1", "localhost")
        route.continue_() if local else route.abort()

    with playwright_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        try:
            page = browser.new_page(viewport={"width": 1500, "height": 950})
            page.route("**/*", guard)
            page.goto(f"{http}/browser/?dbms={neo4j_connection['uri']}")
            page.locator("[data-testid=username]").fill(neo4j_connection["user"])
            page.locator("[data-testid=password]").fill(neo4j_connection["password"])
            page.locator("[data-testid=connect]").click()
            page.get_by_text("You are connected").first.wait_for(timeout=60_000)
            page.locator(".monaco-editor").first.click()
            page.keyboard.insert_text(query)
            page.keyboard.press("Control+Enter")
            frame = page.locator("[data-testid=frame]").filter(has_text="custom.toolgraph.neighbours").first
            frame.get_by_text(re.compile(r"Displaying \d+ nodes")).wait_for(timeout=120_000)
            shown = re.search(r"Displaying (\d+) nodes", frame.inner_text())
            assert shown and int(shown.group(1)) == len(tools)
            nodes = frame.locator("svg g.node")  # (the text can come before the drawing: wait for the last node)
            nodes.nth(len(tools) - 1).wait_for(state="attached", timeout=60_000)
            assert nodes.count() == len(tools)
            page.wait_for_timeout(2000)  # the force layout settles
            folder = Path(os.environ.get("TOOLGRAPH_TEST_ARTIFACTS") or ROOT / "test-artifacts") / "neo4j-browser"
            folder.mkdir(parents=True, exist_ok=True)
            frame.screenshot(path=str(folder / SCREENSHOT))
            if os.environ.get("TOOLGRAPH_BROWSER_SCREENSHOT"):
                frame.screenshot(path=os.environ["TOOLGRAPH_BROWSER_SCREENSHOT"])
        finally:
            browser.close()
    assert (folder / SCREENSHOT).stat().st_size > 10_000
