"""Cinderford Lane Pottery studio API: a small in-memory HTTP service (Python standard library only).

Usage: python pottery_service.py PORT   (serves under /api on 127.0.0.1:PORT)
Deterministic: fixed seed data, no clock, no randomness ("today" is 2027-03-08); enrolment references are derived
from the enrolment's content. All names, emails, phone numbers and codes are invented. Licence: Apache-2.0.
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

TODAY = "2027-03-08"
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
    tokens = [t for t in re.split(r"[\s,.:;'\u2019\"()&-]+", fold(query)) if t and t not in ("the", "a", "of")]
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


def bool_param(value, name):
    low = str(value).strip().lower()
    if low in ("true", "1", "yes"):
        return True
    if low in ("false", "0", "no"):
        return False
    raise ApiError(400, f"{name} must be true or false")


# ---------------------------------------------------------------- seed data
def _member(mid, name, email, phone, plan, since, renews, credits, fee, shelf, shelf_loc, contact):
    return {"member_id": mid, "name": name, "email": email, "phone": phone,
            "membership": {"plan": plan, "since": since, "renews": renews, "firing_credits": credits,
                           "monthly_fee": fee, "currency": "GBP"},
            "shelf": {"shelf_id": shelf, "location": shelf_loc},
            "emergency_contact": contact}


MEMBERS = {m["member_id"]: m for m in [
    _member("M-104", "Rosalind Okafor", "rosalind.okafor@example.com", "+44 7700 900 104", "Studio Plus",
            "2022-01-15", "2027-07-14", 22, 95.0, "C-07", "Back room, rack C",
            {"name": "Emeka Okafor", "phone": "+44 7700 900 804"}),
    _member("M-109", "Rosalie Okafor", "rosalie.ok@example.net", "+44 7700 900 109", "Off-peak",
            "2025-05-01", "2027-04-30", 6, 55.0, "A-02", "Front room, rack A",
            {"name": "Tunde Okafor", "phone": "+44 7700 900 809"}),
    _member("M-112", "Tobias Wrenfield", "tobias.wrenfield@example.org", "+44 7700 900 112",
            "Full studio (24/7)", "2019-11-01", "2027-10-31", 41, 140.0, "B-11", "Middle room, rack B",
            {"name": "Ines Wrenfield", "phone": "+44 7700 900 812"}),
    _member("M-118", "Tobias Renfield", "t.renfield@example.com", "+44 7700 900 118", "Off-peak",
            "2024-06-01", "2027-05-31", 12, 55.0, "A-09", "Front room, rack A",
            {"name": "Carla Renfield", "phone": "+44 7700 900 818"}),
    _member("M-121", "Priya Venkataraman", "priya.venkataraman@example.org", "+44 7700 900 121", "Studio Plus",
            "2021-07-01", "2027-06-30", 38, 95.0, "C-12", "Back room, rack C",
            {"name": "Arjun Venkataraman", "phone": "+44 7700 900 821"}),
    _member("M-126", "Priya Venkatesan", "p.venkatesan@example.com", "+44 7700 900 126", "Off-peak",
            "2023-10-01", "2027-09-30", 15, 55.0, "A-14", "Front room, rack A",
            {"name": "Lakshmi Venkatesan", "phone": "+44 7700 900 826"}),
    _member("M-133", "Marguerite Osei", "marguerite.osei@example.com", "+44 7700 900 133", "Full studio (24/7)",
            "2018-01-01", "2027-12-31", 9, 140.0, "B-03", "Middle room, rack B",
            {"name": "Kwame Osei", "phone": "+44 7700 900 833"}),
    _member("M-140", "Caspar Lindhout", "caspar.lindhout@example.net", "+44 7700 900 140", "Studio Plus",
            "2020-09-01", "2027-08-31", 27, 95.0, "C-01", "Back room, rack C",
            {"name": "Maaike Lindhout", "phone": "+44 7700 900 840"}),
    _member("M-147", "Margarete Olsen", "m.olsen@example.org", "+44 7700 900 147", "Off-peak",
            "2026-02-01", "2027-01-31", 0, 55.0, "A-05", "Front room, rack A",
            {"name": "Henrik Olsen", "phone": "+44 7700 900 847"}),
]}
MEMBERS["M-147"]["membership"]["status"] = "lapsed"
for _m in MEMBERS.values():
    _m["membership"].setdefault("status", "active")

# Terse keys on purpose (the studio's old kiln log): id, nm, fuel, cu_ft, max_cone, loc, svc (last serviced), st.
KILNS = {k["id"]: k for k in [
    {"id": "K-1", "nm": "Gannet", "fuel": "elec", "cu_ft": 7.0, "max_cone": "10", "loc": "Kiln room, bay 1",
     "svc": "2027-01-18", "st": "in service"},
    {"id": "K-2", "nm": "Heron", "fuel": "elec", "cu_ft": 4.5, "max_cone": "8", "loc": "Kiln room, bay 2",
     "svc": "2026-11-30", "st": "in service"},
    {"id": "K-3", "nm": "Little Heron", "fuel": "elec", "cu_ft": 1.2, "max_cone": "10", "loc": "Glaze lab",
     "svc": "2026-12-14", "st": "in service"},
    {"id": "K-4", "nm": "Kestrel", "fuel": "gas", "cu_ft": 18.5, "max_cone": "11", "loc": "Yard shed",
     "svc": "2027-01-22", "st": "in service"},
    {"id": "K-5", "nm": "Raku drum", "fuel": "propane", "cu_ft": 3.0, "max_cone": "06", "loc": "Back yard",
     "svc": "2026-09-05", "st": "out of service"},
]}

TECHS = {"AdV": "Anouk de Vries", "BO": "Bram Oyelaran", "FT": "Fern Tallis"}


def _firing(fid, kiln, ftype, cone, start, unload, status, atm, peak, hrs, tech, notes=""):
    return {"firing_id": fid, "kiln_id": kiln, "kiln_name": KILNS[kiln]["nm"], "type": ftype, "cone": cone,
            "start": start, "unload": unload, "status": status, "atm": atm, "peak_c": peak, "hrs": hrs,
            "tech": TECHS[tech], "notes": notes}


FIRINGS = {f["firing_id"]: f for f in [
    _firing("FR-2255", "K-1", "bisque", "04", "2027-02-06T20:00", "2027-02-08T09:00", "unloaded", "oxidation",
            1060, 9.5, "FT"),
    _firing("FR-2262", "K-2", "bisque", "04", "2027-02-11T20:00", "2027-02-13T09:00", "unloaded", "oxidation",
            1058, 9.0, "FT"),
    _firing("FR-2270", "K-4", "glaze", "10", "2027-02-20T06:00", "2027-02-22T10:00", "unloaded", "reduction",
            1288, 11.0, "AdV", "Body reduction from 1010 C."),
    _firing("FR-2276", "K-1", "glaze", "6", "2027-02-24T19:00", "2027-02-26T09:00", "unloaded", "oxidation",
            1224, 8.5, "FT"),
    _firing("FR-2281", "K-2", "bisque", "04", "2027-02-26T20:00", "2027-02-28T09:00", "unloaded", "oxidation",
            1061, 9.0, "FT"),
    _firing("FR-2288", "K-4", "glaze", "10", "2027-03-01T06:00", "2027-03-03T10:00", "unloaded", "reduction",
            1296, 11.5, "BO", "Cone 11 soft on the top shelf."),
    _firing("FR-2291", "K-1", "glaze", "6", "2027-03-08T19:00", "2027-03-10T15:00", "loading", "oxidation",
            1222, 8.5, "FT", "Slow cool programme for the satin glazes."),
    _firing("FR-2294", "K-3", "test", "10", "2027-03-09T09:00", "2027-03-10T12:00", "scheduled", "oxidation",
            1285, 7.0, "AdV", "Glaze chemistry test tiles."),
    _firing("FR-2296", "K-2", "bisque", "04", "2027-03-11T20:00", "2027-03-13T09:00", "scheduled", "oxidation",
            1060, 9.0, "FT"),
    _firing("FR-2299", "K-4", "glaze", "10", "2027-03-14T06:00", "2027-03-16T10:00", "scheduled", "reduction",
            1290, 11.0, "BO"),
    _firing("FR-2301", "K-4", "glaze", "10", "2027-03-15T06:00", "2027-03-17T10:00", "scheduled", "reduction",
            1290, 11.0, "AdV"),
    _firing("FR-2302", "K-4", "glaze", "10", "2027-03-17T06:00", "2027-03-19T10:00", "cancelled", "reduction",
            1290, 11.0, "BO", "Cancelled: burner inspection."),
    _firing("FR-2303", "K-4", "glaze", "10", "2027-03-19T06:00", "2027-03-21T10:00", "scheduled", "reduction",
            1290, 11.0, "BO"),
    _firing("FR-2304", "K-1", "bisque", "04", "2027-03-16T20:00", "2027-03-18T09:00", "scheduled", "oxidation",
            1060, 9.5, "FT"),
    _firing("FR-2306", "K-4", "glaze", "10", "2027-03-22T06:00", "2027-03-24T10:00", "scheduled", "reduction",
            1290, 11.0, "AdV"),
    _firing("FR-2308", "K-1", "glaze", "6", "2027-03-23T19:00", "2027-03-25T09:00", "scheduled", "oxidation",
            1222, 8.5, "FT"),
    _firing("FR-2310", "K-5", "raku", "06", "2027-03-27T11:00", "2027-03-27T17:00", "cancelled", "reduction",
            1000, 1.0, "BO", "Cancelled: kiln out of service."),
]}

GLAZES = {g["glaze_id"]: g for g in [
    {"glaze_id": "GL-01", "name": "Oatmeal Satin", "colour": "speckled cream", "surface": "satin", "cone": "6",
     "atmosphere": "oxidation", "food_safe": True, "food_note": "Food safe (lab tested 2026)"},
    {"glaze_id": "GL-02", "name": "Oatmeal Matte", "colour": "speckled buff", "surface": "matte", "cone": "6",
     "atmosphere": "oxidation", "food_safe": False, "food_note": "Not food safe: dry matte, exteriors only"},
    {"glaze_id": "GL-03", "name": "Celadon", "colour": "pale green", "surface": "gloss", "cone": "10",
     "atmosphere": "reduction", "food_safe": True, "food_note": "Food safe (lab tested 2025)"},
    {"glaze_id": "GL-04", "name": "Celadon Blue", "colour": "pale blue", "surface": "gloss", "cone": "10",
     "atmosphere": "reduction", "food_safe": True, "food_note": "Food safe (lab tested 2025)"},
    {"glaze_id": "GL-05", "name": "Tenmoku", "colour": "black to rust", "surface": "gloss", "cone": "10",
     "atmosphere": "reduction", "food_safe": True, "food_note": "Food safe (lab tested 2024)"},
    {"glaze_id": "GL-06", "name": "Oxblood Flash", "colour": "copper red with grey flashing", "surface": "gloss",
     "cone": "10", "atmosphere": "reduction", "food_safe": False,
     "food_note": "Not food safe: decorative surfaces only (copper leaches in the acid test)"},
    {"glaze_id": "GL-07", "name": "Oxblood Satin", "colour": "deep copper red", "surface": "satin", "cone": "10",
     "atmosphere": "reduction", "food_safe": True, "food_note": "Food safe (lab tested 2026)"},
    {"glaze_id": "GL-08", "name": "Shino Carbon Trap", "colour": "orange with carbon grey", "surface": "satin",
     "cone": "10", "atmosphere": "reduction", "food_safe": True, "food_note": "Food safe (lab tested 2024)"},
    {"glaze_id": "GL-09", "name": "Midnight Gloss", "colour": "blue-black", "surface": "gloss", "cone": "6",
     "atmosphere": "oxidation", "food_safe": True, "food_note": "Food safe (lab tested 2026)"},
    {"glaze_id": "GL-10", "name": "Lichen Crawl", "colour": "moss green", "surface": "crawl", "cone": "6",
     "atmosphere": "oxidation", "food_safe": False, "food_note": "Not food safe: textured crawl glaze, exterior only"},
]}

_PIECES = [
    # id, member, title, form, clay, made, status, glaze, firings, height, diameter, weight
    ("PC-50321", "M-133", "Harbour Light", "vase", "Buff stoneware", "2026-12-02", "collected", "GL-03",
     ["FR-2255", "FR-2270"], 24.0, 11.0, 980),
    ("PC-50338", "M-133", "Winter Rye", "bowl", "Buff stoneware", "2027-01-08", "finished", "GL-05",
     ["FR-2255", "FR-2270"], 8.5, 19.0, 640),
    ("PC-50341", "M-133", "Winter Rye", "plate", "Buff stoneware", "2027-01-08", "finished", "GL-05",
     ["FR-2255", "FR-2270"], 2.5, 26.0, 910),
    ("PC-50344", "M-133", "Estuary", "teapot", "Speckled stoneware", "2027-01-12", "finished", "GL-04",
     ["FR-2255", "FR-2270"], 15.0, 14.0, 1120),
    ("PC-50352", "M-133", "Estuary", "cup", "Speckled stoneware", "2027-01-12", "finished", "GL-04",
     ["FR-2262", "FR-2288"], 8.0, 8.0, 260),
    ("PC-50360", "M-133", "Estuary", "cup", "Speckled stoneware", "2027-01-12", "finished", "GL-04",
     ["FR-2262", "FR-2288"], 8.0, 8.0, 255),
    ("PC-50377", "M-133", "Salt Marsh", "jug", "Speckled stoneware", "2027-01-20", "finished", "GL-08",
     ["FR-2262", "FR-2288"], 21.0, 12.5, 870),
    ("PC-50380", "M-133", "Salt Marsh II", "bowl", "Speckled stoneware", "2027-01-22", "bisqued", None,
     ["FR-2281"], 9.0, 22.0, 700),
    ("PC-50385", "M-133", "Salt Marsh", "vase", "Speckled stoneware", "2027-01-25", "collected", "GL-03",
     ["FR-2262", "FR-2270"], 28.0, 10.0, 1010),
    ("PC-50390", "M-133", "Lantern Moth", "lidded jar", "Porcelain", "2027-02-01", "finished", "GL-07",
     ["FR-2281", "FR-2288"], 13.0, 10.0, 520),
    ("PC-50394", "M-133", "Fen Reed", "vase", "Buff stoneware", "2027-02-15", "glazed", "GL-03",
     ["FR-2281"], 30.0, 9.0, 1150),
    ("PC-50398", "M-133", "Fen Reed", "beaker", "Buff stoneware", "2027-02-15", "greenware", None,
     [], 11.0, 8.0, 330),
    ("PC-50412", "M-112", "Tidepool", "bowl", "Porcelain", "2027-01-30", "finished", "GL-04",
     ["FR-2262", "FR-2270"], 7.5, 17.0, 430),
    ("PC-50418", "M-112", "Tidepool", "saucer", "Porcelain", "2027-01-30", "collected", "GL-04",
     ["FR-2255", "FR-2276"], 2.0, 14.0, 210),
    ("PC-50431", "M-112", "Tidepool II", "vase", "Porcelain", "2027-02-18", "glazed", "GL-04",
     ["FR-2281"], 22.0, 9.5, 640),
    ("PC-50433", "M-118", "Tide Pool", "mug", "Red earthenware", "2027-02-10", "finished", "GL-09",
     ["FR-2262", "FR-2276"], 9.5, 8.5, 340),
    ("PC-50455", "M-140", "Moss Lantern", "mug", "Dark stoneware", "2027-01-18", "finished", "GL-06",
     ["FR-2262", "FR-2288"], 10.0, 8.5, 380),
    ("PC-50458", "M-140", "Moss Lantern (large)", "vase", "Dark stoneware", "2027-01-18", "finished", "GL-07",
     ["FR-2262", "FR-2288"], 26.0, 12.0, 1090),
    ("PC-50462", "M-140", "Undertow", "bowl", "Dark stoneware", "2027-02-20", "bisqued", None,
     ["FR-2281"], 9.0, 20.0, 690),
    ("PC-50470", "M-104", "Slab Tray", "tray", "Buff stoneware", "2026-10-20", "collected", "GL-01",
     ["FR-2255", "FR-2276"], 3.0, 30.0, 800),
    ("PC-50475", "M-121", "Kintsugi Practice", "bowl", "Porcelain", "2027-02-22", "greenware", None,
     [], 7.0, 15.0, 300),
]
PIECES = {}
for (pid, mid, title, form, clay, made, status, glaze, firing_ids, h, d, w) in _PIECES:
    PIECES[pid] = {
        "piece_id": pid, "member_id": mid, "member_name": MEMBERS[mid]["name"], "title": title, "form": form,
        "clay_body": clay, "made": made, "status": status,
        "dimensions": {"height_cm": h, "diameter_cm": d}, "weight_g": w,
        "glaze": ({"glaze_id": glaze, "name": GLAZES[glaze]["name"]} if glaze else None),
        "firings": [{"firing_id": f, "type": FIRINGS[f]["type"], "kiln": FIRINGS[f]["kiln_name"],
                     "date": FIRINGS[f]["start"][:10]} for f in firing_ids],
        "shelf": MEMBERS[mid]["shelf"]["shelf_id"],
        "firing_fee": round(0.012 * w, 2),
    }


def _class(cid, title, level, instructor, email, day, time, first, weeks, price, capacity, enrolled, waitlist,
           room, description):
    d0 = datetime.date.fromisoformat(first)
    sessions = [(d0 + datetime.timedelta(weeks=i)).isoformat() for i in range(weeks)]
    status = "finished" if sessions[-1] < TODAY else ("running" if first <= TODAY else "open")
    return {"class_id": cid, "title": title, "level": level, "description": description,
            "instructor": {"name": instructor, "email": email},
            "schedule": {"day": day, "time": time, "first_session": first, "weeks": weeks, "sessions": sessions},
            "price": price, "currency": "GBP", "capacity": capacity, "enrolled": enrolled, "waitlist": waitlist,
            "status": status, "room": room}


CLASSES = {c["class_id"]: c for c in [
    _class("CL-295", "Glaze Chemistry Workshop", "intermediate", "Hamish Adeyemi", "hamish@cinderford-pottery.example",
           "Saturday", "10:00-16:00", "2026-11-07", 1, 95.0, 12, 12, 0, "Glaze lab",
           "Unity formulas, silica:alumina ratios and mixing your own test tiles."),
    _class("CL-302", "Handbuilding Basics", "beginner", "Wren Castellano", "wren@cinderford-pottery.example",
           "Tuesday", "10:00-12:30", "2026-10-06", 6, 150.0, 8, 8, 0, "Front room",
           "Pinch, coil and slab techniques."),
    _class("CL-310", "Wheel Throwing for Beginners", "beginner", "Jun Takeda-Burke", "jun@cinderford-pottery.example",
           "Wednesday", "18:30-21:00", "2027-02-03", 8, 185.0, 8, 8, 3, "Wheel room",
           "Centring, opening and pulling cylinders and bowls."),
    _class("CL-314", "Wheel Throwing: Beyond Beginners", "intermediate", "Hamish Adeyemi",
           "hamish@cinderford-pottery.example", "Monday", "18:30-21:00", "2027-03-22", 8, 195.0, 8, 6, 0,
           "Wheel room", "Lidded forms, handles and trimming."),
    _class("CL-316", "Handbuilding: Slab Basics", "beginner", "Wren Castellano", "wren@cinderford-pottery.example",
           "Thursday", "19:00-21:30", "2027-03-18", 6, 150.0, 10, 7, 0, "Front room",
           "Soft and hard slab construction, templates and joins."),
    _class("CL-318", "Wheel Throwing for Beginners", "beginner", "Marisol Fenwick",
           "marisol@cinderford-pottery.example", "Tuesday", "18:30-21:00", "2027-04-06", 8, 185.0, 8, 5, 0,
           "Wheel room", "Centring, opening and pulling cylinders and bowls."),
    _class("CL-321", "Glaze Chemistry Workshop", "intermediate", "Hamish Adeyemi", "hamish@cinderford-pottery.example",
           "Saturday", "10:00-16:00", "2027-04-03", 1, 95.0, 12, 9, 0, "Glaze lab",
           "Unity formulas, silica:alumina ratios and mixing your own test tiles."),
    _class("CL-324", "Glaze Chemistry: Cone 6 Colour", "advanced", "Hamish Adeyemi",
           "hamish@cinderford-pottery.example", "Saturday", "10:00-16:00", "2027-05-08", 2, 140.0, 12, 4, 0,
           "Glaze lab", "Stains, oxides and line blends for cone 6 oxidation."),
]}

ENROLMENTS = {e["enrolment_id"]: e for e in [
    {"enrolment_id": "EN-1102", "member_id": "M-104", "class_id": "CL-302", "status": "completed", "paid": 150.0},
    {"enrolment_id": "EN-1187", "member_id": "M-104", "class_id": "CL-316", "status": "enrolled", "paid": 150.0},
    {"enrolment_id": "EN-1120", "member_id": "M-109", "class_id": "CL-310", "status": "enrolled", "paid": 185.0},
    {"enrolment_id": "EN-1191", "member_id": "M-109", "class_id": "CL-314", "status": "withdrawn", "paid": 0.0},
    {"enrolment_id": "EN-1140", "member_id": "M-126", "class_id": "CL-295", "status": "completed", "paid": 95.0},
    {"enrolment_id": "EN-1152", "member_id": "M-121", "class_id": "CL-295", "status": "completed", "paid": 95.0},
    {"enrolment_id": "EN-1163", "member_id": "M-118", "class_id": "CL-310", "status": "waitlisted", "paid": 0.0},
]}
NEW_ENROLMENTS = {}


# ---------------------------------------------------------------- members
@route("GET", "/members")
def search_members(params, query, body):
    name, email = (query.get("name") or "").strip(), (query.get("email") or "").strip().lower()
    if not name and not email:
        raise ApiError(400, "give name or email")
    rows = [{k: m[k] for k in ("member_id", "name", "email")} for m in MEMBERS.values()
            if (not name or words_in(name, m["name"])) and (not email or m["email"] == email)]
    return 200, {"members": rows, "count": len(rows)}


@route("GET", "/members/{member_id}")
def get_member(params, query, body):
    return 200, json.loads(json.dumps(get_or_404(MEMBERS, params["member_id"], "member")))


@route("GET", "/members/{member_id}/pieces")
def list_member_pieces(params, query, body):
    m = get_or_404(MEMBERS, params["member_id"], "member")
    status = (query.get("status") or "").strip().lower()
    if status and status not in ("greenware", "bisqued", "glazed", "finished", "collected"):
        raise ApiError(400, "status must be greenware, bisqued, glazed, finished or collected")
    q = (query.get("q") or "").strip()
    page, size = int_param(query, "page", 1, 1, 1000), int_param(query, "page_size", 5, 1, 20)
    rows = [p for p in PIECES.values() if p["member_id"] == m["member_id"]
            and (not status or p["status"] == status) and (not q or words_in(q, p["title"]))]
    rows.sort(key=lambda p: (p["made"], p["piece_id"]), reverse=True)
    first = (page - 1) * size
    items = [{k: p[k] for k in ("piece_id", "title", "form", "status", "made")} for p in rows[first:first + size]]
    return 200, {"member_id": m["member_id"], "pieces": items, "page": page, "page_size": size,
                 "total_count": len(rows), "next_page": page + 1 if first + size < len(rows) else None}


def enrolment_view(e):
    c = CLASSES[e["class_id"]]
    return {"enrolment_id": e["enrolment_id"], "class_id": c["class_id"], "class_title": c["title"],
            "starts": c["schedule"]["first_session"], "status": e["status"]}


@route("GET", "/members/{member_id}/enrolments")
def list_member_enrolments(params, query, body):
    m = get_or_404(MEMBERS, params["member_id"], "member")
    with LOCK:
        everything = list(ENROLMENTS.values()) + list(NEW_ENROLMENTS.values())
    rows = [enrolment_view(e) for e in everything if e["member_id"] == m["member_id"]]
    rows.sort(key=lambda r: r["starts"], reverse=True)
    return 200, {"member_id": m["member_id"], "enrolments": rows, "count": len(rows)}


# ---------------------------------------------------------------- pieces, kilns, firings, glazes
@route("GET", "/pieces/{piece_id}")
def get_piece(params, query, body):
    return 200, json.loads(json.dumps(get_or_404(PIECES, params["piece_id"], "piece")))


@route("GET", "/kilns")
def list_kilns(params, query, body):
    fuel = (query.get("fuel") or "").strip().lower()
    rows = [dict(k) for k in KILNS.values() if not fuel or k["fuel"] == fuel]
    return 200, {"kilns": rows, "count": len(rows)}


def firing_summary(f):
    return {k: f[k] for k in ("firing_id", "kiln_id", "kiln_name", "type", "cone", "start", "unload", "status")}


@route("GET", "/firings")
def list_firings(params, query, body):
    kiln = (query.get("kiln_id") or "").strip().upper()
    ftype = (query.get("type") or "").strip().lower()
    status = (query.get("status") or "").strip().lower()
    start = date_param(query["date_from"], "date_from") if query.get("date_from") else None
    end = date_param(query["date_to"], "date_to") if query.get("date_to") else None
    page, size = int_param(query, "page", 1, 1, 1000), int_param(query, "page_size", 10, 1, 50)
    rows = [f for f in FIRINGS.values() if (not kiln or f["kiln_id"] == kiln) and (not ftype or f["type"] == ftype)
            and (not status or f["status"] == status) and (not start or f["start"][:10] >= start)
            and (not end or f["start"][:10] <= end)]
    rows.sort(key=lambda f: f["start"])
    first = (page - 1) * size
    return 200, {"firings": [firing_summary(f) for f in rows[first:first + size]], "page": page,
                 "page_size": size, "total_count": len(rows),
                 "next_page": page + 1 if first + size < len(rows) else None}


@route("GET", "/firings/{firing_id}")
def get_firing(params, query, body):
    f = dict(get_or_404(FIRINGS, params["firing_id"], "firing"))
    f["pieces"] = [{"piece_id": p["piece_id"], "title": p["title"], "member": p["member_name"]}
                   for p in PIECES.values() if any(x["firing_id"] == f["firing_id"] for x in p["firings"])]
    return 200, f


@route("GET", "/glazes")
def search_glazes(params, query, body):
    q = (query.get("q") or "").strip()
    cone = (query.get("cone") or "").strip()
    food = bool_param(query["food_safe"], "food_safe") if query.get("food_safe") not in (None, "") else None
    rows = [dict(g) for g in GLAZES.values() if (not q or words_in(q, g["name"] + " " + g["colour"]))
            and (not cone or g["cone"] == cone.lstrip("Cc one").strip() or g["cone"] == cone)
            and (food is None or g["food_safe"] == food)]
    return 200, {"glazes": rows, "count": len(rows)}


# ---------------------------------------------------------------- classes, enrolments
@route("GET", "/classes")
def list_classes(params, query, body):
    q = (query.get("q") or "").strip()
    status = (query.get("status") or "").strip().lower()
    start = date_param(query["starts_from"], "starts_from") if query.get("starts_from") else None
    end = date_param(query["starts_to"], "starts_to") if query.get("starts_to") else None
    rows = [c for c in CLASSES.values() if (not q or words_in(q, c["title"]))
            and (not status or c["status"] == status)
            and (not start or c["schedule"]["first_session"] >= start)
            and (not end or c["schedule"]["first_session"] <= end)]
    rows.sort(key=lambda c: c["schedule"]["first_session"])
    items = [{"class_id": c["class_id"], "title": c["title"], "level": c["level"],
              "starts": c["schedule"]["first_session"], "status": c["status"]} for c in rows]
    return 200, {"classes": items, "count": len(items)}


@route("GET", "/classes/{class_id}")
def get_class(params, query, body):
    c = json.loads(json.dumps(get_or_404(CLASSES, params["class_id"], "class")))
    with LOCK:
        extra = sum(1 for e in NEW_ENROLMENTS.values() if e["class_id"] == c["class_id"] and e["status"] == "enrolled")
    c["enrolled"] += extra
    c["places_left"] = max(0, c["capacity"] - c["enrolled"])
    return 200, c


def enrolment_ref(member_id, class_id):
    return "EN-" + hashlib.sha1(f"{member_id}|{class_id}".encode()).hexdigest().upper()[:6]


@route("POST", "/enrolments")
def enrol(params, query, body):
    for field in ("member_id", "class_id"):
        if not str(body.get(field) or "").strip():
            raise ApiError(400, f"field '{field}' is required")
    m = get_or_404(MEMBERS, body["member_id"], "member")
    c = get_or_404(CLASSES, body["class_id"], "class")
    if m["membership"]["status"] != "active":
        raise ApiError(422, f"{m['name']}'s membership is not active")
    if c["status"] != "open":
        raise ApiError(422, f"{c['class_id']} is {c['status']} and no longer takes enrolments")
    for e in ENROLMENTS.values():
        if e["member_id"] == m["member_id"] and e["class_id"] == c["class_id"]:
            raise ApiError(409, f"{m['name']} already has enrolment {e['enrolment_id']} on {c['class_id']}")
    ref = enrolment_ref(m["member_id"], c["class_id"])
    with LOCK:
        if ref in NEW_ENROLMENTS:
            return 200, dict(NEW_ENROLMENTS[ref])
        taken = c["enrolled"] + sum(1 for e in NEW_ENROLMENTS.values()
                                    if e["class_id"] == c["class_id"] and e["status"] == "enrolled")
        status = "enrolled" if taken < c["capacity"] else "waitlisted"
        NEW_ENROLMENTS[ref] = {"enrolment_id": ref, "member_id": m["member_id"], "member_name": m["name"],
                               "class_id": c["class_id"], "class_title": c["title"],
                               "starts": c["schedule"]["first_session"], "status": status,
                               "amount_due": c["price"] if status == "enrolled" else 0.0, "currency": "GBP"}
    return 201, dict(NEW_ENROLMENTS[ref])


# ---------------------------------------------------------------- HTTP plumbing
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
