"""Paginated lists read to their end (toolgraph/execute/pages.py): page numbers, cursors and offsets, over a real
local HTTP service; a page parameter the service ignores, a failing page and the page cap end the reading."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from urllib.parse import parse_qs, urlsplit

import pytest

from tests.exec_helpers import GROUP, JsonHandler, http_tools, make_plan, serving
from toolgraph.config import ExecGroup
from toolgraph.execute import RunConfig
from toolgraph.execute.http import HttpExecutor
from toolgraph.execute.run import execute_plan

TICKETS = [{"ticket_id": f"T-{i}", "status": "open" if i % 3 else "closed"} for i in range(1, 8)]


@pytest.fixture
def desk() -> Iterator[str]:
    class Handler(JsonHandler):
        def do_GET(self) -> None:  # noqa: N802
            parts = urlsplit(self.path)
            query = {k: v[0] for k, v in parse_qs(parts.query).items()}
            if parts.path == "/tickets":  # page numbers, 3 a page
                page = int(query.get("page", 1))
                return self._send(200, {"tickets": TICKETS[(page - 1) * 3: page * 3], "page": page,
                                        "total_pages": 3, "total": len(TICKETS)})
            if parts.path == "/feed":  # a cursor: the index of the next record
                start = int(query.get("cursor", 0))
                nxt = start + 2 if start + 2 < len(TICKETS) else None
                return self._send(200, {"items": TICKETS[start:start + 2], "next_cursor": None if nxt is None
                                        else str(nxt)})
            if parts.path == "/stuck":  # says there is more, ignores the page asked for
                return self._send(200, {"tickets": TICKETS[:3], "has_more": True})
            if parts.path == "/broken":
                if int(query.get("page", 1)) > 1:
                    return self._send(500, {"error": "page store down"})
                return self._send(200, {"tickets": TICKETS[:3], "page": 1, "total_pages": 3})
            return self._send(404, {"error": "no such path"})

    with serving(Handler) as base:
        yield base


def run_one(store, base: str, path: str, param: str, config: RunConfig) -> object:
    http_tools(store, base, {"list": {"path": path, "optional": [(param, "integer" if param == "page" else "string",
                                                                  "query")]}})
    plan = make_plan("how many open tickets are there?", [["list"]])
    executor = HttpExecutor({GROUP: ExecGroup(allow_private=True)})
    return asyncio.run(execute_plan(store, plan, executors=[executor], config=config)).calls[0]


FAST = RunConfig(retries=0, backoff_s=0.01, call_timeout_s=5, run_timeout_s=20, learn=False, save=False)


def test_every_page_is_read_by_page_number_and_by_cursor(store, desk) -> None:
    call = run_one(store, desk, "/tickets", "page", FAST)
    assert call.status == "ok" and call.pages == 3 and len(call.raw_value["tickets"]) == 7
    call = run_one(store, desk, "/feed", "cursor", FAST)
    assert call.status == "ok" and call.pages == 4 and [t["ticket_id"] for t in call.raw_value["items"]] == \
        [t["ticket_id"] for t in TICKETS]


def test_reading_stops_at_the_cap_at_a_repeated_page_and_at_a_failing_one(store, desk) -> None:
    capped = RunConfig(**{**FAST.__dict__, "pages": 2})
    call = run_one(store, desk, "/tickets", "page", capped)
    assert call.pages == 2 and len(call.raw_value["tickets"]) == 6
    call = run_one(store, desk, "/stuck", "page", FAST)  # the same records again: no second page
    assert call.status == "ok" and call.pages == 1 and len(call.raw_value["tickets"]) == 3
    call = run_one(store, desk, "/broken", "page", FAST)
    assert call.status == "ok" and call.pages == 1 and "page 2 not read" in (call.error or "")
