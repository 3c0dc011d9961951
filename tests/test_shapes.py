"""Observed output schemas (toolgraph.execute.shapes): shapes only, merged over calls, capped."""

from __future__ import annotations

import json

from toolgraph.execute.shapes import MAX_CHARS, capped, merge, observe, shape


def test_shape_keeps_names_and_types_never_values() -> None:
    s = shape({"name": "Paris", "latitude": 48.85, "open": True, "tags": ["a"], "hits": 3, "note": None})
    assert s == {"type": "object", "properties": {
        "name": {"type": "string"}, "latitude": {"type": "number"}, "open": {"type": "boolean"},
        "tags": {"type": "array", "items": {"type": "string"}}, "hits": {"type": "integer"}, "note": {}}}
    assert "Paris" not in json.dumps(s)


def test_shapes_of_list_items_and_calls_are_merged() -> None:
    a = shape({"results": [{"id": 1}, {"id": 2, "email": "x@example.org"}]})
    assert set(a["properties"]["results"]["items"]["properties"]) == {"id", "email"}
    b = observe(json.dumps(a), {"results": [{"phone": "1"}], "page": 1})
    assert set(b["properties"]) == {"results", "page"}
    assert set(b["properties"]["results"]["items"]["properties"]) == {"id", "email", "phone"}
    assert merge({"type": "string"}, {"type": "object"}) == {"type": "string"}
    assert observe("not json", [1]) == {"type": "array", "items": {"type": "integer"}}


def test_a_huge_or_deep_response_is_capped() -> None:
    deep: dict = {}
    node = deep
    for i in range(50):
        node[f"k{i}"] = {}
        node = node[f"k{i}"]
    wide = {f"field_{i}_" + "x" * 40: {f"inner_{j}_" + "y" * 40: j for j in range(60)} for i in range(60)}
    for value in (deep, wide):
        assert len(json.dumps(capped(shape(value)))) <= MAX_CHARS
