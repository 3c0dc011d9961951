"""Faults, each against a real local HTTP service and the real HTTP executor: a clear per-call error, a run that
ends within its deadline, and learning written once, whole."""

from __future__ import annotations

import asyncio
import time

import pytest

from tests.exec_helpers import GROUP, fault_server, http_tools, make_plan
from toolgraph.config import ExecGroup
from toolgraph.errors import ArgumentError, ToolCallError
from toolgraph.execute import RunConfig, execute_plan
from toolgraph.execute.base import ExecTool
from toolgraph.execute.http import HttpExecutor, check_target
from toolgraph.execute.runner import shorter

FAST = RunConfig(call_timeout_s=1.0, run_timeout_s=10.0, retries=2, backoff_s=0.05, substitutes=0)


def run(store, plan, *, private: bool = True, config: RunConfig = FAST, llm=None, **group):
    executor = HttpExecutor({GROUP: ExecGroup(allow_private=private, **group)}, max_response_bytes=1_000_000)
    return asyncio.run(execute_plan(store, plan, executors=[executor], llm=llm, config=config))


@pytest.fixture
def service():
    with fault_server() as s:
        yield s


def tools_for(store, base, *names):
    http_tools(store, base, {n: {"path": f"/{n}"} for n in names})


def test_a_two_level_chain_is_bound_from_the_upstream_result(store, service) -> None:
    base, hits = service
    http_tools(store, base, {"find": {"path": "/item", "required": [("name", "string", "query")]},
                             "detail": {"path": "/item/{item_id}", "required": [("item_id", "integer", "path")]}})
    result = run(store, make_plan('price of the "Blue Lamp"', [["find"], ["detail"]], [("find", "detail", "item_id")]))
    find, detail = result.calls
    assert find.arguments == {"name": "Blue Lamp"} and detail.arguments == {"item_id": 41}
    assert detail.bound_from == {"item_id": "c1:results[0].item_id"}
    assert result.status == "success" and "price: 12.5" in result.answer.text


def test_a_lookup_that_finds_nothing_by_a_long_name_is_asked_again_with_fewer_of_its_words(store, service) -> None:
    base, hits = service
    http_tools(store, base, {"find_shops": {"path": "/shops", "required": [("city", "string", "query")]},
                             "get_shop": {"path": "/shops/{shop_id}", "required": [("shop_id", "integer", "path")]}})
    result = run(store, make_plan("what are the opening hours of the lyon airport shop?", [["find_shops"], ["get_shop"]],
                                  [("find_shops", "get_shop", "shop_id")]))
    find, detail = result.calls
    assert find.arguments == {"city": "lyon"} and hits["/shops"] == 2  # 'lyon airport' found nothing, 'lyon' did
    assert "narrowed to 'lyon': 'lyon airport' found nothing" in find.bound_from["city"]
    assert detail.arguments == {"shop_id": 8}  # the word left out picks the record
    assert result.status == "success" and "06:00-23:30" in result.answer.text
    assert shorter("new york city") == ["new york", "new", "york city", "city"] and shorter("lyon") == []


def test_a_lookup_by_its_one_filter_that_finds_nothing_is_asked_by_its_other_filter(store, service) -> None:
    """"who here does coptic stitch bindings?" read as a binder's name finds nobody; by the lookup's other text
    filter, ``skill``, it finds the binder (and the binding says so)."""
    base, hits = service
    http_tools(store, base, {"find_binders": {"path": "/binders", "optional": [("name", "string", "query"),
                                                                                ("skill", "string", "query")]}})
    result = run(store, make_plan("who here does coptic stitch bindings?", [["find_binders"]]))
    find = result.calls[0]
    assert find.arguments == {"skill": "coptic stitch"} and hits["/binders"] == 2
    assert "other filter: name 'coptic stitch' found nothing" in find.bound_from["skill"]
    assert result.status == "success" and "Matthias Brenning" in result.answer.text


def test_hang_500_429_malformed_and_huge(store, service) -> None:
    base, hits = service
    tools_for(store, base, "hang", "flaky", "limited", "malformed", "huge")
    started = time.monotonic()
    result = run(store, make_plan("faults", [["hang", "flaky", "limited", "malformed", "huge"]]),
                 config=RunConfig(call_timeout_s=1.0, run_timeout_s=8.0, retries=1, backoff_s=0.05, substitutes=0))
    elapsed = time.monotonic() - started
    calls = {c.tool.rsplit("/", 1)[1]: c for c in result.calls}
    assert calls["hang"].status == "failed" and "no answer within 1 s" in calls["hang"].error
    assert calls["hang"].attempts == 2  # a timeout is retryable, once here
    assert calls["flaky"].status == "ok" and calls["flaky"].attempts == 2 and hits["/flaky"] == 2
    assert calls["limited"].status == "ok" and calls["limited"].attempts == 2
    assert calls["malformed"].status == "failed" and "not valid JSON" in calls["malformed"].error
    assert calls["malformed"].attempts == 1  # not retryable
    assert calls["huge"].status == "failed" and "over the cap of 1000000" in calls["huge"].error
    assert result.status == "partial" and elapsed < 8.0
    # learning: one success or failure per call, on the tools' counts
    counts = {r["id"].rsplit("/", 1)[1]: (r["ok"], r["failed"]) for r in result.learned["outcomes"]}
    assert counts == {"hang": (0, 1), "flaky": (1, 0), "limited": (1, 0), "malformed": (0, 1), "huge": (0, 1)}
    row = store.query("tool_details", id=f"{GROUP}/flaky")[0]
    assert (row["exec_ok"], row["exec_failed"]) == (1, 0)
    assert store.query("get_run", id=result.id)  # stored with its calls
    assert result.learned["call_path"] is None  # a partial run is not a call path


def test_retry_after_is_honoured(store, service) -> None:
    base, _ = service
    tools_for(store, base, "limited")
    started = time.monotonic()
    result = run(store, make_plan("x", [["limited"]]))
    assert result.calls[0].status == "ok" and time.monotonic() - started >= 1.0  # waited the Retry-After second


def test_redirect_to_link_local_is_refused(store, service) -> None:
    base, hits = service
    http_tools(store, base, {"redirect": {"path": "/redirect"}})
    result = run(store, make_plan("x", [["redirect"]]), allow_hosts=["127.0.0.1"])
    call = result.calls[0]
    assert call.status == "failed" and "refused '169.254.169.254'" in call.error and hits["/redirect"] == 1


def test_a_group_without_allow_private_cannot_reach_loopback(store, service) -> None:
    base, hits = service
    tools_for(store, base, "ok")
    result = run(store, make_plan("x", [["ok"]]), private=False)
    assert "non-public address 127.0.0.1" in result.calls[0].error and not hits  # no request was sent


@pytest.mark.parametrize("url", ["http://169.254.169.254/latest", "http://localhost:1/", "http://10.0.0.8/",
                                 "http://[::1]:8/", "file:///etc/passwd"])
def test_check_target_refuses_non_public_addresses(url: str) -> None:
    host = url.split("//")[1].split("/")[0].rsplit(":", 1)[0].strip("[]") or "x"
    with pytest.raises(ToolCallError, match="refused"):
        asyncio.run(check_target(url, {host, "localhost", "::1"}, False, "t"))


def test_a_deadline_expiring_mid_level_ends_the_run(store, service) -> None:
    base, _ = service
    tools_for(store, base, "hang", "ok", "after")
    plan = make_plan("x", [["hang", "ok"], ["after"]], [("hang", "after", None)])
    started = time.monotonic()
    result = run(store, plan, config=RunConfig(call_timeout_s=5.0, run_timeout_s=1.5, retries=0, substitutes=0))
    assert time.monotonic() - started < 4.0
    calls = {c.tool.rsplit("/", 1)[1]: c for c in result.calls}
    assert calls["ok"].status == "ok"
    assert calls["hang"].status == "failed" and "deadline" in calls["hang"].error
    assert calls["after"].status == "skipped" and "upstream call" in calls["after"].error
    rows = {r["id"].rsplit("/", 1)[1]: r for r in result.learned["outcomes"]}
    assert set(rows) == {"hang", "ok"}  # the skipped call was never made: no count


def test_a_failed_call_is_replaced_by_a_similar_tool(store, service) -> None:
    base, _ = service
    tools_for(store, base, "missing", "ok")
    store.query("job_write_similar", rows=[{"a": f"{GROUP}/missing", "b": f"{GROUP}/ok", "score": 0.9, "io": 1.0,
                                            "text": 0.9, "neighbours": 0.5}])
    result = run(store, make_plan("x", [["missing"]]), config=RunConfig(retries=0, substitutes=2))
    call = result.calls[0]
    assert call.status == "ok" and call.tool == f"{GROUP}/ok" and call.substitute_for == f"{GROUP}/missing"
    assert "HTTP 404" in call.error  # the planned tool's failure stays on the record
    counts = {r["id"]: (r["ok"], r["failed"]) for r in result.learned["outcomes"]}
    assert counts == {f"{GROUP}/missing": (0, 1), f"{GROUP}/ok": (1, 0)}


def test_an_unbindable_required_parameter_names_it(store, service) -> None:
    base, hits = service
    http_tools(store, base, {"detail": {"path": "/item/{item_id}", "required": [("item_id", "integer", "path")]}})
    result = run(store, make_plan("show the details", [["detail"]]))
    assert "cannot bind the required parameter 'item_id'" in result.calls[0].error and not hits


def test_group_headers_are_sent_but_never_stored(store, service) -> None:
    base, _ = service
    tools_for(store, base, "echo")
    result = run(store, make_plan("x", [["echo"]]), headers={"X-Api-Key": "s3cret-value"})
    assert result.calls[0].status == "ok"
    assert "s3cret-value" not in str(store.query("export_nodes"))


def test_unknown_tool_in_a_plan_is_a_per_call_error(store) -> None:
    plan = make_plan("x", [["nowhere"]])
    result = run(store, plan)
    assert result.calls[0].status == "failed" and "unknown tool" in result.calls[0].error
    assert ExecTool(id="a", name="a").mutating is False


def test_path_query_header_and_body_parameters_go_where_the_spec_says(store, service) -> None:
    base, _ = service
    http_tools(store, base, {"order": {"path": "/orders/{shop}", "method": "POST", "required": [
        ("shop", "string", "path"), ("size", "integer", "query"), ("X-Trace", "string", "header"),
        ("item", "string", "body")]}})
    executor = HttpExecutor({GROUP: ExecGroup(allow_private=True)})
    from toolgraph.execute.params import validate
    from toolgraph.execute.runner import load_tool

    tool = load_tool(store, f"{GROUP}/order")
    assert tool.mutating
    args = validate(tool, {"shop": "a b/c", "size": "3", "X-Trace": "t-1", "item": "lamp"})
    assert args["size"] == 3  # coerced from text
    result = asyncio.run(executor.call(tool, args, timeout_s=5))
    assert result.value == {"method": "POST", "path": "/orders/a%20b%2Fc", "query": {"size": "3"}, "trace": "t-1",
                            "body": {"item": "lamp"}}
    from toolgraph.errors import ArgumentError

    with pytest.raises(ArgumentError, match="unknown parameter"):
        validate(tool, {**args, "extra": 1})
    with pytest.raises(ArgumentError, match="parameter arguments: 'item' is a required property"):
        validate(tool, {k: v for k, v in args.items() if k != "item"})


def test_the_binder_reads_nested_fields_enums_and_years() -> None:
    from toolgraph.execute.params import Upstream, bind, find_field
    from toolgraph.models import Param

    value = {"page": 1, "results": [{"id": 7, "owner": {"user_id": 99}}]}
    assert find_field(value, ["user_id"]) == (99, "results[0].owner.user_id")
    tool = ExecTool(id="t", name="t", required_params=[
        Param(name="user_id", type="integer"), Param(name="year", type="integer"),
        Param(name="sort", type="string", enum=["asc", "desc"]), Param(name="title", type="string")])
    binding = bind(tool, 'Films by "Sofia Coppola" from 2003, desc order', [Upstream("c1", "s", value)])
    assert binding.arguments == {"user_id": 99, "year": 2003, "sort": "desc", "title": "Sofia Coppola"}
    assert binding.sources["user_id"] == "c1:results[0].owner.user_id"


def test_an_id_the_upstream_description_calls_another_kinds_fills_that_kinds_parameter() -> None:
    from toolgraph.execute.params import Upstream, bind
    from toolgraph.models import Param
    from toolgraph.text.schema import described_id_aliases

    said = described_id_aliases("A student's record. Returns {student_id, name, advisor_id} where advisor_id is "
                                "the teacher id (TCH-xx) of the student's advisor; owner_id (the engineer's id)")
    assert said == {"advisor_id": "teacher_id", "owner_id": "engineer_id"}
    teacher = ExecTool(id="t", name="get_teacher", required_params=[Param(name="teacher_id", type="string")])
    student = {"student_id": "S-2043", "name": "Mei Lin", "advisor_id": "TCH-03"}
    binding = bind(teacher, "who is the advisor of student S-2043?",
                   [Upstream("c1", "get_student", student, "teacher_id", aliases=said)])
    assert binding.arguments == {"teacher_id": "TCH-03"} and binding.sources == {"teacher_id": "c1:advisor_id"}
    with pytest.raises(ArgumentError, match="'teacher_id'"):  # without the description's word: no guess
        bind(teacher, "who is the advisor of student S-2043?", [Upstream("c1", "get_student", student, "teacher_id")])


def test_an_id_under_a_part_of_its_kinds_word_fills_it_and_one_persons_id_fills_no_other_role() -> None:
    """Along the edge for ``beekeeper_id``, the apiary's ``keeper_id`` (the end of the kind's word); a student's
    id fills the sessions' ``student_id`` filter, never the ``tutor_id`` beside it."""
    from toolgraph.execute.params import Upstream, bind
    from toolgraph.models import Param

    keeper = ExecTool(id="t", name="get_beekeeper", required_params=[Param(name="beekeeper_id", type="string")])
    apiary = {"apiary_id": "AP-07", "name": "Cold Ashby Churchyard", "keeper_id": "BK-19"}
    binding = bind(keeper, "who keeps it?", [Upstream("c1", "get_apiary", apiary, "beekeeper_id")])
    assert binding.arguments == {"beekeeper_id": "BK-19"} and binding.sources == {"beekeeper_id": "c1:keeper_id"}
    sessions = ExecTool(id="s", name="list_sessions", optional_params=[
        Param(name="student_id", type="string"), Param(name="tutor_id", type="string")])
    students = {"students": [{"student_id": "ST-501", "name": "Calla Brightwater"}]}
    binding = bind(sessions, "how many of calla brightwater's sessions were completed?",
                   [Upstream("c1", "find_students", students, "student_id")])
    assert binding.arguments == {"student_id": "ST-501"}


def test_the_record_holding_the_day_the_request_gives_comes_first() -> None:
    from toolgraph.execute.params import Upstream, bind
    from toolgraph.models import Param

    pitch = ExecTool(id="t", name="get_pitch", required_params=[Param(name="pitch_id", type="string")])
    bookings = {"bookings": [{"booking_id": "B-1", "pitch_id": "P-02", "arrive": "2027-06-01"},
                             {"booking_id": "B-2", "pitch_id": "M-07", "arrive": "2027-08-14"}]}
    binding = bind(pitch, "Priyanka Sethuraman's booking arriving 8/14/2027: which pitch is she on?",
                   [Upstream("c1", "list_bookings", bookings, "pitch_id")])
    assert binding.arguments == {"pitch_id": "M-07"} and binding.sources == {"pitch_id": "c1:bookings[1].pitch_id"}
    dog = ExecTool(id="d", name="get_dog", required_params=[Param(name="dog_id", type="string")])
    stays = {"stays": [{"dog_id": "DG-1", "run_name": "Meadow 1", "check_in": "2027-02-14", "check_out": "2027-02-18"},
                       {"dog_id": "DG-2", "run_name": "Meadow 2", "check_in": "2027-02-12", "check_out": "2027-02-16"}]}
    binding = bind(dog, "who owns the dog that was staying in meadow 2 on 2/14/2027?",
                   [Upstream("c1", "list_stays", stays, "dog_id")])
    assert binding.arguments == {"dog_id": "DG-2"}  # its stay spans the day, and it is in meadow 2
    offers = ExecTool(id="o", name="list_offers", required_params=[Param(name="listing_id", type="string")])
    listings = {"listings": [{"id": "FE-1", "price": 450000}, {"id": "FE-2", "price": 725000},
                             {"id": "FE-3", "price": 380000}]}
    binding = bind(offers, "declan furlong's priciest listing: who's made the best offer on it?",
                   [Upstream("c1", "list_agent_listings", listings, "listing_id")])
    assert binding.arguments == {"listing_id": "FE-2"}  # the top price, not the first listed


def test_a_plan_edge_fills_the_parameter_it_names_no_other_and_reads_a_role_qualified_id() -> None:
    from toolgraph.execute.params import Upstream, bind
    from toolgraph.models import Param

    tool = ExecTool(id="sun", name="sunrise_sunset", required_params=[
        Param(name="latitude", type="number"), Param(name="longitude", type="number"),
        Param(name="date", type="string")])
    place = Upstream("c1", "geocode", {"name": "Lyon", "latitude": 45.76, "longitude": 4.84}, resource="longitude")
    with pytest.raises(ArgumentError, match="'date'"):  # not the longitude, which the edge carries for `longitude`
        bind(tool, "when does the sun rise in lyon the day after tomorrow?", [place])
    binding = bind(tool, "when does the sun rise in lyon on 2026-12-21?", [place])
    assert binding.arguments == {"latitude": 45.76, "longitude": 4.84, "date": "2026-12-21"}
    depot = ExecTool(id="g", name="get_depot", required_params=[Param(name="depot_id", type="string")])
    shipment = {"tracking_number": "PRC-1", "customer_id": "C-1", "current_depot_id": "D-LDS"}
    held = bind(depot, "where is my parcel?", [Upstream("c1", "track", shipment, resource="depot_id")])
    assert held.arguments == {"depot_id": "D-LDS"} and held.sources["depot_id"] == "c1:current_depot_id"
    with pytest.raises(ArgumentError, match="'depot_id'"):  # two roles: which one is not for the binder to guess
        bind(depot, "where is my parcel?", [Upstream("c1", "track", {**shipment, "origin_depot_id": "D-GLA"},
                                                     resource="depot_id")])
    with pytest.raises(ArgumentError, match="'depot_id'"):  # only along an edge that carries the id
        bind(depot, "where is my parcel?", [Upstream("c1", "track", shipment, resource=None)])
    detail = ExecTool(id="d", name="detail", required_params=[Param(name="id", type="string")])  # a bare `{id}`
    assert bind(detail, "x", [Upstream("c1", "find", {"artist_id": "a7"}, resource="artist_id")]).arguments == {
        "id": "a7"}


def test_a_failed_call_is_re_planned_and_the_new_path_runs_as_a_chain(store, service) -> None:
    base, hits = service
    http_tools(store, base, {"broken": {"path": "/missing", "required": [("name", "string", "query")]},
                             "find": {"path": "/item", "required": [("name", "string", "query")]},
                             "detail": {"path": "/item/{item_id}", "required": [("item_id", "integer", "path")]}})
    asked: list[tuple[str, set[str]]] = []

    def replan(text: str, avoid: set[str]) -> list[str]:  # what the planner would answer: another path
        asked.append((text, avoid))
        return [f"{GROUP}/broken", f"{GROUP}/find", f"{GROUP}/detail"]

    executor = HttpExecutor({GROUP: ExecGroup(allow_private=True)})
    plan = make_plan('price of the "Blue Lamp"', [["broken"]])
    result = asyncio.run(execute_plan(store, plan, executors=[executor], replan=replan,
                                      config=RunConfig(retries=0, substitutes=0)))
    call = result.calls[0]
    assert asked == [("use broken", {f"{GROUP}/broken"})]
    assert call.status == "ok" and call.tool == f"{GROUP}/detail" and call.substitute_for == f"{GROUP}/broken"
    assert [r.tool.rsplit("/", 1)[1] for r in call.replanned] == ["find", "detail"]  # the failed tool left out
    assert call.replanned[1].bound_from == {"item_id": "c1.1:results[0].item_id"} and call.result["price"] == 12.5
    assert "HTTP 404" in call.error and "re-planned" in call.error
    counts = {r["id"].rsplit("/", 1)[1]: (r["ok"], r["failed"]) for r in result.learned["outcomes"]}
    assert counts == {"broken": (0, 1), "find": (1, 0), "detail": (1, 0)}
    steps = store.query("export_relationships")
    assert sum(1 for r in steps if r.get("type") == "STEP") == 2  # the execution call path: find -> detail


def test_re_planning_with_the_real_planner_never_offers_the_failed_tool(store, service) -> None:
    from toolgraph.execute.run import planner_replan

    base, _ = service
    http_tools(store, base, {"broken": {"path": "/missing", "description": "get the price of an item"},
                             "price": {"path": "/ok", "description": "get the price of an item quickly"}})
    replan = planner_replan(store)
    both = {f"{GROUP}/price", f"{GROUP}/broken"}
    first = replan("get the price of an item", set())
    assert len(first) == 1 and first[0] in both  # either answers the request (their descriptions say the same)
    again = replan("get the price of an item", {first[0]})
    assert first[0] not in again and again == sorted(both - {first[0]})


def test_a_call_that_cannot_bind_runs_again_once_its_level_has_answered(store, service) -> None:
    base, hits = service
    http_tools(store, base, {"find": {"path": "/item", "required": [("name", "string", "query")]},
                             "detail": {"path": "/item/{item_id}", "required": [("item_id", "integer", "path")]}})
    # no data-flow edge: both in one level; the detail's id can only come from the search beside it
    result = run(store, make_plan('price of the "Blue Lamp"', [["find", "detail"]]))
    find, detail = result.calls
    assert find.status == "ok" and detail.status == "ok", detail.error
    assert detail.arguments == {"item_id": 41} and detail.bound_from["item_id"].startswith(find.id)


def test_a_filter_described_as_a_registration_takes_the_registration_along_its_edge_only() -> None:
    """``list_inspections(vessel)`` documented "vessel: registration" after a vessel search: the vessel's
    ``registration``, along the edge that carries it; without the edge, nothing (the filter is optional)."""
    from toolgraph.execute.params import Upstream, bind
    from toolgraph.models import Param

    inspections = ExecTool(id="i", name="list_inspections", optional_params=[
        Param(name="vessel", type="string", description="registration")])
    vessels = [{"registration": "PTN-052", "name": "Girl Isla", "home_port": "PTN"}]
    binding = bind(inspections, "the Girl Isla's last inspection",
                   [Upstream("c1", "search_vessels", vessels, "registration")])
    assert binding.arguments == {"vessel": "PTN-052"} and binding.sources == {"vessel": "c1:[0].registration"}
    assert bind(inspections, "the Girl Isla's last inspection",
                [Upstream("c1", "search_vessels", vessels, "name")]).arguments == {}


def test_an_id_takes_the_first_of_a_list_under_its_kinds_plural() -> None:
    """A player's ``teams: ["TM-301"]`` gives ``get_team(team_id)`` its id."""
    from toolgraph.execute.params import Upstream, bind
    from toolgraph.models import Param

    team = ExecTool(id="t", name="get_team", required_params=[Param(name="team_id", type="string")])
    players = {"players": [{"player_id": "PL-2001", "name": "Priya Venkatesan", "teams": ["TM-301"]}]}
    binding = bind(team, "which team is she on?", [Upstream("c1", "find_players", players, "team_id")])
    assert binding.arguments == {"team_id": "TM-301"} and binding.sources == {"team_id": "c1:players[0].teams[0]"}


def test_a_record_dated_in_the_month_the_request_names_comes_first() -> None:
    """"The 'Wheel Throwing for Beginners' course that starts in April 2027": of two runs of it, April's."""
    from toolgraph.execute.params import exact_first

    classes = {"classes": [{"class_id": "CL-310", "title": "Wheel Throwing for Beginners", "starts": "2027-02-03"},
                           {"class_id": "CL-318", "title": "Wheel Throwing for Beginners", "starts": "2027-04-06"}]}
    query = "How many places are still free on the 'Wheel Throwing for Beginners' course that starts in April 2027?"
    ranked = exact_first(classes, {"wheel throwing for beginners"}, request=query)
    assert [c["class_id"] for c in ranked["classes"]] == ["CL-318", "CL-310"]


def test_a_bare_ref_in_a_listed_booking_fills_the_booking_ref_and_is_its_resource() -> None:
    """A booking summary's ``ref`` is a ``booking_ref`` to the miner (the object it sits in says whose) and to
    the binder (a bare ``ref`` for a parameter ending in ``_ref``, as a bare ``id`` for one ending in ``_id``)."""
    from gds_jobs.fields import qualified
    from toolgraph.execute.params import Upstream, bind
    from toolgraph.models import Param

    assert qualified("ref", ["booking"]) == ["booking_ref"]
    booking = ExecTool(id="t", name="getBooking", required_params=[Param(name="booking_ref", type="string",
                                                                         location="path")])
    listed = {"guest_id": "GS-1070", "bookings": [{"ref": "BK-27058", "arrival": "2027-06-02"}], "count": 1}
    binding = bind(booking, "how much did corentin dubreuil pay on his last stay?",
                   [Upstream("c1", "listGuestBookings", listed, "booking_ref")])
    assert binding.arguments == {"booking_ref": "BK-27058"} and binding.sources["booking_ref"].endswith("ref")


def test_a_route_asked_from_one_end_to_the_other_is_not_the_one_back() -> None:
    from toolgraph.execute.params import exact_first

    routes = {"routes": [
        {"route_id": "R-11", "name": "Carrickmoor - Inchbrae", "origin": "Carrickmoor", "destination": "Inchbrae"},
        {"route_id": "R-12", "name": "Inchbrae - Carrickmoor", "origin": "Inchbrae", "destination": "Carrickmoor"}]}
    first = exact_first(routes, set(), request="how many inchbrae to carrickmoor sailings are still scheduled?")
    assert first["routes"][0]["route_id"] == "R-12"
    back = exact_first(routes, set(), request="sailings from carrickmoor to inchbrae on 3/15/2027")
    assert back["routes"][0]["route_id"] == "R-11"
    legs = [{"leg": "L1", "origin": "Oslo", "destination": "Bergen"}, {"leg": "L2", "origin": "Bergen",
                                                                      "destination": "Oslo"}]
    assert exact_first(legs, set(), request="the bergen to oslo train")[0]["leg"] == "L2"
