"""Northvale Blood Service MCP server (stdio): donors, donation appointments, donor centres and mobile-drive sites,
mobile blood drives, blood units, hospital requests and screening results.

Run: python blooddrive_mcp.py   (speaks MCP over stdin/stdout)
Deterministic: fixed seed data ("today" is 2027-05-10), no clock, no randomness; booking references are derived from
the booking's content. State lives in memory for the life of the process. All names, emails, phone numbers,
addresses, hospitals and codes are invented. Licence: Apache-2.0.
"""
import datetime
import hashlib
import re
import unicodedata
try:  # pydantic wants typing_extensions.TypedDict before Python 3.12
    from typing_extensions import TypedDict
except ImportError:
    from typing import TypedDict

try:  # mcp >= 2 renamed FastMCP to MCPServer
    from mcp.server.mcpserver import MCPServer as _Server
    from mcp.server.mcpserver.exceptions import ToolError
except ImportError:  # mcp 1.x
    from mcp.server.fastmcp import FastMCP as _Server
    from mcp.server.fastmcp.exceptions import ToolError

mcp = _Server("northvale-blood")

TODAY = "2027-05-10"


def _fold(text) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", str(text)) if not unicodedata.combining(c)).lower()


def _words(query: str, text: str) -> bool:
    tokens = [t for t in re.split(r"[\s,.'\u2019]+", _fold(query)) if t and t not in ("the", "at")]
    low = _fold(text)
    return all(t in low for t in tokens)


def _date(value, name) -> str:
    try:
        return datetime.date.fromisoformat(str(value).strip()).isoformat()
    except ValueError:
        raise ToolError(f"{name} must be a date YYYY-MM-DD") from None


# ------------------------------------------------------------------ seed data
SITES = {s["site_id"]: s for s in [
    {"site_id": "SITE-01", "name": "Castlegate Donor Centre", "kind": "donor centre", "town": "Castlegate",
     "address": "14 Mercer Row, Castlegate NV1 4MR"},
    {"site_id": "SITE-02", "name": "Castlegate Plasma Centre", "kind": "donor centre", "town": "Castlegate",
     "address": "Unit 3, Tollgate Yard, Castlegate NV1 6TY"},
    {"site_id": "SITE-03", "name": "Riverbend Community Hall", "kind": "drive host", "town": "Riverbend",
     "address": "2 Ferry Lane, Riverbend NV4 2FL"},
    {"site_id": "SITE-04", "name": "Riverbend Community College", "kind": "drive host", "town": "Riverbend",
     "address": "College Way, Riverbend NV4 9CW"},
    {"site_id": "SITE-05", "name": "Ashford Mills Fire Station", "kind": "drive host", "town": "Ashford Mills",
     "address": "Station Road, Ashford Mills NV7 1SR"},
    {"site_id": "SITE-06", "name": "Ashford Mills Leisure Centre", "kind": "drive host", "town": "Ashford Mills",
     "address": "58 Weaver Street, Ashford Mills NV7 3WS"},
    {"site_id": "SITE-07", "name": "Kelsey Park Library", "kind": "drive host", "town": "Kelsey Park",
     "address": "1 Reading Green, Kelsey Park NV5 8RG"},
    {"site_id": "SITE-08", "name": "Thornbury Technical Institute", "kind": "drive host", "town": "Thornbury",
     "address": "Foundry Campus, Thornbury NV9 2FC"},
    {"site_id": "SITE-09", "name": "Halloway Hospital Donor Suite", "kind": "donor centre", "town": "Halloway",
     "address": "Halloway General, Level 1, Halloway NV3 5HG"},
]}

COORDINATORS = {
    "C1": {"name": "Marguerite Osei-Hollander", "phone": "+44 1632 960 411"},
    "C2": {"name": "Declan Firth", "phone": "+44 1632 960 412"},
    "C3": {"name": "Yusra Pennington", "phone": "+44 1632 960 413"},
    "C4": {"name": "Magnus Oyelowo", "phone": "+44 1632 960 414"},
}


def _dr(did, date, site, start, end, bus, coord, total, booked, status="scheduled", goal=None, collected=None):
    return {"drive_id": did, "date": date, "site_id": site, "status": status, "hours": {"start": start, "end": end},
            "bus": bus, "coordinator": COORDINATORS[coord], "slots_total": total, "slots_booked": booked,
            "donation_types": ["whole_blood"], "goal_units": goal or total - 4, "collected_units": collected}


DRIVES = {d["drive_id"]: d for d in [
    _dr("DR-7281", "2027-04-08", "SITE-03", "10:00", "16:00", "Bus 2", "C2", 40, 38, "completed", 34, 33),
    _dr("DR-7284", "2027-04-22", "SITE-07", "11:00", "17:00", "Bus 1", "C1", 36, 36, "completed", 32, 35),
    _dr("DR-7288", "2027-05-06", "SITE-05", "09:30", "15:30", "Bus 3", "C4", 32, 27, "completed", 28, 25),
    _dr("DR-7291", "2027-05-15", "SITE-04", "10:00", "16:00", "Bus 2", "C2", 40, 22),
    _dr("DR-7293", "2027-05-22", "SITE-06", "12:00", "18:00", "Bus 3", "C4", 32, 11),
    _dr("DR-7295", "2027-05-29", "SITE-08", "09:30", "15:30", "Bus 1", "C3", 36, 9),
    _dr("DR-7301", "2027-06-02", "SITE-03", "10:00", "16:00", "Bus 2", "C2", 40, 15),
    _dr("DR-7302", "2027-06-05", "SITE-05", "09:30", "15:30", "Bus 3", "C4", 32, 12),
    _dr("DR-7303", "2027-06-09", "SITE-04", "10:00", "16:00", "Bus 2", "C2", 40, 0, "cancelled"),
    _dr("DR-7304", "2027-06-12", "SITE-08", "09:30", "15:30", "Bus 1", "C3", 36, 10),
    _dr("DR-7305", "2027-06-14", "SITE-07", "11:00", "17:00", "Bus 1", "C1", 36, 29),
    _dr("DR-7306", "2027-06-16", "SITE-06", "12:00", "18:00", "Bus 3", "C4", 32, 6),
    _dr("DR-7307", "2027-06-19", "SITE-03", "10:00", "16:00", "Bus 2", "C3", 40, 8),
    _dr("DR-7308", "2027-06-23", "SITE-04", "10:00", "16:00", "Bus 2", "C2", 40, 3),
    _dr("DR-7309", "2027-06-26", "SITE-07", "11:00", "17:00", "Bus 1", "C3", 36, 4),
    _dr("DR-7310", "2027-06-30", "SITE-05", "09:30", "15:30", "Bus 3", "C4", 32, 1),
    _dr("DR-7318", "2027-07-03", "SITE-03", "10:00", "16:00", "Bus 2", "C2", 40, 0),
    _dr("DR-7322", "2027-07-08", "SITE-08", "09:30", "15:30", "Bus 1", "C3", 36, 2),
    _dr("DR-7341", "2027-08-05", "SITE-05", "09:30", "15:30", "Bus 3", "C4", 32, 0),
    _dr("DR-7345", "2027-08-19", "SITE-06", "12:30", "18:30", "Bus 3", "C4", 32, 0),
    _dr("DR-7348", "2027-08-26", "SITE-05", "09:30", "15:30", "Bus 3", "C1", 32, 0),
    _dr("DR-7352", "2027-08-28", "SITE-07", "11:00", "17:00", "Bus 1", "C1", 36, 0),
]}

DONORS = {d["donor_id"]: d for d in [
    {"donor_id": "D-10421", "name": "Aurelio Batista", "email": "aurelio.batista@example.com",
     "phone": "+44 7700 900421", "blood_type": "O-", "dob": "1986-09-14", "donor_since": "2009-03-02",
     "address": {"street": "31 Lindow Terrace", "town": "Castlegate", "postcode": "NV1 3LT"}, "total_donations": 41,
     "eligibility": {"status": "not yet eligible", "next_eligible": "2027-05-31", "reason": "56-day interval"}},
    {"donor_id": "D-10422", "name": "Aurelia Bautista", "email": "aurelia.bautista@example.net",
     "phone": "+44 7700 900422", "blood_type": "A+", "dob": "1993-02-27", "donor_since": "2019-06-11",
     "address": {"street": "8 Glebe Close", "town": "Riverbend", "postcode": "NV4 5GC"}, "total_donations": 9,
     "eligibility": {"status": "eligible", "next_eligible": "2027-04-08", "reason": None}},
    {"donor_id": "D-10435", "name": "Fenella Okonkwo-Reyes", "email": "fenella.okonkwo-reyes@example.org",
     "phone": "+44 7700 900435", "blood_type": "AB+", "dob": "1979-12-03", "donor_since": "2015-01-20",
     "address": {"street": "Flat 6, 2 Chandlers Quay", "town": "Castlegate", "postcode": "NV1 8CQ"},
     "total_donations": 118,
     "eligibility": {"status": "not yet eligible", "next_eligible": "2027-05-13",
                     "reason": "7-day platelet interval"}},
    {"donor_id": "D-10440", "name": "Casimir Wendt", "email": "casimir.wendt@example.com",
     "phone": "+44 7700 900440", "blood_type": "B-", "dob": "1990-07-19", "donor_since": "2016-10-05",
     "address": {"street": "4 Bobbin Lane", "town": "Ashford Mills", "postcode": "NV7 2BL"}, "total_donations": 17,
     "eligibility": {"status": "deferred", "next_eligible": "2027-08-12",
                     "reason": "travel deferral (returned 2027-02-12 from a malaria-risk area)"}},
    {"donor_id": "D-10441", "name": "Casimir Wendel", "email": "c.wendel@example.net",
     "phone": "+44 7700 900441", "blood_type": "B+", "dob": "1972-04-30", "donor_since": "2001-08-17",
     "address": {"street": "19 Tenter Row", "town": "Ashford Mills", "postcode": "NV7 4TR"}, "total_donations": 63,
     "eligibility": {"status": "eligible", "next_eligible": "2027-03-30", "reason": None}},
    {"donor_id": "D-10452", "name": "Ingrid Solvang", "email": "ingrid.solvang@example.com",
     "phone": "+44 7700 900452", "blood_type": "A-", "dob": "1998-11-08", "donor_since": "2021-05-14",
     "address": {"street": "77 Mill Hill", "town": "Kelsey Park", "postcode": "NV5 3MH"}, "total_donations": 7,
     "eligibility": {"status": "not yet eligible", "next_eligible": "2027-06-17", "reason": "56-day interval"}},
    {"donor_id": "D-10453", "name": "Ingrid Solberg", "email": "i.solberg@example.org",
     "phone": "+44 7700 900453", "blood_type": "A+", "dob": "1984-01-22", "donor_since": "2012-09-30",
     "address": {"street": "3 Parkside Mews", "town": "Kelsey Park", "postcode": "NV5 2PM"}, "total_donations": 24,
     "eligibility": {"status": "deferred", "next_eligible": None, "reason": "pending confirmatory testing"}},
    {"donor_id": "D-10460", "name": "Tobias Mbeki-Larsen", "email": "tobias.mbeki-larsen@example.com",
     "phone": "+44 7700 900460", "blood_type": "O+", "dob": "1995-06-02", "donor_since": "2024-02-09",
     "address": {"street": "12 Anvil Court", "town": "Thornbury", "postcode": "NV9 6AC"}, "total_donations": 4,
     "eligibility": {"status": "eligible", "next_eligible": "2027-02-21", "reason": None}},
]}

# Donations and the units made from them
DONATIONS = {}
UNITS = {}
SCREENING = {}

MARKERS = ["HIV-1/2 Ab/Ag", "HBsAg", "HCV Ab", "HTLV-I/II Ab", "Syphilis Ab", "HBV/HCV/HIV NAT"]
EXPIRY_DAYS = {"RBC": 42, "PLT": 5, "FFP": 365}


def _donation(dn, donor, date, dtype, where, units, hb, reactive=None, status="done"):
    """units: list of (unit_id, comp, vol, loc, st, req)"""
    w = SITES.get(where) or SITES[DRIVES[where]["site_id"]]
    DONATIONS[dn] = {"donation_id": dn, "donor_id": donor, "date": date, "type": dtype,
                     "drive_id": where if where.startswith("DR-") else None, "where": w["name"],
                     "unit_ids": [u[0] for u in units]}
    bt = DONORS[donor]["blood_type"]
    for uid, comp, vol, loc, st, req in units:
        exp = (datetime.date.fromisoformat(date) + datetime.timedelta(days=EXPIRY_DAYS[comp])).isoformat()
        UNITS[uid] = {"id": uid, "dn": dn, "dnr": donor, "abo": bt[:-1], "rh": bt[-1], "comp": comp, "vol": vol,
                      "col": date, "exp": exp, "loc": loc, "st": st, "req": req}
    if status == "pending":
        SCREENING[dn] = {"donation_id": dn, "donor_id": donor, "collected": date, "tested_on": None,
                         "lab": "Northvale Central Testing Lab", "markers": [], "hemoglobin_g_dl": hb,
                         "abo_rh_confirmed": None, "outcome": "pending", "note": "samples in testing"}
        return
    tested = (datetime.date.fromisoformat(date) + datetime.timedelta(days=1)).isoformat()
    SCREENING[dn] = {"donation_id": dn, "donor_id": donor, "collected": date, "tested_on": tested,
                     "lab": "Northvale Central Testing Lab",
                     "markers": [{"marker": m, "result": "repeat reactive" if m == reactive else "non-reactive"}
                                 for m in MARKERS],
                     "hemoglobin_g_dl": hb, "abo_rh_confirmed": bt,
                     "outcome": "units discarded, donor referred" if reactive else "cleared for release",
                     "note": None}


_D = _donation
# Aurelio Batista (O-)
_D("DN-55102", "D-10421", "2027-02-08", "whole_blood", "SITE-01",
   [("NV27-004490", "RBC", 280, "SITE-01", "expired", None), ("NV27-004491", "FFP", 250, "SITE-02", "available", None)], 15.2)
_D("DN-55240", "D-10421", "2027-04-05", "whole_blood", "SITE-01",
   [("NV27-004529", "RBC", 275, "SITE-01", "available", None), ("NV27-004530", "FFP", 240, "SITE-02", "available", None)], 14.9)
_D("DN-55052", "D-10421", "2026-12-14", "whole_blood", "SITE-01",
   [("NV26-009871", "RBC", 280, "SITE-01", "issued", "HR-3302")], 15.0)
_D("DN-55188", "D-10441", "2027-03-30", "whole_blood", "SITE-09",
   [("NV27-004512", "RBC", 285, "SITE-09", "available", None)], 15.8)
# Aurelia Bautista (A+)
_D("DN-55150", "D-10422", "2027-02-11", "whole_blood", "SITE-01",
   [("NV27-004501", "RBC", 270, "SITE-01", "issued", "HR-3298"), ("NV27-004502", "FFP", 245, "SITE-02", "available", None)], 13.6)
# Fenella Okonkwo-Reyes (AB+, platelets by apheresis at Castlegate)
_D("DN-55291", "D-10435", "2027-04-29", "platelets", "SITE-01",
   [("NV27-004566", "PLT", 210, "SITE-01", "expired", None)], 14.1)
_D("DN-55318", "D-10435", "2027-05-06", "platelets", "SITE-01",
   [("NV27-004580", "PLT", 215, "SITE-01", "allocated", "HR-3315"), ("NV27-004581", "PLT", 210, "SITE-01", "available", None)], 14.3)
# Casimir Wendel (B+) and Casimir Wendt (B-)
_D("DN-55120", "D-10440", "2027-01-18", "whole_blood", "SITE-09",
   [("NV27-004495", "RBC", 280, "SITE-09", "issued", "HR-3290")], 14.4)
# Ingrid Solvang (A-) and Ingrid Solberg (A+), both at the Kelsey Park drive
_D("DN-55266", "D-10452", "2027-04-22", "whole_blood", "DR-7284",
   [("NV27-004561", "RBC", 270, "SITE-01", "available", None), ("NV27-004562", "FFP", 235, "SITE-02", "available", None)], 13.1)
_D("DN-55267", "D-10453", "2027-04-22", "whole_blood", "DR-7284",
   [("NV27-004563", "RBC", 275, "SITE-01", "discarded", None), ("NV27-004564", "FFP", 240, "SITE-02", "discarded", None)],
   14.0, reactive="HBsAg")
# Tobias Mbeki-Larsen (O+)
_D("DN-55144", "D-10460", "2026-12-27", "whole_blood", "SITE-09",
   [("NV26-009904", "RBC", 280, "SITE-09", "issued", "HR-3293")], 15.5)
# Units from donors not in the donor extract above are listed with donor id "D-0" (anonymised)
for _uid, _bt, _comp, _col, _loc, _st, _req in [
        ("NV27-004507", "O+", "RBC", "2027-04-26", "SITE-01", "allocated", "HR-3308"),
        ("NV27-004508", "O+", "RBC", "2027-04-26", "SITE-01", "allocated", "HR-3308"),
        ("NV27-004509", "O+", "RBC", "2027-04-27", "SITE-09", "allocated", "HR-3308"),
        ("NV27-004510", "O+", "RBC", "2027-04-28", "SITE-09", "allocated", "HR-3308"),
        ("NV27-004518", "O+", "RBC", "2027-05-03", "SITE-01", "quarantined", None),
        ("NV27-004520", "O-", "RBC", "2027-04-12", "SITE-01", "available", None),
        ("NV27-004521", "O-", "RBC", "2027-05-07", "SITE-01", "quarantined", None),
        ("NV27-004523", "O-", "RBC", "2027-04-02", "SITE-09", "available", None),
        ("NV27-004526", "O-", "RBC", "2027-04-30", "SITE-01", "available", None),
        ("NV27-004524", "O-", "FFP", "2027-04-02", "SITE-01", "available", None),
        ("NV27-004535", "A-", "RBC", "2027-04-20", "SITE-01", "allocated", "HR-3309"),
        ("NV27-004540", "B-", "RBC", "2027-04-19", "SITE-09", "available", None),
        ("NV27-004542", "AB+", "PLT", "2027-05-08", "SITE-09", "available", None),
        ("NV27-004544", "AB+", "FFP", "2027-03-15", "SITE-02", "available", None)]:
    _exp = (datetime.date.fromisoformat(_col) + datetime.timedelta(days=EXPIRY_DAYS[_comp])).isoformat()
    UNITS[_uid] = {"id": _uid, "dn": None, "dnr": "D-0", "abo": _bt[:-1], "rh": _bt[-1], "comp": _comp,
                   "vol": 280 if _comp == "RBC" else 240, "col": _col, "exp": _exp, "loc": _loc, "st": _st,
                   "req": _req}

HOSPITALS = {
    "H-1": "St. Brennan's General Hospital",
    "H-2": "St. Brendan's Regional Hospital",
    "H-3": "Marlow Children's Hospital",
    "H-4": "Halloway General Hospital",
}


def _hr(rid, hosp, bt, comp, qty, priority, needed, status, raised, ward, contact):
    units = [u["id"] for u in UNITS.values() if u["req"] == rid]
    return {"request_id": rid, "hospital_id": hosp, "hospital": HOSPITALS[hosp], "blood_type": bt, "component": comp,
            "units_requested": qty, "units_allocated": len(units), "allocated_units": units, "priority": priority,
            "needed_by": needed, "status": status, "raised": raised, "ward": ward, "contact": contact}


REQUESTS = {r["request_id"]: r for r in [
    _hr("HR-3290", "H-4", "B-", "RBC", 1, "routine", "2027-01-25", "filled", "2027-01-21", "Ward 9 (haematology)",
        "Sister Aoife Brannigan"),
    _hr("HR-3293", "H-4", "O+", "RBC", 1, "routine", "2027-01-05", "filled", "2027-01-02", "Theatres",
        "Dr. Kwame Ellery"),
    _hr("HR-3298", "H-2", "A+", "RBC", 1, "routine", "2027-02-24", "filled", "2027-02-20", "Day surgery",
        "Nurse Pablo Ingersoll"),
    _hr("HR-3302", "H-3", "O-", "RBC", 1, "urgent", "2027-01-09", "filled", "2027-01-08", "Neonatal unit",
        "Dr. Hester Quayle"),
    _hr("HR-3308", "H-1", "O+", "RBC", 6, "urgent", "2027-05-11", "partially filled", "2027-05-09",
        "Emergency department", "Dr. Lionel Abernathy-Cho"),
    _hr("HR-3309", "H-2", "A-", "RBC", 2, "routine", "2027-05-14", "partially filled", "2027-05-08",
        "Orthopaedics", "Nurse Pablo Ingersoll"),
    _hr("HR-3311", "H-1", "AB+", "FFP", 2, "routine", "2027-05-18", "open", "2027-05-09", "Cardiac surgery",
        "Dr. Lionel Abernathy-Cho"),
    _hr("HR-3315", "H-3", "AB+", "PLT", 1, "emergency", "2027-05-10", "filled", "2027-05-09", "Oncology day unit",
        "Dr. Hester Quayle"),
    _hr("HR-3317", "H-3", "O-", "FFP", 2, "routine", "2027-05-20", "cancelled", "2027-05-07", "Neonatal unit",
        "Dr. Hester Quayle"),
]}

APPOINTMENTS = {a["appointment_id"]: a for a in [
    {"appointment_id": "AP-90211", "donor_id": "D-10435", "date": "2027-04-29", "time": "14:00", "site_id": "SITE-01",
     "drive_id": None, "donation_type": "platelets", "status": "completed"},
    {"appointment_id": "AP-90288", "donor_id": "D-10435", "date": "2027-05-06", "time": "14:00", "site_id": "SITE-01",
     "drive_id": None, "donation_type": "platelets", "status": "completed"},
    {"appointment_id": "AP-90340", "donor_id": "D-10435", "date": "2027-05-13", "time": "14:30", "site_id": "SITE-01",
     "drive_id": None, "donation_type": "platelets", "status": "booked"},
    {"appointment_id": "AP-90355", "donor_id": "D-10435", "date": "2027-05-20", "time": "14:00", "site_id": "SITE-01",
     "drive_id": None, "donation_type": "platelets", "status": "cancelled"},
    {"appointment_id": "AP-90371", "donor_id": "D-10435", "date": "2027-05-27", "time": "09:15", "site_id": "SITE-01",
     "drive_id": None, "donation_type": "platelets", "status": "booked"},
    {"appointment_id": "AP-90402", "donor_id": "D-10435", "date": "2027-06-03", "time": "14:00", "site_id": "SITE-01",
     "drive_id": None, "donation_type": "platelets", "status": "booked"},
    {"appointment_id": "AP-90215", "donor_id": "D-10421", "date": "2027-04-05", "time": "08:45", "site_id": "SITE-01",
     "drive_id": None, "donation_type": "whole_blood", "status": "completed"},
    {"appointment_id": "AP-90390", "donor_id": "D-10421", "date": "2027-06-02", "time": "11:30", "site_id": "SITE-03",
     "drive_id": "DR-7301", "donation_type": "whole_blood", "status": "booked"},
    {"appointment_id": "AP-90233", "donor_id": "D-10452", "date": "2027-04-22", "time": "12:15", "site_id": "SITE-07",
     "drive_id": "DR-7284", "donation_type": "whole_blood", "status": "completed"},
    {"appointment_id": "AP-90236", "donor_id": "D-10453", "date": "2027-04-22", "time": "12:30", "site_id": "SITE-07",
     "drive_id": "DR-7284", "donation_type": "whole_blood", "status": "completed"},
    {"appointment_id": "AP-90301", "donor_id": "D-10441", "date": "2027-05-22", "time": "13:00", "site_id": "SITE-06",
     "drive_id": "DR-7293", "donation_type": "whole_blood", "status": "booked"},
    {"appointment_id": "AP-90362", "donor_id": "D-10422", "date": "2027-05-15", "time": "10:45", "site_id": "SITE-04",
     "drive_id": "DR-7291", "donation_type": "whole_blood", "status": "booked"},
]}
BOOKINGS = {}

COMPONENTS = {"rbc": "RBC", "red cells": "RBC", "red blood cells": "RBC", "red cell": "RBC", "packed red cells": "RBC",
              "plt": "PLT", "platelets": "PLT", "platelet": "PLT",
              "ffp": "FFP", "plasma": "FFP", "fresh frozen plasma": "FFP"}
TYPES = {"whole blood": "whole_blood", "whole_blood": "whole_blood", "platelets": "platelets",
         "plasma": "plasma"}


def _donor(donor_id: str) -> dict:
    d = DONORS.get(str(donor_id).strip().upper())
    if d is None:
        raise ToolError(f"no donor {donor_id!r}")
    return d


def _blood_type(value: str) -> str:
    v = _fold(value).replace(" ", "").replace("positive", "+").replace("negative", "-").replace("pos", "+") \
        .replace("neg", "-").upper()
    if v not in ("O+", "O-", "A+", "A-", "B+", "B-", "AB+", "AB-"):
        raise ToolError(f"unknown blood type {value!r} (use e.g. O-, AB+)")
    return v


def _component(value: str) -> str:
    c = COMPONENTS.get(_fold(value).strip())
    if c is None:
        raise ToolError(f"unknown component {value!r}; use RBC (red cells), PLT (platelets) or FFP (plasma)")
    return c


# ------------------------------------------------------------------ typed results
class DonorMatch(TypedDict):
    donor_id: str
    name: str
    email: str
    town: str


class DonorSearch(TypedDict):
    donors: list[DonorMatch]
    count: int


class SiteRow(TypedDict):
    site_id: str
    name: str
    kind: str
    town: str
    address: str


class SiteSearch(TypedDict):
    sites: list[SiteRow]
    count: int


class DriveRow(TypedDict):
    drive_id: str
    date: str
    site_id: str
    site_name: str
    town: str
    status: str


class DrivePage(TypedDict):
    drives: list[DriveRow]
    page: int
    page_size: int
    total: int
    next_page: int | None


class AppointmentRow(TypedDict):
    appointment_id: str
    donor_id: str
    date: str
    time: str
    place: str
    drive_id: str | None
    donation_type: str
    status: str


class AppointmentList(TypedDict):
    appointments: list[AppointmentRow]
    count: int


# ------------------------------------------------------------------ tools
@mcp.tool()
def find_donor(name: str | None = None, email: str | None = None) -> DonorSearch:
    """Find donors by exact email or by name (every word must match). Returns short matches only; use get_donor
    for blood type, eligibility and donation history."""
    if not (name or "").strip() and not (email or "").strip():
        raise ToolError("give name or email")
    e = (email or "").strip().lower()
    rows = [{"donor_id": d["donor_id"], "name": d["name"], "email": d["email"], "town": d["address"]["town"]}
            for d in DONORS.values() if (not e or d["email"] == e) and (not (name or "").strip() or _words(name, d["name"]))]
    return {"donors": rows, "count": len(rows)}


@mcp.tool()
def get_donor(donor_id: str) -> dict:
    """Donor record: contact details, blood_type, address, total_donations, eligibility (status, next_eligible date,
    reason) and recent_donations (newest first; each with donation_id, date, type, where and unit_ids)."""
    d = _donor(donor_id)
    recent = sorted((dict(x) for x in DONATIONS.values() if x["donor_id"] == d["donor_id"]),
                    key=lambda x: x["date"], reverse=True)
    for x in recent:
        x.pop("donor_id")
    return dict(d, recent_donations=recent)


@mcp.tool()
def list_appointments(donor_id: str | None = None, site_id: str | None = None, drive_id: str | None = None,
                      date_from: str | None = None, date_to: str | None = None,
                      status: str | None = None) -> AppointmentList:
    """Donation appointments filtered by donor, site, drive, date range (YYYY-MM-DD, inclusive) and status
    (booked, completed, cancelled, no-show), oldest first."""
    did, sid, drv = [(x or "").strip().upper() for x in (donor_id, site_id, drive_id)]
    if not (did or sid or drv):
        raise ToolError("give donor_id, site_id or drive_id")
    start = _date(date_from, "date_from") if date_from else None
    end = _date(date_to, "date_to") if date_to else None
    st = (status or "").strip().lower()
    rows = []
    for a in list(APPOINTMENTS.values()) + list(BOOKINGS.values()):
        if (did and a["donor_id"] != did) or (sid and a["site_id"] != sid) or (drv and a["drive_id"] != drv):
            continue
        if (start and a["date"] < start) or (end and a["date"] > end) or (st and a["status"] != st):
            continue
        rows.append({"appointment_id": a["appointment_id"], "donor_id": a["donor_id"], "date": a["date"],
                     "time": a["time"], "place": SITES[a["site_id"]]["name"], "drive_id": a["drive_id"],
                     "donation_type": a["donation_type"], "status": a["status"]})
    rows.sort(key=lambda a: (a["date"], a["time"]))
    return {"appointments": rows, "count": len(rows)}


@mcp.tool()
def find_sites(query: str) -> SiteSearch:
    """Donor centres and mobile-drive host sites whose name, town or address contains every word of the query."""
    rows = [dict(s) for s in SITES.values() if _words(query, f"{s['name']} {s['town']} {s['address']}")]
    return {"sites": rows, "count": len(rows)}


@mcp.tool()
def list_drives(date_from: str | None = None, date_to: str | None = None, town: str | None = None,
                site_id: str | None = None, status: str | None = None, page: int = 1,
                page_size: int = 5) -> DrivePage:
    """Mobile blood drives (the blood bus at a host site), oldest first, filtered by date range (YYYY-MM-DD,
    inclusive), town, host site and status (scheduled, completed, cancelled); paginated, total counts every match."""
    start = _date(date_from, "date_from") if date_from else None
    end = _date(date_to, "date_to") if date_to else None
    tw, sid, st = _fold(town or "").strip(), (site_id or "").strip().upper(), (status or "").strip().lower()
    if page < 1 or not 1 <= page_size <= 25:
        raise ToolError("page must be >= 1 and page_size 1..25")
    rows = []
    for d in sorted(DRIVES.values(), key=lambda d: d["date"]):
        s = SITES[d["site_id"]]
        if (start and d["date"] < start) or (end and d["date"] > end) or (tw and _fold(s["town"]) != tw):
            continue
        if (sid and d["site_id"] != sid) or (st and d["status"] != st):
            continue
        rows.append({"drive_id": d["drive_id"], "date": d["date"], "site_id": s["site_id"], "site_name": s["name"],
                     "town": s["town"], "status": d["status"]})
    first = (page - 1) * page_size
    return {"drives": rows[first:first + page_size], "page": page, "page_size": page_size, "total": len(rows),
            "next_page": page + 1 if first + page_size < len(rows) else None}


@mcp.tool()
def get_drive(drive_id: str) -> dict:
    """One mobile drive: date, status, site (name, address, town), hours (start/end), bus, coordinator (name, phone),
    slots (total, booked, free), donation_types, goal_units and collected_units (after the drive)."""
    d = DRIVES.get(str(drive_id).strip().upper())
    if d is None:
        raise ToolError(f"no drive {drive_id!r}")
    booked = d["slots_booked"] + sum(1 for b in BOOKINGS.values() if b["drive_id"] == d["drive_id"])
    out = {k: v for k, v in d.items() if k not in ("site_id", "slots_total", "slots_booked")}
    s = SITES[d["site_id"]]
    out["site"] = {"site_id": s["site_id"], "name": s["name"], "address": s["address"], "town": s["town"]}
    out["slots"] = {"total": d["slots_total"], "booked": booked, "free": d["slots_total"] - booked}
    return out


@mcp.tool()
def get_unit(unit_id: str) -> dict:
    """Blood unit by id (e.g. NV27-004518). Keys: id, dn donation, dnr donor, abo, rh, comp (RBC/PLT/FFP), vol ml,
    col collected, exp expires, loc site, st status, req hospital request."""
    u = UNITS.get(str(unit_id).strip().upper())
    if u is None:
        raise ToolError(f"no unit {unit_id!r}")
    return dict(u)


@mcp.tool()
def list_units(blood_type: str | None = None, component: str | None = None, status: str | None = None,
               site_id: str | None = None) -> dict:
    """Blood inventory: units filtered by blood type (e.g. O-), component (red cells, platelets, plasma), status
    (available, quarantined, allocated, issued, expired, discarded) and storage site; soonest expiry first.
    Rows use the get_unit keys."""
    bt = _blood_type(blood_type) if blood_type else None
    comp = _component(component) if component else None
    st, sid = (status or "").strip().lower(), (site_id or "").strip().upper()
    rows = [dict(u) for u in UNITS.values() if (not bt or u["abo"] + u["rh"] == bt) and (not comp or u["comp"] == comp)
            and (not st or u["st"] == st) and (not sid or u["loc"] == sid)]
    rows.sort(key=lambda u: (u["exp"], u["id"]))
    return {"units": rows, "count": len(rows)}


@mcp.tool()
def get_screening(donation_id: str) -> dict:
    """Screening (lab test) results of a donation (DN-...): tested_on, lab, markers (marker and result),
    hemoglobin_g_dl, abo_rh_confirmed, outcome and note."""
    s = SCREENING.get(str(donation_id).strip().upper())
    if s is None:
        raise ToolError(f"no screening record for donation {donation_id!r}")
    return dict(s)


@mcp.tool()
def list_hospital_requests(hospital: str | None = None, status: str | None = None,
                           blood_type: str | None = None) -> dict:
    """Hospital blood requests filtered by hospital name (every word must match), status (open, partially filled,
    filled, cancelled) and blood type, newest first. Each row: request_id, hospital, blood_type, component,
    units_requested, priority, status, needed_by."""
    st = (status or "").strip().lower()
    bt = _blood_type(blood_type) if blood_type else None
    rows = [{k: r[k] for k in ("request_id", "hospital", "blood_type", "component", "units_requested", "priority",
                               "status", "needed_by")}
            for r in sorted(REQUESTS.values(), key=lambda r: r["raised"], reverse=True)
            if (not hospital or _words(hospital, r["hospital"])) and (not st or r["status"] == st)
            and (not bt or r["blood_type"] == bt)]
    return {"requests": rows, "count": len(rows)}


@mcp.tool()
def get_hospital_request(request_id: str) -> dict:
    """Hospital request in full: hospital, ward, contact, blood_type, component, units_requested, units_allocated,
    allocated_units (unit ids), priority (routine, urgent, emergency), needed_by, raised and status."""
    r = REQUESTS.get(str(request_id).strip().upper())
    if r is None:
        raise ToolError(f"no hospital request {request_id!r}")
    return dict(r)


@mcp.tool()
def book_appointment(donor_id: str, drive_id: str, time: str, donation_type: str = "whole_blood") -> dict:
    """Book a donor onto a mobile drive at a time (HH:MM, on the quarter hour, within the drive's hours). The donor
    must be eligible on the drive's date. Returns the booking reference (BK-xxxxxx); booking the same donor, drive
    and time again returns the same booking."""
    d = _donor(donor_id)
    drive = DRIVES.get(str(drive_id).strip().upper())
    if drive is None:
        raise ToolError(f"no drive {drive_id!r}")
    if drive["status"] != "scheduled":
        raise ToolError(f"drive {drive['drive_id']} is {drive['status']}")
    m = re.fullmatch(r"(\d{1,2}):(\d{2})", str(time).strip())
    if not m or int(m.group(2)) % 15:
        raise ToolError("time must be HH:MM on the quarter hour")
    hhmm = f"{int(m.group(1)):02d}:{m.group(2)}"
    if not drive["hours"]["start"] <= hhmm < drive["hours"]["end"]:
        raise ToolError(f"the drive runs {drive['hours']['start']}-{drive['hours']['end']}")
    dtype = TYPES.get(_fold(donation_type).strip())
    if dtype not in drive["donation_types"]:
        raise ToolError(f"drive {drive['drive_id']} takes only {', '.join(drive['donation_types'])}")
    nxt = d["eligibility"]["next_eligible"]
    if nxt is None or nxt > drive["date"]:
        raise ToolError(f"{d['name']} is not eligible to donate on {drive['date']}")
    ref = "BK-" + hashlib.sha1("|".join([d["donor_id"], drive["drive_id"], hhmm]).encode()).hexdigest().upper()[:6]
    if ref not in BOOKINGS:
        BOOKINGS[ref] = {"appointment_id": ref, "donor_id": d["donor_id"], "date": drive["date"], "time": hhmm,
                         "site_id": drive["site_id"], "drive_id": drive["drive_id"], "donation_type": dtype,
                         "status": "booked"}
    b = BOOKINGS[ref]
    return {"booking_ref": ref, "donor_id": d["donor_id"], "donor_name": d["name"], "drive_id": b["drive_id"],
            "date": b["date"], "time": b["time"], "place": SITES[b["site_id"]]["name"],
            "donation_type": b["donation_type"], "status": b["status"]}


if __name__ == "__main__":
    mcp.run()
