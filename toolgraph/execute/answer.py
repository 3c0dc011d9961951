"""The summariser: with an LLM, the answer from the request and the compressed results, citing the call behind
each fact; without one, a structured answer from the results of the last level that produced any."""

from __future__ import annotations

import re
from typing import Any

from pydantic import BaseModel

from toolgraph.execute.compress import dumps, record_label, render
from toolgraph.execute.models import Answer, CallRecord, Citation
from toolgraph.execute.outcome import (
    COUNT_KEYS,
    HOW_MANY_UNIT,
    MEASURED_KEYS,
    MONEY_KEYS,
    PAGING_KEYS,
    Ask,
    about_place,
    asked_fields,
    asks,
    key_parts,
    leaves,
    matching,
    meets,
    one_of_listed,
    request_words,
    selected,
    superlative_pick,
    value_at,
    via_records,
)
from toolgraph.text.reading import MEASURES, UNIT_OF
from toolgraph.text.words import singular, stem


def rules_answer(query: str, levels: list[list[str]], calls: list[CallRecord],
                 goals: list[CallRecord] | None = None) -> Answer:
    """The answer without an LLM: the fields the request asks for first, in short sentences citing the call
    (``due_date: 2026-12-03 [c2]``), then the rest of the goal results folded under ``Details``. ``goals``: the
    calls the answer rests on (default: the last level that produced any)."""
    by_id = {c.id: c for c in calls}
    last = [c for c in goals or [] if c.status == "ok"]
    for level in reversed(levels):
        if last:
            break
        last = [by_id[i] for i in level if by_id[i].status == "ok"]
    if not last:
        failed = [c for c in calls if c.status == "failed"]
        why = f": {failed[0].tool}: {failed[0].error}" if failed else ""
        return Answer(text=f"No tool call succeeded for {query!r}{why}")
    facts: list[str] = []
    details: list[str] = []
    goal_ids = {c.id for c in last}
    unmet = [a for a in asks(query) if a.kind in ("time", "person", "place") and not any(
        meets(a, c.raw_value if c.raw_value is not None else c.result, query) for c in last
        if a.kind != "place" or about_place(a, c))]
    facts_via = _via(query, calls, goal_ids, tuple(unmet))
    for c in last:
        value = c.raw_value if c.raw_value is not None else c.result
        facts += _facts(query, c, value)
        details.append(f"From {c.tool} [{c.id}]:")
        details += ["  " + line for line in _record_lines(value)]
    if facts_via:
        facts = (facts or [f"{c.tool} [{c.id}] answered." for c in last]) + ["Via: " + "; ".join(facts_via) + "."]
    text = "\n".join(facts + (["", "Details:"] if facts else []) + (["  " + d for d in details] if facts else details))
    return Answer(text=text, data={c.id: c.result for c in last},
                  citations=[Citation(fact=c.tool, call=c.id) for c in last])


def _via(query: str, calls: list[CallRecord], goal_ids: set[str], unmet: tuple[Ask, ...] = ()) -> list[str]:
    """The records the run went through on its way to the answer, each by its label, the value it handed on and
    what of it the request asks (``Beloved — book_id: B-111 [c3]``; ``total: 639.40`` of an invoice for "how
    much"; for an ask no goal call meets, ``unmet``, the fields that meet it: the apiary's address for "and where
    is its apiary?"): a later call bound that value from that record."""
    pricing = any(a.word == "how much" for a in asks(query))
    out: list[str] = []
    for up, record, name in via_records(calls, goal_ids):
        keys = asked_fields(query, record)
        asked = [(k, v) for k, v in leaves(record) if k and k[-1] != name and (
            k in keys or pricing and meets(Ask("count", "how much"), {k[-1]: v}) or
            any(meets(a, {k[-1]: v}, query) for a in unmet if a.kind != "place" or about_place(a, up)))]
        label = record_label(record)
        said = "; ".join([f"{name}: {_short(value_at(record, name))}"] +
                         [f"{'.'.join(k)}: {_short(v)}" for k, v in asked[:4] if not (label and str(v) == label)])
        line = f"{label + ' — ' if label else ''}{said} [{up.id}]"
        if line not in out:
            out.append(line)
    return out


def _records(value: Any) -> tuple[list[Any], bool]:
    """The records of a response: its list (or the one list inside an envelope), else the value itself; and
    whether they came from a list (so their number answers "how many")."""
    if isinstance(value, dict):
        lists = [v for k, v in value.items() if isinstance(v, list) and str(k).lower() not in PAGING_KEYS]
        own = [k for k, v in value.items() if not isinstance(v, list | dict) and str(k).lower() not in PAGING_KEYS]
        if len(lists) == 1 and all(not isinstance(v, dict) for v in value.values() if not isinstance(v, list)) \
                and (any(isinstance(x, dict) for x in lists[0]) or len(value) <= 3) and len(own) <= 4:  # (a
            return lists[0], True  # patient's allergies, a parcel's tracking events among its many own fields:
        return [value], False  # the record's, no envelope)
    return (value, True) if isinstance(value, list) else ([value], False)


def _record_lines(value: Any, limit: int = 10, fields: int = 14) -> list[str]:
    """Every record of a response on one line (its label, then each field: ``k: v``; lists of plain values
    joined), at most ``limit`` records; the rest counted. Values are cut at 160 characters, never dropped."""
    records, _ = _records(value)
    if not isinstance(records, list):
        return render(value)
    lines = []
    for record in records[:limit]:
        if not isinstance(record, dict):
            lines.append(_short(record))
            continue
        label = record_label(record)
        said = []
        for k, v in record.items():
            if isinstance(v, list) and all(not isinstance(x, dict | list) for x in v):
                v = ", ".join(map(str, v[:10]))
            elif isinstance(v, list):  # records inside: each by its label and first short detail
                v = ", ".join(_item(x) for x in v[:10]) + (f", … {len(v) - 10} more" if len(v) > 10 else "")
            if isinstance(v, dict):
                v = "; ".join(f"{a}: {_short(b)}" for a, b in list(v.items())[:6] if not isinstance(b, dict | list))
            if isinstance(v, list) or v in (None, "") or (label and str(v) == label):
                continue
            said.append(f"{k}: {_short(v)}")
        lines.append((f"{label} — " if label else "") + "; ".join(said[:fields]))
    if len(records) > limit:
        lines.append(f"… {len(records) - limit} more")
    if isinstance(value, dict):  # the envelope's own plain fields (a count, a status)
        extra = [f"{k}: {_short(v)}" for k, v in value.items()
                 if not isinstance(v, dict | list) and v not in (None, "")]
        if extra and records is not value and [value] != records:
            lines.append("; ".join(extra[:8]))
    return lines


def _item(x: Any, query: str = "") -> str:
    """A record inside a list by its label and first short detail; with ``query``, the details the request names
    first ("who operates each one": a terminal's ``operator``)."""
    if not isinstance(x, dict):
        return _short(x)
    label = record_label(x)
    keys = asked_fields(query, x) if query else []
    asked = [f"{'.'.join(k)}: {_short(v)}" for k, v in leaves(x) if k in keys and str(v) != label][:2]
    if asked:
        return (label or _short(dumps(x))) + f" ({'; '.join(asked)})"
    details = [f"{v}" for k, v in x.items() if isinstance(v, str | int | float) and not isinstance(v, bool)
               and str(v) != label and k not in ("id", "name", "title") and len(str(v)) < 60][:1]
    return (label or _short(dumps(x))) + (f" ({details[0]})" if details else "")


def _short(v: Any) -> str:
    text = str(v)
    return text if len(text) <= 160 else text[:157] + "…"


def _facts(query: str, call: CallRecord, value: Any) -> list[str]:
    """Short sentences for what the request asks, from one call's response."""
    asked = asks(query)
    words = request_words(query)
    records, listed = _records(value)
    out: list[str] = []
    counting = any(a.kind == "count" for a in asked)
    lists = [v for v in (value.values() if isinstance(value, dict) else [])
             if isinstance(v, list) and v and all(isinstance(x, dict) for x in v)]
    among = records if listed else lists[0] if len(lists) == 1 else []  # the records to pick from
    if isinstance(value, dict) and sum(  # a record with a list inside (a train's stops) is no list of
            isinstance(v, str) and str(k).lower() not in PAGING_KEYS for k, v in value.items()) > 1:  # records to
        among = []  # pick from; an envelope holds one list and little else (an account id, paging)
    pick = selected(query, among) if counting else None
    ranked = among or (lists[0] if len(lists) == 1 else [])
    top = superlative_pick(query, ranked) if pick is None else None
    if top is not None:  # "the highest offer still on the table": that one, by the number ranked
        words, key, record = top
        label = record_label(record)
        out.append(f"{words[0].upper()}{words[1:]} of the {len(ranked)} found by {call.tool} [{call.id}], by {key}: "
                   f"{label + ' — ' if label else ''}{key}: {record[key]}.")
        records = [record]
    elif pick is not None:  # "how many servers ... in eu-west-1" over every server of the project: those in it
        key, named, hits = pick
        labels = [lab for r in hits[:5] if (lab := record_label(r))]
        out.append(f"{len(hits)} of the {len(among)} found by {call.tool} [{call.id}] have "
                   + (f"{key}: {str(named).lower()}" if isinstance(named, bool) else f"{key} {named}")
                   + (f": {', '.join(labels)}{', …' if len(hits) > 5 else ''}" if labels else "")
                   + ".")
        records = hits
    elif (match := matching(query, pool := among or (lists[0] if len(lists) == 1 else []))) is not None:  # "any
        conditions, hits = match  # aisle seats with extra legroom still free": those meeting every condition
        labels = [lab for r in hits[:8] if (lab := record_label(r))]
        out.append(f"{len(hits)} of the {len(pool)} found by {call.tool} [{call.id}] have "
                   f"{', '.join(conditions)}" + (f": {', '.join(labels)}{', …' if len(hits) > 8 else ''}"
                                                 if labels else "") + ".")
        records = hits
    elif listed and counting:
        labels = [lab for r in records[:5] if isinstance(r, dict) and (lab := record_label(r))]
        more = ", …" if len(records) > 5 else ""
        out.append(f"{len(records)} found by {call.tool} [{call.id}]" + (f": {', '.join(labels)}{more}"
                                                                          if labels else "") + ".")
    named = _named_record(query, value) if top is None else None
    if named is not None:  # "how much is the Ultimate Shine": that package of the site's list, all it says
        out.insert(0, f"{record_label(named)} — " + "; ".join(
            f"{k}: {_short(v)}" for k, v in named.items() if not isinstance(v, dict | list) and v not in (None, "")
            and str(v) != record_label(named))[:400] + f" [{call.id}].")
    totals = {} if one_of_listed(query, call) else _totals(query, records)  # "how much did he spend", "how
    # many litres": the sum over the records (not over the invoices of "the invoice for his party")
    if totals:
        out.append(f"Their total over {len(records)}: " + "; ".join(f"{k}: {round(v, 2):g}" for k, v in totals.items())
                   + f" [{call.id}].")
    for record in records[:10]:
        if not isinstance(record, dict | list):
            if record not in (None, "") and not out:
                out.append(f"{_short(record)} [{call.id}].")
            continue
        keys = asked_fields(query, record)
        lists = [(k, v) for k, v in record.items() if isinstance(v, list) and v and
                 {stem(p) for p in key_parts(str(k))} & words] if isinstance(record, dict) else []
        pairs = [(k, v) for k, v in leaves(record)
                 if k in keys or any(meets(a, {k[-1] if k else "value": v}, query) for a in asked
                                     if a.kind in ("time", "person", "place"))]  # ("when should it arrive":
        # estimated_delivery, not every event's date)
        pairs = [p for p in pairs if not any(p[0][:1] == (k,) for k, _ in lists)]
        pairs.sort(key=lambda p: p[0] not in keys)  # the fields the request names first ("on Sundays": sunday)
        if not pairs and not lists:
            continue
        label = record_label(record) if isinstance(record, dict) else None
        said = "; ".join([f"{k}: {', '.join(_item(x, query) for x in v[:5])}{', …' if len(v) > 5 else ''}"
                          for k, v in lists[:3]] +  # "show its cast and crew": cast: Leonardo DiCaprio (Jack ...
                         [f"{'.'.join(k) or 'value'}: {_short(v)}" for k, v in pairs[:6]
                          if not (label and str(v) == label)])
        if said:
            out.append(f"{label + ' — ' if label else ''}{said} [{call.id}].")
        elif label:
            out.append(f"{label} [{call.id}].")
    return out


def _named_record(query: str, value: Any) -> dict[str, Any] | None:
    """The one record, in a list within a response (a site's ``packages``), whose label the request names as a
    phrase ("how much is the Ultimate Shine at ..."); None when none or several are."""
    lists = []
    if isinstance(value, list):
        lists.append(value)
    elif isinstance(value, dict):
        lists += [v for v in value.values() if isinstance(v, list)]
    text = f" {' '.join(re.findall(r'[a-z0-9]+', query.lower()))} "
    hits = []
    for listed in lists:
        for r in listed[:200]:
            label = record_label(r) if isinstance(r, dict) else None
            words = " ".join(re.findall(r"[a-z0-9]+", label.lower())) if label else ""
            if len(words) >= 4 and f" {words} " in text:
                hits.append(r)
    return hits[0] if len(hits) == 1 else None


def _totals(query: str, records: list[Any]) -> dict[str, float]:
    """Over two or more records, the sums of the fields holding the amount asked: money for "how much did she
    spend" (``total_gbp``, ``fee``), the unit named for "how many litres" (``litres``); never a rate
    (``price_per_litre``)."""
    q = query.lower()
    unit_ask = HOW_MANY_UNIT.search(q)
    unit = (UNIT_OF.get(unit_ask.group(1)) or UNIT_OF.get(singular(unit_ask.group(1)))) if unit_ask else None
    if len(records) < 2 or (unit is None and "how much" not in q):
        return {}
    wanted = MEASURES[unit] | {unit} if unit else MONEY_KEYS | MEASURED_KEYS | COUNT_KEYS | {"spent", "spend"}
    totals: dict[str, float] = {}
    for r in records:
        for k, v in (r.items() if isinstance(r, dict) else ()):
            parts = {singular(p) for p in key_parts(str(k))} | set(key_parts(str(k)))
            if isinstance(v, int | float) and not isinstance(v, bool) and parts & wanted and "per" not in parts:
                totals[k] = totals.get(k, 0.0) + v
    return totals


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
