"""``toolgraph eval run`` end to end: suites of three kinds (an OpenAPI spec served by a local stdlib service, a Python
module, the MCP fixture server) imported into scratch databases of the real embedded server, their requests run by
ToolGraph and the top-k baseline, scored, reported; the scripted LLM path; clear errors for bad suites."""

from __future__ import annotations

import json
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tests.conftest import FIXTURES
from tests.fake_llm import fake_llm
from toolgraph.cli import main

SUITES = FIXTURES / "eval"


def eval_run(*args: str) -> Any:
    return CliRunner().invoke(main, ["eval", "run", *args])


def by_query(method: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {r["query"]: r for r in method["requests"]}


def test_three_kinds_of_suite_are_scored_with_the_baseline_and_reported(store, env_for_cli, server,
                                                                        tmp_path: Path) -> None:
    report = tmp_path / "eval.md"
    out = eval_run(str(SUITES / "bookshop"), str(SUITES / "citytools"), str(SUITES / "filmfacts"), "--no-embed",
                   "--json", "--report", str(report))
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert set(data) >= {"suites", "overall", "errors", "settings", "report"} and data["errors"] == 0
    assert data["settings"]["learn"] is False and data["settings"]["llm"] is None
    assert all(r["learned"] is None for s in data["suites"] for m in s["methods"].values() for r in m["requests"])
    suites = {s["suite"]["name"]: s for s in data["suites"]}
    assert list(suites) == ["bookshop", "citytools", "filmfacts"]
    assert [suites[n]["suite"]["kind"] for n in suites] == ["openapi", "python", "mcp"]
    assert suites["bookshop"]["graph"]["tools"] == 3 and suites["citytools"]["graph"]["tools"] == 1
    for s in suites.values():
        assert set(s["methods"]) == {"toolgraph", "top3-keyword"}  # the baseline ran in the same graph

    # OpenAPI, served on a free port: one call, a two-call chain, and a request whose expected fact cannot be there
    books = by_query(suites["bookshop"]["methods"]["toolgraph"])
    dune = books["Search for the book Dune"]
    assert dune["pass"] and dune["correct_path"] and dune["path"] == ["GET /search/book"]
    chain = books["Show the user reviews of the book Neuromancer"]
    assert chain["pass"] and chain["correct_path"]
    assert chain["path"] == ["GET /search/book", "GET /book/{book_id}/reviews"] and chain["call_count"] == 2
    assert chain["planned_path"] and [t["label"] for t in chain["planned"]] == chain["path"]  # what was planned
    assert "Cyberpunk before the word existed" in chain["answer"]
    impossible = books["Search for the book Solaris"]
    assert impossible["status"] == "success" and not impossible["pass"] and impossible["correct_path"]
    assert impossible["missing"] == ["a zebra named Quentin"]
    assert impossible["reason"] == "answer lacks 'a zebra named Quentin'"
    summary = suites["bookshop"]["methods"]["toolgraph"]["summary"]
    assert (summary["requests"], summary["passed"], summary["correct_paths"], summary["planned_paths"]) == (3, 2, 3, 3)
    assert summary["pass_rate"] == round(2 / 3, 4) and summary["calls_per_request"] == round(4 / 3, 2)
    assert 0 < summary["latency_p50_s"] <= summary["latency_p95_s"]

    # Python: a city it knows, and one the tool refuses (a failed run with the tool's reason)
    cities = by_query(suites["citytools"]["methods"]["toolgraph"])
    assert cities["Look up the city named Lisbon"]["pass"] and cities["Look up the city named Lisbon"]["correct_path"]
    atlantis = cities["Look up the city named Atlantis"]
    assert not atlantis["pass"] and atlantis["status"] != "success" and "no city named 'Atlantis'" in atlantis["reason"]

    # MCP: the fixture server, started from the suite's folder with this Python
    film = by_query(suites["filmfacts"]["methods"]["toolgraph"])["Who is the director of the film titled Alien?"]
    assert film["pass"] and film["correct_path"] and film["path"] == ["film_director"]

    overall = data["overall"]["toolgraph"]
    assert (overall["requests"], overall["passed"], overall["with_solution"]) == (6, 4, 6)
    base = data["overall"]["top3-keyword"]
    assert base["requests"] == 6 and base["passed"] <= overall["passed"]
    for row in suites["bookshop"]["methods"]["top3-keyword"]["requests"]:
        assert {"pass", "correct_path", "reason", "path", "calls", "seconds"} <= set(row)

    # every suite had its own scratch database, dropped after; the user's graph was never written
    assert store.query("tool_cards", ids=["books/bookshop/searchbook"]) == []
    databases = sorted(p.name for p in (server.root_path / "databases").iterdir() if not p.name.startswith("."))
    assert databases == [server.database]

    text = report.read_text(encoding="utf-8")
    assert data["report"] == {"path": str(report), "format": "markdown"}
    assert "| all suites | toolgraph | 4/6 (66.7%) | 5/6 (83.3%) |" in text
    assert "answer lacks 'a zebra named Quentin'" in text
    svg = re.search(r"<svg.*?</svg>", text, re.S)
    assert svg is not None
    chart = ET.fromstring(svg.group(0))
    titles = [t.text for t in chart.iter("{http://www.w3.org/2000/svg}title")]
    assert "bookshop, toolgraph, pass_rate: 66.7%" in titles and "all suites, toolgraph, pass_rate: 66.7%" in titles


def test_html_report_human_table_and_no_baseline(store, env_for_cli, tmp_path: Path) -> None:
    report = tmp_path / "eval.html"
    out = eval_run(str(SUITES / "citytools"), "--no-embed", "--baseline", "none", "--report", str(report))
    assert out.exit_code == 0, out.output
    assert "citytools   toolgraph  1/2 (50.0%)" in out.stdout and "top3" not in out.stdout
    assert "failures (1):" in out.stdout and "no city named 'Atlantis'" in out.stdout
    assert "citytools [toolgraph]: 1/2 pass, path ok" in out.stderr  # progress goes to stderr
    page = report.read_text(encoding="utf-8")
    assert page.startswith("<!doctype html>") and "<svg" in page and "http" not in page.split("<svg", 1)[0].lower()
    assert "<script" not in page
    ET.fromstring(re.search(r"<svg.*?</svg>", page, re.S).group(0))  # well-formed


def test_learning_and_repeat(store, env_for_cli) -> None:
    """With --learn a suite's runs are stored in its scratch graph; --repeat runs every request again."""
    out = eval_run(str(SUITES / "citytools"), "--no-embed", "--baseline", "none", "--learn", "--repeat", "2",
                   "--json", "--quiet")
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    rows = data["suites"][0]["methods"]["toolgraph"]["requests"]
    assert [(r["repeat"], r["pass"]) for r in rows] == [(0, True), (0, False), (1, True), (1, False)]
    first, failed = rows[0], rows[1]
    assert first["learned"]["call_path"] == f"execution/{first['run_id']}" and first["learned"]["memories"] >= 1
    assert failed["learned"]["call_path"] is None  # only successes teach
    assert data["settings"]["learn"] is True and data["suites"][0]["methods"]["toolgraph"]["method"]["learn"]
    assert out.stderr == ""


def test_the_llm_path_with_the_scripted_model(store, env_for_cli, monkeypatch) -> None:
    """Plan, arguments and answer come from the (scripted) model; the answer it writes is what is scored."""
    def script(messages: list[dict[str, Any]]) -> str:
        system, first = messages[0]["content"], messages[1]["content"]
        if system.startswith("Decompose"):
            request = re.search(r"Look up the city named \w+", first)
            return json.dumps({"subtasks": [{"id": 1, "description": request.group(0) if request else first,
                                             "category": "Geography", "context": []}]})
        if system.startswith("You select the tools"):
            if "Path so far: empty" in first:
                return json.dumps({"name": "choose_tool", "call_objective": "it looks cities up",
                                   "args": {"tool": "geography/cityfacts/lookup_city"}})
            return json.dumps({"name": "finish", "call_objective": "done", "args": {}})
        if system.startswith("Judge whether"):
            return json.dumps({"status": "success", "reason": "the tool answers it"})
        if system.startswith("You fill in the arguments"):
            city = re.search(r"city named (\w+)", first)
            return json.dumps({"name": "lookup_city", "args": {"name": city.group(1) if city else "?"}})
        if system.startswith("Answer the user's request"):
            results = first.split("Results:\n", 1)[1].split("\nFailed calls:", 1)[0]
            return json.dumps({"answer": f"The tool says: {results}",
                               "citations": [{"fact": "the city", "call": "c1"}] if "[c1]" in results else []})
        raise AssertionError(f"unexpected prompt: {system[:80]}")

    with fake_llm(script) as (fake, url):
        monkeypatch.setenv("TOOLGRAPH_LLM_BASE_URL", url)
        monkeypatch.setenv("TOOLGRAPH_LLM_MODEL", "scripted")
        out = eval_run(str(SUITES / "citytools"), "--no-embed", "--json", "--quiet")
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert data["settings"]["llm"] == "scripted"
    tg = data["suites"][0]["methods"]["toolgraph"]
    assert tg["method"]["policy"] == "llm"
    lisbon, atlantis = tg["requests"]
    assert lisbon["pass"] and lisbon["correct_path"] and lisbon["answer_by"] == "llm"
    assert lisbon["answer"].startswith("The tool says:") and "Portugal" in lisbon["answer"]
    assert lisbon["llm_calls"] >= 5  # decompose, choose, finish, reflect, arguments, answer
    assert not atlantis["pass"] and "no city named 'Atlantis'" in atlantis["reason"]
    base = data["suites"][0]["methods"]["top3-keyword"]["requests"][0]
    assert base["pass"] and base["answer_by"] == "llm" and base["llm_calls"] == 2  # arguments, answer
    assert len(fake.requests) >= lisbon["llm_calls"] + base["llm_calls"]


# -- bad suites -----------------------------------------------------------------------------------------------------
def write_suite(folder: Path, suite: Any, requests: Any = None) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "suite.json").write_text(suite if isinstance(suite, str) else json.dumps(suite), encoding="utf-8")
    if requests is not None:
        (folder / "requests.json").write_text(
            requests if isinstance(requests, str) else json.dumps(requests), encoding="utf-8")
    return folder


OK_REQUESTS = [{"query": "Look up the city named Oslo", "expect": ["Norway"]}]


@pytest.mark.parametrize(("suite", "requests", "message"), [
    ("{not json", OK_REQUESTS, "suite.json: not valid JSON"),
    ({"kind": "soap"}, OK_REQUESTS, "field 'kind' must be one of openapi, python, mcp, got 'soap'"),
    ({"kind": "openapi"}, OK_REQUESTS, "suite.json: field 'spec' is missing"),
    ({"kind": "openapi", "spec": "nope.yaml"}, OK_REQUESTS, "field 'spec': 'nope.yaml' does not exist"),
    ({"kind": "mcp", "command": "python server.py"}, OK_REQUESTS, "field 'command' must be a non-empty list"),
    ({"kind": "python", "module": "m"}, None, "requests.json: no such file"),
    ({"kind": "python", "module": "m"}, [{"query": "q"}], "requests.json: request 0: field 'expect' is missing"),
    ({"kind": "python", "module": "m"}, [{"query": "q", "expect": ["x"]}, {"expect": ["y"]}],
     "requests.json: request 1: field 'query' is missing"),
    ({"kind": "python", "module": "m"}, [{"query": "q", "expect": "x"}], "field 'expect' must be a list"),
    ({"kind": "python", "module": "m"}, [{"query": "q", "expect": [], "solution": [3]}], "field 'solution' must"),
    ({"kind": "python", "module": "m"}, {"query": "q"}, "requests.json: expected a non-empty JSON list"),
])
def test_malformed_suites_are_refused_naming_the_file_and_field(tmp_path: Path, suite: Any, requests: Any,
                                                                message: str) -> None:
    folder = write_suite(tmp_path / "bad", suite, requests)
    out = eval_run(str(SUITES / "citytools"), str(folder))  # checked before anything runs: no server needed
    assert out.exit_code == 2 and message in out.stderr, out.output
    assert str(folder) in out.stderr and out.stdout == ""


def test_a_missing_folder_and_a_bad_report_name(tmp_path: Path) -> None:
    out = eval_run(str(tmp_path / "nowhere"))
    assert out.exit_code == 2 and "not a folder" in out.stderr
    out = eval_run(str(SUITES / "citytools"), "--report", str(tmp_path / "r.pdf"))
    assert out.exit_code != 0 and "name a .md (Markdown) or .html (HTML) file" in out.stderr


def test_a_service_that_fails_and_a_missing_module_are_clear_errors(store, env_for_cli, tmp_path: Path) -> None:
    spec = SUITES / "bookshop" / "bookshop_openapi.json"
    broken = write_suite(tmp_path / "broken", {"kind": "openapi", "spec": str(spec), "group": "Bookshop",
                                               "serve": ["python", "serve.py", "{port}"],
                                               "base_url": "http://127.0.0.1:{port}"}, OK_REQUESTS)
    (broken / "serve.py").write_text("import sys\nprint('cannot open the catalogue: disk on fire', file=sys.stderr)\n"
                                     "sys.exit(3)\n", encoding="utf-8")
    missing = write_suite(tmp_path / "missing", {"kind": "python", "module": "no_such_module_for_eval"}, OK_REQUESTS)
    out = eval_run(str(broken), str(missing), str(SUITES / "citytools"), "--no-embed", "--baseline", "none",
                   "--json", "--quiet")
    assert out.exit_code == 1, out.output
    data = json.loads(out.stdout)
    assert data["errors"] == 2
    broken_r, missing_r, ok_r = data["suites"]
    assert "exited with status 3 before listening" in broken_r["error"]
    assert "cannot open the catalogue: disk on fire" in broken_r["error"]  # the tail of its output
    assert "field 'module'" in missing_r["error"] and "no_such_module_for_eval" in missing_r["error"]
    assert ok_r["methods"]["toolgraph"]["summary"]["passed"] == 1  # the other suites still ran
    assert "2 suite(s) could not be evaluated" in out.stderr


def test_scratch_databases_are_empty_separate_and_dropped_with_orphans(store, server, env_for_cli) -> None:
    import subprocess
    import sys

    from tests.helpers import make_graph
    from toolgraph.config import Settings
    from toolgraph.db.scratch import _server_command, scratch_store

    def databases() -> list[str]:
        return sorted(p.name for p in (server.root_path / "databases").iterdir() if not p.name.startswith("."))

    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True,
                          check=True)
    orphan = f"scratch_eval_x_{int(gone.stdout)}_abcdef"  # a database left by a process that was killed
    info = server.running()
    _server_command(info.http_url, server.password(), f"create database {orphan}")
    assert orphan in databases()
    store.query("clear_graph")
    with scratch_store(Settings(), "eval one") as a, scratch_store(Settings(), "eval two") as b:
        assert a.database != b.database and a.database.startswith("scratch_eval_one_")
        assert orphan not in databases()
        make_graph(a, {"only_in_a": {"name": "only_in_a", "description": "a tool written to the first one"}})
        assert [r["id"] for r in a.query("tool_cards", ids=["c/g/only_in_a"])] == ["c/g/only_in_a"]
        assert b.query("tool_cards", ids=["c/g/only_in_a"]) == [] and store.query("tool_cards", ids=["c/g/only_in_a"]) == []
        names = {a.database, b.database}
    assert not names & set(databases()) and databases() == [server.database]


# -- graph-tool-call's workflow as a baseline ------------------------------------------------------------------------
def gtc_workflow_labels(spec: Path, query: str) -> list[str]:
    """graph-tool-call's own plan for ``query`` over ``spec``, as "METHOD /path" labels (asked here directly)."""
    from graph_tool_call import ToolGraph

    graph = ToolGraph()
    graph.ingest_openapi(str(spec))
    plan = graph.plan_workflow(query, max_steps=8)
    return [f"{s.tool.metadata['method'].upper()} {s.tool.metadata['path']}" for s in plan.steps]


def test_graph_tool_call_workflow_baseline_beside_topk(store, env_for_cli, tmp_path: Path) -> None:
    """``--baseline gtc-workflow``: graph-tool-call orders the tools, ToolGraph's binder and executors run them as a
    chain (as far as it binds), scored like the top-k baseline in the same run and the same graph."""
    pytest.importorskip("graph_tool_call", reason="graph-tool-call (the dev extra) is not installed")
    report = tmp_path / "eval.md"
    out = eval_run(str(SUITES / "bookshop"), str(SUITES / "citytools"), "--no-embed", "--baseline", "topk",
                   "--baseline", "gtc-workflow", "--json", "--report", str(report))
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert data["errors"] == 0 and data["skipped"] == {}
    assert data["settings"]["baseline"] == "top3, gtc-workflow"
    assert set(data["overall"]) == {"toolgraph", "top3-keyword", "gtc-workflow"}
    suites = {s["suite"]["name"]: s for s in data["suites"]}
    for name, kind in (("bookshop", "openapi spec (ingest_openapi)"), ("citytools", "OpenAI function definitions")):
        peer = suites[name]["methods"]["gtc-workflow"]
        info = peer["method"]
        assert info["peer"] == "graph-tool-call" and info["feature"] == "ToolGraph.plan_workflow"
        assert info["version"].startswith("0.") and info["mode"] == "graph" and info["fed"].startswith(kind)
        assert info["tools"] == suites[name]["graph"]["tools"] and info["unmapped"] == []  # every tool maps back
        assert peer["summary"]["requests"] == len(peer["requests"]) == suites[name]["suite"]["requests"]

    spec = SUITES / "bookshop" / "bookshop_openapi.json"
    tried = 0
    for row in suites["bookshop"]["methods"]["gtc-workflow"]["requests"]:
        planned = gtc_workflow_labels(spec, row["query"])
        made = [c["label"] for c in row["calls"] if c["attempts"] > 0 or c["status"] == "ok"]
        assert made == planned[:len(made)], (row["query"], made, planned)  # its order, cut where a call won't bind
        assert [c["label"] for c in row["calls"]] == planned  # every step of its plan went to the executor
        assert row["call_count"] == len(made)
        if row["status"] == "success":
            assert made == planned and all(c["status"] == "ok" for c in row["calls"])
        tried += bool(made)
    assert tried >= 1  # at least one of its chains bound and ran against the bookshop service
    lisbon = by_query(suites["citytools"]["methods"]["gtc-workflow"])["Look up the city named Lisbon"]
    assert lisbon["path"] == ["lookup_city"] and lisbon["pass"] and lisbon["correct_path"]  # the suite's one tool

    text = report.read_text(encoding="utf-8")
    s = data["overall"]["gtc-workflow"]
    assert f"| all suites | gtc-workflow | {s['passed']}/{s['requests']} (" in text


def test_graph_tool_call_missing_is_skipped_with_a_reason(store, env_for_cli, monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "graph_tool_call", None)  # import graph_tool_call now raises ImportError
    out = eval_run(str(SUITES / "citytools"), "--no-embed", "--baseline", "gtc-workflow")
    assert out.exit_code == 0, out.output
    assert "warning: graph-tool-call is not installed" in out.stderr
    assert "skipped: gtc-workflow: graph-tool-call is not installed" in out.stdout
    assert "citytools   toolgraph  1/2 (50.0%)" in out.stdout and "gtc-workflow  " not in out.stdout
    out = eval_run(str(SUITES / "citytools"), "--no-embed", "--baseline", "gtc-workflow", "--json", "--quiet")
    data = json.loads(out.stdout)
    assert set(data["suites"][0]["methods"]) == {"toolgraph"} and "not installed" in data["skipped"]["gtc-workflow"]


def test_baseline_none_with_another_is_refused() -> None:
    out = eval_run(str(SUITES / "citytools"), "--baseline", "none", "--baseline", "topk")
    assert out.exit_code == 2 and "--baseline none runs no baseline" in out.stderr
