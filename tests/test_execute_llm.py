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


def test_the_llm_picks_the_fields_a_big_response_keeps(store) -> None:
    script = ['{"name": "big", "args": {}}',
              '{"fields": ["price", "nope"]}', '{"fields": ["price"]}',
              '{"answer": "Prices listed [c1].", "citations": [{"fact": "prices", "call": "c1"}]}']
    with fault_server() as (base, _), fake_llm(script) as (fake, url):
        http_tools(store, base, {"big": {"path": "/big"}})
        result = run(store, base, make_plan("list the records", [["big"]]), url)
    call = result.calls[0]
    assert call.status == "ok" and call.raw_chars > 1024 >= call.result_chars
    kept = json.dumps(call.result)
    assert '"price"' in kept and "xxxxxxxx" not in kept
    assert "no such field(s): nope" in fake.requests[2]["messages"][-1]["content"]


def test_rules_alone_keep_labels_and_the_fields_downstream_tools_name() -> None:
    from toolgraph.execute.compress import compress, dumps

    value = {"records": [{"id": i, "name": f"n{i}", "price": i * 1.5, "blurb": "x" * 200} for i in range(30)]}
    plain = dumps(compress(value, request="list the records"))
    hinted = dumps(compress(value, keep={"price"}, request="list the records"))
    assert len(plain) <= 1024 and len(hinted) <= 1024
    assert '"name"' in plain and '"price"' not in plain and '"price"' in hinted
    assert '"blurb"' not in plain and compress({"a": 1}) == {"a": 1}  # small responses stay whole
