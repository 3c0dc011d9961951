"""Spokesmith Cycle Works (an invented bicycle repair workshop in the invented town of Larkhaven): a small JSON HTTP
service for bikerepair_openapi.json - customers, bikes by frame number, repair jobs, parts fitted, the parts
catalogue, mechanics, quotes and courtesy loan bikes.

Run: python bikerepair_service.py PORT      (serves under /api on 127.0.0.1; Python standard library only)
Deterministic: fixed seed data (the workshop's "today" is Thursday 2027-04-01), no clock, no randomness. Booking a
job (POST /api/jobs) derives the job number from bike, service and date, so repeating a booking returns the first
one (200 instead of 201). Every name, email, phone number (07700 900xxx is a range reserved for fiction), frame
number and brand is invented. Licence: Apache-2.0.
"""
import hashlib
import json
import sys
import unicodedata
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, unquote, urlsplit


class ApiError(Exception):
    def __init__(self, status, message):
        super().__init__(message)
        self.status, self.message = status, message


def fold(text) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", str(text)) if not unicodedata.combining(c)).lower()


def norm_frame(text) -> str:
    return "".join(ch for ch in str(text).upper() if ch.isalnum())


# ------------------------------------------------------------------ seed data
CUSTOMERS = {c["customer_id"]: c for c in [
    {"customer_id": "C-1101", "name": "Katrien de Vos", "email": "katrien.devos@example.com",
     "phone": "07700 900118", "since": "2019-05-14"},
    {"customer_id": "C-1102", "name": "Katrien de Vries", "email": "kdevries@example.net",
     "phone": "07700 900162", "since": "2023-08-02"},
    {"customer_id": "C-1103", "name": "Noemi Castellanos", "email": "noemi.castellanos@example.net",
     "phone": "07700 900207", "since": "2021-03-30"},
    {"customer_id": "C-1104", "name": "Noemi Castellano", "email": "n.castellano@example.org",
     "phone": "07700 900254", "since": "2025-01-11"},
    {"customer_id": "C-1105", "name": "Aurelio Brandimarte", "email": "aurelio.b@example.com",
     "phone": "07700 900341", "since": "2020-06-21"},
    {"customer_id": "C-1106", "name": "Fintan Oduya", "email": "fintan.oduya@example.org",
     "phone": "07700 900377", "since": "2022-09-09"},
    {"customer_id": "C-1107", "name": "Greta Lindqvist-Amos", "email": "greta.la@example.net",
     "phone": "07700 900405", "since": "2018-04-03"},
    {"customer_id": "C-1108", "name": "Samir Haddou", "email": "samir.haddou@example.com",
     "phone": "07700 900433", "since": "2024-02-17"},
    {"customer_id": "C-1109", "name": "Wilhelmina Stroud", "email": "w.stroud@example.org",
     "phone": "07700 900468", "since": "2022-11-25"},
    {"customer_id": "C-1110", "name": "Ravi Okonjo", "email": "ravi.okonjo@example.com",
     "phone": "07700 900512", "since": "2020-10-01"},
    {"customer_id": "C-1111", "name": "Bettina Krol", "email": "bettina.krol@example.net",
     "phone": "07700 900546", "since": "2021-07-19"},
    {"customer_id": "C-1112", "name": "Declan Fairbairn", "email": "declan.f@example.org",
     "phone": "07700 900583", "since": "2023-03-08"},
    {"customer_id": "C-1113", "name": "Yusra Malouf", "email": "yusra.malouf@example.com",
     "phone": "07700 900619", "since": "2024-06-12"},
    {"customer_id": "C-1114", "name": "Tamsin Ellery", "email": "tamsin.ellery@example.net",
     "phone": "07700 900655", "since": "2019-12-02"},
    {"customer_id": "C-1115", "name": "Samira Haddou-Ferris", "email": "samira.hf@example.net",
     "phone": "07700 900691", "since": "2025-05-23"},
]}


def _bike(bid, cid, make, model, kind, frame, colour, year):
    return {"bike_id": bid, "customer_id": cid, "make": make, "model": model, "type": kind,
            "frame_number": frame, "colour": colour, "year": year}


BIKES = {b["bike_id"]: b for b in [
    _bike("B-201", "C-1101", "Veloxa", "Tern 3", "city", "VLX-11872-T", "teal", 2019),
    _bike("B-202", "C-1101", "Marlow", "Cargo Long", "cargo", "MRL-40455-C", "black", 2022),
    _bike("B-203", "C-1102", "Veloxa", "Tern 5", "city", "VLX-12990-T", "red", 2023),
    _bike("B-204", "C-1103", "Halden", "Gravelmaster 2", "gravel", "HLD-22310-G", "sand", 2021),
    _bike("B-205", "C-1103", "Marlow", "Commuter 7", "city", "MRL-38112-C", "grey", 2018),
    _bike("B-206", "C-1104", "Halden", "Gravelmaster 1", "gravel", "HLD-21877-G", "olive", 2024),
    _bike("B-207", "C-1105", "Westbrook", "Sabre", "road", "WSB-80231-K", "white", 2020),
    _bike("B-208", "C-1109", "Westbrook", "Sabre Disc", "road", "WSB-80213-K", "blue", 2022),
    _bike("B-209", "C-1106", "Tarka", "Ridge 29", "mountain", "TKR-61004-B", "orange", 2022),
    _bike("B-210", "C-1107", "Tarka", "Ridge 27", "mountain", "TKR-55190-A", "green", 2018),
    _bike("B-211", "C-1108", "Halden", "Vantage", "touring", "HLD-30917-V", "burgundy", 2024),
    _bike("B-212", "C-1110", "Veloxa", "Tern 3", "city", "VLX-11905-T", "yellow", 2020),
    _bike("B-213", "C-1110", "Tarka", "Flow E", "e-bike", "TKR-70311-E", "black", 2025),
    _bike("B-214", "C-1111", "Westbrook", "Ardent", "road", "WSB-77402-K", "silver", 2019),
    _bike("B-215", "C-1112", "Marlow", "Cargo Short", "cargo", "MRL-41020-C", "navy", 2023),
    _bike("B-216", "C-1113", "Halden", "Gravelmaster 2", "gravel", "HLD-22655-G", "sand", 2022),
    _bike("B-217", "C-1114", "Veloxa", "Metro E", "e-bike", "VLX-90126-E", "white", 2024),
    _bike("B-218", "C-1111", "Tarka", "Ridge 29", "mountain", "TKR-61377-B", "red", 2023),
    _bike("B-219", "C-1112", "Westbrook", "Sabre", "road", "WSB-80566-K", "black", 2021),
    _bike("B-220", "C-1108", "Veloxa", "Metro E", "e-bike", "VLX-90488-E", "grey", 2026),
    _bike("B-221", "C-1115", "Halden", "Vantage", "touring", "HLD-31102-V", "black", 2025),
]}

MECHANICS = {m["mechanic_id"]: m for m in [
    {"mechanic_id": "M-01", "name": "Joss Merriman", "skills": ["service", "wheels", "hydraulic brakes"],
     "bench": 1},
    {"mechanic_id": "M-02", "name": "Joss Merriweather", "skills": ["service", "e-bike"], "bench": 2},
    {"mechanic_id": "M-03", "name": "Yewande Adeyemi", "skills": ["service", "suspension"], "bench": 3},
    {"mechanic_id": "M-04", "name": "Pilar Santamaria", "skills": ["service", "frames", "wheels"], "bench": 4},
    {"mechanic_id": "M-05", "name": "Henrik Solberg", "skills": ["e-bike", "electrics"], "bench": 5},
]}

PARTS = {p["sku"]: p for p in [
    {"sku": "CH-1009", "name": "KMX-10 Chain", "description": "10-speed chain, 116 links", "category": "drivetrain",
     "price": 21.95, "stock": 9},
    {"sku": "CH-1107", "name": "KMX-11 Chain", "description": "11-speed chain, 116 links", "category": "drivetrain",
     "price": 27.45, "stock": 6},
    {"sku": "CH-1112", "name": "Corvan C11 Chain", "description": "11-speed chain, 118 links, nickel plated",
     "category": "drivetrain", "price": 34.9, "stock": 3},
    {"sku": "CH-1115", "name": "KMX-11 SL Chain", "description": "11-speed chain, hollow pins, 116 links",
     "category": "drivetrain", "price": 41.5, "stock": 0},
    {"sku": "CH-1208", "name": "KMX-12 Chain", "description": "12-speed chain, 126 links", "category": "drivetrain",
     "price": 38.75, "stock": 4},
    {"sku": "CS-1104", "name": "Corvan 11-34 Cassette", "description": "11-speed cassette 11-34T",
     "category": "drivetrain", "price": 64.95, "stock": 2},
    {"sku": "BR-2204", "name": "Hydraulic Brake Hose Kit", "description": "rear hose 1700 mm with olives",
     "category": "brakes", "price": 18.45, "stock": 0},
    {"sku": "BR-2210", "name": "Sintered Disc Pads", "description": "pair, for 2-piston calipers",
     "category": "brakes", "price": 16.95, "stock": 14},
    {"sku": "BR-2215", "name": "Organic Disc Pads", "description": "pair, for 2-piston calipers",
     "category": "brakes", "price": 13.45, "stock": 11},
    {"sku": "SU-3302", "name": "Shock Seal Kit", "description": "air can and damper seals, Tarka Ridge rear shock",
     "category": "suspension", "price": 32.6, "stock": 3},
    {"sku": "SU-3310", "name": "Fork Lower Leg Service Kit", "description": "dust wipers, foam rings, oil",
     "category": "suspension", "price": 24.85, "stock": 5},
    {"sku": "TY-4120", "name": "Puncture Guard Tyre 700x38", "description": "gravel/city tyre, reflective wall",
     "category": "tyres", "price": 29.95, "stock": 8},
    {"sku": "TY-4131", "name": "Inner Tube 700x35-43", "description": "presta valve 48 mm", "category": "tyres",
     "price": 6.45, "stock": 40},
    {"sku": "CB-5001", "name": "Gear Inner Cable", "description": "stainless, 2100 mm", "category": "cables",
     "price": 4.95, "stock": 60},
    {"sku": "CB-5010", "name": "Gear Outer Housing", "description": "per metre", "category": "cables",
     "price": 5.85, "stock": 25},
    {"sku": "WH-6021", "name": "Rear Wheel 27.5 Boost", "description": "12x148 thru axle, 6-bolt disc",
     "category": "wheels", "price": 149.0, "stock": 1},
]}

LABOUR_RATE = 42.0
SERVICE_PRICE = {"safety check": 25.0, "standard service": 65.0, "full service": 110.0, "wheel build": 55.0,
                 "repair": 0.0, "suspension service": 85.0, "e-bike diagnostics": 45.0}


def _j(job_id, bike, service, status, date_in, mech, hrs=0.0, parts=(), due=None, quote=None, wait=None,
       notes=""):
    return {"job_id": job_id, "bike_id": bike, "service": service, "status": status, "date_in": date_in,
            "due": due, "mechanic_id": mech, "hrs": hrs, "parts": [list(p) for p in parts], "quote_id": quote,
            "wait": wait, "notes": notes}


JOBS = {j["job_id"]: j for j in [
    # older history
    _j("J-4288", "B-204", "standard service", "collected", "2026-10-12", "M-04", 0.5, [("CB-5001", 1)]),
    _j("J-4302", "B-210", "suspension service", "collected", "2026-11-03", "M-03", 1.5, [("SU-3310", 1)]),
    _j("J-4391", "B-212", "safety check", "collected", "2027-02-24", "M-01", 0.25),
    _j("J-4396", "B-219", "repair", "collected", "2027-02-27", "M-01", 1.0, [("CB-5001", 2), ("CB-5010", 1)]),
    _j("J-4398", "B-210", "repair", "collected", "2027-02-20", "M-03", 0.75, [("CH-1208", 1)]),
    # March 2027
    _j("J-4405", "B-214", "standard service", "collected", "2027-03-01", "M-01", 0.5),
    _j("J-4406", "B-215", "repair", "collected", "2027-03-02", "M-01", 1.25, [("TY-4131", 2)]),
    _j("J-4407", "B-217", "e-bike diagnostics", "collected", "2027-03-02", "M-02", 0.5),
    _j("J-4409", "B-216", "safety check", "collected", "2027-03-04", "M-01", 0.25),
    _j("J-4410", "B-218", "repair", "awaiting", "2027-03-05", "M-03", 1.75, [("BR-2210", 1)], due="2027-04-06",
       wait="BR-2204", notes="rear brake hose kinked; bleed after new hose"),
    _j("J-4411", "B-203", "standard service", "collected", "2027-03-05", "M-02", 0.5),
    _j("J-4412", "B-201", "repair", "collected", "2027-03-05", "M-01", 0.75, [("TY-4120", 1), ("TY-4131", 1)]),
    _j("J-4414", "B-213", "e-bike diagnostics", "collected", "2027-03-08", "M-02", 1.0),
    _j("J-4415", "B-219", "wheel build", "collected", "2027-03-08", "M-01", 2.5),
    _j("J-4418", "B-212", "repair", "collected", "2027-03-09", "M-01", 0.5, [("CB-5001", 1)]),
    _j("J-4419", "B-204", "full service", "collected", "2027-03-03", "M-03", 1.5,
       [("CH-1107", 1), ("TY-4120", 1), ("BR-2215", 1)]),
    _j("J-4421", "B-205", "safety check", "collected", "2027-03-11", "M-01", 0.25),
    _j("J-4422", "B-206", "standard service", "collected", "2027-03-12", "M-02", 0.75),
    _j("J-4424", "B-202", "repair", "collected", "2027-03-15", "M-01", 1.0, [("BR-2210", 2)]),
    _j("J-4427", "B-214", "repair", "quoted", "2027-03-16", "M-02", 0.5, due=None, quote="Q-2291",
       notes="bottom bracket creak; frame insert worn"),
    _j("J-4429", "B-203", "repair", "ready", "2027-03-17", "M-01", 0.75, [("TY-4131", 1)], due="2027-03-31"),
    _j("J-4431", "B-217", "repair", "workshop", "2027-03-18", "M-02", 2.0, due="2027-04-02",
       notes="motor cut-out under load"),
    _j("J-4433", "B-216", "repair", "collected", "2027-03-19", "M-01", 0.5, [("CB-5010", 1)]),
    _j("J-4435", "B-213", "e-bike diagnostics", "workshop", "2027-03-19", "M-05", 1.25, due="2027-04-03"),
    _j("J-4439", "B-207", "wheel build", "workshop", "2027-03-22", "M-01", 1.5, due="2027-04-05"),
    _j("J-4446", "B-215", "standard service", "ready", "2027-03-25", "M-01", 0.75, due="2027-03-31"),
    _j("J-4448", "B-219", "standard service", "workshop", "2027-03-25", "M-02", 0.25, due="2027-04-02"),
    _j("J-4452", "B-209", "suspension service", "workshop", "2027-03-26", "M-04", 1.0, [("SU-3310", 1)],
       due="2027-04-02"),
    _j("J-4455", "B-201", "full service", "workshop", "2027-03-29", "M-01", 1.0, due="2027-04-06"),
    _j("J-4458", "B-217", "e-bike diagnostics", "cancelled", "2027-03-29", "M-05"),
    _j("J-4460", "B-213", "repair", "workshop", "2027-03-30", "M-02", 0.5, due="2027-04-03"),
    _j("J-4466", "B-208", "safety check", "collected", "2027-03-23", "M-02", 0.25),
    _j("J-4471", "B-210", "suspension service", "ready", "2027-03-24", "M-03", 2.25,
       [("SU-3302", 1), ("BR-2210", 1)], due="2027-03-31"),
    # booked ahead
    _j("J-4477", "B-204", "safety check", "booked", "2027-04-06", "M-04"),
    _j("J-4481", "B-212", "standard service", "booked", "2027-04-09", "M-01"),
    _j("J-4482", "B-214", "full service", "booked", "2027-04-09", "M-01"),
    _j("J-4483", "B-206", "safety check", "booked", "2027-04-09", "M-02"),
    _j("J-4484", "B-218", "suspension service", "booked", "2027-04-09", "M-03"),
    _j("J-4486", "B-205", "standard service", "booked", "2027-04-12", "M-04"),
]}

# Quote lines: [description, amount]; acc = pending / accepted / declined
QUOTES = {q["quote_id"]: q for q in [
    {"quote_id": "Q-2291", "job": "J-4427", "lines": [["Threaded BB conversion insert", 96.5],
                                                      ["Bottom bracket 24 mm", 39.95],
                                                      ["Labour 1.2 h", 50.4]],
     "acc": "pending", "exp": "2027-04-15"},
    {"quote_id": "Q-2276", "job": "J-4410", "lines": [["Hydraulic Brake Hose Kit", 18.45], ["Labour 1.0 h", 42.0]],
     "acc": "accepted", "exp": "2027-03-26"},
]}
JOBS["J-4410"]["quote_id"] = "Q-2276"

LOAN_BIKES = [
    {"loan_bike_id": "L-01", "type": "city", "size": "M", "available_from": "2027-04-01"},
    {"loan_bike_id": "L-02", "type": "city", "size": "L", "available_from": "2027-04-05"},
    {"loan_bike_id": "L-03", "type": "e-bike", "size": "M", "available_from": "2027-04-13"},
    {"loan_bike_id": "L-04", "type": "cargo", "size": "one size", "available_from": "2027-04-01"},
]

VALID_STATUS = {"booked", "workshop", "awaiting", "quoted", "ready", "collected", "cancelled"}


def job_total(j):
    if j["status"] != "collected":
        return None
    parts = sum(PARTS[s]["price"] * q for s, q in j["parts"])
    return round(SERVICE_PRICE[j["service"]] + parts + j["hrs"] * LABOUR_RATE, 2)


# ------------------------------------------------------------------ handlers
def need(mapping, key, what):
    item = mapping.get(str(key).strip().upper())
    if item is None:
        raise ApiError(404, f"{what} {key} not found")
    return item


def one(params, name, default=None):
    values = params.get(name)
    return values[0].strip() if values and values[0].strip() != "" else default


def as_int(value, name, lo, hi):
    try:
        n = int(value)
    except (TypeError, ValueError):
        raise ApiError(400, f"{name} must be an integer") from None
    if not lo <= n <= hi:
        raise ApiError(400, f"{name} must be between {lo} and {hi}")
    return n


def check_date(value, name):
    parts = str(value).split("-")
    if len(parts) != 3 or len(parts[0]) != 4 or not all(p.isdigit() for p in parts):
        raise ApiError(400, f"{name} must be a date YYYY-MM-DD")
    return value


def search_customers(params):
    name, email = one(params, "name"), one(params, "email")
    if not name and not email:
        raise ApiError(400, "give name or email")
    rows = list(CUSTOMERS.values())
    if name:
        words = fold(name).split()
        rows = [c for c in rows if all(w in fold(c["name"]) for w in words)]
    if email:
        rows = [c for c in rows if c["email"].lower() == email.lower()]
    return 200, {"customers": [{"customer_id": c["customer_id"], "name": c["name"], "email": c["email"]}
                               for c in rows], "count": len(rows)}


def get_customer(cid):
    return 200, dict(need(CUSTOMERS, cid, "customer"))


def customer_bikes(cid):
    c = need(CUSTOMERS, cid, "customer")
    rows = [b for b in BIKES.values() if b["customer_id"] == c["customer_id"]]
    return 200, {"customer_id": c["customer_id"], "bikes": [dict(b) for b in rows]}


def find_bikes(params):
    frame, make = one(params, "frame_number"), one(params, "make")
    rows = list(BIKES.values())
    if frame:
        rows = [b for b in rows if norm_frame(b["frame_number"]) == norm_frame(frame)]
    if make:
        rows = [b for b in rows if fold(b["make"]) == fold(make)]
    if not frame and not make:
        raise ApiError(400, "give frame_number or make")
    return 200, {"bikes": [dict(b) for b in rows], "count": len(rows)}


def get_bike(bid):
    return 200, dict(need(BIKES, bid, "bike"))


def list_jobs(params):
    rows = list(JOBS.values())
    for key in ("bike_id", "mechanic_id"):
        v = one(params, key)
        if v:
            rows = [j for j in rows if j[key] == v.upper()]
    status = one(params, "status")
    if status:
        if status.lower() not in VALID_STATUS:
            raise ApiError(400, f"status must be one of {sorted(VALID_STATUS)}")
        rows = [j for j in rows if j["status"] == status.lower()]
    date_from, date_to = one(params, "date_from"), one(params, "date_to")
    if date_from:
        rows = [j for j in rows if j["date_in"] >= check_date(date_from, "date_from")]
    if date_to:
        rows = [j for j in rows if j["date_in"] <= check_date(date_to, "date_to")]
    rows.sort(key=lambda j: (j["date_in"], j["job_id"]), reverse=True)
    page = as_int(one(params, "page", 1), "page", 1, 1000)
    per_page = as_int(one(params, "per_page", 10), "per_page", 1, 50)
    chunk = rows[(page - 1) * per_page: page * per_page]
    return 200, {"total_count": len(rows), "page": page, "per_page": per_page,
                 "jobs": [{k: j[k] for k in ("job_id", "bike_id", "service", "status", "date_in")} for j in chunk]}


def get_job(jid):
    j = need(JOBS, jid, "job")
    return 200, {"id": j["job_id"], "bike": j["bike_id"], "svc": j["service"], "st": j["status"],
                 "in": j["date_in"], "due": j["due"], "mech": MECHANICS[j["mechanic_id"]]["name"],
                 "hrs": j["hrs"], "tot": job_total(j), "q": j["quote_id"], "wait": j["wait"],
                 "note": j["notes"] or None}


def job_parts(jid):
    j = need(JOBS, jid, "job")
    rows = [{"sku": s, "name": PARTS[s]["name"], "qty": q, "unit_price": PARTS[s]["price"]} for s, q in j["parts"]]
    return 200, {"job_id": j["job_id"], "parts": rows}


def search_parts(params):
    q, category, in_stock = one(params, "q"), one(params, "category"), one(params, "in_stock")
    rows = list(PARTS.values())
    if q:
        words = fold(q).replace(",", " ").split()
        rows = [p for p in rows if all(w in fold(p["name"] + " " + p["description"]) for w in words)]
    if category:
        rows = [p for p in rows if p["category"] == category.lower()]
    if in_stock is not None:
        if in_stock.lower() not in ("true", "false"):
            raise ApiError(400, "in_stock must be true or false")
        want = in_stock.lower() == "true"
        rows = [p for p in rows if (p["stock"] > 0) == want]
    return 200, {"parts": [{k: p[k] for k in ("sku", "name", "description", "category", "price")}
                           | {"in_stock": p["stock"] > 0} for p in rows], "count": len(rows)}


def get_part(sku):
    p = need(PARTS, sku, "part")
    on_order = {"BR-2204": "2027-04-05", "CH-1115": "2027-04-20"}.get(p["sku"])
    return 200, {**p, "on_order_due": on_order}


def list_mechanics(params):
    name, skill = one(params, "name"), one(params, "skill")
    rows = list(MECHANICS.values())
    if name:
        words = fold(name).split()
        rows = [m for m in rows if all(w in fold(m["name"]) for w in words)]
    if skill:
        rows = [m for m in rows if fold(skill) in [fold(s) for s in m["skills"]]]
    return 200, {"mechanics": [dict(m) for m in rows]}


def get_quote(qid):
    q = need(QUOTES, qid, "quote")
    return 200, {"id": q["quote_id"], "job": q["job"], "lines": [list(line) for line in q["lines"]],
                 "tot": round(sum(a for _, a in q["lines"]), 2), "acc": q["acc"], "exp": q["exp"]}


def list_loan_bikes(params):
    kind, on = one(params, "type"), one(params, "date")
    rows = LOAN_BIKES
    if kind:
        rows = [b for b in rows if b["type"] == kind.lower()]
    if on:
        rows = [b for b in rows if b["available_from"] <= check_date(on, "date")]
    return 200, {"loan_bikes": [dict(b) for b in rows]}


def create_job(body):
    if not isinstance(body, dict):
        raise ApiError(400, "body must be a JSON object")
    missing = [k for k in ("bike_id", "service", "date") if not body.get(k)]
    if missing:
        raise ApiError(400, f"missing {', '.join(missing)}")
    bike = need(BIKES, body["bike_id"], "bike")
    service = fold(body["service"]).strip()
    if service not in SERVICE_PRICE or service == "repair":
        raise ApiError(400, f"service must be one of {sorted(k for k in SERVICE_PRICE if k != 'repair')}")
    date = check_date(str(body["date"]).strip(), "date")
    if date < "2027-04-02":
        raise ApiError(400, "the earliest booking date is 2027-04-02")
    digest = hashlib.sha1(f"{bike['bike_id']}|{service}|{date}".encode()).hexdigest()
    job_id = f"J-{6000 + int(digest[:8], 16) % 4000}"
    if job_id in JOBS:
        j = JOBS[job_id]
        return 200, {"job_id": j["job_id"], "bike_id": j["bike_id"], "service": j["service"],
                     "date_in": j["date_in"], "status": j["status"]}
    skill = "e-bike" if bike["type"] == "e-bike" else "service"
    candidates = [m for m in MECHANICS.values() if skill in m["skills"]]
    load = {m["mechanic_id"]: sum(1 for j in JOBS.values() if j["mechanic_id"] == m["mechanic_id"]
                                  and j["date_in"] == date and j["status"] != "cancelled") for m in candidates}
    mech = sorted(candidates, key=lambda m: (load[m["mechanic_id"]], m["mechanic_id"]))[0]
    JOBS[job_id] = _j(job_id, bike["bike_id"], service, "booked", date, mech["mechanic_id"],
                      notes=str(body.get("notes") or ""))
    return 201, {"job_id": job_id, "bike_id": bike["bike_id"], "service": service, "date_in": date,
                 "status": "booked"}


ROUTES_GET = [
    (("customers",), lambda p, a: search_customers(p)),
    (("customers", None), lambda p, a: get_customer(a[0])),
    (("customers", None, "bikes"), lambda p, a: customer_bikes(a[0])),
    (("bikes",), lambda p, a: find_bikes(p)),
    (("bikes", None), lambda p, a: get_bike(a[0])),
    (("jobs",), lambda p, a: list_jobs(p)),
    (("jobs", None), lambda p, a: get_job(a[0])),
    (("jobs", None, "parts"), lambda p, a: job_parts(a[0])),
    (("parts",), lambda p, a: search_parts(p)),
    (("parts", None), lambda p, a: get_part(a[0])),
    (("mechanics",), lambda p, a: list_mechanics(p)),
    (("quotes", None), lambda p, a: get_quote(a[0])),
    (("loan-bikes",), lambda p, a: list_loan_bikes(p)),
]


def route(method, path, params, body):
    parts = [unquote(s) for s in path.strip("/").split("/") if s]
    if not parts or parts[0] != "api":
        raise ApiError(404, "not found")
    parts = parts[1:]
    if method == "POST":
        if parts == ["jobs"]:
            return create_job(body)
        raise ApiError(405, "method not allowed")
    for pattern, handler in ROUTES_GET:
        if len(pattern) == len(parts) and all(p is None or p == s for p, s in zip(pattern, parts)):
            args = [s for p, s in zip(pattern, parts) if p is None]
            return handler(params, args)
    raise ApiError(404, "not found")


class Handler(BaseHTTPRequestHandler):
    def _send(self, status, payload):
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _handle(self, method):
        url = urlsplit(self.path)
        body = None
        if method == "POST":
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length) if length else b""
            try:
                body = json.loads(raw or b"null")
            except json.JSONDecodeError:
                return self._send(400, {"error": "body is not valid JSON"})
        try:
            status, payload = route(method, url.path, parse_qs(url.query), body)
        except ApiError as exc:
            status, payload = exc.status, {"error": exc.message}
        self._send(status, payload)

    def do_GET(self):
        self._handle("GET")

    def do_POST(self):
        self._handle("POST")

    def log_message(self, *args):
        pass


if __name__ == "__main__":
    server = ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1]) if len(sys.argv) > 1 else 8080), Handler)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
