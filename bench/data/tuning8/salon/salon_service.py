"""Larkspur & Vine Hair Studios API: an in-memory HTTP service built on the Python standard library only.

Usage: python salon_service.py PORT   (serves under /api on 127.0.0.1:PORT)

The chain has four branches in and around Port Ellery. Clients, stylists, branches, appointments, the service menu
with prices per stylist level, and gift cards. Deterministic: fixed seed data, no clock ("today" is 2027-03-10), no
randomness; the code of a newly bought gift card is a SHA-1 prefix of the purchase's content, and buying the same
card twice returns the first one. Every name, email, phone number, address and code is invented.
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

TODAY = "2027-03-10"
CURRENCY = "USD"
_LOCK = threading.Lock()
_ROUTES = []


class HttpError(Exception):
    def __init__(self, status, message):
        super().__init__(message)
        self.status, self.message = status, message


def endpoint(method, template):
    pattern = re.compile("^/api" + re.sub(r"\{(\w+)\}", r"(?P<\1>[^/]+)", template) + "/?$")

    def register(fn):
        _ROUTES.append((method, pattern, fn))
        return fn
    return register


def _fold(text):
    text = unicodedata.normalize("NFKD", str(text))
    return "".join(ch for ch in text if not unicodedata.combining(ch)).lower()


def _tokens(text):
    return [t for t in re.split(r"[\s,.;:'\u2019&()/-]+", _fold(text)) if t]


def _matches(query, *fields):
    """Every word of the query occurs in one of the fields (accent- and case-insensitive)."""
    hay = " ".join(_fold(f) for f in fields)
    return all(t in hay for t in _tokens(query))


def _lookup(table, key, what):
    row = table.get(str(key).strip().upper())
    if row is None:
        raise HttpError(404, f"no {what} with id {key!r}")
    return row


def _date_arg(value, name):
    try:
        return datetime.date.fromisoformat(str(value).strip()).isoformat()
    except ValueError:
        raise HttpError(400, f"{name} must be a date in YYYY-MM-DD form") from None


def _int_arg(query, name, default, lo, hi):
    raw = query.get(name)
    if raw in (None, ""):
        return default
    try:
        value = int(raw)
    except ValueError:
        raise HttpError(400, f"{name} must be an integer") from None
    if not lo <= value <= hi:
        raise HttpError(400, f"{name} must be between {lo} and {hi}")
    return value


# ------------------------------------------------------------------------------------------------ branches
WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]


def _hours(mon, tue_fri, thu, sat, sun):
    return {"monday": mon, "tuesday": tue_fri, "wednesday": tue_fri, "thursday": thu, "friday": tue_fri,
            "saturday": sat, "sunday": sun}


BRANCHES = {b["branch_id"]: b for b in [
    {"branch_id": "BR-01", "name": "Larkspur & Vine Riverside", "area": "Riverside", "city": "Port Ellery",
     "address": "418 Quayside Avenue, Port Ellery, OR 97391", "phone": "(971) 555-0118",
     "email": "riverside@larkspurvine.example.com", "manager": "Philippa Ostrander",
     "hours": _hours("closed", "09:00-19:00", "09:00-21:00", "08:30-18:00", "10:00-16:00"),
     "parking": "Free 2-hour parking in the Quayside garage (validate at the desk)", "step_free": True,
     "chairs": 9, "opened": "2011-04-02"},
    {"branch_id": "BR-02", "name": "Larkspur & Vine Old Town", "area": "Old Town", "city": "Port Ellery",
     "address": "9 Cobbler's Lane, Port Ellery, OR 97390", "phone": "(971) 555-0162",
     "email": "oldtown@larkspurvine.example.com", "manager": "Gideon Marwick",
     "hours": _hours("closed", "10:00-19:00", "10:00-20:00", "09:00-17:00", "closed"),
     "parking": "Street parking only (metered until 18:00)", "step_free": False, "chairs": 6,
     "opened": "2008-09-15"},
    {"branch_id": "BR-03", "name": "Larkspur & Vine Riverside Mall", "area": "Riverside Mall", "city": "Port Ellery",
     "address": "Unit 42, Riverside Mall, 1200 Harlow Road, Port Ellery, OR 97392", "phone": "(971) 555-0143",
     "email": "riversidemall@larkspurvine.example.com", "manager": "Corentin Abiodun",
     "hours": _hours("10:00-20:00", "10:00-20:00", "10:00-21:00", "09:00-20:00", "11:00-17:00"),
     "parking": "Mall car park, free", "step_free": True, "chairs": 12, "opened": "2019-11-23"},
    {"branch_id": "BR-04", "name": "Larkspur & Vine Hillcrest", "area": "Hillcrest", "city": "Ashby Heights",
     "address": "77 Summit Street, Ashby Heights, OR 97401", "phone": "(541) 555-0177",
     "email": "hillcrest@larkspurvine.example.com", "manager": "Maribel Tunstall",
     "hours": _hours("closed", "09:30-18:30", "09:30-20:00", "09:00-17:00", "closed"),
     "parking": "Small lot behind the building (6 spaces)", "step_free": True, "chairs": 5,
     "opened": "2022-03-05"},
]}

# ------------------------------------------------------------------------------------------------ stylists
STYLISTS = {s["stylist_id"]: s for s in [
    {"stylist_id": "ST-101", "name": "Marisol Quintero", "level": "master", "branch_id": "BR-01",
     "specialties": ["balayage", "color correction", "gloss"], "joined": "2012-02-14",
     "working_days": ["tuesday", "wednesday", "thursday", "friday", "saturday"],
     "instagram": "@marisol.colors", "languages": ["English", "Spanish"]},
    {"stylist_id": "ST-102", "name": "Marisela Quintana", "level": "senior", "branch_id": "BR-03",
     "specialties": ["balayage", "blow-dry"], "joined": "2019-11-23",
     "working_days": ["monday", "thursday", "friday", "saturday", "sunday"],
     "instagram": "@marisela.q.hair", "languages": ["English", "Spanish"]},
    {"stylist_id": "ST-103", "name": "Jonah Okafor", "level": "senior", "branch_id": "BR-02",
     "specialties": ["men's cuts", "fades", "beard trims"], "joined": "2016-06-01",
     "working_days": ["tuesday", "wednesday", "thursday", "friday", "saturday"],
     "instagram": "@jonahcuts", "languages": ["English", "Igbo"]},
    {"stylist_id": "ST-104", "name": "Priya Venkataraman", "level": "master", "branch_id": "BR-02",
     "specialties": ["bridal", "updos", "blow-dry"], "joined": "2009-03-10",
     "working_days": ["wednesday", "thursday", "friday", "saturday"],
     "instagram": "@priya.bridal.hair", "languages": ["English", "Tamil"]},
    {"stylist_id": "ST-105", "name": "Tobias Renner", "level": "junior", "branch_id": "BR-01",
     "specialties": ["men's cuts", "blow-dry"], "joined": "2025-08-18",
     "working_days": ["thursday", "friday", "saturday", "sunday"],
     "instagram": "@tobi.renner.cuts", "languages": ["English", "German"]},
    {"stylist_id": "ST-106", "name": "Keiko Aramaki", "level": "senior", "branch_id": "BR-04",
     "specialties": ["curly hair", "keratin smoothing", "color"], "joined": "2022-03-05",
     "working_days": ["tuesday", "wednesday", "friday", "saturday"],
     "instagram": "@keiko.smooth.and.curl", "languages": ["English", "Japanese"]},
    {"stylist_id": "ST-107", "name": "Ines Halloran", "level": "junior", "branch_id": "BR-04",
     "specialties": ["blow-dry", "women's cuts"], "joined": "2024-09-02",
     "working_days": ["tuesday", "thursday", "friday", "saturday"],
     "instagram": "@ines.does.hair", "languages": ["English"]},
    {"stylist_id": "ST-108", "name": "Delphine Okonjo-Reyes", "level": "master", "branch_id": "BR-03",
     "specialties": ["extensions", "balayage", "color correction"], "joined": "2014-05-20",
     "working_days": ["monday", "tuesday", "wednesday", "thursday", "friday"],
     "instagram": "@delphine.extensions", "languages": ["English", "French"]},
    {"stylist_id": "ST-109", "name": "Rafael Szabo", "level": "senior", "branch_id": "BR-01",
     "specialties": ["curly hair", "men's cuts"], "joined": "2018-01-08",
     "working_days": ["wednesday", "thursday", "friday", "saturday", "sunday"],
     "instagram": "@szabo.curls", "languages": ["English", "Hungarian", "Portuguese"]},
    {"stylist_id": "ST-110", "name": "Anouk Verhaegen", "level": "junior", "branch_id": "BR-02",
     "specialties": ["women's cuts", "gloss"], "joined": "2025-01-13",
     "working_days": ["tuesday", "wednesday", "thursday", "saturday"],
     "instagram": "@anouk.v.hair", "languages": ["English", "Dutch"]},
    {"stylist_id": "ST-111", "name": "Jonathan Okafor", "level": "master", "branch_id": "BR-04",
     "specialties": ["men's cuts", "fades", "color"], "joined": "2010-10-04",
     "working_days": ["tuesday", "wednesday", "thursday", "friday", "saturday"],
     "instagram": "@j.okafor.barber", "languages": ["English"]},
    {"stylist_id": "ST-112", "name": "Keiko Arakawa", "level": "junior", "branch_id": "BR-02",
     "specialties": ["keratin smoothing", "blow-dry"], "joined": "2025-06-30",
     "working_days": ["wednesday", "thursday", "friday", "saturday"],
     "instagram": "@keiko.arakawa.hair", "languages": ["English", "Japanese"]},
]}

# ------------------------------------------------------------------------------------------------ services
# code: (name, category, minutes, junior, senior, master) - None: not offered at that level
SERVICES = {code: {"svc": code, "nm": nm, "cat": cat, "min": mins, "px": {"jr": jr, "sr": sr, "ma": ma}}
            for code, (nm, cat, mins, jr, sr, ma) in {
    "SV-CUTW": ("Women's cut & blow-dry", "cut", 60, 58.0, 74.0, 95.0),
    "SV-CUTM": ("Men's cut", "cut", 30, 32.0, 42.0, 55.0),
    "SV-FADE": ("Skin fade", "cut", 40, 36.0, 46.0, 60.0),
    "SV-BEARD": ("Beard trim & line-up", "cut", 20, 18.0, 24.0, 30.0),
    "SV-CURL": ("Curly cut (dry cut, curl by curl)", "cut", 75, 70.0, 88.0, 110.0),
    "SV-BLOW": ("Blow-dry only", "styling", 40, 38.0, 48.0, 60.0),
    "SV-UPDO": ("Bridal updo", "styling", 90, None, 150.0, 210.0),
    "SV-TRIAL": ("Bridal trial", "styling", 60, None, 85.0, 120.0),
    "SV-BAL": ("Balayage", "color", 180, 165.0, 210.0, 265.0),
    "SV-BALR": ("Balayage refresh", "color", 120, 120.0, 155.0, 195.0),
    "SV-ROOT": ("Root color", "color", 90, 78.0, 96.0, 120.0),
    "SV-GLOSS": ("Gloss / toner", "color", 30, 35.0, 45.0, 55.0),
    "SV-CORR": ("Color correction (per hour)", "color", 60, None, 95.0, 130.0),
    "SV-KER": ("Keratin smoothing treatment", "treatment", 150, 190.0, 240.0, 295.0),
    "SV-KERX": ("Keratin express (bangs & hairline)", "treatment", 45, 65.0, 80.0, 95.0),
    "SV-EXT": ("Tape-in extensions (full head)", "extensions", 180, None, None, 520.0),
}.items()}
LEVEL_KEY = {"junior": "jr", "senior": "sr", "master": "ma"}

# ------------------------------------------------------------------------------------------------ clients
CLIENTS = {c["client_id"]: c for c in [
    {"client_id": "CL-5001", "name": "Beatrix Albescu", "email": "beatrix.albescu@example.com",
     "phone": "(971) 555-2301", "home_branch_id": "BR-01", "preferred_stylist_id": "ST-101", "points": 1240,
     "tier": "gold", "member_since": "2015-07-11", "hair": {"type": "fine, straight",
     "notes": "Sensitive scalp; patch test 48 hours before any color service."}, "marketing_opt_in": True},
    {"client_id": "CL-5002", "name": "Beatrice Albescu-Ward", "email": "bea.albescuward@example.org",
     "phone": "(971) 555-2388", "home_branch_id": "BR-03", "preferred_stylist_id": "ST-102", "points": 860,
     "tier": "silver", "member_since": "2020-02-29", "hair": {"type": "thick, wavy",
     "notes": "Prefers a rough-dry finish."}, "marketing_opt_in": False},
    {"client_id": "CL-5003", "name": "Ravi Chandrasekar", "email": "ravi.c@example.net",
     "phone": "(971) 555-2410", "home_branch_id": "BR-01", "preferred_stylist_id": "ST-105", "points": 310,
     "tier": "bronze", "member_since": "2025-10-02", "hair": {"type": "straight", "notes": ""},
     "marketing_opt_in": True},
    {"client_id": "CL-5004", "name": "Ravi Chandrasekhar", "email": "r.chandrasekhar@example.com",
     "phone": "(971) 555-2477", "home_branch_id": "BR-02", "preferred_stylist_id": "ST-103", "points": 575,
     "tier": "silver", "member_since": "2021-05-19", "hair": {"type": "coarse, straight",
     "notes": "Number 1 guard on the sides, scissors on top."}, "marketing_opt_in": False},
    {"client_id": "CL-5005", "name": "Odalys Ferreira-Monk", "email": "odalys.fm@example.com",
     "phone": "(971) 555-2519", "home_branch_id": "BR-01", "preferred_stylist_id": "ST-108", "points": 2015,
     "tier": "platinum", "member_since": "2014-06-03", "hair": {"type": "fine, long",
     "notes": "Tape-in extensions, refit every 8 weeks."}, "marketing_opt_in": True},
    {"client_id": "CL-5013", "name": "Odalys Ferreira", "email": "odalys.ferreira@example.org",
     "phone": "(541) 555-2590", "home_branch_id": "BR-04", "preferred_stylist_id": "ST-106", "points": 140,
     "tier": "bronze", "member_since": "2026-08-21", "hair": {"type": "curly (3B)", "notes": ""},
     "marketing_opt_in": False},
    {"client_id": "CL-5006", "name": "Wendell Ashgrove", "email": "wendell.ashgrove@example.com",
     "phone": "(971) 555-2633", "home_branch_id": "BR-02", "preferred_stylist_id": "ST-103", "points": 420,
     "tier": "bronze", "member_since": "2023-01-09", "hair": {"type": "short", "notes": ""},
     "marketing_opt_in": True},
    {"client_id": "CL-5007", "name": "Siobhan Kavanagh-Price", "email": "siobhan.kp@example.net",
     "phone": "(971) 555-2655", "home_branch_id": "BR-02", "preferred_stylist_id": "ST-104", "points": 990,
     "tier": "silver", "member_since": "2018-04-30", "hair": {"type": "long, thick",
     "notes": "Wedding on 2027-05-15; trial booked."}, "marketing_opt_in": True},
    {"client_id": "CL-5008", "name": "Lucian Petrakis", "email": "lucian.petrakis@example.net",
     "phone": "(541) 555-2702", "home_branch_id": "BR-04", "preferred_stylist_id": "ST-111", "points": 655,
     "tier": "silver", "member_since": "2022-04-16", "hair": {"type": "short, wavy", "notes": ""},
     "marketing_opt_in": False},
    {"client_id": "CL-5014", "name": "Lucien Petrakis", "email": "lucien.petrakis@example.com",
     "phone": "(971) 555-2731", "home_branch_id": "BR-01", "preferred_stylist_id": "ST-109", "points": 95,
     "tier": "bronze", "member_since": "2026-11-02", "hair": {"type": "curly", "notes": ""},
     "marketing_opt_in": True},
    {"client_id": "CL-5009", "name": "Maren Tillotson", "email": "maren.tillotson@example.org",
     "phone": "(971) 555-2766", "home_branch_id": "BR-03", "preferred_stylist_id": "ST-108", "points": 1520,
     "tier": "gold", "member_since": "2019-12-01", "hair": {"type": "medium, colored", "notes": ""},
     "marketing_opt_in": True},
    {"client_id": "CL-5010", "name": "Hollis Abernathy", "email": "hollis.abernathy@example.com",
     "phone": "(541) 555-2814", "home_branch_id": "BR-04", "preferred_stylist_id": "ST-106", "points": 780,
     "tier": "silver", "member_since": "2022-06-25", "hair": {"type": "curly (3A)", "notes": ""},
     "marketing_opt_in": True},
    {"client_id": "CL-5011", "name": "Yusra Belhadj", "email": "yusra.belhadj@example.net",
     "phone": "(971) 555-2850", "home_branch_id": "BR-03", "preferred_stylist_id": "ST-102", "points": 230,
     "tier": "bronze", "member_since": "2025-03-03", "hair": {"type": "long, straight", "notes": ""},
     "marketing_opt_in": False},
    {"client_id": "CL-5012", "name": "Tamsin Yarrow", "email": "tamsin.yarrow@example.com",
     "phone": "(971) 555-2893", "home_branch_id": "BR-01", "preferred_stylist_id": "ST-101", "points": 1105,
     "tier": "gold", "member_since": "2016-09-14", "hair": {"type": "curly (3C), color-treated",
     "notes": "Trying a curly specialist this spring."}, "marketing_opt_in": True},
    {"client_id": "CL-5015", "name": "Tamara Yarrow", "email": "tamara.yarrow@example.org",
     "phone": "(541) 555-2921", "home_branch_id": "BR-04", "preferred_stylist_id": "ST-107", "points": 60,
     "tier": "bronze", "member_since": "2026-12-12", "hair": {"type": "straight", "notes": ""},
     "marketing_opt_in": False},
    {"client_id": "CL-5016", "name": "Augustin Feld", "email": "augustin.feld@example.com",
     "phone": "(971) 555-2957", "home_branch_id": "BR-02", "preferred_stylist_id": "ST-103", "points": 340,
     "tier": "bronze", "member_since": "2024-02-02", "hair": {"type": "short", "notes": ""},
     "marketing_opt_in": True},
    {"client_id": "CL-5017", "name": "Cosima Drummond", "email": "cosima.drummond@example.net",
     "phone": "(971) 555-2984", "home_branch_id": "BR-02", "preferred_stylist_id": "ST-110", "points": 210,
     "tier": "bronze", "member_since": "2025-05-17", "hair": {"type": "bob", "notes": ""},
     "marketing_opt_in": False},
    {"client_id": "CL-5018", "name": "Ezekiel Mbatha", "email": "ezekiel.mbatha@example.org",
     "phone": "(971) 555-3012", "home_branch_id": "BR-02", "preferred_stylist_id": "ST-103", "points": 505,
     "tier": "silver", "member_since": "2020-10-10", "hair": {"type": "coily (4C)", "notes": ""},
     "marketing_opt_in": True},
    {"client_id": "CL-5019", "name": "Petronella Vasquez", "email": "petronella.v@example.com",
     "phone": "(541) 555-3047", "home_branch_id": "BR-04", "preferred_stylist_id": "ST-111", "points": 890,
     "tier": "silver", "member_since": "2022-07-07", "hair": {"type": "medium", "notes": ""},
     "marketing_opt_in": True},
    {"client_id": "CL-5020", "name": "Florian Castellanos", "email": "florian.castellanos@example.net",
     "phone": "(971) 555-3088", "home_branch_id": "BR-01", "preferred_stylist_id": "ST-109", "points": 150,
     "tier": "bronze", "member_since": "2026-01-20", "hair": {"type": "curly", "notes": ""},
     "marketing_opt_in": False},
]}

# ------------------------------------------------------------------------------------------------ gift cards
GIFT_CARDS = {g["code"]: g for g in [
    {"code": "GC-7Q2M4K", "st": "active", "orig": 75.0, "bal": 41.5, "iss": "2026-08-31", "exp": "2027-08-31",
     "by": "CL-5009", "to": "Yusra Belhadj",
     "uses": [{"d": "2026-10-14", "appt": "AP-29804", "amt": 33.5}]},
    {"code": "GC-4HX8TD", "st": "active", "orig": 100.0, "bal": 18.25, "iss": "2026-11-29", "exp": "2027-11-29",
     "by": "CL-5006", "to": "Ravi Chandrasekhar",
     "uses": [{"d": "2026-12-22", "appt": "AP-30088", "amt": 29.75}, {"d": "2027-02-26", "appt": "AP-30471",
                                                                        "amt": 52.0}]},
    {"code": "GC-9PL3VW", "st": "spent", "orig": 50.0, "bal": 0.0, "iss": "2026-06-01", "exp": "2027-06-01",
     "by": "CL-5016", "to": "Ravi Chandrasekhar",
     "uses": [{"d": "2027-01-15", "appt": "AP-30212", "amt": 50.0}]},
    {"code": "GC-4HX8TB", "st": "active", "orig": 150.0, "bal": 112.0, "iss": "2026-12-05", "exp": "2027-12-05",
     "by": "CL-5003", "to": "Ravi Chandrasekar",
     "uses": [{"d": "2027-02-19", "appt": "AP-30455", "amt": 38.0}]},
    {"code": "GC-2RN6YE", "st": "expired", "orig": 60.0, "bal": 22.0, "iss": "2025-12-20", "exp": "2026-12-20",
     "by": "CL-5001", "to": "Tamsin Yarrow", "uses": [{"d": "2026-03-02", "appt": "AP-28115", "amt": 38.0}]},
]}
NEW_GIFT_CARDS = {}

# ------------------------------------------------------------------------------------------------ appointments
APPOINTMENTS = {}


def _appt(aid, client_id, stylist_id, date, time, status, services, tip=0.0, gift_card=None, gift_amount=0.0,
          note=""):
    st = STYLISTS[stylist_id]
    key = LEVEL_KEY[st["level"]]
    lines = []
    for code in services:
        s = SERVICES[code]
        lines.append({"code": code, "name": s["nm"], "minutes": s["min"], "price": s["px"][key]})
    subtotal = round(sum(x["price"] for x in lines), 2)
    payment = None
    if status == "completed":
        rest = round(subtotal + tip - gift_amount, 2)
        payment = {"gift_card_code": gift_card, "gift_card_amount": gift_amount if gift_card else 0.0,
                   "card_amount": rest, "method": "gift card + card" if gift_card and rest > 0 else
                   ("gift card" if gift_card else "card")}
    APPOINTMENTS[aid] = {
        "appointment_id": aid, "date": date, "time": time, "status": status,
        "client": {"client_id": client_id, "name": CLIENTS[client_id]["name"]},
        "stylist": {"stylist_id": stylist_id, "name": st["name"], "level": st["level"]},
        "branch_id": st["branch_id"], "services": lines, "subtotal": subtotal,
        "tip": tip if status == "completed" else 0.0,
        "total": round(subtotal + (tip if status == "completed" else 0.0), 2), "payment": payment,
        "note": note}


# Jonah Okafor (ST-103, Old Town): 13 booked between 2027-03-15 and 2027-03-28, two cancelled in that span,
# booked ones just outside it, and completed ones before today.
_JONAH = [
    ("AP-30390", "CL-5006", "2027-03-02", "10:00", "completed", ["SV-CUTM"]),
    ("AP-30402", "CL-5018", "2027-03-05", "11:30", "completed", ["SV-FADE", "SV-BEARD"]),
    ("AP-30415", "CL-5016", "2027-03-09", "15:00", "completed", ["SV-CUTM"]),
    ("AP-30516", "CL-5017", "2027-03-13", "10:00", "booked", ["SV-CUTM"]),
    ("AP-30521", "CL-5006", "2027-03-16", "10:00", "booked", ["SV-CUTM"]),
    ("AP-30522", "CL-5018", "2027-03-16", "13:00", "booked", ["SV-FADE"]),
    ("AP-30524", "CL-5016", "2027-03-17", "11:00", "booked", ["SV-CUTM", "SV-BEARD"]),
    ("AP-30527", "CL-5020", "2027-03-18", "09:30", "booked", ["SV-CUTM"]),
    ("AP-30528", "CL-5011", "2027-03-18", "14:00", "cancelled", ["SV-CUTM"]),
    ("AP-30531", "CL-5019", "2027-03-19", "15:00", "booked", ["SV-FADE"]),
    ("AP-30533", "CL-5014", "2027-03-20", "10:00", "booked", ["SV-CUTM"]),
    ("AP-30534", "CL-5003", "2027-03-20", "12:30", "booked", ["SV-FADE", "SV-BEARD"]),
    ("AP-30540", "CL-5017", "2027-03-23", "16:00", "booked", ["SV-CUTM"]),
    ("AP-30543", "CL-5008", "2027-03-24", "14:30", "booked", ["SV-CUTM", "SV-BEARD"]),
    ("AP-30546", "CL-5006", "2027-03-25", "10:30", "booked", ["SV-BEARD"]),
    ("AP-30549", "CL-5018", "2027-03-26", "11:00", "booked", ["SV-CUTM"]),
    ("AP-30550", "CL-5020", "2027-03-26", "15:00", "cancelled", ["SV-FADE"]),
    ("AP-30552", "CL-5016", "2027-03-27", "09:00", "booked", ["SV-FADE"]),
    ("AP-30553", "CL-5019", "2027-03-27", "13:30", "booked", ["SV-CUTM"]),
    ("AP-30561", "CL-5004", "2027-03-30", "11:00", "booked", ["SV-CUTM", "SV-FADE"]),
]
for _a in _JONAH:
    _appt(_a[0], _a[1], "ST-103", *_a[2:])

# Jonathan Okafor (ST-111, Hillcrest) is busy in the same fortnight.
for _i, (_d, _t) in enumerate([("2027-03-16", "09:30"), ("2027-03-17", "10:00"), ("2027-03-18", "11:00"),
                                ("2027-03-19", "09:30"), ("2027-03-20", "10:30"), ("2027-03-23", "14:00"),
                                ("2027-03-24", "09:30"), ("2027-03-25", "16:00"), ("2027-03-26", "10:00")]):
    _appt(f"AP-306{_i + 10}", ["CL-5019", "CL-5010", "CL-5015"][_i % 3], "ST-111", _d, _t, "booked",
          ["SV-CUTM"] if _i % 2 else ["SV-FADE"])

# Ravi Chandrasekhar (CL-5004): his latest visit (2027-02-26) was part-paid with GC-4HX8TD; the one before with
# GC-9PL3VW; one more is booked for 2027-03-30 (above).
_appt("AP-30088", "CL-5004", "ST-103", "2026-12-22", "12:00", "completed", ["SV-CUTM"], tip=6.0,
      gift_card="GC-4HX8TD", gift_amount=29.75, note="Rest of the cut plus tip on card.")
_appt("AP-30212", "CL-5004", "ST-103", "2027-01-15", "16:30", "completed", ["SV-CUTM", "SV-FADE"], tip=8.0,
      gift_card="GC-9PL3VW", gift_amount=50.0)
_appt("AP-30471", "CL-5004", "ST-103", "2027-02-26", "10:00", "completed", ["SV-FADE", "SV-BEARD"], tip=10.0,
      gift_card="GC-4HX8TD", gift_amount=52.0)
# Ravi Chandrasekar (CL-5003), the near namesake, also pays with a gift card.
_appt("AP-30455", "CL-5003", "ST-105", "2027-02-19", "13:00", "completed", ["SV-FADE"], tip=4.0,
      gift_card="GC-4HX8TB", gift_amount=38.0)
_appt("AP-30490", "CL-5003", "ST-105", "2027-03-04", "17:00", "completed", ["SV-CUTM"], tip=5.0)

# Tamsin Yarrow (CL-5012): her 2027-03-19 appointment is with Rafael Szabo, not her usual colorist.
_appt("AP-30318", "CL-5012", "ST-101", "2027-02-05", "11:00", "completed", ["SV-ROOT", "SV-GLOSS"], tip=30.0)
_appt("AP-30532", "CL-5012", "ST-109", "2027-03-19", "13:00", "booked", ["SV-CURL"])
_appt("AP-30620", "CL-5012", "ST-101", "2027-04-09", "11:00", "booked", ["SV-ROOT"])
_appt("AP-30535", "CL-5015", "ST-107", "2027-03-19", "10:00", "booked", ["SV-BLOW"])

# Lucian Petrakis (CL-5008): completed visit in February, next one 2027-03-24 at Old Town (above), a later one
# at Hillcrest.
_appt("AP-30366", "CL-5008", "ST-111", "2027-02-10", "09:30", "completed", ["SV-FADE"], tip=9.0)
_appt("AP-30688", "CL-5008", "ST-111", "2027-04-21", "10:00", "booked", ["SV-CUTM", "SV-BEARD"])
_appt("AP-30541", "CL-5014", "ST-109", "2027-03-23", "12:00", "booked", ["SV-CURL"])

# Others.
_appt("AP-29804", "CL-5011", "ST-102", "2026-10-14", "14:00", "completed", ["SV-BLOW"], tip=5.0,
      gift_card="GC-7Q2M4K", gift_amount=33.5)
_appt("AP-30377", "CL-5001", "ST-101", "2027-02-24", "10:00", "completed", ["SV-BAL", "SV-GLOSS"], tip=45.0)
_appt("AP-30601", "CL-5001", "ST-101", "2027-04-14", "10:00", "booked", ["SV-BALR"])
_appt("AP-30382", "CL-5002", "ST-102", "2027-02-25", "15:00", "completed", ["SV-CUTW"], tip=12.0)
_appt("AP-30410", "CL-5005", "ST-108", "2027-03-08", "09:00", "completed", ["SV-EXT"], tip=80.0)
_appt("AP-30570", "CL-5007", "ST-104", "2027-04-03", "09:00", "booked", ["SV-TRIAL"])
_appt("AP-30708", "CL-5007", "ST-104", "2027-05-15", "08:00", "booked", ["SV-UPDO"], note="Wedding day")
_appt("AP-30418", "CL-5009", "ST-108", "2027-03-12", "13:00", "booked", ["SV-BALR", "SV-GLOSS"])
_appt("AP-30423", "CL-5010", "ST-106", "2027-03-11", "10:00", "booked", ["SV-CURL"])
_appt("AP-30301", "CL-5010", "ST-106", "2027-01-29", "10:00", "completed", ["SV-KER"], tip=35.0)
_appt("AP-30429", "CL-5013", "ST-106", "2027-03-12", "14:30", "booked", ["SV-KERX"])
_appt("AP-30433", "CL-5017", "ST-110", "2027-03-13", "10:30", "booked", ["SV-CUTW"])
_appt("AP-30440", "CL-5020", "ST-109", "2027-03-14", "11:00", "booked", ["SV-CURL"])


def _appt_summary(a):
    return {"appointment_id": a["appointment_id"], "date": a["date"], "time": a["time"], "status": a["status"],
            "client_id": a["client"]["client_id"], "client_name": a["client"]["name"],
            "stylist_id": a["stylist"]["stylist_id"], "stylist_name": a["stylist"]["name"],
            "branch_id": a["branch_id"], "services": [s["name"] for s in a["services"]]}


def _client_summary(c):
    return {"client_id": c["client_id"], "name": c["name"], "email": c["email"], "phone": c["phone"],
            "home_branch_id": c["home_branch_id"]}


def _branch_ref(bid):
    return {"branch_id": bid, "name": BRANCHES[bid]["name"]}


def _date_filter(query, rows):
    lo = _date_arg(query["date_from"], "date_from") if query.get("date_from") else None
    hi = _date_arg(query["date_to"], "date_to") if query.get("date_to") else None
    if lo and hi and hi < lo:
        raise HttpError(400, "date_to is before date_from")
    return [a for a in rows if (not lo or a["date"] >= lo) and (not hi or a["date"] <= hi)]


def _status_filter(query, rows):
    status = (query.get("status") or "").strip().lower()
    if status and status not in ("booked", "completed", "cancelled"):
        raise HttpError(400, "status must be booked, completed or cancelled")
    return [a for a in rows if not status or a["status"] == status]


# ------------------------------------------------------------------------------------------------ routes
@endpoint("GET", "/clients")
def search_clients(params, query, body):
    name = (query.get("name") or "").strip()
    email = (query.get("email") or "").strip().lower()
    phone = re.sub(r"\D", "", query.get("phone") or "")
    if not (name or email or phone):
        raise HttpError(400, "give at least one of name, email or phone")
    rows = [_client_summary(c) for c in CLIENTS.values()
            if (not name or _matches(name, c["name"])) and (not email or email in c["email"].lower())
            and (not phone or phone in re.sub(r"\D", "", c["phone"]))]
    return 200, {"clients": rows, "count": len(rows)}


@endpoint("GET", "/clients/{client_id}")
def get_client(params, query, body):
    c = _lookup(CLIENTS, params["client_id"], "client")
    st = STYLISTS[c["preferred_stylist_id"]]
    return 200, {"client_id": c["client_id"], "name": c["name"], "email": c["email"], "phone": c["phone"],
                 "member_since": c["member_since"], "home_branch": _branch_ref(c["home_branch_id"]),
                 "preferred_stylist": {"stylist_id": st["stylist_id"], "name": st["name"]},
                 "loyalty": {"points": c["points"], "tier": c["tier"]}, "hair_profile": dict(c["hair"]),
                 "marketing_opt_in": c["marketing_opt_in"]}


@endpoint("GET", "/clients/{client_id}/appointments")
def list_client_appointments(params, query, body):
    c = _lookup(CLIENTS, params["client_id"], "client")
    rows = [a for a in APPOINTMENTS.values() if a["client"]["client_id"] == c["client_id"]]
    rows = _status_filter(query, _date_filter(query, rows))
    rows.sort(key=lambda a: (a["date"], a["time"]), reverse=True)
    return 200, {"client_id": c["client_id"], "appointments": [_appt_summary(a) for a in rows], "count": len(rows)}


@endpoint("GET", "/stylists")
def list_stylists(params, query, body):
    name = (query.get("name") or "").strip()
    branch = (query.get("branch_id") or "").strip().upper()
    specialty = (query.get("specialty") or "").strip()
    rows = [{"stylist_id": s["stylist_id"], "name": s["name"], "branch_id": s["branch_id"],
             "specialties": list(s["specialties"])}
            for s in STYLISTS.values()
            if (not name or _matches(name, s["name"])) and (not branch or s["branch_id"] == branch)
            and (not specialty or any(_matches(specialty, sp) for sp in s["specialties"]))]
    return 200, {"stylists": rows, "count": len(rows)}


@endpoint("GET", "/stylists/{stylist_id}")
def get_stylist(params, query, body):
    s = _lookup(STYLISTS, params["stylist_id"], "stylist")
    return 200, {"stylist_id": s["stylist_id"], "name": s["name"], "level": s["level"],
                 "branch": _branch_ref(s["branch_id"]), "specialties": list(s["specialties"]),
                 "working_days": list(s["working_days"]), "with_us_since": s["joined"],
                 "instagram": s["instagram"], "languages": list(s["languages"])}


@endpoint("GET", "/branches")
def list_branches(params, query, body):
    q = (query.get("q") or "").strip()
    city = (query.get("city") or "").strip()
    rows = [{"branch_id": b["branch_id"], "name": b["name"], "area": b["area"], "city": b["city"]}
            for b in BRANCHES.values()
            if (not q or _matches(q, b["name"], b["area"])) and (not city or _matches(city, b["city"]))]
    return 200, {"branches": rows, "count": len(rows)}


@endpoint("GET", "/branches/{branch_id}")
def get_branch(params, query, body):
    b = _lookup(BRANCHES, params["branch_id"], "branch")
    out = {k: b[k] for k in ("branch_id", "name", "address", "phone", "email", "manager", "parking", "step_free",
                             "chairs", "opened")}
    out["hours"] = dict(b["hours"])
    out["stylists"] = [s["name"] for s in STYLISTS.values() if s["branch_id"] == b["branch_id"]]
    return 200, out


@endpoint("GET", "/appointments")
def list_appointments(params, query, body):
    stylist = (query.get("stylist_id") or "").strip().upper()
    branch = (query.get("branch_id") or "").strip().upper()
    page = _int_arg(query, "page", 1, 1, 1000)
    size = _int_arg(query, "page_size", 10, 1, 25)
    rows = [a for a in APPOINTMENTS.values()
            if (not stylist or a["stylist"]["stylist_id"] == stylist) and (not branch or a["branch_id"] == branch)]
    rows = _status_filter(query, _date_filter(query, rows))
    rows.sort(key=lambda a: (a["date"], a["time"], a["appointment_id"]))
    chunk = rows[(page - 1) * size: page * size]
    return 200, {"appointments": [_appt_summary(a) for a in chunk], "page": page, "page_size": size,
                 "total_count": len(rows), "next_page": page + 1 if page * size < len(rows) else None}


@endpoint("GET", "/appointments/{appointment_id}")
def get_appointment(params, query, body):
    a = _lookup(APPOINTMENTS, params["appointment_id"], "appointment")
    out = json.loads(json.dumps(a))
    out["currency"] = CURRENCY
    return 200, out


@endpoint("GET", "/services")
def list_services(params, query, body):
    q = (query.get("q") or "").strip()
    cat = (query.get("category") or "").strip().lower()
    rows = [json.loads(json.dumps(s)) for s in SERVICES.values()
            if (not q or _matches(q, s["nm"])) and (not cat or s["cat"] == cat)]
    return 200, {"cur": CURRENCY, "services": rows}


@endpoint("GET", "/gift-cards/{code}")
def get_gift_card(params, query, body):
    code = str(params["code"]).strip().upper()
    g = GIFT_CARDS.get(code) or NEW_GIFT_CARDS.get(code)
    if g is None:
        raise HttpError(404, f"no gift card {params['code']!r}")
    return 200, json.loads(json.dumps(g))


def _card_code(client_id, amount, recipient, deliver_on):
    text = "|".join([client_id, f"{amount:.2f}", " ".join(_tokens(recipient)), deliver_on])
    return "GC-" + hashlib.sha1(text.encode()).hexdigest().upper()[:6]


@endpoint("POST", "/gift-cards")
def buy_gift_card(params, query, body):
    for field in ("purchaser_client_id", "amount", "recipient_name", "deliver_on"):
        if body.get(field) in (None, ""):
            raise HttpError(400, f"field '{field}' is required")
    client = _lookup(CLIENTS, body["purchaser_client_id"], "client")
    try:
        amount = round(float(body["amount"]), 2)
    except (TypeError, ValueError):
        raise HttpError(400, "amount must be a number") from None
    if not 25 <= amount <= 500:
        raise HttpError(422, "gift cards are sold for 25 to 500 USD")
    recipient = " ".join(str(body["recipient_name"]).split())
    if not _tokens(recipient):
        raise HttpError(400, "recipient_name is empty")
    deliver_on = _date_arg(body["deliver_on"], "deliver_on")
    if deliver_on < TODAY:
        raise HttpError(422, f"deliver_on is in the past (today is {TODAY})")
    code = _card_code(client["client_id"], amount, recipient, deliver_on)
    with _LOCK:
        if code in NEW_GIFT_CARDS:
            return 200, _purchase_view(NEW_GIFT_CARDS[code])
        d = datetime.date.fromisoformat(deliver_on)
        expires = d.replace(year=d.year + 1) if not (d.month == 2 and d.day == 29) else d.replace(year=d.year + 1,
                                                                                                 day=28)
        NEW_GIFT_CARDS[code] = {"code": code, "st": "scheduled", "orig": amount, "bal": amount, "iss": deliver_on,
                                "exp": expires.isoformat(), "by": client["client_id"], "to": recipient, "uses": [],
                                "_message": str(body.get("message") or "")}
    return 201, _purchase_view(NEW_GIFT_CARDS[code])


def _purchase_view(g):
    return {"code": g["code"], "status": g["st"], "amount": g["orig"], "currency": CURRENCY,
            "purchaser_client_id": g["by"], "purchaser_name": CLIENTS[g["by"]]["name"], "recipient_name": g["to"],
            "deliver_on": g["iss"], "expires": g["exp"], "message": g["_message"]}


# ------------------------------------------------------------------------------------------------ server
class Handler(BaseHTTPRequestHandler):
    def _handle(self, method):
        parts = urlsplit(self.path)
        query = {k: v[0] for k, v in parse_qs(parts.query).items()}
        body = {}
        if method == "POST":
            raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            try:
                body = json.loads(raw) if raw.strip() else {}
            except ValueError:
                return self._reply(400, {"error": "body is not valid JSON"})
            if not isinstance(body, dict):
                return self._reply(400, {"error": "body must be a JSON object"})
        for m, pattern, fn in _ROUTES:
            hit = pattern.match(parts.path)
            if hit and m == method:
                try:
                    status, payload = fn({k: unquote(v) for k, v in hit.groupdict().items()}, query, body)
                except HttpError as exc:
                    status, payload = exc.status, {"error": exc.message}
                return self._reply(status, payload)
        return self._reply(404, {"error": f"no route for {method} {parts.path}"})

    def do_GET(self):
        self._handle("GET")

    def do_POST(self):
        self._handle("POST")

    def _reply(self, status, payload):
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


if __name__ == "__main__":
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 8080
    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
