"""The LLM path of execution against the scripted OpenAI-compatible server: arguments generated, validated and
corrected by error feedback; a tool name the model made up; the summariser citing calls; LLM-picked fields."""

from __future__ import annotations

import asyncio
import json

from tests.exec_helpers import GROUP, fault_server, http_tools, make_plan
from tests.fake_llm import fake_llm
from toolgraph.config import ExecGroup
from toolgraph.execute import RunConfig, execute_plan
from toolgraph.execute.http import HttpExecutor
from toolgraph.llm import ChatModel

DETAIL = {"detail": {"path": "/item/{item_id}", "required": [("item_id", "integer", "path")]}}


def run(store, base, plan, url):
    llm = ChatModel(base_url=url, model="fake", max_retries=2)
    executor = HttpExecutor({GROUP: ExecGroup(allow_private=True)})
    return asyncio.run(execute_plan(store, plan, executors=[executor], llm=llm,
                                    config=RunConfig(call_timeout_s=2, run_timeout_s=20, substitutes=0)))


def test_schema_violating_arguments_are_corrected_by_feedback(store) -> None:
    script = ['{"name": "detail", "args": {"item_id": "forty-one"}}',
              '{"name": "detail", "args": {"item_id": 41}}',
              '{"answer": "Item 41 costs 12.5 [c1].", "citations": [{"fact": "price 12.5", "call": "c1"}]}']
    with fault_server() as (base, hits), fake_llm(script) as (fake, url):
        http_tools(store, base, DETAIL)
        result = run(store, base, make_plan("what does item 41 cost", [["detail"]]), url)
    call = result.calls[0]
    assert call.status == "ok" and call.arguments == {"item_id": 41} and call.bound_from == {"item_id": "llm"}
    feedback = fake.requests[1]["messages"][-1]["content"]
    assert "parameter item_id" in feedback and "is not of type 'integer'" in feedback
    assert hits["/item/41"] == 1 and len(hits) == 1  # the invalid arguments never reached the tool
    assert result.answer.by == "llm" and result.answer.citations[0].call == "c1"
    assert result.answer.data == {"c1": {"item_id": 41, "price": 12.5, "stock": 3}}


def test_a_tool_the_llm_makes_up_is_a_clear_per_call_error(store) -> None:
    script = ['{"name": "delete_everything", "args": {}}'] * 3
    with fault_server() as (base, hits), fake_llm(script) as (fake, url):
        http_tools(store, base, DETAIL)
        result = run(store, base, make_plan("what does item 41 cost", [["detail"]]), url)
    call = result.calls[0]
    assert call.status == "failed" and "unknown action 'delete_everything'" in call.error and not hits
    assert result.status == "failure" and "No tool call succeeded" in result.answer.text
    assert len(fake.requests) == 3  # bounded: the retries, and no summariser call without results


def test_citations_of_calls_that_gave_nothing_are_sent_back(store) -> None:
    script = ['{"name": "detail", "args": {"item_id": 41}}',
              '{"answer": "Costs 12.5", "citations": [{"fact": "price", "call": "c9"}]}',
              '{"answer": "Costs 12.5", "citations": [{"fact": "price", "call": "c1"}]}']
    with fault_server() as (base, _), fake_llm(script) as (fake, url):
        http_tools(store, base, DETAIL)
        result = run(store, base, make_plan("what does item 41 cost", [["detail"]]), url)
    assert "c9" in json.dumps(fake.requests[2]["messages"][-1]) and result.answer.citations[0].call == "c1"
