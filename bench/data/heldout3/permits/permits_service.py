"""City of Brennford building permits office: a small in-memory HTTP API (stdlib only).

Usage: python permits_service.py PORT   (serves under /api on 127.0.0.1:PORT)
Deterministic: fixed seed data, no clock, no randomness. The office's "today" is 2026-11-20; inspection request
codes and payment receipt numbers are derived from the request's content (SHA-1), and repeating a request returns
the first result.
"""
import datetime
import hashlib
import json
import re
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, unquote, urlsplit

LOCK = threading.Lock()
ROUTES = []
TODAY = "2026-11-20"
BOOKING_FROM, BOOKING_UNTIL = "2026-11-23", "2027-02-26"


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


def derive(prefix, *parts):
    digest = hashlib.sha1("|".join(str(p) for p in parts).encode()).hexdigest().upper()
    return f"{prefix}-{digest[:6]}"


ABBREVIATIONS = {"st": "street", "rd": "road", "ave": "avenue", "av": "avenue", "blvd": "boulevard",
                 "ln": "lane", "ct": "court", "cres": "crescent", "cr": "crescent"}


def tokens(text):
    text = re.sub(r"[\u2019']", "", text.lower())
    out = []
    for t in re.split(r"[^a-z0-9&-]+", text):
        if t:
            out.append(ABBREVIATIONS.get(t, t))
    return out


def words_match(query, text):
    """Every word of the query is a word of the text, or the start of one (numbers must match whole)."""
    have = tokens(text)
    for q in tokens(query):
        if q.isdigit():
            if q not in have:
                return False
        elif not any(h == q or h.startswith(q) for h in have):
            return False
    return True


# ------------------------------------------------------------------ seed data
PARCELS = {p["parcel_id"]: p for p in [
    {"parcel_id": "PCL-10231", "address": "14 Alder Way", "postcode": "BF3 2LA", "owner": "Nadia Okafor",
     "zoning": "RS-5", "lot_area_sqm": 540, "ward": 3, "flood_zone": "X", "year_built": 1962,
     "assessed_value": 412300},
    {"parcel_id": "PCL-10232", "address": "41 Alder Way", "postcode": "BF3 2LB", "owner": "Marcus Lindqvist",
     "zoning": "RS-5", "lot_area_sqm": 610, "ward": 3, "flood_zone": "X", "year_built": 1958,
     "assessed_value": 398750},
    {"parcel_id": "PCL-10245", "address": "220 Harbour Street", "postcode": "BF1 4HS",
     "owner": "Kestrel Holdings Ltd", "zoning": "C-2", "lot_area_sqm": 1850, "ward": 1, "flood_zone": "AE",
     "year_built": 1931, "assessed_value": 2204000},
    {"parcel_id": "PCL-10250", "address": "7 Quarry Lane", "postcode": "BF5 7QL", "owner": "Eamon Whitlock",
     "zoning": "RS-7", "lot_area_sqm": 612, "ward": 5, "flood_zone": "X", "year_built": 1989,
     "assessed_value": 465900},
    {"parcel_id": "PCL-10258", "address": "7 Quarry Road", "postcode": "BF5 7QR", "owner": "Sofia Reyes-Hart",
     "zoning": "RS-10", "lot_area_sqm": 905, "ward": 5, "flood_zone": "X", "year_built": 2004,
     "assessed_value": 688000},
    {"parcel_id": "PCL-10263", "address": "88 Millbrook Avenue", "postcode": "BF2 8MA",
     "owner": "Brennford Unified School District", "zoning": "P-1", "lot_area_sqm": 14200, "ward": 2,
     "flood_zone": "X", "year_built": 1974, "assessed_value": 0},
    {"parcel_id": "PCL-10270", "address": "3 Tanner's Court", "postcode": "BF4 3TC", "owner": "Ines Carvalho",
     "zoning": "RM-2", "lot_area_sqm": 330, "ward": 4, "flood_zone": "X", "year_built": 1921,
     "assessed_value": 301400},
    {"parcel_id": "PCL-10276", "address": "1190 Fenwick Boulevard", "postcode": "BF1 9FB",
     "owner": "Harrow & Vale Properties", "zoning": "C-3", "lot_area_sqm": 6400, "ward": 1, "flood_zone": "X",
     "year_built": None, "assessed_value": 1350000},
    {"parcel_id": "PCL-10281", "address": "19 Tanner's Row", "postcode": "BF4 3TR", "owner": "Inez Carvalho",
     "zoning": "RM-2", "lot_area_sqm": 295, "ward": 4, "flood_zone": "X", "year_built": 1924,
     "assessed_value": 287900},
    {"parcel_id": "PCL-10288", "address": "52 Linden Crescent", "postcode": "BF6 5LC", "owner": "Edmund Whitlock",
     "zoning": "RS-5", "lot_area_sqm": 575, "ward": 6, "flood_zone": "X", "year_built": 1996,
     "assessed_value": 421000},
]}

CONTRACTORS = {c["contractor_id"]: c for c in [
    {"contractor_id": "CT-301", "name": "Oakline Builders", "phone": "555-318-2204",
     "email": "office@oakline-builders.example", "address": "9 Foundry Yard, Brennford BF2 1FY",
     "insurance_expires": "2027-04-30",
     "licences": [{"licence_number": "GC-51207", "class": "General contractor (residential)",
                   "issued_on": "2023-07-01", "expires_on": "2027-06-30", "status": "active"}]},
    {"contractor_id": "CT-302", "name": "Oakline Home Builders", "phone": "555-318-2290",
     "email": "hello@oaklinehome.example", "address": "140 Station Road, Brennford BF2 6SR",
     "insurance_expires": "2027-01-31",
     "licences": [{"licence_number": "GC-50988", "class": "General contractor (residential)",
                   "issued_on": "2022-03-15", "expires_on": "2027-03-14", "status": "active"}]},
    {"contractor_id": "CT-303", "name": "Halvorsen Construction", "phone": "555-318-4410",
     "email": "permits@halvorsen-construction.example", "address": "2 Dockside Park, Brennford BF1 2DP",
     "insurance_expires": "2027-02-28",
     "licences": [{"licence_number": "DM-1192", "class": "Demolition", "issued_on": "2024-01-01",
                   "expires_on": "2026-12-31", "status": "active"},
                  {"licence_number": "GC-48817", "class": "General contractor (commercial)",
                   "issued_on": "2022-04-01", "expires_on": "2027-03-31", "status": "active"}]},
    {"contractor_id": "CT-304", "name": "Deckwright Carpentry", "phone": "555-318-5127",
     "email": "jobs@deckwright.example", "address": "77 Mill Street, Brennford BF5 1MS",
     "insurance_expires": "2027-05-31",
     "licences": [{"licence_number": "SC-20931", "class": "Specialty: carpentry", "issued_on": "2024-03-01",
                   "expires_on": "2027-02-28", "status": "active"}]},
    {"contractor_id": "CT-305", "name": "Brightwire Electrical", "phone": "555-318-6032",
     "email": "service@brightwire.example", "address": "15 Copper Lane, Brennford BF3 9CL",
     "insurance_expires": "2026-12-15",
     "licences": [{"licence_number": "EC-33410", "class": "Electrical contractor", "issued_on": "2024-11-01",
                   "expires_on": "2026-10-31", "status": "expired"}]},
    {"contractor_id": "CT-306", "name": "Coldharbour Mechanical", "phone": "555-318-7745",
     "email": "dispatch@coldharbour-mech.example", "address": "4 Kiln Road, Brennford BF2 4KR",
     "insurance_expires": "2027-08-31",
     "licences": [{"licence_number": "MC-7781", "class": "Mechanical contractor", "issued_on": "2023-09-01",
                   "expires_on": "2027-08-31", "status": "active"}]},
    {"contractor_id": "CT-307", "name": "Bluewater Pools", "phone": "555-318-8090",
     "email": "build@bluewaterpools.example", "address": "300 Fenwick Boulevard, Brennford BF1 9FA",
     "insurance_expires": "2027-03-31",
     "licences": [{"licence_number": "SP-4452", "class": "Specialty: swimming pools", "issued_on": "2024-06-01",
                   "expires_on": "2027-05-31", "status": "active"}]},
    {"contractor_id": "CT-308", "name": "Halvorsen & Sons Roofing", "phone": "555-318-4477",
     "email": "roofs@halvorsen-sons.example", "address": "61 Slate Street, Brennford BF6 2SS",
     "insurance_expires": "2027-01-31",
     "licences": [{"licence_number": "RF-6650", "class": "Specialty: roofing", "issued_on": "2025-02-01",
                   "expires_on": "2027-01-31", "status": "active"}]},
    {"contractor_id": "CT-309", "name": "Tidewell Plumbing", "phone": "555-318-9321",
     "email": "office@tidewell.example", "address": "23 Wharf Row, Brennford BF4 1WR",
     "insurance_expires": "2027-06-30",
     "licences": [{"licence_number": "PB-11846", "class": "Plumbing contractor", "issued_on": "2023-05-01",
                   "expires_on": "2027-04-30", "status": "active"}]},
    {"contractor_id": "CT-310", "name": "Lumen Signworks", "phone": "555-318-1188",
     "email": "studio@lumensign.example", "address": "8 Glass Lane, Brennford BF1 3GL",
     "insurance_expires": "2027-02-01",
     "licences": [{"licence_number": "SG-0907", "class": "Specialty: signs", "issued_on": "2025-01-10",
                   "expires_on": "2027-01-09", "status": "active"}]},
]}

INSPECTORS = {i["inspector_id"]: i for i in [
    {"inspector_id": "INS-21", "name": "Rafael Duarte", "disciplines": ["building"], "district": "North",
     "phone": "555-201-4471", "email": "r.duarte@brennford-permits.example",
     "call_hours": "weekdays 07:30-09:00"},
    {"inspector_id": "INS-22", "name": "Rafaela Duarte", "disciplines": ["electrical"], "district": "Central",
     "phone": "555-201-4486", "email": "rafaela.duarte@brennford-permits.example",
     "call_hours": "weekdays 07:30-08:30"},
    {"inspector_id": "INS-23", "name": "Tomasz Wren", "disciplines": ["mechanical", "plumbing"],
     "district": "Central", "phone": "555-201-4502", "email": "t.wren@brennford-permits.example",
     "call_hours": "weekdays 08:00-09:00"},
    {"inspector_id": "INS-24", "name": "Priyanka Bose", "disciplines": ["pool", "fire"], "district": "South",
     "phone": "555-201-4519", "email": "p.bose@brennford-permits.example", "call_hours": "weekdays 07:30-09:00"},
    {"inspector_id": "INS-25", "name": "Hollis Grieve", "disciplines": ["building", "demolition"],
     "district": "South", "phone": "555-201-4533", "email": "h.grieve@brennford-permits.example",
     "call_hours": "weekdays 07:00-08:30"},
    {"inspector_id": "INS-26", "name": "Owen Maddox", "disciplines": ["electrical"], "district": "North",
     "phone": "555-201-4548", "email": "o.maddox@brennford-permits.example", "call_hours": "weekdays 08:00-09:30"},
    {"inspector_id": "INS-27", "name": "Greta Haldane", "disciplines": ["sign", "zoning"], "district": "Central",
     "phone": "555-201-4560", "email": "g.haldane@brennford-permits.example",
     "call_hours": "Tuesdays and Thursdays 08:00-10:00"},
]}


def _permit(pid, parcel, ptype, work, desc, applicant, contractor, status, applied, issued=None, expires=None,
            finaled=None, valuation=0):
    return {"permit_id": pid, "parcel_id": parcel, "type": ptype, "work_class": work, "description": desc,
            "applicant": applicant, "contractor_id": contractor, "status": status, "applied_on": applied,
            "issued_on": issued, "expires_on": expires, "finaled_on": finaled, "valuation": valuation}


PERMITS = {p["permit_id"]: p for p in [
    _permit("BP-2026-0365", "PCL-10250", "building", "alteration", "Replace nine windows, same openings",
            "Eamon Whitlock", None, "finaled", "2026-04-02", "2026-04-09", "2027-04-09", "2026-05-21", 14800),
    _permit("BP-2026-0398", "PCL-10232", "building", "re-roof", "Re-roof with asphalt shingles, 180 m2",
            "Marcus Lindqvist", "CT-308", "issued", "2026-06-30", "2026-07-06", "2027-07-06", None, 21400),
    _permit("BP-2026-0412", "PCL-10231", "building", "addition",
            "Single-storey rear extension (28 m2) with new kitchen", "Nadia Okafor", "CT-301", "issued",
            "2026-07-28", "2026-09-02", "2027-09-02", None, 86500),
    _permit("BP-2026-0413", "PCL-10231", "electrical", "alteration", "200 A service panel upgrade",
            "Nadia Okafor", "CT-305", "finaled", "2026-08-10", "2026-08-19", "2027-08-19", "2026-10-08", 4200),
    _permit("BP-2026-0421", "PCL-10232", "building", "accessory", "Rear garden fence over 2 m high",
            "Marcus Lindqvist", None, "issued", "2026-08-03", "2026-08-12", "2027-08-12", None, 3100),
    _permit("BP-2026-0455", "PCL-10245", "building", "tenant improvement",
            "Ground-floor cafe fit-out, new storefront and accessible washroom", "Kestrel Holdings Ltd", "CT-303",
            "under_review", "2026-10-14", None, None, None, 412000),
    _permit("BP-2026-0461", "PCL-10245", "sign", "new", "Illuminated wall sign, 3.2 m2, Harbour Street frontage",
            "Kestrel Holdings Ltd", "CT-310", "issued", "2026-10-20", "2026-11-02", "2027-05-02", None, 6900),
    _permit("BP-2026-0470", "PCL-10250", "building", "accessory", "Rear deck, 22 m2, 1.1 m above grade",
            "Eamon Whitlock", "CT-304", "issued", "2026-09-08", "2026-09-21", "2027-09-21", None, 18250),
    _permit("BP-2026-0471", "PCL-10258", "pool", "new", "In-ground swimming pool with safety barrier",
            "Sofia Reyes-Hart", "CT-307", "issued", "2026-09-10", "2026-10-05", "2027-10-05", None, 64000),
    _permit("BP-2026-0480", "PCL-10263", "mechanical", "replacement", "Replace three rooftop HVAC units, gym wing",
            "Brennford Unified School District", "CT-306", "issued", "2026-09-29", "2026-10-16", "2027-10-16",
            None, 238000),
    _permit("BP-2026-0488", "PCL-10270", "demolition", "demolition", "Demolish detached single garage",
            "Ines Carvalho", "CT-303", "issued", "2026-10-01", "2026-10-12", "2027-04-12", None, 7500),
    _permit("BP-2026-0502", "PCL-10276", "building", "new",
            "New three-storey mixed-use building, 24 apartments over retail", "Harrow & Vale Properties",
            "CT-303", "issued", "2026-03-18", "2026-10-27", "2028-10-27", None, 9650000),
    _permit("BP-2026-0507", "PCL-10270", "plumbing", "alteration", "Bathroom re-pipe and new water heater",
            "Ines Carvalho", "CT-309", "issued", "2026-10-22", "2026-10-29", "2027-10-29", None, 9800),
    _permit("BP-2026-0515", "PCL-10281", "plumbing", "alteration", "Relocate kitchen sink and dishwasher supply",
            "Inez Carvalho", "CT-309", "issued", "2026-10-26", "2026-11-03", "2027-11-03", None, 2600),
    _permit("BP-2026-0519", "PCL-10288", "building", "accessory", "Detached garden studio, 14 m2",
            "Edmund Whitlock", "CT-302", "under_review", "2026-11-09", None, None, None, 31000),
]}


def _insp(iid, pid, itype, date, result, inspector, notes=""):
    return {"inspection_id": iid, "permit_id": pid, "inspection_type": itype, "scheduled_date": date,
            "result": result, "inspector_id": inspector, "notes": notes}


INSPECTIONS = [
    _insp("IN-7090", "BP-2026-0365", "final", "2026-05-21", "passed", "INS-25"),
    _insp("IN-7095", "BP-2026-0398", "final", "2026-08-18", "failed", "INS-21",
          "Drip edge missing along west eave; re-inspect after correction."),
    _insp("IN-7101", "BP-2026-0412", "footing", "2026-09-14", "passed", "INS-25"),
    _insp("IN-7102", "BP-2026-0412", "framing", "2026-10-21", "failed", "INS-21",
          "Missing hold-down at NE corner post; header over patio door undersized."),
    _insp("IN-7103", "BP-2026-0412", "framing (re-inspection)", "2026-11-25", "scheduled", "INS-25"),
    _insp("IN-7110", "BP-2026-0413", "rough electrical", "2026-08-27", "passed", "INS-22"),
    _insp("IN-7111", "BP-2026-0413", "final electrical", "2026-10-08", "passed", "INS-26"),
    _insp("IN-7120", "BP-2026-0470", "footing", "2026-10-28", "passed", "INS-25"),
    _insp("IN-7125", "BP-2026-0471", "pre-pour steel", "2026-10-30", "passed", "INS-24"),
    _insp("IN-7126", "BP-2026-0471", "safety barrier", "2026-11-18", "failed", "INS-24",
          "Gate latch 1.2 m above ground; must be at least 1.5 m. Self-closing hinge missing."),
    _insp("IN-7130", "BP-2026-0480", "mechanical rough-in", "2026-11-24", "scheduled", "INS-23"),
    _insp("IN-7131", "BP-2026-0480", "mechanical rough-in", "2026-11-05", "cancelled", "INS-26",
          "Cancelled by contractor; crane not available."),
    _insp("IN-7140", "BP-2026-0488", "pre-demolition site", "2026-10-19", "passed", "INS-25"),
    _insp("IN-7145", "BP-2026-0502", "foundation", "2026-11-16", "partial", "INS-21",
          "North wall footings approved; south wall to be re-inspected."),
    _insp("IN-7150", "BP-2026-0507", "rough plumbing", "2026-11-12", "passed", "INS-23"),
]
NEXT_INSPECTION = [7160]

# permit -> fee lines (code, description, amount) and payments already received
FEES = {
    "BP-2026-0365": ([("PLN", "Plan review", 95.00), ("BLD", "Building permit fee", 240.00),
                      ("TEC", "Technology surcharge", 12.60)],
                     [("RC-0365A1", "2026-04-09", 347.60, "card")]),
    "BP-2026-0398": ([("BLD", "Building permit fee", 310.00), ("TEC", "Technology surcharge", 14.25)],
                     [("RC-0398B2", "2026-07-06", 324.25, "ach")]),
    "BP-2026-0412": ([("PLN", "Plan review", 480.00), ("BLD", "Building permit fee", 1120.00),
                      ("TEC", "Technology surcharge", 48.10), ("RIN", "Re-inspection fee", 95.00)],
                     [("RC-0412C3", "2026-09-02", 1648.10, "card")]),
    "BP-2026-0413": ([("ELE", "Electrical permit fee", 165.00), ("TEC", "Technology surcharge", 6.95)],
                     [("RC-0413D4", "2026-08-19", 171.95, "card")]),
    "BP-2026-0421": ([("BLD", "Building permit fee", 85.00), ("TEC", "Technology surcharge", 3.40)],
                     [("RC-0421E5", "2026-08-12", 88.40, "check")]),
    "BP-2026-0455": ([("PLN", "Plan review", 1860.00), ("ZON", "Zoning review", 240.00),
                      ("TEC", "Technology surcharge", 84.00)],
                     [("RC-0455F6", "2026-10-14", 1860.00, "ach")]),
    "BP-2026-0461": ([("SGN", "Sign permit fee", 210.00), ("TEC", "Technology surcharge", 8.40)],
                     [("RC-0461A7", "2026-11-02", 218.40, "card")]),
    "BP-2026-0470": ([("PLN", "Plan review", 120.00), ("BLD", "Building permit fee", 365.00),
                      ("TEC", "Technology surcharge", 19.40)],
                     [("RC-0470B8", "2026-09-21", 504.40, "card")]),
    "BP-2026-0471": ([("PLN", "Plan review", 185.00), ("POL", "Pool permit fee", 820.00),
                      ("TEC", "Technology surcharge", 37.75)],
                     [("RC-0471C9", "2026-10-05", 400.00, "card")]),
    "BP-2026-0480": ([("MEC", "Mechanical permit fee", 1430.00), ("TEC", "Technology surcharge", 57.20)],
                     [("RC-0480D1", "2026-10-16", 1487.20, "ach")]),
    "BP-2026-0488": ([("DEM", "Demolition permit fee", 150.00), ("TEC", "Technology surcharge", 6.00)],
                     [("RC-0488E2", "2026-10-12", 156.00, "card")]),
    "BP-2026-0502": ([("PLN", "Plan review", 38600.00), ("BLD", "Building permit fee", 71400.00),
                      ("TEC", "Technology surcharge", 4400.00)],
                     [("RC-0502F3", "2026-10-27", 114400.00, "ach")]),
    "BP-2026-0507": ([("PLM", "Plumbing permit fee", 245.00), ("WHT", "Water heater fee", 85.00),
                      ("PLN", "Plan review", 160.00), ("TEC", "Technology surcharge", 28.40)],
                     [("RC-0507A4", "2026-10-29", 200.00, "card")]),
    "BP-2026-0515": ([("PLM", "Plumbing permit fee", 92.00), ("TEC", "Technology surcharge", 4.50)], []),
    "BP-2026-0519": ([("PLN", "Plan review", 210.00), ("TEC", "Technology surcharge", 8.40)], []),
}
PAYMENTS = {pid: [{"receipt_number": r, "paid_on": d, "amount": a, "method": m} for r, d, a, m in pays]
            for pid, (_lines, pays) in FEES.items()}

# inspection types a permit of each type may request
INSPECTION_TYPES = {
    "building": ["footing", "foundation", "framing", "insulation", "drywall", "final"],
    "electrical": ["rough electrical", "final electrical", "final"],
    "plumbing": ["rough plumbing", "final plumbing", "final"],
    "mechanical": ["mechanical rough-in", "final mechanical", "final"],
    "pool": ["pre-pour steel", "safety barrier", "final"],
    "sign": ["footing", "final"],
    "demolition": ["pre-demolition site", "final"],
}
DISCIPLINE_OF = {"building": "building", "electrical": "electrical", "plumbing": "plumbing",
                 "mechanical": "mechanical", "pool": "pool", "sign": "sign", "demolition": "demolition"}


# ------------------------------------------------------------------ helpers
def get_or_404(table, key, what):
    item = table.get(key.strip()) or table.get(key.strip().upper())
    if item is None:
        raise ApiError(404, f"{what} {key} not found")
    return item


def paginate(rows, query, default=10):
    try:
        page = int(query.get("page", 1))
        per_page = int(query.get("per_page", default))
    except ValueError:
        raise ApiError(400, "page and per_page must be integers") from None
    if page < 1 or not 1 <= per_page <= 50:
        raise ApiError(400, "page must be >= 1 and per_page between 1 and 50")
    start = (page - 1) * per_page
    return {"page": page, "per_page": per_page, "total": len(rows), "results": rows[start:start + per_page],
            "has_more": start + per_page < len(rows)}


def money(x):
    return round(x + 1e-9, 2)


def fee_view(pid):
    lines, _ = FEES[pid]
    payments = PAYMENTS[pid]
    total = money(sum(a for _c, _d, a in lines))
    paid = money(sum(p["amount"] for p in payments))
    return {"permit_id": pid, "currency": "USD",
            "lines": [{"code": c, "description": d, "amount": a} for c, d, a in lines],
            "total": total, "paid": paid, "balance_due": money(total - paid),
            "payments": [dict(p) for p in payments]}


def inspection_view(x):
    out = dict(x)
    out["inspector_name"] = INSPECTORS[x["inspector_id"]]["name"] if x["inspector_id"] else None
    return out


# ------------------------------------------------------------------ parcels
@route("GET", "/parcels")
def search_parcels(params, query, body):
    address, owner = query.get("address", "").strip(), query.get("owner", "").strip()
    ward = query.get("ward", "").strip()
    if not (address or owner or ward):
        raise ApiError(400, "give at least one of address, owner or ward")
    rows = [{k: p[k] for k in ("parcel_id", "address", "postcode", "owner", "ward")} for p in PARCELS.values()
            if (not address or words_match(address, p["address"] + " " + p["postcode"]))
            and (not owner or words_match(owner, p["owner"]))
            and (not ward or str(p["ward"]) == ward)]
    return 200, {"parcels": rows, "count": len(rows)}


@route("GET", "/parcels/{parcel_id}")
def get_parcel(params, query, body):
    p = dict(get_or_404(PARCELS, params["parcel_id"], "parcel"))
    p["permit_count"] = sum(x["parcel_id"] == p["parcel_id"] for x in PERMITS.values())
    return 200, p


# ------------------------------------------------------------------ permits
PERMIT_STATUSES = ("under_review", "issued", "finaled", "expired", "withdrawn")


@route("GET", "/permits")
def search_permits(params, query, body):
    parcel = query.get("parcel_id", "").strip().upper()
    contractor = query.get("contractor_id", "").strip().upper()
    status = query.get("status", "").strip().lower()
    ptype = query.get("type", "").strip().lower()
    if not (parcel or contractor or status or ptype):
        raise ApiError(400, "give at least one filter: parcel_id, contractor_id, status or type")
    if status and status not in PERMIT_STATUSES:
        raise ApiError(400, f"status must be one of {', '.join(PERMIT_STATUSES)}")
    rows = [{k: p[k] for k in ("permit_id", "parcel_id", "type", "description", "status", "applied_on")}
            for p in sorted(PERMITS.values(), key=lambda p: p["permit_id"])
            if (not parcel or p["parcel_id"] == parcel) and (not contractor or p["contractor_id"] == contractor)
            and (not status or p["status"] == status) and (not ptype or p["type"] == ptype)]
    return 200, paginate(rows, query)


@route("GET", "/permits/{permit_id}")
def get_permit(params, query, body):
    p = dict(get_or_404(PERMITS, params["permit_id"], "permit"))
    p["address"] = PARCELS[p["parcel_id"]]["address"]
    p["contractor_name"] = CONTRACTORS[p["contractor_id"]]["name"] if p["contractor_id"] else None
    return 200, p


@route("GET", "/permits/{permit_id}/inspections")
def list_inspections(params, query, body):
    p = get_or_404(PERMITS, params["permit_id"], "permit")
    result = query.get("result", "").strip().lower()
    rows = [inspection_view(x) for x in sorted(INSPECTIONS, key=lambda x: (x["scheduled_date"], x["inspection_id"]))
            if x["permit_id"] == p["permit_id"] and (not result or x["result"] == result)]
    return 200, {"permit_id": p["permit_id"], "inspections": rows, "count": len(rows)}


@route("POST", "/permits/{permit_id}/inspections")
def request_inspection(params, query, body):
    p = get_or_404(PERMITS, params["permit_id"], "permit")
    itype = re.sub(r"\s+", " ", str(body.get("inspection_type", "")).strip().lower())
    itype = re.sub(r"\s*inspection$", "", itype)
    date = str(body.get("requested_date", "")).strip()
    if not itype or not date:
        raise ApiError(400, "fields 'inspection_type' and 'requested_date' are required")
    try:
        day = datetime.date.fromisoformat(date)
    except ValueError:
        raise ApiError(400, "requested_date must be YYYY-MM-DD") from None
    allowed = INSPECTION_TYPES[p["type"]]
    if itype not in allowed:
        raise ApiError(422, f"a {p['type']} permit can request: {', '.join(allowed)}")
    with LOCK:
        for x in INSPECTIONS:
            if x["permit_id"] == p["permit_id"] and x["inspection_type"] == itype and \
                    x["scheduled_date"] == day.isoformat() and x.get("request_code"):
                return 200, inspection_view(x)
        if p["status"] != "issued":
            raise ApiError(409, f"permit {p['permit_id']} is {p['status']}; inspections need an issued permit")
        if not BOOKING_FROM <= day.isoformat() <= BOOKING_UNTIL or day.weekday() >= 5:
            raise ApiError(422, f"inspections can be booked on weekdays from {BOOKING_FROM} to {BOOKING_UNTIL}")
        discipline = DISCIPLINE_OF[p["type"]]
        district = {1: "Central", 2: "Central", 3: "North", 4: "Central", 5: "South", 6: "North"}[
            PARCELS[p["parcel_id"]]["ward"]]
        candidates = sorted(i["inspector_id"] for i in INSPECTORS.values() if discipline in i["disciplines"])
        local = [c for c in candidates if INSPECTORS[c]["district"] == district]
        inspector = (local or candidates)[0]
        x = {"inspection_id": f"IN-{NEXT_INSPECTION[0]}", "permit_id": p["permit_id"], "inspection_type": itype,
             "scheduled_date": day.isoformat(), "result": "requested", "inspector_id": inspector,
             "notes": "Inspector will call the site contact between 07:30 and 09:00 on the day.",
             "request_code": derive("IR", p["permit_id"], itype, day.isoformat())}
        NEXT_INSPECTION[0] += 1
        INSPECTIONS.append(x)
    return 201, inspection_view(x)


@route("GET", "/permits/{permit_id}/fees")
def get_fees(params, query, body):
    p = get_or_404(PERMITS, params["permit_id"], "permit")
    return 200, fee_view(p["permit_id"])


@route("POST", "/permits/{permit_id}/payments")
def pay_fees(params, query, body):
    p = get_or_404(PERMITS, params["permit_id"], "permit")
    try:
        amount = money(float(body.get("amount")))
    except (TypeError, ValueError):
        raise ApiError(400, "field 'amount' (a number) is required") from None
    method = str(body.get("method", "")).strip().lower()
    if method not in ("card", "ach", "check"):
        raise ApiError(400, "field 'method' must be one of card, ach, check")
    receipt = derive("RC", p["permit_id"], f"{amount:.2f}", method)
    with LOCK:
        for pay in PAYMENTS[p["permit_id"]]:
            if pay["receipt_number"] == receipt:
                return 200, {"permit_id": p["permit_id"], "receipt": dict(pay),
                             "balance_due": fee_view(p["permit_id"])["balance_due"]}
        balance = fee_view(p["permit_id"])["balance_due"]
        if amount <= 0:
            raise ApiError(422, "amount must be positive")
        if amount > balance:
            raise ApiError(422, f"amount {amount:.2f} exceeds the balance due of {balance:.2f}")
        pay = {"receipt_number": receipt, "paid_on": TODAY, "amount": amount, "method": method}
        PAYMENTS[p["permit_id"]].append(pay)
    return 201, {"permit_id": p["permit_id"], "receipt": dict(pay),
                 "balance_due": fee_view(p["permit_id"])["balance_due"]}


# ------------------------------------------------------------------ inspectors
@route("GET", "/inspectors")
def list_inspectors(params, query, body):
    discipline = query.get("discipline", "").strip().lower()
    name = query.get("name", "").strip()
    rows = [{k: i[k] for k in ("inspector_id", "name", "disciplines", "district")} for i in INSPECTORS.values()
            if (not discipline or discipline in i["disciplines"]) and (not name or words_match(name, i["name"]))]
    return 200, {"inspectors": rows, "count": len(rows)}


@route("GET", "/inspectors/{inspector_id}")
def get_inspector(params, query, body):
    i = dict(get_or_404(INSPECTORS, params["inspector_id"], "inspector"))
    i["open_inspections"] = sum(x["inspector_id"] == i["inspector_id"] and x["result"] in ("scheduled", "requested")
                                for x in INSPECTIONS)
    return 200, i


# ------------------------------------------------------------------ contractors
@route("GET", "/contractors")
def search_contractors(params, query, body):
    name = query.get("name", "").strip()
    licence = query.get("licence_number", "").strip().upper()
    rows = [{k: c[k] for k in ("contractor_id", "name", "phone")} for c in CONTRACTORS.values()
            if (not name or words_match(name, c["name"]))
            and (not licence or any(x["licence_number"] == licence for x in c["licences"]))]
    return 200, {"contractors": rows, "count": len(rows)}


@route("GET", "/contractors/{contractor_id}")
def get_contractor(params, query, body):
    c = dict(get_or_404(CONTRACTORS, params["contractor_id"], "contractor"))
    c["licences"] = [dict(x) for x in c["licences"]]
    c["active_permits"] = sum(p["contractor_id"] == c["contractor_id"] and p["status"] in ("issued", "under_review")
                              for p in PERMITS.values())
    return 200, c


# ------------------------------------------------------------------ server
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
