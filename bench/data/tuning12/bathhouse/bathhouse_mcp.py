"""Veldmoor Municipal Baths MCP server (stdio): members, passes, lockers, turnstile visits, bookings, sauna
sessions, treatments and therapists of an invented public bathhouse and sauna.

Run: python bathhouse_mcp.py   (speaks MCP over stdin/stdout)
Deterministic: fixed seed data (the baths' "today" is Wednesday 2027-03-10), no clock, no randomness; booking
references are derived from the booking's content (SHA-1), and booking the same thing twice returns the first
booking. State lives in memory for the life of the process. Every name, email, code and place is invented.
Licence: Apache-2.0.
"""
import hashlib
import unicodedata

try:  # mcp >= 2 renamed FastMCP to MCPServer
    from mcp.server.mcpserver import MCPServer as _Server
    from mcp.server.mcpserver.exceptions import ToolError
except ImportError:  # mcp 1.x
    from mcp.server.fastmcp import FastMCP as _Server
    from mcp.server.fastmcp.exceptions import ToolError

mcp = _Server("veldmoor-baths")


def _fold(text) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", str(text)) if not unicodedata.combining(c)).lower()


def _ref(prefix: str, *parts) -> str:
    return prefix + hashlib.sha1("|".join(str(p) for p in parts).encode()).hexdigest()[:6].upper()


# ------------------------------------------------------------------ seed data
# nm name, em email, tr tier, ps pass, lkr locker, th preferred therapist, jn year joined, st status
MEMBERS = {m["id"]: m for m in [
    {"id": "M-1001", "nm": "Marit Holloway", "em": "marit.holloway@example.org", "tr": "Thermal Plus",
     "ps": None, "lkr": "B-214", "th": "TH-02", "jn": 2021, "st": "active"},
    {"id": "M-1002", "nm": "Marit Halloran", "em": "m.halloran@example.net", "tr": "Thermal Basic",
     "ps": "P-20702", "lkr": "B-241", "th": None, "jn": 2024, "st": "active"},
    {"id": "M-1003", "nm": "Tobias Wren", "em": "tobias.wren@example.com", "tr": "Thermal Plus",
     "ps": None, "lkr": None, "th": "TH-01", "jn": 2019, "st": "active"},
    {"id": "M-1004", "nm": "Tobias Wrenfield", "em": "wrenfield.t@example.org", "tr": "Off-Peak",
     "ps": None, "lkr": "A-108", "th": None, "jn": 2023, "st": "active"},
    {"id": "M-1005", "nm": "Signe Brekke", "em": "signe.brekke@example.com", "tr": "Pay As You Go",
     "ps": "P-20733", "lkr": None, "th": None, "jn": 2025, "st": "active"},
    {"id": "M-1006", "nm": "Signe Brekken", "em": "sbrekken@example.net", "tr": "Pay As You Go",
     "ps": "P-20771", "lkr": None, "th": "TH-03", "jn": 2026, "st": "active"},
    {"id": "M-1007", "nm": "Halima Osei", "em": "halima.osei@example.org", "tr": "Thermal Plus",
     "ps": None, "lkr": "C-032", "th": "TH-03", "jn": 2020, "st": "active"},
    {"id": "M-1008", "nm": "Oskar Lindahl", "em": "oskar.lindahl@example.com", "tr": "Thermal Basic",
     "ps": None, "lkr": None, "th": None, "jn": 2022, "st": "active"},
    {"id": "M-1009", "nm": "Oskar Lindqvist", "em": "o.lindqvist@example.org", "tr": "Off-Peak",
     "ps": "P-20745", "lkr": None, "th": None, "jn": 2026, "st": "frozen"},
    {"id": "M-1010", "nm": "Jonah Pettersen", "em": "jonah.pettersen@example.net", "tr": "Thermal Plus",
     "ps": None, "lkr": "C-017", "th": "TH-05", "jn": 2018, "st": "active"},
    {"id": "M-1011", "nm": "Jonah Petersen", "em": "jpetersen@example.com", "tr": "Thermal Basic",
     "ps": None, "lkr": None, "th": "TH-01", "jn": 2025, "st": "active"},
    {"id": "M-1012", "nm": "Priya Nandakumar", "em": "priya.n@example.org", "tr": "Off-Peak",
     "ps": "P-20788", "lkr": None, "th": "TH-02", "jn": 2024, "st": "active"},
]}

# typ: S10 = 10-visit sauna pass, SP20 = 20-visit sauna & pool pass, P10 = 10-visit pool-only pass
PASSES = {p["id"]: p for p in [
    {"id": "P-20702", "hid": "M-1002", "typ": "S10", "used": 4, "left": 6, "exp": "2027-07-31"},
    {"id": "P-20733", "hid": "M-1005", "typ": "S10", "used": 7, "left": 3, "exp": "2027-05-31"},
    {"id": "P-20745", "hid": "M-1009", "typ": "P10", "used": 2, "left": 8, "exp": "2027-08-31"},
    {"id": "P-20771", "hid": "M-1006", "typ": "SP20", "used": 7, "left": 13, "exp": "2027-09-30"},
    {"id": "P-20788", "hid": "M-1012", "typ": "SP20", "used": 19, "left": 1, "exp": "2027-04-30"},
]}

# zn zone, sz size (S/M/L), hid renting member, rent monthly rent in EUR, pd rent paid until, st status
LOCKERS = {lk["id"]: lk for lk in [
    {"id": "A-108", "zn": "Pool Hall", "sz": "M", "hid": "M-1004", "rent": 9.25, "pd": "2027-03-31", "st": "rented"},
    {"id": "A-109", "zn": "Pool Hall", "sz": "M", "hid": None, "rent": 9.25, "pd": None, "st": "free"},
    {"id": "B-214", "zn": "Upper Gallery", "sz": "L", "hid": "M-1001", "rent": 12.75, "pd": "2027-06-30",
     "st": "rented"},
    {"id": "B-241", "zn": "Lower Gallery", "sz": "L", "hid": "M-1002", "rent": 14.75, "pd": "2027-04-30",
     "st": "rented"},
    {"id": "B-242", "zn": "Lower Gallery", "sz": "S", "hid": None, "rent": 8.5, "pd": None, "st": "repair"},
    {"id": "C-017", "zn": "Spa Wing", "sz": "M", "hid": "M-1010", "rent": 11.25, "pd": "2027-12-31", "st": "rented"},
    {"id": "C-032", "zn": "Spa Wing", "sz": "L", "hid": "M-1007", "rent": 13.25, "pd": "2027-05-31", "st": "rented"},
]}

THERAPISTS = {t["id"]: t for t in [
    {"id": "TH-01", "nm": "Ilse Varga", "sk": ["TR-HS50", "TR-HS80", "TR-SW50", "TR-SW25"], "since": 2016,
     "days": ["Mon", "Tue", "Thu", "Sat"]},
    {"id": "TH-02", "nm": "Rowan Achterberg", "sk": ["TR-HS50", "TR-DT50"], "since": 2020,
     "days": ["Wed", "Thu", "Fri", "Sun"]},
    {"id": "TH-03", "nm": "Maelle Fontaine", "sk": ["TR-SG30", "TR-AF45"], "since": 2022,
     "days": ["Tue", "Fri", "Sat", "Sun"]},
    {"id": "TH-04", "nm": "Bertil Sandqvist", "sk": ["TR-BW20"], "since": 2011, "days": ["Fri", "Sat", "Sun"]},
    {"id": "TH-05", "nm": "Anouk Terhaar", "sk": ["TR-SW50", "TR-RF40", "TR-AF45"], "since": 2018,
     "days": ["Mon", "Wed", "Fri"]},
    {"id": "TH-06", "nm": "Cosmin Radulescu", "sk": ["TR-SG30", "TR-BW20"], "since": 2019,
     "days": ["Thu", "Sat", "Sun"]},
]}

TREATMENTS = {t["code"]: t for t in [
    {"code": "TR-HS50", "name": "Hot Stone Massage", "category": "massage", "minutes": 50, "price_eur": 78.5},
    {"code": "TR-HS80", "name": "Hot Stone Massage (long)", "category": "massage", "minutes": 80,
     "price_eur": 109.5},
    {"code": "TR-SW50", "name": "Swedish Massage", "category": "massage", "minutes": 50, "price_eur": 64.5},
    {"code": "TR-SW25", "name": "Swedish Back & Shoulders", "category": "massage", "minutes": 25,
     "price_eur": 38.5},
    {"code": "TR-DT50", "name": "Deep Tissue Massage", "category": "massage", "minutes": 50, "price_eur": 71.25},
    {"code": "TR-RF40", "name": "Reflexology", "category": "wellness", "minutes": 40, "price_eur": 47.25},
    {"code": "TR-AF45", "name": "Aroma Facial", "category": "wellness", "minutes": 45, "price_eur": 52.75},
    {"code": "TR-SG30", "name": "Salt Glow Scrub", "category": "scrub", "minutes": 30, "price_eur": 42.5},
    {"code": "TR-BW20", "name": "Birch Whisk Treatment", "category": "scrub", "minutes": 20, "price_eur": 29.75},
]}


def _s(sid, d, t0, ttl, kind, mins, rm, host, cap, bkd, wl=0, c=None):
    return {"id": sid, "d": d, "t0": t0, "ttl": ttl, "kind": kind, "min": mins, "rm": rm, "host": host,
            "cap": cap, "bkd": bkd, "wl": wl, "c": c}


SESSIONS = {s["id"]: s for s in [
    _s("SE-3101", "2027-03-12", "09:00", "Morning Infusion", "infusion", 15, "Great Sauna", "TH-06", 30, 9, c=88),
    _s("SE-3102", "2027-03-12", "10:00", "Silent Sauna Hour", "silent", 60, "Kelo Hut", None, 14, 5, c=80),
    _s("SE-3103", "2027-03-12", "11:00", "Salt Steam", "salt", 30, "Salt Grotto", "TH-03", 12, 7, c=46),
    _s("SE-3104", "2027-03-12", "12:30", "Ice Plunge Class", "ice", 30, "Cold Yard", None, 10, 4, c=4),
    _s("SE-3105", "2027-03-12", "14:00", "Citrus Infusion", "infusion", 15, "Great Sauna", "TH-06", 30, 21, c=90),
    _s("SE-3106", "2027-03-12", "15:00", "Aroma Steam", "steam", 30, "Steam Room", None, 16, 6, c=45),
    _s("SE-3107", "2027-03-12", "16:30", "Birch Whisk Ritual", "birch", 45, "Smoke Sauna", "TH-04", 10, 6, c=75),
    _s("SE-3108", "2027-03-12", "18:00", "Evening Infusion", "infusion", 15, "Great Sauna", "TH-04", 30, 18,
       c=92),
    _s("SE-3109", "2027-03-12", "19:00", "Salt Scrub Session", "salt", 30, "Salt Grotto", "TH-03", 12, 12, wl=1,
       c=46),
    _s("SE-3110", "2027-03-12", "19:30", "Birch Whisk Ritual", "birch", 45, "Kelo Hut", "TH-04", 14, 14, wl=4,
       c=78),
    _s("SE-3111", "2027-03-12", "20:30", "Silent Sauna Hour", "silent", 60, "Smoke Sauna", None, 10, 3, c=75),
    _s("SE-3112", "2027-03-12", "21:00", "Moonlight Infusion", "infusion", 15, "Great Sauna", "TH-06", 30, 26,
       c=90),
    _s("SE-3113", "2027-03-12", "22:00", "Cold Plunge Finale", "ice", 20, "Cold Yard", None, 10, 2, c=4),
    _s("SE-3201", "2027-03-13", "09:00", "Morning Infusion", "infusion", 15, "Great Sauna", "TH-04", 30, 14, c=88),
    _s("SE-3202", "2027-03-13", "09:30", "Aroma Steam", "steam", 30, "Steam Room", None, 16, 9, c=45),
    _s("SE-3203", "2027-03-13", "10:00", "Salt Scrub Session", "salt", 30, "Salt Grotto", "TH-06", 12, 8, c=46),
    _s("SE-3204", "2027-03-13", "11:30", "Birch Whisk Ritual", "birch", 45, "Smoke Sauna", "TH-04", 10, 10,
       wl=2, c=75),
    _s("SE-3205", "2027-03-13", "13:00", "Ice Plunge Class", "ice", 30, "Cold Yard", None, 10, 6, c=4),
    _s("SE-3206", "2027-03-13", "14:00", "Citrus Infusion", "infusion", 15, "Great Sauna", "TH-06", 30, 27, c=90),
    _s("SE-3207", "2027-03-13", "15:30", "Salt Scrub Session", "salt", 30, "Salt Grotto", "TH-03", 12, 11, c=46),
    _s("SE-3208", "2027-03-13", "18:00", "Evening Infusion", "infusion", 15, "Great Sauna", "TH-04", 30, 30,
       wl=6, c=92),
    _s("SE-3405", "2027-03-19", "15:00", "Aroma Steam", "steam", 30, "Steam Room", None, 16, 3, c=45),
    _s("SE-3412", "2027-03-19", "21:00", "Moonlight Infusion", "infusion", 15, "Great Sauna", "TH-06", 30, 12,
       c=90),
]}


def _v(d, t_in, t_out, lkr=None):
    return {"d": d, "in": t_in, "out": t_out, "lkr": lkr}


VISITS = {
    "M-1003": [
        _v("2027-01-05", "06:45", "07:50"), _v("2027-01-09", "10:10", "12:40"), _v("2027-01-14", "06:50", "07:55"),
        _v("2027-01-19", "18:20", "20:05"), _v("2027-01-23", "09:30", "12:15"), _v("2027-01-26", "06:40", "07:45"),
        _v("2027-01-30", "10:05", "13:00"), _v("2027-01-31", "17:15", "19:00"),
        _v("2027-02-02", "06:45", "07:40"), _v("2027-02-04", "18:10", "19:55"), _v("2027-02-06", "09:50", "12:20"),
        _v("2027-02-09", "06:40", "07:45"), _v("2027-02-11", "18:30", "20:15"), _v("2027-02-13", "10:00", "13:05"),
        _v("2027-02-16", "06:50", "07:50"), _v("2027-02-19", "17:45", "21:10"), _v("2027-02-20", "09:40", "11:55"),
        _v("2027-02-24", "06:45", "07:35"), _v("2027-02-27", "10:20", "12:45"),
        _v("2027-03-02", "06:45", "07:50"), _v("2027-03-06", "09:55", "12:30"), _v("2027-03-09", "18:15", "19:50"),
    ],
    "M-1004": [
        _v("2027-02-03", "13:10", "14:40", "A-108"), _v("2027-02-08", "13:30", "15:00", "A-108"),
        _v("2027-02-10", "14:05", "15:20", "A-108"), _v("2027-02-15", "13:15", "14:45", "A-108"),
        _v("2027-02-17", "13:40", "15:10", "A-108"), _v("2027-02-22", "14:00", "15:30", "A-108"),
        _v("2027-02-25", "13:20", "14:50", "A-108"), _v("2027-03-03", "13:05", "14:35", "A-108"),
    ],
    "M-1007": [_v("2027-03-05", "11:45", "14:10", "C-032"), _v("2027-03-08", "18:00", "20:30", "C-032")],
}


def _b(member, kind, item, d, t, status, therapist=None):
    return {"ref": _ref("SB-" if kind == "session" else "TB-", member, item, d, t), "member_id": member,
            "kind": kind, "item": item, "date": d, "time": t, "therapist_id": therapist, "status": status}


BOOKINGS = [
    _b("M-1007", "session", "SE-3010", "2027-03-05", "12:30", "attended"),
    _b("M-1007", "session", "SE-3106", "2027-03-12", "15:00", "cancelled"),
    _b("M-1007", "treatment", "TR-SG30", "2027-03-14", "11:00", "booked", "TH-03"),
    _b("M-1007", "session", "SE-3412", "2027-03-19", "21:00", "booked"),
    _b("M-1001", "treatment", "TR-HS50", "2027-03-11", "16:00", "booked", "TH-02"),
    _b("M-1003", "session", "SE-3203", "2027-03-13", "10:00", "booked"),
    _b("M-1010", "treatment", "TR-RF40", "2027-02-22", "10:00", "attended", "TH-05"),
    _b("M-1012", "session", "SE-3110", "2027-03-12", "19:30", "booked"),
]
_PAST_TITLES = {"SE-3010": "Ice Plunge Class"}

DAY_NAMES = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]


def _member(member_id: str) -> dict:
    m = MEMBERS.get(str(member_id).strip().upper())
    if m is None:
        raise ToolError(f"no member {member_id!r}; use find_members to look a member up by name or email")
    return m


def _session(session_id: str) -> dict:
    s = SESSIONS.get(str(session_id).strip().upper())
    if s is None:
        raise ToolError(f"no session {session_id!r}; list_sessions shows the sessions of a date")
    return s


def _title(kind, item):
    if kind == "session":
        return SESSIONS[item]["ttl"] if item in SESSIONS else _PAST_TITLES.get(item, item)
    return TREATMENTS[item]["name"]


def _weekday(date: str) -> str:
    y, m, d = (int(x) for x in date.split("-"))
    # Zeller-free: days since 2027-01-04 (a Monday), valid for 2027
    days_before = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334]
    if y != 2027:
        raise ToolError("only dates in 2027 are on the timetable")
    return DAY_NAMES[(days_before[m - 1] + d - 4) % 7]


def _check_date(date: str) -> str:
    date = str(date).strip()
    parts = date.split("-")
    if len(parts) != 3 or len(parts[0]) != 4 or not all(p.isdigit() for p in parts):
        raise ToolError(f"date must be YYYY-MM-DD, got {date!r}")
    return date


# ------------------------------------------------------------------ tools
@mcp.tool()
def find_members(query: str) -> dict:
    """Find members of the baths whose name or email contains the query (case- and accent-insensitive).
    Returns {"members": [{"member_id", "name", "email"}]}. Use the member_id with the other member tools."""
    q = _fold(query).strip()
    if not q:
        raise ToolError("query must not be empty")
    hits = [{"member_id": m["id"], "name": m["nm"], "email": m["em"]} for m in MEMBERS.values()
            if q in _fold(m["nm"]) or q in _fold(m["em"])]
    return {"members": hits}


@mcp.tool()
def get_member(member_id: str) -> dict:
    """Membership record of one member (id like M-1001). Keys: nm = name, tr = membership tier, ps = id of the
    member's multi-visit pass (null if none), lkr = number of the locker the member rents (null if none),
    th = therapist_id of the member's usual (preferred) therapist (null if none), jn = year joined,
    st = account status (active / frozen)."""
    m = _member(member_id)
    return {k: m[k] for k in ("id", "nm", "tr", "ps", "lkr", "th", "jn", "st")}


@mcp.tool()
def get_pass(pass_id: str) -> dict:
    """A multi-visit pass (id like P-20702). Keys: hid = holder's member_id, hn = holder's name, typ = pass type
    (S10 ten-visit sauna, SP20 twenty-visit sauna & pool, P10 ten-visit pool only), used = visits used,
    left = visits remaining, exp = last day the pass is valid."""
    p = PASSES.get(str(pass_id).strip().upper())
    if p is None:
        raise ToolError(f"no pass {pass_id!r}")
    return {**p, "hn": MEMBERS[p["hid"]]["nm"]}


@mcp.tool()
def get_locker(locker_no: str) -> dict:
    """One rentable locker (number like B-214). Keys: zn = changing zone the locker is in, sz = size (S/M/L),
    hid = member_id of the renter (null if free), rent = monthly rent in EUR, pd = rent paid up to (inclusive),
    st = rented / free / repair."""
    lk = LOCKERS.get(str(locker_no).strip().upper())
    if lk is None:
        raise ToolError(f"no locker {locker_no!r}")
    return dict(lk)


@mcp.tool()
def list_visits(member_id: str, month: str | None = None) -> dict:
    """Turnstile check-ins of a member (actual visits, not bookings), oldest first; month 'YYYY-MM' narrows to
    one month. Returns {"mid", "month", "n": number of visits, "v": [{"d": date, "in": time in, "out": time out,
    "lkr": rented locker used or null}]}."""
    m = _member(member_id)
    rows = VISITS.get(m["id"], [])
    if month:
        month = str(month).strip()[:7]
        rows = [r for r in rows if r["d"].startswith(month)]
    return {"mid": m["id"], "month": month, "n": len(rows), "v": [dict(r) for r in rows]}


@mcp.tool()
def list_bookings(member_id: str, status: str | None = None) -> dict:
    """A member's bookings of sauna sessions and treatments, by date. status filters: booked (upcoming),
    attended, cancelled. Returns {"member_id", "bookings": [{"ref", "kind": session/treatment, "item": session id or
    treatment code, "title", "date", "time", "therapist_id", "status"}]}."""
    m = _member(member_id)
    rows = [b for b in BOOKINGS if b["member_id"] == m["id"]]
    if status:
        rows = [b for b in rows if b["status"] == str(status).strip().lower()]
    rows = sorted(rows, key=lambda b: (b["date"], b["time"]))
    return {"member_id": m["id"],
            "bookings": [{**{k: b[k] for k in ("ref", "kind", "item")}, "title": _title(b["kind"], b["item"]),
                          **{k: b[k] for k in ("date", "time", "therapist_id", "status")}} for b in rows]}


@mcp.tool()
def list_sessions(date: str, kind: str | None = None, page: int = 1) -> dict:
    """Timetabled sauna sessions on a date (YYYY-MM-DD), by start time, 5 per page. kind filters: infusion,
    birch, salt, steam, ice, silent. Returns {"date", "page", "pages", "total", "sessions": [{"session_id",
    "start", "title", "kind"}]}. Places and hosts are in get_session."""
    date = _check_date(date)
    rows = sorted((s for s in SESSIONS.values() if s["d"] == date), key=lambda s: s["t0"])
    if kind:
        k = _fold(kind).strip()
        rows = [s for s in rows if s["kind"] == k]
    pages = max(1, (len(rows) + 4) // 5)
    page = int(page)
    if page < 1 or page > pages:
        raise ToolError(f"page must be between 1 and {pages}")
    chunk = rows[(page - 1) * 5: page * 5]
    return {"date": date, "page": page, "pages": pages, "total": len(rows),
            "sessions": [{"session_id": s["id"], "start": s["t0"], "title": s["ttl"], "kind": s["kind"]}
                         for s in chunk]}


@mcp.tool()
def get_session(session_id: str) -> dict:
    """One sauna session (id like SE-3101). Keys: ttl = title, d = date, t0 = start time, min = length in
    minutes, rm = room, host = therapist_id of the sauna master hosting it (null if unhosted), cap = places,
    bkd = places booked, free = places still free, st = open / full, wl = people on the waiting list,
    c = target temperature in degrees C."""
    s = _session(session_id)
    free = s["cap"] - s["bkd"]
    return {"id": s["id"], "ttl": s["ttl"], "d": s["d"], "t0": s["t0"], "min": s["min"], "rm": s["rm"],
            "host": s["host"], "cap": s["cap"], "bkd": s["bkd"], "free": free, "st": "full" if free <= 0 else "open",
            "wl": s["wl"], "c": s["c"]}


@mcp.tool()
def book_session(member_id: str, session_id: str) -> dict:
    """Book a member a place in a sauna session. Booking the same member into the same session again returns the
    existing booking. Returns {"ref", "member_id", "session_id", "status"}."""
    m = _member(member_id)
    s = _session(session_id)
    if m["st"] != "active":
        raise ToolError(f"member {m['id']} is {m['st']} and cannot book")
    for b in BOOKINGS:
        if b["member_id"] == m["id"] and b["item"] == s["id"] and b["status"] == "booked":
            return {"ref": b["ref"], "member_id": m["id"], "session_id": s["id"], "status": "booked"}
    if s["bkd"] >= s["cap"]:
        raise ToolError(f"session {s['id']} is full ({s['wl']} on the waiting list)")
    b = _b(m["id"], "session", s["id"], s["d"], s["t0"], "booked")
    BOOKINGS.append(b)
    s["bkd"] += 1
    return {"ref": b["ref"], "member_id": m["id"], "session_id": s["id"], "status": "booked"}


@mcp.tool()
def book_treatment(member_id: str, treatment_code: str, therapist_id: str, date: str, time: str) -> dict:
    """Book a member a treatment (code like TR-SW50) with a therapist on a date (YYYY-MM-DD) at a time (HH:MM).
    The therapist must give that treatment and work that weekday. Repeating a booking returns the existing one.
    Returns {"ref", "member_id", "treatment_code", "therapist_id", "date", "time", "status"}."""
    m = _member(member_id)
    code = str(treatment_code).strip().upper()
    if code not in TREATMENTS:
        raise ToolError(f"no treatment {treatment_code!r}")
    th = THERAPISTS.get(str(therapist_id).strip().upper())
    if th is None:
        raise ToolError(f"no therapist {therapist_id!r}")
    if code not in th["sk"]:
        raise ToolError(f"{th['nm']} does not give {TREATMENTS[code]['name']}")
    date = _check_date(date)
    if _weekday(date) not in th["days"]:
        raise ToolError(f"{th['nm']} does not work on {_weekday(date)}")
    for b in BOOKINGS:
        if (b["member_id"], b["item"], b["date"], b["time"]) == (m["id"], code, date, time) and \
                b["status"] == "booked":
            break
    else:
        b = _b(m["id"], "treatment", code, date, time, "booked", th["id"])
        BOOKINGS.append(b)
    return {"ref": b["ref"], "member_id": m["id"], "treatment_code": code, "therapist_id": th["id"],
            "date": date, "time": time, "status": "booked"}


@mcp.tool()
def list_treatments(category: str | None = None) -> dict:
    """The treatment menu with codes, length and price in EUR. category filters: massage, wellness, scrub.
    Returns {"treatments": [{"code", "name", "category", "minutes", "price_eur"}]}."""
    rows = list(TREATMENTS.values())
    if category:
        c = _fold(category).strip()
        rows = [t for t in rows if t["category"] == c]
    return {"treatments": [dict(t) for t in rows]}


@mcp.tool()
def find_therapists(name: str | None = None, skill: str | None = None) -> dict:
    """Therapists and sauna masters, optionally by (part of a) name or by a treatment they give (e.g. 'swedish').
    Returns {"therapists": [{"therapist_id", "name", "gives": [treatment names]}]}."""
    rows = list(THERAPISTS.values())
    if name:
        n = _fold(name).strip()
        rows = [t for t in rows if n in _fold(t["nm"])]
    if skill:
        k = _fold(skill).strip()
        rows = [t for t in rows if any(k in _fold(TREATMENTS[c]["name"]) for c in t["sk"])]
    return {"therapists": [{"therapist_id": t["id"], "name": t["nm"],
                            "gives": sorted({TREATMENTS[c]["name"] for c in t["sk"]})} for t in rows]}


@mcp.tool()
def get_therapist(therapist_id: str) -> dict:
    """One therapist (id like TH-01). Keys: nm = name, sk = codes of the treatments they give (see
    list_treatments), since = year they started at the baths, days = weekdays they work."""
    t = THERAPISTS.get(str(therapist_id).strip().upper())
    if t is None:
        raise ToolError(f"no therapist {therapist_id!r}")
    return {k: (list(v) if isinstance(v, list) else v) for k, v in t.items()}


@mcp.tool()
def get_opening_hours(date: str) -> dict:
    """Opening hours of the baths on a date (YYYY-MM-DD): pool, sauna and whether the sauna evening is
    women-only. Returns {"date", "weekday", "pool", "sauna", "women_only_sauna"}."""
    date = _check_date(date)
    wd = _weekday(date)
    weekend = wd in ("Sat", "Sun")
    return {"date": date, "weekday": wd, "pool": "08:00-20:00" if weekend else "06:30-21:30",
            "sauna": "09:00-23:00" if wd != "Sun" else "09:00-20:00",
            "women_only_sauna": "18:00-23:00" if wd == "Tue" else None}


if __name__ == "__main__":
    mcp.run()
