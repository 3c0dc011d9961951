"""The binder reads a request as a person would (toolgraph.text.reading): pure, no server."""

from __future__ import annotations

import pytest

from toolgraph.errors import ArgumentError
from toolgraph.execute.base import ExecTool
from toolgraph.execute.params import bind
from toolgraph.models import Param
from toolgraph.text.reading import pick, read


def tool(*required: tuple[str, str], optional: tuple[tuple[str, str], ...] = (), enum: dict | None = None,
         descriptions: dict | None = None) -> ExecTool:
    def param(name: str, kind: str) -> Param:
        return Param(name=name, type=kind, enum=(enum or {}).get(name), description=(descriptions or {}).get(name, ""))

    return ExecTool(id="t/x", name="x", required_params=[param(n, k) for n, k in required],
                    optional_params=[param(n, k) for n, k in optional])


@pytest.mark.parametrize(("request_text", "params", "expected"), [
    ("What is Maria Lopez's email?", [("name", "string")], {"name": "Maria Lopez"}),
    ("show the open issues of the project named apollo", [("project_name", "string")], {"project_name": "apollo"}),
    ("List the comments on issue 102", [("issue_id", "integer")], {"issue_id": 102}),
    ("Where is shipment #7001 now?", [("shipment_id", "string")], {"shipment_id": "7001"}),
    ("track my parcel, tracking number 1Z999AA10123456784", [("tracking_number", "string")],
     {"tracking_number": "1Z999AA10123456784"}),
    ("Who wrote the book with ISBN 978-0-441-17271-9?", [("isbn", "string")], {"isbn": "978-0-441-17271-9"}),
    ("two-day forecast for Paris", [("city", "string"), ("days", "integer")], {"city": "Paris", "days": 2}),
    ("Scale the pancake recipe to 3 servings", [("servings", "integer")], {"servings": 3}),
    ("book five tickets for Jazz Night", [("event_name", "string"), ("tickets", "integer")],
     {"event_name": "Jazz Night", "tickets": 5}),
    ("send it to ada.park@example.org", [("email", "string")], {"email": "ada.park@example.org"}),
    ("appointments on December 3, 2026 please", [("date", "string")], {"date": "2026-12-03"}),
    ("any recipes with chickpeas", [("q", "string")], {"q": "chickpeas"}),
    ('price of the "Blue Lamp"', [("query", "string")], {"query": "Blue Lamp"}),
])
def test_the_binder_reads_the_request(request_text: str, params: list, expected: dict) -> None:
    assert bind(tool(*params), request_text, []).arguments == expected


def test_enums_named_as_words_and_optional_parameters_take_only_what_names_them() -> None:
    t = tool(("status", "string"), optional=(("region", "string"), ("limit", "integer")),
             enum={"status": ["open", "in_progress", "done"]})
    b = bind(t, "Which tasks of Titanic are in progress?", [])
    assert b.arguments == {"status": "in_progress"} and b.sources["status"] == "request (enum)"


def test_a_value_is_not_bound_twice_when_another_fits() -> None:
    t = tool(("origin", "string"), ("destination", "string"))
    assert bind(t, "trains from Lyon to Paris", []).arguments == {"origin": "Lyon", "destination": "Paris"}


def test_what_read_finds() -> None:
    kinds = {(o.kind, o.value) for o in read("Call +1 (555) 010-4477 at 3pm about order A-17, due 2026-12-03")}
    assert ("phone", "+1 (555) 010-4477") in kinds and ("time", "15:00") in kinds
    assert ("date", "2026-12-03") in kinds and ("noun_id", "A-17") in kinds


def test_several_enum_values_named_take_the_one_meaning_all() -> None:
    t = tool(("movie_id", "integer"), optional=(("department", "string"),),
             enum={"department": ["cast", "crew", "all"]})
    assert bind(t, "show the cast and crew of movie 597", []).arguments == {"movie_id": 597, "department": "all"}
    assert bind(t, "show the crew of movie 597", []).arguments["department"] == "crew"


def test_ids_take_only_ids_named_by_their_noun_and_counts_only_their_unit() -> None:
    t = tool(("project_id", "integer"))
    with pytest.raises(ArgumentError):
        bind(t, "Show the comments on issue 102", [])
    forecast = tool(("latitude", "number"), optional=(("days", "integer"),))
    with pytest.raises(ArgumentError):  # "three days" is no latitude
        bind(forecast, "will it snow in reykjavik in the next three days?", [])
    assert bind(forecast, "rain at 35.0116 in the next three days?", []).arguments == {"latitude": 35.0116, "days": 3}
    user = tool(("user_id", "string"))
    with pytest.raises(ArgumentError):  # a name is no id: a lookup must find it
        bind(user, "What is Maria Lopez's email?", [])


@pytest.mark.parametrize(("text", "param", "value"), [
    ("What shipments does hannah whitfield have with us?", "name", "hannah whitfield"),
    ("is the air ok for a run in porto today?", "city", "porto"),
    ("where is valparaiso exactly? i need its coordinates", "city", "valparaiso"),
    # the words between "the" and a noun of the tools name one of them, before any other leftover ("opening")
    ("What are the saturday opening hours of the glasgow depot?", "city", "glasgow"),
    ("which issues in the hermes project are still open?", "name", "hermes"),
    # a title is no part of the name and its dot ends no sentence
    ("How many students are in Mr. Haruto Sato's class?", "name", "Haruto Sato"),
])
def test_lowercase_names_are_what_the_tools_words_leave(text: str, param: str, value: str) -> None:
    vocabulary = {"shipment", "shipments", "customer", "find", "customers", "air", "quality", "run", "city", "look",
                  "coordinates", "geocode", "latitude", "longitude", "name", "saturday", "hours", "depot", "issues",
                  "project", "open", "students", "class"}
    assert bind(tool((param, "string")), text, [], vocabulary).arguments == {param: value}


def test_the_search_hit_named_as_asked_is_bound_first() -> None:
    from toolgraph.execute.params import Upstream

    hits = {"results": [{"project_id": "PRJ-10", "name": "Apollo"}, {"project_id": "PRJ-12", "name": "Apollo Mobile"}]}
    up = Upstream("c1", "t/search", hits, "project_id", True, ("apollo mobile",))
    b = bind(tool(("project_id", "string")), "who leads the apollo mobile project?", [up])
    assert b.arguments == {"project_id": "PRJ-12"}


@pytest.mark.parametrize(("text", "date"), [
    ("what time does the sun rise in oslo on december twenty-first 2026?", "2026-12-21"),
    ("if i send it on friday the fourth of december 2026", "2026-12-04"),
    ("move it to monday november thirtieth 2026", "2026-11-30"),
    ("the 4th of may", "05-04"),
])
def test_spelled_out_dates_are_read(text: str, date: str) -> None:
    assert [o.value for o in read(text) if o.kind == "date"] == [date]
    assert not [o for o in read("may the fourth be with you") if o.kind == "date"]


def test_the_record_whose_values_the_request_names_is_bound_first_and_its_path_is_the_original() -> None:
    from toolgraph.execute.params import Upstream

    shipments = {"shipments": [{"tracking_number": "PRC-1", "service": "overnight", "status": "Out for delivery"},
                               {"tracking_number": "PRC-2", "service": "standard", "status": "In transit"}]}
    up = Upstream("c1", "t/list", shipments, "tracking_number", True, ("C-1",))
    b = bind(tool(("tracking_number", "string")), "please move his standard delivery to monday", [up])
    assert b.arguments == {"tracking_number": "PRC-2"}
    assert b.sources == {"tracking_number": "c1:shipments[1].tracking_number"}  # the record used, not [0]
    issues = [{"issue_id": 101, "title": "Login page crashes"}, {"issue_id": 106, "title": "Audit log missing agent"}]
    up = Upstream("c1", "t/issues", issues, "issue_id", True, ())
    quoted = 'post a comment on the audit log issue saying "login page crashes again"'  # quoted: what to send
    assert bind(tool(("issue_id", "integer")), quoted, [up]).arguments == {"issue_id": 106}


def test_an_id_with_a_role_before_it_fills_the_id_along_a_plan_edge_and_an_edge_fills_only_its_own_kind() -> None:
    from toolgraph.execute.params import Upstream

    shipment = {"tracking_number": "PRC-1", "current_depot_id": "D-LDS", "shipped_on": "2026-11-19"}
    b = bind(tool(("depot_id", "string")), "what's that depot's address?", [Upstream("c1", "t/track", shipment,
                                                                                     "depot_id", True, ("PRC-1",))])
    assert b.arguments == {"depot_id": "D-LDS"} and b.sources == {"depot_id": "c1:current_depot_id"}
    place = {"name": "Cape Town", "latitude": -33.92, "longitude": 18.42}
    up = Upstream("c1", "t/geocode", place, "longitude", True, ("cape town",))
    b = bind(tool(("latitude", "number"), ("longitude", "number"), ("date", "string")),
             "sunrise in cape town on 2026-12-21", [up])
    assert b.arguments == {"latitude": -33.92, "longitude": 18.42, "date": "2026-12-21"}  # no longitude as date


def test_a_lookup_whose_filters_are_all_optional_takes_the_name_or_email_the_request_gives() -> None:
    lookup = tool(optional=(("name", "string"), ("email", "string")))
    b = bind(lookup, "How many bookings does yuki tanaka have?", [], vocabulary={"bookings", "many"})
    assert b.arguments == {"name": "yuki tanaka"} and "the lookup's one filter" in b.sources["name"]
    assert bind(lookup, "what tier is the guest with email r.duarte@example.net on?", []).arguments == {
        "email": "r.duarte@example.net"}
    assert bind(lookup, "list everything", []).arguments == {}  # a single leftover word names nobody
    said = 'post a comment on apollo\'s audit log issue saying "blocked on the new logging schema"'
    assert "blocked on the new logging schema" not in bind(lookup, said, []).arguments.values()  # what to write


def test_values_take_the_parameter_type_and_slugs_are_names_not_ids() -> None:
    assert bind(tool(("booking_id", "string")), "the room for booking 5521?", []).arguments == {"booking_id": "5521"}
    assert [(o.kind, o.value) for o in read("what's the IP address of api-gw-03?")] == [("slug", "api-gw-03")]
    assert [o.kind for o in read("servers in eu-west-1")] == ["slug"]
    assert not [o for o in read("the top-1 result") if o.kind in ("slug", "identifier")]
    assert bind(tool(("hostname", "string")), "what's the IP address of api-gw-03?", []).arguments == {
        "hostname": "api-gw-03"}
    with pytest.raises(ArgumentError):  # a host name is no server id
        bind(tool(("server_id", "string")), "what's the IP address of api-gw-03?", [])


def test_values_a_description_lists_for_a_parameter_are_its_enum() -> None:
    from toolgraph.text.schema import described_values

    listing = ("Incidents, newest first, filtered by status (open, investigating, resolved), severity (sev1..sev4), "
               "assignee (engineer id such as ENG-1) and/or affected server id.")
    assert described_values("status", "", listing) == ["open", "investigating", "resolved"]
    assert described_values("severity", "", listing) == ["sev1", "sev2", "sev3", "sev4"]
    assert described_values("assignee_id", "", listing) == []
    assert described_values("term", "Courses offered in a term (e.g. \"Fall 2026\")") == []  # an example, no list
    incidents = tool(optional=(("status", "string"), ("severity", "string"))).model_copy(
        update={"description": listing})
    binding = bind(incidents, "list all open sev1 incidents", [])
    assert binding.arguments == {"status": "open", "severity": "sev1"}
    assert binding.sources == {"status": "request (a listed value)", "severity": "request (a listed value)"}


def test_an_id_after_a_noun_fills_no_other_kinds_id_and_no_paging_parameter() -> None:
    """"Whose piano was visit V-2388 for": a ``piano_id`` filter described as "only visits of this piano" takes no
    visit's id (a bare ``id`` described so would); "size 6 figure skates" sets no ``page_size``."""
    visits = tool(optional=(("piano_id", "string"), ("client_id", "string"), ("page_size", "integer")),
                  descriptions={"piano_id": "only visits of this piano", "client_id": "only visits for this client"})
    assert bind(visits, "Whose piano was visit V-2388 for?", []).arguments == {}
    bare = tool(("id", "string"), descriptions={"id": "the visit's id"})
    assert bind(bare, "Whose piano was visit V-2388 for?", []).arguments == {"id": "V-2388"}
    movie = tool(("movie_id", "integer"), descriptions={"movie_id": "the film's id"})  # (another word for its kind)
    assert bind(movie, "Add the film 597 to my watchlist", []).arguments == {"movie_id": 597}
    assert "page_size" not in bind(visits, "how many pairs of size 6 figure skates can be hired?", []).arguments


def test_a_years_range_is_a_season_not_an_id() -> None:
    """"the 2025-26 season", "the 2026/27 league": a season (two years running), for a ``season`` filter, never a
    league's or a team's id; two years that do not follow each other, or a code around them, stay what they were."""
    assert [(o.kind, o.value) for o in read("What was tobias renfrew's average in the 2025-26 season?")
            if o.kind in ("season", "identifier")] == [("season", "2025-26")]
    assert bind(tool(optional=(("season", "string"),)), "leagues in the 2026/27 season", []).arguments == \
        {"season": "2026/27"}
    with pytest.raises(ArgumentError):
        bind(tool(("league_id", "string")), "standings of the 2026-27 thursday seniors classic", [])
    assert {o.kind for o in read("ticket TK-2025-26 and code 2027-99") if o.value in ("TK-2025-26", "2027-99")} == \
        {"noun_id", "identifier"}


def test_a_name_before_a_parameters_noun_is_its_a_season_is_a_term_and_an_owner_is_no_place() -> None:
    courses = tool(("term", "string"), optional=(("department", "string"),))
    binding = bind(courses, "What courses does the Mathematics department offer in fall 2026?", [],
                   {"courses", "offered", "term", "department", "offer"})
    assert binding.arguments == {"term": "Fall 2026", "department": "Mathematics"}
    assert binding.sources == {"department": "request (name before 'department')", "term": "request (season)"}
    branches = tool(("city", "string"))
    with pytest.raises(ArgumentError):  # Claire Moreau owns the rental: she is not where the branch is
        bind(branches, "Claire Moreau's completed rental: what's the phone number of the branch?", [],
             {"completed", "rental", "phone", "number", "branch", "city"})
    assert bind(branches, "Book a car in Lyon for Claire Moreau", []).arguments == {"city": "Lyon"}
    stations = tool(("station_code", "string"))  # a name before the noun of a code is no code
    with pytest.raises(ArgumentError):
        bind(stations, "Does Marlow Quay station have step-free access?", [], {"station", "code", "access"})


def test_a_name_holding_a_tools_own_noun_is_its_and_another_kinds_lookup_takes_another_name() -> None:
    from toolgraph.execute.params import own_nouns

    hotels = ExecTool(id="h", name="listHotels", url="http://h.test/hotels",
                      optional_params=[Param(name="city", type="string"), Param(name="name", type="string")])
    guests = ExecTool(id="g", name="searchGuests", url="http://h.test/guests",
                      optional_params=[Param(name="name", type="string"), Param(name="email", type="string")])
    assert own_nouns(hotels) == {"hotel"} and own_nouns(guests) == {"guest"}
    words = {"hotels", "hotel", "guests", "guest", "book", "room", "double", "confirmation", "code", "name", "city"}
    text = "Book a double room at Hotel Miradouro for Sean Gallagher from 2027-05-14 to 2027-05-17"
    assert bind(hotels, text, [], words).arguments == {"name": "Hotel Miradouro"}  # a hotel's name, not a city
    assert bind(guests, text, [], words).arguments == {"name": "Sean Gallagher"}


def test_an_identifier_goes_to_the_id_its_letters_may_name_and_a_preposition_is_no_noun() -> None:
    from toolgraph.text.reading import abbreviates

    assert abbreviates("INC-4420", {"incident", "id"}) and not abbreviates("INC-4420", {"server", "id"})
    assert abbreviates("TCH-03", {"teacher", "id"}) and abbreviates("srv-105", {"server", "id"})
    assert abbreviates("S-2043", {"server", "id"}) and abbreviates("INC-1", {"owner", "id"})  # one letter; a role
    text = "Who owns the server behind INC-4420 and what's their email?"
    assert [o.kind for o in read(text) if o.value == "INC-4420"] == ["identifier"]  # no id of a "behind"
    assert bind(tool(("incident_id", "string")), text, []).arguments == {"incident_id": "INC-4420"}
    with pytest.raises(ArgumentError):
        bind(tool(("server_id", "string")), text, [])


def test_a_persons_id_takes_the_role_the_request_names_from_whichever_result_holds_it() -> None:
    from toolgraph.execute.params import Upstream
    from toolgraph.text.params import role_ids, role_stem

    assert role_stem("owns") == role_stem("owner") and role_stem("reported") == role_stem("reporter")
    assert role_ids("who owns the server?")[0] == "owner_id"
    engineer = tool(("engineer_id", "string"))
    incident = Upstream("c1", "get_incident", {"incident_id": "INC-4420", "assignee_id": "ENG-1"}, direct=False)
    server = Upstream("c2", "get_server", {"server_id": "srv-105", "owner_id": "ENG-3"}, direct=False)
    binding = bind(engineer, "Who owns the server behind INC-4420 and what's their email?", [incident, server])
    assert binding.arguments == {"engineer_id": "ENG-3"} and binding.sources == {"engineer_id": "c2:owner_id"}


def test_a_code_and_number_is_one_id_an_id_after_another_kinds_noun_is_not_this_ones_and_a_month_spans_a_range(
) -> None:
    text = "Who runs train IC 512, and what's their customer service number?"
    assert [(o.value, o.kind, o.noun) for o in read(text)][:1] == [("IC 512", "noun_id", "train")]
    assert bind(tool(("train_number", "string")), text, []).arguments == {"train_number": "IC 512"}
    text = "For reservation RS-4C21A, which company operates the train?"
    assert bind(tool(("reservation_code", "string")), text, []).arguments == {"reservation_code": "RS-4C21A"}
    with pytest.raises(ArgumentError):  # a reservation's code is no train's number
        bind(tool(("train_number", "string")), text, [])
    with pytest.raises(ArgumentError):  # nor is a station's name its code
        bind(tool(("from_code", "string")), "trains from Ravensholm Central to Port Elsin", [])
    text = "How much did Ingrid spend on groceries in November 2026?"
    ranged = tool(("from", "string"), ("to", "string"),
                  descriptions={"from": "First booking date (inclusive).", "to": "Last booking date."})
    assert bind(ranged, text, []).arguments == {"from": "2026-11-01", "to": "2026-11-30"}
    assert bind(tool(("date_from", "string"), ("date_to", "string")), "in February 2028", []).arguments == \
        {"date_from": "2028-02-01", "date_to": "2028-02-29"}


def test_a_plate_in_two_parts_is_one_id_and_an_order_names_what_a_writes_free_text_is_for() -> None:
    text = "Book a tyre rotation for the van with plate KX68 TRU on 2026-12-09 with mechanic MEC-4."
    assert [(o.value, o.noun) for o in read(text) if o.kind == "noun_id"] == [("KX68 TRU", "plate"),
                                                                              ("MEC-4", "mechanic")]
    assert [o.value for o in read("List the comments on issue 102 IN the tracker") if o.kind == "noun_id"] == [102]
    write = tool(("vehicle_plate", "string"), ("service_type", "string"), ("mechanic_id", "string"))
    assert bind(write, text, []).arguments == {"vehicle_plate": "KX68 TRU", "service_type": "tyre rotation",
                                               "mechanic_id": "MEC-4"}
    with pytest.raises(ArgumentError):  # a question orders nothing
        bind(tool(("service_type", "string")), "Which tyre rotations did the van have?", [])


def test_a_person_lookup_takes_the_owner_never_a_title_or_a_place_and_an_email_takes_only_an_email() -> None:
    members = ExecTool(id="t/find_members", name="find_members", url="http://x.example/members",
                       required_params=[Param(name="name", type="string")])
    titles = ExecTool(id="t/search_titles", name="search_titles", url="http://x.example/titles",
                      required_params=[Param(name="q", type="string")])
    text = 'Marta Quinlan\'s copy of "The Salt Road": which branch did she borrow it from?'
    assert bind(members, text, []).arguments == {"name": "Marta Quinlan"}
    assert bind(titles, text, []).arguments == {"q": "The Salt Road"}
    text = "Please renew dominic achebe's copy of Glass Orchard"
    assert bind(members, text, [], {"renew", "copy", "member", "members", "title", "titles"}).arguments == \
        {"name": "dominic achebe"}
    assert bind(members, "Sign Priya Nair up for the HIIT class at Riverside", []).arguments == {"name": "Priya Nair"}
    with pytest.raises(ArgumentError):
        bind(tool(("email", "string")), text, [])
    assert "Saturdays" not in [o.value for o in read("When does the Hillcrest branch close on Saturdays?")]


def test_contractions_and_pronouns_name_nothing() -> None:
    words = {"search", "recipes", "by", "ingredient", "ingredients", "recipe"}
    offers = read("I've got a couple of cans of chickpeas. What can I cook with them?", words)
    assert not [o for o in offers if str(o.value).lower() in ("i've", "them")]


def test_a_name_before_a_noun_fills_the_parameter_a_person_would_call_the_same() -> None:
    finder = ExecTool(id="t/find_employees", name="find_employees",
                      optional_params=[Param(name="name", type="string"), Param(name="department", type="string")])
    words = {"find", "employees", "employee", "name", "department", "works"}
    assert bind(finder, "Who works in the Data Platform team?", [], words).arguments == {"department": "Data Platform"}


def test_an_optional_person_filter_takes_the_persons_id_along_its_edge_and_a_role_word_is_no_name() -> None:
    from toolgraph.execute.params import Upstream

    incidents = tool(optional=(("status", "string"), ("assignee_id", "string"), ("server_id", "string")))
    found = Upstream("c1", "find_engineer", {"engineers": [{"engineer_id": "ENG-1", "name": "Lena Vogt"}]},
                     resource="engineer_id", direct=True)
    binding = bind(incidents, "Which incidents are assigned to lena vogt?", [found], {"incidents", "status"})
    assert binding.arguments == {"assignee_id": "ENG-1"} and binding.sources["assignee_id"].startswith("c1:")
    assert not [o for o in read("incidents assigned to lena vogt", {"incidents"}) if o.value == "assigned"]


def test_units_of_measure_fill_unit_parameters_and_counts_units_name_nothing() -> None:
    convert = tool(("quantity", "number"), ("from_unit", "string"), ("to_unit", "string"))
    assert bind(convert, "How many grams is 8 ounces?", []).arguments == {
        "quantity": 8, "from_unit": "ounces", "to_unit": "grams"}
    words = {"search", "recipes", "by", "ingredient", "ingredients", "recipe"}
    finder = tool(("ingredient", "string"))
    assert bind(finder, "I've got a couple of cans of chickpeas. What can I cook with them?", [],
                words).arguments == {"ingredient": "chickpeas"}  # "a couple of cans": a count's unit, no name
    offers = read("I'm making shakshuka for ten people.", words)
    assert [o.value for o in offers if o.kind == "residual"] == ["shakshuka"]  # no "making", no "people"
    assert not [o for o in offers if o.kind == "topic"]  # "for ten people" is a count


def test_a_person_id_takes_the_role_the_request_names_from_any_result_before_its_own_name() -> None:
    from toolgraph.execute.params import Upstream

    employee = tool(("employee_id", "string"))
    found = Upstream("c1", "t/find", [{"employee_id": "E-1013", "name": "Ama Mensah"}], "employee_id", True,
                     ("Ama Mensah",))
    leave = Upstream("c2", "t/leave", [{"request_id": "LR-1", "employee_id": "E-1013", "approver_id": "E-1002"}],
                     None, False, ("E-1013",))
    bound = bind(employee, "Who approved Ama Mensah's leave request? I need their email.", [found, leave])
    assert bound.arguments == {"employee_id": "E-1002"} and bound.sources["employee_id"].startswith("c2:")
    assert bind(employee, "What is Ama Mensah's email?", [found, leave]).arguments == {"employee_id": "E-1013"}


def test_an_id_of_another_kind_never_fills_a_parameter_and_the_parameters_own_field_goes_first() -> None:
    from toolgraph.execute.params import Upstream
    from toolgraph.text.params import other_kinds_ids

    assert other_kinds_ids("customer_id", "branch_id") and other_kinds_ids("patient_id", "doctor_id")
    assert not other_kinds_ids("assignee_id", "user_id")  # a role is any person's
    assert not other_kinds_ids("customer_id", "user_id") and not other_kinds_ids("recipe_ids", "recipe_id")
    assert not other_kinds_ids("parent_id", "folder_id") and not other_kinds_ids("id", "branch_id")
    branches = Upstream("c1", "t/list_branches", [{"branch_id": "BR-LYS-1", "city": "Lyon"}], "branch_id", True,
                        ("lyon",))
    customers = Upstream("c2", "t/find_customer", [{"customer_id": "CU-310", "name": "Claire Moreau"}],
                         "customer_id", True, ("Claire Moreau",))
    reserve = tool(("customer_id", "string"), ("branch_id", "string"))
    binding = bind(reserve, "Reserve a car at Lyon for Claire Moreau", [branches, customers])
    assert binding.arguments == {"customer_id": "CU-310", "branch_id": "BR-LYS-1"}
    assert binding.sources == {"customer_id": "c2:[0].customer_id", "branch_id": "c1:[0].branch_id"}
    with pytest.raises(ArgumentError, match="customer_id"):  # a branch's id is no customer's, even along an edge
        bind(tool(("customer_id", "string")), "Reserve a car",
             [Upstream("c1", "t/list_branches", [{"branch_id": "BR-1"}], "branch_id", True)])


def test_a_worker_names_the_field_a_parameters_description_lists_such_as() -> None:
    from toolgraph.text.schema import described_values
    from toolgraph.text.words import field_root

    described = "Specialty name such as Cardiology, Dermatology, Pediatrics, General Practice."
    assert described_values("specialty", described) == ["Cardiology", "Dermatology", "Pediatrics",
                                                         "General Practice"]
    assert described_values("q", "Free text such as a title or an author name.") == []  # prose, no values
    assert field_root("dermatologist") == field_root("Dermatology")
    assert field_root("pediatrician") == field_root("pediatrics") and field_root("dentist") == field_root("dentistry")
    assert field_root("community") != field_root("communication")
    doctors = tool(optional=(("specialty", "string"),), descriptions={"specialty": described})
    binding = bind(doctors, "Please book Noah Fischer with our dermatologist on 2026-12-10", [])
    assert binding.arguments == {"specialty": "Dermatology"}
    assert binding.sources == {"specialty": "request (a listed value)"}


def test_an_id_after_an_auxiliary_verb_is_not_that_verbs_and_fills_the_id_its_letters_name() -> None:
    offers = read("How much water should PL-0420 get each time, and how often?")
    assert not [o for o in offers if o.kind == "noun_id"]  # no id of a "should"
    binding = bind(tool(("plant_id", "string")), "How much water should PL-0420 get each time?", [])
    assert binding.arguments == {"plant_id": "PL-0420"} and binding.sources == {"plant_id": "request (identifier)"}


def test_bounds_plural_values_and_a_searchs_one_code_and_a_descriptions_proper_names() -> None:
    from toolgraph.text.reading import bound_for, vocabulary_of

    assert bound_for("abv_min", "which IPAs are stronger than 6.5%?") == 6.5
    assert bound_for("max_price", "rooms under 120 euros") == 120 and bound_for("abv_max", "stronger than 6") is None
    assert bound_for("abv_min", "IPAs from 2027") is None and bound_for("page", "under 5") is None
    beers = tool(optional=(("style", "string"), ("abv_min", "number")),
                 descriptions={"style": "Style, e.g. IPA, porter, stout"})
    binding = bind(beers, "which IPAs have you got that are stronger than 6.5%?", [])
    assert binding.arguments == {"style": "IPA", "abv_min": 6.5}
    assert binding.sources == {"style": "request (a listed value)", "abv_min": "request (a bound)"}
    flights = tool(optional=(("flight_number", "string"),))
    assert bind(flights, "Is TW341 delayed?", []).arguments == {"flight_number": "TW341"}  # a search's one code
    with pytest.raises(ArgumentError):  # but a required code needs its kind's letters or noun
        bind(tool(("train_number", "string")), "Whose reservation is RS-4C21A?", [])
    vocabulary = vocabulary_of("Claims adjusters, filtered by region (Port Adair or Brinkley). Contact details.")
    assert "port" not in vocabulary and "adair" not in vocabulary and "region" in vocabulary
    assert [o.value for o in read("approved shops in port adair", vocabulary) if o.kind == "residual_place"] == [
        "port adair"]


def test_an_id_under_a_short_key_its_description_names_and_a_list_of_ids_bind() -> None:
    from toolgraph.execute.params import Upstream

    found = Upstream("c1", "t/registrations", [{"reg": "REG-5534", "ws": ["WS-04", "WS-09"]}], "workshop_id", True,
                     ("fenna@example.org",), {"reg": "registration_id", "ws": "workshop_id"})
    binding = bind(tool(("workshop_id", "string"), ("registration_id", "string")), "which workshop", [found])
    assert binding.arguments == {"workshop_id": "WS-04", "registration_id": "REG-5534"}
    assert binding.sources == {"workshop_id": "c1:[0].ws[0]", "registration_id": "c1:[0].reg"}


def test_a_searchs_name_is_the_users_even_after_a_learnt_sequence() -> None:
    from toolgraph.execute.params import Upstream

    branches = Upstream("c1", "t/list_branches", [{"branch_id": "BR-1", "name": "Lyon Part-Dieu"}], None, True,
                        ("lyon",))  # a SEQUENTIAL edge: no resource
    binding = bind(tool(optional=(("name", "string"),)), "Reserve a car in Lyon for Claire Moreau", [branches])
    assert binding.arguments == {"name": "Claire Moreau"}
    carried = Upstream("c1", "t/get_author", {"name": "Ursula Le Guin"}, "name", True)  # an edge that carries it
    assert bind(tool(("name", "string")), "books by the author of it", [carried]).arguments == {
        "name": "Ursula Le Guin"}


def test_a_questions_verb_is_no_part_of_the_name_before_it_and_units_are_no_names() -> None:
    from toolgraph.text.lexicon import asks_many

    tools = frozenset({"customer", "invoice", "total", "guest", "stay", "bar", "shipment", "listing", "agent"})
    assert [o.value for o in read("How much does bellweather textiles owe us in total right now?", tools)] == [
        "bellweather textiles"]
    assert "tobias fenwick" in [o.value for o in read("how much did tobias fenwick spend at the bar?", tools)]
    assert [o.value for o in read("how many shipments does hannah whitfield have", tools)] == ["hannah whitfield"]
    assert "lanternlight pils" in [o.value for o in read("is lanternlight pils in stock?", tools)]
    assert not any("metre" in str(o.value) for o in read("how big is listing FE-2214 in square metres?", tools))
    assert asks_many("which of your hotels are in kelderby?") and not asks_many("which hotel is it?")
    assert asks_many("which year 11 computer science groups are there, and who teaches each one?")
    # a verb that ends the question ("where does aoife brennan sit?") or a participle ("when was X born")
    assert [o.value for o in read("where does aoife brennan sit, and what's her locker?", tools)][:1] == [
        "aoife brennan"]
    assert [o.value for o in read("when was calum reid born?", tools)] == ["calum reid"]
    assert [o.value for o in read("does anna maria lopez pay by card?", tools)][:1] == ["anna maria lopez"]
    # the question's subject before other leftovers; hectares are a unit, no name
    offers = read("how many hectares of potatoes has jakob feldhaus got in this season?", tools)
    assert offers[0].value == "jakob feldhaus" and any(o.kind == "unit" and o.noun == "hectare" for o in offers)


def test_a_name_with_its_kind_after_it_is_a_name_and_picks_the_record_of_that_kind() -> None:
    """"has bramble the rabbit had", "to adopt maple the cat": names (as an owner's name is), never the verb of
    "book the room" or "warehouses stock the drill"; of two animals called Bramble, the rabbit comes first."""
    from toolgraph.execute.params import exact_first

    words = frozenset({"vaccination", "animal", "kennel", "applied", "anyone", "room", "drill", "warehouses"})
    assert [(o.value, o.kind) for o in read("Which vaccinations has bramble the rabbit had so far?", words)][:1] == [
        ("bramble", "residual_owner")]
    assert ("maple", "residual_owner") in [(o.value, o.kind) for o in read(
        "has anyone applied to adopt maple the cat?", words)]
    for text in ("please book the room for me", "Which of our warehouses stock the drill?"):
        assert not any(o.kind == "residual_owner" for o in read(text, words)), text
    animals = [{"animal_id": "A-3110", "name": "Bramble", "species": "dog"},
               {"animal_id": "A-3111", "name": "Bramble", "species": "rabbit"}]
    ranked = exact_first(animals, {"bramble"}, request="Which vaccinations has bramble the rabbit had so far?")
    assert [a["animal_id"] for a in ranked] == ["A-3111", "A-3110"]


def test_a_role_the_request_names_picks_the_field_and_greetings_and_order_verbs_are_no_names() -> None:
    """"its destination port" takes the route's destination locode, not its origin's; "hi, it's ... - please set up
    a guest pass for ines farrow-mbeki": the guest is Ines, not "hi" nor "set"."""
    from toolgraph.execute.params import exact_first, find_field

    shipment = {"shipment_id": "SH-1", "route": {"origin": {"locode": "CNLGW"}, "destination": {"locode": "GBFXT"}}}
    assert find_field(exact_first(shipment, set(), request="free days at its destination port?"), ["locode"]) == (
        "GBFXT", "route.destination.locode")
    assert find_field(exact_first(shipment, set(), request="where did it leave from?"), ["locode"])[0] == "CNLGW"
    offers = read("hi, it's linnea.sorbo@example.no - please set up a guest pass for ines farrow-mbeki on 3/19/2027",
                  frozenset({"issue", "guest", "pass", "member", "members", "date"}))
    assert pick("guest_name", "string", "", offers, set(), True) == ("ines farrow-mbeki", "name")


def test_an_id_held_under_a_role_and_the_things_name_fills_its_id() -> None:
    """A member's ``home_desk: "D-2Q-04"`` fills a desk's ``desk_id`` (a role and the thing, an id's shape); a
    club's name under ``home_club`` is no club id."""
    from toolgraph.execute.params import role_keys

    assert role_keys({"member_id": "M-1060", "home_desk": "D-2Q-04", "name": "Aoife Brennan"}, "desk_id") == [
        "home_desk"]
    assert role_keys({"home_club": "Canal Street"}, "club_id") == []
    assert role_keys({"current_depot_id": "D1", "origin_depot_id": "D2"}, "depot_id") == [
        "current_depot_id", "origin_depot_id"]


def test_an_optional_filter_takes_one_of_its_values_or_nothing() -> None:
    """The listing's ``status: available`` (along an edge, same field name) is no offer status: not sent, where the
    runner would have refused the whole call."""
    from toolgraph.execute.params import Upstream

    listing = Upstream("c1", "t/listing", {"listing_id": "FE-2214", "status": "available"}, "listing_id", True,
                       ("FE-2214",))
    offers = tool(("listing_id", "string"), optional=(("status", "string"),),
                  enum={"status": ["pending", "accepted", "rejected", "withdrawn"]})
    binding = bind(offers, "what's the highest offer on listing FE-2214?", [listing])
    assert binding.arguments == {"listing_id": "FE-2214"}
    assert bind(offers, "any accepted offers on listing FE-2214?", [listing]).arguments == {
        "listing_id": "FE-2214", "status": "accepted"}


def test_a_date_parameter_takes_a_date_or_nothing() -> None:
    viewings = tool(optional=(("date_from", "string"), ("date_to", "string"), ("agent", "string")))
    assert "date_to" not in bind(viewings, "any flats to rent with a roof terrace?", []).arguments
    assert bind(viewings, "viewings from 3/18/2027 to 3/20/2027", []).arguments["date_to"] == "2027-03-20"


def test_dates_written_with_slashes_month_first_unless_the_first_number_is_a_day() -> None:
    assert [o.value for o in read("viewings from 3/18/2027 to 3/20/2027") if o.kind == "date"] == [
        "2027-03-18", "2027-03-20"]
    assert [o.value for o in read("the highest temperature on 14/05/2027") if o.kind == "date"] == ["2027-05-14"]
    assert [o.value for o in read("brewed on 2/9/27, bottled 14.05.2027") if o.kind == "date"] == [
        "2027-02-09", "2027-05-14"]
    assert not [o for o in read("upgrade from 10.5.26 to 2/30/2027") if o.kind == "date"]  # a version, no Feb 30


def test_a_value_the_request_excludes_is_no_filter() -> None:
    # "don't count cancelled bookings" names a status to leave out, not one to list
    t = tool(optional=(("status", "string"), ("room", "string")), enum={"status": ["confirmed", "cancelled"]})
    assert "status" not in bind(t, "How many times was the Kiln Room booked? Don't count cancelled bookings.",
                                []).arguments
    assert "status" not in bind(t, "How many were booked? Leave out any that were cancelled.", []).arguments
    assert "status" not in bind(t, "bookings that aren't cancelled", []).arguments
    assert bind(t, "show me the cancelled bookings", []).arguments["status"] == "cancelled"
    assert bind(t, "confirmed ones, not cancelled", []).arguments["status"] == "confirmed"


def test_names_in_any_script_and_an_adverb_ends_a_name() -> None:
    from toolgraph.text.reading import read

    names = [o.value for o in read("which of kasimir ødegaard's proposals got accepted?", {"proposal", "accepted"})
             if o.kind.startswith("residual")]
    assert names == ["kasimir ødegaard"]
    names = [o.value for o in read("how many lockouts did callum reyes-whitford actually attend in February 2027?",
                                   {"lockout", "attend"}) if o.kind.startswith("residual")]
    assert names == ["callum reyes-whitford"]


def test_a_month_after_since_opens_a_range_and_after_until_closes_it() -> None:
    t = tool(optional=(("date_from", "string"), ("date_to", "string")))
    assert bind(t, "How much has she paid since January 2027?", []).arguments == {"date_from": "2027-01-01"}
    assert bind(t, "invoices until March 2027", []).arguments == {"date_to": "2027-03-31"}
    assert bind(t, "sessions in February 2027", []).arguments == {"date_from": "2027-02-01", "date_to": "2027-02-28"}
    # (a day before the month is a date: "since 4" is none)
    assert bind(t, "absences since 4 January 2027", []).arguments == {"date_from": "2027-01-04"}


def test_the_latest_one_is_the_newest_record_and_a_sort_order_puts_it_first() -> None:
    from toolgraph.execute.params import by_recency, exact_first

    inspections = [{"inspection_id": "IN-1", "date": "2027-04-03"}, {"inspection_id": "IN-3", "date": "2027-06-21"},
                   {"inspection_id": "IN-2", "date": "2027-05-10"}]
    latest = exact_first(inspections, set(), request="How many mites at the latest inspection of hive HV-142?")
    assert [r["inspection_id"] for r in latest] == ["IN-3", "IN-2", "IN-1"]
    earliest = exact_first(inspections, set(), request="when was its earliest inspection?")
    assert earliest[0]["inspection_id"] == "IN-1"
    assert by_recency(inspections, " the inspection of hive hv 142 ") == inspections  # (no time asked: as listed)
    t = tool(optional=(("order", "string"), ("hive_id", "string")), enum={"order": ["asc", "desc"]})
    assert bind(t, "the latest inspection of hive HV-142", []).arguments["order"] == "desc"
    assert "order" not in bind(t, "inspections of hive HV-142", []).arguments


def test_two_dates_are_a_range_s_ends_in_the_request_s_order() -> None:
    t = tool(optional=(("date", "string"), ("date_from", "string"), ("date_to", "string")))
    assert bind(t, "sailings between 3/15/2027 and 3/21/2027", []).arguments == {
        "date_from": "2027-03-15", "date_to": "2027-03-21"}
    assert bind(t, "sailings on 3/15/2027", []).arguments == {"date_from": "2027-03-15", "date_to": "2027-03-15"}
    assert bind(tool(optional=(("date", "string"),)), "sailings on 3/15/2027", []).arguments == {"date": "2027-03-15"}


def test_a_code_of_capitals_alone_is_an_identifier_not_a_name() -> None:
    """An aircraft's registration (Q-MOTH, G-ABCD) is a code the user hands over, for a ``registration``
    parameter; "the UK-EU deal" keeps its words."""
    from toolgraph.text.reading import given_strongly

    offers = read("Which hangar is Q-MOTH kept in, and how wide is its door?")
    assert [(o.kind, o.value) for o in offers if o.value == "Q-MOTH"] == [("identifier", "Q-MOTH")]
    assert given_strongly("registration", "string", "", offers)


def test_a_verb_in_the_past_after_a_lower_case_name_is_no_part_of_it() -> None:
    assert [(o.value, o.kind) for o in read("Did the blood ingrid solvang gave on 4/22/2027 pass screening?",
                                            {"blood", "screening", "pass"})] == [
        ("2027-04-22", "date"), ("ingrid solvang", "residual")]
    assert "maria lopez" in [o.value for o in read("the parcel maria lopez sent to lyon", {"parcel"})]


def test_one_identifier_fills_one_id_even_when_its_letters_could_name_two_kinds() -> None:
    """"Does show S-103 have a sponsor": S-103 is the show's (the first id it may name), not the sponsor's too."""
    t = tool(optional=(("show_id", "string"), ("sponsor_id", "string")))
    assert bind(t, "Does show S-103 have a sponsor at the moment?", []).arguments == {"show_id": "S-103"}


def test_the_week_of_a_date_is_that_day_and_the_six_after_it_and_a_weekday_is_no_name() -> None:
    t = tool(optional=(("date_from", "string"), ("date_to", "string"), ("instructor", "string")))
    text = "How many lessons has Dev Ramaswamy got booked for the week of Mon 15th Feb 2027?"
    assert bind(t, text, []).arguments == {"date_from": "2027-02-15", "date_to": "2027-02-21"}
    assert "Mon" not in [o.value for o in read(text)]
    assert bind(t, "any lessons on 15 Feb 2027?", []).arguments == {"date_from": "2027-02-15",
                                                                     "date_to": "2027-02-15"}


def test_a_filter_value_the_request_says_beats_the_same_field_of_an_upstream_record_of_another_kind() -> None:
    from toolgraph.execute.params import Upstream

    t = tool(optional=(("vrm", "string"), ("status", "string")),
             descriptions={"status": "filter by status (unpaid, paid, cancelled)"})
    permits = [{"permit_id": "P-1", "vrm": "PE21 WRT", "status": "expired"}]
    up = Upstream("c2", "t/permits", permits, "vrm", True, ("H-3340",))
    args = bind(t, "How many unpaid parking tickets are there on their van?", [up]).arguments
    assert args == {"vrm": "PE21 WRT", "status": "unpaid"}


def test_a_terse_key_its_description_glosses_as_an_id_feeds_that_id() -> None:
    from toolgraph.execute.params import Upstream
    from toolgraph.text.glossary import terse_id_aliases

    described = "Machine record: id, nm (name), kind, trn (course id needed before use), st (ok/down), notes."
    machine = {"id": "EQ-42", "nm": "TIG Welder", "trn": "SC-TIG", "st": "ok"}
    aliases = terse_id_aliases(described, machine.keys())
    assert aliases == {"trn": "course_id"}
    up = Upstream("c2", "t/get_machine", machine, "course_id", True, ("EQ-42",), aliases)
    t = tool(optional=(("course_id", "string"), ("month", "string")))
    assert bind(t, "when's the next training session for it?", [up]).arguments == {"course_id": "SC-TIG"}


def test_an_optional_filter_takes_an_upstream_field_only_along_the_edge_that_carries_it() -> None:
    from toolgraph.execute.params import Upstream

    t = tool(optional=(("vrm", "string"), ("zone_code", "string")))
    holder = {"holder_id": "H-3340", "vehicles": [{"vrm": "PE21 WRT"}], "zone_code": "HS1"}
    along_plate = Upstream("c2", "t/get_holder", holder, "vrm", True, ("H-3340",))
    assert bind(t, "How many tickets are there on their van?", [along_plate]).arguments == {"vrm": "PE21 WRT"}
    unnamed = Upstream("c2", "t/get_holder", holder, None, True, ("H-3340",))  # an edge naming no resource
    assert bind(t, "How many tickets are there on their van?", [unnamed]).arguments == {
        "vrm": "PE21 WRT", "zone_code": "HS1"}


def test_a_party_of_two_is_a_party_size_and_the_very_first_one_is_the_oldest() -> None:
    from toolgraph.execute.outcome import unused_party
    from toolgraph.execute.params import by_recency

    t = tool(("event_id", "string"), optional=(("party_size", "integer"),))
    text = "Book a party of 2 at the syrah tasting event TS-706 on 12 June 2027"
    assert bind(t, text, []).arguments["party_size"] == 2
    assert unused_party(text, []) == [(2, "people")]
    shipments = [{"id": "SH-2", "shipped": "2027-03-15"}, {"id": "SH-1", "shipped": "2026-06-10"}]
    assert by_recency(shipments, " what was in her very first club shipment ")[0]["id"] == "SH-1"
    assert by_recency(shipments, " what was in her first class shipment ")[0]["id"] == "SH-2"  # no time
