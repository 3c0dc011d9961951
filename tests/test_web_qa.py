"""The QA page (web/qa.py, web/routes/qa.py) through Flask's test client, against the real embedded server: a real
plan run by the real HTTP executor on the local TMDB-shaped service, and by the Python executor on the film tools."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.test_execute import import_tmdb
from toolgraph.config import ExecGroup, ExecSettings, Settings, WebSettings
from toolgraph.db.store import GraphStore
from toolgraph.errors import ToolCallError
from toolgraph.execute.demo_service import DemoService
from toolgraph.execute.python_tools import PythonExecutor
from toolgraph.execute.runner import load_tool
from toolgraph.ingest.batch import ImportBatch
from toolgraph.ingest.python_tools import read_python
from toolgraph.ingest.writer import write_batch
from web import create_app
from web.qa import QaJob, _Watched
from web.users import create_user

PASSWORD = "correct horse battery"
QUERY = "Find the movie Titanic and show its cast and crew"


@pytest.fixture
def tmdb() -> Iterator[DemoService]:
    with DemoService() as service:
        yield service


def make_app(store: GraphStore, tmp_path: Path, service: DemoService, **web: Any) -> Flask:
    exec_settings = ExecSettings(groups={"movies/tmdb": ExecGroup(base_url=service.url, allow_private=True)})
    settings = Settings(home=tmp_path, web=WebSettings(**web), exec=exec_settings)
    return create_app(settings, store=store, embedder=None, llm=None,
                      config={"TESTING": True, "SECRET_KEY": "test-secret"})


def csrf(client: FlaskClient) -> dict[str, str]:
    return {"X-CSRFToken": client.get("/api/session").get_json()["csrf_token"]}


def wait(client: FlaskClient, poll: str, seconds: float = 90) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    seen = set()
    while time.monotonic() < deadline:
        job = client.get(poll).get_json()
        seen.add(job["status"])
        if job["finished"]:
            job["seen"] = seen
            return job
        time.sleep(0.1)
    raise AssertionError(f"the question did not finish in {seconds} s: {job}")


def test_ask_watch_and_read_the_answer(store: GraphStore, tmp_path: Path, tmdb: DemoService) -> None:
    import_tmdb(store)
    client = make_app(store, tmp_path, tmdb).test_client()
    assert b'id="qa-form"' in client.get("/qa").data
    r = client.post("/api/qa", json={"query": QUERY}, headers=csrf(client))
    assert r.status_code == 202, r.get_json()
    job = wait(client, r.get_json()["poll"])
    assert job["status"] == "done", job
    assert job["plan"]["levels"] == [["movies/tmdb/get_search_movie"], ["movies/tmdb/get_movie_movie_id_credits"]]
    calls = {c["tool"]: c for c in job["calls"]}
    assert calls["movies/tmdb/get_search_movie"]["status"] == "ok"
    assert calls["movies/tmdb/get_movie_movie_id_credits"]["status"] == "ok"
    assert calls["movies/tmdb/get_search_movie"]["latency_ms"] > 0
    assert "Leonardo DiCaprio" in job["result"]["answer"]["text"]
    page = client.get(r.get_json()["url"])
    assert page.status_code == 200 and b"Leonardo DiCaprio" in page.data and b"qa.js" in page.data
    run_page = client.get(job["run_url"])  # the executed run opens in the path viewer, with its outcome
    assert run_page.status_code == 200 and b'id="run-answer"' in run_page.data and b"Leonardo DiCaprio" in run_page.data
    assert b"/qa?q=Find+the+movie+Titanic" in run_page.data  # ask again
    view = client.get(f"/api/runs/{job['plan']['id']}").get_json()
    assert view["execution"]["status"] == "success"
    assert view["execution"]["outcomes"] == {"movies/tmdb/get_search_movie": "ok",
                                             "movies/tmdb/get_movie_movie_id_credits": "ok"}
    assert {n["color"] for n in view["dag"]["nodes"]} == {"#2ca02c"}  # the DAG coloured by outcome


def test_the_form_redirects_to_the_answer_page(store: GraphStore, tmp_path: Path, tmdb: DemoService) -> None:
    import_tmdb(store)
    client = make_app(store, tmp_path, tmdb).test_client()
    client.get("/qa")
    with client.session_transaction() as sess:
        token = sess["csrf"]
    r = client.post("/qa", data={"query": QUERY, "csrf_token": token})
    assert r.status_code == 302 and "/qa/" in r.headers["Location"]
    job_id = r.headers["Location"].rsplit("/", 1)[1]
    assert wait(client, f"/api/qa/{job_id}")["status"] == "done"


def test_login_required_when_configured_and_bad_input(store: GraphStore, tmp_path: Path,
                                                      tmdb: DemoService) -> None:
    create_user(store, "ann", PASSWORD, "editor")
    client = make_app(store, tmp_path, tmdb, login_to_plan=True).test_client()
    r = client.post("/api/qa", json={"query": QUERY}, headers=csrf(client))
    assert r.status_code == 401 and r.get_json()["field"] == "login"
    headers = csrf(client)
    r = client.post("/api/login", json={"name": "ann", "password": PASSWORD}, headers=headers)
    headers = {"X-CSRFToken": r.get_json()["csrf_token"]}
    r = client.post("/api/qa", json={"query": "  "}, headers=headers)
    assert r.status_code == 400 and r.get_json()["field"] == "query"
    assert client.post("/api/qa", json={"query": QUERY}).status_code == 400  # no CSRF token
    assert client.get("/api/qa/nope").status_code == 404
    r = client.post("/api/qa", json={"query": "Show the weather in Paris"}, headers=headers)
    assert r.status_code == 202  # a graph with no tools for it: the job ends with a message, not a hang
    job = wait(client, r.get_json()["poll"])
    assert job["status"] == "failed" and job["error"]


def test_tools_that_change_data_need_an_editor(store: GraphStore) -> None:
    write_batch(store, read_python("toolgraph.examples.films:Watchlist", ImportBatch("python")))
    add = load_tool(store, "python/toolgraph_examples_films_watchlist/add")
    assert add is not None and add.mutating

    async def call(may_mutate: bool) -> tuple[Any, QaJob]:
        job = QaJob(id="j", query="q", user=None, may_mutate=may_mutate)
        watched = _Watched(PythonExecutor(), job)
        try:
            return await watched.call(add, {"movie_id": 597}, timeout_s=5), job
        except ToolCallError as exc:
            return exc, job

    refused, job = asyncio.run(call(False))
    assert isinstance(refused, ToolCallError) and "log in as an editor" in str(refused)
    assert job.calls[add.id]["status"] == "failed"
    done, job = asyncio.run(call(True))
    assert done.value == [597] and job.calls[add.id]["status"] == "ok"


def test_a_plan_that_changes_data_is_refused_before_any_call(store: GraphStore, tmp_path: Path,
                                                              tmdb: DemoService) -> None:
    write_batch(store, read_python("toolgraph.examples.films:Watchlist", ImportBatch("python")))
    create_user(store, "ann", PASSWORD, "editor")
    client = make_app(store, tmp_path, tmdb).test_client()
    query = "Add the film 597 to my watchlist"
    r = client.post("/api/qa", json={"query": query}, headers=csrf(client))
    job = wait(client, r.get_json()["poll"])
    assert job["status"] == "refused" and "log in as an editor" in job["error"], job
    assert all(c["status"] == "waiting" for c in job["calls"])  # nothing ran
    headers = csrf(client)
    r = client.post("/api/login", json={"name": "ann", "password": PASSWORD}, headers=headers)
    r = client.post("/api/qa", json={"query": query}, headers={"X-CSRFToken": r.get_json()["csrf_token"]})
    job = wait(client, r.get_json()["poll"])
    assert job["status"] == "done" and job["user"] == "ann", job
    assert {c["tool"]: c["status"] for c in job["calls"]}["python/toolgraph_examples_films_watchlist/add"] == "ok"
