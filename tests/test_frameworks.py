"""Graph tool search in agent frameworks (docs/frameworks.md): the examples of the doc, run as they are written
against the real ``langgraph`` + ``langgraph-bigtool``, ``openai-agents`` and ``anthropic`` packages, the session's
embedded graph server (the shop's tools imported with the Python importer, their edges found by the resources job)
and scripted model endpoints over local HTTP (tests/fake_llm.py, tests/fake_anthropic.py)."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import pytest

from tests.conftest import ROOT
from tests.fake_anthropic import fake_claude
from tests.fake_llm import fake_llm
from toolgraph.db.store import GraphStore
from toolgraph.embeddings.base import Embedder
from toolgraph.errors import ToolGraphError
from toolgraph.retrieve.toolset import ToolSearch

DOC = ROOT / "docs" / "frameworks.md"
QUESTION = "Please refund the broken kettle that jane@example.com ordered."
SEARCH = "refund a customer's order"
REFUND_SET = {"login", "find_customer", "list_orders", "refund_order"}  # pinned, the providers, the hit


def examples() -> dict[str, str]:
    """The doc's code blocks marked ``<!-- example: NAME -->``."""
    text = DOC.read_text(encoding="utf-8")
    return dict(re.findall(r"<!-- example: (\S+) -->\n```python\n(.*?)```", text, flags=re.S))


def sid(name: str) -> str:
    return f"shop/shop_tools/{name}"


@pytest.fixture(scope="module")
def embedder() -> Embedder:
    from toolgraph.embeddings.flag import FlagEmbedder

    return FlagEmbedder()  # the offline all-MiniLM-L6-v2, as the examples' connect() makes it


@pytest.fixture(scope="module")
def shop_graph(session_store: GraphStore, embedder: Embedder, tmp_path_factory: pytest.TempPathFactory
               ) -> Iterator[ModuleType]:
    """The doc's shop_tools.py as a module, imported into the graph as the doc says (``import python``, the
    ``resources`` job, ``embed``); once for this file: its tests only read the graph."""
    from gds_jobs import JOBS, run_jobs
    from toolgraph.ingest.batch import ImportBatch
    from toolgraph.ingest.python_tools import read_python
    from toolgraph.ingest.writer import write_batch
    from toolgraph.retrieve.embed import embed_tools

    folder = tmp_path_factory.mktemp("shop")
    (folder / "shop_tools.py").write_text(examples()["shop_tools.py"], encoding="utf-8")
    session_store.query("clear_graph")
    with pytest.MonkeyPatch.context() as patch:
        patch.delitem(sys.modules, "shop_tools", raising=False)
        patch.syspath_prepend(str(folder))
        batch = ImportBatch("python")
        read_python("shop_tools", batch, category="Shop", search_path=str(folder))
        write_batch(session_store, batch)
        run_jobs(session_store, JOBS, ["resources"], backend="portable")
        embed_tools(session_store, embedder, reset=True)
        import shop_tools

        yield shop_tools
        sys.modules.pop("shop_tools", None)
    session_store.query("clear_graph")


@pytest.fixture
def shop(shop_graph: ModuleType) -> ModuleType:
    shop_graph.REFUNDS.clear()
    return shop_graph


@pytest.fixture
def store(session_store: GraphStore, shop_graph: ModuleType) -> GraphStore:
    """The session's store, holding the shop (not emptied: this file's tests only read)."""
    return session_store


@pytest.fixture
def search(store: GraphStore, embedder: Embedder, shop: ModuleType) -> ToolSearch:
    return ToolSearch(store, embedder, limit=4, pinned=[sid("login")])


@pytest.fixture
def example_env(env_for_cli: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The examples' settings: the session's graph server (TOOLGRAPH_*), the default embedding model, no tracing
    sent anywhere; the model endpoints are set by each test."""
    for key in ("TOOLGRAPH_NEO4J_URI", "TOOLGRAPH_EMBED_PROVIDER", "TOOLGRAPH_EMBED_MODEL", "OPENAI_API_BASE"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test")
    monkeypatch.setenv("OPENAI_AGENTS_DISABLE_TRACING", "1")
    yield


def run_example(name: str) -> dict[str, Any]:
    namespace: dict[str, Any] = {"__name__": f"example_{name}"}
    exec(compile(examples()[name], f"{DOC}:{name}", "exec"), namespace)  # noqa: S102 - the doc's own example
    return namespace


def tool_names(request: dict[str, Any]) -> list[str]:
    return [t["function"]["name"] for t in request.get("tools") or []]


# -- the graph the examples search ----------------------------------------------------------------------------------
def test_the_resources_job_finds_the_shops_prerequisites(store: GraphStore, shop: ModuleType) -> None:
    rows = store.query("tool_providers", ids=[sid("list_orders"), sid("refund_order")])
    edges = {(r["provider"], r["id"], r["resource"]) for r in rows}
    assert (sid("find_customer"), sid("list_orders"), "customer_id") in edges
    assert (sid("list_orders"), sid("refund_order"), "order_id") in edges


# -- the search: pinned, prerequisites, the cap ---------------------------------------------------------------------
def provided_inputs_missing(store: GraphStore, ids: list[str], catalog: set[str] | None = None) -> list[str]:
    """Required inputs of tools in ``ids`` that some tool of the catalog provides, but none in ``ids`` does."""
    from toolgraph.tool import Tool

    required = {r["id"]: {p.name.lower() for p in Tool.from_row(r).required_params}
                for r in store.query("agent_tools", ids=ids)}
    providers: dict[tuple[str, str], set[str]] = {}
    for r in store.query("tool_providers", ids=ids):
        if catalog is None or r["provider"] in catalog:
            providers.setdefault((r["id"], str(r["resource"]).lower()), set()).add(r["provider"])
    return [f"{t}:{need}" for t in ids for need in required.get(t, ())
            if (t, need) in providers and not providers[(t, need)] & set(ids)]


def test_a_hit_comes_with_its_providers_prerequisites_first_pinned_first(search: ToolSearch, store: GraphStore
                                                                         ) -> None:
    found = search.find(SEARCH)
    assert found.ids == [sid("login"), sid("find_customer"), sid("list_orders"), sid("refund_order")]
    kinds = {p.id: p for p in found.picks}
    assert kinds[sid("login")].kind == "pinned"
    assert kinds[sid("refund_order")].kind == "hit" and kinds[sid("refund_order")].rank == 1
    assert kinds[sid("list_orders")].for_tool == sid("refund_order") and kinds[sid("list_orders")].input == "order_id"
    assert kinds[sid("find_customer")].for_tool == sid("list_orders")
    assert "provides `customer_id` for shop/shop_tools/list_orders" in kinds[sid("find_customer")].reason
    assert provided_inputs_missing(store, found.ids) == []
    assert search.retrieve_tools(SEARCH) == found.ids
    # plain vector search, top 4 (what a framework's own tool store does): the refund first, but not the sign-in,
    # and not find_customer, whose customer_id list_orders needs
    plain = search.retriever.ranked_ids(SEARCH, k=4, method="dense")
    assert plain[0] == sid("refund_order") and sid("login") not in plain
    assert f"{sid('list_orders')}:customer_id" in provided_inputs_missing(store, plain)


def test_the_cap_holds_and_a_unit_that_does_not_fit_is_skipped_whole(search: ToolSearch, store: GraphStore) -> None:
    for limit in (1, 2, 3, 4, 6, 9):
        found = search.find(SEARCH, limit=limit)
        assert len(found.ids) <= limit and len(set(found.ids)) == len(found.ids)
        assert found.ids[0] == sid("login")
        assert provided_inputs_missing(store, found.ids) == [], limit
    short = search.find(SEARCH, limit=3)  # refund_order and its two providers do not fit beside login
    assert sid("refund_order") in short.skipped and sid("refund_order") not in short.ids and len(short.ids) == 3
    held = search.find(SEARCH, limit=2, held=["order_id"])  # the agent has the order id: the refund alone fits
    assert held.ids == [sid("login"), sid("refund_order")]
    assert search.find(SEARCH, limit=1).ids == [sid("login")]


def test_the_catalog_limits_hits_and_providers(search: ToolSearch, store: GraphStore) -> None:
    catalog = {sid(n) for n in ("refund_order", "find_customer", "weather_forecast", "send_newsletter")}
    found = search.find(SEARCH, limit=3, pinned=[], catalog=catalog)
    assert set(found.ids) <= catalog and found.ids[0] == sid("refund_order")  # list_orders: not the agent's
    assert [p.kind for p in found.picks] == ["hit"] * len(found.ids)


def test_bad_arguments_say_what_is_wrong(search: ToolSearch, store: GraphStore) -> None:
    with pytest.raises(ToolGraphError, match="do not fit under limit 1"):
        search.find(SEARCH, limit=1, pinned=[sid("login"), sid("check_stock")])
    with pytest.raises(ToolGraphError, match="query: empty"):
        search.find("  ")
    with pytest.raises(ToolGraphError, match="at least 1"):
        search.find(SEARCH, limit=0)
    with pytest.raises(ToolGraphError, match="needs the embedding model"):
        ToolSearch(store, None, method="graph")
    keyword = ToolSearch(store, None, limit=4)  # no embedder: keyword search, the same closure
    assert keyword.method == "keyword" and sid("refund_order") in keyword.retrieve_tools("refund order")
    assert provided_inputs_missing(store, keyword.retrieve_tools("refund order")) == []


def test_names_resolve_to_graph_ids_and_definitions_come_from_the_graph(search: ToolSearch) -> None:
    assert search.resolve(["refund_order", sid("login"), "shop_shop_tools_check_stock_" , "nope"]) == {
        "refund_order": sid("refund_order"), sid("login"): sid("login")}
    (definition,) = search.definitions([sid("refund_order")])
    assert definition["name"] == "refund_order" and definition["description"].startswith("Refund an order")
    assert definition["parameters"]["required"] == ["order_id", "reason"]
    with pytest.raises(ToolGraphError, match="no tool 'x/y/z'"):
        search.definitions(["x/y/z"])


# -- the doc's examples, against the real packages -------------------------------------------------------------------
REFUND_SCRIPT = [
    {"tool_call": {"name": "find_customer", "arguments": {"email": "jane@example.com"}}},
    {"tool_call": {"name": "list_orders", "arguments": {"customer_id": "c-17"}}},
    {"tool_call": {"name": "refund_order", "arguments": {"order_id": "o-301", "reason": "arrived broken"}}},
    "I refunded order o-301 (the kettle).",
]


def called_only_offered_tools(requests: list[dict[str, Any]], script: list[Any]) -> None:
    for request, answer in zip(requests, script):
        if isinstance(answer, dict):
            assert answer["tool_call"]["name"] in tool_names(request), (answer, tool_names(request))


def test_langgraph_example(shop: ModuleType, example_env: None, monkeypatch: pytest.MonkeyPatch) -> None:
    script = [{"tool_call": {"name": "retrieve_tools", "arguments": {"query": SEARCH}}}, *REFUND_SCRIPT]
    with fake_llm(list(script)) as (fake, url):
        monkeypatch.setenv("OPENAI_BASE_URL", url)
        ns = run_example("langgraph")
    assert tool_names(fake.requests[0]) == ["retrieve_tools", "login"]  # the search and the pinned sign-in
    assert set(tool_names(fake.requests[1])) == {"retrieve_tools"} | REFUND_SET
    called_only_offered_tools(fake.requests, script)
    retrieved = next(m for m in ns["result"]["messages"] if getattr(m, "tool_call_id", None) == "call_1")
    assert json.loads(retrieved.content) == {"available_tools": ["login", "find_customer", "list_orders",
                                                                 "refund_order"]}
    assert shop.REFUNDS == [{"order_id": "o-301", "reason": "arrived broken"}]
    assert ns["result"]["messages"][-1].content == "I refunded order o-301 (the kettle)."


def test_langgraph_agent_keeps_the_cap_and_refuses_unbound_tools(shop: ModuleType, search: ToolSearch) -> None:
    from langchain_openai import ChatOpenAI

    from toolgraph.integrations.agents.langgraph_agent import create_agent

    script = [{"tool_call": {"name": "refund_order", "arguments": {"order_id": "o-1", "reason": "r"}}},
              {"tool_call": {"name": "retrieve_tools", "arguments": {"query": SEARCH}}},
              {"tool_call": {"name": "retrieve_tools", "arguments": {"query": "weather forecast for a city"}}},
              "done"]
    registry = {n: getattr(shop, n) for n in shop.__all__}
    with fake_llm(list(script)) as (fake, url):
        llm = ChatOpenAI(model="m", base_url=url, api_key="k", max_retries=0)
        result = create_agent(llm, registry, search, pinned=["login"]).compile().invoke({"messages": "go"})
    refused = result["messages"][2]
    assert refused.status == "error" and "not an available tool" in refused.content and shop.REFUNDS == []
    for request in fake.requests:
        assert len(tool_names(request)) <= 1 + 4 and tool_names(request)[:2] == ["retrieve_tools", "login"]
    latest = tool_names(fake.requests[3])
    assert "weather_forecast" in latest and "refund_order" not in latest  # the newest retrieval first
    assert result["selected_tool_ids"][0] == "login" and len(result["selected_tool_ids"]) == 4


def test_bigtool_create_agent_retrieves_with_toolgraph(shop: ModuleType, search: ToolSearch) -> None:
    """langgraph-bigtool's own agent with ToolGraph's retrieve_tools: the retrieval step (bigtool 0.0.3 cannot run
    a retrieved tool on langgraph-prebuilt 1.x, so the scripted model answers after retrieving)."""
    from langchain_openai import ChatOpenAI
    from langgraph_bigtool import create_agent

    from toolgraph.integrations.agents.bigtool import bigtool_retriever

    registry = {n: getattr(shop, n) for n in shop.__all__}
    retrieve, aretrieve = bigtool_retriever(search, registry, pinned=["login"])
    assert retrieve.__name__ == aretrieve.__name__ == "retrieve_tools"
    script = [{"tool_call": {"name": "retrieve_tools", "arguments": {"query": SEARCH}}}, "I can refund it now."]
    with fake_llm(list(script)) as (fake, url):
        llm = ChatOpenAI(model="m", base_url=url, api_key="k", max_retries=0)
        agent = create_agent(llm, registry, retrieve_tools_function=retrieve,
                             retrieve_tools_coroutine=aretrieve).compile()
        result = agent.invoke({"messages": QUESTION})
    assert tool_names(fake.requests[0]) == ["retrieve_tools"]
    assert fake.requests[0]["tools"][0]["function"]["parameters"]["required"] == ["query"]
    assert set(tool_names(fake.requests[1])) == {"retrieve_tools"} | REFUND_SET
    assert result["selected_tool_ids"] == ["login", "find_customer", "list_orders", "refund_order"]
    with pytest.raises(ToolGraphError, match="tools not in the graph: mystery"):
        bigtool_retriever(search, {**registry, "mystery": print})
    with pytest.raises(ToolGraphError, match="not in the tool registry"):
        bigtool_retriever(search, registry, pinned=["logout"])


def test_openai_agents_example(shop: ModuleType, example_env: None, monkeypatch: pytest.MonkeyPatch) -> None:
    script = [{"tool_call": {"name": "search_tools", "arguments": {"query": SEARCH}}}, *REFUND_SCRIPT]
    with fake_llm(list(script)) as (fake, url):
        monkeypatch.setenv("OPENAI_BASE_URL", url)
        ns = run_example("openai_agents")
    assert set(tool_names(fake.requests[0])) == {"search_tools", "login"}  # the search and the pinned sign-in
    assert set(tool_names(fake.requests[1])) == {"search_tools"} | REFUND_SET
    called_only_offered_tools(fake.requests, script)
    answer = json.loads(next(m["content"] for m in fake.requests[1]["messages"] if m["role"] == "tool"))
    assert [t["tool"] for t in answer["loaded"]] == ["login", "find_customer", "list_orders", "refund_order"]
    assert answer["loaded"][2]["why"].startswith("provides `order_id` for shop/shop_tools/refund_order")
    assert shop.REFUNDS == [{"order_id": "o-301", "reason": "arrived broken"}]
    assert ns["result"].final_output == "I refunded order o-301 (the kettle)."


def test_openai_agents_loaded_tools_stay_under_the_cap(shop: ModuleType, search: ToolSearch,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    import asyncio

    from agents import Agent, OpenAIChatCompletionsModel, RunConfig, Runner, function_tool
    from openai import AsyncOpenAI

    from toolgraph.integrations.agents.openai_agents import AgentToolSearch, LoadedTools

    tools = [function_tool(getattr(shop, n)) for n in shop.__all__]
    tool_search = AgentToolSearch(search, tools, pinned=["login"])
    script = [{"tool_call": {"name": "search_tools", "arguments": {"query": SEARCH}}},
              {"tool_call": {"name": "search_tools", "arguments": {"query": "weather forecast for a city"}}},
              {"tool_call": {"name": "weather_forecast", "arguments": {"city": "Oslo"}}}, "Sunny in Oslo."]
    context = LoadedTools()
    with fake_llm(list(script)) as (fake, url):
        model = OpenAIChatCompletionsModel("m", AsyncOpenAI(base_url=url, api_key="k", max_retries=0))
        agent = Agent(name="a", tools=tool_search.tools(), model=model)
        result = asyncio.run(Runner.run(agent, "refund, then the weather", context=context,
                                        run_config=RunConfig(tracing_disabled=True)))
    assert result.final_output == "Sunny in Oslo."
    for request in fake.requests:
        assert len(tool_names(request)) <= 1 + 4 and "login" in tool_names(request)
    latest = tool_names(fake.requests[2])
    assert "weather_forecast" in latest and "refund_order" not in latest  # the newest search first, the oldest out
    assert context.names[0] == "login" and len(context.names) == 4
    assert [t.name for t in tool_search.select(SEARCH)] == ["login", "find_customer", "list_orders", "refund_order"]
    with pytest.raises(ToolGraphError, match="not among the agent's tools"):
        AgentToolSearch(search, tools, pinned=["logout"])


def test_anthropic_example(shop: ModuleType, example_env: None, monkeypatch: pytest.MonkeyPatch) -> None:
    script = [{"tool_use": {"name": "search_tools", "input": {"query": SEARCH}}},
              *({"tool_use": {"name": a["tool_call"]["name"], "input": a["tool_call"]["arguments"]}}
                if isinstance(a, dict) else a for a in REFUND_SCRIPT)]
    with fake_claude(script) as (fake, url):
        monkeypatch.setenv("ANTHROPIC_BASE_URL", url)
        ns = run_example("anthropic")
    tools = {t["name"]: t for t in fake.requests[0]["tools"]}
    assert set(tools) == {"search_tools", *shop.__all__}
    assert "defer_loading" not in tools["search_tools"] and tools["login"]["defer_loading"] is False
    assert all(tools[n]["defer_loading"] is True for n in shop.__all__ if n != "login")
    assert tools["refund_order"]["input_schema"]["required"] == ["order_id", "reason"]
    result = fake.requests[1]["messages"][-1]["content"][0]
    assert result == {"type": "tool_result", "tool_use_id": "toolu_01", "content": [
        {"type": "tool_reference", "tool_name": n} for n in ("find_customer", "list_orders", "refund_order")]}
    assert len(fake.requests) == 5  # every call was of a loaded tool (the fake refuses others)
    assert shop.REFUNDS == [{"order_id": "o-301", "reason": "arrived broken"}]
    assert ns["message"].content[-1].text == "I refunded order o-301 (the kettle)."


def test_anthropic_search_answers_errors_and_refuses_unknown_tools(shop: ModuleType, search: ToolSearch) -> None:
    from toolgraph.integrations.agents.anthropic_search import AnthropicToolSearch, graph_tools

    definitions = graph_tools(search, search.resolve(shop.__all__).values())
    tool_search = AnthropicToolSearch(search, definitions, pinned=["login"], limit=2)
    bad = tool_search.tool_result({"type": "tool_use", "id": "t1", "name": "search_tools", "input": {}})
    assert bad["is_error"] is True and "query: empty" in bad["content"]
    held = tool_search.answer([{"type": "tool_use", "id": "t2", "name": "search_tools",
                                "input": {"query": "weather forecast"}},
                               {"type": "tool_use", "id": "t3", "name": "track_parcel", "input": {}}])
    assert held == [{"type": "tool_result", "tool_use_id": "t2",
                     "content": [{"type": "tool_reference", "tool_name": "weather_forecast"}]}]
    with pytest.raises(ToolGraphError, match="tools not in the graph: my_tool"):
        AnthropicToolSearch(search, [*definitions, {"name": "my_tool", "input_schema": {}}])
    with pytest.raises(ToolGraphError, match="is the name of one of the tools"):
        AnthropicToolSearch(search, definitions, name="refund_order")
    own = AnthropicToolSearch(search, [*definitions, {"name": "my_tool", "input_schema": {}}], pinned=["my_tool"])
    assert {"name": "my_tool", "input_schema": {}, "defer_loading": False} in own.tools()
