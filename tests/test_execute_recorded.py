"""Recorded responses: ToolBench tools and answer trees from the bundled sample imported for real, recordings
read from the trees, looked up by normalised arguments; a miss is a clear error, or simulated by the scripted LLM."""

from __future__ import annotations

import asyncio
import json

import pytest

from tests.conftest import SAMPLE
from tests.fake_llm import fake_llm
from toolgraph.errors import NoRecordingError
from toolgraph.execute.base import ExecTool
from toolgraph.execute.recorded import RecordedExecutor, args_key, import_recordings
from toolgraph.execute.runner import load_tool
from toolgraph.ingest.batch import ImportBatch
from toolgraph.ingest.paths import read_paths
from toolgraph.ingest.toolbench import read_toolbench
from toolgraph.ingest.writer import write_batch
from toolgraph.llm import ChatModel


def test_recordings_answer_by_normalised_arguments(store) -> None:
    write_batch(store, read_toolbench([SAMPLE / "toolbench" / "queries"], ImportBatch("t")))
    write_batch(store, read_paths([SAMPLE / "toolbench" / "answers"], ImportBatch("p"), store, add_missing_tools=True))
    report = import_recordings(store, [SAMPLE / "toolbench" / "answers"])
    assert report["written"] > 10
    again = import_recordings(store, [SAMPLE / "toolbench" / "answers"])
    assert again["written"] == report["written"]  # merged, not duplicated
    rows = store.query("export_nodes")
    recording = next(r for r in rows if "Recording" in r.get("labels", []))["props"]
    tool = load_tool(store, recording["tool_id"])
    assert tool is not None and tool.source == "toolbench"
    arguments = json.loads(recording["arguments"])
    assert args_key({k: f"  {v.upper()} " if isinstance(v, str) else v for k, v in arguments.items()}) \
        == recording["args_key"]  # case and spacing do not matter
    executor = RecordedExecutor(store)
    assert executor.handles(tool)
    hit = asyncio.run(executor.call(tool, arguments, timeout_s=5))
    assert hit.value == json.loads(recording["response"]) and not hit.simulated and hit.meta["recording"] == "exact"
    with pytest.raises(NoRecordingError, match="no recording for these arguments"):
        asyncio.run(executor.call(tool, {"made_up": "nothing recorded"}, timeout_s=5))


def test_a_miss_is_simulated_by_the_llm_and_marked(store) -> None:
    tool = ExecTool(id="c/g/weather", name="weather", description="Weather by city", source="toolbench",
                    output_schema={"temp": "number"})
    with fake_llm(['{"temp": 21.5}']) as (fake, url):
        result = asyncio.run(RecordedExecutor(store, llm=ChatModel(base_url=url, model="f")).call(
            tool, {"city": "Oslo"}, timeout_s=10))
    assert result.value == {"temp": 21.5} and result.simulated and result.meta["recording"] == "simulated"
    assert "Weather by city" in fake.requests[0]["messages"][1]["content"]
