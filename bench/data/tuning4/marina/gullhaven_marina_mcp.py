"""Gullhaven Marina MCP server (stdio): berth holders (owners), boats, berths, fuel-dock sales, boatyard maintenance
jobs, tide times and the tidal window over the entrance sill.

Run: python gullhaven_marina_mcp.py   (speaks MCP over stdin/stdout)
Deterministic: fixed seed data ("today" is 2027-05-12), no clock, no randomness; tide tables are computed from a
fixed harmonic-style model for 2027-04-01..2027-07-31; maintenance request codes are derived from the request's
content. Times are local (BST), lengths and heights in metres, money in GBP. State lives in memory for the life of
the process. All names, emails, phone numbers, registrations and codes are invented. Licence: Apache-2.0.
"""
import datetime
import hashlib
import math
import re
import unicodedata

try:  # mcp >= 2 renamed FastMCP to MCPServer
    from mcp.server.mcpserver import MCPServer as _Server
    from mcp.server.mcpserver.exceptions import ToolError
except ImportError:  # mcp 1.x
    from mcp.server.fastmcp import FastMCP as _Server
    from mcp.server.fastmcp.exceptions import ToolError

mcp = _Server("gullhaven-marina")

TODAY = "2027-05-12"
PAGE_SIZE = 10
SILL_DRIES_M = 1.2      # the entrance sill dries 1.2 m above chart datum
CLEARANCE_M = 0.5       # harbour rule: keep 0.5 m under the keel over the sill


def _fold(text) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", str(text)) if not unicodedata.combining(c)).lower()


def _tokens(query: str) -> list[str]:
    return [t for t in re.split(r"[\s,.:;'\u2019\"()&/-]+", _fold(query)) if t and t not in ("the", "a", "mv", "sy")]


def _words_in(query: str, text: str) -> bool:
    low = _fold(text)
    return all(t in low for t in _tokens(query))


def _date(value, name: str) -> str:
    try:
        return datetime.date.fromisoformat(str(value).strip()[:10]).isoformat()
    except ValueError:
        raise ToolError(f"{name} must be a date YYYY-MM-DD") from None


# ------------------------------------------------------------------ data
OWNERS = {o["owner_id"]: o for o in [
    {"owner_id": "OW-301", "name": "Henrietta Calloway", "email": "henrietta.calloway@example.com",
     "phone": "07700 901301", "address": "3 Chandlers Row, Gullhaven GH2 4CR", "berth_holder_since": "2011-04-01",
     "account": {"balance_gbp": 0.0, "last_payment": "2027-05-01"}},
    {"owner_id": "OW-302", "name": "Henry Calloway", "email": "h.calloway@example.net", "phone": "07700 901302",
     "address": "Flat 9, Lighthouse Court, Gullhaven GH1 2LC", "berth_holder_since": "2019-06-15",
     "account": {"balance_gbp": 215.4, "last_payment": "2027-03-28"}},
    {"owner_id": "OW-303", "name": "Mateus Ferreira-Lund", "email": "mateus.fl@example.org",
     "phone": "07700 901303", "address": "Windrush, Cliff Road, Pellow PW3 8CR", "berth_holder_since": "2016-03-01",
     "account": {"balance_gbp": 0.0, "last_payment": "2027-04-30"}},
    {"owner_id": "OW-304", "name": "Ingrid Solberg-Mack", "email": "ingrid.sm@example.com", "phone": "07700 901304",
     "address": "12 Ropery Lane, Gullhaven GH2 7RL", "berth_holder_since": "2022-05-20",
     "account": {"balance_gbp": 48.0, "last_payment": "2027-04-20"}},
    {"owner_id": "OW-305", "name": "Declan O'Farrelly", "email": "declan.ofarrelly@example.com",
     "phone": "07700 901305", "address": "The Old Pilot House, Gullhaven GH1 1PH",
     "berth_holder_since": "2014-09-01", "account": {"balance_gbp": 0.0, "last_payment": "2027-05-02"}},
    {"owner_id": "OW-306", "name": "Declan Farrelly", "email": "declan.farrelly@example.com",
     "phone": "07700 901306", "address": "27 Marsh Street, Tollerby TB4 5MS", "berth_holder_since": "2023-04-11",
     "account": {"balance_gbp": 0.0, "last_payment": "2027-04-11"}},
    {"owner_id": "OW-307", "name": "Yusuf Adebayo-Kerr", "email": "yusuf.ak@example.com", "phone": "07700 901307",
     "address": "Heron's Reach, Quay Hill, Gullhaven GH2 9QH", "berth_holder_since": "2018-02-01",
     "account": {"balance_gbp": 1312.75, "last_payment": "2027-02-01"}},
    {"owner_id": "OW-308", "name": "Wren Castellanos", "email": "wren.castellanos@example.org",
     "phone": "07700 901308", "address": "2 Net Loft Cottages, Pellow PW1 3NL", "berth_holder_since": "2020-07-07",
     "account": {"balance_gbp": 0.0, "last_payment": "2027-05-07"}},
    {"owner_id": "OW-309", "name": "Cormac Thistlewood", "email": "cormac.t@example.net", "phone": "07700 901309",
     "address": "Saltings Farm, Tollerby TB2 1SF", "berth_holder_since": "2009-10-01",
     "account": {"balance_gbp": 0.0, "last_payment": "2027-04-01"}},
]}


def _boat(bid, name, kind, reg, owner, berth, loa, beam, draft, eng, fuel, built, ins):
    return {"id": bid, "nm": name, "typ": kind, "reg": reg, "own": owner, "brth": berth, "loa": loa, "bm": beam,
            "dr": draft, "eng": eng, "fuel": fuel, "built": built, "ins_exp": ins}


BOATS = {b["id"]: b for b in [
    _boat("BT-501", "Sea Lavender", "sailing yacht", "GH-2231", "OW-301", "B-14", 11.2, 3.6, 1.9,
          "40 hp inboard diesel", "diesel", 1998, "2027-11-30"),
    _boat("BT-502", "Sea Lavender II", "motor cruiser", "GH-3108", "OW-302", "C-03", 9.4, 3.2, 1.1,
          "twin 150 hp petrol sterndrives", "petrol", 2009, "2027-08-31"),
    _boat("BT-503", "Kittiwake", "sailing yacht", "GH-1187", "OW-303", "A-07", 8.6, 2.9, 1.5,
          "20 hp inboard diesel", "diesel", 1987, "2028-01-31"),
    _boat("BT-504", "Kittiwake Dawn", "motor launch", "GH-4012", "OW-304", "A-09", 7.2, 2.6, 0.8,
          "60 hp petrol outboard", "petrol", 2015, "2027-06-30"),
    _boat("BT-505", "Marisol", "sailing catamaran", "GH-3377", "OW-305", "D-02", 12.8, 6.9, 1.2,
          "twin 30 hp inboard diesels", "diesel", 2012, "2027-09-30"),
    _boat("BT-506", "Bluefin Rosie", "RIB", "GH-4420", "OW-306", "A-12", 6.5, 2.5, 0.6,
          "115 hp petrol outboard", "petrol", 2019, "2027-12-31"),
    _boat("BT-507", "Halcyon Drift", "motor yacht", "GH-2960", "OW-307", "D-05", 14.6, 4.6, 1.4,
          "twin 370 hp diesels", "diesel", 2006, "2027-07-31"),
    _boat("BT-508", "Tern", "open dayboat", "GH-4105", "OW-308", "A-03", 5.8, 2.2, 0.7,
          "20 hp petrol outboard", "petrol", 2004, "2028-03-31"),
    _boat("BT-509", "Little Lavender", "tender", "GH-2232", "OW-301", "DS-11", 3.1, 1.5, 0.3,
          "6 hp petrol outboard", "petrol", 2021, "2027-11-30"),
    _boat("BT-510", "Eastern Star", "motor sailer", "GH-0954", "OW-309", "B-05", 10.1, 3.3, 1.6,
          "55 hp inboard diesel", "diesel", 1979, "2027-10-31"),
]}

PONTOON_RATE = {"A": 28.0, "B": 32.5, "C": 30.0, "D": 37.5, "V": 0.0, "DS": 0.0}


def _berth(bid, loa, beam, depth, power, status, notes=""):
    pontoon = bid.split("-")[0]
    return {"berth_id": bid, "pontoon": pontoon, "max_loa_m": loa, "max_beam_m": beam, "depth_m": depth,
            "power": power, "water": pontoon != "DS", "status": status,
            "monthly_fee_gbp": round(PONTOON_RATE[pontoon] * loa, 2) if pontoon in "ABCD" else None,
            "notes": notes}


BERTHS = {b["berth_id"]: b for b in [
    _berth("A-01", 8.0, 3.0, 1.8, "16A", "vacant"), _berth("A-02", 8.0, 3.0, 1.8, "16A", "occupied"),
    _berth("A-03", 7.0, 2.8, 1.7, "16A", "occupied"), _berth("A-04", 7.0, 2.8, 1.7, "16A", "reserved"),
    _berth("A-05", 9.0, 3.2, 1.9, "16A", "occupied"), _berth("A-06", 9.0, 3.2, 1.9, "16A", "vacant"),
    _berth("A-07", 9.0, 3.2, 2.0, "16A", "occupied"), _berth("A-08", 9.0, 3.2, 2.0, "16A", "occupied"),
    _berth("A-09", 8.0, 3.0, 2.0, "16A", "occupied"), _berth("A-10", 8.0, 3.0, 2.0, "16A", "vacant"),
    _berth("A-11", 7.0, 2.8, 1.6, "16A", "maintenance", "finger pontoon being replaced until 2027-05-31"),
    _berth("A-12", 7.0, 2.8, 1.6, "16A", "occupied"),
    _berth("B-01", 12.0, 4.0, 2.4, "16A", "occupied"), _berth("B-02", 12.0, 4.0, 2.4, "16A", "occupied"),
    _berth("B-03", 11.0, 3.8, 2.4, "16A", "vacant"), _berth("B-04", 11.0, 3.8, 2.4, "16A", "occupied"),
    _berth("B-05", 11.0, 3.8, 2.5, "16A", "occupied"), _berth("B-06", 12.0, 4.0, 2.5, "32A", "occupied"),
    _berth("B-07", 12.0, 4.0, 2.5, "32A", "reserved"), _berth("B-08", 12.0, 4.0, 2.6, "32A", "occupied"),
    _berth("B-09", 10.0, 3.6, 2.6, "16A", "occupied"), _berth("B-10", 10.0, 3.6, 2.6, "16A", "vacant"),
    _berth("B-11", 12.0, 4.0, 2.7, "32A", "occupied"), _berth("B-12", 12.0, 4.0, 2.7, "32A", "occupied"),
    _berth("B-13", 12.0, 4.0, 2.8, "32A", "vacant"), _berth("B-14", 12.0, 4.0, 2.8, "32A", "occupied"),
    _berth("B-15", 11.0, 3.8, 2.8, "16A", "occupied"), _berth("B-16", 11.0, 3.8, 2.8, "16A", "vacant"),
    _berth("C-01", 10.0, 3.5, 2.2, "16A", "occupied"), _berth("C-02", 10.0, 3.5, 2.2, "16A", "vacant"),
    _berth("C-03", 10.0, 3.5, 2.3, "32A", "occupied"), _berth("C-04", 10.0, 3.5, 2.3, "32A", "occupied"),
    _berth("C-05", 9.0, 3.3, 2.3, "16A", "occupied"), _berth("C-06", 9.0, 3.3, 2.3, "16A", "vacant"),
    _berth("C-07", 9.0, 3.3, 2.1, "16A", "reserved"), _berth("C-08", 9.0, 3.3, 2.1, "16A", "occupied"),
    _berth("D-01", 16.0, 8.0, 3.0, "63A", "occupied", "hammerhead, outer end"),
    _berth("D-02", 15.0, 7.5, 3.0, "63A", "occupied", "hammerhead, inner end; multihull width"),
    _berth("D-03", 14.0, 6.0, 3.1, "32A", "vacant"),
    _berth("D-04", 16.0, 8.5, 3.2, "63A", "vacant", "hammerhead, outer end; multihull width"),
    _berth("D-05", 16.0, 6.5, 3.2, "63A", "occupied"),
    _berth("D-06", 14.5, 7.5, 3.1, "32A", "vacant", "alongside berth; multihull width"),
    _berth("D-07", 12.0, 7.0, 3.0, "32A", "vacant", "alongside berth"),
    _berth("V-01", 15.0, 5.0, 2.6, "32A", "vacant", "visitors: nightly rate from the harbour office"),
    _berth("V-02", 15.0, 5.0, 2.6, "32A", "occupied", "visitors"),
    _berth("V-03", 12.0, 4.2, 2.5, "16A", "vacant", "visitors"),
    _berth("DS-11", 4.0, 1.8, 0.0, "none", "occupied", "dry stack rack 11 (tenders and small RIBs)"),
]}
_OTHER_OCCUPANTS = {  # occupied berths whose boats are not in this extract of the register
    b for b in BERTHS if BERTHS[b]["status"] == "occupied"} - {b["brth"] for b in BOATS.values()}

FUEL_PRICES = [  # (from date, diesel, petrol) GBP per litre
    ("2027-01-01", 1.46, 1.61), ("2027-03-15", 1.49, 1.64), ("2027-04-15", 1.52, 1.66)]


def _price(date: str, fuel: str) -> float:
    row = [p for p in FUEL_PRICES if p[0] <= date][-1]
    return row[1] if fuel == "diesel" else row[2]


_SALE_ROWS = [  # (date, boat, fuel, litres, pump)
    ("2027-02-26", "BT-505", "diesel", 80.0, 1), ("2027-03-06", "BT-505", "diesel", 120.0, 1),
    ("2027-03-13", "BT-506", "petrol", 85.0, 2), ("2027-03-19", "BT-510", "diesel", 70.0, 1),
    ("2027-03-22", "BT-505", "diesel", 95.5, 1), ("2027-03-27", "BT-506", "petrol", 62.4, 2),
    ("2027-03-30", "BT-507", "diesel", 300.0, 3), ("2027-04-03", "BT-507", "diesel", 412.5, 3),
    ("2027-04-05", "BT-502", "petrol", 210.0, 2), ("2027-04-10", "BT-505", "diesel", 60.0, 1),
    ("2027-04-11", "BT-508", "petrol", 14.0, 2), ("2027-04-17", "BT-507", "diesel", 288.0, 3),
    ("2027-04-17", "BT-507", "petrol", 18.0, 2), ("2027-04-24", "BT-501", "diesel", 45.0, 1),
    ("2027-04-29", "BT-507", "diesel", 240.0, 3), ("2027-05-01", "BT-507", "diesel", 365.0, 3),
    ("2027-05-02", "BT-503", "diesel", 22.5, 1),
]
FUEL_SALES = []
for _n, (_d, _b, _f, _l, _p) in enumerate(_SALE_ROWS):
    FUEL_SALES.append({"sale_id": f"FS-{6101 + _n}", "date": _d, "boat_id": _b, "boat_name": BOATS[_b]["nm"],
                       "fuel": _f, "litres": _l, "price_per_litre": _price(_d, _f), "pump": _p,
                       "total_gbp": round(_l * _price(_d, _f) + 1e-9, 2)})

TECHNICIANS = {
    "OP": {"name": "Ossian Pryce", "trade": "marine engineer"},
    "LT": {"name": "Lowri Tegwen-Hart", "trade": "rigger"},
    "AF": {"name": "Ade Folarin", "trade": "marine electrician"},
    "MS": {"name": "Mags Saltonstall", "trade": "boatyard hand (lifts and antifouling)"},
}


def _job(jid, boat, title, category, status, opened, tech, hours, parts, scheduled=None, closed=None, notes=""):
    return {"job_id": jid, "boat_id": boat, "title": title, "category": category, "status": status,
            "opened": opened, "scheduled_for": scheduled, "closed": closed, "tech": tech, "labour_hours": hours,
            "labour_rate_gbp": 68.0, "parts": parts, "notes": notes}


def _part(no, desc, qty, unit, status):
    return {"part_no": no, "description": desc, "qty": qty, "unit_price_gbp": unit, "status": status}


JOBS = {j["job_id"]: j for j in [
    _job("MJ-7650", "BT-508", "Outboard winter service", "engine", "completed", "2026-11-18", "OP", 2.5,
         [_part("OB-2210", "Gear oil and spark plugs", 1, 38.5, "fitted")], closed="2026-12-02"),
    _job("MJ-7688", "BT-502", "Annual engine service (both sterndrives)", "engine", "completed", "2027-02-08", "OP",
         7.0, [_part("SD-1001", "Oil and filter kit", 2, 54.0, "fitted"),
               _part("SD-1044", "Sterndrive bellows", 2, 112.0, "fitted")], closed="2027-02-19"),
    _job("MJ-7702", "BT-501", "Replace standing rigging", "rigging", "scheduled", "2027-03-30", "LT", 0.0,
         [_part("RG-8812", "1x19 stainless wire, 8 mm (m)", 64, 9.8, "ordered"),
          _part("RG-8830", "Swaged terminals", 10, 21.5, "ordered")], scheduled="2027-05-24"),
    _job("MJ-7719", "BT-502", "Overheating port engine: raw-water pump and trim tab", "engine", "awaiting_parts",
         "2027-04-26", "OP", 3.5,
         [_part("SD-2290", "Raw-water pump impeller kit", 1, 64.5, "ordered"),
          _part("TT-0415", "Trim tab actuator (port)", 1, 289.0, "ordered"),
          _part("HC-0010", "Hose clip set", 1, 12.0, "fitted")],
         notes="Impeller vanes broken; old actuator seized. Parts due 2027-05-18."),
    _job("MJ-7724", "BT-507", "Bow thruster cuts out intermittently", "electrical", "in_progress", "2027-05-04", "AF",
         4.0, [_part("BT-7781", "Thruster control relay", 1, 146.0, "fitted")]),
    _job("MJ-7730", "BT-503", "Lift-out, antifoul and anodes", "hull", "scheduled", "2027-04-29", "MS", 0.0,
         [_part("AF-3001", "Antifouling, 2.5 l", 2, 82.0, "in stock"), _part("AN-0120", "Shaft anode", 1, 18.5,
                                                                            "in stock")],
         scheduled="2027-05-26"),
    _job("MJ-7733", "BT-510", "Bilge pump float switch sticking", "plumbing", "in_progress", "2027-05-10", "AF", 1.0,
         [_part("BP-0092", "Float switch", 1, 34.0, "fitted")]),
]}
CATEGORIES = ("engine", "electrical", "rigging", "hull", "plumbing", "other")
OPEN_STATUSES = ("requested", "scheduled", "in_progress", "awaiting_parts")


# ------------------------------------------------------------------ tides
_HW0 = datetime.datetime(2027, 3, 31, 1, 58)            # a high water before the first tabled day
_PERIOD = datetime.timedelta(hours=12, minutes=25, seconds=14)
_SPRING = datetime.datetime(2027, 5, 6, 12, 0)          # a spring-tide peak
_FORTNIGHT_H = 14.765 * 24
TIDE_FIRST, TIDE_LAST = datetime.date(2027, 4, 1), datetime.date(2027, 7, 31)


def _range_factor(t: datetime.datetime) -> float:
    return math.cos(2 * math.pi * ((t - _SPRING).total_seconds() / 3600) / _FORTNIGHT_H)


def _events_between(a: datetime.datetime, b: datetime.datetime) -> list:
    """High and low waters (kind, time, height) from a to b, in time order."""
    out = []
    n = int((a - _HW0) / _PERIOD) - 1
    while True:
        hw = _HW0 + n * _PERIOD
        if hw > b + _PERIOD:
            break
        lw = hw + _PERIOD / 2 + datetime.timedelta(minutes=9)
        f = _range_factor(hw)
        out.append(("hw", hw.replace(second=0, microsecond=0), round(4.4 + 0.7 * f, 1)))
        out.append(("lw", lw.replace(second=0, microsecond=0), round(1.1 - 0.6 * f, 1)))
        n += 1
    return [e for e in sorted(out, key=lambda e: e[1])]


def _tide_day(date: str):
    d = datetime.date.fromisoformat(_date(date, "date"))
    if not TIDE_FIRST <= d <= TIDE_LAST:
        raise ToolError(f"tide tables cover {TIDE_FIRST} to {TIDE_LAST}")
    start = datetime.datetime.combine(d, datetime.time())
    return d, start, _events_between(start - datetime.timedelta(hours=14), start + datetime.timedelta(hours=38))


def _height_at(events, t: datetime.datetime) -> float:
    for (k1, t1, h1), (k2, t2, h2) in zip(events, events[1:]):
        if t1 <= t <= t2:
            x = (t - t1).total_seconds() / (t2 - t1).total_seconds()
            return h1 + (h2 - h1) * (1 - math.cos(math.pi * x)) / 2
    raise ToolError("time outside the tide table")


# ------------------------------------------------------------------ lookups
def _owner(owner_id: str) -> dict:
    o = OWNERS.get(str(owner_id).strip().upper())
    if o is None:
        raise ToolError(f"no owner {owner_id!r}; find_owners looks owners up by name or email")
    return o


def _boat_rec(boat_id: str) -> dict:
    b = BOATS.get(str(boat_id).strip().upper())
    if b is None:
        raise ToolError(f"no boat {boat_id!r}; find_boats gives boat ids")
    return b


# ------------------------------------------------------------------ tools
@mcp.tool()
def find_owners(query: str) -> dict:
    """Find berth holders by name (every word must match, accents ignored) or by exact email. Returns owner ids,
    names and emails."""
    q = str(query).strip().lower()
    rows = [{"owner_id": o["owner_id"], "name": o["name"], "email": o["email"]} for o in OWNERS.values()
            if (o["email"] == q if "@" in q else _words_in(q, o["name"]))]
    return {"owners": rows, "count": len(rows)}


@mcp.tool()
def get_owner(owner_id: str) -> dict:
    """Berth holder record: contact details, berth_holder_since, account (balance owed, last payment) and boats
    (boat_id, name, type and berth_id of each boat they keep here)."""
    o = _owner(owner_id)
    boats = [{"boat_id": b["id"], "name": b["nm"], "type": b["typ"], "berth_id": b["brth"]}
             for b in BOATS.values() if b["own"] == o["owner_id"]]
    return {**{k: v for k, v in o.items() if k != "account"}, "account": dict(o["account"]), "boats": boats}


@mcp.tool()
def find_boats(query: str) -> dict:
    """Find boats whose name contains every word of query, or whose registration (GH-nnnn) is query. Returns
    boat_id, name, type, registration, owner_id and berth_id."""
    q = str(query).strip()
    rows = [{"boat_id": b["id"], "name": b["nm"], "type": b["typ"], "registration": b["reg"], "owner_id": b["own"],
             "berth_id": b["brth"]} for b in BOATS.values()
            if b["reg"].lower() == q.lower() or _words_in(q, b["nm"])]
    return {"boats": rows, "count": len(rows)}


@mcp.tool()
def get_boat(boat_id: str) -> dict:
    """Boat record: id, nm, typ, reg, own (owner id), brth (berth id), loa/bm/dr (length, beam, draft; m), eng, fuel,
    built, ins_exp."""
    return dict(_boat_rec(boat_id))


@mcp.tool()
def list_berths(pontoon: str | None = None, status: str | None = None, min_loa_m: float | None = None,
                page: int = 1) -> dict:
    """Berths in id order, filtered by pontoon (A, B, C, D, V for visitors, DS for the dry stack), status (vacant,
    occupied, reserved, maintenance) and the smallest max_loa_m (boat length, m) they must take. Each: berth_id,
    pontoon, max_loa_m, max_beam_m, depth_m, status. 10 per page; total counts every match."""
    p = (pontoon or "").strip().upper()
    st = (status or "").strip().lower()
    rows = [{k: b[k] for k in ("berth_id", "pontoon", "max_loa_m", "max_beam_m", "depth_m", "status")}
            for b in BERTHS.values()
            if (not p or b["pontoon"] == p) and (not st or b["status"] == st)
            and (min_loa_m is None or b["max_loa_m"] >= float(min_loa_m))]
    page = max(1, int(page))
    return {"berths": rows[(page - 1) * PAGE_SIZE: page * PAGE_SIZE], "page": page,
            "pages": max(1, -(-len(rows) // PAGE_SIZE)), "total": len(rows)}


@mcp.tool()
def get_berth(berth_id: str) -> dict:
    """One berth: pontoon, max_loa_m, max_beam_m, depth_m (at chart datum), power (shore power rating), water,
    status, monthly_fee_gbp, notes and occupant (boat_id, name, owner_name; None when empty)."""
    b = BERTHS.get(str(berth_id).strip().upper())
    if b is None:
        raise ToolError(f"no berth {berth_id!r}")
    occ = next((x for x in BOATS.values() if x["brth"] == b["berth_id"]), None)
    occupant = None
    if occ:
        occupant = {"boat_id": occ["id"], "name": occ["nm"], "owner_name": OWNERS[occ["own"]]["name"]}
    elif b["berth_id"] in _OTHER_OCCUPANTS:
        occupant = {"boat_id": None, "name": "(annual berth holder)", "owner_name": None}
    return {**b, "occupant": occupant}


@mcp.tool()
def list_fuel_sales(boat_id: str | None = None, date_from: str | None = None, date_to: str | None = None,
                    fuel: str | None = None, page: int = 1) -> dict:
    """Fuel-dock sales, oldest first, filtered by boat, date range (YYYY-MM-DD, inclusive) and fuel (diesel or
    petrol). 10 sales per page; total_litres and total_gbp cover every matching sale, not just this page."""
    bid = (boat_id or "").strip().upper()
    if bid:
        _boat_rec(bid)
    start = _date(date_from, "date_from") if date_from else None
    end = _date(date_to, "date_to") if date_to else None
    f = (fuel or "").strip().lower()
    if f and f not in ("diesel", "petrol"):
        raise ToolError("fuel must be diesel or petrol")
    rows = [s for s in FUEL_SALES if (not bid or s["boat_id"] == bid) and (not f or s["fuel"] == f)
            and (not start or s["date"] >= start) and (not end or s["date"] <= end)]
    page = max(1, int(page))
    return {"sales": [dict(s) for s in rows[(page - 1) * PAGE_SIZE: page * PAGE_SIZE]], "page": page,
            "pages": max(1, -(-len(rows) // PAGE_SIZE)), "count": len(rows),
            "total_litres": round(sum(s["litres"] for s in rows), 1),
            "total_gbp": round(sum(s["total_gbp"] for s in rows) + 1e-9, 2)}


@mcp.tool()
def list_maintenance_jobs(boat_id: str | None = None, status: str | None = None) -> dict:
    """Boatyard jobs, newest first, for one boat and/or with one status (requested, scheduled, in_progress,
    awaiting_parts, completed; "open" means any status but completed). Each: job_id, boat_id, boat_name, title,
    status, opened."""
    bid = (boat_id or "").strip().upper()
    st = (status or "").strip().lower().replace(" ", "_")
    rows = []
    for j in sorted(JOBS.values(), key=lambda j: (j["opened"], j["job_id"]), reverse=True):
        if bid and j["boat_id"] != bid:
            continue
        if st and not (j["status"] == st or (st == "open" and j["status"] in OPEN_STATUSES)):
            continue
        rows.append({"job_id": j["job_id"], "boat_id": j["boat_id"], "boat_name": BOATS[j["boat_id"]]["nm"],
                     "title": j["title"], "status": j["status"], "opened": j["opened"]})
    return {"jobs": rows, "count": len(rows)}


@mcp.tool()
def get_maintenance_job(job_id: str) -> dict:
    """One boatyard job with the boat, technician (name, trade), dates, labour hours and rate, parts (part_no,
    description, qty, unit_price_gbp, status: ordered, in stock or fitted), the cost so far and notes."""
    j = JOBS.get(str(job_id).strip().upper())
    if j is None:
        raise ToolError(f"no maintenance job {job_id!r}")
    b = BOATS[j["boat_id"]]
    parts = [dict(p) for p in j["parts"]]
    cost = j["labour_hours"] * j["labour_rate_gbp"] + sum(p["qty"] * p["unit_price_gbp"] for p in parts
                                                          if p["status"] == "fitted")
    out = {k: v for k, v in j.items() if k not in ("tech", "boat_id", "parts")}
    return {**out, "boat": {"boat_id": b["id"], "name": b["nm"], "berth_id": b["brth"]},
            "technician": dict(TECHNICIANS[j["tech"]]) if j["tech"] else None, "parts": parts,
            "cost_so_far_gbp": round(cost, 2)}


@mcp.tool()
def get_tide_times(date: str) -> dict:
    """Tide table for Gullhaven on one date (YYYY-MM-DD): d, hw and lw (lists of {t, h}: local time, height in m
    above chart datum)."""
    d, start, events = _tide_day(date)
    day = [e for e in events if e[1].date() == d]
    return {"d": d.isoformat(), "port": "Gullhaven",
            "hw": [{"t": e[1].strftime("%H:%M"), "h": e[2]} for e in day if e[0] == "hw"],
            "lw": [{"t": e[1].strftime("%H:%M"), "h": e[2]} for e in day if e[0] == "lw"]}


@mcp.tool()
def get_tidal_window(date: str, draft_m: float) -> dict:
    """When a boat of the given draft (m) can cross the marina entrance sill on a date (YYYY-MM-DD): the sill
    dries 1.2 m and the harbour rule keeps 0.5 m under the keel, so the tide must be at least draft + 1.7 m.
    Returns min_tide_m and windows (opens, closes, high_water; local times; cut at midnight)."""
    d, start, events = _tide_day(date)
    draft = float(draft_m)
    if not 0 < draft < 5:
        raise ToolError("draft_m must be between 0 and 5 metres")
    need = round(draft + SILL_DRIES_M + CLEARANCE_M, 2)
    windows, open_at = [], None
    for minute in range(24 * 60):
        t = start + datetime.timedelta(minutes=minute)
        ok = _height_at(events, t) >= need
        if ok and open_at is None:
            open_at = t
        if open_at is not None and (not ok or minute == 24 * 60 - 1):
            close = t - datetime.timedelta(minutes=1) if not ok else t
            hw = [e[1] for e in events if e[0] == "hw" and open_at <= e[1] <= close]
            windows.append({"opens": open_at.strftime("%H:%M"), "closes": close.strftime("%H:%M"),
                            "high_water": hw[0].strftime("%H:%M") if hw else None})
            open_at = None
    return {"date": d.isoformat(), "draft_m": draft, "min_tide_m": need, "windows": windows,
            "note": "no crossing possible this day" if not windows else ""}


_REQUESTS: dict = {}


@mcp.tool()
def request_maintenance(boat_id: str, category: str, preferred_date: str, description: str) -> dict:
    """Log a maintenance request for a boat with the boatyard. category: engine, electrical, rigging, hull,
    plumbing or other; preferred_date: YYYY-MM-DD, after today (2027-05-12). Returns the request's job_id
    (MR-xxxxxx) and status "requested"; the same boat, category and date give the same request."""
    b = _boat_rec(boat_id)
    cat = str(category).strip().lower()
    if cat not in CATEGORIES:
        raise ToolError(f"category must be one of {', '.join(CATEGORIES)}")
    day = _date(preferred_date, "preferred_date")
    if day <= TODAY:
        raise ToolError("preferred_date must be after today (2027-05-12)")
    if not str(description).strip():
        raise ToolError("description is required")
    code = "MR-" + hashlib.sha1("|".join([b["id"], cat, day]).encode()).hexdigest().upper()[:6]
    if code not in _REQUESTS:
        _REQUESTS[code] = {"job_id": code, "status": "requested", "boat_id": b["id"], "boat_name": b["nm"],
                           "category": cat, "preferred_date": day, "description": " ".join(str(description).split()),
                           "opened": TODAY}
        JOBS[code] = _job(code, b["id"], " ".join(str(description).split())[:80], cat, "requested", TODAY, None,
                          0.0, [], scheduled=day)
    return dict(_REQUESTS[code])


if __name__ == "__main__":
    mcp.run()
