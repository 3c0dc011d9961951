"""Truthful outcomes (toolgraph.execute.outcome), the answer without an LLM, learning only from successes, and
taking back what a run taught: against a real local HTTP service and the real embedded server."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from click.testing import CliRunner

from tests.exec_helpers import GROUP, JsonHandler, http_tools, make_plan, serving
from toolgraph.cli import main
from toolgraph.config import ExecGroup
from toolgraph.errors import ToolGraphError
from toolgraph.execute import RunConfig
from toolgraph.execute.http import HttpExecutor
from toolgraph.execute.lessons import forget_run, list_memories
from toolgraph.execute.models import CallRecord
from toolgraph.execute.outcome import asks, is_empty, judge
from toolgraph.execute.run import execute_plan
from toolgraph.text.words import stem

MEMBERS = {7: {"member_id": 7, "name": "Ada Park", "email": "ada.park@example.org"},
           8: {"member_id": 8, "name": "Ben Okoro", "email": "ben@example.org"}}
LOANS = {7: [{"loan_id": 70, "title": "Dune", "due_date": "2026-12-03"}], 8: []}


@pytest.fixture
def library() -> Iterator[str]:
    """A small lending library: members by name, a member, a member's loans, a geocoder, a broken forecast."""

    class Handler(JsonHandler):
        def do_GET(self) -> None:  # noqa: N802
            parts = urlsplit(self.path)
            query = {k: v[0] for k, v in parse_qs(parts.query).items()}
            segs = parts.path.strip("/").split("/")
            if segs == ["members"]:
                name = query.get("name", "").lower()
                return self._send(200, {"results": [m for m in MEMBERS.values() if name in m["name"].lower()]})
            if len(segs) == 2 and segs[0] == "members":
                return self._send(200, MEMBERS[int(segs[1])])
            if len(segs) == 3 and segs[2] == "loans":
                return self._send(200, {"loans": LOANS[int(segs[1])], "page": 1})
            if segs == ["geocode"]:
                return self._send(200, {"name": query.get("city"), "latitude": 48.85, "longitude": 2.35})
            return self._send(500, {"error": "forecast backend down"})

        def do_POST(self) -> None:  # noqa: N802
            return self._send(500, {"error": "renewals are closed"})

    with serving(Handler) as base:
        yield base


FAST = RunConfig(retries=0, backoff_s=0.01, call_timeout_s=5, run_timeout_s=20, replans=0)


def tools(store, base: str) -> None:
    http_tools(store, base, {
        "find": {"path": "/members", "required": [("name", "string", "query")], "description": "Find members"},
        "member": {"path": "/members/{member_id}", "required": [("member_id", "integer", "path")]},
        "loans": {"path": "/members/{member_id}/loans", "required": [("member_id", "integer", "path")],
                  "description": "A member's current loans"},
        "geocode": {"path": "/geocode", "required": [("city", "string", "query")]},
        "forecast": {"path": "/forecast", "optional": [("city", "string", "query")]},
        "renew": {"path": "/loans", "method": "POST", "optional": [("city", "string", "query")]},
    })


def run(store, plan, config: RunConfig = FAST):
    executor = HttpExecutor({GROUP: ExecGroup(allow_private=True)})
    return asyncio.run(execute_plan(store, plan, executors=[executor], config=config))


def similar(store, a: str, b: str) -> None:
    store.query("job_write_similar", rows=[{"a": f"{GROUP}/{a}", "b": f"{GROUP}/{b}", "score": 0.9, "io": 1.0,
                                            "text": 0.9, "neighbours": 0.5}])


# -- what a request asks ------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("query", "kinds"), [
    ("When is the milestone due?", {"time"}), ("Who maintains the apollo project?", {"person"}),
    ("How many open issues does Apollo have?", {"count"}), ("Show the cast of Titanic", set()),
    ("what date does Ada's loan end, and who lent it", {"time", "person"})])
def test_asks_reads_what_kind_of_answer_a_request_wants(query: str, kinds: set[str]) -> None:
    assert {a.kind for a in asks(query)} == kinds


@pytest.mark.parametrize(("value", "empty"), [
    ([], True), ({}, True), (None, True), ({"results": [], "page": 1, "total_results": 0}, True),
    ({"loans": [], "page": 1}, True), ({"total": 0, "count": 0}, True), ({"total": 3}, False),
    ({"name": "Ada"}, False), ([{"id": 1}], False), (0, False)])
def test_an_empty_result_or_envelope_answers_nothing(value: Any, empty: bool) -> None:
    assert is_empty(value) is empty


def test_judge_wants_the_asked_value_in_the_goal_result() -> None:
    plan = make_plan("When is the book of \"Ada Park\" due?", [["find"], ["loans"]], [("find", "loans", "member_id")])
    found = CallRecord(id="c1", tool=f"{GROUP}/find", level=0, status="ok", raw_value={"results": [MEMBERS[7]]})
    loans = CallRecord(id="c2", tool=f"{GROUP}/loans", level=1, status="ok",
                       raw_value={"loans": [{"title": "Dune", "due_date": "2026-12-03"}]})
    assert judge(plan.query, plan, [found, loans]).status == "success"
    undated = loans.model_copy(update={"raw_value": {"loans": [{"title": "Dune"}]}})
    outcome = judge(plan.query, plan, [found, undated])
    assert outcome.status == "partial" and "a date or time" in outcome.reasons[0]
    failed = loans.model_copy(update={"status": "failed", "error": "HTTP 500"})
    assert judge(plan.query, plan, [found, failed]).reasons == [f"goal call [c2] {GROUP}/loans failed: HTTP 500"]
    assert judge(plan.query, plan, []).status == "failure"


def test_an_attribute_the_goal_tool_declares_must_be_in_its_answer() -> None:
    plan = make_plan("What is Ada Park's email?", [["member"]])
    schema = {"type": "object", "properties": {"name": {"type": "string"}, "email": {"type": "string"}}}
    call = CallRecord(id="c1", tool=f"{GROUP}/member", level=0, status="ok", raw_value={"name": "Ada Park"})
    outcome = judge(plan.query, plan, [call], {f"{GROUP}/member": schema})
    assert outcome.status == "partial" and "the email" in outcome.reasons[0]
    call.raw_value = MEMBERS[7]
    assert judge(plan.query, plan, [call], {f"{GROUP}/member": schema}).status == "success"


def test_a_titled_name_is_a_person_and_a_persons_hours_do_not_say_when_a_thing_meets() -> None:
    plan = make_plan("Who teaches CHEM-201 and when does it meet?", [["course"], ["teacher"]],
                     [("course", "teacher", "teacher_id")])
    course = CallRecord(id="c1", tool=f"{GROUP}/course", level=0, status="ok",
                        raw_value={"course_code": "CHEM-201", "teacher_id": "TCH-01", "teacher_name": "Dr. Esther Okwu",
                                   "schedule": "Mon/Wed 09:00-10:30"})
    teacher = CallRecord(id="c2", tool=f"{GROUP}/teacher", level=1, status="ok",
                         raw_value={"teacher_id": "TCH-01", "name": "Dr. Esther Okwu",
                                    "office_hours": "Tue 14:00-16:00"})
    outcome = judge(plan.query, plan, [course, teacher])  # who: the teacher, yes; when it meets: not her hours
    assert outcome.status == "partial" and "a date or time" in " ".join(outcome.reasons)
    hours = make_plan("Who is my advisor, and when are their office hours?", [["teacher"]])
    assert judge(hours.query, hours, [teacher.model_copy(update={"level": 0})]).status == "success"


def test_how_much_is_answered_by_an_amount_sent_as_text() -> None:
    plan = make_plan("How much would it cost for 7 days?", [["quote"]])
    quote = CallRecord(id="c1", tool=f"{GROUP}/quote", level=0, status="ok",
                       raw_value={"plate": "JK-909-ZZ", "days": 7, "total": "597.24", "currency": "EUR"})
    assert judge(plan.query, plan, [quote]).status == "success"
    bare = quote.model_copy(update={"raw_value": {"plate": "JK-909-ZZ", "currency": "EUR"}})
    assert "a count" in " ".join(judge(plan.query, plan, [bare]).reasons)


def test_an_amount_on_the_way_to_the_goal_answers_how_much_and_the_answer_says_it() -> None:
    from toolgraph.execute.answer import rules_answer

    plan = make_plan("How much did the stay cost, and what's the address of that hotel?", [["invoice"], ["hotel"]],
                     [("invoice", "hotel", "hotel_id")])
    invoice = CallRecord(id="c1", tool=f"{GROUP}/invoice", level=0, status="ok",
                         raw_value={"booking_id": "5526", "hotel_id": "H-10", "total": "639.40"})
    hotel = CallRecord(id="c2", tool=f"{GROUP}/hotel", level=1, status="ok", bound_from={"hotel_id": "c1:hotel_id"},
                       raw_value={"hotel_id": "H-10", "name": "Harbourlight", "address": "1870 Lower Water St"})
    assert judge(plan.query, plan, [invoice, hotel]).status == "success"
    text = rules_answer(plan.query, plan.levels, [invoice, hotel], [hotel]).text
    assert "total: 639.40 [c1]" in text and "address: 1870 Lower Water St [c2]" in text
    unpriced = invoice.model_copy(update={"raw_value": {"booking_id": "5526", "hotel_id": "H-10"}})
    assert judge(plan.query, plan, [unpriced, hotel]).status == "partial"


def test_whats_wrong_wants_a_problem_and_a_phone_number_is_no_count() -> None:
    query = "lukas brandt's parcel has a problem. what's wrong, and what's the phone number of the depot holding it?"
    assert [a.kind for a in asks(query)] == ["problem"]  # ("the phone number of": no "number of" to count)
    plan = make_plan(query, [["depot"]])
    depot = CallRecord(id="c1", tool=f"{GROUP}/depot", level=0, status="ok",
                       raw_value={"name": "Glasgow Hillington Depot", "phone": "+44 141 496 0455"})
    outcome = judge("what's wrong, and what's the phone number of the depot?", plan, [depot])
    assert outcome.status == "partial" and "what is wrong" in outcome.reasons[0]
    tracked = depot.model_copy(update={"raw_value": {
        "status": "Exception", "phone": "+44 141 496 0455",
        "events": [{"description": "Address incomplete: flat number missing"}]}})
    assert judge("what's wrong, and what's the phone number of the depot?", plan, [tracked]).status == "success"


def test_a_re_planned_goal_is_about_what_its_new_path_ended_in() -> None:
    query = "Claire Moreau's completed rental: what's the phone number of the branch she picked the car up from?"
    plan = make_plan(query, [["list_branches"], ["get_branch"]], [("list_branches", "get_branch", "branch_id")])
    branches = CallRecord(id="c1", tool=f"{GROUP}/list_branches", level=0, status="ok",
                          raw_value=[{"branch_id": "BR-1", "name": "Lyon"}])
    customer = {"customer_id": "CU-310", "name": "Claire Moreau", "phone": "+33 6 55 50 03 10"}
    found = CallRecord(id="c2.1", tool=f"{GROUP}/find_customer", level=1, status="ok",
                       arguments={"name": "Claire Moreau"}, raw_value=[customer])
    got = CallRecord(id="c2.2", tool=f"{GROUP}/get_customer", level=1, status="ok", raw_value=customer)
    goal = CallRecord(id="c2", tool=f"{GROUP}/get_branch", level=1, status="ok", raw_value=customer,
                      replanned=[found, got])  # the customer's phone is not the branch's
    outcome = judge(query, plan, [branches, goal])
    assert outcome.status == "partial" and "about the branch" in outcome.reasons[0]
    member = make_plan("What's the email address of the member who has loan L-5007?", [["loan"], ["member"]],
                       [("loan", "member", "member_id")])
    loan = CallRecord(id="c1", tool=f"{GROUP}/loan", level=0, status="ok", arguments={"loan_id": "L-5007"},
                      raw_value={"loan_id": "L-5007", "member_id": "M-04"})
    reader = CallRecord(id="c2", tool=f"{GROUP}/member", level=1, status="ok",
                        raw_value={"member_id": "M-04", "name": "Ravi Menon", "email": "ravi@example.com"})
    assert judge(member.query, member, [loan, reader]).status == "success"  # an email answers "email address"


def test_a_list_the_request_names_is_said_first_by_its_items() -> None:
    from toolgraph.execute.answer import rules_answer

    credits = CallRecord(id="c2", tool=f"{GROUP}/credits", level=1, status="ok", raw_value={
        "id": 597, "cast": [{"name": "Leonardo DiCaprio", "character": "Jack Dawson"},
                            {"name": "Kate Winslet", "character": "Rose DeWitt Bukater"}],
        "crew": [{"name": "James Cameron", "job": "Director"}]})
    text = rules_answer("Find the movie Titanic and show its cast and crew", [["c2"]], [credits]).text
    assert text.splitlines()[0] == ("cast: Leonardo DiCaprio (Jack Dawson), Kate Winslet (Rose DeWitt Bukater); "
                                    "crew: James Cameron (Director) [c2].")


# -- whole runs ---------------------------------------------------------------------------------------------------
def test_a_chain_that_answers_succeeds_and_its_answer_leads_with_the_asked_field(store, library) -> None:
    tools(store, library)
    plan = make_plan("When is the book of \"Ada Park\" due?", [["find"], ["loans"]], [("find", "loans", "member_id")])
    result = run(store, plan)
    assert result.status == "success", result.reasons
    first = result.answer.text.splitlines()[0]
    assert "due_date: 2026-12-03" in first and "[c2]" in first and first.startswith("Dune")
    assert "Details:" in result.answer.text
    assert result.learned["call_path"] == f"execution/{result.id}"


def test_an_empty_goal_result_is_partial_and_teaches_nothing(store, library) -> None:
    tools(store, library)
    plan = make_plan("When are the books of \"Ben Okoro\" due?", [["find"], ["loans"]], [("find", "loans", "member_id")])
    result = run(store, plan)
    assert result.status == "partial"
    assert any("returned nothing" in r for r in result.reasons)
    assert result.learned["call_path"] is None and result.learned["memories"] == []
    assert store.query("get_run_lessons", id=result.id)[0]["run_status"] == "partial"


def test_a_substitute_that_gives_other_things_is_no_success(store, library) -> None:
    """The weather case: the forecast fails, the geocoder answers in its place with coordinates."""
    tools(store, library)
    similar(store, "forecast", "geocode")
    result = run(store, make_plan("two-day forecast for Paris", [["forecast"]]),
                 RunConfig(retries=0, substitutes=2, replans=0, run_timeout_s=20))
    call = result.calls[0]
    assert call.status == "ok" and call.substitute_for == f"{GROUP}/forecast"
    assert result.status == "partial" and "substitute" in result.reasons[0]
    assert result.learned["call_path"] is None


def test_a_read_never_stands_in_for_a_failed_write(store, library) -> None:
    tools(store, library)
    similar(store, "renew", "geocode")
    result = run(store, make_plan("renew my loans in Paris", [["renew"]]),
                 RunConfig(retries=0, substitutes=2, replans=0, run_timeout_s=20))
    assert result.calls[0].status == "failed" and result.calls[0].substitute_for is None
    assert result.status == "failure"


def _counts(store, tool: str) -> tuple[int, int]:
    row = store.query("tool_details", id=f"{GROUP}/{tool}")[0]
    return row.get("exec_ok") or 0, row.get("exec_failed") or 0


def test_forgetting_a_run_takes_back_its_counts_call_path_and_memories(store, library) -> None:
    tools(store, library)
    plan = make_plan("When is the book of \"Ada Park\" due?", [["find"], ["loans"]], [("find", "loans", "member_id")])
    result = run(store, plan)
    assert result.status == "success"
    seq = store.query("edges_among", ids=[f"{GROUP}/find", f"{GROUP}/loans"], types=["SEQUENTIAL"], min_weight=0)
    assert any(e["type"] == "SEQUENTIAL" for e in seq)
    assert result.learned["memories"] and {m["run"] for m in list_memories(store)} == {result.id}
    report = forget_run(store, result.id)
    assert report["call_path"] == f"execution/{result.id}" and report["memories"] == len(result.learned["memories"])
    assert list_memories(store) == []
    assert not any(e["type"] == "SEQUENTIAL" for e in store.query("edges_among", ids=[f"{GROUP}/find", f"{GROUP}/loans"],
                                                                          types=["SEQUENTIAL"], min_weight=0))
    assert store.query("fetch_call_paths", ids=[f"execution/{result.id}"]) == []
    with pytest.raises(ToolGraphError, match="forgotten already"):
        forget_run(store, result.id)
    with pytest.raises(ToolGraphError, match="no run 'nope'"):
        forget_run(store, "nope")


def test_no_learn_stores_the_run_but_teaches_nothing(store, library) -> None:
    tools(store, library)
    plan = make_plan("When is the book of \"Ada Park\" due?", [["find"], ["loans"]], [("find", "loans", "member_id")])
    result = run(store, plan, RunConfig(retries=0, replans=0, run_timeout_s=20, learn=False))
    assert result.status == "success" and result.learned["outcomes"] == [] and result.learned["call_path"] is None
    lessons = store.query("get_run_lessons", id=result.id)[0]
    assert lessons["taught"] is False and json.loads(lessons["outcomes"]) == []


def test_memories_and_forget_commands(store, library, env_for_cli) -> None:
    tools(store, library)
    result = run(store, make_plan("When is the book of \"Ada Park\" due?", [["find"], ["loans"]],
                                  [("find", "loans", "member_id")]))
    cli = CliRunner()
    listed = json.loads(cli.invoke(main, ["memories", "list", "--json"], catch_exceptions=False).output)
    assert listed and listed[0]["run"] == result.id and listed[0]["tools"]
    out = cli.invoke(main, ["forget", result.id, "--json"], catch_exceptions=False)
    assert json.loads(out.output)["run"] == result.id
    again = cli.invoke(main, ["forget", result.id])
    assert again.exit_code != 0 and "forgotten already" in again.output
    assert json.loads(cli.invoke(main, ["memories", "list", "--json"]).output) == []
    missing = cli.invoke(main, ["memories", "forget", "mem-nope"])
    assert missing.exit_code != 0 and "no memory 'mem-nope'" in missing.output


def test_a_successful_call_teaches_its_tool_an_observed_output_schema(store, library) -> None:
    tools(store, library)
    result = run(store, make_plan("coordinates of the city \"Paris\"", [["geocode"]]))
    assert result.learned["shapes"] == [f"{GROUP}/geocode"]
    stored = store.query("get_observed_schemas", ids=[f"{GROUP}/geocode"])[0]["observed_schema"]
    assert set(json.loads(stored)["properties"]) == {"name", "latitude", "longitude"}
    assert "48.85" not in stored  # shapes only


def test_a_run_that_never_touched_what_the_request_names_is_no_success() -> None:
    plan = make_plan("What's olga ivanova's phone number?", [["member"]])
    other = CallRecord(id="c1", tool=f"{GROUP}/member", level=0, status="ok", arguments={"member_id": 7},
                       raw_value={"name": "Ada Park", "phone": "+44 7700 900000"})
    outcome = judge(plan.query, plan, [other])
    assert outcome.status == "partial" and "'olga ivanova'" in outcome.reasons[0]
    right = other.model_copy(update={"raw_value": {"name": "Olga Ivanova", "phone": "+44 7700 900152"}})
    assert judge(plan.query, plan, [right]).status == "success"
    by_id = make_plan("Who did the last maintenance on vehicle VH-12?", [["member"]])
    assert "'VH-12'" in judge(by_id.query, by_id, [right]).reasons[0]


def test_a_goal_tool_named_for_the_asked_attribute_answers_it() -> None:
    plan = make_plan("and how's the air?", [["air_quality"]])
    call = CallRecord(id="c1", tool=f"{GROUP}/air_quality", level=0, status="ok",
                      raw_value={"aqi": 64, "category": "Moderate"})
    assert judge(plan.query, plan, [call], nearby_fields={"air"}).status == "success"
    other = CallRecord(id="c1", tool=f"{GROUP}/forecast", level=0, status="ok", raw_value={"condition": "sunny"})
    plan = make_plan("and how's the air?", [["forecast"]])
    assert judge(plan.query, plan, [other], nearby_fields={"air"}).status == "partial"


def test_the_judge_reads_orders_owners_and_lists_narrowed_to_one() -> None:
    from toolgraph.execute.outcome import asks_to_change

    assert asks_to_change("Acknowledge the open sev3 incident on api-gw-03 and give me the ack code") == "acknowledge"
    assert asks_to_change("omar won't be home, please move his delivery to monday") == "move"
    assert asks_to_change("check out the dispossessed for jonas") == "check out"
    assert asks_to_change("Sign priya nair up for the 18:30 HIIT class at Riverside") == "sign"  # "sign X up"
    assert asks_to_change("which issues are open?") is None and asks_to_change("if i send a parcel") is None
    # a change asked, only reads made
    plan = make_plan("Acknowledge incident INC-1 and give me the ack code", [["incident"]])
    read_only = CallRecord(id="c1", tool=f"{GROUP}/incident", level=0, status="ok",
                           raw_value={"incident_id": "INC-1", "status": "open"})
    outcome = judge(plan.query, plan, [read_only], writers={f"{GROUP}/ack": ""})
    assert outcome.status == "partial" and "no call changed anything" in outcome.reasons[0]
    # an attribute asked of a teacher, answered by a student's record
    plan = make_plan("What's the email of Mei Lin's biology teacher?", [["find"], ["student"]],
                     [("find", "student", "student_id")])
    found = CallRecord(id="c1", tool=f"{GROUP}/find", level=0, status="ok",
                       raw_value=[{"student_id": "S-1", "name": "Mei Lin"}])
    student = CallRecord(id="c2", tool=f"{GROUP}/student", level=1, status="ok",
                         raw_value={"student_id": "S-1", "name": "Mei Lin", "email": "mei@x.example"})
    outcome = judge(plan.query, plan, [found, student], nearby_fields={stem("teacher")})  # a nearby teacher_id
    assert outcome.status == "partial" and "the teacher" in outcome.reasons[0]
    outcome = judge(plan.query, plan, [found, student])  # a kind no tool knows, of which the answer says nothing
    assert outcome.status == "partial" and outcome.reasons == [
        "the request asks for the teacher, which nothing the goal calls gave or are about names"]
    # "list all ... incidents" answered by one incident fetched from the list
    plan = make_plan("list all open sev1 incidents", [["list_incidents"], ["get_incident"]],
                     [("list_incidents", "get_incident", "incident_id")])
    listed = CallRecord(id="c1", tool=f"{GROUP}/list_incidents", level=0, status="ok",
                        raw_value={"incidents": [{"incident_id": "INC-1"}, {"incident_id": "INC-2"}]})
    one = CallRecord(id="c2", tool=f"{GROUP}/get_incident", level=1, status="ok",
                     raw_value={"incident_id": "INC-1", "severity": "sev1"})
    outcome = judge(plan.query, plan, [listed, one])
    assert outcome.status == "partial" and "gave one of the 2" in outcome.reasons[0]
    # an owner id names nobody: "who" is not answered by it
    plan = make_plan("Who owns server srv-105?", [["server"]])
    server = CallRecord(id="c1", tool=f"{GROUP}/server", level=0, status="ok",
                        raw_value={"server_id": "srv-105", "owner_id": "ENG-3"})
    assert judge(plan.query, plan, [server]).status == "partial"


def test_an_attribute_of_a_thing_the_record_only_names_is_not_answered_and_nor_is_a_date_no_call_took() -> None:
    plan = make_plan("what's the address of dmitri okonkwo's home club?", [["members"], ["member"]],
                     [("members", "member", "member_id")])
    found = CallRecord(id="c1", tool=f"{GROUP}/members", level=0, status="ok",
                       raw_value=[{"member_id": "M-1", "name": "Dmitri Okonkwo"}])
    member = CallRecord(id="c2", tool=f"{GROUP}/member", level=1, status="ok",
                        raw_value={"member_id": "M-1", "name": "Dmitri Okonkwo", "home_club": "Canal Wharf"})
    outcome = judge(plan.query, plan, [found, member], nearby_fields={stem("club")})
    assert outcome.status == "partial" and "the club's address" in " ".join(outcome.reasons)
    plan = make_plan("What's on the schedule at the Riverside club on november 14th 2026?", [["clubs"]])
    clubs = CallRecord(id="c1", tool=f"{GROUP}/clubs", level=0, status="ok",
                       raw_value=[{"club_id": "C-1", "name": "Riverside"}])
    outcome = judge(plan.query, plan, [clubs])
    assert outcome.status == "partial" and "2026-11-14" in outcome.reasons[0]


def test_who_is_someone_the_request_does_not_name_how_much_an_amount_and_which_x_a_thing_of_that_kind() -> None:
    # "who approved Ama Mensah's leave": Ama's own record names no approver
    plan = make_plan("Who approved Ama Mensah's most recent leave request?", [["find"], ["approved"]],
                     [("find", "approved", "employee_id")])
    found = CallRecord(id="c1", tool=f"{GROUP}/find", level=0, status="ok",
                       raw_value=[{"employee_id": "E-13", "name": "Ama Mensah"}])
    ama = CallRecord(id="c2", tool=f"{GROUP}/approved", level=1, status="ok",
                     raw_value={"employee_id": "E-13", "name": "Ama Mensah", "email": "ama@x.example"})
    outcome = judge(plan.query, plan, [found, ama])
    assert outcome.status == "partial" and "a person" in outcome.reasons[0]
    boss = CallRecord(id="c2", tool=f"{GROUP}/approved", level=1, status="ok",
                      raw_value={"leave_request_id": "LR-9", "approver": {"employee_id": "E-2", "name": "Samir Belkacem",
                                                                       "email": "samir@x.example"}})
    assert judge(plan.query, plan, [found, boss]).status == "success"
    # (the approver alone, got with no leave request on the way, answers no "most recent" one)
    boss = CallRecord(id="c2", tool=f"{GROUP}/approved", level=1, status="ok",
                      raw_value={"employee_id": "E-2", "name": "Samir Belkacem", "email": "samir@x.example"})
    assert "no call gave any" in judge(plan.query, plan, [found, boss]).reasons[0]
    # "how much is a ticket": a train's list of classes counts no money
    plan = make_plan("How much is a first class ticket on train IC 512?", [["train"]])
    train = CallRecord(id="c1", tool=f"{GROUP}/train", level=0, status="ok",
                       raw_value={"train_number": "IC 512", "classes": ["standard", "first"]})
    outcome = judge(plan.query, plan, [train])
    assert outcome.status == "partial" and "how much" in outcome.reasons[0]
    fares = CallRecord(id="c1", tool=f"{GROUP}/train", level=0, status="ok",
                       raw_value={"train_number": "IC 512", "fares": [{"class": "first", "price": "39.52"}]})
    assert judge(plan.query, plan, [fares]).status == "success"
    # "which mechanic worked on it": a driver's record is about no mechanic (a nearby tool's field is)
    plan = make_plan("Jonas Berg's van: which mechanic worked on it most recently?", [["drivers"], ["driver"]],
                     [("drivers", "driver", "driver_id")])
    drivers = CallRecord(id="c1", tool=f"{GROUP}/drivers", level=0, status="ok",
                         raw_value=[{"driver_id": "D-5", "name": "Jonas Berg"}])
    driver = CallRecord(id="c2", tool=f"{GROUP}/driver", level=1, status="ok",
                        raw_value={"driver_id": "D-5", "name": "Jonas Berg", "phone": "+44 7700 900185"})
    outcome = judge(plan.query, plan, [drivers, driver], nearby_fields={stem("mechanic")})
    assert outcome.status == "partial" and "mechanic" in " ".join(outcome.reasons)
    from toolgraph.execute.outcome import which_nouns

    assert which_nouns("Which train stations are there in Ravensholm?") == {stem("stations")}
    assert which_nouns("which company operates the train?") == {stem("company")}


STATIONS = {"RVC": "Ravensholm Central", "PEL": "Port Elsin"}


@pytest.fixture
def rail() -> Iterator[str]:
    """Stations by name and direct trains between two station codes."""

    class Handler(JsonHandler):
        def do_GET(self) -> None:  # noqa: N802
            parts = urlsplit(self.path)
            query = {k: v[0] for k, v in parse_qs(parts.query).items()}
            if parts.path == "/stations":
                words = query.get("query", "").lower().split()
                return self._send(200, {"stations": [{"station_code": c, "name": n} for c, n in STATIONS.items()
                                                     if all(w in n.lower() for w in words)]})
            if query.get("from_code") not in STATIONS or query.get("to_code") not in STATIONS:
                return self._send(404, {"error": "unknown station code"})
            if query["from_code"] == query["to_code"]:
                return self._send(200, {"connections": []})
            return self._send(200, {"connections": [{"train_number": "IC 512", "departs": "07:42"}]})

    with serving(Handler) as base:
        yield base


def test_two_roles_bound_from_one_lookup_look_the_second_name_up_too(store, rail) -> None:
    http_tools(store, rail, {
        "stations": {"path": "/stations", "required": [("query", "string", "query")]},
        "connections": {"path": "/connections", "required": [("from_code", "string", "query"),
                                                              ("to_code", "string", "query")]},
    })
    plan = make_plan("What direct trains are there from Ravensholm Central to Port Elsin?",
                     [["stations"], ["connections"]], [("stations", "connections", "station_code")])
    result = run(store, plan)
    calls = {c.id: c for c in result.calls}
    made = [calls[cid] for level in result.levels for cid in level]
    assert [(c.tool.rsplit("/", 1)[-1], c.arguments) for c in made] == [
        ("stations", {"query": "Ravensholm Central"}), ("stations", {"query": "Port Elsin"}),
        ("connections", {"from_code": "RVC", "to_code": "PEL"})]
    assert result.status == "success" and "IC 512" in result.answer.text


def test_a_change_of_another_kind_than_the_one_ordered_changed_nothing_asked() -> None:
    plan = make_plan("check out the dispossessed for jonas - what's the loan id?", [["renewloan"]])
    renewed = CallRecord(id="c1", tool=f"{GROUP}/renewloan", level=0, status="ok",
                         raw_value={"loan_id": "L-5004", "due_date": "2026-12-25"})
    outcome = judge(plan.query, plan, [renewed], writers={f"{GROUP}/renewloan": ""})
    assert outcome.status == "partial" and "no call changed anything" in " ".join(outcome.reasons)
    plan = make_plan("please renew loan L-5004 and tell me the new due date", [["renewloan"]])
    assert judge(plan.query, plan, [renewed], writers={f"{GROUP}/renewloan": ""}).status == "success"


def test_a_failed_write_is_neither_substituted_nor_replanned_into_another_change(store, library) -> None:
    tools(store, library)
    http_tools(store, library, {"report": {"path": "/loans", "method": "POST",
                                           "optional": [("city", "string", "query")]}})
    similar(store, "renew", "report")
    plan = make_plan("please renew my loan", [["renew"]])
    result = run(store, plan, RunConfig(retries=0, backoff_s=0.01, call_timeout_s=5, run_timeout_s=20, replans=1))
    call = result.calls[0]
    assert call.status == "failed" and call.tool.endswith("/renew") and call.substitute_for is None
    assert not [c for c in call.replanned if c.tool.endswith("/report")] and result.status != "success"
    from toolgraph.execute.outcome import asked_nouns

    assert "iban" in asked_nouns("I need the IBAN of customer CU-1184's savings account.")


def test_which_things_answered_by_one_of_them_and_how_many_x_by_a_list_of_ys_are_not_answers() -> None:
    plan = make_plan("Which accounts does olamide balogun hold with us?", [["accounts"], ["cards"]],
                     [("accounts", "cards", "account_id")])
    accounts = CallRecord(id="c1", tool=f"{GROUP}/accounts", level=0, status="ok",
                          raw_value={"accounts": [{"account_id": "AC-1", "name": "Everyday Checking"},
                                                  {"account_id": "AC-2", "name": "Goal Saver"}]})
    cards = CallRecord(id="c2", tool=f"{GROUP}/cards", level=1, status="ok",
                       bound_from={"account_id": "c1:accounts[0].account_id"},
                       raw_value=[{"card_id": "CARD-1", "account_id": "AC-1"}])
    outcome = judge(plan.query, plan, [accounts, cards])
    assert outcome.status == "partial" and "gave one of the 2" in " ".join(outcome.reasons)
    plan = make_plan("Which of our warehouses stock the drill, and how many units are on hand at each?",
                     [["locations"]])
    locations = CallRecord(id="c1", tool=f"{GROUP}/locations", level=0, status="ok",
                           raw_value=[{"location_code": "RTM-01"}, {"location_code": "LDZ-02"}])
    outcome = judge(plan.query, plan, [locations])
    assert outcome.status == "partial" and "how many" in " ".join(outcome.reasons)
    stock = CallRecord(id="c1", tool=f"{GROUP}/locations", level=0, status="ok",
                       raw_value=[{"location_code": "RTM-01", "units": 138}, {"location_code": "LDZ-02", "units": 57}])
    assert judge(plan.query, plan, [stock]).status == "success"


def test_the_first_of_an_unfiltered_list_is_an_arbitrary_pick_unless_the_request_asks_for_a_first_one() -> None:
    plan = make_plan("Who did the most recent maintenance on vehicle VH-12?", [["drivers"], ["driver"]],
                     [("drivers", "driver", "driver_id")])
    drivers = CallRecord(id="c1", tool=f"{GROUP}/drivers", level=0, status="ok",
                         raw_value={"drivers": [{"driver_id": "D-1", "name": "Sanjay Mehta"},
                                                {"driver_id": "D-2", "name": "Jonas Berg"}]})
    driver = CallRecord(id="c2", tool=f"{GROUP}/driver", level=1, status="ok", arguments={"driver_id": "D-1"},
                        bound_from={"driver_id": "c1:drivers[0].driver_id"},
                        raw_value={"driver_id": "D-1", "name": "Sanjay Mehta", "email": "s@x.example"})
    outcome = judge(plan.query, plan, [drivers, driver])
    assert outcome.status == "partial" and "arbitrary pick" in " ".join(outcome.reasons)
    plan = make_plan("Who is the first driver on the roster?", [["drivers"], ["driver"]],
                     [("drivers", "driver", "driver_id")])
    assert "arbitrary pick" not in " ".join(judge(plan.query, plan, [drivers, driver]).reasons)
    plan = make_plan("What's Sanjay Mehta's email?", [["drivers"], ["driver"]], [("drivers", "driver", "driver_id")])
    assert judge(plan.query, plan, [drivers, driver]).status == "success"  # the first one is the one named


def test_a_lookup_that_found_nothing_used_no_name() -> None:
    plan = make_plan("Which open issues are assigned to Maria Lopez in Apollo?", [["projects"], ["issues"]],
                     [("projects", "issues", "project_id")])
    empty = CallRecord(id="c1", tool=f"{GROUP}/projects", level=0, status="ok", arguments={"name": "Maria Lopez"},
                       raw_value={"projects": []})
    issues = CallRecord(id="c2", tool=f"{GROUP}/issues", level=1, status="ok", arguments={"project_id": "PRJ-10"},
                        raw_value=[{"issue_id": 101, "title": "Login page crashes", "project": "Apollo"}])
    outcome = judge(plan.query, plan, [empty, issues])
    assert outcome.status == "partial" and "'Maria Lopez'" in " ".join(outcome.reasons)


def test_a_record_got_by_an_id_is_about_the_thing_the_id_came_from() -> None:
    plan = make_plan("How many calories are in one serving of the mushroom risotto?", [["recipes"], ["nutrition"]],
                     [("recipes", "nutrition", "recipe_id")])
    plan.tools[0].description = "Recipes whose title has the words (e.g. 'risotto', 'curry')"  # risotto: a known word
    recipes = CallRecord(id="c1", tool=f"{GROUP}/recipes", level=0, status="ok", arguments={"title": "risotto"},
                         raw_value=[{"recipe_id": "R-102", "title": "Mushroom Risotto"}])
    nutrition = CallRecord(id="c2", tool=f"{GROUP}/nutrition", level=1, status="ok",
                           arguments={"recipe_id": "R-102"}, bound_from={"recipe_id": "c1:[0].recipe_id"},
                           raw_value={"recipe_id": "R-102", "basis": "per serving", "calories_kcal": 548})
    outcome = judge(plan.query, plan, [recipes, nutrition])
    assert outcome.status == "success", outcome.reasons  # "one serving of" is a quantity, not the risotto's field
    unrelated = CallRecord(id="c1", tool=f"{GROUP}/recipes", level=0, status="ok", arguments={"title": "risotto"},
                           raw_value=[{"recipe_id": "R-107", "title": "Beef Bulgogi"}])
    assert judge(plan.query, plan, [unrelated, nutrition]).status != "success"


def test_an_amount_in_another_unit_and_the_named_things_own_record_for_another_are_not_answers() -> None:
    plan = make_plan("Scale the pancakes to six servings: how many cups of milk is that?", [["recipes"], ["scale"]],
                     [("recipes", "scale", "recipe_id")])
    recipes = CallRecord(id="c1", tool=f"{GROUP}/recipes", level=0, status="ok",
                         raw_value=[{"recipe_id": "R-106", "title": "Banana Oat Pancakes"}])
    scaled = CallRecord(id="c2", tool=f"{GROUP}/scale", level=1, status="ok",
                        bound_from={"recipe_id": "c1:[0].recipe_id"},
                        raw_value={"title": "Banana Oat Pancakes", "ingredients": [
                            {"item": "milk", "quantity": 720.0, "unit": "ml"}]})
    outcome = judge(plan.query, plan, [recipes, scaled])
    assert outcome.status == "partial" and "how many cups" in " ".join(outcome.reasons)
    scaled.raw_value["ingredients"][0].update(quantity=3.04, unit="cups")
    assert judge(plan.query, plan, [recipes, scaled]).status == "success"

    plan = make_plan("What other event is happening at the same venue as booking BK-4F7Q2?",
                     [["booking"], ["event"]], [("booking", "event", "event_id")])
    booking = CallRecord(id="c1", tool=f"{GROUP}/booking", level=0, status="ok", arguments={"booking_ref": "BK-4F7Q2"},
                         raw_value={"booking_ref": "BK-4F7Q2", "event_id": "EV-310"})
    event = CallRecord(id="c2", tool=f"{GROUP}/event", level=1, status="ok", bound_from={"event_id": "c1:event_id"},
                       raw_value={"event_id": "EV-310", "title": "Winter Jazz Marathon", "venue_id": "V-2"})
    outcome = judge(plan.query, plan, [booking, event])
    assert outcome.status == "partial" and "another event" in " ".join(outcome.reasons)
    plan = make_plan("What event is booking BK-4F7Q2 for?", [["booking"], ["event"]], [("booking", "event", "event_id")])
    assert judge(plan.query, plan, [booking, event]).status == "success"


def test_how_many_grams_is_answered_by_a_measured_amount() -> None:
    plan = make_plan("How many grams is 8 ounces?", [["convert"]])
    converted = CallRecord(id="c1", tool=f"{GROUP}/convert", level=0, status="ok",
                           raw_value={"value": 226.8, "unit": "g", "from_value": 8, "from_unit": "oz"})
    assert judge(plan.query, plan, [converted]).status == "success"
    converted.raw_value = {"value": 8, "unit": "oz"}
    assert judge(plan.query, plan, [converted]).status == "partial"  # an amount, but not in grams


def test_a_date_on_the_way_under_a_field_the_request_names_answers_when() -> None:
    plan = make_plan("Who wrote the lemon garlic salmon recipe, and when was it published?",
                     [["recipes"], ["recipe"], ["author"]], [("recipes", "recipe", "recipe_id"),
                                                             ("recipe", "author", "author_id")])
    recipes = CallRecord(id="c1", tool=f"{GROUP}/recipes", level=0, status="ok",
                         raw_value=[{"recipe_id": "R-104", "title": "Lemon Garlic Salmon"}])
    recipe = CallRecord(id="c2", tool=f"{GROUP}/recipe", level=1, status="ok",
                        bound_from={"recipe_id": "c1:[0].recipe_id"},
                        raw_value={"recipe_id": "R-104", "author_id": "AU-8", "published": "2025-06-14"})
    author = CallRecord(id="c3", tool=f"{GROUP}/author", level=2, status="ok", bound_from={"author_id": "c2:author_id"},
                        raw_value={"author_id": "AU-8", "name": "Sofia Brandt", "joined": "2024-01-11"})
    assert judge(plan.query, plan, [recipes, recipe, author]).status == "success"
    recipe.raw_value = {"recipe_id": "R-104", "author_id": "AU-8", "updated": "2025-06-14"}
    author.raw_value = {"author_id": "AU-8", "name": "Sofia Brandt"}
    assert judge(plan.query, plan, [recipes, recipe, author]).status == "partial"  # no date it names


def test_the_answer_counts_and_totals_the_records_the_request_picks_by_a_value_it_names() -> None:
    from toolgraph.execute.answer import rules_answer

    servers = CallRecord(id="c1", tool=f"{GROUP}/servers", level=0, status="ok", raw_value={"servers": [
        {"server_id": "srv-1", "region": "eu-west-1"}, {"server_id": "srv-2", "region": "us-east-2"},
        {"server_id": "srv-3", "region": "eu-west-1"}]})
    text = rules_answer("How many servers does the Payments project run in eu-west-1?", [["c1"]], [servers]).text
    assert "2 of the 3 found" in text and "region eu-west-1" in text and "srv-2" not in text.split("Details")[0]
    spend = CallRecord(id="c1", tool=f"{GROUP}/transactions", level=0, status="ok", raw_value={
        "transactions": [{"amount": -50.5, "category": "groceries"}, {"amount": -250.0, "category": "transfers"},
                         {"amount": -137.7, "category": "groceries"}], "summary": {"net": -438.2}})
    text = rules_answer("How much did she spend on groceries in November 2026?", [["c1"]], [spend]).text
    assert "2 of the 3 found" in text and "Their total over 2: amount: -188.2 [c1]." in text
    fuel = CallRecord(id="c2", tool=f"{GROUP}/fuel_sales", level=1, status="ok", raw_value={"sales": [
        {"fuel": "diesel", "litres": 412.5, "price_per_litre": 1.49, "total_gbp": 614.63, "pump": 3},
        {"fuel": "diesel", "litres": 288.0, "price_per_litre": 1.52, "total_gbp": 437.76, "pump": 3}]})
    text = rules_answer("How many litres did Halcyon Drift take on in April 2027?", [["c2"]], [fuel]).text
    assert "Their total over 2: litres: 700.5 [c2]." in text  # the unit asked, not the rate or the pump
    text = rules_answer("how much did declan farrelly spend on fuel in March 2027?", [["c2"]], [fuel]).text
    assert "Their total over 2: total_gbp: 1052.39 [c2]." in text
    every = rules_answer("How many servers does the Payments project run?", [["c1"]], [servers]).text
    assert every.startswith("3 found")  # nothing picked: the count of all


def test_a_lookup_that_only_found_the_thing_named_answers_nothing_asked_about_it() -> None:
    plan = make_plan("What goes into the Caprese salad?", [["recipes"]])
    found = CallRecord(id="c1", tool=f"{GROUP}/recipes", level=0, status="ok", arguments={"title": "Caprese"},
                       bound_from={"title": "request (name)"},
                       raw_value=[{"recipe_id": "R-108", "title": "Caprese Salad", "cuisine": "Italian"}])
    outcome = judge(plan.query, plan, [found])
    assert outcome.status == "partial" and "only found what the request names" in " ".join(outcome.reasons)
    plan = make_plan("Is there a Caprese salad recipe?", [["recipes"]])
    assert judge(plan.query, plan, [found]).status == "success"  # asked to find it
    plan = make_plan("What cuisine is the Caprese salad?", [["recipes"]])
    assert judge(plan.query, plan, [found]).status == "success"  # what is asked is a field of it
    stew = CallRecord(id="c1", tool=f"{GROUP}/recipes", level=0, status="ok", arguments={"ingredient": "chickpeas"},
                      bound_from={"ingredient": "request (name)"},
                      raw_value=[{"recipe_id": "R-101", "title": "Chickpea and Spinach Stew"}])
    plan = make_plan("I've got chickpeas. What can I cook with them?", [["recipes"]])
    assert judge(plan.query, plan, [stew]).status == "success"  # a recipe the name is part of is an answer


def test_a_record_with_a_list_inside_is_not_a_list_to_pick_from() -> None:
    from toolgraph.execute.answer import rules_answer

    train = CallRecord(id="c1", tool=f"{GROUP}/train", level=0, status="ok", raw_value={
        "train_number": "IC 512", "operator_id": "OP-CL", "service": "intercity", "stops": [
            {"station": "Ravensholm Central", "departs": "07:42"}, {"station": "Brackenholt", "departs": "08:10"},
            {"station": "Port Elsin", "departs": None}]})
    text = rules_answer("How much is a ticket on train IC 512 from Ravensholm Central?", [["c1"]], [train]).text
    assert " of the 3 found" not in text


def test_how_much_is_met_by_an_amount_in_a_unit_or_named_for_what_is_measured_and_hyphenated_names_are_people(
) -> None:
    from toolgraph.execute.outcome import Ask, meets

    much = next(a for a in asks("How much water should PL-0420 get each time?") if a.word == "how much")
    assert meets(much, {"plant_id": "PL-0420", "water_litres_per_plant": 2.5}, "How much water should it get?")
    assert meets(much, {"feta_g": 250}, "how much feta will I need?")
    assert not meets(much, {"plant_id": "PL-0420", "light": "full sun"}, "How much water should it get?")
    who = Ask("person", "who")
    assert meets(who, {"name": "Wendell Okafor-Price", "dob": "1964-10-19"}, "whose claim is it?")
    assert meets(who, {"name": "Aoife McBride"}, "who is it?") and meets(who, {"name": "James O'Connor"}, "who?")


def test_which_at_the_end_of_a_question_asks_its_noun() -> None:
    from toolgraph.execute.outcome import which_nouns

    assert which_nouns("When is it leaving now and from which gate?") == {stem("gate")}
    assert which_nouns("which mechanic worked on it") == {stem("mechanic")} and which_nouns("which are open?") == set()


def test_who_is_the_role_asks_for_that_role() -> None:
    from toolgraph.execute.outcome import asked_nouns

    assert stem("adjuster") in asked_nouns("Who is the adjuster on the most recent claim? I need their email.")
    assert asked_nouns("who is chairing the last session") == set()


def test_a_question_picks_the_records_meeting_every_condition_it_names() -> None:
    from toolgraph.execute.outcome import matching

    seats = [{"seat": "4A", "position": "window", "extra_legroom": True, "available": True},
             {"seat": "4C", "position": "aisle", "extra_legroom": True, "available": False},
             {"seat": "10C", "position": "aisle", "extra_legroom": True, "available": True},
             {"seat": "5C", "position": "aisle", "extra_legroom": False, "available": True}]
    query = "Are there any aisle seats with extra legroom still free in economy?"
    assert matching(query, seats) == (["available: true", "extra_legroom: true", "position: aisle"], [seats[2]])
    assert matching("Are there any window seats?", seats) is None  # one condition: no picking to do
    assert matching("Show the seats with extra legroom that are free", seats) is None  # no question of picking


def test_asks_met_in_the_words_people_use() -> None:
    """"how much a night" by a per-night amount, "what time is check-out" by a clock time, "membership number" by
    ``member_no``, "how many times did she check in" by the list of check-ins; "the open job" of several listed is
    one job; a unit of measure is no name the run had to use."""
    from toolgraph.execute.outcome import Ask, meets, unused_names

    much = next(a for a in asks("is there parking - how much a night?") if a.word == "how much")
    assert meets(much, {"name": "Saltmarsh Lodge", "policies": {"parking": {"per_night": 14.5}}},
                 "is there parking - how much a night?")
    assert not meets(much, {"name": "Saltmarsh Lodge", "stars": "three"}, "is there parking - how much a night?")
    assert meets(Ask("attribute", "time"), {"check_out": "10:30"}, "what time is check-out?")
    assert not meets(Ask("attribute", "time"), {"opened": "2027-04-26"}, "what time is check-out?")
    assert meets(Ask("attribute", stem("membership")), {"loyalty": {"tier": "Gold", "member_no": "MRW-7720415"}})
    checkins = CallRecord(id="c1", tool=f"{GROUP}/checkins", level=0, status="ok",
                          arguments={"member_id": "MB-1"}, bound_from={"member_id": "request (id after 'member')"},
                          raw_value=[{"checkin_id": f"CI-{i}", "time_in": f"2027-02-0{i}T06:41"} for i in (1, 2, 3)])
    plan = make_plan("how many times did member MB-1 check in during February 2027?", [["checkins"]])
    assert judge(plan.query, plan, [checkins]).status == "success"
    jobs = CallRecord(id="c1", tool=f"{GROUP}/jobs", level=0, status="ok", arguments={"boat_id": "BT-5"},
                      raw_value={"jobs": [{"job_id": "MJ-1", "status": "open"}, {"job_id": "MJ-2", "status": "done"}]})
    job = CallRecord(id="c2", tool=f"{GROUP}/job", level=1, status="ok", arguments={"job_id": "MJ-1"},
                     bound_from={"job_id": "c1:jobs[0].job_id"},
                     raw_value={"job_id": "MJ-1", "parts": [{"part_no": "SD-2290", "status": "ordered"}]})
    plan = make_plan("What parts are we still waiting on for the open job on boat BT-5?", [["jobs"], ["job"]])
    assert judge(plan.query, plan, [jobs, job]).status == "success"
    listing = CallRecord(id="c1", tool=f"{GROUP}/listing", level=0, status="ok", arguments={"listing_id": "FE-22"},
                         raw_value={"listing_id": "FE-22", "agent": "Ysolde Pennick", "floor_area_sqm": 87})
    plan = make_plan("who's the agent on listing FE-22, and how big is it in square metres?", [["listing"]])
    assert unused_names(plan.query, plan, [listing]) == []


def test_their_attribute_is_the_asked_persons_and_a_party_size_must_be_used() -> None:
    """"Who is X's form tutor, and what's their email" is not met by the guardians' emails, but by a record of the
    tutor (or one got by the tutor's id); "Mr. Haruto Sato" is the Haruto Sato the request names, no answer to who;
    "for ten people" that no call took leaves the amount unscaled."""
    from toolgraph.execute.outcome import Ask, meets, unused_party

    student = CallRecord(id="c1", tool=f"{GROUP}/student", level=0, status="ok", arguments={"student_id": "S-1"},
                         raw_value={"student_id": "S-1", "name": "Rhys Yale", "tutor": "Mr T. Strang"})
    guardians = CallRecord(id="c2", tool=f"{GROUP}/guardians", level=1, status="ok", arguments={"student_id": "S-1"},
                           bound_from={"student_id": "c1:student_id"},
                           raw_value=[{"guardian_id": "G-1", "name": "Caroline Yale", "relationship": "mother",
                                       "email": "c.yale@example.org"}])
    query = "Who is student S-1's form tutor, and what's their email?"
    plan = make_plan(query, [["student"], ["guardians"]])
    nearby = {stem("tutor"), stem("email")}  # (fields of the tools next to the plan's)
    outcome = judge(query, plan, [student, guardians], None, nearby)
    assert outcome.status == "partial" and any("tutor" in r for r in outcome.reasons), outcome.reasons
    teacher = CallRecord(id="c2", tool=f"{GROUP}/teacher", level=1, status="ok", arguments={"teacher_id": "T-3"},
                         bound_from={"teacher_id": "c1:tutor_id"},
                         raw_value={"teacher_id": "T-3", "name": "Tobias Strang", "email": "t.strang@example.org"})
    student.raw_value = {**student.raw_value, "tutor_id": "T-3"}
    plan = make_plan(query, [["student"], ["teacher"]])
    assert judge(query, plan, [student, teacher], None, nearby).status == "success"
    assert not meets(Ask("person", "who"), {"name": "Mr. Haruto Sato"}, "Who is in Mr. Haruto Sato's class?")
    assert unused_party("I'm making shakshuka for ten people. How much feta will I need?", [student]) == [
        (10, "people")]
    assert unused_party("What seats are the two people on booking K7QX2M sitting in?", []) == []


def test_a_lower_case_name_the_request_gives_is_no_answer_and_must_be_used() -> None:
    """"what classes has priya nataraj got booked" run without her name answers someone else's; "who got the top
    mark" is not answered by the student the request names in lower case."""
    from toolgraph.execute.outcome import Ask, meets, unused_names

    classes = CallRecord(id="c1", tool=f"{GROUP}/classes", level=0, status="ok",
                         arguments={"date_from": "2027-03-01"}, raw_value=[{"class_name": "Spin 45"}])
    plan = make_plan("what classes has priya nataraj got booked for march 2027?", [["classes"]])
    assert unused_names(plan.query, plan, [classes]) == ["priya nataraj"]
    query = "what did amara osei score on the test, and who got the top mark in her class?"
    assert not meets(Ask("person", "who"), {"student_name": "Amara Osei", "mark": 36}, query)
    assert meets(Ask("person", "who"), {"student_name": "Maya Eberhardt", "mark": 39}, query)


def test_an_asked_thing_the_answer_never_names_and_another_holders_attribute_are_no_answer() -> None:
    """"Which form is her daughter in" answered by the guardian's record (no key, value, tool name or description
    names a form); "who's the agent ..., and what's their email" not met by a viewer's email beside the agent's
    name; "which year 11 science groups are there, and who teaches each one" not met by one group of the list."""
    guardian = CallRecord(id="c1", tool=f"{GROUP}/find_guardians", level=0, status="ok",
                          arguments={"email": "r.carvalho@example.net"}, bound_from={"email": "request (email)"},
                          raw_value=[{"guardian_id": "G-2201", "name": "Rosa Carvalho",
                                      "children": "Ines Carvalho (S-10427)"}])
    query = "r.carvalho@example.net just rang - which form is her daughter in?"
    plan = make_plan(query, [["find_guardians"]])
    outcome = judge(query, plan, [guardian])
    assert outcome.status == "partial" and any("the form" in r for r in outcome.reasons), outcome.reasons
    student = CallRecord(id="c2", tool=f"{GROUP}/get_student", level=1, status="ok",
                         arguments={"student_id": "S-10427"}, bound_from={"student_id": "c1:[0].children"},
                         raw_value={"student_id": "S-10427", "name": "Ines Carvalho", "form": "10R"})
    plan = make_plan(query, [["find_guardians"], ["get_student"]])
    assert judge(query, plan, [guardian, student]).status == "success"

    viewings = CallRecord(id="c1", tool=f"{GROUP}/viewings", level=0, status="ok", raw_value=[
        {"agent_id": "AG-07", "agent_name": "Marisol Achebe", "viewer_name": "Oona Bell",
         "viewer_email": "oona.bell@example.com"}])
    query = "who's the agent for the most expensive house for sale, and what's their email?"
    plan = make_plan(query, [["viewings"]])
    outcome = judge(query, plan, [viewings], None, {stem("agent"), stem("email")})
    assert outcome.status == "partial" and any("agent's email" in r for r in outcome.reasons), outcome.reasons
    viewings.raw_value = [{"agent_id": "AG-07", "agent_name": "Marisol Achebe", "agent_email": "m.a@example.com"}]
    assert judge(query, plan, [viewings], None, {stem("agent"), stem("email")}).status == "success"

    classes = CallRecord(id="c1", tool=f"{GROUP}/list_classes", level=0, status="ok", arguments={"year_group": 11},
                         raw_value=[{"class_code": "11Cs1", "teacher": "Arjun Mehta"},
                                    {"class_code": "11Cs2", "teacher": "Yasmin Haddou"}])
    one = CallRecord(id="c2", tool=f"{GROUP}/get_class", level=1, status="ok", arguments={"class_code": "11Cs1"},
                     bound_from={"class_code": "c1:[0].class_code"},
                     raw_value={"class_code": "11Cs1", "subject": "Computer Science", "teacher": "Arjun Mehta"})
    query = "which year 11 computer science groups are there, and who teaches each one?"
    plan = make_plan(query, [["list_classes"], ["get_class"]], [("list_classes", "get_class", "class_code")])
    outcome = judge(query, plan, [classes, one])
    assert outcome.status == "partial" and any("one of the 2" in r for r in outcome.reasons), outcome.reasons
    plan = make_plan(query, [["list_classes"]])
    assert judge(query, plan, [classes]).status == "success"
    # how many customers a search found is no amount: "how much would her insurance cost"
    customers = CallRecord(id="c1", tool=f"{GROUP}/find_customers", level=0, status="ok",
                           arguments={"name": "priya venkatesan"}, bound_from={"name": "request (name)"},
                           raw_value={"customers": [{"customer_id": "CU-4111", "name": "Priya Venkatesan"}],
                                      "count": 1})
    query = "How much would priya venkatesan's home insurance cost per year?"
    outcome = judge(query, make_plan(query, [["find_customers"]]), [customers])
    assert outcome.status == "partial" and any("how much" in r for r in outcome.reasons), outcome.reasons


def test_how_much_of_one_thing_is_not_answered_by_several_of_them_with_their_amounts() -> None:
    """"How much is still owed on the invoice for his party" answered by both of his invoices: one is asked, and
    the answer does not say which (nor totals them); "how much is a scale and polish" over a price list names
    its treatment, which answers."""
    from toolgraph.execute.answer import rules_answer

    invoices = CallRecord(id="c2", tool=f"{GROUP}/listinvoices", level=1, status="ok", raw_value={"invoices": [
        {"invoice_id": "INV-7690", "event_title": "Achterberg family Christmas lunch", "total": 2977.15},
        {"invoice_id": "INV-7744", "event_title": "Tobias Achterberg's 60th birthday party", "total": 4122.8}]})
    query = "how much is still owed on the invoice for the 60th birthday party?"
    outcome = judge(query, make_plan(query, [["listinvoices"]]), [invoices])
    assert outcome.status == "partial" and any("one invoice" in r for r in outcome.reasons), outcome.reasons
    assert "total over" not in rules_answer(query, [["c2"]], [invoices]).text
    assert "Their total over 2" in rules_answer("how much do we owe on all the invoices?", [["c2"]], [invoices]).text
    prices = CallRecord(id="c1", tool=f"{GROUP}/list_treatments", level=0, status="ok", raw_value={"treatments": [
        {"name": "Scale and polish", "code": "SP-1", "price": 65.0},
        {"name": "Scale and polish (extended, hygienist)", "code": "SP-2", "price": 95.0}]})
    query = "how much is a scale and polish, and what's the treatment code for it?"
    assert judge(query, make_plan(query, [["list_treatments"]]), [prices]).status == "success"


def test_how_much_of_a_named_thing_wants_an_amount_of_it_and_the_phone_of_a_site_is_not_the_customers() -> None:
    """"How much monkfish quota has he got left" answered by the vessel's length: an amount, but not of the thing
    the request measures (a quota line naming monkfish, or a tool named for quotas, answers). "The phone number
    of the site X's membership is based at" answered by the customer's record: its phone is the customer's,
    though a key names the site (``home_site_name``); the site's own record answers."""
    vessel = CallRecord(id="c2", tool=f"{GROUP}/get_vessel", level=1, status="ok",
                        raw_value={"reg": "SKW-063", "nm": "Silver Harvest", "length_m": 16.4, "skpr": "SK-2207"})
    query = "How much monkfish quota has the skipper of the Silver Harvest got left for 2027?"
    outcome = judge(query, make_plan(query, [["get_vessel"]]), [vessel])
    assert outcome.status == "partial" and any("how much monkfish quota" in r for r in outcome.reasons), \
        outcome.reasons
    quota = CallRecord(id="c3", tool=f"{GROUP}/get_quota", level=2, status="ok", raw_value=[
        {"licence_no": "LIC-40217", "year": 2027, "species": "Monkfish", "remaining_kg": 1460}])
    vessel_first = vessel.model_copy(update={"level": 0})
    plan = make_plan(query, [["get_vessel"], ["get_quota"]])
    assert judge(query, plan, [vessel_first, quota]).status == "success"
    lines = quota.model_copy(update={"tool": f"{GROUP}/licence_lines"})  # (named for the thing in a value)
    plan = make_plan(query, [["get_vessel"], ["licence_lines"]])
    assert judge(query, plan, [vessel_first, lines]).status == "success"
    assert judge("how much water is there at the berth?", make_plan("q", [["get_berth"]]), [CallRecord(
        id="c1", tool=f"{GROUP}/get_berth", level=0, status="ok",
        raw_value={"berth_id": "B-14", "water_depth_m": 2.8})]).status == "success"

    query = ("What's the phone number of the site tove.lindahl@example.com's membership is based at? Is it open "
             "on Sundays?")
    plan = make_plan(query, [["searchcustomers"], ["getcustomer"]], [("searchcustomers", "getcustomer", "customer_id")])
    found = CallRecord(id="c1", tool=f"{GROUP}/searchcustomers", level=0, status="ok", raw_value={"customers": [
        {"customer_id": "C-2080", "name": "Tove Lindahl", "email": "tove.lindahl@example.com"}]})
    customer = CallRecord(id="c2", tool=f"{GROUP}/getcustomer", level=1, status="ok", raw_value={
        "customer_id": "C-2080", "name": "Tove Lindahl", "phone": "(541) 555-2080",
        "membership": {"home_site_id": "S-104", "home_site_name": "Tidewell Harlan Crossing"}},
        bound_from={"customer_id": "c1:customers[0].customer_id"})
    outcome = judge(query, plan, [found, customer], nearby_fields={stem("site")})
    assert outcome.status == "partial" and "the site's phone number" in " ".join(outcome.reasons), outcome.reasons
    site = CallRecord(id="c3", tool=f"{GROUP}/getsite", level=2, status="ok", raw_value={
        "site_id": "S-104", "name": "Tidewell Harlan Crossing", "phone": "(541) 555-0147", "sunday": "closed"},
        bound_from={"site_id": "c2:membership.home_site_id"})
    plan = make_plan(query, [["searchcustomers"], ["getcustomer"], ["getsite"]],
                     [("searchcustomers", "getcustomer", "customer_id"), ("getcustomer", "getsite", "site_id")])
    assert judge(query, plan, [found, customer, site], nearby_fields={stem("site")}).status == "success"


def test_a_thing_the_request_goes_through_must_be_looked_up_and_an_id_named_must_be_the_one_answered() -> None:
    """"Who manages the branch where odalys's preferred stylist works" answered by the client's home branch: the
    stylist (``preferred_stylist_id``) was never looked up. "When is order FL-3044 being delivered" answered by
    the delivery of order FL-2877. A record about the thing's id (the visits of that piano), a write's own
    reference, or another role's id (``manager_employee_id``) is no such miss."""
    query = ("who manages the branch where odalys ferreira-monk's preferred stylist works, and what's that "
             "branch's phone number?")
    plan = make_plan(query, [["searchclients"], ["getbranch"]], [("searchclients", "getbranch", "branch_id")])
    client = CallRecord(id="c1", tool=f"{GROUP}/searchclients", level=0, status="ok", raw_value={"clients": [
        {"client_id": "CL-1", "name": "Odalys Ferreira-Monk", "home_branch_id": "BR-01",
         "preferred_stylist_id": "ST-07"}]})
    branch = CallRecord(id="c2", tool=f"{GROUP}/getbranch", level=1, status="ok", arguments={"branch_id": "BR-01"},
                        raw_value={"branch_id": "BR-01", "name": "Riverside", "phone": "(971) 555-0118",
                                   "manager": "Philippa Ostrander", "stylists": ["Marisol Quintero", "Tobias Renner"]},
                        bound_from={"branch_id": "c1:clients[0].home_branch_id"})
    outcome = judge(query, plan, [client, branch])
    assert outcome.status == "partial" and "goes through the stylist (preferred_stylist_id: ST-07)" in \
        " ".join(outcome.reasons), outcome.reasons
    stylist = CallRecord(id="c2", tool=f"{GROUP}/getstylist", level=1, status="ok", arguments={"stylist_id": "ST-07"},
                         raw_value={"stylist_id": "ST-07", "name": "Marisol", "branch_id": "BR-02"})
    branch2 = branch.model_copy(update={"id": "c3", "level": 2, "arguments": {"branch_id": "BR-02"},
                                        "raw_value": {**branch.raw_value, "branch_id": "BR-02"}})
    plan = make_plan(query, [["searchclients"], ["getstylist"], ["getbranch"]])
    assert judge(query, plan, [client, stylist, branch2]).status == "success"
    query = "How many completed visits has the Bellhaven Community Choir's grand piano had since January 2027?"
    choir = CallRecord(id="c1", tool=f"{GROUP}/searchclients", level=0, status="ok", raw_value={"clients": [
        {"client_id": "C-4103", "name": "Bellhaven Community Choir", "piano_id": "PN-2231"}]})
    visits = CallRecord(id="c2", tool=f"{GROUP}/listvisits", level=1, status="ok", arguments={"client_id": "C-4103"},
                        raw_value={"visits": [{"visit_id": "V-1", "piano_id": "PN-2231", "status": "completed"}],
                                   "total_count": 1})
    assert not any("goes through" in r for r in judge(query, make_plan(query, [["searchclients"], ["listvisits"]]),
                                                       [choir, visits]).reasons)

    query = "When is order FL-3044 being delivered, and to what address?"
    delivery = CallRecord(id="c1", tool=f"{GROUP}/get_delivery", level=0, status="ok",
                          raw_value={"id": "DL-6120", "order": "FL-2877", "date": "2026-05-22", "window": "10:00",
                                     "addr": "Quillon House, Quillon Lane"})
    outcome = judge(query, make_plan(query, [["get_delivery"]]), [delivery])
    assert outcome.status == "partial" and "is about order FL-2877" in " ".join(outcome.reasons), outcome.reasons
    query = "What's the job title of employee E-1042, and which office are they based in?"
    office = CallRecord(id="c1", tool=f"{GROUP}/get_office", level=0, status="ok", arguments={"office_id": "OF-1"},
                        raw_value={"office_id": "OF-1", "name": "Oslo", "manager_employee_id": "E-1040"})
    assert not any("is about" in r for r in judge(query, make_plan(query, [["get_office"]]), [office]).reasons)


def test_how_many_are_left_is_one_records_count_and_a_list_of_other_things_counts_nothing() -> None:
    """"How many pairs of size 9 hockey skates are still free" over the hire stock (each size with its own
    ``avl``): the count is one record's, not the 3 records; one the request names is picked ("23.5ct gold
    leaf"). "How many dusty pink spray roses have we got" answered by the list of events: not what is counted."""
    query = "how many pairs of size 9 hockey skates are still free to hire for session PS-3080?"
    hire = CallRecord(id="c1", tool=f"{GROUP}/getskatehire", level=0, status="ok", raw_value=[
        {"sz": "8", "t": "H", "avl": 4, "tot": 10}, {"sz": "9", "t": "H", "avl": 15, "tot": 20},
        {"sz": "9", "t": "F", "avl": 2, "tot": 8}])
    assert judge(query, make_plan(query, [["getskatehire"]]), [hire]).status == "partial"
    query = "how many leaves of 23.5ct gold leaf have we got in stock?"
    stock = CallRecord(id="c1", tool=f"{GROUP}/list_leaf_stock", level=0, status="ok", raw_value=[
        {"name": "23.5ct gold leaf", "qty": 340}, {"name": "Silver leaf", "qty": 120}])
    assert judge(query, make_plan(query, [["list_leaf_stock"]]), [stock]).status == "success"
    query = "How many dusty pink spray roses have we got in the cooler right now?"
    events = CallRecord(id="c1", tool=f"{GROUP}/list_events", level=0, status="ok", raw_value=[
        {"event_id": "EV-1", "title": "Achterberg lunch"}, {"event_id": "EV-2", "title": "Summer party"}])
    outcome = judge(query, make_plan(query, [["list_events"]]), [events])
    assert outcome.status == "partial" and "a count" in " ".join(outcome.reasons), outcome.reasons
    query = "How many guests are expected at olamide ferreira's wedding?"
    customer = CallRecord(id="c1", tool=f"{GROUP}/get_customer", level=0, status="ok", raw_value={
        "id": "CU-201", "name": "Olamide Ferreira", "events": ["EV-4402", "EV-4377"]})
    assert judge(query, make_plan(query, [["get_customer"]]), [customer]).status == "partial"
    query = "How many ascents did freya halvorsen log in February 2027?"  # (a log's items are the ascents)
    log = CallRecord(id="c1", tool=f"{GROUP}/list_ascents", level=0, status="ok", raw_value={
        "member_id": "M-1", "member": "Freya Halvorsen", "n": 2, "items": [{"rt": "R-1", "dt": "2027-02-03"},
                                                                          {"rt": "R-2", "dt": "2027-02-09"}]})
    assert judge(query, make_plan(query, [["list_ascents"]]), [log]).status == "success"


def test_by_when_wants_a_deadline_and_every_order_number_asks_for_orders() -> None:
    """"By when does it have to be sorted out" is not answered by the inspections' own dates; "I need every order
    number for event EV-4410" asks for orders (not the event's record)."""
    from toolgraph.execute.outcome import asked_nouns

    query = "What did the inspectors write about plot P-322 on 9 Oct 2026, and by when does it have to be sorted out?"
    listed = CallRecord(id="c1", tool=f"{GROUP}/listinspections", level=0, status="ok", raw_value=[
        {"id": "IN-25A-322", "plot_id": "P-322", "date": "2025-10-09"},
        {"id": "IN-26A-322", "plot_id": "P-322", "date": "2026-10-09"}])
    assert judge(query, make_plan(query, [["listinspections"]]), [listed]).status == "partial"
    report = CallRecord(id="c1", tool=f"{GROUP}/getinspection", level=0, status="ok", raw_value={
        "id": "IN-26A-322", "plot": "P-322", "dt": "2026-10-09", "notes": "couch grass", "due": "2027-04-30"})
    assert judge(query, make_plan(query, [["getinspection"]]), [report]).status == "success"
    assert "order" in asked_nouns("I need every order number for event EV-4410, the Harrow-Quinn wedding.")
    query = "Whose piano was visit V-2388 for, and what's that piano's serial number?"  # a date is no last name
    piano = CallRecord(id="c1", tool=f"{GROUP}/getpiano", level=0, status="ok", raw_value={
        "piano_id": "PN-2203", "client_id": "C-4102", "serial": "418270", "last_tuned": "2027-05-28"})
    assert "a person" in " ".join(judge(query, make_plan(query, [["getpiano"]]), [piano]).reasons)


def test_which_thing_named_only_by_its_id_is_not_answered() -> None:
    """"Which wine did those grapes end up in" answered by a harvest lot's ``wine_ids`` alone names no wine; a
    trainer's record (``trainer_id`` its own id), a list of shelves, or a room's record inside a workshop's are
    the things themselves."""
    lot = CallRecord(id="c1", tool=f"{GROUP}/get_harvest_lot", level=0, status="ok", arguments={"lot_id": "HL-2602"},
                     raw_value={"lot_id": "HL-2602", "crew_lead": "Oksana Brill", "wine_ids": ["WN-308"]})
    query = "who was the crew lead on harvest lot HL-2602, and which wine did those grapes end up in?"
    outcome = judge(query, make_plan(query, [["get_harvest_lot"]]), [lot])
    assert outcome.status == "partial" and any("only by its id" in r for r in outcome.reasons), outcome.reasons
    shelves = CallRecord(id="c1", tool=f"{GROUP}/listshelves", level=0, status="ok", raw_value={"shelves": [
        {"shelf_id": "SH-1", "name": "Literary Fiction"}, {"shelf_id": "SH-2", "name": "Science Fiction"}]})
    query = "which shelf is the left hand of darkness on?"
    assert not any("only by its id" in r for r in judge(query, make_plan(query, [["listshelves"]]), [shelves]).reasons)
    workshop = CallRecord(id="c1", tool=f"{GROUP}/getworkshop", level=0, status="ok", raw_value={
        "workshop_id": "WS-03", "title": "TLA+ in a Day", "room": {"room_id": "R-E2", "name": "Elm Lab 2"}})
    query = "which room is workshop WS-03 in?"
    assert not any("only by its id" in r for r in judge(query, make_plan(query, [["getworkshop"]]), [workshop]).reasons)


def test_word_kinship_reads_meaning_from_the_offline_model_and_fails_closed() -> None:
    """The judge's word kinship on the offline all-MiniLM-L6-v2 (the numpy encoder: no torch): a car is a
    vehicle, a form is not a guardian's name; an embedder that fails makes no word kin (stricter, with a warning),
    and the judge with it still judges."""
    from toolgraph.embeddings.kinship import WordKinship
    from toolgraph.embeddings.minilm import MiniLMEncoder

    kin = WordKinship(MiniLMEncoder())
    assert kin("car", ["rental", "vehicle", "model"]) and kin("cardiologist", ["doctor", "cardiology"])
    assert not kin("form", ["guardian", "children", "email"])
    assert not kin("car", []) and not kin("", ["vehicle"])

    class Down(MiniLMEncoder):
        def embed_documents(self, texts: list[str]) -> list[list[float]]:
            raise ConnectionError("embedding endpoint refused the connection")

    down = WordKinship(Down())
    assert not down("bike", ["bicycle"])
    rental = CallRecord(id="c1", tool=f"{GROUP}/get_rental", level=0, status="ok", arguments={"rental_id": "R-1"},
                        raw_value={"rental_id": "R-1", "customer": "Ana Beltran", "vehicle": "Peugeot 208"})
    query = "who rented rental R-1, and which car was it?"
    plan = make_plan(query, [["get_rental"]])
    assert judge(query, plan, [rental], kin=kin).status == "success"
    assert judge(query, plan, [rental], kin=down).status == "partial"  # (without kinship: no trace of a car)


def test_a_pick_among_records_the_request_names_no_more_than_the_others_is_arbitrary() -> None:
    # the teams found by their division all hold the division: the first one's fixtures answer no "how many
    # Premier division matches"
    plan = make_plan("How many Premier division matches are still scheduled for April 2027?",
                     [["teams"], ["fixtures"]], [("teams", "fixtures", "team_id")])
    teams = CallRecord(id="c1", tool=f"{GROUP}/teams", level=0, status="ok", arguments={"division": "Premier"},
                       raw_value=[{"team_id": "TM-01", "name": "Ashby Rovers", "division": "Premier"},
                                  {"team_id": "TM-02", "name": "Kingsferry Town", "division": "Premier"}])
    fixtures = CallRecord(id="c2", tool=f"{GROUP}/fixtures", level=1, status="ok",
                          arguments={"team_id": "TM-01", "division": "Premier"},
                          bound_from={"team_id": "c1:[0].team_id"},
                          raw_value={"fixtures": [{"fixture_id": "FX-1", "date": "2027-04-04"}], "total_count": 1})
    outcome = judge(plan.query, plan, [teams, fixtures])
    assert outcome.status == "partial" and "names no more than the others" in " ".join(outcome.reasons)
    # a name that is one record's value exactly picks it out ("Amara Osei" before "Amara Osei-Bonsu")
    plan = make_plan("What's amara osei's phone number?", [["people"], ["person"]], [("people", "person", "id")])
    people = CallRecord(id="c1", tool=f"{GROUP}/people", level=0, status="ok", arguments={"q": "amara osei"},
                        raw_value=[{"id": "P-1", "name": "Amara Osei"}, {"id": "P-2", "name": "Amara Osei-Bonsu"}])
    person = CallRecord(id="c2", tool=f"{GROUP}/person", level=1, status="ok", arguments={"id": "P-1"},
                        bound_from={"id": "c1:[0].id"},
                        raw_value={"id": "P-1", "name": "Amara Osei", "phone": "555-0101"})
    assert judge(plan.query, plan, [people, person]).status == "success"
    # a list inside one record fetched by the id the request gives (a project's machines) is no search's finds
    plan = make_plan("what's the status of project PJ-318 and who's working on it?", [["project"], ["machine"]],
                     [("project", "machine", "machine_id")])
    project = CallRecord(id="c1", tool=f"{GROUP}/project", level=0, status="ok", arguments={"project_id": "PJ-318"},
                         bound_from={"project_id": "request (id after 'project')"},
                         raw_value={"project_id": "PJ-318", "status": "on hold", "lead": "Ines Varga",
                                    "machines": [{"machine_id": "EQ-12"}, {"machine_id": "EQ-14"}]})
    machine = CallRecord(id="c2", tool=f"{GROUP}/machine", level=1, status="ok", arguments={"machine_id": "EQ-12"},
                         bound_from={"machine_id": "c1:machines[0].machine_id"},
                         raw_value={"machine_id": "EQ-12", "name": "Laser cutter", "booked_by": "Ines Varga"})
    assert "arbitrary pick" not in " ".join(judge(plan.query, plan, [project, machine]).reasons)


def test_the_one_thing_a_request_picks_must_be_reached() -> None:
    # "her very first club shipment": the member's record, with bottles per shipment, holds no shipment
    plan = make_plan("what was in marguerite tollan's very first wine club shipment?", [["find"], ["member"]],
                     [("find", "member", "member_id")])
    found = CallRecord(id="c1", tool=f"{GROUP}/find", level=0, status="ok",
                       raw_value=[{"member_id": "CM-1", "name": "Marguerite Tollan"}])
    member = CallRecord(id="c2", tool=f"{GROUP}/member", level=1, status="ok", arguments={"member_id": "CM-1"},
                        bound_from={"member_id": "c1:[0].member_id"},
                        raw_value={"member_id": "CM-1", "name": "Marguerite Tollan", "bottles_per_shipment": 12})
    outcome = judge(plan.query, plan, [found, member])
    assert outcome.status == "partial" and "one shipment" in " ".join(outcome.reasons)
    shipment = CallRecord(id="c2", tool=f"{GROUP}/member", level=1, status="ok", arguments={"member_id": "CM-1"},
                          bound_from={"member_id": "c1:[0].member_id"},
                          raw_value={"shipment_id": "SH-1", "wines": ["Quarry Road Grenache"]})
    assert judge(plan.query, plan, [found, shipment]).status == "success"
    # "which of his hives has the oldest queen": the pick is among the hives listed, by a field of theirs
    plan = make_plan("which of hamish achterlonie's hives has the oldest queen?", [["hives"]])
    hives = CallRecord(id="c1", tool=f"{GROUP}/hives", level=0, status="ok", arguments={"keeper": "hamish achterlonie"},
                       raw_value=[{"id": "HV-101", "queen_year": 2025}, {"id": "HV-104", "queen_year": 2022}])
    assert "no call gave any" not in " ".join(judge(plan.query, plan, [hives]).reasons)
    # a first-class ticket is no pick of a first one
    plan = make_plan("How much is a first class ticket on train IC 512?", [["train"]])
    fares = CallRecord(id="c1", tool=f"{GROUP}/train", level=0, status="ok",
                       raw_value={"train_number": "IC 512", "fares": [{"class": "first", "price": "39.52"}]})
    assert judge(plan.query, plan, [fares]).status == "success"


def test_word_kinship_reads_the_results_not_the_descriptions() -> None:
    # "for delays and gates use the status call": a timetable search's description speaks of what it does not
    # give; a word of it near in meaning ("route") is no trace of the gate asked
    plan = make_plan("When is TW341 leaving on March 12, 2027, and from which gate?", [["flights"]])
    plan.tools[0].description = "Flights on a date by route or flight number; scheduled times only."
    flights = CallRecord(id="c1", tool=f"{GROUP}/flights", level=0, status="ok",
                         arguments={"flight_number": "TW341", "date": "2027-03-12"},
                         raw_value=[{"flight_number": "TW341", "departs": "2027-03-12T10:25"}])
    seen: list[list[str]] = []

    def kin(word: str, words: list[str]) -> bool:
        seen.append(list(words))
        return word == "gate" and "route" in words

    outcome = judge(plan.query, plan, [flights], kin=kin)
    assert outcome.status == "partial" and "gate" in " ".join(outcome.reasons)
    assert seen and all("route" not in ws for ws in seen)
    # nor is a clause that sends the reader elsewhere
    plan.tools[0].description = "Flights on a date. For delays and gates use GET /flights/{id}/status."
    assert judge(plan.query, plan, [flights]).status == "partial"
    plan.tools[0].description = "Flights on a date, with their departure gates."
    assert judge(plan.query, plan, [flights]).status == "success"


def test_a_terse_key_is_read_through_what_the_tool_says_it_means() -> None:
    from toolgraph.execute.run import response_meanings
    from toolgraph.text.glossary import glossed, key_meanings

    text = ("A member's fee account: mid (member id), dues_m (monthly dues, GBP), bal (amount owed now, GBP). "
            "Hives, compactly: qy (year the queen was born; null without a queen), n is the number listed; "
            "fno flight number, gt gate.")
    meanings = key_meanings(text, None, ["mid", "dues_m", "bal", "qy", "n", "fno", "gt", "status", "member_name"])
    assert meanings == {"mid": ("member", "id"), "dues_m": ("monthly", "dues"), "bal": ("amount", "owed", "now"),
                        "qy": ("year", "queen", "born"), "n": ("number", "listed"), "fno": ("flight", "number"),
                        "gt": ("gate",)}
    schema = {"type": "object", "properties": {"px": {"type": "number", "description": "price in GBP"}}}
    assert key_meanings("", schema, ["px"]) == {"px": ("price", "gbp")}
    quoted = 'One route. Keys: "id"; "nm" name; "gr" grade; "col" hold colour; "n": number of ascents returned,'
    assert key_meanings(quoted, None, ["nm", "gr", "col", "n"]) == {
        "nm": ("name",), "gr": ("grade",), "col": ("hold", "colour"), "n": ("number", "ascents", "returned")}
    plan = make_plan("how much does ros pettigrew owe in fees right now?", [["fees"]])
    plan.tools[0].description = text
    fees = CallRecord(id="c1", tool=f"{GROUP}/fees", level=0, status="ok", arguments={"member_id": "MK-1"},
                      raw_value={"mid": "MK-1", "name": "Ros Pettigrew", "dues_m": 30.0, "bal": 37.5})
    assert judge(plan.query, plan, [fees]).status == "partial"  # (no glossary: no amount owed)
    with glossed(response_meanings(plan, [fees], {})):
        assert judge(plan.query, plan, [fees]).status == "success"


def test_a_number_before_a_noun_picks_the_records_with_that_many() -> None:
    from toolgraph.execute.outcome import matching
    from toolgraph.text.glossary import glossed

    cabins = [{"no": "A-105", "brth": 2, "st": "free"}, {"no": "B-101", "brth": 4, "st": "free"},
              {"no": "B-109", "brth": 4, "st": "free"}, {"no": "C-201", "brth": 6, "st": "free"}]
    query = "are there any 4-berth cabins free on the overnight sailing?"
    assert matching(query, cabins) is None  # (brth says nothing without the tool's word for it)
    with glossed({"brth": ("berths",)}):
        conditions, hits = matching(query, cabins)
    assert conditions == ["brth: 4"] and [h["no"] for h in hits] == ["B-101", "B-109"]


def test_who_does_the_work_is_not_answered_by_who_it_is_for() -> None:
    plan = make_plan("Who's been assigned to job J-40288, and what number can I reach them on?", [["job"], ["person"]],
                     [("job", "person", "customer_id")])
    job = CallRecord(id="c1", tool=f"{GROUP}/job", level=0, status="ok", arguments={"job_id": "J-40288"},
                     raw_value={"job_id": "J-40288", "customer_id": "CU-1041", "technician_id": "T-05"})
    customer = CallRecord(id="c2", tool=f"{GROUP}/person", level=1, status="ok", arguments={"customer_id": "CU-1041"},
                          bound_from={"customer_id": "c1:customer_id"},
                          raw_value={"customer_id": "CU-1041", "name": "Marguerite Okonkwo-Bell", "phone": "503-555-0111"})
    outcome = judge(plan.query, plan, [job, customer])
    assert outcome.status == "partial" and "the customer the work is for" in " ".join(outcome.reasons)
    tech = CallRecord(id="c2", tool=f"{GROUP}/person", level=1, status="ok", arguments={"technician_id": "T-05"},
                      bound_from={"technician_id": "c1:technician_id"},
                      raw_value={"technician_id": "T-05", "name": "Emeka Oduya", "phone": "503-555-0147"})
    assert judge(plan.query, plan, [job, tech]).status == "success"


def test_money_is_known_by_its_words_and_by_a_currency_beside_it() -> None:
    from toolgraph.execute.outcome import meets

    much = next(a for a in asks("how much is the yearly premium?") if a.word == "how much")
    assert meets(much, {"policy_id": "CAR-318822", "annual_premium": 412.0}, "how much is the yearly premium?")
    query = "what's the single fare for an adult, and how much is it for a car?"
    much = next(a for a in asks(query) if a.word == "how much")
    fares = {"route_id": "R-14", "currency": "GBP", "single": {"passengers": {"adult": 11.4}, "vehicles": {"car": 52.6}}}
    assert meets(much, fares, query)
    assert not meets(much, {"route_id": "R-14", "single": {"vehicles": {"car": 2}}}, query)


def test_where_asks_for_a_place_of_the_thing_it_names_and_the_answer_gives_it_from_the_way_there() -> None:
    """"who looks after hive HV-172, and where is its apiary?" through the apiary to its keeper: the keeper's home
    address answers no "where is its apiary", the apiary's record on the way does, and the answer shows it."""
    from toolgraph.execute.answer import rules_answer

    query = "who looks after hive HV-172, and where exactly is its apiary?"
    plan = make_plan(query, [["gethive"], ["getapiary"], ["getbeekeeper"]],
                     [("gethive", "getapiary", "apiary_id"), ("getapiary", "getbeekeeper", "beekeeper_id")])
    hive = CallRecord(id="c1", tool=f"{GROUP}/gethive", level=0, status="ok", arguments={"hive_id": "HV-172"},
                      raw_value={"hive_id": "HV-172", "apiary_id": "AP-07", "type": "National"})
    apiary = CallRecord(id="c2", tool=f"{GROUP}/getapiary", level=1, status="ok", arguments={"apiary_id": "AP-07"},
                        bound_from={"apiary_id": "c1:apiary_id"},
                        raw_value={"apiary_id": "AP-07", "name": "Cold Ashby Churchyard", "keeper_id": "BK-19",
                                   "location": {"address": "Church Lane, Cold Ashby", "grid_ref": "HV 4781 7302"}})
    keeper = CallRecord(id="c3", tool=f"{GROUP}/getbeekeeper", level=2, status="ok",
                        arguments={"beekeeper_id": "BK-19"}, bound_from={"beekeeper_id": "c2:keeper_id"},
                        raw_value={"beekeeper_id": "BK-19", "name": "Tobias Hackenbury",
                                   "address": {"street": "The Old Vicarage", "town": "Cold Ashby"}})
    assert [a.word for a in asks(query) if a.kind == "place"] == ["apiary"]
    assert judge(query, plan, [hive, apiary, keeper]).status == "success"
    text = rules_answer(query, [["c1"], ["c2"], ["c3"]], [hive, apiary, keeper], [keeper]).text
    assert "Tobias Hackenbury" in text and "Church Lane, Cold Ashby" in text
    bare = make_plan("where is hive HV-172?", [["gethive"]])  # no place at all: not answered
    assert judge("where is hive HV-172?", bare, [hive]).status == "partial"
    assert not [a for a in asks("the branch where I booked it: what's its phone?") if a.kind == "place"]


def test_how_many_things_is_not_one_of_them_and_a_code_the_request_names_picks_records() -> None:
    from toolgraph.execute.answer import rules_answer
    from toolgraph.execute.outcome import selected

    query = "How many cowslip accessions were collected in 2019?"
    one = CallRecord(id="c1", tool=f"{GROUP}/get_accession", level=0, status="ok",
                     raw_value={"accession_id": "NMS-2019-0109", "common_name": "cowslip", "seed_count": 4400})
    outcome = judge(query, make_plan(query, [["get_accession"]]), [one])
    assert outcome.status == "partial" and any("a count" in r for r in outcome.reasons), outcome.reasons
    orders = [{"id": "FO-1", "reg": "Q-DIVA", "ltr": 120}, {"id": "FO-2", "reg": "Q-CELL", "ltr": 80},
              {"id": "FO-3", "reg": "Q-CELL", "ltr": 135}]
    query = "how many litres of fuel were delivered to q-cell during march 2027?"
    assert selected(query, orders) == ("reg", "Q-CELL", orders[1:])
    listed = CallRecord(id="c1", tool=f"{GROUP}/listfuelorders", level=0, status="ok", raw_value={"orders": orders})
    assert "ltr: 215" in rules_answer(query, [["c1"]], [listed]).text


def test_what_parts_went_into_it_asks_for_the_parts() -> None:
    from toolgraph.execute.outcome import asked_nouns

    assert "part" in asked_nouns("what parts went into the last completed job, and how long did it take?")


def test_an_aspect_of_a_thing_is_answered_by_the_field_named_for_the_thing() -> None:
    """"what are the access conditions on series S-140" is answered by the series' ``access`` (a box's
    ``condition`` nearby is another thing); "the delivery address" is not answered by a ``delivery_date``."""
    query = "what are the access conditions on series S-140, and how many boxes does it run to?"
    series = CallRecord(id="c1", tool=f"{GROUP}/get_series", level=0, status="ok", raw_value={
        "series_id": "S-140", "access": "Open for books up to 1926.", "extent": {"boxes": 31}})
    plan = make_plan(query, [["get_series"]])
    assert judge(query, plan, [series], nearby_fields={"condit", "condition"}).status == "success"
    query = "what's the delivery address for order 7?"
    order = CallRecord(id="c1", tool=f"{GROUP}/get_order", level=0, status="ok",
                       raw_value={"order_id": 7, "delivery_date": "2027-03-01"})
    assert judge(query, make_plan(query, [["get_order"]]), [order], nearby_fields={"address"}).status == "partial"


def test_when_it_should_arrive_asks_for_the_arrival_not_any_date() -> None:
    from toolgraph.execute.outcome import Ask, meets

    query = "hannah whitfield's parcel that's still in transit: where is it now and when should it arrive?"
    events = {"tracking_number": "PRC-1", "events": [{"date": "2026-11-20", "location": "Leeds"}]}
    assert not meets(Ask("time", "when"), events, query)
    assert meets(Ask("time", "when"), {**events, "expected_delivery": "2026-11-25"}, query)
    assert meets(Ask("time", "when"), {"exp": "2027-08-31"}, "when does gift card GC-7 run out?")
    assert meets(Ask("time", "when"), events, "when was it last scanned?")  # no event named: any date


def test_the_best_one_asked_is_not_answered_by_all_of_them_and_until_when_wants_the_end() -> None:
    from toolgraph.execute.outcome import Ask, meets

    query = "who's made the best offer on listing FE-2205 so far?"
    offers = CallRecord(id="c3", tool=f"{GROUP}/listlistingoffers", level=2, status="ok",
                        arguments={"listing_id": "FE-2205"}, raw_value={"offers": [
        {"offer_id": "OF-1", "buyer_name": "Harriet Oyinlola", "status": "open"},
        {"offer_id": "OF-2", "buyer_name": "Imogen Starling", "status": "open"}]})
    outcome = judge(query, make_plan(query, [["listlistingoffers"]]), [offers])  # (no amount to rank them by)
    assert outcome.status == "partial" and any("best offer" in r for r in outcome.reasons), outcome.reasons
    one = CallRecord(id="c3", tool=f"{GROUP}/listlistingoffers", level=2, status="ok",
                     arguments={"listing_id": "FE-2205"}, raw_value={"offers": [
        {"offer_id": "OF-2", "buyer_name": "Imogen Starling", "amount": 655000}]})
    assert judge(query, make_plan(query, [["listlistingoffers"]]), [one]).status == "success"
    query = "is tomasz wielgosz's membership still active? if not, until when?"
    assert not meets(Ask("time", "when"), {"checkins": [{"time_in": "2027-02-15T18:40"}]}, query)
    assert meets(Ask("time", "when"), {"status": "frozen", "frozen_until": "2027-04-01"}, query)


def test_the_answer_picks_the_one_a_superlative_asks_for_and_names_each_ones_asked_detail() -> None:
    from toolgraph.execute.answer import rules_answer

    query = "what's the highest offer still on the table for 14 wren terrace, and who made it?"
    offers = CallRecord(id="c2", tool=f"{GROUP}/listlistingoffers", level=1, status="ok", raw_value={
        "listing_id": "FE-2205", "address": "14 Wren Terrace", "offers": [
            {"offer_id": "OF-1", "buyer_name": "Harriet Oyinlola", "amount": 430000},
            {"offer_id": "OF-2", "buyer_name": "Barnaby Thistlewood", "amount": 445000}]})
    text = rules_answer(query, [["c2"]], [offers]).text
    assert "Highest offer of the 2" in text and "445000" in text and "Barnaby Thistlewood" in text
    assert judge(query, make_plan(query, [["listlistingoffers"]]), [offers]).status == "success"
    query = "what terminals are there at port halvard north, and who operates each one?"
    port = CallRecord(id="c2", tool=f"{GROUP}/getport", level=1, status="ok", raw_value={
        "locode": "GBPHN", "name": "Port Halvard North", "country": "GB", "timezone": "Europe/London",
        "pilotage": "compulsory", "terminals": [{"code": "PHN-Q4", "name": "Northquay Terminal 4",
                                                 "operator": "Baltrum Terminals"},
                                                {"code": "PHN-RR", "name": "North Basin Ro-Ro",
                                                 "operator": "Halvard Port Authority"}]})
    text = rules_answer(query, [["c2"]], [port]).text
    assert "Northquay Terminal 4 (operator: Baltrum Terminals)" in text and "Halvard Port Authority" in text


def test_a_terse_key_clipped_from_the_asked_word_holds_it() -> None:
    """"How much is the yearly premium" answered by ``prem: 684.0``; ``booking_ref`` holds the reference."""
    query = "what's the deductible on policy CAR-318822, and how much is the yearly premium?"
    policy = CallRecord(id="c1", tool=f"{GROUP}/policy", level=0, status="ok",
                        raw_value={"no": "CAR-318822", "prem": 684.0, "ded": 350, "deductible": 350})
    schema = {"type": "object", "properties": {"premium": {"type": "number"}}}
    plan = make_plan(query, [["policy"]])
    assert judge(query, plan, [policy], {f"{GROUP}/policy": schema}).status == "success"
    booked = CallRecord(id="c1", tool=f"{GROUP}/book", level=0, status="ok", raw_value={"booking_ref": "BK-D752E5"})
    query = "What's my booking reference?"
    schema = {"type": "object", "properties": {"reference": {"type": "string"}}}
    assert judge(query, make_plan(query, [["book"]]), [booked], {f"{GROUP}/book": schema}).reasons == []


def test_the_answer_leads_with_the_listed_record_the_request_names() -> None:
    """"How much is the Ultimate Shine at the maple ridge north location?": the site's packages, that one first."""
    from toolgraph.execute.answer import rules_answer

    packages = CallRecord(id="c2", tool=f"{GROUP}/sitepackages", level=1, status="ok", raw_value={
        "site_id": "S-102", "packages": [{"code": "EXP", "name": "Express", "price": 9.5},
                                         {"code": "ULT", "name": "Ultimate Shine", "price": 24.5}]})
    text = rules_answer("how much is the Ultimate Shine at the maple ridge north location?", [["c2"]],
                        [packages]).text
    assert text.splitlines()[0] == "Ultimate Shine — code: ULT; price: 24.5 [c2]."


def test_what_the_request_fixes_or_owns_must_be_what_the_run_was_about() -> None:
    """A date for "when is it due back" is a due date, not the day it was taken; the team "she was bowling
    against" is not hers; a what-if amount no call took was never priced; a thing "on his invoice" no call was
    about; an agent noun's person answers who ("arbiter: Hesketh Moorcroft")."""
    plan = make_plan("when is imogen.tarrant@example.com's current hire due back?", [["customers"], ["deposits"]],
                     [("customers", "deposits", "customer_id")])
    customer = CallRecord(id="c1", tool=f"{GROUP}/customers", level=0, status="ok",
                          raw_value={"matches": [{"id": "C-2001", "name": "Imogen Tarrant",
                                                  "email": "imogen.tarrant@example.com"}]})
    deposits = CallRecord(id="c2", tool=f"{GROUP}/deposits", level=1, status="ok",
                          raw_value={"items": [{"rid": "R-40561", "amt": 185.0, "taken": "2026-12-01"}]})
    assert judge(plan.query, plan, [customer, deposits]).status == "partial"
    deposits.raw_value = {"items": [{"rental_id": "R-40561", "due": "2026-12-12"}]}
    assert judge(plan.query, plan, [customer, deposits]).status == "success"

    plan = make_plan("Marcus Oyelaran bowled a 279 on 11 February 2027. Who captains the team he was bowling "
                     "against that night?", [["bowlers"], ["bowler"]], [("bowlers", "bowler", "bowler_id")])
    bowlers = CallRecord(id="c1", tool=f"{GROUP}/bowlers", level=0, status="ok",
                         raw_value={"results": [{"id": "B-2002", "nm": "Marcus Oyelaran"}]})
    own = CallRecord(id="c2", tool=f"{GROUP}/bowler", level=1, status="ok",
                     raw_value={"id": "B-2002", "nm": "Marcus Oyelaran", "team": "Silver Strikers",
                                "captain": "Wilma Strand"})
    outcome = judge(plan.query, plan, [bowlers, own])
    assert outcome.status == "partial" and "the other side" in " ".join(outcome.reasons)

    plan = make_plan("How much would Priya Venkatesan's home insurance cost per year if she raised her deductible "
                     "to $1,000?", [["customers"], ["policy"]], [("customers", "policy", "customer_id")])
    found = CallRecord(id="c1", tool=f"{GROUP}/customers", level=0, status="ok",
                       raw_value=[{"customer_id": "CU-4111", "name": "Priya Venkatesan"}])
    policy = CallRecord(id="c2", tool=f"{GROUP}/policy", level=1, status="ok", arguments={"customer_id": "CU-4111"},
                        raw_value={"policy_no": "HOM-221300", "annual_premium": 1012.4, "deductible": 500})
    outcome = judge(plan.query, plan, [found, policy])
    assert outcome.status == "partial" and "$1,000" in " ".join(outcome.reasons)
    policy.arguments = {"policy_no": "HOM-221300", "deductible": 1000}
    assert judge(plan.query, plan, [found, policy]).status == "success"

    plan = make_plan("how much was Mateus Reis charged for meeting rooms on his February 2027 invoice?",
                     [["members"], ["member"]], [("members", "member", "member_id")])
    members = CallRecord(id="c1", tool=f"{GROUP}/members", level=0, status="ok",
                         raw_value=[{"member_id": "M-1070", "name": "Mateus Reis"}])
    member = CallRecord(id="c2", tool=f"{GROUP}/member", level=1, status="ok",
                        raw_value={"member_id": "M-1070", "name": "Mateus Reis", "room_hours": 2, "fee": 190.0})
    outcome = judge(plan.query, plan, [members, member])
    assert outcome.status == "partial" and "invoice" in " ".join(outcome.reasons)

    plan = make_plan("what's the time control for tournament T-88, and who's arbiting it?", [["tournament"]])
    tournament = CallRecord(id="c1", tool=f"{GROUP}/tournament", level=0, status="ok",
                            raw_value={"tournament_id": "T-88", "time_control": "3+2", "arbiter": "Hesketh Moorcroft"})
    assert judge(plan.query, plan, [tournament]).status == "success"
    tournament.raw_value = {"tournament_id": "T-88", "time_control": "3+2", "venue": "Rookery Lane"}
    assert judge(plan.query, plan, [tournament]).status == "partial"


def test_an_amount_asked_in_pounds_is_not_answered_by_one_its_description_says_is_in_pence() -> None:
    from toolgraph.text.glossary import glossed, key_meanings

    described = ("Sponsorship deals. Keys: items = [{sp: deal id, show: show id, amt: amount per month in\n"
                 "    pence, on: true if the deal is running}].")
    plan = make_plan("Does show S-103 have a sponsor at the moment? How much a month is the deal worth, in pounds?",
                     [["deals"]])
    deals = CallRecord(id="c1", tool=f"{GROUP}/deals", level=0, status="ok", arguments={"show_id": "S-103"},
                       raw_value={"items": [{"sp": "SPN-322", "show": "S-103", "amt": 22500, "on": True}]})
    with glossed(key_meanings(described, None, ["sp", "show", "amt", "on"])):
        outcome = judge(plan.query, plan, [deals])
    assert outcome.status == "partial" and "in pence (amt)" in " ".join(outcome.reasons)
    deals.raw_value = {"items": [{"sp": "SPN-322", "show": "S-103", "monthly_gbp": 225.0, "on": True}]}
    assert judge(plan.query, plan, [deals]).status == "success"


def test_what_a_thing_is_made_of_and_why_something_happened_need_a_field_that_says_so() -> None:
    plan = make_plan("Which fabric did Seun choose for his overcoat, and what's it made of?", [["order"]])
    order = CallRecord(id="c1", tool=f"{GROUP}/order", level=0, status="ok", arguments={"customer": "Seun"},
                       raw_value={"order_id": "O-1", "item": "overcoat", "fabric_name": "Loden Green Flannel"})
    assert judge(plan.query, plan, [order]).status == "partial"
    order.raw_value = {**order.raw_value, "composition": "90% wool, 10% cashmere"}
    assert judge(plan.query, plan, [order]).status == "success"

    plan = make_plan("How much of her deposit did Marguerite get back, and why was some of it kept?", [["deposits"]])
    held = CallRecord(id="c1", tool=f"{GROUP}/deposits", level=0, status="ok", arguments={"name": "Marguerite"},
                      raw_value={"deposit_returned": 112.5, "taken": "2026-11-02"})
    outcome = judge(plan.query, plan, [held])
    assert outcome.status == "partial" and "why" in " ".join(outcome.reasons)
    held.raw_value = {**held.raw_value, "notes": "torn hem"}
    assert judge(plan.query, plan, [held]).status == "success"


def test_a_persons_name_must_be_in_one_record_and_a_remaining_count_or_measure_answers() -> None:
    """A name whose words only turn up in different records (Idris Pennock's, a boat named Iris) was never found;
    nor was one a lookup took and answered with everything else; "how many visits are left" is a count each record
    holds (``left: 13``); "how many metres" and "how much yarn do I need" are answered by ``metres_needed``; "what
    date does her licence expire" wants an expiry, not the year the boat was built."""
    plan = make_plan("Is Iris Pennock's boat licensed? What date does her licence expire?", [["boaters"], ["boat"]],
                     [("boaters", "boat", "boater_id")])
    boaters = CallRecord(id="c1", tool=f"{GROUP}/boaters", level=0, status="ok", arguments={"name": "Iris Pennock"},
                         raw_value=[{"boater_id": "BT-301", "name": "Idris Pennock"},
                                    {"boater_id": "BT-309", "name": "Jo Iris"}])
    boat = CallRecord(id="c2", tool=f"{GROUP}/boat", level=1, status="ok",
                      raw_value={"id": "WB-0430", "nm": "Bluebell", "blt": "2016-04-01", "exp": "2027-05-31"})
    outcome = judge(plan.query, plan, [boaters, boat])
    assert outcome.status == "partial" and "'Iris Pennock'" in " ".join(outcome.reasons)
    boaters.raw_value = [{"boater_id": "BT-312", "name": "Iris Pennock"}]
    boat.raw_value = {"id": "WB-0430", "nm": "Bluebell", "built": "2016-04-01"}
    outcome = judge(plan.query, plan, [boaters, boat])
    assert outcome.status == "partial" and "date" in " ".join(outcome.reasons)
    boat.raw_value = {"id": "WB-0430", "nm": "Bluebell", "built": "2016-04-01", "licence_expires": "2027-05-31"}
    assert judge(plan.query, plan, [boaters, boat]).status == "success"

    plan = make_plan("How many visits are left on pass P-20771?", [["pass"]])
    held = CallRecord(id="c1", tool=f"{GROUP}/pass", level=0, status="ok", arguments={"pass_id": "P-20771"},
                      raw_value={"id": "P-20771", "typ": "SP20", "left": 13})
    assert judge(plan.query, plan, [held]).status == "success"
    held.raw_value = {"id": "P-20771", "typ": "SP20", "expires": "2027-09-30"}
    assert judge(plan.query, plan, [held]).status == "partial"

    pattern = {"pattern_id": "KP-0412", "name": "Tidewrack Mitts", "metres_needed": 265, "needles": "4.5 mm"}
    for query in ("How many metres does pattern KP-0412 take?", "How much yarn do I need for pattern KP-0412?"):
        plan = make_plan(query, [["pattern"]])
        call = CallRecord(id="c1", tool=f"{GROUP}/pattern", level=0, status="ok",
                          arguments={"pattern_id": "KP-0412"}, raw_value=pattern)
        assert judge(plan.query, plan, [call]).status == "success", query
        call.raw_value = {k: v for k, v in pattern.items() if k != "metres_needed"}
        assert judge(plan.query, plan, [call]).status == "partial", query


def test_a_terse_key_a_description_glosses_with_a_possessive_answers_whose() -> None:
    from toolgraph.text.glossary import glossed, key_meanings

    described = "A multi-visit pass. Keys: hid = holder's member_id, hn = holder's name, left = visits remaining."
    assert key_meanings(described, None, ["hid", "hn"]) == {"hid": ("holder", "member", "id"),
                                                           "hn": ("holder", "name")}
    plan = make_plan("Whose pass is P-20771?", [["pass"]])
    held = CallRecord(id="c1", tool=f"{GROUP}/pass", level=0, status="ok", arguments={"pass_id": "P-20771"},
                      raw_value={"id": "P-20771", "hid": "M-1006", "hn": "Signe Brekken"})
    with glossed(key_meanings(described, None, ["hid", "hn"])):
        assert judge(plan.query, plan, [held]).status == "success"


def test_the_answer_counts_the_records_a_yes_or_no_field_picks_said_plainly_or_negated() -> None:
    from toolgraph.execute.answer import rules_answer
    from toolgraph.execute.outcome import selected

    absences = [{"date": "2027-03-12", "authorised": False}, {"date": "2027-03-05", "authorised": True},
                {"date": "2027-03-01", "authorised": False}]
    assert selected("How many unauthorised absences has zofia had?", absences) == (
        "authorised", False, [absences[0], absences[2]])
    assert selected("How many absences that were not authorised has she had?", absences)[1] is False
    assert selected("How many authorised absences has zofia had?", absences) == ("authorised", True, [absences[1]])
    assert selected("How many absences has zofia had?", absences) is None
    call = CallRecord(id="c1", tool=f"{GROUP}/absences", level=0, status="ok", raw_value={"absences": absences})
    text = rules_answer("How many unauthorised absences has zofia nowak had?", [["c1"]], [call]).text
    assert "2 of the 3 found" in text and "authorised: false" in text


def test_the_date_of_the_last_one_answers_when_someone_last_did_it() -> None:
    from toolgraph.text.glossary import glossed, key_meanings

    described = "Membership record. Keys: nm name; exp membership paid up until (date); sb date of the member's last " \
                "safety briefing."
    plan = make_plan("when does rosalind hartigan's membership run out, and when did she last do the safety briefing?",
                     [["member"]])
    member = CallRecord(id="c1", tool=f"{GROUP}/member", level=0, status="ok", arguments={"member_id": "M-201"},
                        raw_value={"id": "M-201", "nm": "Rosalind Hartigan", "exp": "2028-01-31",
                                   "sb": "2027-08-28"})
    with glossed(key_meanings(described, None, ["nm", "exp", "sb"])):
        assert judge(plan.query, plan, [member]).status == "success"
    member.raw_value = {"id": "M-201", "nm": "Rosalind Hartigan", "exp": "2028-01-31", "lvl": 2}
    with glossed(key_meanings(described, None, ["nm", "exp", "lvl"])):
        assert judge(plan.query, plan, [member]).status == "partial"
    plan = make_plan("When was SANJAY MEHTA's current vehicle last serviced, and what was done?", [["vehicle"]])
    vehicle = CallRecord(id="c1", tool=f"{GROUP}/vehicle", level=0, status="ok", arguments={"vehicle_id": "VH-09"},
                         raw_value={"vehicle_id": "VH-09", "current_driver": "Sanjay Mehta",
                                    "next_service_due": "2027-04-02"})
    assert judge(plan.query, plan, [vehicle]).status == "partial"  # the next service is not the last one
