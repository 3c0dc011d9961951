"""Pydantic models at the boundary between input files and the graph.

Every string from outside is cleaned (control characters removed, length bounded) before it can reach the
database; parameter lists, schemas and source references are stored as JSON strings.
"""

from __future__ import annotations

import json
import re
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints, field_validator

CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
DEPENDENCY_TYPES = ("SEQUENTIAL", "STRONG_RESOURCE", "WEAK_RESOURCE")
# Edges whose `source` says a person made or edited them are never overwritten by an import.
MANUAL_SOURCES = frozenset({"analyst", "user", "manual"})
# Additive smoothing of transition weights P(B | A), used by the importers and the transition job
# (gds_jobs/transition.py, docs/weights.md).
TRANSITION_ALPHA = 0.5


def clean_text(value: str) -> str:
    return CONTROL.sub("", value).strip()


def _name(value: str) -> str:
    value = clean_text(value)
    if not value:
        raise ValueError("must not be empty")
    return value


Name = Annotated[str, StringConstraints(max_length=300), AfterValidator(_name)]
Key = Annotated[str, StringConstraints(max_length=600), AfterValidator(_name)]
Text = Annotated[str, StringConstraints(max_length=20000), AfterValidator(clean_text)]


def slug(value: str) -> str:
    """ToolBench's ``standardize``: lower case, anything but [a-z0-9_] to ``_``, runs of ``_`` collapsed."""
    out = re.sub(r"[^a-z0-9_]", "_", value.lower())
    return re.sub(r"_+", "_", out).strip("_")


def id_part(value: str) -> str:
    """A readable id component; a name with no usable characters gets a stable hash instead, and a name with
    letters or digits outside ASCII (which the slug drops: ``検索 search`` and ``搜索 search``) gets a short hash of
    the original after its slug, so distinct names keep distinct ids. ASCII names keep their plain slug."""
    import hashlib

    digest = hashlib.sha1(value.encode("utf-8")).hexdigest()
    out = slug(value)
    if not out:
        return "x" + digest[:10]
    if any(ord(c) > 127 and c.isalnum() for c in value):
        return f"{out}_{digest[:8]}"
    return out


def toolbench_function_name(tool_name: str, api_name: str) -> str:
    """The function name ToolBench gave an API: standardize(api) + "_for_" + standardize(tool), last 64 chars."""

    def standardize(text: str) -> str:
        out = slug(text)
        return "get_" + out if out[:1].isdigit() else out

    return f"{standardize(api_name)}_for_{standardize(tool_name)}"[-64:]


def to_json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)


class Param(BaseModel):
    model_config = ConfigDict(extra="ignore")

    name: Name
    type: str = "string"
    description: Text = ""
    default: Any = None
    location: str | None = Field(None, description="OpenAPI 'in': path, query, header, cookie, body")
    enum: list[Any] | None = None

    @field_validator("type", mode="before")
    @classmethod
    def _type(cls, value: Any) -> str:
        return clean_text(str(value or "string"))[:100] or "string"

    @field_validator("description", mode="before")
    @classmethod
    def _desc(cls, value: Any) -> str:
        return "" if value is None else str(value)

    def as_dict(self) -> dict[str, Any]:
        return self.model_dump(exclude_none=True)


class CategorySpec(BaseModel):
    name: Name
    description: Text = ""

    def props(self) -> dict[str, Any]:
        return {"description": self.description}


class GroupSpec(BaseModel):
    id: Key
    name: Name
    category: Name
    description: Text = ""
    home_url: str | None = Field(None, max_length=2000)
    host: str | None = Field(None, max_length=500)
    pricing: str | None = Field(None, max_length=200)
    avg_service_level: float | None = Field(None, ge=0, le=1)
    avg_latency_ms: float | None = Field(None, ge=0)
    avg_success_rate: float | None = Field(None, ge=0, le=1)
    popularity_score: float | None = Field(None, ge=0)
    source: str

    def props(self) -> dict[str, Any]:
        return self.model_dump(exclude={"id", "category"}, exclude_none=True)


class ToolSpec(BaseModel):
    id: Key
    name: Name
    group_id: Key
    description: Text = ""
    method: str | None = Field(None, max_length=20)
    url: str | None = Field(None, max_length=2000)
    required_params: list[Param] = []
    optional_params: list[Param] = []
    output_schema: Any = None
    source: str
    source_ref: dict[str, Any]
    function_name: str | None = None

    @field_validator("method", mode="before")
    @classmethod
    def _method(cls, value: Any) -> str | None:
        if value is not None and not isinstance(value, str):
            raise ValueError(f"must be text such as 'GET', not {type(value).__name__}")
        return clean_text(value).upper() or None if value else None

    def props(self) -> dict[str, Any]:
        """Graph properties; None values are left out so an import never erases what another one set."""
        props: dict[str, Any] = {
            "name": self.name,
            "description": self.description,
            "method": self.method,
            "url": self.url,
            "required_params": to_json([p.as_dict() for p in self.required_params]),
            "optional_params": to_json([p.as_dict() for p in self.optional_params]),
            "output_schema": None if self.output_schema is None else to_json(self.output_schema),
            "source": self.source,
            "source_ref": to_json(self.source_ref),
            "function_name": self.function_name,
        }
        return {k: v for k, v in props.items() if v is not None}


class DependencySpec(BaseModel):
    source: Key
    target: Key
    type: Literal["SEQUENTIAL", "STRONG_RESOURCE", "WEAK_RESOURCE"]
    resource: Name | None = None
    description: Text = ""
    weight: float | None = Field(None, ge=0, le=1)
    origin: str = Field(description="stored as the edge's `source` property: who or what made the edge")

    def key(self) -> tuple[str, str, str, str]:
        return (self.source, self.target, self.type, self.resource or "")

    def props(self) -> dict[str, Any]:
        props: dict[str, Any] = {"description": self.description, "source": self.origin}
        # A SEQUENTIAL weight is P(B | A), derived from the counts by the transition job; only a person's
        # (analyst, user, manual) is stored as given, and the job then leaves it alone.
        if self.weight is not None and (self.type != "SEQUENTIAL" or self.origin in MANUAL_SOURCES):
            props["weight"] = self.weight
        return props


class CallPathSpec(BaseModel):
    id: Key
    query: Text = ""
    success: bool
    source: str
    source_ref: dict[str, Any] = {}
    steps: list[Key] = Field(min_length=1, max_length=1000)

    def props(self) -> dict[str, Any]:
        return {
            "query": self.query,
            "success": self.success,
            "source": self.source,
            "source_ref": to_json(self.source_ref),
            "length": len(self.steps),
        }

    def transitions(self) -> list[tuple[str, str]]:
        """Consecutive pairs of distinct tools: a tool called several times in a row is one step of the walk."""
        return [(a, b) for a, b in zip(self.steps, self.steps[1:]) if a != b]
