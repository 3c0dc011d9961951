"""Tinplate Yard (Hollinbridge community makerspace) MCP server (stdio): members, machines and tools, machine
bookings, safety trainings and sessions, projects and membership fees.

Run: python makerspace_mcp.py   (speaks MCP over stdin/stdout)
Deterministic: fixed seed data ("today" is Wednesday 2027-05-12), no clock, no randomness; new booking codes are
derived from the booking's content. State lives in memory for the life of the process. All names, emails,
addresses and codes are invented. Licence: Apache-2.0.
"""
import hashlib
import re
import unicodedata

from typing_extensions import TypedDict

try:  # mcp >= 2 renamed FastMCP to MCPServer
    from mcp.server.mcpserver import MCPServer as _Server
    from mcp.server.mcpserver.exceptions import ToolError
except ImportError:  # mcp 1.x
    from mcp.server.fastmcp import FastMCP as _Server
    from mcp.server.fastmcp.exceptions import ToolError

server = _Server("tinplate-yard")

TODAY = "2027-05-12"
OPEN, CLOSE = "09:00", "22:00"


def _fold(text) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", str(text)) if not unicodedata.combining(c)).lower()


def _words(text):
    return [w for w in re.split(r"[\s,.'\u2019()\"-]+", _fold(text)) if w and w not in ("the", "a", "project")]


def _all_in(query, text):
    hay = _fold(text)
    return all(w in hay for w in _words(query))


def _day(value, name):
    v = str(value or "").strip()
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", v):
        raise ToolError(f"{name} must be a date YYYY-MM-DD")
    return v


def _clock(value, name):
    m = re.fullmatch(r"(\d{1,2}):(\d{2})", str(value or "").strip())
    if not m or int(m.group(1)) > 23 or int(m.group(2)) > 59:
        raise ToolError(f"{name} must be HH:MM (24-hour)")
    return f"{int(m.group(1)):02d}:{m.group(2)}"


def _hours(start, end):
    return (int(end[:2]) * 60 + int(end[3:]) - int(start[:2]) * 60 - int(start[3:])) / 60


# ------------------------------------------------------------------ seed data
TIERS = {"full": 30.0, "weekend": 18.0, "student": 12.0}

MEMBERS = {m["member_id"]: m for m in [
    {"member_id": "MK-2041", "name": "Billie Okafor", "email": "billie.okafor@example.com", "tier": "full",
     "joined": "2024-09-03", "address": {"street": "14 Cooper's Walk", "town": "Hollinbridge", "postcode": "HB3 2CW"},
     "emergency_contact": {"name": "Ada Okafor", "phone": "+44 7700 900 641"}},
    {"member_id": "MK-2042", "name": "Willa Okoro", "email": "w.okoro@example.net", "tier": "weekend",
     "joined": "2025-02-17", "address": {"street": "3 Lark Rise", "town": "Hollinbridge", "postcode": "HB1 7LR"},
     "emergency_contact": {"name": "Femi Okoro", "phone": "+44 7700 900 642"}},
    {"member_id": "MK-2050", "name": "Fergus Dunleavy", "email": "fergus.dunleavy@example.org", "tier": "full",
     "joined": "2023-06-01", "address": {"street": "Flat 2, 88 Mill Lane", "town": "Hollinbridge",
                                         "postcode": "HB2 9ML"},
     "emergency_contact": {"name": "Niamh Dunleavy", "phone": "+44 7700 900 650"}},
    {"member_id": "MK-2051", "name": "Fergus Dunlevy", "email": "fdunlevy@example.com", "tier": "student",
     "joined": "2026-10-05", "address": {"street": "Halls B, Room 214, Ferrier Road", "town": "Hollinbridge",
                                         "postcode": "HB4 1FR"},
     "emergency_contact": {"name": "Marie Dunlevy", "phone": "+44 7700 900 651"}},
    {"member_id": "MK-2063", "name": "Rosalind Pettigrew", "email": "ros.pettigrew@example.com", "tier": "full",
     "joined": "2022-11-19", "address": {"street": "7 Glebe Terrace", "town": "Hollinbridge", "postcode": "HB1 4GT"},
     "emergency_contact": {"name": "Owen Pettigrew", "phone": "+44 7700 900 663"}},
    {"member_id": "MK-2064", "name": "Rosalind Pettifer", "email": "r.pettifer@example.org", "tier": "weekend",
     "joined": "2025-08-30", "address": {"street": "21 Brewer's Yard", "town": "Ashby Fold", "postcode": "HB7 3BY"},
     "emergency_contact": {"name": "Lena Pettifer", "phone": "+44 7700 900 664"}},
    {"member_id": "MK-2077", "name": "Tadhg Ó Briain", "email": "tadhg.obriain@example.net", "tier": "full",
     "joined": "2026-03-12", "address": {"street": "5 Weavers Close", "town": "Hollinbridge", "postcode": "HB3 5WC"},
     "emergency_contact": {"name": "Siobhán Ní Bhriain", "phone": "+44 7700 900 677"}},
    {"member_id": "MK-2080", "name": "Mirela Constantinescu", "email": "mirela.c@example.org", "tier": "full",
     "joined": "2023-01-23", "address": {"street": "40 Canal Side", "town": "Hollinbridge", "postcode": "HB2 6CS"},
     "emergency_contact": {"name": "Andrei Constantinescu", "phone": "+44 7700 900 680"}},
    {"member_id": "MK-2085", "name": "Jasper Whitcombe", "email": "jasper.whitcombe@example.com", "tier": "weekend",
     "joined": "2025-11-08", "address": {"street": "9 Orchard Row", "town": "Ashby Fold", "postcode": "HB7 1OR"},
     "emergency_contact": {"name": "Harriet Whitcombe", "phone": "+44 7700 900 685"}},
    {"member_id": "MK-2086", "name": "Jasper Whitcomb", "email": "jwhitcomb@example.net", "tier": "full",
     "joined": "2021-04-14", "address": {"street": "66 Foundry Street", "town": "Hollinbridge",
                                         "postcode": "HB2 2FS"},
     "emergency_contact": {"name": "Tom Whitcomb", "phone": "+44 7700 900 686"}},
    {"member_id": "MK-2090", "name": "Sunita Parekh", "email": "sunita.parekh@example.com", "tier": "full",
     "joined": "2022-07-07", "address": {"street": "12 Linden Avenue", "town": "Hollinbridge",
                                         "postcode": "HB5 8LA"},
     "emergency_contact": {"name": "Raj Parekh", "phone": "+44 7700 900 690"}},
    {"member_id": "MK-2093", "name": "Hamish Drummond-Kerr", "email": "hamish.dk@example.org", "tier": "student",
     "joined": "2026-09-21", "address": {"street": "Halls C, Room 031, Ferrier Road", "town": "Hollinbridge",
                                         "postcode": "HB4 1FR"},
     "emergency_contact": {"name": "Fiona Drummond", "phone": "+44 7700 900 693"}},
]}

COURSES = {
    "SC-LAS": "Laser Cutter Safety & Induction", "SC-CNC": "CNC Router Induction", "SC-WOOD": "Wood Shop Safety",
    "SC-MIG": "MIG Welding Safety", "SC-TIG": "TIG Welding Safety", "SC-3DP": "3D Printing Basics",
    "SC-LATHE": "Metal Lathe Induction", "SC-TEX": "Embroidery Machine Induction",
}


def _eq(mid, name, kind, area, loc, rate, course, bed=None, power=None, status="ok", notes=None):
    return {"id": mid, "nm": name, "kind": kind, "area": area, "loc": loc, "bed_mm": bed, "pwr_w": power,
            "rate_h": rate, "trn": course, "st": status, "notes": notes}


MACHINES = {m["id"]: m for m in [
    _eq("EQ-11", "Big Red", "80 W CO2 laser cutter", "Laser", "Laser Room (first floor, door L2)", 12.5, "SC-LAS",
        "1000 x 600", 80, notes="Extraction must be on; no PVC or vinyl."),
    _eq("EQ-12", "Little Red", "40 W CO2 laser cutter", "Laser", "Laser Room (first floor, door L2)", 6.0,
        "SC-LAS", "600 x 400", 40),
    _eq("EQ-14", "Fibre Laser Marker", "30 W fibre laser engraver for metal", "Laser",
        "Laser Room (first floor, door L2)", 8.0, "SC-LAS", "150 x 150", 30),
    _eq("EQ-21", "CNC Router", "3-axis CNC router, 2.2 kW spindle", "Wood", "Wood Shop (ground floor, bay 3)", 10.0,
        "SC-CNC", "1250 x 1250", 2200),
    _eq("EQ-25", "Desktop CNC Mill", "small 3-axis CNC mill for aluminium and wax", "Metal",
        "Metal Shop (yard unit)", 5.0, "SC-CNC", "300 x 180", 300),
    _eq("EQ-22", "Table Saw", "10 inch cabinet table saw with flesh-sensing brake", "Wood",
        "Wood Shop (ground floor, bay 1)", 0.0, "SC-WOOD", None, 2200),
    _eq("EQ-23", "Bandsaw", "14 inch bandsaw", "Wood", "Wood Shop (ground floor, bay 1)", 0.0, "SC-WOOD", None, 750),
    _eq("EQ-44", "Wood Lathe", "variable-speed wood turning lathe", "Wood", "Wood Shop (ground floor, bay 4)", 0.0,
        "SC-WOOD", "450 swing x 1000", 1000),
    _eq("EQ-31", "FDM Printer 1", "FDM 3D printer, PLA/PETG", "Digital", "Digital Fab Bench (first floor)", 2.0,
        "SC-3DP", "250 x 210 x 220", None),
    _eq("EQ-32", "FDM Printer 2", "FDM 3D printer, PLA/PETG/TPU", "Digital", "Digital Fab Bench (first floor)", 2.0,
        "SC-3DP", "250 x 210 x 220", None),
    _eq("EQ-33", "Resin Printer", "MSLA resin 3D printer", "Digital", "Digital Fab Bench (first floor)", 3.0,
        "SC-3DP", "218 x 123 x 250", None, status="down", notes="Vat film torn; replacement ordered."),
    _eq("EQ-41", "MIG Welder", "MIG welder, 200 A", "Metal", "Metal Shop (yard unit)", 4.0, "SC-MIG", None, 7000),
    _eq("EQ-42", "TIG Welder", "AC/DC TIG welder, 200 A", "Metal", "Metal Shop (yard unit)", 6.0, "SC-TIG", None,
        6500),
    _eq("EQ-43", "Metal Lathe", "bench metal lathe, 250 x 550", "Metal", "Metal Shop (yard unit)", 5.0, "SC-LATHE",
        "250 swing x 550", 750),
    _eq("EQ-51", "Embroidery Machine", "single-head embroidery machine", "Textiles",
        "Textiles Corner (first floor)", 3.0, "SC-TEX", "360 x 200", None),
]}

# member, course, passed, expires, instructor
_TRAININGS = [
    ("MK-2041", "SC-LAS", "2024-10-12", "2026-10-12", "Isla Fairbairn"),
    ("MK-2041", "SC-3DP", "2024-09-20", None, "Priscilla Oyelaran"),
    ("MK-2042", "SC-WOOD", "2025-03-08", None, "Conall Breen"),
    ("MK-2050", "SC-WOOD", "2023-06-17", None, "Conall Breen"),
    ("MK-2050", "SC-CNC", "2026-08-14", "2028-08-14", "Greta Halvorsen"),
    ("MK-2051", "SC-CNC", "2026-11-02", "2028-11-02", "Conall Breen"),
    ("MK-2051", "SC-3DP", "2026-10-19", None, "Priscilla Oyelaran"),
    ("MK-2063", "SC-LAS", "2025-01-25", "2027-01-25", "Isla Fairbairn"),
    ("MK-2063", "SC-LAS", "2027-02-06", "2029-02-06", "Isla Fairbairn"),
    ("MK-2063", "SC-TEX", "2023-02-11", None, "Priscilla Oyelaran"),
    ("MK-2064", "SC-LAS", "2025-09-13", "2027-09-13", "Greta Halvorsen"),
    ("MK-2077", "SC-LAS", "2026-11-20", "2028-11-20", "Isla Fairbairn"),
    ("MK-2077", "SC-WOOD", "2026-04-04", None, "Conall Breen"),
    ("MK-2080", "SC-LAS", "2023-02-18", "2025-02-18", "Isla Fairbairn"),
    ("MK-2080", "SC-LAS", "2025-02-15", "2027-02-15", "Greta Halvorsen"),
    ("MK-2080", "SC-LAS", "2027-02-13", "2029-02-13", "Greta Halvorsen"),
    ("MK-2080", "SC-CNC", "2024-05-11", "2028-05-11", "Greta Halvorsen"),
    ("MK-2080", "SC-3DP", "2023-03-04", None, "Priscilla Oyelaran"),
    ("MK-2080", "SC-LATHE", "2024-09-28", None, "Dmitri Sokolov"),
    ("MK-2085", "SC-MIG", "2026-02-11", "2028-02-11", "Kwame Mensah"),
    ("MK-2085", "SC-WOOD", "2025-11-22", None, "Conall Breen"),
    ("MK-2086", "SC-MIG", "2021-06-05", "2023-06-05", "Kwame Mensah"),
    ("MK-2086", "SC-TIG", "2025-10-18", "2027-10-18", "Oonagh Farrelly"),
    ("MK-2090", "SC-CNC", "2022-09-10", "2028-09-10", "Greta Halvorsen"),
    ("MK-2090", "SC-LAS", "2022-08-06", "2028-08-06", "Isla Fairbairn"),
    ("MK-2090", "SC-3DP", "2022-07-30", None, "Priscilla Oyelaran"),
    ("MK-2093", "SC-WOOD", "2026-10-03", None, "Conall Breen"),
    ("MK-2093", "SC-CNC", "2026-12-05", "2028-12-05", "Greta Halvorsen"),
]

# session, course, date, start, end, instructor, seats, booked
_SESSIONS = [
    ("TS-590", "SC-LAS", "2027-05-15", "10:00", "12:30", "Isla Fairbairn", 6, 6),
    ("TS-598", "SC-MIG", "2027-05-22", "10:00", "13:00", "Kwame Mensah", 6, 5),
    ("TS-602", "SC-CNC", "2027-05-26", "18:30", "21:30", "Greta Halvorsen", 4, 1),
    ("TS-615", "SC-TIG", "2027-05-29", "09:30", "13:30", "Kwame Mensah", 4, 4),
    ("TS-611", "SC-MIG", "2027-06-05", "10:00", "13:00", "Kwame Mensah", 6, 2),
    ("TS-619", "SC-WOOD", "2027-06-06", "10:00", "13:00", "Conall Breen", 8, 3),
    ("TS-630", "SC-TIG", "2027-06-12", "14:00", "18:00", "Oonagh Farrelly", 4, 2),
    ("TS-624", "SC-MIG", "2027-06-16", "18:30", "21:30", "Oonagh Farrelly", 6, 6),
    ("TS-633", "SC-LATHE", "2027-06-19", "10:00", "12:30", "Dmitri Sokolov", 3, 0),
    ("TS-637", "SC-LAS", "2027-06-19", "14:00", "16:30", "Isla Fairbairn", 6, 2),
    ("TS-641", "SC-3DP", "2027-06-23", "18:30", "20:30", "Priscilla Oyelaran", 8, 5),
    ("TS-640", "SC-MIG", "2027-07-03", "10:00", "13:00", "Kwame Mensah", 6, 0),
    ("TS-652", "SC-TIG", "2027-07-10", "09:30", "13:30", "Oonagh Farrelly", 4, 0),
    ("TS-650", "SC-LATHE", "2027-07-10", "10:00", "12:30", "Dmitri Sokolov", 3, 1),
]

# booking, machine, member, date, start, end, status, project, material
_BOOKINGS = [
    ("BK-5011", "EQ-12", "MK-2080", "2027-02-24", "18:00", "20:00", "done", "PJ-305", "3 mm birch plywood"),
    ("BK-5019", "EQ-31", "MK-2080", "2027-03-02", "10:00", "16:00", "done", "PJ-305", "PLA, 160 g"),
    ("BK-5027", "EQ-43", "MK-2080", "2027-03-09", "18:00", "21:00", "done", "PJ-305", "20 mm brass rod"),
    ("BK-5033", "EQ-12", "MK-2080", "2027-03-17", "18:00", "19:30", "done", "PJ-305", "3 mm birch plywood"),
    ("BK-5041", "EQ-32", "MK-2080", "2027-03-24", "09:00", "17:00", "done", "PJ-305", "PETG, 240 g"),
    ("BK-5048", "EQ-21", "MK-2080", "2027-03-30", "18:00", "21:00", "done", "PJ-322", "18 mm oak-faced ply"),
    ("BK-5056", "EQ-12", "MK-2080", "2027-04-06", "18:00", "20:00", "cancelled", "PJ-322", None),
    ("BK-5063", "EQ-12", "MK-2080", "2027-04-14", "18:00", "20:30", "done", "PJ-322", "3 mm white acrylic"),
    ("BK-5070", "EQ-31", "MK-2080", "2027-04-20", "10:00", "14:00", "done", "PJ-322", "PLA, 90 g"),
    ("BK-5081", "EQ-43", "MK-2080", "2027-04-27", "18:00", "20:00", "done", "PJ-322", "brass tube 12 mm"),
    ("BK-5102", "EQ-11", "MK-2080", "2027-05-06", "17:30", "20:00", "done", "PJ-322", "2 mm frosted acrylic"),
    ("BK-5111", "EQ-21", "MK-2080", "2027-05-10", "18:00", "21:00", "done", "PJ-322", "18 mm oak-faced ply"),
    ("BK-5137", "EQ-21", "MK-2080", "2027-05-19", "18:00", "21:00", "booked", "PJ-322", "18 mm oak-faced ply"),
    ("BK-5090", "EQ-11", "MK-2063", "2027-05-03", "10:00", "12:00", "done", None, "3 mm clear acrylic"),
    ("BK-5095", "EQ-51", "MK-2063", "2027-05-05", "13:00", "15:00", "done", None, "cotton drill, 1 m"),
    ("BK-5104", "EQ-11", "MK-2090", "2027-05-07", "18:00", "21:00", "done", "PJ-341", "6 mm MDF"),
    ("BK-5108", "EQ-21", "MK-2050", "2027-05-08", "09:00", "13:00", "done", "PJ-330", "38 mm larch boards"),
    ("BK-5115", "EQ-12", "MK-2077", "2027-05-11", "18:00", "20:00", "done", "PJ-318", "3 mm walnut ply"),
    ("BK-5118", "EQ-21", "MK-2050", "2027-05-15", "09:00", "13:00", "booked", "PJ-330", "38 mm larch boards"),
    ("BK-5120", "EQ-21", "MK-2093", "2027-05-21", "09:00", "12:00", "cancelled", "PJ-318", None),
    ("BK-5124", "EQ-21", "MK-2090", "2027-05-21", "13:00", "16:30", "booked", "PJ-341", "12 mm birch ply"),
    ("BK-5127", "EQ-25", "MK-2051", "2027-05-21", "10:00", "12:00", "booked", "PJ-318", "6082 aluminium plate"),
    ("BK-5131", "EQ-21", "MK-2051", "2027-05-22", "10:00", "12:00", "booked", None, "MDF offcuts"),
    ("BK-5142", "EQ-41", "MK-2085", "2027-05-23", "10:00", "12:00", "booked", None, "3 mm mild steel"),
    ("BK-5150", "EQ-11", "MK-2041", "2027-05-25", "18:00", "20:00", "cancelled", "PJ-318", None),
    ("BK-5160", "EQ-12", "MK-2064", "2027-06-03", "09:00", "12:00", "booked", None, "3 mm birch plywood"),
    ("BK-5163", "EQ-11", "MK-2064", "2027-06-03", "14:00", "17:00", "booked", None, "5 mm cork sheet"),
]

BOOKINGS = {b[0]: {"booking_id": b[0], "machine_id": b[1], "member_id": b[2], "date": b[3], "start": b[4],
                   "end": b[5], "status": b[6], "project_id": b[7], "material": b[8]} for b in _BOOKINGS}

PROJECTS = {p["project_id"]: p for p in [
    {"project_id": "PJ-305", "title": "Tidal Clock", "status": "finished", "started": "2027-02-10",
     "lead": "MK-2080", "members": [("MK-2080", "lead"), ("MK-2090", "electronics")],
     "machines": ["EQ-12", "EQ-32", "EQ-43", "EQ-31"],
     "materials": [("3 mm birch plywood", "2 sheets"), ("20 mm brass rod", "300 mm"), ("PETG", "240 g")],
     "summary": "Wall clock that shows the state of the tide at Hollinbridge weir."},
    {"project_id": "PJ-341", "title": "Tidal Clock Mk II", "status": "active", "started": "2027-04-28",
     "lead": "MK-2090", "members": [("MK-2090", "lead"), ("MK-2080", "advisor")], "machines": ["EQ-11", "EQ-21"],
     "materials": [("6 mm MDF", "1 sheet"), ("12 mm birch ply", "1 sheet")],
     "summary": "Larger, networked version of the Tidal Clock for the library foyer."},
    {"project_id": "PJ-318", "title": "Wind-up Theremin", "status": "on hold", "started": "2027-03-01",
     "lead": "MK-2093", "members": [("MK-2093", "lead"), ("MK-2041", "enclosure"), ("MK-2051", "machining"),
                                   ("MK-2077", "laser parts")],
     "machines": ["EQ-12", "EQ-25", "EQ-21"],
     "materials": [("3 mm walnut ply", "1 sheet"), ("6082 aluminium plate", "200 x 150 mm")],
     "summary": "Hand-cranked theremin for the schools outreach kit. Paused until the dynamo parts arrive."},
    {"project_id": "PJ-322", "title": "Heron Lampshade", "status": "active", "started": "2027-03-28",
     "lead": "MK-2080", "members": [("MK-2080", "lead")], "machines": ["EQ-11", "EQ-12", "EQ-21", "EQ-31", "EQ-43"],
     "materials": [("2 mm frosted acrylic", "1 sheet"), ("18 mm oak-faced ply", "0.5 sheet")],
     "summary": "Standing lamp with a laser-cut heron shade."},
    {"project_id": "PJ-330", "title": "Community Bench", "status": "active", "started": "2027-04-15",
     "lead": "MK-2050", "members": [("MK-2050", "lead"), ("MK-2042", "finishing")], "machines": ["EQ-21", "EQ-22"],
     "materials": [("38 mm larch boards", "6 x 2.4 m")], "summary": "Bench for the canal towpath, council funded."},
    {"project_id": "PJ-336", "title": "Tide Table Sign", "status": "idea", "started": "2027-05-09",
     "lead": "MK-2063", "members": [("MK-2063", "lead")], "machines": ["EQ-14"], "materials": [],
     "summary": "Engraved steel tide table for the harbour wall."},
]}

# fee account lines: member -> [(date, description, amount, paid)]
FEES = {
    "MK-2063": [("2027-04-01", "Membership dues April 2027 (full)", 30.0, True),
                ("2027-05-01", "Membership dues May 2027 (full)", 30.0, False),
                ("2027-05-03", "Big Red, 2 h", 25.0, True),
                ("2027-05-03", "Materials: 3 mm clear acrylic, 1 sheet", 7.5, False),
                ("2027-05-05", "Embroidery Machine, 2 h", 6.0, True)],
    "MK-2064": [("2027-05-01", "Membership dues May 2027 (weekend)", 18.0, True),
                ("2027-05-04", "Materials: 3 mm birch plywood, 2 sheets", 12.0, False)],
    "MK-2080": [("2027-05-01", "Membership dues May 2027 (full)", 30.0, True),
                ("2027-05-06", "Big Red, 2.5 h", 31.25, True),
                ("2027-05-10", "CNC Router, 3 h", 30.0, False)],
    "MK-2090": [("2027-05-01", "Membership dues May 2027 (full)", 30.0, True),
                ("2027-05-07", "Big Red, 3 h", 37.5, False)],
}

NEW_BOOKINGS = {}


# ------------------------------------------------------------------ helpers
def _member(member_id):
    m = MEMBERS.get(str(member_id).strip().upper())
    if m is None:
        raise ToolError(f"no member {member_id!r}; find_member gives member ids")
    return m


def _machine(machine_id):
    m = MACHINES.get(str(machine_id).strip().upper())
    if m is None:
        raise ToolError(f"no machine {machine_id!r}; search_machines gives machine ids")
    return m


def _course_id(course):
    c = str(course or "").strip()
    if c.upper() in COURSES:
        return [c.upper()]
    hits = [cid for cid, title in COURSES.items() if _all_in(c, title)]
    if not hits:
        raise ToolError(f"no course matches {course!r}; courses: {', '.join(f'{k} {v}' for k, v in COURSES.items())}")
    return hits


def _valid_training(member_id, course, on):
    return any(t[0] == member_id and t[1] == course and (t[3] is None or t[3] >= on) for t in _TRAININGS)


# ------------------------------------------------------------------ typed results
class MemberHit(TypedDict):
    member_id: str
    name: str
    email: str
    tier: str


class MemberSearch(TypedDict):
    members: list[MemberHit]
    count: int


class MachineHit(TypedDict):
    machine_id: str
    name: str
    kind: str
    area: str
    status: str


class MachineSearch(TypedDict):
    machines: list[MachineHit]
    count: int


class BookingRow(TypedDict):
    booking_id: str
    machine_id: str
    machine: str
    member_id: str
    date: str
    start: str
    end: str
    status: str


class BookingPage(TypedDict):
    bookings: list[BookingRow]
    total: int
    page: int
    next_page: int | None


class Session(TypedDict):
    session_id: str
    course_id: str
    course: str
    date: str
    start: str
    end: str
    instructor: str
    seats: int
    seats_left: int


class SessionList(TypedDict):
    sessions: list[Session]
    count: int


class ProjectHit(TypedDict):
    project_id: str
    title: str
    lead: str
    status: str


class ProjectSearch(TypedDict):
    projects: list[ProjectHit]
    count: int


# ------------------------------------------------------------------ tools
@server.tool()
def find_member(query: str) -> MemberSearch:
    """Find members by name (every word must match, accents ignored) or by email address."""
    q = str(query).strip()
    rows = []
    for m in MEMBERS.values():
        if ("@" in q and m["email"] == q.lower()) or ("@" not in q and _words(q) and _all_in(q, m["name"])):
            rows.append({"member_id": m["member_id"], "name": m["name"], "email": m["email"], "tier": m["tier"]})
    return {"members": rows, "count": len(rows)}


@server.tool()
def get_member(member_id: str) -> dict:
    """A member's record: name, email, membership tier, date joined, postal address and emergency contact."""
    return dict(_member(member_id))


@server.tool()
def search_machines(query: str = "", area: str | None = None) -> MachineSearch:
    """Find machines and tools whose name or description contains every word of query, optionally only in one area
    (Laser, Wood, Metal, Digital, Textiles). Returns ids, names, descriptions and whether each is working."""
    ar = _fold(area or "").strip()
    rows = [{"machine_id": m["id"], "name": m["nm"], "kind": m["kind"], "area": m["area"],
             "status": "working" if m["st"] == "ok" else "out of service"}
            for m in MACHINES.values()
            if _all_in(query, m["nm"] + " " + m["kind"]) and (not ar or _fold(m["area"]) == ar)]
    return {"machines": rows, "count": len(rows)}


@server.tool()
def get_machine(machine_id: str) -> dict:
    """Machine record: id, nm (name), kind, area, loc (room), bed_mm (work area), pwr_w, rate_h (GBP per hour),
    trn (course id needed before use), st (ok/down), notes."""
    return dict(_machine(machine_id))


@server.tool()
def list_bookings(machine_id: str | None = None, member_id: str | None = None, date_from: str | None = None,
                  date_to: str | None = None, status: str | None = None, page: int = 1,
                  page_size: int = 10) -> BookingPage:
    """Machine bookings filtered by machine, member, date range (YYYY-MM-DD, inclusive) and status (booked, done,
    cancelled), newest first, paginated (total counts all matches)."""
    eq = str(machine_id or "").strip().upper()
    mb = str(member_id or "").strip().upper()
    d0 = _day(date_from, "date_from") if date_from else None
    d1 = _day(date_to, "date_to") if date_to else None
    st = str(status or "").strip().lower()
    if page < 1 or not 1 <= page_size <= 50:
        raise ToolError("page >= 1 and page_size 1-50")
    rows = [b for b in list(BOOKINGS.values()) + list(NEW_BOOKINGS.values())
            if (not eq or b["machine_id"] == eq) and (not mb or b["member_id"] == mb)
            and (not d0 or b["date"] >= d0) and (not d1 or b["date"] <= d1) and (not st or b["status"] == st)]
    rows.sort(key=lambda b: (b["date"], b["start"]), reverse=True)
    first = (page - 1) * page_size
    out = [{"booking_id": b["booking_id"], "machine_id": b["machine_id"], "machine": MACHINES[b["machine_id"]]["nm"],
            "member_id": b["member_id"], "date": b["date"], "start": b["start"], "end": b["end"],
            "status": b["status"]} for b in rows[first:first + page_size]]
    return {"bookings": out, "total": len(rows), "page": page,
            "next_page": page + 1 if first + page_size < len(rows) else None}


@server.tool()
def get_booking(booking_id: str) -> dict:
    """One machine booking in full: machine, member, date and times, hours, status, the project it was for and the
    material used."""
    key = str(booking_id).strip().upper()
    b = BOOKINGS.get(key) or NEW_BOOKINGS.get(key)
    if b is None:
        raise ToolError(f"no booking {booking_id!r}")
    m, eq = MEMBERS[b["member_id"]], MACHINES[b["machine_id"]]
    p = PROJECTS.get(b["project_id"]) if b["project_id"] else None
    return {"booking_id": b["booking_id"], "machine": {"machine_id": eq["id"], "name": eq["nm"]},
            "member": {"member_id": m["member_id"], "name": m["name"]}, "date": b["date"], "start": b["start"],
            "end": b["end"], "hours": _hours(b["start"], b["end"]), "status": b["status"],
            "project": {"project_id": p["project_id"], "title": p["title"]} if p else None,
            "material": b["material"]}


@server.tool()
def list_trainings(member_id: str) -> dict:
    """Safety trainings a member has passed: course id and title, date passed, expiry (null = does not expire),
    who signed them off, and whether each is still valid today."""
    m = _member(member_id)
    rows = [{"course_id": t[1], "course": COURSES[t[1]], "passed": t[2], "expires": t[3], "signed_off_by": t[4],
             "valid": t[3] is None or t[3] >= TODAY} for t in _TRAININGS if t[0] == m["member_id"]]
    rows.sort(key=lambda r: r["passed"], reverse=True)
    return {"member_id": m["member_id"], "trainings": rows}


@server.tool()
def list_training_sessions(course: str | None = None, month: str | None = None) -> SessionList:
    """Upcoming safety training sessions (from today on), earliest first, optionally for one course (course id such
    as SC-MIG, or words of its title) and/or one month ("YYYY-MM"). seats_left 0 means the session is full."""
    ids = _course_id(course) if course else list(COURSES)
    mo = str(month or "").strip()
    if mo and not re.fullmatch(r"\d{4}-\d{2}", mo):
        raise ToolError("month must be YYYY-MM")
    rows = [{"session_id": s[0], "course_id": s[1], "course": COURSES[s[1]], "date": s[2], "start": s[3],
             "end": s[4], "instructor": s[5], "seats": s[6], "seats_left": s[6] - s[7]}
            for s in _SESSIONS if s[1] in ids and s[2] >= TODAY and (not mo or s[2].startswith(mo))]
    rows.sort(key=lambda r: (r["date"], r["start"]))
    return {"sessions": rows, "count": len(rows)}


@server.tool()
def list_projects(query: str = "", status: str | None = None) -> ProjectSearch:
    """Projects whose title contains every word of query, optionally of one status (idea, active, on hold,
    finished)."""
    st = str(status or "").strip().lower()
    rows = [{"project_id": p["project_id"], "title": p["title"], "lead": MEMBERS[p["lead"]]["name"],
             "status": p["status"]} for p in PROJECTS.values()
            if _all_in(query, p["title"]) and (not st or p["status"] == st)]
    return {"projects": rows, "count": len(rows)}


@server.tool()
def get_project(project_id: str) -> dict:
    """A project in full: title, status, start date, summary, lead, team members with roles, machines used and
    materials."""
    p = PROJECTS.get(str(project_id).strip().upper())
    if p is None:
        raise ToolError(f"no project {project_id!r}; list_projects gives project ids")
    return {"project_id": p["project_id"], "title": p["title"], "status": p["status"], "started": p["started"],
            "summary": p["summary"],
            "lead": {"member_id": p["lead"], "name": MEMBERS[p["lead"]]["name"]},
            "team": [{"member_id": mid, "name": MEMBERS[mid]["name"], "role": role} for mid, role in p["members"]],
            "machines": [{"machine_id": e, "name": MACHINES[e]["nm"]} for e in p["machines"]],
            "materials": [{"item": i, "qty": q} for i, q in p["materials"]]}


@server.tool()
def get_fees(member_id: str) -> dict:
    """A member's fee account: mid (member id), tier, dues_m (monthly dues, GBP), bal (amount owed now, GBP) and ln
    (account lines; each d = date, desc, amt = GBP, pd = paid)."""
    m = _member(member_id)
    lines = FEES.get(m["member_id"], [("2027-05-01", f"Membership dues May 2027 ({m['tier']})", TIERS[m["tier"]],
                                       True)])
    return {"mid": m["member_id"], "tier": m["tier"], "dues_m": TIERS[m["tier"]],
            "bal": round(sum(a for _, _, a, paid in lines if not paid), 2),
            "ln": [{"d": d, "desc": t, "amt": a, "pd": paid} for d, t, a, paid in lines]}


@server.tool()
def book_machine(member_id: str, machine_id: str, date: str, start: str, end: str,
                 project_id: str | None = None) -> dict:
    """Book a machine for a member on a date from start to end (HH:MM, open 09:00-22:00; bookable from today to
    2027-08-31). The member needs a valid training for the machine and the slot must be free. Returns the booking
    code (MB-xxxxxx), the hours and the cost; the same member, machine, date and times again return the same
    booking."""
    m, eq = _member(member_id), _machine(machine_id)
    d, t0, t1 = _day(date, "date"), _clock(start, "start"), _clock(end, "end")
    if not TODAY <= d <= "2027-08-31":
        raise ToolError("bookings can be made from 2027-05-12 to 2027-08-31")
    if not OPEN <= t0 < t1 <= CLOSE:
        raise ToolError("times must be within 09:00-22:00 and start before end")
    code = "MB-" + hashlib.sha1("|".join([m["member_id"], eq["id"], d, t0, t1]).encode()).hexdigest().upper()[:6]
    if code in NEW_BOOKINGS:
        return _booked(NEW_BOOKINGS[code])
    if eq["st"] != "ok":
        raise ToolError(f"{eq['nm']} is out of service")
    if not _valid_training(m["member_id"], eq["trn"], d):
        raise ToolError(f"{m['name']} has no valid {eq['trn']} ({COURSES[eq['trn']]}) training for {eq['nm']}")
    for b in list(BOOKINGS.values()) + list(NEW_BOOKINGS.values()):
        if b["machine_id"] == eq["id"] and b["date"] == d and b["status"] == "booked" and b["start"] < t1 \
                and t0 < b["end"]:
            raise ToolError(f"{eq['nm']} is already booked {b['start']}-{b['end']} on {d}")
    NEW_BOOKINGS[code] = {"booking_id": code, "machine_id": eq["id"], "member_id": m["member_id"], "date": d,
                          "start": t0, "end": t1, "status": "booked",
                          "project_id": str(project_id).strip().upper() if project_id else None, "material": None}
    return _booked(NEW_BOOKINGS[code])


def _booked(b):
    eq = MACHINES[b["machine_id"]]
    hours = _hours(b["start"], b["end"])
    return {"booking_code": b["booking_id"], "member_id": b["member_id"], "machine_id": eq["id"], "machine": eq["nm"],
            "date": b["date"], "start": b["start"], "end": b["end"], "hours": hours,
            "cost_gbp": round(hours * eq["rate_h"], 2), "status": b["status"]}


if __name__ == "__main__":
    server.run()
