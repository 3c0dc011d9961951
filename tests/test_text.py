"""The text and schema toolkit (toolgraph/text/): stop words, the stemmer, tokens, parameter names, the schema
walker, the type map and the English lexicon. Pure functions: no database, no model."""

from __future__ import annotations

import pytest

from toolgraph.text.lexicon import (
    ID_VALUE,
    LITERAL,
    NUMBER_VALUE,
    asked_types,
    kind_of_words,
    mentions,
    named_things,
    request_kinds,
)
from toolgraph.text.params import IDENTIFIER, is_lookup_param, takes_a_named_value
from toolgraph.text.schema import NUMERIC_TYPES, is_schema, json_type_of, schema_fields, schema_keys, value_type
from toolgraph.text.words import (
    BM25_STOPWORDS,
    NAME_STOPWORDS,
    QUERY_STOPWORDS,
    REQUEST_STOPWORDS,
    content_words,
    lexical_similarity,
    singular,
    split_case,
    stem,
    strip_s,
    tokens,
    words,
)


# -- stop words ---------------------------------------------------------------------------------------------------
def test_each_stop_word_list_keeps_its_purpose() -> None:
    # function words are dropped everywhere
    for stop in (REQUEST_STOPWORDS, QUERY_STOPWORDS, BM25_STOPWORDS, NAME_STOPWORDS):
        assert {"a", "the", "of"} <= stop
    # the full-text query drops request verbs the request typing keeps, and keeps "by" (a Lucene term)
    assert {"provide", "find"} <= QUERY_STOPWORDS and not {"provide", "find"} & REQUEST_STOPWORDS
    assert "by" in REQUEST_STOPWORDS and "by" not in QUERY_STOPWORDS
    # the keyword index's list is the long English one; the miner's drops what API descriptions all say
    assert {"who", "when", "where", "because"} <= BM25_STOPWORDS and not {"who", "when"} & REQUEST_STOPWORDS
    assert {"api", "endpoint", "retrieve", "information"} <= NAME_STOPWORDS
    assert not {"movie", "person", "status", "date"} & (REQUEST_STOPWORDS | QUERY_STOPWORDS | BM25_STOPWORDS
                                                        | NAME_STOPWORDS)


# -- the stemmer --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("word", "plain", "one", "stemmed"), [
    ("status", "status", "status", "status"),
    ("statuses", "status", "status", "status"),
    ("address", "address", "address", "address"),
    ("addresses", "address", "address", "address"),
    ("analysis", "analysis", "analysis", "analysis"),
    ("bonus", "bonus", "bonus", "bonus"),
    ("menus", "menu", "menu", "menu"),
    ("apis", "api", "api", "apis"),  # (the planner's stem leaves words of 4 letters alone)
    ("movies", "movie", "movy", "movie"),
    ("categories", "categorie", "category", "category"),
    ("orders", "order", "order", "order"),
    ("ids", "ids", "id", "ids"),
    ("directed", "directed", "directed", "direct"),
    ("director", "director", "director", "direct"),
    ("recordings", "recording", "recording", "record"),
    ("bus", "bus", "bus", "bus"),
])
def test_the_three_strengths_of_the_stemmer(word: str, plain: str, one: str, stemmed: str) -> None:
    assert strip_s(word) == plain
    assert singular(word) == one
    assert stem(word) == stemmed


def test_a_word_and_its_plural_stem_alike() -> None:
    for single, plural in (("status", "statuses"), ("address", "addresses"), ("category", "categories"),
                           ("movie", "movies"), ("review", "reviews"), ("class", "classes")):
        assert stem(single) == stem(plural), (single, plural)
        assert singular(single) == singular(plural) or single == "movie", (single, plural)
    assert stem("status") != "statu" and singular("status") != "statu" and strip_s("status") != "statu"


# -- tokens and words ---------------------------------------------------------------------------------------------
def test_tokens_split_case_drop_stop_words_and_plurals() -> None:
    assert split_case("getUserOrders") == "get User Orders"
    assert tokens("getUserOrders for the_city's Parks") == ["user", "order", "city", "park"]
    assert tokens("Order status and shipping addresses, x") == ["order", "status", "shipping", "address"]
    assert words("What is the order_status of my parcel?") == {"order", "status", "parcel"}
    assert content_words("Give me the 2 reviews of the movie reviews") == ["reviews", "movie", "reviews"]


def test_lexical_similarity_is_the_share_of_query_words_found() -> None:
    assert lexical_similarity("order statuses", "Get the status of an order") == 1.0
    assert lexical_similarity("order statuses", "Cancel an order") == 0.5
    assert lexical_similarity("the of", "anything") == 0.0


# -- parameter names ----------------------------------------------------------------------------------------------
def test_parameter_names() -> None:
    assert all(IDENTIFIER.search(n) for n in ("id", "movie_id", "api_key", "uuid", "person_ids"))
    assert not any(IDENTIFIER.search(n) for n in ("idea", "keyword", "video"))
    # a lookup tool's parameter, by its whole name (the planner); a named value anywhere in it (the binder)
    assert is_lookup_param("query") and is_lookup_param("Search_Term") and is_lookup_param("address")
    assert not is_lookup_param("movie_id") and not is_lookup_param("movie_title")
    assert takes_a_named_value("movie_title") and takes_a_named_value("place") and takes_a_named_value("q")
    assert not takes_a_named_value("ip_address") and not takes_a_named_value("keywordsx")


# -- schemas ------------------------------------------------------------------------------------------------------
PERSON = {"type": "object", "properties": {"id": {"type": "integer"}, "name": {"type": "string"}}}
RESPONSE = {"type": "object", "properties": {
    "page": {"type": "integer"},
    "results": {"type": "array", "items": {"type": "object", "properties": {
        "id": {"type": "integer"},
        "known_for": {"type": "array", "items": {"oneOf": [
            {"type": "object", "properties": {"title": {"type": "string"}}},
            {"type": "object", "properties": {"first_air_date": {"type": "string"},
                                              "network": PERSON}}]}}}}}}}


def test_the_walker_reads_fields_down_to_its_depth() -> None:
    fields = schema_fields(RESPONSE)
    assert ("page", []) in fields and ("id", ["results"]) in fields
    assert ("first_air_date", ["results", "known_for"]) in fields  # every oneOf alternative
    assert ("name", ["results", "known_for", "network"]) in fields
    assert schema_keys(RESPONSE, depth=0) == {"page", "results"}
    assert schema_keys(RESPONSE, depth=1) == {"page", "results", "id", "known_for"}
    assert schema_keys(RESPONSE, depth=2) == {"page", "results", "id", "known_for", "title", "first_air_date",
                                              "network"}
    assert schema_keys(RESPONSE, depth=3) == schema_keys(RESPONSE, depth=2) | {"name"}
    assert schema_keys(RESPONSE, depth=3, limit=1) == {"page", "results"}  # no deeper once past the limit


def test_the_walker_reads_response_templates() -> None:
    template = {"results": [{"id": "int", "type": "str", "owner": {"login": "str"}}, {"ignored": 1}],
                "_meta": {"x": 1}, "total": "int"}
    assert not is_schema(template) and is_schema(PERSON) and is_schema({"$ref": "#/x"})
    assert schema_fields(template) == [("results", []), ("id", ["results"]), ("type", ["results"]),
                                       ("owner", ["results"]), ("login", ["results", "owner"]), ("total", [])]
    assert schema_keys(None) == set() and schema_keys("str") == set() and schema_keys([]) == set()


def test_the_type_map() -> None:
    assert [json_type_of(t) for t in ("str", "INT", "float", "Bool", "list", "dict", "object")] == [
        "string", "integer", "number", "boolean", "array", "object", "object"]
    assert json_type_of("date") == "string" and json_type_of(None) == "string" and json_type_of("x", None) is None
    assert NUMERIC_TYPES == {"integer", "int", "number", "float"}
    assert [value_type(v) for v in (True, 3, 2.5, "x", b"x", None)] == [
        "boolean", "integer", "number", "string", "string", "null"]
    assert value_type([1]) == "string"


# -- the lexicon --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "name", "kind"), [
    ("give me the number of movies directed by Sofia Coppola", "Sofia Coppola", "person"),
    ("Who was the lead actor in the movie The Dark Knight?", "The Dark Knight", "film"),
    ("Who is the director of Leonardo DiCaprio's latest movie?", "Leonardo DiCaprio", "person"),
    ("Tell me the air date of the second season of Game of Thrones", "Game of Thrones", "show"),
    ("give me a movie cover of a movie from the collection Harry Potter", "Harry Potter", "collection"),
    ("I'm watching a TV show called The Last Of Us", "The Last Of Us", "show"),
    ("Show me films starring Tilda Swinton", "Tilda Swinton", "person"),
])
def test_mentions_are_typed_by_the_words_around_them(text: str, name: str, kind: str) -> None:
    found = {m.text: m for m in mentions(text)}
    assert name in found and found[name].kind == kind, found


def test_a_thing_that_has_a_person_is_not_a_person() -> None:
    (m,) = mentions("What does the lead actor of Titanic look like?")
    assert m.text == "Titanic" and m.kind is None and m.cue == "!person"


def test_request_kinds_and_asked_types() -> None:
    assert request_kinds("the birthday of the lead actor of today's most trending TV show") == {"person", "show"}
    assert stem("birthday") in asked_types("When is her birthday?")
    assert stem("cast") in asked_types("Who directed Jaws?")
    assert stem("count") in asked_types("How many movies did she make?")
    assert asked_types("give me the reviews") == set() and asked_types("many thanks") == set()
    assert stem("calories") in asked_types("How many calories are in one serving?")  # what "how many" counts
    assert stem("butter") in asked_types("how much butter do I need") and asked_types("How much is it?") == set()
    assert kind_of_words(["the", "films"]) == "film" and kind_of_words(["nothing"]) is None


def test_named_things_and_stated_values() -> None:
    found = named_things('Who directed "Lost in Translation"? Tell me about Sofia Coppola.')
    assert found[0] == "Lost in Translation" and "Sofia Coppola" in found  # quoted first
    assert named_things("Who is the director of Jaws") == ["Jaws"]
    assert named_things("What is on TV tonight") == []
    assert LITERAL.search("the branch of rust-lang/cargo") and not LITERAL.search("the latest release")
    assert ID_VALUE.search("order 12345") and not ID_VALUE.search("order twelve")
    assert NUMBER_VALUE.search("the third episode") and not NUMBER_VALUE.search("an episode")


def test_plurals_in_ches_shes_and_xes_lose_their_es_but_caches_keep_the_e() -> None:
    from toolgraph.text.words import singular, stem

    assert [singular(w) for w in ("branches", "boxes", "searches", "dishes", "caches", "addresses")] == \
        ["branch", "box", "search", "dish", "cache", "address"]
    assert stem("branches") == stem("branch")


def test_apostrophes_quote_nothing_but_single_quotes_around_a_title_do() -> None:
    from toolgraph.text.lexicon import mentions

    assert [m.text for m in mentions("What's the interest rate on Kwame Asante's savings account?")] == \
        ["Kwame Asante"]
    assert [m.text for m in mentions("Is 'The Salt Road' on the shelf anywhere?")] == ["The Salt Road"]
    # a word that names a kind is a verb after "please", "to": "please book Ilse Brandauer" names no book
    assert [(m.text, m.kind) for m in mentions("please book Ilse Brandauer to tune piano PN-2265")][0] == \
        ("Ilse Brandauer", None)
    assert [(m.text, m.kind) for m in mentions("who wrote the book Dune?")] == [("Dune", "book")]


def test_a_verb_and_its_doer_stem_alike_and_irregular_pasts_meet_their_verb() -> None:
    from toolgraph.text.lexicon import asked_types
    from toolgraph.text.words import stem

    assert stem("manages") == stem("manager") == stem("managed") == stem("manage")  # "who manages" -> manager
    assert stem("releases") == stem("released") and stem("movies") == stem("movie")
    assert stem("paid") == stem("pay") and stem("sold") == stem("sells") and stem("left") == "left"  # spots left
    assert "did" not in asked_types("how much did the insurer pay out?")  # an auxiliary is no asked thing
    assert stem("calories") in asked_types("how many calories are in it")


def test_short_keys_a_description_spells_out_are_read_as_their_fields() -> None:
    from gds_jobs.fields import tool_outputs
    from toolgraph.text.schema import described_aliases, described_key_aliases
    from toolgraph.tool import Tool

    said = ("Conference registrations by email. Short keys: reg (registration id), nm, tkt (ticket: academic, "
            "student), ws (workshop ids booked), days (days covered).")
    assert described_key_aliases(said) == {"reg": "registration_id", "tkt": "ticket", "ws": "workshop_id"}
    assert described_key_aliases("List doctors, optionally by specialty (Cardiology, Dermatology)") == {}
    quoted = ("One visit's record, compact. Keys: `id` visit id; `pc` piano id; `cl` client id; `inv` the invoice "
              "id (null when nothing was invoiced). One route: \"gr\" grade; \"by\" staff id of the setter")
    assert {k: v for k, v in described_key_aliases(quoted).items() if k in ("pc", "cl", "gr", "by")} == {
        "pc": "piano_id", "cl": "client_id", "gr": "grade", "by": "staff_id"}
    assert described_key_aliases(quoted)["inv"] == "invoice_id"
    assert described_aliases("advisor_id is the teacher id. Short keys: nm (name)") == {
        "nm": "name", "advisor_id": "teacher_id"}
    tool = Tool(id="c/g/find", name="find", description=said, method="GET", url="http://x/registrations",
                output_schema={"type": "array", "items": {"type": "object", "properties": {
                    "reg": {"type": "string"}, "ws": {"type": "array", "items": {"type": "string"}}}}})
    outputs = {o.key: o for o in tool_outputs(tool)}
    assert outputs["registration_id"].evidence == "description" and "reg" in outputs["registration_id"].raw


def test_literals_are_spelled_out_values_not_emails_dates_decimals_or_apostrophes() -> None:
    """A literal in a request lets a path segment take it as written ("rust-lang/cargo"); an email's parts, a date's
    slashes, a decimal and a possessive's apostrophe are none, so a booking's reference is still looked up."""
    from toolgraph.text.lexicon import CODE_NAME, LITERAL

    def found(text: str) -> list[str]:
        return [m.group(0) for m in LITERAL.finditer(text)]

    assert found("this is tomás ferreira (tomas.ferreira@example.net). how much do i owe?") == []
    assert found("What's on juniper & rye café's sunday order? If it's full") == []
    assert found("the pinot tasting on 5/15/2027, a 13.5 m boat with a 7.2 m beam") == []
    assert found("open issues in rust-lang/cargo for the v2.45.0 release") == ["rust-lang/cargo", "v2.45.0"]
    assert found("search for 'segfault on startup' by @torvalds in the pola-rs org") == [
        "'segfault on startup'", "@torvalds", "pola-rs"]
    assert CODE_NAME.search("booking_ref") and CODE_NAME.search("sku") and not CODE_NAME.search("repo")


def test_a_keys_list_in_a_description_is_read_item_by_item() -> None:
    from toolgraph.text.schema import listed_keys

    assert listed_keys("Details of one site. Keys: nm name; grid OS grid reference; rst collecting rules and "
                       "restrictions; park parking.") == [("nm", "name"), ("grid", "os grid reference"),
                                                         ("rst", "collecting rules and restrictions"),
                                                         ("park", "parking")]
    assert listed_keys("A pass. Keys: hid = holder's member_id, typ = pass type (S10 ten-visit, P10 pool), "
                       "left = visits remaining.") == [("hid", "holder's member_id"), ("typ", "pass type"),
                                                       ("left", "visits remaining")]
    assert listed_keys("One rehearsal. Keys: id, dt (date), loc (nm, addr, rm).") == [
        ("id", ""), ("dt", "date"), ("loc", "nm, addr, rm")]
    assert listed_keys("A pass with its holder.") == []

