"""Small builders for test input files and graphs, and hand-typed Cypher."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def write_json(path: Path, data: Any) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def api(category: str, tool: str, name: str, *, desc: str = "", required: list[str] | None = None,
        optional: list[str] | None = None, template: Any = None) -> dict[str, Any]:
    record: dict[str, Any] = {
        "category_name": category, "tool_name": tool, "api_name": name, "api_description": desc, "method": "GET",
        "required_parameters": [{"name": p, "type": "STRING", "description": f"the {p}", "default": ""}
                                for p in required or []],
        "optional_parameters": [{"name": p, "type": "NUMBER", "description": "", "default": 1}
                                for p in optional or []],
    }
    if template is not None:
        record["template_response"] = template
    return record


def queries_file(path: Path) -> Path:
    """Two query records over two groups in two categories; one API appears in both."""
    return write_json(path, [
        {"query_id": 1, "query": "weather then news", "api_list": [
            api("Weather", "Open Meteo", "Current Weather", desc="Weather now", required=["city"],
                template={"temp": "float", "city_id": "str"}),
            api("Weather", "Open Meteo", "Forecast", desc="Weather later", required=["city_id"], optional=["days"]),
        ], "relevant APIs": [["Open Meteo", "Current Weather"]]},
        {"query_id": 2, "query": "news", "api_list": [
            api("News_Media", "Daily News", "Top Headlines", desc="Headlines", optional=["country"]),
            api("Weather", "Open Meteo", "Current Weather", desc="Weather now", required=["city"],
                template={"temp": "float", "city_id": "str"}),
        ]},
    ])


def dfs_node(node_type: str, description: str, *, pruned: bool = False, code: int | None = None,
             observation: str | None = None, children: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    node: dict[str, Any] = {"node_type": node_type, "description": description, "pruned": pruned,
                            "children": children or []}
    if code is not None:
        node["observation_code"] = code
    if observation is not None:
        node["observation"] = observation
    return node


def call(fn: str, child: dict[str, Any] | None = None, *, code: int = 0, error: str = "",
         pruned: bool = False) -> dict[str, Any]:
    """An Action node with its Action Input (the observation carries ``error``)."""
    obs = json.dumps({"error": error, "response": "{}"})
    return dfs_node("Action", fn, pruned=pruned, children=[
        dfs_node("Action Input", "{}", code=code, observation=obs, children=[child] if child else [])])


def finish(answer: bool = True) -> dict[str, Any]:
    kind = "give_answer" if answer else "give_up_and_restart"
    return dfs_node("Action", "Finish", children=[
        dfs_node("Action Input", json.dumps({"return_type": kind, "final_answer": "x"}), code=3 if answer else 4)])


def answer_file(path: Path, root_children: list[dict[str, Any]], *, finish_type: str = "give_answer",
                functions: list[str] | None = None) -> Path:
    fns = [{"name": f, "description": f'This is the subfunction for tool "{f.split("_for_")[-1]}", you can use '
            f'this tool.The description of this function is: "does {f}"',
            "parameters": {"type": "object", "properties": {"q": {"type": "string", "description": "query"}},
                           "required": ["q"], "optional": []}} for f in functions or []]
    return write_json(path, {
        "win": True,
        "tree": {"tree": dfs_node("Action Input", "", children=root_children)},
        "compare_candidates": [],
        "answer_generation": {"finish_type": finish_type, "query": "what now", "function": fns + [{"name": "Finish"}]},
    })


def _param(p: str) -> dict[str, str]:
    """A parameter of a test tool: ``name`` (a string) or ``name:type``."""
    name, _, kind = p.partition(":")
    return {"name": name, "type": kind or "string"}


def make_graph(store: Any, tools: dict[str, dict[str, Any]], *, group: dict[str, Any] | None = None,
               edges: list[tuple[str, str, str, dict[str, Any]]] = ()) -> None:
    """Tools in one group ``c/g`` of category ``C`` (``group`` adds group scores), plus dependency edges, written
    through the real importer. A tool entry: {name, description, required, optional, output_schema, source,
    group}; ``edges``: (source, target, type, {resource, weight, origin}) with ids relative to the group."""
    from toolgraph.ingest.batch import ImportBatch
    from toolgraph.ingest.writer import write_batch
    from toolgraph.models import CategorySpec, DependencySpec, GroupSpec, ToolSpec

    batch = ImportBatch("test")
    batch.add_category(CategorySpec(name="C"), "t", "")
    groups = {t.get("group", "g") for t in tools.values()}
    for g in sorted(groups):
        batch.add_group(GroupSpec(id=f"c/{g}", name=g, category="C", source="test", **(group or {})), "t", "")
    for key, t in tools.items():
        batch.add_tool(ToolSpec(
            id=f"c/{t.get('group', 'g')}/{key}", name=t.get("name", key), group_id=f"c/{t.get('group', 'g')}",
            description=t.get("description", ""), url=t.get("url"),
            required_params=[_param(p) for p in t.get("required", [])],
            optional_params=[_param(p) for p in t.get("optional", [])],
            output_schema=t.get("output_schema"), source=t.get("source", "test"), source_ref={}), "t", "")
    ids = {key: f"c/{t.get('group', 'g')}/{key}" for key, t in tools.items()}
    for a, b, kind, props in edges:
        batch.add_dependency(DependencySpec(source=ids[a], target=ids[b], type=kind, resource=props.get("resource"),
                                            weight=props.get("weight"), origin=props.get("origin", "test")), "t", "")
    write_batch(store, batch)


def hand_typed(store: Any, statement: str, /, **params: Any) -> list[dict[str, Any]]:
    """Cypher typed by hand, as an analyst would in Neo4j Browser (not one of ToolGraph's named queries): what a
    test does to the graph behind ToolGraph's back, or asks a server about itself."""
    from toolgraph.db.cypher import WRITE_CLAUSE, NamedQuery

    mode = "write" if WRITE_CLAUSE.search(statement) else "read"
    query = NamedQuery(name="hand-typed Cypher", path=Path(__file__), text=statement, mode=mode,
                       params=tuple(params), returns="", description="typed in a test")
    return store.run_file(query, **params)
