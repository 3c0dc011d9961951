"""The planner against the real embedded server, with the LLM played by a scripted OpenAI-compatible server (the
real ``openai`` client runs). No embeddings here: similarity is word overlap, seeds come from a scan."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.fake_llm import fake_llm
from tests.helpers import make_graph
from toolgraph.errors import ToolGraphError
from toolgraph.llm import ChatModel, LLMError, parse_action
from toolgraph.planner import PlannerConfig, plan_request
from toolgraph.planner.assemble import acyclic, flow_order, layers
from toolgraph.planner.decompose import dag_problem, decompose_rules
from toolgraph.planner.models import DataFlow, Subtask

SEARCH, CREDITS, PERSON, PERSON_MOVIES, WEATHER, LYRICS = (
    "c/g/search_movie", "c/g/movie_credits", "c/g/search_person", "c/g/person_movies", "c/w/weather", "c/w/lyrics")
QUERY = "show the cast and crew credits of the movie Titanic"


def movie_graph(store: Any) -> None:
    make_graph(store, {
        "search_movie": {"name": "search_movie", "description": "Search movies by title, returns movie ids",
                         "required": ["query"]},
        "movie_credits": {"name": "movie_credits", "description": "Get the cast and crew credits of a movie",
                          "required": ["movie_id"]},
        "search_person": {"name": "search_person", "description": "Search people by name, returns person ids",
                          "required": ["query"]},
        "person_movies": {"name": "person_movies", "description": "Movies a person played in or directed",
                          "required": ["person_id"]},
        "weather": {"name": "weather", "description": "Current weather for a city", "required": ["city"],
                    "group": "w"},
        "lyrics": {"name": "lyrics", "description": "Song lyrics of a movie soundtrack title", "required": ["title"],
                   "group": "w"},
    }, edges=[
        ("search_movie", "movie_credits", "STRONG_RESOURCE", {"resource": "movie_id", "weight": 1.0}),
        ("search_person", "person_movies", "STRONG_RESOURCE", {"resource": "person_id", "weight": 1.0}),
        ("movie_credits", "person_movies", "WEAK_RESOURCE", {"resource": "person_id", "weight": 0.6}),
    ])


def one_subtask(text: str = QUERY) -> str:
    return json.dumps({"subtasks": [{"id": 1, "description": text, "category": "C", "context": []}]})


def choose(tool: str, why: str = "it fits") -> str:
    return json.dumps({"name": "choose_tool", "call_objective": why, "args": {"tool": tool}})


FINISH = json.dumps({"name": "finish", "call_objective": "done", "args": {}})
BACKTRACK = json.dumps({"name": "backtrack", "call_objective": "wrong turn", "args": {}})
SUCCESS = json.dumps({"status": "success", "reason": "the path works"})


def planner_config(**kw: Any) -> PlannerConfig:
    return PlannerConfig(**{"use_memory": False, "remember": False, **kw})


def kinds(plan: Any) -> list[str]:
    return [s.kind for s in plan.trace]


def user_prompts(fake: Any) -> list[str]:
    return [r["messages"][-1]["content"] for r in fake.requests]


# -- graph-only ---------------------------------------------------------------------------------------------------
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


# -- the LLM --------------------------------------------------------------------------------------------------------
def test_llm_straight_path_counts_tokens_per_call(store: Any) -> None:
    movie_graph(store)
    script = [one_subtask(), choose(CREDITS, "credits are what the user wants"),
              choose(SEARCH, "credits need a movie_id from the search"), FINISH, SUCCESS]
    with fake_llm(script) as (fake, url):
        llm = ChatModel(base_url=url, model="scripted")
        plan = plan_request(store, QUERY, llm=llm, config=planner_config())
    assert plan.policy == "llm" and plan.model == "scripted" and plan.status == "success"
    assert plan.levels == [[SEARCH], [CREDITS]]
    assert kinds(plan) == ["decompose", "choose", "choose", "finish", "reflect"]
    assert plan.usage.llm_calls == 5 and plan.usage.prompt_tokens == llm.usage.prompt_tokens > 0
    for step in plan.trace:
        assert step.llm is not None and step.llm.prompt_tokens > 0 and step.llm.prompt_chars > 0
    assert plan.trace[2].reason == "credits need a movie_id from the search"
    # The model saw the dependency: the second selection prompt offers the search as a strong provider.
    second = user_prompts(fake)[2]
    assert f"- {SEARCH} |" in second and "strong dependency: provides `movie_id`" in second
    assert "1. c/g/movie_credits (because: credits are what the user wants)" in second
    assert all(len(r["messages"]) == 2 for r in fake.requests)  # no retries


def test_llm_backtrack(store: Any) -> None:
    movie_graph(store)
    script = [one_subtask(), choose(LYRICS, "soundtrack"), BACKTRACK, choose(CREDITS), choose(SEARCH), FINISH,
              SUCCESS]
    with fake_llm(script) as (fake, url):
        plan = plan_request(store, QUERY, llm=ChatModel(base_url=url, model="m"), config=planner_config())
    assert kinds(plan) == ["decompose", "choose", "backtrack", "choose", "choose", "finish", "reflect"]
    assert plan.trace[2].tool == LYRICS and plan.trace[2].path == []
    assert plan.subtasks[0].tools == [CREDITS, SEARCH] and plan.usage.backtracks == 1
    # After backing out, the tool is not offered again.
    assert f"- {LYRICS} |" in user_prompts(fake)[1] and f"- {LYRICS} |" not in user_prompts(fake)[3]


def test_reflection_partial_resumes_mid_path(store: Any) -> None:
    movie_graph(store)
    partial = json.dumps({"status": "partial", "first_wrong": 2, "reason": "person_movies is not about credits"})
    script = [one_subtask(), choose(CREDITS), choose(PERSON_MOVIES), FINISH, partial, choose(SEARCH), FINISH,
              SUCCESS]
    with fake_llm(script) as (fake, url):
        plan = plan_request(store, QUERY, llm=ChatModel(base_url=url, model="m"), config=planner_config())
    assert kinds(plan) == ["decompose", "choose", "choose", "finish", "reflect", "resume", "choose", "finish",
                           "reflect"]
    resume = plan.trace[5]
    assert resume.tool == PERSON_MOVIES and resume.path == [CREDITS] and resume.round == 2
    assert plan.subtasks[0].tools == [CREDITS, SEARCH] and plan.subtasks[0].rounds == 2
    assert f"- {PERSON_MOVIES} |" not in user_prompts(fake)[5]  # the wrong tool is not offered at that point


def test_reflection_failure_restarts_without_noisy_seeds(store: Any) -> None:
    movie_graph(store)
    failure = json.dumps({"status": "failure", "noise": [LYRICS], "reason": "lyrics are unrelated"})
    script = [one_subtask(), choose(LYRICS), FINISH, failure, choose(CREDITS), choose(SEARCH), FINISH, SUCCESS]
    with fake_llm(script) as (fake, url):
        plan = plan_request(store, QUERY, llm=ChatModel(base_url=url, model="m"), config=planner_config())
    assert kinds(plan) == ["decompose", "choose", "finish", "reflect", "restart", "choose", "choose", "finish",
                           "reflect"]
    assert plan.trace[4].path == [] and LYRICS in plan.trace[4].reason
    assert f"- {LYRICS} |" in user_prompts(fake)[1]
    assert all(f"- {LYRICS} |" not in p for p in user_prompts(fake)[4:7])
    assert plan.subtasks[0].tools == [CREDITS, SEARCH] and plan.status == "success"


def test_malformed_output_and_a_hallucinated_tool_are_recovered_by_feedback(store: Any) -> None:
    movie_graph(store)
    script = [one_subtask(), "I think the credits tool", choose("c/g/imdb_credits"), choose(CREDITS),
              choose(SEARCH), FINISH, SUCCESS]
    with fake_llm(script) as (fake, url):
        llm = ChatModel(base_url=url, model="m", max_retries=2)
        plan = plan_request(store, QUERY, llm=llm, config=planner_config())
    assert plan.subtasks[0].tools == [CREDITS, SEARCH]
    assert llm.usage.invalid_answers == 2 and plan.trace[1].llm.attempts == 3
    feedback = [m["content"] for m in fake.requests[3]["messages"] if m["role"] == "user"]
    assert feedback[1].startswith("Your answer was invalid: no JSON object found in the answer")
    assert "unknown tool 'c/g/imdb_credits': choose one of the offered candidate ids" in feedback[2]
    assert CREDITS in feedback[2]


def test_an_llm_that_never_answers_validly_hands_the_step_to_the_graph(store: Any) -> None:
    movie_graph(store)
    with fake_llm(lambda messages: "no idea") as (fake, url):
        plan = plan_request(store, QUERY, llm=ChatModel(base_url=url, model="m", max_retries=1),
                            config=planner_config(max_rounds=1))
    assert plan.subtasks[0].tools == [SEARCH, CREDITS]  # what the graph policy would choose: the best chain
    assert "splitting by rules" in plan.trace[0].reason
    assert all("LLM failed" in s.reason for s in plan.trace if s.kind in ("choose", "finish", "reflect"))


def test_a_dead_llm_endpoint_is_named(store: Any) -> None:
    movie_graph(store)
    with fake_llm([]) as (fake, url):
        fake.fail_with = 500
        llm = ChatModel(base_url=url, model="m")
        with pytest.raises(LLMError, match=r"the LLM at http://127\.0\.0\.1:\d+/v1/ failed"):
            llm.chat([{"role": "user", "content": "hi"}])
        plan = plan_request(store, QUERY, llm=llm, config=planner_config(max_rounds=1), save=False)
    assert plan.tools and "the LLM failed to decompose" in plan.trace[0].reason
    assert "LLM failed" in next(s for s in plan.trace if s.kind == "choose").reason


def test_budgets_stop_the_search(store: Any) -> None:
    movie_graph(store)
    script = [one_subtask(), choose(CREDITS)]  # two calls; then the graph policy decides
    with fake_llm(script) as (fake, url):
        llm = ChatModel(base_url=url, model="m")
        plan = plan_request(store, QUERY, llm=llm, config=planner_config(max_llm_calls=2))
    assert llm.usage.llm_calls == 2 and len(fake.requests) == 2
    budget = [s for s in plan.trace if s.kind == "budget"]
    assert len(budget) == 1 and "LLM call budget of 2 spent" in budget[0].reason
    assert plan.subtasks[0].tools == [CREDITS, SEARCH]
    # The step budget: one decision, then the search stops and says so.
    plan = plan_request(store, QUERY, config=planner_config(max_steps=1, max_rounds=1, chains=False), save=False)
    assert kinds(plan)[-2:] == ["budget", "reflect"] and "step budget of 1" in plan.trace[-2].reason
    assert plan.subtasks[0].tools == [CREDITS] and plan.subtasks[0].status == "partial"
    # The depth bound.
    plan = plan_request(store, QUERY, config=planner_config(max_depth=1, max_rounds=1), save=False)
    assert any(s.kind == "budget" and "depth bound of 1" in s.reason for s in plan.trace)


def test_memory_is_reused_on_a_repeat_query(store: Any) -> None:
    movie_graph(store)
    script = [one_subtask(), choose(CREDITS), choose(SEARCH), FINISH, SUCCESS]
    config = PlannerConfig()  # memory on
    with fake_llm(script) as (fake, url):
        plan_request(store, QUERY, llm=ChatModel(base_url=url, model="m"), config=config)
    memories = store.query("list_memories", limit=10)
    assert len(memories) == 1 and json.loads(memories[0]["tools"]) == [CREDITS, SEARCH]
    script = [one_subtask(), choose(CREDITS), choose(SEARCH), FINISH, SUCCESS]
    with fake_llm(script) as (fake, url):
        plan = plan_request(store, QUERY, llm=ChatModel(base_url=url, model="m"), config=config)
    assert plan.trace[1].kind == "memory" and CREDITS in plan.trace[1].reason
    first_choice = user_prompts(fake)[1]
    assert f"was solved with: {CREDITS} -> {SEARCH}" in first_choice
    offered = {c.id: c for c in plan.trace[2].candidates}
    assert offered[CREDITS].edge == "MEMORY" and offered[SEARCH].edge == "MEMORY"
    assert store.query("list_memories", limit=10)[0]["uses"] == 1
    # The graph-only policy reuses it too: both remembered tools rank first.
    plan = plan_request(store, QUERY, config=config, save=False)
    assert plan.trace[1].kind == "memory" and set(plan.subtasks[0].tools) == {CREDITS, SEARCH}


def test_decomposition_is_validated_and_later_subtasks_start_from_the_graph(store: Any) -> None:
    movie_graph(store)
    cyclic = json.dumps({"subtasks": [
        {"id": 1, "description": "find the movie Titanic", "category": "C", "context": [2]},
        {"id": 2, "description": "get its cast credits", "category": "C", "context": [1]}]})
    unknown_category = json.dumps({"subtasks": [{"id": 1, "description": "x", "category": "Sports", "context": []}]})
    good = json.dumps({"subtasks": [
        {"id": 1, "description": "find the movie Titanic", "category": "C", "context": []},
        {"id": 2, "description": "get its cast credits", "category": "C", "context": [1]}]})
    script = [cyclic, unknown_category, good, choose(SEARCH), FINISH, SUCCESS, choose(CREDITS), FINISH, SUCCESS]
    with fake_llm(script) as (fake, url):
        llm = ChatModel(base_url=url, model="m", max_retries=2)
        plan = plan_request(store, "find Titanic and get its cast", llm=llm, config=planner_config())
    feedback = [m["content"] for m in fake.requests[2]["messages"] if m["role"] == "user"]
    assert "form a cycle among subtasks [1, 2]" in feedback[1]
    assert "category 'Sports' is not one of the graph's categories" in feedback[2]
    assert [r.tools for r in plan.subtasks] == [[SEARCH], [CREDITS]]
    # Subtask 2 starts from subtask 1's tools' neighbours: the credits come in over the strong edge.
    second = [s for s in plan.trace if s.subtask == 2 and s.kind == "choose"][0]
    credits = next(c for c in second.candidates if c.id == CREDITS)
    assert credits.edge == "STRONG_RESOURCE" and credits.via == SEARCH and credits.direction == "out"
    assert "It uses the results of subtask 1, solved with: c/g/search_movie" in user_prompts(fake)[6]
    assert plan.levels == [[SEARCH], [CREDITS]]
    assert [(t.id, t.subtask, t.level) for t in plan.tools] == [(SEARCH, 1, 0), (CREDITS, 2, 1)]


def test_function_call_and_native_protocols(store: Any) -> None:
    movie_graph(store)
    wrapped = ("Let me pick.\n<function_call>\n__PAYLOAD_START__\n"
               + json.dumps({"name": "choose_tool", "call_objective": "credits", "args": {"tool": CREDITS}})
               + "\n__PAYLOAD_END__\n</function_call>")
    bare = f"<function_call>{json.dumps({'name': 'finish', 'call_objective': 'ok', 'args': {}})}</function_call>"
    script = [one_subtask(), wrapped, bare, SUCCESS]
    with fake_llm(script) as (fake, url):
        plan = plan_request(store, QUERY, llm=ChatModel(base_url=url, model="m"),
                            config=planner_config(protocol="function_call", max_rounds=1))
    assert plan.subtasks[0].tools == [CREDITS] and plan.trace[1].reason == "credits"
    assert "__PAYLOAD_START__" in fake.requests[1]["messages"][0]["content"]
    native = [one_subtask(), {"tool_call": {"name": "choose_tool", "arguments": {"tool": CREDITS}}},
              {"tool_call": {"name": "choose_tool", "arguments": {"tool": SEARCH}}},
              {"tool_call": {"name": "finish", "arguments": {}}}, SUCCESS]
    with fake_llm(native) as (fake, url):
        plan = plan_request(store, QUERY, llm=ChatModel(base_url=url, model="m"),
                            config=planner_config(protocol="native"))
    assert plan.subtasks[0].tools == [CREDITS, SEARCH]
    tools = fake.requests[1]["tools"]
    assert [t["function"]["name"] for t in tools] == ["choose_tool", "backtrack", "finish"]
    assert fake.requests[1]["tool_choice"] == "required"


def test_decoupled_mode_thinks_then_acts_with_the_legal_choices(store: Any) -> None:
    movie_graph(store)
    script = [one_subtask(), "The credits tool lists the cast.", choose(CREDITS), "Need the movie id.",
              choose(SEARCH), "Done.", FINISH, SUCCESS]
    with fake_llm(script) as (fake, url):
        plan = plan_request(store, QUERY, llm=ChatModel(base_url=url, model="m"),
                            config=planner_config(decoupled=True))
    assert plan.subtasks[0].tools == [CREDITS, SEARCH]
    think, act_prompt = fake.requests[1], fake.requests[2]
    assert "Do not answer with the action yet" in think["messages"][-1]["content"]
    assert act_prompt["messages"][0]["content"].startswith("Turn the reasoning into one action. Legal tools:")
    assert "Reasoning: The credits tool lists the cast." in act_prompt["messages"][1]["content"]
    assert len(json.dumps(act_prompt["messages"])) < len(json.dumps(think["messages"]))
    assert plan.trace[1].llm.attempts == 2


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
