"""The doors to ToolGraph for people who work elsewhere: an MCP server (navigation tools), an OpenAI-compatible
tool-selecting proxy. They sit beside the CLI and the web app and call the library like they do."""
