"""Velvet Curtain Costume Hire MCP server (stdio): customers, costumes and their sizes, size charts, rentals,
returns and deposits, cleaning jobs, alterations and fittings of an (invented) theatrical costume hire shop.

Run: python costumehire_mcp.py   (speaks MCP over stdin/stdout)
Deterministic: fixed seed data (the shop's "today" is Friday 2026-12-04), no clock, no randomness; fitting
booking codes are derived from the booking's content. State lives in memory for the life of the process.
All names, emails, phone numbers, addresses and codes are invented. Licence: Apache-2.0.
"""
import datetime
import hashlib
import re
import unicodedata

try:  # pydantic needs typing_extensions.TypedDict before Python 3.12
    from typing_extensions import TypedDict
except ImportError:
    from typing import TypedDict

try:  # mcp 1.x
    from mcp.server.fastmcp import FastMCP as _Server
    from mcp.server.fastmcp.exceptions import ToolError
except ImportError:  # mcp >= 2 renamed FastMCP to MCPServer
    from mcp.server.mcpserver import MCPServer as _Server
    from mcp.server.mcpserver.exceptions import ToolError

mcp = _Server("velvet-curtain-costume-hire")

TODAY = "2026-12-04"


def _fold(text) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", str(text)) if not unicodedata.combining(c)).lower()


def _words_in(query: str, text: str) -> bool:
    tokens = [t for t in re.split(r"[\s,.'\u2019()&/-]+", _fold(query)) if t]
    low = _fold(text).replace("'", "").replace("\u2019", "")
    return all(t.replace("'", "") in low for t in tokens)


def _h(text: str, mod: int) -> int:
    return int(hashlib.sha1(text.encode()).hexdigest()[:8], 16) % mod


def _size_key(size) -> str:
    s = _fold(size).replace(" ", "")
    return s[2:] if s.startswith("uk") else s


# ---------------------------------------------------------------- customers
_USED_PH = set()


def _c(cid, name, email, acct="retail", org=None, since="2021-03-01"):
    n = 100 + _h(cid + "/ph", 100)
    while n in _USED_PH:  # numbers 555-0100..0199 are reserved for fiction; keep them unique
        n = 100 + (n - 100 + 37) % 100
    _USED_PH.add(n)
    return {"id": cid, "name": name, "email": email, "ph": f"+1 206 555 0{n:03d}", "since": since, "acct": acct,
            "org": org}


CUSTOMERS = {c["id"]: c for c in [
    _c("C-2001", "Imogen Tarrant", "imogen.tarrant@example.com", since="2019-10-14"),
    _c("C-2002", "Imogen Tarrington", "imogen.tarrington@example.com", since="2024-02-02"),
    _c("C-2003", "Ravi Lockhart-Baines", "ravi.lb@example.com", since="2022-06-19"),
    _c("C-2004", "Ravi Lockhart-Barnes", "r.lockhartbarnes@example.com", since="2025-01-08"),
    _c("C-2005", "Oskar Brennecke", "oskar.brennecke@example.com", since="2023-09-30"),
    _c("C-2006", "Marguerite O'Shaughnessy", "marguerite.osh@example.com", since="2020-11-11"),
    _c("C-2007", "Marguerite O'Shea", "m.oshea@example.com", since="2025-05-05"),
    _c("C-2008", "Zephyrine Osei", "zephyrine.osei@example.com", since="2021-08-23"),
    _c("C-2009", "Zephyr Osei-Mensah", "zephyr.om@example.com", since="2024-11-30"),
    _c("C-2010", "Odette Fairbairn", "odette.fairbairn@example.com", since="2018-04-04"),
    _c("C-2011", "Odette Fairbanks", "odette.fairbanks@example.com", since="2023-03-17"),
    _c("C-2012", "Leopold Vance", "bookings@harrowgate-aos.example.com", acct="trade",
       org="Harrowgate Amateur Operatic Society", since="2016-09-01"),
    _c("C-2013", "Desmond Okafor-Lyle", "desmond.ol@example.com", since="2022-10-02"),
    _c("C-2014", "Clementine Archibald-Rowe", "clementine.ar@example.com", since="2020-01-27"),
    _c("C-2015", "Fergus Mulcahy", "fergus@gildedfox.example.com", acct="trade", org="Gilded Fox Theatre Company",
       since="2017-05-12"),
    _c("C-2016", "Perpetua Langridge", "perpetua.langridge@example.com", since="2021-12-06"),
    _c("C-2017", "Perpetua Langley", "p.langley@example.com", since="2024-07-21"),
    _c("C-2018", "Saoirse Delacroix-Whyte", "saoirse.dw@example.com", since="2023-10-31"),
    _c("C-2019", "Tiberius Nkemelu", "tiberius.nkemelu@example.com", since="2025-02-14"),
]}
_PHONES = [c["ph"] for c in CUSTOMERS.values()]
assert len(set(_PHONES)) == len(_PHONES), "phone numbers must be unique"

# ---------------------------------------------------------------- costumes
COSTUMES = {}


def _k(cid, name, cat, sz, dr, dep, st="avail", loc="Rail A1"):
    COSTUMES[cid] = {"id": cid, "name": name, "cat": cat, "sz": sz, "st": st, "dr": dr, "dep": dep, "loc": loc}


_k("CH-2217", "Regency Officer's Tailcoat (scarlet)", "Regency", "38R", 27.5, 120.0, loc="Rail B4")
_k("CH-2218", "Regency Officer's Tailcoat (scarlet)", "Regency", "42L", 27.5, 120.0, loc="Rail B4")
_k("CH-2219", "Regency Empire-Line Gown (primrose)", "Regency", "UK 10", 31.0, 150.0, loc="Rail B5")
_k("CH-2301", "Mr Darcy Tailcoat", "Regency", "40L", 24.0, 100.0, loc="Rail B2")
_k("CH-2302", "Mr Darcy Tailcoat (Stage Double)", "Regency", "42R", 19.0, 80.0, st="out", loc="on hire")
_k("CH-2620", "Elizabethan Doublet & Breeches (oxblood)", "Elizabethan", "38R", 34.0, 160.0, st="out",
   loc="on hire")
_k("CH-2621", "Elizabethan Ruff (large)", "Elizabethan", "one size", 8.0, 30.0, st="out", loc="on hire")
_k("CH-2905", "Gothic Velvet Cloak (black)", "Gothic", "one size", 16.0, 70.0, loc="Rail D1")
_k("CH-2906", "Crinoline Petticoat", "Underpinnings", "UK 14", 9.0, 80.0, st="alt", loc="Workroom")
_k("CH-3055", "Gatsby Three-Piece Suit (cream)", "1920s", "40R", 29.0, 140.0, loc="Rail C3")
_k("CH-3056", "Gatsby Three-Piece Suit (charcoal)", "1920s", "40R", 29.0, 140.0, loc="Rail C3")
_k("CH-3120", "Queen Titania Gown", "Fantasy", "UK 10", 45.0, 250.0, st="out", loc="on hire")
_k("CH-3121", "Titania Fairy Gown (child)", "Fantasy", "Age 8-9", 12.0, 40.0, loc="Rail F2")
_k("CH-3122", "Oberon Cloak & Crown", "Fantasy", "one size", 28.0, 150.0, loc="Rail F1")
_k("CH-3310", "Belle Époque Ball Gown (ivory silk)", "Edwardian", "UK 14", 52.0, 300.0, st="clean",
   loc="at cleaner")
_k("CH-3311", "Belle Époque Ball Gown (emerald)", "Edwardian", "UK 12", 52.0, 300.0, loc="Rail E1")
_k("CH-4410", "Edwardian Riding Habit", "Edwardian", "UK 10", 33.0, 150.0, st="out", loc="on hire")
_k("CH-4411", "Grey Top Hat", "Accessories", "58 cm", 7.5, 25.0, st="out", loc="on hire")
_k("CH-4412", "Hunting Stock and Pin", "Accessories", "one size", 4.0, 10.0, st="out", loc="on hire")
_k("CH-4520", "Pirate Captain's Frock Coat", "Pirates", "42R", 26.0, 110.0, st="out", loc="on hire")
_k("CH-4521", "Pirate Captain's Tricorn", "Pirates", "59 cm", 6.0, 20.0, st="out", loc="on hire")
_k("CH-5102", "Opera Gloves (long, ivory)", "Accessories", "one size", 5.0, 15.0, loc="Drawer G2")
_k("CH-5230", "Flapper Dress (jade beaded)", "1920s", "UK 10", 27.0, 130.0, loc="Rail C1")
_k("CH-5231", "Flapper Dress (jet beaded)", "1920s", "UK 12", 27.0, 130.0, st="clean", loc="at cleaner")
_k("CH-5400", "Steampunk Airship Captain Coat", "Steampunk", "40R", 30.0, 140.0, loc="Rail G4")
_k("CH-5401", "Plague Doctor Robe & Mask", "Gothic", "one size", 22.0, 90.0, st="clean", loc="at cleaner")
_k("CH-5402", "Jacobean Doublet (bottle green)", "Jacobean", "40R", 30.0, 140.0, st="clean", loc="at cleaner")

_VICTORIAN = [  # design, sizes, day rate, deposit
    ("Victorian Bustle Dress (plum)", ["UK 8", "UK 10", "UK 12", "UK 14"], 32.0, 150.0),
    ("Victorian Mourning Gown", ["UK 10", "UK 12", "UK 12", "UK 16"], 30.0, 140.0),
    ("Victorian Walking Suit (tweed)", ["UK 12", "UK 14"], 28.0, 120.0),
    ("Victorian Ballgown (sapphire)", ["UK 10", "UK 12", "UK 18"], 44.0, 220.0),
    ("Victorian Governess Dress", ["UK 12", "UK 12", "UK 14"], 24.0, 100.0),
    ("Victorian Parlour Maid Uniform", ["UK 8", "UK 12", "UK 12", "UK 16"], 18.0, 60.0),
    ("Victorian Nightgown & Cap", ["UK 12", "UK 20"], 14.0, 50.0),
    ("Victorian Gentleman's Frock Coat", ["38R", "40R", "42L"], 29.0, 130.0),
    ("Victorian Street Urchin Outfit", ["Age 10-11", "Age 12-13"], 11.0, 35.0),
    ("Victorian Seaside Bathing Costume", ["UK 12", "UK 14"], 15.0, 50.0),
]
_n = 3700
for _i, (_design, _sizes, _dr, _dep) in enumerate(_VICTORIAN):
    for _j, _sz in enumerate(_sizes):
        _n += 1
        _k(f"CH-{_n}", _design, "Victorian", _sz, _dr, _dep, loc=f"Rail V{1 + _i // 3}")

# ---------------------------------------------------------------- size charts (cm)
SIZE_CHARTS = {}
for _uk, _bust in zip(range(6, 24, 2), range(78, 124, 5)):
    SIZE_CHARTS[f"uk{_uk}"] = {"size": f"UK {_uk}", "ch": _bust, "wa": _bust - 20, "hip": _bust + 6, "sl": None,
                               "ht": None}
for _chest in range(36, 48, 2):
    for _fit, _sl in (("S", 59), ("R", 62), ("L", 66)):
        SIZE_CHARTS[f"{_chest}{_fit.lower()}"] = {"size": f"{_chest}{_fit}", "ch": round(_chest * 2.54) + 1,
                                                  "wa": round(_chest * 2.54) - 15, "hip": round(_chest * 2.54) + 2,
                                                  "sl": _sl + (_chest - 36) // 2, "ht": None}
for _lo, _ht in ((4, 104), (6, 116), (8, 128), (10, 140), (12, 152)):
    SIZE_CHARTS[f"age{_lo}-{_lo + 1}"] = {"size": f"Age {_lo}-{_lo + 1}", "ch": 52 + (_lo - 4) * 4,
                                          "wa": 50 + (_lo - 4) * 2, "hip": 56 + (_lo - 4) * 4, "sl": None,
                                          "ht": _ht}

# ---------------------------------------------------------------- rentals
RENTALS = {}


def _r(rid, cust, out, due, st, items, ret=None, late_d=0, fee_late=0.0, dmg=None, dep_kept=0.0, chk=None):
    days = (datetime.date.fromisoformat(due) - datetime.date.fromisoformat(out)).days
    amt = round(sum(COSTUMES[c]["dr"] for c in items) * days, 2)
    dep = round(sum(COSTUMES[c]["dep"] for c in items), 2)
    RENTALS[rid] = {"rental_id": rid, "cust": cust, "out": out, "due": due, "st": st, "items": items, "amt": amt,
                    "dep": dep, "ret": ret, "late_d": late_d, "fee_late": fee_late, "dmg": dmg,
                    "dep_ret": None if ret is None else round(dep - dep_kept - fee_late, 2), "chk": chk}


_r("R-40201", "C-2010", "2026-07-03", "2026-07-10", "ret", ["CH-3311"], ret="2026-07-10", chk="Ptolemy Sandys")
_r("R-40288", "C-2001", "2026-08-14", "2026-08-21", "ret", ["CH-2219"], ret="2026-08-21", chk="Ptolemy Sandys")
_r("R-40302", "C-2015", "2026-09-04", "2026-09-26", "ret", ["CH-3120", "CH-3122"], ret="2026-09-26",
   chk="Wilhelmina Crane")
_r("R-40312", "C-2006", "2026-09-11", "2026-09-14", "ret", ["CH-5230"], ret="2026-09-14", chk="Ptolemy Sandys")
_r("R-40340", "C-2008", "2026-09-18", "2026-10-03", "ret", ["CH-5402"], ret="2026-10-03", chk="Wilhelmina Crane")
_r("R-40455", "C-2013", "2026-10-10", "2026-11-07", "ret", ["CH-3120"], ret="2026-11-09", late_d=2,
   fee_late=20.0, chk="Ptolemy Sandys")
_r("R-40490", "C-2006", "2026-11-13", "2026-11-20", "ret", ["CH-2905", "CH-2906"], ret="2026-11-20",
   dmg="Torn hem on crinoline petticoat (repair 37.50)", dep_kept=37.5, chk="Wilhelmina Crane")
_r("R-40512", "C-2016", "2026-11-14", "2026-11-28", "late", ["CH-4520", "CH-4521"])
_r("R-40533", "C-2010", "2026-11-14", "2026-11-28", "ret", ["CH-3310", "CH-5102"], ret="2026-11-28",
   chk="Ptolemy Sandys")
_r("R-40547", "C-2017", "2026-11-20", "2026-12-11", "out", ["CH-2302"])
_r("R-40555", "C-2002", "2026-11-26", "2026-12-10", "out", ["CH-3701"])
_r("R-40561", "C-2001", "2026-12-01", "2026-12-12", "out", ["CH-4410", "CH-4411", "CH-4412"])
_r("R-40570", "C-2008", "2026-11-30", "2026-12-19", "out", ["CH-2620", "CH-2621"])
_r("R-40588", "C-2014", "2026-11-27", "2026-12-18", "out", ["CH-3120"])
_r("R-40601", "C-2006", "2027-01-08", "2027-01-15", "bkd", ["CH-2219"])
_r("R-40612", "C-2001", "2027-01-15", "2027-01-22", "bkd", ["CH-3311"])
_r("R-40620", "C-2009", "2026-12-02", "2026-12-09", "out", ["CH-5400"])
_r("R-40458", "C-2011", "2026-10-15", "2026-10-22", "ret", ["CH-3310"], ret="2026-10-22", chk="Ptolemy Sandys")
for _rid in ("R-40601", "R-40612"):  # bookings hold part of the deposit up front
    RENTALS[_rid]["dep_taken"] = round(RENTALS[_rid]["dep"] * 0.4, 2)
for _rid in RENTALS:  # what is on hire now is marked as such
    if RENTALS[_rid]["st"] in ("out", "late"):
        for _cid in RENTALS[_rid]["items"]:
            COSTUMES[_cid].update(st="out", loc="on hire")

# ---------------------------------------------------------------- cleaning jobs
CLEANING = []


def _cj(job, cid, by, inn, rdy, st):
    CLEANING.append({"job": job, "cid": cid, "by": by, "in": inn, "rdy": rdy, "st": st})


_cj("CJ-7602", "CH-3311", "Brightwater Dry Cleaning", "2026-07-11", "2026-07-17", "done")
_cj("CJ-7644", "CH-2219", "In-house laundry", "2026-08-22", "2026-08-23", "done")
_cj("CJ-7650", "CH-3120", "Brightwater Dry Cleaning", "2026-09-28", "2026-10-05", "done")
_cj("CJ-7651", "CH-3122", "Brightwater Dry Cleaning", "2026-09-28", "2026-10-05", "done")
_cj("CJ-7660", "CH-5230", "In-house laundry", "2026-09-15", "2026-09-16", "done")
_cj("CJ-7689", "CH-5402", "Halloway & Daughters Costume Care", "2026-10-05", "2026-10-16", "done")
_cj("CJ-7702", "CH-3310", "Brightwater Dry Cleaning", "2026-10-23", "2026-10-30", "done")
_cj("CJ-7740", "CH-3120", "Brightwater Dry Cleaning", "2026-11-10", "2026-11-17", "done")
_cj("CJ-7755", "CH-2905", "In-house laundry", "2026-11-21", "2026-11-22", "done")
_cj("CJ-7756", "CH-2906", "In-house laundry", "2026-11-21", "2026-11-22", "done")
_cj("CJ-7781", "CH-3310", "Brightwater Dry Cleaning", "2026-11-30", "2026-12-08", "out")
_cj("CJ-7782", "CH-5102", "In-house laundry", "2026-11-29", "2026-11-30", "done")
_cj("CJ-7790", "CH-5231", "Halloway & Daughters Costume Care", "2026-12-01", "2026-12-11", "out")
_cj("CJ-7791", "CH-5401", "Brightwater Dry Cleaning", "2026-12-02", "2026-12-09", "out")
_cj("CJ-7792", "CH-5402", "Halloway & Daughters Costume Care", "2026-12-03", "2026-12-15", "out")
_cj("CJ-7795", "CH-3122", "Brightwater Dry Cleaning", "2026-12-07", "2026-12-14", "queued")
for _i, _cid in enumerate(sorted(c for c, v in COSTUMES.items() if v["cat"] == "Victorian")[:12]):
    _cj(f"CJ-75{10 + _i}", _cid, "In-house laundry" if _i % 3 else "Brightwater Dry Cleaning",
        f"2026-06-{10 + _i:02d}", f"2026-06-{12 + _i:02d}", "done")
CLEANING.sort(key=lambda j: j["job"], reverse=True)

# ---------------------------------------------------------------- alterations
ALTERATIONS = [
    {"alt": "AL-850", "cid": "CH-5402", "rid": "R-40340", "what": "Let down hem 3 cm", "amt": 18.0, "st": "done",
     "by": "Wilhelmina Crane"},
    {"alt": "AL-877", "cid": "CH-2906", "rid": None, "what": "Repair torn hem", "amt": 37.5, "st": "in_progress",
     "by": "Ptolemy Sandys"},
    {"alt": "AL-902", "cid": "CH-4520", "rid": "R-40512", "what": "Move buttons 1.5 cm", "amt": 12.0, "st": "done",
     "by": "Ptolemy Sandys"},
    {"alt": "AL-911", "cid": "CH-2620", "rid": "R-40570", "what": "Take in waist 4 cm", "amt": 22.5,
     "st": "in_progress", "by": "Wilhelmina Crane"},
    {"alt": "AL-912", "cid": "CH-2620", "rid": "R-40570", "what": "Shorten sleeves 2 cm", "amt": 14.0,
     "st": "queued", "by": "Wilhelmina Crane"},
    {"alt": "AL-915", "cid": "CH-5400", "rid": "R-40620", "what": "Let out chest 2 cm", "amt": 19.5, "st": "done",
     "by": "Ptolemy Sandys"},
]

# ---------------------------------------------------------------- fittings
FITTINGS = [
    {"fit": "FT-1180", "cust": "C-2003", "cid": "CH-2217", "dt": "2026-11-24", "t": "16:00", "rm": "Fitting room 2",
     "fitter": "Ptolemy Sandys"},
    {"fit": "FT-1193", "cust": "C-2003", "cid": "CH-2620", "dt": "2026-12-09", "t": "10:15", "rm": "Fitting room 1",
     "fitter": "Wilhelmina Crane"},
    {"fit": "FT-1201", "cust": "C-2003", "cid": "CH-2620", "dt": "2026-12-16", "t": "11:00", "rm": "Fitting room 1",
     "fitter": "Wilhelmina Crane"},
    {"fit": "FT-1204", "cust": "C-2004", "cid": "CH-3056", "dt": "2026-12-11", "t": "15:30", "rm": "Fitting room 2",
     "fitter": "Ptolemy Sandys"},
    {"fit": "FT-1210", "cust": "C-2003", "cid": "CH-5402", "dt": "2027-01-06", "t": "10:00", "rm": "Fitting room 2",
     "fitter": "Ptolemy Sandys"},
    {"fit": "FT-1188", "cust": "C-2008", "cid": "CH-2620", "dt": "2026-11-28", "t": "12:00", "rm": "Fitting room 1",
     "fitter": "Wilhelmina Crane"},
]
BOOKINGS = {}  # code -> fitting booked through book_fitting
FITTERS = ["Wilhelmina Crane", "Ptolemy Sandys"]


# ---------------------------------------------------------------- helpers
def _customer(customer_id: str) -> dict:
    c = CUSTOMERS.get(str(customer_id).strip().upper())
    if c is None:
        raise ToolError(f"no customer {customer_id!r} (ids look like C-2001; use find_customer)")
    return c


def _costume(costume_id: str) -> dict:
    k = COSTUMES.get(str(costume_id).strip().upper())
    if k is None:
        raise ToolError(f"no costume {costume_id!r} (ids look like CH-2217; use search_costumes)")
    return k


def _rental(rental_id: str) -> dict:
    r = RENTALS.get(str(rental_id).strip().upper())
    if r is None:
        raise ToolError(f"no rental {rental_id!r} (ids look like R-40512; use list_rentals)")
    return r


def _date(value, name):
    if value in (None, ""):
        return None
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", str(value)):
        raise ToolError(f"{name} must be a date YYYY-MM-DD")
    try:
        datetime.date.fromisoformat(value)
    except ValueError:
        raise ToolError(f"{name} is not a valid date") from None
    return value


class CostumeHit(TypedDict):
    id: str
    name: str
    cat: str


class CostumePage(TypedDict):
    total: int
    page: int
    next_page: int | None
    items: list[CostumeHit]


class SizeChart(TypedDict):
    size: str
    ch: int
    wa: int
    hip: int
    sl: int | None
    ht: int | None


class Fitting(TypedDict):
    fit: str
    dt: str
    t: str
    rm: str
    fitter: str
    cid: str


class FittingList(TypedDict):
    customer_id: str
    count: int
    fittings: list[Fitting]


# ---------------------------------------------------------------- tools
@mcp.tool()
def find_customer(name: str | None = None, email: str | None = None) -> dict:
    """Find customers by (part of) their name or by exact email address.

    Returns {"matches": [{"id", "name", "email"}], "count"}. Customer ids look like C-2001.
    """
    if not name and not email:
        raise ToolError("give a name or an email")
    rows = list(CUSTOMERS.values())
    if name:
        rows = [c for c in rows if _words_in(name, c["name"])]
    if email:
        rows = [c for c in rows if c["email"].lower() == email.strip().lower()]
    return {"matches": [{"id": c["id"], "name": c["name"], "email": c["email"]} for c in rows], "count": len(rows)}


@mcp.tool()
def get_customer(customer_id: str) -> dict:
    """A customer's account.

    Keys: id, name, email, ph (phone), since (customer since), acct (retail or trade), org (organisation, trade
    accounts only).
    """
    return dict(_customer(customer_id))


@mcp.tool()
def search_costumes(query: str, size: str | None = None, page: int = 1, per_page: int = 8) -> CostumePage:
    """Search the costume stock by words of the costume's name or category (e.g. "victorian", "darcy tailcoat").

    Every physical costume has its own id (CH-...), so one design in several sizes gives several hits. `size`
    keeps only costumes of exactly that size ("12" or "UK 12" for dresses, "40R" for jackets, "Age 8-9").
    Results come a page at a time (per_page 1-50, default 8); `total` counts every match over all pages and
    `next_page` is null on the last page. Hits carry id, name and cat only: use get_costume for size, price,
    status and location.
    """
    if page < 1 or not 1 <= per_page <= 50:
        raise ToolError("page must be >= 1 and per_page 1-50")
    rows = [k for k in COSTUMES.values() if _words_in(query, k["name"] + " " + k["cat"])]
    if size:
        rows = [k for k in rows if _size_key(k["sz"]) == _size_key(size)]
    rows.sort(key=lambda k: k["id"])
    start = (page - 1) * per_page
    chunk = rows[start:start + per_page]
    return {"total": len(rows), "page": page, "next_page": page + 1 if start + per_page < len(rows) else None,
            "items": [{"id": k["id"], "name": k["name"], "cat": k["cat"]} for k in chunk]}


@mcp.tool()
def get_costume(costume_id: str) -> dict:
    """One costume.

    Keys: id, name, cat (category), sz (size label: UK dress size, jacket chest+fit such as 38R, hat size, or
    Age x-y for children), st (avail = on the rails, out = on hire, clean = away being cleaned, alt = in the
    workroom for alterations or repair), dr (hire price per day, USD), dep (refundable deposit, USD), loc (rail
    or where it is).
    """
    return dict(_costume(costume_id))


@mcp.tool()
def get_size_chart(size: str) -> SizeChart:
    """Body measurements (cm) a size label fits: ch = chest/bust, wa = waist, hip = hips, sl = sleeve length
    (jackets only), ht = child's height (children's sizes only). Size labels as in get_costume's sz, e.g.
    "UK 12", "40L", "Age 8-9".
    """
    chart = SIZE_CHARTS.get(_size_key(size))
    if chart is None:
        raise ToolError(f"no size chart for {size!r}")
    return dict(chart)


@mcp.tool()
def list_rentals(customer_id: str | None = None, costume_id: str | None = None, status: str | None = None) -> dict:
    """Rentals of a customer or of one costume, newest first.

    Give customer_id or costume_id (or both). status filters on st. Returns {"rentals": [...], "count"}, each
    rental with rental_id, out (date hired out), due (date due back), st (bkd = booked for the future, out = on
    hire, late = overdue, ret = returned) and n (number of items). Use get_rental for the items and the customer.
    """
    if not customer_id and not costume_id:
        raise ToolError("give customer_id or costume_id")
    rows = list(RENTALS.values())
    if customer_id:
        cid = _customer(customer_id)["id"]
        rows = [r for r in rows if r["cust"] == cid]
    if costume_id:
        kid = _costume(costume_id)["id"]
        rows = [r for r in rows if kid in r["items"]]
    if status:
        if status not in ("bkd", "out", "late", "ret"):
            raise ToolError("status must be bkd, out, late or ret")
        rows = [r for r in rows if r["st"] == status]
    rows.sort(key=lambda r: (r["out"], r["rental_id"]), reverse=True)
    return {"rentals": [{"rental_id": r["rental_id"], "out": r["out"], "due": r["due"], "st": r["st"],
                         "n": len(r["items"])} for r in rows], "count": len(rows)}


@mcp.tool()
def get_rental(rental_id: str) -> dict:
    """One rental.

    Keys: rental_id, cust (customer id), out, due, st (bkd / out / late / ret), items (list of {cid: costume id,
    name, dr: day rate}), amt (hire charge for the whole period, USD), dep (deposit for the rental, USD).
    """
    r = _rental(rental_id)
    return {"rental_id": r["rental_id"], "cust": r["cust"], "out": r["out"], "due": r["due"], "st": r["st"],
            "items": [{"cid": c, "name": COSTUMES[c]["name"], "dr": COSTUMES[c]["dr"]} for c in r["items"]],
            "amt": r["amt"], "dep": r["dep"]}


@mcp.tool()
def get_rental_return(rental_id: str) -> dict:
    """The return inspection of a returned rental.

    Keys: rental_id, ret (date returned), late_d (days late), fee_late (late fee, USD), dmg (damage note, with
    the repair charge; null when none), dep (deposit held, USD), dep_ret (deposit refunded, USD: dep less late
    fee and repair charges), chk (who checked it in).
    """
    r = _rental(rental_id)
    if r["ret"] is None:
        raise ToolError(f"rental {r['rental_id']} has not been returned (st {r['st']})")
    return {k: r[k] for k in ("rental_id", "ret", "late_d", "fee_late", "dmg", "dep", "dep_ret", "chk")}


@mcp.tool()
def list_deposits(customer_id: str) -> dict:
    """Deposits the shop holds for a customer right now (on hire, overdue, or taken up front for a booking).

    Returns {"customer_id", "held": [{"rid": rental id, "amt": USD held, "taken": date taken}], "total_held"}.
    Refunded deposits are not listed (see get_rental_return).
    """
    c = _customer(customer_id)
    held = []
    for r in sorted(RENTALS.values(), key=lambda r: r["rental_id"]):
        if r["cust"] != c["id"] or r["st"] == "ret":
            continue
        amt = r.get("dep_taken", r["dep"])
        held.append({"rid": r["rental_id"], "amt": amt, "taken": r["out"] if r["st"] != "bkd" else "2026-11-02"})
    return {"customer_id": c["id"], "held": held, "total_held": round(sum(x["amt"] for x in held), 2)}


@mcp.tool()
def list_cleaning_jobs(costume_id: str | None = None, status: str | None = None, page: int = 1) -> dict:
    """Cleaning jobs, newest first, ten to a page.

    Filter by costume and/or status. Returns {"jobs": [...], "total", "page", "next_page"}; each job has job
    (id), cid (costume id), by (cleaner), in (date sent), rdy (date ready / back), st (queued = waiting to go,
    out = at the cleaner now, done = back on the rails).
    """
    if page < 1:
        raise ToolError("page must be >= 1")
    rows = CLEANING
    if costume_id:
        kid = _costume(costume_id)["id"]
        rows = [j for j in rows if j["cid"] == kid]
    if status:
        if status not in ("queued", "out", "done"):
            raise ToolError("status must be queued, out or done")
        rows = [j for j in rows if j["st"] == status]
    start = (page - 1) * 10
    return {"jobs": [dict(j) for j in rows[start:start + 10]], "total": len(rows), "page": page,
            "next_page": page + 1 if start + 10 < len(rows) else None}


@mcp.tool()
def list_alterations(rental_id: str | None = None, costume_id: str | None = None) -> dict:
    """Alterations and repairs, by rental and/or costume.

    Returns {"alterations": [...], "count", "amt_sum"}; each has alt (id), cid (costume id), rid (rental id, null
    for repairs not tied to a hire), what, amt (charge, USD), st (queued / in_progress / done), by (who does it);
    amt_sum adds up the listed charges.
    """
    if not rental_id and not costume_id:
        raise ToolError("give rental_id or costume_id")
    rows = ALTERATIONS
    if rental_id:
        rid = _rental(rental_id)["rental_id"]
        rows = [a for a in rows if a["rid"] == rid]
    if costume_id:
        kid = _costume(costume_id)["id"]
        rows = [a for a in rows if a["cid"] == kid]
    return {"alterations": [dict(a) for a in rows], "count": len(rows),
            "amt_sum": round(sum(a["amt"] for a in rows), 2)}


@mcp.tool()
def list_fittings(customer_id: str, from_date: str | None = None, to_date: str | None = None) -> FittingList:
    """A customer's fitting appointments in date order, optionally between two dates (YYYY-MM-DD, inclusive).

    Each fitting: fit (id), dt (date), t (time), rm (room), fitter, cid (costume being fitted).
    """
    c = _customer(customer_id)
    lo, hi = _date(from_date, "from_date"), _date(to_date, "to_date")
    rows = [f for f in FITTINGS if f["cust"] == c["id"]]
    rows += [b for b in BOOKINGS.values() if b["cust"] == c["id"]]
    if lo:
        rows = [f for f in rows if f["dt"] >= lo]
    if hi:
        rows = [f for f in rows if f["dt"] <= hi]
    rows.sort(key=lambda f: (f["dt"], f["t"]))
    return {"customer_id": c["id"], "count": len(rows),
            "fittings": [{k: f[k] for k in ("fit", "dt", "t", "rm", "fitter", "cid")} for f in rows]}


@mcp.tool()
def book_fitting(customer_id: str, costume_id: str, date: str, time: str) -> dict:
    """Book a fitting for a customer to try on a costume.

    date YYYY-MM-DD (after today, 2026-12-04; the shop is closed on Sundays), time HH:MM between 09:00 and 17:00.
    Returns {"code", "customer_id", "costume_id", "dt", "t", "rm", "fitter", "st"}; code is the booking code
    (FT-xxxxxx). Idempotent: booking the same customer, costume, date and time again returns the same booking.
    """
    c, k = _customer(customer_id), _costume(costume_id)
    d = _date(date, "date")
    if d is None:
        raise ToolError("date is required")
    if not re.fullmatch(r"\d{2}:\d{2}", str(time)) or not "09:00" <= time <= "17:00":
        raise ToolError("time must be HH:MM between 09:00 and 17:00")
    if d <= TODAY:
        raise ToolError("fittings can only be booked after today (2026-12-04)")
    if datetime.date.fromisoformat(d).weekday() == 6:
        raise ToolError("the shop is closed on Sundays")
    code = "FT-" + hashlib.sha1(f"{c['id']}|{k['id']}|{d}|{time}".encode()).hexdigest()[:6].upper()
    if code not in BOOKINGS:
        BOOKINGS[code] = {"fit": code, "cust": c["id"], "cid": k["id"], "dt": d, "t": time,
                          "rm": f"Fitting room {1 + _h(code, 2)}", "fitter": FITTERS[_h(code + 'f', 2)]}
    b = BOOKINGS[code]
    return {"code": code, "customer_id": b["cust"], "costume_id": b["cid"], "dt": b["dt"], "t": b["t"],
            "rm": b["rm"], "fitter": b["fitter"], "st": "booked"}


if __name__ == "__main__":
    mcp.run()
