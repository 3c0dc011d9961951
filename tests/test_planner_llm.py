"""The planner with an LLM, played by a scripted OpenAI-compatible server (the real ``openai`` client runs), against
the real embedded server: choosing, backtracking, reflection, feedback on bad output, budgets, memory, protocols."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.fake_llm import fake_llm
from tests.planner_helpers import (
    BACKTRACK,
    CREDITS,
    FINISH,
    LYRICS,
    PERSON_MOVIES,
    QUERY,
    SEARCH,
    SUCCESS,
    choose,
    kinds,
    movie_graph,
    one_subtask,
    planner_config,
    user_prompts,
)
from toolgraph.llm import ChatModel, LLMError
from toolgraph.planner import PlannerConfig, plan_request


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
