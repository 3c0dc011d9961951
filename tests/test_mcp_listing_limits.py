"""Listing an MCP server's tools against a raw JSON-RPC server subprocess (tests/fixtures/mcp_raw_server.py): a
listing cut at the page cap says so (and the cap is configurable), and a schema nested past what the client can
parse is a clear error at once, not a wait for the import's timeout."""

from __future__ import annotations

import asyncio
import logging
import sys
import time

import pytest

from tests.conftest import FIXTURES
from toolgraph.errors import ConfigError, InputFileError
from toolgraph.mcp_client import ServerRef, list_server_tools, root_cause

RAW = str(FIXTURES / "mcp_raw_server.py")


def listing(mode: str, n: int, timeout_s: float = 60.0) -> tuple[str, str, list]:
    ref = ServerRef.stdio([sys.executable, RAW, mode, str(n)])
    return asyncio.run(asyncio.wait_for(list_server_tools(ref), timeout_s))


def test_a_listing_cut_at_the_page_cap_says_so(caplog: pytest.LogCaptureFixture,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    with caplog.at_level(logging.WARNING, logger="toolgraph.mcp_client"):
        name, _, tools = listing("pages", 105)
    assert name == "raw-pages" and len(tools) == 100
    assert "cut after 100 pages (100 tools)" in caplog.text and "TOOLGRAPH_MCP_MAX_PAGES" in caplog.text
    caplog.clear()
    monkeypatch.setenv("TOOLGRAPH_MCP_MAX_PAGES", "200")
    with caplog.at_level(logging.WARNING, logger="toolgraph.mcp_client"):
        _, _, tools = listing("pages", 105)
    assert len(tools) == 105 and "cut after" not in caplog.text  # all of them, and no warning
    monkeypatch.setenv("TOOLGRAPH_MCP_MAX_PAGES", "3")
    _, _, tools = listing("pages", 105)
    assert [t.name for t in tools] == ["tool_0", "tool_1", "tool_2"]
    monkeypatch.setenv("TOOLGRAPH_MCP_MAX_PAGES", "none")
    with pytest.raises(ConfigError, match="TOOLGRAPH_MCP_MAX_PAGES"):
        listing("pages", 2)


def test_a_schema_nested_too_deep_is_rejected_at_once() -> None:
    start = time.perf_counter()
    with pytest.raises(BaseException) as info:  # noqa: PT011 - anyio wraps it in an exception group
        listing("deep", 5000, timeout_s=60)
    took = time.perf_counter() - start
    cause = root_cause(info.value)
    assert isinstance(cause, InputFileError), repr(info.value)
    assert "cannot be read" in str(cause) and "recursion limit" in str(cause) and "nested too deep" in str(cause)
    assert took < 30  # not the 60 s timeout
    _, _, tools = listing("deep", 20)  # a reasonable depth still lists
    assert tools[0].name == "deep"
