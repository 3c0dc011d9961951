"""ToolGraph: a tool knowledge graph for LLM agents, stored in Neo4j (or an embedded server over Bolt)."""

__version__ = "0.1.0"
