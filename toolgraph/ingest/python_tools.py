"""Python callables: every public function of a module (or the public methods of a class) becomes a tool.

``MODULE`` or ``MODULE:ATTR`` (``ATTR`` a class, or one function). Public: a name without a leading ``_``, defined
in that module (not imported into it); ``__all__``, when the module has one, decides instead.

- category ``--category`` (default ``Python``); group: the module (or ``module.Class``), ``--group`` to rename;
- tool id ``<category>/<group>/<function>``, ``function_name`` the function's name, ``source: python``,
  ``source_ref`` ``{module, qualname, inject: {param: service}, async, mutating?}``;
- parameters from the signature and type hints (``str`` string, ``int`` integer, ``float`` number, ``bool``
  boolean, lists/tuples/sets array, dicts and classes object, ``Literal``/``Enum`` enum, ``Optional[X]`` X),
  descriptions from the docstring (Google, NumPy or reST); no default means required; ``output_schema`` from the
  return annotation (list items, TypedDict / dataclass / pydantic fields);
- parameters typed as an injectable service (:mod:`toolgraph.injection`: the graph store, an httpx client) are
  filled at call time and never exposed; ``*args``/``**kwargs`` are left out;
- a function may set ``toolgraph_mutating = True`` (or False) on itself: kept as ``source_ref.mutating``.

Importing a module runs its top-level code: import only modules you trust.
"""

from __future__ import annotations

import contextlib
import dataclasses
import enum
import importlib
import inspect
import types
import typing
from typing import Any

from toolgraph.errors import InputFileError
from toolgraph.ingest.batch import ImportBatch
from toolgraph.ingest.docstrings import inline_description, parse_docstring
from toolgraph.injection import service_kind
from toolgraph.models import CategorySpec, GroupSpec, ToolSpec, id_part
from toolgraph.text.schema import PYTHON_TYPES

SOURCE = "python"
DEFAULT_CATEGORY = "Python"
ARRAYS = (list, tuple, set, frozenset)


def hint_type(hint: Any) -> tuple[str, list[Any] | None]:
    """(JSON type, enum) of a type annotation."""
    origin = typing.get_origin(hint)
    if origin is typing.Annotated:
        return hint_type(typing.get_args(hint)[0])
    if origin is typing.Literal:
        values = list(typing.get_args(hint))
        return PYTHON_TYPES.get(type(values[0]), "string") if values else "string", values
    if origin in (typing.Union, types.UnionType):
        options = [a for a in typing.get_args(hint) if a is not type(None)]
        return hint_type(options[0]) if len(options) == 1 else ("string", None)
    if inspect.isclass(hint) and issubclass(hint, enum.Enum):
        values = [m.value for m in hint]
        return PYTHON_TYPES.get(type(values[0]), "string") if values else "string", values
    base = origin or hint
    if base in PYTHON_TYPES:
        return PYTHON_TYPES[base], None
    if inspect.isclass(base) and issubclass(base, ARRAYS):
        return "array", None
    if hint is inspect.Parameter.empty or hint is Any:
        return "string", None
    return "object", None


def hint_schema(hint: Any, depth: int = 0) -> dict[str, Any]:
    """A JSON Schema of a return annotation: element types of lists, fields of TypedDicts, dataclasses and
    pydantic models (what downstream tools can take from the output), three levels deep."""
    json_type, values = hint_type(hint)
    schema: dict[str, Any] = {"type": json_type}
    if values is not None:
        schema["enum"] = values
    if depth >= 3:
        return schema
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        options = [a for a in args if a is not type(None)]
        return hint_schema(options[0], depth) if len(options) == 1 else schema
    if origin is typing.Annotated:
        return hint_schema(args[0], depth)
    if json_type == "array" and args:
        schema["items"] = hint_schema(args[0], depth + 1)
    fields: dict[str, Any] = {}
    if inspect.isclass(hint) and typing.is_typeddict(hint):
        fields = typing.get_type_hints(hint)
    elif inspect.isclass(hint) and dataclasses.is_dataclass(hint):
        fields = {f.name: f.type for f in dataclasses.fields(hint)}
        with contextlib.suppress(Exception):
            fields = {name: t for name, t in typing.get_type_hints(hint).items() if name in fields}
    elif inspect.isclass(hint) and hasattr(hint, "model_fields"):
        fields = {name: f.annotation for name, f in hint.model_fields.items()}
    if fields:
        schema["properties"] = {name: hint_schema(t, depth + 1) for name, t in fields.items()}
    return schema


def import_target(target: str) -> tuple[Any, Any, str]:
    """(module, the object named, its qualname or "") for ``module`` or ``module:Attr``; clear errors."""
    module_name, _, attr = target.partition(":")
    if not module_name or any(not part.isidentifier() for part in module_name.split(".")):
        raise InputFileError(f"{target!r}: not a module name (expected MODULE or MODULE:ATTR, e.g. mypkg.tools)")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        raise InputFileError(f"{module_name}: cannot import: {exc} (is it installed, or on PYTHONPATH?)") from exc
    except Exception as exc:  # the module's own code failed: say so, whatever it raised
        raise InputFileError(f"{module_name}: importing it failed: {type(exc).__name__}: {exc}") from exc
    obj: Any = module
    for part in attr.split(".") if attr else []:
        if not hasattr(obj, part):
            raise InputFileError(f"{target}: {module_name} has no attribute {attr!r}")
        obj = getattr(obj, part)
    if attr and not (inspect.isclass(obj) or inspect.isfunction(obj)):
        raise InputFileError(f"{target}: {attr!r} is neither a class nor a function")
    return module, obj, attr


def public_callables(module: Any, obj: Any) -> list[tuple[str, Any]]:
    """(qualname, function) of what becomes a tool, in definition order."""
    if inspect.isfunction(obj):
        return [(obj.__qualname__, obj)]
    if inspect.isclass(obj):
        out = []
        for name, raw in vars(obj).items():
            fn = raw.__func__ if isinstance(raw, (staticmethod, classmethod)) else raw
            if not name.startswith("_") and inspect.isfunction(fn):
                out.append((f"{obj.__qualname__}.{name}", fn))
        return out
    names = getattr(module, "__all__", None)
    out = []
    for name, fn in vars(module).items():
        if not inspect.isfunction(fn):
            continue
        wanted = name in names if names is not None else not name.startswith("_") and fn.__module__ == module.__name__
        if wanted:
            out.append((name, fn))
    return out


def describe_callable(fn: Any, *, skip_first: bool = False) -> dict[str, Any]:
    """Description, parameters, injected services and output schema of one function."""
    try:
        hints = typing.get_type_hints(fn, include_extras=True)
    except Exception:  # an annotation that cannot be resolved: fall back to the raw ones
        hints = dict(getattr(fn, "__annotations__", {}))
    summary, docs = parse_docstring(inspect.getdoc(fn))
    required, optional, inject = [], [], {}
    params = list(inspect.signature(fn).parameters.values())
    for param in params[1:] if skip_first else params:
        if param.kind in (param.VAR_POSITIONAL, param.VAR_KEYWORD):
            continue
        hint = hints.get(param.name, param.annotation)
        kind = service_kind(hint)
        if kind is not None:
            inject[param.name] = kind
            continue
        json_type, values = hint_type(hint)
        has_default = param.default is not param.empty
        entry = {"name": param.name, "type": json_type, "description": docs.get(param.name) or inline_description(
            inspect.getdoc(fn), param.name), "enum": values,
                 "default": param.default if has_default and _plain(param.default) else None}
        (optional if has_default else required).append(entry)
    returns = hints.get("return", inspect.Signature.empty)
    output = None if returns in (inspect.Signature.empty, None, type(None)) else hint_schema(returns)
    return {"description": summary, "required": required, "optional": optional, "inject": inject, "output": output}


def _plain(value: Any) -> bool:
    return value is None or isinstance(value, (str, int, float, bool, list, dict))


def _only_in(folder: str, module: Any) -> bool:
    """Whether the module was found in ``folder`` and nowhere else on ``sys.path`` (so a run must be told where)."""
    import importlib.machinery
    import os
    import sys

    folder = os.path.abspath(folder)
    if not os.path.abspath(getattr(module, "__file__", None) or "").startswith(os.path.join(folder, "")):
        return False
    top = module.__name__.split(".")[0]
    others = [p for p in sys.path if os.path.abspath(p or ".") != folder]
    return importlib.machinery.PathFinder.find_spec(top, others) is None


def read_python(
    target: str,
    batch: ImportBatch,
    *,
    group: str | None = None,
    category: str | None = None,
    search_path: str | None = None,
) -> ImportBatch:
    """``search_path``: a folder put on ``sys.path`` for the import (the CLI's current folder); recorded as
    ``source_ref.path`` when the module was found only there, so a run from elsewhere imports it again."""
    import os
    import sys

    if search_path and search_path not in sys.path:
        sys.path.insert(0, search_path)
    module, obj, attr = import_target(target)
    local = bool(search_path) and _only_in(search_path or ".", module)
    found = public_callables(module, obj)
    if not found:
        raise InputFileError(f"{target}: no public functions to import")
    batch.report.files += 1
    category_name = category or DEFAULT_CATEGORY
    owner = obj if inspect.isclass(obj) else None
    group_name = group or (f"{module.__name__}.{owner.__qualname__}" if owner else module.__name__)
    gid = f"{id_part(category_name)}/{id_part(group_name)}"
    summary = parse_docstring(inspect.getdoc(owner or module))[0]
    cat = batch.build(CategorySpec, {"name": category_name}, target, "", "category.")
    grp = batch.build(GroupSpec, {"id": gid, "name": group_name, "category": category_name, "description": summary,
                                  "source": SOURCE}, target, "", "group.")
    if cat is None or grp is None or not batch.add_category(cat, target, "") or not batch.add_group(grp, target, ""):
        return batch
    for qualname, fn in found:
        batch.report.records += 1
        raw = inspect.getattr_static(owner, fn.__name__) if owner else fn
        try:
            info = describe_callable(fn, skip_first=owner is not None and not isinstance(raw, staticmethod))
        except (TypeError, ValueError) as exc:
            batch.reject(target, qualname, "signature", f"cannot read it: {exc}")
            continue
        ref: dict[str, Any] = {"module": module.__name__, "qualname": qualname, "inject": info["inject"],
                               "async": inspect.iscoroutinefunction(fn)}
        if getattr(fn, "toolgraph_mutating", None) is not None:
            ref["mutating"] = bool(fn.toolgraph_mutating)
        if local:
            ref["path"] = os.path.abspath(search_path or ".")
        tool = batch.build(
            ToolSpec,
            {"id": f"{gid}/{id_part(fn.__name__)}", "name": fn.__name__, "group_id": gid,
             "description": info["description"], "required_params": info["required"],
             "optional_params": info["optional"], "output_schema": info["output"], "function_name": fn.__name__,
             "source": SOURCE, "source_ref": ref},
            target, qualname,
        )
        if tool is not None:
            batch.add_tool(tool, target, qualname)
    return batch
