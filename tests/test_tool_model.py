"""The one read model of a tool (toolgraph.tool.Tool): how a row is decoded, what a malformed row says, and a real
imported tool read back through every query that returns tools, on the embedded server."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

from tests.conftest import SAMPLE
from toolgraph.execute.base import ExecTool
from toolgraph.ingest.batch import ImportBatch
from toolgraph.ingest.openapi import read_restbench
from toolgraph.ingest.writer import write_batch
from toolgraph.models import Param
from toolgraph.planner.graph import ToolCard
from toolgraph.retrieve.embed import tool_text
from toolgraph.tool import Tool, ToolRowError

PARAMS = [{"name": "movie_id", "type": "integer", "description": "TMDB id", "location": "path"},
          {"name": "language", "type": "string", "description": "", "enum": ["en", "fr"]}]
SCHEMA = {"type": "object", "properties": {"cast": {"type": "array"}}}


def stored_row(**changes: Any) -> dict[str, Any]:
    """A ``tool_details`` row as the graph returns it: the JSON fields are strings, the group a map."""
    row = {"id": "movies/tmdb/credits", "name": "Credits", "description": "Cast and crew of a movie",
           "method": "GET", "url": "https://api.tmdb.test/3/movie/{movie_id}/credits",
           "required_params": json.dumps(PARAMS[:1]), "optional_params": json.dumps(PARAMS[1:]),
           "output_schema": json.dumps(SCHEMA), "source": "restbench", "source_ref": json.dumps({"path": "/x"}),
           "function_name": None, "importance": 0.25, "availability": None,
           "group": {"id": "movies/tmdb", "name": "TMDB", "description": "films"}, "category": "Movies"}
    row.update(changes)
    return row


# -- decoding (no database) -----------------------------------------------------------------------------------------
def test_a_stored_row_is_decoded_once_into_typed_fields() -> None:
    tool = Tool.from_row(stored_row())
    assert tool.required_params == [Param(**PARAMS[0])] and tool.optional_params == [Param(**PARAMS[1])]
    assert [p.name for p in tool.params] == ["movie_id", "language"]
    assert tool.output_schema == SCHEMA and tool.source_ref == {"path": "/x"}
    assert (tool.group, tool.group_id, tool.category) == ("TMDB", "movies/tmdb", "Movies")
    assert (tool.importance, tool.availability) == (0.25, 1.0)  # no availability written yet: available
    assert tool.param_dicts() == PARAMS[:1] and tool.param_dicts(required=False) == PARAMS[1:]
    assert tool.embed_text() == ("Credits. Cast and crew of a movie. Parameters: movie_id (TMDB id), language. "
                                 "Tool: TMDB. Category: Movies.")


def test_decoded_values_and_a_group_name_are_taken_as_they_are() -> None:
    """Rows whose JSON fields are already lists and maps (another backend, a caller's dict), with the group as a
    name (``planner_tools``, ``tool_cards``, ``embed_tool_rows``) or as ``group_id`` plus name
    (``job_tool_features``)."""
    decoded = stored_row(required_params=PARAMS[:1], optional_params=tuple(PARAMS[1:]), output_schema=SCHEMA,
                         source_ref={"path": "/x"}, group="TMDB", group_id="movies/tmdb")
    assert Tool.from_row(decoded) == Tool.from_row(stored_row())
    assert Tool.from_row(stored_row(output_schema='"a plain text answer"')).output_schema == "a plain text answer"
    # the in-memory matrix's float32 numbers stay as they are (the planner's cosines do not move)
    vector = np.array([0.5, 0.25], dtype=np.float32)
    assert Tool.from_row(stored_row(embedding=vector)).embedding == [np.float32(0.5), np.float32(0.25)]


def test_missing_fields_take_their_defaults() -> None:
    tool = Tool.from_row({"id": "c/g/bare"})
    assert tool.name == "c/g/bare"  # a tool with no name goes by its id
    assert (tool.description, tool.group, tool.group_id, tool.category, tool.method, tool.url) == (
        "", "", None, "", "", "")
    assert (tool.required_params, tool.optional_params, tool.output_schema, tool.source_ref) == ([], [], None, {})
    assert (tool.importance, tool.availability, tool.embedding) == (0.0, 1.0, None)
    nulls = Tool.from_row({"id": "c/g/bare", "name": None, "group": None, "required_params": None,
                           "output_schema": "", "source_ref": None, "importance": None, "availability": None})
    assert nulls == tool
    # a row from outside the graph (a client's function) may have no id at all
    client = Tool.of({"name": "get_weather", "required_params": [{"name": "city"}]}, need_id=False)
    assert (client.id, client.name, client.embed_text()) == ("", "get_weather", "get_weather. Parameters: city. "
                                                                                "Tool: . Category: .")


@pytest.mark.parametrize(("row", "field", "problem"), [
    (stored_row(required_params='[{"name": "movie_id"'), "required_params", "not JSON"),
    (stored_row(optional_params='["language"]'), "optional_params[0]", "valid dictionary"),
    (stored_row(required_params=[{"name": "  "}]), "required_params[0].name", "must not be empty"),
    (stored_row(required_params='{"name": "movie_id"}'), "required_params", "valid list"),
    (stored_row(source_ref="[1, 2]"), "source_ref", "valid dictionary"),
    (stored_row(output_schema="{not json"), "output_schema", "not JSON"),
    (stored_row(availability="often"), "availability", "valid number"),
])
def test_a_malformed_row_names_the_tool_and_the_field(row: dict[str, Any], field: str, problem: str) -> None:
    with pytest.raises(ToolRowError) as caught:
        Tool.from_row(row)
    assert caught.value.tool_id == "movies/tmdb/credits" and caught.value.field == field
    assert str(caught.value).startswith(f"tool 'movies/tmdb/credits': field {field}: ") and problem in str(caught.value)


def test_a_row_without_an_id_is_refused() -> None:
    with pytest.raises(ToolRowError, match="field id: missing"):
        Tool.from_row({"name": "Credits", "description": "no id"})
    with pytest.raises(ToolRowError, match="a tool row is a map, not list"):
        Tool.from_row(["movies/tmdb/credits"])  # type: ignore[arg-type]


def test_the_planner_and_executor_views_are_the_same_tool() -> None:
    row = stored_row()
    card, exec_tool = ToolCard.from_row(row), ExecTool.from_row(row)
    assert card.model_dump() == exec_tool.model_dump() == Tool.from_row(row).model_dump()
    assert card.required == PARAMS[:1] and card.optional == PARAMS[1:]
    assert card.brief()["required"] == ["movie_id"] and card.text() == "Credits Cast and crew of a movie TMDB"
    assert exec_tool.group_name == "TMDB" and exec_tool.mutating is False
    assert ExecTool.from_row(stored_row(group=None)).group_name is None
    assert ExecTool(id="t", name="t", group_name="G").group == "G"  # the executors' old field name still reads
    assert ToolCard.of(exec_tool).required == card.required and Tool.of(card) is card


# -- a real tool through every query that returns tools ------------------------------------------------------------
def test_an_imported_tool_reads_the_same_through_every_query(store) -> None:
    batch = read_restbench(SAMPLE / "restbench" / "tmdb.json", SAMPLE / "restbench" / "tmdb_oas.json",
                           ImportBatch("t"), group="TMDB", category="Movies")
    write_batch(store, batch, skip_invalid=True)
    spec = next(t for t in batch.tools.values() if t.required_params and t.output_schema)
    group = batch.groups[spec.group_id]
    tid = spec.id

    reads: dict[str, Tool] = {
        "planner_tools": ToolCard.from_row(store.query("planner_tools", ids=[tid], vectors=False)[0]),
        "tool_details": ExecTool.from_row(store.query("tool_details", id=tid)[0]),
        "tool_cards": Tool.from_row(store.query("tool_cards", ids=[tid])[0]),
        "embed_tool_rows": Tool.from_row(next(r for r in store.query("embed_tool_rows") if r["id"] == tid)),
        "job_tool_features": Tool.from_row(next(r for r in store.query("job_tool_features") if r["id"] == tid)),
        "fetch_tools": Tool.from_row({"id": tid, **store.query("fetch_tools", ids=[tid])[0]["props"]}),
    }
    for query, tool in reads.items():
        assert tool.id == tid and tool.name == spec.name, query
        assert tool.required_params == spec.required_params, query  # what the importer stored, decoded
        if query != "tool_cards":  # the search hit's card leaves them out
            assert tool.description == spec.description, query
        if query in ("planner_tools", "tool_details", "embed_tool_rows", "job_tool_features", "fetch_tools"):
            assert tool.optional_params == spec.optional_params, query
        if query in ("planner_tools", "tool_details", "job_tool_features", "fetch_tools"):
            assert tool.output_schema == spec.output_schema and tool.url == spec.url, query
        if query in ("tool_details", "tool_cards", "embed_tool_rows", "fetch_tools"):
            assert tool.source_ref == spec.source_ref, query
        if query != "fetch_tools":  # the node's own properties only
            assert (tool.group, tool.category) == (group.name, group.category), query
    assert reads["tool_details"].group_id == reads["job_tool_features"].group_id == group.id
    assert reads["tool_details"].method == spec.method and reads["tool_details"].source == spec.source
    assert reads["planner_tools"].required == [p.as_dict() for p in spec.required_params]
    first = store.query("embed_tool_rows")[0]
    assert tool_text(first) == Tool.from_row(first).embed_text()
