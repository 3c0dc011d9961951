"""Gannet Sound Ferries booking API: a small in-memory HTTP service (Python standard library only).

Usage: python ferry_service.py PORT   (serves under /api on 127.0.0.1:PORT)
Routes between Carrickmoor on the mainland and the islands of Inchbrae, Selkie and Vallasay; the sailings of
March and April 2027, cabins on the overnight crossings, vehicles on each car deck, customers and bookings.
Deterministic: fixed seed data ("today" is 2027-03-08), no clock, no randomness; new booking references are
derived from the booking's content. All names, emails, registrations, addresses and codes are invented.
Licence: Apache-2.0.
"""
import datetime
import hashlib
import json
import re
import sys
import threading
import unicodedata
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, unquote, urlsplit

TODAY = "2027-03-08"
FIRST_DAY, LAST_DAY = datetime.date(2027, 3, 1), datetime.date(2027, 4, 30)
LOCK = threading.Lock()
HANDLERS = []


class Problem(Exception):
    def __init__(self, status, message):
        super().__init__(message)
        self.status, self.message = status, message


def endpoint(method, template):
    pattern = re.compile("^/api" + re.sub(r"\{(\w+)\}", r"(?P<\1>[^/]+)", template) + "/?$")

    def register(fn):
        HANDLERS.append((method, pattern, fn))
        return fn
    return register


def folded(text):
    return "".join(c for c in unicodedata.normalize("NFKD", str(text)) if not unicodedata.combining(c)).lower()


def tokens(text):
    return [t for t in re.split(r"[\s,.'\u2019()-]+", folded(text)) if t]


def matches(query, text):
    hay = folded(text)
    return all(t in hay for t in tokens(query))


def as_date(value, name):
    try:
        return datetime.date.fromisoformat(str(value).strip()).isoformat()
    except ValueError:
        raise Problem(400, f"{name} must be a date YYYY-MM-DD") from None


def as_int(query, name, default, lo, hi):
    raw = query.get(name)
    if raw in (None, ""):
        return default
    try:
        value = int(raw)
    except ValueError:
        raise Problem(400, f"{name} must be an integer") from None
    if not lo <= value <= hi:
        raise Problem(400, f"{name} must be between {lo} and {hi}")
    return value


def lookup(table, key, what):
    row = table.get(str(key).strip().upper())
    if row is None:
        raise Problem(404, f"no {what} {key!r}")
    return row


# ------------------------------------------------------------------ ports, routes, fares
PORTS = {p["port_code"]: p for p in [
    {"port_code": "CRM", "name": "Carrickmoor", "island": None,
     "terminal": {"address": "Ferry Terminal, 2 Quay Road, Carrickmoor CK4 1FT", "phone": "+44 1700 555 010",
                  "checkin": {"foot": "15 min", "vehicle": "45 min"}}},
    {"port_code": "INB", "name": "Inchbrae", "island": "Inchbrae",
     "terminal": {"address": "Inchbrae Pier, Harbour Street, Inchbrae IB1 3PS", "phone": "+44 1700 555 021",
                  "checkin": {"foot": "10 min", "vehicle": "30 min"}}},
    {"port_code": "INN", "name": "Inchbrae North", "island": "Inchbrae",
     "terminal": {"address": "North Slip, Balvoe, Inchbrae IB3 8NS", "phone": "+44 1700 555 022",
                  "checkin": {"foot": "10 min", "vehicle": "20 min"}}},
    {"port_code": "PSK", "name": "Port Selkie", "island": None,
     "terminal": {"address": "Slipway Road, Port Selkie PS2 6SR", "phone": "+44 1700 555 031",
                  "checkin": {"foot": "10 min", "vehicle": "25 min"}}},
    {"port_code": "SLB", "name": "Selkie Bay", "island": "Selkie",
     "terminal": {"address": "The Linkspan, Shore Street, Selkie Bay SB1 1LS", "phone": "+44 1700 555 032",
                  "checkin": {"foot": "5 min", "vehicle": "20 min"}}},
    {"port_code": "VLS", "name": "Vallasay", "island": "Vallasay",
     "terminal": {"address": "Vallasay Harbour, Pier Road, Kilvane VS5 2PR", "phone": "+44 1700 555 041",
                  "checkin": {"foot": "20 min", "vehicle": "60 min"}}},
]}

_FARES = {  # per single journey, GBP
    "short": {"adult": 8.6, "child": 4.3, "under_5": 0.0, "car": 39.9, "van": 58.2, "motorcycle": 17.5,
              "bicycle": 2.0},
    "north": {"adult": 11.4, "child": 5.7, "under_5": 0.0, "car": 52.6, "van": 74.8, "motorcycle": 21.0,
              "bicycle": 2.0},
    "selkie": {"adult": 4.2, "child": 2.1, "under_5": 0.0, "car": 18.9, "van": 27.3, "motorcycle": 8.4,
               "bicycle": 0.0},
    "overnight": {"adult": 38.5, "child": 19.25, "under_5": 0.0, "car": 142.0, "van": 196.0, "motorcycle": 61.0,
                  "bicycle": 6.0},
}


def _route(rid, origin, dest, minutes, nm, fares, times, vessels, overnight=False):
    return {"route_id": rid, "name": f"{PORTS[origin]['name']} - {PORTS[dest]['name']}", "origin": origin,
            "destination": dest, "crossing_min": minutes, "distance_nm": nm, "fares": fares, "times": times,
            "vessels": vessels, "overnight": overnight}


ROUTES = {r["route_id"]: r for r in [
    _route("R-11", "CRM", "INB", 55, 9.4, "short", ["07:30", "11:45", "16:20"], ["V-01"]),
    _route("R-12", "INB", "CRM", 55, 9.4, "short", ["09:40", "13:55", "18:30"], ["V-01"]),
    _route("R-14", "CRM", "INN", 80, 13.1, "north", ["08:15", "15:00"], ["V-02"]),
    _route("R-15", "INN", "CRM", 80, 13.1, "north", ["10:05", "17:00"], ["V-02"]),
    _route("R-21", "PSK", "SLB", 35, 5.2, "selkie", ["06:30", "09:00", "12:00", "15:30", "18:00"], ["V-04"]),
    _route("R-22", "SLB", "PSK", 35, 5.2, "selkie", ["07:15", "09:45", "12:45", "16:15", "18:45"], ["V-04"]),
    _route("R-41", "CRM", "VLS", 480, 71.5, "overnight", ["22:30"], ["V-06", "V-03"], overnight=True),
    _route("R-42", "VLS", "CRM", 495, 71.5, "overnight", ["21:00"], ["V-03", "V-06"], overnight=True),
]}

VESSELS = {v["vessel_id"]: v for v in [
    {"vessel_id": "V-01", "name": "MV Corra Linn", "built": 2009, "passengers": 350, "car_spaces": 54, "cabins": 0},
    {"vessel_id": "V-02", "name": "MV Skerry Maid", "built": 1998, "passengers": 220, "car_spaces": 36,
     "cabins": 0},
    {"vessel_id": "V-03", "name": "MV Isle of Brae", "built": 2015, "passengers": 600, "car_spaces": 110,
     "cabins": 19},
    {"vessel_id": "V-04", "name": "MV Selkie Star", "built": 2004, "passengers": 150, "car_spaces": 18,
     "cabins": 0},
    {"vessel_id": "V-06", "name": "MV Isle of Braemore", "built": 2021, "passengers": 640, "car_spaces": 120,
     "cabins": 19},
]}

# ------------------------------------------------------------------ sailings (generated for March-April 2027)
CANCELLED = {  # (route, date, time): reason
    ("R-12", "2027-03-16", "13:55"): "Vessel technical fault (bow door)",
    ("R-12", "2027-03-19", "18:30"): "Adverse weather forecast",
    ("R-11", "2027-03-19", "16:20"): "Adverse weather forecast",
    ("R-22", "2027-03-14", "07:15"): "Crew shortage",
    ("R-21", "2027-03-14", "06:30"): "Crew shortage",
    ("R-14", "2027-03-02", "15:00"): "Adverse weather",
    ("R-42", "2027-04-03", "21:00"): "Dry-dock overrun",
    ("R-12", "2027-03-24", "09:40"): "Vessel technical fault (stern ramp)",
}
DELAYED = {("R-11", "2027-03-09", "07:30"): 25, ("R-22", "2027-03-13", "09:45"): 15,
           ("R-41", "2027-04-06", "22:30"): 40}

SAILINGS = {}
_KEY = {}


def _build_sailings():
    seq = 40001
    day = FIRST_DAY
    while day <= LAST_DAY:
        slots = sorted((t, rid) for rid, r in ROUTES.items() for t in r["times"])
        for t, rid in slots:
            r = ROUTES[rid]
            d = day.isoformat()
            dep = datetime.datetime.fromisoformat(f"{d}T{t}")
            arr = dep + datetime.timedelta(minutes=r["crossing_min"])
            vessel = r["vessels"][day.toordinal() % len(r["vessels"])]
            status = "scheduled"
            if (rid, d, t) in CANCELLED:
                status = "cancelled"
            elif d < TODAY:
                status = "arrived"
            elif (rid, d, t) in DELAYED:
                status = "delayed"
            sid = f"SL-{seq}"
            seq += 1
            SAILINGS[sid] = {"sailing_id": sid, "route_id": rid, "departs": dep.isoformat()[:16],
                             "arrives": arr.isoformat()[:16], "vessel_id": vessel, "status": status,
                             "delay_min": DELAYED.get((rid, d, t), 0) if status == "delayed" else 0,
                             "notice": CANCELLED.get((rid, d, t))}
            _KEY[(rid, d, t)] = sid
        day += datetime.timedelta(days=1)


_build_sailings()


def sailing_of(rid, date, time):
    return _KEY[(rid, date, time)]


# ------------------------------------------------------------------ customers and bookings
CUSTOMERS = {c["customer_id"]: c for c in [
    {"customer_id": "C-1042", "name": "Aileen McBride", "email": "aileen.mcbride@example.com",
     "phone": "+44 7700 900 142", "postcode": "IB1 4QA"},
    {"customer_id": "C-1043", "name": "Eileen McBride", "email": "eileen.mcb@example.org",
     "phone": "+44 7700 900 143", "postcode": "CK4 7HD"},
    {"customer_id": "C-1057", "name": "Aileen MacBride", "email": "a.macbride@example.net",
     "phone": "+44 7700 900 157", "postcode": "PS2 3JE"},
    {"customer_id": "C-1060", "name": "Tomás Ferreira", "email": "tomas.ferreira@example.net",
     "phone": "+44 7700 900 160", "postcode": "CK2 9LB"},
    {"customer_id": "C-1061", "name": "Tomás Pereira", "email": "tomas.pereira@example.com",
     "phone": "+44 7700 900 161", "postcode": "VS5 1AA"},
    {"customer_id": "C-1075", "name": "Kirsty Abernethy", "email": "kirsty.abernethy@example.com",
     "phone": "+44 7700 900 175", "postcode": "IB1 2DW"},
    {"customer_id": "C-1076", "name": "Kirsten Abernethy", "email": "kirsten.abernethy@example.org",
     "phone": "+44 7700 900 176", "postcode": "IB3 8NT"},
    {"customer_id": "C-1080", "name": "Ruaridh Galbraith", "email": "ruaridh.g@example.com",
     "phone": "+44 7700 900 180", "postcode": "VS5 4RG"},
    {"customer_id": "C-1088", "name": "Priya Venkataraman", "email": "priya.venkat@example.org",
     "phone": "+44 7700 900 188", "postcode": "CK1 5PV"},
    {"customer_id": "C-1091", "name": "Dougal Strachan", "email": "dougal.strachan@example.com",
     "phone": "+44 7700 900 191", "postcode": "SB1 2DS"},
]}

CABIN_TYPES = {"2I": ("2-berth inside", 2, 64.0), "2O": ("2-berth outside", 2, 78.0),
               "4I": ("4-berth inside", 4, 96.0), "4O": ("4-berth outside", 4, 118.0),
               "STE": ("2-berth suite", 2, 185.0)}
CABIN_PLAN = ([(f"A-10{i}", "2I") for i in range(1, 5)] + [(f"A-10{i}", "2O") for i in range(5, 9)]
              + [(f"B-10{i}", "4I") for i in range(1, 7)] + [("B-107", "4O"), ("B-108", "4O"), ("B-109", "4O"),
                                                            ("B-110", "4O"), ("S-01", "STE")])


def _booking(ref, cust, sid, passengers, vehicles=(), cabin=None, paid=None, status="confirmed", booked_on=""):
    s = SAILINGS[sid]
    fares = _FARES[ROUTES[s["route_id"]]["fares"]]
    fare = sum(fares[kind] for _, kind in passengers) + sum(fares[v["type"]] for v in vehicles)
    cabin_price = CABIN_TYPES[dict(CABIN_PLAN)[cabin]][2] if cabin else 0.0
    total = round(fare + cabin_price, 2)
    paid = total if paid is None else paid
    return {"booking_ref": ref, "customer_id": cust, "customer_name": CUSTOMERS[cust]["name"], "sailing_id": sid,
            "route_id": s["route_id"], "route_name": ROUTES[s["route_id"]]["name"], "departs": s["departs"],
            "status": status, "booked_on": booked_on,
            "passengers": [{"name": n, "type": k} for n, k in passengers],
            "vehicles": [dict(v) for v in vehicles],
            "cabin": ({"cabin_no": cabin, "category": CABIN_TYPES[dict(CABIN_PLAN)[cabin]][0]} if cabin else None),
            "price": {"fares": round(fare, 2), "cabin": cabin_price, "total": total},
            "paid": round(paid, 2), "balance_due": round(total - paid, 2), "currency": "GBP"}


BOOKINGS = {b["booking_ref"]: b for b in [
    _booking("GF-30418", "C-1088", sailing_of("R-41", "2027-03-20", "22:30"),
             [("Priya Venkataraman", "adult"), ("Arjun Venkataraman", "adult"), ("Meera Venkataraman", "child")],
             [{"reg": "LK22 VNM", "type": "car", "length_m": 4.6}], cabin="B-108", booked_on="2027-01-14"),
    _booking("GF-30502", "C-1042", sailing_of("R-11", "2027-03-12", "07:30"), [("Aileen McBride", "adult")],
             [{"reg": "SV70 KPW", "type": "van", "length_m": 5.9}], booked_on="2027-02-20"),
    _booking("GF-30507", "C-1043", sailing_of("R-11", "2027-03-12", "07:30"),
             [("Eileen McBride", "adult"), ("Callum McBride", "adult")],
             [{"reg": "SV70 KWP", "type": "van", "length_m": 5.4}], booked_on="2027-02-21"),
    _booking("GF-30519", "C-1057", sailing_of("R-12", "2027-03-12", "09:40"), [("Aileen MacBride", "adult")],
             [{"reg": "SN66 PLM", "type": "car", "length_m": 4.2}], booked_on="2027-02-25"),
    _booking("GF-30733", "C-1042", sailing_of("R-14", "2027-04-02", "08:15"), [("Aileen McBride", "adult")],
             [{"reg": "SY19 ODN", "type": "car", "length_m": 4.4}], booked_on="2027-03-01"),
    _booking("GF-30610", "C-1060", sailing_of("R-21", "2027-03-27", "09:00"), [("Tomás Ferreira", "adult")],
             [{"reg": "-", "type": "bicycle", "length_m": 1.8}], booked_on="2027-02-28"),
    _booking("GF-30688", "C-1060", sailing_of("R-41", "2027-04-15", "22:30"),
             [("Tomás Ferreira", "adult"), ("Beatriz Ferreira", "adult")],
             [{"reg": "SF20 TXR", "type": "car", "length_m": 4.5}], cabin="A-106", paid=120.0,
             booked_on="2027-03-03"),
    _booking("GF-30691", "C-1061", sailing_of("R-41", "2027-04-15", "22:30"), [("Tomás Pereira", "adult")],
             [], cabin="A-102", paid=30.0, booked_on="2027-03-04"),
    _booking("GF-30655", "C-1080", sailing_of("R-42", "2027-04-09", "21:00"),
             [("Ruaridh Galbraith", "adult"), ("Morven Galbraith", "adult"), ("Iona Galbraith", "child"),
              ("Fionn Galbraith", "child")], [{"reg": "SV68 RGB", "type": "car", "length_m": 4.8}],
             cabin="B-101", booked_on="2027-02-11"),
    _booking("GF-30590", "C-1091", sailing_of("R-22", "2027-03-14", "07:15"), [("Dougal Strachan", "adult")],
             [{"reg": "SB15 DGS", "type": "car", "length_m": 4.1}], status="cancelled", paid=0.0,
             booked_on="2027-02-27"),
    _booking("GF-30604", "C-1091", sailing_of("R-22", "2027-03-14", "09:45"), [("Dougal Strachan", "adult")],
             [{"reg": "SB15 DGS", "type": "car", "length_m": 4.1}], booked_on="2027-03-07"),
    _booking("GF-30711", "C-1076", sailing_of("R-15", "2027-03-18", "10:05"),
             [("Kirsten Abernethy", "adult"), ("Ruby Abernethy", "child")],
             [{"reg": "SK21 HBP", "type": "car", "length_m": 4.3}], booked_on="2027-03-05"),
]}
for _b in BOOKINGS.values():
    if _b["status"] == "cancelled":
        _b["price"]["total"] = 0.0
        _b["balance_due"] = 0.0

NEW_BOOKINGS = {}

# cabins taken on overnight sailings: a fixed pattern, the April 9th Vallasay sailing set by hand, plus bookings
_HAND_TAKEN = {sailing_of("R-42", "2027-04-09", "21:00"):
               {"A-103", "A-104", "A-105", "A-107", "A-108", "B-101", "B-102", "B-104", "B-105", "B-106", "B-107",
                "B-108", "B-110", "S-01"}}


def cabins_taken(sid):
    if sid in _HAND_TAKEN:
        taken = set(_HAND_TAKEN[sid])
    else:
        taken = {no for no, _ in CABIN_PLAN if int(hashlib.sha1(f"{sid}/{no}".encode()).hexdigest(), 16) % 3 == 0}
    taken |= {b["cabin"]["cabin_no"] for b in BOOKINGS.values()
              if b["sailing_id"] == sid and b["cabin"] and b["status"] == "confirmed"}
    return taken


# vehicles on the car deck: hand-written manifests; other sailings list their booked vehicles (lane unallocated)
DECKS = {
    sailing_of("R-14", "2027-03-13", "08:15"): [
        ("SK17 BFD", "car", 4.3, "UPR-2"), ("GN68 TRW", "hgv", 12.4, "MAIN-1"), ("SN21 OAK", "van", 6.1, "MAIN-3"),
        ("SF65 MLC", "car", 4.7, "UPR-2"), ("YX23 FDH", "mc", 2.2, "MAIN-4"), ("GN68 TRV", "hgv", 11.9, "MAIN-2"),
        ("SK09 WEN", "car", 4.0, "UPR-1")],
    sailing_of("R-11", "2027-03-12", "07:30"): [
        ("SV70 KWP", "van", 5.4, "UPR-1"), ("PX14 HLA", "hgv", 10.2, "MAIN-1"), ("SV70 KPW", "van", 5.9, "MAIN-3"),
        ("SG62 YTR", "car", 4.2, "UPR-2"), ("SN19 CVE", "car", 4.5, "UPR-2"), ("SA71 BKK", "mc", 2.1, "MAIN-4")],
}


def deck_of(sid):
    if sid in DECKS:
        return [{"reg": r, "typ": t, "len": n, "ln": lane} for r, t, n, lane in DECKS[sid]]
    out = []
    for b in BOOKINGS.values():
        if b["sailing_id"] == sid and b["status"] == "confirmed":
            out += [{"reg": v["reg"], "typ": v["type"], "len": v["length_m"], "ln": "UNALLOC"} for v in b["vehicles"]
                    if v["type"] not in ("bicycle",)]
    return out


# ------------------------------------------------------------------ endpoints
def route_summary(r):
    return {"route_id": r["route_id"], "name": r["name"], "origin": PORTS[r["origin"]]["name"],
            "destination": PORTS[r["destination"]]["name"]}


def port_view(code):
    p = PORTS[code]
    return {"port_code": p["port_code"], "name": p["name"], "island": p["island"], "terminal": dict(p["terminal"])}


@endpoint("GET", "/routes")
def list_routes(params, query, body):
    origin, dest, port = (query.get("origin") or "").strip(), (query.get("destination") or "").strip(), \
        (query.get("port") or "").strip()

    def hit(q, code):
        return q.upper() == code or matches(q, PORTS[code]["name"])
    rows = [route_summary(r) for r in ROUTES.values()
            if (not origin or hit(origin, r["origin"])) and (not dest or hit(dest, r["destination"]))
            and (not port or hit(port, r["origin"]) or hit(port, r["destination"]))]
    return 200, {"routes": rows, "count": len(rows)}


@endpoint("GET", "/routes/{route_id}")
def get_route(params, query, body):
    r = lookup(ROUTES, params["route_id"], "route")
    return 200, {"route_id": r["route_id"], "name": r["name"], "origin": port_view(r["origin"]),
                 "destination": port_view(r["destination"]), "crossing_min": r["crossing_min"],
                 "distance_nm": r["distance_nm"], "overnight": r["overnight"],
                 "vessels": [{"vessel_id": v, "name": VESSELS[v]["name"]} for v in r["vessels"]],
                 "cabins_available": r["overnight"]}


@endpoint("GET", "/routes/{route_id}/fares")
def get_route_fares(params, query, body):
    r = lookup(ROUTES, params["route_id"], "route")
    f = _FARES[r["fares"]]
    return 200, {"route_id": r["route_id"], "currency": "GBP", "valid": "2027-03-01 to 2027-10-31",
                 "single": {"passengers": {k: f[k] for k in ("adult", "child", "under_5")},
                            "vehicles": {k: f[k] for k in ("car", "van", "motorcycle", "bicycle")}},
                 "return_discount_pct": 10 if not r["overnight"] else 0,
                 "cabins": ("priced per sailing, see the sailing's cabin list" if r["overnight"] else None),
                 "notes": "child = 5 to 15 years; vans over 6.0 m are charged as HGV (on request)"}


@endpoint("GET", "/routes/{route_id}/timetable")
def get_timetable(params, query, body):
    r = lookup(ROUTES, params["route_id"], "route")
    rows = [{"days": "daily", "departs": t,
             "arrives": (datetime.datetime(2000, 1, 1, int(t[:2]), int(t[3:])) +
                         datetime.timedelta(minutes=r["crossing_min"])).strftime("%H:%M")} for t in r["times"]]
    return 200, {"route_id": r["route_id"], "season": "Spring 2027 (1 March - 30 April)", "published": "2026-11-02",
                 "departures": rows,
                 "note": "Published pattern only; check each sailing for cancellations, delays and space."}


@endpoint("GET", "/sailings")
def search_sailings(params, query, body):
    if not query.get("route_id"):
        raise Problem(400, "route_id is required (GET /routes finds it)")
    r = lookup(ROUTES, query["route_id"], "route")
    one = as_date(query["date"], "date") if query.get("date") else None
    start = one or (as_date(query["date_from"], "date_from") if query.get("date_from") else None)
    end = one or (as_date(query["date_to"], "date_to") if query.get("date_to") else None)
    status = (query.get("status") or "").strip().lower()
    if status and status not in ("scheduled", "delayed", "cancelled", "arrived"):
        raise Problem(400, "status must be scheduled, delayed, cancelled or arrived")
    page, size = as_int(query, "page", 1, 1, 1000), as_int(query, "per_page", 10, 1, 50)
    rows = [s for s in SAILINGS.values() if s["route_id"] == r["route_id"]
            and (not start or s["departs"][:10] >= start) and (not end or s["departs"][:10] <= end)
            and (not status or s["status"] == status)]
    rows.sort(key=lambda s: s["departs"])
    first = (page - 1) * size
    items = [{k: s[k] for k in ("sailing_id", "route_id", "departs", "arrives", "vessel_id", "status")}
             for s in rows[first:first + size]]
    return 200, {"route_id": r["route_id"], "total_count": len(rows), "page": page, "per_page": size,
                 "next_page": page + 1 if first + size < len(rows) else None, "sailings": items}


@endpoint("GET", "/sailings/{sailing_id}")
def get_sailing(params, query, body):
    s = lookup(SAILINGS, params["sailing_id"], "sailing")
    v = VESSELS[s["vessel_id"]]
    r = ROUTES[s["route_id"]]
    h = int(hashlib.sha1(s["sailing_id"].encode()).hexdigest(), 16)
    cars_booked = sum(len(b["vehicles"]) for b in BOOKINGS.values() if b["sailing_id"] == s["sailing_id"])
    free = None
    if s["status"] in ("scheduled", "delayed"):
        free = {"passenger_places": v["passengers"] - 40 - h % 90,
                "car_spaces": max(0, v["car_spaces"] - 6 - h % 11 - cars_booked),
                "cabins": (len(CABIN_PLAN) - len(cabins_taken(s["sailing_id"]))) if r["overnight"] else None}
    return 200, {"sailing_id": s["sailing_id"], "route": route_summary(r), "departs": s["departs"],
                 "arrives": s["arrives"], "status": s["status"], "delay_min": s["delay_min"], "notice": s["notice"],
                 "vessel": {"vessel_id": v["vessel_id"], "name": v["name"], "built": v["built"],
                            "capacity": {"passengers": v["passengers"], "car_spaces": v["car_spaces"],
                                         "cabins": v["cabins"]}},
                 "space_left": free}


@endpoint("GET", "/sailings/{sailing_id}/cabins")
def list_sailing_cabins(params, query, body):
    s = lookup(SAILINGS, params["sailing_id"], "sailing")
    st = (query.get("status") or "").strip().lower()
    if st and st not in ("free", "taken"):
        raise Problem(400, "status must be free or taken")
    if not ROUTES[s["route_id"]]["overnight"]:
        return 200, {"sailing_id": s["sailing_id"], "cabins": [], "note": "no cabins on this crossing"}
    taken = cabins_taken(s["sailing_id"])
    rows = [{"no": no, "cat": cat, "brth": CABIN_TYPES[cat][1], "gbp": CABIN_TYPES[cat][2],
             "st": "taken" if no in taken else "free"} for no, cat in CABIN_PLAN]
    rows = [c for c in rows if not st or c["st"] == st]
    return 200, {"sailing_id": s["sailing_id"], "cabins": rows, "note": None}


@endpoint("GET", "/sailings/{sailing_id}/vehicles")
def list_vehicles_on_board(params, query, body):
    s = lookup(SAILINGS, params["sailing_id"], "sailing")
    rows = deck_of(s["sailing_id"])
    return 200, {"sailing_id": s["sailing_id"], "vehicles": rows, "count": len(rows)}


@endpoint("GET", "/customers")
def search_customers(params, query, body):
    name, email = (query.get("name") or "").strip(), (query.get("email") or "").strip().lower()
    if not name and not email:
        raise Problem(400, "give name or email")
    rows = [{k: c[k] for k in ("customer_id", "name", "email")} for c in CUSTOMERS.values()
            if (not email or c["email"] == email) and (not name or matches(name, c["name"]))]
    return 200, {"customers": rows, "count": len(rows)}


@endpoint("GET", "/customers/{customer_id}/bookings")
def list_customer_bookings(params, query, body):
    c = lookup(CUSTOMERS, params["customer_id"], "customer")
    with LOCK:
        everything = list(BOOKINGS.values()) + list(NEW_BOOKINGS.values())
    rows = [{k: b[k] for k in ("booking_ref", "sailing_id", "route_name", "departs", "status")}
            for b in everything if b["customer_id"] == c["customer_id"]]
    rows.sort(key=lambda b: b["departs"])
    return 200, {"customer_id": c["customer_id"], "bookings": rows, "count": len(rows)}


@endpoint("GET", "/bookings/{booking_ref}")
def get_booking(params, query, body):
    key = str(params["booking_ref"]).strip().upper()
    with LOCK:
        b = BOOKINGS.get(key) or NEW_BOOKINGS.get(key)
    if b is None:
        raise Problem(404, f"no booking {params['booking_ref']!r}")
    return 200, b


VEHICLE_TYPES = ("car", "van", "motorcycle", "bicycle")


@endpoint("POST", "/bookings")
def create_booking(params, query, body):
    for field in ("customer_id", "sailing_id", "adults"):
        if body.get(field) in (None, ""):
            raise Problem(400, f"field '{field}' is required")
    c = lookup(CUSTOMERS, body["customer_id"], "customer")
    s = lookup(SAILINGS, body["sailing_id"], "sailing")
    try:
        adults, children = int(body["adults"]), int(body.get("children") or 0)
    except (TypeError, ValueError):
        raise Problem(400, "adults and children must be integers") from None
    if adults < 1 or children < 0 or adults + children > 9:
        raise Problem(400, "between 1 and 9 passengers, at least one adult")
    reg = " ".join(str(body.get("vehicle_reg") or "").upper().split())
    vtype = str(body.get("vehicle_type") or ("car" if reg else "")).strip().lower()
    if vtype and vtype not in VEHICLE_TYPES:
        raise Problem(400, "vehicle_type must be car, van, motorcycle or bicycle")
    if vtype and vtype != "bicycle" and not reg:
        raise Problem(400, "vehicle_reg is required with a vehicle")
    if s["status"] not in ("scheduled", "delayed"):
        raise Problem(422, f"sailing {s['sailing_id']} is {s['status']} and cannot be booked")
    ref = "GF-" + hashlib.sha1("|".join([c["customer_id"], s["sailing_id"], str(adults), str(children), reg,
                                         vtype]).encode()).hexdigest().upper()[:6]
    with LOCK:
        if ref in NEW_BOOKINGS:
            return 200, NEW_BOOKINGS[ref]
        fares = _FARES[ROUTES[s["route_id"]]["fares"]]
        fare = round(adults * fares["adult"] + children * fares["child"] + (fares[vtype] if vtype else 0.0), 2)
        NEW_BOOKINGS[ref] = {
            "booking_ref": ref, "customer_id": c["customer_id"], "customer_name": c["name"],
            "sailing_id": s["sailing_id"], "route_id": s["route_id"], "route_name": ROUTES[s["route_id"]]["name"],
            "departs": s["departs"], "status": "confirmed", "booked_on": TODAY,
            "passengers": [{"name": c["name"], "type": "adult"}]
            + [{"name": f"adult {i + 2}", "type": "adult"} for i in range(adults - 1)]
            + [{"name": f"child {i + 1}", "type": "child"} for i in range(children)],
            "vehicles": ([{"reg": reg or "-", "type": vtype, "length_m": None}] if vtype else []),
            "cabin": None, "price": {"fares": fare, "cabin": 0.0, "total": fare}, "paid": 0.0,
            "balance_due": fare, "currency": "GBP"}
    return 201, NEW_BOOKINGS[ref]


class Handler(BaseHTTPRequestHandler):
    def _handle(self, method):
        parts = urlsplit(self.path)
        query = {k: v[0] for k, v in parse_qs(parts.query).items()}
        body = None
        if method == "POST":
            raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            try:
                body = json.loads(raw) if raw.strip() else {}
            except ValueError:
                return self._reply(400, {"error": "request body is not valid JSON"})
            if not isinstance(body, dict):
                return self._reply(400, {"error": "request body must be a JSON object"})
        for m, pattern, fn in HANDLERS:
            found = pattern.match(parts.path)
            if found and m == method:
                try:
                    status, payload = fn({k: unquote(v) for k, v in found.groupdict().items()}, query, body)
                except Problem as exc:
                    status, payload = exc.status, {"error": exc.message}
                return self._reply(status, payload)
        self._reply(404, {"error": f"no route for {method} {parts.path}"})

    def do_GET(self):
        self._handle("GET")

    def do_POST(self):
        self._handle("POST")

    def _reply(self, status, payload):
        data = json.dumps(payload, ensure_ascii=False).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=utf-8")
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
