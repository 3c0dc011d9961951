"""Gullrock Bay Surf School API: a small in-memory HTTP service (Python standard library only).

Usage: python surf_service.py PORT   (serves under /api on 127.0.0.1:PORT)
Deterministic: fixed seed data (season May-July 2027), no clock, no randomness; surf conditions and tides are
computed from the spot and the date, booking and hire references from the record's content. State (new bookings and
hires) lives in memory for the life of the process. All names, emails, phone numbers, boards, spots and codes are
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
SEASON = (datetime.date(2027, 5, 1), datetime.date(2027, 7, 31))


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
    tokens = [t for t in re.split(r"[\s,.'\u2019-]+", fold(query)) if t]
    low = fold(text)
    return all(t in low for t in tokens)


def digest(*parts):
    return hashlib.sha1("|".join(parts).encode()).hexdigest()


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


def num_param(query, name):
    raw = query.get(name)
    if raw in (None, ""):
        return None
    try:
        return float(raw)
    except ValueError:
        raise ApiError(400, f"{name} must be a number") from None


def date_param(value, name):
    try:
        return datetime.date.fromisoformat(str(value).strip())
    except ValueError:
        raise ApiError(400, f"{name} must be a date YYYY-MM-DD") from None


# ------------------------------------------------------------------ seed data
SPOTS = {s["id"]: s for s in [
    {"id": "SP-1", "name": "Gullrock Point", "type": "reef break", "best_tide": "mid, pushing",
     "suitable_for": "advanced", "lifeguarded": False},
    {"id": "SP-2", "name": "Gullrock Beach", "type": "beach break", "best_tide": "low to mid",
     "suitable_for": "all levels", "lifeguarded": True},
    {"id": "SP-3", "name": "Tregarrow Cove", "type": "sheltered cove", "best_tide": "all tides",
     "suitable_for": "beginners and SUP", "lifeguarded": True},
    {"id": "SP-4", "name": "Tregarrow Cove North", "type": "point break", "best_tide": "high",
     "suitable_for": "intermediate", "lifeguarded": False},
    {"id": "SP-5", "name": "Polventon Sands", "type": "beach break", "best_tide": "mid",
     "suitable_for": "beginners", "lifeguarded": True},
]}
SPOT_FACTOR = {"SP-1": 1.25, "SP-2": 1.0, "SP-3": 0.7, "SP-4": 1.15, "SP-5": 0.9}
SPOT_TIDE_OFFSET = {"SP-1": 0, "SP-2": 4, "SP-3": 18, "SP-4": 23, "SP-5": -9}

INSTRUCTORS = {i["id"]: i for i in [
    {"id": "IN-21", "name": "Kai Penhallow", "disciplines": ["longboard", "sup", "beginner"],
     "languages": ["English", "French"], "certification": "ISA Level 2 Coach", "phone": "07700 900214",
     "email": "kai.penhallow@gullrock-surf.example", "lifeguard_award_expires": "2028-04-30",
     "bio": "Longboarder from Polventon; runs the coastal SUP tours."},
    {"id": "IN-22", "name": "Kaia Penhale", "disciplines": ["kids", "beginner"],
     "languages": ["English", "Cornish", "Portuguese"], "certification": "ISA Level 1 Instructor",
     "phone": "07700 900227", "email": "kaia.penhale@gullrock-surf.example",
     "lifeguard_award_expires": "2027-09-30", "bio": "Runs the Groms kids club at weekends."},
    {"id": "IN-23", "name": "Morwenna Tresize", "disciplines": ["shortboard", "adaptive"],
     "languages": ["English", "Spanish"], "certification": "ISA Level 3 Advanced Coach", "phone": "07700 900318",
     "email": "morwenna.tresize@gullrock-surf.example", "lifeguard_award_expires": "2028-02-28",
     "bio": "Former county champion; reef coaching and private sessions."},
    {"id": "IN-24", "name": "Jago Polglase", "disciplines": ["beginner", "kids"], "languages": ["English"],
     "certification": "ISA Level 1 Instructor", "phone": "07700 900342",
     "email": "jago.polglase@gullrock-surf.example", "lifeguard_award_expires": "2027-11-30",
     "bio": "Teaches most of the beginner groups at Polventon Sands."},
    {"id": "IN-25", "name": "Talia Rosewarne", "disciplines": ["longboard", "beginner", "adaptive"],
     "languages": ["English", "German"], "certification": "ISA Level 2 Coach", "phone": "07700 900365",
     "email": "talia.rosewarne@gullrock-surf.example", "lifeguard_award_expires": "2028-05-31",
     "bio": "Improver sessions and adaptive surfing."},
    {"id": "IN-26", "name": "Bryher Nance", "disciplines": ["sup"], "languages": ["English", "Dutch"],
     "certification": "BSUPA Flat Water & Sea Instructor", "phone": "07700 900391",
     "email": "bryher.nance@gullrock-surf.example", "lifeguard_award_expires": "2027-12-31",
     "bio": "Paddleboard tours from Tregarrow Cove North."},
]}

LESSON_TYPES = {t["type"]: t for t in [
    {"type": "beginner_group", "name": "Beginner group lesson", "duration_min": 120, "price": 45.0,
     "max_group": 8, "level": "beginner"},
    {"type": "improver", "name": "Improver session", "duration_min": 120, "price": 52.5, "max_group": 6,
     "level": "improver"},
    {"type": "kids", "name": "Groms club (ages 8-14)", "duration_min": 90, "price": 35.0, "max_group": 8,
     "level": "kids"},
    {"type": "private", "name": "Private one-to-one", "duration_min": 90, "price": 95.0, "max_group": 1,
     "level": "any"},
    {"type": "advanced_coaching", "name": "Advanced reef coaching", "duration_min": 120, "price": 70.0,
     "max_group": 4, "level": "advanced"},
    {"type": "sup_tour", "name": "SUP coastal tour", "duration_min": 150, "price": 55.0, "max_group": 6,
     "level": "all"},
]}


def _build_lessons():
    plan = []  # (date, start, type, spot, instructor, status, note)

    def add(month, days, start, kind, spot, instructor, cancelled=(), note=None):
        for d in days:
            date = f"2027-{month:02d}-{d:02d}"
            status = "cancelled" if d in cancelled else "scheduled"
            plan.append((date, start, kind, spot, instructor, status,
                         "cancelled: swell too big for beginners" if d in cancelled else note))

    # Jago Polglase: beginner groups (Polventon Sands, some at Gullrock Beach) and Saturday kids at Tregarrow Cove
    add(5, (29, 30), "10:00", "beginner_group", "SP-5", "IN-24")
    add(6, (1, 3, 5, 8, 12, 15, 17, 22, 23), "10:00", "beginner_group", "SP-5", "IN-24", cancelled=(23,))
    add(6, (6, 10, 13, 19), "10:00", "beginner_group", "SP-2", "IN-24")
    add(7, (1, 3), "10:00", "beginner_group", "SP-5", "IN-24")
    add(6, (5, 12, 19, 26), "14:00", "kids", "SP-3", "IN-24")
    # Talia Rosewarne: Wednesday beginners, Friday improvers, one private
    add(6, (2, 9, 16, 23, 30), "14:00", "beginner_group", "SP-2", "IN-25")
    add(5, (28,), "11:00", "improver", "SP-2", "IN-25")
    add(6, (4, 11, 18, 25), "11:00", "improver", "SP-2", "IN-25")
    add(6, (26,), "16:00", "private", "SP-2", "IN-25")
    # Kaia Penhale: weekend Groms at Gullrock Beach, a few Monday beginner groups
    add(5, (29, 30), "09:30", "kids", "SP-2", "IN-22")
    add(6, (5, 6, 12, 13, 19, 20, 26, 27), "09:30", "kids", "SP-2", "IN-22")
    add(6, (14, 21), "10:00", "beginner_group", "SP-2", "IN-22")
    # Kai Penhallow: SUP tours Wed and Sun, longboard improvers Thursdays at Tregarrow Cove
    add(6, (2, 6, 9, 13, 16, 20, 23, 27, 30), "08:00", "sup_tour", "SP-3", "IN-21")
    add(6, (3, 10, 17, 24), "13:00", "improver", "SP-3", "IN-21", note="longboard focus")
    # Morwenna Tresize: reef coaching Tue/Thu at Gullrock Point, two privates
    add(6, (1, 3, 8, 10, 15, 17, 22, 24, 29), "07:30", "advanced_coaching", "SP-1", "IN-23")
    add(6, (5, 12), "16:00", "private", "SP-1", "IN-23")
    # Bryher Nance: Saturday SUP tours from Tregarrow Cove North
    add(6, (5, 12, 19, 26), "11:00", "sup_tour", "SP-4", "IN-26")

    plan.sort(key=lambda p: (p[0], p[1], p[3]))
    lessons = {}
    for n, (date, start, kind, spot, instructor, status, note) in enumerate(plan):
        lid = f"LS-{3101 + n}"
        t = LESSON_TYPES[kind]
        others = 0 if kind == "private" else int(digest("walkins", lid)[:2], 16) % (t["max_group"] - 1)
        lessons[lid] = {"id": lid, "date": date, "start": start, "duration_min": t["duration_min"], "type": kind,
                        "level": t["level"], "spot_id": spot, "instructor_id": instructor,
                        "capacity": t["max_group"], "other_bookings": others, "price": t["price"],
                        "status": status, "note": note}
    return lessons


LESSONS = _build_lessons()


def lesson_at(date, start, spot):
    for lesson in LESSONS.values():
        if (lesson["date"], lesson["start"], lesson["spot_id"]) == (date, start, spot):
            return lesson["id"]
    raise KeyError((date, start, spot))


STUDENTS = {s["id"]: s for s in [
    {"id": "STU-401", "name": "Elodie Trelawny", "email": "elodie.trelawny@example.com", "phone": "07700 900501",
     "level": "improver", "height_cm": 164, "weight_kg": 57, "joined": "2026-08-14"},
    {"id": "STU-402", "name": "Elodie Trelawney", "email": "e.trelawney@example.org", "phone": "07700 900502",
     "level": "beginner", "height_cm": 171, "weight_kg": 66, "joined": "2027-05-20"},
    {"id": "STU-403", "name": "Rufus Oyelaran", "email": "rufus.oyelaran@example.net", "phone": "07700 900503",
     "level": "improver", "height_cm": 186, "weight_kg": 82, "joined": "2026-07-02"},
    {"id": "STU-404", "name": "Priya Venkataraman", "email": "priya.v@example.com", "phone": "07700 900504",
     "level": "beginner", "height_cm": 170, "weight_kg": 58, "joined": "2027-05-31"},
    {"id": "STU-405", "name": "Priyanka Venkatesh", "email": "priyanka.venkatesh@example.org",
     "phone": "07700 900505", "level": "improver", "height_cm": 161, "weight_kg": 55, "joined": "2026-06-11"},
    {"id": "STU-406", "name": "Fintan Blackmore-Rees", "email": "fintan.br@example.com", "phone": "07700 900506",
     "level": "intermediate", "height_cm": 179, "weight_kg": 76, "joined": "2025-09-03"},
    {"id": "STU-407", "name": "Saoirse Delacourt-Byrne", "email": "saoirse.db@example.net", "phone": "07700 900507",
     "level": "beginner", "height_cm": 158, "weight_kg": 49, "joined": "2027-06-01"},
    {"id": "STU-408", "name": "Hamish Quarrie", "email": "hamish.quarrie@example.com", "phone": "07700 900508",
     "level": "intermediate", "height_cm": 188, "weight_kg": 90, "joined": "2024-05-19"},
    {"id": "STU-409", "name": "Hamish Currie", "email": "hamish.currie@example.net", "phone": "07700 900509",
     "level": "advanced", "height_cm": 176, "weight_kg": 71, "joined": "2023-04-27"},
    {"id": "STU-410", "name": "Wren Tallack", "email": "wren.tallack@example.org", "phone": "07700 900510",
     "level": "intermediate", "height_cm": 167, "weight_kg": 61, "joined": "2026-05-05"},
    {"id": "STU-411", "name": "Osian Pritchard-Moyle", "email": "osian.pm@example.com", "phone": "07700 900511",
     "level": "advanced", "height_cm": 183, "weight_kg": 79, "joined": "2022-06-30"},
    {"id": "STU-412", "name": "Fintan Blackmore-Reid", "email": "f.blackmore-reid@example.net",
     "phone": "07700 900512", "level": "beginner", "height_cm": 174, "weight_kg": 88, "joined": "2027-05-26"},
]}


def booking_ref(student_id, lesson_id):
    return "BK-" + digest("booking", student_id, lesson_id)[:6].upper()


BOOKINGS = {}


def _seed_booking(student_id, lesson_id, status="confirmed", source="desk"):
    ref = booking_ref(student_id, lesson_id)
    BOOKINGS[ref] = {"booking_ref": ref, "student_id": student_id, "lesson_id": lesson_id, "status": status,
                     "source": source}


for _sid, _date, _start, _spot, _status, _source in [
    ("STU-401", "2027-05-28", "11:00", "SP-2", "attended", "online"),
    ("STU-401", "2027-06-04", "11:00", "SP-2", "cancelled", "online"),
    ("STU-401", "2027-06-11", "11:00", "SP-2", "confirmed", "online"),
    ("STU-401", "2027-06-17", "13:00", "SP-3", "confirmed", "desk"),
    ("STU-402", "2027-06-02", "14:00", "SP-2", "confirmed", "online"),
    ("STU-402", "2027-06-16", "14:00", "SP-2", "confirmed", "online"),
    ("STU-403", "2027-06-04", "11:00", "SP-2", "confirmed", "desk"),
    ("STU-404", "2027-06-01", "10:00", "SP-5", "confirmed", "online"),
    ("STU-405", "2027-06-10", "13:00", "SP-3", "confirmed", "online"),
    ("STU-406", "2027-06-08", "07:30", "SP-1", "confirmed", "desk"),
    ("STU-407", "2027-06-05", "10:00", "SP-5", "confirmed", "online"),
    ("STU-408", "2027-06-05", "16:00", "SP-1", "confirmed", "desk"),
    ("STU-408", "2027-06-11", "11:00", "SP-2", "confirmed", "desk"),
    ("STU-408", "2027-06-26", "16:00", "SP-2", "confirmed", "online"),
    ("STU-409", "2027-06-12", "16:00", "SP-1", "confirmed", "desk"),
    ("STU-409", "2027-06-15", "07:30", "SP-1", "confirmed", "desk"),
    ("STU-410", "2027-06-19", "11:00", "SP-4", "confirmed", "online"),
    ("STU-411", "2027-06-03", "07:30", "SP-1", "confirmed", "online"),
    ("STU-412", "2027-06-06", "10:00", "SP-2", "confirmed", "online"),
]:
    _seed_booking(_sid, lesson_at(_date, _start, _spot), _status, _source)

BOARDS = {b["id"]: b for b in [
    {"id": "BD-01", "model": "Gullrock Softie 8'0", "type": "softtop", "length": "8'0", "volume_l": 86.0,
     "hire_per_day": 12.0, "status": "available"},
    {"id": "BD-02", "model": "Gullrock Softie 8'0", "type": "softtop", "length": "8'0", "volume_l": 86.0,
     "hire_per_day": 12.0, "status": "available"},
    {"id": "BD-03", "model": "Gullrock Softie 9'0", "type": "softtop", "length": "9'0", "volume_l": 102.0,
     "hire_per_day": 12.0, "status": "available"},
    {"id": "BD-04", "model": "Gullrock Softie 7'0", "type": "softtop", "length": "7'0", "volume_l": 64.0,
     "hire_per_day": 12.0, "status": "repair"},
    {"id": "BD-05", "model": "Tregarrow Mid 7'2", "type": "midlength", "length": "7'2", "volume_l": 48.5,
     "hire_per_day": 18.0, "status": "available"},
    {"id": "BD-06", "model": "Tregarrow Mid 7'6", "type": "midlength", "length": "7'6", "volume_l": 53.0,
     "hire_per_day": 18.0, "status": "out"},
    {"id": "BD-07", "model": "Kernow Log 9'4", "type": "longboard", "length": "9'4", "volume_l": 71.0,
     "hire_per_day": 20.0, "status": "available"},
    {"id": "BD-08", "model": "Kernow Log 9'6", "type": "longboard", "length": "9'6", "volume_l": 74.5,
     "hire_per_day": 20.0, "status": "available"},
    {"id": "BD-09", "model": "Carn Gloose Egg 6'8", "type": "midlength", "length": "6'8", "volume_l": 42.0,
     "hire_per_day": 18.0, "status": "available"},
    {"id": "BD-10", "model": "Pointbreak Thruster 6'0", "type": "shortboard", "length": "6'0", "volume_l": 29.8,
     "hire_per_day": 22.0, "status": "available"},
    {"id": "BD-11", "model": "Pointbreak Thruster 6'2", "type": "shortboard", "length": "6'2", "volume_l": 32.1,
     "hire_per_day": 22.0, "status": "out"},
    {"id": "BD-12", "model": "Pointbreak Step-Up 6'6", "type": "shortboard", "length": "6'6", "volume_l": 36.4,
     "hire_per_day": 22.0, "status": "available"},
    {"id": "BD-13", "model": "Penwith Fish 5'8", "type": "fish", "length": "5'8", "volume_l": 31.0,
     "hire_per_day": 20.0, "status": "available"},
    {"id": "BD-14", "model": "Penwith Fish 5'10", "type": "fish", "length": "5'10", "volume_l": 34.5,
     "hire_per_day": 20.0, "status": "available"},
    {"id": "BD-15", "model": "Penwith Fish 6'2", "type": "fish", "length": "6'2", "volume_l": 38.0,
     "hire_per_day": 20.0, "status": "available"},
    {"id": "BD-16", "model": "Carrack SUP 10'6", "type": "sup", "length": "10'6", "volume_l": 180.0,
     "hire_per_day": 25.0, "status": "available"},
    {"id": "BD-17", "model": "Carrack SUP 11'2 Touring", "type": "sup", "length": "11'2", "volume_l": 205.0,
     "hire_per_day": 28.0, "status": "available"},
    {"id": "BD-18", "model": "Carrack SUP 10'6", "type": "sup", "length": "10'6", "volume_l": 180.0,
     "hire_per_day": 25.0, "status": "repair"},
]}

# board hires use terse keys (see the spec): stu student, brd board, out/due/ret dates, pd hire fee paid,
# dep deposit, dmg damage noted on return, chg damage charge
HIRES = {h["id"]: h for h in [
    {"id": "BH-7702", "stu": "STU-411", "brd": "BD-10", "out": "2027-04-10", "due": "2027-04-11",
     "ret": "2027-04-11", "pd": 22.0, "dep": 50.0, "dmg": None, "chg": 0.0},
    {"id": "BH-7708", "stu": "STU-406", "brd": "BD-05", "out": "2027-04-18", "due": "2027-04-20",
     "ret": "2027-04-20", "pd": 36.0, "dep": 50.0, "dmg": None, "chg": 0.0},
    {"id": "BH-7713", "stu": "STU-412", "brd": "BD-15", "out": "2027-05-08", "due": "2027-05-09",
     "ret": "2027-05-09", "pd": 20.0, "dep": 50.0, "dmg": None, "chg": 0.0},
    {"id": "BH-7719", "stu": "STU-406", "brd": "BD-14", "out": "2027-05-22", "due": "2027-05-24",
     "ret": "2027-05-24", "pd": 40.0, "dep": 50.0, "dmg": "fin box cracked", "chg": 18.0},
    {"id": "BH-7724", "stu": "STU-409", "brd": "BD-12", "out": "2027-05-27", "due": "2027-05-28",
     "ret": "2027-05-28", "pd": 22.0, "dep": 50.0, "dmg": None, "chg": 0.0},
    {"id": "BH-7731", "stu": "STU-410", "brd": "BD-09", "out": "2027-05-30", "due": "2027-06-01",
     "ret": "2027-06-03", "pd": 54.0, "dep": 50.0, "dmg": "rail ding, resin repair", "chg": 37.5},
    {"id": "BH-7736", "stu": "STU-403", "brd": "BD-07", "out": "2027-06-02", "due": "2027-06-04",
     "ret": None, "pd": 40.0, "dep": 50.0, "dmg": None, "chg": 0.0},
    {"id": "BH-7740", "stu": "STU-401", "brd": "BD-03", "out": "2027-06-05", "due": "2027-06-05",
     "ret": "2027-06-05", "pd": 12.0, "dep": 30.0, "dmg": None, "chg": 0.0},
    {"id": "BH-7743", "stu": "STU-411", "brd": "BD-11", "out": "2027-06-06", "due": "2027-06-13",
     "ret": None, "pd": 132.0, "dep": 50.0, "dmg": None, "chg": 0.0},
]}

WETSUITS = [
    {"code": "XS", "label": "Extra Small", "height_cm": [150, 160], "weight_kg": [42, 52], "chest_cm": "78-84"},
    {"code": "S", "label": "Small", "height_cm": [158, 167], "weight_kg": [50, 60], "chest_cm": "84-90"},
    {"code": "ST", "label": "Small Tall", "height_cm": [165, 173], "weight_kg": [52, 62], "chest_cm": "86-92"},
    {"code": "M", "label": "Medium", "height_cm": [165, 173], "weight_kg": [60, 72], "chest_cm": "90-96"},
    {"code": "MT", "label": "Medium Tall", "height_cm": [174, 182], "weight_kg": [62, 74], "chest_cm": "92-98"},
    {"code": "L", "label": "Large", "height_cm": [174, 182], "weight_kg": [72, 84], "chest_cm": "96-102"},
    {"code": "LT", "label": "Large Tall", "height_cm": [183, 191], "weight_kg": [74, 86], "chest_cm": "98-104"},
    {"code": "XL", "label": "Extra Large", "height_cm": [180, 188], "weight_kg": [84, 96], "chest_cm": "102-110"},
    {"code": "XLT", "label": "Extra Large Tall", "height_cm": [188, 196], "weight_kg": [86, 100],
     "chest_cm": "104-112"},
]


# ------------------------------------------------------------------ derived values
def spaces_left(lesson):
    if lesson["status"] == "cancelled":
        return 0
    confirmed = sum(1 for b in BOOKINGS.values() if b["lesson_id"] == lesson["id"] and b["status"] != "cancelled")
    return max(0, lesson["capacity"] - lesson["other_bookings"] - confirmed)


def lesson_summary(lesson):
    return {"id": lesson["id"], "date": lesson["date"], "start": lesson["start"], "type": lesson["type"],
            "spot_id": lesson["spot_id"], "instructor_id": lesson["instructor_id"], "status": lesson["status"],
            "spaces_left": spaces_left(lesson)}


def lesson_detail(lesson):
    out = {k: lesson[k] for k in ("id", "date", "start", "duration_min", "type", "level", "spot_id",
                                  "instructor_id", "capacity", "price", "status", "note")}
    out["spaces_left"] = spaces_left(lesson)
    out["currency"] = "GBP"
    return out


def _fmt(minutes):
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def conditions_for(spot_id, day):
    epoch = datetime.datetime(2027, 5, 1)
    start = int((datetime.datetime.combine(day, datetime.time()) - epoch).total_seconds() // 60)
    first_hw = 190 + SPOT_TIDE_OFFSET[spot_id]
    period = 745
    hw, lw = [], []
    k = (start - first_hw) // period - 1
    while True:
        t = first_hw + k * period
        if t >= start + 1440:
            break
        for when, bucket in ((t, hw), (t + 372, lw)):
            if start <= when < start + 1440:
                bucket.append(_fmt(when - start))
        k += 1
    lw.sort()
    h = digest("swell", day.isoformat())  # the same swell reaches every spot, each spot shapes it
    base = 0.5 + int(h[0:2], 16) / 255 * 1.6
    hs = round(base * SPOT_FACTOR[spot_id], 1)
    tp = 7 + int(h[2:4], 16) % 8
    dirs = ["N", "NNE", "NE", "E", "SE", "S", "SW", "WSW", "W", "WNW", "NW", "NNW"]
    sd = ["W", "WSW", "SW", "WNW"][int(h[4:6], 16) % 4]
    hw_ = digest("wind", spot_id, day.isoformat())
    wd = dirs[(int(h[6:8], 16) + int(hw_[0:2], 16) % 2) % len(dirs)]
    ws = 4 + (int(h[8:10], 16) % 15) + int(hw_[2:4], 16) % 4
    wt = round(12.5 + (day - SEASON[0]).days * 0.045, 1)
    suit = "5/4" if wt < 14 else "4/3" if wt < 16 else "3/2"
    return {"spot": spot_id, "d": day.isoformat(), "hw": hw, "lw": lw, "hs": hs, "tp": tp, "sd": sd,
            "wd": wd, "ws": ws, "wt": wt, "suit": suit}


def recommend_wetsuit(height, weight):
    def dist(row):
        (h0, h1), (w0, w1) = row["height_cm"], row["weight_kg"]
        dh = 0 if h0 <= height <= h1 else min(abs(height - h0), abs(height - h1))
        dw = 0 if w0 <= weight <= w1 else min(abs(weight - w0), abs(weight - w1))
        centre = abs(height - (h0 + h1) / 2) / 10 + abs(weight - (w0 + w1) / 2) / 10
        return (dh + dw, centre)
    return min(WETSUITS, key=dist)


def chart_row(row):
    return {"code": row["code"], "label": row["label"], "height_cm": "%d-%d" % tuple(row["height_cm"]),
            "weight_kg": "%d-%d" % tuple(row["weight_kg"]), "chest_cm": row["chest_cm"]}


# ------------------------------------------------------------------ routes
@route("GET", "/spots")
def list_spots(params, query, body):
    rows = [s for s in SPOTS.values() if not query.get("name") or words_in(query["name"], s["name"])]
    return 200, {"spots": [dict(s) for s in rows], "count": len(rows)}


@route("GET", "/conditions")
def get_conditions(params, query, body):
    if not query.get("spot_id") or not query.get("date"):
        raise ApiError(400, "spot_id and date are required")
    spot = get_or_404(SPOTS, query["spot_id"], "spot")
    day = date_param(query["date"], "date")
    if not SEASON[0] <= day <= SEASON[1]:
        raise ApiError(404, "conditions are only kept for 2027-05-01 to 2027-07-31")
    return 200, conditions_for(spot["id"], day)


@route("GET", "/instructors")
def list_instructors(params, query, body):
    rows = list(INSTRUCTORS.values())
    if query.get("name"):
        rows = [i for i in rows if words_in(query["name"], i["name"])]
    if query.get("discipline"):
        d = fold(query["discipline"]).strip()
        rows = [i for i in rows if d in i["disciplines"]]
    return 200, {"instructors": [{"id": i["id"], "name": i["name"], "disciplines": i["disciplines"]} for i in rows],
                 "count": len(rows)}


@route("GET", "/instructors/{instructor_id}")
def get_instructor(params, query, body):
    return 200, dict(get_or_404(INSTRUCTORS, params["instructor_id"], "instructor"))


@route("GET", "/students")
def search_students(params, query, body):
    name, email = query.get("name"), query.get("email")
    if not name and not email:
        raise ApiError(400, "give name or email")
    rows = [s for s in STUDENTS.values()
            if (not name or words_in(name, s["name"])) and (not email or s["email"].lower() == email.strip().lower())]
    return 200, {"students": [{k: s[k] for k in ("id", "name", "email", "level")} for s in rows],
                 "count": len(rows)}


def student_bookings(student_id):
    rows = []
    for b in BOOKINGS.values():
        if b["student_id"] != student_id:
            continue
        lesson = LESSONS[b["lesson_id"]]
        rows.append({"booking_ref": b["booking_ref"], "lesson_id": lesson["id"], "lesson_date": lesson["date"],
                     "lesson_start": lesson["start"], "lesson_type": lesson["type"], "status": b["status"],
                     "source": b["source"]})
    rows.sort(key=lambda r: (r["lesson_date"], r["lesson_start"]))
    return rows


@route("GET", "/students/{student_id}")
def get_student(params, query, body):
    s = get_or_404(STUDENTS, params["student_id"], "student")
    out = dict(s)
    out["bookings"] = student_bookings(s["id"])
    hires = sorted((h for h in HIRES.values() if h["stu"] == s["id"]), key=lambda h: h["out"])
    out["board_hires"] = [{"hire_id": h["id"], "start_date": h["out"]} for h in hires]
    return 200, out


@route("GET", "/lessons")
def list_lessons(params, query, body):
    rows = list(LESSONS.values())
    if query.get("date"):
        day = date_param(query["date"], "date").isoformat()
        rows = [r for r in rows if r["date"] == day]
    if query.get("date_from"):
        lo = date_param(query["date_from"], "date_from").isoformat()
        rows = [r for r in rows if r["date"] >= lo]
    if query.get("date_to"):
        hi = date_param(query["date_to"], "date_to").isoformat()
        rows = [r for r in rows if r["date"] <= hi]
    for key in ("spot_id", "instructor_id"):
        if query.get(key):
            rows = [r for r in rows if r[key] == query[key].strip().upper()]
    if query.get("type"):
        if query["type"] not in LESSON_TYPES:
            raise ApiError(400, f"type must be one of {sorted(LESSON_TYPES)}")
        rows = [r for r in rows if r["type"] == query["type"]]
    if query.get("status"):
        rows = [r for r in rows if r["status"] == query["status"]]
    rows.sort(key=lambda r: (r["date"], r["start"], r["spot_id"]))
    page = int_param(query, "page", 1, 1, 1000)
    per_page = int_param(query, "per_page", 10, 1, 25)
    chunk = rows[(page - 1) * per_page: page * per_page]
    return 200, {"lessons": [lesson_summary(r) for r in chunk], "page": page, "per_page": per_page,
                 "total_count": len(rows)}


@route("GET", "/lessons/{lesson_id}")
def get_lesson(params, query, body):
    return 200, lesson_detail(get_or_404(LESSONS, params["lesson_id"], "lesson"))


@route("POST", "/lessons/{lesson_id}/bookings")
def book_lesson(params, query, body):
    lesson = get_or_404(LESSONS, params["lesson_id"], "lesson")
    student_id = str((body or {}).get("student_id") or "").strip().upper()
    if not student_id:
        raise ApiError(422, "student_id is required")
    student = get_or_404(STUDENTS, student_id, "student")
    ref = booking_ref(student["id"], lesson["id"])
    with LOCK:
        existing = BOOKINGS.get(ref)
        if existing and existing["status"] != "cancelled":
            return 200, {"booking_ref": ref, "lesson_id": lesson["id"], "student_id": student["id"],
                         "status": existing["status"], "spaces_left": spaces_left(lesson)}
        if lesson["status"] != "scheduled":
            raise ApiError(409, f"lesson {lesson['id']} is {lesson['status']}")
        if spaces_left(lesson) <= 0:
            raise ApiError(409, f"lesson {lesson['id']} is full")
        BOOKINGS[ref] = {"booking_ref": ref, "student_id": student["id"], "lesson_id": lesson["id"],
                         "status": "confirmed", "source": "api"}
        return 201, {"booking_ref": ref, "lesson_id": lesson["id"], "student_id": student["id"],
                     "status": "confirmed", "spaces_left": spaces_left(lesson)}


@route("GET", "/lesson-types")
def list_lesson_types(params, query, body):
    return 200, {"lesson_types": [dict(t) for t in LESSON_TYPES.values()], "currency": "GBP"}


@route("GET", "/boards")
def list_boards(params, query, body):
    rows = list(BOARDS.values())
    if query.get("type"):
        rows = [b for b in rows if b["type"] == query["type"].strip().lower()]
    if query.get("status"):
        rows = [b for b in rows if b["status"] == query["status"].strip().lower()]
    return 200, {"boards": [dict(b) for b in rows], "count": len(rows)}


@route("GET", "/board-hires/{hire_id}")
def get_board_hire(params, query, body):
    return 200, dict(get_or_404(HIRES, params["hire_id"], "board hire"))


@route("POST", "/board-hires")
def create_board_hire(params, query, body):
    body = body or {}
    student = get_or_404(STUDENTS, body.get("student_id", ""), "student")
    board = get_or_404(BOARDS, body.get("board_id", ""), "board")
    start = date_param(body.get("start_date", ""), "start_date")
    try:
        days = int(body.get("days", 1))
    except (TypeError, ValueError):
        raise ApiError(422, "days must be an integer") from None
    if not 1 <= days <= 14:
        raise ApiError(422, "days must be between 1 and 14")
    hid = "BH-" + digest("hire", student["id"], board["id"], start.isoformat())[:4].upper()
    with LOCK:
        if hid in HIRES:
            return 200, dict(HIRES[hid])
        if board["status"] != "available":
            raise ApiError(409, f"board {board['id']} is {board['status']}")
        HIRES[hid] = {"id": hid, "stu": student["id"], "brd": board["id"], "out": start.isoformat(),
                      "due": (start + datetime.timedelta(days=days - 1)).isoformat(), "ret": None,
                      "pd": board["hire_per_day"] * days, "dep": 50.0, "dmg": None, "chg": 0.0}
        return 201, dict(HIRES[hid])


@route("GET", "/wetsuit-sizes")
def wetsuit_sizes(params, query, body):
    height, weight = num_param(query, "height_cm"), num_param(query, "weight_kg")
    out = {"chart": [chart_row(r) for r in WETSUITS], "recommended": None}
    if (height is None) != (weight is None):
        raise ApiError(400, "give both height_cm and weight_kg, or neither")
    if height is not None:
        if not (100 <= height <= 220 and 25 <= weight <= 160):
            raise ApiError(400, "height_cm or weight_kg out of range")
        out["recommended"] = chart_row(recommend_wetsuit(height, weight))
    return 200, out


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
