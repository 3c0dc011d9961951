"""Orbitworks issue tracker: a small in-memory HTTP API (stdlib only).

Usage: python tracker_service.py PORT   (serves under /api on 127.0.0.1:PORT)
Deterministic: fixed seed data, no randomness, comment ids derived from the comment's content.
"""
import hashlib
import json
import re
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, unquote, urlsplit

LOCK = threading.Lock()
ROUTES = []


class ApiError(Exception):
    def __init__(self, status, message):
        super().__init__(message)
        self.status = status
        self.message = message


def route(method, pattern):
    regex = re.compile("^/api" + re.sub(r"\{(\w+)\}", r"(?P<\1>[^/]+)", pattern) + "/?$")

    def deco(fn):
        ROUTES.append((method, regex, fn))
        return fn
    return deco


def code(prefix, *parts):
    digest = hashlib.sha1("|".join(str(p) for p in parts).encode()).hexdigest().upper()
    return f"{prefix}-{digest[:6]}"


def words(text):
    return [t for t in re.split(r"[\s,'’]+", text.lower()) if t]


def matches(name, query):
    return all(t in name.lower() for t in words(query))


USERS = {u["user_id"]: u for u in [
    {"user_id": "U-1", "name": "Maria Lopez", "email": "maria.lopez@orbitworks.example", "role": "Backend engineer",
     "timezone": "Europe/Madrid"},
    {"user_id": "U-2", "name": "Maria Santos", "email": "m.santos@orbitworks.example", "role": "SRE",
     "timezone": "America/Sao_Paulo"},
    {"user_id": "U-3", "name": "Kenji Sato", "email": "kenji.sato@orbitworks.example", "role": "Backend engineer",
     "timezone": "Asia/Tokyo"},
    {"user_id": "U-4", "name": "Priya Nair", "email": "priya.nair@orbitworks.example", "role": "Mobile engineer",
     "timezone": "Asia/Kolkata"},
    {"user_id": "U-5", "name": "Tom Becker", "email": "tom.becker@orbitworks.example", "role": "Engineering manager",
     "timezone": "Europe/Berlin"},
    {"user_id": "U-6", "name": "Aisha Bello", "email": "aisha.bello@orbitworks.example", "role": "QA lead",
     "timezone": "Africa/Lagos"},
]}

PROJECTS = {p["project_id"]: p for p in [
    {"project_id": "PRJ-10", "key": "APL", "name": "Apollo", "lead_id": "U-5",
     "description": "Customer web portal: accounts, billing and exports.", "created": "2024-02-12"},
    {"project_id": "PRJ-11", "key": "HRM", "name": "Hermes", "lead_id": "U-2",
     "description": "Public REST API and webhooks.", "created": "2024-06-03"},
    {"project_id": "PRJ-12", "key": "ART", "name": "Artemis", "lead_id": "U-4",
     "description": "Field maps app for Android and iOS.", "created": "2025-01-20"},
    {"project_id": "PRJ-13", "key": "APM", "name": "Apollo Mobile", "lead_id": "U-6",
     "description": "Mobile companion app of the Apollo portal.", "created": "2025-05-07"},
]}

MILESTONES = {m["milestone_id"]: m for m in [
    {"milestone_id": "MS-1", "project_id": "PRJ-10", "title": "v2.3 Release", "due_date": "2026-10-15",
     "status": "closed"},
    {"milestone_id": "MS-2", "project_id": "PRJ-10", "title": "v2.4 Release", "due_date": "2026-12-11",
     "status": "open"},
    {"milestone_id": "MS-3", "project_id": "PRJ-10", "title": "v2.5 Release", "due_date": "2027-02-26",
     "status": "open"},
    {"milestone_id": "MS-4", "project_id": "PRJ-11", "title": "API v3 beta", "due_date": "2026-12-18",
     "status": "open"},
    {"milestone_id": "MS-5", "project_id": "PRJ-12", "title": "Offline maps", "due_date": "2027-01-20",
     "status": "open"},
    {"milestone_id": "MS-6", "project_id": "PRJ-12", "title": "Android 15 support", "due_date": "2027-03-31",
     "status": "open"},
    {"milestone_id": "MS-7", "project_id": "PRJ-13", "title": "App store launch", "due_date": "2026-12-04",
     "status": "open"},
]}


def _issue(iid, project, title, status, priority, assignee, reporter, milestone, created, description):
    return {"issue_id": iid, "project_id": project, "title": title, "status": status, "priority": priority,
            "assignee_id": assignee, "reporter_id": reporter, "milestone_id": milestone, "created": created,
            "description": description}


ISSUES = {i["issue_id"]: i for i in [
    _issue(101, "PRJ-10", "Login page crashes on Safari", "open", "high", "U-1", "U-6", "MS-2", "2026-10-02",
           "Safari 18 throws a TypeError in the login form's autofill handler."),
    _issue(102, "PRJ-10", "Password reset email not sent", "open", "high", "U-3", "U-6", "MS-2", "2026-10-09",
           "Users requesting a reset receive nothing since the mail provider switch."),
    _issue(103, "PRJ-10", "Dark mode colours wrong in settings", "in_progress", "low", "U-1", "U-5", "MS-3",
           "2026-10-20", "Toggle labels are unreadable on the dark theme."),
    _issue(104, "PRJ-10", "Export to CSV drops unicode characters", "open", "medium", "U-1", "U-2", "MS-3",
           "2026-11-03", "Accented names come out as question marks in exported CSV files."),
    _issue(105, "PRJ-10", "Session timeout too short", "closed", "medium", "U-4", "U-5", "MS-1", "2026-08-14",
           "Sessions expired after 5 minutes of inactivity; raised to 30."),
    _issue(106, "PRJ-10", "Audit log missing user agent", "open", "low", "U-5", "U-3", "MS-3", "2026-11-10",
           "Audit entries should record the client's user agent string."),
    _issue(201, "PRJ-11", "Webhook retries flood the queue", "open", "high", "U-2", "U-3", "MS-4", "2026-09-28",
           "Failed webhooks are retried without backoff."),
    _issue(202, "PRJ-11", "Rate limiter ignores API keys", "in_progress", "high", "U-1", "U-2", "MS-4",
           "2026-10-11", "Limits are applied per IP address instead of per API key."),
    _issue(203, "PRJ-11", "Docs: pagination example broken", "closed", "low", "U-6", "U-6", None, "2026-07-30",
           "The cursor example in the docs uses a removed parameter."),
    _issue(204, "PRJ-11", "Retry-After header missing on 429 responses", "open", "medium", "U-3", "U-1", "MS-4",
           "2026-11-12", "Clients cannot tell how long to wait after being throttled."),
    _issue(301, "PRJ-12", "Map tiles fail to load offline", "open", "medium", "U-4", "U-6", "MS-5", "2026-10-05",
           "Cached tiles are ignored when the device has no network."),
    _issue(302, "PRJ-12", "GPS drift on Android 14", "open", "high", "U-3", "U-4", "MS-5", "2026-10-22",
           "Position jumps up to 80 m while standing still."),
    _issue(303, "PRJ-12", "Crash when rotating the map on tablets", "in_progress", "high", "U-4", "U-6", "MS-6",
           "2026-11-15", "Landscape rotation on 10-inch tablets crashes the renderer."),
    _issue(401, "PRJ-13", "Push notifications arrive twice", "open", "high", "U-1", "U-6", "MS-7", "2026-11-01",
           "Every push is delivered twice on iOS."),
]}

COMMENTS = [
    {"comment_id": "CM-0001", "issue_id": 102, "author_id": "U-3", "created": "2026-10-10",
     "body": "Reproduced on staging: the SMTP relay rejects our sender domain."},
    {"comment_id": "CM-0002", "issue_id": 102, "author_id": "U-1", "created": "2026-10-11",
     "body": "Could be the SPF record change from last week, checking with IT."},
    {"comment_id": "CM-0003", "issue_id": 101, "author_id": "U-6", "created": "2026-10-03",
     "body": "Only happens with saved passwords in Safari."},
    {"comment_id": "CM-0004", "issue_id": 202, "author_id": "U-2", "created": "2026-10-12",
     "body": "Keyed buckets are in the new limiter branch."},
]


def get_or_404(table, key, what):
    item = table.get(key)
    if item is None and isinstance(key, str):
        item = table.get(key.upper())
    if item is None:
        raise ApiError(404, f"{what} {key} not found")
    return item


def issue_by_id(raw):
    try:
        return get_or_404(ISSUES, int(str(raw).strip().lstrip("#")), "issue")
    except ValueError:
        raise ApiError(404, f"issue {raw} not found") from None


def summary(i):
    return {k: i[k] for k in ("issue_id", "title", "status", "priority", "assignee_id")}


def comment_out(c):
    return {**c, "author_name": USERS[c["author_id"]]["name"]}


@route("GET", "/projects")
def search_projects(params, query, body):
    name = query.get("name", "").strip()
    rows = [{"project_id": p["project_id"], "key": p["key"], "name": p["name"]} for p in PROJECTS.values()
            if not name or matches(p["name"], name) or p["key"].lower() == name.lower()]
    return 200, {"projects": rows, "count": len(rows)}


@route("GET", "/projects/{project_id}")
def get_project(params, query, body):
    p = dict(get_or_404(PROJECTS, params["project_id"], "project"))
    p["open_issues"] = sum(1 for i in ISSUES.values() if i["project_id"] == p["project_id"] and i["status"] != "closed")
    return 200, p


@route("GET", "/projects/{project_id}/issues")
def list_project_issues(params, query, body):
    p = get_or_404(PROJECTS, params["project_id"], "project")
    status = query.get("status", "").strip().lower().replace(" ", "_").replace("-", "_")
    if status and status not in ("open", "in_progress", "closed"):
        raise ApiError(400, "status must be one of open, in_progress, closed")
    assignee = query.get("assignee_id", "").strip().upper()
    rows = [summary(i) for i in ISSUES.values() if i["project_id"] == p["project_id"]
            and (not status or i["status"] == status) and (not assignee or i["assignee_id"] == assignee)]
    return 200, {"project_id": p["project_id"], "issues": rows, "count": len(rows)}


@route("GET", "/projects/{project_id}/milestones")
def list_milestones(params, query, body):
    p = get_or_404(PROJECTS, params["project_id"], "project")
    rows = sorted((m for m in MILESTONES.values() if m["project_id"] == p["project_id"]), key=lambda m: m["due_date"])
    return 200, {"project_id": p["project_id"], "milestones": rows, "count": len(rows)}


@route("GET", "/milestones/{milestone_id}")
def get_milestone(params, query, body):
    m = dict(get_or_404(MILESTONES, params["milestone_id"], "milestone"))
    m["issues"] = [summary(i) for i in ISSUES.values() if i["milestone_id"] == m["milestone_id"]]
    return 200, m


@route("GET", "/issues/{issue_id}")
def get_issue(params, query, body):
    return 200, issue_by_id(params["issue_id"])


@route("GET", "/issues/{issue_id}/comments")
def list_comments(params, query, body):
    i = issue_by_id(params["issue_id"])
    rows = [comment_out(c) for c in COMMENTS if c["issue_id"] == i["issue_id"]]
    return 200, {"issue_id": i["issue_id"], "comments": rows, "count": len(rows)}


@route("POST", "/issues/{issue_id}/comments")
def add_comment(params, query, body):
    i = issue_by_id(params["issue_id"])
    text = " ".join(str(body.get("body") or "").split())
    if not text:
        raise ApiError(400, "field 'body' is required")
    author = str(body.get("author_id") or "U-5").upper()
    get_or_404(USERS, author, "user")
    cid = code("CM", i["issue_id"], text.lower().strip(" .!\"'"))
    with LOCK:
        for c in COMMENTS:
            if c["comment_id"] == cid:
                return 200, comment_out(c)
        c = {"comment_id": cid, "issue_id": i["issue_id"], "author_id": author, "created": "2026-11-26",
             "body": text}
        COMMENTS.append(c)
    return 201, comment_out(c)


@route("GET", "/users")
def search_users(params, query, body):
    name = query.get("name", "").strip()
    if not name:
        raise ApiError(400, "query parameter 'name' is required")
    rows = [{"user_id": u["user_id"], "name": u["name"]} for u in USERS.values() if matches(u["name"], name)]
    return 200, {"users": rows, "count": len(rows)}


@route("GET", "/users/{user_id}")
def get_user(params, query, body):
    return 200, get_or_404(USERS, params["user_id"], "user")


class Handler(BaseHTTPRequestHandler):
    def _dispatch(self, method):
        parts = urlsplit(self.path)
        query = {k: v[0] for k, v in parse_qs(parts.query).items()}
        body = None
        if method == "POST":
            raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            try:
                body = json.loads(raw) if raw.strip() else {}
            except ValueError:
                return self._send(400, {"error": "request body is not valid JSON"})
            if not isinstance(body, dict):
                return self._send(400, {"error": "request body must be a JSON object"})
        for m, regex, fn in ROUTES:
            match = regex.match(parts.path)
            if match and m == method:
                try:
                    status, payload = fn({k: unquote(v) for k, v in match.groupdict().items()}, query, body)
                except ApiError as exc:
                    status, payload = exc.status, {"error": exc.message}
                return self._send(status, payload)
        self._send(404, {"error": f"no route for {method} {parts.path}"})

    def do_GET(self):
        self._dispatch("GET")

    def do_POST(self):
        self._dispatch("POST")

    def _send(self, status, payload):
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


if __name__ == "__main__":
    server = ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1]) if len(sys.argv) > 1 else 8080), Handler)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
