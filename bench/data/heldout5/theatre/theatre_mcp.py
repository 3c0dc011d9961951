"""Wexcombe Playhouse (repertory theatre) MCP server (stdio): productions, performances, seats, bookings, cast,
front-of-house rota and staff, and waiting lists for sold-out performances.

Run: python theatre_mcp.py   (speaks MCP over stdin/stdout)
Deterministic: fixed seed data (today is 2027-03-01), no clock, no randomness; seat sales of ordinary performances
are derived from a hash of the performance and seat, waiting-list codes from the entry's content. State lives in
memory for the life of the process. All names, emails, phone numbers and codes are invented. Licence: Apache-2.0.
"""
import datetime
import hashlib
import re
import unicodedata
from typing_extensions import TypedDict  # pydantic needs this one on Python < 3.12

try:  # mcp >= 2 renamed FastMCP to MCPServer
    from mcp.server.mcpserver import MCPServer as _Server
    from mcp.server.mcpserver.exceptions import ToolError
except ImportError:  # mcp 1.x
    from mcp.server.fastmcp import FastMCP as _Server
    from mcp.server.fastmcp.exceptions import ToolError

mcp = _Server("wexcombe-playhouse")

TODAY = "2027-03-01"
BOOKING_FEE = 2.5


def _fold(text) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", str(text)) if not unicodedata.combining(c)).lower()


def _words(text):
    return [w for w in re.split(r"[^a-z0-9]+", _fold(text)) if w]


def _date(value, name):
    try:
        return datetime.date.fromisoformat(str(value).strip()).isoformat()
    except ValueError:
        raise ToolError(f"{name} must be a date YYYY-MM-DD, got {value!r}") from None


# ------------------------------------------------------------------ productions
PRODUCTIONS = {p["production_id"]: p for p in [
    {"production_id": "PR-214", "title": "The Glass Orchard", "playwright": "Nadia Verhoeven",
     "director": "Sefton Abara", "designer": "Lili Marchbank", "auditorium": "The Loft", "season": "Autumn 2021",
     "opens": "2021-09-03", "closes": "2021-10-02",
     "running_time": {"total_minutes": 125, "intervals": 1, "interval_minutes": 20},
     "age_guidance": "14+", "content_notes": ["references to suicide"], "price_range": {"min": 16, "max": 16},
     "synopsis": "First staging, in the studio, of Verhoeven's play about a family selling its orchard."},
    {"production_id": "PR-298", "title": "A Winter's Ledger", "playwright": "Hollis Rainsford",
     "director": "Tobias Fenwick-Hale", "designer": "Ruth Amankwah", "auditorium": "Main House",
     "season": "Winter 2026-27", "opens": "2026-11-27", "closes": "2027-01-16",
     "running_time": {"total_minutes": 150, "intervals": 1, "interval_minutes": 20},
     "age_guidance": "8+", "content_notes": [], "price_range": {"min": 12, "max": 42},
     "synopsis": "A counting-house clerk audits the ghosts of a bankrupt town over one snowed-in Christmas."},
    {"production_id": "PR-301", "title": "The Salt Road", "playwright": "Marguerite Oyelaran",
     "director": "Tobias Fenwick-Hale", "designer": "Ruth Amankwah", "auditorium": "Main House",
     "season": "Spring 2027", "opens": "2027-02-10", "closes": "2027-04-03",
     "running_time": {"total_minutes": 165, "intervals": 1, "interval_minutes": 20},
     "age_guidance": "12+", "content_notes": ["strong language", "depiction of drowning"],
     "price_range": {"min": 12, "max": 42},
     "synopsis": "Three generations of the Rudd family walk the old salt road to the coast, and not all arrive."},
    {"production_id": "PR-302", "title": "The Salt Road Home", "playwright": "Idris Cawley",
     "director": "Anwen Morrow", "designer": "Jasper Tollemache", "auditorium": "The Loft",
     "season": "Spring 2027", "opens": "2027-05-06", "closes": "2027-05-29",
     "running_time": {"total_minutes": 140, "intervals": 1, "interval_minutes": 15},
     "age_guidance": "14+", "content_notes": ["strong language", "haze"], "price_range": {"min": 22, "max": 22},
     "synopsis": "A new comedy: a sister drives her estranged brother home across three counties in a hearse."},
    {"production_id": "PR-304", "title": "The Glass Orchard", "playwright": "Nadia Verhoeven",
     "director": "Kit Ambrose", "designer": "Lili Marchbank", "auditorium": "Main House",
     "season": "Spring 2027", "opens": "2027-02-25", "closes": "2027-04-17",
     "running_time": {"total_minutes": 150, "intervals": 1, "interval_minutes": 20},
     "age_guidance": "14+", "content_notes": ["references to suicide", "smoking of herbal cigarettes"],
     "price_range": {"min": 12, "max": 42},
     "synopsis": "Revival, on the main stage, of the play about the Vance family and the orchard they cannot keep."},
    {"production_id": "PR-306", "title": "Three Sisters of Calloway Street", "playwright": "Beatrix Oddie",
     "director": "Anwen Morrow", "designer": "Jasper Tollemache", "auditorium": "The Loft",
     "season": "Spring 2027", "opens": "2027-02-12", "closes": "2027-03-13",
     "running_time": {"total_minutes": 135, "intervals": 1, "interval_minutes": 20},
     "age_guidance": "12+", "content_notes": ["strong language"], "price_range": {"min": 22, "max": 22},
     "synopsis": "A terraced-house comedy: three daughters, one will, and their father's very much alive."},
    {"production_id": "PR-307", "title": "Pennywhistle and the Moon", "playwright": "Ottoline Greaves",
     "director": "Kit Ambrose", "designer": "Ruth Amankwah", "auditorium": "The Loft",
     "season": "Easter 2027", "opens": "2027-03-27", "closes": "2027-04-10",
     "running_time": {"total_minutes": 55, "intervals": 0, "interval_minutes": 0},
     "age_guidance": "3+", "content_notes": [], "price_range": {"min": 22, "max": 22},
     "synopsis": "A family show with puppets: a tin whistle goes looking for the note the moon forgot."},
]}


def _status(p):
    if p["closes"] < TODAY:
        return "closed"
    if p["opens"] > TODAY:
        return "upcoming"
    return "running"


# ------------------------------------------------------------------ performances
def _days(start, end):
    d, last = datetime.date.fromisoformat(start), datetime.date.fromisoformat(end)
    while d <= last:
        yield d
        d += datetime.timedelta(days=1)


CLOSED_DAYS = {"2027-03-26"}  # Good Friday: no performances


def _schedule():
    """(production_id, date, time) of every performance, by the repertory pattern of each auditorium."""
    rows = []
    for d in _days("2021-09-03", "2021-10-02"):  # PR-214, The Loft, Tue-Sat 19:45 + Sat 15:00
        if d.weekday() in (1, 2, 3, 4, 5):
            rows.append(("PR-214", d, "19:45"))
        if d.weekday() == 5:
            rows.append(("PR-214", d, "15:00"))
    for d in _days("2026-11-27", "2027-01-16"):  # PR-298, Main House, Mon-Sat 19:30 + Sat 14:30
        if d.weekday() < 6 and d.isoformat() not in ("2026-12-25", "2026-12-26", "2027-01-01"):
            rows.append(("PR-298", d, "19:30"))
            if d.weekday() == 5:
                rows.append(("PR-298", d, "14:30"))
    for d in _days("2027-02-10", "2027-04-17"):  # Main House in repertory: PR-301 and PR-304
        wd, iso = d.weekday(), d.isoformat()
        if wd == 6 or iso in CLOSED_DAYS:
            continue
        if iso < "2027-02-25":
            rows.append(("PR-301", d, "19:30"))
            if wd == 5:
                rows.append(("PR-301", d, "14:30"))
        elif iso <= "2027-04-03":
            if wd in (0, 2, 4):
                rows.append(("PR-301", d, "19:30"))
            if wd == 5:
                rows.append(("PR-301", d, "14:30"))
            if wd in (1, 3, 5):
                rows.append(("PR-304", d, "19:30"))
            if wd == 3:
                rows.append(("PR-304", d, "14:30"))
        else:
            rows.append(("PR-304", d, "19:30"))
            if wd in (3, 5):
                rows.append(("PR-304", d, "14:30"))
    for d in _days("2027-02-12", "2027-03-13"):  # PR-306, The Loft, Tue-Sat 19:45 + Sat 15:00
        if d.weekday() in (1, 2, 3, 4, 5):
            rows.append(("PR-306", d, "19:45"))
        if d.weekday() == 5:
            rows.append(("PR-306", d, "15:00"))
    for d in _days("2027-03-27", "2027-04-10"):  # PR-307, The Loft, Tue-Sat 11:00 and 14:00
        if d.weekday() in (1, 2, 3, 4, 5) and d.isoformat() not in CLOSED_DAYS:
            rows.append(("PR-307", d, "11:00"))
            rows.append(("PR-307", d, "14:00"))
    for d in _days("2027-05-06", "2027-05-29"):  # PR-302, The Loft, Tue-Sat 19:45 + Sat 15:00
        if d.weekday() in (1, 2, 3, 4, 5):
            rows.append(("PR-302", d, "19:45"))
        if d.weekday() == 5:
            rows.append(("PR-302", d, "15:00"))
    rows.sort(key=lambda r: (r[1], r[2], PRODUCTIONS[r[0]]["auditorium"]))
    return rows


# special performances: (production, date, time) -> overrides
SPECIAL = {
    ("PR-301", "2027-03-10", "19:30"): {"kind": "captioned", "subs": [{"role": "Agnes Rudd", "pid": "AC-134"}],
                                        "notes": "Captions on LED screens either side of the stage."},
    ("PR-301", "2027-03-13", "14:30"): {"st": "sold_out"},
    ("PR-301", "2027-03-20", "14:30"): {"kind": "audio-described",
                                        "notes": "Touch tour 13:00 for audio-description users, booked in advance."},
    ("PR-304", "2027-03-04", "19:30"): {"st": "cancelled", "notes": "Cancelled: company illness. Refunds issued."},
    ("PR-304", "2027-03-18", "19:30"): {"kind": "BSL-interpreted",
                                        "notes": "Interpreter: Corin Ashdown. Best view from stalls left."},
    ("PR-304", "2027-03-18", "14:30"): {"kind": "standard", "subs": [{"role": "Sable", "pid": "AC-133"}]},
    ("PR-306", "2027-03-06", "15:00"): {"kind": "relaxed",
                                        "notes": "House lights low, chill-out space in the Loft bar."},
}

PERFORMANCES = {}
for _n, (_prod, _d, _t) in enumerate(_schedule()):
    _pid = f"PF-{5001 + _n}"
    _sp = SPECIAL.get((_prod, _d.isoformat(), _t), {})
    PERFORMANCES[_pid] = {"id": _pid, "prod": _prod, "d": _d.isoformat(), "t": _t,
                          "aud": PRODUCTIONS[_prod]["auditorium"], "kind": _sp.get("kind", "standard"),
                          "st": _sp.get("st", "on_sale"), "subs": _sp.get("subs", []), "notes": _sp.get("notes", "")}


def _find_perf(prod, date, time):
    for p in PERFORMANCES.values():
        if p["prod"] == prod and p["d"] == date and p["t"] == time:
            return p["id"]
    raise KeyError((prod, date, time))


# ------------------------------------------------------------------ seats
def _seat_map(auditorium):
    seats = []
    if auditorium == "Main House":
        for row in "ABCDEFGHIJ":
            for n in range(1, 17):
                seats.append({"seat": f"Stalls {row}{n}", "section": "stalls",
                              "price": 42 if row in "ABCD" else 34, "restricted_view": False})
        for row in "ABCDE":
            for n in range(1, 15):
                restricted = row == "E" and n in (1, 2, 13, 14)
                seats.append({"seat": f"Circle {row}{n}", "section": "circle",
                              "price": 12 if restricted else (28 if row in "AB" else 18),
                              "restricted_view": restricted})
        for side in "LR":
            for n in range(1, 5):
                seats.append({"seat": f"Box {side}{n}", "section": "box", "price": 38, "restricted_view": False})
    else:
        for row in "ABCDEFGH":
            for n in range(1, 13):
                seats.append({"seat": f"Loft {row}{n}", "section": "loft", "price": 22, "restricted_view": False})
    return seats


SEAT_MAPS = {a: _seat_map(a) for a in ("Main House", "The Loft")}

# performances whose remaining seats are fixed by hand (everything else is sold)
ONLY_AVAILABLE = {
    _find_perf("PR-301", "2027-03-20", "14:30"): {"Stalls J15", "Stalls J16", "Circle D5", "Circle D6",
                                                  "Circle E13", "Box R3"},
    _find_perf("PR-301", "2027-03-13", "14:30"): set(),
}

# ------------------------------------------------------------------ customers and bookings
CUSTOMERS = {c["customer_id"]: c for c in [
    {"customer_id": "CU-501", "name": "Lowenna Trewin", "email": "lowenna.trewin@example.com", "phone": "07700 900412"},
    {"customer_id": "CU-502", "name": "Lowenna Trewick", "email": "lowenna.trewick@example.org",
     "phone": "07700 900877"},
    {"customer_id": "CU-503", "name": "Felipe Arrowsmith", "email": "felipe.arrowsmith@example.net",
     "phone": "07700 900239"},
    {"customer_id": "CU-505", "name": "Hester Blomqvist", "email": "hester.blomqvist@example.com",
     "phone": "07700 900651"},
    {"customer_id": "CU-506", "name": "Jun Okafor", "email": "jun.okafor@example.com", "phone": "07700 900118"},
]}


def _bk(ref, cust, prod, date, time, seats, status, booked_on, card, access=None):
    perf = _find_perf(prod, date, time)
    aud = PERFORMANCES[perf]["aud"]
    prices = {s["seat"]: s["price"] for s in SEAT_MAPS[aud]}
    lines = [{"seat": s, "price": prices[s]} for s in seats]
    total = round(sum(x["price"] for x in lines) + BOOKING_FEE, 2)
    return {"booking_ref": ref, "customer_id": cust, "performance_id": perf, "seats": lines,
            "booking_fee": BOOKING_FEE, "total": total, "status": status, "booked_on": booked_on,
            "payment": {"method": "card", "card_last4": card, "amount": total,
                        "refunded": total if status == "cancelled" else 0},
            "access_requirements": access or []}


BOOKINGS = {b["booking_ref"]: b for b in [
    _bk("BK-40772", "CU-505", "PR-301", "2027-03-05", "19:30", ["Stalls D7", "Stalls D8"], "confirmed",
        "2027-01-19", "4417"),
    _bk("BK-40790", "CU-502", "PR-304", "2027-03-02", "19:30", ["Stalls F3", "Stalls F4"], "confirmed",
        "2027-01-22", "0935"),
    _bk("BK-40815", "CU-501", "PR-301", "2027-02-26", "19:30", ["Circle B3", "Circle B4"], "confirmed",
        "2027-01-25", "7702"),
    _bk("BK-40856", "CU-501", "PR-304", "2027-03-04", "19:30", ["Stalls F3", "Stalls F4"], "cancelled",
        "2027-02-01", "7702"),
    _bk("BK-40903", "CU-501", "PR-304", "2027-03-25", "19:30", ["Stalls G9", "Stalls G10"], "confirmed",
        "2027-02-27", "7702"),
    _bk("BK-40931", "CU-503", "PR-306", "2027-03-06", "15:00", ["Loft C5", "Loft C6", "Loft C7"], "confirmed",
        "2027-02-14", "3381", ["wheelchair space", "companion seat"]),
    _bk("BK-40944", "CU-505", "PR-306", "2027-02-20", "19:45", ["Loft A1"], "confirmed", "2027-02-02", "4417"),
]}


def _sold(perf_id):
    p = PERFORMANCES[perf_id]
    seats = [s["seat"] for s in SEAT_MAPS[p["aud"]]]
    if p["st"] == "cancelled":
        return set()
    if perf_id in ONLY_AVAILABLE:
        return set(seats) - ONLY_AVAILABLE[perf_id]
    load = 55 + int(hashlib.sha1(perf_id.encode()).hexdigest(), 16) % 35  # 55..89 % of seats
    sold = {s for s in seats if int(hashlib.sha1(f"{perf_id}|{s}".encode()).hexdigest()[:8], 16) % 100 < load}
    for b in BOOKINGS.values():
        if b["performance_id"] == perf_id:
            names = {x["seat"] for x in b["seats"]}
            sold = sold | names if b["status"] == "confirmed" else sold - names
    return sold


# ------------------------------------------------------------------ cast
PERFORMERS = {a["performer_id"]: a for a in [
    {"performer_id": "AC-112", "name": "Cosima Penhallow", "training": "Marlstone Theatre School",
     "agent": {"name": "Gwendolen Rusk", "agency": "Rusk Associates", "email": "gwen@ruskassociates.example",
               "phone": "020 7946 0118"},
     "credits": ["Clemency in The Lamplighter's Wife (Fallowmere Rep, 2024)",
                 "Mrs Rudd in The Salt Road (workshop, 2025)"]},
    {"performer_id": "AC-113", "name": "Barnaby Okonedo-Frith", "training": "Penrose Academy of Dramatic Art",
     "agent": {"name": "Philippa Strand", "agency": "Strand & Oyelowo Management",
               "email": "philippa@strandoyelowo.example", "phone": "020 7946 0342"},
     "credits": ["Captain Hale in Brass Weather (touring, 2025)"]},
    {"performer_id": "AC-114", "name": "Lucan Meriwether", "training": "Cardew College of Drama",
     "agent": {"name": "Dev Panesar", "agency": "Panesar Talent", "email": "dev@panesartalent.example",
               "phone": "0161 496 0771"}, "credits": ["The Ferryman in The Salt Road (2027)"]},
    {"performer_id": "AC-115", "name": "Saoirse Lannigan", "training": "Keswin School of Acting",
     "agent": {"name": "Gwendolen Rusk", "agency": "Rusk Associates", "email": "gwen@ruskassociates.example",
               "phone": "020 7946 0118"}, "credits": ["Ida in The Salt Road (2027)"]},
    {"performer_id": "AC-131", "name": "Freya Nancarrow", "training": "Hollowell Drama Studio",
     "agent": {"name": "Dev Panesar", "agency": "Panesar Talent", "email": "dev@panesartalent.example",
               "phone": "0161 496 0771"}, "credits": ["Understudy, The Salt Road (2027)"]},
    {"performer_id": "AC-132", "name": "Dominic Ashgrove", "training": "Northgate Drama Studio",
     "agent": {"name": "Philippa Strand", "agency": "Strand & Oyelowo Management",
               "email": "philippa@strandoyelowo.example", "phone": "020 7946 0342"},
     "credits": ["Understudy, The Salt Road (2027)"]},
    {"performer_id": "AC-134", "name": "Maud Lessiter", "training": "Ellery Academy",
     "agent": {"name": "Ines Moorcroft", "agency": "Moorcroft Lane Agency", "email": "ines@moorcroftlane.example",
               "phone": "0117 496 0520"}, "credits": ["Second cover, The Salt Road (2027)"]},
    {"performer_id": "AC-120", "name": "Imogen Tait", "training": "Ashdown Conservatoire",
     "agent": {"name": "Ines Moorcroft", "agency": "Moorcroft Lane Agency", "email": "ines@moorcroftlane.example",
               "phone": "0117 496 0520"}, "credits": ["Helena Vance in The Glass Orchard (2027)"]},
    {"performer_id": "AC-121", "name": "Laurence Pitcairn", "training": "Draycott Drama Centre",
     "agent": {"name": "Dev Panesar", "agency": "Panesar Talent", "email": "dev@panesartalent.example",
               "phone": "0161 496 0771"}, "credits": ["Arthur Vance in The Glass Orchard (2027)"]},
    {"performer_id": "AC-122", "name": "Imogen Teague", "training": "Tamsworth School of Performing Arts",
     "agent": {"name": "Gwendolen Rusk", "agency": "Rusk Associates", "email": "gwen@ruskassociates.example",
               "phone": "020 7946 0118"}, "credits": ["Sable in The Glass Orchard (2027)"]},
    {"performer_id": "AC-133", "name": "Rhiannon Dredge", "training": "Cardew College of Drama",
     "agent": {"name": "Ines Moorcroft", "agency": "Moorcroft Lane Agency", "email": "ines@moorcroftlane.example",
               "phone": "0117 496 0520"}, "credits": ["Understudy, The Glass Orchard (2027)"]},
    {"performer_id": "AC-140", "name": "Cosima Penhale", "training": "Wexcombe Youth Theatre",
     "agent": {"name": "Oskar Lindahl", "agency": "Lindahl & Price", "email": "oskar@lindahlprice.example",
               "phone": "020 7946 0907"}, "credits": ["Agnes in The Salt Road Home (2027)"]},
    {"performer_id": "AC-141", "name": "Kwame Ansah-Tilly", "training": "Penrose Academy of Dramatic Art",
     "agent": {"name": "Oskar Lindahl", "agency": "Lindahl & Price", "email": "oskar@lindahlprice.example",
               "phone": "020 7946 0907"}, "credits": ["Joss in The Salt Road Home (2027)"]},
    {"performer_id": "AC-142", "name": "Verity Choudhury", "training": "Fennick Acting Studio",
     "agent": {"name": "Dev Panesar", "agency": "Panesar Talent", "email": "dev@panesartalent.example",
               "phone": "0161 496 0771"}, "credits": ["Marnie in The Salt Road Home (2027)"]},
    {"performer_id": "AC-150", "name": "Ambrose Kettering", "training": "Marlstone Theatre School",
     "agent": {"name": "Philippa Strand", "agency": "Strand & Oyelowo Management",
               "email": "philippa@strandoyelowo.example", "phone": "020 7946 0342"},
     "credits": ["Mr Calloway in Three Sisters of Calloway Street (2027)",
                 "The Old Keeper in Lighthouse Summer (Fallowmere Rep, 2023)"]},
    {"performer_id": "AC-151", "name": "Delphine Roscoe", "training": "Ellery Academy",
     "agent": {"name": "Gwendolen Rusk", "agency": "Rusk Associates", "email": "gwen@ruskassociates.example",
               "phone": "020 7946 0118"}, "credits": ["Olwen Calloway (2027)"]},
    {"performer_id": "AC-152", "name": "Harriet Okwu", "training": "Hollowell Drama Studio",
     "agent": {"name": "Ines Moorcroft", "agency": "Moorcroft Lane Agency", "email": "ines@moorcroftlane.example",
               "phone": "0117 496 0520"}, "credits": ["Marjory Calloway (2027)"]},
    {"performer_id": "AC-153", "name": "Nell Fairbrother", "training": "Brackley Stage School",
     "agent": {"name": "Oskar Lindahl", "agency": "Lindahl & Price", "email": "oskar@lindahlprice.example",
               "phone": "020 7946 0907"}, "credits": ["Tess Calloway (2027)"]},
    {"performer_id": "AC-154", "name": "Gideon Marsh", "training": "Ormond Drama Centre",
     "agent": {"name": "Dev Panesar", "agency": "Panesar Talent", "email": "dev@panesartalent.example",
               "phone": "0161 496 0771"}, "credits": ["Understudy, Three Sisters of Calloway Street (2027)"]},
]}

CAST = [  # production, performer, role, covers (understudies)
    ("PR-301", "AC-112", "Agnes Rudd", []), ("PR-301", "AC-113", "Tom Rudd", []),
    ("PR-301", "AC-114", "The Ferryman", []), ("PR-301", "AC-115", "Ida", []),
    ("PR-301", "AC-131", "Understudy", ["Agnes Rudd", "Ida"]),
    ("PR-301", "AC-132", "Understudy", ["Tom Rudd", "The Ferryman"]),
    ("PR-301", "AC-134", "Second cover", ["Agnes Rudd"]),
    ("PR-302", "AC-140", "Agnes", []), ("PR-302", "AC-141", "Joss", []), ("PR-302", "AC-142", "Marnie", []),
    ("PR-304", "AC-120", "Helena Vance", []), ("PR-304", "AC-121", "Arthur Vance", []),
    ("PR-304", "AC-122", "Sable", []), ("PR-304", "AC-133", "Understudy", ["Helena Vance", "Sable"]),
    ("PR-306", "AC-150", "Mr Calloway", []), ("PR-306", "AC-151", "Olwen Calloway", []),
    ("PR-306", "AC-152", "Marjory Calloway", []), ("PR-306", "AC-153", "Tess Calloway", []),
    ("PR-306", "AC-154", "Understudy", ["Mr Calloway"]),
]

# ------------------------------------------------------------------ front of house
STAFF = {s["staff_id"]: s for s in [
    {"staff_id": "ST-01", "name": "Dai Pritchard", "role": "house_manager", "ext": "4410", "callsign": "Oscar 1",
     "email": "dai.pritchard@wexcombeplayhouse.example", "first_aider": True, "languages": ["English", "Welsh"]},
    {"staff_id": "ST-02", "name": "Rosalind Achebe-Marsh", "role": "house_manager", "ext": "4411",
     "callsign": "Oscar 2", "email": "rosalind.achebe-marsh@wexcombeplayhouse.example", "first_aider": True,
     "languages": ["English", "Igbo"]},
    {"staff_id": "ST-03", "name": "Tamsin Voller", "role": "house_manager", "ext": "4412", "callsign": "Oscar 3",
     "email": "tamsin.voller@wexcombeplayhouse.example", "first_aider": False, "languages": ["English", "BSL"]},
    {"staff_id": "ST-04", "name": "Dai Prichard", "role": "bar", "ext": "4420", "callsign": "Bravo 1",
     "email": "dai.prichard@wexcombeplayhouse.example", "first_aider": True, "languages": ["English"]},
    {"staff_id": "ST-05", "name": "Oona Fairlie", "role": "usher", "ext": "4431", "callsign": "Uniform 1",
     "email": "oona.fairlie@wexcombeplayhouse.example", "first_aider": False, "languages": ["English", "Irish"]},
    {"staff_id": "ST-06", "name": "Bartholomew Quist", "role": "usher", "ext": "4432", "callsign": "Uniform 2",
     "email": "bartholomew.quist@wexcombeplayhouse.example", "first_aider": True, "languages": ["English"]},
    {"staff_id": "ST-07", "name": "Priya Venkataraman-Hill", "role": "usher", "ext": "4433", "callsign": "Uniform 3",
     "email": "priya.vh@wexcombeplayhouse.example", "first_aider": False, "languages": ["English", "Tamil"]},
    {"staff_id": "ST-08", "name": "Solomon Adeyinka", "role": "usher", "ext": "4434", "callsign": "Uniform 4",
     "email": "solomon.adeyinka@wexcombeplayhouse.example", "first_aider": True, "languages": ["English", "Yoruba"]},
    {"staff_id": "ST-09", "name": "Marta Zielinska", "role": "usher", "ext": "4435", "callsign": "Uniform 5",
     "email": "marta.zielinska@wexcombeplayhouse.example", "first_aider": False, "languages": ["English", "Polish"]},
    {"staff_id": "ST-10", "name": "Elis Tregunna", "role": "usher", "ext": "4436", "callsign": "Uniform 6",
     "email": "elis.tregunna@wexcombeplayhouse.example", "first_aider": False, "languages": ["English", "Cornish"]},
    {"staff_id": "ST-11", "name": "Hannah Oyelaran-Brooks", "role": "box_office", "ext": "4401",
     "callsign": "Bravo 5", "email": "boxoffice@wexcombeplayhouse.example", "first_aider": False,
     "languages": ["English", "French"]},
    {"staff_id": "ST-12", "name": "Ciaran Moult", "role": "box_office", "ext": "4402", "callsign": "Bravo 6",
     "email": "boxoffice@wexcombeplayhouse.example", "first_aider": False, "languages": ["English"]},
]}

HM_OVERRIDES = {("2027-03-18", "evening"): "ST-03", ("2027-03-18", "matinee"): "ST-01"}
USHER_POS = ["Stalls left door", "Stalls right door", "Circle", "Loft door"]


def _rota(date):
    """Front-of-house shifts on a date (only dates with performances have any)."""
    perfs = [p for p in PERFORMANCES.values() if p["d"] == date and p["st"] != "cancelled"]
    if not perfs:
        return []
    o = datetime.date.fromisoformat(date).toordinal()
    hms, ushers, bar, box = ["ST-01", "ST-02", "ST-03"], [f"ST-{n:02d}" for n in range(5, 11)], "ST-04", \
        ["ST-11", "ST-12"]
    rows = []
    for shift in ("matinee", "evening"):
        here = [p for p in perfs if (p["t"] < "17:00") == (shift == "matinee")]
        if not here:
            continue
        first = min(p["t"] for p in here)
        h, m = map(int, first.split(":"))
        call = f"{h - 1:02d}:{m:02d}"
        off = 0 if shift == "evening" else 1
        hm = HM_OVERRIDES.get((date, shift), hms[(o + off) % 3])
        rows.append({"staff_id": hm, "name": STAFF[hm]["name"], "role": "house_manager", "shift": shift,
                     "call_time": f"{h - 2:02d}:{m:02d}", "position": "Foyer / duty office"})
        k = 3 if shift == "evening" else 2
        start = (o + (0 if shift == "evening" else 3)) % 6
        for i in range(k):
            u = ushers[(start + i) % 6]
            rows.append({"staff_id": u, "name": STAFF[u]["name"], "role": "usher", "shift": shift,
                         "call_time": call, "position": USHER_POS[i]})
        rows.append({"staff_id": bar, "name": STAFF[bar]["name"], "role": "bar", "shift": shift,
                     "call_time": call, "position": "Circle bar"})
        b = box[o % 2 if shift == "evening" else (o + 1) % 2]
        rows.append({"staff_id": b, "name": STAFF[b]["name"], "role": "box_office", "shift": shift,
                     "call_time": f"{h - 2:02d}:{m:02d}", "position": "Box office"})
    return rows


# ------------------------------------------------------------------ waiting lists
WAITLIST_SEED = {_find_perf("PR-301", "2027-03-13", "14:30"): 4}
WAITLIST = {}


# ------------------------------------------------------------------ typed results
class ProductionHit(TypedDict):
    production_id: str
    title: str
    playwright: str
    auditorium: str
    season: str
    opens: str
    closes: str
    status: str


class ProductionSearch(TypedDict):
    productions: list[ProductionHit]
    count: int


class CastMember(TypedDict):
    performer_id: str
    name: str
    role: str
    covers: list[str]


class CastList(TypedDict):
    production_id: str
    title: str
    cast: list[CastMember]


class BookingSummary(TypedDict):
    booking_ref: str
    production_title: str
    performance_date: str
    status: str


class CustomerBookings(TypedDict):
    customer_id: str
    name: str
    email: str
    bookings: list[BookingSummary]


class BookingSearch(TypedDict):
    customers: list[CustomerBookings]


class RotaEntry(TypedDict):
    staff_id: str
    name: str
    role: str
    shift: str
    call_time: str
    position: str


class Rota(TypedDict):
    date: str
    shifts: list[RotaEntry]


def _production(production_id):
    p = PRODUCTIONS.get(str(production_id).strip().upper())
    if p is None:
        raise ToolError(f"no production {production_id!r}")
    return p


def _performance(performance_id):
    p = PERFORMANCES.get(str(performance_id).strip().upper())
    if p is None:
        raise ToolError(f"no performance {performance_id!r}")
    return p


# ------------------------------------------------------------------ tools
@mcp.tool()
def search_productions(query: str, status: str | None = None) -> ProductionSearch:
    """Find productions (past, current and upcoming) whose title, playwright or director contains every word of
    query. status narrows to running, upcoming or closed. Returns production ids, titles, auditorium, season and
    run dates."""
    words = [w for w in _words(query) if w not in ("the", "a", "play", "show")]
    st = (status or "").strip().lower()
    if st and st not in ("running", "upcoming", "closed"):
        raise ToolError("status must be running, upcoming or closed")
    rows = []
    for p in PRODUCTIONS.values():
        hay = _words(" ".join([p["title"], p["playwright"], p["director"]]))
        if all(w in hay for w in words) and (not st or _status(p) == st):
            rows.append({"production_id": p["production_id"], "title": p["title"], "playwright": p["playwright"],
                         "auditorium": p["auditorium"], "season": p["season"], "opens": p["opens"],
                         "closes": p["closes"], "status": _status(p)})
    rows.sort(key=lambda r: r["opens"], reverse=True)
    return {"productions": rows, "count": len(rows)}


@mcp.tool()
def get_production(production_id: str) -> dict:
    """Full record of one production: creative team (playwright, director, designer), auditorium, run dates,
    running time (total_minutes including intervals, intervals, interval_minutes), age guidance, content notes,
    ticket price range (GBP) and synopsis."""
    p = _production(production_id)
    return {**p, "status": _status(p)}


@mcp.tool()
def list_performances(production_id: str, date_from: str | None = None, date_to: str | None = None,
                      page: int = 1, page_size: int = 10) -> dict:
    """Performances of a production in date order, optionally between date_from and date_to (YYYY-MM-DD,
    inclusive), page_size per page (max 50). Result: production_id, total_count, page, pages and items, each with
    terse keys: id (performance id), d (date), t (curtain up), kind (standard, captioned, audio-described,
    BSL-interpreted, relaxed), st (on_sale, sold_out, cancelled)."""
    p = _production(production_id)
    lo = _date(date_from, "date_from") if date_from else "0000-00-00"
    hi = _date(date_to, "date_to") if date_to else "9999-99-99"
    if page < 1 or not 1 <= page_size <= 50:
        raise ToolError("page must be >= 1 and page_size between 1 and 50")
    rows = [{k: x[k] for k in ("id", "d", "t", "kind", "st")} for x in PERFORMANCES.values()
            if x["prod"] == p["production_id"] and lo <= x["d"] <= hi]
    total = len(rows)
    pages = max(1, -(-total // page_size))
    return {"production_id": p["production_id"], "total_count": total, "page": page, "pages": pages,
            "items": rows[(page - 1) * page_size: page * page_size]}


@mcp.tool()
def get_performance(performance_id: str) -> dict:
    """One performance, terse keys: id, prod (production id), title, d (date), t (curtain up), aud (auditorium),
    kind, st (status), cap (capacity), sold, avail (seats left), hm (staff id of the duty house manager), subs
    (cast changes: role and pid, the performer id going on), notes."""
    p = _performance(performance_id)
    cap = len(SEAT_MAPS[p["aud"]])
    sold = len(_sold(p["id"]))
    shift = "matinee" if p["t"] < "17:00" else "evening"
    hm = next((r["staff_id"] for r in _rota(p["d"]) if r["role"] == "house_manager" and r["shift"] == shift), None)
    return {"id": p["id"], "prod": p["prod"], "title": PRODUCTIONS[p["prod"]]["title"], "d": p["d"], "t": p["t"],
            "aud": p["aud"], "kind": p["kind"], "st": p["st"], "cap": cap,
            "sold": 0 if p["st"] == "cancelled" else sold, "avail": 0 if p["st"] == "cancelled" else cap - sold,
            "hm": hm, "subs": p["subs"], "notes": p["notes"]}


@mcp.tool()
def list_available_seats(performance_id: str, section: str | None = None, max_price: float | None = None) -> dict:
    """Unsold seats for a performance, optionally only one section (stalls, circle, box; loft in the studio) and
    at most max_price (GBP). Each seat: seat, section, price, restricted_view."""
    p = _performance(performance_id)
    if p["st"] == "cancelled":
        raise ToolError(f"performance {p['id']} is cancelled")
    sec = (section or "").strip().lower().rstrip("s") if section else ""
    sec = {"stall": "stalls", "boxe": "box", "dress circle": "circle"}.get(sec, sec)
    sold = _sold(p["id"])
    rows = [dict(s) for s in SEAT_MAPS[p["aud"]] if s["seat"] not in sold
            and (not sec or s["section"] == sec) and (max_price is None or s["price"] <= max_price)]
    return {"performance_id": p["id"], "seats": rows, "count": len(rows)}


@mcp.tool()
def find_bookings(email: str | None = None, name: str | None = None) -> BookingSearch:
    """Customers with their bookings, by exact email or by name (every word). Each booking: booking_ref,
    production_title, performance_date, status (confirmed or cancelled)."""
    if not email and not name:
        raise ToolError("give email or name")
    out = []
    for c in CUSTOMERS.values():
        if email and c["email"] != email.strip().lower():
            continue
        if name and not all(w in _words(c["name"]) for w in _words(name)):
            continue
        bks = [{"booking_ref": b["booking_ref"],
                "production_title": PRODUCTIONS[PERFORMANCES[b["performance_id"]]["prod"]]["title"],
                "performance_date": PERFORMANCES[b["performance_id"]]["d"], "status": b["status"]}
               for b in BOOKINGS.values() if b["customer_id"] == c["customer_id"]]
        out.append({"customer_id": c["customer_id"], "name": c["name"], "email": c["email"], "bookings": bks})
    return {"customers": out}


@mcp.tool()
def get_booking(booking_ref: str) -> dict:
    """A booking with its customer, performance (id, production, date, time, auditorium), seats with prices,
    booking fee, total (GBP), payment and access requirements."""
    b = BOOKINGS.get(str(booking_ref).strip().upper())
    if b is None:
        raise ToolError(f"no booking {booking_ref!r}")
    p, c = PERFORMANCES[b["performance_id"]], CUSTOMERS[b["customer_id"]]
    return {"booking_ref": b["booking_ref"], "status": b["status"], "booked_on": b["booked_on"],
            "customer": {"customer_id": c["customer_id"], "name": c["name"], "email": c["email"]},
            "performance": {"performance_id": p["id"], "production_id": p["prod"],
                            "title": PRODUCTIONS[p["prod"]]["title"], "date": p["d"], "time": p["t"],
                            "auditorium": p["aud"]},
            "seats": [dict(s) for s in b["seats"]], "booking_fee": b["booking_fee"], "total": b["total"],
            "payment": dict(b["payment"]), "access_requirements": list(b["access_requirements"])}


@mcp.tool()
def list_cast(production_id: str, role: str | None = None) -> CastList:
    """Company of a production: performer ids, names, roles and, for understudies and covers, the roles they
    cover. role narrows to members playing or covering a role (words of the role name)."""
    p = _production(production_id)
    words = _words(role or "")
    rows = []
    for prod, pid, r, covers in CAST:
        if prod != p["production_id"]:
            continue
        names = [r] + covers
        if words and not any(all(w in _words(n) for w in words) for n in names):
            continue
        rows.append({"performer_id": pid, "name": PERFORMERS[pid]["name"], "role": r, "covers": list(covers)})
    return {"production_id": p["production_id"], "title": p["title"], "cast": rows}


@mcp.tool()
def get_performer(performer_id: str) -> dict:
    """Performer profile: name, training, agent (name, agency, email, phone), credits and current roles here."""
    a = PERFORMERS.get(str(performer_id).strip().upper())
    if a is None:
        raise ToolError(f"no performer {performer_id!r}")
    current = [{"production_id": prod, "title": PRODUCTIONS[prod]["title"], "role": r}
               for prod, pid, r, _ in CAST if pid == a["performer_id"]]
    return {**a, "agent": dict(a["agent"]), "credits": list(a["credits"]), "current_roles": current}


@mcp.tool()
def list_front_of_house(date: str, role: str | None = None) -> Rota:
    """Front-of-house rota for a date (YYYY-MM-DD): who works which shift (matinee or evening), their call time
    and position. role narrows to house_manager, usher, bar or box_office."""
    d = _date(date, "date")
    r = (role or "").strip().lower().replace(" ", "_").replace("-", "_")
    r = {"ushers": "usher", "house_managers": "house_manager", "hm": "house_manager", "duty_manager": "house_manager",
         "box": "box_office"}.get(r, r)
    if r and r not in ("house_manager", "usher", "bar", "box_office"):
        raise ToolError("role must be house_manager, usher, bar or box_office")
    return {"date": d, "shifts": [x for x in _rota(d) if not r or x["role"] == r]}


@mcp.tool()
def get_staff_member(staff_id: str) -> dict:
    """A front-of-house staff member: name, role, phone extension (ext), radio callsign, email, first_aider
    (true/false) and languages."""
    s = STAFF.get(str(staff_id).strip().upper())
    if s is None:
        raise ToolError(f"no staff member {staff_id!r}")
    return {**s, "languages": list(s["languages"])}


@mcp.tool()
def join_waitlist(performance_id: str, email: str, party_size: int = 1) -> dict:
    """Put a customer on the waiting list of a sold-out performance for party_size seats (1-6). Returns the
    waiting-list code (WL-xxxxxx), the position in the queue and the performance; asking again with the same
    performance, email and party size returns the same entry."""
    p = _performance(performance_id)
    e = str(email).strip().lower()
    if not re.fullmatch(r"[^@\s]+@[^@\s]+\.[a-z]+", e):
        raise ToolError(f"not an email address: {email!r}")
    if not 1 <= int(party_size) <= 6:
        raise ToolError("party_size must be between 1 and 6")
    if p["st"] != "sold_out":
        raise ToolError(f"performance {p['id']} is not sold out ({p['st']}); book seats instead")
    code = "WL-" + hashlib.sha1("|".join([p["id"], e, str(int(party_size))]).encode()).hexdigest().upper()[:6]
    if code not in WAITLIST:
        position = WAITLIST_SEED.get(p["id"], 0) + 1 + sum(1 for w in WAITLIST.values()
                                                             if w["performance_id"] == p["id"])
        WAITLIST[code] = {"waitlist_code": code, "performance_id": p["id"],
                          "title": PRODUCTIONS[p["prod"]]["title"], "date": p["d"], "time": p["t"], "email": e,
                          "party_size": int(party_size), "position": position, "status": "waiting"}
    return dict(WAITLIST[code])


if __name__ == "__main__":
    mcp.run()
