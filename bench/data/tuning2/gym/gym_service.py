"""Ironleaf Gyms classes service: a small in-memory HTTP API (stdlib only).

Usage: python gym_service.py PORT   (serves under /api on 127.0.0.1:PORT)
Deterministic: fixed seed data, no randomness, codes derived from request content.
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


def matches(name, query):
    tokens = [t for t in re.split(r"[\s,]+", query.lower().replace("\u2019", "'")) if t]
    return all(t in name.lower() for t in tokens)


def get_or_404(table, key, what):
    item = table.get(key) or table.get(str(key).upper())
    if item is None:
        raise ApiError(404, f"{what} {key} not found")
    return item


def need(value, what):
    if value is None or str(value).strip() == "":
        raise ApiError(400, f"{what} is required")
    return str(value).strip()


def is_date(value, what):
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", str(value or "")):
        raise ApiError(400, f"{what} must be a date YYYY-MM-DD")
    return value


CLUBS = {c["club_id"]: c for c in [
    {"club_id": "C-1", "name": "Ironleaf Riverside", "address": "12 Mill Race Lane, Leeds LS2 7QA",
     "phone": "+44 113 555 0101", "opening_hours": "06:00-22:00"},
    {"club_id": "C-2", "name": "Ironleaf Northgate", "address": "340 Northgate Road, Leeds LS7 3HF",
     "phone": "+44 113 555 0122", "opening_hours": "05:30-23:00"},
    {"club_id": "C-3", "name": "Ironleaf Canal Wharf", "address": "7 Wharf Approach, Leeds LS1 4BR",
     "phone": "+44 113 555 0147", "opening_hours": "07:00-21:00"},
]}

TRAINERS = {t["trainer_id"]: t for t in [
    {"trainer_id": "T-21", "name": "Mateo Ruiz", "specialties": ["spin", "hiit"],
     "email": "mateo.ruiz@ironleaf.example",
     "certifications": ["Level 3 Personal Trainer", "Indoor Cycling Instructor"]},
    {"trainer_id": "T-22", "name": "Hana Kobayashi", "specialties": ["yoga", "pilates"],
     "email": "hana.kobayashi@ironleaf.example", "certifications": ["RYT-500 Yoga Alliance", "STOTT Pilates Mat"]},
    {"trainer_id": "T-23", "name": "Callum Fraser", "specialties": ["boxing", "hiit"],
     "email": "callum.fraser@ironleaf.example", "certifications": ["England Boxing Coach L2", "First Aid at Work"]},
    {"trainer_id": "T-24", "name": "Simone Achterberg", "specialties": ["pilates", "barre"],
     "email": "simone.achterberg@ironleaf.example", "certifications": ["BASI Pilates Comprehensive"]},
    {"trainer_id": "T-25", "name": "Olu Adebayo", "specialties": ["spin", "strength"],
     "email": "olu.adebayo@ironleaf.example", "certifications": ["Schwinn Cycling", "UKSCA Strength Coach"]},
]}

MEMBERS = {m["member_id"]: m for m in [
    {"member_id": "M-7001", "name": "Leona Marsh", "email": "leona.marsh@example.co.uk", "plan": "Premium Annual",
     "joined_on": "2024-02-19", "home_club_id": "C-1"},
    {"member_id": "M-7002", "name": "Dmitri Okonkwo", "email": "d.okonkwo@example.org", "plan": "Off-Peak Monthly",
     "joined_on": "2025-08-03", "home_club_id": "C-3"},
    {"member_id": "M-7003", "name": "Priya Nair", "email": "priya.nair@example.in", "plan": "Standard Monthly",
     "joined_on": "2026-01-11", "home_club_id": "C-1"},
    {"member_id": "M-7004", "name": "Tobias Brandt", "email": "tobias.brandt@example.de", "plan": "Premium Monthly",
     "joined_on": "2023-05-27", "home_club_id": "C-2"},
    {"member_id": "M-7005", "name": "Leo Marshall", "email": "leo.marshall@example.com", "plan": "Student",
     "joined_on": "2026-09-01", "home_club_id": "C-2"},
]}


def _s(sid, club, date, start, name, trainer, room, capacity, booked):
    return {"session_id": sid, "club_id": club, "date": date, "start": start, "class_name": name,
            "trainer_id": trainer, "room": room, "capacity": capacity, "booked": booked}


SESSIONS = {s["session_id"]: s for s in [
    _s("3101", "C-1", "2026-11-14", "07:00", "Sunrise Yoga", "T-22", "Studio Lotus", 20, 17),
    _s("3102", "C-1", "2026-11-14", "09:30", "Mat Pilates", "T-24", "Studio Lotus", 16, 16),
    _s("3103", "C-1", "2026-11-14", "18:30", "HIIT Blast", "T-23", "Main Floor", 24, 19),
    _s("3104", "C-1", "2026-11-15", "10:00", "Spin 45", "T-21", "Cycle Room", 30, 22),
    _s("3105", "C-2", "2026-11-16", "06:30", "Spin 45", "T-25", "Ride Studio", 28, 25),
    _s("3106", "C-2", "2026-11-16", "12:15", "Boxing Fundamentals", "T-23", "Ring Room", 14, 9),
    _s("3107", "C-2", "2026-11-16", "19:00", "Vinyasa Flow", "T-22", "Studio North", 18, 14),
    _s("3108", "C-3", "2026-11-14", "08:00", "Barre Sculpt", "T-24", "Wharf Studio", 15, 6),
    _s("3109", "C-3", "2026-11-16", "17:45", "HIIT Blast", "T-21", "Wharf Floor", 20, 20),
]}

ENROLLMENTS = [("M-7001", "3101"), ("M-7001", "3104"), ("M-7004", "3106"), ("M-7004", "3105"),
               ("M-7002", "3108"), ("M-7005", "3107"), ("M-7005", "3105")]

CHECKINS = {
    "M-7001": ["2026-10-02", "2026-10-05", "2026-10-09", "2026-10-16", "2026-10-23", "2026-11-02"],
    "M-7002": ["2026-09-29", "2026-10-01", "2026-10-03", "2026-10-08", "2026-10-10", "2026-10-15", "2026-10-17",
               "2026-10-22", "2026-10-29", "2026-11-01"],
    "M-7003": ["2026-10-12", "2026-11-03"],
    "M-7004": ["2026-10-04", "2026-10-18", "2026-10-25"],
    "M-7005": [],
}


def _session_out(s):
    c, t = CLUBS[s["club_id"]], TRAINERS[s["trainer_id"]]
    return dict(s, club_name=c["name"], trainer_name=t["name"], spots_left=s["capacity"] - s["booked"])


@route("GET", "/members")
def search_members(p, q, body):
    if not q.get("name") and not q.get("email"):
        raise ApiError(400, "give name or email")
    rows = [{"member_id": m["member_id"], "name": m["name"], "email": m["email"]} for m in MEMBERS.values()
            if (not q.get("name") or matches(m["name"], q["name"]))
            and (not q.get("email") or m["email"].lower() == q["email"].strip().lower())]
    return 200, {"members": rows, "count": len(rows)}


@route("GET", "/members/{member_id}")
def get_member(p, q, body):
    m = get_or_404(MEMBERS, p["member_id"], "member")
    return 200, dict(m, home_club=CLUBS[m["home_club_id"]]["name"])


@route("GET", "/members/{member_id}/enrollments")
def member_enrollments(p, q, body):
    m = get_or_404(MEMBERS, p["member_id"], "member")
    rows = []
    for mid, sid in ENROLLMENTS:
        s = SESSIONS[sid]
        if mid == m["member_id"] and (not q.get("date") or s["date"] == q["date"]):
            rows.append({"session_id": sid, "class_name": s["class_name"], "date": s["date"], "start": s["start"],
                         "club_name": CLUBS[s["club_id"]]["name"]})
    rows.sort(key=lambda r: (r["date"], r["start"]))
    return 200, {"member_id": m["member_id"], "enrollments": rows, "count": len(rows)}


@route("GET", "/members/{member_id}/checkins")
def member_checkins(p, q, body):
    m = get_or_404(MEMBERS, p["member_id"], "member")
    month = q.get("month")
    if month and not re.fullmatch(r"\d{4}-\d{2}", month):
        raise ApiError(400, "month must look like YYYY-MM")
    days = [d for d in CHECKINS[m["member_id"]] if not month or d.startswith(month)]
    return 200, {"member_id": m["member_id"], "month": month, "checkins": days, "count": len(days)}


@route("GET", "/clubs")
def list_clubs(p, q, body):
    return 200, {"clubs": list(CLUBS.values())}


@route("GET", "/clubs/{club_id}/schedule")
def club_schedule(p, q, body):
    c = get_or_404(CLUBS, p["club_id"], "club")
    day = is_date(q.get("date"), "date")
    rows = [{"session_id": s["session_id"], "start": s["start"], "class_name": s["class_name"],
             "trainer_id": s["trainer_id"]} for s in sorted(SESSIONS.values(), key=lambda s: s["start"])
            if s["club_id"] == c["club_id"] and s["date"] == day]
    return 200, {"club_id": c["club_id"], "date": day, "sessions": rows, "count": len(rows)}


@route("GET", "/sessions/{session_id}")
def get_session(p, q, body):
    return 200, _session_out(get_or_404(SESSIONS, p["session_id"], "session"))


@route("GET", "/trainers")
def list_trainers(p, q, body):
    spec = (q.get("specialty") or "").strip().lower()
    rows = [{"trainer_id": t["trainer_id"], "name": t["name"], "specialties": t["specialties"]}
            for t in TRAINERS.values() if not spec or spec in t["specialties"]]
    return 200, {"trainers": rows}


@route("GET", "/trainers/{trainer_id}")
def get_trainer(p, q, body):
    return 200, dict(get_or_404(TRAINERS, p["trainer_id"], "trainer"))


@route("POST", "/sessions/{session_id}/enrollments")
def enroll(p, q, body):
    s = get_or_404(SESSIONS, p["session_id"], "session")
    mid = need(body.get("member_id"), "member_id").upper()
    get_or_404(MEMBERS, mid, "member")
    ref = code("EN", s["session_id"], mid)
    if (mid, s["session_id"]) not in ENROLLMENTS:
        if s["booked"] >= s["capacity"]:
            raise ApiError(409, "class is full")
        ENROLLMENTS.append((mid, s["session_id"]))
        s["booked"] += 1
    return 201, {"session_id": s["session_id"], "member_id": mid, "enrollment_code": ref, "status": "enrolled"}


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
                    with LOCK:
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
