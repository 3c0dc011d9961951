"""Settings, read from the environment (``TOOLGRAPH_*``) by the CLI and the web app only.

Everything else in the package takes explicit arguments.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from pydantic import BaseModel, Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

if TYPE_CHECKING:
    from toolgraph.embeddings import Embedder
    from toolgraph.llm import ChatModel


class Neo4jSettings(BaseSettings):
    """An external Neo4j server. When ``uri`` is unset the embedded server is used."""

    model_config = SettingsConfigDict(env_prefix="TOOLGRAPH_NEO4J_", extra="ignore")

    uri: str | None = None
    user: str = "neo4j"
    password: SecretStr = SecretStr("")
    database: str = "neo4j"
    gds_uri: str | None = Field(None, description="a server of the same database with GDS (a cluster's analytics "
                                "secondary): graph jobs compute there and write their results through `uri`")


class EmbeddedSettings(BaseSettings):
    """The embedded ArcadeDB server that ToolGraph starts as a background process on 127.0.0.1."""

    model_config = SettingsConfigDict(env_prefix="TOOLGRAPH_EMBEDDED_", extra="ignore")

    heap: str = Field("2g", description="JVM heap (-Xmx), e.g. 512m, 2g")
    bolt_port: int = Field(17687, ge=1, le=65535)
    http_port: int = Field(12480, ge=1, le=65535)
    database: str = "toolgraph"
    start_timeout_s: float = Field(90.0, gt=0)

    @field_validator("heap")
    @classmethod
    def _check_heap(cls, value: str) -> str:
        import re

        if not re.fullmatch(r"[1-9][0-9]*[kKmMgG]", value):
            raise ValueError(f"heap must look like 512m or 2g, got {value!r}")
        return value.lower()

    @field_validator("database")
    @classmethod
    def _check_db(cls, value: str) -> str:
        import re

        if not re.fullmatch(r"[A-Za-z][A-Za-z0-9_]{0,63}", value):
            raise ValueError(f"database name must be letters, digits and _, got {value!r}")
        return value


class LLMSettings(BaseSettings):
    """An OpenAI-compatible chat endpoint. Unset base URL and model: no LLM (graph-only policies)."""

    model_config = SettingsConfigDict(env_prefix="TOOLGRAPH_LLM_", extra="ignore")

    base_url: str | None = None
    model: str | None = None
    api_key: SecretStr = SecretStr("")
    temperature: float = Field(0.0, ge=0, le=2)
    max_tokens: int = Field(1024, ge=16, le=131072)
    timeout_s: float = Field(60.0, gt=0)
    max_retries: int = Field(2, ge=0, le=10, description="re-asks after an invalid answer")
    protocol: str = Field("json", pattern="^(json|function_call|native)$",
                          description="how the planner asks for actions: JSON, <function_call> text, native tools")
    decoupled: bool = Field(False, description="think first, then act in a separate short call (weaker models)")
    max_calls: int = Field(60, ge=1, le=10000, description="LLM calls per plan; past it the graph policy decides")

    @property
    def configured(self) -> bool:
        return bool(self.base_url and self.model)

    def client(self) -> ChatModel | None:
        if not self.configured:
            return None
        from toolgraph.llm import ChatModel

        assert self.base_url and self.model
        return ChatModel(base_url=self.base_url, model=self.model, api_key=self.api_key.get_secret_value(),
                         temperature=self.temperature, max_tokens=self.max_tokens, timeout_s=self.timeout_s,
                         max_retries=self.max_retries)


class EmbedSettings(BaseSettings):
    """The embedding model: local (FlagEmbedding; default: the offline all-MiniLM-L6-v2) or an OpenAI-compatible
    embeddings endpoint."""

    model_config = SettingsConfigDict(env_prefix="TOOLGRAPH_EMBED_", extra="ignore")

    provider: str = Field("flag", pattern="^(flag|openai)$")
    model: str | None = Field(None, description="BGE name or folder; unset: the offline all-MiniLM-L6-v2")
    pooling: str | None = Field(None, pattern="^(cls|mean)$")
    query_instruction: str | None = None
    batch_size: int = Field(64, ge=1, le=4096)
    threads: int = Field(1, ge=0, le=256, description="torch threads for embedding (0: torch's own, one per core)")
    query_precision: str = Field("auto", pattern="^(auto|float32|bfloat16)$",
                                 description="the query forward pass: bfloat16 where the CPU runs it natively (auto)")
    batch_window_ms: float = Field(2.0, ge=0, le=1000, description="concurrent queries gathered into one forward "
                                   "pass: how long the model's thread waits for more after the first")
    batch_max: int = Field(64, ge=1, le=4096, description="query texts in one gathered forward pass at most")
    base_url: str | None = None
    api_key: SecretStr = SecretStr("")

    def embedder(self) -> Embedder:
        if self.provider == "openai":
            from toolgraph.embeddings.openai_compat import OpenAIEmbedder

            if not self.base_url or not self.model:
                from toolgraph.errors import ConfigError

                raise ConfigError("TOOLGRAPH_EMBED_PROVIDER=openai needs TOOLGRAPH_EMBED_BASE_URL and _MODEL")
            return OpenAIEmbedder(base_url=self.base_url, model=self.model, api_key=self.api_key.get_secret_value(),
                                  batch_size=self.batch_size)
        from toolgraph.embeddings.flag import FlagEmbedder

        return FlagEmbedder(self.model, pooling=self.pooling, query_instruction=self.query_instruction,
                            batch_size=self.batch_size, threads=self.threads or None,
                            query_precision=self.query_precision, batch_window_ms=self.batch_window_ms,
                            batch_max=self.batch_max)


class WebSettings(BaseSettings):
    """The web page (``toolgraph serve``): sessions, who may view, how big a drawn neighbourhood may get."""

    model_config = SettingsConfigDict(env_prefix="TOOLGRAPH_WEB_", extra="ignore")

    secret_key: SecretStr | None = Field(
        None, description="signs the session cookie; unset: generated once into $TOOLGRAPH_HOME/web_secret_key (0600)")
    session_minutes: int = Field(480, ge=1, le=43200, description="a login expires this long after it was made")
    login_to_view: bool = Field(False, description="require a login to view pages and read the JSON API too")
    login_to_plan: bool = Field(False, description="require a login to run the planner from the path viewer")
    login_to_run: bool = Field(
        False, description="require a login to run tools (ask on the QA page) and to read stored runs and questions")
    secure_cookies: bool = Field(False, description="send the session cookie over HTTPS only (behind TLS)")
    max_nodes: int = Field(300, ge=10, le=5000, description="most tools drawn in one neighbourhood")


class ExecGroup(BaseModel):
    """How to reach one tool group's HTTP API (keyed by group id or name in ``TOOLGRAPH_EXEC_GROUPS``)."""

    base_url: str | None = Field(None, description="replaces the spec's server URL")
    headers: dict[str, SecretStr] = Field(
        {}, description="sent with every call to the group's origin (API keys); never stored or printed")
    credential_origins: list[str] = Field(
        [], description="more origins (scheme://host:port) the headers may go to, beside the base URL's")
    allow_hosts: list[str] = Field([], description="hosts calls and redirects may reach; empty: the base URL's host")
    allow_private: bool = Field(False, description="allow loopback, link-local and private addresses (local services)")


class ExecSettings(BaseSettings):
    """Running plans (``toolgraph run``): deadlines, retries, caps, and how to reach each group's API."""

    model_config = SettingsConfigDict(env_prefix="TOOLGRAPH_EXEC_", extra="ignore")

    groups: dict[str, ExecGroup] = Field({}, description="JSON: {group id or name: {base_url, headers, ...}}")
    groups_file: Path | None = Field(None, description="a JSON file of the same shape, merged under `groups`")
    call_timeout_s: float = Field(20.0, gt=0, le=600)
    run_timeout_s: float = Field(120.0, gt=0, le=3600)
    retries: int = Field(2, ge=0, le=10, description="extra tries of a call after a retryable error")
    max_retry_after_s: float = Field(10.0, ge=0, le=300, description="the longest Retry-After honoured")
    per_host: int = Field(4, ge=1, le=64, description="concurrent calls to one host")
    max_response_bytes: int = Field(2_000_000, ge=1024, le=100_000_000)
    compress_chars: int = Field(1024, ge=64, le=100_000, description="a compressed response's size")
    substitutes: int = Field(2, ge=0, le=10, description="similar tools tried after a call fails")
    replans: int = Field(1, ge=0, le=3, description="re-planning of a failed call's subtask (0: never)")
    second_looks: int = Field(1, ge=0, le=3, description="whole plans tried again without a lookup that found "
                              "nothing for the request's name (0: never)")
    pages: int = Field(10, ge=1, le=50, description="pages of a paginated list read at most (1: the first only)")
    follow: bool = Field(True, description="a partial run follows an id its answer holds to the lookup of that "
                         "thing (false: never)")

    def all_groups(self) -> dict[str, ExecGroup]:
        merged: dict[str, ExecGroup] = {}
        if self.groups_file is not None:
            import json

            try:
                raw = json.loads(Path(self.groups_file).read_text())
            except (OSError, ValueError) as exc:
                raise ValueError(f"TOOLGRAPH_EXEC_GROUPS_FILE {self.groups_file}: {exc}") from exc
            merged.update({k: ExecGroup.model_validate(v) for k, v in raw.items()})
        merged.update(self.groups)
        return merged


class ProxySettings(BaseSettings):
    """``toolgraph proxy``: tools always sent, and how many one request may carry."""

    model_config = SettingsConfigDict(env_prefix="TOOLGRAPH_PROXY_", extra="ignore")

    pin: str = Field("", description="comma-separated tools always sent: the client's function names, or graph "
                                     "tool ids when the client sends no tools")
    max_tools: int = Field(0, ge=0, le=4096, description="tools sent per request at most, pinned ones included "
                                                         "(0: no cap)")

    def pins(self) -> list[str]:
        return [p.strip() for p in self.pin.split(",") if p.strip()]


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="TOOLGRAPH_", extra="ignore")

    home: Path = Field(Path(".toolgraph"), description="where the embedded server keeps its state")
    # 10,000: a tenth of the statements of 1,000 for the same rows (docs/results/scale_bench_160k_both.md).
    # Statements stay under the Bolt message limit whatever the rows (toolgraph.ingest.limits.byte_chunks).
    batch_size: int = Field(10_000, ge=1, le=20000, description="rows per UNWIND statement")
    # The resident runtime (docs/runtime.md). The CLI's thin client reads these three from the environment itself,
    # by the same names, before any of this is imported: keep them plain values.
    runtime: str = Field("auto", pattern="^(auto|off)$",
                         description="auto: `search`, `plan` and `run` go through a resident process that holds the "
                                     "model and the connection, started on first use; off: every command loads them")
    runtime_idle_s: float = Field(900.0, gt=0, le=86400, description="the runtime stops after this long unused")
    runtime_start_timeout_s: float = Field(
        120.0, gt=0, le=3600, description="how long a command waits for a starting runtime before it answers itself")
    keep_reads: bool = Field(
        True, description="a long-lived process (web page, proxy, MCP server, runtime) keeps the search's catalog "
                          "stamp and dependency edges in memory until a ToolGraph process writes the embedded "
                          "server's graph (the write mark in TOOLGRAPH_HOME; never with TOOLGRAPH_NEO4J_URI)")
    runtime_graph_cache: bool = Field(
        True, description="the runtime keeps the planner's graph reads across commands until a ToolGraph process "
                          "writes the embedded server's graph (not with TOOLGRAPH_NEO4J_URI)")
    neo4j: Neo4jSettings = Field(default_factory=Neo4jSettings)
    embedded: EmbeddedSettings = Field(default_factory=EmbeddedSettings)
    llm: LLMSettings = Field(default_factory=LLMSettings)
    embed: EmbedSettings = Field(default_factory=EmbedSettings)
    web: WebSettings = Field(default_factory=WebSettings)
    exec: ExecSettings = Field(default_factory=ExecSettings)
    proxy: ProxySettings = Field(default_factory=ProxySettings)

    @property
    def uses_embedded(self) -> bool:
        return not self.neo4j.uri
