"""Marrowby Hotels MCP server (stdio): properties, rooms and room types, guests and loyalty, reservations,
housekeeping tasks, guest invoices (folios) and late check-out requests.

Run: python hotel_mcp.py   (speaks MCP over stdin/stdout)
Deterministic: fixed seed data ("now" is Friday 2027-03-12, 09:00), no clock, no randomness; late check-out request
codes are derived from the request's content. State lives in memory for the life of the process. All hotels, names,
emails, phone numbers, addresses and codes are invented. Licence: Apache-2.0.
"""
import datetime
import hashlib
import math
import re
import unicodedata

from typing_extensions import TypedDict

try:  # mcp >= 2 renamed FastMCP to MCPServer
    from mcp.server.mcpserver import MCPServer as _Server
    from mcp.server.mcpserver.exceptions import ToolError
except ImportError:  # mcp 1.x
    from mcp.server.fastmcp import FastMCP as _Server
    from mcp.server.fastmcp.exceptions import ToolError

mcp = _Server("marrowby-hotels")

LATE_FEE_PER_HOUR = 15.0
LATEST_CHECKOUT = "16:00"


def _fold(text) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", str(text)) if not unicodedata.combining(c)).lower()


def _words(text) -> list:
    return [w for w in re.split(r"[^a-z0-9@.+-]+", _fold(text)) if w]


def _matches(query: str, text: str) -> bool:
    """Every word of the query starts a word of the text (case/accent-insensitive)."""
    have = _words(text)
    want = [w for w in _words(query) if w not in ("the", "hotel", "hotels")] or _words(query)
    return all(any(h.startswith(w) for h in have) for w in want)


# ------------------------------------------------------------------------------------------------ seed data
PROPERTIES = {p["property_id"]: p for p in [
    {"property_id": "P-10", "name": "The Saltmarsh", "stars": 4, "city": "Kelderby", "region": "North Coast",
     "address": {"line1": "1 Strand Parade", "city": "Kelderby", "postcode": "KB1 4SP"},
     "phone": "+44 1632 960 210", "email": "stay@thesaltmarsh.example",
     "policies": {"check_in": "15:00", "check_out": "11:00", "pets": "dogs welcome (25.00 per stay)",
                  "parking": {"available": True, "per_night": 18.0, "spaces": 40}},
     "amenities": ["spa", "indoor pool", "restaurant", "bar", "ev charging"]},
    {"property_id": "P-11", "name": "Saltmarsh Lodge", "stars": 3, "city": "Kelderby", "region": "North Coast",
     "address": {"line1": "Marsh Road", "city": "Kelderby", "postcode": "KB2 7ML"},
     "phone": "+44 1632 960 377", "email": "lodge@marrowby.example",
     "policies": {"check_in": "14:00", "check_out": "10:30", "pets": "no pets",
                  "parking": {"available": True, "per_night": 14.5, "spaces": 22}},
     "amenities": ["bar", "bike storage", "drying room"]},
    {"property_id": "P-12", "name": "Old Ropery Hotel", "stars": 4, "city": "Hadleigh Cross", "region": "Vale",
     "address": {"line1": "Ropewalk", "city": "Hadleigh Cross", "postcode": "HX3 9RW"},
     "phone": "+44 1632 960 524", "email": "ropery@marrowby.example",
     "policies": {"check_in": "15:00", "check_out": "11:00", "pets": "assistance dogs only",
                  "parking": {"available": True, "per_night": 9.0, "spaces": 18}},
     "amenities": ["restaurant", "taproom bar", "meeting rooms"]},
    {"property_id": "P-13", "name": "Linden Court", "stars": 4, "city": "Brackenford", "region": "Midlands",
     "address": {"line1": "12 Linden Court Road", "city": "Brackenford", "postcode": "BF4 2LC"},
     "phone": "+44 1632 960 418", "email": "lindencourt@marrowby.example",
     "policies": {"check_in": "15:00", "check_out": "11:00", "pets": "no pets",
                  "parking": {"available": False, "per_night": None, "spaces": 0}},
     "amenities": ["restaurant", "gym", "rooftop bar"]},
    {"property_id": "P-14", "name": "The Linden", "stars": 3, "city": "Ostwick", "region": "Midlands",
     "address": {"line1": "88 Canal Street", "city": "Ostwick", "postcode": "OW1 3CL"},
     "phone": "+44 1632 960 695", "email": "thelinden@marrowby.example",
     "policies": {"check_in": "14:00", "check_out": "12:00", "pets": "dogs welcome (15.00 per night)",
                  "parking": {"available": True, "per_night": 7.5, "spaces": 12}},
     "amenities": ["cafe", "bike storage"]},
    {"property_id": "P-16", "name": "Saltmarsh View Inn", "stars": 3, "city": "Porthallow", "region": "North Coast",
     "address": {"line1": "Harbour Lane", "city": "Porthallow", "postcode": "PH7 1HL"},
     "phone": "+44 1632 960 802", "email": "viewinn@marrowby.example",
     "policies": {"check_in": "15:00", "check_out": "10:00", "pets": "dogs welcome (10.00 per night)",
                  "parking": {"available": True, "per_night": 6.0, "spaces": 10}},
     "amenities": ["pub", "sea-view terrace"]},
]}

ROOM_TYPES = {
    "STD": "Standard double", "SUP": "Superior double", "DLX": "Deluxe king", "STE": "Suite", "TWN": "Twin room"}
TYPE_ALIASES = {"standard": "STD", "superior": "SUP", "deluxe": "DLX", "suite": "STE", "twin": "TWN"}

RATES = {  # property -> type -> [(season, from, to, nightly)]
    "P-10": {"STD": [("winter", "2026-11-01", "2027-03-31", 119.0), ("spring", "2027-04-01", "2027-06-30", 139.0)],
             "SUP": [("winter", "2026-11-01", "2027-03-31", 149.0), ("spring", "2027-04-01", "2027-06-30", 172.5)],
             "STE": [("winter", "2026-11-01", "2027-03-31", 245.0), ("spring", "2027-04-01", "2027-06-30", 289.0)]},
    "P-11": {"STD": [("winter", "2026-11-01", "2027-03-31", 84.0), ("spring", "2027-04-01", "2027-06-30", 96.0)],
             "TWN": [("winter", "2026-11-01", "2027-03-31", 88.0), ("spring", "2027-04-01", "2027-06-30", 99.0)]},
    "P-12": {"STD": [("winter", "2026-11-01", "2027-03-31", 134.0), ("spring", "2027-04-01", "2027-06-30", 146.0)],
             "SUP": [("winter", "2026-11-01", "2027-03-31", 158.0), ("spring", "2027-04-01", "2027-06-30", 171.0)]},
    "P-13": {"STD": [("winter", "2026-11-01", "2027-03-31", 109.0), ("spring", "2027-04-01", "2027-06-30", 121.0)],
             "SUP": [("winter", "2026-11-01", "2027-03-31", 129.0), ("spring", "2027-04-01", "2027-06-30", 142.0)],
             "DLX": [("winter", "2026-11-01", "2027-03-31", 164.0), ("spring", "2027-04-01", "2027-06-30", 181.0)]},
    "P-14": {"STD": [("winter", "2026-11-01", "2027-03-31", 79.0), ("spring", "2027-04-01", "2027-06-30", 89.0)],
             "DLX": [("winter", "2026-11-01", "2027-03-31", 118.0), ("spring", "2027-04-01", "2027-06-30", 126.0)]},
    "P-16": {"STD": [("winter", "2026-11-01", "2027-03-31", 72.0), ("spring", "2027-04-01", "2027-06-30", 85.0)]},
}


def _r(pid, no, typ, flr, bd, occ, hk, view, sqm, accessible=False, note=None):
    return {"property_id": pid, "no": no, "typ": typ, "flr": flr, "bd": bd, "occ": occ, "hk": hk, "view": view,
            "size_sqm": sqm, "accessible": accessible, "out_of_order_reason": note}


ROOMS = [
    _r("P-10", "104", "STD", 1, "Q", True, "CL", "car park", 19),
    _r("P-10", "214", "SUP", 2, "K", True, "DT", "dunes", 24),
    _r("P-10", "215", "SUP", 2, "T", False, "CL", "dunes", 24),
    _r("P-10", "407", "SUP", 4, "K", True, "CL", "sea", 26),
    _r("P-10", "501", "STE", 5, "K", False, "IN", "sea", 48),
    _r("P-11", "3", "STD", 0, "Q", False, "CL", "garden", 16, True),
    _r("P-11", "7", "TWN", 0, "T", True, "CL", "marsh", 17),
    _r("P-11", "12", "STD", 1, "Q", False, "DT", "marsh", 16),
    _r("P-12", "118", "STD", 1, "Q", False, "CL", "courtyard", 20),
    _r("P-12", "214", "SUP", 2, "K", True, "DT", "river", 27),
    _r("P-12", "216", "SUP", 2, "K", True, "DT", "river", 27),
    _r("P-12", "305", "STD", 3, "Q", False, "CL", "courtyard", 20),
    _r("P-13", "204", "STD", 2, "Q", True, "CL", "street", 18),
    _r("P-13", "209", "SUP", 2, "K", False, "CL", "park", 23),
    _r("P-13", "301", "DLX", 3, "K", True, "CL", "park", 30),
    _r("P-13", "305", "DLX", 3, "K", False, "CL", "park", 30),
    _r("P-13", "308", "DLX", 3, "K", False, "DT", "street", 29),
    _r("P-13", "310", "DLX", 3, "K", False, "OOO", "park", 30, False, "leak under the bath, plumber booked 2027-03-15"),
    _r("P-13", "312", "DLX", 3, "K", False, "CL", "park", 31, True),
    _r("P-13", "314", "DLX", 3, "Q", True, "DT", "street", 28),
    _r("P-14", "5", "STD", 0, "Q", False, "CL", "canal", 17),
    _r("P-14", "305", "DLX", 3, "K", False, "CL", "canal", 27),
    _r("P-14", "306", "DLX", 3, "K", False, "CL", "canal", 27),
    _r("P-16", "2", "STD", 1, "Q", False, "CL", "harbour", 18),
]

GUESTS = {g["guest_id"]: g for g in [
    {"guest_id": "G-1001", "name": "Margit Oyelaran", "email": "margit.oyelaran@example.com",
     "phone": "+44 7700 900 311", "address": {"city": "Ostwick", "country": "GB"},
     "loyalty": {"tier": "Silver", "member_no": "MRW-6610238", "since": "2022-05-14"}, "preferences": ["quiet room"]},
    {"guest_id": "G-1002", "name": "Margit Oyelowo", "email": "margit.oyelowo@example.org",
     "phone": "+44 7700 900 127", "address": {"city": "Kelderby", "country": "GB"},
     "loyalty": {"tier": "Bronze", "member_no": "MRW-8814402", "since": "2025-08-02"}, "preferences": []},
    {"guest_id": "G-1003", "name": "Tobias Fenwright", "email": "tobias.fenwright@example.net",
     "phone": "+44 7700 900 564", "address": {"city": "Brackenford", "country": "GB"},
     "loyalty": {"tier": "Gold", "member_no": "MRW-7720415", "since": "2019-11-30"},
     "preferences": ["high floor", "feather-free pillows"]},
    {"guest_id": "G-1004", "name": "Tobias Fenwick", "email": "t.fenwick@example.com",
     "phone": "+44 7700 900 718", "address": {"city": "Hadleigh Cross", "country": "GB"},
     "loyalty": {"tier": "Silver", "member_no": "MRW-5531092", "since": "2021-03-07"}, "preferences": []},
    {"guest_id": "G-1005", "name": "Henrike Salo", "email": "henrike.salo@example.com",
     "phone": "+358 40 555 0192", "address": {"city": "Tampere", "country": "FI"},
     "loyalty": {"tier": "Platinum", "member_no": "MRW-1190377", "since": "2016-06-21"},
     "preferences": ["extra towels"]},
    {"guest_id": "G-1006", "name": "Yusuf Brannigan", "email": "yusuf.b@example.org",
     "phone": "+44 7700 900 845", "address": {"city": "Mirefield", "country": "GB"},
     "loyalty": {"tier": "Gold", "member_no": "MRW-4470916", "since": "2020-01-12"}, "preferences": []},
    {"guest_id": "G-1007", "name": "Caspian Mwangi", "email": "caspian.mwangi@example.net",
     "phone": "+44 7700 900 263", "address": {"city": "Kelderby", "country": "GB"},
     "loyalty": {"tier": "Silver", "member_no": "MRW-3308851", "since": "2023-09-18"}, "preferences": []},
    {"guest_id": "G-1008", "name": "Ambrose Kettleworth", "email": "ambrose.k@example.com",
     "phone": "+44 7700 900 402", "address": {"city": "Ashbourne Vale", "country": "GB"},
     "loyalty": {"tier": "Bronze", "member_no": "MRW-9902174", "since": "2026-02-03"}, "preferences": []},
    {"guest_id": "G-1009", "name": "Henrik Salo", "email": "henrik.salo@example.net",
     "phone": "+46 70 555 0148", "address": {"city": "Uppsala", "country": "SE"},
     "loyalty": {"tier": "Bronze", "member_no": "MRW-9915530", "since": "2026-10-10"}, "preferences": []},
]}

_APRIL = [  # Saltmarsh Lodge arrivals around April 2027: (guest_id, name, arrival, nights, status, room)
    ("G-1019", "Quillon Marsh", "2027-03-31", 2, "confirmed", "7"),
    ("G-1020", "Corin Baptiste", "2027-04-01", 2, "confirmed", "3"),
    ("G-1021", "Elspeth Nakamura-Reid", "2027-04-03", 3, "confirmed", "12"),
    ("G-1022", "Fintan Olowe", "2027-04-06", 1, "confirmed", "7"),
    ("G-1023", "Greer Halvorsen", "2027-04-09", 2, "confirmed", "3"),
    ("G-1024", "Idris Penhaligon", "2027-04-10", 4, "confirmed", "12"),
    ("G-1025", "Juno Castellanos", "2027-04-14", 2, "confirmed", "7"),
    ("G-1026", "Kasimir Dobrev", "2027-04-17", 3, "confirmed", "3"),
    ("G-1027", "Lorcan Ebbesen", "2027-04-19", 2, "confirmed", "12"),
    ("G-1028", "Mireille Sandoval", "2027-04-22", 1, "confirmed", "7"),
    ("G-1029", "Niamh Trevelyan", "2027-04-24", 2, "confirmed", "3"),
    ("G-1030", "Wilhelmina Astbury", "2027-04-28", 2, "confirmed", "12"),
    ("G-1031", "Osric Delacroix", "2027-04-29", 3, "cancelled", "7"),
    ("G-1032", "Perpetua Vinter", "2027-05-01", 2, "confirmed", "3"),
]
for _gid, _name, *_ in _APRIL:
    _first, _last = _name.split(" ", 1)
    GUESTS[_gid] = {"guest_id": _gid, "name": _name,
                    "email": f"{_first.lower()}.{_last.lower().replace('-', '')}@example.com",
                    "phone": None, "address": {"city": None, "country": "GB"},
                    "loyalty": {"tier": "Bronze", "member_no": None, "since": None}, "preferences": []}

POINTS = {"G-1001": 8440, "G-1002": 1210, "G-1003": 48210, "G-1004": 15375, "G-1005": 131900, "G-1006": 52015,
          "G-1007": 9120, "G-1008": 640, "G-1009": 300}


def _add_days(date: str, days: int) -> str:
    return (datetime.date.fromisoformat(date) + datetime.timedelta(days=days)).isoformat()


def _res(conf, gid, pid, room, arrival, departure, status, rate, plan="Room only", adults=2, invoice=None,
         notes=None):
    nights = (datetime.date.fromisoformat(departure) - datetime.date.fromisoformat(arrival)).days
    return {"confirmation": conf, "guest_id": gid, "property_id": pid, "room": room, "arrival": arrival,
            "departure": departure, "nights": nights, "status": status, "nightly_rate": rate, "rate_plan": plan,
            "adults": adults, "children": 0, "invoice_id": invoice, "notes": notes, "late_checkout": None}


RESERVATIONS = {r["confirmation"]: r for r in [
    _res("MRB-49820", "G-1007", "P-10", "104", "2026-10-02", "2026-10-04", "checked_out", 119.0, invoice="F-86954"),
    _res("MRB-49960", "G-1004", "P-10", "215", "2026-12-18", "2026-12-20", "checked_out", 149.0, "Bed & breakfast",
         invoice="F-87701"),
    _res("MRB-50007", "G-1005", "P-13", "209", "2027-01-08", "2027-01-10", "checked_out", 129.0, invoice="F-87955",
         adults=1),
    _res("MRB-50066", "G-1006", "P-14", "305", "2027-02-05", "2027-02-07", "checked_out", 118.0, invoice="F-88102"),
    _res("MRB-50122", "G-1001", "P-14", "5", "2026-11-06", "2026-11-08", "checked_out", 79.0, invoice="F-87310",
         adults=1),
    _res("MRB-50188", "G-1004", "P-12", "118", "2027-02-12", "2027-02-15", "checked_out", 134.0, "Bed & breakfast",
         invoice="F-88213", adults=1),
    _res("MRB-50190", "G-1003", "P-11", "7", "2027-02-13", "2027-02-14", "checked_out", 88.0, invoice="F-88220",
         adults=1),
    _res("MRB-50203", "G-1003", "P-13", "301", "2027-03-09", "2027-03-13", "checked_in", 164.0, invoice="F-88391",
         adults=1),
    _res("MRB-50317", "G-1008", "P-10", "407", "2027-03-11", "2027-03-16", "checked_in", 149.0, "Bed & breakfast",
         invoice="F-88402", notes="anniversary - bottle of fizz on arrival"),
    _res("MRB-50351", "G-1005", "P-12", "214", "2027-03-10", "2027-03-14", "checked_in", 158.0, invoice="F-88377",
         adults=1, notes="extra towels daily"),
    _res("MRB-50360", "G-1009", "P-10", "214", "2027-03-11", "2027-03-13", "checked_in", 149.0, invoice="F-88409",
         adults=1),
    _res("MRB-50402", "G-1001", "P-12", "305", "2027-03-22", "2027-03-26", "confirmed", 134.0, "Bed & breakfast",
         adults=1),
    _res("MRB-50405", "G-1002", "P-10", "215", "2027-03-20", "2027-03-23", "confirmed", 149.0),
    _res("MRB-50411", "G-1001", "P-10", "501", "2027-03-05", "2027-03-07", "cancelled", 245.0),
    _res("MRB-50455", "G-1007", "P-11", "12", "2027-03-27", "2027-03-29", "confirmed", 84.0),
    _res("MRB-50480", "G-1006", "P-13", "312", "2027-04-03", "2027-04-07", "confirmed", 181.0, "Bed & breakfast"),
    _res("MRB-50486", "G-1006", "P-14", "306", "2027-05-14", "2027-05-16", "confirmed", 126.0),
]}
for _i, (_gid, _name, _arr, _n, _status, _room) in enumerate(_APRIL):
    _conf = f"MRB-506{_i + 10:02d}"
    RESERVATIONS[_conf] = _res(_conf, _gid, "P-11", _room, _arr, _add_days(_arr, _n), _status,
                               96.0 if _arr >= "2027-04-01" else 84.0)

HOUSEKEEPING = [
    {"task_id": "HK-7701", "property_id": "P-12", "room": "214", "date": "2027-03-11", "type": "stayover clean",
     "assigned_to": "Piotr Zamorski", "status": "done", "notes": "extra towels left"},
    {"task_id": "HK-7712", "property_id": "P-12", "room": "214", "date": "2027-03-12", "type": "stayover clean",
     "assigned_to": "Dorota Kwiatek", "status": "scheduled", "notes": "guest asks for extra towels daily"},
    {"task_id": "HK-7713", "property_id": "P-12", "room": "216", "date": "2027-03-12", "type": "stayover clean",
     "assigned_to": "Lena Hartigan", "status": "scheduled", "notes": None},
    {"task_id": "HK-7714", "property_id": "P-12", "room": "118", "date": "2027-03-12", "type": "deep clean",
     "assigned_to": "Piotr Zamorski", "status": "in_progress", "notes": None},
    {"task_id": "HK-7720", "property_id": "P-12", "room": "214", "date": "2027-03-13", "type": "stayover clean",
     "assigned_to": "Lena Hartigan", "status": "scheduled", "notes": None},
    {"task_id": "HK-6630", "property_id": "P-10", "room": "214", "date": "2027-03-12", "type": "stayover clean",
     "assigned_to": "Agnes Morrow", "status": "scheduled", "notes": None},
    {"task_id": "HK-6631", "property_id": "P-10", "room": "407", "date": "2027-03-12", "type": "turndown",
     "assigned_to": "Agnes Morrow", "status": "scheduled", "notes": "fizz on ice at 18:00"},
    {"task_id": "HK-8801", "property_id": "P-13", "room": "308", "date": "2027-03-12", "type": "departure clean",
     "assigned_to": "Ruth Abernethy", "status": "scheduled", "notes": None},
    {"task_id": "HK-8802", "property_id": "P-13", "room": "310", "date": "2027-03-10", "type": "maintenance",
     "assigned_to": "Estates team", "status": "open", "notes": "leak under the bath"},
    {"task_id": "HK-8803", "property_id": "P-13", "room": "314", "date": "2027-03-12", "type": "stayover clean",
     "assigned_to": "Ruth Abernethy", "status": "scheduled", "notes": None},
]


def _inv(inv_id, conf, lines, paid):
    tot = round(sum(l["amt"] for l in lines), 2)
    return {"id": inv_id, "res": conf, "ccy": "GBP", "ln": lines, "tot": tot, "pd": paid,
            "bal": round(tot - paid, 2)}


def _l(dt, cat, desc, q, up):
    return {"dt": dt, "cat": cat, "desc": desc, "q": q, "up": up, "amt": round(q * up, 2)}


INVOICES = {i["id"]: i for i in [
    _inv("F-86954", "MRB-49820", [_l("2026-10-02", "ROOM", "Standard double", 2, 119.0),
                                  _l("2026-10-03", "BAR", "Strand Bar", 1, 23.8)], 261.8),
    _inv("F-87701", "MRB-49960", [_l("2026-12-18", "ROOM", "Superior double, B&B", 2, 149.0),
                                  _l("2026-12-19", "SPA", "Seaweed wrap", 1, 65.0),
                                  _l("2026-12-19", "BAR", "Strand Bar", 1, 38.6)], 401.6),
    _inv("F-87955", "MRB-50007", [_l("2027-01-08", "ROOM", "Superior double", 2, 129.0)], 258.0),
    _inv("F-88102", "MRB-50066", [_l("2027-02-05", "ROOM", "Deluxe king", 2, 118.0),
                                  _l("2027-02-06", "PARK", "Parking", 2, 7.5)], 251.0),
    _inv("F-87310", "MRB-50122", [_l("2026-11-06", "ROOM", "Standard double", 2, 79.0)], 158.0),
    _inv("F-88213", "MRB-50188", [_l("2027-02-12", "ROOM", "Standard double, B&B", 3, 134.0),
                                  _l("2027-02-12", "FNB", "Ropery Kitchen - dinner", 1, 58.9),
                                  _l("2027-02-13", "BAR", "Taproom bar tab", 1, 86.45),
                                  _l("2027-02-14", "MINI", "Minibar", 1, 12.5),
                                  _l("2027-02-14", "PARK", "Parking", 3, 9.0)], 586.85),
    _inv("F-88220", "MRB-50190", [_l("2027-02-13", "ROOM", "Twin room", 1, 88.0),
                                  _l("2027-02-13", "BAR", "Lodge bar", 1, 41.2)], 129.2),
    _inv("F-88391", "MRB-50203", [_l("2027-03-09", "ROOM", "Deluxe king", 3, 164.0)], 0.0),
    _inv("F-88402", "MRB-50317", [_l("2027-03-11", "ROOM", "Superior double, B&B", 1, 149.0)], 0.0),
    _inv("F-88377", "MRB-50351", [_l("2027-03-10", "ROOM", "Superior double", 2, 158.0),
                                  _l("2027-03-11", "FNB", "Room service", 1, 31.75)], 0.0),
    _inv("F-88409", "MRB-50360", [_l("2027-03-11", "ROOM", "Superior double", 1, 149.0)], 0.0),
]}

LATE_CHECKOUTS = {}


# ------------------------------------------------------------------------------------------------ helpers
def _property(property_id: str) -> dict:
    p = PROPERTIES.get(str(property_id).strip().upper())
    if p is None:
        raise ToolError(f"no property {property_id!r} (ids look like P-10; use find_properties)")
    return p


def _guest(guest_id: str) -> dict:
    g = GUESTS.get(str(guest_id).strip().upper())
    if g is None:
        raise ToolError(f"no guest {guest_id!r} (ids look like G-1001; use find_guest)")
    return g


def _reservation(confirmation: str) -> dict:
    r = RESERVATIONS.get(str(confirmation).strip().upper())
    if r is None:
        raise ToolError(f"no reservation {confirmation!r} (confirmation numbers look like MRB-50317)")
    return r


def _date(value, name):
    v = str(value).strip()
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", v):
        raise ToolError(f"{name} must be YYYY-MM-DD")
    return v


def _room_type(value):
    v = _fold(value).strip()
    code = TYPE_ALIASES.get(v.split()[0] if v else v, v.upper())
    if code not in ROOM_TYPES:
        raise ToolError(f"unknown room type {value!r}; types: {', '.join(ROOM_TYPES)} (or standard, superior, "
                        "deluxe, suite, twin)")
    return code


def _hhmm(value) -> str:
    v = _fold(value).strip().replace(".", ":")
    m = re.fullmatch(r"(\d{1,2})(?::(\d{2}))?\s*(am|pm)?", v)
    if not m:
        raise ToolError("time must be HH:MM (24-hour) or like 2pm")
    h, mi = int(m.group(1)), int(m.group(2) or 0)
    if m.group(3) == "pm" and h < 12:
        h += 12
    if h > 23 or mi > 59:
        raise ToolError("time must be HH:MM (24-hour) or like 2pm")
    return f"{h:02d}:{mi:02d}"


# ------------------------------------------------------------------------------------------------ typed results
class PropertyHit(TypedDict):
    property_id: str
    name: str
    city: str
    stars: int


class PropertySearch(TypedDict):
    properties: list[PropertyHit]
    count: int


class GuestHit(TypedDict):
    guest_id: str
    name: str
    email: str
    tier: str


class GuestSearch(TypedDict):
    guests: list[GuestHit]
    count: int


class Rate(TypedDict):
    season: str
    valid_from: str
    valid_to: str
    nightly: float


class RoomTypeRates(TypedDict):
    code: str
    name: str
    rates: list[Rate]


class RateCard(TypedDict):
    property_id: str
    currency: str
    room_types: list[RoomTypeRates]


class ReservationSummary(TypedDict):
    confirmation: str
    guest_id: str
    guest_name: str
    property_id: str
    property_name: str
    arrival: str
    departure: str
    nights: int
    status: str


class ReservationPage(TypedDict):
    reservations: list[ReservationSummary]
    page: int
    page_size: int
    total_count: int
    next_page: int | None


# ------------------------------------------------------------------------------------------------ tools
@mcp.tool()
def find_properties(query: str = "") -> PropertySearch:
    """Search the group's hotels by name, town/city or region (every word must match). Empty query lists all."""
    rows = [p for p in PROPERTIES.values()
            if not query.strip() or _matches(query, f"{p['name']} {p['city']} {p['region']}")]
    hits = [{"property_id": p["property_id"], "name": p["name"], "city": p["city"], "stars": p["stars"]}
            for p in rows]
    return {"properties": hits, "count": len(hits)}


@mcp.tool()
def get_property(property_id: str) -> dict:
    """One hotel: address, phone, email, policies (check-in/check-out times, pets, parking with price per night)
    and amenities."""
    return dict(_property(property_id))


@mcp.tool()
def list_room_types(property_id: str) -> RateCard:
    """Rate card of a hotel: its room types with seasonal nightly rates (GBP, room only)."""
    p = _property(property_id)
    types = [{"code": code, "name": ROOM_TYPES[code],
              "rates": [{"season": s, "valid_from": a, "valid_to": b, "nightly": n} for s, a, b, n in seasons]}
             for code, seasons in RATES[p["property_id"]].items()]
    return {"property_id": p["property_id"], "currency": "GBP", "room_types": types}


@mcp.tool()
def list_rooms(property_id: str, room_type: str | None = None, floor: int | None = None) -> dict:
    """Rooms of a hotel as they stand now. rooms[]: no, typ (STD/SUP/DLX/STE/TWN), flr, bd (K/Q/T), occ, hk
    (CL/DT/IN/OOO)."""
    p = _property(property_id)
    code = _room_type(room_type) if room_type else None
    rows = [{k: r[k] for k in ("no", "typ", "flr", "bd", "occ", "hk")} for r in ROOMS
            if r["property_id"] == p["property_id"] and (not code or r["typ"] == code)
            and (floor is None or r["flr"] == floor)]
    return {"property_id": p["property_id"], "rooms": rows, "n": len(rows)}


@mcp.tool()
def get_room(property_id: str, room_number: str) -> dict:
    """One room of a hotel: type, floor, bed, view, size, accessibility, occupancy and housekeeping state, and the
    reason when it is out of order."""
    p = _property(property_id)
    for r in ROOMS:
        if r["property_id"] == p["property_id"] and r["no"] == str(room_number).strip():
            return {"property_id": p["property_id"], "property_name": p["name"], "room_number": r["no"],
                    "type": ROOM_TYPES[r["typ"]], "floor": r["flr"],
                    "bed": {"K": "king", "Q": "queen", "T": "twin"}[r["bd"]], "view": r["view"],
                    "size_sqm": r["size_sqm"], "accessible": r["accessible"], "occupied": r["occ"],
                    "housekeeping": {"CL": "clean", "DT": "dirty", "IN": "inspected",
                                     "OOO": "out of order"}[r["hk"]],
                    "out_of_order_reason": r["out_of_order_reason"]}
    raise ToolError(f"no room {room_number!r} at {p['name']}")


@mcp.tool()
def find_guest(name: str | None = None, email: str | None = None) -> GuestSearch:
    """Guest profiles whose name contains every given word, or whose email is exactly the one given."""
    if not (name or "").strip() and not (email or "").strip():
        raise ToolError("give a name or an email")
    e = (email or "").strip().lower()
    rows = [g for g in GUESTS.values()
            if (not e or g["email"] == e) and (not (name or "").strip() or _matches(name, g["name"]))]
    hits = [{"guest_id": g["guest_id"], "name": g["name"], "email": g["email"], "tier": g["loyalty"]["tier"]}
            for g in rows]
    return {"guests": hits, "count": len(hits)}


@mcp.tool()
def get_guest(guest_id: str) -> dict:
    """A guest's profile: contact details, home city, loyalty membership (tier, member number, points balance,
    member since) and stay preferences."""
    g = _guest(guest_id)
    out = {k: v for k, v in g.items() if k != "loyalty"}
    out["loyalty"] = dict(g["loyalty"], points=POINTS.get(g["guest_id"], 0))
    return out


@mcp.tool()
def list_reservations(guest_id: str | None = None, property_id: str | None = None, status: str | None = None,
                      arrival_from: str | None = None, arrival_to: str | None = None, page: int = 1,
                      page_size: int = 10) -> ReservationPage:
    """Reservations, filtered by guest, hotel, status (confirmed, checked_in, checked_out, cancelled) and arrival
    date range (YYYY-MM-DD, inclusive), ordered by arrival date. Pages of at most 10 (page starts at 1);
    total_count counts every match."""
    gid = _guest(guest_id)["guest_id"] if guest_id else None
    pid = _property(property_id)["property_id"] if property_id else None
    st = (status or "").strip().lower()
    if st and st not in ("confirmed", "checked_in", "checked_out", "cancelled"):
        raise ToolError("status must be confirmed, checked_in, checked_out or cancelled")
    lo = _date(arrival_from, "arrival_from") if arrival_from else None
    hi = _date(arrival_to, "arrival_to") if arrival_to else None
    if page < 1 or not 1 <= page_size <= 10:
        raise ToolError("page starts at 1; page_size is 1 to 10")
    rows = [r for r in RESERVATIONS.values() if (not gid or r["guest_id"] == gid)
            and (not pid or r["property_id"] == pid) and (not st or r["status"] == st)
            and (not lo or r["arrival"] >= lo) and (not hi or r["arrival"] <= hi)]
    rows.sort(key=lambda r: (r["arrival"], r["confirmation"]))
    first = (page - 1) * page_size
    items = [{"confirmation": r["confirmation"], "guest_id": r["guest_id"], "guest_name": GUESTS[r["guest_id"]]["name"],
              "property_id": r["property_id"], "property_name": PROPERTIES[r["property_id"]]["name"],
              "arrival": r["arrival"], "departure": r["departure"], "nights": r["nights"], "status": r["status"]}
             for r in rows[first:first + page_size]]
    return {"reservations": items, "page": page, "page_size": page_size, "total_count": len(rows),
            "next_page": page + 1 if first + page_size < len(rows) else None}


@mcp.tool()
def get_reservation(confirmation: str) -> dict:
    """A reservation by confirmation number (MRB-xxxxx): guest, hotel, room (number and type), dates, nights,
    party size, rate plan and nightly rate, status, invoice id (folio), notes and any late check-out."""
    r = _reservation(confirmation)
    g, p = GUESTS[r["guest_id"]], PROPERTIES[r["property_id"]]
    room = next(x for x in ROOMS if x["property_id"] == p["property_id"] and x["no"] == r["room"])
    return {"confirmation": r["confirmation"], "status": r["status"],
            "guest": {"guest_id": g["guest_id"], "name": g["name"]},
            "property": {"property_id": p["property_id"], "name": p["name"]},
            "room": {"number": room["no"], "type": ROOM_TYPES[room["typ"]]},
            "arrival": r["arrival"], "departure": r["departure"], "nights": r["nights"],
            "party": {"adults": r["adults"], "children": r["children"]},
            "rate": {"plan": r["rate_plan"], "nightly": r["nightly_rate"], "currency": "GBP"},
            "invoice_id": r["invoice_id"], "notes": r["notes"], "late_checkout": r["late_checkout"]}


@mcp.tool()
def list_housekeeping_tasks(property_id: str, room_number: str | None = None, date: str | None = None,
                            status: str | None = None) -> dict:
    """Housekeeping tasks at a hotel, by room, date (YYYY-MM-DD) and/or status (scheduled, in_progress, done,
    open). Each task: task_id, room, date, type, assigned_to, status, notes."""
    p = _property(property_id)
    d = _date(date, "date") if date else None
    st = (status or "").strip().lower()
    rows = [{k: t[k] for k in ("task_id", "room", "date", "type", "assigned_to", "status", "notes")}
            for t in HOUSEKEEPING if t["property_id"] == p["property_id"]
            and (not room_number or t["room"] == str(room_number).strip()) and (not d or t["date"] == d)
            and (not st or t["status"] == st)]
    rows.sort(key=lambda t: (t["date"], t["room"]))
    return {"property_id": p["property_id"], "tasks": rows, "count": len(rows)}


@mcp.tool()
def get_invoice(invoice_id: str) -> dict:
    """Guest folio by id (F-xxxxx): id, res, ccy, ln[] (dt, cat, desc, q, up, amt), tot, pd, bal."""
    inv = INVOICES.get(str(invoice_id).strip().upper())
    if inv is None:
        raise ToolError(f"no invoice {invoice_id!r}")
    return {**inv, "ln": [dict(l) for l in inv["ln"]]}


@mcp.tool()
def request_late_checkout(confirmation: str, checkout_time: str) -> dict:
    """Ask for a later check-out (up to 16:00) on a confirmed or in-house reservation. Gold and Platinum members
    pay nothing; others pay 15.00 GBP per started hour after the hotel's standard check-out time. Returns the
    request code (LCO-xxxxxx), the new check-out time and the fee; asking again for the same reservation and time
    returns the same request."""
    r = _reservation(confirmation)
    t = _hhmm(checkout_time)
    p, g = PROPERTIES[r["property_id"]], GUESTS[r["guest_id"]]
    code = "LCO-" + hashlib.sha1(f"{r['confirmation']}|{t}".encode()).hexdigest().upper()[:6]
    if code in LATE_CHECKOUTS:
        return dict(LATE_CHECKOUTS[code])
    if r["status"] not in ("confirmed", "checked_in"):
        raise ToolError(f"reservation {r['confirmation']} is {r['status']}; only confirmed or in-house stays qualify")
    std = p["policies"]["check_out"]
    if not std < t <= LATEST_CHECKOUT:
        raise ToolError(f"late check-out must be after {std} and no later than {LATEST_CHECKOUT}")
    minutes = (int(t[:2]) * 60 + int(t[3:])) - (int(std[:2]) * 60 + int(std[3:]))
    tier = g["loyalty"]["tier"]
    fee = 0.0 if tier in ("Gold", "Platinum") else LATE_FEE_PER_HOUR * math.ceil(minutes / 60)
    LATE_CHECKOUTS[code] = {"request_code": code, "confirmation": r["confirmation"], "guest_name": g["name"],
                            "property_name": p["name"], "departure": r["departure"], "standard_checkout": std,
                            "new_checkout": t, "loyalty_tier": tier, "fee": fee, "currency": "GBP",
                            "status": "approved"}
    r["late_checkout"] = {"request_code": code, "time": t}
    return dict(LATE_CHECKOUTS[code])


if __name__ == "__main__":
    mcp.run()
