"""OpenAPI specs, RestBench gold paths and TaskBench tool graphs, on the real embedded server."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import ON_BOTH_BACKENDS, SAMPLE, snapshot
from tests.helpers import hand_typed, write_json
from toolgraph.db.store import GraphStore
from toolgraph.ingest.batch import ImportBatch
from toolgraph.ingest.openapi import normalise_call, read_openapi, read_restbench
from toolgraph.ingest.taskbench import read_taskbench
from toolgraph.ingest.writer import write_batch

SPEC = """
openapi: 3.0.0
info: {title: Pet Store, description: Pets for sale}
servers: [{url: "https://pets.example.org/v1"}]
paths:
  /pets:
    get:
      operationId: listPets
      summary: List pets
      parameters: [{$ref: "#/components/parameters/Limit"}]
      responses:
        "200":
          content:
            application/json:
              schema: {type: array, items: {$ref: "#/components/schemas/Pet"}}
    post:
      summary: Add a pet
      requestBody:
        content:
          application/json:
            schema:
              type: object
              required: [name]
              properties: {name: {type: string, description: the name}, tag: {type: string}}
      responses: {"201": {description: created}}
  /pets/{petId}:
    parameters: [{name: petId, in: path, required: true, schema: {type: string}}]
    get:
      operationId: showPetById
      description: Info for a specific pet
      parameters: [{name: fields, in: query, schema: {type: string, enum: [all, short]}}]
      responses: {default: {content: {application/json: {schema: {$ref: "#/components/schemas/Pet"}}}}}
components:
  parameters:
    Limit: {name: limit, in: query, schema: {type: integer, default: 20}}
  schemas:
    Pet:
      type: object
      properties: {id: {type: integer}, name: {type: string}, parent: {$ref: "#/components/schemas/Pet"}}
"""


def tools_of(store: GraphStore, group_id: str) -> dict[str, dict]:
    ids = [t["id"] for t in store.query("list_group_tools", group_id=group_id)]
    return {t["id"]: t["props"] for t in store.query("fetch_tools", ids=ids)}


@ON_BOTH_BACKENDS
def test_openapi_operations_become_tools(store: GraphStore, tmp_path: Path) -> None:
    spec = tmp_path / "pets.yaml"
    spec.write_text(SPEC)
    batch = ImportBatch("openapi")
    index = read_openapi(spec, batch, category="Animals")
    report = write_batch(store, batch)
    assert report.counts["tools"].created == 3 and not report.rejected
    assert index == {("GET", "/pets"): "animals/pet_store/listpets",
                     ("POST", "/pets"): "animals/pet_store/post_pets",
                     ("GET", "/pets/{petId}"): "animals/pet_store/showpetbyid"}
    group = store.query("fetch_groups", ids=["animals/pet_store"])[0]
    assert group["categories"] == ["Animals"]
    assert group["props"]["host"] == "pets.example.org" and group["props"]["description"] == "Pets for sale"
    tools = tools_of(store, "animals/pet_store")
    show = tools["animals/pet_store/showpetbyid"]
    assert show["method"] == "GET" and show["url"] == "https://pets.example.org/v1/pets/{petId}"
    assert show["description"] == "Info for a specific pet"
    assert json.loads(show["required_params"]) == [{"name": "petId", "location": "path", "type": "string",
                                                    "description": ""}]
    assert json.loads(show["optional_params"])[0]["enum"] == ["all", "short"]
    schema = json.loads(show["output_schema"])
    assert schema["properties"]["name"] == {"type": "string"}
    assert schema["properties"]["parent"] == {"$ref": "#/components/schemas/Pet"}  # a cycle is cut
    assert json.loads(show["source_ref"]) == {"spec": "Pet Store", "method": "GET", "path": "/pets/{petId}",
                                              "operationId": "showPetById"}
    listing = tools["animals/pet_store/listpets"]
    assert json.loads(listing["optional_params"]) == [{"name": "limit", "location": "query", "type": "integer",
                                                      "description": "", "default": 20}]
    post = tools["animals/pet_store/post_pets"]
    assert [p["name"] for p in json.loads(post["required_params"])] == ["name"]
    assert json.loads(post["optional_params"])[0]["location"] == "body"


def test_restbench_sample_gold_paths(store: GraphStore) -> None:
    batch = read_restbench(SAMPLE / "restbench" / "tmdb.json", SAMPLE / "restbench" / "tmdb_oas.json",
                           ImportBatch("restbench"), group="TMDB", category="Movies")
    # RestBench's own data names one operation the spec lacks: that record, and only it, is rejected.
    assert [(p.record, p.field) for p in batch.problems] == [("[98]", "solution[1]")]
    report = write_batch(store, batch, skip_invalid=True)
    assert report.counts["tools"].created == 54
    assert report.counts["call_paths"].created == 99
    first = json.loads((SAMPLE / "restbench" / "tmdb.json").read_text())[0]
    assert first["solution"] == ["GET /search/person", "GET /person/{person_id}/movie_credits"]
    rels = store.query("export_relationships")
    seq = {(r["source"], r["target"]): r["props"]["count"] for r in rels if r["type"] == "SEQUENTIAL"}
    assert seq[("movies/tmdb/get_search_person", "movies/tmdb/get_person_person_id_movie_credits")] >= 1
    assert sum(seq.values()) == report.transitions_added


def test_normalise_call() -> None:
    assert normalise_call(" get /movie/{movie_id} /credits ") == ("GET", "/movie/{movie_id}/credits")


@ON_BOTH_BACKENDS
def test_taskbench_graph_becomes_tools_and_weak_resource_edges(store: GraphStore, tmp_path: Path) -> None:
    folder = tmp_path / "data_demo"
    write_json(folder / "graph_desc.json", {
        "nodes": [
            {"id": "Image Downloader", "desc": "Downloads an image", "input-type": ["url"], "output-type": ["image"]},
            {"id": "OCR", "desc": "Reads text", "input-type": ["image"], "output-type": ["text"]},
            {"id": "Compare", "desc": "Compares", "input-type": ["image", "image"], "output-type": ["text"]},
        ],
        "links": [{"source": "Image Downloader", "target": "OCR", "type": "image"},
                  {"source": "Image Downloader", "target": "Compare", "type": "image"}]})
    report = write_batch(store, read_taskbench(folder, ImportBatch("taskbench")))
    assert report.counts["tools"].created == 3 and report.counts["dependencies"].created == 2
    tools = tools_of(store, "taskbench_demo/demo")
    assert json.loads(tools["taskbench_demo/demo/compare"]["required_params"]) == [
        {"name": "image", "type": "image", "description": "input image"},
        {"name": "image_2", "type": "image", "description": "input image"}]
    edges = [r for r in store.query("export_relationships") if r["type"] == "WEAK_RESOURCE"]
    assert sorted((e["source"], e["target"], e["props"]["resource"], e["props"]["source"]) for e in edges) == [
        ("taskbench_demo/demo/image_downloader", "taskbench_demo/demo/compare", "image", "taskbench"),
        ("taskbench_demo/demo/image_downloader", "taskbench_demo/demo/ocr", "image", "taskbench")]
    before = snapshot(store)
    again = write_batch(store, read_taskbench(folder, ImportBatch("taskbench")))
    assert again.counts["dependencies"].unchanged == 2 and snapshot(store) == before


@ON_BOTH_BACKENDS
def test_import_never_overwrites_an_analyst_edge(store: GraphStore, tmp_path: Path) -> None:
    folder = tmp_path / "data_demo"
    write_json(folder / "graph_desc.json", {
        "nodes": [{"id": "A", "desc": "", "input-type": [], "output-type": ["text"]},
                  {"id": "B", "desc": "", "input-type": ["text"], "output-type": []}],
        "links": [{"source": "A", "target": "B", "type": "text"}]})
    write_batch(store, read_taskbench(folder, ImportBatch("taskbench")))
    # An analyst corrects the edge in Neo4j Browser (raw Cypher on purpose: that is what they would type).
    hand_typed(store, "MATCH (:Tool {id: $a})-[r:WEAK_RESOURCE]->(:Tool {id: $b}) SET r.source = 'analyst', "
               "r.weight = 0.9", a="taskbench_demo/demo/a", b="taskbench_demo/demo/b")
    report = write_batch(store, read_taskbench(folder, ImportBatch("taskbench")))
    assert report.kept_manual_edges == 1
    edge = next(r for r in store.query("export_relationships") if r["type"] == "WEAK_RESOURCE")
    assert edge["props"]["source"] == "analyst" and edge["props"]["weight"] == pytest.approx(0.9)
