"""Coastal rail timetable MCP server (stdio): stations, connections, trains and their stops, fares, disruptions,
operators and seat reservations.

Run: python rail_mcp.py   (speaks MCP over stdin/stdout)
Deterministic: fixed seed data, no clock, no randomness. The timetable is the same every day from 2026-12-01 to
2027-01-31; reservation codes are derived from the reservation's content. State lives in memory for the life of
the process.
"""
import datetime
import hashlib
import re
import unicodedata

try:  # mcp >= 2 renamed FastMCP to MCPServer
    from mcp.server.mcpserver import MCPServer as _Server
    from mcp.server.mcpserver.exceptions import ToolError
except ImportError:  # mcp 1.x
    from mcp.server.fastmcp import FastMCP as _Server
    from mcp.server.fastmcp.exceptions import ToolError

mcp = _Server("coastal-rail")

FIRST_DAY, LAST_DAY = "2026-12-01", "2027-01-31"


def _fold(text: str) -> str:
    return "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch)).lower().strip()


STATIONS = {s["station_code"]: s for s in [
    {"station_code": "RVC", "name": "Ravensholm Central", "city": "Ravensholm", "line_km": 0,
     "address": "Station Approach, Ravensholm RH1 1AA", "ticket_office_hours": "05:45-22:00",
     "ticket_office_phone": "+44 1632 960 101", "step_free_access": True, "platforms": 8,
     "facilities": ["toilets", "waiting room", "cafe", "cycle parking", "taxi rank"]},
    {"station_code": "RVN", "name": "Ravensholm North", "city": "Ravensholm", "line_km": None,
     "address": "Northgate Road, Ravensholm RH4 2QT", "ticket_office_hours": "06:30-13:30",
     "ticket_office_phone": "+44 1632 960 118", "step_free_access": False, "platforms": 2,
     "facilities": ["cycle parking"]},
    {"station_code": "BHW", "name": "Brackenholt Wells", "city": "Brackenholt", "line_km": 38,
     "address": "Spa Street, Brackenholt BW2 6EL", "ticket_office_hours": "07:00-14:00",
     "ticket_office_phone": "+44 1632 960 233", "step_free_access": False, "platforms": 2,
     "facilities": ["toilets", "car park"]},
    {"station_code": "MQY", "name": "Marlow Quay", "city": "Marlow", "line_km": 71,
     "address": "Harbour Road, Marlow MQ3 9HD", "ticket_office_hours": "07:00-19:00",
     "ticket_office_phone": "+44 1632 960 412", "step_free_access": True, "platforms": 3,
     "facilities": ["toilets", "waiting room", "car park"]},
    {"station_code": "PEL", "name": "Port Elsin", "city": "Port Elsin", "line_km": 104,
     "address": "Ferry Terminal Way, Port Elsin PE1 4FT", "ticket_office_hours": "06:15-21:00",
     "ticket_office_phone": "+44 1632 960 587", "step_free_access": True, "platforms": 4,
     "facilities": ["toilets", "cafe", "ferry connection", "taxi rank"]},
    {"station_code": "THC", "name": "Thornbury Cross", "city": "Thornbury", "line_km": None,
     "address": "Cross Lane, Thornbury TB5 1XC", "ticket_office_hours": "closed (ticket machines only)",
     "ticket_office_phone": "+44 1632 960 650", "step_free_access": True, "platforms": 2,
     "facilities": ["ticket machines"]},
]}

OPERATORS = {o["operator_id"]: o for o in [
    {"operator_id": "OP-CL", "name": "Coastline Express", "customer_service_phone": "+44 345 555 0190",
     "email": "help@coastline-express.example", "website": "https://coastline-express.example",
     "lost_property_phone": "+44 345 555 0199"},
    {"operator_id": "OP-NV", "name": "Northvale Trains", "customer_service_phone": "+44 345 555 0240",
     "email": "care@northvale-trains.example", "website": "https://northvale-trains.example",
     "lost_property_phone": "+44 345 555 0248"},
]}

# train_number -> operator, service type, classes, stops [(station, arrive, depart, platform)]
TRAINS = {
    "IC 512": ("OP-CL", "intercity", ["standard", "first"],
               [("RVC", None, "07:42", "4"), ("BHW", "08:17", "08:19", "2"), ("MQY", "08:51", "08:53", "3"),
                ("PEL", "09:27", None, "1")]),
    "IC 518": ("OP-CL", "intercity", ["standard", "first"],
               [("RVC", None, "10:12", "5"), ("MQY", "11:18", "11:20", "3"), ("PEL", "11:58", None, "2")]),
    "RE 2231": ("OP-NV", "regional", ["standard"],
                [("RVC", None, "12:05", "7"), ("BHW", "12:48", "12:50", "1"), ("MQY", "13:29", "13:31", "2"),
                 ("PEL", "14:15", None, "4")]),
    "IC 526": ("OP-CL", "intercity", ["standard", "first"],
               [("RVC", None, "18:40", "4"), ("BHW", "19:15", "19:17", "2"), ("MQY", "19:47", "19:49", "3"),
                ("PEL", "20:25", None, "1")]),
    "RE 2240": ("OP-NV", "regional", ["standard"],
                [("PEL", None, "06:55", "4"), ("MQY", "07:33", "07:35", "2"), ("BHW", "08:10", "08:12", "1"),
                 ("RVC", "08:58", None, "6")]),
    "IC 521": ("OP-CL", "intercity", ["standard", "first"],
               [("PEL", None, "16:05", "1"), ("MQY", "16:41", "16:43", "3"), ("RVC", "17:51", None, "4")]),
    "RE 3105": ("OP-NV", "regional", ["standard"], [("RVN", None, "09:00", "1"), ("THC", "09:44", None, "2")]),
    "RE 3112": ("OP-NV", "regional", ["standard"], [("THC", None, "15:20", "1"), ("RVN", "16:04", None, "2")]),
}
# price per km by (service type, class); saver fares are 25% off and sold only off-peak
PER_KM = {("intercity", "standard"): 0.22, ("intercity", "first"): 0.38, ("regional", "standard"): 0.16}
RVN_THC_KM = 31

DISRUPTIONS = [
    {"disruption_id": "DS-77", "station_code": "PEL", "severity": "minor", "from": "2026-12-02", "until": "2026-12-20",
     "summary": "Lift to platform 3 out of service; step-free access to platform 3 via the ramp from platform 2."},
    {"disruption_id": "DS-81", "station_code": "MQY", "severity": "major", "from": "2026-12-19",
     "until": "2026-12-20",
     "summary": "Engineering works: rail replacement buses between Marlow Quay and Port Elsin all weekend."},
    {"disruption_id": "DS-84", "station_code": "THC", "severity": "minor", "from": "2026-11-28",
     "until": "2027-01-15", "summary": "Ticket machines on platform 1 accept card payments only."},
]

RESERVATIONS = {
    "RS-4C21A": {"reservation_code": "RS-4C21A", "passenger_name": "Elif Arslan", "train_number": "IC 518",
                 "date": "2026-12-14", "from_code": "RVC", "to_code": "PEL", "travel_class": "standard",
                 "coach": "D", "seat": "42", "price": 22.88, "currency": "GBP", "status": "confirmed"},
    "RS-7Q88D": {"reservation_code": "RS-7Q88D", "passenger_name": "Gareth Pryce", "train_number": "IC 512",
                 "date": "2026-12-15", "from_code": "RVC", "to_code": "MQY", "travel_class": "first",
                 "coach": "A", "seat": "11", "price": 26.98, "currency": "GBP", "status": "confirmed"},
}


def _station(code: str) -> dict:
    s = STATIONS.get(code.strip().upper())
    if s is None:
        raise ToolError(f"no station with code {code!r}; use find_stations to look codes up")
    return s


def _train(number: str) -> tuple:
    key = re.sub(r"^([A-Za-z]+)\s*(\d+)$", lambda m: f"{m.group(1).upper()} {m.group(2)}", number.strip())
    t = TRAINS.get(key)
    if t is None:
        raise ToolError(f"no train {number!r}")
    return key, t


def _check_date(date: str) -> str:
    try:
        d = datetime.date.fromisoformat(date.strip()).isoformat()
    except ValueError:
        raise ToolError("date must be YYYY-MM-DD") from None
    if not FIRST_DAY <= d <= LAST_DAY:
        raise ToolError(f"the timetable covers {FIRST_DAY} to {LAST_DAY}")
    return d


def _leg(stops, from_code, to_code):
    codes = [s[0] for s in stops]
    if from_code not in codes or to_code not in codes or codes.index(from_code) >= codes.index(to_code):
        return None
    return stops[codes.index(from_code)], stops[codes.index(to_code)]


def _km(from_code, to_code):
    a, b = STATIONS[from_code]["line_km"], STATIONS[to_code]["line_km"]
    return RVN_THC_KM if a is None or b is None else abs(b - a)


def _off_peak(depart: str) -> bool:
    return "09:30" <= depart <= "16:00" or depart >= "18:30"


def _fares(number, train, from_code, to_code):
    _, kind, classes, stops = train
    leg = _leg(stops, from_code, to_code)
    if leg is None:
        raise ToolError(f"{number} does not run from {from_code} to {to_code}")
    km, rows = _km(from_code, to_code), []
    for cls in classes:
        anytime = round(PER_KM[(kind, cls)] * km, 2)
        rows.append({"travel_class": cls, "fare_type": "anytime", "price": anytime})
        if _off_peak(leg[0][2]):
            rows.append({"travel_class": cls, "fare_type": "saver", "price": round(anytime * 0.75, 2)})
    return rows


@mcp.tool()
def find_stations(query: str) -> dict:
    """Find stations by name or town (every word must match, accents ignored). Returns station codes, names and
    cities; the codes are what the other tools take."""
    words = _fold(query).split()
    rows = [{"station_code": s["station_code"], "name": s["name"], "city": s["city"]} for s in STATIONS.values()
            if all(w in _fold(s["name"] + " " + s["city"] + " " + s["station_code"]) for w in words)]
    return {"stations": rows, "count": len(rows)}


@mcp.tool()
def get_station(station_code: str) -> dict:
    """Details of a station: address, ticket office hours and phone, step-free access, platforms, facilities."""
    return {k: v for k, v in _station(station_code).items() if k != "line_km"}


@mcp.tool()
def search_connections(from_code: str, to_code: str, date: str) -> dict:
    """Direct trains from one station to another on a date (YYYY-MM-DD), in departure order: train_number,
    operator_id, departs, arrives, departure platform and duration in minutes."""
    a, b, d = _station(from_code)["station_code"], _station(to_code)["station_code"], _check_date(date)
    rows = []
    for number, (op, kind, _classes, stops) in TRAINS.items():
        leg = _leg(stops, a, b)
        if leg:
            dep, arr = leg[0][2], leg[1][1]
            minutes = (int(arr[:2]) * 60 + int(arr[3:])) - (int(dep[:2]) * 60 + int(dep[3:]))
            rows.append({"train_number": number, "operator_id": op, "service": kind, "departs": dep, "arrives": arr,
                         "platform": leg[0][3], "duration_minutes": minutes})
    rows.sort(key=lambda r: r["departs"])
    return {"from": STATIONS[a]["name"], "to": STATIONS[b]["name"], "date": d, "connections": rows,
            "count": len(rows)}


@mcp.tool()
def get_train(train_number: str, date: str | None = None) -> dict:
    """A train's calling pattern: operator_id, service type, classes, and every stop with station_code, name,
    arrival and departure times and platform. The timetable is the same every day; date is optional."""
    number, (op, kind, classes, stops) = _train(train_number)
    if date:
        _check_date(date)
    return {"train_number": number, "operator_id": op, "service": kind, "classes": classes,
            "stops": [{"station_code": c, "station": STATIONS[c]["name"], "arrives": arr, "departs": dep,
                       "platform": plat} for c, arr, dep, plat in stops]}


@mcp.tool()
def get_fares(train_number: str, from_code: str, to_code: str) -> dict:
    """Fares in GBP for a journey on one train between two of its stops, per travel class and fare type (anytime,
    and saver when the train leaves off-peak)."""
    number, train = _train(train_number)
    a, b = _station(from_code)["station_code"], _station(to_code)["station_code"]
    return {"train_number": number, "from_code": a, "to_code": b, "currency": "GBP",
            "fares": _fares(number, train, a, b)}


@mcp.tool()
def get_disruptions(station_code: str) -> dict:
    """Current disruption notices at a station (lifts, engineering works, ticketing), with dates and severity."""
    s = _station(station_code)
    rows = [dict(d) for d in DISRUPTIONS if d["station_code"] == s["station_code"]]
    return {"station_code": s["station_code"], "station": s["name"], "disruptions": rows, "count": len(rows)}


@mcp.tool()
def get_operator(operator_id: str) -> dict:
    """A train operating company: name, customer service phone, email, website and lost property phone."""
    o = OPERATORS.get(operator_id.strip().upper())
    if o is None:
        raise ToolError(f"no operator {operator_id!r}")
    return dict(o)


@mcp.tool()
def reserve_seat(train_number: str, date: str, from_code: str, to_code: str, passenger_name: str,
                 travel_class: str = "standard") -> dict:
    """Reserve a seat (anytime fare) for a passenger on a train between two of its stops on a date.
    Returns reservation_code, coach, seat, price and status. Reserving the same journey twice for the same
    passenger returns the existing reservation."""
    number, train = _train(train_number)
    d = _check_date(date)
    a, b = _station(from_code)["station_code"], _station(to_code)["station_code"]
    cls = travel_class.strip().lower().replace(" class", "").replace("second", "standard")
    if cls not in train[2]:
        raise ToolError(f"{number} has no {travel_class} class; classes: {', '.join(train[2])}")
    name = " ".join(passenger_name.split())
    if not name:
        raise ToolError("passenger_name is required")
    digest = hashlib.sha1("|".join([number, d, a, b, name.lower(), cls]).encode()).hexdigest().upper()
    ref = "RS-" + digest[:5]
    if ref in RESERVATIONS and RESERVATIONS[ref]["status"] == "confirmed":
        return dict(RESERVATIONS[ref])
    price = next(f["price"] for f in _fares(number, train, a, b) if f["travel_class"] == cls
                 and f["fare_type"] == "anytime")
    coach = "A" if cls == "first" else "BCDE"[int(digest[5], 16) % 4]
    RESERVATIONS[ref] = {"reservation_code": ref, "passenger_name": name, "train_number": number, "date": d,
                         "from_code": a, "to_code": b, "travel_class": cls, "coach": coach,
                         "seat": str(1 + int(digest[6:8], 16) % 64), "price": price, "currency": "GBP",
                         "status": "confirmed"}
    return dict(RESERVATIONS[ref])


@mcp.tool()
def get_reservation(reservation_code: str) -> dict:
    """A seat reservation: passenger, train_number, date, from/to station codes, class, coach, seat, price."""
    r = RESERVATIONS.get(reservation_code.strip().upper())
    if r is None:
        raise ToolError(f"no reservation {reservation_code!r}")
    return dict(r)


@mcp.tool()
def cancel_reservation(reservation_code: str) -> dict:
    """Cancel a seat reservation; returns the code, status and the refund (the full price)."""
    r = RESERVATIONS.get(reservation_code.strip().upper())
    if r is None:
        raise ToolError(f"no reservation {reservation_code!r}")
    r["status"] = "cancelled"
    return {"reservation_code": r["reservation_code"], "status": "cancelled", "refund": r["price"],
            "currency": r["currency"]}


if __name__ == "__main__":
    mcp.run()
