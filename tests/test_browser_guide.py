"""The analyst's path on the real server: docs/browser-guide.md walked on Neo4j, every Cypher block of it run in
order on the sample graph with the procedures installed, and what the guide says each step shows checked."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.conftest import ROOT, SAMPLE
from tests.helpers import hand_typed
from toolgraph.db.cypher import split_statements
from toolgraph.db.store import GraphStore

GUIDE = ROOT / "docs" / "browser-guide.md"
BLOCK = re.compile(r"^## (?P<section>[^\n]+)|^```cypher\n(?P<code>.*?)^```", re.M | re.S)
CREDITS, SEARCH = "movies/tmdb/get_movie_movie_id_credits", "movies/tmdb/get_search_movie"


def guide_statements() -> list[tuple[str, str]]:
    """(section, statement) for every statement of every ```cypher block, in the guide's order."""
    out, section = [], ""
    for match in BLOCK.finditer(GUIDE.read_text(encoding="utf-8")):
        if match.group("section"):
            section = match.group("section").strip()
            continue
        out.extend((section, s) for s in split_statements(match.group("code")) if s.strip())
    return out


def test_the_guide_has_cypher_for_every_step() -> None:
    sections = {section for section, _ in guide_statements()}
    assert len(guide_statements()) >= 10
    assert {s.split(".", 1)[0] for s in sections} == {"1", "2", "3", "4", "5"}


@pytest.mark.neo4j
def test_every_cypher_block_of_the_browser_guide_runs_on_neo4j(neo4j_store: GraphStore) -> None:
    from gds_jobs import JOBS, run_jobs
    from toolgraph.db.procedures import install
    from toolgraph.demo import run_demo
    from toolgraph.embeddings.flag import FlagEmbedder
    from toolgraph.retrieve.embed import embed_tools

    # what the guide assumes: the sample imported (`toolgraph demo`), embedded, and the procedures installed
    run_demo(neo4j_store, SAMPLE)
    embed_tools(neo4j_store, FlagEmbedder())
    install(neo4j_store)
    results: dict[str, list[list[dict[str, Any]]]] = {}
    for section, statement in guide_statements():
        if section.startswith("5."):  # the guide re-runs the weights from a shell first
            if section not in results:
                runs = run_jobs(neo4j_store, JOBS, ["importance", "communities", "substitutes"])
                assert {r["backend"] for r in runs} == {"gds"}  # auto picks GDS on this server
        results.setdefault(section, []).append(hand_typed(neo4j_store, statement))
    find, around, chains, correct, weights = (results[k] for k in sorted(results))
    hits = find[0]
    assert hits and CREDITS in [h["id"] for h in hits] and all(h["score"] > 0 for h in hits)
    providers, neighbours, drawn = around
    assert providers and neighbours and drawn
    assert {r["t"]["id"] for r in neighbours} and all(1 <= r["hops"] <= 2 for r in neighbours)
    chain, path, following = chains
    assert chain[-1] == {"id": CREDITS, "depth": 0}
    assert path and path[0]["tools"][0] == SEARCH and path[0]["tools"][-1] == CREDITS
    assert following and all(r["after"] == [SEARCH] for r in following)
    added, _removed = correct
    assert added == [{"a.id": SEARCH, "type(r)": "STRONG_RESOURCE", "r.resource": "movie_id", "r.weight": 1.0,
                      "b.id": CREDITS}]
    # "Check it took": providers lists the analyst's edge first, and the chain starts with get_search_movie
    first = neo4j_store.query("providers", toolId=CREDITS)[0]
    assert (first["provider"], first["type"], first["weight"]) == (SEARCH, "STRONG_RESOURCE", 1.0)
    assert neo4j_store.query("chain", toolId=CREDITS)[0]["id"] == SEARCH
    ranked, job_runs = weights
    assert len(ranked) == 20 and ranked[0]["t.importance"] == 1.0
    assert [r["t.importance"] for r in ranked] == sorted((r["t.importance"] for r in ranked), reverse=True)
    assert {r["j.backend"] for r in job_runs[:3]} == {"gds"}
