"""Following an id one step further (toolgraph.execute.follow): a run that stopped one lookup short of what the
request asks calls the API's lookup of that thing and is judged again; against a real local HTTP service and the real
embedded server (and Neo4j for the lookup query)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest

from tests.conftest import ON_BOTH_BACKENDS
from tests.exec_helpers import GROUP, JsonHandler, http_tools, make_plan, serving
from toolgraph.config import ExecGroup
from toolgraph.execute import RunConfig
from toolgraph.execute.follow import lookups, to_follow
from toolgraph.execute.http import HttpExecutor
from toolgraph.execute.models import CallRecord
from toolgraph.execute.outcome import holds_id, judge
from toolgraph.execute.run import execute_plan
from toolgraph.planner.chains import changes_data
from toolgraph.text.reading import abbreviates, pick, read
from toolgraph.text.words import stem
from toolgraph.tool import Tool

BATCHES = {"BT-0436": {"batch_id": "BT-0436", "beer": "Lanternlight Pale", "fg": 1.011, "brite_tank": "BBT-1"}}
TANKS = {"BBT-1": {"tank_id": "BBT-1", "name": "Brite tank 1", "capacity_l": 3000}}
SEEN: list[str] = []


@pytest.fixture
def brewery() -> Iterator[str]:
    """Batches (the tank they sit in, by its code only), tanks by id, and a write that must never be followed."""

    class Handler(JsonHandler):
        def do_GET(self) -> None:  # noqa: N802
            segs = urlsplit(self.path).path.strip("/").split("/")
            SEEN.append(self.path)
            if len(segs) == 2 and segs[0] == "batches" and segs[1] in BATCHES:
                return self._send(200, BATCHES[segs[1]])
            if len(segs) == 2 and segs[0] == "tanks" and segs[1] in TANKS:
                return self._send(200, TANKS[segs[1]])
            return self._send(404, {"error": "not found"})

        def do_POST(self) -> None:  # noqa: N802
            SEEN.append("POST " + self.path)
            return self._send(200, {"ok": True})

    SEEN.clear()
    with serving(Handler) as base:
        yield base


def tools(store, base: str) -> None:
    http_tools(store, base, {
        "batch": {"path": "/batches/{batch_id}", "required": [("batch_id", "string", "path")],
                  "description": "One brewing batch: beer, gravities, the tank it sits in"},
        "tank": {"path": "/tanks/{tank_id}", "required": [("tank_id", "string", "path")],
                 "description": "One tank: name and capacity in litres"},
        "drain": {"path": "/tanks/{tank_id}/drain", "method": "POST", "required": [("tank_id", "string", "path")]},
    })


def run(store, plan, config: RunConfig | None = None):
    executor = HttpExecutor({GROUP: ExecGroup(allow_private=True)})
    config = config or RunConfig(retries=0, backoff_s=0.01, call_timeout_s=5, run_timeout_s=20, replans=0)
    return asyncio.run(execute_plan(store, plan, executors=[executor], config=config))


QUERY = "batch BT-0436: which tank is it sitting in now, and how many litres does that tank hold?"


@ON_BOTH_BACKENDS
def test_a_run_one_lookup_short_follows_the_id_to_the_lookup_and_then_answers(store, brewery) -> None:
    tools(store, brewery)
    result = run(store, make_plan(QUERY, [["batch"]]))
    assert result.status == "success", result.reasons
    assert [c.tool for c in result.calls] == [f"{GROUP}/batch", f"{GROUP}/tank"]
    tank = result.calls[1]
    assert tank.arguments == {"tank_id": "BBT-1"} and tank.level == 1
    assert "3000" in result.answer.text and result.levels[-1] == [tank.id]
    assert [t.id for t in result.plan.tools][-1] == f"{GROUP}/tank"  # (the plan shows the step it took)
    assert not any(s.startswith("POST") for s in SEEN)  # a write is never followed


def test_without_following_the_same_run_is_partial_and_names_the_thing_only_referenced(store, brewery) -> None:
    tools(store, brewery)
    config = RunConfig(retries=0, backoff_s=0.01, call_timeout_s=5, run_timeout_s=20, replans=0, follow=False)
    result = run(store, make_plan(QUERY, [["batch"]]), config)
    assert result.status == "partial"
    assert any("that tank" in r and "only its id" in r for r in result.reasons), result.reasons
    assert [c.tool for c in result.calls] == [f"{GROUP}/batch"]


def test_a_lookup_that_does_not_answer_is_not_kept(store, brewery) -> None:
    tools(store, brewery)
    BATCHES["BT-0999"] = {"batch_id": "BT-0999", "beer": "Gone", "brite_tank": "BBT-9"}  # (no such tank: 404)
    try:
        result = run(store, make_plan("batch BT-0999: how many litres does that tank hold?", [["batch"]]))
    finally:
        del BATCHES["BT-0999"]
    assert result.status == "partial"
    assert [c.tool for c in result.calls] == [f"{GROUP}/batch"] and len(result.levels) == 1
    assert any(p.startswith("/tanks/BBT-9") for p in SEEN)  # (it was tried)


def test_only_lookups_of_one_thing_by_its_id_that_never_write_are_followed() -> None:
    def tool(name: str, required: list[str], method: str = "GET") -> Tool:
        return Tool(id=f"g/{name}", name=name, method=method,
                    required_params=[{"name": n, "type": "string"} for n in required])

    found = lookups([tool("get_tank", ["tank_id"]), tool("GET /fabrics/{id}", ["id"]), tool("search", ["query"]),
                     tool("list_visits", []), tool("move", ["tank_id", "to"]), tool("drain", ["tank_id"], "POST")],
                    changes_data)
    assert {lk.tool.name: set(lk.kinds) for lk in found} == {"get_tank": {"tank"}, "GET /fabrics/{id}": {"fabric"}}


def test_what_holds_an_id_of_a_thing() -> None:
    tank = frozenset({"tank"})
    assert holds_id({"brite_tank": "BBT-1"}, tank) and holds_id({"tank_id": 4}, tank)
    assert holds_id({"tanks": [{"id": "T1", "name": "one"}]}, tank) and holds_id({"id": "T1"}, tank, "gettank")
    assert not holds_id({"tank": "the big one"}, tank) and not holds_id({"id": "B1"}, tank, "getbatch")


def test_the_lookups_to_follow_are_of_things_the_request_names_and_not_called_yet() -> None:
    plan = make_plan(QUERY, [["batch"]])
    batch = CallRecord(id="c1", tool=f"{GROUP}/batch", level=0, status="ok", raw_value=BATCHES["BT-0436"])
    found = lookups([Tool(id=f"{GROUP}/tank", name="tank", method="GET",
                          required_params=[{"name": "tank_id", "type": "string"}]),
                     Tool(id=f"{GROUP}/beer", name="beer", method="GET",
                          required_params=[{"name": "beer_id", "type": "string"}])], changes_data)
    assert [(lk.tool.name, goal.id) for lk, goal in to_follow(plan.query, plan, [batch], found)] == [("tank", "c1")]
    assert to_follow("what final gravity did batch BT-0436 reach?", plan, [batch], found) == []
    other = CallRecord(id="c0", tool=f"{GROUP}/tanks", level=0, status="ok", raw_value={"tank_id": "BBT-2"})
    assert to_follow(plan.query, plan, [other, batch], found) == []  # (two tanks on the way: which is meant?)


def test_that_thing_answered_by_its_id_alone_is_no_success() -> None:
    plan = make_plan(QUERY, [["batch"]])
    batch = CallRecord(id="c1", tool=f"{GROUP}/batch", level=0, status="ok", raw_value=BATCHES["BT-0436"])
    outcome = judge(QUERY, plan, [batch])
    assert outcome.status == "partial" and any("that tank" in r for r in outcome.reasons)
    nested = batch.model_copy(update={"raw_value": {**BATCHES["BT-0436"], "tank": TANKS["BBT-1"]}})
    assert not any("that tank" in r for r in judge(QUERY, plan, [nested]).reasons)


def test_an_id_whose_letters_name_its_kind_binds_after_another_noun() -> None:
    """"In game BK-40788" for ``booking_id``: BK stands for booking; never for ``puzzle_id``."""
    offers = read("In game BK-40788, which puzzle did the team get their first hint on?", set())
    hit = pick("booking_id", "string", "", offers, set(), True)
    assert hit is not None and hit[0] == "BK-40788"
    assert pick("puzzle_id", "string", "", offers, set(), True) is None
    assert abbreviates("BK-40788", {"booking", "id"}, strict=True)
    assert not abbreviates("BK-40788", {"id"}, strict=True) and abbreviates("BK-40788", {"id"})
    assert not abbreviates("sev1", {"server", "id"}, strict=True)  # ("open sev1 incidents": no server's id)


def test_a_listed_thing_is_followed_to_its_lookup_though_the_request_names_no_kind() -> None:
    """"How much a metre is the Harbour Navy Twill, and which mill weaves it?": the fabric search's hit, then the
    fabric's lookup (the request never says "fabric")."""
    query = "How much a metre is the Harbour Navy Twill, and which mill weaves it?"
    plan = make_plan(query, [["searchfabrics"]])
    hits = CallRecord(id="c1", tool=f"{GROUP}/searchfabrics", level=0, status="ok", raw_value={
        "fabrics": [{"fabric_code": "FB-118", "name": "Harbour Navy Twill", "price_per_m": 42.0}]})
    found = lookups([Tool(id=f"{GROUP}/getfabric", name="getFabric", method="GET",
                          required_params=[{"name": "fabric_code", "type": "string"}])], changes_data)
    assert [(lk.tool.name, goal.id) for lk, goal in to_follow(query, plan, [hits], found)] == [("getFabric", "c1")]


def test_a_lookup_is_one_named_for_the_thing_it_gives() -> None:
    def tool(name: str, param: str) -> Tool:
        return Tool(id=f"g/{name}", name=name, method="GET", required_params=[{"name": param, "type": "string"}])

    found = lookups([tool("getFlightPlan", "plan_id"), tool("getFabricByCode", "fabric_code"),
                     tool("get_nutrition", "recipe_id"), tool("listSitePackages", "site_id"),
                     tool("get_leave_balance", "employee_id")], changes_data)
    assert {lk.tool.name: set(lk.kinds) for lk in found} == {"getFlightPlan": {"plan"}, "getFabricByCode": {"fabric"}}


def test_one_of_several_listed_is_followed_only_when_the_request_picks_one() -> None:
    plan = make_plan("how much do i still owe on my booking?", [["bookings"]])
    listed = CallRecord(id="c1", tool=f"{GROUP}/bookings", level=0, status="ok", raw_value={"bookings": [
        {"booking_ref": "GF-30610", "date": "2027-03-02"}, {"booking_ref": "GF-30688", "date": "2027-04-11"}]})
    found = lookups([Tool(id=f"{GROUP}/getbooking", name="getBooking", method="GET",
                          required_params=[{"name": "booking_ref", "type": "string"}])], changes_data)
    assert to_follow(plan.query, plan, [listed], found) == []
    query = "how much do i still owe on my latest booking?"
    assert [lk.tool.name for lk, _ in to_follow(query, make_plan(query, [["bookings"]]), [listed], found)] == [
        "getBooking"]


def test_one_of_several_listed_is_followed_when_the_request_names_it() -> None:
    query = "When does the Hillcrest branch close on Saturdays?"
    plan = make_plan(query, [["branches"]])
    listed = CallRecord(id="c1", tool=f"{GROUP}/branches", level=0, status="ok", raw_value={"branches": [
        {"branch_id": "BR-CEN", "name": "Central"}, {"branch_id": "BR-HIL", "name": "Hillcrest"}]})
    found = lookups([Tool(id=f"{GROUP}/getbranch", name="getBranch", method="GET",
                          required_params=[{"name": "branch_id", "type": "string"}])], changes_data)
    assert [lk.tool.name for lk, _ in to_follow(query, plan, [listed], found)] == ["getBranch"]


def test_a_lookup_named_for_its_things_record_and_an_id_a_description_glosses_in_code_are_followed() -> None:
    """"Get a mooring site" and "Get a boater's contact details" look one thing up by its id (not
    listSitePackages); a boat's `home` glossed as "home mooring id" holds the mooring's id, and its `wway`,
    "waterway code of the home mooring", a waterway's, not a second mooring's."""
    from toolgraph.execute.outcome import ids_of
    from toolgraph.text.glossary import glossed, key_meanings, terse_id

    def tool(name: str, required: list[str]) -> Tool:
        return Tool(id=f"g/{name}", name=name, method="GET",
                    required_params=[{"name": n, "type": "string"} for n in required])

    found = lookups([tool("Get a mooring site", ["mooring_id"]), tool("Get a boater's contact details",
                                                                      ["boater_id"]),
                     tool("listSitePackages", ["site_id"])], changes_data)
    assert [lk.tool.name for lk in found] == ["Get a mooring site", "Get a boater's contact details"]
    described = ("The register entry of one boat: `id` boat id; `nm` boat name; `home` home mooring id (`MR-###`); "
                 "`wway` waterway code of the home mooring (MOR, LRK).")
    boat = {"id": "NB-2231", "nm": "Tansy Lee", "home": "MR-305", "wway": "MOR"}
    assert terse_id(described, "home") == "mooring_id"
    with glossed(key_meanings(described, None, list(boat))):
        assert ids_of(boat, frozenset({stem("mooring")})) == {"MR-305"}
