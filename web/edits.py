"""The dependency editor: add, change (type, resource, weight, description) and delete dependency edges, and undo.

- Validation: both tools exist and differ, the type is SEQUENTIAL, STRONG_RESOURCE or WEAK_RESOURCE, a resource
  edge names its resource (a SEQUENTIAL one none), the weight is a number in [0, 1], and no edge with the same key
  ``(source, target, type, resource)`` exists already. A failed check names the field and writes nothing.
- An edited edge gets ``source: 'analyst'`` (with ``edited_by``, ``edited_at`` and, the first time, the
  ``original_source``): imports and weight jobs never overwrite such an edge (models.MANUAL_SOURCES), and the
  resources job never writes back an edge a person deleted.
- Every change is recorded as ``(:Edit {id, user, at, action, type, source_id, target_id, resource, new_type,
  new_resource, before, after, undone})`` in the same transaction as the change; ``before`` / ``after`` are the
  edge as JSON ``{type, props}`` (null: no edge). Undo puts ``before`` back, exactly, if the edge is still as the
  edit left it, and is recorded too (``action: 'undo'``, ``undoes``).
- Concurrency: every change runs as one retried write transaction (GraphStore.write) that first locks the source
  tool's edges (``lock_tool_edges``), so the ``before`` an Edit records is the state it replaced. An edge's
  ``version`` is a short hash of its ``{type, props}``; a change or delete that sends the ``version`` it saw is
  refused with 409 and the current state (``current``) when the edge has changed since.
"""

from __future__ import annotations

import hashlib
import json
import math
import uuid
from datetime import UTC, datetime
from typing import Any

from toolgraph.db.store import GraphStore, Tx, retryable
from toolgraph.errors import DatabaseUnavailableError, GraphStoreError
from toolgraph.models import DEPENDENCY_TYPES, MANUAL_SOURCES, clean_text
from web.errors import Conflict, Forbidden, NotFound, ValidationFailed

SET_EDGE = {"SEQUENTIAL": "set_sequential_edge", "STRONG_RESOURCE": "set_strong_resource_edge",
            "WEAK_RESOURCE": "set_weak_resource_edge"}
ANALYST = "analyst"
MAX_ID = 600
MAX_RESOURCE = 300
MAX_DESCRIPTION = 2000

Key = tuple[str, str, str, str]  # source, target, type, resource ('' for SEQUENTIAL)


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


# -- reading the input ----------------------------------------------------------------------------------------------
def _text(data: dict[str, Any], field: str, limit: int, *, required: bool = False) -> str:
    raw = data.get(field)
    if raw is None:
        raw = ""
    if not isinstance(raw, str):
        raise ValidationFailed(f"{field} must be text", field)
    value = clean_text(raw)
    if len(value) > limit:
        raise ValidationFailed(f"{field} is longer than {limit} characters", field)
    if required and not value:
        raise ValidationFailed(f"{field} is required", field)
    return value


def _type(data: dict[str, Any], field: str) -> str:
    raw = data.get(field)
    value = raw.strip().upper() if isinstance(raw, str) else raw
    if value not in DEPENDENCY_TYPES:
        raise ValidationFailed(f"{field} must be one of {', '.join(DEPENDENCY_TYPES)}", field)
    return value


def _weight(data: dict[str, Any], *, required: bool) -> float | None:
    raw = data.get("weight")
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        if required:
            raise ValidationFailed("weight is required (a number from 0 to 1)", "weight")
        return None
    if isinstance(raw, bool) or not isinstance(raw, (int, float, str)):
        raise ValidationFailed("weight must be a number from 0 to 1", "weight")
    try:
        value = float(raw)
    except ValueError:
        raise ValidationFailed("weight must be a number from 0 to 1", "weight") from None
    if not math.isfinite(value) or not 0.0 <= value <= 1.0:
        raise ValidationFailed("weight must be a number from 0 to 1", "weight")
    return value


def _resource(data: dict[str, Any], field: str, kind: str) -> str:
    value = _text(data, field, MAX_RESOURCE)
    if kind == "SEQUENTIAL":
        if value:
            raise ValidationFailed("a SEQUENTIAL edge has no resource: leave it empty", field)
        return ""
    if not value:
        raise ValidationFailed(f"a {kind} edge needs the resource it carries", field)
    return value


def read_key(data: dict[str, Any]) -> Key:
    source = _text(data, "source", MAX_ID, required=True)
    target = _text(data, "target", MAX_ID, required=True)
    kind = _type(data, "type")
    return source, target, kind, _resource(data, "resource", kind)


# -- the graph ------------------------------------------------------------------------------------------------------
def _params(key: Key) -> dict[str, Any]:
    return {"source": key[0], "target": key[1], "type": key[2], "resource": key[3]}


def get_edge(tx: Tx | GraphStore, key: Key) -> dict[str, Any] | None:
    rows = (tx.run if isinstance(tx, Tx) else tx.query)("get_dependency", **_params(key))
    return rows[0]["props"] if rows else None


def _put(tx: Tx, key: Key, props: dict[str, Any]) -> dict[str, Any]:
    params: dict[str, Any] = {"source": key[0], "target": key[1], "props": props}
    if key[2] != "SEQUENTIAL":
        params["resource"] = key[3]
        params["props"] = {k: v for k, v in props.items() if k != "resource"}
    return tx.run(SET_EDGE[key[2]], **params)[0]["props"]


def edge_version(kind: str, props: dict[str, Any] | None) -> str | None:
    """The version of an edge as the editor saw it: a short hash of ``{type, props}`` (None: no edge)."""
    if props is None:
        return None
    text = json.dumps({"type": kind, "props": props}, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _write(store: GraphStore, work: Any, what: str) -> dict[str, Any]:
    """``store.write``: a transient failure (two edits of one tool colliding in the database) is retried there for
    the store's retry time; one still colliding after that is a 409 saying to try again, not a 500. Nothing was
    written then."""
    try:
        return store.write(work, what=what)
    except GraphStoreError as exc:
        if isinstance(exc, DatabaseUnavailableError) or not retryable(exc.__cause__):
            raise
        raise Conflict(f"{what} collided with other edits of the same tool until the retries ran out; nothing "
                       "was changed: try again", "version", headers={"Retry-After": "1"}) from exc


def _lock(tx: Tx, source: str) -> None:
    tx.run("lock_tool_edges", id=source)


def _check_version(data: dict[str, Any], key: Key, current: dict[str, Any] | None) -> None:
    """Refuse (409, with the current state) a change made on a version of the edge that is no longer there."""
    seen = data.get("version")
    if seen in (None, ""):
        return
    now_version = edge_version(key[2], current)
    if str(seen) != now_version:
        state_now = None if current is None else {"type": key[2], "props": current, "version": now_version}
        raise Conflict(f"the {_key_text(key)} changed since you saw it: look at the current state and try again",
                       "version", extra={"current": state_now})


def _check_tools(tx: Tx, source: str, target: str) -> None:
    if source == target:
        raise ValidationFailed("a tool cannot depend on itself", "target")
    found = {r["id"] for r in tx.run("find_tool_ids", ids=[source, target])}
    for field, tool in (("source", source), ("target", target)):
        if tool not in found:
            raise ValidationFailed(f"no tool {tool!r}", field)


def _state(key: Key | None, props: dict[str, Any] | None) -> str | None:
    return None if key is None or props is None else json.dumps({"type": key[2], "props": props}, sort_keys=True)


def _record(tx: Tx, user: str, action: str, key: Key, new_key: Key | None, before: str | None, after: str | None,
            undoes: str | None = None) -> dict[str, Any]:
    edit = {"id": uuid.uuid4().hex, "user": user, "at": now(), "action": action, "source_id": key[0],
            "target_id": key[1], "type": key[2], "resource": key[3], "new_type": (new_key or key)[2],
            "new_resource": (new_key or key)[3], "before": before, "after": after, "undone": False, "undoes": undoes}
    tx.run("record_edit", edit={k: v for k, v in edit.items() if v is not None})
    return edit_view(edit)


def edit_view(edit: dict[str, Any]) -> dict[str, Any]:
    out = dict(edit)
    for field in ("before", "after"):
        out[field] = json.loads(edit[field]) if edit.get(field) else None
        state_ = out[field]
        out[f"{field}_version"] = edge_version(state_["type"], state_["props"]) if state_ else None
    out.setdefault("undone", False)
    return out


def _mark(props: dict[str, Any], user: str) -> dict[str, Any]:
    out = dict(props)
    if out.get("source") not in MANUAL_SOURCES and "original_source" not in out:
        out["original_source"] = out.get("source") or "unknown"
    out.update(source=ANALYST, edited_by=user, edited_at=now())
    return out


def _key_text(key: Key) -> str:
    resource = f" ({key[3]})" if key[3] else ""
    return f"{key[2]}{resource} edge from {key[0]} to {key[1]}"


# -- the changes ----------------------------------------------------------------------------------------------------
def add_dependency(store: GraphStore, data: dict[str, Any], user: str) -> dict[str, Any]:
    key = read_key(data)
    weight = _weight(data, required=True)
    description = _text(data, "description", MAX_DESCRIPTION)

    def work(tx: Tx) -> dict[str, Any]:
        _check_tools(tx, key[0], key[1])
        _lock(tx, key[0])
        if get_edge(tx, key) is not None:
            raise ValidationFailed(f"a {_key_text(key)} exists already: change it instead", "type")
        props: dict[str, Any] = {"weight": weight, "description": description}
        if key[2] == "SEQUENTIAL":
            props["count"] = 0
        after = _put(tx, key, _mark(props, user) | {"original_source": ANALYST})
        return _record(tx, user, "add", key, None, None, _state(key, after))

    return _write(store, work, "adding a dependency")


def change_dependency(store: GraphStore, data: dict[str, Any], user: str) -> dict[str, Any]:
    key = read_key(data)
    new_type = _type(data, "new_type") if data.get("new_type") not in (None, "") else key[2]
    given = {"new_resource": data.get("new_resource")}
    if new_type == "SEQUENTIAL" and isinstance(given["new_resource"], str) and given["new_resource"].strip() == key[3]:
        given["new_resource"] = None  # the old edge's resource, as the editor's form fills it in
    if new_type == "SEQUENTIAL" or given["new_resource"] not in (None, ""):
        new_resource = _resource(given, "new_resource", new_type)
    elif key[3]:
        new_resource = key[3]
    else:
        raise ValidationFailed(f"a {new_type} edge needs the resource it carries", "new_resource")
    new_key = (key[0], key[1], new_type, new_resource)
    weight = _weight(data, required=False)
    description = data.get("description")
    if description is not None:
        description = _text(data, "description", MAX_DESCRIPTION)
    if new_key == key and weight is None and description is None:
        raise ValidationFailed("nothing to change: give a new type, resource, weight or description", "weight")

    def work(tx: Tx) -> dict[str, Any]:
        _lock(tx, key[0])
        before = get_edge(tx, key)
        _check_version(data, key, before)
        if before is None:
            raise NotFound(f"no {_key_text(key)}", "type")
        if new_key != key and get_edge(tx, new_key) is not None:
            raise ValidationFailed(f"a {_key_text(new_key)} exists already", "new_type")
        props = {k: v for k, v in before.items() if k != "resource"}
        if new_type != "SEQUENTIAL":
            props.pop("count", None)  # a SEQUENTIAL-only property: how often B followed A in call paths
        elif key[2] != "SEQUENTIAL":
            props["count"] = 0
        if weight is not None:
            props["weight"] = weight
        if description is not None:
            props["description"] = description
        if new_key != key:
            tx.run("delete_dependency", **_params(key))
        after = _put(tx, new_key, _mark(props, user))
        return _record(tx, user, "change", key, new_key, _state(key, before), _state(new_key, after))

    return _write(store, work, "changing a dependency")


def delete_dependency(store: GraphStore, data: dict[str, Any], user: str) -> dict[str, Any]:
    key = read_key(data)

    def work(tx: Tx) -> dict[str, Any]:
        _lock(tx, key[0])
        before = get_edge(tx, key)
        _check_version(data, key, before)
        if before is None:
            raise NotFound(f"no {_key_text(key)}", "type")
        tx.run("delete_dependency", **_params(key))
        return _record(tx, user, "delete", key, None, _state(key, before), None)

    return _write(store, work, "deleting a dependency")


def _key_of(edit: dict[str, Any], state: dict[str, Any] | None) -> Key | None:
    if state is None:
        return None
    kind = state["type"]
    resource = "" if kind == "SEQUENTIAL" else str(state["props"].get("resource") or "")
    return edit["source_id"], edit["target_id"], kind, resource


def _same(a: dict[str, Any] | None, b: dict[str, Any] | None) -> bool:
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def undo_edit(store: GraphStore, edit_id: str, user: str, role: str) -> dict[str, Any]:
    """Put back the edge as it was before the edit, if it is still as the edit left it."""

    def work(tx: Tx) -> dict[str, Any]:
        rows = tx.run("get_edit", id=edit_id)
        if not rows:
            raise NotFound(f"no edit {edit_id!r}", "id")
        edit = edit_view(rows[0]["edit"])
        if edit["action"] == "undo":
            raise ValidationFailed("an undo cannot be undone: make the change again", "id")
        if edit["undone"]:
            raise ValidationFailed("this edit was undone already", "id")
        if role != "admin" and edit["user"] != user:
            raise Forbidden("only an admin may undo someone else's edit", "id")
        _lock(tx, edit["source_id"])
        rows = tx.run("get_edit", id=edit_id)  # read again under the lock: a concurrent undo may have won
        if edit_view(rows[0]["edit"])["undone"]:
            raise ValidationFailed("this edit was undone already", "id")
        before, after = edit["before"], edit["after"]
        before_key, after_key = _key_of(edit, before), _key_of(edit, after)
        if after_key is not None and not _same(get_edge(tx, after_key), after["props"]):
            current = get_edge(tx, after_key)
            raise Conflict(f"the {_key_text(after_key)} changed since this edit: undo the later edits first", "id",
                           extra={"current": None if current is None else {
                               "type": after_key[2], "props": current, "version": edge_version(after_key[2], current)}})
        if before_key is not None and before_key != after_key and get_edge(tx, before_key) is not None:
            raise Conflict(f"a {_key_text(before_key)} exists again: delete it first", "id")
        if after_key is not None and after_key != before_key:
            tx.run("delete_dependency", **_params(after_key))
        restored = _put(tx, before_key, before["props"]) if before_key is not None and before else None
        key = after_key or before_key
        assert key is not None
        record = _record(tx, user, "undo", key, before_key, _state(after_key, after["props"] if after else None),
                         _state(before_key, restored), undoes=edit_id)
        tx.run("mark_edit_undone", id=edit_id, by=record["id"], user=user, at=record["at"])
        return record

    return _write(store, work, "undoing an edit")


def list_edits(store: GraphStore, tool: str | None = None, limit: int = 50) -> list[dict[str, Any]]:
    return [edit_view(r["edit"]) for r in store.query("list_edits", tool=tool or None, limit=limit)]
