"""Kestrel Lane Driving School API: a small in-memory HTTP service (Python standard library only).

Usage: python drivingschool_service.py PORT   (serves under /api on 127.0.0.1:PORT)
Deterministic: fixed seed data, no clock, no randomness. The data's "today" is Monday 2027-02-08.
Lesson-request references are derived from the request's content (SHA-1 prefix), so repeating a request returns
the first one. All names, emails, phone numbers, registrations, licence numbers and addresses are invented.
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

LOCK = threading.Lock()
ROUTES = []


class ApiError(Exception):
    def __init__(self, status, message):
        super().__init__(message)
        self.status, self.message = status, message


def route(method, pattern):
    regex = re.compile("^/api" + re.sub(r"\{(\w+)\}", r"(?P<\1>[^/]+)", pattern) + "/?$")

    def deco(fn):
        ROUTES.append((method, regex, fn))
        return fn
    return deco


def fold(text):
    return "".join(c for c in unicodedata.normalize("NFKD", str(text)) if not unicodedata.combining(c)).lower()


def name_matches(query, name):
    tokens = [t for t in re.split(r"[\s,.'\u2019-]+", fold(query)) if t and t not in ("s",)]
    low = fold(name)
    return all(t in low for t in tokens)


def lookup(table, key, what):
    row = table.get(str(key).strip().upper())
    if row is None:
        raise ApiError(404, f"no {what} {key!r}")
    return row


def as_date(value, name):
    try:
        return datetime.date.fromisoformat(str(value).strip()).isoformat()
    except ValueError:
        raise ApiError(400, f"{name} must be a date YYYY-MM-DD, got {value!r}") from None


def as_int(query, name, default, lo, hi):
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


# ------------------------------------------------------------------ seed data
INSTRUCTORS = {}
for _id, _name, _gbx, _car, _tel, _adi, _areas, _since in [
    ("I-01", "Marguerite Okonkwo-Hale", "M", "C-11", "+44 1632 960 411", "ADI-448-1902", ["Pellworth North", "Ashby Cross"], 2014),
    ("I-02", "Dev Ramaswamy", "A", "C-14", "+44 1632 960 412", "ADI-461-0377", ["Pellworth Centre", "Canal Side"], 2018),
    ("I-03", "Fenella Quist", "M", "C-12", "+44 1632 960 413", "ADI-452-7716", ["Larkspur", "Pellworth North"], 2016),
    ("I-04", "Fenella Quinn", "A", "C-15", "+44 1632 960 414", "ADI-470-2258", ["Ashby Cross", "Millholme"], 2021),
    ("I-05", "Anton Vasquez-Lindh", "M", "C-13", "+44 1632 960 415", "ADI-439-5081", ["Pellworth Centre", "Harrow Lane"], 2011),
    ("I-06", "Bartholomew Ng", "M", "C-16", "+44 1632 960 416", "ADI-466-9140", ["Millholme", "Pellworth Centre"], 2019),
]:
    INSTRUCTORS[_id] = {"id": _id, "name": _name, "gbx": _gbx, "car": _car, "tel": _tel, "adi": _adi,
                        "areas": _areas, "since": _since, "mwy": _id in ("I-06", "I-01")}

CARS = {}
for _id, _reg, _mk, _gbx, _mot, _st in [
    ("C-11", "PW70 MOH", "Ford Fiesta", "M", "2027-06-12", "in service"),
    ("C-12", "PW69 FQS", "Volkswagen Polo", "M", "2027-02-26", "in service"),
    ("C-13", "PW21 AVL", "Vauxhall Corsa", "M", "2027-09-03", "in service"),
    ("C-14", "PW23 DRM", "Toyota Corolla Hybrid", "A", "2027-08-19", "garage"),
    ("C-15", "PW22 NHB", "Renault Clio E-Tech", "A", "2027-04-27", "in service"),
    ("C-16", "PW72 BNG", "Skoda Fabia", "M", "2027-11-30", "in service"),
    ("C-17", "PW71 KTE", "Toyota Yaris Hybrid", "A", "2027-05-08", "in service"),
]:
    CARS[_id] = {"id": _id, "reg": _reg, "mk": _mk, "gbx": _gbx, "mot": _mot, "dual": True, "st": _st,
                 "pool": _id == "C-17"}

LEARNERS = {}
for _id, _name, _email, _tel, _ins, _prov, _hrs, _since in [
    ("LN-301", "Jo Brennan", "jo.brennan@example.com", "+44 1632 960 501", "I-03", "BRENN807154J99KL", 22.0, "2026-06-02"),
    ("LN-302", "Joe Brennan", "joe.brennan@example.com", "+44 1632 960 502", "I-05", "BRENN904226J99TQ", 38.5, "2026-03-17"),
    ("LN-303", "Joanna Brennan-Hart", "joanna.bh@example.com", "+44 1632 960 503", "I-01", "BRENN752119J99AB", 9.0, "2026-10-05"),
    ("LN-304", "Saoirse Delacroix-Mbeki", "saoirse.dm@example.com", "+44 1632 960 504", "I-01", "DELAC856301S99MX", 17.5, "2026-07-21"),
    ("LN-305", "Tobias Wren", "tobias.wren@example.com", "+44 1632 960 505", "I-02", "WREN9908127T99RD", 26.0, "2026-05-11"),
    ("LN-306", "Tobias Wrenn", "tobias.wrenn@example.com", "+44 1632 960 506", "I-04", "WRENN806235T99FG", 14.0, "2026-09-08"),
    ("LN-307", "Amara Oyelaran-Finch", "amara.of@example.com", "+44 1632 960 507", "I-04", "OYELA758090A99CE", 41.0, "2026-02-14"),
    ("LN-308", "Kasimir Holt", "kasimir.holt@example.com", "+44 1632 960 508", "I-06", "HOLT9802034K99WU", 31.0, "2026-04-29"),
    ("LN-309", "Lucía Ferreira-Ambrose", "lucia.fa@example.com", "+44 1632 960 509", "I-02", "FERRE856117L99NP", 12.5, "2026-09-30"),
    ("LN-310", "Henrik Solberg", "henrik.solberg@example.com", "+44 1632 960 510", "I-05", "SOLBE704128H99ZE", 19.0, "2026-08-03"),
    ("LN-311", "Niamh Castellane", "niamh.castellane@example.com", "+44 1632 960 511", "I-03", "CASTE757241N99HY", 6.0, "2026-11-16"),
    ("LN-312", "Niamh Castellano", "niamh.castellano@example.com", "+44 1632 960 512", "I-01", "CASTE806049N99LM", 11.0, "2026-11-23"),
    ("LN-313", "Rupert Aldgate", "rupert.aldgate@example.com", "+44 1632 960 513", "I-06", "ALDGA903155R99SV", 27.5, "2026-05-04"),
    ("LN-314", "Kasimira Holtby", "kasimira.holtby@example.com", "+44 1632 960 514", "I-02", "HOLTB856227K99EJ", 8.0, "2026-12-07"),
    ("LN-315", "Ottoline Brisco", "ottoline.brisco@example.com", "+44 1632 960 515", "I-02", "BRISC855093O99DK", 15.0, "2026-08-24"),
    ("LN-316", "Yusuf Adebayo-Price", "yusuf.ap@example.com", "+44 1632 960 516", "I-02", "ADEBA707302Y99GT", 20.5, "2026-06-15"),
]:
    LEARNERS[_id] = {"id": _id, "name": _name, "email": _email, "tel": _tel, "ins": _ins, "prov": _prov,
                     "hrs": _hrs, "since": _since}

LESSONS = {}


def _lesson(lid, lrn, ins, car, dt, t, minutes, st, pu, typ="general", notes=""):
    LESSONS[lid] = {"id": lid, "lrn": lrn, "ins": ins, "car": car, "dt": dt, "t": t, "min": minutes, "st": st,
                    "pu": pu, "typ": typ, "notes": notes}


# Jo Brennan: regular instructor Fenella Quist; the next booked lesson is a cover lesson with Anton Vasquez-Lindh
_lesson("L-2208", "LN-301", "I-03", "C-12", "2027-01-28", "17:00", 60, "C", "7 Larkspur Close, Pellworth", "junctions")
_lesson("L-2219", "LN-301", "I-03", "C-12", "2027-02-04", "17:00", 60, "C", "7 Larkspur Close, Pellworth", "roundabouts")
_lesson("L-2233", "LN-301", "I-03", "C-12", "2027-02-09", "17:00", 60, "X", "7 Larkspur Close, Pellworth",
        notes="cancelled by learner (exam week)")
_lesson("L-2252", "LN-301", "I-05", "C-13", "2027-02-11", "17:30", 60, "B", "7 Larkspur Close, Pellworth",
        "manoeuvres", "cover lesson: Fenella Quist on leave 10-12 Feb")
_lesson("L-2268", "LN-301", "I-03", "C-12", "2027-02-18", "17:00", 60, "B", "7 Larkspur Close, Pellworth", "dual carriageway")
# Joe Brennan
_lesson("L-2210", "LN-302", "I-05", "C-13", "2027-01-30", "09:00", 120, "C", "Pellworth College, main gate", "mock test")
_lesson("L-2249", "LN-302", "I-05", "C-13", "2027-02-10", "12:30", 90, "B", "Pellworth College, main gate", "mock test")
# Henrik Solberg
_lesson("L-2231", "LN-310", "I-05", "C-13", "2027-02-08", "16:15", 90, "B", "Harrow Lane Leisure Centre (car park B)",
        "roundabouts")
_lesson("L-2221", "LN-310", "I-05", "C-13", "2027-02-05", "08:00", 60, "C", "14 Quarry Row, Pellworth", "town driving")
# Lucía Ferreira-Ambrose: Dev's Corolla is in the garage, so this lesson uses the pool car
_lesson("L-2240", "LN-309", "I-02", "C-17", "2027-02-10", "10:00", 60, "B", "Ashby Cross library", "parking",
        "C-14 in garage until 12 Feb; pool car booked")
_lesson("L-2229", "LN-309", "I-02", "C-14", "2027-02-03", "10:00", 60, "C", "Ashby Cross library", "parking")
# Saoirse, Niamh, Tobias Wrenn, Amara, Kasimir, Rupert
_lesson("L-2224", "LN-304", "I-01", "C-11", "2027-02-06", "11:00", 90, "C", "Ashby Cross station forecourt", "country roads")
_lesson("L-2258", "LN-304", "I-01", "C-11", "2027-02-13", "11:00", 90, "B", "Ashby Cross station forecourt", "country roads")
_lesson("L-2246", "LN-311", "I-03", "C-12", "2027-02-10", "15:00", 60, "B", "Millholme Primary School (Bell Street)", "junctions")
_lesson("L-2247", "LN-312", "I-01", "C-11", "2027-02-10", "18:00", 60, "B", "22 Ferrier Walk, Pellworth", "junctions")
_lesson("L-2243", "LN-306", "I-04", "C-15", "2027-02-09", "13:00", 60, "B", "Millholme post office", "town driving")
_lesson("L-2255", "LN-307", "I-04", "C-15", "2027-02-12", "14:00", 120, "B", "Canal Side Trading Estate gate", "mock test")
_lesson("L-2236", "LN-308", "I-06", "C-16", "2027-02-09", "09:00", 90, "B", "Pellworth Park & Ride", "motorway")
_lesson("L-2215", "LN-313", "I-06", "C-16", "2027-02-02", "10:00", 120, "C", "Pellworth railway station", "motorway")
# Dev Ramaswamy around the week of 15-21 Feb 2027: 13 booked, 1 cancelled inside; 2 booked just outside it
_DEV_PICKUPS = {"LN-305": "Canal Side bus stop", "LN-309": "Ashby Cross library", "LN-314": "Pellworth Centre, Market Cross",
                "LN-315": "Brisco Farm lane end", "LN-316": "Pellworth College, main gate"}
_n = 2270
for _dt, _t, _lrn, _st in [
    ("2027-02-14", "10:00", "LN-315", "B"),
    ("2027-02-15", "09:00", "LN-305", "B"), ("2027-02-15", "11:00", "LN-309", "B"), ("2027-02-15", "15:00", "LN-314", "B"),
    ("2027-02-16", "09:00", "LN-316", "B"), ("2027-02-16", "13:00", "LN-315", "X"), ("2027-02-16", "16:00", "LN-305", "B"),
    ("2027-02-17", "10:00", "LN-309", "B"), ("2027-02-17", "14:00", "LN-314", "B"),
    ("2027-02-18", "09:00", "LN-316", "B"), ("2027-02-18", "11:00", "LN-315", "B"),
    ("2027-02-19", "10:00", "LN-305", "B"), ("2027-02-19", "15:30", "LN-309", "B"),
    ("2027-02-20", "09:30", "LN-314", "B"), ("2027-02-21", "11:00", "LN-316", "B"),
    ("2027-02-22", "09:00", "LN-305", "B"),
]:
    _lesson(f"L-{_n}", _lrn, "I-02", "C-14", _dt, _t, 60, _st, _DEV_PICKUPS[_lrn],
            notes="cancelled by instructor" if _st == "X" else "")
    _n += 1

CENTRES = {
    "TC-1": {"id": "TC-1", "name": "Pellworth (Hilltop) Driving Test Centre", "addr": "Hilltop Road, Pellworth PW1 4JX",
             "tel": "+44 1632 960 901"},
    "TC-2": {"id": "TC-2", "name": "Pellworth (Canal Side) Driving Test Centre",
             "addr": "Unit 4, Canal Side Trading Estate, Pellworth PW3 8QA", "tel": "+44 1632 960 902"},
    "TC-9": {"id": "TC-9", "name": "Pellworth Theory Test Centre",
             "addr": "2nd Floor, Mercer House, 18 Bridge Street, Pellworth PW1 2AB", "tel": "+44 1632 960 909"},
}

TESTS = {}


def _test(tid, lrn, kind, dt, t, ctr, res, sc=None, hp=None, exr=None, df=None, sf=None, notes=""):
    TESTS[tid] = {"id": tid, "lrn": lrn, "kind": kind, "dt": dt, "t": t, "ctr": ctr, "res": res, "sc": sc, "hp": hp,
                  "exr": exr, "df": df, "sf": sf, "notes": notes}


_test("T-5088", "LN-302", "theory", "2026-08-10", "14:30", "TC-9", "P", sc=45, hp=59)
_test("T-5142", "LN-302", "practical", "2026-12-02", "10:41", "TC-1", "F", exr="R. Pendleton", df=9, sf=1,
      notes="serious fault: observation at a roundabout")
_test("T-5177", "LN-302", "practical", "2027-03-04", "09:12", "TC-2", None, exr=None,
      notes="arrive 10 minutes early with provisional licence")
_test("T-5104", "LN-305", "theory", "2026-09-03", "11:00", "TC-9", "F", sc=39, hp=58)
_test("T-5131", "LN-305", "theory", "2026-11-20", "09:45", "TC-9", "P", sc=47, hp=61)
_test("T-5117", "LN-306", "theory", "2026-10-14", "16:00", "TC-9", "P", sc=44, hp=66)
_test("T-5150", "LN-301", "theory", "2026-12-15", "13:15", "TC-9", "P", sc=48, hp=70)
_test("T-5169", "LN-301", "practical", "2027-04-21", "14:07", "TC-1", None)
_test("T-5122", "LN-307", "practical", "2027-01-19", "11:26", "TC-2", "P", exr="D. Marchbank", df=4, sf=0)
_test("T-5098", "LN-304", "theory", "2026-09-22", "10:30", "TC-9", "P", sc=49, hp=64)
_test("T-5160", "LN-308", "practical", "2027-03-11", "08:40", "TC-1", None)

PACKAGES = {}
for _id, _name, _n_lessons, _min, _price, _gbx in [
    ("PK-ST5", "Starter 5", 5, 60, 180.0, "M"),
    ("PK-STD10", "Standard 10", 10, 60, 340.0, "M"),
    ("PK-INT10", "Intensive 10", 10, 120, 610.0, "M"),
    ("PK-AUT10", "Automatic 10", 10, 60, 365.0, "A"),
    ("PK-MC4", "Motorway Confidence", 4, 90, 236.0, "M"),
    ("PK-MC6", "Motorway Confidence Plus", 6, 120, 449.0, "M"),
    ("PK-PP", "Pass Plus", 6, 60, 210.0, "M"),
]:
    PACKAGES[_id] = {"id": _id, "name": _name, "n": _n_lessons, "min": _min, "price": _price, "gbx": _gbx}

# packages bought (charges) and payments per learner
BOUGHT = {
    "LN-301": ["PK-STD10"], "LN-302": ["PK-INT10", "PK-ST5"], "LN-304": ["PK-STD10"], "LN-305": ["PK-AUT10"],
    "LN-306": ["PK-AUT10"], "LN-308": ["PK-ST5", "PK-MC4"], "LN-309": ["PK-AUT10"], "LN-311": ["PK-ST5"],
    "LN-312": ["PK-STD10"], "LN-313": ["PK-MC6"], "LN-314": ["PK-AUT10"],
}
PAYMENTS = {}
for _id, _lrn, _dt, _amt, _pkg, _meth in [
    ("PAY-7001", "LN-301", "2026-06-02", 170.0, "PK-STD10", "card"),
    ("PAY-7019", "LN-301", "2026-09-01", 170.0, "PK-STD10", "card"),
    ("PAY-7003", "LN-302", "2026-03-17", 610.0, "PK-INT10", "bank"),
    ("PAY-7040", "LN-302", "2026-12-09", 150.0, "PK-ST5", "card"),
    ("PAY-7011", "LN-304", "2026-07-21", 340.0, "PK-STD10", "bank"),
    ("PAY-7008", "LN-305", "2026-05-11", 365.0, "PK-AUT10", "card"),
    ("PAY-7026", "LN-306", "2026-09-08", 200.0, "PK-AUT10", "card"),
    ("PAY-7034", "LN-308", "2026-11-04", 180.0, "PK-ST5", "card"),
    ("PAY-7052", "LN-308", "2027-01-14", 236.0, "PK-MC4", "bank"),
    ("PAY-7030", "LN-309", "2026-09-30", 365.0, "PK-AUT10", "bank"),
    ("PAY-7038", "LN-311", "2026-11-16", 180.0, "PK-ST5", "card"),
    ("PAY-7039", "LN-312", "2026-12-01", 120.0, "PK-STD10", "card"),
    ("PAY-7047", "LN-312", "2027-01-05", 77.5, "PK-STD10", "cash"),
    ("PAY-7010", "LN-313", "2026-05-04", 449.0, "PK-MC6", "bank"),
    ("PAY-7049", "LN-314", "2027-01-09", 365.0, "PK-AUT10", "card"),
]:
    PAYMENTS[_id] = {"id": _id, "lrn": _lrn, "dt": _dt, "amt": _amt, "pkg": _pkg, "meth": _meth}

LESSON_REQUESTS = {}  # written only by POST /lesson-requests; no other operation reads it


# ------------------------------------------------------------------ operations
def learner_summary(r):
    return {"id": r["id"], "name": r["name"], "email": r["email"]}


def lesson_row(r, with_people=True):
    row = {k: r[k] for k in ("id", "dt", "t", "min", "st")}
    if with_people:
        row = {"id": r["id"], "lrn": r["lrn"], "ins": r["ins"], **{k: r[k] for k in ("dt", "t", "min", "st")}}
    return row


@route("GET", "/learners")
def search_learners(params, query, body):
    name, email = (query.get("name") or "").strip(), (query.get("email") or "").strip().lower()
    rows = [r for r in LEARNERS.values()
            if (not name or name_matches(name, r["name"])) and (not email or r["email"] == email)]
    return 200, [learner_summary(r) for r in rows]


@route("GET", "/learners/{learner_id}")
def get_learner(params, query, body):
    return 200, dict(lookup(LEARNERS, params["learner_id"], "learner"))


@route("GET", "/learners/{learner_id}/lessons")
def list_learner_lessons(params, query, body):
    learner = lookup(LEARNERS, params["learner_id"], "learner")
    st = (query.get("st") or "").strip().upper()
    rows = sorted((r for r in LESSONS.values() if r["lrn"] == learner["id"] and (not st or r["st"] == st)),
                  key=lambda r: (r["dt"], r["t"]))
    return 200, [lesson_row(r, with_people=False) for r in rows]


@route("GET", "/lessons")
def list_lessons(params, query, body):
    ins = (query.get("instructor_id") or "").strip().upper()
    lrn = (query.get("learner_id") or "").strip().upper()
    st = (query.get("st") or "").strip().upper()
    lo = as_date(query["date_from"], "date_from") if query.get("date_from") else None
    hi = as_date(query["date_to"], "date_to") if query.get("date_to") else None
    page, per_page = as_int(query, "page", 1, 1, 1000), as_int(query, "per_page", 10, 1, 10)
    rows = sorted((r for r in LESSONS.values()
                   if (not ins or r["ins"] == ins) and (not lrn or r["lrn"] == lrn) and (not st or r["st"] == st)
                   and (not lo or r["dt"] >= lo) and (not hi or r["dt"] <= hi)),
                  key=lambda r: (r["dt"], r["t"]))
    start = (page - 1) * per_page
    items = [lesson_row(r) for r in rows[start:start + per_page]]
    return 200, {"items": items, "page": page, "per_page": per_page, "total_count": len(rows),
                 "next_page": page + 1 if start + per_page < len(rows) else None}


@route("GET", "/lessons/{lesson_id}")
def get_lesson(params, query, body):
    return 200, dict(lookup(LESSONS, params["lesson_id"], "lesson"))


@route("GET", "/instructors")
def list_instructors(params, query, body):
    name, gbx = (query.get("name") or "").strip(), (query.get("gbx") or "").strip().upper()
    rows = [r for r in INSTRUCTORS.values()
            if (not name or name_matches(name, r["name"])) and (not gbx or r["gbx"] == gbx)]
    return 200, [{"id": r["id"], "name": r["name"], "gbx": r["gbx"], "areas": r["areas"]} for r in rows]


@route("GET", "/instructors/{instructor_id}")
def get_instructor(params, query, body):
    return 200, dict(lookup(INSTRUCTORS, params["instructor_id"], "instructor"))


@route("GET", "/cars/{car_id}")
def get_car(params, query, body):
    return 200, dict(lookup(CARS, params["car_id"], "car"))


@route("GET", "/tests")
def list_tests(params, query, body):
    lrn = (query.get("learner_id") or "").strip().upper()
    kind = (query.get("kind") or "").strip().lower()
    if kind and kind not in ("theory", "practical"):
        raise ApiError(400, "kind must be theory or practical")
    rows = sorted((r for r in TESTS.values() if (not lrn or r["lrn"] == lrn) and (not kind or r["kind"] == kind)),
                  key=lambda r: r["dt"])
    return 200, [{k: r[k] for k in ("id", "lrn", "kind", "dt", "ctr", "res", "sc", "hp")} for r in rows]


@route("GET", "/tests/{test_id}")
def get_test(params, query, body):
    r = lookup(TESTS, params["test_id"], "test booking")
    out = {k: r[k] for k in ("id", "lrn", "kind", "dt", "t", "res")}
    out["centre"] = dict(CENTRES[r["ctr"]])
    if r["kind"] == "theory":
        out.update(sc=r["sc"], hp=r["hp"])
    else:
        out.update(exr=r["exr"], df=r["df"], sf=r["sf"])
    out["notes"] = r["notes"]
    return 200, out


@route("GET", "/packages")
def list_packages(params, query, body):
    return 200, [dict(p) for p in PACKAGES.values()]


@route("GET", "/learners/{learner_id}/payments")
def list_payments(params, query, body):
    learner = lookup(LEARNERS, params["learner_id"], "learner")
    items = sorted((dict(p) for p in PAYMENTS.values() if p["lrn"] == learner["id"]), key=lambda p: p["dt"])
    for p in items:
        del p["lrn"]
    chg = round(sum(PACKAGES[k]["price"] for k in BOUGHT.get(learner["id"], [])), 2)
    paid = round(sum(p["amt"] for p in items), 2)
    return 200, {"lrn": learner["id"], "items": items, "chg": chg, "paid": paid, "bal": round(chg - paid, 2)}


def request_ref(learner_id, instructor_id, date, time):
    key = f"{learner_id}|{instructor_id}|{date}|{time}"
    return "RQ-" + hashlib.sha1(key.encode()).hexdigest()[:6].upper()


@route("POST", "/lesson-requests")
def create_lesson_request(params, query, body):
    body = body or {}
    for field in ("learner_id", "instructor_id", "date", "time"):
        if not str(body.get(field) or "").strip():
            raise ApiError(400, f"{field} is required")
    learner = lookup(LEARNERS, body["learner_id"], "learner")
    instructor = lookup(INSTRUCTORS, body["instructor_id"], "instructor")
    date = as_date(body["date"], "date")
    m = re.fullmatch(r"(\d{1,2}):(\d{2})", str(body["time"]).strip())
    if not m or int(m.group(1)) > 23 or int(m.group(2)) > 59:
        raise ApiError(400, "time must be HH:MM (24-hour)")
    time = f"{int(m.group(1)):02d}:{m.group(2)}"
    minutes = body.get("minutes", 60)
    if minutes not in (60, 90, 120):
        raise ApiError(400, "minutes must be 60, 90 or 120")
    ref = request_ref(learner["id"], instructor["id"], date, time)
    with LOCK:
        if ref in LESSON_REQUESTS:
            return 200, LESSON_REQUESTS[ref]
        LESSON_REQUESTS[ref] = {"ref": ref, "lrn": learner["id"], "ins": instructor["id"], "dt": date, "t": time,
                                "min": minutes, "pu": str(body.get("pickup") or ""), "st": "pending"}
        return 201, LESSON_REQUESTS[ref]


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
                return self._send(400, {"error": "body is not valid JSON"})
            if not isinstance(body, dict):
                return self._send(400, {"error": "body must be a JSON object"})
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
