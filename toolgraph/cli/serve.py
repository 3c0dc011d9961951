"""``toolgraph serve`` and ``toolgraph users ...``: the web page and its users."""

from __future__ import annotations

import logging
import socket
from pathlib import Path
from typing import Any

import click

from toolgraph.cli.base import emit, main
from toolgraph.errors import ToolGraphError

log = logging.getLogger(__name__)


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Interface to listen on.")
@click.option("--port", default=5000, show_default=True, type=click.IntRange(1, 65535))
@click.option("--server", "server_kind", type=click.Choice(["waitress", "werkzeug"]), default="waitress",
              show_default=True, help="WSGI server: waitress (production) or werkzeug's development server.")
@click.option("--threads", default=16, show_default=True, type=click.IntRange(1, 256),
              help="Worker threads (waitress).")
@click.pass_obj
def serve(obj: Any, host: str, port: int, server_kind: str, threads: int) -> None:
    """Start the web page: explorer, path viewer, dependency editor, tool registry (and their JSON API)."""
    from web import create_app

    try:  # werkzeug would print its own message and exit: say it the ToolGraph way first
        with socket.create_server((host, port), family=socket.AF_INET6 if ":" in host else socket.AF_INET):
            pass
    except OSError as exc:
        raise ToolGraphError(f"cannot listen on {host}:{port}: {exc.strerror or exc} (choose another --port)") from exc
    # The app opens (and owns) its store: when the database dies it reconnects, restarting the embedded server.
    app = create_app(obj.settings)
    _ = app.extensions["toolgraph"].store  # connect now: a database problem shows at start, not on a first request
    web = obj.settings.web
    if server_kind == "waitress":
        from waitress import create_server

        server: Any = create_server(app, host=host, port=port, threads=threads, ident="ToolGraph")
        run, close = server.run, server.close
    else:
        from werkzeug.serving import make_server

        server = make_server(host, port, app, threaded=True)
        run, close = server.serve_forever, server.server_close
    click.echo(f"ToolGraph web page on http://{host}:{port}/ ({server_kind}; viewing "
               f"{'needs a login' if web.login_to_view else 'open'}; editing needs an editor login); Ctrl-C stops it")
    if host not in ("127.0.0.1", "localhost", "::1"):
        click.echo("note: listening beyond this machine; put it behind TLS and set TOOLGRAPH_WEB_SECURE_COOKIES=1",
                   err=True)
    try:
        run()
    except KeyboardInterrupt:
        pass
    finally:
        close()


@main.group()
def users() -> None:
    """Web users who may edit: editors and admins (viewing needs no login unless TOOLGRAPH_WEB_LOGIN_TO_VIEW)."""


@users.command("add")
@click.argument("name")
@click.option("--role", type=click.Choice(["editor", "admin"]), required=True)
@click.option("--password-file", type=click.Path(path_type=Path, dir_okay=False, exists=True),
              help="Read the password from this file's first line (default: prompt for it).")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@click.pass_obj
def users_add(obj: Any, name: str, role: str, password_file: Path | None, as_json: bool) -> None:
    """Create a user; the password is stored hashed (scrypt)."""
    from web.users import check_name, check_password, create_user

    check_name(name)
    password = _read_password(password_file)
    check_password(password)
    user = create_user(obj.store(), name, password, role)
    emit(user, as_json, lambda d: click.echo(f"created {d['role']} {d['name']}"))


def _read_password(password_file: Path | None) -> str:
    if password_file is not None:
        lines = password_file.read_text(encoding="utf-8").splitlines()
        return lines[0] if lines else ""
    return click.prompt("password", hide_input=True, confirmation_prompt=True)


@users.command("passwd")
@click.argument("name")
@click.option("--password-file", type=click.Path(path_type=Path, dir_okay=False, exists=True),
              help="Read the new password from this file's first line (default: prompt for it).")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@click.pass_obj
def users_passwd(obj: Any, name: str, password_file: Path | None, as_json: bool) -> None:
    """Set a user's password; every web session of theirs ends at once."""
    from web.users import check_name, check_password, set_password

    check_name(name)
    password = _read_password(password_file)
    check_password(password)
    set_password(obj.store(), name, password)
    emit({"user": name, "password_changed": True, "sessions_ended": True}, as_json,
         lambda d: click.echo(f"changed the password of {d['user']}; their sessions have ended"))


@users.command("list")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@click.pass_obj
def users_list(obj: Any, as_json: bool) -> None:
    """Every user with role and creation time (never the password hash)."""
    from web.users import list_users

    rows = list_users(obj.store())

    def human(d: list[dict[str, Any]]) -> None:
        if not d:
            click.echo("no users yet: toolgraph users add NAME --role admin")
        for r in d:
            click.echo(f"{r['name']:<24} {r['role']:<7} {r['created']}")

    emit(rows, as_json, human)


@users.command("delete")
@click.argument("name")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@click.pass_obj
def users_delete(obj: Any, name: str, as_json: bool) -> None:
    """Delete a user (their recorded edits keep the name); a logged-in session of theirs ends at once."""
    from web.users import delete_user

    delete_user(obj.store(), name)
    emit({"deleted": name}, as_json, lambda d: click.echo(f"deleted user {d['deleted']}"))
