"""The planner against the real embedded server, with the LLM played by a scripted OpenAI-compatible server (the
real ``openai`` client runs). No embeddings here: similarity is word overlap, seeds come from a scan."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.conftest import ON_BOTH_BACKENDS
from tests.fake_llm import fake_llm
from tests.helpers import make_graph
from tests.planner_helpers import (
    CREDITS,
    FINISH,
    PERSON,
    PERSON_MOVIES,
    QUERY,
    SEARCH,
    SUCCESS,
    choose,
    kinds,
    movie_graph,
    one_subtask,
    planner_config,
)
from toolgraph.errors import ToolGraphError
from toolgraph.llm import ChatModel, parse_action
from toolgraph.planner import plan_request
from toolgraph.planner.assemble import acyclic, flow_order, layers
from toolgraph.planner.decompose import dag_problem, decompose_rules
from toolgraph.planner.models import DataFlow, Subtask


# -- graph-only ---------------------------------------------------------------------------------------------------
@ON_BOTH_BACKENDS
def test_graph_only_plan_follows_a_strong_dependency_and_is_stored(store: Any) -> None:
    movie_graph(store)
    plan = plan_request(store, QUERY, config=planner_config(chains=False))  # the step-by-step search alone
    assert plan.policy == "graph" and plan.status == "success"
    assert plan.subtasks[0].tools == [CREDITS, SEARCH]  # credits first (best match), then its movie_id provider
    assert plan.levels == [[SEARCH], [CREDITS]]  # the provider runs first
    flow = [(e.source, e.target, e.type, e.resource) for e in plan.edges]
    assert flow == [(SEARCH, CREDITS, "STRONG_RESOURCE", "movie_id")]
    choose_steps = [s for s in plan.trace if s.kind == "choose"]
    assert choose_steps[1].candidates[0].edge == "STRONG_RESOURCE" and choose_steps[1].candidates[0].via == CREDITS
    assert "movie_id" in choose_steps[1].reason
    runs = store.query("list_runs", limit=5)
    assert [r["id"] for r in runs] == [plan.id] and runs[0]["tool_count"] == 2
    stored = json.loads(store.query("get_run", id=plan.id)[0]["plan"])
    assert stored["levels"] == [[SEARCH], [CREDITS]] and len(stored["trace"]) == len(plan.trace)


@ON_BOTH_BACKENDS
def test_graph_only_backtracks_from_a_tool_whose_input_nobody_provides(store: Any) -> None:
    movie_graph(store)
    # person_movies needs person_id; its providers are blocked, so the search must back out of it.
    plan = plan_request(store, "movies a person played in", config=planner_config(max_rounds=1, chains=False),
                        save=False)
    assert plan.subtasks[0].tools[0] == PERSON_MOVIES
    store.query("clear_graph")
    make_graph(store, {
        "person_movies": {"name": "person_movies", "description": "Movies a person played in", "required": ["person_id"]},
        "person_lookup": {"name": "person_lookup", "description": "Movies a person played", "required": ["person_key"]},
        "finder": {"name": "finder", "description": "Find a key", "required": ["q"]},
    }, edges=[("person_lookup", "person_movies", "STRONG_RESOURCE", {"resource": "person_id"}),
              ("finder", "person_lookup", "STRONG_RESOURCE", {"resource": "person_key"})])
    # Depth 2: person_movies -> person_lookup still lacks person_key, and a third tool is too deep.
    plan = plan_request(store, "movies a person played in",
                        config=planner_config(max_depth=2, max_rounds=1, chains=False), save=False)
    assert "budget" in kinds(plan) and plan.status != "success"
    # Depth 3 solves it: the chain finder -> person_lookup -> person_movies.
    plan = plan_request(store, "movies a person played in", config=planner_config(max_depth=3, chains=False),
                        save=False)
    assert plan.status == "success"
    assert plan.levels == [["c/g/finder"], ["c/g/person_lookup"], ["c/g/person_movies"]]


def test_graph_only_backtrack_step(store: Any) -> None:
    make_graph(store, {
        "movie_cast": {"name": "movie_cast", "description": "cast of a movie", "required": ["movie_id"]},
        "movie_search": {"name": "movie_search", "description": "search a movie", "required": ["title"]},
        "cast_list": {"name": "cast_list", "description": "cast list", "required": ["title"]},
    }, edges=[("movie_search", "movie_cast", "STRONG_RESOURCE", {"resource": "movie_id"})])
    # Round 1 picks movie_cast, then its provider; a reflection-free run with the provider excluded must back out.
    from toolgraph.planner.search import Planner

    planner = Planner(store, config=planner_config(max_rounds=1, chains=False))
    original = planner._candidates

    def without_provider(s: Any, context: Any, memories: Any, unmet: Any, *rest: Any) -> Any:
        s.excluded.add("c/g/movie_search")
        return original(s, context, memories, unmet, *rest)

    planner._candidates = without_provider  # type: ignore[method-assign]
    plan = planner.plan("cast of a movie", save=False)
    backtracks = [s for s in plan.trace if s.kind == "backtrack"]
    assert backtracks and backtracks[0].tool == "c/g/movie_cast" and "movie_id" in backtracks[0].reason
    assert plan.subtasks[0].tools == ["c/g/cast_list"]  # the next best tool, which needs nothing
    assert plan.usage.backtracks == 1


# -- pieces -------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("text", [
    '{"name": "finish", "args": {}}',
    '```json\n{"name": "finish", "args": {}}\n```',
    '<function_call>{"name": "finish", "call_objective": "x", "args": {}}</function_call>',
    'Sure. <function_call>\n__PAYLOAD_START__\n{"name": "finish", "args": {}}\n__PAYLOAD_END__\n</function_call>',
    '{"action": "finish"}',
])
def test_parse_action_forms(text: str) -> None:
    assert parse_action(text).name == "finish"


@pytest.mark.parametrize("text, error", [
    ("nothing here", "no JSON object"), ("{broken", "not valid JSON"), ('{"name": 1, "args": []}', "name"),
    ("<function_call>{oops}</function_call>", "not valid JSON"),
])
def test_parse_action_errors(text: str, error: str) -> None:
    with pytest.raises(ValueError, match=error):
        parse_action(text)


def test_rule_decomposition() -> None:
    subtasks = decompose_rules("Find the movie Titanic, then show its cast. Also tell me the weather in Paris")
    assert [s.description for s in subtasks] == ["Find the movie Titanic", "show its cast",
                                                 "tell me the weather in Paris"]
    assert [s.context for s in subtasks] == [[], [1], []]
    assert [s.description for s in decompose_rules("cast and crew of Titanic")] == ["cast and crew of Titanic"]
    # A statement of what the user has is context for the request after it, not a task of its own.
    merged = decompose_rules("I have a photo named 'a.jpg'. Could you describe what is in it?")
    assert [s.description for s in merged] == ["I have a photo named 'a.jpg': Could you describe what is in it?"]
    # a question that names nothing of its own asks about what the sentence before it named: its second question
    joined = decompose_rules("does BR-120 have sesame in it? And what do you charge for a full case?")
    assert [s.description for s in joined] == ["does BR-120 have sesame in it, and what do you charge for a full case?"]
    apart = decompose_rules("Is the Alpenrose open? What's the weather in Paris?")  # (a question naming a place)
    assert [s.description for s in apart] == ["Is the Alpenrose open", "What's the weather in Paris?"]
    # "I need the ..." of what the sentence before named joins it; a remark that asks, orders and names nothing is
    # context, not a task; "I need a taxi" is a task of its own
    need = decompose_rules("What bookings has ana@example.net got? I need the refs and arrival dates.")
    assert [s.description for s in need] == ["What bookings has ana@example.net got, and I need the refs and "
                                             "arrival dates"]
    remark = decompose_rules("what stoppages are there on the larkspur navigation in march 2027? planning a trip")
    assert [s.description for s in remark] == ["what stoppages are there on the larkspur navigation in march 2027 "
                                               "(planning a trip)"]
    assert len(decompose_rules("Book a table for two at Luigi. I need a taxi to the airport too.")) == 2
    with pytest.raises(ToolGraphError, match="empty"):
        decompose_rules(" . ")


def test_dag_problems() -> None:
    s = [Subtask(id=1, description="a", context=[3]), Subtask(id=2, description="b")]
    assert "do not exist: [3]" in dag_problem(s)
    assert "unique" in dag_problem([Subtask(id=1, description="a"), Subtask(id=1, description="b")])
    assert "itself" in dag_problem([Subtask(id=1, description="a", context=[1])])
    assert dag_problem([Subtask(id=1, description="a"), Subtask(id=2, description="b", context=[1])]) is None


def test_plan_dag_drops_cycles_and_layers() -> None:
    edges = [DataFlow(source="a", target="b", type="STRONG_RESOURCE"), DataFlow(source="b", target="a",
             type="WEAK_RESOURCE"), DataFlow(source="b", target="c", type="SEQUENTIAL")]
    kept = acyclic(["a", "b", "c", "d"], edges)
    assert [(e.source, e.target) for e in kept] == [("a", "b"), ("b", "c")]
    assert layers(["a", "b", "c", "d"], kept) == [["a", "d"], ["b"], ["c"]]


def test_bad_requests(store: Any) -> None:
    movie_graph(store)
    with pytest.raises(ToolGraphError, match="empty"):
        plan_request(store, "   ")
    with pytest.raises(ToolGraphError, match="at most 4000"):
        plan_request(store, "x" * 5000)
    hostile = "'}) MATCH (n) DETACH DELETE n //<script>alert(1)</script>"
    plan = plan_request(store, hostile, config=planner_config())
    assert plan.query == hostile and store.query("get_run", id=plan.id)[0]["query"] == hostile
    assert len(store.query("planner_tools", ids=[SEARCH, CREDITS], vectors=False)) == 2


# -- the command line ---------------------------------------------------------------------------------------------
def test_cli_plan_and_runs(store: Any, env_for_cli: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    from click.testing import CliRunner

    from toolgraph.cli import main

    movie_graph(store)
    script = [one_subtask(), choose(CREDITS), choose(SEARCH), FINISH, SUCCESS]
    with fake_llm(script) as (fake, url):
        monkeypatch.setenv("TOOLGRAPH_LLM_BASE_URL", url)
        monkeypatch.setenv("TOOLGRAPH_LLM_MODEL", "scripted")
        result = CliRunner().invoke(main, ["plan", QUERY, "--json", "--no-memory"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    plan = json.loads(result.stdout)
    assert plan["policy"] == "llm" and plan["levels"] == [[SEARCH], [CREDITS]] and len(fake.requests) == 5
    # --no-llm ignores the configured endpoint (nothing listens there any more) and prints a readable plan.
    result = CliRunner().invoke(main, ["plan", QUERY, "--no-llm", "--trace"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert "(graph): success" in result.output and f"0: {SEARCH}" in result.output and "choose" in result.output
    runs = json.loads(CliRunner().invoke(main, ["runs", "--json"]).stdout)
    assert [r["policy"] for r in runs] == ["graph", "llm"] and runs[1]["id"] == plan["id"]
    again = json.loads(CliRunner().invoke(main, ["runs", plan["id"], "--json"]).stdout)
    assert again["id"] == plan["id"] and again["levels"] == plan["levels"]
    missing = CliRunner().invoke(main, ["runs", "run-nope"])
    assert missing.exit_code == 1 and "no run 'run-nope'" in missing.output
    empty = CliRunner().invoke(main, ["plan", "  ", "--no-llm"])
    assert empty.exit_code == 1 and "the request is empty" in empty.output


def test_graph_edges_against_the_subtask_order_are_not_data_flow(store: Any) -> None:
    movie_graph(store)
    # movie_credits -> person_movies exists (weak person_id); plan person_movies first, credits after it.
    two = json.dumps({"subtasks": [
        {"id": 1, "description": "movies of a person", "category": "C", "context": []},
        {"id": 2, "description": "their credits", "category": "C", "context": [1]}]})
    script = [two, choose(PERSON_MOVIES), choose(PERSON), FINISH, SUCCESS, choose(CREDITS), choose(SEARCH), FINISH,
              SUCCESS]
    with fake_llm(script) as (fake, url):
        plan = plan_request(store, "movies of a person and their credits", llm=ChatModel(base_url=url, model="m"),
                            config=planner_config())
    flow = {(e.source, e.target, e.type) for e in plan.edges}
    assert (CREDITS, PERSON_MOVIES, "WEAK_RESOURCE") not in flow  # would run subtask 2 before subtask 1
    assert (PERSON_MOVIES, SEARCH, "ORDER") in flow  # subtask 1's last tool before subtask 2's first
    level = {t.id: t.level for t in plan.tools}
    assert level[PERSON_MOVIES] < level[CREDITS]


def test_one_client_for_many_plans_counts_usage_and_budget_per_plan(store: Any) -> None:
    """The web app keeps one client: each plan reports its own calls and gets its own LLM budget."""
    movie_graph(store)
    one_plan = [one_subtask(), choose(CREDITS), choose(SEARCH), FINISH, SUCCESS]
    with fake_llm(one_plan * 3) as (fake, url):
        llm = ChatModel(base_url=url, model="m")
        plans = [plan_request(store, QUERY, llm=llm, config=planner_config(max_llm_calls=5), save=False)
                 for _ in range(3)]
    assert [p.usage.llm_calls for p in plans] == [5, 5, 5] and len(fake.requests) == 15
    assert all(not any(s.kind == "budget" for s in p.trace) for p in plans)
    assert plans[2].usage.prompt_tokens == sum(s.llm.prompt_tokens for s in plans[2].trace if s.llm)


def test_opposite_edges_between_tools_follow_the_choice_order() -> None:
    both = [DataFlow(source="b", target="a", type="WEAK_RESOURCE"), DataFlow(source="a", target="b",
            type="WEAK_RESOURCE")]
    for order in (["b", "a"], ["a", "b"]):  # whichever was chosen first feeds the other
        kept = acyclic(order, sorted(both, key=flow_order(order)))
        assert [(e.source, e.target) for e in kept] == [(order[0], order[1])]


def test_numbers_the_request_states_are_not_needed_from_another_tool(store: Any) -> None:
    from toolgraph.planner.graph import PlannerGraph

    make_graph(store, {
        "show_search": {"name": "Search Shows", "required": ["query"], "output_schema": {"show_id": "int"}},
        "latest": {"name": "Latest Show", "output_schema": {"show_id": "int", "season_number": "int"}},
        "episode": {"name": "Episode Credits", "required": ["show_id", "season_number"]},
    }, edges=[("show_search", "episode", "STRONG_RESOURCE", {"resource": "show_id"}),
              ("latest", "episode", "STRONG_RESOURCE", {"resource": "season_number"})])
    graph = PlannerGraph(store)
    stated = graph.needed_inputs(["c/g/episode"], "the credits of the second season of Dark")
    assert set(stated["c/g/episode"]) == {"show_id"}  # the season is the user's; the show id is not
    unstated = graph.needed_inputs(["c/g/episode"], "the credits of a season of Dark")
    assert set(unstated["c/g/episode"]) == {"show_id", "season_number"}


def test_a_value_the_request_states_meets_a_need_keyed_by_its_singular(store: Any) -> None:
    from toolgraph.planner.graph import PlannerGraph

    make_graph(store, {
        "search": {"name": "Search Recipes", "required": ["title"], "output_schema": {"recipe_id": "str"}},
        "recipe": {"name": "Get Recipe", "required": ["recipe_id"], "output_schema": {"servings": "int"}},
        "scale": {"name": "Scale Recipe", "required": ["recipe_id", "servings:integer"]},
        "shopping": {"name": "Shopping List", "required": ["recipe_ids"]},
    }, edges=[("search", "scale", "STRONG_RESOURCE", {"resource": "recipe_id"}),
              ("recipe", "scale", "STRONG_RESOURCE", {"resource": "serving"}),
              ("search", "shopping", "STRONG_RESOURCE", {"resource": "recipe_id"})])
    graph = PlannerGraph(store)
    needs = graph.needed_inputs(["c/g/scale", "c/g/shopping"], "Scale the pancakes to six servings")
    assert needs["c/g/scale"] == {"recipe_id": ["c/g/search"]}  # six servings: the miner's `serving` is given
    assert needs["c/g/shopping"] == {"recipe_id": ["c/g/search"]}  # `recipe_ids` is fed by `recipe_id` providers
    assert set(graph.needed_inputs(["c/g/scale"], "Scale the pancakes")["c/g/scale"]) == {"recipe_id", "serving"}


def test_the_path_that_solved_the_same_request_is_the_chain_a_similar_one_is_only_offered(store: Any) -> None:
    from tests.planner_helpers import CREDITS, PERSON_MOVIES, QUERY, SEARCH, movie_graph, planner_config
    from toolgraph.planner import plan_request
    from toolgraph.planner.graph import PlannerGraph
    from toolgraph.planner.memory import LongTermMemory

    movie_graph(store)
    config = planner_config(use_memory=True)
    assert plan_request(store, QUERY, save=False, config=config).tools[-1].id == CREDITS  # the best chain
    LongTermMemory(PlannerGraph(store)).remember(QUERY, [SEARCH, CREDITS, PERSON_MOVIES], "run-1")
    again = plan_request(store, QUERY, save=False, config=config)
    assert [t.id for t in again.tools] == [SEARCH, CREDITS, PERSON_MOVIES]  # what solved it before
    assert any(s.kind == "memory" for s in again.trace)
    other = plan_request(store, "show the cast and crew credits of the movie Titanic please, all of them",
                         save=False, config=config)
    assert other.tools[-1].id == CREDITS  # a similar request is offered the memory, not bound to it
