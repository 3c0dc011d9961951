"""Ternwing Airways API: a small in-memory HTTP service (Python standard library only).

Usage: python ternwing_service.py PORT   (serves under /api on 127.0.0.1:PORT)
Deterministic: fixed seed data, no clock, no randomness ("today" in the data is 2027-03-12). Seat-change
confirmation codes are derived from the change's content (SHA-1 prefix). All airports, names, emails, booking
references, registrations and codes are invented. Licence: Apache-2.0.
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

TODAY = "2027-03-12"
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
    tokens = [t for t in re.split(r"[\s,.'\u2019()]+", fold(query)) if t and t not in ("airport", "the", "mr", "ms", "mrs")]
    low = fold(text)
    return bool(tokens) and all(t in low for t in tokens)


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


def bool_param(query, name):
    raw = query.get(name)
    if raw in (None, ""):
        return None
    low = str(raw).strip().lower()
    if low in ("true", "1", "yes"):
        return True
    if low in ("false", "0", "no"):
        return False
    raise ApiError(400, f"{name} must be true or false")


def norm_flight_number(value):
    return re.sub(r"[\s-]+", "", str(value)).upper()


# ------------------------------------------------------------------------------------------------ data
AIRPORTS = {a["code"]: a for a in [
    {"code": "PCD", "name": "Port Calder International", "city": "Port Calder", "country": "Norvale"},
    {"code": "PCN", "name": "Portcallan Airfield", "city": "Portcallan", "country": "Norvale"},
    {"code": "LWC", "name": "Linwick Central", "city": "Linwick", "country": "Norvale"},
    {"code": "LWH", "name": "Linwick Heath", "city": "Linwick", "country": "Norvale"},
    {"code": "HDB", "name": "Haldane Bay", "city": "Haldane Bay", "country": "Norvale"},
    {"code": "SOR", "name": "Saint-Orrin A\u00e9roport", "city": "Saint-Orrin", "country": "Vallonie"},
    {"code": "KSM", "name": "Kestrelmoor Regional", "city": "Kestrelmoor", "country": "Norvale"},
    {"code": "MRG", "name": "Marrowgate", "city": "Marrowgate", "country": "Vallonie"},
]}

AIRCRAFT = {
    "G-TWKA": {"type": "Halvard H-320", "registration": "G-TWKA", "seats": 172, "layout": "H320"},
    "G-TWKB": {"type": "Halvard H-320", "registration": "G-TWKB", "seats": 172, "layout": "H320"},
    "G-TWKE": {"type": "Halvard H-220", "registration": "G-TWKE", "seats": 138, "layout": "H220"},
    "G-TWKF": {"type": "Halvard H-220", "registration": "G-TWKF", "seats": 138, "layout": "H220"},
    "G-TWRC": {"type": "Corrin C-90", "registration": "G-TWRC", "seats": 72, "layout": "C90"},
    "G-TWRD": {"type": "Corrin C-90", "registration": "G-TWRD", "seats": 72, "layout": "C90"},
}

# layout: (business rows, economy rows, letters, exit rows, extra-legroom economy rows)
LAYOUTS = {
    "H320": (range(1, 5), range(5, 31), "ABCDEF", (12, 13), (5, 12, 13)),
    "H220": (range(1, 4), range(4, 25), "ABCDEF", (10,), (4, 10)),
    "C90": (range(0), range(1, 19), "ACDF", (7,), (1, 7)),
}


def _f(fid, number, date, origin, dest, dep, arr, reg, eco, bus, meal):
    d0 = datetime.datetime.fromisoformat(f"{date}T{dep}")
    d1 = datetime.datetime.fromisoformat(f"{date}T{arr}")
    return {"flight_id": fid, "flight_number": number, "date": date, "origin": origin, "destination": dest,
            "departs": f"{date}T{dep}", "arrives": f"{date}T{arr}",
            "duration_minutes": int((d1 - d0).total_seconds() // 60), "aircraft": reg,
            "fares": {"economy": eco, "business": bus}, "meal_service": meal}


FLIGHTS = {f["flight_id"]: f for f in [
    # Port Calder -> Linwick Central, 14 March 2027 (seven flights: more than one page of five)
    _f("FLT-60110", "TW410", "2027-03-14", "PCD", "LWC", "06:15", "07:30", "G-TWKE", 89.0, 289.0, "snack"),
    _f("FLT-60112", "TW412", "2027-03-14", "PCD", "LWC", "07:05", "08:20", "G-TWKA", 112.0, 305.0, "breakfast"),
    _f("FLT-60114", "TW414", "2027-03-14", "PCD", "LWC", "09:40", "10:55", "G-TWKE", 79.0, 262.0, "snack"),
    _f("FLT-60116", "TW416", "2027-03-14", "PCD", "LWC", "12:10", "13:25", "G-TWKB", 95.0, 270.0, "snack"),
    _f("FLT-60118", "TW418", "2027-03-14", "PCD", "LWC", "15:35", "16:50", "G-TWKE", 104.0, 281.0, "snack"),
    _f("FLT-60120", "TW420", "2027-03-14", "PCD", "LWC", "18:20", "19:35", "G-TWKA", 121.0, 315.0, "snack"),
    _f("FLT-60122", "TW422", "2027-03-14", "PCD", "LWC", "21:05", "22:20", "G-TWKF", 84.0, 259.0, "none"),
    # Port Calder -> Linwick Heath, 14 March 2027
    _f("FLT-60132", "TW432", "2027-03-14", "PCD", "LWH", "08:20", "09:45", "G-TWKB", 129.0, 340.0, "breakfast"),
    _f("FLT-60136", "TW436", "2027-03-14", "PCD", "LWH", "13:45", "15:10", "G-TWKF", 98.5, 318.0, "snack"),
    _f("FLT-60138", "TW438", "2027-03-14", "PCD", "LWH", "19:10", "20:35", "G-TWKA", 142.0, 355.0, "dinner"),
    # other March flights
    _f("FLT-60417", "TW417", "2027-03-21", "LWC", "PCD", "17:50", "19:05", "G-TWKB", 108.0, 298.0, "snack"),
    _f("FLT-60552", "TW552", "2027-03-15", "LWH", "MRG", "10:15", "11:40", "G-TWKE", 117.0, 330.0, "snack"),
    _f("FLT-60557", "TW557", "2027-03-22", "MRG", "LWH", "16:30", "17:55", "G-TWKF", 109.0, 322.0, "snack"),
    _f("FLT-60271", "TW271", "2027-03-14", "KSM", "PCD", "07:40", "08:35", "G-TWRC", 64.0, None, "none"),
    _f("FLT-60671", "TW271", "2027-03-28", "KSM", "PCD", "07:40", "08:35", "G-TWRD", 71.0, None, "none"),
    _f("FLT-60630", "TW630", "2027-03-18", "HDB", "SOR", "14:25", "16:05", "G-TWKA", 146.0, 395.0, "lunch"),
    _f("FLT-60634", "TW634", "2027-03-20", "PCD", "SOR", "09:55", "11:50", "G-TWKB", 158.0, 410.0, "brunch"),
    _f("FLT-60341", "TW341", "2027-03-12", "SOR", "PCD", "10:25", "12:10", "G-TWKF", 151.0, 402.0, "lunch"),
    _f("FLT-60342", "TW341", "2027-03-13", "SOR", "PCD", "10:25", "12:10", "G-TWKE", 139.0, 388.0, "lunch"),
    _f("FLT-60268", "TW268", "2027-03-12", "PCD", "KSM", "07:20", "08:15", "G-TWRD", 66.0, None, "none"),
    _f("FLT-60270", "TW270", "2027-03-13", "PCD", "KSM", "18:05", "19:00", "G-TWRC", 69.0, None, "none"),
    _f("FLT-60902", "TW270", "2027-04-09", "PCD", "KSM", "18:05", "19:00", "G-TWRD", 59.0, None, "none"),
    _f("FLT-60790", "TW710", "2027-04-03", "LWH", "SOR", "08:45", "10:30", "G-TWKF", 133.0, 372.0, "breakfast"),
    # past flights
    _f("FLT-59710", "TW710", "2027-02-05", "LWH", "SOR", "08:45", "10:30", "G-TWKE", 127.0, 360.0, "breakfast"),
    _f("FLT-59715", "TW715", "2027-02-09", "SOR", "LWH", "18:40", "20:25", "G-TWKF", 119.0, 348.0, "dinner"),
    _f("FLT-59552", "TW552", "2027-02-17", "LWH", "MRG", "10:15", "11:40", "G-TWKE", 98.0, 301.0, "snack"),
    _f("FLT-59557", "TW557", "2027-02-22", "MRG", "LWH", "16:30", "17:55", "G-TWKF", 102.0, 305.0, "snack"),
    _f("FLT-59604", "TW604", "2027-02-02", "PCD", "HDB", "11:30", "12:45", "G-TWKB", 92.0, 268.0, "snack"),
    _f("FLT-59606", "TW606", "2027-01-20", "PCD", "HDB", "16:00", "17:15", "G-TWKA", 88.0, 262.0, "snack"),
    _f("FLT-58630", "TW630", "2026-12-04", "HDB", "SOR", "14:25", "16:05", "G-TWKB", 141.0, 388.0, "lunch"),
    _f("FLT-59268", "TW268", "2027-01-15", "PCD", "KSM", "07:20", "08:15", "G-TWRC", 58.0, None, "none"),
]}

TERMINALS = {"PCD": "2", "LWC": "1", "LWH": "North", "HDB": "1", "SOR": "T1", "KSM": "Main", "MRG": "1",
             "PCN": "Main"}

# live/flown status overrides: (status, estimated or actual departure, gate, delay minutes, reason)
STATUS_OVERRIDES = {
    "FLT-60341": ("delayed", "2027-03-12T11:05", "D3", 40, "late inbound aircraft"),
    "FLT-60342": ("scheduled", None, None, 0, None),
    "FLT-60630": ("retimed", "2027-03-18T15:10", None, 45, "schedule change"),
    "FLT-60270": ("scheduled", None, "A4", 0, None),
    "FLT-60268": ("cancelled", None, None, 0, "crew availability"),
    "FLT-59604": ("landed", "2027-02-02T12:05", "B9", 35, "baggage loading"),
}

PASSENGERS = {p["passenger_id"]: p for p in [
    {"passenger_id": "P-10231", "name": "Marisol Okonkwo-Reyes", "email": "marisol.okr@example.com",
     "phone": "+47 5550 1231", "date_of_birth": "1986-07-19", "loyalty_number": "TW-884210"},
    {"passenger_id": "P-10232", "name": "Marisol Okonkwo", "email": "m.okonkwo@example.net",
     "phone": "+47 5550 1232", "date_of_birth": "1991-02-03", "loyalty_number": "TW-884201"},
    {"passenger_id": "P-10233", "name": "Teo Okonkwo-Reyes", "email": "marisol.okr@example.com",
     "phone": "+47 5550 1231", "date_of_birth": "2016-10-28", "loyalty_number": None},
    {"passenger_id": "P-10240", "name": "Tobias Wennerholm", "email": "tobias.w@example.org",
     "phone": "+47 5550 1240", "date_of_birth": "1978-04-11", "loyalty_number": "TW-771035"},
    {"passenger_id": "P-10241", "name": "Tobias Wennerstr\u00f6m", "email": "t.wennerstrom@example.com",
     "phone": "+47 5550 1241", "date_of_birth": "1983-12-30", "loyalty_number": None},
    {"passenger_id": "P-10255", "name": "Priyanka Dhillon", "email": "priyanka.dhillon@example.com",
     "phone": "+47 5550 1255", "date_of_birth": "1990-09-14", "loyalty_number": "TW-902118"},
    {"passenger_id": "P-10256", "name": "Priya Dhillon", "email": "priya.dhillon@example.org",
     "phone": "+47 5550 1256", "date_of_birth": "1972-01-22", "loyalty_number": "TW-903118"},
    {"passenger_id": "P-10263", "name": "Callum McBrearty", "email": "callum.mcb@example.org",
     "phone": "+47 5550 1263", "date_of_birth": "1969-06-02", "loyalty_number": "TW-610277"},
    {"passenger_id": "P-10264", "name": "Callum McBride", "email": "cmcbride@example.net",
     "phone": "+47 5550 1264", "date_of_birth": "1995-03-17", "loyalty_number": None},
    {"passenger_id": "P-10270", "name": "Yusuf Adebayo-Lind", "email": "yusuf.al@example.net",
     "phone": "+47 5550 1270", "date_of_birth": "1988-11-05", "loyalty_number": "TW-655402"},
    {"passenger_id": "P-10271", "name": "Yusuf Adebayo", "email": "yusuf.adebayo@example.com",
     "phone": "+47 5550 1271", "date_of_birth": "1999-08-09", "loyalty_number": None},
]}


def _b(ref, status, booked_on, cabin, total, pax, segs):
    """segs: list of (flight_id, {passenger_id: seat})"""
    return {"reference": ref, "status": status, "booked_on": booked_on, "cabin": cabin,
            "total_paid": {"amount": total, "currency": "EUR"}, "passengers": pax,
            "segments": [{"flight_id": fid, "seats": dict(seats)} for fid, seats in segs]}


BOOKINGS = {b["reference"]: b for b in [
    _b("K7QX2M", "confirmed", "2027-01-08", "economy", 448.0, ["P-10231", "P-10233"],
       [("FLT-60112", {"P-10231": "17A", "P-10233": "17B"}), ("FLT-60417", {"P-10231": "22C", "P-10233": "22D"})]),
    _b("T6RB1N", "confirmed", "2027-02-19", "economy", 79.0, ["P-10232"], [("FLT-60114", {"P-10232": "9C"})]),
    _b("R4WN8P", "flown", "2027-01-12", "economy", 92.0, ["P-10240"], [("FLT-59604", {"P-10240": "11F"})]),
    _b("B9HT3L", "confirmed", "2027-02-26", "business", 395.0, ["P-10240"], [("FLT-60630", {"P-10240": "2A"})]),
    _b("N1KD4W", "flown", "2026-11-02", "economy", 141.0, ["P-10240"], [("FLT-58630", {"P-10240": "14D"})]),
    _b("V5SG2H", "flown", "2026-12-28", "economy", 88.0, ["P-10241"], [("FLT-59606", {"P-10241": "21A"})]),
    _b("C3PF8U", "confirmed", "2027-03-01", "economy", 158.0, ["P-10241"], [("FLT-60634", {"P-10241": "18F"})]),
    _b("ZP5D7Y", "confirmed", "2027-02-11", "economy", 117.0, ["P-10255"], [("FLT-60552", {"P-10255": "14C"})]),
    _b("H3NV9K", "confirmed", "2027-03-02", "economy", 109.0, ["P-10255"], [("FLT-60557", {"P-10255": "15D"})]),
    _b("QW2R7T", "flown", "2027-01-20", "economy", 246.0, ["P-10255"],
       [("FLT-59710", {"P-10255": "6A"}), ("FLT-59715", {"P-10255": "7C"})]),
    _b("LX5M3E", "flown", "2027-02-01", "economy", 200.0, ["P-10255"],
       [("FLT-59552", {"P-10255": "12D"}), ("FLT-59557", {"P-10255": "12C"})]),
    _b("JD8K4S", "cancelled", "2027-02-14", "economy", 0.0, ["P-10255"], [("FLT-60790", {"P-10255": "5A"})]),
    _b("E2MU7Q", "confirmed", "2027-02-27", "economy", 98.5, ["P-10256"], [("FLT-60136", {"P-10256": "20B"})]),
    _b("M2CJ6V", "confirmed", "2027-02-21", "economy", 64.0, ["P-10270"], [("FLT-60271", {"P-10270": "15C"})]),
    _b("W8YT5B", "confirmed", "2027-03-04", "economy", 71.0, ["P-10270"], [("FLT-60671", {"P-10270": "8A"})]),
    _b("G4HZ9D", "flown", "2026-12-19", "economy", 58.0, ["P-10263"], [("FLT-59268", {"P-10263": "3D"})]),
    _b("X7LC3Q", "cancelled", "2027-02-06", "economy", 0.0, ["P-10263"], [("FLT-60268", {"P-10263": "4A"})]),
    _b("S2QN6E", "confirmed", "2027-03-09", "economy", 59.0, ["P-10263"], [("FLT-60902", {"P-10263": "2C"})]),
    _b("P9RM2V", "confirmed", "2027-02-24", "economy", 69.0, ["P-10263"], [("FLT-60270", {"P-10263": "10F"})]),
]}

# seats that are explicitly free / taken whatever the generated occupancy says
SEAT_OVERRIDES = {
    "FLT-60552": {"free": {"10C", "4D", "11C", "1C", "4A"}, "taken": {"4C", "10D", "10A", "10F", "4F"}},
    "FLT-60271": {"free": {"7A", "3F", "12A", "16F", "9C"}, "taken": {"7F", "7C", "7D", "1A", "1F"}},
}

BAGGAGE_CLAIMS = [
    {"claim_id": "BC-40322", "passenger_id": "P-10240", "booking_reference": "N1KD4W", "flight_id": "FLT-58630",
     "flight_number": "TW630", "filed_on": "2026-12-04", "type": "damaged", "status": "rejected",
     "bags": [{"tag": "TW 558301", "description": "grey hard-shell suitcase, cracked corner"}],
     "compensation": None, "resolution_note": "Damage reported after leaving the baggage hall; not accepted."},
    {"claim_id": "BC-40917", "passenger_id": "P-10240", "booking_reference": "R4WN8P", "flight_id": "FLT-59604",
     "flight_number": "TW604", "filed_on": "2027-02-02", "type": "lost", "status": "settled",
     "bags": [{"tag": "TW 604117", "description": "navy holdall with red strap"}],
     "compensation": {"amount": 185.5, "currency": "EUR", "paid_on": "2027-03-03"},
     "resolution_note": "Bag not traced after 21 days; contents settled."},
    {"claim_id": "BC-40688", "passenger_id": "P-10241", "booking_reference": "V5SG2H", "flight_id": "FLT-59606",
     "flight_number": "TW606", "filed_on": "2027-01-20", "type": "lost", "status": "settled",
     "bags": [{"tag": "TW 606042", "description": "black wheeled case"}],
     "compensation": {"amount": 240.0, "currency": "EUR", "paid_on": "2027-02-18"},
     "resolution_note": "Bag not traced after 21 days; contents settled."},
    {"claim_id": "BC-41004", "passenger_id": "P-10263", "booking_reference": "G4HZ9D", "flight_id": "FLT-59268",
     "flight_number": "TW268", "filed_on": "2027-01-15", "type": "delayed", "status": "closed",
     "bags": [{"tag": "TW 268009", "description": "green rucksack"}],
     "compensation": {"amount": 40.0, "currency": "EUR", "paid_on": "2027-01-29"},
     "resolution_note": "Delivered to home address the next day; interim expenses refunded."},
]

LOYALTY = {a["member_number"]: a for a in [
    {"member_number": "TW-884210", "passenger_id": "P-10231", "name": "Marisol Okonkwo-Reyes", "tier": "Silver",
     "points_balance": 18425, "tier_points": 1240, "next_tier": "Gold", "points_to_next_tier": 760,
     "points_expire_on": "2027-11-30", "member_since": "2019-05-02"},
    {"member_number": "TW-884201", "passenger_id": "P-10232", "name": "Marisol Okonkwo", "tier": "Blue",
     "points_balance": 2310, "tier_points": 180, "next_tier": "Silver", "points_to_next_tier": 820,
     "points_expire_on": "2027-06-30", "member_since": "2024-08-17"},
    {"member_number": "TW-771035", "passenger_id": "P-10240", "name": "Tobias Wennerholm", "tier": "Gold",
     "points_balance": 64120, "tier_points": 2650, "next_tier": "Platinum", "points_to_next_tier": 1350,
     "points_expire_on": "2028-01-31", "member_since": "2012-03-09"},
    {"member_number": "TW-902118", "passenger_id": "P-10255", "name": "Priyanka Dhillon", "tier": "Silver",
     "points_balance": 11870, "tier_points": 1105, "next_tier": "Gold", "points_to_next_tier": 895,
     "points_expire_on": "2027-12-31", "member_since": "2021-10-20"},
    {"member_number": "TW-903118", "passenger_id": "P-10256", "name": "Priya Dhillon", "tier": "Blue",
     "points_balance": 940, "tier_points": 95, "next_tier": "Silver", "points_to_next_tier": 905,
     "points_expire_on": "2027-08-31", "member_since": "2026-01-15"},
    {"member_number": "TW-610277", "passenger_id": "P-10263", "name": "Callum McBrearty", "tier": "Blue",
     "points_balance": 3315, "tier_points": 240, "next_tier": "Silver", "points_to_next_tier": 760,
     "points_expire_on": "2027-09-30", "member_since": "2023-04-01"},
    {"member_number": "TW-655402", "passenger_id": "P-10270", "name": "Yusuf Adebayo-Lind", "tier": "Blue",
     "points_balance": 1480, "tier_points": 130, "next_tier": "Silver", "points_to_next_tier": 870,
     "points_expire_on": "2027-10-31", "member_since": "2025-02-11"},
]}

# activity entries: (member, date, kind, ref, points, memo)
ACTIVITY = [
    ("TW-902118", "2026-12-14", "partner", "Halcyon Hotels", 600, "2 nights Linwick"),
    ("TW-902118", "2027-01-09", "card", "Ternwing Visa", 210, "monthly spend"),
    ("TW-902118", "2027-02-03", "partner", "Halcyon Hotels", 1500, "5 nights Marrowgate"),
    ("TW-902118", "2027-02-05", "flight", "FLT-59710", 940, None),
    ("TW-902118", "2027-02-09", "flight", "FLT-59715", 610, None),
    ("TW-902118", "2027-02-11", "card", "Ternwing Visa", 250, "monthly spend"),
    ("TW-902118", "2027-02-17", "flight", "FLT-59552", 420, None),
    ("TW-902118", "2027-02-20", "partner", "Drivewell Car Hire", 300, "4 days Marrowgate"),
    ("TW-902118", "2027-02-22", "flight", "FLT-59557", 420, None),
    ("TW-902118", "2027-02-26", "card", "Ternwing Visa", 180, "bonus spend"),
    ("TW-902118", "2027-03-08", "card", "Ternwing Visa", 230, "monthly spend"),
    ("TW-903118", "2027-02-14", "flight", "FLT-59557", 95, None),
    ("TW-771035", "2026-12-04", "flight", "FLT-58630", 1180, None),
    ("TW-771035", "2027-02-02", "flight", "FLT-59604", 560, None),
    ("TW-771035", "2027-02-28", "redemption", "Lounge pass", -4000, "Port Calder lounge"),
    ("TW-884210", "2027-01-08", "card", "Ternwing Visa", 320, "monthly spend"),
    ("TW-610277", "2027-01-15", "flight", "FLT-59268", 240, None),
]

SEAT_CHANGES = {}


# ------------------------------------------------------------------------------------------------ helpers
def airport_ref(code):
    a = AIRPORTS[code]
    return {"code": code, "name": a["name"], "city": a["city"]}


def flight_summary(f):
    ac = AIRCRAFT[f["aircraft"]]
    left = seats_left(f)
    return {"flight_id": f["flight_id"], "flight_number": f["flight_number"], "date": f["date"],
            "origin": f["origin"], "destination": f["destination"], "departs": f["departs"],
            "arrives": f["arrives"], "aircraft_type": ac["type"],
            "lowest_fares": {"economy": f["fares"]["economy"], "business": f["fares"]["business"]},
            "seats_left": left}


def all_seats(f):
    business, economy, letters, exits, extra = LAYOUTS[AIRCRAFT[f["aircraft"]]["layout"]]
    out = []
    for cabin, rows in (("business", business), ("economy", economy)):
        for row in rows:
            lets = "ACDF" if cabin == "business" else letters
            for i, letter in enumerate(lets):
                pos = "window" if i in (0, len(lets) - 1) else (
                    "aisle" if (len(lets) == 4 or letter in "CD") else "middle")
                out.append({"seat": f"{row}{letter}", "cabin": cabin, "position": pos,
                            "exit_row": row in exits, "extra_legroom": cabin == "business" or row in extra})
    return out


def seat_taken(f, seat):
    ov = SEAT_OVERRIDES.get(f["flight_id"], {})
    for b in BOOKINGS.values():
        if b["status"] == "cancelled":
            continue
        for seg in b["segments"]:
            if seg["flight_id"] == f["flight_id"] and seat in seg["seats"].values():
                return True
    if seat in ov.get("free", ()):
        return False
    if seat in ov.get("taken", ()):
        return True
    h = int(hashlib.sha1(f"{f['flight_id']}:{seat}".encode()).hexdigest()[:4], 16)
    return h % 100 < 62


def seat_list(f):
    rows = []
    for s in all_seats(f):
        fee = 0.0
        if s["cabin"] == "economy":
            fee = 18.0 if s["exit_row"] else (12.0 if s["extra_legroom"] else 6.0)
        rows.append({**s, "available": not seat_taken(f, s["seat"]), "fee": fee})
    return rows


def seats_left(f):
    left = {"economy": 0, "business": 0}
    for s in seat_list(f):
        if s["available"]:
            left[s["cabin"]] += 1
    if not LAYOUTS[AIRCRAFT[f["aircraft"]]["layout"]][0]:
        left["business"] = None
    return left


def flight_status(f):
    date = f["date"]
    ov = STATUS_OVERRIDES.get(f["flight_id"])
    std, sta = f["departs"], f["arrives"]
    term = TERMINALS[f["origin"]]
    gate_letter = {"PCD": "A", "LWC": "C", "LWH": "H", "HDB": "B", "SOR": "D", "KSM": "K", "MRG": "M"}[f["origin"]]
    default_gate = gate_letter + str(1 + int(f["flight_id"][-2:]) % 17)
    out = {"fid": f["flight_id"], "fno": f["flight_number"], "dt": date, "std": std, "etd": None, "atd": None,
           "sta": sta, "eta": None, "ata": None, "term": term, "gt": None, "st": "scheduled", "dly": 0,
           "rsn": None}
    if ov:
        st, dep, gate, dly, rsn = ov
        out.update({"st": st, "gt": gate, "dly": dly, "rsn": rsn})
        if st == "landed":
            out["atd"] = dep
        elif st in ("delayed", "retimed"):
            out["etd"] = dep
        if dep and st != "cancelled":
            shift = datetime.datetime.fromisoformat(dep) - datetime.datetime.fromisoformat(std)
            arr = (datetime.datetime.fromisoformat(sta) + shift).isoformat(timespec="minutes")
            out["ata" if st == "landed" else "eta"] = arr
        return out
    if date < TODAY:
        out.update({"st": "landed", "atd": std, "ata": sta, "gt": default_gate})
    elif date <= "2027-03-13":
        out.update({"etd": std, "eta": sta, "gt": default_gate})
    return out


def booking_view(b):
    segs = []
    for seg in b["segments"]:
        f = FLIGHTS[seg["flight_id"]]
        segs.append({"flight_id": f["flight_id"], "flight_number": f["flight_number"], "date": f["date"],
                     "origin": f["origin"], "destination": f["destination"], "departs": f["departs"],
                     "arrives": f["arrives"],
                     "seats": [{"passenger_id": pid, "seat": seat} for pid, seat in seg["seats"].items()]})
    pax = [{"passenger_id": pid, "name": PASSENGERS[pid]["name"]} for pid in b["passengers"]]
    return {"reference": b["reference"], "status": b["status"], "booked_on": b["booked_on"], "cabin": b["cabin"],
            "total_paid": dict(b["total_paid"]), "passengers": pax, "segments": segs,
            "baggage_allowance": {"cabin_kg": 8, "checked_bags": 1 if b["cabin"] == "economy" else 2,
                                  "checked_kg_each": 23 if b["cabin"] == "economy" else 32}}


def get_flight_or_404(fid):
    f = FLIGHTS.get(str(fid).strip().upper())
    if f is None:
        raise ApiError(404, f"no flight {fid!r}")
    return f


# ------------------------------------------------------------------------------------------------ routes
@route("GET", "/airports")
def search_airports(params, query, body):
    q = (query.get("query") or "").strip()
    if not q:
        raise ApiError(400, "query is required")
    hits = [a for a in AIRPORTS.values()
            if q.upper() == a["code"] or words_in(q, f"{a['name']} {a['city']} {a['country']}")]
    return 200, {"airports": [dict(a) for a in hits]}


@route("GET", "/flights")
def search_flights(params, query, body):
    if not query.get("date"):
        raise ApiError(400, "date is required")
    date = date_param(query["date"], "date")
    number = query.get("flight_number")
    origin = (query.get("origin") or "").strip().upper()
    dest = (query.get("destination") or "").strip().upper()
    if not number and not (origin and dest):
        raise ApiError(400, "give flight_number, or both origin and destination (airport codes)")
    for code, what in ((origin, "origin"), (dest, "destination")):
        if code and code not in AIRPORTS:
            raise ApiError(400, f"{what} must be an airport code such as PCD; use GET /airports to find one")
    rows = [f for f in FLIGHTS.values() if f["date"] == date
            and (not number or f["flight_number"] == norm_flight_number(number))
            and (not origin or f["origin"] == origin) and (not dest or f["destination"] == dest)]
    rows.sort(key=lambda f: f["departs"])
    page = int_param(query, "page", 1, 1, 1000)
    per_page = int_param(query, "per_page", 5, 1, 20)
    chunk = rows[(page - 1) * per_page: page * per_page]
    return 200, {"total_count": len(rows), "page": page, "per_page": per_page,
                 "flights": [flight_summary(f) for f in chunk]}


@route("GET", "/flights/{flight_id}")
def get_flight(params, query, body):
    f = get_flight_or_404(params["flight_id"])
    ac = AIRCRAFT[f["aircraft"]]
    cabins = [{"cabin": "economy", "fare": f["fares"]["economy"], "seats_left": seats_left(f)["economy"]}]
    if f["fares"]["business"] is not None:
        cabins.insert(0, {"cabin": "business", "fare": f["fares"]["business"],
                          "seats_left": seats_left(f)["business"]})
    return 200, {"flight_id": f["flight_id"], "flight_number": f["flight_number"], "date": f["date"],
                 "origin": airport_ref(f["origin"]), "destination": airport_ref(f["destination"]),
                 "scheduled_departure": f["departs"], "scheduled_arrival": f["arrives"],
                 "duration_minutes": f["duration_minutes"],
                 "aircraft": {"type": ac["type"], "registration": ac["registration"], "seats": ac["seats"]},
                 "cabins": cabins, "meal_service": f["meal_service"], "operated_by": "Ternwing Airways"}


@route("GET", "/flights/{flight_id}/status")
def get_flight_status(params, query, body):
    return 200, flight_status(get_flight_or_404(params["flight_id"]))


@route("GET", "/flights/{flight_id}/seats")
def list_seats(params, query, body):
    f = get_flight_or_404(params["flight_id"])
    cabin = (query.get("cabin") or "").strip().lower() or None
    if cabin and cabin not in ("economy", "business"):
        raise ApiError(400, "cabin must be economy or business")
    available = bool_param(query, "available")
    rows = [s for s in seat_list(f) if (cabin is None or s["cabin"] == cabin)
            and (available is None or s["available"] == available)]
    return 200, {"flight_id": f["flight_id"], "aircraft_type": AIRCRAFT[f["aircraft"]]["type"], "seats": rows}


@route("GET", "/bookings/{reference}")
def get_booking(params, query, body):
    b = BOOKINGS.get(params["reference"].strip().upper())
    if b is None:
        raise ApiError(404, f"no booking {params['reference']!r}")
    return 200, booking_view(b)


@route("POST", "/bookings/{reference}/seat-change")
def change_seat(params, query, body):
    ref = params["reference"].strip().upper()
    b = BOOKINGS.get(ref)
    if b is None:
        raise ApiError(404, f"no booking {params['reference']!r}")
    missing = [k for k in ("passenger_id", "flight_id", "seat") if not body.get(k)]
    if missing:
        raise ApiError(400, f"missing field(s): {', '.join(missing)}")
    pid = str(body["passenger_id"]).strip().upper()
    fid = str(body["flight_id"]).strip().upper()
    seat = str(body["seat"]).strip().upper()
    if b["status"] != "confirmed":
        raise ApiError(409, f"booking {ref} is {b['status']}; seats can only be changed on confirmed bookings")
    seg = next((s for s in b["segments"] if s["flight_id"] == fid), None)
    if seg is None:
        raise ApiError(400, f"flight {fid} is not on booking {ref}")
    if pid not in seg["seats"]:
        raise ApiError(400, f"passenger {pid} is not on booking {ref}")
    f = FLIGHTS[fid]
    key = (ref, pid, fid, seat)
    with LOCK:
        if key in SEAT_CHANGES:
            return 200, dict(SEAT_CHANGES[key])
        info = next((s for s in seat_list(f) if s["seat"] == seat), None)
        if info is None:
            raise ApiError(400, f"there is no seat {seat} on {f['flight_number']}")
        if info["cabin"] != b["cabin"]:
            raise ApiError(409, f"seat {seat} is in {info['cabin']}; booking {ref} is {b['cabin']}")
        if seg["seats"][pid] != seat and not info["available"]:
            raise ApiError(409, f"seat {seat} is taken")
        old = seg["seats"][pid]
        seg["seats"][pid] = seat
        code = "SC-" + hashlib.sha1(f"{ref}|{pid}|{fid}|{seat}".encode()).hexdigest()[:6].upper()
        result = {"confirmation_code": code, "reference": ref, "passenger_id": pid, "flight_id": fid,
                  "flight_number": f["flight_number"], "old_seat": old, "new_seat": seat,
                  "fee": {"amount": info["fee"], "currency": "EUR"}}
        SEAT_CHANGES[key] = result
    return 200, dict(result)


@route("GET", "/passengers")
def search_passengers(params, query, body):
    name = (query.get("name") or "").strip()
    email = (query.get("email") or "").strip().lower()
    if not name and not email:
        raise ApiError(400, "give name or email")
    hits = [p for p in PASSENGERS.values()
            if (not name or words_in(name, p["name"])) and (not email or p["email"].lower() == email)]
    return 200, {"passengers": [{"passenger_id": p["passenger_id"], "name": p["name"], "email": p["email"],
                                 "loyalty_number": p["loyalty_number"]} for p in hits]}


@route("GET", "/passengers/{passenger_id}/bookings")
def list_passenger_bookings(params, query, body):
    pid = params["passenger_id"].strip().upper()
    if pid not in PASSENGERS:
        raise ApiError(404, f"no passenger {params['passenger_id']!r}")
    status = (query.get("status") or "").strip().lower() or None
    rows = [b for b in BOOKINGS.values() if pid in b["passengers"] and (status is None or b["status"] == status)]
    rows.sort(key=lambda b: b["booked_on"], reverse=True)
    out = []
    for b in rows:
        segs = [{"flight_id": s["flight_id"], "flight_number": FLIGHTS[s["flight_id"]]["flight_number"],
                 "date": FLIGHTS[s["flight_id"]]["date"], "origin": FLIGHTS[s["flight_id"]]["origin"],
                 "destination": FLIGHTS[s["flight_id"]]["destination"],
                 "departs": FLIGHTS[s["flight_id"]]["departs"], "seat": s["seats"].get(pid)}
                for s in b["segments"]]
        out.append({"reference": b["reference"], "status": b["status"], "booked_on": b["booked_on"],
                    "segments": segs})
    return 200, {"passenger_id": pid, "bookings": out}


@route("GET", "/baggage-claims")
def list_baggage_claims(params, query, body):
    pid = (query.get("passenger_id") or "").strip().upper() or None
    ref = (query.get("booking_reference") or "").strip().upper() or None
    status = (query.get("status") or "").strip().lower() or None
    if not pid and not ref:
        raise ApiError(400, "give passenger_id or booking_reference")
    rows = [c for c in BAGGAGE_CLAIMS if (pid is None or c["passenger_id"] == pid)
            and (ref is None or c["booking_reference"] == ref) and (status is None or c["status"] == status)]
    return 200, {"claims": [json.loads(json.dumps(c)) for c in rows]}


@route("GET", "/loyalty/{member_number}")
def get_loyalty_account(params, query, body):
    acc = LOYALTY.get(params["member_number"].strip().upper())
    if acc is None:
        raise ApiError(404, f"no loyalty account {params['member_number']!r}")
    return 200, dict(acc)


@route("GET", "/loyalty/{member_number}/activity")
def list_loyalty_activity(params, query, body):
    member = params["member_number"].strip().upper()
    if member not in LOYALTY:
        raise ApiError(404, f"no loyalty account {params['member_number']!r}")
    dfrom = date_param(query["date_from"], "date_from") if query.get("date_from") else None
    dto = date_param(query["date_to"], "date_to") if query.get("date_to") else None
    kind = (query.get("type") or "").strip().lower() or None
    rows = [a for a in ACTIVITY if a[0] == member and (dfrom is None or a[1] >= dfrom)
            and (dto is None or a[1] <= dto) and (kind is None or a[2] == kind)]
    rows.sort(key=lambda a: a[1], reverse=True)
    page = int_param(query, "page", 1, 1, 1000)
    size = int_param(query, "page_size", 5, 1, 50)
    chunk = rows[(page - 1) * size: page * size]
    return 200, {"member_number": member, "total_count": len(rows), "page": page, "page_size": size,
                 "items": [{"dt": a[1], "kind": a[2], "ref": a[3], "pts": a[4], "memo": a[5]} for a in chunk]}


# ------------------------------------------------------------------------------------------------ server
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
