"""Larkspur community library: books, authors, shelves, members and loans; a small in-memory HTTP API.

Usage: python bookshelf_service.py PORT   (serves under /api on 127.0.0.1:PORT)
Deterministic: fixed seed data, no randomness, loan ids and renewal codes derived from their content;
"today" is 2026-11-26.
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


TODAY = datetime.date(2026, 11, 26)
LOAN_DAYS, RENEW_DAYS = 21, 14

AUTHORS = {a["author_id"]: a for a in [
    {"author_id": "A-1", "name": "Ursula K. Le Guin", "born": 1929, "birthplace": "Berkeley, California",
     "nationality": "American"},
    {"author_id": "A-2", "name": "Susanna Clarke", "born": 1959, "birthplace": "Nottingham", "nationality": "British"},
    {"author_id": "A-3", "name": "Octavia E. Butler", "born": 1947, "birthplace": "Pasadena, California",
     "nationality": "American"},
    {"author_id": "A-4", "name": "Gabriel Garcia Marquez", "born": 1927, "birthplace": "Aracataca",
     "nationality": "Colombian"},
    {"author_id": "A-5", "name": "Kazuo Ishiguro", "born": 1954, "birthplace": "Nagasaki",
     "nationality": "British (born in Japan)"},
    {"author_id": "A-6", "name": "Toni Morrison", "born": 1931, "birthplace": "Lorain, Ohio",
     "nationality": "American"},
]}

SHELVES = {s["shelf_id"]: s for s in [
    {"shelf_id": "SH-1", "name": "Literary Fiction", "location": "Floor 1, room 1.05 (east wing)"},
    {"shelf_id": "SH-2", "name": "Science Fiction & Fantasy", "location": "Floor 2, room 2.14"},
    {"shelf_id": "SH-3", "name": "New Arrivals", "location": "Ground floor, next to the front desk"},
    {"shelf_id": "SH-4", "name": "Modern Classics", "location": "Floor 1, room 1.11 (west wing)"},
]}


def _b(bid, title, author, year, isbn, shelf, copies, pages):
    return {"book_id": bid, "title": title, "author_id": author, "year": year, "isbn": isbn, "shelf_id": shelf,
            "copies_total": copies, "pages": pages}


BOOKS = {b["book_id"]: b for b in [
    _b("B-101", "A Wizard of Earthsea", "A-1", 1968, "978-0-547-77374-3", "SH-2", 2, 183),
    _b("B-102", "The Left Hand of Darkness", "A-1", 1969, "978-0-441-47812-5", "SH-2", 1, 304),
    _b("B-103", "The Dispossessed", "A-1", 1974, "978-0-06-051275-3", "SH-2", 2, 387),
    _b("B-104", "Piranesi", "A-2", 2020, "978-1-63557-563-7", "SH-3", 2, 272),
    _b("B-105", "Jonathan Strange & Mr Norrell", "A-2", 2004, "978-0-7475-7411-0", "SH-2", 1, 782),
    _b("B-106", "Kindred", "A-3", 1979, "978-0-8070-8305-4", "SH-4", 2, 264),
    _b("B-107", "Parable of the Sower", "A-3", 1993, "978-1-5387-3218-5", "SH-2", 1, 345),
    _b("B-108", "One Hundred Years of Solitude", "A-4", 1967, "978-0-06-088328-7", "SH-4", 3, 417),
    _b("B-109", "Never Let Me Go", "A-5", 2005, "978-1-4000-7877-6", "SH-1", 2, 288),
    _b("B-110", "Klara and the Sun", "A-5", 2021, "978-0-593-31817-1", "SH-3", 1, 303),
    _b("B-111", "Beloved", "A-6", 1987, "978-1-4000-3341-6", "SH-4", 2, 324),
]}

MEMBERS = {m["member_id"]: m for m in [
    {"member_id": "M-01", "name": "Amira Haddad", "email": "amira.haddad@example.com", "joined": "2023-03-14",
     "tier": "standard", "max_loans": 5},
    {"member_id": "M-02", "name": "Jonas Weber", "email": "jonas.weber@example.com", "joined": "2021-09-02",
     "tier": "plus", "max_loans": 10},
    {"member_id": "M-03", "name": "Chloe Martin", "email": "chloe.martin@example.com", "joined": "2024-06-21",
     "tier": "standard", "max_loans": 5},
    {"member_id": "M-04", "name": "Ravi Menon", "email": "ravi.menon@example.com", "joined": "2025-01-08",
     "tier": "student", "max_loans": 3},
]}


def _l(lid, member, book, loaned, due, returned=None):
    return {"loan_id": lid, "member_id": member, "book_id": book, "loaned_on": loaned, "due_date": due,
            "returned_on": returned, "renewed": False}


LOANS = {x["loan_id"]: x for x in [
    _l("L-5001", "M-01", "B-104", "2026-11-11", "2026-12-02"),
    _l("L-5002", "M-01", "B-111", "2026-10-20", "2026-11-10"),
    _l("L-5003", "M-01", "B-109", "2026-11-18", "2026-12-09"),
    _l("L-5004", "M-02", "B-104", "2026-11-20", "2026-12-11"),
    _l("L-5005", "M-03", "B-106", "2026-11-05", "2026-11-26"),
    _l("L-5006", "M-03", "B-101", "2026-09-01", "2026-09-22", "2026-09-20"),
    _l("L-5007", "M-04", "B-105", "2026-11-14", "2026-12-05"),
    _l("L-5008", "M-02", "B-108", "2026-08-02", "2026-08-23", "2026-08-22"),
]}


def get_or_404(table, key, what):
    item = table.get(key) or table.get(key.strip().upper())
    if item is None:
        raise ApiError(404, f"{what} {key} not found")
    return item


def status_of(loan):
    if loan["returned_on"]:
        return "returned"
    return "overdue" if loan["due_date"] < TODAY.isoformat() else "active"


def loan_out(loan):
    book = BOOKS[loan["book_id"]]
    return {**loan, "title": book["title"], "status": status_of(loan)}


def book_summary(b):
    return {"book_id": b["book_id"], "title": b["title"], "author_name": AUTHORS[b["author_id"]]["name"],
            "year": b["year"], "isbn": b["isbn"]}


def book_detail(b):
    out = dict(b)
    out["author_name"] = AUTHORS[b["author_id"]]["name"]
    out_loans = [x for x in LOANS.values() if x["book_id"] == b["book_id"] and not x["returned_on"]]
    out["copies_available"] = b["copies_total"] - len(out_loans)
    out["next_due_date"] = min(x["due_date"] for x in out_loans) if out["copies_available"] == 0 else None
    return out


@route("GET", "/books")
def search_books(params, query, body):
    title, author = query.get("title", "").strip(), query.get("author", "").strip()
    isbn = re.sub(r"[^0-9Xx]", "", query.get("isbn", ""))
    if not (title or author or isbn):
        raise ApiError(400, "give at least one of title, author, isbn")
    rows = [book_summary(b) for b in BOOKS.values()
            if (not title or matches(b["title"], title))
            and (not author or matches(AUTHORS[b["author_id"]]["name"], author))
            and (not isbn or re.sub(r"[^0-9Xx]", "", b["isbn"]) == isbn)]
    return 200, {"books": rows, "count": len(rows)}


@route("GET", "/books/{book_id}")
def get_book(params, query, body):
    return 200, book_detail(get_or_404(BOOKS, params["book_id"], "book"))


@route("GET", "/authors")
def search_authors(params, query, body):
    name = query.get("name", "").strip()
    if not name:
        raise ApiError(400, "query parameter 'name' is required")
    rows = [{"author_id": a["author_id"], "name": a["name"]} for a in AUTHORS.values()
            if matches(a["name"].replace(".", ""), name.replace(".", ""))]
    return 200, {"authors": rows, "count": len(rows)}


@route("GET", "/authors/{author_id}")
def get_author(params, query, body):
    return 200, get_or_404(AUTHORS, params["author_id"], "author")


@route("GET", "/authors/{author_id}/books")
def list_author_books(params, query, body):
    a = get_or_404(AUTHORS, params["author_id"], "author")
    rows = [{"book_id": b["book_id"], "title": b["title"], "year": b["year"]} for b in BOOKS.values()
            if b["author_id"] == a["author_id"]]
    return 200, {"author_id": a["author_id"], "author_name": a["name"], "books": rows}


@route("GET", "/shelves")
def list_shelves(params, query, body):
    return 200, {"shelves": list(SHELVES.values()), "count": len(SHELVES)}


@route("GET", "/shelves/{shelf_id}")
def get_shelf(params, query, body):
    s = dict(get_or_404(SHELVES, params["shelf_id"], "shelf"))
    s["books"] = [{"book_id": b["book_id"], "title": b["title"]} for b in BOOKS.values()
                  if b["shelf_id"] == s["shelf_id"]]
    return 200, s


@route("GET", "/members")
def find_members(params, query, body):
    email = query.get("email", "").strip().lower()
    if not email:
        raise ApiError(400, "query parameter 'email' is required")
    rows = [{"member_id": m["member_id"], "name": m["name"], "email": m["email"]} for m in MEMBERS.values()
            if m["email"] == email]
    return 200, {"members": rows, "count": len(rows)}


@route("GET", "/members/{member_id}")
def get_member(params, query, body):
    return 200, get_or_404(MEMBERS, params["member_id"], "member")


@route("GET", "/members/{member_id}/loans")
def list_member_loans(params, query, body):
    m = get_or_404(MEMBERS, params["member_id"], "member")
    status = query.get("status", "").strip().lower()
    if status and status not in ("active", "overdue", "returned"):
        raise ApiError(400, "status must be one of active, overdue, returned")
    rows = [loan_out(x) for x in LOANS.values() if x["member_id"] == m["member_id"]
            and (not status or status_of(x) == status)]
    return 200, {"member_id": m["member_id"], "loans": rows, "count": len(rows)}


@route("GET", "/loans/{loan_id}")
def get_loan(params, query, body):
    return 200, loan_out(get_or_404(LOANS, params["loan_id"], "loan"))


@route("POST", "/loans")
def create_loan(params, query, body):
    for field in ("book_id", "member_id"):
        if not body.get(field):
            raise ApiError(400, f"field '{field}' is required")
    book = get_or_404(BOOKS, str(body["book_id"]), "book")
    member = get_or_404(MEMBERS, str(body["member_id"]), "member")
    with LOCK:
        mine = [x for x in LOANS.values() if x["member_id"] == member["member_id"] and not x["returned_on"]]
        for x in mine:
            if x["book_id"] == book["book_id"]:
                return 200, loan_out(x)
        if len(mine) >= member["max_loans"]:
            raise ApiError(409, f"{member['name']} already has {len(mine)} books on loan (limit {member['max_loans']})")
        if book_detail(book)["copies_available"] < 1:
            raise ApiError(409, f"no copy of {book['title']} is available")
        lid = code("L", member["member_id"], book["book_id"])
        loan = _l(lid, member["member_id"], book["book_id"], TODAY.isoformat(),
                  (TODAY + datetime.timedelta(days=LOAN_DAYS)).isoformat())
        LOANS[lid] = loan
    return 201, loan_out(loan)


@route("POST", "/loans/{loan_id}/renew")
def renew_loan(params, query, body):
    loan = get_or_404(LOANS, params["loan_id"], "loan")
    status = status_of(loan)
    if status != "active":
        raise ApiError(409, f"loan {loan['loan_id']} is {status} and cannot be renewed")
    with LOCK:
        if not loan["renewed"]:
            loan["due_date"] = (datetime.date.fromisoformat(loan["due_date"])
                                + datetime.timedelta(days=RENEW_DAYS)).isoformat()
            loan["renewed"] = True
    return 200, {**loan_out(loan), "renewal_code": code("RN", loan["loan_id"], loan["due_date"])}
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
