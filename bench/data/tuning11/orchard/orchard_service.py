"""Hollinsend Farm pick-your-own orchard API: a small in-memory HTTP service (Python standard library only).

Usage: python orchard_service.py PORT   (serves under /api on 127.0.0.1:PORT)
Fields and their rows, fruit varieties and prices, ripeness reports, pickers (pick-your-own customers) and their
visits with weighed baskets, pre-picked box orders, staff harvest weights and tractor bookings.
Deterministic: fixed seed data (the farm's "today" is 2026-09-05), no clock, no randomness; tractor booking
references are derived from the booking's content. All names, emails, phone numbers, places, varieties and codes
are invented. Licence: Apache-2.0.
"""
import datetime
import hashlib
import json
import re
import sys
import threading
import unicodedata
from decimal import ROUND_HALF_UP, Decimal
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, unquote, urlsplit

LOCK = threading.Lock()
ROUTES = []
TODAY = "2026-09-05"


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


def fold(text):
    return "".join(c for c in unicodedata.normalize("NFKD", str(text)) if not unicodedata.combining(c)).lower()


def has_all(query, text):
    hay = fold(text)
    return all(t in hay for t in re.split(r"[^a-z0-9]+", fold(query)) if t)


def money(value):
    return float(Decimal(str(value)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))


def one(query, name):
    values = query.get(name)
    return values[-1].strip() if values and values[-1].strip() else None


def int_param(query, name, default, lo=1, hi=100):
    raw = one(query, name)
    if raw is None:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ApiError(400, f"{name} must be an integer") from None
    if not lo <= value <= hi:
        raise ApiError(400, f"{name} must be between {lo} and {hi}")
    return value


def date_param(query, name):
    raw = one(query, name)
    if raw is None:
        return None
    try:
        return datetime.date.fromisoformat(raw).isoformat()
    except ValueError:
        raise ApiError(400, f"{name} must be a date YYYY-MM-DD, got {raw!r}") from None


def get_or_404(table, key, what):
    row = table.get(str(key).strip().upper())
    if row is None:
        raise ApiError(404, f"no {what} {key!r}")
    return row


def paginate(rows, query, default_per_page):
    page = int_param(query, "page", 1, 1, 10000)
    per_page = int_param(query, "per_page", default_per_page, 1, 50)
    chunk = rows[(page - 1) * per_page: page * per_page]
    return chunk, {"total": len(rows), "page": page, "per_page": per_page,
                   "next_page": page + 1 if page * per_page < len(rows) else None}


# ---------------------------------------------------------------- seed data
VARIETIES = {v["id"]: v for v in [
    {"id": "VR-11", "name": "Kestrel Pippin", "fruit": "apple", "ppk": 2.6, "win": "late Aug - late Sep"},
    {"id": "VR-12", "name": "Ambergold", "fruit": "apple", "ppk": 2.45, "win": "early Sep - early Oct"},
    {"id": "VR-13", "name": "Marden Russet", "fruit": "apple", "ppk": 2.85, "win": "mid Sep - mid Oct"},
    {"id": "VR-14", "name": "Marden Russet Late", "fruit": "apple", "ppk": 3.15, "win": "early Oct - early Nov"},
    {"id": "VR-21", "name": "Ambergate", "fruit": "plum", "ppk": 3.35, "win": "early Aug - mid Sep"},
    {"id": "VR-22", "name": "Hollowell Gage", "fruit": "plum", "ppk": 3.85, "win": "early Aug - early Sep"},
    {"id": "VR-23", "name": "Sloeberry Blue", "fruit": "plum", "ppk": 2.95, "win": "late Aug - late Sep"},
    {"id": "VR-31", "name": "Sallowby Comice", "fruit": "pear", "ppk": 2.75, "win": "mid Sep - mid Oct"},
    {"id": "VR-41", "name": "Redwing Ember", "fruit": "strawberry", "ppk": 5.45, "win": "June - Sep"},
    {"id": "VR-51", "name": "Fellside Glory", "fruit": "raspberry", "ppk": 7.25, "win": "July - Aug"},
    {"id": "VR-52", "name": "Fellside Glory Autumn", "fruit": "raspberry", "ppk": 7.65, "win": "Aug - Oct"},
]}


def _rows(*spec):  # (first row, last row, variety, trees per row, status)
    return [{"row": r, "var": var, "vn": VARIETIES[var]["name"], "trees": trees, "st": st}
            for first, last, var, trees, st in spec for r in range(first, last + 1)]


FIELDS = {f["id"]: f for f in [
    {"id": "F-01", "name": "Top Orchard", "loc": "Gate 2, up the track past the farm shop", "ha": 2.4,
     "rows": _rows((1, 4, "VR-11", 28, "O"), (5, 8, "VR-13", 26, "O"))},
    {"id": "F-02", "name": "Long Meadow", "loc": "Gate 1, beside the main car park", "ha": 3.1,
     "rows": _rows((1, 4, "VR-31", 30, "O"), (5, 5, "VR-31", 30, "S"), (6, 6, "VR-21", 22, "O"), (7, 7, "VR-22", 20, "O"),
                   (8, 8, "VR-21", 22, "O"))},
    {"id": "F-04", "name": "Kiln Field", "loc": "Gate 4, off Sandpit Lane (follow the blue signs)", "ha": 1.6,
     "rows": _rows((1, 6, "VR-51", 240, "O"), (7, 10, "VR-52", 240, "O"), (11, 14, "VR-41", 400, "O"))},
    {"id": "F-05", "name": "Hanger Bank", "loc": "Gate 5, steep path from the top car park", "ha": 1.9,
     "rows": _rows((1, 4, "VR-14", 24, "X"), (5, 6, "VR-31", 24, "O"))},
    {"id": "F-06", "name": "Foxhole Field", "loc": "Gate 6, Foxhole Lane (overflow parking)", "ha": 2.2,
     "rows": _rows((1, 12, "VR-41", 450, "O"))},
    {"id": "F-07", "name": "Top Orchard East", "loc": "Gate 3, beyond the water tower", "ha": 1.8,
     "rows": _rows((1, 3, "VR-11", 28, "O"), (4, 6, "VR-12", 26, "O"))},
    {"id": "F-08", "name": "Foxhole Paddock", "loc": "Gate 7, left off Foxhole Lane", "ha": 0.7,
     "rows": _rows((1, 3, "VR-23", 18, "O"))},
]}

PICKERS = {p["id"]: p for p in [
    {"id": "PK-501", "name": "Kwame Osei-Brandt", "email": "kwame.osei-brandt@example.com", "phone": "07700 900171"},
    {"id": "PK-502", "name": "Arjun Mehta-Cole", "email": "arjun.mehtacole@example.com", "phone": "07700 900232"},
    {"id": "PK-503", "name": "Arjun Mehta-Coles", "email": "a.mehtacoles@example.com", "phone": "07700 900239"},
    {"id": "PK-504", "name": "Nadia Okonjo-Hale", "email": "nadia.okonjo@example.com", "phone": "07700 900318"},
    {"id": "PK-505", "name": "Nadia Okonkwo", "email": "nadia.okonkwo@example.com", "phone": "07700 900364"},
    {"id": "PK-506", "name": "Sunniva Brekke", "email": "sunniva.brekke@example.com", "phone": "07700 900445"},
    {"id": "PK-507", "name": "Sunniva Brekkan", "email": "sunniva.brekkan@example.com", "phone": "07700 900447"},
    {"id": "PK-508", "name": "Thea Valcourt", "email": "thea.valcourt@example.com", "phone": "07700 900529"},
    {"id": "PK-509", "name": "Gethin Marlow", "email": "gethin.marlow@example.com", "phone": "07700 900683"},
]}

# visit id, picker, date, field, status ('done' or 'booked'), baskets [(variety, kg)]
_VISITS = [
    ("VS-4533", "PK-501", "2026-09-12", "F-01", "booked", []),
    ("VS-4476", "PK-501", "2026-08-30", "F-01", "done", [("VR-11", 3.45)]),
    ("VS-4420", "PK-501", "2026-08-22", "F-02", "done", [("VR-21", 2.8)]),
    ("VS-4389", "PK-501", "2026-08-15", "F-02", "done", [("VR-22", 1.95), ("VR-21", 1.2)]),
    ("VS-4347", "PK-501", "2026-08-08", "F-04", "done", [("VR-52", 0.85)]),
    ("VS-4305", "PK-501", "2026-08-01", "F-04", "done", [("VR-51", 1.35)]),
    ("VS-4262", "PK-501", "2026-07-25", "F-04", "done", [("VR-51", 1.1), ("VR-41", 0.9)]),
    ("VS-4231", "PK-501", "2026-07-18", "F-04", "done", [("VR-51", 1.45)]),
    ("VS-4207", "PK-501", "2026-07-11", "F-06", "done", [("VR-41", 2.05)]),
    ("VS-4168", "PK-501", "2026-07-04", "F-06", "done", [("VR-41", 1.75)]),
    ("VS-4133", "PK-501", "2026-06-27", "F-06", "done", [("VR-41", 2.35)]),
    ("VS-4102", "PK-501", "2026-06-20", "F-06", "done", [("VR-41", 1.55)]),
    ("VS-4071", "PK-501", "2026-06-13", "F-06", "done", [("VR-41", 1.15)]),
    ("VS-4254", "PK-502", "2026-07-11", "F-06", "done", [("VR-41", 2.2)]),
    ("VS-4361", "PK-502", "2026-08-08", "F-04", "done", [("VR-51", 1.05), ("VR-52", 0.65)]),
    ("VS-4468", "PK-502", "2026-08-29", "F-02", "done", [("VR-22", 2.35), ("VR-21", 3.1)]),
    ("VS-4481", "PK-503", "2026-08-31", "F-07", "done", [("VR-12", 4.2)]),
    ("VS-4270", "PK-504", "2026-07-25", "F-06", "done", [("VR-41", 2.65)]),
    ("VS-4402", "PK-504", "2026-08-23", "F-04", "done", [("VR-52", 1.4), ("VR-41", 1.15)]),
    ("VS-4540", "PK-504", "2026-09-13", "F-01", "booked", []),
    ("VS-4495", "PK-505", "2026-09-01", "F-08", "done", [("VR-23", 2.75)]),
    ("VS-4390", "PK-506", "2026-08-15", "F-06", "done", [("VR-41", 1.85)]),
    ("VS-4455", "PK-507", "2026-08-27", "F-02", "done", [("VR-21", 2.4)]),
    ("VS-4417", "PK-508", "2026-08-16", "F-04", "done", [("VR-51", 1.65), ("VR-41", 2.15)]),
    ("VS-4318", "PK-509", "2026-08-02", "F-06", "done", [("VR-41", 3.05)]),
    ("VS-4459", "PK-509", "2026-08-28", "F-07", "done", [("VR-11", 2.9), ("VR-12", 1.6)]),
]


def _visit(vid, pk, dt, fld, st, baskets):
    bsk = [{"var": v, "vn": VARIETIES[v]["name"], "kg": kg, "amt": money(Decimal(str(kg)) * Decimal(str(VARIETIES[v]["ppk"])))}
           for v, kg in baskets]
    return {"vs": vid, "pk": pk, "dt": dt, "fld": fld, "st": st, "bsk": bsk,
            "kg": float(sum(Decimal(str(b["kg"])) for b in bsk)),
            "tot": money(sum(Decimal(str(b["amt"])) for b in bsk))}


VISITS = {v[0]: _visit(*v) for v in _VISITS}

# order id, picker, status, collection date, items [(variety, kg)]
_ORDERS = [
    ("ORD-61408", "PK-506", "collected", "2026-08-15", [("VR-41", 3)]),
    ("ORD-61730", "PK-506", "packed", "2026-09-07", [("VR-52", 2)]),
    ("ORD-61744", "PK-507", "new", "2026-09-08", [("VR-51", 2), ("VR-41", 1)]),
    ("ORD-61502", "PK-501", "collected", "2026-08-01", [("VR-51", 2)]),
    ("ORD-61769", "PK-509", "new", "2026-09-12", [("VR-11", 5), ("VR-12", 5)]),
    ("ORD-61655", "PK-508", "cancelled", "2026-08-29", [("VR-22", 3)]),
]
ORDERS = {o[0]: {"ord": o[0], "pk": o[1], "st": o[2], "due": o[3],
                 "items": [{"var": v, "kg": kg} for v, kg in o[4]],
                 "amt": money(sum(Decimal(str(kg)) * Decimal(str(VARIETIES[v]["ppk"])) for v, kg in o[4]))}
          for o in _ORDERS}

STAFF = ["Ffion Tregarthen", "Rhodri Penhale", "Wenna Pascoe"]


def _build_ripeness():
    """Weekly checks of every tree-fruit variety in every field; brix readings rise through August."""
    weeks = ["2026-08-06", "2026-08-13", "2026-08-20", "2026-08-27", "2026-09-03"]
    fixed = {("F-01", "VR-11"): ([8.2, 9.0, 10.1, 11.3, 12.4], "Ffion Tregarthen"),
             ("F-07", "VR-11"): ([7.9, 8.6, 9.8, 10.9, 11.8], "Rhodri Penhale")}
    pairs = sorted({(f["id"], r["var"]) for f in FIELDS.values() for r in f["rows"]
                    if VARIETIES[r["var"]]["fruit"] in ("apple", "plum", "pear")})
    reports = []
    for fld, var in pairs:
        h = int(hashlib.sha1(f"{fld}|{var}".encode()).hexdigest(), 16)
        for i, dt in enumerate(weeks):
            if (fld, var) in fixed:
                brix, by = fixed[(fld, var)][0][i], fixed[(fld, var)][1]
                if fld == "F-07" and i == 4:
                    dt = "2026-09-04"  # checked a day late that week
            else:
                brix = round(7.0 + (h % 25) / 10 + i * (0.6 + (h >> 8) % 5 / 10), 1)
                by = STAFF[(h + i) % 3]
            rd = 5 if brix >= 12.0 else max(1, min(4, 1 + int((brix - 7.5) // 1.2)))
            reports.append({"dt": dt, "fld": fld, "var": var, "rd": rd, "brix": brix, "pk": rd == 5,
                            "by": by})
    reports.sort(key=lambda r: (r["dt"], r["fld"], r["var"]))
    for i, r in enumerate(reports):
        r["id"] = f"RR-{7001 + i}"
    return reports


RIPENESS = _build_ripeness()


def _build_harvest():
    rows = []
    fixed = {("F-02", 7): [("2026-07-31", 12.5), ("2026-08-04", 38.5), ("2026-08-07", 41.0), ("2026-08-11", 52.5),
                           ("2026-08-14", 47.5), ("2026-08-18", 44.0), ("2026-08-21", 39.5), ("2026-08-25", 51.0),
                           ("2026-08-28", 36.5), ("2026-08-31", 28.0), ("2026-09-01", 22.5),
                           ("2026-09-03", 18.0)],
             ("F-02", 6): [("2026-08-07", 33.0), ("2026-08-14", 45.5), ("2026-08-21", 48.0), ("2026-08-28", 40.5),
                           ("2026-09-04", 29.5)],
             ("F-02", 8): [("2026-08-11", 30.5), ("2026-08-18", 42.0), ("2026-08-25", 37.5), ("2026-09-01", 31.0)],
             ("F-01", 1): [("2026-08-28", 55.0), ("2026-09-04", 61.5)],
             ("F-07", 2): [("2026-09-02", 44.5)],
             ("F-04", 8): [("2026-08-12", 18.5), ("2026-08-19", 21.0), ("2026-08-26", 19.5)]}
    for (fld, row), entries in fixed.items():
        for dt, wt in entries:
            h = int(hashlib.sha1(f"{fld}|{row}|{dt}".encode()).hexdigest(), 16)
            rows.append({"dt": dt, "fld": fld, "row": row, "wt": wt, "crew": STAFF[h % 3]})
    rows.sort(key=lambda r: (r["dt"], r["fld"], r["row"]))
    for i, r in enumerate(rows):
        r["id"] = f"HW-{3001 + i}"
    return rows


HARVEST = _build_harvest()

TRACTORS = {"T-1": "Little Red", "T-2": "Big Blue", "T-3": "Old Green"}
SLOT_HOURS = {"am": {"am"}, "pm": {"pm"}, "day": {"am", "pm"}}
TRACTOR_BOOKINGS = {b["ref"]: b for b in [
    {"ref": "TB-1C0E52", "trac": "T-1", "dt": "2026-09-09", "slot": "am", "fld": "F-01", "job": "mowing alleys",
     "by": "Ffion Tregarthen"},
    {"ref": "TB-7A93D4", "trac": "T-2", "dt": "2026-09-09", "slot": "pm", "fld": "F-05", "job": "hauling bins",
     "by": "Rhodri Penhale"},
    {"ref": "TB-40B6F8", "trac": "T-3", "dt": "2026-09-09", "slot": "day", "fld": "F-02", "job": "spraying",
     "by": "Wenna Pascoe"},
    {"ref": "TB-E25B17", "trac": "T-2", "dt": "2026-09-10", "slot": "am", "fld": "F-07", "job": "hauling bins",
     "by": "Ffion Tregarthen"},
    {"ref": "TB-98D1A3", "trac": "T-2", "dt": "2026-09-21", "slot": "am", "fld": "F-08", "job": "mulching",
     "by": "Wenna Pascoe"},
    {"ref": "TB-0F6C2E", "trac": "T-3", "dt": "2026-09-21", "slot": "pm", "fld": "F-04", "job": "cane tying",
     "by": "Rhodri Penhale"},
]}


def booking_ref(tractor, field_id, date, slot):
    return "TB-" + hashlib.sha1("|".join([tractor, field_id, date, slot]).encode()).hexdigest().upper()[:6]


# ---------------------------------------------------------------- handlers
def field_summary(f):
    return {"id": f["id"], "name": f["name"],
            "fruit": sorted({VARIETIES[r["var"]]["fruit"] for r in f["rows"]})}


@route("GET", "/fields")
def list_fields(params, query, body):
    q = one(query, "q")
    rows = [field_summary(f) for f in FIELDS.values() if q is None or has_all(q, f["name"])]
    return 200, {"fields": rows, "count": len(rows)}


@route("GET", "/fields/{field_id}")
def get_field(params, query, body):
    f = get_or_404(FIELDS, params["field_id"], "field")
    return 200, {**field_summary(f), "loc": f["loc"], "ha": f["ha"], "rows": [dict(r) for r in f["rows"]]}


FRUIT_WORDS = {"apples": "apple", "plums": "plum", "gages": "plum", "gage": "plum", "pears": "pear",
               "strawberries": "strawberry", "raspberries": "raspberry"}


@route("GET", "/varieties")
def search_varieties(params, query, body):
    name, fruit = one(query, "name"), one(query, "fruit")
    if fruit is not None:
        fruit = FRUIT_WORDS.get(fold(fruit).strip(), fold(fruit).strip())
    rows = [{"id": v["id"], "name": v["name"], "fruit": v["fruit"]} for v in VARIETIES.values()
            if (name is None or has_all(name, v["name"])) and (fruit is None or v["fruit"] == fruit)]
    return 200, {"varieties": rows, "count": len(rows)}


@route("GET", "/varieties/{variety_id}")
def get_variety(params, query, body):
    v = get_or_404(VARIETIES, params["variety_id"], "variety")
    flds = [f["id"] for f in FIELDS.values() if any(r["var"] == v["id"] for r in f["rows"])]
    return 200, {**v, "flds": flds}


@route("GET", "/ripeness-reports")
def list_ripeness(params, query, body):
    fld, var = one(query, "field_id"), one(query, "variety_id")
    d0, d1 = date_param(query, "date_from"), date_param(query, "date_to")
    rows = [r for r in RIPENESS if (fld is None or r["fld"] == fld.upper()) and (var is None or r["var"] == var.upper())
            and (d0 is None or r["dt"] >= d0) and (d1 is None or r["dt"] <= d1)]
    rows = sorted(rows, key=lambda r: (r["dt"], r["id"]), reverse=True)
    chunk, meta = paginate(rows, query, 5)
    return 200, {"reports": [dict(r) for r in chunk], **meta}


@route("GET", "/pickers")
def search_pickers(params, query, body):
    name, email = one(query, "name"), one(query, "email")
    if name is None and email is None:
        raise ApiError(400, "give name or email")
    rows = [{"id": p["id"], "name": p["name"], "email": p["email"]} for p in PICKERS.values()
            if (name is None or has_all(name, p["name"])) and (email is None or p["email"] == email.lower())]
    return 200, {"pickers": rows, "count": len(rows)}


@route("GET", "/pickers/{picker_id}/visits")
def list_picker_visits(params, query, body):
    p = get_or_404(PICKERS, params["picker_id"], "picker")
    status = one(query, "status")
    if status is not None and status not in ("done", "booked"):
        raise ApiError(400, "status must be done or booked")
    rows = sorted((v for v in VISITS.values() if v["pk"] == p["id"] and (status is None or v["st"] == status)),
                  key=lambda v: v["dt"], reverse=True)
    chunk, meta = paginate(rows, query, 5)
    return 200, {"picker_id": p["id"], "visits": [{"vs": v["vs"], "dt": v["dt"], "st": v["st"]} for v in chunk],
                 **meta}


@route("GET", "/visits")
def list_visits(params, query, body):
    d, fld = date_param(query, "date"), one(query, "field_id")
    if d is None:
        raise ApiError(400, "date is required")
    rows = sorted((v for v in VISITS.values() if v["dt"] == d and (fld is None or v["fld"] == fld.upper())),
                  key=lambda v: v["vs"])
    chunk, meta = paginate(rows, query, 10)
    return 200, {"visits": [{"vs": v["vs"], "pk": v["pk"], "dt": v["dt"], "fld": v["fld"], "st": v["st"]}
                            for v in chunk], **meta}


@route("GET", "/visits/{visit_id}")
def get_visit(params, query, body):
    v = get_or_404(VISITS, params["visit_id"], "visit")
    return 200, json.loads(json.dumps(v))


@route("GET", "/orders")
def list_orders(params, query, body):
    pk, st = one(query, "picker_id"), one(query, "status")
    rows = [{"ord": o["ord"], "pk": o["pk"], "st": o["st"], "due": o["due"]} for o in ORDERS.values()
            if (pk is None or o["pk"] == pk.upper()) and (st is None or o["st"] == st.lower())]
    rows.sort(key=lambda o: o["due"], reverse=True)
    return 200, {"orders": rows, "count": len(rows)}


@route("GET", "/orders/{order_id}")
def get_order(params, query, body):
    return 200, json.loads(json.dumps(get_or_404(ORDERS, params["order_id"], "order")))


@route("GET", "/harvest-weights")
def list_harvest(params, query, body):
    fld, row = one(query, "field_id"), int_param(query, "row", None, 1, 100)
    d0, d1 = date_param(query, "date_from"), date_param(query, "date_to")
    rows = [h for h in HARVEST if (fld is None or h["fld"] == fld.upper()) and (row is None or h["row"] == row)
            and (d0 is None or h["dt"] >= d0) and (d1 is None or h["dt"] <= d1)]
    rows = sorted(rows, key=lambda h: (h["dt"], h["id"]))
    chunk, meta = paginate(rows, query, 5)
    return 200, {"entries": [dict(h) for h in chunk], "total_kg": round(sum(h["wt"] for h in rows), 1), **meta}


@route("GET", "/tractor-bookings")
def list_tractor_bookings(params, query, body):
    d, trac = date_param(query, "date"), one(query, "tractor")
    rows = [dict(b) for b in TRACTOR_BOOKINGS.values()
            if (d is None or b["dt"] == d) and (trac is None or b["trac"] == trac.upper())]
    rows.sort(key=lambda b: (b["dt"], b["slot"] != "am", b["trac"]))
    return 200, {"bookings": rows, "count": len(rows)}


@route("POST", "/tractor-bookings")
def create_tractor_booking(params, query, body):
    trac = str(body.get("tractor", "")).strip().upper()
    if trac not in TRACTORS:
        raise ApiError(400, "tractor must be T-1, T-2 or T-3")
    f = get_or_404(FIELDS, body.get("field_id", ""), "field")
    try:
        d = datetime.date.fromisoformat(str(body.get("date", ""))).isoformat()
    except ValueError:
        raise ApiError(400, "date must be YYYY-MM-DD") from None
    slot = str(body.get("slot", "day")).strip().lower()
    if slot not in SLOT_HOURS:
        raise ApiError(400, "slot must be am, pm or day")
    if d < TODAY:
        raise ApiError(400, "date is in the past")
    ref = booking_ref(trac, f["id"], d, slot)
    with LOCK:
        if ref in TRACTOR_BOOKINGS:
            return 200, dict(TRACTOR_BOOKINGS[ref])
        for b in TRACTOR_BOOKINGS.values():
            if b["trac"] == trac and b["dt"] == d and SLOT_HOURS[b["slot"]] & SLOT_HOURS[slot]:
                raise ApiError(409, f"{trac} is already booked on {d} ({b['slot']}, {b['ref']})")
        TRACTOR_BOOKINGS[ref] = {"ref": ref, "trac": trac, "dt": d, "slot": slot, "fld": f["id"],
                                 "job": str(body.get("job", "")).strip(), "by": str(body.get("by", "")).strip()}
        return 201, dict(TRACTOR_BOOKINGS[ref])


class Handler(BaseHTTPRequestHandler):
    def _dispatch(self, method):
        parts = urlsplit(self.path)
        query = parse_qs(parts.query)
        body = {}
        if method == "POST":
            raw = self.rfile.read(int(self.headers.get("Content-Length") or 0)).decode("utf-8", "replace")
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
