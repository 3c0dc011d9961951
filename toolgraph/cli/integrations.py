"""``toolgraph mcp`` (the MCP server) and ``toolgraph proxy`` (the OpenAI-compatible tool-selecting proxy)."""

from __future__ import annotations

import click

from toolgraph.cli.base import Context, main, pass_ctx


def navigator(obj: Context) -> object:
    from toolgraph import wiring
    from toolgraph.integrations.navigate import Navigator

    return Navigator(obj.store(), embedder_factory=obj.settings.embed.embedder, llm=obj.settings.llm.client(),
                     planner_config=wiring.planner_config(obj.settings))


@main.command("mcp")
@click.option("--http", "use_http", is_flag=True, help="Serve streamable HTTP instead of stdio.")
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8765, show_default=True, type=click.IntRange(1, 65535))
@click.option("--allow-calls", is_flag=True,
              help="Also expose tools that run tools (refused until the executors are wired in).")
@pass_ctx
def mcp_command(obj: Context, use_http: bool, host: str, port: int, allow_calls: bool) -> None:
    """Serve the graph as MCP navigation tools: search_tools, get_tool, tool_dependencies, neighbourhood,
    plan_request. Read-only by default."""
    from toolgraph.errors import ToolGraphError
    from toolgraph.integrations.mcp_server import CALLS_NOT_WIRED, serve

    if allow_calls:  # refused before the store opens
        raise ToolGraphError(CALLS_NOT_WIRED)
    serve(navigator(obj), http=use_http, host=host, port=port, allow_calls=allow_calls)  # type: ignore[arg-type]


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
@click.option("--pin", default=None, help="Comma-separated tools always sent (default: TOOLGRAPH_PROXY_PIN).")
@click.option("--max-tools", default=None, type=click.IntRange(0, 4096),
              help="Tools per request at most, pinned ones included; 0: no cap (default: TOOLGRAPH_PROXY_MAX_TOOLS).")
@pass_ctx
def proxy_command(obj: Context, upstream: str, host: str, port: int, k: int, threshold: float, max_enum: int,
                  timeout: float, pin: str | None, max_tools: int | None) -> None:
    """Serve an OpenAI-compatible /v1/chat/completions that injects the tools the graph selects for each
    conversation, then forwards to UPSTREAM (the client's API key passed through)."""
    from toolgraph.integrations.proxy import create_app, serve, split_pins
    from toolgraph.retrieve.select import SelectConfig, ToolSelector

    if not upstream.startswith(("http://", "https://")):
        from toolgraph.errors import ToolGraphError

        raise ToolGraphError(f"--upstream {upstream!r}: give an http(s) base URL such as https://api.openai.com/v1")
    pins = split_pins(pin) if pin is not None else obj.settings.proxy.pins()
    cap = obj.settings.proxy.max_tools if max_tools is None else max_tools
    selector = ToolSelector(obj.store(), obj.settings.embed.embedder(),
                            SelectConfig(k=k, threshold=threshold, max_enum=max_enum, cap=cap))
    click.echo(f"ToolGraph proxy on http://{host}:{port}/v1 -> {upstream}", err=True)
    serve(create_app(selector, upstream, timeout=timeout, pins=pins), host=host, port=port)
