"""The planner's graph reads kept across plans (the resident runtime's cache): the same plans as without it, fewer
queries, and dropped when a ToolGraph process writes the graph (the write mark), but not for a run's record."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import make_graph
from tests.planner_helpers import CREDITS, QUERY, SEARCH, movie_graph, planner_config
from toolgraph.db.store import UNMARKED_WRITES, GraphStore, mark_written, read_mark
from toolgraph.planner import plan_request
from toolgraph.planner.graph import _shared_reads, keep_reads

PLANNER_READS = ("planner_tools", "planner_neighbours", "planner_inputs", "planner_flow", "planner_out_edges")


@pytest.fixture()
def marked(store: GraphStore, tmp_path: Path) -> Any:
    """``store`` with the write mark of open_store (in a temporary home) and kept planner reads."""
    mark = tmp_path / "graph-written"
    hook = lambda names: None if names and set(names) <= UNMARKED_WRITES else mark_written(mark)  # noqa: E731
    store.on_write.append(hook)
    reads = keep_reads(store, lambda: read_mark(mark))
    yield reads
    store.on_write.remove(hook)
    _shared_reads.pop(store, None)


def counted(store: GraphStore, monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    calls: Counter[str] = Counter()
    query = store.query

    def counting(name: str, /, **params: Any) -> Any:
        calls[name] += 1
        return query(name, **params)

    monkeypatch.setattr(store, "query", counting)
    return calls


def plan_view(plan: Any) -> Any:
    return ([r.tools for r in plan.subtasks], plan.levels, [(e.source, e.target, e.type, e.resource) for e in plan.edges],
            [(s.kind, s.tool, [c.id for c in s.candidates]) for s in plan.trace])


def test_kept_reads_give_the_same_plans_with_fewer_queries(store: GraphStore, marked: Any,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    movie_graph(store)
    _shared_reads.pop(store, None)
    reference = plan_request(store, QUERY, save=False, config=planner_config())  # no kept reads
    reads = keep_reads(store, marked.stamp)
    calls = counted(store, monkeypatch)
    first = plan_request(store, QUERY, save=False, config=planner_config())
    cold = sum(calls[n] for n in PLANNER_READS)
    calls.clear()
    second = plan_request(store, QUERY, config=planner_config())  # saved: a run's record keeps the reads
    assert plan_view(first) == plan_view(second) == plan_view(reference)
    assert first.levels == [[SEARCH], [CREDITS]]
    assert cold > 0 and sum(calls[n] for n in PLANNER_READS) == 0 and reads.hits > 0
    calls.clear()
    third = plan_request(store, QUERY, save=False, config=planner_config())
    assert sum(calls[n] for n in PLANNER_READS) == 0 and plan_view(third) == plan_view(reference)


def test_a_write_drops_the_kept_reads(store: GraphStore, marked: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    movie_graph(store)
    before = plan_request(store, QUERY, save=False, config=planner_config())
    assert before.levels == [[SEARCH], [CREDITS]]
    # another tool now provides the movie id, more strongly than search_movie: a write, so the next plan reads again
    make_graph(store, {"find_film": {"name": "find_film", "description": "Find a movie by its title, returns "
                                     "movie ids (the best search for movies)", "required": ["title"]},
                       "movie_credits": {"name": "movie_credits", "description": "Get the cast and crew credits of a "
                                         "movie", "required": ["movie_id"]}},
               edges=[("find_film", "movie_credits", "STRONG_RESOURCE", {"resource": "movie_id", "weight": 1.0})])
    calls = counted(store, monkeypatch)
    after = plan_request(store, QUERY, save=False, config=planner_config())
    assert sum(calls[n] for n in PLANNER_READS) > 0
    _shared_reads.pop(store, None)
    assert plan_view(after) == plan_view(plan_request(store, QUERY, save=False, config=planner_config()))


# -- the search's kept reads (a long-lived server's catalog stamp and seed edges) ----------------------------------
@pytest.fixture(scope="module")
def embedder() -> Any:
    from toolgraph.embeddings.flag import FlagEmbedder

    return FlagEmbedder(threads=1)


def hits_view(hits: list[Any]) -> list[Any]:
    return [(h.id, h.score, h.why.model_dump()) for h in hits]


def test_search_keeps_its_reads_until_the_graph_is_written(store: GraphStore, tmp_path: Path, embedder: Any,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    from toolgraph.retrieve.embed import embed_tools
    from toolgraph.retrieve.search import Retriever

    movie_graph(store)
    embed_tools(store, embedder, reset=True)
    request = "find the movie Titanic and show its cast and crew"
    reference = Retriever(store, embedder).search(request, k=6, method="graph")  # no write mark: read each time
    mark = tmp_path / "graph-written"
    store.written_mark = mark
    hook = lambda names: mark_written(mark)  # noqa: E731
    store.on_write.append(hook)
    try:
        calls = counted(store, monkeypatch)
        first = Retriever(store, embedder).search(request, k=6, method="graph")
        assert calls["graph_edge_lists"] == 1 and calls["tool_catalog_stamp"] == 1  # every edge, read once
        assert calls["graph_expand_edges"] == 0
        calls.clear()
        second = Retriever(store, embedder).search(request, k=6, method="graph")
        assert hits_view(first) == hits_view(second) == hits_view(reference)
        assert calls["graph_edge_lists"] == 0 and calls["tool_catalog_stamp"] == 0
        # a write (an edge's weight changes through the importer) drops them: the next search reads again
        make_graph(store, {"search_movie": {"name": "search_movie", "description": "Search movies by title, returns "
                                            "movie ids", "required": ["query"]},
                           "movie_credits": {"name": "movie_credits", "description": "Get the cast and crew credits "
                                             "of a movie", "required": ["movie_id"]}},
                   edges=[("search_movie", "movie_credits", "SEQUENTIAL", {"weight": 0.9})])
        calls.clear()
        after = Retriever(store, embedder).search(request, k=6, method="graph")
        assert calls["graph_edge_lists"] == 1 and calls["tool_catalog_stamp"] == 1
        # a graph with more edges than are kept reads each search's seed edges, with the same hits
        monkeypatch.setattr("toolgraph.retrieve.search.MAX_KEPT_EDGES", 1)
        mark_written(mark)
        calls.clear()
        seed_by_seed = Retriever(store, embedder).search(request, k=6, method="graph")
        assert calls["graph_edge_lists"] == 1 and calls["graph_expand_edges"] == 1
        assert hits_view(seed_by_seed) == hits_view(after)
        store.written_mark = None
        assert hits_view(after) == hits_view(Retriever(store, embedder).search(request, k=6, method="graph"))
        assert hits_view(after) != hits_view(reference)  # the new SEQUENTIAL edge moved a score
    finally:
        store.written_mark = None
        store.on_write.remove(hook)


def test_concurrent_searches_after_a_write_share_one_read_of_the_edges(store: GraphStore, tmp_path: Path,
                                                                        embedder: Any,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    import time
    from concurrent.futures import ThreadPoolExecutor

    from toolgraph.retrieve.embed import embed_tools
    from toolgraph.retrieve.search import Retriever

    movie_graph(store)
    embed_tools(store, embedder, reset=True)
    request = "find the movie Titanic and show its cast and crew"
    reference = hits_view(Retriever(store, embedder).search(request, k=6, method="graph"))
    store.written_mark = tmp_path / "graph-written"
    mark_written(store.written_mark)
    try:
        calls = counted(store, monkeypatch)
        query = store.query

        def slow(name: str, /, **params: Any) -> Any:  # the other searches miss while the first read runs
            if name == "graph_edge_lists":
                time.sleep(0.5)
            return query(name, **params)

        monkeypatch.setattr(store, "query", slow)
        vector = embedder.embed_queries([request])[0]
        with ThreadPoolExecutor(4) as pool:
            found = list(pool.map(lambda _: hits_view(Retriever(store, embedder).search(
                request, k=6, method="graph", vector=vector)), range(4)))
        assert calls["graph_edge_lists"] == 1 and calls["graph_expand_edges"] == 0
        assert all(f == reference for f in found)
    finally:
        store.written_mark = None


def test_the_two_ends_of_a_route_are_places() -> None:
    from toolgraph.planner.chains import _route_ends
    from toolgraph.text.reading import read

    vocabulary = {"fare", "fares", "route", "routes", "sailing", "sailings", "adult", "scheduled"}
    for text, ends in [("what's the single fare from carrickmoor to inchbrae north for an adult",
                        {"carrickmoor", "inchbrae north"}),
                       ("how many inchbrae to carrickmoor sailings are still scheduled", {"inchbrae", "carrickmoor"}),
                       ("what's the fare for amara osei", set())]:
        assert _route_ends(text, read(text, vocabulary)) == ends
