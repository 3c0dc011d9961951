"""``toolgraph mcp`` (the MCP server) and ``toolgraph proxy`` (the OpenAI-compatible tool-selecting proxy)."""

from __future__ import annotations

from typing import Any

import click

from toolgraph.cli.base import Context, main, pass_ctx


def navigator(obj: Context) -> Any:
    from toolgraph import wiring
    from toolgraph.integrations.limits import SearchLimits
    from toolgraph.integrations.navigate import Navigator

    return Navigator(obj.store(), embedder_factory=lambda: cached(obj.settings.embed.embedder()),
                     llm=obj.settings.llm.client(), planner_config=wiring.planner_config(obj.settings),
                     limits=SearchLimits.from_env())


def cached(embedder: object) -> object:
    """The embedder with its query vectors remembered (a repeated query costs no model call), as on the web page."""
    from toolgraph.embeddings.base import CachedEmbedder, Embedder

    return CachedEmbedder(embedder) if isinstance(embedder, Embedder) else embedder


@main.command("mcp")
@click.option("--http", "use_http", is_flag=True, help="Serve streamable HTTP instead of stdio.")
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8765, show_default=True, type=click.IntRange(1, 65535))
@click.option("--allow-calls", is_flag=True,
              help="Also serve call_tool and run_request: tools run by ToolGraph's executors (read-only tools only, "
                   "unless --allow-writes).")
@click.option("--allow-writes", is_flag=True, help="With --allow-calls: tools that change data run too.")
@click.option("--no-learn", is_flag=True,
              help="With --allow-calls: runs are neither stored nor taught from, so the graph is never written.")
@pass_ctx
def mcp_command(obj: Context, use_http: bool, host: str, port: int, allow_calls: bool, allow_writes: bool,
                no_learn: bool) -> None:
    """Serve the graph as MCP tools: search_tools, get_tool, tool_dependencies, neighbourhood, plan_request
    (read-only, never write the graph); with --allow-calls also call_tool and run_request, so an agent reaches
    every imported tool (other MCP servers' too) through ToolGraph alone."""
    from toolgraph import wiring
    from toolgraph.errors import ConfigError
    from toolgraph.integrations.mcp_server import serve

    if (allow_writes or no_learn) and not allow_calls:  # refused before the store opens
        raise ConfigError(f"{'--allow-writes' if allow_writes else '--no-learn'} needs --allow-calls (the navigation "
                          "tools never run a tool nor write the graph)")
    nav = navigator(obj)
    gateway = None
    if allow_calls:
        from toolgraph.integrations.gateway import Gateway

        settings = obj.settings
        wiring.executors(settings, store=nav.store, llm=nav.llm)  # a bad group configuration stops here, not later
        gateway = Gateway(nav, lambda: wiring.executors(settings, store=nav.store, llm=nav.llm),
                          run_config=wiring.run_config(settings), allow_writes=allow_writes, learn=not no_learn)
    serve(nav, http=use_http, host=host, port=port, gateway=gateway)


@main.command("proxy")
@click.option("--upstream", required=True, help="The OpenAI-compatible base URL to forward to (ending in /v1).")
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8787, show_default=True, type=click.IntRange(1, 65535))
@click.option("--k", default=6, show_default=True, type=click.IntRange(1, 128), help="Tools selected at most.")
@click.option("--threshold", default=0.25, show_default=True, type=click.FloatRange(-1, 1),
              help="Minimum cosine of request and tool.")
@click.option("--max-enum", default=8, show_default=True, type=click.IntRange(1, 1000),
              help="Longer enums are narrowed to this many values.")
@click.option("--timeout", default=120.0, show_default=True, type=click.FloatRange(0.1, 3600),
              help="Seconds to wait for the upstream.")
@click.option("--max-body-mb", default=4.0, show_default=True, type=click.FloatRange(0.001, 1024),
              help="Larger request bodies are refused (413).")
@click.option("--max-messages", default=2000, show_default=True, type=click.IntRange(1, 1_000_000),
              help="Requests with more messages are refused (413).")
@click.option("--max-client-tools", default=512, show_default=True, type=click.IntRange(1, 100_000),
              help="Requests with more client tools are refused (413).")
@click.option("--pin", default=None, help="Comma-separated tools always sent (default: TOOLGRAPH_PROXY_PIN).")
@click.option("--max-tools", default=None, type=click.IntRange(0, 4096),
              help="Tools per request at most, pinned ones included; 0: no cap (default: TOOLGRAPH_PROXY_MAX_TOOLS).")
@pass_ctx
def proxy_command(obj: Context, upstream: str, host: str, port: int, k: int, threshold: float, max_enum: int,
                  timeout: float, max_body_mb: float, max_messages: int, max_client_tools: int, pin: str | None,
                  max_tools: int | None) -> None:
    """Serve an OpenAI-compatible /v1/chat/completions that injects the tools the graph selects for each
    conversation, then forwards to UPSTREAM (the client's API key passed through)."""
    from toolgraph.integrations.limits import ProxyLimits
    from toolgraph.integrations.proxy import create_app, serve, split_pins
    from toolgraph.retrieve.select import SelectConfig, ToolSelector

    if not upstream.startswith(("http://", "https://")):
        from toolgraph.errors import ToolGraphError

        raise ToolGraphError(f"--upstream {upstream!r}: give an http(s) base URL such as https://api.openai.com/v1")
    pins = split_pins(pin) if pin is not None else obj.settings.proxy.pins()
    cap = obj.settings.proxy.max_tools if max_tools is None else max_tools
    selector = ToolSelector(obj.store(), cached(obj.settings.embed.embedder()),  # type: ignore[arg-type]
                            SelectConfig(k=k, threshold=threshold, max_enum=max_enum, cap=cap))
    limits = ProxyLimits(max_body_bytes=int(max_body_mb * 1024 * 1024), max_messages=max_messages,
                         max_tools=max_client_tools)
    click.echo(f"ToolGraph proxy on http://{host}:{port}/v1 -> {upstream}", err=True)
    serve(create_app(selector, upstream, timeout=timeout, limits=limits, pins=pins), host=host, port=port)
