"""Tidewater Stays hotel bookings service: a small in-memory HTTP API (stdlib only).

Usage: python hotel_service.py PORT   (serves under /api on 127.0.0.1:PORT)
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


HOTELS = {h["hotel_id"]: h for h in [
    {"hotel_id": "H-10", "name": "Harbourlight Hotel", "city": "Halifax", "stars": 4,
     "address": "1870 Lower Water St, Halifax NS B3J 1S5", "phone": "+1 902 555 0110",
     "manager": "Moira Kinsella", "email": "frontdesk@harbourlight.example", "currency": "CAD"},
    {"hotel_id": "H-11", "name": "Cedar Point Inn", "city": "Halifax", "stars": 3,
     "address": "44 Quinpool Rd, Halifax NS B3L 1A1", "phone": "+1 902 555 0177",
     "manager": "Darnell Brooks", "email": "stay@cedarpointinn.example", "currency": "CAD"},
    {"hotel_id": "H-20", "name": "Alpenrose", "city": "Innsbruck", "stars": 4,
     "address": "Maria-Theresien-Strasse 31, 6020 Innsbruck", "phone": "+43 512 555 0142",
     "manager": "Verena Hofstaetter", "email": "verena.hofstaetter@alpenrose.example", "currency": "EUR"},
    {"hotel_id": "H-30", "name": "Hotel Miradouro", "city": "Porto", "stars": 5,
     "address": "Rua das Flores 112, 4050-265 Porto", "phone": "+351 22 555 0190",
     "manager": "Joana Pimentel", "email": "reservas@miradouro.example", "currency": "EUR"},
    {"hotel_id": "H-31", "name": "Casa Lumen", "city": "Porto", "stars": 3,
     "address": "Rua de Cedofeita 408, 4050-174 Porto", "phone": "+351 22 555 0133",
     "manager": "Tiago Meireles", "email": "ola@casalumen.example", "currency": "EUR"},
]}


def _room(hotel_id, number, rtype, view, rate):
    return {"hotel_id": hotel_id, "room": number, "type": rtype, "view": view, "nightly_rate": rate}


ROOMS = [
    _room("H-10", "214", "double", "city", 189.0), _room("H-10", "215", "double", "sea", 215.0),
    _room("H-10", "501", "suite", "sea", 420.0), _room("H-10", "502", "suite", "city", 360.0),
    _room("H-10", "503", "suite", "sea", 445.0), _room("H-10", "110", "single", "courtyard", 139.0),
    _room("H-11", "12", "double", "garden", 142.0), _room("H-11", "14", "single", "garden", 109.0),
    _room("H-20", "301", "double", "mountain", 168.0), _room("H-20", "302", "double", "street", 148.0),
    _room("H-20", "401", "suite", "mountain", 310.0),
    _room("H-30", "21", "double", "river", 240.0), _room("H-30", "22", "double", "river", 240.0),
    _room("H-30", "31", "suite", "river", 520.0),
    _room("H-31", "3", "double", "street", 96.0), _room("H-31", "4", "double", "patio", 104.0),
    _room("H-31", "7", "single", "patio", 72.0),
]

GUESTS = {g["guest_id"]: g for g in [
    {"guest_id": "G-301", "name": "Ingrid Solberg", "email": "ingrid.solberg@example.no", "phone": "+47 555 01 201",
     "loyalty_tier": "Silver", "points": 12840},
    {"guest_id": "G-302", "name": "Kwame Mensah", "email": "kwame.mensah@example.com", "phone": "+233 555 0102",
     "loyalty_tier": "Platinum", "points": 96310},
    {"guest_id": "G-303", "name": "Yuki Tanaka", "email": "yuki.t@example.jp", "phone": "+81 3 5550 0103",
     "loyalty_tier": "Gold", "points": 40115},
    {"guest_id": "G-304", "name": "Rafael Duarte", "email": "r.duarte@example.net", "phone": "+55 11 5550 0104",
     "loyalty_tier": "Gold", "points": 48250},
    {"guest_id": "G-305", "name": "Olga Petrenko", "email": "olga.petrenko@example.ua", "phone": "+380 44 555 0105",
     "loyalty_tier": "Member", "points": 1200},
    {"guest_id": "G-306", "name": "Sean Gallagher", "email": "sean.gallagher@example.ie", "phone": "+353 1 555 0106",
     "loyalty_tier": "Silver", "points": 9870},
]}


def _bk(bid, gid, hid, room, check_in, check_out, nights, status):
    return {"booking_id": bid, "guest_id": gid, "hotel_id": hid, "room": room, "check_in": check_in,
            "check_out": check_out, "nights": nights, "status": status}


BOOKINGS = {b["booking_id"]: b for b in [
    _bk("5521", "G-306", "H-10", "214", "2027-03-03", "2027-03-06", 3, "confirmed"),
    _bk("5522", "G-301", "H-11", "12", "2026-10-09", "2026-10-13", 4, "completed"),
    _bk("5523", "G-301", "H-20", "301", "2027-01-15", "2027-01-18", 3, "confirmed"),
    _bk("5524", "G-302", "H-20", "401", "2027-02-11", "2027-02-14", 3, "confirmed"),
    _bk("5525", "G-302", "H-30", "31", "2026-09-01", "2026-09-03", 2, "completed"),
    _bk("5526", "G-303", "H-10", "110", "2026-11-02", "2026-11-06", 4, "completed"),
    _bk("5527", "G-303", "H-10", "501", "2027-04-20", "2027-04-22", 2, "confirmed"),
    _bk("5528", "G-303", "H-30", "21", "2027-06-01", "2027-06-04", 3, "confirmed"),
    _bk("5529", "G-303", "H-11", "14", "2026-08-10", "2026-08-11", 1, "cancelled"),
    _bk("5530", "G-304", "H-31", "3", "2027-03-03", "2027-03-05", 2, "confirmed"),
    _bk("5531", "G-304", "H-20", "302", "2026-07-19", "2026-07-21", 2, "completed"),
    _bk("5532", "G-305", "H-30", "22", "2027-04-08", "2027-04-12", 4, "confirmed"),
]}
NEXT = [5600]


def _rate(b):
    return next(r["nightly_rate"] for r in ROOMS if r["hotel_id"] == b["hotel_id"] and r["room"] == b["room"])


def _overlaps(b, day):
    return b["status"] != "cancelled" and b["check_in"] <= day < b["check_out"]


@route("GET", "/hotels")
def list_hotels(p, q, body):
    hotels = [{"hotel_id": h["hotel_id"], "name": h["name"], "city": h["city"], "stars": h["stars"]}
              for h in HOTELS.values()
              if (not q.get("city") or h["city"].lower() == q["city"].strip().lower())
              and (not q.get("name") or matches(h["name"], q["name"]))]
    return 200, {"hotels": hotels, "count": len(hotels)}


@route("GET", "/hotels/{hotel_id}")
def get_hotel(p, q, body):
    return 200, dict(get_or_404(HOTELS, p["hotel_id"], "hotel"))


@route("GET", "/hotels/{hotel_id}/rooms")
def list_rooms(p, q, body):
    h = get_or_404(HOTELS, p["hotel_id"], "hotel")
    rooms = [dict(r, currency=h["currency"]) for r in ROOMS if r["hotel_id"] == h["hotel_id"]
             and (not q.get("type") or r["type"] == q["type"].strip().lower())]
    return 200, {"hotel_id": h["hotel_id"], "rooms": rooms, "count": len(rooms)}


@route("GET", "/hotels/{hotel_id}/availability")
def availability(p, q, body):
    h = get_or_404(HOTELS, p["hotel_id"], "hotel")
    day = is_date(q.get("date"), "date")
    taken = {b["room"] for b in BOOKINGS.values() if b["hotel_id"] == h["hotel_id"] and _overlaps(b, day)}
    free = [r["room"] for r in ROOMS if r["hotel_id"] == h["hotel_id"] and r["room"] not in taken]
    return 200, {"hotel_id": h["hotel_id"], "date": day, "free_rooms": free, "count": len(free)}


@route("GET", "/guests")
def search_guests(p, q, body):
    if not q.get("name") and not q.get("email"):
        raise ApiError(400, "give name or email")
    guests = [{"guest_id": g["guest_id"], "name": g["name"], "email": g["email"]} for g in GUESTS.values()
              if (not q.get("name") or matches(g["name"], q["name"]))
              and (not q.get("email") or g["email"].lower() == q["email"].strip().lower())]
    return 200, {"guests": guests, "count": len(guests)}


@route("GET", "/guests/{guest_id}")
def get_guest(p, q, body):
    return 200, dict(get_or_404(GUESTS, p["guest_id"], "guest"))


@route("GET", "/guests/{guest_id}/bookings")
def guest_bookings(p, q, body):
    g = get_or_404(GUESTS, p["guest_id"], "guest")
    rows = [{"booking_id": b["booking_id"], "hotel_name": HOTELS[b["hotel_id"]]["name"], "check_in": b["check_in"],
             "status": b["status"]} for b in sorted(BOOKINGS.values(), key=lambda b: b["check_in"])
            if b["guest_id"] == g["guest_id"] and (not q.get("status") or b["status"] == q["status"].strip().lower())]
    return 200, {"guest_id": g["guest_id"], "bookings": rows, "count": len(rows)}


@route("GET", "/bookings/{booking_id}")
def get_booking(p, q, body):
    b = get_or_404(BOOKINGS, p["booking_id"].lstrip("#"), "booking")
    return 200, dict(b, guest_name=GUESTS[b["guest_id"]]["name"], hotel_name=HOTELS[b["hotel_id"]]["name"])


@route("GET", "/bookings/{booking_id}/invoice")
def get_invoice(p, q, body):
    b = get_or_404(BOOKINGS, p["booking_id"], "booking")
    if b["status"] != "completed":
        raise ApiError(409, "invoices exist only for completed stays")
    rate = _rate(b)
    lodging = round(rate * b["nights"], 2)
    tax = round(lodging * 0.15, 2)
    return 200, {"booking_id": b["booking_id"], "hotel_id": b["hotel_id"], "nights": b["nights"],
                 "nightly_rate": rate, "lodging": lodging, "tax": tax, "total": f"{lodging + tax:.2f}",
                 "currency": HOTELS[b["hotel_id"]]["currency"]}


@route("POST", "/bookings")
def create_booking(p, q, body):
    gid, hid = need(body.get("guest_id"), "guest_id").upper(), need(body.get("hotel_id"), "hotel_id").upper()
    get_or_404(GUESTS, gid, "guest")
    get_or_404(HOTELS, hid, "hotel")
    rtype = need(body.get("room_type"), "room_type").lower()
    ci, co = is_date(body.get("check_in"), "check_in"), is_date(body.get("check_out"), "check_out")
    if co <= ci:
        raise ApiError(400, "check_out must be after check_in")
    conf = code("HB", gid, hid, rtype, ci, co)
    for b in BOOKINGS.values():
        if b.get("confirmation_code") == conf:
            return 200, dict(b)
    free = [r for r in ROOMS if r["hotel_id"] == hid and r["type"] == rtype and not any(
        b["hotel_id"] == hid and b["room"] == r["room"] and b["status"] != "cancelled"
        and b["check_in"] < co and ci < b["check_out"] for b in BOOKINGS.values())]
    if not free:
        raise ApiError(409, f"no {rtype} room free at {hid} for those dates")
    NEXT[0] += 1
    from datetime import date
    nights = (date.fromisoformat(co) - date.fromisoformat(ci)).days
    b = _bk(str(NEXT[0]), gid, hid, free[0]["room"], ci, co, nights, "confirmed")
    b["confirmation_code"] = conf
    BOOKINGS[b["booking_id"]] = b
    return 201, dict(b)


@route("POST", "/bookings/{booking_id}/cancel")
def cancel_booking(p, q, body):
    b = get_or_404(BOOKINGS, p["booking_id"], "booking")
    if b["status"] == "completed":
        raise ApiError(409, "a completed stay cannot be cancelled")
    b["status"] = "cancelled"
    return 200, {"booking_id": b["booking_id"], "status": "cancelled",
                 "cancellation_ref": code("HX", b["booking_id"], b["guest_id"], b["check_in"])}


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
