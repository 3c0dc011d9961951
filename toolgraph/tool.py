"""One tool as the graph gives it back: the one read model of a ``Tool`` node, whatever query returned it.

Every query that returns tools (``planner_tools``, ``tool_details``, ``tool_cards``, ``embed_tool_rows``,
``job_tool_features``, and the ``props`` map of ``fetch_tools``) is decoded by :meth:`Tool.from_row`, once:

- parameter lists, the output schema and the source reference are stored as JSON strings (``toolgraph.models``);
  they are decoded here, and a value already decoded (a list, a map) is taken as it is;
- a field the query does not return, or a null (a tool outside any group, a weight no job wrote), takes its default:
  no name is the id, no availability is 1.0;
- ``group`` is the group's name; ``tool_details`` returns the group as a map (``{id, name, ...}``), the others its
  name (and ``group_id`` its id);
- the backends differ only in the types they give back (an integer where a float was stored, a tuple where a list
  was, NumPy floats from the in-memory vectors): the fields coerce them.

A malformed row (JSON that does not parse, a parameter list that is not a list of parameters, no id) raises
:class:`ToolRowError`, which names the tool and the field. The planner's :class:`~toolgraph.planner.graph.ToolCard` and
the executors' :class:`~toolgraph.execute.base.ExecTool` are this model with their own methods.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from typing import Any, Self

from pydantic import (
    AliasChoices,
    BaseModel,
    ConfigDict,
    Field,
    TypeAdapter,
    ValidationError,
    field_validator,
    model_validator,
)

from toolgraph.errors import ToolGraphError
from toolgraph.models import Param

#: fields stored as JSON strings, with the value a null stands for
JSON_FIELDS: dict[str, Any] = {"required_params": list, "optional_params": list, "output_schema": None,
                               "observed_schema": None, "source_ref": dict}


class ToolRowError(ToolGraphError, ValueError):
    """A tool row the graph returned cannot be read; the message names the tool and the field."""

    def __init__(self, tool_id: Any, field: str, problem: str) -> None:
        super().__init__(f"tool {tool_id!r}: field {field}: {problem}")
        self.tool_id, self.field, self.problem = tool_id, field, problem


def _decode(tool_id: Any, field: str, value: Any) -> Any:
    """A stored JSON field decoded; null or an empty string is the field's default."""
    if value is None or value == "":
        default = JSON_FIELDS[field]
        return default() if callable(default) else default
    if isinstance(value, (str, bytes)):
        try:
            return json.loads(value)
        except ValueError as exc:
            raise ToolRowError(tool_id, field, f"not JSON ({exc}): {str(value)[:80]!r}") from None
    return value


def _row_error(tool_id: Any, exc: ValidationError) -> ToolRowError:
    """The first problem pydantic found, as a :class:`ToolRowError` naming the field (``required_params[0].name``)."""
    first = exc.errors()[0]
    cause = (first.get("ctx") or {}).get("error")
    if isinstance(cause, ToolRowError):  # a JSON field that does not parse
        return cause
    where = ".".join(str(p) if isinstance(p, str) else f"[{p}]" for p in first["loc"]).replace(".[", "[")
    return ToolRowError(tool_id, where or "row", f"{first['msg']} (got {first.get('input')!r:.80})")


_PARAMS = TypeAdapter(list[Param])


@lru_cache(maxsize=4096)
def _stored_params(raw: str) -> tuple[Param, ...]:
    """A stored parameter list, validated once per distinct JSON text (the planner reads the same tools again in
    every run); raises ValueError or ValidationError."""
    return tuple(_PARAMS.validate_python(json.loads(raw)))


def _params(tool_id: Any, field: str, raw: Any) -> Any:
    """A parameter list as stored (JSON text: validated through the cache) or as given (left to the model)."""
    if not isinstance(raw, str) or not raw:
        return _decode(tool_id, field, raw)
    try:
        return list(_stored_params(raw))
    except ValidationError as exc:
        error = _row_error(tool_id, exc)
        raise ToolRowError(tool_id, f"{field}{error.field.removeprefix('row')}", error.problem) from None
    except ValueError as exc:
        raise ToolRowError(tool_id, field, f"not JSON ({exc}): {raw[:80]!r}") from None


class Tool(BaseModel):
    """A tool node as read from the graph (any query returning tools; fields it does not return take defaults)."""

    model_config = ConfigDict(extra="ignore")

    id: str
    name: str = ""  # the id when the node has none
    description: str = ""
    group: str = Field("", validation_alias=AliasChoices("group", "group_name"))  # the group's name
    group_id: str | None = None
    category: str = ""
    method: str = ""
    url: str = ""
    source: str = ""
    source_ref: dict[str, Any] = {}
    function_name: str | None = None
    required_params: list[Param] = []
    optional_params: list[Param] = []
    output_schema: Any = None
    observed_schema: Any = None  # the shape of real responses, learnt from runs (toolgraph.execute.shapes)
    importance: float = 0.0
    availability: float = 1.0
    # numbers kept as given: the in-memory matrix's float32 stay float32, so the planner's cosines do not move
    embedding: list[Any] | None = None

    @model_validator(mode="before")
    @classmethod
    def _stored(cls, data: Any) -> Any:
        """Nulls to defaults, JSON strings decoded, the group map of ``tool_details`` split into name and id."""
        if not isinstance(data, Mapping):
            return data
        row = {k: v for k, v in data.items() if v is not None}
        tool_id = row.get("id")
        for field in JSON_FIELDS:
            if field in data:
                decode = _params if field.endswith("_params") else _decode
                row[field] = decode(tool_id, field, data[field])
        group = row.get("group")
        if isinstance(group, Mapping):
            row["group"] = group.get("name") or ""
            if group.get("id") is not None:
                row.setdefault("group_id", group["id"])
        if not row.get("name") and tool_id:
            row["name"] = tool_id
        return row

    @field_validator("embedding", mode="before")
    @classmethod
    def _vector(cls, value: Any) -> Any:
        return list(value) if value is not None and not isinstance(value, (list, str, Mapping)) else value

    @classmethod
    def from_row(cls, row: Mapping[str, Any]) -> Self:
        """The tool of one query row; :class:`ToolRowError` (naming the tool and the field) when it is malformed."""
        if not isinstance(row, Mapping):
            raise ToolRowError(None, "row", f"a tool row is a map, not {type(row).__name__}")
        if row.get("id") in (None, ""):
            raise ToolRowError(None, "id", f"missing (a row with {', '.join(sorted(map(str, row))) or 'nothing'})")
        try:
            return cls.model_validate(row)
        except ValidationError as exc:
            raise _row_error(row.get("id"), exc) from None

    @classmethod
    def of(cls, value: Any, *, need_id: bool = True) -> Self:
        """``value`` itself when it is already a tool of this class, else the tool of a row. ``need_id=False``
        reads a row that has no id (a client's function, not a graph tool): its id is empty, its name its own."""
        if isinstance(value, cls):
            return value
        if isinstance(value, Tool):
            return cls.model_validate(dict(value))
        if not need_id and isinstance(value, Mapping) and value.get("id") in (None, ""):
            value = {**value, "id": ""}
            try:
                return cls.model_validate(value)
            except ValidationError as exc:
                raise _row_error(None, exc) from None
        return cls.from_row(value)

    @property
    def mutating(self) -> bool:
        """A tool that may change data somewhere: an HTTP method other than GET/HEAD/OPTIONS, or a tool whose
        source marks it so (``source_ref.mutating``). Running it needs an editor in the web page."""
        if self.source_ref.get("mutating") is not None:
            return bool(self.source_ref["mutating"])
        return bool(self.method) and self.method.upper() not in ("GET", "HEAD", "OPTIONS")

    @property
    def params(self) -> list[Param]:
        return [*self.required_params, *self.optional_params]

    def param_dicts(self, required: bool = True) -> list[dict[str, Any]]:
        """The required (or optional) parameters as stored: plain maps (``Param.as_dict``)."""
        return [p.as_dict() for p in (self.required_params if required else self.optional_params)]

    def embed_text(self) -> str:
        """The text a tool is embedded and keyword-searched by: name, description, parameters, group, category."""
        params = []
        for p in self.params:
            desc = p.description.strip()
            params.append(f"{p.name} ({desc})" if desc else p.name)
        parts = [self.name, self.description.strip()]
        if params:
            parts.append("Parameters: " + ", ".join(params))
        parts.append(f"Tool: {self.group}. Category: {self.category}.")
        return ". ".join(p for p in parts if p)[:4000]
