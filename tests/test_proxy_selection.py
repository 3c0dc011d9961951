"""The proxy's selection among a client's own tools, over real HTTP (waitress, the real ``openai`` client, the
scripted model upstream): providers inferred from names and descriptions, sizing by the score gap, pins (the
``X-ToolGraph-Pin`` header and the operator's setting) and the cap."""

from __future__ import annotations

import json
from typing import Any

try:
    import httpx
except ImportError:  # this machine's build of httpx is published as httpx2
    import httpx2 as httpx  # type: ignore[no-redef]
import pytest

from tests.test_proxy import client, proxy, upstream
from toolgraph.db.store import GraphStore
from toolgraph.embeddings.base import Embedder
from toolgraph.retrieve.client_tools import ClientConfig, entity, facts, needs_provider, providers, size_by_gap
from toolgraph.retrieve.select import SelectConfig, ToolSelector


def fn(name: str, description: str, required: dict[str, str] | None = None,
       optional: dict[str, str] | None = None) -> dict[str, Any]:
    props = {p: {"type": "string", "description": d} for p, d in {**(required or {}), **(optional or {})}.items()}
    return {"type": "function", "function": {"name": name, "description": description, "parameters": {
        "type": "object", "properties": props, "required": list(required or {})}}}


# A client's calendar, chat and household tools (no output schemas, none of them in the graph).
TOOLS = [
    fn("list_events", "List the events on the user's calendar between two dates", {},
       {"start": "first day", "end": "last day"}),
    fn("update_event", "Change the title or the time of a calendar event", {"event_id": "the event",
                                                                             "title": "the new title"}),
    fn("delete_event", "Delete a calendar event", {"event_id": "the event to delete"}),
    fn("list_channels", "List the chat channels the user belongs to"),
    fn("post_chat_message", "Post a message to a chat channel", {"channel_id": "ID of the channel",
                                                                  "text": "what to say"}),
    fn("lookup_member", "Find a workspace member by name and get their member ID", {"name": "the person's name"}),
    fn("send_direct_message", "Send a private message to one person", {"recipient_id": "who gets it",
                                                                       "text": "what to say"}),
    fn("play_music", "Play a song or an album by an artist on the speakers", {"query": "what to play"}),
    fn("set_thermostat", "Set the home thermostat to a temperature", {"degrees": "the temperature"}),
    fn("order_groceries", "Order groceries for delivery from the supermarket", {"items": "the shopping list"}),
    fn("get_weather", "Current weather and temperature for a city", {"city": "the city"}),
    fn("start_vacuum", "Start the robot vacuum cleaner in a room", {"room": "which room"}),
    fn("translate_text", "Translate a sentence into another language", {"text": "the sentence",
                                                                        "target": "the language"}),
    fn("convert_currency", "Convert an amount of money between two currencies", {"amount": "how much"}),
]
NAMES = [t["function"]["name"] for t in TOOLS]


@pytest.fixture(scope="module")
def embedder() -> Embedder:
    from toolgraph.embeddings.flag import FlagEmbedder

    return FlagEmbedder()


@pytest.fixture
def selector(store: GraphStore, embedder: Embedder) -> ToolSelector:
    return ToolSelector(store, embedder, SelectConfig())



def sent_names(fake: Any, i: int = 0) -> list[str]:
    return [t["function"]["name"] for t in fake.requests[i]["tools"]]


def test_what_a_client_tool_provides_is_read_from_names_and_descriptions() -> None:
    known = {t["function"]["name"]: facts(t["function"]) for t in TOOLS}
    assert needs_provider("event_id", {}) and needs_provider("access_token", {})
    assert needs_provider("cityA", {"description": "The zipcode of the first city"})
    assert not needs_provider("title", {}) and not needs_provider("mode", {"enum": ["a", "b"]})
    assert entity("receiver_id")[1] == "person" and entity("access_token")[1] == "login"
    assert [(p, by) for p, by, _ in providers(known["update_event"], known, set())] == [("event_id", "list_events")]
    assert [(p, by) for p, by, _ in providers(known["post_chat_message"], known, set())] == [
        ("channel_id", "list_channels")]
    assert [(p, by) for p, by, _ in providers(known["send_direct_message"], known, set())] == [
        ("recipient_id", "lookup_member")]  # a person's role: the tool that gives members' ids
    assert providers(known["update_event"], known, {"event_id"}) == []  # the conversation holds one already


@pytest.fixture
def narrow(store: GraphStore, embedder: Embedder) -> ToolSelector:
    """A selector whose ranked set is the best tool alone: whatever else comes, comes as a provider."""
    return ToolSelector(store, embedder, SelectConfig(client=ClientConfig(min_tools=1, band=0.01)))


def test_a_tool_needing_an_id_comes_with_the_tool_that_lists_those_things(narrow: ToolSelector) -> None:
    selector = narrow
    ask = [{"role": "user", "content": "Rename my dentist appointment on Friday to 'Dentist (moved)'."}]
    with upstream(["Done", "Done"]) as (fake, url), proxy(selector, url) as base:
        client(base).chat.completions.create(model="fake", tools=TOOLS, messages=ask)
        picked = httpx.post(f"{base}/tools/select", json={"tools": TOOLS, "messages": ask}).json()
        held = ask + [
            {"role": "assistant", "content": None, "tool_calls": [{"id": "c1", "type": "function", "function": {
                "name": "list_events", "arguments": json.dumps({"start": "2026-01-02"})}}]},
            {"role": "tool", "tool_call_id": "c1", "content": json.dumps([{"event_id": "e7", "title": "Dentist"}])},
            {"role": "user", "content": "Now rename it to 'Dentist (moved)'."}]
        again = httpx.post(f"{base}/tools/select", json={"tools": TOOLS, "messages": held}).json()
    assert sent_names(fake) == ["update_event", "list_events"]
    why = {t["id"]: t["reasons"] for t in picked["tools"]}
    assert why["list_events"][0].startswith("provides `event_id` for update_event")
    # once the conversation holds an event_id, nothing is added to provide one; the tool called earlier stays
    assert "event_id" in again["held_inputs"]
    assert not any("provides `event_id`" in r for t in again["tools"] for r in t["reasons"])
    assert {t["id"]: t["reasons"] for t in again["tools"]}["list_events"] == ["called earlier in the conversation"]


def test_a_chat_message_tool_brings_the_channel_lister(narrow: ToolSelector) -> None:
    post = [{"role": "user", "content": "Post 'standup moved to 10' in the team chat channel."}]
    direct = [{"role": "user", "content": "Send Ana Lima a private message saying I am late."}]
    with upstream([]) as (_, url), proxy(narrow, url) as base:
        posted = httpx.post(f"{base}/tools/select", json={"tools": TOOLS, "messages": post}).json()
        sent = httpx.post(f"{base}/tools/select", json={"tools": TOOLS, "messages": direct}).json()
    assert posted["source"] == "client"
    assert [(t["id"], t["reasons"][0].split(" (")[0]) for t in posted["tools"]] == [
        ("post_chat_message", posted["tools"][0]["reasons"][0]),
        ("list_channels", "provides `channel_id` for post_chat_message")]
    assert [t["id"] for t in sent["tools"]] == ["send_direct_message", "lookup_member"]  # a person's id


def test_the_selection_is_sized_by_the_score_gap() -> None:
    cfg = ClientConfig(min_tools=2, max_tools=10, band=0.25, gap=0.1)
    assert size_by_gap([0.9, 0.85, 0.5, 0.48, 0.4], cfg) == 2  # a cliff after the two near the top
    assert size_by_gap([0.6, 0.58, 0.55, 0.53, 0.5, 0.3], cfg) == 5  # a plateau: all within the band
    assert size_by_gap([0.6] * 30, cfg) == 10  # never past the ceiling
    assert size_by_gap([0.9, 0.2, 0.1], cfg) == 2  # never under the floor
    assert size_by_gap([], cfg) == 0


def test_a_clear_request_gets_fewer_tools_than_a_vague_one(selector: ToolSelector) -> None:
    clear = [{"role": "user", "content": "Set the thermostat to 21 degrees."}]
    vague = [{"role": "user", "content": "Help me get my day organised: messages, calendar, the house."}]
    with upstream(["ok", "ok"]) as (fake, url), proxy(selector, url) as base:
        client(base).chat.completions.create(model="fake", tools=TOOLS, messages=clear)
        client(base).chat.completions.create(model="fake", tools=TOOLS, messages=vague)
    assert sent_names(fake, 0)[0] == "set_thermostat"
    assert len(sent_names(fake, 0)) < len(sent_names(fake, 1)) < len(TOOLS)


def test_the_pin_header_always_sends_its_tools(selector: ToolSelector) -> None:
    ask = [{"role": "user", "content": "Set the thermostat to 21 degrees."}]
    with upstream(["ok", "ok"]) as (fake, url), proxy(selector, url) as base:
        plain = httpx.post(f"{base}/tools/select", json={"tools": TOOLS, "messages": ask}).json()
        pinned = httpx.post(f"{base}/tools/select", json={"tools": TOOLS, "messages": ask},
                            headers={"X-ToolGraph-Pin": "post_chat_message, not_a_tool"}).json()
        client(base).chat.completions.create(model="fake", tools=TOOLS, messages=ask,
                                             extra_headers={"X-ToolGraph-Pin": "post_chat_message"})
    assert "post_chat_message" not in [t["id"] for t in plain["tools"]]
    by_id = {t["id"]: t for t in pinned["tools"]}
    assert by_id["post_chat_message"]["reasons"][0] == "pinned" and "not_a_tool" not in by_id
    assert "post_chat_message" in sent_names(fake) and "set_thermostat" in sent_names(fake)
    assert "X-ToolGraph-Pin" not in fake.headers[0]  # the header stays with the proxy


def test_the_operators_pin_setting_and_the_cap(selector: ToolSelector, monkeypatch: pytest.MonkeyPatch) -> None:
    from toolgraph.config import Settings

    monkeypatch.setenv("TOOLGRAPH_PROXY_PIN", "play_music,translate_text")
    monkeypatch.setenv("TOOLGRAPH_PROXY_MAX_TOOLS", "3")
    settings = Settings().proxy
    assert settings.pins() == ["play_music", "translate_text"] and settings.max_tools == 3
    ask = [{"role": "user", "content": "Rename my dentist appointment on Friday to 'Dentist (moved)'."}]
    with upstream(["ok", "ok"]) as (fake, url), proxy(selector, url, pins=settings.pins(),
                                                       cap=settings.max_tools) as base:
        client(base).chat.completions.create(model="fake", tools=TOOLS, messages=ask)
        client(base).chat.completions.create(model="fake", tools=TOOLS, messages=ask,
                                             extra_headers={"X-ToolGraph-Pin": "set_thermostat"})
    first, second = sent_names(fake, 0), sent_names(fake, 1)
    assert len(first) == 3 and first[:2] == ["play_music", "translate_text"] and first[2] == "update_event"
    assert second == ["play_music", "translate_text", "set_thermostat"]  # the cap holds, pins first
    with upstream(["ok"]) as (fake, url), proxy(selector, url, cap=0) as base:
        client(base).chat.completions.create(model="fake", tools=TOOLS, messages=ask)
    assert len(sent_names(fake)) > 3  # 0: no cap


def test_graph_tools_can_be_pinned_by_id_and_capped(store: GraphStore, embedder: Embedder) -> None:
    from tests.helpers import make_graph
    from toolgraph.retrieve.embed import embed_tools

    make_graph(store, {
        "forecast": {"name": "Weather Forecast", "description": "Weather forecast for a city", "required": ["city"]},
        "city_lookup": {"name": "City Lookup", "description": "Find the city of a postal code", "required": ["zip"]},
        "translate": {"name": "Translate Text", "description": "Translate a sentence", "required": ["text"]}},
        edges=[("city_lookup", "forecast", "STRONG_RESOURCE", {"resource": "city", "weight": 0.9})])
    embed_tools(store, embedder, reset=True)
    selector = ToolSelector(store, embedder, SelectConfig(k=2, threshold=0.3))
    ask = {"messages": [{"role": "user", "content": "weather forecast for postal code 10001"}]}
    with upstream([]) as (_, url), proxy(selector, url, pins=["c/g/translate"]) as base:
        picked = httpx.post(f"{base}/tools/select", json=ask).json()
    with upstream([]) as (_, url), proxy(selector, url, pins=["c/g/translate"], cap=1) as base:
        capped = httpx.post(f"{base}/tools/select", json=ask).json()
    ids = [t["id"] for t in picked["tools"]]
    assert ids[0] == "c/g/translate" and "c/g/forecast" in ids and "c/g/city_lookup" in ids
    assert [t["id"] for t in capped["tools"]] == ["c/g/translate"]
