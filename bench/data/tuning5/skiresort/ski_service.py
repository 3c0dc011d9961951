"""Cairnbrae Mountain Resort API: a small in-memory HTTP service (Python standard library only).

Usage: python ski_service.py PORT   (serves under /v1 on 127.0.0.1:PORT)
Guests, lift passes and pass products, instructors, lessons, slopes and equipment rentals of an invented ski resort.
Deterministic: fixed seed data (the resort's "today" is 2027-01-10), no clock, no randomness; rental reservation
codes are derived from the reservation's content (SHA-1). All names, emails, phone numbers, addresses and codes are
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

LOCK = threading.Lock()
ROUTES = []
CURRENCY = "EUR"


class ApiError(Exception):
    def __init__(self, status, message):
        super().__init__(message)
        self.status = status
        self.message = message


def route(method, pattern):
    regex = re.compile("^/v1" + re.sub(r"\{(\w+)\}", r"(?P<\1>[^/]+)", pattern) + "/?$")

    def deco(fn):
        ROUTES.append((method, regex, fn))
        return fn
    return deco


def fold(text):
    return "".join(c for c in unicodedata.normalize("NFKD", str(text)) if not unicodedata.combining(c)).lower() \
        .replace("\u00f8", "o").replace("\u00e6", "ae")


def words_in(query, text):
    tokens = [t for t in re.split(r"[\s,.'\u2019]+", fold(query)) if t]
    low = fold(text)
    return all(t in low for t in tokens)


def get_or_404(table, key, what):
    row = table.get(str(key).strip().upper())
    if row is None:
        raise ApiError(404, f"no {what} {key!r}")
    return row


def int_param(query, name, default, lo=1, hi=50):
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
LIFTS = {
    "LF-1": "Kestrel Gondola", "LF-2": "Ridgeback Express", "LF-3": "Ptarmigan Chair", "LF-4": "Summit T-bar",
    "LF-5": "Eagle Chair", "LF-6": "Nursery Carpet",
}


def _slope(sid, name, difficulty, status, length, vertical, lift, snow, groomed, note=None):
    return {"slope_id": sid, "name": name, "difficulty": difficulty, "status": status, "length_m": length,
            "vertical_m": vertical, "lift": {"lift_id": lift, "name": LIFTS[lift]}, "snow_depth_cm": snow,
            "last_groomed": groomed, "status_note": note}


SLOPES = {s["slope_id"]: s for s in [
    _slope("SL-01", "Meadow Way", "green", "open", 1450, 180, "LF-5", 95, "2027-01-10"),
    _slope("SL-02", "Little Fox", "green", "open", 380, 40, "LF-6", 80, "2027-01-10"),
    _slope("SL-03", "Ptarmigan Run", "blue", "open", 2100, 410, "LF-3", 120, "2027-01-10"),
    _slope("SL-04", "Ptarmigan Run Lower", "blue", "open", 1200, 220, "LF-3", 105, "2027-01-09"),
    _slope("SL-05", "Heather Traverse", "blue", "closed", 1750, 260, "LF-5", 70, "2027-01-06", "wind exposure"),
    _slope("SL-06", "Corrie Glen", "red", "open", 1900, 480, "LF-1", 130, "2027-01-10"),
    _slope("SL-07", "Ridgeback", "red", "open", 2300, 560, "LF-2", 140, "2027-01-09"),
    _slope("SL-08", "Ptarmigan Bowl", "red", "open", 950, 300, "LF-3", 150, "2027-01-08"),
    _slope("SL-09", "Chimney Sweep", "black", "open", 820, 390, "LF-4", 160, "2027-01-07"),
    _slope("SL-10", "Chimney Couloir", "black", "closed", 640, 350, "LF-4", 175, None, "avalanche control"),
    _slope("SL-11", "Blackcock Wall", "black", "open", 1100, 470, "LF-2", 145, "2027-01-09"),
    _slope("SL-12", "Gannet Gully", "black", "open", 760, 330, "LF-1", 155, None),
    _slope("SL-13", "Gannet Ridge", "red", "closed", 1300, 380, "LF-1", 110, "2027-01-05", "rock exposed"),
]}

PRODUCTS = {p["product_id"]: p for p in [
    {"product_id": "PP-D1", "name": "Adult day pass", "category": "day", "age_group": "adult", "days": 1,
     "price": 68.0},
    {"product_id": "PP-D1C", "name": "Child day pass", "category": "day", "age_group": "child", "days": 1,
     "price": 39.0},
    {"product_id": "PP-M3", "name": "Adult 3-day pass", "category": "multi_day", "age_group": "adult", "days": 3,
     "price": 189.0},
    {"product_id": "PP-M6", "name": "Adult 6-day pass", "category": "multi_day", "age_group": "adult", "days": 6,
     "price": 345.0},
    {"product_id": "PP-SA", "name": "Adult season pass 2026/27", "category": "season", "age_group": "adult",
     "days": None, "price": 899.0, "season_valid": "2026-12-05 to 2027-04-18"},
    {"product_id": "PP-SE", "name": "Early-bird adult season pass 2026/27", "category": "season",
     "age_group": "adult", "days": None, "price": 749.0, "season_valid": "2026-12-05 to 2027-04-04"},
    {"product_id": "PP-SC", "name": "Child season pass 2026/27", "category": "season", "age_group": "child",
     "days": None, "price": 449.0, "season_valid": "2026-12-05 to 2027-04-18"},
    {"product_id": "PP-BA", "name": "Beginner area day ticket", "category": "day", "age_group": "all", "days": 1,
     "price": 25.0},
]}

GUESTS = {g["guest_id"]: g for g in [
    {"guest_id": "GU-1041", "name": "Tobias Wernicke", "email": "tobias.wernicke@example.com",
     "phone": "+49 151 0000 1041", "dob": "1983-02-17",
     "address": {"street": "Lindenstieg 14", "city": "Kassel", "postcode": "34117", "country": "DE"},
     "ability_level": "advanced", "fit": {"boot_mp": 27.5, "height_cm": 181, "weight_kg": 79},
     "emergency_contact": {"name": "Ilse Wernicke", "phone": "+49 151 0000 2041", "relation": "spouse"},
     "household": [], "loyalty": {"tier": "silver", "points": 1420}},
    {"guest_id": "GU-1042", "name": "Tobias Wernecke", "email": "t.wernecke@example.net",
     "phone": "+43 660 000 1042", "dob": "1990-09-03",
     "address": {"street": "Gerbergasse 3", "city": "Dornau", "postcode": "6861", "country": "AT"},
     "ability_level": "expert", "fit": {"boot_mp": 28.0, "height_cm": 185, "weight_kg": 82},
     "emergency_contact": {"name": "Klara Wernecke", "phone": "+43 660 000 2042", "relation": "sister"},
     "household": [], "loyalty": {"tier": "gold", "points": 3980}},
    {"guest_id": "GU-1050", "name": "Priya Oduya", "email": "priya.oduya@example.com",
     "phone": "+44 7700 901050", "dob": "1995-06-28",
     "address": {"street": "14 Carding Lane", "city": "Hebden Moor", "postcode": "HM3 7QS", "country": "GB"},
     "ability_level": "intermediate", "fit": {"boot_mp": 24.5, "height_cm": 166, "weight_kg": 60},
     "emergency_contact": {"name": "Daniel Oduya", "phone": "+44 7700 902050", "relation": "brother"},
     "household": [], "loyalty": {"tier": "bronze", "points": 210}},
    {"guest_id": "GU-1051", "name": "Priya Odunsi", "email": "priya.odunsi@example.org",
     "phone": "+44 7700 901051", "dob": "1988-11-11",
     "address": {"street": "3 Wharf Row", "city": "Castle Fenby", "postcode": "CF9 2AL", "country": "GB"},
     "ability_level": "beginner", "fit": {"boot_mp": 25.0, "height_cm": 170, "weight_kg": 64},
     "emergency_contact": {"name": "Tunde Odunsi", "phone": "+44 7700 902051", "relation": "spouse"},
     "household": [], "loyalty": {"tier": "bronze", "points": 40}},
    {"guest_id": "GU-1063", "name": "Callum Strathearn", "email": "callum.strathearn@example.co.uk",
     "phone": "+44 7700 901063", "dob": "1981-04-09",
     "address": {"street": "Birkhill House, 2 Tay Brae", "city": "Invermurran", "postcode": "IV21 4RD",
                 "country": "GB"},
     "ability_level": "intermediate", "fit": {"boot_mp": 29.0, "height_cm": 183, "weight_kg": 88},
     "emergency_contact": {"name": "Morven Strathearn", "phone": "+44 7700 902063", "relation": "spouse"},
     "household": [{"guest_id": "GU-1064", "name": "Isla Strathearn", "relation": "daughter", "dob": "2017-05-02"},
                   {"guest_id": "GU-1065", "name": "Fraser Strathearn", "relation": "son", "dob": "2014-08-19"}],
     "loyalty": {"tier": "silver", "points": 1105}},
    {"guest_id": "GU-1066", "name": "Callum Strachan", "email": "c.strachan@example.com",
     "phone": "+44 7700 901066", "dob": "1976-12-30",
     "address": {"street": "8 Ferry Wynd", "city": "Portlethen Bay", "postcode": "PB4 1XT", "country": "GB"},
     "ability_level": "advanced", "fit": {"boot_mp": 27.0, "height_cm": 178, "weight_kg": 75},
     "emergency_contact": {"name": "Aileen Strachan", "phone": "+44 7700 902066", "relation": "spouse"},
     "household": [{"guest_id": "GU-1067", "name": "Isla Strachan", "relation": "daughter", "dob": "2012-02-14"}],
     "loyalty": {"tier": "bronze", "points": 95}},
    {"guest_id": "GU-1070", "name": "Henrike Solberg-Amari", "email": "henrike.sa@example.no",
     "phone": "+47 900 01070", "dob": "1979-07-21",
     "address": {"street": "Fjellveien 22", "city": "Lillevik", "postcode": "2618", "country": "NO"},
     "ability_level": "advanced", "fit": {"boot_mp": 25.5, "height_cm": 172, "weight_kg": 63},
     "emergency_contact": {"name": "Samir Amari", "phone": "+47 900 02070", "relation": "spouse"},
     "household": [], "loyalty": {"tier": "gold", "points": 5120}},
    {"guest_id": "GU-1077", "name": "Mateus Albarr\u00e1n", "email": "mateus.albarran@example.pt",
     "phone": "+351 910 001 077", "dob": "1999-03-05",
     "address": {"street": "Rua das Amoreiras 41", "city": "Vila Serrada", "postcode": "4400-077", "country": "PT"},
     "ability_level": "intermediate", "fit": {"boot_mp": 27.0, "height_cm": 176, "weight_kg": 71},
     "emergency_contact": {"name": "Lu\u00edsa Albarr\u00e1n", "phone": "+351 910 002 077", "relation": "mother"},
     "household": [], "loyalty": {"tier": "bronze", "points": 330}},
    {"guest_id": "GU-1080", "name": "Wendell Okafor", "email": "wendell.okafor@example.com",
     "phone": "+1 555 010 1080", "dob": "1986-10-12",
     "address": {"street": "77 Larchmont Ave", "city": "Port Delphine", "postcode": "04921", "country": "US"},
     "ability_level": "intermediate", "fit": {"boot_mp": 29.5, "height_cm": 188, "weight_kg": 86},
     "emergency_contact": {"name": "Adaeze Okafor", "phone": "+1 555 010 2080", "relation": "spouse"},
     "household": [], "loyalty": {"tier": "gold", "points": 2760}},
    {"guest_id": "GU-1081", "name": "Wendell Okafor-Price", "email": "wokp@example.org",
     "phone": "+1 555 010 1081", "dob": "1992-01-25",
     "address": {"street": "5 Mill Pond Rd", "city": "Ashgrove", "postcode": "11873", "country": "US"},
     "ability_level": "beginner", "fit": {"boot_mp": 26.5, "height_cm": 174, "weight_kg": 70},
     "emergency_contact": {"name": "Corinne Price", "phone": "+1 555 010 2081", "relation": "partner"},
     "household": [], "loyalty": {"tier": "none", "points": 0}},
]}
DEPENDANTS = {"GU-1064": "GU-1063", "GU-1065": "GU-1063", "GU-1067": "GU-1066"}
DEPENDANT_NAMES = {"GU-1064": "Isla Strathearn", "GU-1065": "Fraser Strathearn", "GU-1067": "Isla Strachan"}
LOYALTY_DISCOUNT = {"gold": 0.10, "silver": 0.05}


def _pass(pid, guest, product, start, end, status, paid, scans=()):
    return {"pass_id": pid, "guest_id": guest, "product_id": product, "product_name": PRODUCTS[product]["name"],
            "valid_from": start, "valid_to": end, "status": status, "price_paid": paid,
            "scans": [{"t": t, "lift_id": lift, "lift": LIFTS[lift], "gate": gate} for t, lift, gate in scans]}


PASSES = {p["pass_id"]: p for p in [
    _pass("SP-700112", "GU-1041", "PP-SE", "2026-12-05", "2027-04-04", "active", 749.0, [
        ("2026-12-27T09:05", "LF-1", "KG-1"), ("2026-12-27T11:40", "LF-2", "RX-2"),
        ("2027-01-06T09:31", "LF-2", "RX-1")]),
    _pass("SP-700118", "GU-1042", "PP-SA", "2026-12-05", "2027-04-18", "active", 899.0, [
        ("2027-01-08T08:49", "LF-1", "KG-2"), ("2027-01-08T10:15", "LF-4", "ST-1"),
        ("2027-01-09T09:02", "LF-2", "RX-1"), ("2027-01-09T13:27", "LF-1", "KG-1"),
        ("2027-01-09T15:41", "LF-3", "PC-2")]),
    _pass("SP-700119", "GU-1042", "PP-D1", "2026-03-14", "2026-03-14", "expired", 64.0, [
        ("2026-03-14T09:10", "LF-5", "EC-1"), ("2026-03-14T14:55", "LF-2", "RX-2")]),
    _pass("SP-700131", "GU-1077", "PP-D1", "2026-12-20", "2026-12-20", "expired", 68.0, [
        ("2026-12-20T09:40", "LF-5", "EC-1"), ("2026-12-20T12:05", "LF-3", "PC-1")]),
    _pass("SP-700164", "GU-1077", "PP-M6", "2027-01-02", "2027-01-07", "expired", 345.0, [
        ("2027-01-02T10:02", "LF-5", "EC-2"), ("2027-01-02T13:30", "LF-3", "PC-1"),
        ("2027-01-03T08:58", "LF-1", "KG-2"), ("2027-01-03T10:44", "LF-2", "RX-1"),
        ("2027-01-03T14:12", "LF-4", "ST-1"), ("2027-01-04T09:20", "LF-2", "RX-2"),
        ("2027-01-06T09:05", "LF-1", "KG-1")]),
    _pass("SP-700140", "GU-1050", "PP-M6", "2027-01-08", "2027-01-13", "active", 345.0, [
        ("2027-01-08T09:45", "LF-5", "EC-1"), ("2027-01-09T10:10", "LF-3", "PC-2")]),
    _pass("SP-700145", "GU-1051", "PP-BA", "2027-01-09", "2027-01-09", "expired", 25.0, [
        ("2027-01-09T10:30", "LF-6", "NC-1")]),
    _pass("SP-700150", "GU-1063", "PP-SA", "2026-12-05", "2027-04-18", "active", 899.0, [
        ("2027-01-09T09:15", "LF-1", "KG-1")]),
    _pass("SP-700151", "GU-1064", "PP-SC", "2026-12-05", "2027-04-18", "active", 449.0, [
        ("2027-01-09T09:16", "LF-6", "NC-1")]),
    _pass("SP-700152", "GU-1065", "PP-SC", "2026-12-05", "2027-04-18", "active", 449.0, []),
    _pass("SP-700160", "GU-1070", "PP-SA", "2026-12-05", "2027-04-18", "active", 899.0, [
        ("2026-12-22T09:30", "LF-1", "KG-1")]),
    _pass("SP-700170", "GU-1080", "PP-M3", "2026-12-29", "2026-12-31", "expired", 189.0, [
        ("2026-12-29T09:50", "LF-5", "EC-2")]),
    _pass("SP-700171", "GU-1081", "PP-D1", "2027-01-05", "2027-01-05", "refunded", 68.0, []),
]}

INSTRUCTORS = {i["instructor_id"]: i for i in [
    {"instructor_id": "IN-301", "name": "Anouk Berthelot", "disciplines": ["ski"],
     "languages": ["French", "English"], "certification": {"body": "Alpine Instructors Guild", "level": "AIG Level 4",
                                                          "number": "AIG4-09-2231", "expires": "2028-06-30"},
     "teaching_since": 2009, "rate_per_hour": 95.0, "bio": "Race coach turned private-lesson specialist; "
     "carving technique and off-piste introductions."},
    {"instructor_id": "IN-302", "name": "Anouk Bertholet", "disciplines": ["snowboard"],
     "languages": ["French", "Dutch", "English"],
     "certification": {"body": "Alpine Instructors Guild", "level": "AIG Level 2", "number": "AIG2-19-5120",
                       "expires": "2027-11-30"},
     "teaching_since": 2019, "rate_per_hour": 70.0, "bio": "Freestyle snowboarder; park and first-turns lessons."},
    {"instructor_id": "IN-310", "name": "Siobh\u00e1n Kerrigan", "disciplines": ["ski", "telemark"],
     "languages": ["English", "Irish", "German"],
     "certification": {"body": "Alpine Instructors Guild", "level": "AIG Level 3 (Trainer)",
                       "number": "AIG3-12-0874", "expires": "2027-09-30"},
     "teaching_since": 2012, "rate_per_hour": 85.0, "bio": "Trains new instructors; adaptive skiing."},
    {"instructor_id": "IN-311", "name": "Siobh\u00e1n Kerr", "disciplines": ["snowboard"], "languages": ["English"],
     "certification": {"body": "Alpine Instructors Guild", "level": "AIG Level 1", "number": "AIG1-23-7702",
                       "expires": "2027-05-31"},
     "teaching_since": 2023, "rate_per_hour": 55.0, "bio": "Beginner snowboard groups."},
    {"instructor_id": "IN-320", "name": "Bj\u00f8rnar Haugseth", "disciplines": ["telemark", "ski"],
     "languages": ["Norwegian", "English", "Swedish"],
     "certification": {"body": "Nordic Snowsport Council", "level": "NSC Telemark III", "number": "NSC-T3-0419",
                       "expires": "2028-01-31"},
     "teaching_since": 2006, "rate_per_hour": 90.0, "bio": "Telemark and backcountry touring."},
    {"instructor_id": "IN-325", "name": "Luzia Pfandl", "disciplines": ["ski"],
     "languages": ["German", "Italian", "English"],
     "certification": {"body": "Alpine Instructors Guild", "level": "AIG Level 4", "number": "AIG4-01-0057",
                       "expires": "2027-12-31"},
     "teaching_since": 2001, "rate_per_hour": 95.0, "bio": "Head of the Snow Cubs children's ski school."},
    {"instructor_id": "IN-330", "name": "Kenji Amamiya", "disciplines": ["snowboard", "ski"],
     "languages": ["Japanese", "English"],
     "certification": {"body": "Alpine Instructors Guild", "level": "AIG Level 3", "number": "AIG3-14-3310",
                       "expires": "2028-03-31"},
     "teaching_since": 2014, "rate_per_hour": 85.0, "bio": "All-mountain riding, powder days."},
]}

MEETING_POINTS = {
    "KGB": "Kestrel Gondola base station, by the blue flag",
    "KGT": "Kestrel Gondola top station, sun terrace",
    "NCO": "Nursery Carpet, orange Snow Cubs flag",
    "NCG": "Nursery Carpet, green Snow Cubs flag",
    "RXB": "Ridgeback Express bottom station, ski school hut",
    "PCT": "Ptarmigan Chair top, trail map board",
}

LESSONS = {}


def _lesson(lid, date, start, hours, kind, discipline, level, instructor, guests, meet, status, price):
    LESSONS[lid] = {"lesson_id": lid, "date": date, "start": start, "duration_h": hours, "type": kind,
                    "discipline": discipline, "level": level, "instructor_id": instructor, "guest_ids": guests,
                    "meeting_point_code": meet, "status": status, "price": price}


_lesson("LS-30210", "2026-12-18", "10:00", 2, "private", "ski", "advanced", "IN-325", ["GU-1070"], "RXB",
        "completed", 190.0)
_lesson("LS-30227", "2026-12-22", "13:30", 3, "private", "telemark", "intermediate", "IN-320", ["GU-1070"], "KGT",
        "completed", 270.0)
_lesson("LS-30230", "2027-01-08", "09:30", 2, "private", "telemark", "beginner", "IN-310", ["GU-1041"], "KGB",
        "completed", 170.0)
_lesson("LS-30412", "2027-01-12", "10:00", 2, "private", "snowboard", "beginner", "IN-302", ["GU-1051"], "KGB",
        "scheduled", 140.0)
_lesson("LS-30441", "2027-01-13", "09:30", 3, "group", "ski", "Snow Cubs 2", "IN-330", ["GU-1064"], "NCG",
        "scheduled", 75.0)
_lesson("LS-30455", "2027-01-14", "09:30", 3, "group", "ski", "Snow Cubs 2", "IN-325", ["GU-1064"], "NCO",
        "scheduled", 75.0)
_lesson("LS-30456", "2027-01-14", "09:30", 3, "group", "ski", "Teen Carving", "IN-320", ["GU-1065"], "RXB",
        "scheduled", 85.0)
_lesson("LS-30458", "2027-01-14", "13:00", 2, "private", "snowboard", "intermediate", "IN-330", ["GU-1063"], "KGT",
        "scheduled", 170.0)
_lesson("LS-30459", "2027-01-14", "09:30", 3, "group", "ski", "Snow Cubs 1", "IN-311", ["GU-1067"], "NCG",
        "scheduled", 75.0)
# Anouk Berthelot's February 2027: 13 booked private lessons, 2 cancelled private, 3 group (booked)
for _n, _day in enumerate([1, 2, 3, 5, 8, 9, 11, 15, 16, 18, 22, 24, 26]):
    _lesson(f"LS-31{_n + 1:03d}", f"2027-02-{_day:02d}", "09:00" if _n % 2 else "13:00", 2, "private", "ski",
            ["intermediate", "advanced", "off-piste intro"][_n % 3], "IN-301", [f"GU-2{_n + 100}"], "KGB",
            "scheduled", 190.0)
_lesson("LS-31050", "2027-02-04", "09:00", 2, "private", "ski", "advanced", "IN-301", ["GU-2150"], "KGB",
        "cancelled", 190.0)
_lesson("LS-31051", "2027-02-19", "13:00", 2, "private", "ski", "advanced", "IN-301", ["GU-2151"], "KGB",
        "cancelled", 190.0)
for _n, _day in enumerate([10, 17, 23]):
    _lesson(f"LS-3106{_n}", f"2027-02-{_day:02d}", "10:00", 3, "group", "ski", "Adult Improvers", "IN-301",
            [f"GU-216{_n}", f"GU-217{_n}"], "RXB", "scheduled", 80.0)
_lesson("LS-30990", "2027-01-30", "09:00", 2, "private", "ski", "advanced", "IN-301", ["GU-2190"], "KGB",
        "scheduled", 190.0)
_lesson("LS-31200", "2027-03-02", "09:00", 2, "private", "ski", "advanced", "IN-301", ["GU-2191"], "KGB",
        "scheduled", 190.0)
_lesson("LS-31070", "2027-02-12", "09:00", 2, "private", "snowboard", "beginner", "IN-302", ["GU-2192"], "KGB",
        "scheduled", 140.0)

RENTALS = [
    {"rid": "RN-5504", "g": "GU-1050", "pkg": "standard_ski",
     "items": "Halvard Trail 76 skis (160 cm); Kelso Comfort boots (MP 24.5)", "from": "2026-12-12",
     "due": "2026-12-14", "st": "ret", "amt": 96.0},
    {"rid": "RN-5521", "g": "GU-1050", "pkg": "premium_ski",
     "items": "Halvard Arc 84 skis (163 cm); Kelso Pro 100 boots (MP 24.5); helmet M", "from": "2027-01-08",
     "due": "2027-01-13", "st": "out", "amt": 276.0},
    {"rid": "RN-5524", "g": "GU-1051", "pkg": "snowboard",
     "items": "Norrland Fable 150 board; Norrland Drift boots (MP 25.0)", "from": "2027-01-09", "due": "2027-01-12",
     "st": "out", "amt": 152.0},
    {"rid": "RN-5530", "g": "GU-1063", "pkg": "standard_ski",
     "items": "Halvard Trail 76 skis (178 cm); Kelso Comfort boots (MP 29.0)", "from": "2027-01-09",
     "due": "2027-01-15", "st": "out", "amt": 224.0},
    {"rid": "RN-5531", "g": "GU-1064", "pkg": "junior_ski",
     "items": "Halvard Cub skis (110 cm); Kelso Junior boots (MP 20.5); helmet XS", "from": "2027-01-09",
     "due": "2027-01-15", "st": "out", "amt": 154.0},
    {"rid": "RN-5490", "g": "GU-1080", "pkg": "standard_ski",
     "items": "Halvard Trail 76 skis (180 cm); Kelso Comfort boots (MP 29.5)", "from": "2026-12-29",
     "due": "2026-12-31", "st": "ret", "amt": 96.0},
]

PACKAGES = {"standard_ski": 32.0, "premium_ski": 46.0, "junior_ski": 22.0, "snowboard": 38.0,
            "touring": 64.0}
RESERVATIONS = {}


def guest_summary(g):
    return {"guest_id": g["guest_id"], "name": g["name"], "email": g["email"], "country": g["address"]["country"],
            "ability_level": g["ability_level"]}


def pass_summary(p):
    return {k: p[k] for k in ("pass_id", "product_name", "valid_from", "valid_to", "status")}


def lesson_summary(l):
    return {"lesson_id": l["lesson_id"], "date": l["date"], "start": l["start"], "type": l["type"],
            "discipline": l["discipline"], "instructor_id": l["instructor_id"], "status": l["status"]}


def instructor_summary(i):
    return {k: i[k] for k in ("instructor_id", "name", "disciplines", "languages")}


def any_guest(guest_id):
    gid = str(guest_id).strip().upper()
    if gid in GUESTS or gid in DEPENDANTS:
        return gid
    raise ApiError(404, f"no guest {guest_id!r}")


# ------------------------------------------------------------------ routes
@route("GET", "/guests")
def search_guests(params, query, body):
    name, email = (query.get("name") or "").strip(), (query.get("email") or "").strip().lower()
    if not name and not email:
        raise ApiError(400, "give name or email")
    rows = [guest_summary(g) for g in GUESTS.values()
            if (not email or g["email"] == email) and (not name or words_in(name, g["name"]))]
    return 200, {"guests": rows, "count": len(rows)}


@route("GET", "/guests/{guest_id}")
def get_guest(params, query, body):
    g = get_or_404(GUESTS, params["guest_id"], "account holder")
    return 200, json.loads(json.dumps(g))


@route("GET", "/guests/{guest_id}/passes")
def list_guest_passes(params, query, body):
    gid = any_guest(params["guest_id"])
    rows = sorted((p for p in PASSES.values() if p["guest_id"] == gid), key=lambda p: p["valid_from"], reverse=True)
    return 200, {"guest_id": gid, "passes": [pass_summary(p) for p in rows], "count": len(rows)}


@route("GET", "/passes/{pass_id}")
def get_pass(params, query, body):
    p = get_or_404(PASSES, params["pass_id"], "pass")
    holder = GUESTS.get(p["guest_id"])
    out = {k: v for k, v in p.items() if k != "scans"}
    out["holder"] = {"guest_id": p["guest_id"],
                     "name": holder["name"] if holder else DEPENDANT_NAMES[p["guest_id"]]}
    out["scans"] = [dict(s) for s in p["scans"]]
    out["scan_count"] = len(p["scans"])
    return 200, out


@route("GET", "/pass-products")
def list_pass_products(params, query, body):
    cat = (query.get("category") or "").strip().lower()
    if cat and cat not in ("day", "multi_day", "season"):
        raise ApiError(400, "category must be day, multi_day or season")
    rows = [dict(p) for p in PRODUCTS.values() if not cat or p["category"] == cat]
    return 200, {"products": rows, "currency": CURRENCY}


@route("GET", "/instructors")
def list_instructors(params, query, body):
    name = (query.get("name") or "").strip()
    disc = fold(query.get("discipline") or "").strip()
    lang = fold(query.get("language") or "").strip()
    rows = [instructor_summary(i) for i in INSTRUCTORS.values()
            if (not name or words_in(name, i["name"])) and (not disc or disc in i["disciplines"])
            and (not lang or lang in [fold(x) for x in i["languages"]])]
    return 200, {"instructors": rows, "count": len(rows)}


@route("GET", "/instructors/{instructor_id}")
def get_instructor(params, query, body):
    i = get_or_404(INSTRUCTORS, params["instructor_id"], "instructor")
    return 200, json.loads(json.dumps(i))


@route("GET", "/lessons")
def list_lessons(params, query, body):
    gid = (query.get("guest_id") or "").strip().upper()
    iid = (query.get("instructor_id") or "").strip().upper()
    status = (query.get("status") or "").strip().lower()
    kind = (query.get("type") or "").strip().lower()
    if status and status not in ("scheduled", "completed", "cancelled"):
        raise ApiError(400, "status must be scheduled, completed or cancelled")
    if kind and kind not in ("private", "group"):
        raise ApiError(400, "type must be private or group")
    d_from = date_param(query["date_from"], "date_from") if query.get("date_from") else None
    d_to = date_param(query["date_to"], "date_to") if query.get("date_to") else None
    page, per_page = int_param(query, "page", 1, 1, 1000), int_param(query, "per_page", 10, 1, 50)
    rows = [l for l in LESSONS.values()
            if (not gid or gid in l["guest_ids"]) and (not iid or l["instructor_id"] == iid)
            and (not status or l["status"] == status) and (not kind or l["type"] == kind)
            and (not d_from or l["date"] >= d_from) and (not d_to or l["date"] <= d_to)]
    rows.sort(key=lambda l: (l["date"], l["start"], l["lesson_id"]))
    chunk = rows[(page - 1) * per_page: page * per_page]
    return 200, {"lessons": [lesson_summary(l) for l in chunk], "page": page, "per_page": per_page,
                 "total_count": len(rows), "has_more": page * per_page < len(rows)}


@route("GET", "/lessons/{lesson_id}")
def get_lesson(params, query, body):
    l = get_or_404(LESSONS, params["lesson_id"], "lesson")
    ins = INSTRUCTORS[l["instructor_id"]]
    participants = []
    for gid in l["guest_ids"]:
        name = GUESTS[gid]["name"] if gid in GUESTS else DEPENDANT_NAMES.get(gid, "(guest of another account)")
        participants.append({"guest_id": gid, "name": name})
    out = {k: v for k, v in l.items() if k not in ("instructor_id", "guest_ids", "meeting_point_code")}
    out["instructor"] = {"instructor_id": ins["instructor_id"], "name": ins["name"]}
    out["participants"] = participants
    out["meeting_point"] = {"code": l["meeting_point_code"], "description": MEETING_POINTS[l["meeting_point_code"]]}
    out["currency"] = CURRENCY
    return 200, out


@route("GET", "/slopes")
def list_slopes(params, query, body):
    diff = (query.get("difficulty") or "").strip().lower()
    status = (query.get("status") or "").strip().lower()
    lift = fold(query.get("lift") or "").strip()
    name = (query.get("name") or "").strip()
    if diff and diff not in ("green", "blue", "red", "black"):
        raise ApiError(400, "difficulty must be green, blue, red or black")
    if status and status not in ("open", "closed"):
        raise ApiError(400, "status must be open or closed")
    rows = [json.loads(json.dumps(s)) for s in SLOPES.values()
            if (not diff or s["difficulty"] == diff) and (not status or s["status"] == status)
            and (not lift or lift in (fold(s["lift"]["lift_id"]), fold(s["lift"]["name"])))
            and (not name or words_in(name, s["name"]))]
    return 200, {"slopes": rows, "count": len(rows), "as_of": "2027-01-10T07:30"}


@route("GET", "/rentals")
def list_rentals(params, query, body):
    gid = (query.get("guest_id") or "").strip().upper()
    status = (query.get("status") or "").strip().lower()
    status = {"returned": "ret", "reserved": "res"}.get(status, status)
    if status and status not in ("out", "ret", "res"):
        raise ApiError(400, "status must be out, ret or res")
    if gid:
        any_guest(gid)
    rows = [dict(r) for r in RENTALS if (not gid or r["g"] == gid) and (not status or r["st"] == status)]
    return 200, {"rentals": rows, "n": len(rows), "cur": CURRENCY}


@route("POST", "/rentals")
def create_rental(params, query, body):
    for key in ("guest_id", "package", "start_date", "end_date", "boot_mp", "height_cm"):
        if body.get(key) in (None, ""):
            raise ApiError(400, f"{key} is required")
    g = get_or_404(GUESTS, body["guest_id"], "account holder")
    pkg = str(body["package"]).strip().lower().replace(" ", "_").replace("-", "_")
    if pkg not in PACKAGES:
        raise ApiError(400, f"package must be one of {', '.join(PACKAGES)}")
    start, end = date_param(body["start_date"], "start_date"), date_param(body["end_date"], "end_date")
    if end < start:
        raise ApiError(400, "end_date is before start_date")
    if start < "2027-01-10" or end > "2027-04-18":
        raise ApiError(400, "rentals can be reserved from 2027-01-10 to the end of the season (2027-04-18)")
    try:
        boot, height = float(body["boot_mp"]), int(float(body["height_cm"]))
    except (TypeError, ValueError):
        raise ApiError(400, "boot_mp must be a number and height_cm an integer") from None
    days = (datetime.date.fromisoformat(end) - datetime.date.fromisoformat(start)).days + 1
    code = "RNT-" + hashlib.sha1("|".join([g["guest_id"], pkg, start, end, f"{boot:.1f}", str(height)])
                                 .encode()).hexdigest().upper()[:6]
    with LOCK:
        if code in RESERVATIONS:
            return 200, RESERVATIONS[code]
        rate = PACKAGES[pkg]
        discount = LOYALTY_DISCOUNT.get(g["loyalty"]["tier"], 0.0)
        gross = round(rate * days, 2)
        total = round(gross * (1 - discount), 2)
        RESERVATIONS[code] = {"reservation_code": code, "guest_id": g["guest_id"], "guest_name": g["name"],
                              "package": pkg, "start_date": start, "end_date": end, "days": days,
                              "daily_rate": rate, "gross": gross, "loyalty_discount_pct": int(discount * 100),
                              "total": total, "currency": CURRENCY, "boot_mp": boot, "height_cm": height,
                              "pickup": "Base Lodge rental shop, counter 2, from 08:00 on " + start,
                              "status": "reserved"}
    return 201, RESERVATIONS[code]


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
