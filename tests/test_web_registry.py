"""The tool registry on the web page, against the real embedded server: a registered tool is seen by search, the
explorer and the planner; rejected tools name their field."""

from __future__ import annotations

import json

import pytest
from flask.testing import FlaskClient

from tests.conftest import snapshot
from tests.web_helpers import labels
from toolgraph.db.store import GraphStore

# -- the tool registry ----------------------------------------------------------------------------------------------
NEW_TOOL = {"category": "Finance", "group": "FX Rates", "group_description": "Exchange rates",
            "name": "Currency Converter", "description": "Convert money between currencies", "method": "get",
            "url": "https://api.example.com/convert",
            "required_params": [{"name": "amount", "type": "number", "description": "how much"},
                                {"name": "to", "type": "string"}],
            "optional_params": "[{\"name\": \"date\"}]", "output_schema": {"result": "number"}}


def test_registry_adds_a_tool_that_search_and_the_explorer_see(client: FlaskClient, graph: GraphStore,
                                                               ann: dict[str, str]) -> None:
    r = client.post("/api/tools", json=NEW_TOOL, headers=ann)
    data = r.get_json()
    assert r.status_code == 201 and data["id"] == "finance/fx_rates/currency_converter" and data["created_group"]
    assert data["embedded"] is False and "toolgraph embed" in data["notes"][0]
    details = client.get(f"/api/tool?id={data['id']}").get_json()["tool"]
    assert details["category"] == "Finance" and details["group"]["name"] == "FX Rates"
    assert details["method"] == "GET" and details["source"] == "user"
    assert [p["name"] for p in details["required_params"]] == ["amount", "to"]
    assert details["optional_params"] == [{"name": "date", "type": "string", "description": ""}]
    assert details["output_schema"] == {"result": "number"} and details["source_ref"]["created_by"] == "ann"
    assert client.get("/api/search?q=currency").get_json()["hits"][0]["id"] == data["id"]
    assert [t["id"] for t in client.get("/api/tools").get_json()] == [data["id"]]
    second = client.post("/api/tools", headers=ann, json={**NEW_TOOL, "name": "Rates", "group_description": ""})
    assert second.status_code == 201 and not second.get_json()["created_group"]
    assert "Currency Converter" in client.get("/registry").get_data(as_text=True)


BAD_TOOLS = [
    ({**NEW_TOOL, "name": ""}, "name"),
    ({**NEW_TOOL, "category": "  "}, "category"),
    ({**NEW_TOOL, "group": ""}, "group"),
    ({**NEW_TOOL, "method": "FETCH"}, "method"),
    ({**NEW_TOOL, "url": "javascript:alert(1)"}, "url"),
    ({**NEW_TOOL, "required_params": "[{\"name\": "}, "required_params"),
    ({**NEW_TOOL, "required_params": [{"type": "string"}]}, "required_params[0].name"),
    ({**NEW_TOOL, "required_params": [{"name": "a"}, {"name": "a"}]}, "required_params"),
    ({**NEW_TOOL, "optional_params": {"name": "a"}}, "optional_params"),
    ({**NEW_TOOL, "output_schema": "{nope"}, "output_schema"),
    ({**NEW_TOOL, "name": "x" * 301}, "name"),
    ({**NEW_TOOL, "category": "c", "group": "g"}, "group"),  # group c/g exists, in category "C"
    ({**NEW_TOOL, "category": "C", "group": "g", "name": "Search"}, "name"),  # c/g/search exists already
    ({**NEW_TOOL, "description": 5}, "description"),
]


@pytest.mark.parametrize(("body", "field"), BAD_TOOLS)
def test_registry_rejections_name_the_field(client: FlaskClient, graph: GraphStore, ann: dict[str, str],
                                            body: dict, field: str) -> None:
    before = snapshot(graph)
    r = client.post("/api/tools", json=body, headers=ann)
    assert r.status_code == 400 and r.get_json()["field"] == field, r.get_json()
    assert snapshot(graph) == before


def test_registry_form(client: FlaskClient, graph: GraphStore, ann: dict[str, str]) -> None:
    token = ann["X-CSRFToken"]
    form = {**NEW_TOOL, "name": "<img src=x onerror=alert(1)>", "csrf_token": token,
            "required_params": json.dumps(NEW_TOOL["required_params"]), "output_schema": "{\"result\": 1}"}
    r = client.post("/registry", data=form)
    assert r.status_code == 302 and "/explorer?id=finance" in r.headers["Location"]
    tool_id = "finance/fx_rates/img_src_x_onerror_alert_1"
    page = client.get(r.headers["Location"]).get_data(as_text=True)
    assert "<img src=x" not in page and "&lt;img src=x onerror=alert(1)&gt;" in page
    assert any(t["id"] == tool_id and t["name"] == form["name"] for t in labels(graph, "Tool"))
    before = snapshot(graph)
    bad = client.post("/registry", data={**form, "name": "Other", "required_params": "not json"})
    assert bad.status_code == 400 and "required_params is not valid JSON" in bad.get_data(as_text=True)
    assert snapshot(graph) == before


def test_the_planner_sees_a_registered_tool(client: FlaskClient, graph: GraphStore, ann: dict[str, str]) -> None:
    client.post("/api/tools", headers=ann, json={
        "category": "Finance", "group": "FX", "name": "Currency Converter",
        "description": "Convert an amount of money from one currency to another currency"})
    plan = client.post("/api/runs", json={"query": "convert an amount of money to another currency"},
                       headers=ann).get_json()["plan"]
    assert "finance/fx/currency_converter" in [t["id"] for t in plan["tools"]]
