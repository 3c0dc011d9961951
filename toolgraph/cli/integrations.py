"""``toolgraph mcp`` (the MCP server) and ``toolgraph proxy`` (the OpenAI-compatible tool-selecting proxy)."""

from __future__ import annotations

import click

from toolgraph.cli.base import Context, main, pass_ctx


def navigator(obj: Context) -> object:
    from toolgraph.integrations.navigate import Navigator

    return Navigator(obj.store(), embedder_factory=obj.settings.embed.embedder, llm=obj.settings.llm.client())


@main.command("mcp")
@click.option("--http", "use_http", is_flag=True, help="Serve streamable HTTP instead of stdio.")
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8765, show_default=True, type=click.IntRange(1, 65535))
@click.option("--allow-calls", is_flag=True,
              help="Also expose tools that run tools (needs the executors; read-only otherwise).")
@pass_ctx
def mcp_command(obj: Context, use_http: bool, host: str, port: int, allow_calls: bool) -> None:
    """Serve the graph as MCP navigation tools: search_tools, get_tool, tool_dependencies, neighbourhood,
    plan_request. Read-only by default."""
    from toolgraph.integrations.mcp_server import serve

    serve(navigator(obj), http=use_http, host=host, port=port, allow_calls=allow_calls)  # type: ignore[arg-type]
