"""Wrenmoor Airfield operations API: a small in-memory HTTP service (Python standard library only).

Usage: python airfield_service.py PORT   (serves under /api on 127.0.0.1:PORT)
General-aviation airfield: pilots, aircraft, hangars, flight plans, fuel orders and landing fees.
Deterministic: fixed seed data ("today" is 2027-03-20), no clock, no randomness; fuel order numbers are derived from
the order's content (SHA-1 prefix). All names, emails, phone numbers, registrations, aerodromes and codes are
invented. Licence: Apache-2.0.
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
HOME = "Wrenmoor"
CURRENCY = "EUR"
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
    tokens = [t for t in re.split(r"[\s,.'\u2019]+", fold(query)) if t and t not in ("capt", "captain", "mr", "ms")]
    low = fold(text)
    return all(t in low for t in tokens)


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


def in_range(day, query):
    lo = date_param(query["date_from"], "date_from") if query.get("date_from") else None
    hi = date_param(query["date_to"], "date_to") if query.get("date_to") else None
    return (lo is None or day >= lo) and (hi is None or day <= hi)


def reg_norm(value):
    return re.sub(r"[\s]", "", str(value)).upper().replace("_", "-")


# ------------------------------------------------------------------ pilots
def _pilot(pid, name, email, phone, lic_no, lic_type, issued, ratings, med_class, med_exp, since, ec):
    return {"pilot_id": pid, "name": name, "email": email, "phone": phone,
            "licence": {"number": lic_no, "type": lic_type, "issued": issued, "ratings": ratings},
            "medical": {"class": med_class, "expires": med_exp}, "member_since": since,
            "emergency_contact": {"name": ec[0], "relation": ec[1], "phone": ec[2]}}


PILOTS = {p["pilot_id"]: p for p in [
    _pilot("PL-301", "Ingrid Vassbotn", "ingrid.vassbotn@example.com", "+44 1632 960 301", "QCA-PPL-38214", "PPL(A)",
           "2011-06-02", ["SEP(land)", "Night", "IR(R)"], 2, "2027-11-30", "2012-01-15",
           ("Haakon Vassbotn", "spouse", "+44 1632 960 871")),
    _pilot("PL-302", "Ingrid Vassbakk", "ingrid.vassbakk@example.net", "+44 1632 960 302", "QCA-PPL-41530", "PPL(A)",
           "2019-09-14", ["SEP(land)"], 2, "2028-02-29", "2019-10-01",
           ("Sigrun Vassbakk", "sister", "+44 1632 960 872")),
    _pilot("PL-303", "Caspar Ellingham", "caspar.ellingham@example.org", "+44 1632 960 303", "QCA-PPL-40719",
           "PPL(A)", "2016-04-22", ["SEP(land)", "Night"], 2, "2027-05-31", "2016-05-03",
           ("Margot Ellingham", "mother", "+44 1632 960 873")),
    _pilot("PL-304", "Jasper Ellingham", "jasper.ellingham@example.com", "+44 1632 960 304", "QCA-LAPL-22807",
           "LAPL(A)", "2021-07-30", ["SEP(land)"], "LAPL", "2028-07-31", "2021-08-12",
           ("Caspar Ellingham", "brother", "+44 1632 960 303")),
    _pilot("PL-305", "Rosalind Achterberg", "rosalind.achterberg@example.com", "+44 1632 960 305", "QCA-CPL-10364",
           "CPL(A)", "2008-03-11", ["SEP(land)", "MEP(land)", "IR", "FI(A)"], 1, "2027-09-30", "2009-02-20",
           ("Pieter Achterberg", "brother", "+44 1632 960 875")),
    _pilot("PL-306", "Desmond Ogunleye-Price", "desmond.op@example.co.uk", "+44 1632 960 306", "QCA-PPL-29953",
           "PPL(A)", "2004-10-05", ["SEP(land)", "Tailwheel"], 2, "2027-08-31", "2005-01-09",
           ("Abena Ogunleye-Price", "spouse", "+44 1632 960 876")),
    _pilot("PL-307", "Tobiah Renwick", "tobiah.renwick@example.net", "+44 1632 960 307", "QCA-PPL-43377", "PPL(A)",
           "2022-02-18", ["SEP(land)", "Tailwheel", "Aerobatic"], 2, "2028-01-31", "2022-03-01",
           ("Elspeth Renwick", "mother", "+44 1632 960 877")),
    _pilot("PL-308", "Tobias Renwick", "tobias.renwick@example.com", "+44 1632 960 308", "QCA-SPL-05519",
           "Student (solo)", "2026-09-01", [], 2, "2031-08-31", "2026-07-19",
           ("Ruth Renwick", "mother", "+44 1632 960 878")),
    _pilot("PL-309", "Hyacinth Moorcroft", "hyacinth.moorcroft@example.org", "+44 1632 960 309", "QCA-PPL-35028",
           "PPL(A)", "2013-05-27", ["SEP(land)", "Night"], 2, "2027-12-31", "2013-06-30",
           ("Felicity Moorcroft", "daughter", "+44 1632 960 879")),
    _pilot("PL-310", "Anselm Brightwater", "anselm.brightwater@example.net", "+44 1632 961 458", "QCA-PPL-44102",
           "PPL(A)", "2023-11-08", ["SEP(land)"], 2, "2028-10-31", "2024-01-04",
           ("Jonas Brightwater", "partner", "+44 1632 960 880")),
    _pilot("PL-311", "Marguerite Hale", "m.hale@skyerotor.example", "+44 1632 960 311", "QCA-CPL(H)-07735",
           "CPL(H)", "2012-08-16", ["R44", "R22", "Night"], 1, "2027-06-30", "2018-04-11",
           ("Owen Hale", "spouse", "+44 1632 960 881")),
]}

OWNERS = {"CLUB-1": {"kind": "club", "id": "CLUB-1", "name": "Wrenmoor Aero Club"},
          "CO-7": {"kind": "company", "id": "CO-7", "name": "Skye Rotor Charters"}}


def owner_ref(oid):
    if oid in PILOTS:
        return {"kind": "pilot", "id": oid, "name": PILOTS[oid]["name"]}
    return dict(OWNERS[oid])


# ------------------------------------------------------------------ aircraft
def _ac(reg, typ, cat, seats, mtow, grade, usable, owner, hangar, tie, annual, insurance, hours):
    return {"registration": reg, "type": typ, "category": cat, "seats": seats, "mtow_kg": mtow,
            "fuel": {"grade": grade, "usable_l": usable}, "owner": owner_ref(owner), "hangar_id": hangar,
            "tie_down": tie, "next_annual": annual, "insurance_expires": insurance, "engine_hours": hours}


AIRCRAFT = {a["registration"]: a for a in [
    _ac("Q-BRKA", "Piper PA-28-161 Warrior II", "aeroplane", 4, 1055, "100LL", 182, "PL-301", "H2", None,
        "2027-06-14", "2027-12-31", 4120.5),
    _ac("Q-VEGA", "Jodel D140 Mousquetaire", "aeroplane", 5, 1200, "100LL", 160, "PL-301", "H2", None,
        "2027-10-02", "2027-12-31", 2875.0),
    _ac("Q-BRKE", "Piper PA-28-181 Archer III", "aeroplane", 4, 1157, "100LL", 182, "PL-302", "H1", None,
        "2027-04-28", "2027-09-30", 3311.2),
    _ac("Q-CELL", "Cessna 172S Skyhawk", "aeroplane", 4, 1157, "100LL", 201, "PL-303", "H1", None,
        "2027-08-05", "2028-01-31", 2210.8),
    _ac("Q-CELT", "Cessna 152", "aeroplane", 2, 757, "100LL", 94, "CLUB-1", "H1", None,
        "2027-07-19", "2027-10-31", 9684.4),
    _ac("Q-DIVA", "Diamond DA40 NG", "aeroplane", 4, 1310, "Jet A-1", 148, "PL-305", "H3", None,
        "2027-05-21", "2027-11-30", 1502.6),
    _ac("Q-MOTH", "de Havilland DH.82A Tiger Moth", "aeroplane", 2, 828, "100LL", 86, "PL-306", "H4", None,
        "2027-04-09", "2027-06-30", 6033.0),
    _ac("Q-RVSX", "Van's RV-8", "aeroplane", 2, 816, "100LL", 159, "PL-307", None, "T-07",
        "2027-09-12", "2028-02-28", 640.3),
    _ac("Q-RALL", "Robin DR400/140B Major", "aeroplane", 4, 1000, "UL91", 110, "PL-309", "H2", None,
        "2027-06-30", "2027-08-31", 3788.9),
    _ac("Q-RALY", "Robin DR400/180 Regent", "aeroplane", 4, 1100, "100LL", 190, "PL-304", "H1", None,
        "2027-11-15", "2028-03-31", 2954.1),
    _ac("Q-SKYE", "Robinson R44 Raven II", "helicopter", 4, 1134, "100LL", 176, "CO-7", "H3", None,
        "2027-05-02", "2027-12-31", 1877.7),
]}

HANGARS = [  # terse keys, as the hangar office's feed has them
    {"id": "H1", "nm": "North Hangar", "cap": 6, "occ": 4, "door_m": 18.0, "heat": False, "rent_m": 410.0},
    {"id": "H2", "nm": "North-East Hangar", "cap": 5, "occ": 3, "door_m": 15.5, "heat": False, "rent_m": 385.0},
    {"id": "H3", "nm": "Tower Hangar", "cap": 4, "occ": 2, "door_m": 14.0, "heat": False, "rent_m": 450.0},
    {"id": "H4", "nm": "Vintage Shed", "cap": 3, "occ": 1, "door_m": 12.5, "heat": True, "rent_m": 520.0},
]

FUEL_PRICES = [
    {"grade": "100LL", "per_litre": 2.64, "available": True, "note": "avgas, blue"},
    {"grade": "UL91", "per_litre": 2.41, "available": True, "note": "unleaded avgas"},
    {"grade": "UL94", "per_litre": 2.47, "available": False, "note": "unleaded avgas, tank being cleaned"},
    {"grade": "Jet A-1", "per_litre": 1.98, "available": True, "note": "kerosene (diesel engines and turbines)"},
]
PRICE = {p["grade"]: p["per_litre"] for p in FUEL_PRICES}

# ------------------------------------------------------------------ flight plans
_SEED_PLANS = []


def _fp(date, etd, reg, pilot, frm, to, alt, eet, souls, route_, alt_ft, endurance, remarks="", status=None):
    _SEED_PLANS.append({"date": date, "etd": etd, "registration": reg, "pilot_id": pilot, "from": frm, "to": to,
                        "alternate": alt, "eet_min": eet, "souls_on_board": souls, "route": route_,
                        "cruise_alt_ft": alt_ft, "endurance_min": endurance, "remarks": remarks,
                        "status": status or ("closed" if date < TODAY else "filed")})


_TOBIAH_DESTS = [("Castlebrook", "Graythorpe", 40), ("Hollinford", "Aldermere", 35), ("Dunmere Heath", "Oxley Tarn", 50),
                 ("Oxley Tarn", "Dunmere Heath", 45), ("Brackenby Moor", "Hollinford", 30)]
for _i, _d in enumerate([1, 3, 5, 8, 10, 12, 15, 17, 19, 22, 24, 26, 27]):
    _to, _alt, _eet = _TOBIAH_DESTS[_i % len(_TOBIAH_DESTS)]
    _fp(f"2027-02-{_d:02d}", "10:%02d" % (_i * 4 % 60), "Q-RVSX", "PL-307", HOME, _to, _alt, _eet, 1,
        f"WRN DCT {_to[:3].upper()}", 3500, 180)
_fp("2027-01-31", "11:15", "Q-RVSX", "PL-307", HOME, "Castlebrook", "Graythorpe", 40, 1, "WRN DCT CAS", 3500, 180)
_fp("2027-03-01", "09:40", "Q-RVSX", "PL-307", HOME, "Saltmarsh Point", "Fennick Down", 55, 2, "WRN DCT SAL", 4500, 180)
_fp("2027-03-06", "10:05", "Q-RVSX", "PL-307", HOME, "Hollinford", "Aldermere", 35, 1, "WRN DCT HOL", 3500, 180)
_fp("2027-03-13", "13:20", "Q-RVSX", "PL-307", HOME, "Dunmere Heath", "Oxley Tarn", 50, 1, "WRN DCT DUN", 3500, 180)
_fp("2027-03-27", "09:00", "Q-RVSX", "PL-307", HOME, "Aldermere", "Castlebrook", 60, 2, "WRN DCT ALD", 5500, 180)
for _d in (2, 9, 16, 23):
    _fp(f"2027-02-{_d:02d}", "14:30", "Q-CELT", "PL-308", HOME, "Castlebrook", "Hollinford", 45, 1,
        "WRN DCT CAS", 2500, 240, "Student solo cross-country, authorised by R. Achterberg (FI)")
_fp("2027-03-02", "14:30", "Q-CELT", "PL-308", HOME, "Hollinford", "Castlebrook", 40, 1, "WRN DCT HOL", 2500, 240,
    "Student solo cross-country, authorised by R. Achterberg (FI)")
# Desmond Ogunleye-Price: his own Tiger Moth, and the club Cessna on the 17th
_fp("2027-02-20", "11:00", "Q-MOTH", "PL-306", HOME, "Fennick Down", "Brackenby Moor", 65, 2, "WRN DCT FEN", 2000, 150)
_fp("2027-03-04", "10:30", "Q-MOTH", "PL-306", HOME, "Brackenby Moor", "Fennick Down", 50, 1, "WRN DCT BRA", 2000, 150)
_fp("2027-03-11", "15:10", "Q-MOTH", "PL-306", "Fennick Down", HOME, "Brackenby Moor", 65, 2, "FEN DCT WRN", 2000,
    150, "Return leg")
_fp("2027-03-17", "12:45", "Q-CELT", "PL-306", HOME, "Graythorpe", "Aldermere", 55, 2, "WRN DCT GRA", 3000, 240,
    "Tiger Moth in for magneto work; club aircraft")
_fp("2027-04-03", "10:00", "Q-MOTH", "PL-306", HOME, "Oxley Tarn", "Dunmere Heath", 70, 2, "WRN DCT OXL", 2000, 150)
# Caspar and Jasper Ellingham
_fp("2027-03-07", "09:15", "Q-CELL", "PL-303", HOME, "Castlebrook", "Graythorpe", 35, 2, "WRN DCT CAS", 3000, 300)
_fp("2027-04-02", "08:45", "Q-CELL", "PL-303", HOME, "Saltmarsh Point", "Fennick Down", 85, 3,
    "WRN DCT KESTL DCT SAL", 4500, 300, "Coastal route, life jackets carried")
_fp("2027-04-03", "16:00", "Q-CELL", "PL-303", "Saltmarsh Point", HOME, "Hollinford", 80, 3,
    "SAL DCT KESTL DCT WRN", 4000, 300)
_fp("2027-04-02", "09:30", "Q-RALY", "PL-304", HOME, "Oxley Tarn", "Hollinford", 55, 2, "WRN DCT OXL", 3500, 330)
# Ingrid Vassbotn's Warrior, flown by Anselm Brightwater on 8-9 March; Ingrid Vassbakk's Archer
_fp("2027-03-01", "10:10", "Q-BRKA", "PL-301", HOME, "Aldermere", "Castlebrook", 45, 2, "WRN DCT ALD", 3500, 290)
_fp("2027-03-08", "13:00", "Q-BRKA", "PL-310", HOME, "Castlebrook", "Graythorpe", 40, 2, "WRN DCT CAS", 3000, 290,
    "Aircraft hired from owner; overnight at Castlebrook")
_fp("2027-03-09", "11:20", "Q-BRKA", "PL-310", "Castlebrook", HOME, "Hollinford", 40, 2, "CAS DCT WRN", 3000, 290)
_fp("2027-03-09", "15:35", "Q-BRKE", "PL-302", "Hollinford", HOME, "Castlebrook", 30, 1, "HOL DCT WRN", 2500, 290)
_fp("2027-03-15", "10:00", "Q-VEGA", "PL-301", HOME, "Dunmere Heath", "Oxley Tarn", 50, 3, "WRN DCT DUN", 3500, 270)
# Rosalind Achterberg's DA40
_fp("2027-03-02", "16:05", "Q-DIVA", "PL-305", "Aldermere", HOME, "Graythorpe", 45, 1, "ALD DCT WRN", 5000, 420)
_fp("2027-03-13", "09:50", "Q-DIVA", "PL-305", HOME, "Graythorpe", "Aldermere", 55, 2, "WRN DCT GRA", 5000, 420)
_fp("2027-03-14", "17:25", "Q-DIVA", "PL-305", "Graythorpe", HOME, "Aldermere", 55, 2, "GRA DCT WRN RNP 27",
    5000, 420, "RNP approach runway 27 requested")
_fp("2027-03-21", "08:30", "Q-DIVA", "PL-305", HOME, "Saltmarsh Point", "Fennick Down", 60, 1, "WRN DCT SAL", 6000, 420,
    status="cancelled")
# Hyacinth Moorcroft, Marguerite Hale
_fp("2027-03-10", "10:40", "Q-RALL", "PL-309", HOME, "Fennick Down", "Brackenby Moor", 55, 2, "WRN DCT FEN", 3000, 270)
_fp("2027-03-14", "12:10", "Q-SKYE", "PL-311", "Saltmarsh Point", HOME, "Castlebrook", 50, 4, "SAL DCT WRN", 1500, 180,
    "Charter: 3 passengers")

_SEED_PLANS.sort(key=lambda p: (p["date"], p["etd"], p["registration"]))
FLIGHT_PLANS = {}
for _n, _p in enumerate(_SEED_PLANS):
    _p["plan_id"] = f"FP-27-{101 + _n * 3:04d}"
    FLIGHT_PLANS[_p["plan_id"]] = _p


def plan_for(date, reg):
    for p in FLIGHT_PLANS.values():
        if p["date"] == date and p["registration"] == reg and p["to"] == HOME:
            return p["plan_id"]
    raise KeyError((date, reg))


# ------------------------------------------------------------------ fuel orders (terse keys)
def _fo(oid, reg, grade, litres, day, status):
    return {"id": oid, "reg": reg, "grd": grade, "ltr": litres, "px": PRICE[grade],
            "amt": round(litres * PRICE[grade], 2), "dt": day, "st": status}


FUEL_ORDERS = [
    _fo("FO-27011", "Q-CELL", "100LL", 70, "2027-02-26", "delivered"),
    _fo("FO-27014", "Q-DIVA", "Jet A-1", 120, "2027-03-01", "delivered"),
    _fo("FO-27016", "Q-CELL", "100LL", 80, "2027-03-03", "delivered"),
    _fo("FO-27019", "Q-CELT", "100LL", 45, "2027-03-05", "delivered"),
    _fo("FO-27022", "Q-BRKA", "100LL", 100, "2027-03-08", "delivered"),
    _fo("FO-27025", "Q-RALL", "UL91", 70, "2027-03-10", "delivered"),
    _fo("FO-27027", "Q-MOTH", "100LL", 40, "2027-03-11", "delivered"),
    _fo("FO-27030", "Q-CELL", "100LL", 135, "2027-03-12", "delivered"),
    _fo("FO-27033", "Q-SKYE", "100LL", 150, "2027-03-14", "delivered"),
    _fo("FO-27035", "Q-CELT", "100LL", 50, "2027-03-16", "delivered"),
    _fo("FO-27038", "Q-CELL", "100LL", 60, "2027-03-22", "requested"),
    _fo("FO-27040", "Q-RVSX", "100LL", 90, "2027-03-18", "cancelled"),
]
NEW_ORDERS = {}

# ------------------------------------------------------------------ landing fees
LANDING = {"<=1000": 16.0, "1001-1500": 24.0, "helicopter": 30.0}


def _band(reg):
    a = AIRCRAFT[reg]
    if a["category"] == "helicopter":
        return "Landing (helicopter)", LANDING["helicopter"]
    if a["mtow_kg"] <= 1000:
        return "Landing (MTOW up to 1000 kg)", LANDING["<=1000"]
    return "Landing (MTOW 1001-1500 kg)", LANDING["1001-1500"]


def _lf(fee_id, day, reg, plan_id, extra, paid_on, touch_and_go=0):
    label, price = _band(reg)
    lines = []
    if touch_and_go:
        lines.append({"item": "Touch-and-go", "qty": touch_and_go, "unit": 8.0, "amount": 8.0 * touch_and_go})
    lines.append({"item": label, "qty": 1, "unit": price, "amount": price})
    for item, qty, unit in extra:
        lines.append({"item": item, "qty": qty, "unit": unit, "amount": round(qty * unit, 2)})
    owner = AIRCRAFT[reg]["owner"]
    due = (datetime.date.fromisoformat(day) + datetime.timedelta(days=30)).isoformat()
    return {"fee_id": fee_id, "date": day, "registration": reg, "account": {"id": owner["id"], "name": owner["name"]},
            "flight_plan_id": plan_id, "lines": lines, "total": round(sum(l["amount"] for l in lines), 2),
            "currency": CURRENCY, "issued": day, "due": due, "paid_on": paid_on,
            "status": "paid" if paid_on else "unpaid"}


LANDING_FEES = {f["fee_id"]: f for f in [
    _lf("LF-2701", "2027-03-01", "Q-CELT", None, [], "2027-03-18", touch_and_go=6),
    _lf("LF-2708", "2027-03-02", "Q-DIVA", plan_for("2027-03-02", "Q-DIVA"), [], "2027-03-10"),
    _lf("LF-2731", "2027-03-09", "Q-BRKA", plan_for("2027-03-09", "Q-BRKA"), [], "2027-03-12"),
    _lf("LF-2732", "2027-03-09", "Q-BRKE", plan_for("2027-03-09", "Q-BRKE"), [("Parking (night)", 1, 12.0)], None),
    _lf("LF-2738", "2027-03-11", "Q-MOTH", plan_for("2027-03-11", "Q-MOTH"), [], "2027-03-15"),
    _lf("LF-2745", "2027-03-14", "Q-DIVA", plan_for("2027-03-14", "Q-DIVA"), [("Approach fee (RNP)", 1, 18.5)], None),
    _lf("LF-2746", "2027-03-14", "Q-SKYE", plan_for("2027-03-14", "Q-SKYE"), [("Parking (night)", 2, 12.0)],
        "2027-03-16"),
    _lf("LF-2752", "2027-03-16", "Q-CELT", None, [], None, touch_and_go=4),
]}


# ------------------------------------------------------------------ handlers
def pilot_summary(p):
    return {"pilot_id": p["pilot_id"], "name": p["name"], "email": p["email"], "licence_type": p["licence"]["type"]}


@route("GET", "/pilots")
def search_pilots(params, query, body):
    name, email = query.get("name", "").strip(), query.get("email", "").strip().lower()
    rows = [pilot_summary(p) for p in PILOTS.values()
            if (not name or words_in(name, p["name"])) and (not email or p["email"] == email)]
    return 200, {"pilots": rows, "count": len(rows)}


@route("GET", "/pilots/{pilot_id}")
def get_pilot(params, query, body):
    p = PILOTS.get(params["pilot_id"].strip().upper())
    if p is None:
        raise ApiError(404, f"no pilot {params['pilot_id']!r}")
    return 200, p


@route("GET", "/aircraft")
def list_aircraft(params, query, body):
    reg = reg_norm(query.get("registration", ""))
    owner = query.get("owner_id", "").strip().upper()
    typ = query.get("type", "").strip()
    hangar = query.get("hangar_id", "").strip().upper()
    rows = [{"registration": a["registration"], "type": a["type"], "owner_id": a["owner"]["id"],
             "owner_name": a["owner"]["name"]}
            for a in AIRCRAFT.values()
            if (not reg or reg in a["registration"]) and (not owner or a["owner"]["id"] == owner)
            and (not typ or words_in(typ, a["type"])) and (not hangar or a["hangar_id"] == hangar)]
    return 200, {"aircraft": rows, "count": len(rows)}


@route("GET", "/aircraft/{registration}")
def get_aircraft(params, query, body):
    a = AIRCRAFT.get(reg_norm(params["registration"]))
    if a is None:
        raise ApiError(404, f"no aircraft {params['registration']!r}")
    return 200, a


@route("GET", "/hangars")
def list_hangars(params, query, body):
    return 200, {"hangars": HANGARS, "currency": CURRENCY}


@route("GET", "/flight-plans")
def list_flight_plans(params, query, body):
    pilot = query.get("pilot_id", "").strip().upper()
    reg = reg_norm(query.get("registration", ""))
    status = query.get("status", "").strip().lower()
    if status and status not in ("filed", "closed", "cancelled"):
        raise ApiError(400, "status must be filed, closed or cancelled")
    sort = query.get("sort", "date_asc").strip().lower()
    if sort not in ("date_asc", "date_desc"):
        raise ApiError(400, "sort must be date_asc or date_desc")
    page = int_param(query, "page", 1, 1, 1000)
    per_page = int_param(query, "per_page", 10, 1, 50)
    rows = [p for p in FLIGHT_PLANS.values()
            if (not pilot or p["pilot_id"] == pilot) and (not reg or p["registration"] == reg)
            and (not status or p["status"] == status) and in_range(p["date"], query)]
    rows.sort(key=lambda p: (p["date"], p["etd"]), reverse=(sort == "date_desc"))
    total = len(rows)
    chunk = rows[(page - 1) * per_page: page * per_page]
    items = [{k: p[k] for k in ("plan_id", "date", "etd", "registration", "pilot_id", "from", "to", "status")}
             for p in chunk]
    return 200, {"items": items, "page": page, "per_page": per_page, "total_count": total,
                 "pages": max(1, -(-total // per_page))}


@route("GET", "/flight-plans/{plan_id}")
def get_flight_plan(params, query, body):
    p = FLIGHT_PLANS.get(params["plan_id"].strip().upper())
    if p is None:
        raise ApiError(404, f"no flight plan {params['plan_id']!r}")
    a = AIRCRAFT[p["registration"]]
    return 200, {"plan_id": p["plan_id"], "date": p["date"], "etd_utc": p["etd"], "status": p["status"],
                 "pilot": {"pilot_id": p["pilot_id"], "name": PILOTS[p["pilot_id"]]["name"]},
                 "aircraft": {"registration": a["registration"], "type": a["type"]},
                 "departure": p["from"], "destination": p["to"], "alternate": p["alternate"], "route": p["route"],
                 "cruise_alt_ft": p["cruise_alt_ft"], "eet_min": p["eet_min"], "endurance_min": p["endurance_min"],
                 "souls_on_board": p["souls_on_board"], "remarks": p["remarks"]}


@route("GET", "/fuel-prices")
def get_fuel_prices(params, query, body):
    grade = query.get("grade", "").strip()
    rows = FUEL_PRICES
    if grade:
        g = _grade(grade)
        rows = [p for p in FUEL_PRICES if p["grade"] == g]
    return 200, {"prices": rows, "currency": CURRENCY, "effective": "2027-03-01"}


def _grade(value):
    key = re.sub(r"[\s\-_]", "", fold(value))
    table = {"100ll": "100LL", "avgas": "100LL", "ul91": "UL91", "ul94": "UL94", "jeta1": "Jet A-1",
             "jeta": "Jet A-1", "jet": "Jet A-1"}
    if key not in table:
        raise ApiError(400, f"unknown fuel grade {value!r}; grades: 100LL, UL91, UL94, Jet A-1")
    return table[key]


@route("GET", "/fuel-orders")
def list_fuel_orders(params, query, body):
    reg = reg_norm(query.get("registration", ""))
    status = query.get("status", "").strip().lower()
    rows = [o for o in FUEL_ORDERS + list(NEW_ORDERS.values())
            if (not reg or o["reg"] == reg) and (not status or o["st"] == status) and in_range(o["dt"], query)]
    rows = sorted(rows, key=lambda o: (o["dt"], o["id"]))
    return 200, {"orders": rows, "n": len(rows), "tot_ltr": sum(o["ltr"] for o in rows)}


@route("POST", "/fuel-orders")
def create_fuel_order(params, query, body):
    missing = [k for k in ("registration", "grade", "litres", "date") if body.get(k) in (None, "")]
    if missing:
        raise ApiError(400, f"missing field(s): {', '.join(missing)}")
    a = AIRCRAFT.get(reg_norm(body["registration"]))
    if a is None:
        raise ApiError(404, f"no aircraft {body['registration']!r}")
    grade = _grade(body["grade"])
    if grade != a["fuel"]["grade"]:
        raise ApiError(422, f"{grade} is not the fuel grade of {a['registration']}")
    try:
        litres = int(body["litres"])
    except (TypeError, ValueError):
        raise ApiError(400, "litres must be a whole number") from None
    if not 1 <= litres <= a["fuel"]["usable_l"]:
        raise ApiError(422, f"litres must be between 1 and {a['fuel']['usable_l']} for {a['registration']}")
    day = date_param(body["date"], "date")
    if day < TODAY:
        raise ApiError(422, f"date must be {TODAY} or later")
    key = "|".join([a["registration"], grade, str(litres), day])
    oid = "FO-" + hashlib.sha1(key.encode()).hexdigest().upper()[:6]
    with LOCK:
        if oid in NEW_ORDERS:
            o = NEW_ORDERS[oid]
            status = 200
        else:
            o = _fo(oid, a["registration"], grade, litres, day, "requested")
            NEW_ORDERS[oid] = o
            status = 201
    return status, {"order_id": o["id"], "registration": o["reg"], "grade": o["grd"], "litres": o["ltr"],
                    "unit_price": o["px"], "amount": o["amt"], "currency": CURRENCY, "date": o["dt"],
                    "status": o["st"]}


@route("GET", "/landing-fees")
def list_landing_fees(params, query, body):
    reg = reg_norm(query.get("registration", ""))
    account = query.get("account_id", "").strip().upper()
    status = query.get("status", "").strip().lower()
    if status and status not in ("paid", "unpaid"):
        raise ApiError(400, "status must be paid or unpaid")
    rows = [{"fee_id": f["fee_id"], "date": f["date"], "registration": f["registration"],
             "account_id": f["account"]["id"], "billed_to": f["account"]["name"], "total": f["total"],
             "status": f["status"]}
            for f in LANDING_FEES.values()
            if (not reg or f["registration"] == reg) and (not account or f["account"]["id"] == account)
            and (not status or f["status"] == status) and in_range(f["date"], query)]
    rows.sort(key=lambda f: (f["date"], f["fee_id"]))
    return 200, {"fees": rows, "count": len(rows), "total_amount": round(sum(f["total"] for f in rows), 2),
                 "currency": CURRENCY}


@route("GET", "/landing-fees/{fee_id}")
def get_landing_fee(params, query, body):
    f = LANDING_FEES.get(params["fee_id"].strip().upper())
    if f is None:
        raise ApiError(404, f"no landing fee {params['fee_id']!r}")
    return 200, f


class Handler(BaseHTTPRequestHandler):
    def _dispatch(self, method):
        parts = urlsplit(self.path)
        query = {k: v[-1] for k, v in parse_qs(parts.query).items()}
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
