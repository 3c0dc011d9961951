"""Running plans end to end: the restbench TMDB tools imported for real, the plan made by the planner, the calls
made by the real HTTP executor against the local TMDB-shaped service, learning written to the real graph."""

from __future__ import annotations

import json

import pytest

from tests.conftest import ON_BOTH_BACKENDS, SAMPLE
from toolgraph.config import ExecGroup
from toolgraph.execute import RunConfig, run_request
from toolgraph.execute.demo_service import DemoService
from toolgraph.execute.http import HttpExecutor
from toolgraph.ingest.batch import ImportBatch
from toolgraph.ingest.openapi import read_restbench
from toolgraph.ingest.writer import write_batch

QUERY = "Find the movie Titanic and show its cast and crew"


def import_tmdb(store) -> None:
    batch = read_restbench(SAMPLE / "restbench" / "tmdb.json", SAMPLE / "restbench" / "tmdb_oas.json",
                           ImportBatch("t"), group="TMDB", category="Movies")
    write_batch(store, batch, skip_invalid=True)
    from gds_jobs import JOBS, run_jobs

    run_jobs(store, JOBS)


@pytest.fixture
def tmdb():
    with DemoService() as service:
        yield service


def executors(service: DemoService) -> list[HttpExecutor]:
    return [HttpExecutor({"movies/tmdb": ExecGroup(base_url=service.url, allow_private=True)})]


@ON_BOTH_BACKENDS
def test_titanic_cast_and_crew_end_to_end_without_llm(store, tmdb) -> None:
    import_tmdb(store)
    result = run_request(store, QUERY, executors=executors(tmdb), config=RunConfig(run_timeout_s=30))
    tools = [c.tool for c in result.calls]
    assert tools == ["movies/tmdb/get_search_movie", "movies/tmdb/get_movie_movie_id_credits"]
    search, credits = result.calls
    assert search.arguments == {"query": "Titanic"} and search.bound_from["query"] == "request (name)"
    assert credits.arguments == {"movie_id": 597}
    assert credits.bound_from["movie_id"].startswith("c1:results[0].id")
    assert result.status == "success" and result.levels == [["c1"], ["c2"]], result.reasons
    assert "Leonardo DiCaprio" in result.answer.text and "James Cameron" in result.answer.text
    assert len(json.dumps(credits.result)) <= 1024
    # learning: counts, the run with its calls, the call path, memories
    row = store.query("tool_details", id="movies/tmdb/get_movie_movie_id_credits")[0]
    assert (row["exec_ok"], row["exec_failed"]) == (1, 0)
    run = store.query("get_run", id=result.id)
    assert run and run[0]["status"] in ("success", "partial")
    assert result.learned["call_path"] == f"execution/{result.id}"
    assert result.learned["memories"]


def test_cli_run_json_and_tools_call(store, tmdb, env_for_cli, monkeypatch) -> None:
    from click.testing import CliRunner

    from toolgraph.cli import main

    import_tmdb(store)
    monkeypatch.setenv("TOOLGRAPH_EXEC_GROUPS", json.dumps(
        {"TMDB": {"base_url": tmdb.url, "allow_private": True, "headers": {"Authorization": "Bearer s3cret"}}}))
    cli = CliRunner()
    out = cli.invoke(main, ["run", QUERY, "--no-llm", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["status"] == "success" and [c["status"] for c in data["calls"]] == ["ok", "ok"]
    assert "Kate Winslet" in data["answer"]["text"] and "s3cret" not in out.output
    human = cli.invoke(main, ["run", QUERY, "--no-llm", "--trace"])
    assert human.exit_code == 0 and "execution levels" in human.output and "[c2]" in human.output
    call = cli.invoke(main, ["tools", "call", "movies/tmdb/get_person_person_id", "--arg", "person_id=2710", "--json"])
    assert call.exit_code == 0, call.output
    assert json.loads(call.output)["value"]["name"] == "James Cameron"
    bad = cli.invoke(main, ["tools", "call", "movies/tmdb/get_person_person_id", "--arg", "person_id=abc"])
    assert bad.exit_code != 0 and "parameter person_id" in bad.output
    unknown = cli.invoke(main, ["tools", "call", "movies/tmdb/nope"])
    assert unknown.exit_code != 0 and "no tool 'movies/tmdb/nope'" in unknown.output
