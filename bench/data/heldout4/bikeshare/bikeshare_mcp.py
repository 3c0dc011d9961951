"""Kestrel Bikes (Port Anselm city bike-share) MCP server (stdio): stations, bikes, rider accounts, trips, fares,
maintenance tickets and bike reservations.

Run: python bikeshare_mcp.py   (speaks MCP over stdin/stdout)
Deterministic: fixed seed data ("now" is 2026-12-05 08:00), no clock, no randomness; reservation codes are derived
from the reservation's content. State lives in memory for the life of the process. All names, emails, addresses
and codes are invented. Licence: Apache-2.0.
"""
import hashlib
import re
import unicodedata

try:  # mcp >= 2 renamed FastMCP to MCPServer
    from mcp.server.mcpserver import MCPServer as _Server
    from mcp.server.mcpserver.exceptions import ToolError
except ImportError:  # mcp 1.x
    from mcp.server.fastmcp import FastMCP as _Server
    from mcp.server.fastmcp.exceptions import ToolError

mcp = _Server("kestrel-bikes")

HOLD_MINUTES = 15


def _fold(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", str(text)) if not unicodedata.combining(c)).lower()


STATIONS = {s["id"]: s for s in [
    {"id": "ST-101", "name": "Harbour Steps", "area": "Old Harbour", "addr": "Quay Parade (by the lifeboat house)",
     "docks": 24, "status": "open"},
    {"id": "ST-102", "name": "Harbour Steps East", "area": "Old Harbour", "addr": "Ropewalk Lane / Quay Parade",
     "docks": 16, "status": "open"},
    {"id": "ST-103", "name": "Old Harbour Market", "area": "Old Harbour", "addr": "Fishmarket Yard, gate 2",
     "docks": 20, "status": "open"},
    {"id": "ST-110", "name": "Millbrook Green", "area": "Millbrook", "addr": "2 Green Lane, Millbrook PA4 7GL",
     "docks": 30, "status": "open"},
    {"id": "ST-111", "name": "Millbrook Green South", "area": "Millbrook", "addr": "Southside Road, Millbrook PA4 7SR",
     "docks": 18, "status": "open"},
    {"id": "ST-120", "name": "Library Square", "area": "University Quarter", "addr": "Library Square, north side",
     "docks": 28, "status": "open"},
    {"id": "ST-121", "name": "Chemistry Building", "area": "University Quarter", "addr": "Dalton Walk",
     "docks": 14, "status": "open"},
    {"id": "ST-122", "name": "Student Union", "area": "University Quarter", "addr": "Guild Street",
     "docks": 22, "status": "closed for works"},
    {"id": "ST-130", "name": "Eastgate Depot", "area": "Eastgate", "addr": "Depot Road, Eastgate PA2 3DR",
     "docks": 40, "status": "open"},
    {"id": "ST-131", "name": "Tanners Bridge", "area": "Eastgate", "addr": "Tanners Bridge, west bank",
     "docks": 12, "status": "open"},
    {"id": "ST-140", "name": "Queensway Library", "area": "Riverside", "addr": "Queensway, opposite the library",
     "docks": 16, "status": "open"},
]}


def _b(bid, kind, station, batt, status, odo, svc):
    return {"id": bid, "type": kind, "station": station, "batt": batt, "status": status, "odo_km": odo,
            "last_svc": svc}


BIKES = {b["id"]: b for b in [
    _b("KB-4402", "electric", "ST-101", 88, "available", 1842, "2026-10-30"),
    _b("KB-4405", "electric", "ST-101", 9, "out_of_service", 2210, "2026-09-14"),
    _b("KB-4410", "classic", "ST-101", None, "available", 3120, "2026-08-02"),
    _b("KB-4417", "electric", "ST-101", 64, "available", 977, "2026-11-18"),
    _b("KB-4412", "classic", "ST-101", None, "available", 2765, "2026-10-05"),
    _b("KB-4471", "electric", "ST-102", 72, "out_of_service", 2650, "2026-07-21"),
    _b("KB-4480", "electric", "ST-102", 95, "available", 410, "2026-11-25"),
    _b("KB-4520", "electric", "ST-103", 91, "available", 1290, "2026-11-02"),
    _b("KB-4523", "electric", "ST-103", 47, "available", 1533, "2026-10-11"),
    _b("KB-4530", "classic", "ST-103", None, "available", 4011, "2026-09-29"),
    _b("KB-3101", "classic", "ST-110", None, "available", 2890, "2026-10-17"),
    _b("KB-3105", "electric", "ST-110", 58, "available", 1675, "2026-11-09"),
    _b("KB-3110", "classic", "ST-111", None, "available", 3402, "2026-09-03"),
    _b("KB-3114", "classic", "ST-111", None, "available", 1988, "2026-11-21"),
    _b("KB-3117", "classic", "ST-111", None, "out_of_service", 5120, "2026-06-30"),
    _b("KB-3120", "electric", "ST-111", 76, "available", 845, "2026-11-12"),
    _b("KB-3305", "classic", "ST-120", None, "available", 3650, "2026-08-19"),
    _b("KB-3308", "electric", "ST-120", 81, "available", 1204, "2026-11-01"),
    _b("KB-3311", "classic", "ST-121", None, "available", 2480, "2026-10-22"),
    _b("KB-3320", "electric", "ST-130", 100, "available", 66, "2026-12-01"),
    _b("KB-3322", "classic", "ST-131", None, "available", 3005, "2026-09-12"),
]}

RIDERS = {r["rider_id"]: r for r in [
    {"rider_id": "RD-5001", "name": "Noor Haddad", "email": "noor.haddad@example.com", "plan": "pay_as_you_go",
     "member_since": "2024-04-02", "credit_balance": 6.4},
    {"rider_id": "RD-5002", "name": "Noor Haddadi", "email": "noor.haddadi@example.com", "plan": "annual",
     "member_since": "2025-01-15", "credit_balance": 0.0},
    {"rider_id": "RD-5003", "name": "Felix Obermann", "email": "felix.obermann@example.net", "plan": "annual",
     "member_since": "2023-03-20", "credit_balance": 12.0},
    {"rider_id": "RD-5004", "name": "Inês Carvalho", "email": "ines.carvalho@example.org", "plan": "commuter_monthly",
     "member_since": "2025-09-01", "credit_balance": 2.5},
    {"rider_id": "RD-5005", "name": "Bartholomew Quince", "email": "bart.quince@example.com",
     "plan": "pay_as_you_go", "member_since": "2026-06-11", "credit_balance": 0.0},
]}

FARES = {
    "pay_as_you_go": {"plan": "pay_as_you_go", "label": "Pay as you go", "fee": None, "unlock_fee": 1.25,
                      "classic_per_min": 0.15, "electric_per_min": 0.32, "classic_free_min": 0},
    "commuter_monthly": {"plan": "commuter_monthly", "label": "Commuter Monthly", "fee": "24.00 per month",
                         "unlock_fee": 0.0, "classic_per_min": 0.1, "electric_per_min": 0.12,
                         "classic_free_min": 45},
    "annual": {"plan": "annual", "label": "Annual Pass", "fee": "99.00 per year", "unlock_fee": 0.0,
               "classic_per_min": 0.1, "electric_per_min": 0.18, "classic_free_min": 30},
}


def _fare(plan, kind, minutes):
    f = FARES[plan]
    if kind == "electric":
        return round(f["unlock_fee"] + f["electric_per_min"] * minutes, 2)
    return round(f["unlock_fee"] + f["classic_per_min"] * max(0, minutes - f["classic_free_min"]), 2)


def _t(tid, rider, bike, frm, to, start, end, minutes, km):
    kind = BIKES[bike]["type"]
    return {"id": tid, "rider": rider, "bike": bike, "from": frm, "from_name": STATIONS[frm]["name"], "to": to,
            "to_name": STATIONS[to]["name"], "start": start, "end": end, "min": minutes, "km": km,
            "fare": _fare(RIDERS[rider]["plan"], kind, minutes)}


TRIPS = {t["id"]: t for t in [
    _t("TR-87950", "RD-5001", "KB-4402", "ST-101", "ST-130", "2026-10-18T10:02", "2026-10-18T11:05", 63, 14.2),
    _t("TR-88102", "RD-5001", "KB-3305", "ST-120", "ST-110", "2026-11-02T08:14", "2026-11-02T08:39", 25, 5.1),
    _t("TR-88140", "RD-5001", "KB-3308", "ST-110", "ST-120", "2026-11-09T17:30", "2026-11-09T17:48", 18, 4.9),
    _t("TR-88177", "RD-5001", "KB-4417", "ST-103", "ST-111", "2026-11-21T13:05", "2026-11-21T13:52", 47, 11.3),
    _t("TR-88213", "RD-5001", "KB-3311", "ST-121", "ST-120", "2026-11-28T09:11", "2026-11-28T09:20", 9, 1.6),
    _t("TR-88220", "RD-5002", "KB-3105", "ST-110", "ST-101", "2026-11-22T07:40", "2026-11-22T08:31", 51, 12.0),
    _t("TR-88301", "RD-5003", "KB-3305", "ST-131", "ST-120", "2026-11-30T08:02", "2026-11-30T08:29", 27, 6.1),
    _t("TR-88342", "RD-5003", "KB-3322", "ST-120", "ST-131", "2026-12-03T18:15", "2026-12-03T18:44", 29, 6.8),
    _t("TR-88290", "RD-5004", "KB-3101", "ST-110", "ST-130", "2026-11-27T07:55", "2026-11-27T08:31", 36, 8.4),
    _t("TR-88355", "RD-5004", "KB-4530", "ST-111", "ST-103", "2026-12-04T07:48", "2026-12-04T08:20", 32, 7.7),
    _t("TR-90517", "RD-5005", "KB-4480", "ST-140", "ST-102", "2026-12-02T12:10", "2026-12-02T12:48", 38, 9.2),
]}

TICKETS = [
    {"ticket_id": "MT-0881", "bike_id": "KB-4471", "station_id": "ST-102", "opened": "2026-08-04",
     "issue": "Front light flickering", "priority": "low", "status": "resolved"},
    {"ticket_id": "MT-0902", "bike_id": "KB-4471", "station_id": "ST-102", "opened": "2026-11-29",
     "issue": "Rear brake lever loose, brake barely bites", "priority": "high", "status": "open"},
    {"ticket_id": "MT-0907", "bike_id": "KB-3305", "station_id": "ST-120", "opened": "2026-11-03",
     "issue": "Chain slipping under load in top gear", "priority": "medium", "status": "open"},
    {"ticket_id": "MT-0910", "bike_id": "KB-4405", "station_id": "ST-101", "opened": "2026-12-01",
     "issue": "Battery will not hold charge", "priority": "medium", "status": "open"},
    {"ticket_id": "MT-0911", "bike_id": "KB-3117", "station_id": "ST-111", "opened": "2026-12-02",
     "issue": "Buckled front wheel", "priority": "high", "status": "open"},
    {"ticket_id": "MT-0914", "bike_id": None, "station_id": "ST-122", "opened": "2026-11-20",
     "issue": "Station closed: paving works until 2026-12-18", "priority": "medium", "status": "open"},
    {"ticket_id": "MT-0915", "bike_id": "KB-3308", "station_id": "ST-120", "opened": "2026-10-12",
     "issue": "Saddle clamp replaced", "priority": "low", "status": "resolved"},
]

RESERVATIONS = {}


def _station(station_id: str) -> dict:
    s = STATIONS.get(str(station_id).strip().upper())
    if s is None:
        raise ToolError(f"no station {station_id!r}; find_stations gives station ids")
    return s


def _rider(rider_id: str) -> dict:
    r = RIDERS.get(str(rider_id).strip().upper())
    if r is None:
        raise ToolError(f"no rider {rider_id!r}; find_rider looks riders up by email")
    return r


def _counts(station_id):
    here = [b for b in BIKES.values() if b["station"] == station_id]
    return sum(1 for b in here if b["status"] == "available"), len(here)


@mcp.tool()
def find_stations(query: str) -> dict:
    """Find docking stations whose name or area contains every word of query (e.g. an area such as "Millbrook"
    or a station name). Returns station ids, names, areas and bikes available now."""
    words = [w for w in re.split(r"[\s,]+", _fold(query)) if w and w not in ("station", "the")]
    rows = []
    for s in STATIONS.values():
        if all(w in _fold(s["name"] + " " + s["area"]) for w in words):
            avail, _ = _counts(s["id"])
            rows.append({"station_id": s["id"], "name": s["name"], "area": s["area"], "bikes_available": avail})
    return {"stations": rows, "count": len(rows)}


@mcp.tool()
def get_station(station_id: str) -> dict:
    """Station record: id, name, area, addr, docks (total), bikes, free (docks), status."""
    s = _station(station_id)
    avail, here = _counts(s["id"])
    return {**s, "bikes": avail, "free": s["docks"] - here}


@mcp.tool()
def list_bikes_at_station(station_id: str, bike_type: str | None = None) -> dict:
    """Bikes docked at a station (bike_type: classic or electric to narrow it). Each: id, type, batt, status."""
    s = _station(station_id)
    kind = (bike_type or "").strip().lower()
    kind = {"e-bike": "electric", "ebike": "electric", "e": "electric"}.get(kind, kind)
    if kind and kind not in ("classic", "electric"):
        raise ToolError("bike_type must be classic or electric")
    rows = [{k: b[k] for k in ("id", "type", "batt", "status")} for b in BIKES.values()
            if b["station"] == s["id"] and (not kind or b["type"] == kind)]
    return {"station_id": s["id"], "bikes": rows}


@mcp.tool()
def get_bike(bike_id: str) -> dict:
    """Bike record: id, type, station, batt (%), status, odo_km, last_svc."""
    b = BIKES.get(str(bike_id).strip().upper())
    if b is None:
        raise ToolError(f"no bike {bike_id!r}")
    return dict(b)


@mcp.tool()
def find_rider(email: str) -> dict:
    """Rider account by exact email: rider_id, name, plan, member_since, credit_balance."""
    e = str(email).strip().lower()
    for r in RIDERS.values():
        if r["email"] == e:
            return dict(r)
    raise ToolError(f"no rider with email {email!r}")


@mcp.tool()
def list_trips(rider_id: str, month: str | None = None) -> dict:
    """Trips of a rider, newest first, optionally only one month ("YYYY-MM"). Each: id, start, min, fare."""
    r = _rider(rider_id)
    if month and not re.fullmatch(r"\d{4}-\d{2}", month.strip()):
        raise ToolError("month must be YYYY-MM")
    rows = [{k: t[k] for k in ("id", "start", "min", "fare")} for t in TRIPS.values()
            if t["rider"] == r["rider_id"] and (not month or t["start"].startswith(month.strip()))]
    rows.sort(key=lambda t: t["start"], reverse=True)
    return {"rider_id": r["rider_id"], "trips": rows, "count": len(rows)}


@mcp.tool()
def get_trip(trip_id: str) -> dict:
    """Trip record: id, rider, bike, from/to (+_name), start, end, min, km, fare (GBP)."""
    t = TRIPS.get(str(trip_id).strip().upper())
    if t is None:
        raise ToolError(f"no trip {trip_id!r}")
    return dict(t)


@mcp.tool()
def get_fares(plan: str | None = None) -> dict:
    """Fare table (GBP), for one plan (pay_as_you_go, commuter_monthly, annual) or all: unlock fee, per-minute
    rates for classic and electric bikes, free classic minutes per ride and the plan fee."""
    if plan:
        key = _fold(plan).strip().replace(" ", "_").replace("-", "_")
        key = {"payg": "pay_as_you_go", "commuter": "commuter_monthly", "annual_pass": "annual"}.get(key, key)
        if key not in FARES:
            raise ToolError(f"no plan {plan!r}; plans: {', '.join(FARES)}")
        return {"plans": [FARES[key]], "currency": "GBP"}
    return {"plans": list(FARES.values()), "currency": "GBP"}


@mcp.tool()
def list_maintenance_tickets(station_id: str | None = None, bike_id: str | None = None,
                             status: str | None = None) -> dict:
    """Maintenance tickets, filtered by station, bike and/or status (open or resolved), newest first."""
    sid, bid = (station_id or "").strip().upper(), (bike_id or "").strip().upper()
    st = (status or "").strip().lower()
    rows = [t for t in TICKETS if (not sid or t["station_id"] == sid) and (not bid or t["bike_id"] == bid)
            and (not st or t["status"] == st)]
    rows = sorted(rows, key=lambda t: t["opened"], reverse=True)
    return {"tickets": rows, "count": len(rows)}


@mcp.tool()
def reserve_bike(rider_id: str, station_id: str, bike_type: str = "classic") -> dict:
    """Hold a bike of a type (classic or electric) at a station for a rider for 15 minutes; the electric bike with
    the most charge is picked. Returns the reservation code (RSV-xxxxxx) and the bike; asking again for the same
    rider, station and type returns the same reservation."""
    r, s = _rider(rider_id), _station(station_id)
    kind = (bike_type or "classic").strip().lower()
    kind = {"e-bike": "electric", "ebike": "electric"}.get(kind, kind)
    if kind not in ("classic", "electric"):
        raise ToolError("bike_type must be classic or electric")
    code = "RSV-" + hashlib.sha1("|".join([r["rider_id"], s["id"], kind]).encode()).hexdigest().upper()[:6]
    if code in RESERVATIONS:
        return dict(RESERVATIONS[code])
    free = [b for b in BIKES.values() if b["station"] == s["id"] and b["type"] == kind and b["status"] == "available"]
    if not free:
        raise ToolError(f"no {kind} bike available at {s['name']}")
    bike = sorted(free, key=lambda b: (-(b["batt"] or 0), b["id"]))[0]
    bike["status"] = "reserved"
    RESERVATIONS[code] = {"reservation_code": code, "rider_id": r["rider_id"], "station_id": s["id"],
                          "station_name": s["name"], "bike_id": bike["id"], "bike_type": kind,
                          "hold_minutes": HOLD_MINUTES, "held_until": "2026-12-05T08:15", "status": "held"}
    return dict(RESERVATIONS[code])


if __name__ == "__main__":
    mcp.run()
