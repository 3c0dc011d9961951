"""Dependencies from evidence (gds_jobs/evidence.py): entity-typed ids, lookup keys left to the user, echoes, outputs
named by descriptions or observed in responses, and the audit of suspicious edges. Pure rules, then the job on the
real embedded server."""

from __future__ import annotations

import json

from gds_jobs.evidence import audit, described_outputs, entity_aliases
from gds_jobs.resources import ResourceParams, find_candidates

BASE = "http://tracker.test/api"


def op(tid: str, path: str, required=(), optional=(), output=None, description="", observed=None,
       source="openapi", method="") -> dict:
    def params(names, loc="query"):
        return json.dumps([{"name": n, "type": "integer" if n.endswith("id") else "string",
                            "location": "path" if "{" + n + "}" in path else loc} for n in names])

    return {"id": f"tracker/{tid}", "name": tid, "url": BASE + path, "method": method, "description": description,
            "source": source,
            "group": "tracker", "category": "Projects", "required_params": params(required),
            "optional_params": params(optional), "output_schema": json.dumps(output) if output else None,
            "observed_schema": json.dumps(observed) if observed else None}


def obj(**props) -> dict:
    return {"type": "object", "properties": {k: {"type": v} if isinstance(v, str) else v for k, v in props.items()}}


def listing(**props) -> dict:
    return {"type": "array", "items": obj(**props)}


TRACKER = [
    op("searchprojects", "/projects", ["name"], output=listing(id="integer", name="string", owner_id="integer")),
    op("getproject", "/projects/{project_id}", ["project_id"],
       output=obj(id="integer", name="string", owner_id="integer")),
    op("searchusers", "/users", ["name"], output=listing(id="integer", name="string", email="string")),
    op("getuser", "/users/{user_id}", ["user_id"], output=obj(id="integer", name="string", email="string")),
    op("listissues", "/projects/{project_id}/issues", ["project_id"], ["assignee_id", "status"],
       output=listing(id="integer", title="string", status="string", assignee_id="integer")),
    op("getissue", "/issues/{issue_id}", ["issue_id"],
       output=obj(id="integer", title="string", project_id="integer", assignee_id="integer", status="string")),
    op("listmilestones", "/projects/{project_id}/milestones", ["project_id"],
       output=listing(id="integer", title="string", due_date="string")),
]


def edges(tools) -> set[tuple[str, str, str, str]]:
    found, _ = find_candidates(tools, ResourceParams())
    return {(c.source.split("/")[1], c.target.split("/")[1], c.resource, c.evidence) for c in found}


def test_a_search_tool_takes_its_name_from_the_user_never_from_another_tool() -> None:
    found = edges(TRACKER)
    assert not [e for e in found if e[1] in ("searchprojects", "searchusers")]
    assert ("searchprojects", "listissues", "project_id", "schema") in found


def test_role_ids_are_ids_of_the_person_kind_the_api_has() -> None:
    found = edges(TRACKER)
    assert ("searchusers", "listissues", "user_id", "schema") in found  # assignee_id is a user id
    assert entity_aliases("assignee_id", {"user", "project"}) == ["user_id"]
    assert entity_aliases("parent_issue_id", {"issue"}) == ["issue_id"]
    assert entity_aliases("project_id", {"project"}) == []
    assert entity_aliases("keeper_id", {"beekeeper", "hive"}) == ["beekeeper_id"]  # the end of a kind's word
    assert entity_aliases("tech_id", {"technician", "job"}) == ["technician_id"]  # its start
    assert entity_aliases("keeper_id", {"beekeeper", "gatekeeper"}) == []  # two kinds fit: none


def test_a_tool_that_needs_a_value_does_not_provide_it() -> None:
    found = edges(TRACKER)
    assert not [e for e in found if e[0] == "getproject" and e[2] == "project_id"]
    assert ("getissue", "listmilestones", "project_id", "schema") in found  # an issue gives its project's id


def test_outputs_named_by_a_description_feed_tools_when_no_schema_says() -> None:
    weather = [op("geocode_city", "/geocode", ["city"], description="Find the latitude and longitude of a city",
                  source="mcp"),
               op("daily_forecast", "/forecast", ["latitude", "longitude"], ["days"],
                  description="Daily forecast for a place given its latitude and longitude", source="mcp")]
    found, _ = find_candidates(weather, ResourceParams())
    pairs = {(c.source.split("/")[1], c.target.split("/")[1], c.resource, c.evidence, c.strong) for c in found}
    assert pairs == {("geocode_city", "daily_forecast", "latitude", "description", True),
                     ("geocode_city", "daily_forecast", "longitude", "description", True)}
    assert all(c.weight < 0.7 for c in found)  # less sure than a schema
    assert described_outputs("Daily forecast for a place given its latitude and longitude", set(),
                             {"latitude"}) == []  # what it is asked about is no output


def test_an_observed_response_counts_like_a_schema() -> None:
    tools = [op("geocode_city", "/geocode", ["city"], observed=obj(name="string", latitude="number")),
             op("daily_forecast", "/forecast", ["latitude"])]
    assert edges(tools) == {("geocode_city", "daily_forecast", "latitude", "observed")}


def test_a_rest_collection_with_no_schema_lists_the_ids_its_item_paths_take() -> None:
    get_trainer = op("get_trainer", "/trainers/{trainer_id}", ["trainer_id"], method="GET")
    found = edges([op("list_trainers", "/trainers", method="GET"), get_trainer])
    assert found == {("list_trainers", "get_trainer", "trainer_id", "path")}
    weight = {c.resource: c.weight for c in find_candidates([op("list_trainers", "/trainers", method="GET"),
                                                                get_trainer], ResourceParams())[0]}
    assert weight == {"trainer_id": 0.6}  # below a declared schema's (0.8): a convention, not a statement
    # a write to the collection, a collection whose schema says what it answers, a path ending in a parameter or
    # in a word that is no plural: no such output
    assert edges([op("add_trainer", "/trainers", ["name"], method="POST"), get_trainer]) == set()
    assert edges([op("list_trainers", "/trainers", output=listing(name="string"), method="GET"), get_trainer]) \
        == set()
    assert edges([op("trainer_search", "/trainers/search", method="GET"), get_trainer]) == set()


def test_a_learnt_shape_adds_to_what_the_description_names_never_takes_it_away() -> None:
    described = "Find the latitude and longitude of a city"
    forecast = op("daily_forecast", "/forecast", ["latitude", "longitude"])
    before = edges([op("geocode_city", "/geocode", ["city"], description=described), forecast])
    assert before == {("geocode_city", "daily_forecast", "latitude", "description"),
                      ("geocode_city", "daily_forecast", "longitude", "description")}
    # its responses showed a latitude (under that name) but no longitude: that one stays described
    learnt = edges([op("geocode_city", "/geocode", ["city"], description=described,
                       observed=obj(name="string", latitude="number")), forecast])
    assert learnt == {("geocode_city", "daily_forecast", "latitude", "observed"),
                      ("geocode_city", "daily_forecast", "longitude", "description")}


def test_the_audit_names_cycles_reversed_pairs_echoes_and_low_confidence() -> None:
    rows = [{"source": "a", "target": "b", "type": "STRONG_RESOURCE", "resource": "x_id", "weight": 0.9},
            {"source": "b", "target": "a", "type": "STRONG_RESOURCE", "resource": "y_id", "weight": 0.9},
            {"source": "c", "target": "s", "type": "STRONG_RESOURCE", "resource": "name", "weight": 0.5,
             "evidence": "description", "source_needs": ["name"]}]
    found = audit(rows, {"s": True})
    whys = [(f["source"], f["target"], f["why"].split(":")[0].split(" (")[0]) for f in found]
    assert whys[0][2].startswith("strong edges form a cycle") and whys[1][2].startswith("strong edges form a cycle")
    assert ("a", "b", "the pair depends both ways") in whys
    assert ("c", "s", "strong edge into a tool that takes a name or search text") in whys
    assert any(w[0] == "c" and "echoes" in f["why"] for w, f in zip(whys, found))
    assert found[-1]["why"].startswith("low confidence 0.5 (description)")


def test_the_job_writes_evidence_and_the_audit_reads_it(store) -> None:
    from gds_jobs import JOBS, run_jobs
    from gds_jobs.evidence import suspicious_edges
    from toolgraph.ingest.batch import ImportBatch
    from toolgraph.ingest.writer import write_batch
    from toolgraph.models import CategorySpec, GroupSpec, ToolSpec

    batch = ImportBatch("test")
    batch.add_category(CategorySpec(name="Projects"), "t", "")
    batch.add_group(GroupSpec(id="tracker", name="tracker", category="Projects", source="openapi"), "t", "")
    for t in TRACKER + [op("geocode_city", "/geocode", ["city"], description="Find the latitude and longitude "
                                                                             "of a city"),
                        op("daily_forecast", "/forecast", ["latitude", "longitude"])]:
        batch.add_tool(ToolSpec(id=t["id"], name=t["name"], group_id="tracker", description=t["description"],
                                method="GET", url=t["url"], required_params=json.loads(t["required_params"]),
                                optional_params=json.loads(t["optional_params"]),
                                output_schema=json.loads(t["output_schema"]) if t["output_schema"] else None,
                                source="openapi", source_ref={}), "t", "")
    write_batch(store, batch)
    run_jobs(store, JOBS, ["resources"])
    rows = store.query("audit_resource_edges")
    by_pair = {(r["source"].split("/")[1], r["target"].split("/")[1], r["resource"]): r for r in rows}
    assert by_pair[("geocode_city", "daily_forecast", "latitude")]["evidence"] == "description"
    assert by_pair[("searchusers", "listissues", "user_id")]["evidence"] == "schema"
    assert not [k for k in by_pair if k[1].startswith("search")]
    flagged = {(f["source"].split("/")[1], f["target"].split("/")[1]) for f in suspicious_edges(store)}
    assert ("geocode_city", "daily_forecast") in flagged  # low confidence: described, not declared


def test_a_direction_role_code_takes_the_code_of_the_kind_its_tool_names() -> None:
    rail = [op("find_stations", "/stations", ["query"], output=listing(station_code="string", name="string")),
            op("get_station", "/stations/{station_code}", ["station_code"], output=obj(station_code="string")),
            op("get_reservation", "/reservations/{reservation_code}", ["reservation_code"],
               output=obj(reservation_code="string", passenger="string")),
            op("search_connections", "/connections", ["from_code", "to_code"],
               description="Direct trains from one station to another on a date.",
               output=listing(train_number="string"))]
    found = edges(rail)
    assert ("find_stations", "search_connections", "station_code", "schema") in found
    assert not [e for e in found if e[0] == "get_reservation" and e[1] == "search_connections"]


def test_a_writes_free_text_is_the_users_never_a_strong_need_but_its_ids_are() -> None:
    fleet = [op("listvehicles", "/vehicles", [], ["plate"], output=listing(vehicle_id="string", plate="string")),
             op("listmaintenance", "/vehicles/{vehicle_id}/maintenance", ["vehicle_id"],
                output=listing(record_id="string", service_type="string")),
             op("schedulemaintenance", "/vehicles/{vehicle_id}/maintenance", ["vehicle_id", "service_type"],
                method="POST", output=obj(record_id="string", work_order="string"))]
    found, _ = find_candidates(fleet, ResourceParams())
    strong = {(c.source.split("/")[1], c.target.split("/")[1], c.resource) for c in found if c.strong}
    assert ("listvehicles", "schedulemaintenance", "vehicle_id") in strong
    assert not [e for e in strong if e[2] == "service_type"]


def test_a_role_id_filter_is_fed_by_the_kind_of_person_the_api_takes_by_id_even_without_paths() -> None:
    tools = [op("find_engineer", "", ["name"], output=obj(engineers={"type": "array", "items": obj(
                 engineer_id="string", name="string")}), source="mcp"),
             op("get_engineer", "", ["engineer_id"], output=obj(engineer_id="string", email="string"), source="mcp"),
             op("list_incidents", "", [], ["status", "assignee_id"], output=obj(incidents={"type": "array", "items":
                 obj(incident_id="string", assignee_id="string")}), source="mcp")]
    found, _ = find_candidates(tools, ResourceParams())
    assert ("find_engineer", "list_incidents") in {(c.source.split("/")[1], c.target.split("/")[1]) for c in found
                                                   if c.param == "assignee_id"}


def test_what_a_person_says_is_never_a_strong_need_but_a_coordinate_or_a_plate_is() -> None:
    def typed(tool: dict, **types: str) -> dict:
        params = json.loads(tool["required_params"])
        for p in params:
            p["type"] = types.get(p["name"], p["type"])
        return {**tool, "required_params": json.dumps(params)}

    recipes = [op("get_recipe", "/recipes/{recipe_id}", ["recipe_id"], output=obj(
                   recipe_id="string", servings="integer", quantity="number", ingredient="string")),
               typed(op("scale_recipe", "/recipes/{recipe_id}/scaled", ["recipe_id", "servings"],
                        output=obj(recipe_id="string")), servings="integer"),
               typed(op("convert_units", "/convert", ["quantity", "from_unit"], output=obj(result="number")),
                     quantity="number"),
               op("get_substitutes", "/substitutes", ["ingredient"], output=listing(ingredient="string")),
               op("geocode", "/geocode", ["city"], output=obj(latitude="number", plate="string")),
               typed(op("forecast", "/forecast", ["latitude"], output=obj(temperature="number")),
                     latitude="number"),
               op("quote", "/quote", ["plate"], output=obj(total="number"))]
    found, _ = find_candidates(recipes, ResourceParams())
    kinds = {(c.source.split("/")[1], c.target.split("/")[1], c.resource): c.strong for c in found}
    # servings, a quantity and an ingredient are the user's to say: an edge, but never a strong one
    assert kinds[("get_recipe", "scale_recipe", "serving")] is False
    assert kinds[("get_recipe", "convert_units", "quantity")] is False
    assert kinds[("get_recipe", "get_substitutes", "ingredient")] is False
    # a coordinate and a plate come from a tool
    assert kinds[("geocode", "forecast", "latitude")] is True and kinds[("geocode", "quote", "plate")] is True


def test_a_filter_described_as_an_identifying_field_is_fed_by_the_tools_that_give_it() -> None:
    """``list_inspections(vessel)`` documented "vessel: registration": a vessel search's ``registration`` feeds
    it (a weak edge: the filter is optional); a page number is fed by nothing."""
    def described(tool: dict, **texts: str) -> dict:
        params = json.loads(tool["optional_params"])
        for p in params:
            p["description"] = texts.get(p["name"], "")
        return {**tool, "optional_params": json.dumps(params)}

    fleet = [op("search_vessels", "/vessels", ["name"], output=listing(registration="string", name="string")),
             described(op("list_inspections", "/inspections", (), ["vessel", "page"],
                          output=listing(inspection_id="string", outcome="string")),
                       vessel="registration", page="page number"),
             op("get_counter", "/counter", output=obj(number="integer"))]
    found, _ = find_candidates(fleet, ResourceParams())
    kinds = {(c.source.split("/")[1], c.target.split("/")[1], c.resource): c.strong for c in found}
    assert kinds.get(("search_vessels", "list_inspections", "registration")) is False
    assert not [k for k in kinds if k[0] == "get_counter"]


def test_a_docstrings_return_shape_and_its_terse_id_keys_feed_the_tools_that_take_those_ids() -> None:
    """Python and MCP tools that return a bare dict often write its shape in the docstring: a bare ``id`` in it
    is the id of what the tool's name is about; a key written as code (``boat`` id) or glossed before or after
    it ("``mr`` home mooring id", "safety briefing id (``sb``)") is the id it says, also under a typed schema."""
    tools = [
        op("search_bowlers", "/b", ["name"], source="mcp",
           description='Find bowlers by name. Returns {"results": [{"id", "nm", "em"}], "count"}.'),
        op("get_bowler", "/b1", ["bowler_id"], source="mcp", description="One bowler."),
        op("get_mooring", "/m1", ["mooring_id"], source="python",
           description="One mooring: ``jetty``, ``berth`` number, ``boat`` id of the boat kept there."),
        op("get_boat", "/bt", ["boat_id"], source="python",
           description="One boat: ``name``, ``cap`` passengers, ``mr`` home mooring id, ``st`` (ok, repair)."),
        op("get_hire", "/h", ["hire_id"], source="python", output=obj(id="string", cust="string", sb="string"),
           description="One hire with its customer (``cust``), boat and safety briefing id (``sb``)."),
        op("get_safety_briefing", "/sb", ["briefing_id"], source="python", description="A safety briefing."),
    ]
    found = {(s, t, r) for s, t, r, _ in edges(tools)}
    assert ("search_bowlers", "get_bowler", "bowler_id") in found
    assert ("get_mooring", "get_boat", "boat_id") in found
    assert ("get_boat", "get_mooring", "mooring_id") in found
    assert ("get_hire", "get_safety_briefing", "briefing_id") in found
    assert described_outputs('Get a bowler. Returns {"id": 1, "team": 2}', {"bowler_id"}, {"bowler_id"},
                             "get_bowler") == []  # what it takes is no output of its own
    assert described_outputs('Returns {"id", "nm"}', set(), {"bowler_id"}) == []  # no name, no kind
    assert described_outputs("One rental. Keys: rental_id, cust (customer id), out, due, st (bkd / out / ret)",
                             {"rental_id"}, {"customer_id", "rental_id"}, "get_rental") == ["customer_id"]
    assert described_outputs("Get a customer by id.", {"customer_id"}, {"customer_id"}, "get_customer") == []
    # a key quoted as code, its meaning after a space: '"by" member id of the person offering it'
    assert described_outputs('One swap listing. Keys: "lid" listing id; "by" member id of the person offering it; '
                             '"yarn" the yarn id on offer; "st" status.', {"listing_id"},
                             {"listing_id", "member_id", "yarn_id", "meetup_id"}, "get_swap_listing") == [
        "member_id", "yarn_id"]


def test_a_key_glossed_as_code_or_before_its_bracket_reads_as_it_says_and_a_list_of_values_is_no_meaning() -> None:
    from toolgraph.text.glossary import described

    text = "One boat: ``cap`` passengers, ``mr`` home mooring id, ``st`` (ok, repair), safety briefing id (``sb``)."
    assert described(text, "cap") == ("passengers",)
    assert described(text, "mr") == ("home", "mooring", "id")
    assert described(text, "sb") == ("safety", "briefing", "id")
    assert described(text, "st") == ()  # its values, not what it is
    assert described("qy (year the queen was born; null)", "qy") == ("year", "queen", "born")
