"""Lanternfly Tickets: concert and theatre ticketing service, a small in-memory HTTP API (stdlib only).

Usage: python tickets_service.py PORT   (serves under /api on 127.0.0.1:PORT)
Deterministic: fixed seed data, no clock, no randomness; refund references are derived from the request content.
Prices are in GBP; every ticket carries a booking fee of 3.25.
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
BUSINESS_DATE = "2026-11-27"
REFUND_EXPECTED_BY = "2026-12-04"
BOOKING_FEE = 3.25


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
    tokens = [t for t in re.split(r"[\s,:]+", query.lower()) if t]
    return all(t in text.lower() for t in tokens)


VENUES = {v["venue_id"]: v for v in [
    {"venue_id": "V-101", "name": "Orpheum Theatre", "address": "12 Carrick Street", "city": "Halvergate",
     "postcode": "HV1 2QA", "capacity": 1180, "box_office_phone": "+44 1632 961101",
     "box_office_email": "boxoffice@orpheum-halvergate.example", "step_free_access": True},
    {"venue_id": "V-102", "name": "Orpheum Studio", "address": "14 Carrick Street", "city": "Halvergate",
     "postcode": "HV1 2QB", "capacity": 220, "box_office_phone": "+44 1632 961101",
     "box_office_email": "boxoffice@orpheum-halvergate.example", "step_free_access": False},
    {"venue_id": "V-103", "name": "The Corn Exchange", "address": "3 Wool Market", "city": "Corbridge Wells",
     "postcode": "CW4 7NE", "capacity": 900, "box_office_phone": "+44 1632 961103",
     "box_office_email": "tickets@cornexchange-cw.example", "step_free_access": True},
    {"venue_id": "V-104", "name": "Saltmarsh Jazz Cellar", "address": "88 Quayside", "city": "Halvergate",
     "postcode": "HV2 9LD", "capacity": 140, "box_office_phone": "+44 1632 961104",
     "box_office_email": "hello@saltmarshcellar.example", "step_free_access": False},
    {"venue_id": "V-105", "name": "Easthaven Pavilion", "address": "The Promenade", "city": "Easthaven",
     "postcode": "EH3 1PP", "capacity": 2400, "box_office_phone": "+44 1632 961105",
     "box_office_email": "boxoffice@easthavenpavilion.example", "step_free_access": True},
]}

PROMOTERS = {p["promoter_id"]: p for p in [
    {"promoter_id": "PR-21", "name": "Brightwater Productions", "contact_name": "Odette Lindqvist",
     "email": "bookings@brightwater-productions.example", "phone": "+44 1632 962021", "city": "Halvergate"},
    {"promoter_id": "PR-22", "name": "Brightwell Live", "contact_name": "Sunil Bhattacharya",
     "email": "hello@brightwell-live.example", "phone": "+44 1632 962022", "city": "Corbridge Wells"},
    {"promoter_id": "PR-23", "name": "Cellar Door Promotions", "contact_name": "Marcus Oyelaran",
     "email": "marcus@cellardoor-promotions.example", "phone": "+44 1632 962023", "city": "Halvergate"},
    {"promoter_id": "PR-24", "name": "Northlight Theatre Company", "contact_name": "Hester Quine",
     "email": "office@northlight-theatre.example", "phone": "+44 1632 962024", "city": "Halvergate"},
    {"promoter_id": "PR-25", "name": "Fenwick & Daughters Concerts", "contact_name": "Ruth Fenwick",
     "email": "ruth@fenwickconcerts.example", "phone": "+44 1632 962025", "city": "Easthaven"},
]}


def _pf(pid, title, genre, venue, promoter, date, start, doors, runtime, age, status="on_sale", original=None):
    return {"performance_id": pid, "title": title, "genre": genre, "venue_id": venue, "promoter_id": promoter,
            "date": date, "start_time": start, "doors_open": doors, "runtime_minutes": runtime,
            "age_rating": age, "status": status, "original_date": original}


PERFORMANCES = {p["performance_id"]: p for p in [
    _pf("PF-5120", "The Lantern Keeper", "theatre", "V-101", "PR-24", "2026-12-11", "19:30", "18:45", 150, "12+"),
    _pf("PF-5121", "The Lantern Keeper", "theatre", "V-101", "PR-24", "2026-12-12", "14:30", "13:45", 150, "12+"),
    _pf("PF-5127", "The Lantern Keeper", "theatre", "V-101", "PR-24", "2026-12-12", "19:30", "18:45", 150, "12+"),
    _pf("PF-5130", "The Lantern Keepers", "family", "V-102", "PR-21", "2026-12-12", "11:00", "10:30", 55, "3+"),
    _pf("PF-5200", "Ember Quartet: Late Set", "jazz", "V-104", "PR-23", "2026-12-04", "21:00", "20:15", 100, "18+"),
    _pf("PF-5203", "Nadia Okonjo Trio", "jazz", "V-104", "PR-23", "2026-12-11", "20:00", "19:15", 110, "18+"),
    _pf("PF-5205", "Cellar Standards Night", "jazz", "V-104", "PR-23", "2026-12-09", "20:00", "19:15", 120, "18+",
        "cancelled"),
    _pf("PF-5206", "Blue Hour Big Band", "jazz", "V-101", "PR-25", "2026-12-18", "19:30", "18:45", 130, "all ages"),
    _pf("PF-5209", "Ember Quartet: Late Set", "jazz", "V-103", "PR-23", "2026-12-05", "21:00", "20:15", 100, "18+"),
    _pf("PF-5211", "Saltmarsh Sessions", "jazz", "V-104", "PR-23", "2026-09-26", "20:00", "19:15", 120, "18+",
        "completed"),
    _pf("PF-5301", "Brass Reflections", "classical", "V-105", "PR-25", "2026-12-19", "19:00", "18:15", 120,
        "all ages"),
    _pf("PF-5310", "Winter Songbook", "folk", "V-103", "PR-22", "2026-12-20", "19:30", "18:45", 140, "all ages"),
    _pf("PF-5320", "Marlowe & Finch: Unplugged", "rock", "V-103", "PR-22", "2026-12-06", "20:00", "19:00", 120,
        "14+", "rescheduled", "2026-11-28"),
    _pf("PF-5330", "Comedy Night: Pun Intended", "comedy", "V-103", "PR-21", "2026-12-02", "20:00", "19:15", 110,
        "16+"),
]}

# performance_id -> [(section, price, capacity, available)]
SEATMAPS = {
    "PF-5120": [("Stalls", 58.0, 520, 0), ("Dress Circle", 46.5, 300, 6), ("Upper Circle", 34.5, 260, 44),
                ("Gallery", 22.0, 80, 3), ("Boxes", 85.0, 20, 0)],
    "PF-5121": [("Stalls", 48.0, 520, 61), ("Dress Circle", 39.5, 300, 88), ("Upper Circle", 28.0, 260, 120),
                ("Gallery", 18.0, 80, 25), ("Boxes", 70.0, 20, 8)],
    "PF-5127": [("Stalls", 58.0, 520, 12), ("Dress Circle", 46.5, 300, 4), ("Upper Circle", 34.5, 260, 31),
                ("Gallery", 22.0, 80, 0), ("Boxes", 85.0, 20, 0)],
    "PF-5130": [("Unreserved", 12.5, 220, 57)],
    "PF-5200": [("Tables", 32.0, 90, 9), ("Bar Standing", 24.0, 50, 0)],
    "PF-5203": [("Tables", 34.0, 90, 22), ("Bar Standing", 25.0, 50, 30)],
    "PF-5205": [("Tables", 38.5, 90, 0), ("Bar Standing", 27.0, 50, 0)],
    "PF-5206": [("Stalls", 42.0, 520, 140), ("Dress Circle", 36.0, 300, 95), ("Upper Circle", 26.0, 260, 118),
                ("Gallery", 18.0, 80, 40), ("Boxes", 64.0, 20, 6)],
    "PF-5209": [("Stalls", 30.0, 600, 212), ("Balcony", 26.0, 300, 97)],
    "PF-5211": [("Tables", 30.0, 90, 0), ("Bar Standing", 22.0, 50, 0)],
    "PF-5301": [("Floor A", 48.0, 600, 17), ("Floor B", 42.0, 600, 0), ("Balcony Left", 36.0, 380, 143),
                ("Balcony Right", 36.0, 380, 88)],
    "PF-5310": [("Stalls", 33.0, 600, 184), ("Balcony", 27.5, 300, 61)],
    "PF-5320": [("Stalls", 44.0, 600, 35), ("Balcony", 36.0, 300, 12)],
    "PF-5330": [("Stalls", 28.0, 600, 240), ("Balcony", 22.0, 300, 150)],
}

CUSTOMERS = {c["customer_id"]: c for c in [
    {"customer_id": "C-7001", "name": "Olu Adebayo", "email": "olu.adebayo@example.com", "phone": "+44 7700 900701"},
    {"customer_id": "C-7002", "name": "Rosalind Achterberg", "email": "r.achterberg@example.net",
     "phone": "+44 7700 900702"},
    {"customer_id": "C-7003", "name": "Rosalyn Achterberg", "email": "rosalyn.a@example.org",
     "phone": "+44 7700 900703"},
    {"customer_id": "C-7004", "name": "Dominic Farrow", "email": "dom.farrow@example.com", "phone": "+44 7700 900704"},
    {"customer_id": "C-7005", "name": "Dominic Farrell", "email": "d.farrell@example.net", "phone": "+44 7700 900705"},
    {"customer_id": "C-7006", "name": "Kasia Nowak", "email": "kasia.nowak@example.com", "phone": "+44 7700 900706"},
    {"customer_id": "C-7007", "name": "Wen Li Tan", "email": "wenli.tan@example.org", "phone": "+44 7700 900707"},
]}

# order_id -> (customer_id, performance_id, placed_at, [(ticket_id, section, row, seat)])
_ORDERS = [
    ("OR-88150", "C-7001", "PF-5211", "2026-09-12 20:41", [("TK-301700", "Tables", "T4", 2)]),
    ("OR-88190", "C-7006", "PF-5205", "2026-09-20 09:12", [("TK-301544", "Tables", "T9", 1),
                                                           ("TK-301545", "Tables", "T9", 2)]),
    ("OR-88205", "C-7002", "PF-5310", "2026-09-28 13:30", [("TK-301880", "Balcony", "C", 9)]),
    ("OR-88214", "C-7001", "PF-5301", "2026-10-02 19:02", [("TK-301902", "Balcony Left", "K", 21),
                                                           ("TK-301903", "Balcony Left", "K", 22)]),
    ("OR-88240", "C-7004", "PF-5330", "2026-10-11 22:17", [("TK-301930", "Stalls", "M", 5),
                                                           ("TK-301931", "Stalls", "M", 6)]),
    ("OR-88260", "C-7001", "PF-5310", "2026-10-18 08:55", [("TK-301960", "Stalls", "H", 17)]),
    ("OR-88301", "C-7001", "PF-5200", "2026-10-30 12:44", [("TK-302015", "Tables", "T2", 3)]),
    ("OR-88330", "C-7006", "PF-5203", "2026-11-05 17:20", [("TK-302030", "Tables", "T6", 1)]),
    ("OR-88342", "C-7007", "PF-5320", "2026-11-07 10:03", [("TK-302040", "Stalls", "D", 11),
                                                           ("TK-302041", "Stalls", "D", 12),
                                                           ("TK-302042", "Balcony", "A", 3),
                                                           ("TK-302043", "Balcony", "A", 4)]),
    ("OR-88350", "C-7001", "PF-5121", "2026-11-09 21:36", [("TK-302050", "Dress Circle", "E", 10),
                                                           ("TK-302051", "Dress Circle", "E", 11)]),
    ("OR-88377", "C-7001", "PF-5206", "2026-11-15 11:48", [("TK-302120", "Upper Circle", "B", 14)]),
    ("OR-88388", "C-7004", "PF-5310", "2026-11-18 19:25", [("TK-302140", "Stalls", "F", 8),
                                                           ("TK-302141", "Stalls", "F", 9)]),
    ("OR-88395", "C-7002", "PF-5127", "2026-11-19 16:09", [("TK-302160", "Dress Circle", "B", 7),
                                                           ("TK-302161", "Dress Circle", "B", 8)]),
    ("OR-88402", "C-7003", "PF-5130", "2026-11-21 09:58", [("TK-302190", "Unreserved", "-", 0),
                                                           ("TK-302191", "Unreserved", "-", 0),
                                                           ("TK-302192", "Unreserved", "-", 0)]),
    ("OR-88410", "C-7001", "PF-5330", "2026-11-22 10:05", [("TK-302210", "Balcony", "B", 1),
                                                           ("TK-302211", "Balcony", "B", 2)]),
    ("OR-88415", "C-7005", "PF-5130", "2026-11-24 18:31", [("TK-302230", "Unreserved", "-", 0),
                                                           ("TK-302231", "Unreserved", "-", 0)]),
]


def _price(performance_id, section):
    for name, price, _cap, _avail in SEATMAPS[performance_id]:
        if name == section:
            return price
    raise KeyError(section)


ORDERS, TICKETS = {}, {}
for _oid, _cid, _pid, _placed, _tickets in _ORDERS:
    ORDERS[_oid] = {"order_id": _oid, "customer_id": _cid, "performance_id": _pid, "placed_at": _placed,
                    "ticket_ids": [t[0] for t in _tickets]}
    for _tid, _section, _row, _seat in _tickets:
        TICKETS[_tid] = {"ticket_id": _tid, "order_id": _oid, "performance_id": _pid, "section": _section,
                         "row": None if _row == "-" else _row, "seat": _seat or None,
                         "price": _price(_pid, _section), "booking_fee": BOOKING_FEE, "status": "valid",
                         "holder_name": CUSTOMERS[_cid]["name"],
                         "barcode": "LF" + hashlib.sha1(_tid.encode()).hexdigest().upper()[:10]}
for _tid in ORDERS["OR-88150"]["ticket_ids"]:
    TICKETS[_tid]["status"] = "scanned"

REFUNDS = {
    "RF-1A07C3": {"refund_reference": "RF-1A07C3", "order_id": "OR-88190", "ticket_ids": ["TK-301544", "TK-301545"],
                  "reason": "performance cancelled by promoter", "status": "paid", "processed_on": "2026-11-16",
                  "expected_by": "2026-11-23",
                  "lines": [{"ticket_id": "TK-301544", "amount": 41.75}, {"ticket_id": "TK-301545", "amount": 41.75}],
                  "total": 83.5, "currency": "GBP"},
}
for _tid in REFUNDS["RF-1A07C3"]["ticket_ids"]:
    TICKETS[_tid]["status"] = "refunded"


def get_or_404(table, key, what):
    item = table.get(key) or table.get(key.upper())
    if item is None:
        raise ApiError(404, f"{what} {key} not found")
    return item


def order_status(o):
    statuses = [TICKETS[t]["status"] for t in o["ticket_ids"]]
    if all(s == "refunded" for s in statuses):
        return "refunded"
    if any(s in ("refunded", "refund_pending") for s in statuses):
        return "partially_refunded"
    return "confirmed"


def order_totals(o):
    subtotal = round(sum(TICKETS[t]["price"] for t in o["ticket_ids"]), 2)
    fees = round(BOOKING_FEE * len(o["ticket_ids"]), 2)
    return subtotal, fees, round(subtotal + fees, 2)


def performance_summary(p):
    v = VENUES[p["venue_id"]]
    return {"performance_id": p["performance_id"], "title": p["title"], "genre": p["genre"], "date": p["date"],
            "start_time": p["start_time"], "venue_id": v["venue_id"], "venue_name": v["name"], "city": v["city"],
            "status": p["status"]}


def parse_int(query, name, default, low, high):
    try:
        value = int(query.get(name, default))
    except ValueError:
        raise ApiError(400, f"{name} must be an integer") from None
    if not low <= value <= high:
        raise ApiError(400, f"{name} must be between {low} and {high}")
    return value


@route("GET", "/venues")
def list_venues(params, query, body):
    city = query.get("city", "").strip().lower()
    rows = [{k: v[k] for k in ("venue_id", "name", "city", "capacity")} for v in VENUES.values()
            if not city or v["city"].lower() == city]
    return 200, {"venues": rows, "count": len(rows)}


@route("GET", "/venues/{venue_id}")
def get_venue(params, query, body):
    return 200, get_or_404(VENUES, params["venue_id"], "venue")


@route("GET", "/performances")
def search_performances(params, query, body):
    q = query.get("q", "").strip()
    city = query.get("city", "").strip().lower()
    venue_id = query.get("venue_id", "").strip().upper()
    genre = query.get("genre", "").strip().lower()
    status = query.get("status", "").strip().lower()
    start, end = query.get("date_from", "").strip(), query.get("date_to", "").strip()
    for value in (start, end):
        if value and not re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
            raise ApiError(400, "date_from and date_to must be YYYY-MM-DD")
    if status and status not in ("on_sale", "sold_out", "rescheduled", "cancelled", "completed"):
        raise ApiError(400, "status must be on_sale, sold_out, rescheduled, cancelled or completed")
    rows = []
    for p in PERFORMANCES.values():
        v = VENUES[p["venue_id"]]
        if q and not words_in(q, p["title"]):
            continue
        if city and v["city"].lower() != city:
            continue
        if venue_id and p["venue_id"] != venue_id:
            continue
        if genre and p["genre"] != genre:
            continue
        if status and p["status"] != status:
            continue
        if (start and p["date"] < start) or (end and p["date"] > end):
            continue
        rows.append(performance_summary(p))
    rows.sort(key=lambda r: (r["date"], r["start_time"], r["performance_id"]))
    return 200, {"performances": rows, "count": len(rows)}


@route("GET", "/performances/{performance_id}")
def get_performance(params, query, body):
    p = dict(get_or_404(PERFORMANCES, params["performance_id"], "performance"))
    prices = [s[1] for s in SEATMAPS[p["performance_id"]]]
    p["venue_name"] = VENUES[p["venue_id"]]["name"]
    p["price_from"], p["price_to"] = min(prices), max(prices)
    p["currency"] = "GBP"
    return 200, p


@route("GET", "/performances/{performance_id}/sections")
def get_seat_map(params, query, body):
    p = get_or_404(PERFORMANCES, params["performance_id"], "performance")
    sections = [{"section": name, "price": price, "capacity": cap, "available": avail,
                 "sold_out": avail == 0} for name, price, cap, avail in SEATMAPS[p["performance_id"]]]
    return 200, {"performance_id": p["performance_id"], "title": p["title"], "currency": "GBP",
                 "booking_fee_per_ticket": BOOKING_FEE, "sections": sections,
                 "total_available": sum(s["available"] for s in sections)}


@route("GET", "/promoters/{promoter_id}")
def get_promoter(params, query, body):
    return 200, get_or_404(PROMOTERS, params["promoter_id"], "promoter")


@route("GET", "/customers")
def search_customers(params, query, body):
    name, email = query.get("name", "").strip(), query.get("email", "").strip().lower()
    if not name and not email:
        raise ApiError(400, "give name or email")
    rows = [{k: c[k] for k in ("customer_id", "name", "email")} for c in CUSTOMERS.values()
            if (not name or words_in(name, c["name"])) and (not email or c["email"] == email)]
    return 200, {"customers": rows, "count": len(rows)}


@route("GET", "/customers/{customer_id}/orders")
def list_customer_orders(params, query, body):
    c = get_or_404(CUSTOMERS, params["customer_id"], "customer")
    page = parse_int(query, "page", 1, 1, 10_000)
    page_size = parse_int(query, "page_size", 5, 1, 20)
    rows = sorted((o for o in ORDERS.values() if o["customer_id"] == c["customer_id"]),
                  key=lambda o: o["placed_at"], reverse=True)
    first = (page - 1) * page_size
    items = []
    for o in rows[first:first + page_size]:
        p = PERFORMANCES[o["performance_id"]]
        items.append({"order_id": o["order_id"], "placed_at": o["placed_at"], "performance_id": p["performance_id"],
                      "performance_title": p["title"], "performance_date": p["date"],
                      "ticket_count": len(o["ticket_ids"]), "total": order_totals(o)[2], "status": order_status(o)})
    return 200, {"customer_id": c["customer_id"], "orders": items, "page": page, "page_size": page_size,
                 "total_count": len(rows), "next_page": page + 1 if first + page_size < len(rows) else None}


@route("GET", "/orders/{order_id}")
def get_order(params, query, body):
    o = get_or_404(ORDERS, params["order_id"], "order")
    p = PERFORMANCES[o["performance_id"]]
    subtotal, fees, total = order_totals(o)
    tickets = [{k: TICKETS[t][k] for k in ("ticket_id", "section", "row", "seat", "price", "status")}
               for t in o["ticket_ids"]]
    return 200, {"order_id": o["order_id"], "customer_id": o["customer_id"],
                 "customer_name": CUSTOMERS[o["customer_id"]]["name"], "placed_at": o["placed_at"],
                 "performance_id": p["performance_id"], "performance_title": p["title"], "performance_date": p["date"],
                 "venue_name": VENUES[p["venue_id"]]["name"], "status": order_status(o), "tickets": tickets,
                 "subtotal": subtotal, "booking_fees": fees, "total": total, "currency": "GBP"}


@route("GET", "/tickets/{ticket_id}")
def get_ticket(params, query, body):
    t = dict(get_or_404(TICKETS, params["ticket_id"], "ticket"))
    p = PERFORMANCES[t["performance_id"]]
    t["performance_title"], t["performance_date"] = p["title"], p["date"]
    return 200, t


@route("GET", "/orders/{order_id}/refunds")
def list_order_refunds(params, query, body):
    o = get_or_404(ORDERS, params["order_id"], "order")
    rows = [r for r in REFUNDS.values() if r["order_id"] == o["order_id"]]
    return 200, {"order_id": o["order_id"], "refunds": rows, "count": len(rows)}


@route("POST", "/orders/{order_id}/refunds")
def request_refund(params, query, body):
    o = get_or_404(ORDERS, params["order_id"], "order")
    ticket_ids = body.get("ticket_ids")
    if not isinstance(ticket_ids, list) or not ticket_ids:
        raise ApiError(400, "ticket_ids must be a non-empty list of ticket ids")
    ticket_ids = sorted({str(t).strip().upper() for t in ticket_ids})
    for tid in ticket_ids:
        if tid not in o["ticket_ids"]:
            raise ApiError(422, f"ticket {tid} is not part of order {o['order_id']}")
    p = PERFORMANCES[o["performance_id"]]
    ref = code("RF", o["order_id"], ",".join(ticket_ids))
    with LOCK:
        if ref in REFUNDS:
            return 200, REFUNDS[ref]
        if p["status"] not in ("cancelled", "rescheduled"):
            raise ApiError(409, f"refunds are only available for cancelled or rescheduled performances; "
                                f"{p['title']} on {p['date']} is {p['status']}")
        for tid in ticket_ids:
            if TICKETS[tid]["status"] != "valid":
                raise ApiError(409, f"ticket {tid} is {TICKETS[tid]['status']} and cannot be refunded")
        lines = [{"ticket_id": tid, "amount": round(TICKETS[tid]["price"] + BOOKING_FEE, 2)} for tid in ticket_ids]
        for tid in ticket_ids:
            TICKETS[tid]["status"] = "refund_pending"
        REFUNDS[ref] = {"refund_reference": ref, "order_id": o["order_id"], "ticket_ids": ticket_ids,
                        "reason": str(body.get("reason") or "unspecified"), "status": "approved",
                        "processed_on": BUSINESS_DATE, "expected_by": REFUND_EXPECTED_BY, "lines": lines,
                        "total": round(sum(line["amount"] for line in lines), 2), "currency": "GBP"}
    return 201, REFUNDS[ref]


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
