"""Whole chains for the graph-only planner (toolgraph/planner/chains.py), and the resource rules they stand on
(gds_jobs/fields.py): ids typed by the shape of their objects, ids in paging envelopes, bare ``{id}`` path
parameters (what a request names and of which kind: tests/test_text.py). End to end on small OpenAPI specs imported
through the real importer into the real embedded server, with the real ``resources`` job; no embeddings (word
overlap)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from gds_jobs import JOBS, run_jobs
from gds_jobs.fields import path_subject, shape_samples, tool_inputs, tool_outputs
from toolgraph.ingest.batch import ImportBatch
from toolgraph.ingest.openapi import read_openapi
from toolgraph.ingest.writer import write_batch
from toolgraph.planner import PlannerConfig, plan_request

PERSON = {"type": "object", "properties": {
    "id": {"type": "integer"}, "name": {"type": "string"}, "birthday": {"type": "string"},
    "place_of_birth": {"type": "string"}, "profile_path": {"type": "string"}, "gender": {"type": "integer"},
    "popularity": {"type": "number"}, "known_for_department": {"type": "string"}}}
MOVIE = {"type": "object", "properties": {
    "id": {"type": "integer"}, "title": {"type": "string"}, "overview": {"type": "string"},
    "release_date": {"type": "string"}, "poster_path": {"type": "string"}, "vote_average": {"type": "number"},
    "popularity": {"type": "number"}}}
CREW = {"type": "object", "properties": {
    "id": {"type": "integer"}, "name": {"type": "string"}, "job": {"type": "string"},
    "department": {"type": "string"}, "profile_path": {"type": "string"}, "gender": {"type": "integer"},
    "popularity": {"type": "number"}}}


def op(summary: str, description: str, params: list[dict[str, Any]], schema: dict[str, Any]) -> dict[str, Any]:
    return {"get": {"operationId": summary.replace(" ", "_"), "summary": summary, "description": description,
                    "parameters": params,
                    "responses": {"200": {"content": {"application/json": {"schema": schema}}}}}}


def path_param(name: str) -> dict[str, Any]:
    return {"name": name, "in": "path", "required": True, "schema": {"type": "integer"}}


QUERY = {"name": "query", "in": "query", "required": True, "schema": {"type": "string"}}


def results(item: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "properties": {"page": {"type": "integer"},
                                             "results": {"type": "array", "items": item}}}


FILMS = {"openapi": "3.0.0", "info": {"title": "films", "version": "1"},
         "servers": [{"url": "https://films.example.test/3"}], "paths": {
    "/search/movie": op("Search Movies", "Search for movies by title.", [QUERY], results(MOVIE)),
    "/search/person": op("Search People", "Search for people by name.", [QUERY], results(PERSON)),
    "/movie/popular": op("Get Popular", "Get a list of the current popular movies.", [], results(MOVIE)),
    "/movie/{movie_id}": op("Get Movie Details", "Get the primary information about a movie.",
                            [path_param("movie_id")], MOVIE),
    "/movie/{movie_id}/credits": op("Get Credits", "Get the cast and crew for a movie.", [path_param("movie_id")],
                                    {"type": "object", "properties": {
                                        "id": {"type": "integer"},
                                        "cast": {"type": "array", "items": CREW},
                                        "crew": {"type": "array", "items": CREW}}}),
    "/movie/{movie_id}/reviews": op("Get Reviews", "Get the user reviews for a movie.", [path_param("movie_id")],
                                    {"type": "object", "properties": {"id": {"type": "integer"}, "results": {
                                        "type": "array", "items": {"type": "object", "properties": {
                                            "author": {"type": "string"}, "content": {"type": "string"}}}}}}),
    "/person/{person_id}": op("Get Person Details", "Get the primary person details by id.",
                              [path_param("person_id")], PERSON),
    "/person/{person_id}/movie_credits": op("Get Movie Credits", "Get the movie credits for a person.",
                                            [path_param("person_id")], {"type": "object", "properties": {
                                                "id": {"type": "integer"},
                                                "cast": {"type": "array", "items": MOVIE},
                                                "crew": {"type": "array", "items": MOVIE}}}),
}}

ARTIST = {"type": "object", "properties": {"id": {"type": "string"}, "name": {"type": "string"},
                                           "genres": {"type": "array", "items": {"type": "string"}},
                                           "popularity": {"type": "integer"}, "uri": {"type": "string"}}}
TRACK = {"type": "object", "properties": {"id": {"type": "string"}, "name": {"type": "string"},
                                          "duration_ms": {"type": "integer"}, "explicit": {"type": "boolean"},
                                          "uri": {"type": "string"}}}
MUSIC = {"openapi": "3.0.0", "info": {"title": "music", "version": "1"},
         "servers": [{"url": "https://music.example.test/v1"}],
         "components": {"schemas": {
             "Artist": ARTIST, "Track": TRACK,
             "ArtistPage": {"type": "object", "properties": {"href": {"type": "string"}, "items": {
                 "type": "array", "items": {"$ref": "#/components/schemas/Artist"}}, "total": {"type": "integer"}}},
             "TrackPage": {"type": "object", "properties": {"href": {"type": "string"}, "items": {
                 "type": "array", "items": {"$ref": "#/components/schemas/Track"}}, "total": {"type": "integer"}}}}},
         "paths": {
    "/search": op("Search for Item", "Get catalog information about artists or tracks that match a keyword string.",
                  [{"name": "q", "in": "query", "required": True, "schema": {"type": "string"}},
                   {"name": "type", "in": "query", "required": True,
                    "schema": {"type": "string", "enum": ["artist", "track"]}}],
                  {"type": "object", "properties": {"artists": {"$ref": "#/components/schemas/ArtistPage"},
                                                    "tracks": {"$ref": "#/components/schemas/TrackPage"}}}),
    "/artists/{id}/top-tracks": op("Get Artist's Top Tracks", "Get an artist's top tracks by country.",
                                   [{"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}],
                                   {"type": "object", "properties": {"tracks": {
                                       "type": "array", "items": {"$ref": "#/components/schemas/Track"}}}}),
    "/tracks/{id}": op("Get Track", "Get catalog information for a single track.",
                       [{"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}],
                       {"$ref": "#/components/schemas/Track"}),
    "/me/top/artists": op("Get User's Top Artists", "Get the current user's top artists.", [],
                          {"$ref": "#/components/schemas/ArtistPage"}),
}}


def import_spec(store: Any, tmp_path: Path, spec: dict[str, Any], name: str) -> dict[str, str]:
    """The spec imported and the resources job run; ``METHOD /path`` -> tool id."""
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(spec), encoding="utf-8")
    batch = ImportBatch("openapi")
    index = read_openapi(path, batch, group=name, category="C")
    write_batch(store, batch)
    run_jobs(store, JOBS, ["resources"], backend="portable")
    return {f"{m} {p}": tid for (m, p), tid in index.items()}


def planned(store: Any, query: str, ids: dict[str, str]) -> list[str]:
    plan = plan_request(store, query, config=PlannerConfig(use_memory=False, remember=False), save=False)
    names = {tid: name for name, tid in ids.items()}
    return [names.get(t, t) for t in plan.tool_ids()]


# -- the resource rules -------------------------------------------------------------------------------------------
def test_ids_take_the_kind_of_their_object_shape_and_envelope() -> None:
    batch = ImportBatch("x")
    tmp = Path(__file__).parent  # not written to: the spec is passed as a parsed dict below
    del tmp
    from toolgraph.ingest.openapi import _read_operations, _Resolver  # the importer's own reader

    for spec in (FILMS, MUSIC):
        _read_operations(batch, spec, _Resolver(spec), "spec.json", f"c/{spec['info']['title']}",
                         spec["info"]["title"], spec["servers"][0]["url"])
    tools = [t.model_dump() for t in batch.tools.values()]
    by_url = {t["url"].split(".test", 1)[1]: t for t in tools}
    samples = shape_samples(tools)
    # cast and crew members look like people: their ids are person ids
    credits = {o.key for o in tool_outputs(by_url["/3/movie/{movie_id}/credits"], samples)}
    assert "person_id" in credits and "movie_id" in credits
    # an id in a paging envelope (artists.items[].id) is an artist id, not an "item" id
    search = {o.key for o in tool_outputs(by_url["/v1/search"], samples)}
    assert {"artist_id", "track_id"} <= search
    # a bare {id} path parameter takes the path segment before it
    top = by_url["/v1/artists/{id}/top-tracks"]
    assert path_subject(top, top["required_params"][0]) == ["artist"]
    assert {i.key for i in tool_inputs(top)} == {"artist_id"}


# -- whole chains, end to end -------------------------------------------------------------------------------------
def test_chains_start_at_the_kind_the_request_names(store: Any, tmp_path: Path) -> None:
    ids = import_spec(store, tmp_path, FILMS, "films")
    assert planned(store, "movies directed by Sofia Coppola", ids) == [
        "GET /search/person", "GET /person/{person_id}/movie_credits"]
    assert planned(store, "reviews of the movie Jaws", ids) == ["GET /search/movie", "GET /movie/{movie_id}/reviews"]


def test_a_three_call_chain_through_an_intermediate_tool(store: Any, tmp_path: Path) -> None:
    ids = import_spec(store, tmp_path, FILMS, "films")
    # the birthday is a person's; the person comes from the film's crew; the film from a search
    assert planned(store, "When is the birthday of the director of the movie Jaws?", ids) == [
        "GET /search/movie", "GET /movie/{movie_id}/credits", "GET /person/{person_id}"]
    plan = plan_request(store, "When is the birthday of the director of the movie Jaws?",
                        config=PlannerConfig(use_memory=False, remember=False), save=False)
    chosen = [s for s in plan.trace if s.kind == "choose"]
    assert len(chosen) == 3 and all("best chain" in s.reason for s in chosen)
    assert plan.levels == [[ids["GET /search/movie"]], [ids["GET /movie/{movie_id}/credits"]],
                           [ids["GET /person/{person_id}"]]]


def test_a_request_that_names_nothing_starts_at_a_list(store: Any, tmp_path: Path) -> None:
    ids = import_spec(store, tmp_path, FILMS, "films")
    assert planned(store, "give me the reviews of the most popular movie", ids) == [
        "GET /movie/popular", "GET /movie/{movie_id}/reviews"]


def test_a_single_search_tool_with_envelopes_and_bare_ids(store: Any, tmp_path: Path) -> None:
    ids = import_spec(store, tmp_path, MUSIC, "music")
    assert planned(store, "Give me the top tracks of Radiohead", ids) == [
        "GET /search", "GET /artists/{id}/top-tracks"]
    assert planned(store, "the top tracks of my top artists", ids) == [
        "GET /me/top/artists", "GET /artists/{id}/top-tracks"]


def test_a_question_never_plans_a_tool_that_changes_data(store: Any) -> None:
    from tests.exec_helpers import http_tools

    http_tools(store, "http://loans.test", {
        "getloan": {"path": "/loans/{loan_id}", "required": [("loan_id", "string", "path")],
                    "description": "A loan: its book, member and due date"},
        "renewloan": {"path": "/loans/{loan_id}/renew", "method": "POST",
                      "required": [("loan_id", "string", "path")],
                      "description": "Renew a loan: its new due date"}})
    config = PlannerConfig(use_memory=False, remember=False)
    asked = plan_request(store, "when is loan L-5007 due?", config=config, save=False).tool_ids()
    assert asked == ["c/faults/getloan"]
    changed = plan_request(store, "please renew loan L-5007", config=config, save=False).tool_ids()
    assert "c/faults/renewloan" in changed


PROJECT = {"type": "object", "properties": {"project_id": {"type": "string"}, "name": {"type": "string"},
                                            "lead_id": {"type": "string"}, "open_issues": {"type": "integer"}}}
USER = {"type": "object", "properties": {"user_id": {"type": "string"}, "name": {"type": "string"},
                                         "email": {"type": "string"}, "role": {"type": "string"}}}
TRACKER = {"openapi": "3.0.0", "info": {"title": "tracker", "version": "1"},
           "servers": [{"url": "https://tracker.example.test/api"}], "paths": {
    "/projects": op("Search projects", "Search projects by name.", [
        {"name": "name", "in": "query", "required": False, "schema": {"type": "string"}}],
        {"type": "object", "properties": {"projects": {"type": "array", "items": {"type": "object", "properties": {
            "project_id": {"type": "string"}, "name": {"type": "string"}}}}}}),
    "/projects/{project_id}": op("Get a project", "Get a project.", [
        {"name": "project_id", "in": "path", "required": True, "schema": {"type": "string"}}], PROJECT),
    "/users/{user_id}": op("Get a user", "Get a user's profile.", [
        {"name": "user_id", "in": "path", "required": True, "schema": {"type": "string"}}], USER),
}}


def test_a_second_question_the_first_chain_does_not_answer_is_planned_after_it(store: Any, tmp_path: Path) -> None:
    ids = import_spec(store, tmp_path, TRACKER, "tracker")
    config = PlannerConfig(use_memory=False, remember=False, max_chain=2)  # no one chain reaches the email
    plan = plan_request(store, "Who leads the apollo project, and what's their email address?", config=config,
                        save=False)
    names = {tid: name for name, tid in ids.items()}
    assert [names[t] for t in plan.tool_ids()] == ["GET /projects", "GET /projects/{project_id}",
                                                   "GET /users/{user_id}"]
    assert [s.subtask.description for s in plan.subtasks][1:] == ["what's their email address?"]
    assert plan.subtasks[1].subtask.context == [1]
    assert any("second question" in s.reason and "planned as subtask 2" in s.reason for s in plan.trace)
    # a second question the first chain answers (the project's open issues) is not planned apart
    plan = plan_request(store, "Who leads the apollo project, and how many open issues does it have?",
                        config=config, save=False)
    assert len(plan.subtasks) == 1


PERSONLIKE = {"type": "object", "properties": {"name": {"type": "string"}, "email": {"type": "string"}}}
GYM = {"openapi": "3.0.0", "info": {"title": "gym", "version": "1"},
       "servers": [{"url": "https://gym.example.test/api"}], "paths": {
    "/members": op("Search members", "Find members by name or email.", [
        {"name": "name", "in": "query", "required": False, "schema": {"type": "string"}},
        {"name": "email", "in": "query", "required": False, "schema": {"type": "string"}}],
        {"type": "object", "properties": {"members": {"type": "array", "items": {"type": "object", "properties": {
            "member_id": {"type": "string"}, "name": {"type": "string"}}}}}}),
    "/members/{member_id}": op("Get a member", "A member's profile.", [
        {"name": "member_id", "in": "path", "required": True, "schema": {"type": "string"}}],
        {**PERSONLIKE, "properties": {**PERSONLIKE["properties"], "member_id": {"type": "string"}}}),
    "/trainers": op("List trainers", "All trainers.", [],
                    {"type": "object", "properties": {"trainers": {"type": "array", "items": {
                        "type": "object", "properties": {"trainer_id": {"type": "string"},
                                                         "name": {"type": "string"}}}}}}),
    "/trainers/{trainer_id}": op("Get a trainer", "A trainer's profile.", [
        {"name": "trainer_id", "in": "path", "required": True, "schema": {"type": "string"}}],
        {**PERSONLIKE, "properties": {**PERSONLIKE["properties"], "trainer_id": {"type": "string"}}}),
}}


def test_the_apis_own_noun_beside_a_name_picks_the_lookup_and_optional_filters_still_look_up(
        store: Any, tmp_path: Path) -> None:
    ids = import_spec(store, tmp_path, GYM, "gym")
    assert planned(store, "Get me trainer Mateo Ruiz's email", ids) == ["GET /trainers", "GET /trainers/{trainer_id}"]
    assert planned(store, "what's the email of member Ada Park?", ids) == ["GET /members", "GET /members/{member_id}"]


def _search(path: str, summary: str, key: str, fields: dict[str, Any]) -> dict[str, Any]:
    return {path: op(summary, summary + " by name.", [
        {"name": "name", "in": "query", "required": True, "schema": {"type": "string"}}],
        {"type": "object", "properties": {key: {"type": "array", "items": {"type": "object", "properties": {
            f: {"type": t} for f, t in fields.items()}}}}})}


COWORK = {"openapi": "3.0.0", "info": {"title": "cowork", "version": "1"},
          "servers": [{"url": "https://cowork.example.test/api"}], "paths": {
    **_search("/rooms", "Find meeting rooms", "rooms", {"room_id": "string", "name": "string", "seats": "integer",
                                                        "where": "string"}),
    "/rooms/{room_id}": op("Get a room", "A meeting room: where it is, its seats and equipment.", [
        {"name": "room_id", "in": "path", "required": True, "schema": {"type": "string"}}],
        {"type": "object", "properties": {"room_id": {"type": "string"}, "floor": {"type": "integer"},
                                          "location": {"type": "string"}}}),
    **_search("/members", "Find members", "members", {"member_id": "string", "name": "string", "email": "string"}),
    "/members/{member_id}": op("Get a member", "A member's profile: plan, home desk, locker.", [
        {"name": "member_id", "in": "path", "required": True, "schema": {"type": "string"}}],
        {"type": "object", "properties": {"member_id": {"type": "string"}, "name": {"type": "string"},
                                          "home_desk": {"type": "string"}, "locker": {"type": "string"}}}),
}}


def test_a_lower_case_name_a_pronoun_calls_a_person_is_looked_up_among_people(store: Any, tmp_path: Path) -> None:
    """"where does aoife brennan work, and what's her ...": a person, looked up among the members (a kind of
    person), not the rooms, though "where" fits a room's record."""
    ids = import_spec(store, tmp_path, COWORK, "cowork")
    assert planned(store, "where does aoife brennan work, and what's her certification?", ids)[:1] == [
        "GET /members"]


KITCHEN = {"openapi": "3.0.0", "info": {"title": "kitchen", "version": "1"},
           "servers": [{"url": "https://kitchen.example.test/api"}], "paths": {
    "/dishes/{dish_id}": op("Get a dish", "Kitchen card of one dish, with compact keys: nm (name), alg (allergens), "
                            "kcal (calories per portion), g (portion weight in grams).", [
                                {"name": "dish_id", "in": "path", "required": True, "schema": {"type": "string"}}],
                            {"type": "object"}),
    "/events": op("List events", "Catered events with their menus and how many portions they serve.", [],
                  {"type": "object", "properties": {"events": {"type": "array", "items": {
                      "type": "object", "properties": {"event_id": {"type": "string"}, "menu_id": {"type": "string"},
                                                       "portions": {"type": "integer"}}}}}}),
    "/menus/{menu_id}": op("Get a menu", "A menu: its dishes and the calories of a portion of each.", [
        {"name": "menu_id", "in": "path", "required": True, "schema": {"type": "string"}}],
        {"type": "object", "properties": {"dishes": {"type": "array", "items": {"type": "object", "properties": {
            "dish_id": {"type": "string"}, "calories": {"type": "integer"}}}}}}),
}}


def test_a_question_that_names_nothing_and_asks_what_the_first_ones_tools_answer_is_not_planned_apart(
        store: Any, tmp_path: Path) -> None:
    """"What allergens are in dish DS-214? And how many calories is one portion?": the dish's card answers the
    calories (its description says kcal is the calories per portion); the second question is not planned as a
    chain of its own through the events and their menus."""
    ids = import_spec(store, tmp_path, KITCHEN, "kitchen")
    assert planned(store, "what allergens are in dish DS-214? and how many calories is one portion?", ids) == [
        "GET /dishes/{dish_id}"]


def test_a_short_form_field_answers_what_it_stands_for() -> None:
    """``size_sqm`` answers "how many square metres"; ``kcal`` the calories."""
    from toolgraph.text.words import expand_abbreviations

    assert {"square", "metres"} <= expand_abbreviations({"size", "sqm"})
    assert "calories" in expand_abbreviations({"kcal"}) and expand_abbreviations({"size"}) == {"size"}


def test_a_goal_that_fetches_one_of_the_things_asked_for_in_the_plural_narrows_the_list() -> None:
    from toolgraph.planner.chains import narrows

    assert narrows("list all open sev1 incidents", ["list_incidents", "get_incident"])
    assert narrows("Which incidents are assigned to lena vogt?", ["find_engineer", "list_incidents", "getIncident"])
    assert not narrows("Acknowledge the open sev3 incident on api-gw-03", ["list_incidents", "get_incident"])
    assert not narrows("list all open sev1 incidents", ["list_incidents", "get_server"])  # another kind of thing
    assert not narrows("the top tracks of my top artists", ["getUsersTopArtists", "getArtistTopTracks"])
    assert not narrows("What songs are in the first of today's featured playlists?",
                       ["getFeaturedPlaylists", "getPlaylistTracks"])
    # things asked in the plural by another word than the list's ("what books does she have": her loans)
    assert narrows("what books does priya.shah@example.org have checked out?",
                   ["findMembers", "listMemberLoans", "getLoan"])
    assert not narrows("what address does the branch have?", ["listBranches", "getBranch"])


def test_a_second_question_joined_by_and_without_a_comma_is_read_apart() -> None:
    from toolgraph.planner.decompose import second_question

    assert second_question("Who owns the server behind INC-4420 and what's their email?") == "what's their email?"
    assert second_question("Which station is closest and when does it open?") == "when does it open?"
    assert second_question("show me the cats and dogs of the shelter") is None


def test_direction_role_needs_fold_into_the_kind_they_are_codes_of() -> None:
    from toolgraph.planner.graph import merge_roles

    needs = {"station_code": ["find_stations"], "from_code": ["get_reservation"], "to_code": ["get_reservation"],
             "train_number": ["get_train"]}
    assert merge_roles(needs) == {"station_code": ["find_stations", "get_reservation"],
                                  "train_number": ["get_train"]}
    assert merge_roles({"from_code": ["get_reservation"]}) == {"from_code": ["get_reservation"]}


def test_a_two_word_leftover_after_an_auxiliary_is_the_questions_subject() -> None:
    from toolgraph.text.reading import is_subject as _subject
    from toolgraph.text.reading import read

    words = {"vacation", "days", "left", "year", "leave", "balance", "employee", "actor", "lead"}
    text = "How many vacation days does nils ekdahl have left this year?"
    assert [o.value for o in read(text, words) if _subject(text, o)] == ["nils ekdahl"]
    text = "Who is the lead actor of the show?"
    assert not [o for o in read(text, words) if _subject(text, o)]


def test_an_all_capital_word_is_asked_as_well_as_named() -> None:
    from toolgraph.planner.chains import RequestFacts
    from toolgraph.text.words import stem

    facts = RequestFacts.of("I need the IBAN of customer CU-1184's savings account.", None)
    assert stem("iban") in facts.asked and stem("savings") in facts.asked  # a field (IBAN) the chain should reach
    assert stem("titanic") not in RequestFacts.of("the cast of Titanic", None).asked  # a name is not asked


def test_a_record_with_a_name_and_a_kind_or_role_of_person_answers_who() -> None:
    from toolgraph.planner.chains import answer_words
    from toolgraph.planner.graph import ToolCard

    patient = ToolCard(id="t/get_patient", name="get_patient", description="Patient record.",
                       output_schema={"type": "object", "properties": {"name": {"type": "string"},
                                                                       "dob": {"type": "string"}}})
    hotel = ToolCard(id="t/get_hotel", name="get_hotel", description="A hotel.",
                     output_schema={"type": "object", "properties": {"name": {"type": "string"}, "manager": {
                         "type": "object", "properties": {"name": {"type": "string"}}}}})
    claim = ToolCard(id="t/get_claim", name="get_claim", description="A claim.",
                     output_schema={"type": "object", "properties": {"patient_id": {"type": "string"},
                                                                     "total_paid": {"type": "number"}}})
    assert "person" in answer_words(patient) and "person" in answer_words(hotel)
    assert "person" not in answer_words(claim)  # a patient's id is no person's name


KEGS = {"openapi": "3.0.0", "info": {"title": "brewery", "version": "1"},
        "servers": [{"url": "https://brewery.example.test"}], "paths": {
    "/beers": op("Search beers", "Find beers by words of their name.",
                 [{"name": "query", "in": "query", "required": False, "schema": {"type": "string"}}],
                 {"type": "array", "items": {"type": "object", "properties": {
                     "beer_id": {"type": "string"}, "name": {"type": "string"}, "style": {"type": "string"}}}}),
    "/kegs": op("List kegs", "Kegs, filtered by beer, status (full, reserved, empty) and size in litres.",
                [{"name": "beer_id", "in": "query", "required": False, "schema": {"type": "string"}},
                 {"name": "status", "in": "query", "required": False, "schema": {"type": "string"}},
                 {"name": "size_l", "in": "query", "required": False, "schema": {"type": "integer"}}],
                {"type": "array", "items": {"type": "object", "properties": {
                    "keg_id": {"type": "string"}, "beer_id": {"type": "string"}, "status": {"type": "string"},
                    "size_l": {"type": "integer"}}}}),
}}


def test_an_optional_id_filter_of_a_thing_the_request_names_starts_at_its_lookup(store: Any, tmp_path: Path
                                                                                  ) -> None:
    from toolgraph.planner.graph import PlannerGraph
    from toolgraph.text.reading import read

    ids = import_spec(store, tmp_path, KEGS, "brewery")
    graph = PlannerGraph(store)
    assert graph.id_filters(ids["GET /kegs"]) == {"beer_id": [ids["GET /beers"]]}
    assert graph.id_filters(ids["GET /kegs"], people=True) == {}  # a beer is no person
    assert not [o for o in read("any full 30 L kegs of gorse bloom?") if o.kind == "noun_id"]  # an amount
    assert planned(store, "do we have any full 30 L kegs of Gorse Bloom? how many?", ids) == [
        "GET /beers", "GET /kegs"]


VESSELS = {"openapi": "3.0.0", "info": {"title": "fishery", "version": "1"},
           "servers": [{"url": "https://fish.example.test"}], "paths": {
    "/vessels": op("Search vessels", "Registered fishing vessels by words of their name.",
                   [{"name": "name", "in": "query", "required": False, "schema": {"type": "string"}}],
                   {"type": "array", "items": {"type": "object", "properties": {
                       "registration": {"type": "string"}, "name": {"type": "string"}}}}),
    "/inspections": op("List inspections", "Fishery inspections, newest first.",
                       [{"name": "vessel", "in": "query", "required": False, "description": "registration",
                         "schema": {"type": "string"}}],
                       {"type": "array", "items": {"type": "object", "properties": {
                           "inspection_id": {"type": "string"}, "outcome": {"type": "string"}}}}),
}}


def test_a_filter_described_as_a_registration_starts_at_the_lookup_of_the_thing_the_request_names(
        store: Any, tmp_path: Path) -> None:
    from toolgraph.planner.graph import PlannerGraph

    ids = import_spec(store, tmp_path, VESSELS, "fishery")
    assert PlannerGraph(store).id_filters(ids["GET /inspections"]) == {"registration": [ids["GET /vessels"]]}
    assert planned(store, "What was the outcome of the inspections of the Girl Isla II?", ids) == [
        "GET /vessels", "GET /inspections"]


def _get(path: str, summary: str, description: str, key: str, fields: dict[str, Any]) -> dict[str, Any]:
    return {path: op(summary, description, [{"name": key, "in": "path", "required": True,
                                             "schema": {"type": "string"}}],
                     {"type": "object", "properties": {f: {"type": t} for f, t in fields.items()}})}


APIARY = {"openapi": "3.0.0", "info": {"title": "apiary", "version": "1"},
          "servers": [{"url": "https://bees.example.test/api"}], "paths": {
    **_get("/hives/{hive_id}", "Get a hive", "One hive: its apiary, type, queen and boxes.", "hive_id",
           {"hive_id": "string", "apiary_id": "string", "type": "string", "queen_origin": "string"}),
    **_get("/apiaries/{apiary_id}", "Get an apiary", "One apiary: where it is, who keeps it, its hive count.",
           "apiary_id", {"apiary_id": "string", "name": "string", "keeper_id": "string", "address": "string",
                         "hive_count": "integer"}),
    **_get("/beekeepers/{beekeeper_id}", "Get a beekeeper", "A beekeeper's contact card.", "beekeeper_id",
           {"beekeeper_id": "string", "name": "string", "phone": "string", "member_since": "string"}),
    **_search("/beekeepers", "Find beekeepers", "beekeepers", {"beekeeper_id": "string", "name": "string"}),
}}


def test_who_asked_of_a_record_holding_no_person_follows_the_ids_to_one(store: Any, tmp_path: Path) -> None:
    """"who looks after hive HV-172, and where is its apiary?": the hive's record names no person (it scores best
    alone); the chain goes on through the apiary, whose ``keeper_id`` is a beekeeper's id (the end of the kind's
    word), to the beekeeper; and it is the apiary's place that answers "where"."""
    ids = import_spec(store, tmp_path, APIARY, "apiary")
    assert planned(store, "who looks after hive HV-172, and where exactly is its apiary?", ids) == [
        "GET /hives/{hive_id}", "GET /apiaries/{apiary_id}", "GET /beekeepers/{beekeeper_id}"]


LOCKS = {"openapi": "3.0.0", "info": {"title": "locks", "version": "1"},
         "servers": [{"url": "https://locks.example.test/api"}], "paths": {
    **_get("/jobs/{job_id}", "Job details", "One call-out job.", "job_id",
           {"job_id": "string", "date": "string", "customer_id": "string", "technician_id": "string"}),
    **_get("/customers/{customer_id}", "Customer record", "A customer.", "customer_id",
           {"customer_id": "string", "name": "string", "phone": "string"}),
    **_get("/technicians/{technician_id}", "Technician card",
           "Technician card in short form: id, nm (name), ph (phone), van.", "technician_id",
           {"id": "string", "nm": "string", "ph": "string", "van": "string"}),
}}


def test_who_is_assigned_is_the_one_doing_the_work_even_under_terse_keys(store: Any, tmp_path: Path) -> None:
    """The job names a customer and a technician; "who's been assigned" asks for the technician, whose card says
    who it is only through its description's glossary (``nm (name)``, ``ph (phone)``)."""
    from toolgraph.planner.chains import answers_person
    from toolgraph.planner.graph import ToolCard

    ids = import_spec(store, tmp_path, LOCKS, "locks")
    assert planned(store, "Who's been assigned to job J-40288, and what number can I reach them on?", ids) == [
        "GET /jobs/{job_id}", "GET /technicians/{technician_id}"]
    card = ToolCard(id="t/card", name="Technician card", description="Short form: nm (name), ph (phone).",
                    output_schema={"type": "object", "properties": {"nm": {"type": "string"},
                                                                    "ph": {"type": "string"}}})
    job = ToolCard(id="t/job", name="Job details", description="One job.",
                   output_schema={"type": "object", "properties": {"technician_id": {"type": "string"}}})
    assert answers_person(card) and not answers_person(job)  # an id names nobody


def test_a_month_is_no_name_and_a_possessive_says_what_the_name_is_not() -> None:
    from toolgraph.planner.chains import RequestFacts, _possessed
    from toolgraph.text.lexicon import Mention

    assert RequestFacts.of("How many sessions did calla brightwater have in March 2027?", None).mentions == []
    assert _possessed([Mention("irena ostrowski", None)], "when is irena ostrowski's dog next booked?") == {"dog"}


def test_which_thing_given_only_by_its_id_is_followed_to_its_record() -> None:
    from toolgraph.planner.chains import _only_by_id, _which_nouns
    from toolgraph.planner.graph import ToolCard

    accession = ToolCard(id="t/get_accession", name="get_accession", description=(
        "Full record of one accession as a dict: species, donor_id, seed_count (seeds left), storage (vault_id, "
        "shelf), status."), output_schema=None)
    vault = ToolCard(id="t/get_vault", name="get_vault", description="A vault.", output_schema={
        "type": "object", "properties": {"vault_id": {"type": "string"}, "vault_name": {"type": "string"}}})
    assert _which_nouns("where is accession NMS-2016-0044 stored (which vault and shelf)?") == {"vault"}
    assert _only_by_id(accession, "vault") and not _only_by_id(vault, "vault")


PARKING = {"openapi": "3.0.0", "info": {"title": "parking", "version": "1"},
           "servers": [{"url": "https://parking.example.test/api"}], "paths": {
    **_search("/holders", "Search permit holders", "holders", {"holder_id": "string", "name": "string",
                                                               "email": "string"}),
    "/holders/{holder_id}": op("Get a permit holder", "One permit holder: contact and vehicles.", [
        {"name": "holder_id", "in": "path", "required": True, "schema": {"type": "string"}}],
        {"type": "object", "properties": {"holder_id": {"type": "string"}, "name": {"type": "string"}, "vehicles": {
            "type": "array", "items": {"type": "object", "properties": {"vrm": {"type": "string"}}}}}}),
    "/notices": {"get": {"operationId": "search_penalty_notices", "summary": "Search penalty notices",
                         "description": "Penalty notices, newest first, filtered by vehicle (vrm) and status.",
                         "parameters": [{"name": "vrm", "in": "query", "schema": {"type": "string"}},
                                        {"name": "status", "in": "query", "schema": {"type": "string"}}],
                         "responses": {"200": {"content": {"application/json": {"schema": {
                             "type": "object", "properties": {"total": {"type": "integer"}, "notices": {
                                 "type": "array", "items": {"type": "object", "properties": {
                                     "pcn_no": {"type": "string"}, "vrm": {"type": "string"}}}}}}}}}}}},
    **_search("/zones", "List zones", "zones", {"zone_code": "string", "name": "string"}),
}}


def test_a_listings_value_filter_an_owner_gives_is_found_through_the_owners_record(store: Any, tmp_path: Path
                                                                                   ) -> None:
    """"how many penalty notices did matteo villani's car pick up?": the notices are filtered by a plate (``vrm``:
    no word a person types, so a holder's record may give it), which his holder record lists; he has a car, so he
    is someone, and a lookup of records with a name and an email finds people."""
    ids = import_spec(store, tmp_path, PARKING, "parking")
    assert planned(store, "how many penalty notices did matteo villani's car pick up?", ids) == [
        "GET /holders", "GET /holders/{holder_id}", "GET /notices"]


def _listing(**props: str) -> dict[str, Any]:
    return {"type": "array", "items": {"type": "object", "properties": {k: {"type": v} for k, v in props.items()}}}


LOCKSMITH = {"openapi": "3.0.0", "info": {"title": "locksmith", "version": "1"},
             "servers": [{"url": "https://locks.example.test"}], "paths": {
    "/customers": op("Search customers", "Find customers by words of their name.",
                     [{"name": "name", "in": "query", "required": False, "schema": {"type": "string"}}],
                     _listing(customer_id="string", name="string", phone="string")),
    "/jobs": op("List jobs", "Call-out jobs, newest first, filtered by customer and date.",
                [{"name": "customer_id", "in": "query", "required": False, "schema": {"type": "string"}},
                 {"name": "date", "in": "query", "required": False, "schema": {"type": "string"}}],
                _listing(job_id="string", customer_id="string", date="string", kind="string")),
    "/jobs/{job_id}": op("Get job", "One job with the invoice raised for it.", [path_param("job_id")],
                         {"type": "object", "properties": {"job_id": {"type": "string"}, "kind": {"type": "string"},
                                                           "invoice_id": {"type": "string"}}}),
    "/invoices/{invoice_id}": op("Get invoice", "An invoice: the amount paid, tax included.",
                                 [path_param("invoice_id")],
                                 {"type": "object", "properties": {"invoice_id": {"type": "string"},
                                                                   "amount_paid": {"type": "number"},
                                                                   "tax": {"type": "number"}}}),
}}


def test_a_listing_a_chain_starts_at_is_narrowed_by_the_lookup_of_the_one_the_request_names(
        store: Any, tmp_path: Path) -> None:
    """The chain's first tool, not only its goal, takes an optional id filter a lookup provides: "how much did
    Wendeline Marsh pay for the rekey" lists her jobs (by her customer id), then the job, then its invoice."""
    ids = import_spec(store, tmp_path, LOCKSMITH, "locksmith")
    assert planned(store, "How much did Wendeline Marsh pay for the rekey on 3/17/2027?", ids) == [
        "GET /customers", "GET /jobs", "GET /jobs/{job_id}", "GET /invoices/{invoice_id}"]


PICKING = {"openapi": "3.0.0", "info": {"title": "orchard", "version": "1"},
           "servers": [{"url": "https://orchard.example.test"}], "paths": {
    "/pickers": op("Search pickers", "Find registered pickers by name or exact email.",
                   [{"name": "email", "in": "query", "required": False, "schema": {"type": "string"}},
                    {"name": "name", "in": "query", "required": False, "schema": {"type": "string"}}],
                   {"type": "object", "properties": {
                       "matches": _listing(picker_id="string", name="string", email="string"),
                       "count": {"type": "integer"}}}),
    "/pickers/{picker_id}/visits": op("List picker visits", "A picker's visits, newest first.",
                                      [path_param("picker_id")],
                                      {"type": "object", "properties": {
                                          "visits": _listing(visit_id="string", date="string", kg="number"),
                                          "total": {"type": "integer"}}}),
}}


def test_the_lookup_of_the_one_handed_over_counts_nothing_a_how_many_question_asks(store: Any, tmp_path: Path
                                                                                   ) -> None:
    ids = import_spec(store, tmp_path, PICKING, "orchard")
    assert planned(store, "How many times has kwame.osei@example.com been picking this season?",
                   ids) == ["GET /pickers", "GET /pickers/{picker_id}/visits"]


def test_a_goal_named_for_a_things_details_fetches_one_of_them() -> None:
    """"Booking details" after "Bookings of one guest" narrows the guest's bookings to one; "details" is no
    plural of things the goal lists."""
    from toolgraph.planner.chains import narrows

    assert narrows("What upcoming bookings has hamish.strachan@example.net got with us?",
                   ["Find guests", "Bookings of one guest", "Booking details"])
    assert not narrows("What are the details of hamish's booking BK-27402?",
                       ["Bookings of one guest", "Booking details"])
    # one of the things asked in the plural, got by its id on the way (a student's bookings), unless one is picked
    from toolgraph.planner.chains import ChainFinder
    from toolgraph.planner.graph import ToolCard

    lesson = ToolCard(id="g/getLesson", name="Get a lesson", required_params=[{"name": "lesson_id", "type": "string",
                                                                              "location": "path"}])
    seats = ToolCard(id="g/seats", name="Seat map of a flight", required_params=[{"name": "flight_id",
                                                                                 "type": "string"}])
    assert ChainFinder._one_of_many("Which lessons is elodie@example.com booked on in June 2027?", lesson)
    assert not ChainFinder._one_of_many("When does elodie's first lesson start? Her lessons are at Gullrock.", lesson)
    assert not ChainFinder._one_of_many("Any aisle seats still free on the flight for booking ZP5D7Y?", seats)


def test_a_membership_is_no_thing_the_member_owns_and_a_keys_list_says_what_a_tool_gives() -> None:
    """"rosalind hartigan's membership": she is the member, so the member search is where to look her up; a tool
    with no output schema gives what its description's "Keys:" list names ("rst collecting rules")."""
    from toolgraph.planner.chains import _possessed, answer_words
    from toolgraph.planner.graph import ToolCard
    from toolgraph.text.lexicon import Mention

    assert _possessed([Mention("rosalind hartigan", None)], "when does rosalind hartigan's membership run out?") == set()
    site = ToolCard(id="g/get_site", name="get_site", required_params=[{"name": "site_id", "type": "string"}],
                    description="Details of one site (id like S-01). Keys: nm name; grid OS grid reference; rst "
                                "collecting rules and restrictions; park parking.")
    assert {"rule", "restriction", "park", "grid"} <= answer_words(site)


def test_a_tool_named_for_a_request_changes_data_and_keys_in_brackets_say_it_names_a_person() -> None:
    from toolgraph.planner.chains import answers_person, changes_data
    from toolgraph.planner.graph import ToolCard

    def card(name: str, description: str = "") -> ToolCard:
        return ToolCard(id=f"g/{name}", name=name, description=description,
                        required_params=[{"name": "meetup_id", "type": "string"}])

    assert changes_data(card("request_swap")) and changes_data(card("sign_up_for_walk"))
    assert not changes_data(card("get_swap_request"))
    assert answers_person(card("get_meetup", 'One meetup: "id", "date", "venue", "addr" (street address), "host" '
                                             "(the host's name) and \"theme\"."))
    assert not answers_person(card("get_meetup", 'One meetup: "id", "date", "venue", "addr" (street address).'))
