"""Tidewell Car Wash API: a small in-memory HTTP service (Python standard library only).

Usage: python carwash_service.py PORT   (serves under /api on 127.0.0.1:PORT)
Deterministic: fixed seed data (the data's "today" is 2027-03-20), no clock, no randomness; rewash claim codes are
derived from the claim's content. All names, emails, phone numbers, plates, addresses and codes are invented.
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

TODAY = "2027-03-20"
REWASH_DAYS = 7
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


def fold(text):
    return "".join(c for c in unicodedata.normalize("NFKD", str(text)) if not unicodedata.combining(c)).lower()


def words_in(query, text):
    tokens = [t for t in re.split(r"[\s,.'\u2019\-]+", fold(query)) if t and t not in ("tidewell", "car", "wash")]
    low = fold(text)
    return all(t in low for t in tokens)


def get_or_404(table, key, what):
    row = table.get(str(key).strip().upper())
    if row is None:
        raise ApiError(404, f"no {what} {key!r}")
    return row


def int_param(query, name, default, lo=1, hi=100):
    raw = query.get(name)
    if raw in (None, ""):
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ApiError(400, f"{name} must be an integer") from None
    if not lo <= value <= hi:
        raise ApiError(400, f"{name} must be between {lo} and {hi}")
    return value


def date_param(value, name):
    try:
        return datetime.date.fromisoformat(str(value).strip()).isoformat()
    except ValueError:
        raise ApiError(400, f"{name} must be a date YYYY-MM-DD") from None


# ------------------------------------------------------------------ seed data
def _site(sid, name, street, city, zipc, phone, manager, hours, lanes, amenities, status="open", note=None):
    return {"site_id": sid, "name": name, "status": status, "status_note": note,
            "address": {"street": street, "city": city, "state": "OR", "zip": zipc}, "phone": phone,
            "manager": {"name": manager[0], "email": manager[1]}, "hours": hours,
            "lanes": [{"lane": n, "kind": k, "status": s} for n, k, s in lanes], "amenities": amenities}


H_STD = {"mon_fri": "07:00-20:00", "sat": "08:00-20:00", "sun": "09:00-18:00"}
SITES = {s["site_id"]: s for s in [
    _site("S-101", "Tidewell Maple Ridge", "1180 Orchard Pike", "Maple Ridge", "97388", "(541) 555-0113",
          ("Lorna Vasquez-Teel", "lorna.vt@tidewell.example"), H_STD,
          [("Tunnel 1", "tunnel", "open"), ("Bay A", "self-serve", "open"), ("Bay B", "self-serve", "open")],
          ["free vacuums", "mat cleaner", "air station"]),
    _site("S-102", "Tidewell Maple Ridge North", "4402 Quarry Hill Rd", "Maple Ridge", "97390", "(541) 555-0126",
          ("Anders Pohlmann", "anders.p@tidewell.example"), H_STD,
          [("Tunnel 1", "tunnel", "open"), ("Tunnel 2", "tunnel", "out of service")],
          ["free vacuums", "towel station"]),
    _site("S-103", "Tidewell Corbin Falls", "77 Millrace Ave", "Corbin Falls", "97412", "(541) 555-0138",
          ("Wendell Farrow-Iqbal", "wendell.fi@tidewell.example"),
          {"mon_fri": "07:30-19:00", "sat": "08:00-19:00", "sun": "10:00-17:00"},
          [("Tunnel 1", "tunnel", "open"), ("Touchless 1", "touchless", "open")],
          ["free vacuums", "dog wash"]),
    _site("S-104", "Tidewell Harlan Crossing", "2290 Ferris Blvd", "Harlan Crossing", "97425", "(541) 555-0147",
          ("Imogen Achebe", "imogen.a@tidewell.example"),
          {"mon_fri": "07:00-19:00", "sat": "08:00-18:00", "sun": "closed"},
          [("Tunnel 1", "tunnel", "open"), ("Detail Bay", "hand detail", "open")],
          ["free vacuums", "hand detailing", "EV charging"]),
    _site("S-105", "Tidewell Eastmoor", "615 Lantern St", "Eastmoor", "97431", "(541) 555-0152",
          ("Cyrus Delacroix-Hale", "cyrus.dh@tidewell.example"), H_STD,
          [("Tunnel 1", "tunnel", "open"), ("Bay A", "self-serve", "out of service")],
          ["free vacuums"]),
    _site("S-106", "Tidewell Eastmoor Express", "9 Depot Sq", "Eastmoor", "97432", "(541) 555-0169",
          ("Priscilla Nwosu", "priscilla.n@tidewell.example"),
          {"mon_fri": "06:00-21:00", "sat": "07:00-21:00", "sun": "08:00-20:00"},
          [("Express Tunnel", "tunnel", "open")], []),
    _site("S-107", "Tidewell Pell Junction", "30 Granary Rd", "Pell Junction", "97440", "(541) 555-0171",
          ("Otto Brandvik", "otto.b@tidewell.example"),
          {"mon_fri": "closed", "sat": "closed", "sun": "closed"},
          [("Tunnel 1", "tunnel", "out of service")], ["free vacuums"], status="closed",
          note="closed for renovation until 2027-05-01"),
]}

PACKAGE_INFO = {
    "EXP": ("Express", 6, ["soft-touch wash", "spot-free rinse", "power dry"]),
    "DLX": ("Deluxe", 8, ["soft-touch wash", "underbody flush", "triple foam", "spot-free rinse", "power dry"]),
    "ULT": ("Ultimate Shine", 10, ["soft-touch wash", "underbody flush", "triple foam", "wheel cleaner",
                                   "carnauba wax", "tire shine", "power dry"]),
    "CER": ("Ceramic Guard", 12, ["soft-touch wash", "underbody flush", "wheel cleaner", "ceramic sealant",
                                  "tire shine", "rain repellent", "power dry"]),
}
PRICES = {
    "S-101": {"EXP": 10.00, "DLX": 16.00, "ULT": 22.00, "CER": 29.00},
    "S-102": {"EXP": 11.00, "DLX": 17.50, "ULT": 24.50, "CER": 31.00},
    "S-103": {"EXP": 9.00, "DLX": 15.00, "ULT": 21.00, "CER": 28.00},
    "S-104": {"EXP": 10.50, "DLX": 16.50, "ULT": 23.00, "CER": 30.50},
    "S-105": {"EXP": 10.00, "DLX": 16.00, "ULT": 22.00, "CER": 29.50},
    "S-106": {"EXP": 8.00, "DLX": 14.00},
    "S-107": {},
}
ADDONS = {"tire shine": 3.00, "bug prep": 2.50, "interior vacuum": 5.00, "mat shampoo": 4.00,
          "air freshener": 1.50, "rain repellent": 3.50}

MEMBERSHIP_PLANS = [
    {"plan": "Unlimited Express", "monthly_price": 19.99, "covers_package": "EXP", "extra_vehicle_price": 14.99},
    {"plan": "Unlimited Deluxe", "monthly_price": 29.99, "covers_package": "DLX", "extra_vehicle_price": 22.99},
    {"plan": "Unlimited Shine", "monthly_price": 36.99, "covers_package": "ULT", "extra_vehicle_price": 27.99},
    {"plan": "Unlimited Ceramic", "monthly_price": 44.99, "covers_package": "CER", "extra_vehicle_price": 34.99},
]
PLAN_BY_NAME = {p["plan"]: p for p in MEMBERSHIP_PLANS}


def _mem(plan, since, renews, home, status="active"):
    return {"plan": plan, "monthly_price": PLAN_BY_NAME[plan]["monthly_price"], "status": status,
            "member_since": since, "renews_on": renews, "home_site_id": home,
            "home_site_name": SITES[home]["name"]}


CUSTOMERS = {c["customer_id"]: c for c in [
    {"customer_id": "C-2041", "name": "Marisol Quintero", "email": "marisol.quintero@example.com",
     "phone": "(541) 555-2041", "joined": "2024-09-02",
     "membership": _mem("Unlimited Deluxe", "2025-06-12", "2027-04-12", "S-101")},
    {"customer_id": "C-2042", "name": "Marisela Quintana", "email": "marisela.q@example.net",
     "phone": "(541) 555-2042", "joined": "2025-03-03",
     "membership": _mem("Unlimited Express", "2025-04-03", "2027-04-03", "S-102")},
    {"customer_id": "C-2050", "name": "Desmond Akintola", "email": "desmond.akintola@example.com",
     "phone": "(541) 555-2050", "joined": "2023-11-20",
     "membership": _mem("Unlimited Ceramic", "2024-01-08", "2027-04-08", "S-105")},
    {"customer_id": "C-2051", "name": "Desmond Akinola", "email": "d.akinola@example.org",
     "phone": "(541) 555-2051", "joined": "2026-07-14", "membership": None},
    {"customer_id": "C-2063", "name": "Priya Venkataraman", "email": "priya.venkat@example.com",
     "phone": "(541) 555-2063", "joined": "2022-05-30",
     "membership": _mem("Unlimited Shine", "2023-02-01", "2027-04-01", "S-103", status="paused")},
    {"customer_id": "C-2077", "name": "Gideon Hollis-Barr", "email": "gideon.hb@example.com",
     "phone": "(541) 555-2077", "joined": "2025-10-11", "membership": None},
    {"customer_id": "C-2080", "name": "Tove Lindahl", "email": "tove.lindahl@example.com",
     "phone": "(541) 555-2080", "joined": "2024-02-17",
     "membership": _mem("Unlimited Shine", "2024-02-17", "2027-04-17", "S-104")},
    {"customer_id": "C-2081", "name": "Tove Lindqvist", "email": "tove.lq@example.net",
     "phone": "(541) 555-2081", "joined": "2026-01-05",
     "membership": _mem("Unlimited Express", "2026-01-05", "2027-04-05", "S-106")},
    {"customer_id": "C-2088", "name": "Rafferty Oyelaran", "email": "rafferty.oyelaran@example.com",
     "phone": "(541) 555-2088", "joined": "2026-12-01", "membership": None},
]}

VEHICLES = {v["vid"]: v for v in [
    {"vid": "VH-301", "pl": "8FQR302", "mk": "Subaru", "mdl": "Outback", "yr": 2021, "clr": "Autumn Green",
     "cust": "C-2041", "tag": "RF-88213"},
    {"vid": "VH-302", "pl": "8FQR320", "mk": "Subaru", "mdl": "Forester", "yr": 2019, "clr": "Ice Silver",
     "cust": "C-2042", "tag": "RF-88240"},
    {"vid": "VH-303", "pl": "4HDN873", "mk": "Toyota", "mdl": "Tacoma", "yr": 2020, "clr": "Cement Gray",
     "cust": "C-2063", "tag": None},
    {"vid": "VH-304", "pl": "6TRW550", "mk": "Honda", "mdl": "Odyssey", "yr": 2022, "clr": "Obsidian Blue",
     "cust": "C-2063", "tag": "RF-87102"},
    {"vid": "VH-305", "pl": "2MXB417", "mk": "Ford", "mdl": "Mustang Mach-E", "yr": 2023, "clr": "Grabber Blue",
     "cust": "C-2050", "tag": "RF-86550"},
    {"vid": "VH-306", "pl": "2MXB471", "mk": "Ford", "mdl": "Escape", "yr": 2018, "clr": "Ruby Red",
     "cust": "C-2051", "tag": None},
    {"vid": "VH-307", "pl": "7JPL009", "mk": "Mazda", "mdl": "CX-5", "yr": 2020, "clr": "Soul Red",
     "cust": "C-2080", "tag": "RF-85931"},
    {"vid": "VH-308", "pl": "5KZA662", "mk": "Kia", "mdl": "Telluride", "yr": 2024, "clr": "Wolf Gray",
     "cust": "C-2088", "tag": None},
    {"vid": "VH-309", "pl": "9BVC118", "mk": "Tesla", "mdl": "Model Y", "yr": 2022, "clr": "Pearl White",
     "cust": "C-2041", "tag": "RF-88214"},
    {"vid": "VH-310", "pl": "3GHT294", "mk": "Volvo", "mdl": "XC60", "yr": 2019, "clr": "Denim Blue",
     "cust": "C-2077", "tag": None},
    {"vid": "VH-311", "pl": "1RWE835", "mk": "Chevrolet", "mdl": "Bolt EUV", "yr": 2023, "clr": "Mosaic Black",
     "cust": "C-2081", "tag": "RF-84420"},
]}
PLATES = {v["pl"]: v for v in VEHICLES.values()}

ATTENDANTS = {"S-101": ["Jonah Pettibone", "Reyna Okafor"], "S-102": ["Mateo Lindgren"],
              "S-103": ["Bexley Ortiz", "Hana Mbatha"], "S-104": ["Callum Reyes-Whitt"],
              "S-105": ["Dara Kowalski", "Eli Sandoval"], "S-106": ["Fern Adair"], "S-107": ["Otto Brandvik"]}

VISITS = {}


def _visit(vid, date, time, site, vehicle, pkg, addons=(), lane="Tunnel 1", attendant=None, pay="card", tip=0.0,
           status="completed", note=None):
    veh = VEHICLES[vehicle]
    cust = CUSTOMERS[veh["cust"]]
    mem = cust["membership"]
    price = PRICES[site][pkg]
    covered = bool(mem and mem["status"] == "active"
                   and list(PACKAGE_INFO).index(PLAN_BY_NAME[mem["plan"]]["covers_package"]) >= list(PACKAGE_INFO).index(pkg))
    add = [{"name": a.title(), "price": ADDONS[a]} for a in addons]
    charged = round((0.0 if covered else price) + sum(a["price"] for a in add), 2)
    points = 0 if status != "completed" else int(round(price * 10)) + 5 * len(add)
    VISITS[vid] = {
        "visit_id": vid, "date": date, "time": time, "site_id": site, "site_name": SITES[site]["name"],
        "vehicle_id": vehicle, "plate": veh["pl"], "customer_id": cust["customer_id"],
        "package": {"code": pkg, "name": PACKAGE_INFO[pkg][0], "list_price": price},
        "addons": add, "lane": lane, "attendant": attendant or ATTENDANTS[site][0],
        "payment": {"method": "membership" if covered and not add else pay, "membership_covered": covered,
                    "amount_charged": charged, "tip": tip},
        "points_earned": points, "status": status, "note": note}


# Marisol Quintero (C-2041)
_visit("V-604410", "2027-01-09", "10:12", "S-101", "VH-301", "DLX")
_visit("V-605127", "2027-01-30", "15:40", "S-101", "VH-309", "DLX", ["interior vacuum"], attendant="Reyna Okafor")
_visit("V-606035", "2027-02-14", "11:05", "S-101", "VH-301", "CER", ["tire shine"])
_visit("V-606812", "2027-03-02", "09:48", "S-102", "VH-309", "DLX", attendant="Mateo Lindgren")
_visit("V-607390", "2027-03-11", "17:20", "S-101", "VH-301", "DLX", ["bug prep"], attendant="Reyna Okafor")
# Marisela Quintana (C-2042)
_visit("V-606041", "2027-02-14", "12:30", "S-102", "VH-302", "ULT")
_visit("V-607015", "2027-03-06", "13:15", "S-102", "VH-302", "EXP")
# Desmond Akintola (C-2050): a frequent member
_DESMOND = ["2027-01-04", "2027-01-07", "2027-01-11", "2027-01-15", "2027-01-19", "2027-01-22", "2027-01-26",
            "2027-01-29",
            "2027-02-01", "2027-02-03", "2027-02-06", "2027-02-09", "2027-02-11", "2027-02-13", "2027-02-16",
            "2027-02-19", "2027-02-22", "2027-02-24", "2027-02-26", "2027-02-28",
            "2027-03-03", "2027-03-07", "2027-03-10", "2027-03-14", "2027-03-18"]
for _i, _d in enumerate(_DESMOND):
    _visit(f"V-59{7100 + _i * 37}", _d, f"{7 + _i % 11:02d}:{(_i * 13) % 60:02d}", "S-105" if _i % 3 else "S-106",
           "VH-305", "CER" if _i % 3 else "DLX", attendant=None)
# Desmond Akinola (C-2051)
_visit("V-606122", "2027-02-17", "16:02", "S-106", "VH-306", "EXP", ["air freshener"])
_visit("V-606575", "2027-02-25", "08:44", "S-105", "VH-306", "DLX", attendant="Eli Sandoval")
# Priya Venkataraman (C-2063): the Tacoma and the Odyssey
_visit("V-605502", "2027-02-05", "14:10", "S-103", "VH-304", "ULT", attendant="Hana Mbatha")
_visit("V-606390", "2027-02-20", "10:35", "S-103", "VH-303", "DLX", ["mat shampoo"], lane="Touchless 1",
       attendant="Bexley Ortiz", tip=3.0)
_visit("V-607244", "2027-03-09", "12:50", "S-101", "VH-304", "ULT", ["interior vacuum"], attendant="Jonah Pettibone")
_visit("V-607688", "2027-03-16", "18:05", "S-102", "VH-304", "EXP", attendant="Mateo Lindgren")
# Gideon Hollis-Barr (C-2077)
_visit("V-606901", "2027-03-02", "11:22", "S-106", "VH-310", "DLX", ["air freshener"], tip=2.0)
_visit("V-607803", "2027-03-17", "16:45", "S-105", "VH-310", "ULT", ["tire shine", "bug prep"],
       attendant="Eli Sandoval", tip=4.0)
_visit("V-607811", "2027-03-17", "16:58", "S-105", "VH-310", "EXP", status="voided",
       note="duplicate scan at the pay station, voided")
# Tove Lindahl (C-2080) and Tove Lindqvist (C-2081)
_visit("V-606250", "2027-02-18", "09:15", "S-104", "VH-307", "ULT", lane="Tunnel 1", attendant="Callum Reyes-Whitt")
_visit("V-607530", "2027-03-13", "10:40", "S-104", "VH-307", "ULT", ["rain repellent"])
_visit("V-607120", "2027-03-07", "07:55", "S-106", "VH-311", "EXP")
# Rafferty Oyelaran (C-2088)
_visit("V-605960", "2027-02-12", "13:30", "S-103", "VH-308", "DLX", attendant="Hana Mbatha")
_visit("V-607555", "2027-03-14", "15:25", "S-103", "VH-308", "ULT", ["interior vacuum"], attendant="Bexley Ortiz",
       tip=5.0)
_visit("V-607770", "2027-03-18", "12:05", "S-104", "VH-308", "EXP")


def _ledger(cust_id, start_balance, redemptions=()):
    rows = [{"d": v["date"], "pts": v["points_earned"], "v": v["visit_id"], "why": "wash"}
            for v in VISITS.values() if v["customer_id"] == cust_id and v["points_earned"]]
    rows += [{"d": d, "pts": -p, "v": None, "why": why} for d, p, why in redemptions]
    rows.sort(key=lambda r: r["d"], reverse=True)
    return start_balance + sum(r["pts"] for r in rows), rows


TIERS = [(0, "Bronze"), (800, "Silver"), (2000, "Gold"), (3500, "Platinum")]


def _tier(balance):
    name, nxt = TIERS[0][1], None
    for i, (floor, label) in enumerate(TIERS):
        if balance >= floor:
            name = label
            nxt = TIERS[i + 1] if i + 1 < len(TIERS) else None
    return name, nxt


LOYALTY = {}
for _cid, _start, _red in [
        ("C-2041", 1610, [("2027-02-20", 500, "redeemed: free Ultimate Shine")]),
        ("C-2042", 540, []), ("C-2050", 980, [("2027-01-31", 1000, "redeemed: free detail voucher")]),
        ("C-2051", 0, []), ("C-2063", 2100, []), ("C-2077", 120, []), ("C-2080", 1720, []),
        ("C-2081", 90, []), ("C-2088", 0, [])]:
    _bal, _rows = _ledger(_cid, _start, _red)
    _name, _nxt = _tier(_bal)
    LOYALTY[_cid] = {"cust": _cid, "bal": _bal, "tier": _name,
                     "nxt": None if _nxt is None else {"tier": _nxt[1], "at": _nxt[0]},
                     "hist": _rows + [{"d": "2027-01-01", "pts": _start, "v": None,
                                       "why": "balance carried over from 2026"}]}

PROMOTIONS = [
    {"promo_id": "PR-31", "title": "Two-for-Tuesday Deluxe", "site_ids": ["S-101", "S-102"],
     "valid_from": "2027-03-01", "valid_to": "2027-04-30", "detail": "second Deluxe wash on a Tuesday is half price"},
    {"promo_id": "PR-32", "title": "Pollen Season Rinse", "site_ids": ["S-103", "S-104", "S-105"],
     "valid_from": "2027-03-15", "valid_to": "2027-05-31", "detail": "free underbody flush with any Express wash"},
    {"promo_id": "PR-29", "title": "New Year Ceramic", "site_ids": ["S-101", "S-103", "S-104"],
     "valid_from": "2027-01-01", "valid_to": "2027-01-31", "detail": "Ceramic Guard for the Ultimate Shine price"},
    {"promo_id": "PR-33", "title": "Express Lane Early Bird", "site_ids": ["S-106"],
     "valid_from": "2027-02-01", "valid_to": "2027-06-30", "detail": "Express 6.00 before 08:00 on weekdays"},
]

CLAIMS = {}


def claim_code(visit_id):
    return "RW-" + hashlib.sha1(f"rewash|{visit_id}".encode()).hexdigest().upper()[:6]


def site_summary(s):
    a = s["address"]
    return {"site_id": s["site_id"], "name": s["name"], "city": a["city"],
            "address": f"{a['street']}, {a['city']}, {a['state']} {a['zip']}", "status": s["status"]}


def customer_summary(c):
    return {"customer_id": c["customer_id"], "name": c["name"], "email": c["email"],
            "member": bool(c["membership"])}


def visit_row(v):
    return {"visit_id": v["visit_id"], "date": v["date"], "time": v["time"], "site_id": v["site_id"],
            "site_name": v["site_name"], "vehicle_id": v["vehicle_id"], "plate": v["plate"],
            "customer_id": v["customer_id"], "package_code": v["package"]["code"],
            "package_name": v["package"]["name"], "amount_charged": v["payment"]["amount_charged"],
            "status": v["status"]}


# ------------------------------------------------------------------ routes
@route("GET", "/sites")
def search_sites(params, query, body):
    q, city = query.get("q") or "", fold(query.get("city") or "").strip()
    rows = [site_summary(s) for s in SITES.values()
            if (not q or words_in(q, s["name"] + " " + s["address"]["city"] + " " + s["address"]["street"]))
            and (not city or fold(s["address"]["city"]) == city)]
    return 200, {"sites": rows, "count": len(rows)}


@route("GET", "/sites/{site_id}")
def get_site(params, query, body):
    return 200, dict(get_or_404(SITES, params["site_id"], "site"))


@route("GET", "/sites/{site_id}/packages")
def list_site_packages(params, query, body):
    s = get_or_404(SITES, params["site_id"], "site")
    rows = [{"code": code, "name": PACKAGE_INFO[code][0], "price": price, "minutes": PACKAGE_INFO[code][1],
             "includes": PACKAGE_INFO[code][2]} for code, price in PRICES[s["site_id"]].items()]
    return 200, {"site_id": s["site_id"], "site_name": s["name"], "currency": "USD", "packages": rows,
                 "addons": [{"name": k.title(), "price": p} for k, p in ADDONS.items()]}


@route("GET", "/membership-plans")
def list_membership_plans(params, query, body):
    return 200, {"plans": [dict(p, covers_package_name=PACKAGE_INFO[p["covers_package"]][0])
                           for p in MEMBERSHIP_PLANS], "currency": "USD"}


@route("GET", "/promotions")
def list_promotions(params, query, body):
    sid = (query.get("site_id") or "").strip().upper()
    on = date_param(query["date"], "date") if query.get("date") else None
    rows = [p for p in PROMOTIONS if (not sid or sid in p["site_ids"])
            and (not on or p["valid_from"] <= on <= p["valid_to"])]
    return 200, {"promotions": rows, "count": len(rows)}


@route("GET", "/customers")
def search_customers(params, query, body):
    name, email = query.get("name") or "", (query.get("email") or "").strip().lower()
    if not name.strip() and not email:
        raise ApiError(400, "give name or email")
    rows = [customer_summary(c) for c in CUSTOMERS.values()
            if (not email or c["email"] == email) and (not name.strip() or words_in(name, c["name"]))]
    return 200, {"customers": rows, "count": len(rows)}


@route("GET", "/customers/{customer_id}")
def get_customer(params, query, body):
    c = get_or_404(CUSTOMERS, params["customer_id"], "customer")
    vehicles = [{"vehicle_id": v["vid"], "plate": v["pl"], "description": f"{v['yr']} {v['mk']} {v['mdl']}"}
                for v in VEHICLES.values() if v["cust"] == c["customer_id"]]
    return 200, dict(c, vehicles=vehicles)


@route("GET", "/customers/{customer_id}/loyalty")
def get_loyalty(params, query, body):
    c = get_or_404(CUSTOMERS, params["customer_id"], "customer")
    return 200, LOYALTY[c["customer_id"]]


@route("GET", "/vehicles/{plate}")
def get_vehicle(params, query, body):
    key = re.sub(r"[\s\-]", "", str(params["plate"])).upper()
    v = PLATES.get(key)
    if v is None:
        raise ApiError(404, f"no vehicle with plate {params['plate']!r}")
    return 200, dict(v)


@route("GET", "/visits")
def list_visits(params, query, body):
    cust, site = (query.get("customer_id") or "").strip().upper(), (query.get("site_id") or "").strip().upper()
    veh = (query.get("vehicle_id") or "").strip().upper()
    start = date_param(query["from"], "from") if query.get("from") else None
    end = date_param(query["to"], "to") if query.get("to") else None
    status = (query.get("status") or "").strip().lower()
    sort = query.get("sort") or "newest"
    if sort not in ("newest", "oldest"):
        raise ApiError(400, "sort must be newest or oldest")
    if not (cust or site or veh):
        raise ApiError(400, "give customer_id, vehicle_id or site_id")
    page, size = int_param(query, "page", 1, 1, 10000), int_param(query, "per_page", 10, 1, 50)
    rows = [v for v in VISITS.values() if (not cust or v["customer_id"] == cust) and (not site or v["site_id"] == site)
            and (not veh or v["vehicle_id"] == veh) and (not start or v["date"] >= start)
            and (not end or v["date"] <= end) and (not status or v["status"] == status)]
    rows.sort(key=lambda v: (v["date"], v["time"]), reverse=sort == "newest")
    first = (page - 1) * size
    return 200, {"visits": [visit_row(v) for v in rows[first:first + size]], "page": page, "per_page": size,
                 "total_count": len(rows), "has_more": first + size < len(rows)}


@route("GET", "/visits/{visit_id}")
def get_visit(params, query, body):
    return 200, dict(get_or_404(VISITS, params["visit_id"], "visit"))


@route("POST", "/rewash-claims")
def create_rewash_claim(params, query, body):
    vid = str(body.get("visit_id") or "").strip().upper()
    if not vid:
        raise ApiError(400, "field 'visit_id' is required")
    v = get_or_404(VISITS, vid, "visit")
    if v["status"] != "completed":
        raise ApiError(422, f"visit {vid} is {v['status']}; only completed washes can be rewashed")
    until = (datetime.date.fromisoformat(v["date"]) + datetime.timedelta(days=REWASH_DAYS)).isoformat()
    if until < TODAY:
        raise ApiError(422, f"the rewash guarantee for {vid} ended on {until}")
    code = claim_code(vid)
    with LOCK:
        if code in CLAIMS:
            return 200, CLAIMS[code]
        CLAIMS[code] = {"claim_code": code, "visit_id": vid, "customer_id": v["customer_id"], "site_id": v["site_id"],
                        "site_name": v["site_name"], "package_name": v["package"]["name"],
                        "reason": " ".join(str(body.get("reason") or "not satisfied").split()),
                        "valid_until": until, "status": "open"}
    return 201, CLAIMS[code]


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
