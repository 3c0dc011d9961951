"""Proxy tool selection: tokens of the tools the proxy injects against sending every tool, and recall of the
tools the request needs.

One private embedded server holds the StableToolBench tools of the query files given (the ``toolbench`` import,
offline all-MiniLM-L6-v2 embeddings, the ``resources`` job for STRONG/WEAK_RESOURCE edges) plus a small hand-made
BFCL-style tool set (travel, weather, finance, messaging: 16 tools, resource edges, one 40-value enum) with five
multi-turn conversations written here, each turn with its gold tools.

Per request, ``ToolSelector`` (what ``toolgraph proxy`` runs) is measured in three settings:

- ``graph``: selection over every tool in the graph, against sending every tool of the graph;
- ``client``: the client sends the StableToolBench query's own ``api_list`` (as OpenAI tools) and the proxy
  selects among them, against sending that whole list (what StableToolBench gives a model);
- ``no closure``: ``graph`` without the dependency closure (the RA selector's top-k with threshold only), the
  baseline in the same run;
- ``graph-tool-call``: the peer (graph-tool-call 0.47: BM25 + its own tool graph with detected dependencies +
  embeddings from the same all-MiniLM-L6-v2 model through ``enable_embedding``), given every graph tool in the same
  OpenAI rendering, ``retrieve(latest user turn, top_k=k, history=tools called earlier)``.

And on BFCL multi-turn turns (``bench/bfcl_turns.py``: the client sends all 128 functions of the eight BFCL v3 API
classes, no output schemas, the earlier turns' gold calls in the conversation), among the client's tools:

- ``ToolGraph``: ``ToolSelector`` as the proxy runs it (gap-sized, providers inferred from names and descriptions,
  tools called earlier kept; ``toolgraph.retrieve.client_tools``);
- ``fixed k``: the selection before issue 24 (top ``--k`` by cosine at least ``--threshold``, no providers);
- ``graph-tool-call``: the peer given the same 128 OpenAI tools (its BM25, detected dependencies and embeddings of
  the same model), ``retrieve(latest user turn, top_k, history=functions called earlier)``, at ``top_k = --k`` and
  at the mean number of tools ToolGraph sent on that split ("size-matched").

The turns are split by conversation (even-numbered BFCL entries: the tuning split the defaults were chosen on;
odd-numbered: held out); both are reported. The share there is the JSON characters of the tools sent over those
of all 128.

Tokens are the characters of the JSON ``tools`` array / 4 (the usual OpenAI rule of thumb; no tokenizer for GPT
models is installed here). Recall: the share of a request's gold tools among the selected ones, averaged; "all
found" is the share of requests whose every gold tool was selected.

    pip install --no-deps bfcl-eval   # the BFCL data (or --bfcl DIR: the unpacked wheel)
    .venv/bin/python bench/proxy_bench.py --queries 60 --out bench/results/proxy_bench.json

Figures: docs/benchmarks.md, section "Proxy tool selection".
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any

import bfcl_turns
from common import (
    SHARED_DATA,
    LoadSampler,
    arg_parser,
    bench_main,
    git_state,
    machine_info,
    machine_line,
    private_server,
    progress,
    table,
)
from graph_tool_call import ToolGraph as GtcToolGraph
from tqdm import tqdm

from toolgraph.embeddings.base import CachedEmbedder
from toolgraph.ingest.batch import ImportBatch
from toolgraph.ingest.toolbench import read_toolbench, tool_id
from toolgraph.models import CategorySpec, DependencySpec, GroupSpec, ToolSpec
from toolgraph.retrieve.client_tools import ClientConfig
from toolgraph.retrieve.embed import embed_tools
from toolgraph.retrieve.select import SelectConfig, ToolSelector, conversation, safe_name

DATA = SHARED_DATA if SHARED_DATA.exists() else SHARED_DATA.parent.parent.parent / "shared" / "data"  # in a worktree
STB = DATA / "stabletoolbench" / "test_instruction"
AIRPORTS = ["JFK", "LAX", "ORD", "DFW", "DEN", "ATL", "SFO", "SEA", "MIA", "BOS", "LHR", "CDG", "FRA", "AMS", "MAD",
            "FCO", "MUC", "ZRH", "VIE", "CPH", "OSL", "ARN", "HEL", "DUB", "LIS", "IST", "DXB", "DOH", "SIN", "HKG",
            "NRT", "HND", "ICN", "PEK", "PVG", "SYD", "MEL", "YYZ", "GRU", "MEX"]
# (key, name, description, required, optional, enum of the first required parameter)
BFCL_TOOLS: list[tuple[str, str, str, list[str], list[str], list[str] | None]] = [
    ("geocode", "Geocode Address", "Turn a street address or place name into latitude and longitude",
     ["address"], [], None),
    ("nearest_airport", "Nearest Airport", "The airport code nearest to a latitude and longitude",
     ["latitude", "longitude"], [], None),
    ("search_flights", "Search Flights", "Flights between two airports on a date, with prices",
     ["airport_code", "destination", "date"], ["cabin"], AIRPORTS),
    ("book_flight", "Book Flight", "Book a flight found by a search, by its flight id", ["flight_id"], ["seat"],
     None),
    ("search_hotels", "Search Hotels", "Hotels near a latitude and longitude for given nights",
     ["latitude", "longitude", "checkin"], ["nights"], None),
    ("book_hotel", "Book Hotel", "Reserve a hotel room by its hotel id", ["hotel_id"], ["guests"], None),
    ("current_weather", "Current Weather", "Current temperature and conditions at a latitude and longitude",
     ["latitude", "longitude"], [], None),
    ("weather_forecast", "Weather Forecast", "Daily weather forecast for the next days at a latitude and longitude",
     ["latitude", "longitude"], ["days"], None),
    ("stock_quote", "Stock Quote", "Latest price of a stock by its ticker symbol", ["symbol"], [], None),
    ("company_ticker", "Company Ticker", "The stock ticker symbol of a company name", ["company"], [], None),
    ("convert_currency", "Convert Currency", "Convert an amount between two currencies", ["amount", "from", "to"],
     [], None),
    ("send_email", "Send Email", "Send an email to an address with a subject and body", ["to", "subject", "body"],
     [], None),
    ("find_contact", "Find Contact", "Look up a contact's email address by their name", ["name"], [], None),
    ("create_event", "Create Calendar Event", "Add an event to the calendar at a date and time",
     ["title", "start"], ["attendees"], None),
    ("translate_text", "Translate Text", "Translate text into a target language", ["text", "target"], [], None),
    ("news_headlines", "News Headlines", "Top news headlines for a topic or country", [], ["topic"], None),
]
BFCL_EDGES = [("geocode", "nearest_airport", "latitude"), ("geocode", "search_hotels", "latitude"),
              ("geocode", "current_weather", "latitude"), ("geocode", "weather_forecast", "latitude"),
              ("nearest_airport", "search_flights", "airport_code"), ("search_flights", "book_flight", "flight_id"),
              ("search_hotels", "book_hotel", "hotel_id"), ("company_ticker", "stock_quote", "symbol"),
              ("find_contact", "send_email", "to")]
# conversations: turns of (user text, gold tool keys, fields the earlier turns' tool results hold)
BFCL_CONVERSATIONS: list[list[tuple[str, list[str]]]] = [
    [("I want to fly from Boston Logan to Paris on May 3rd, what flights are there?",
      ["search_flights"]),
     ("Book the cheapest one for me.", ["book_flight"]),
     ("And find me a hotel near the Eiffel Tower for three nights.", ["geocode", "search_hotels"])],
    [("What's the weather going to be like in Kyoto over the next five days?", ["geocode", "weather_forecast"]),
     ("Is it raining there right now?", ["current_weather"])],
    [("How is Nvidia's stock doing today?", ["company_ticker", "stock_quote"]),
     ("Convert 500 of those dollars to euros for me.", ["convert_currency"])],
    [("Email Maria Lopez that the meeting moved to Friday.", ["find_contact", "send_email"]),
     ("Also put the meeting on my calendar for Friday at 10am.", ["create_event"])],
    [("Translate 'where is the train station' into Japanese.", ["translate_text"]),
     ("What are today's top headlines about Japan?", ["news_headlines"])],
]
HELD_AFTER = {"search_flights": ["flight_id"], "geocode": ["latitude", "longitude"], "company_ticker": ["symbol"],
              "find_contact": ["to"], "search_hotels": ["hotel_id"]}


def bfcl_batch() -> ImportBatch:
    batch = ImportBatch("bench")
    batch.add_category(CategorySpec(name="BFCL-style"), "bench", "")
    batch.add_group(GroupSpec(id="bfcl/assistant", name="assistant", category="BFCL-style", source="bench"),
                    "bench", "")
    for key, name, desc, req, opt, enum in BFCL_TOOLS:
        params = [{"name": p, "type": "string", "description": p.replace("_", " ")} for p in req]
        if enum:
            params[0]["enum"] = enum
        batch.add_tool(ToolSpec(id=f"bfcl/assistant/{key}", name=name, group_id="bfcl/assistant", description=desc,
                                required_params=params, optional_params=[{"name": p, "type": "string"} for p in opt],
                                source="bench", source_ref={}), "bench", "")
    for a, b, res in BFCL_EDGES:
        batch.add_dependency(DependencySpec(source=f"bfcl/assistant/{a}", target=f"bfcl/assistant/{b}",
                                            type="STRONG_RESOURCE", resource=res, weight=0.9, origin="bench"),
                             "bench", "")
    return batch


def tokens(tools: list[dict[str, Any]]) -> int:
    return len(json.dumps(tools)) // 4


def openai_tool(api: dict[str, Any]) -> dict[str, Any]:
    props = {p["name"]: {"type": "string", "description": str(p.get("description") or "")[:300]}
             for p in (api.get("required_parameters") or []) + (api.get("optional_parameters") or [])
             if isinstance(p, dict) and p.get("name")}
    name = tool_id(api["category_name"], api["tool_name"], api["api_name"])
    return {"type": "function", "function": {
        "name": safe_name(name), "description": str(api.get("api_description") or "")[:600],
        "parameters": {"type": "object", "properties": props,
                       "required": [p["name"] for p in api.get("required_parameters") or [] if isinstance(p, dict)]}}}



def measure(selector: ToolSelector, messages: list[dict[str, Any]], gold: set[str],
            client_tools: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    sel = selector.select(messages, client_tools)
    chosen = {t.id for t in sel.tools}
    return {"recall": len(gold & chosen) / len(gold), "all": gold <= chosen,
            "tokens": tokens([t.openai() for t in sel.tools]), "n": len(sel.tools)}


def summary(rows: list[dict[str, Any]], baseline_tokens: list[int]) -> dict[str, Any]:
    return {"requests": len(rows), "recall": round(statistics.fmean(r["recall"] for r in rows), 4),
            "all_found": round(statistics.fmean(1.0 if r["all"] else 0.0 for r in rows), 4),
            "tools_mean": round(statistics.fmean(r["n"] for r in rows), 2),
            "tokens_mean": round(statistics.fmean(r["tokens"] for r in rows), 1),
            "baseline_tokens_mean": round(statistics.fmean(baseline_tokens), 1),
            "token_share": round(statistics.fmean(r["tokens"] for r in rows) / statistics.fmean(baseline_tokens), 4)}


def conversation_requests() -> list[tuple[list[dict[str, Any]], set[str]]]:
    out = []
    for conv in BFCL_CONVERSATIONS:
        messages: list[dict[str, Any]] = []
        for text, gold in conv:
            messages.append({"role": "user", "content": text})
            out.append(([dict(m) for m in messages], {f"bfcl/assistant/{g}" for g in gold}))
            for i, g in enumerate(gold):  # the turn's calls, and their results, as the model would have made them
                call = {"name": f"bfcl/assistant/{g}", "arguments": "{}"}
                messages.append({"role": "assistant", "content": None,
                                 "tool_calls": [{"id": f"c{i}", "type": "function", "function": call}]})
                messages.append({"role": "tool", "tool_call_id": f"c{i}",
                                 "content": json.dumps({f: "x" for f in HELD_AFTER.get(g, ["ok"])})})
            messages.append({"role": "assistant", "content": "Done."})
    return out


def run(args: argparse.Namespace) -> dict[str, Any]:
    from gds_jobs import JOBS
    from gds_jobs.base import run_jobs
    from toolgraph.config import Settings

    embedder = Settings().embed.embedder()
    files = [STB / f for f in args.files]
    records = [r for f in files for r in json.loads(f.read_text())]
    rng = random.Random(args.seed)
    picked = rng.sample(records, min(args.queries, len(records)))
    result: dict[str, Any] = {"machine": machine_info(args.heap), "code": git_state("toolgraph", "bench"),
                              "files": args.files, "model": embedder.name, "k": args.k, "threshold": args.threshold}
    load = LoadSampler()
    with private_server(args.heap) as bench:
        progress("importing the StableToolBench tools and the BFCL-style set")
        bench.write(read_toolbench(files, ImportBatch("toolbench")))
        bench.write(bfcl_batch())
        progress("resources job (dependency edges) and embeddings")
        run_jobs(bench.store, JOBS, ["resources"], backend="portable")
        embed_tools(bench.store, embedder)
        every = [r["id"] for r in bench.store.query("list_tool_ids")]
        result["graph_tools"] = len(every)
        plain = ToolSelector(bench.store, embedder)
        cards = {}
        for i in range(0, len(every), 500):
            cards.update(plain.cards(every[i:i + 500]))
        all_tokens = tokens([plain.graph_tool(t, c, [], None, None).openai() for t, c in cards.items()])
        result["every_tool_tokens"] = all_tokens
        progress("graph-tool-call: the same tools, its dependency detection and embeddings")
        rendered = {t: plain.graph_tool(t, c, [], None, None).openai() for t, c in cards.items()}
        id_of = {tool["function"]["name"]: t for t, tool in rendered.items()}
        peer = GtcToolGraph()
        started = time.perf_counter()
        peer.add_tools(list(rendered.values()))
        peer.enable_embedding(embedder.embed_documents)
        result["peer_build_s"] = round(time.perf_counter() - started, 1)

        def peer_measure(messages: list[dict[str, Any]], gold: set[str]) -> dict[str, Any]:
            latest = conversation(messages)[0]
            history = [safe_name(c["function"]["name"]) for m in messages for c in m.get("tool_calls") or []]
            found = peer.retrieve(latest, top_k=args.k, history=history or None)
            chosen = {id_of.get(t.name, t.name) for t in found}
            return {"recall": len(gold & chosen) / len(gold), "all": gold <= chosen,
                    "tokens": tokens([rendered[i] for i in chosen if i in rendered]), "n": len(chosen)}

        cfg = SelectConfig(k=args.k, threshold=args.threshold)
        fixed = ToolSelector(bench.store, embedder, SelectConfig(k=args.k, threshold=args.threshold, client=fixed_k(
            args.k, args.threshold)))
        settings = {"graph": ToolSelector(bench.store, embedder, cfg),
                    "no closure": ToolSelector(bench.store, embedder,
                                               SelectConfig(k=args.k, threshold=args.threshold, closure_depth=0))}
        sections: dict[str, Any] = {}
        memo_docs = memo(embedder.embed_documents)
        progress(f"selecting for {len(picked)} StableToolBench queries")
        stb: dict[str, list[dict[str, Any]]] = {"graph": [], "no closure": [], "graph-tool-call": [], "client": [],
                                                "client, fixed k": [], "client, graph-tool-call": []}
        client_base = []
        for rec in tqdm(picked, desc="queries", unit="query"):
            apis = {(a["tool_name"], a["api_name"]): a for a in rec["api_list"]}
            gold = {tool_id(a["category_name"], a["tool_name"], a["api_name"])
                    for pair in rec.get("relevant APIs") or [] if (a := apis.get(tuple(pair)))}
            if not gold:
                continue
            messages = [{"role": "user", "content": rec["query"]}]
            for name, sel in settings.items():
                stb[name].append(measure(sel, messages, gold))
            stb["graph-tool-call"].append(peer_measure(messages, gold))
            client_tools = [openai_tool(a) for a in rec["api_list"]]
            names = {t["function"]["name"]: tool_id(a["category_name"], a["tool_name"], a["api_name"])
                     for t, a in zip(client_tools, rec["api_list"], strict=True)}
            for key, chooser in (("client", settings["graph"]), ("client, fixed k", fixed)):
                sel = chooser.select(messages, client_tools)
                chosen = {names.get(t.id, t.id) for t in sel.tools}
                stb[key].append({"recall": len(gold & chosen) / len(gold), "all": gold <= chosen,
                                 "tokens": tokens([t.openai() for t in sel.tools]), "n": len(sel.tools)})
            client_peer = GtcToolGraph()
            client_peer.add_tools(client_tools)
            client_peer.enable_embedding(memo_docs)
            found = {t.name for t in client_peer.retrieve(rec["query"], top_k=args.k)}
            chosen = {names.get(n, n) for n in found}
            stb["client, graph-tool-call"].append({
                "recall": len(gold & chosen) / len(gold), "all": gold <= chosen, "n": len(found),
                "tokens": tokens([t for t in client_tools if t["function"]["name"] in found])})
            client_base.append(tokens(client_tools))
        for name in ("graph", "no closure", "graph-tool-call"):
            sections[f"StableToolBench, {name}"] = summary(stb[name], [all_tokens] * len(stb[name]))
        sections["StableToolBench, client tools"] = summary(stb["client"], client_base)
        sections["StableToolBench, client tools, fixed k"] = summary(stb["client, fixed k"], client_base)
        sections["StableToolBench, client tools, graph-tool-call"] = summary(stb["client, graph-tool-call"],
                                                                            client_base)
        load.sample()
        progress("selecting for the BFCL-style conversations")
        conv: dict[str, list[dict[str, Any]]] = {"graph": [], "no closure": [], "graph-tool-call": []}
        for messages, gold in conversation_requests():
            for name, sel in settings.items():
                conv[name].append(measure(sel, messages, gold))
            conv["graph-tool-call"].append(peer_measure(messages, gold))
        for name in conv:
            sections[f"BFCL-style turns, {name}"] = summary(conv[name], [all_tokens] * len(conv[name]))
        if not args.skip_bfcl:
            progress("BFCL multi-turn turns, the client sending all 128 functions")
            load.sample()
            result["bfcl"] = bfcl_section(bench.store, embedder, args)
        result["results"] = sections
    result["load_1min"] = load.summary()
    return result


def memo(embed: Any) -> Any:
    """``embed`` (texts -> vectors) remembering each text's vector: graph-tool-call re-embeds tool texts on every
    ``retrieve``; the vectors are the same, the model time is not counted again."""
    seen: dict[str, list[float]] = {}

    def embed_texts(texts: list[str]) -> list[list[float]]:
        missing = [t for t in dict.fromkeys(texts) if t not in seen]
        if missing:
            seen.update(zip(missing, embed(missing), strict=True))
        return [seen[t] for t in texts]

    return embed_texts


def fixed_k(k: int, threshold: float) -> ClientConfig:
    """The client-tool selection before issue 24: the top ``k`` by cosine at least ``threshold`` (the best always),
    no gap sizing, no tools kept from earlier calls, no inferred providers."""
    return ClientConfig(min_tools=1, max_tools=k, band=2.0, gap=2.0, threshold=threshold, recent=0, depth=0)


def bfcl_section(store: Any, embedder: Any, args: argparse.Namespace) -> dict[str, Any]:
    data = bfcl_turns.data_dir(args.bfcl)
    tools = bfcl_turns.functions(data)
    size = {t["function"]["name"]: len(json.dumps(t)) for t in tools}
    every = sum(size.values())
    turns = bfcl_turns.turns(data)
    splits = dict(zip(("tuning", "held out"), bfcl_turns.split(turns), strict=True))
    cached = CachedEmbedder(embedder, size=8192)
    choosers = {"ToolGraph": ToolSelector(store, cached, SelectConfig(k=args.k, threshold=args.threshold)),
                "fixed k": ToolSelector(store, cached, SelectConfig(k=args.k, threshold=args.threshold,
                                                                     client=fixed_k(args.k, args.threshold)))}
    peer = GtcToolGraph()
    started = time.perf_counter()
    peer.add_tools(tools)
    peer.enable_embedding(memo(embedder.embed_documents))
    out: dict[str, Any] = {"functions": len(tools), "every_tool_chars": every, "turns": len(turns),
                           "conversations": len({t.conversation for t in turns}),
                           "peer_build_s": round(time.perf_counter() - started, 1), "splits": {}}

    def row(turn: bfcl_turns.Turn, chosen: set[str], seconds: float) -> dict[str, Any]:
        return {"recall": len(turn.gold & chosen) / len(turn.gold), "all": turn.gold <= chosen, "n": len(chosen),
                "share": sum(size.get(n, 0) for n in chosen) / every, "ms": seconds * 1000}

    def summed(rows: list[dict[str, Any]]) -> dict[str, Any]:
        ms = sorted(r["ms"] for r in rows)
        return {"turns": len(rows), "recall": round(statistics.fmean(r["recall"] for r in rows), 4),
                "all_found": round(statistics.fmean(1.0 if r["all"] else 0.0 for r in rows), 4),
                "tools_mean": round(statistics.fmean(r["n"] for r in rows), 2),
                "json_share": round(statistics.fmean(r["share"] for r in rows), 4),
                "p50_ms": round(ms[len(ms) // 2], 1)}

    for split_name, split_turns in splits.items():
        rows: dict[str, list[dict[str, Any]]] = {name: [] for name in choosers}
        for turn in tqdm(split_turns[: args.bfcl_limit or None], desc=f"BFCL {split_name}", unit="turn"):
            for name, chooser in choosers.items():
                started = time.perf_counter()
                sel = chooser.select(turn.messages, tools)
                rows[name].append(row(turn, {t.id for t in sel.tools}, time.perf_counter() - started))
        matched = max(1, round(statistics.fmean(r["n"] for r in rows["ToolGraph"])))
        for label, k in ((f"graph-tool-call, top_k {args.k}", args.k),
                         (f"graph-tool-call, top_k {matched} (size-matched)", matched)):
            rows[label] = []
            for turn in split_turns[: args.bfcl_limit or None]:
                history = [c["function"]["name"] for m in turn.messages for c in m.get("tool_calls") or []]
                started = time.perf_counter()
                found = peer.retrieve(conversation(turn.messages)[0], top_k=k, history=history or None)
                rows[label].append(row(turn, {t.name for t in found}, time.perf_counter() - started))
        out["splits"][split_name] = {name: summed(r) for name, r in rows.items()}
    return out

def human(r: dict[str, Any]) -> None:
    print(machine_line(r["machine"]))
    print(f"graph-tool-call built its graph and embeddings in {r['peer_build_s']} s")
    print(f"graph: {r['graph_tools']} tools ({r['every_tool_tokens']} tokens as one tools array); model {r['model']}; "
          f"k {r['k']}, threshold {r['threshold']}")
    rows = [[name, s["requests"], s["recall"], s["all_found"], s["tools_mean"], s["tokens_mean"],
             s["baseline_tokens_mean"], s["token_share"]] for name, s in r["results"].items()]
    print(table(["setting", "requests", "recall", "all found", "tools", "tokens", "baseline tokens", "share"], rows))
    if "bfcl" in r:
        b = r["bfcl"]
        print(f"\nBFCL multi-turn: {b['turns']} turns of {b['conversations']} conversations, the client sending "
              f"{b['functions']} functions ({b['every_tool_chars']} characters of JSON)")
        rows = [[split, name, s["turns"], s["recall"], s["all_found"], s["tools_mean"], s["json_share"], s["p50_ms"]]
                for split, settings in b["splits"].items() for name, s in settings.items()]
        print(table(["split", "setting", "turns", "recall", "all found", "tools", "JSON share", "p50 ms"], rows))


def main() -> None:
    parser = arg_parser(__doc__, "2g")
    parser.add_argument("--files", nargs="+", default=["G1_instruction.json", "G2_category.json"])
    parser.add_argument("--queries", type=int, default=60, help="StableToolBench queries sampled")
    parser.add_argument("--k", type=int, default=6)
    parser.add_argument("--threshold", type=float, default=0.25)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--bfcl", default=None, help="the BFCL data: the unpacked bfcl-eval wheel or its "
                                                     "bfcl_eval/data folder (default: the installed package)")
    parser.add_argument("--skip-bfcl", action="store_true", help="leave the BFCL multi-turn turns out")
    parser.add_argument("--bfcl-limit", type=int, default=0, help="turns of each split at most (0: all; quick runs)")
    args = parser.parse_args()
    bench_main(args, run, human)


if __name__ == "__main__":
    main()
