"""Harrowgate Public Library loans service: a small in-memory HTTP API (stdlib only).

Usage: python library_service.py PORT   (serves under /api on 127.0.0.1:PORT)
Deterministic: fixed seed data, no clock, no randomness; hold and renewal codes are derived from request content.
"""
import datetime
import hashlib
import json
import re
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, unquote, urlsplit

LOCK = threading.Lock()
ROUTES = []
LOAN_DAYS = 21
MAX_RENEWALS = 2


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


def words_in(query, text):
    tokens = [t for t in re.split(r"[\s,'\u2019.:;!?\"]+", query.lower()) if t and t not in ("the", "a", "an", "of")]
    low = re.sub(r"[\u2019']", "", text.lower())
    return all(t in low for t in tokens)


BRANCHES = {b["branch_id"]: b for b in [
    {"branch_id": "BR-CEN", "name": "Central Library", "area": "Town centre",
     "address": "14 Guildhall Square, Harrowgate HG1 2AA", "phone": "+44 1423 555 010",
     "email": "central@harrowgate-libraries.example",
     "opening_hours": {"monday": "09:00-20:00", "tuesday": "09:00-20:00", "wednesday": "09:00-20:00",
                       "thursday": "09:00-20:00", "friday": "09:00-18:00", "saturday": "09:00-17:00",
                       "sunday": "12:00-16:00"}},
    {"branch_id": "BR-RIV", "name": "Riverside Branch", "area": "Riverside",
     "address": "3 Mill Lane, Harrowgate HG2 7RT", "phone": "+44 1423 555 021",
     "email": "riverside@harrowgate-libraries.example",
     "opening_hours": {"monday": "closed", "tuesday": "10:00-18:00", "wednesday": "10:00-18:00",
                       "thursday": "10:00-19:00", "friday": "10:00-18:00", "saturday": "09:30-13:00",
                       "sunday": "closed"}},
    {"branch_id": "BR-OAK", "name": "Oakfield Branch", "area": "Oakfield",
     "address": "88 Beech Road, Oakfield HG3 4LP", "phone": "+44 1423 555 034",
     "email": "oakfield@harrowgate-libraries.example",
     "opening_hours": {"monday": "09:30-17:30", "tuesday": "09:30-17:30", "wednesday": "closed",
                       "thursday": "09:30-17:30", "friday": "09:30-17:30", "saturday": "10:00-17:00",
                       "sunday": "closed"}},
    {"branch_id": "BR-HIL", "name": "Hillcrest Branch", "area": "Hillcrest",
     "address": "1 Crescent Parade, Hillcrest HG5 9DN", "phone": "+44 1423 555 047",
     "email": "hillcrest@harrowgate-libraries.example",
     "opening_hours": {"monday": "10:00-18:00", "tuesday": "10:00-18:00", "wednesday": "10:00-18:00",
                       "thursday": "10:00-18:00", "friday": "10:00-18:00", "saturday": "09:00-16:30",
                       "sunday": "closed"}},
]}


def _t(tid, title, author, year, fmt, subjects, isbn, pages):
    return {"title_id": tid, "title": title, "author": author, "year": year, "format": fmt,
            "subjects": subjects, "isbn": isbn, "pages": pages}


TITLES = {t["title_id"]: t for t in [
    _t("T-2001", "The Salt Road", "Mirela Vasquez", 2019, "book", ["fiction", "historical"], "978-1-84900-201-7", 384),
    _t("T-2002", "Glass Orchard", "Mirela Vasquez", 2022, "book", ["fiction", "family saga"], "978-1-84900-388-5", 412),
    _t("T-2003", "Under a Paper Moon", "Mirela Vasquez", 2016, "book", ["fiction"], "978-1-84900-115-7", 296),
    _t("T-2004", "Winter Cartography", "Anselm Kovacs", 2021, "book", ["non-fiction", "travel", "maps"],
       "978-0-57120-466-2", 248),
    _t("T-2005", "The Quiet Engineers", "Deborah Achterberg", 2018, "book", ["non-fiction", "history", "technology"],
       "978-0-57120-301-6", 336),
    _t("T-2006", "Lanterns of Kesh", "Idris Fairweather", 2020, "book", ["fantasy"], "978-1-47321-902-4", 520),
    _t("T-2007", "Lanterns Rekindled", "Idris Fairweather", 2023, "book", ["fantasy"], "978-1-47321-957-4", 488),
    _t("T-2008", "A Field Guide to Northern Moths", "Ruth Penhaligon", 2015, "book", ["nature", "reference"],
       "978-0-00759-214-3", 192),
    _t("T-2009", "Small Hours", "Theo Marchetti", 2024, "book", ["fiction", "crime"], "978-1-52930-771-0", 352),
    _t("T-2010", "The Cartographer's Daughter", "Anselm Kovacs", 2017, "book", ["fiction"], "978-0-57120-159-3", 304),
    _t("T-2011", "Tidewater", "Orla Devenish", 2020, "book", ["fiction", "coastal"], "978-1-78378-640-2", 272),
    _t("T-2012", "Salt and Ember", "Theo Marchetti", 2021, "book", ["fiction", "crime"], "978-1-52930-514-3", 368),
    _t("T-2013", "The Salt Road", "Mirela Vasquez", 2020, "audiobook", ["fiction", "historical"],
       "978-1-84900-777-7", 0),
    _t("T-2014", "Lanterns of Kesh: Illustrated Edition", "Idris Fairweather", 2024, "book", ["fantasy"],
       "978-1-47321-990-1", 560),
]}

COPIES = {c["copy_id"]: c for c in [
    {"copy_id": cid, "title_id": tid, "branch_id": bid, "status": st, "shelf_mark": sm}
    for cid, tid, bid, st, sm in [
        ("C-3001", "T-2001", "BR-CEN", "on_loan", "F VAS"),
        ("C-3002", "T-2001", "BR-RIV", "available", "F VAS"),
        ("C-3003", "T-2001", "BR-OAK", "available", "F VAS"),
        ("C-3004", "T-2001", "BR-HIL", "on_loan", "F VAS"),
        ("C-3005", "T-2013", "BR-CEN", "available", "AUDIO VAS"),
        ("C-3010", "T-2002", "BR-CEN", "on_loan", "F VAS"),
        ("C-3011", "T-2002", "BR-HIL", "on_loan", "F VAS"),
        ("C-3015", "T-2003", "BR-CEN", "available", "F VAS"),
        ("C-3020", "T-2004", "BR-OAK", "on_loan", "912 KOV"),
        ("C-3021", "T-2004", "BR-CEN", "in_transit", "912 KOV"),
        ("C-3025", "T-2005", "BR-CEN", "available", "609 ACH"),
        ("C-3030", "T-2006", "BR-RIV", "on_hold_shelf", "F FAI"),
        ("C-3031", "T-2006", "BR-CEN", "available", "F FAI"),
        ("C-3035", "T-2007", "BR-CEN", "on_loan", "F FAI"),
        ("C-3040", "T-2009", "BR-CEN", "on_loan", "F MAR"),
        ("C-3041", "T-2009", "BR-HIL", "available", "F MAR"),
        ("C-3050", "T-2006", "BR-CEN", "available", "F FAI"),
        ("C-3060", "T-2008", "BR-OAK", "on_loan", "595.78 PEN"),
        ("C-3061", "T-2008", "BR-CEN", "reference_only", "595.78 PEN"),
        ("C-3065", "T-2010", "BR-RIV", "available", "F KOV"),
        ("C-3070", "T-2011", "BR-RIV", "on_loan", "F DEV"),
        ("C-3075", "T-2012", "BR-OAK", "available", "F MAR"),
        ("C-3080", "T-2014", "BR-CEN", "available", "F FAI"),
    ]]}

MEMBERS = {m["member_id"]: m for m in [
    {"member_id": "M-4001", "name": "Priya Shah", "email": "priya.shah@example.org", "card_number": "22004418",
     "home_branch_id": "BR-CEN", "joined": "2019-03-02", "fines_due": 0.0, "phone": "+44 7700 900311"},
    {"member_id": "M-4002", "name": "Tobias Grunwald", "email": "tobias.g@example.net", "card_number": "22004431",
     "home_branch_id": "BR-OAK", "joined": "2021-07-19", "fines_due": 4.6, "phone": "+44 7700 900348"},
    {"member_id": "M-4003", "name": "Hana Kobayashi", "email": "hana.kobayashi@example.com",
     "card_number": "22004467", "home_branch_id": "BR-CEN", "joined": "2020-01-08", "fines_due": 2.85,
     "phone": "+44 7700 900372"},
    {"member_id": "M-4004", "name": "Jonah Ellery", "email": "jonah.ellery@example.org", "card_number": "22004472",
     "home_branch_id": "BR-RIV", "joined": "2018-11-23", "fines_due": 0.0, "phone": "+44 7700 900390"},
    {"member_id": "M-4005", "name": "Marta Quinlan", "email": "marta.q@example.com", "card_number": "22004486",
     "home_branch_id": "BR-OAK", "joined": "2022-05-30", "fines_due": 0.0, "phone": "+44 7700 900415"},
    {"member_id": "M-4006", "name": "Priya Sharma", "email": "p.sharma@example.net", "card_number": "22004490",
     "home_branch_id": "BR-HIL", "joined": "2023-02-14", "fines_due": 0.5, "phone": "+44 7700 900426"},
    {"member_id": "M-4007", "name": "Dominic Achebe", "email": "dom.achebe@example.org", "card_number": "22004503",
     "home_branch_id": "BR-HIL", "joined": "2017-09-01", "fines_due": 0.0, "phone": "+44 7700 900457"},
]}


def _loan(lid, mid, cid, out, due, status, returned=None, renewals=0):
    copy = COPIES[cid]
    return {"loan_id": lid, "member_id": mid, "copy_id": cid, "title_id": copy["title_id"],
            "branch_id": copy["branch_id"], "checked_out": out, "due_date": due, "returned_on": returned,
            "status": status, "renewals": renewals}


LOANS = {x["loan_id"]: x for x in [
    _loan("L-90401", "M-4001", "C-3001", "2026-11-10", "2026-12-01", "active"),
    _loan("L-90402", "M-4001", "C-3040", "2026-11-18", "2026-12-09", "active"),
    _loan("L-90403", "M-4001", "C-3050", "2026-09-12", "2026-10-03", "returned", "2026-09-30"),
    _loan("L-90410", "M-4003", "C-3010", "2026-10-06", "2026-10-27", "overdue"),
    _loan("L-90411", "M-4003", "C-3060", "2026-11-14", "2026-12-05", "active"),
    _loan("L-90405", "M-4003", "C-3065", "2026-08-02", "2026-08-23", "returned", "2026-08-21"),
    _loan("L-90412", "M-4002", "C-3020", "2026-11-17", "2026-12-08", "active"),
    _loan("L-90413", "M-4002", "C-3035", "2026-10-01", "2026-10-22", "returned", "2026-11-04"),
    _loan("L-90420", "M-4005", "C-3004", "2026-11-20", "2026-12-11", "active"),
    _loan("L-90421", "M-4005", "C-3070", "2026-11-20", "2026-12-11", "active"),
    _loan("L-90422", "M-4005", "C-3002", "2026-06-04", "2026-06-25", "returned", "2026-06-24"),
    _loan("L-90430", "M-4007", "C-3011", "2026-11-12", "2026-12-03", "active"),
    _loan("L-90431", "M-4007", "C-3035", "2026-11-05", "2026-11-26", "active", renewals=1),
]}

HOLDS = {h["hold_id"]: h for h in [
    {"hold_id": "H-501", "member_id": "M-4004", "title_id": "T-2006", "pickup_branch_id": "BR-RIV",
     "placed_on": "2026-11-02", "status": "ready_for_pickup", "collect_by": "2026-11-30", "queue_position": 0,
     "hold_code": "HD-5A01C3"},
    {"hold_id": "H-502", "member_id": "M-4004", "title_id": "T-2004", "pickup_branch_id": "BR-CEN",
     "placed_on": "2026-11-15", "status": "waiting", "collect_by": None, "queue_position": 1,
     "hold_code": "HD-77B2E0"},
    {"hold_id": "H-503", "member_id": "M-4006", "title_id": "T-2007", "pickup_branch_id": "BR-HIL",
     "placed_on": "2026-11-19", "status": "waiting", "collect_by": None, "queue_position": 1,
     "hold_code": "HD-0D94F1"},
]}
NEXT_HOLD = [504]


def get_or_404(table, key, what):
    item = table.get(key) or table.get(key.upper())
    if item is None:
        raise ApiError(404, f"{what} {key} not found")
    return item


def title_summary(t):
    return {k: t[k] for k in ("title_id", "title", "author", "year", "format")}


def loan_view(x):
    out = dict(x)
    out["title"] = TITLES[x["title_id"]]["title"]
    out["branch_name"] = BRANCHES[x["branch_id"]]["name"]
    return out


def hold_view(h):
    out = dict(h)
    out["title"] = TITLES[h["title_id"]]["title"]
    out["pickup_branch_name"] = BRANCHES[h["pickup_branch_id"]]["name"]
    return out


def paginate(rows, query):
    try:
        page = int(query.get("page", 1))
        per_page = int(query.get("per_page", 10))
    except ValueError:
        raise ApiError(400, "page and per_page must be integers") from None
    if page < 1 or not 1 <= per_page <= 50:
        raise ApiError(400, "page must be >= 1 and per_page between 1 and 50")
    start = (page - 1) * per_page
    return {"page": page, "per_page": per_page, "total": len(rows), "results": rows[start:start + per_page],
            "has_more": start + per_page < len(rows)}


@route("GET", "/titles")
def search_titles(params, query, body):
    q, author = query.get("q", "").strip(), query.get("author", "").strip()
    subject, fmt = query.get("subject", "").strip().lower(), query.get("format", "").strip().lower()
    rows = [title_summary(t) for t in TITLES.values()
            if (not q or words_in(q, t["title"] + " " + t["author"] + " " + t["isbn"]))
            and (not author or words_in(author, t["author"]))
            and (not subject or subject in t["subjects"])
            and (not fmt or t["format"] == fmt)]
    return 200, paginate(rows, query)


@route("GET", "/titles/{title_id}")
def get_title(params, query, body):
    t = dict(get_or_404(TITLES, params["title_id"], "title"))
    copies = [c for c in COPIES.values() if c["title_id"] == t["title_id"]]
    t["copies_total"] = len(copies)
    t["copies_available"] = sum(c["status"] == "available" for c in copies)
    t["holds_waiting"] = sum(h["title_id"] == t["title_id"] and h["status"] == "waiting" for h in HOLDS.values())
    return 200, t


@route("GET", "/titles/{title_id}/copies")
def list_copies(params, query, body):
    t = get_or_404(TITLES, params["title_id"], "title")
    status = query.get("status", "").strip().lower()
    branch = query.get("branch_id", "").strip().upper()
    rows = [{**c, "branch_name": BRANCHES[c["branch_id"]]["name"]} for c in COPIES.values()
            if c["title_id"] == t["title_id"] and (not status or c["status"] == status)
            and (not branch or c["branch_id"] == branch)]
    return 200, {"title_id": t["title_id"], "title": t["title"], "copies": rows, "count": len(rows)}


@route("GET", "/branches")
def list_branches(params, query, body):
    rows = [{k: b[k] for k in ("branch_id", "name", "area")} for b in BRANCHES.values()]
    return 200, {"branches": rows, "count": len(rows)}


@route("GET", "/branches/{branch_id}")
def get_branch(params, query, body):
    return 200, get_or_404(BRANCHES, params["branch_id"], "branch")


@route("GET", "/members")
def search_members(params, query, body):
    name, email = query.get("name", "").strip(), query.get("email", "").strip().lower()
    card = query.get("card_number", "").replace(" ", "")
    if not (name or email or card):
        raise ApiError(400, "give one of name, email or card_number")
    rows = [{k: m[k] for k in ("member_id", "name", "email")} for m in MEMBERS.values()
            if (not name or words_in(name, m["name"])) and (not email or m["email"] == email)
            and (not card or m["card_number"] == card)]
    return 200, {"members": rows, "count": len(rows)}


@route("GET", "/members/{member_id}")
def get_member(params, query, body):
    m = dict(get_or_404(MEMBERS, params["member_id"], "member"))
    m["active_loans"] = sum(x["member_id"] == m["member_id"] and x["status"] != "returned" for x in LOANS.values())
    return 200, m


@route("GET", "/members/{member_id}/loans")
def list_member_loans(params, query, body):
    m = get_or_404(MEMBERS, params["member_id"], "member")
    status = query.get("status", "").strip().lower()
    if status and status not in ("active", "overdue", "returned", "current"):
        raise ApiError(400, "status must be one of active, overdue, returned, current")
    wanted = {"current": ("active", "overdue")}.get(status, (status,))
    rows = [{k: v for k, v in loan_view(x).items() if k in ("loan_id", "title_id", "title", "due_date", "status")}
            for x in sorted(LOANS.values(), key=lambda x: x["checked_out"])
            if x["member_id"] == m["member_id"] and (not status or x["status"] in wanted)]
    return 200, {"member_id": m["member_id"], "loans": rows, "count": len(rows)}


@route("GET", "/members/{member_id}/holds")
def list_member_holds(params, query, body):
    m = get_or_404(MEMBERS, params["member_id"], "member")
    rows = [hold_view(h) for h in HOLDS.values() if h["member_id"] == m["member_id"]]
    return 200, {"member_id": m["member_id"], "holds": rows, "count": len(rows)}


@route("GET", "/loans/{loan_id}")
def get_loan(params, query, body):
    return 200, loan_view(get_or_404(LOANS, params["loan_id"], "loan"))


@route("POST", "/loans/{loan_id}/renew")
def renew_loan(params, query, body):
    x = get_or_404(LOANS, params["loan_id"], "loan")
    with LOCK:
        if x.get("renewal_code"):
            return 200, {**loan_view(x), "renewed": True}
        if x["status"] == "returned":
            raise ApiError(409, f"loan {x['loan_id']} was returned on {x['returned_on']}")
        if x["status"] == "overdue":
            raise ApiError(409, f"loan {x['loan_id']} is overdue and must be returned at a branch")
        if x["renewals"] >= MAX_RENEWALS:
            raise ApiError(409, f"loan {x['loan_id']} has reached the limit of {MAX_RENEWALS} renewals")
        if any(h["title_id"] == x["title_id"] and h["status"] == "waiting" for h in HOLDS.values()):
            raise ApiError(409, "another member has a hold on this title; it cannot be renewed")
        new_due = (datetime.date.fromisoformat(x["due_date"]) + datetime.timedelta(days=LOAN_DAYS)).isoformat()
        x["renewal_code"] = code("RN", x["loan_id"], x["member_id"], new_due)
        x["due_date"] = new_due
        x["renewals"] += 1
    return 200, {**loan_view(x), "renewed": True}


@route("POST", "/holds")
def place_hold(params, query, body):
    for field in ("member_id", "title_id", "pickup_branch_id"):
        if not body.get(field):
            raise ApiError(400, f"field '{field}' is required")
    m = get_or_404(MEMBERS, str(body["member_id"]), "member")
    t = get_or_404(TITLES, str(body["title_id"]), "title")
    b = get_or_404(BRANCHES, str(body["pickup_branch_id"]), "branch")
    with LOCK:
        for h in HOLDS.values():
            if h["member_id"] == m["member_id"] and h["title_id"] == t["title_id"] and h["status"] != "cancelled":
                return 200, hold_view(h)
        hid = f"H-{NEXT_HOLD[0]}"
        NEXT_HOLD[0] += 1
        queue = 1 + sum(h["title_id"] == t["title_id"] and h["status"] == "waiting" for h in HOLDS.values())
        h = {"hold_id": hid, "member_id": m["member_id"], "title_id": t["title_id"],
             "pickup_branch_id": b["branch_id"], "placed_on": "2026-11-25", "status": "waiting",
             "collect_by": None, "queue_position": queue,
             "hold_code": code("HD", m["member_id"], t["title_id"], b["branch_id"])}
        HOLDS[hid] = h
    return 201, hold_view(h)


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
