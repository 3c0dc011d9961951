"""Glenmoor Ice Arena API: a small HTTP service (Python standard library only) serving under /api.

Run: python icerink_service.py PORT

Skaters and their passes, public skating sessions (paginated) with skate hire stock, coaches and lessons, hockey
teams and their ice-time bookings, the ice resurfacing schedule, and lesson requests.

Deterministic: fixed seed data (the arena's "today" is Wednesday 2027-03-10), no clock, no randomness; request
codes are derived from the request's content (SHA-1). State lives in memory for the life of the process. Every
name, email, phone number, team and code is invented. Licence: Apache-2.0.
"""
import datetime as _dt
import hashlib
import json
import re
import sys
import unicodedata
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

RINKS = {"Cairn Rink": "Zamboni 552AC (unit 1)", "Heather Rink": "Olympia Millennium (unit 2)"}
DRIVERS = ["Fergus Oyelaran", "Maud Kettleby", "Pieter Janssens-Roy"]


def _fold(text) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", str(text)) if not unicodedata.combining(c)).lower()


def _h(*parts) -> int:
    return int(hashlib.sha1("|".join(str(p) for p in parts).encode()).hexdigest()[:8], 16)


def _name_match(query: str, name: str) -> bool:
    tokens = [t for t in re.split(r"[\s,]+", _fold(query)) if t]
    return all(t in _fold(name) for t in tokens)


# ------------------------------------------------------------------ skaters and passes
SKATERS = [
    {"skater_id": "SK-1002", "name": "Amara Nwachukwu-Fell", "email": "amara.nf@example.org", "birth_year": 1988,
     "level": "Adult Bronze", "team_id": None, "member_since": "2021-10-02"},
    {"skater_id": "SK-1019", "name": "Léa Fontaine-Marsh", "email": "lea.fontaine.marsh@example.com",
     "birth_year": 2011, "level": "Skate UK 8", "team_id": None, "member_since": "2019-01-12"},
    {"skater_id": "SK-1041", "name": "Ingrid Solberg", "email": "ingrid.solberg@example.net", "birth_year": 1979,
     "level": "Adult Silver", "team_id": None, "member_since": "2018-09-15"},
    {"skater_id": "SK-1042", "name": "Ingrid Solbakken", "email": "ingrid.solbakken@example.net",
     "birth_year": 1994, "level": "Adult Bronze", "team_id": None, "member_since": "2024-02-03"},
    {"skater_id": "SK-1088", "name": "Rafael Quintero", "email": "rafa.quintero@example.org", "birth_year": 2008,
     "level": "Hockey", "team_id": "TM-08", "member_since": "2017-09-01"},
    {"skater_id": "SK-1107", "name": "Tobias Lindqvist", "email": "tobias.lindqvist@example.com",
     "birth_year": 2012, "level": "Skate UK 7", "team_id": None, "member_since": "2020-04-18"},
    {"skater_id": "SK-1108", "name": "Tobias Lindquist", "email": "t.lindquist@example.org", "birth_year": 2009,
     "level": "Intermediate Free", "team_id": None, "member_since": "2016-11-05"},
    {"skater_id": "SK-1150", "name": "Wiktor Adamczyk", "email": "wiktor.adamczyk@example.com", "birth_year": 2013,
     "level": "Skate UK 5", "team_id": None, "member_since": "2023-05-20"},
    {"skater_id": "SK-1151", "name": "Wiktoria Adamczyk", "email": "wiktoria.adamczyk@example.com",
     "birth_year": 2015, "level": "Skate UK 4", "team_id": None, "member_since": "2023-05-20"},
    {"skater_id": "SK-1203", "name": "Jonas Pereira-Lund", "email": "jonas.pl@example.net", "birth_year": 2010,
     "level": "Preliminary Free", "team_id": None, "member_since": "2019-08-30"},
    {"skater_id": "SK-1204", "name": "Jonah Pereira", "email": "jonah.pereira@example.com", "birth_year": 2006,
     "level": "Adult Bronze", "team_id": None, "member_since": "2025-01-09"},
    {"skater_id": "SK-1310", "name": "Oskar Brennan-Vale", "email": "oskar.bv@example.org", "birth_year": 2013,
     "level": "Hockey", "team_id": "TM-07", "member_since": "2021-09-04"},
    {"skater_id": "SK-1311", "name": "Oscar Brennan", "email": "oscar.brennan@example.com", "birth_year": 2011,
     "level": "Hockey", "team_id": "TM-08", "member_since": "2020-09-12"},
    {"skater_id": "SK-1322", "name": "Hana Okafor-Reyes", "email": "hana.or@example.net", "birth_year": 2014,
     "level": "Skate UK 6", "team_id": None, "member_since": "2022-10-01"},
]

PASSES = [
    {"pass_id": "PA-5520", "skater_id": "SK-1041", "type": "20-session public skate pass", "season": "2025-26",
     "status": "expired", "sessions_total": 20, "sessions_left": 6, "valid_from": "2025-09-01",
     "valid_until": "2026-08-31"},
    {"pass_id": "PA-6013", "skater_id": "SK-1041", "type": "20-session public skate pass", "season": "2026-27",
     "status": "active", "sessions_total": 20, "sessions_left": 13, "valid_from": "2026-09-01",
     "valid_until": "2027-08-31"},
    {"pass_id": "PA-6020", "skater_id": "SK-1042", "type": "10-session public skate pass", "season": "2026-27",
     "status": "active", "sessions_total": 10, "sessions_left": 4, "valid_from": "2026-09-01",
     "valid_until": "2027-08-31"},
    {"pass_id": "PA-6031", "skater_id": "SK-1002", "type": "Adult season membership", "season": "2026-27",
     "status": "active", "sessions_total": None, "sessions_left": None, "valid_from": "2026-09-01",
     "valid_until": "2027-08-31"},
    {"pass_id": "PA-6044", "skater_id": "SK-1150", "type": "Junior season membership", "season": "2026-27",
     "status": "active", "sessions_total": None, "sessions_left": None, "valid_from": "2026-09-01",
     "valid_until": "2027-08-31"},
    {"pass_id": "PA-6052", "skater_id": "SK-1203", "type": "10-session public skate pass", "season": "2026-27",
     "status": "refunded", "sessions_total": 10, "sessions_left": 10, "valid_from": "2026-10-01",
     "valid_until": "2027-08-31"},
    {"pass_id": "PA-6058", "skater_id": "SK-1203", "type": "Junior season membership", "season": "2026-27",
     "status": "active", "sessions_total": None, "sessions_left": None, "valid_from": "2026-10-01",
     "valid_until": "2027-08-31"},
]

# ------------------------------------------------------------------ public sessions (generated from a timetable)
WEEKLY = {
    0: [("Weekday Public Skate", "public", "10:00", "11:30", "Cairn Rink"),
        ("Penguin Club (under-5s)", "toddler", "14:00", "15:00", "Heather Rink")],
    1: [("Weekday Public Skate", "public", "10:00", "11:30", "Cairn Rink"),
        ("Adults Only Skate", "adult", "19:00", "20:30", "Heather Rink")],
    2: [("Weekday Public Skate", "public", "10:00", "11:30", "Cairn Rink"),
        ("After-School Skate", "public", "16:00", "17:30", "Cairn Rink")],
    3: [("Weekday Public Skate", "public", "10:00", "11:30", "Cairn Rink"),
        ("Adults Only Skate", "adult", "19:30", "21:00", "Cairn Rink")],
    4: [("After-School Skate", "public", "16:00", "17:30", "Cairn Rink"),
        ("Friday Night Glow: Under-12s", "disco", "17:00", "18:30", "Heather Rink"),
        ("Friday Night Glow", "disco", "19:00", "21:00", "Cairn Rink")],
    5: [("Saturday Morning Skate", "public", "10:00", "12:00", "Cairn Rink"),
        ("Saturday Afternoon Skate", "public", "14:00", "15:30", "Cairn Rink"),
        ("Saturday Night Glow", "disco", "19:00", "21:00", "Cairn Rink")],
    6: [("Penguin Club (under-5s)", "toddler", "10:00", "11:00", "Heather Rink"),
        ("Sunday Family Skate", "public", "13:00", "14:30", "Cairn Rink")],
}
PRICES = {"public": (8.5, 6.0), "toddler": (5.0, 5.0), "disco": (11.0, 9.0), "adult": (9.5, 9.5)}
CANCELLED = {  # (date, title or None for the whole day): reason
    ("2026-04-08", None): "Ice plant maintenance",
    ("2027-04-14", None): "Ice plant maintenance",
    ("2027-04-24", "Saturday Afternoon Skate"): "Regional figure skating competition",
    ("2027-03-13", "Saturday Night Glow"): "Private hire",
}
SESSIONS = {}


def _build_sessions():
    for prefix, start, end in (("PS-2", _dt.date(2026, 3, 1), _dt.date(2026, 4, 30)),
                               ("PS-3", _dt.date(2027, 3, 1), _dt.date(2027, 4, 30))):
        n, day = 1, start
        while day <= end:
            for title, kind, t0, t1, rink in WEEKLY[day.weekday()]:
                sid = f"{prefix}{n:03d}"
                n += 1
                iso = day.isoformat()
                reason = CANCELLED.get((iso, None)) or CANCELLED.get((iso, title))
                capacity = {"Cairn Rink": 250, "Heather Rink": 90}[rink] - (30 if kind == "disco" else 0)
                booked = 0 if reason else _h(sid, "booked") % (capacity - 20) + 10
                adult, child = PRICES[kind]
                SESSIONS[sid] = {
                    "session_id": sid, "title": title, "type": kind, "date": iso, "weekday": day.strftime("%A"),
                    "start": t0, "end": t1, "rink": rink, "capacity": capacity, "booked": booked,
                    "spaces_left": 0 if reason else capacity - booked, "price_adult": adult, "price_child": child,
                    "skate_hire_price": 3.5, "status": "cancelled" if reason else "scheduled",
                    "notes": reason or ("Helmets recommended for under-12s" if kind != "adult" else "18+ only")}
            day += _dt.timedelta(days=1)


_build_sessions()

HIRE_STOCK = [("C11", 8), ("C12", 10), ("C13", 12), ("1", 14), ("2", 14), ("3", 16), ("4", 18), ("5", 20),
              ("6", 22), ("7", 24), ("8", 24), ("9", 22), ("10", 20), ("11", 16), ("12", 10), ("13", 6)]


def _hire_rows(sid):
    cancelled = SESSIONS[sid]["status"] == "cancelled"
    rows = []
    for t in ("F", "H"):
        for sz, tot in HIRE_STOCK:
            tot_t = tot if t == "F" else max(4, tot - 6)
            out = 0 if cancelled else _h(sid, sz, t) % (tot_t + 1)
            rows.append({"sz": sz, "t": t, "avl": tot_t - out, "tot": tot_t})
    return rows


# ------------------------------------------------------------------ coaches and lessons
COACHES = {c["coach_id"]: c for c in [
    {"coach_id": "C-03", "name": "Marcela Castellano", "disciplines": ["figure", "moves in the field"],
     "qualification": "Level 4 senior coach", "rate_per_hour": 58.0, "ice_days": ["Tuesday", "Thursday", "Saturday"],
     "phone": "+44 7700 900318", "email": "marcela.castellano@glenmoor-ice.example",
     "bio": "Former national junior pairs skater; coaches Intermediate to Senior free skating."},
    {"coach_id": "C-04", "name": "Mirela Castellanos", "disciplines": ["ice dance"],
     "qualification": "Level 3 coach", "rate_per_hour": 54.0, "ice_days": ["Monday", "Wednesday", "Saturday"],
     "phone": "+44 7700 900327", "email": "mirela.castellanos@glenmoor-ice.example",
     "bio": "Ice dance specialist; runs the Saturday pattern-dance group."},
    {"coach_id": "C-09", "name": "Dmitri Halvorsen", "disciplines": ["figure", "jumps"],
     "qualification": "Level 3 coach", "rate_per_hour": 50.0, "ice_days": ["Monday", "Wednesday", "Friday"],
     "phone": "+44 7700 900455", "email": "dmitri.halvorsen@glenmoor-ice.example",
     "bio": "Jump technique and off-ice conditioning for Skate UK graduates."},
    {"coach_id": "C-10", "name": "Dimitra Halvorsen", "disciplines": ["figure", "spins"],
     "qualification": "Level 2 coach", "rate_per_hour": 44.0, "ice_days": ["Tuesday", "Wednesday", "Sunday"],
     "phone": "+44 7700 900463", "email": "dimitra.halvorsen@glenmoor-ice.example",
     "bio": "Spin and edge work; coaches Preliminary and Intermediate skaters."},
    {"coach_id": "C-12", "name": "Saoirse Delacroix-Byrne", "disciplines": ["figure", "jumps"],
     "qualification": "Level 4 senior coach", "rate_per_hour": 62.0, "ice_days": ["Tuesday", "Friday", "Sunday"],
     "phone": "+44 7700 900562", "email": "saoirse.db@glenmoor-ice.example",
     "bio": "Head of the figure skating programme."},
    {"coach_id": "C-14", "name": "Benedek Farkas", "disciplines": ["power skating", "figure"],
     "qualification": "Level 3 coach", "rate_per_hour": 48.0, "ice_days": ["Monday", "Tuesday", "Thursday"],
     "phone": "+44 7700 900604", "email": "benedek.farkas@glenmoor-ice.example",
     "bio": "Power skating and stroking for figure and hockey skaters."},
    {"coach_id": "C-17", "name": "Yusuf Adeyemi-Clarke", "disciplines": ["hockey"],
     "qualification": "Ice Hockey Level 3", "rate_per_hour": 55.0, "ice_days": ["Wednesday", "Saturday"],
     "phone": "+44 7700 900741", "email": "yusuf.ac@glenmoor-ice.example",
     "bio": "Head coach of the Ridgeback Wolves U14."},
    {"coach_id": "C-18", "name": "Yusra Adeyemi", "disciplines": ["hockey", "power skating"],
     "qualification": "Ice Hockey Level 2", "rate_per_hour": 45.0, "ice_days": ["Wednesday", "Saturday", "Sunday"],
     "phone": "+44 7700 900758", "email": "yusra.adeyemi@glenmoor-ice.example",
     "bio": "Head coach of the Ridgeback Wolverines U16."},
    {"coach_id": "C-21", "name": "Annika Rautio", "disciplines": ["learn to skate"],
     "qualification": "Skate UK coach", "rate_per_hour": 36.0, "ice_days": ["Monday", "Thursday", "Sunday"],
     "phone": "+44 7700 900812", "email": "annika.rautio@glenmoor-ice.example",
     "bio": "Runs the Skate UK badge courses and the Penguin Club."},
]}

LESSONS = [
    {"lesson_id": "LS-8790", "skater_id": "SK-1107", "coach_id": "C-12", "date": "2027-02-23", "start": "17:30",
     "minutes": 30, "rink": "Heather Rink", "kind": "private", "status": "completed"},
    {"lesson_id": "LS-8801", "skater_id": "SK-1107", "coach_id": "C-14", "date": "2027-03-02", "start": "16:00",
     "minutes": 30, "rink": "Heather Rink", "kind": "private", "status": "cancelled"},
    {"lesson_id": "LS-8802", "skater_id": "SK-1107", "coach_id": "C-12", "date": "2027-03-02", "start": "17:30",
     "minutes": 30, "rink": "Heather Rink", "kind": "private", "status": "completed"},
    {"lesson_id": "LS-8805", "skater_id": "SK-1108", "coach_id": "C-04", "date": "2027-03-02", "start": "18:00",
     "minutes": 45, "rink": "Heather Rink", "kind": "private", "status": "completed"},
    {"lesson_id": "LS-8812", "skater_id": "SK-1150", "coach_id": "C-21", "date": "2027-03-08", "start": "15:15",
     "minutes": 30, "rink": "Heather Rink", "kind": "semi-private", "status": "completed"},
    {"lesson_id": "LS-8820", "skater_id": "SK-1322", "coach_id": "C-10", "date": "2027-03-09", "start": "17:00",
     "minutes": 30, "rink": "Heather Rink", "kind": "private", "status": "completed"},
    {"lesson_id": "LS-8831", "skater_id": "SK-1107", "coach_id": "C-12", "date": "2027-03-12", "start": "17:30",
     "minutes": 30, "rink": "Heather Rink", "kind": "private", "status": "scheduled"},
    {"lesson_id": "LS-8846", "skater_id": "SK-1203", "coach_id": "C-03", "date": "2027-03-17", "start": "07:00",
     "minutes": 30, "rink": "Cairn Rink", "kind": "private", "status": "cancelled"},
    {"lesson_id": "LS-8850", "skater_id": "SK-1203", "coach_id": "C-10", "date": "2027-03-17", "start": "17:45",
     "minutes": 30, "rink": "Heather Rink", "kind": "private", "status": "scheduled"},
    {"lesson_id": "LS-8851", "skater_id": "SK-1204", "coach_id": "C-09", "date": "2027-03-17", "start": "18:30",
     "minutes": 30, "rink": "Heather Rink", "kind": "private", "status": "scheduled"},
    {"lesson_id": "LS-8862", "skater_id": "SK-1019", "coach_id": "C-03", "date": "2027-03-18", "start": "06:45",
     "minutes": 45, "rink": "Cairn Rink", "kind": "private", "status": "scheduled"},
    {"lesson_id": "LS-8870", "skater_id": "SK-1151", "coach_id": "C-09", "date": "2027-03-19", "start": "15:30",
     "minutes": 30, "rink": "Heather Rink", "kind": "private", "status": "scheduled"},
]

# ------------------------------------------------------------------ hockey teams and ice bookings
TEAMS = {t["team_id"]: t for t in [
    {"team_id": "TM-05", "name": "Glenmoor Grizzlies", "age_group": "Adult recreational", "league": "Northern Rec",
     "head_coach_id": "C-14", "manager": {"name": "Callum Ferris", "email": "grizzlies@example.org",
                                          "phone": "+44 7700 900903"}, "home_rink": "Cairn Rink", "roster_size": 22},
    {"team_id": "TM-07", "name": "Ridgeback Wolves U14", "age_group": "U14", "league": "Junior Conference North",
     "head_coach_id": "C-17", "manager": {"name": "Petra Sandvik", "email": "wolves.u14@example.org",
                                          "phone": "+44 7700 900915"}, "home_rink": "Cairn Rink", "roster_size": 18},
    {"team_id": "TM-08", "name": "Ridgeback Wolverines U16", "age_group": "U16", "league": "Junior Conference North",
     "head_coach_id": "C-18", "manager": {"name": "Gareth Moyo", "email": "wolverines.u16@example.org",
                                          "phone": "+44 7700 900927"}, "home_rink": "Cairn Rink", "roster_size": 20},
    {"team_id": "TM-11", "name": "Kestrel Vale Lynx", "age_group": "Women", "league": "Women's Division 2",
     "head_coach_id": "C-18", "manager": {"name": "Orla Whitcombe", "email": "lynx@example.net",
                                          "phone": "+44 7700 900934"}, "home_rink": "Cairn Rink", "roster_size": 19},
    {"team_id": "TM-12", "name": "Kestrel Vale Lynx Juniors", "age_group": "U12", "league": "Junior Development",
     "head_coach_id": "C-17", "manager": {"name": "Orla Whitcombe", "email": "lynx.juniors@example.net",
                                          "phone": "+44 7700 900934"}, "home_rink": "Heather Rink",
     "roster_size": 15},
]}


def _ib(bid, team, date, start, end, rink, purpose, status, opponent=None):
    year, month = int(date[:4]), int(date[5:7])
    season = f"{year}-{str(year + 1)[2:]}" if month >= 9 else f"{year - 1}-{str(year)[2:]}"
    return {"booking_id": bid, "team_id": team, "date": date, "start": start, "end": end, "rink": rink,
            "purpose": purpose, "opponent": opponent, "season": season, "status": status}


ICE_BOOKINGS = [
    _ib("IB-5840", "TM-07", "2026-03-20", "07:00", "08:15", "Cairn Rink", "practice", "completed"),
    _ib("IB-5851", "TM-08", "2026-03-20", "06:00", "07:00", "Heather Rink", "practice", "completed"),
    _ib("IB-6090", "TM-07", "2027-03-06", "07:00", "08:15", "Cairn Rink", "practice", "completed"),
    _ib("IB-6102", "TM-05", "2027-03-11", "21:30", "22:45", "Cairn Rink", "practice", "confirmed"),
    _ib("IB-6110", "TM-11", "2027-03-14", "07:30", "09:00", "Cairn Rink", "match", "confirmed", "Harrowgate Herons"),
    _ib("IB-6135", "TM-08", "2027-03-17", "16:15", "17:15", "Heather Rink", "practice", "confirmed"),
    _ib("IB-6120", "TM-07", "2027-03-20", "06:15", "07:15", "Heather Rink", "practice", "cancelled"),
    _ib("IB-6131", "TM-08", "2027-03-20", "06:00", "07:15", "Cairn Rink", "practice", "confirmed"),
    _ib("IB-6134", "TM-07", "2027-03-20", "07:30", "08:45", "Cairn Rink", "practice", "pending"),
    _ib("IB-6150", "TM-07", "2027-03-27", "07:00", "08:15", "Cairn Rink", "practice", "confirmed"),
    _ib("IB-6166", "TM-12", "2027-03-28", "08:00", "09:00", "Heather Rink", "practice", "confirmed"),
    _ib("IB-6198", "TM-07", "2027-04-03", "06:00", "07:00", "Heather Rink", "practice", "cancelled"),
    _ib("IB-6199", "TM-08", "2027-04-03", "08:00", "09:15", "Heather Rink", "practice", "confirmed"),
    _ib("IB-6202", "TM-07", "2027-04-03", "07:00", "08:30", "Cairn Rink", "match", "confirmed", "Fenwick Falcons U14"),
    _ib("IB-6214", "TM-05", "2027-04-08", "21:30", "22:45", "Cairn Rink", "practice", "pending"),
]


# ------------------------------------------------------------------ resurfacing (derived from the ice use)
def _plus(hhmm: str, minutes: int) -> str:
    h, m = map(int, hhmm.split(":"))
    t = h * 60 + m + minutes
    return f"{t // 60:02d}:{t % 60:02d}"


def _resurfacing(date: str, rink: str | None):
    out = []
    day_no = _dt.date.fromisoformat(date).toordinal()
    for r_index, r in enumerate(RINKS):
        if rink and _fold(rink) not in _fold(r):
            continue
        events = [("06:00", "start of day")]
        for s in SESSIONS.values():
            if s["date"] == date and s["rink"] == r and s["status"] != "cancelled":
                events.append((_plus(s["end"], 10), f"after {s['session_id']} {s['title']}"))
        for b in ICE_BOOKINGS:
            if b["date"] == date and b["rink"] == r and b["status"] in ("confirmed", "pending", "completed"):
                events.append((_plus(b["end"], 5), f"after {b['booking_id']} ({TEAMS[b['team_id']]['name']})"))
        events.sort()
        for i, (time, after) in enumerate(events):
            out.append({"time": time, "rink": r, "machine": RINKS[r],
                        "driver": DRIVERS[(day_no + i + r_index) % len(DRIVERS)], "reason": after})
    return out


# ------------------------------------------------------------------ lesson requests (the one write)
LESSON_REQUESTS = {}
WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]


class ApiError(Exception):
    def __init__(self, status, message):
        super().__init__(message)
        self.status, self.message = status, message


def _skater(sid):
    for s in SKATERS:
        if s["skater_id"].lower() == str(sid).strip().lower():
            return s
    raise ApiError(404, f"skater {sid} not found")


def _coach(cid):
    c = COACHES.get(str(cid).strip().upper())
    if not c:
        raise ApiError(404, f"coach {cid} not found")
    return c


def _date(value, field):
    try:
        return _dt.date.fromisoformat(str(value)).isoformat()
    except ValueError:
        raise ApiError(400, f"{field} must be a date YYYY-MM-DD") from None


def _int(value, field, default, lo=1, hi=10_000):
    if value is None or value == "":
        return default
    try:
        n = int(value)
    except ValueError:
        raise ApiError(400, f"{field} must be an integer") from None
    if not lo <= n <= hi:
        raise ApiError(400, f"{field} must be between {lo} and {hi}")
    return n


# ------------------------------------------------------------------ handlers
def search_skaters(q, _body):
    name, email = q.get("name"), q.get("email")
    if not name and not email:
        raise ApiError(400, "give name or email")
    rows = [s for s in SKATERS
            if (not name or _name_match(name, s["name"])) and (not email or _fold(email).strip() == s["email"])]
    return 200, {"skaters": rows, "count": len(rows)}


def skater_passes(q, _body, skater_id):
    s = _skater(skater_id)
    rows = [p for p in PASSES if p["skater_id"] == s["skater_id"]]
    if q.get("status"):
        rows = [p for p in rows if p["status"] == q["status"].lower()]
    return 200, {"skater_id": s["skater_id"], "passes": rows, "count": len(rows)}


def list_sessions(q, _body):
    rows = sorted(SESSIONS.values(), key=lambda s: (s["date"], s["start"], s["session_id"]))
    if q.get("date_from"):
        rows = [s for s in rows if s["date"] >= _date(q["date_from"], "date_from")]
    if q.get("date_to"):
        rows = [s for s in rows if s["date"] <= _date(q["date_to"], "date_to")]
    if q.get("type"):
        rows = [s for s in rows if s["type"] == q["type"].strip().lower()]
    if q.get("status"):
        rows = [s for s in rows if s["status"] == q["status"].strip().lower()]
    if q.get("q"):
        rows = [s for s in rows if _fold(q["q"]).strip() in _fold(s["title"])]
    page = _int(q.get("page"), "page", 1)
    size = _int(q.get("page_size"), "page_size", 5, 1, 10)
    chunk = rows[(page - 1) * size: page * size]
    items = [{k: s[k] for k in ("session_id", "title", "type", "date", "start", "end", "status")} for s in chunk]
    return 200, {"items": items, "total_count": len(rows), "page": page, "page_size": size,
                 "next_page": page + 1 if page * size < len(rows) else None}


def get_session(_q, _body, session_id):
    s = SESSIONS.get(str(session_id).strip().upper())
    if not s:
        raise ApiError(404, f"session {session_id} not found")
    return 200, dict(s)


def get_skate_hire(_q, _body, session_id):
    s = SESSIONS.get(str(session_id).strip().upper())
    if not s:
        raise ApiError(404, f"session {session_id} not found")
    return 200, {"session_id": s["session_id"], "rows": _hire_rows(s["session_id"])}


def list_coaches(q, _body):
    rows = list(COACHES.values())
    if q.get("name"):
        rows = [c for c in rows if _name_match(q["name"], c["name"])]
    if q.get("discipline"):
        rows = [c for c in rows if any(_fold(q["discipline"]).strip() in d for d in c["disciplines"])]
    return 200, {"coaches": [{k: c[k] for k in ("coach_id", "name", "disciplines")} for c in rows],
                 "count": len(rows)}


def get_coach(_q, _body, coach_id):
    return 200, dict(_coach(coach_id))


def list_lessons(q, _body):
    rows = LESSONS
    if q.get("skater_id"):
        rows = [r for r in rows if r["skater_id"] == _skater(q["skater_id"])["skater_id"]]
    if q.get("coach_id"):
        rows = [r for r in rows if r["coach_id"] == _coach(q["coach_id"])["coach_id"]]
    if q.get("date_from"):
        rows = [r for r in rows if r["date"] >= _date(q["date_from"], "date_from")]
    if q.get("date_to"):
        rows = [r for r in rows if r["date"] <= _date(q["date_to"], "date_to")]
    if q.get("status"):
        rows = [r for r in rows if r["status"] == q["status"].strip().lower()]
    rows = sorted(rows, key=lambda r: (r["date"], r["start"]))
    return 200, {"lessons": rows, "count": len(rows)}


def list_teams(q, _body):
    rows = list(TEAMS.values())
    if q.get("name"):
        rows = [t for t in rows if _name_match(q["name"], t["name"])]
    return 200, {"teams": [{k: t[k] for k in ("team_id", "name", "age_group", "league")} for t in rows],
                 "count": len(rows)}


def get_team(_q, _body, team_id):
    t = TEAMS.get(str(team_id).strip().upper())
    if not t:
        raise ApiError(404, f"team {team_id} not found")
    return 200, json.loads(json.dumps(t))


def team_bookings(q, _body, team_id):
    t = TEAMS.get(str(team_id).strip().upper())
    if not t:
        raise ApiError(404, f"team {team_id} not found")
    rows = [b for b in ICE_BOOKINGS if b["team_id"] == t["team_id"]]
    if q.get("season"):
        rows = [b for b in rows if b["season"] == q["season"].strip()]
    if q.get("status"):
        rows = [b for b in rows if b["status"] == q["status"].strip().lower()]
    if q.get("date_from"):
        rows = [b for b in rows if b["date"] >= _date(q["date_from"], "date_from")]
    if q.get("date_to"):
        rows = [b for b in rows if b["date"] <= _date(q["date_to"], "date_to")]
    rows = sorted(rows, key=lambda b: (b["date"], b["start"]))
    return 200, {"team_id": t["team_id"], "team_name": t["name"], "bookings": rows, "count": len(rows)}


def resurfacing(q, _body):
    if not q.get("date"):
        raise ApiError(400, "date is required")
    date = _date(q["date"], "date")
    return 200, {"date": date, "slots": _resurfacing(date, q.get("rink"))}


def create_lesson_request(_q, body):
    if not isinstance(body, dict):
        raise ApiError(400, "JSON body required")
    missing = [f for f in ("skater_id", "coach_id", "date", "start") if not body.get(f)]
    if missing:
        raise ApiError(400, f"missing: {', '.join(missing)}")
    s, c = _skater(body["skater_id"]), _coach(body["coach_id"])
    date = _date(body["date"], "date")
    start = str(body["start"]).strip()
    if not re.fullmatch(r"\d{2}:\d{2}", start):
        raise ApiError(400, "start must be HH:MM")
    minutes = _int(body.get("minutes"), "minutes", 30, 15, 120)
    if minutes not in (15, 30, 45, 60):
        raise ApiError(400, "minutes must be 15, 30, 45 or 60")
    weekday = WEEKDAYS[_dt.date.fromisoformat(date).weekday()]
    if weekday not in c["ice_days"]:
        raise ApiError(409, f"{c['name']} is not on the ice on {weekday}s (ice days: {', '.join(c['ice_days'])})")
    code = "LQ-" + hashlib.sha1("|".join([s["skater_id"], c["coach_id"], date, start, str(minutes)])
                                .encode()).hexdigest().upper()[:6]
    if code in LESSON_REQUESTS:
        return 200, dict(LESSON_REQUESTS[code])
    LESSON_REQUESTS[code] = {"request_code": code, "skater_id": s["skater_id"], "skater_name": s["name"],
                             "coach_id": c["coach_id"], "coach_name": c["name"], "date": date, "start": start,
                             "minutes": minutes, "price": round(c["rate_per_hour"] * minutes / 60, 2),
                             "status": "requested"}
    return 201, dict(LESSON_REQUESTS[code])


ROUTES = [
    ("GET", r"/skaters", search_skaters),
    ("GET", r"/skaters/(?P<skater_id>[^/]+)/passes", skater_passes),
    ("GET", r"/sessions", list_sessions),
    ("GET", r"/sessions/(?P<session_id>[^/]+)", get_session),
    ("GET", r"/sessions/(?P<session_id>[^/]+)/skate-hire", get_skate_hire),
    ("GET", r"/coaches", list_coaches),
    ("GET", r"/coaches/(?P<coach_id>[^/]+)", get_coach),
    ("GET", r"/lessons", list_lessons),
    ("POST", r"/lesson-requests", create_lesson_request),
    ("GET", r"/teams", list_teams),
    ("GET", r"/teams/(?P<team_id>[^/]+)", get_team),
    ("GET", r"/teams/(?P<team_id>[^/]+)/ice-bookings", team_bookings),
    ("GET", r"/resurfacing", resurfacing),
]


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def _send(self, status, payload):
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _dispatch(self, method):
        parts = urlsplit(self.path)
        path = parts.path.rstrip("/")
        if not path.startswith("/api/") and path != "/api":
            return self._send(404, {"error": "not found"})
        path = path[4:] or "/"
        query = {k: v[-1] for k, v in parse_qs(parts.query).items()}
        body = None
        if method == "POST":
            length = int(self.headers.get("Content-Length") or 0)
            try:
                body = json.loads(self.rfile.read(length) or b"null")
            except json.JSONDecodeError:
                return self._send(400, {"error": "body is not JSON"})
        allowed = False
        for m, pattern, fn in ROUTES:
            match = re.fullmatch(pattern, path)
            if not match:
                continue
            allowed = True
            if m != method:
                continue
            try:
                status, payload = fn(query, body, **match.groupdict())
            except ApiError as exc:
                status, payload = exc.status, {"error": exc.message}
            return self._send(status, payload)
        return self._send(405 if allowed else 404, {"error": "method not allowed" if allowed else "not found"})

    def do_GET(self):
        self._dispatch("GET")

    def do_POST(self):
        self._dispatch("POST")


def main():
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 8080
    ThreadingHTTPServer(("127.0.0.1", port), Handler).serve_forever()


if __name__ == "__main__":
    main()
