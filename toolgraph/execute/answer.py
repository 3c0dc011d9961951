"""The summariser: with an LLM, the answer from the request and the compressed results, citing the call behind
each fact; without one, a structured answer from the results of the last level that produced any."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from toolgraph.execute.compress import dumps, render
from toolgraph.execute.models import Answer, CallRecord, Citation


def rules_answer(query: str, levels: list[list[str]], calls: list[CallRecord]) -> Answer:
    by_id = {c.id: c for c in calls}
    last: list[CallRecord] = []
    for level in reversed(levels):
        last = [by_id[i] for i in level if by_id[i].status == "ok"]
        if last:
            break
    if not last:
        failed = [c for c in calls if c.status == "failed"]
        why = f": {failed[0].tool}: {failed[0].error}" if failed else ""
        return Answer(text=f"No tool call succeeded for {query!r}{why}")
    lines = []
    for c in last:
        lines.append(f"From {c.tool} [{c.id}]:")
        lines += ["  " + line for line in render(c.result)]
    return Answer(text="\n".join(lines), data={c.id: c.result for c in last},
                  citations=[Citation(fact=c.tool, call=c.id) for c in last])


class _LLMAnswer(BaseModel):
    answer: str
    citations: list[Citation] = []


def llm_answer(llm: Any, query: str, levels: list[list[str]], calls: list[CallRecord]) -> Answer:
    """The model writes the answer from the compressed results; it must cite calls that exist and succeeded."""
    ok = {c.id: c for c in calls if c.status == "ok"}
    if not ok:
        return rules_answer(query, levels, calls)
    results = "\n".join(f"[{c.id}] {c.tool}: {dumps(c.result)}" for c in ok.values())
    failed = "\n".join(f"[{c.id}] {c.tool}: {c.error}" for c in calls if c.status == "failed")
    messages = [
        {"role": "system", "content": "Answer the user's request from the tool results only. Cite the call id "
                                      "([c1], ...) that gave each fact. Answer with JSON only: "
                                      '{"answer": "...", "citations": [{"fact": "...", "call": "c1"}]}'},
        {"role": "user", "content": f"Request: {query}\nResults:\n{results}\nFailed calls:\n{failed or 'none'}"}]

    def check(answer: _LLMAnswer) -> str | None:
        wrong = [c.call for c in answer.citations if c.call not in ok]
        return f"citations name calls that gave no result: {', '.join(wrong)}" if wrong else None

    answer = llm.complete_json(messages, _LLMAnswer, check=check)
    cited = {c.call for c in answer.citations}
    return Answer(text=answer.answer, citations=answer.citations, by="llm",
                  data={i: c.result for i, c in ok.items() if i in cited})
