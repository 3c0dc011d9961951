"""Larchmont Learning Co. tutoring agency API: a small in-memory HTTP service (Python standard library only).

Usage: python tutoring_service.py PORT   (serves under /api on 127.0.0.1:PORT)
Deterministic: fixed seed data (the data's "today" is 2027-04-02), no clock, no randomness; session references of
new bookings are derived from the booking's content. All names, emails, phone numbers, addresses and codes are
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
TODAY = "2027-04-02"


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


SUBJECTS = {s["code"]: s for s in [
    {"code": "ALG2", "name": "Algebra II", "level": "high school"},
    {"code": "CALC-AB", "name": "AP Calculus AB", "level": "AP"},
    {"code": "CALC-BC", "name": "AP Calculus BC", "level": "AP"},
    {"code": "CHEM", "name": "Chemistry", "level": "high school"},
    {"code": "AP-CHEM", "name": "AP Chemistry", "level": "AP"},
    {"code": "PHYS1", "name": "AP Physics 1", "level": "AP"},
    {"code": "SAT-M", "name": "SAT Math", "level": "test prep"},
    {"code": "SAT-RW", "name": "SAT Reading and Writing", "level": "test prep"},
    {"code": "SPAN", "name": "Spanish", "level": "high school"},
    {"code": "ESSAY", "name": "College Essay Writing", "level": "admissions"},
]}

TUTORS = {t["tutor_id"]: t for t in [
    {"tutor_id": "T-11", "name": "Priyanka Desmond", "email": "priyanka.desmond@larchmont-learning.example",
     "subjects": ["CALC-AB", "CALC-BC", "SAT-M"], "hourly_rate": 82.0, "location": "Elm Street studio",
     "status": "active", "availability": [{"day": "Tuesday", "from": "15:30", "to": "20:00"},
                                          {"day": "Thursday", "from": "15:30", "to": "20:00"},
                                          {"day": "Saturday", "from": "09:00", "to": "13:00"}],
     "bio": "Former actuarial analyst; eight years of AP calculus tutoring."},
    {"tutor_id": "T-12", "name": "Priya Desmond-Hale", "email": "p.desmondhale@larchmont-learning.example",
     "subjects": ["ALG2", "CALC-AB"], "hourly_rate": 66.0, "location": "online",
     "status": "active", "availability": [{"day": "Monday", "from": "16:00", "to": "21:00"},
                                          {"day": "Wednesday", "from": "16:00", "to": "21:00"}],
     "bio": "Middle and high school math; patient with math anxiety."},
    {"tutor_id": "T-13", "name": "Leopold Ashgrove", "email": "leopold.ashgrove@larchmont-learning.example",
     "subjects": ["CHEM", "AP-CHEM", "PHYS1"], "hourly_rate": 71.25, "location": "Elm Street studio",
     "status": "active", "availability": [{"day": "Monday", "from": "15:00", "to": "19:00"},
                                          {"day": "Wednesday", "from": "15:00", "to": "19:00"}],
     "bio": "PhD candidate in physical chemistry."},
    {"tutor_id": "T-14", "name": "Leonora Ashby", "email": "leonora.ashby@larchmont-learning.example",
     "subjects": ["SPAN", "ESSAY"], "hourly_rate": 64.5, "location": "Riverside branch",
     "status": "active", "availability": [{"day": "Tuesday", "from": "14:00", "to": "18:00"},
                                          {"day": "Friday", "from": "14:00", "to": "18:00"}],
     "bio": "Grew up in Valencia; taught high school Spanish for eleven years."},
    {"tutor_id": "T-15", "name": "Marcus Ojukwu", "email": "marcus.ojukwu@larchmont-learning.example",
     "subjects": ["SAT-M", "SAT-RW", "ALG2"], "hourly_rate": 75.0, "location": "Riverside branch",
     "status": "active", "availability": [{"day": "Thursday", "from": "15:00", "to": "19:00"},
                                          {"day": "Saturday", "from": "09:00", "to": "15:00"}],
     "bio": "Test-prep specialist; 99th percentile SAT."},
    {"tutor_id": "T-16", "name": "Wendeline Trask", "email": "wendeline.trask@larchmont-learning.example",
     "subjects": ["ESSAY", "SAT-RW"], "hourly_rate": 79.0, "location": "online",
     "status": "active", "availability": [{"day": "Monday", "from": "17:00", "to": "20:00"},
                                          {"day": "Thursday", "from": "17:00", "to": "20:00"}],
     "bio": "Former admissions reader at a liberal arts college."},
    {"tutor_id": "T-17", "name": "Hana Marsh-Ibe", "email": "hana.marshibe@larchmont-learning.example",
     "subjects": ["CHEM", "AP-CHEM"], "hourly_rate": 68.0, "location": "online",
     "status": "active", "availability": [{"day": "Tuesday", "from": "16:00", "to": "20:00"},
                                          {"day": "Wednesday", "from": "16:00", "to": "20:00"}],
     "bio": "High school chemistry teacher by day."},
    {"tutor_id": "T-18", "name": "Gideon Farrow", "email": "gideon.farrow@larchmont-learning.example",
     "subjects": ["CHEM", "PHYS1"], "hourly_rate": 70.0, "location": "Elm Street studio",
     "status": "on leave until 2027-08-31", "availability": [],
     "bio": "Engineering graduate; on sabbatical."},
]}

STUDENTS = {s["student_id"]: s for s in [
    {"student_id": "ST-501", "name": "Calla Brightwater", "email": "calla.brightwater@example.org", "grade": 11,
     "school": "Northfield High School", "enrolled_on": "2026-09-14",
     "guardian": {"name": "Jonas Brightwater", "relation": "father", "email": "jonas.brightwater@example.com",
                  "phone": "(555) 010-2231"},
     "address": {"street": "18 Alder Court", "city": "Larchmont Falls", "zip": "60417"}},
    {"student_id": "ST-502", "name": "Callum Brightwell", "email": "callum.brightwell@example.net", "grade": 12,
     "school": "St. Brendan's Academy", "enrolled_on": "2025-08-30",
     "guardian": {"name": "Felicity Brightwell", "relation": "mother", "email": "f.brightwell@example.net",
                  "phone": "(555) 010-7790"},
     "address": {"street": "402 Ridge Road, Apt 5", "city": "Larchmont Falls", "zip": "60418"}},
    {"student_id": "ST-503", "name": "Tomás Ferreira", "email": "tomas.ferreira@example.com", "grade": 12,
     "school": "Northfield High School", "enrolled_on": "2026-01-11",
     "guardian": {"name": "Beatriz Ferreira", "relation": "mother", "email": "beatriz.ferreira@example.com",
                  "phone": "(555) 010-4416"},
     "address": {"street": "7 Quarry Street", "city": "East Larchmont", "zip": "60421"}},
    {"student_id": "ST-504", "name": "Yuki Halvorsen", "email": "yuki.halvorsen@example.net", "grade": 10,
     "school": "Larchmont Falls Prep", "enrolled_on": "2026-10-03",
     "guardian": {"name": "Ingrid Halvorsen", "relation": "mother", "email": "ingrid.halvorsen@example.net",
                  "phone": "(555) 010-3358"},
     "address": {"street": "55 Birchwood Lane", "city": "Larchmont Falls", "zip": "60417"}},
    {"student_id": "ST-505", "name": "Anouk Veldman", "email": "anouk.veldman@example.org", "grade": 12,
     "school": "St. Brendan's Academy", "enrolled_on": "2026-06-20",
     "guardian": {"name": "Pieter Veldman", "relation": "father", "email": "pieter.veldman@example.org",
                  "phone": "(555) 010-6024"},
     "address": {"street": "3 Heron Walk", "city": "Millrace", "zip": "60425"}},
    {"student_id": "ST-506", "name": "Anouk Veldhuis", "email": "anouk.veldhuis@example.com", "grade": 10,
     "school": "Northfield High School", "enrolled_on": "2026-11-02",
     "guardian": {"name": "Maarten Veldhuis", "relation": "father", "email": "maarten.veldhuis@example.com",
                  "phone": "(555) 010-8187"},
     "address": {"street": "121 Canal Street", "city": "Millrace", "zip": "60425"}},
    {"student_id": "ST-507", "name": "Desmond Okoye", "email": "desmond.okoye@example.org", "grade": 11,
     "school": "Larchmont Falls Prep", "enrolled_on": "2027-01-09",
     "guardian": {"name": "Adaeze Okoye", "relation": "mother", "email": "adaeze.okoye@example.org",
                  "phone": "(555) 010-1275"},
     "address": {"street": "90 Lantern Hill", "city": "East Larchmont", "zip": "60421"}},
]}

SESSIONS = {}
_seq = [40100]


def _s(student, tutor, subject, date, time, minutes=60, status="completed", room=None, notes="", homework=None):
    _seq[0] += 1
    sid = f"SN-{_seq[0]}"
    SESSIONS[sid] = {"session_id": sid, "student_id": student, "tutor_id": tutor, "subject": subject,
                     "date": date, "time": time, "duration_min": minutes, "status": status,
                     "location": room or TUTORS[tutor]["location"], "notes": notes, "homework": homework}


# Calla Brightwater: AP Calculus BC with Priyanka Desmond Tue/Thu 16:30, SAT Math with Marcus Ojukwu on Saturdays
for d in ["2027-02-02", "2027-02-04", "2027-02-09", "2027-02-11", "2027-02-16", "2027-02-18", "2027-02-23",
          "2027-02-25"]:
    _s("ST-501", "T-11", "CALC-BC", d, "16:30", notes="Series and convergence tests.",
       homework="Textbook 10.3, odd problems")
_calla_march = [("2027-03-02", "T-11"), ("2027-03-04", "T-11"), ("2027-03-06", "T-15"), ("2027-03-09", "T-11"),
                ("2027-03-11", "T-11"), ("2027-03-13", "T-15"), ("2027-03-16", "T-11"), ("2027-03-18", "T-11"),
                ("2027-03-20", "T-15"), ("2027-03-23", "T-11"), ("2027-03-25", "T-11"), ("2027-03-27", "T-15"),
                ("2027-03-30", "T-11")]
for d, t in _calla_march:
    st = {"2027-03-11": "cancelled", "2027-03-20": "no_show"}.get(d, "completed")
    if t == "T-11":
        _s("ST-501", t, "CALC-BC", d, "16:30", status=st, notes="Parametric and polar curves.",
           homework="Free-response set 2019 #2 and #5")
    else:
        _s("ST-501", t, "SAT-M", d, "10:00", status=st, notes="Heart of algebra drills.",
           homework="Khan practice set 6")
_s("ST-501", "T-11", "CALC-BC", "2027-04-01", "16:30", notes="Review of integration by parts.",
   homework="Free-response set 2021 #4")
_s("ST-501", "T-11", "CALC-BC", "2027-04-06", "16:30", status="scheduled")

# Callum Brightwell: AP Calculus AB with Priya Desmond-Hale (the near-namesake of Priyanka Desmond)
for d in ["2027-03-01", "2027-03-08", "2027-03-15", "2027-03-22", "2027-03-29"]:
    _s("ST-502", "T-12", "CALC-AB", d, "17:00", notes="Related rates.", homework="Worksheet 4.2")

# Tomás Ferreira: AP Physics 1 with Leopold Ashgrove on Mondays, one chemistry catch-up with Hana Marsh-Ibe
for d in ["2027-01-11", "2027-01-18", "2027-01-25", "2027-02-01", "2027-02-08", "2027-02-15", "2027-02-22",
          "2027-03-01", "2027-03-08", "2027-03-15", "2027-03-22", "2027-03-29"]:
    _s("ST-503", "T-13", "PHYS1", d, "15:30", notes="Rotational dynamics.", homework="Unit 7 problem set")
_s("ST-503", "T-17", "CHEM", "2027-03-31", "17:00", notes="Equilibrium constants, Le Chatelier review.",
   homework="ICE-table practice, 8 problems")
_s("ST-503", "T-13", "PHYS1", "2027-04-05", "15:30", status="scheduled")

# Anouk Veldman: essay coaching with Wendeline Trask, one SAT reading session with Marcus Ojukwu
for d in ["2027-02-01", "2027-02-08", "2027-02-15", "2027-02-22", "2027-03-01"]:
    _s("ST-505", "T-16", "ESSAY", d, "17:30", notes="Common App personal statement drafts.",
       homework="Rewrite the opening paragraph")
_s("ST-505", "T-15", "SAT-RW", "2027-02-18", "16:00", room="Riverside branch, room 3",
   notes="Evidence-based reading; paired passages.", homework="Practice test 4, sections 1 and 2, timed")
_s("ST-505", "T-16", "ESSAY", "2027-02-18", "19:00", status="cancelled", notes="Tutor unwell.")

# Anouk Veldhuis: chemistry, first with Hana Marsh-Ibe then with Leopold Ashgrove; Spanish with Leonora Ashby
_s("ST-506", "T-17", "CHEM", "2027-02-09", "17:00", notes="Moles and molar mass.", homework="Mole worksheet A")
_s("ST-506", "T-17", "CHEM", "2027-02-16", "17:00", notes="Limiting reagents.", homework="Mole worksheet B")
_s("ST-506", "T-13", "CHEM", "2027-03-15", "16:00", notes="Balancing equations.",
   homework="Stoichiometry worksheet A, problems 1-10")
_s("ST-506", "T-13", "CHEM", "2027-03-29", "16:00", notes="Percent yield and stoichiometry.",
   homework="Stoichiometry worksheet C, problems 4-15")
_s("ST-506", "T-14", "SPAN", "2027-03-30", "15:00", notes="Preterite vs imperfect.",
   homework="Write a 150-word diary entry in the past tense")
_s("ST-506", "T-13", "CHEM", "2027-04-07", "16:00", status="scheduled")

# Yuki Halvorsen and Desmond Okoye
for d in ["2027-01-12", "2027-01-19", "2027-02-02", "2027-03-16"]:
    _s("ST-504", "T-14", "SPAN", d, "14:30", notes="Subjunctive mood.", homework="Workbook pp. 40-43")
_s("ST-507", "T-15", "SAT-M", "2027-03-27", "13:00", notes="Diagnostic test review.", homework="Practice test 1")

PLANS = {
    "Exam Boost 10": 10, "Term Plan 24": 24, "Single Session": 1, "Exam Boost 10 (senior tutor)": 10,
    "Language Builder 12": 12,
}

PACKAGES = {p["package_id"]: p for p in [
    {"package_id": "PK-7101", "student_id": "ST-501", "plan": "Exam Boost 10", "hours_total": 10.0,
     "hours_used": 10.0, "purchased_on": "2026-10-02", "expires_on": "2027-01-31", "status": "expired",
     "price": 640.0, "payment_ids": ["PM-8790"], "subjects": ["CALC-BC", "SAT-M"]},
    {"package_id": "PK-7140", "student_id": "ST-501", "plan": "Term Plan 24", "hours_total": 24.0,
     "hours_used": 20.5, "purchased_on": "2027-01-29", "expires_on": "2027-05-31", "status": "active",
     "price": 1488.0, "payment_ids": ["PM-8807"], "subjects": ["CALC-BC", "SAT-M"]},
    {"package_id": "PK-7090", "student_id": "ST-502", "plan": "Exam Boost 10", "hours_total": 10.0,
     "hours_used": 10.0, "purchased_on": "2026-09-05", "expires_on": "2026-12-31", "status": "expired",
     "price": 590.0, "payment_ids": ["PM-8781"], "subjects": ["CALC-AB"]},
    {"package_id": "PK-7122", "student_id": "ST-502", "plan": "Exam Boost 10 (senior tutor)", "hours_total": 10.0,
     "hours_used": 5.0, "purchased_on": "2027-02-24", "expires_on": "2027-05-15", "status": "active",
     "price": 612.5, "payment_ids": ["PM-8809"], "subjects": ["CALC-AB"]},
    {"package_id": "PK-7108", "student_id": "ST-503", "plan": "Term Plan 24", "hours_total": 24.0,
     "hours_used": 14.0, "purchased_on": "2027-01-05", "expires_on": "2027-05-31", "status": "active",
     "price": 1560.0, "payment_ids": ["PM-8795", "PM-8801"], "subjects": ["PHYS1", "CHEM"]},
    {"package_id": "PK-7115", "student_id": "ST-504", "plan": "Language Builder 12", "hours_total": 12.0,
     "hours_used": 4.0, "purchased_on": "2027-01-08", "expires_on": "2027-06-30", "status": "active",
     "price": 640.0, "payment_ids": ["PM-8798", "PM-8803"], "subjects": ["SPAN"]},
    {"package_id": "PK-7131", "student_id": "ST-506", "plan": "Term Plan 24", "hours_total": 24.0,
     "hours_used": 5.0, "purchased_on": "2027-02-05", "expires_on": "2027-06-30", "status": "active",
     "price": 1440.0, "payment_ids": ["PM-8805"], "subjects": ["CHEM", "SPAN"]},
]}


def _pm(pid, student, date, amount, method, status, package, card=None, payer=None, note=""):
    return {"payment_id": pid, "student_id": student, "date": date, "amount": amount, "currency": "USD",
            "method": method, "status": status, "package_id": package, "card": card,
            "payer": payer or STUDENTS[student]["guardian"]["name"],
            "receipt_no": "R-" + pid.split("-")[1] + "-" + date[:4], "note": note}


PAYMENTS = {p["payment_id"]: p for p in [
    _pm("PM-8781", "ST-502", "2026-09-05", 590.0, "card", "succeeded", "PK-7090", {"brand": "Mastercard", "last4": "7713"}),
    _pm("PM-8790", "ST-501", "2026-10-02", 640.0, "card", "succeeded", "PK-7101", {"brand": "Visa", "last4": "2290"}),
    _pm("PM-8792", "ST-504", "2026-11-20", 95.5, "card", "succeeded", None, {"brand": "Visa", "last4": "6651"},
        note="Single trial session"),
    _pm("PM-8795", "ST-503", "2027-01-05", 780.0, "bank_transfer", "succeeded", "PK-7108",
        note="First installment of 2"),
    _pm("PM-8798", "ST-504", "2027-01-08", 320.0, "card", "succeeded", "PK-7115", {"brand": "Visa", "last4": "6651"},
        note="First installment of 2"),
    _pm("PM-8801", "ST-503", "2027-02-05", 780.0, "bank_transfer", "succeeded", "PK-7108",
        note="Second installment of 2"),
    _pm("PM-8802", "ST-504", "2027-02-10", 320.0, "card", "failed", "PK-7115", {"brand": "Visa", "last4": "6651"},
        note="Card declined"),
    _pm("PM-8803", "ST-504", "2027-02-12", 320.0, "card", "succeeded", "PK-7115",
        {"brand": "Amex", "last4": "1009"}, note="Second installment of 2 (retry)"),
    _pm("PM-8805", "ST-506", "2027-02-05", 1440.0, "card", "succeeded", "PK-7131",
        {"brand": "Discover", "last4": "5528"}),
    _pm("PM-8807", "ST-501", "2027-01-29", 1488.0, "card", "succeeded", "PK-7140", {"brand": "Visa", "last4": "2290"}),
    _pm("PM-8809", "ST-502", "2027-02-24", 612.5, "card", "succeeded", "PK-7122",
        {"brand": "Mastercard", "last4": "0382"}),
    _pm("PM-8811", "ST-504", "2027-03-15", 95.5, "card", "succeeded", None, {"brand": "Amex", "last4": "1009"},
        note="Extra single session (exam week)"),
    _pm("PM-8814", "ST-504", "2027-03-21", 95.5, "card", "refunded", None, {"brand": "Amex", "last4": "1009"},
        note="Duplicate charge, refunded 2027-03-23"),
]}

BOOKINGS = {}


def session_ref(student_id, tutor_id, date, time):
    return "BKG-" + hashlib.sha1("|".join([student_id, tutor_id, date, time]).encode()).hexdigest().upper()[:6]


def student_summary(s):
    return {k: s[k] for k in ("student_id", "name", "email", "grade", "school")}


def tutor_summary(t):
    return {"tutor_id": t["tutor_id"], "name": t["name"], "status": t["status"],
            "subjects": [{"code": c, "name": SUBJECTS[c]["name"]} for c in t["subjects"]]}


def subject_code(raw):
    key = fold(raw).strip()
    for s in SUBJECTS.values():
        if key in (fold(s["code"]), fold(s["name"])):
            return s["code"]
    return None


@route("GET", "/students")
def search_students(params, query, body):
    name, email = (query.get("name") or "").strip(), (query.get("email") or "").strip().lower()
    if not name and not email:
        raise ApiError(400, "give name or email")
    rows = [student_summary(s) for s in STUDENTS.values()
            if (not email or s["email"] == email) and (not name or words_in(name, s["name"]))]
    return 200, {"students": rows, "count": len(rows)}


@route("GET", "/students/{student_id}")
def get_student(params, query, body):
    s = get_or_404(STUDENTS, params["student_id"], "student")
    return 200, json.loads(json.dumps(s))


@route("GET", "/tutors")
def list_tutors(params, query, body):
    name, subject = (query.get("name") or "").strip(), (query.get("subject") or "").strip()
    rows = []
    for t in TUTORS.values():
        if name and not words_in(name, t["name"]):
            continue
        if subject:
            names = " ".join([SUBJECTS[c]["name"] + " " + c for c in t["subjects"]])
            if not words_in(subject, names):
                continue
        rows.append(tutor_summary(t))
    return 200, {"tutors": rows, "count": len(rows)}


@route("GET", "/tutors/{tutor_id}")
def get_tutor(params, query, body):
    t = get_or_404(TUTORS, params["tutor_id"], "tutor")
    out = json.loads(json.dumps(t))
    out["subjects"] = [{"code": c, "name": SUBJECTS[c]["name"]} for c in t["subjects"]]
    out["currency"] = "USD"
    return 200, out


@route("GET", "/subjects")
def list_subjects(params, query, body):
    level = (query.get("level") or "").strip().lower()
    rows = [dict(s) for s in SUBJECTS.values() if not level or s["level"] == level]
    return 200, {"subjects": rows, "count": len(rows)}


def all_sessions():
    return list(SESSIONS.values()) + list(BOOKINGS.values())


@route("GET", "/sessions")
def list_sessions(params, query, body):
    student = (query.get("student_id") or "").strip().upper()
    tutor = (query.get("tutor_id") or "").strip().upper()
    subject = (query.get("subject") or "").strip()
    code = subject_code(subject) if subject else None
    if subject and not code:
        raise ApiError(400, f"unknown subject {subject!r}; see GET /subjects")
    status = (query.get("status") or "").strip().lower()
    if status and status not in ("scheduled", "completed", "cancelled", "no_show"):
        raise ApiError(400, "status must be scheduled, completed, cancelled or no_show")
    dfrom = date_param(query["date_from"], "date_from") if query.get("date_from") else None
    dto = date_param(query["date_to"], "date_to") if query.get("date_to") else None
    sort = (query.get("sort") or "date_asc").strip().lower()
    if sort not in ("date_asc", "date_desc"):
        raise ApiError(400, "sort must be date_asc or date_desc")
    page, per_page = int_param(query, "page", 1, hi=1000), int_param(query, "per_page", 10, hi=25)
    rows = [s for s in all_sessions() if (not student or s["student_id"] == student)
            and (not tutor or s["tutor_id"] == tutor) and (not code or s["subject"] == code)
            and (not status or s["status"] == status) and (not dfrom or s["date"] >= dfrom)
            and (not dto or s["date"] <= dto)]
    rows.sort(key=lambda s: (s["date"], s["time"], s["session_id"]), reverse=(sort == "date_desc"))
    chunk = rows[(page - 1) * per_page: page * per_page]
    items = [{"id": s["session_id"], "stu": s["student_id"], "tut": s["tutor_id"], "subj": s["subject"],
              "d": s["date"], "t": s["time"], "min": s["duration_min"], "st": s["status"]} for s in chunk]
    return 200, {"items": items, "page": page, "per_page": per_page, "total_count": len(rows),
                 "has_more": page * per_page < len(rows)}


@route("GET", "/sessions/{session_id}")
def get_session(params, query, body):
    key = str(params["session_id"]).strip().upper()
    s = SESSIONS.get(key) or BOOKINGS.get(key)
    if s is None:
        raise ApiError(404, f"no session {params['session_id']!r}")
    st, tu = STUDENTS[s["student_id"]], TUTORS[s["tutor_id"]]
    return 200, {"session_id": s["session_id"], "date": s["date"], "time": s["time"],
                 "duration_min": s["duration_min"], "status": s["status"], "location": s["location"],
                 "subject": {"code": s["subject"], "name": SUBJECTS[s["subject"]]["name"]},
                 "student": {"student_id": st["student_id"], "name": st["name"]},
                 "tutor": {"tutor_id": tu["tutor_id"], "name": tu["name"]},
                 "notes": s["notes"], "homework": s["homework"]}


@route("POST", "/sessions")
def book_session(params, query, body):
    for field in ("student_id", "tutor_id", "subject", "date", "time"):
        if not body.get(field):
            raise ApiError(400, f"{field} is required")
    student = get_or_404(STUDENTS, body["student_id"], "student")
    tutor = get_or_404(TUTORS, body["tutor_id"], "tutor")
    code = subject_code(body["subject"])
    if not code:
        raise ApiError(400, f"unknown subject {body['subject']!r}; see GET /subjects")
    if code not in tutor["subjects"]:
        raise ApiError(422, f"{tutor['name']} does not teach {SUBJECTS[code]['name']}")
    if tutor["status"] != "active":
        raise ApiError(422, f"{tutor['name']} is {tutor['status']}")
    date = date_param(body["date"], "date")
    if date <= TODAY:
        raise ApiError(422, "sessions can only be booked for future dates")
    time = str(body["time"]).strip()
    m = re.fullmatch(r"(\d{1,2}):(\d{2})", time)
    if not m:
        raise ApiError(400, "time must be HH:MM, 24-hour")
    time = f"{int(m.group(1)):02d}:{m.group(2)}"
    minutes = body.get("duration_min") or 60
    if minutes not in (30, 45, 60, 90, 120):
        raise ApiError(400, "duration_min must be 30, 45, 60, 90 or 120")
    day = datetime.date.fromisoformat(date).strftime("%A")
    if not any(a["day"] == day and a["from"] <= time < a["to"] for a in tutor["availability"]):
        raise ApiError(422, f"{tutor['name']} is not available on {day}s at {time}")
    ref = session_ref(student["student_id"], tutor["tutor_id"], date, time)
    with LOCK:
        if ref in BOOKINGS:
            return 200, get_session({"session_id": ref}, {}, None)[1]
        for s in all_sessions():
            if s["tutor_id"] == tutor["tutor_id"] and s["date"] == date and s["time"] == time \
                    and s["status"] == "scheduled":
                raise ApiError(409, f"{tutor['name']} already has a session at {time} on {date}")
        BOOKINGS[ref] = {"session_id": ref, "student_id": student["student_id"], "tutor_id": tutor["tutor_id"],
                         "subject": code, "date": date, "time": time, "duration_min": minutes,
                         "status": "scheduled", "location": tutor["location"], "notes": "", "homework": None}
    return 201, get_session({"session_id": ref}, {}, None)[1]


@route("GET", "/students/{student_id}/packages")
def list_student_packages(params, query, body):
    s = get_or_404(STUDENTS, params["student_id"], "student")
    status = (query.get("status") or "").strip().lower()
    if status and status not in ("active", "expired"):
        raise ApiError(400, "status must be active or expired")
    rows = [p for p in PACKAGES.values() if p["student_id"] == s["student_id"] and (not status or p["status"] == status)]
    rows.sort(key=lambda p: p["purchased_on"], reverse=True)
    items = [{"package_id": p["package_id"], "plan": p["plan"], "status": p["status"],
              "hours_remaining": round(p["hours_total"] - p["hours_used"], 2), "expires_on": p["expires_on"]}
             for p in rows]
    return 200, {"student_id": s["student_id"], "packages": items, "count": len(items)}


@route("GET", "/packages/{package_id}")
def get_package(params, query, body):
    p = get_or_404(PACKAGES, params["package_id"], "package")
    used = [{"session_id": s["session_id"], "date": s["date"], "hours": s["duration_min"] / 60}
            for s in sorted(SESSIONS.values(), key=lambda s: s["date"])
            if s["student_id"] == p["student_id"] and s["status"] in ("completed", "no_show")
            and s["subject"] in p["subjects"] and p["purchased_on"] <= s["date"] <= p["expires_on"]]
    return 200, {"package_id": p["package_id"], "student_id": p["student_id"], "plan": p["plan"],
                 "status": p["status"], "hours": {"total": p["hours_total"], "used": p["hours_used"],
                                                  "remaining": round(p["hours_total"] - p["hours_used"], 2)},
                 "purchased_on": p["purchased_on"], "expires_on": p["expires_on"],
                 "price": p["price"], "currency": "USD",
                 "subjects": [SUBJECTS[c]["name"] for c in p["subjects"]],
                 "payments": [{"payment_id": pid, "status": PAYMENTS[pid]["status"]} for pid in p["payment_ids"]],
                 "recent_usage": used[-5:]}


@route("GET", "/payments")
def list_payments(params, query, body):
    student = (query.get("student_id") or "").strip().upper()
    status = (query.get("status") or "").strip().lower()
    if status and status not in ("succeeded", "failed", "refunded", "pending"):
        raise ApiError(400, "status must be succeeded, failed, refunded or pending")
    dfrom = date_param(query["date_from"], "date_from") if query.get("date_from") else None
    dto = date_param(query["date_to"], "date_to") if query.get("date_to") else None
    rows = [p for p in PAYMENTS.values() if (not student or p["student_id"] == student)
            and (not status or p["status"] == status) and (not dfrom or p["date"] >= dfrom)
            and (not dto or p["date"] <= dto)]
    rows.sort(key=lambda p: (p["date"], p["payment_id"]), reverse=True)
    items = [{"id": p["payment_id"], "dt": p["date"], "amt": p["amount"], "st": p["status"], "pkg": p["package_id"]}
             for p in rows]
    return 200, {"items": items, "count": len(items), "sum_amt": round(sum(p["amount"] for p in rows), 2),
                 "currency": "USD"}


@route("GET", "/payments/{payment_id}")
def get_payment(params, query, body):
    return 200, json.loads(json.dumps(get_or_404(PAYMENTS, params["payment_id"], "payment")))


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
