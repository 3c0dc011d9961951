"""Wendmere Waterways Authority API: a small in-memory HTTP service (Python standard library only).

Usage: python canal_service.py PORT   (serves under /api on 127.0.0.1:PORT)

Boats, boaters (registered keepers), boat licences and the licence tariff, locks, stoppages (closures and
restrictions), moorings, and passage bookings for the locks that need one (the tidal sea lock and the junction lock).
Deterministic: fixed seed data, no clock, no randomness; booking references and tide slots are derived from the
booking's content. Every name, email, phone number, place, waterway and code is invented. Licence: Apache-2.0.
"""
import datetime
import hashlib
import json
import re
import sys
import threading
import unicodedata
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

LOCK = threading.Lock()
ROUTES = []

# ------------------------------------------------------------------ seed data
WATERWAYS = {
    "MOR": "Morrow Canal",
    "LRK": "Larkspur Navigation",
    "TAL": "River Tallow",
    "FEN": "Fenwick Cut",
}

BOATERS = {
    "BT-301": {"name": "Idris Pennock", "email": "idris.pennock@example.net", "phone": "+44 1632 960 217",
               "town": "Hobbington", "member_since": "2014-04-02"},
    "BT-302": {"name": "Iris Pennock", "email": "iris.p@example.org", "phone": "+44 1632 960 233",
               "town": "Larkspur Green", "member_since": "2019-08-19"},
    "BT-303": {"name": "Hetty Marlow", "email": "hetty.marlow@example.com", "phone": "+44 1632 960 246",
               "town": "Quarrybank", "member_since": "2011-03-07"},
    "BT-304": {"name": "Hattie Marlowe", "email": "h.marlowe@example.net", "phone": "+44 1632 960 251",
               "town": "Tallowford", "member_since": "2021-06-30"},
    "BT-305": {"name": "Maren Okafor", "email": "maren.okafor@example.org", "phone": "+44 1632 960 262",
               "town": "Saltmarsh", "member_since": "2016-11-12"},
    "BT-306": {"name": "Cosmo Threlfall", "email": "cosmo.t@example.com", "phone": "+44 1632 960 274",
               "town": "Quarrybank", "member_since": "2009-05-21"},
    "BT-307": {"name": "Beatrix Oyelowo-Finch", "email": "beatrix.of@example.net", "phone": "+44 1632 960 288",
               "town": "Fenwick", "member_since": "2022-02-14"},
    "BT-308": {"name": "Lorcan Whitty", "email": "lorcan.whitty@example.org", "phone": "+44 1632 960 295",
               "town": "Tallowford", "member_since": "2013-09-03"},
    "BT-309": {"name": "Saoirse Blenkin", "email": "saoirse.blenkin@example.com", "phone": "+44 1632 960 306",
               "town": "Saltmarsh", "member_since": "2020-04-27"},
    "BT-310": {"name": "Anselm Greaves", "email": "anselm.greaves@example.net", "phone": "+44 1632 960 319",
               "town": "Pelham", "member_since": "2017-07-08"},
    "BT-311": {"name": "Rhiannon Tolley", "email": "rhiannon.tolley@example.org", "phone": "+44 1632 960 327",
               "town": "Kestrelford", "member_since": "2015-01-19"},
    "BT-312": {"name": "Jago Penhallow", "email": "jago.penhallow@example.com", "phone": "+44 1632 960 338",
               "town": "Saltmarsh", "member_since": "2012-10-10"},
}

# boat_id: name, type, owner, licence, home mooring, loa (m), beam (m), draught (m), built
BOATS = {
    "NB-2231": ("Tansy Lee", "narrowboat", "BT-306", "LIC-40701", "MR-305", 17.4, 2.08, 0.61, 1998),
    "NB-2240": ("Slow Dancer", "narrowboat", "BT-301", "LIC-40705", "MR-306", 20.1, 2.08, 0.66, 2006),
    "CR-1185": ("Amberline", "cruiser", "BT-301", "LIC-40712", "MR-308", 9.8, 3.1, 0.74, 1987),
    "NB-2252": ("Hollyhock", "narrowboat", "BT-302", "LIC-40733", "MR-307", 15.2, 2.08, 0.58, 2011),
    "NB-2264": ("Marsh Harrier", "narrowboat", "BT-303", "LIC-40740", "MR-303", 18.3, 2.08, 0.64, 2003),
    "CR-1190": ("Little Grebe", "cruiser", "BT-303", "LIC-40741", "MR-310", 8.6, 2.9, 0.70, 1992),
    "NB-2281": ("Damselfly", "narrowboat", "BT-304", "LIC-40748", "MR-310", 16.8, 2.08, 0.60, 2015),
    "NB-2270": ("Morning Heron", "narrowboat", "BT-305", "LIC-40752", "MR-301", 19.2, 2.08, 0.63, 2009),
    "WB-0417": ("Kingfisher", "widebeam", "BT-308", "LIC-40760", "MR-308", 17.9, 3.6, 0.82, 2018),
    "WB-0422": ("Kingfisher II", "widebeam", "BT-309", "LIC-40763", "MR-301", 18.9, 3.6, 0.85, 2021),
    "NB-2275": ("Willow Wren", "narrowboat", "BT-310", "LIC-40771", "MR-304", 17.0, 2.08, 0.62, 2001),
    "CR-1201": ("Sea Campion", "cruiser", "BT-310", "LIC-40772", "MR-301", 10.4, 3.3, 0.90, 1999),
    "NB-2288": ("Quiet Otter", "narrowboat", "BT-311", "LIC-40780", "MR-306", 14.6, 2.08, 0.57, 2012),
    "NB-2293": ("Pennyroyal", "narrowboat", "BT-307", "LIC-40784", "MR-309", 21.3, 2.08, 0.67, 2019),
    "WB-0430": ("Bluebell", "widebeam", "BT-312", "LIC-40790", "MR-301", 20.4, 3.9, 0.88, 2016),
    "NB-2299": ("Willow Wood", "narrowboat", "BT-306", "LIC-40795", "MR-305", 12.2, 2.08, 0.55, 2023),
}

# licence_id: boat, type, valid_from, valid_to, status, fee
LICENCES = {
    "LIC-40701": ("NB-2231", "standard", "2026-07-01", "2027-06-30", "current", "1041.00"),
    "LIC-40705": ("NB-2240", "standard", "2026-04-01", "2027-03-31", "current", "1196.00"),
    "LIC-40712": ("CR-1185", "river-only", "2026-10-01", "2027-09-30", "current", "612.00"),
    "LIC-39810": ("NB-2252", "standard", "2025-06-01", "2026-05-31", "expired", "904.00"),
    "LIC-40733": ("NB-2252", "standard", "2026-06-01", "2027-05-31", "current", "948.00"),
    "LIC-40740": ("NB-2264", "standard", "2026-09-01", "2027-08-31", "current", "1088.00"),
    "LIC-40741": ("CR-1190", "river-only", "2026-05-01", "2027-04-30", "current", "540.00"),
    "LIC-40748": ("NB-2281", "standard", "2026-08-01", "2027-07-31", "current", "1002.00"),
    "LIC-40752": ("NB-2270", "standard", "2027-01-01", "2027-12-31", "current", "1142.00"),
    "LIC-40760": ("WB-0417", "standard", "2026-11-01", "2027-10-31", "current", "1684.00"),
    "LIC-40763": ("WB-0422", "standard", "2027-02-01", "2028-01-31", "current", "1761.00"),
    "LIC-40771": ("NB-2275", "standard", "2026-12-01", "2027-11-30", "current", "988.00"),
    "LIC-40772": ("CR-1201", "river-only", "2027-03-01", "2028-02-29", "current", "598.00"),
    "LIC-40780": ("NB-2288", "short-term", "2027-04-01", "2027-04-30", "current", "118.00"),
    "LIC-40784": ("NB-2293", "standard", "2026-06-01", "2027-05-31", "current", "1233.00"),
    "LIC-40790": ("WB-0430", "standard", "2026-10-01", "2027-09-30", "current", "1822.00"),
    "LIC-40795": ("NB-2299", "standard", "2027-01-01", "2027-12-31", "current", "812.00"),
}

LICENCE_FEES = [
    {"type": "standard", "length_band": "up to 12 m", "annual_fee": "812.00"},
    {"type": "standard", "length_band": "12 to 18 m", "annual_fee": "1041.00"},
    {"type": "standard", "length_band": "over 18 m", "annual_fee": "1196.00"},
    {"type": "river-only", "length_band": "up to 12 m", "annual_fee": "598.00"},
    {"type": "river-only", "length_band": "over 12 m", "annual_fee": "744.00"},
    {"type": "short-term", "length_band": "any", "annual_fee": "118.00 per 30 days"},
]

# lock_id: name, waterway, rise (m), max length (m), max beam (m), staffed, keeper, phone, hours, booking, tidal
LOCKS = {
    "LK-101": ("Saltmarsh Sea Lock", "TAL", 3.9, 22.0, 5.2, True, "Ewan Strachley", "+44 1632 960 101",
               "tide-dependent; bookable slots only", True, True),
    "LK-102": ("Tallow Bridge Lock", "TAL", 1.8, 28.0, 5.5, False, None, None, None, False, False),
    "LK-103": ("Ferrier's Lock", "TAL", 2.1, 28.0, 5.5, True, "Mona Quilliam", "+44 1632 960 103",
               "09:00-17:00 daily, Easter to October", False, False),
    "LK-110": ("Hobb's Lock", "MOR", 2.4, 21.9, 2.13, True, "Godfrey Ainsworth", "+44 1632 960 410",
               "10:00-16:00 weekends only", False, False),
    "LK-111": ("Hobb's Bottom Lock", "MOR", 2.2, 21.9, 2.13, True, "Delphine Arkwright", "+44 1632 960 418",
               "08:30-17:00 Apr-Oct; 09:30-15:30 Nov-Mar", False, False),
    "LK-112": ("Hobb's Middle Lock", "MOR", 2.2, 21.9, 2.13, False, None, None, None, False, False),
    "LK-113": ("Kestrel Lock", "MOR", 1.9, 21.9, 2.13, False, None, None, None, False, False),
    "LK-114": ("Kestrel Top Lock", "MOR", 2.6, 21.9, 2.13, False, None, None, None, False, False),
    "LK-115": ("Quarry Lock", "MOR", 3.1, 21.9, 2.13, True, "Nuala Brennock", "+44 1632 960 415",
               "09:00-16:00 daily", False, False),
    "LK-120": ("Pelham Lock", "LRK", 1.6, 23.5, 4.3, True, "Bartholomew Crane", "+44 1632 960 520",
               "08:00-18:00 daily", False, False),
    "LK-121": ("Cobbler's Lock", "LRK", 1.4, 23.5, 4.3, False, None, None, None, False, False),
    "LK-122": ("Nettlebed Lock", "LRK", 2.0, 23.5, 4.3, False, None, None, None, False, False),
    "LK-123": ("Sallow Lock", "LRK", 1.7, 23.5, 4.3, False, None, None, None, False, False),
    "LK-124": ("Wendle Lock", "LRK", 1.2, 23.5, 4.3, False, None, None, None, False, False),
    "LK-125": ("Ormsby Lock", "LRK", 2.3, 23.5, 4.3, True, "Priscilla Vane", "+44 1632 960 525",
               "09:00-17:00 Wed-Sun", False, False),
    "LK-130": ("Fenwick Junction Lock", "FEN", 0.9, 20.0, 2.13, True, "Tobias Hurrell", "+44 1632 960 630",
               "by booking, 08:00-20:00", True, False),
    "LK-131": ("Thimble Lock", "FEN", 1.5, 20.0, 2.13, False, None, None, None, False, False),
    "LK-132": ("Gannet Lock", "FEN", 1.3, 20.0, 2.13, False, None, None, None, False, False),
}

# stoppage_id: lock, title, type, start, end
STOPPAGES = {
    "ST-27-001": ("LK-131", "Towpath resurfacing, lock usable", "restriction", "2027-01-04", "2027-01-29"),
    "ST-27-003": ("LK-114", "Top gate leak repair", "emergency", "2027-01-18", "2027-01-22"),
    "ST-27-005": ("LK-120", "Dredging below the lock", "planned", "2027-02-01", "2027-02-19"),
    "ST-27-010": ("LK-120", "Top gates replacement", "planned", "2027-01-11", "2027-03-05"),
    "ST-27-011": ("LK-121", "Cill repairs", "planned", "2027-02-22", "2027-03-12"),
    "ST-27-012": ("LK-122", "Paddle gear refurbishment", "planned", "2027-03-08", "2027-03-19"),
    "ST-27-013": ("LK-124", "Offside vegetation clearance", "restriction", "2027-03-15", "2027-03-17"),
    "ST-27-014": ("LK-123", "Collapsed culvert below the lock", "emergency", "2027-03-22", "2027-04-09"),
    "ST-27-015": ("LK-125", "Lock chamber relining", "planned", "2027-03-29", "2027-04-23"),
    "ST-27-016": ("LK-102", "Weir inspection", "restriction", "2027-03-02", "2027-03-04"),
    "ST-27-017": ("LK-111", "Ground paddle replacement", "planned", "2027-03-01", "2027-03-12"),
    "ST-27-019": ("LK-113", "Balance beam replacement", "planned", "2027-06-14", "2027-06-18"),
    "ST-27-024": ("LK-115", "Drought restriction: passage 10:00-14:00 only", "restriction", "2027-08-02",
                  "2027-08-29"),
    "ST-27-025": ("LK-110", "Broken paddle spindle", "emergency", "2027-08-16", "2027-08-18"),
    "ST-27-026": ("LK-102", "Weir works, river closed", "planned", "2027-08-09", "2027-08-27"),
    "ST-27-027": ("LK-112", "Lock landing repairs", "planned", "2027-09-06", "2027-09-10"),
    "ST-27-028": ("LK-132", "Swing bridge seized", "emergency", "2027-08-03", "2027-08-05"),
    "ST-27-030": ("LK-121", "Bottom gate repairs", "planned", "2027-10-04", "2027-10-15"),
    "ST-27-033": ("LK-114", "Bottom gate replacement", "planned", "2027-11-08", "2027-12-10"),
    "ST-27-034": ("LK-113", "Winter chamber inspection", "planned", "2027-11-22", "2027-11-26"),
}

# mooring_id: name, waterway, near lock, kind, max loa, price per night, max stay (nights), facilities
MOORINGS = {
    "MR-301": ("Saltmarsh Basin", "TAL", "LK-101", "long-term", 25.0, "14.00", 0, "W,E,R,P,H"),
    "MR-302": ("Pelham Lock Landing", "LRK", "LK-120", "visitor", 15.0, "0.00", 2, "W"),
    "MR-303": ("Hobb's Wharf", "MOR", "LK-111", "long-term", 22.0, "9.50", 0, "W,E,R"),
    "MR-304": ("Pelham Meadows", "LRK", "LK-120", "visitor", 21.0, "7.50", 3, "W,R"),
    "MR-305": ("Quarry Wharf", "MOR", "LK-115", "long-term", 22.0, "9.00", 0, "W,E,R,P"),
    "MR-306": ("Kestrel Moorings", "MOR", "LK-113", "long-term", 22.0, "8.00", 0, "W,R,H"),
    "MR-307": ("Cobbler's Reach", "LRK", "LK-121", "long-term", 20.0, "8.50", 0, "W,E"),
    "MR-308": ("Tallow Green", "TAL", "LK-102", "long-term", 28.0, "11.00", 0, "W,E,R,P,H"),
    "MR-309": ("Fenwick Junction Basin", "FEN", "LK-130", "long-term", 20.0, "8.00", 0, "W,E,R"),
    "MR-310": ("Ferrier's Pool", "TAL", "LK-103", "long-term", 18.0, "10.00", 0, "W,R"),
    "MR-311": ("Pelham Mill Visitor Moorings", "LRK", "LK-120", "visitor", 18.0, "5.00", 2, "R"),
    "MR-312": ("Pelham Marina", "LRK", "LK-120", "long-term", 24.0, "16.00", 0, "W,E,R,P,H"),
    "MR-313": ("Kestrel Top Visitor Moorings", "MOR", "LK-114", "visitor", 21.9, "6.00", 2, "W"),
    "MR-314": ("Tallow Bridge Visitor Moorings", "TAL", "LK-102", "visitor", 22.0, "6.50", 2, "W,R"),
}

PASSAGES = {
    "PX-5F21A0": {"boat_id": "WB-0430", "lock_id": "LK-101", "date": "2027-06-02", "direction": "inland",
                  "status": "confirmed"},
    "PX-2C8E14": {"boat_id": "NB-2270", "lock_id": "LK-101", "date": "2027-05-03", "direction": "seaward",
                  "status": "confirmed"},
    "PX-7A03D9": {"boat_id": "NB-2270", "lock_id": "LK-101", "date": "2027-05-06", "direction": "inland",
                  "status": "confirmed"},
    "PX-91B4E2": {"boat_id": "CR-1201", "lock_id": "LK-101", "date": "2027-06-02", "direction": "seaward",
                  "status": "cancelled"},
    "PX-3D6F55": {"boat_id": "NB-2293", "lock_id": "LK-130", "date": "2027-07-19", "direction": "up",
                  "status": "confirmed"},
}


# ------------------------------------------------------------------ helpers
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
    text = "".join(c for c in unicodedata.normalize("NFKD", str(text)) if not unicodedata.combining(c)).lower()
    return text.replace("'", "").replace("\u2019", "")


def name_matches(query, name):
    """Every word of the query is the start of a word of the name (case, accents and apostrophes ignored)."""
    words = re.findall(r"[a-z0-9]+", fold(name))
    tokens = re.findall(r"[a-z0-9]+", fold(query))
    return all(any(w.startswith(t) for w in words) for t in tokens)


def get_or_404(table, key, what):
    key = str(key).strip().upper()
    if key not in table:
        raise ApiError(404, f"no {what} {key!r}")
    return key, table[key]


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
        return datetime.date.fromisoformat(str(value)).isoformat()
    except ValueError:
        raise ApiError(400, f"{name} must be a date YYYY-MM-DD") from None


def waterway_code(value):
    raw = str(value).strip()
    if raw.upper() in WATERWAYS:
        return raw.upper()
    for code, name in WATERWAYS.items():
        if fold(name) == fold(raw) or name_matches(raw, name):
            return code
    raise ApiError(400, f"unknown waterway {value!r}; use a code ({', '.join(WATERWAYS)}) or a name")


def paginate(rows, query, default_per_page):
    page = int_param(query, "page", 1, 1, 1000)
    per_page = int_param(query, "per_page", default_per_page, 1, 50)
    start = (page - 1) * per_page
    return {"total_count": len(rows), "page": page, "per_page": per_page, "items": rows[start:start + per_page]}


def boat_summary(boat_id):
    b = BOATS[boat_id]
    return {"boat_id": boat_id, "name": b[0], "type": b[1], "licence_id": b[3]}


def lock_summary(lock_id):
    lk = LOCKS[lock_id]
    return {"lock_id": lock_id, "name": lk[0], "waterway": lk[1], "staffed": lk[5]}


def stoppage_row(sid):
    lock_id, title, kind, start, end = STOPPAGES[sid]
    return {"stoppage_id": sid, "waterway": LOCKS[lock_id][1], "lock_id": lock_id, "lock_name": LOCKS[lock_id][0],
            "title": title, "type": kind, "start": start, "end": end}


def tide_slot(date, direction):
    """High water at the sea lock, from the day of the year (a fixed, invented tide table)."""
    day = datetime.date.fromisoformat(date).timetuple().tm_yday
    hw = 5 * 60 + (day * 50) % 745
    if direction in ("seaward", "down"):
        start, end = hw - 90, hw - 30
    else:
        start, end = hw + 30, hw + 90
    arrive = start - 20

    def hm(m):
        return f"{(m // 60) % 24:02d}:{m % 60:02d}"
    return {"high_water": hm(hw), "slot": f"{hm(start)}-{hm(end)}", "arrive_by": hm(arrive)}


def passage_view(ref):
    p = PASSAGES[ref]
    out = {"reference": ref, "boat_id": p["boat_id"], "boat_name": BOATS[p["boat_id"]][0], "lock_id": p["lock_id"],
           "lock_name": LOCKS[p["lock_id"]][0], "date": p["date"], "direction": p["direction"],
           "status": p["status"]}
    out.update(tide_slot(p["date"], p["direction"]))
    out["lock_keeper"] = LOCKS[p["lock_id"]][6]
    return out


# ------------------------------------------------------------------ routes
@route("GET", "/boats")
def list_boats(q, body):
    rows = []
    boater = q.get("boater_id", "").strip().upper()
    for bid in sorted(BOATS):
        b = BOATS[bid]
        if q.get("name") and not name_matches(q["name"], b[0]):
            continue
        if boater and b[2] != boater:
            continue
        if q.get("type") and b[1] != q["type"].strip().lower():
            continue
        rows.append(boat_summary(bid))
    return 200, paginate(rows, q, 10)


@route("GET", "/boats/{boat_id}")
def get_boat(q, body, boat_id):
    bid, b = get_or_404(BOATS, boat_id, "boat")
    return 200, {"id": bid, "nm": b[0], "typ": b[1], "own": b[2], "lic": b[3], "home": b[4],
                 "wway": MOORINGS[b[4]][1], "loa": b[5], "bm": b[6], "dr": b[7], "blt": b[8]}


@route("GET", "/boaters")
def list_boaters(q, body):
    rows = []
    for bid in sorted(BOATERS):
        r = BOATERS[bid]
        if q.get("name") and not name_matches(q["name"], r["name"]):
            continue
        if q.get("email") and fold(q["email"]).strip() != fold(r["email"]):
            continue
        rows.append({"boater_id": bid, "name": r["name"], "town": r["town"]})
    return 200, {"items": rows}


@route("GET", "/boaters/{boater_id}")
def get_boater(q, body, boater_id):
    bid, r = get_or_404(BOATERS, boater_id, "boater")
    return 200, {"boater_id": bid, **r}


@route("GET", "/licences/{licence_id}")
def get_licence(q, body, licence_id):
    lid, lic = get_or_404(LICENCES, licence_id, "licence")
    return 200, {"licence_id": lid, "boat_id": lic[0], "type": lic[1], "valid_from": lic[2], "valid_to": lic[3],
                 "status": lic[4], "fee_gbp": lic[5]}


@route("GET", "/licence-fees")
def licence_fees(q, body):
    rows = [r for r in LICENCE_FEES if not q.get("type") or r["type"] == q["type"].strip().lower()]
    return 200, {"items": rows}


@route("GET", "/locks")
def list_locks(q, body):
    code = waterway_code(q["waterway"]) if q.get("waterway") else None
    rows = [lock_summary(lid) for lid in sorted(LOCKS)
            if (not q.get("name") or name_matches(q["name"], LOCKS[lid][0]))
            and (code is None or LOCKS[lid][1] == code)]
    return 200, paginate(rows, q, 10)


@route("GET", "/locks/{lock_id}")
def get_lock(q, body, lock_id):
    lid, lk = get_or_404(LOCKS, lock_id, "lock")
    return 200, {"lock_id": lid, "name": lk[0], "waterway": lk[1], "waterway_name": WATERWAYS[lk[1]],
                 "rise_m": lk[2], "max_length_m": lk[3], "max_beam_m": lk[4], "staffed": lk[5], "keeper": lk[6],
                 "keeper_phone": lk[7], "staffed_hours": lk[8], "booking_required": lk[9], "tidal": lk[10]}


@route("GET", "/stoppages")
def list_stoppages(q, body):
    code = waterway_code(q["waterway"]) if q.get("waterway") else None
    lock_id = q.get("lock_id", "").strip().upper()
    lo = date_param(q["from"], "from") if q.get("from") else "0000-01-01"
    hi = date_param(q["to"], "to") if q.get("to") else "9999-12-31"
    rows = []
    for sid in sorted(STOPPAGES, key=lambda s: (STOPPAGES[s][3], s)):
        row = stoppage_row(sid)
        if code and row["waterway"] != code:
            continue
        if lock_id and row["lock_id"] != lock_id:
            continue
        if q.get("type") and row["type"] != q["type"].strip().lower():
            continue
        if row["end"] < lo or row["start"] > hi:
            continue
        rows.append(row)
    return 200, paginate(rows, q, 5)


@route("GET", "/moorings")
def list_moorings(q, body):
    code = waterway_code(q["waterway"]) if q.get("waterway") else None
    near = q.get("near_lock", "").strip().upper()
    try:
        min_len = float(q["min_length"]) if q.get("min_length") else 0.0
    except ValueError:
        raise ApiError(400, "min_length must be a number of metres") from None
    rows = []
    for mid in sorted(MOORINGS):
        m = MOORINGS[mid]
        if (code and m[1] != code) or (near and m[2] != near) or m[4] < min_len:
            continue
        if q.get("kind") and m[3] != q["kind"].strip().lower():
            continue
        rows.append({"mooring_id": mid, "name": m[0], "waterway": m[1], "near_lock_id": m[2], "kind": m[3],
                     "max_length_m": m[4]})
    return 200, {"items": rows}


@route("GET", "/moorings/{mooring_id}")
def get_mooring(q, body, mooring_id):
    mid, m = get_or_404(MOORINGS, mooring_id, "mooring")
    return 200, {"id": mid, "nm": m[0], "wway": m[1], "near": m[2], "knd": m[3], "max_loa": m[4], "ppn": m[5],
                 "stay": m[6], "fac": m[7]}


@route("GET", "/passages")
def list_passages(q, body):
    rows = []
    for ref in sorted(PASSAGES):
        p = PASSAGES[ref]
        if q.get("boat_id") and p["boat_id"] != q["boat_id"].strip().upper():
            continue
        if q.get("lock_id") and p["lock_id"] != q["lock_id"].strip().upper():
            continue
        if q.get("date") and p["date"] != date_param(q["date"], "date"):
            continue
        rows.append({"reference": ref, "boat_id": p["boat_id"], "lock_id": p["lock_id"], "date": p["date"],
                     "status": p["status"]})
    return 200, {"items": rows}


@route("POST", "/passages")
def book_passage(q, body):
    if not isinstance(body, dict):
        raise ApiError(400, "body must be a JSON object")
    missing = [k for k in ("boat_id", "lock_id", "date", "direction") if not body.get(k)]
    if missing:
        raise ApiError(400, f"missing fields: {', '.join(missing)}")
    boat_id, boat = get_or_404(BOATS, body["boat_id"], "boat")
    lock_id, lk = get_or_404(LOCKS, body["lock_id"], "lock")
    date = date_param(body["date"], "date")
    direction = str(body["direction"]).strip().lower()
    allowed = ("seaward", "inland") if lk[10] else ("up", "down")
    if direction not in allowed:
        raise ApiError(400, f"direction at {lk[0]} must be one of {', '.join(allowed)}")
    if not lk[9]:
        raise ApiError(409, f"{lk[0]} does not take bookings; just turn up during its hours")
    if not date.startswith("2027"):
        raise ApiError(409, "bookings are open for 2027 only")
    if boat[5] > lk[3] or boat[6] > lk[4]:
        raise ApiError(409, f"{boat[0]} ({boat[5]} m x {boat[6]} m) does not fit {lk[0]} "
                            f"({lk[3]} m x {lk[4]} m)")
    key = f"{boat_id}|{lock_id}|{date}|{direction}"
    ref = "PX-" + hashlib.sha1(key.encode()).hexdigest()[:6].upper()
    with LOCK:
        if ref in PASSAGES:
            status = 200
        else:
            PASSAGES[ref] = {"boat_id": boat_id, "lock_id": lock_id, "date": date, "direction": direction,
                             "status": "confirmed"}
            status = 201
    p = PASSAGES[ref]
    return status, {"reference": ref, "boat_id": p["boat_id"], "lock_id": p["lock_id"], "date": p["date"],
                    "direction": p["direction"], "status": p["status"]}


@route("GET", "/passages/{reference}")
def get_passage(q, body, reference):
    ref, _ = get_or_404(PASSAGES, reference, "passage booking")
    return 200, passage_view(ref)


# ------------------------------------------------------------------ server
class Handler(BaseHTTPRequestHandler):
    server_version = "WendmereWaterways/1.0"

    def log_message(self, fmt, *args):  # quiet
        pass

    def _send(self, status, payload):
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _handle(self, method):
        parts = urlsplit(self.path)
        query = {k: v[-1] for k, v in parse_qs(parts.query, keep_blank_values=True).items()}
        body = None
        if method == "POST":
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length) if length else b""
            try:
                body = json.loads(raw) if raw else {}
            except ValueError:
                return self._send(400, {"error": "body is not valid JSON"})
        path_matched = False
        for m, regex, fn in ROUTES:
            match = regex.match(parts.path)
            if not match:
                continue
            path_matched = True
            if m != method:
                continue
            try:
                status, payload = fn(query, body, **match.groupdict())
            except ApiError as exc:
                status, payload = exc.status, {"error": exc.message}
            return self._send(status, payload)
        if path_matched:
            return self._send(405, {"error": f"method {method} not allowed here"})
        return self._send(404, {"error": f"no such endpoint {parts.path}"})

    def do_GET(self):
        self._handle("GET")

    def do_POST(self):
        self._handle("POST")


def main():
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 8080
    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
