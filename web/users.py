"""Web users: ``(:User {name, role, password_hash, created, session_epoch})``, passwords hashed with werkzeug
(scrypt). A session is valid only while the user's ``session_epoch`` is the one it was made under: logging out and
changing the password move it on (ending every session of that user), deleting the user ends them too.

Used by ``toolgraph users ...`` and by the login. Roles: ``editor`` (edit dependencies, add tools, undo their own
edits) and ``admin`` (all that, and undo anyone's edit).
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

from werkzeug.security import check_password_hash, generate_password_hash

from toolgraph.db.store import GraphStore
from toolgraph.errors import ToolGraphError

ROLES = ("editor", "admin")
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.@-]{0,63}")
MIN_PASSWORD = 8
MAX_PASSWORD = 1024
# Checked against when the user does not exist, so a wrong name costs as long as a wrong password.
_DUMMY_HASH = generate_password_hash("not a password of anyone")


class UserError(ToolGraphError):
    """A user cannot be created, found or deleted as asked."""


def check_name(name: str) -> str:
    if not NAME.fullmatch(name or ""):
        raise UserError(f"user name {name!r}: 1-64 letters, digits and _ . @ -, starting with a letter or digit")
    return name


def check_password(password: str) -> str:
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise UserError(f"the password must have {MIN_PASSWORD} to {MAX_PASSWORD} characters")
    return password


def create_user(store: GraphStore, name: str, password: str, role: str) -> dict[str, Any]:
    check_name(name)
    check_password(password)
    if role not in ROLES:
        raise UserError(f"role must be one of {', '.join(ROLES)}, not {role!r}")
    if store.query("get_user", name=name):
        raise UserError(f"user {name!r} exists already (delete it first to reset it)")
    user = {"name": name, "role": role, "password_hash": generate_password_hash(password),
            "created": datetime.now(UTC).isoformat(timespec="seconds")}
    store.query("create_user", user=user)
    return {"name": name, "role": role, "created": user["created"]}


def list_users(store: GraphStore) -> list[dict[str, Any]]:
    return store.query("list_users")


def delete_user(store: GraphStore, name: str) -> None:
    rows = store.query("delete_user", name=name)
    if not rows or not rows[0]["n"]:
        raise UserError(f"no user {name!r}")


def set_password(store: GraphStore, name: str, password: str) -> int:
    """Change a user's password; every session of theirs ends. Returns the new session epoch."""
    check_password(password)
    rows = store.query("set_user_password", name=name, password_hash=generate_password_hash(password))
    if not rows:
        raise UserError(f"no user {name!r}")
    return int(rows[0]["session_epoch"])


def revoke_sessions(store: GraphStore, name: str) -> None:
    """End every session of this user (on logout)."""
    store.query("revoke_user_sessions", name=name)


def get_user(store: GraphStore, name: str) -> dict[str, Any] | None:
    rows = store.query("get_user", name=name) if NAME.fullmatch(name or "") else []
    return rows[0] if rows else None


def authenticate(store: GraphStore, name: str, password: str) -> dict[str, Any] | None:
    """The user when name and password match, else None (in about the same time either way)."""
    user = get_user(store, name)
    if user is None or len(password) > MAX_PASSWORD:
        check_password_hash(_DUMMY_HASH, password[:MAX_PASSWORD])
        return None
    if not check_password_hash(user["password_hash"], password):
        return None
    return {"name": user["name"], "role": user["role"], "session_epoch": user["session_epoch"]}
