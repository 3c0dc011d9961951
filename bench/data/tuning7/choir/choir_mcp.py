"""Larkspur Community Choir MCP server (stdio): singers and voice parts, rehearsals and attendance, concerts and
their programmes, the music library's scores, membership fees and rehearsal apologies.

Run: python choir_mcp.py   (speaks MCP over stdin/stdout)
Deterministic: fixed seed data ("today" is Monday 2027-03-08), no clock, no randomness; apology references are
derived from their content. State lives in memory for the life of the process. All names, emails, phone numbers,
addresses, venues, pieces, composers and codes are invented. Licence: Apache-2.0.
"""
import hashlib
import re
import unicodedata

try:  # pydantic needs typing_extensions.TypedDict on Python < 3.12
    from typing_extensions import TypedDict
except ImportError:
    from typing import TypedDict

try:  # mcp >= 2 renamed FastMCP to MCPServer
    from mcp.server.mcpserver import MCPServer as _Server
    from mcp.server.mcpserver.exceptions import ToolError
except ImportError:  # mcp 1.x
    from mcp.server.fastmcp import FastMCP as _Server
    from mcp.server.fastmcp.exceptions import ToolError

mcp = _Server("larkspur-choir")

TODAY = "2027-03-08"
PARTS = ("soprano_1", "soprano_2", "alto", "tenor", "bass")
STOPWORDS = {"the", "of", "from", "a", "an", "and", "in", "on", "for", "at"}


def _fold(text) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", str(text)) if not unicodedata.combining(c)).lower()


def _tokens(text) -> list:
    return [t for t in re.split(r"[^a-z0-9@._-]+", _fold(text).replace("'", "").replace("\u2019", "")) if t]


def _part(value: str) -> str:
    key = _fold(value).strip().replace(" ", "_").replace("-", "_")
    key = {"soprano1": "soprano_1", "s1": "soprano_1", "first_soprano": "soprano_1", "soprano2": "soprano_2",
           "s2": "soprano_2", "second_soprano": "soprano_2", "altos": "alto", "tenors": "tenor",
           "basses": "bass", "baritone": "bass"}.get(key, key)
    if key not in PARTS:
        raise ToolError(f"unknown voice part {value!r}; parts: {', '.join(PARTS)}")
    return key


def _date(value: str, name: str) -> str:
    v = str(value).strip()
    if not re.match(r"^\d{4}-\d{2}-\d{2}$", v):
        raise ToolError(f"{name} must be a date YYYY-MM-DD")
    return v


def _season(value: str) -> str:
    v = str(value).strip().replace("/", "-")
    m = re.match(r"^(\d{4})-(\d{2}|\d{4})$", v)
    if not m:
        raise ToolError("season must look like 2026-27")
    return f"{m.group(1)}-{m.group(2)[-2:]}"


# ------------------------------------------------------------------ singers
def _s(sid, name, part, email, phone, joined, cat, status="active", role="member", addr=""):
    return {"singer_id": sid, "name": name, "part": part, "email": email, "phone": phone, "joined": joined,
            "fee_category": cat, "status": status, "role": role, "address": addr}


SINGERS = {s["singer_id"]: s for s in [
    _s("SG-101", "Isolde Brannagh", "soprano_1", "isolde.brannagh@example.com", "+44 1632 960 101", "2016-09-12",
       "full", addr="3 Weaver's Court, Larkspur LK2 7DS"),
    _s("SG-102", "Isolde Branagan", "alto", "i.branagan@example.net", "+44 1632 960 102", "2021-01-11", "full",
       role="deputy", addr="18 Pound Lane, Larkspur LK4 1BT"),
    _s("SG-103", "Caspar Whitlow", "tenor", "caspar.whitlow@example.org", "+44 1632 960 103", "2018-09-10", "full",
       addr="Flat 2, 9 Mercer Street, Larkspur LK1 3RW"),
    _s("SG-104", "Caspar Whitlock", "bass", "c.whitlock@example.com", "+44 1632 960 104", "2022-09-05", "full",
       addr="41 Ferry Road, Saltney Cross LK6 2PF"),
    _s("SG-105", "Ngozi Adebanjo-Hale", "soprano_2", "ngozi.ah@example.org", "+44 1632 960 105", "2019-04-29",
       "concession", addr="7 Linnet Close, Larkspur LK3 9QA"),
    _s("SG-106", "Fenella Quist", "alto", "fenella.quist@example.com", "+44 1632 960 106", "2011-09-05", "full",
       role="section leader", addr="The Old Bakehouse, Church Row, Larkspur LK2 1EE"),
    _s("SG-107", "Tobiah Marsden", "bass", "tobiah.marsden@example.net", "+44 1632 960 107", "2013-01-14", "full",
       role="section leader", addr="26 Chandlers Walk, Larkspur LK1 8HN"),
    _s("SG-108", "Ulla Strandqvist", "soprano_1", "ulla.s@example.org", "+44 1632 960 108", "2012-09-03",
       "concession", role="section leader", addr="5 Heron Terrace, Larkspur LK5 4JJ"),
    _s("SG-109", "Rhodri Penhallow", "tenor", "rhodri.penhallow@example.com", "+44 1632 960 109", "2015-09-07",
       "full", role="section leader", addr="12 Kiln Street, Larkspur LK1 5TT"),
    _s("SG-110", "Mei-Lin Okafor", "soprano_2", "meilin.okafor@example.com", "+44 1632 960 110", "2017-01-09",
       "full", role="section leader", addr="60 Tannery Road, Larkspur LK3 6YX"),
    _s("SG-111", "Ewan Castellane", "bass", "ewan.castellane@example.org", "+44 1632 960 111", "2020-09-14",
       "full", status="on_leave", addr="2 Brewers Yard, Larkspur LK4 3MM"),
    _s("SG-112", "Priya Venkataraman", "alto", "priya.venkataraman@example.com", "+44 1632 960 112", "2023-09-11",
       "full", addr="33 Orchard Rise, Larkspur LK5 2CN"),
    _s("SG-113", "Priyanka Venkatesh", "soprano_1", "priyanka.v@example.net", "+44 1632 960 113", "2024-01-08",
       "student", addr="Room 214, Harrow Hall, Larkspur LK1 9UU"),
    _s("SG-114", "Jonty Ferreira", "tenor", "jonty.ferreira@example.org", "+44 1632 960 114", "2020-01-13",
       "student", role="deputy", addr="8 Sexton's Lane, Larkspur LK2 4PB"),
    _s("SG-115", "Hattie Ogunleye", "alto", "hattie.ogunleye@example.com", "+44 1632 960 115", "2024-09-09",
       "student", addr="14 Quarry Hill, Larkspur LK6 1AD"),
    _s("SG-116", "Hattie Ogunbiyi", "soprano_2", "hattie.ogunbiyi@example.org", "+44 1632 960 116", "2022-01-10",
       "full", addr="77 Wharf Street, Larkspur LK1 2GH"),
    _s("SG-117", "Bram de Vries", "bass", "bram.devries@example.com", "+44 1632 960 117", "2019-09-09",
       "concession", addr="4 Millpond Cottages, Saltney Cross LK6 5EW"),
    _s("SG-118", "Solveig Amundsen", "alto", "solveig.amundsen@example.net", "+44 1632 960 118", "2014-09-08",
       "full", status="on_leave", addr="21 Beacon View, Larkspur LK4 8RS"),
    _s("SG-119", "Declan Moorcroft", "tenor", "declan.moorcroft@example.com", "+44 1632 960 119", "2021-09-06",
       "full", addr="10 Gull Lane, Larkspur LK5 7KD"),
    _s("SG-120", "Anselm Greaves", "tenor", "anselm.greaves@example.org", "+44 1632 960 120", "2016-01-11",
       "concession", status="on_leave", addr="49 Rookery Road, Larkspur LK3 3LF"),
    _s("SG-121", "Brambilla Dewhurst", "soprano_1", "b.dewhurst@example.com", "+44 1632 960 121", "2025-09-08",
       "full", addr="6 Saddlers Row, Larkspur LK2 6NP"),
    _s("SG-122", "Orrin Talbot-Webb", "bass", "orrin.tw@example.net", "+44 1632 960 122", "2023-01-09",
       "student", addr="Flat 5, 1 Station Approach, Larkspur LK1 1AA"),
]}

# ------------------------------------------------------------------ fees
FEE_RATES = {
    "2025-26": {"full": 174.0, "concession": 117.0, "student": 66.0},
    "2026-27": {"full": 186.0, "concession": 126.0, "student": 72.0},
}
TERMS = ("autumn", "spring", "summer")

# singer -> season -> list of (date, amount, term(s), ref)
PAYMENTS = {
    "SG-101": {"2025-26": [("2025-09-14", 174.0, "all", "BACS-25-0913")],
               "2026-27": [("2026-09-13", 186.0, "all", "BACS-26-1011")]},
    "SG-102": {"2026-27": [("2026-09-20", 62.0, "autumn", "SO-26-2207"), ("2027-01-17", 62.0, "spring",
                                                                           "SO-27-0118")]},
    "SG-103": {"2025-26": [("2025-09-21", 174.0, "all", "BACS-25-0977")],
               "2026-27": [("2026-09-14", 186.0, "all", "BACS-26-1044")]},
    "SG-104": {"2025-26": [("2025-09-28", 58.0, "autumn", "CASH-0412"), ("2026-01-11", 58.0, "spring",
                                                                         "CASH-0468"),
                           ("2026-04-19", 58.0, "summer", "CASH-0519")],
               "2026-27": [("2026-09-20", 62.0, "autumn", "CASH-0603")]},
    "SG-105": {"2026-27": [("2026-09-13", 42.0, "autumn", "SO-26-2160"), ("2027-01-10", 42.0, "spring",
                                                                          "SO-27-0102")]},
    "SG-106": {"2026-27": [("2026-09-06", 186.0, "all", "BACS-26-0990")]},
    "SG-107": {"2026-27": [("2026-09-13", 186.0, "all", "BACS-26-1003")]},
    "SG-108": {"2026-27": [("2026-09-13", 126.0, "all", "BACS-26-1007")]},
    "SG-109": {"2026-27": [("2026-09-27", 62.0, "autumn", "SO-26-2290"), ("2027-01-10", 62.0, "spring",
                                                                          "SO-27-0107")]},
    "SG-110": {"2026-27": [("2026-09-06", 186.0, "all", "BACS-26-0995")]},
    "SG-112": {"2026-27": [("2026-10-04", 62.0, "autumn", "CASH-0611")]},
    "SG-113": {"2026-27": [("2026-09-20", 72.0, "all", "CARD-7741")]},
    "SG-114": {"2026-27": [("2026-09-13", 24.0, "autumn", "CARD-7702"), ("2027-01-10", 24.0, "spring",
                                                                        "CARD-7790")]},
    "SG-115": {"2026-27": [("2026-09-13", 24.0, "autumn", "CARD-7703")]},
    "SG-116": {"2026-27": [("2026-09-06", 186.0, "all", "BACS-26-0981")]},
    "SG-117": {"2026-27": [("2026-09-20", 42.0, "autumn", "SO-26-2214"), ("2027-01-17", 42.0, "spring",
                                                                          "SO-27-0121")]},
    "SG-119": {"2026-27": [("2026-09-13", 186.0, "all", "BACS-26-1019")]},
    "SG-121": {"2026-27": [("2026-09-27", 62.0, "autumn", "CARD-7755"), ("2027-01-24", 62.0, "spring",
                                                                        "CARD-7801")]},
    "SG-122": {"2026-27": [("2026-10-11", 24.0, "autumn", "CASH-0622")]},
}

# ------------------------------------------------------------------ scores
def _sc(sid, title, composer, arranger, voicing, accomp, publisher, minutes, lang, shelf, total, loans=()):
    return {"score_id": sid, "title": title, "composer": composer, "arranger": arranger, "voicing": voicing,
            "accompaniment": accomp, "publisher": publisher, "duration_min": minutes, "language": lang,
            "shelf": shelf, "copies_total": total,
            "loans": [{"copy": c, "singer_id": s, "since": d} for c, s, d in loans]}


SCORES = {s["score_id"]: s for s in [
    _sc("SC-401", "Tide Over Saltmarsh", "Wilhelmina Skerritt", None, "SATB", "piano", "Fenwick & Lyle", 6,
        "English", "A2-07", 40, [(7, "SG-116", "2025-05-12"), (22, "SG-119", "2026-11-30")]),
    _sc("SC-402", "Tide Over Saltmarsh (SSA version)", "Wilhelmina Skerritt", "Fenella Quist", "SSA", "piano",
        "choir's own edition", 6, "English", "A2-08", 18),
    _sc("SC-405", "Three Estuary Songs", "Oswin Harcastle", None, "SATB + soprano solo", "piano four hands",
        "Greyfriars Music", 14, "English", "B1-03", 36, [(3, "SG-112", "2027-01-11"), (30, "SG-104", "2027-01-11")]),
    _sc("SC-409", "Lanterns on the Water", "Delphine Marchbank", None, "SATB + tenor solo", "piano", "Fenwick & Lyle",
        5, "English", "B1-11", 38, [(12, "SG-121", "2027-02-01")]),
    _sc("SC-410", "Lantern Song", "traditional", "Rhodri Penhallow", "TTBB", "unaccompanied", "choir's own edition",
        3, "Cornish", "C4-02", 12),
    _sc("SC-414", "Evening Hymn for Larkspur", "Hollis Pengarth", None, "SATB", "organ", "Minster Press", 4,
        "English", "A1-15", 44),
    _sc("SC-418", "Magnificat in A flat", "Aurelio Passmore", None, "SATB", "organ", "Minster Press", 7, "English",
        "D3-12", 34, [(9, "SG-103", "2026-02-02")]),
    _sc("SC-419", "Nunc Dimittis in A flat", "Aurelio Passmore", None, "SATB", "organ", "Minster Press", 4,
        "English", "D3-13", 34),
    _sc("SC-422", "The Ferryman's Round", "Greta Holloway-Binns", None, "SATB", "unaccompanied", "Greyfriars Music",
        4, "English", "B2-05", 30, [(7, "SG-117", "2026-10-19"), (17, "SG-105", "2027-02-22"),
                                    (27, "SG-122", "2027-03-01")]),
    _sc("SC-425", "Winter Psalm", "Isambard Kettlewell", None, "SATB divisi", "unaccompanied", "Minster Press", 8,
        "Latin", "A3-01", 42),
    _sc("SC-427", "Gloria for Small Choir", "Cordelia Ashdown", None, "SATB", "organ and brass", "Greyfriars Music",
        11, "Latin", "D1-04", 26),
    _sc("SC-430", "Hey, Robin Redcap", "traditional", "Mei-Lin Okafor", "SATB", "unaccompanied",
        "choir's own edition", 3, "English", "C2-09", 40),
    _sc("SC-433", "Salt Road Carol", "Oswin Harcastle", None, "SATB", "piano", "Greyfriars Music", 4, "English",
        "A3-04", 40),
    _sc("SC-436", "Introit: Light of Lengthening Days", "Cordelia Ashdown", None, "SATB", "organ", "Minster Press",
        3, "English", "D2-06", 32),
]}

# ------------------------------------------------------------------ venues
VENUES = {
    "aldhelm_hall": {"name": "St Aldhelm's Church Hall", "address": "14 Vicarage Lane, Larkspur LK3 2AH",
                     "room": "Main hall"},
    "aldhelm_church": {"name": "St Aldhelm's Church", "address": "Church Row, Larkspur LK2 1EA",
                       "access": "step-free via the north porch"},
    "academy": {"name": "Larkspur Academy Music Room", "address": "Larkspur Academy, Bellfounders Road, LK5 3PG",
                "room": "M4 (second floor, lift by reception)"},
    "cx_studio": {"name": "Corn Exchange Studio", "address": "Corn Exchange, 1 Market Place, Larkspur LK1 4BB",
                  "room": "Studio 2"},
    "corn_exchange": {"name": "Larkspur Corn Exchange", "address": "1 Market Place, Larkspur LK1 4BB",
                      "access": "step-free; hearing loop in the main hall"},
    "quayside": {"name": "Quayside Chapel", "address": "Quayside Chapel, Harbour Walk, Saltney Cross LK6 1QC",
                 "access": "two steps at the entrance; ramp on request"},
    "minster": {"name": "Saltney Minster", "address": "Minster Green, Saltney Cross LK6 3MG",
                "access": "step-free via the south door"},
}

# ------------------------------------------------------------------ rehearsals
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


def _weekday(iso: str) -> str:
    import datetime
    return WEEKDAYS[datetime.date.fromisoformat(iso).weekday()]


def _r(rid, date, start, end, kind, parts, venue, prog, absent=(), apologies=()):
    return {"rehearsal_id": rid, "date": date, "start": start, "end": end, "kind": kind, "parts": list(parts),
            "venue": venue, "prog": [{"sc": sc, "ttl": SCORES[sc]["title"], "bars": bars} for sc, bars in prog],
            "absent": list(absent), "apologies": list(apologies)}


ALL = ("all",)
REHEARSALS = {r["rehearsal_id"]: r for r in [
    _r("RH-2701", "2027-01-11", "19:30", "21:30", "full", ALL, "aldhelm_hall",
       [("SC-418", "whole"), ("SC-419", "whole")], apologies=("SG-104", "SG-113")),
    _r("RH-2702", "2027-01-18", "19:30", "21:30", "full", ALL, "aldhelm_hall",
       [("SC-405", "no. 1"), ("SC-414", "whole")], absent=("SG-122",), apologies=("SG-101",)),
    _r("RH-2703", "2027-01-25", "19:30", "21:30", "full", ALL, "aldhelm_hall",
       [("SC-405", "nos. 1-2"), ("SC-409", "bars 1-48")], apologies=("SG-117", "SG-102")),
    _r("RH-2704", "2027-02-01", "19:30", "21:30", "full", ALL, "aldhelm_hall",
       [("SC-418", "whole"), ("SC-436", "whole")], absent=("SG-115",)),
    _r("RH-2705", "2027-02-08", "19:30", "21:30", "full", ALL, "aldhelm_hall",
       [("SC-405", "no. 3"), ("SC-422", "whole")], apologies=("SG-109", "SG-121")),
    _r("RH-2706", "2027-02-15", "19:30", "21:30", "full", ALL, "aldhelm_hall",
       [("SC-419", "whole"), ("SC-414", "whole")], apologies=("SG-105",)),
    _r("RH-2707", "2027-02-17", "19:00", "20:30", "sectional", ("alto",), "academy",
       [("SC-418", "bars 20-71")], apologies=("SG-112",)),
    _r("RH-2708", "2027-02-22", "19:30", "21:30", "full", ALL, "aldhelm_hall",
       [("SC-409", "whole"), ("SC-436", "whole")], absent=("SG-104",), apologies=("SG-110",)),
    _r("RH-2709", "2027-03-01", "19:30", "21:30", "full", ALL, "aldhelm_hall",
       [("SC-418", "whole"), ("SC-405", "nos. 1-3")], absent=("SG-107",), apologies=("SG-108", "SG-114")),
    _r("RH-2710", "2027-03-03", "19:00", "20:30", "sectional", ("soprano_1", "soprano_2"), "cx_studio",
       [("SC-405", "soprano solo, no. 2")], apologies=("SG-116",)),
    _r("RH-2711", "2027-03-08", "19:30", "21:30", "full", ALL, "aldhelm_hall",
       [("SC-436", "whole"), ("SC-418", "whole"), ("SC-419", "whole")]),
    _r("RH-2712", "2027-03-10", "19:00", "20:30", "sectional", ("tenor", "bass"), "academy",
       [("SC-422", "whole"), ("SC-410", "whole")]),
    _r("RH-2713", "2027-03-15", "18:15", "19:15", "sectional", ("tenor",), "aldhelm_hall",
       [("SC-410", "whole")]),
    _r("RH-2714", "2027-03-15", "19:30", "21:30", "full", ALL, "aldhelm_hall",
       [("SC-405", "nos. 1-2"), ("SC-409", "whole"), ("SC-422", "whole")]),
    _r("RH-2715", "2027-03-17", "19:00", "20:30", "sectional", ("alto",), "academy",
       [("SC-405", "no. 3, bars 1-60")]),
    _r("RH-2716", "2027-03-22", "19:30", "21:30", "full", ALL, "aldhelm_hall",
       [("SC-414", "whole"), ("SC-405", "nos. 1-3"), ("SC-433", "whole")]),
    _r("RH-2717", "2027-03-24", "19:00", "20:30", "sectional", ("soprano_1", "soprano_2"), "cx_studio",
       [("SC-409", "bars 49-end")]),
    _r("RH-2718", "2027-03-26", "18:00", "20:00", "dress", ALL, "aldhelm_church",
       [("SC-436", "whole"), ("SC-418", "whole"), ("SC-419", "whole"), ("SC-414", "whole")]),
    _r("RH-2719", "2027-03-29", "19:30", "21:30", "full", ALL, "aldhelm_hall",
       [("SC-405", "whole"), ("SC-409", "whole")]),
    _r("RH-2720", "2027-03-31", "19:00", "20:30", "sectional", ("alto", "tenor"), "academy",
       [("SC-422", "whole")]),
    _r("RH-2721", "2027-04-05", "19:30", "21:30", "full", ALL, "aldhelm_hall",
       [("SC-422", "whole"), ("SC-414", "whole")]),
    _r("RH-2722", "2027-04-12", "19:30", "21:30", "full", ALL, "aldhelm_hall",
       [("SC-405", "whole"), ("SC-409", "whole"), ("SC-422", "whole"), ("SC-414", "whole")]),
]}

APOLOGIES = {}  # reference -> apology sent through report_absence

# ------------------------------------------------------------------ concerts
def _c(cid, title, date, venue, start, call, prices, programme):
    return {"concert_id": cid, "title": title, "date": date, "venue": venue, "start": start, "call_time": call,
            "tickets": prices,
            "programme": [{"order": i + 1, "score_id": sc, "title": SCORES[sc]["title"],
                           "soloists": [{"singer_id": s, "name": SINGERS[s]["name"]} for s in solo]}
                          for i, (sc, solo) in enumerate(programme)]}


def _p(full, conc):
    return {"full_gbp": full, "concession_gbp": conc, "under_16_gbp": 0.0}


CONCERTS = {c["concert_id"]: c for c in [
    _c("CN-281", "Songs from the Estuary", "2025-06-21", "quayside", "19:30", "18:30", _p(12.0, 8.0),
       [("SC-414", ()), ("SC-409", ("SG-103",)), ("SC-430", ()), ("SC-401", ())]),
    _c("CN-284", "Autumn Evensong", "2025-10-19", "minster", "16:00", "14:45", _p(0.0, 0.0),
       [("SC-427", ()), ("SC-418", ()), ("SC-419", ())]),
    _c("CN-287", "Winter Lights", "2025-12-13", "aldhelm_church", "19:00", "17:45", _p(12.0, 8.0),
       [("SC-425", ()), ("SC-433", ()), ("SC-430", ("SG-116",))]),
    _c("CN-291", "Spring Evensong", "2026-03-29", "minster", "16:00", "14:45", _p(0.0, 0.0),
       [("SC-414", ()), ("SC-418", ()), ("SC-419", ())]),
    _c("CN-294", "Summer Serenade", "2026-06-27", "corn_exchange", "19:30", "18:15", _p(13.5, 9.0),
       [("SC-401", ()), ("SC-430", ()), ("SC-410", ())]),
    _c("CN-297", "Autumn Evensong", "2026-10-18", "minster", "16:00", "14:45", _p(0.0, 0.0),
       [("SC-436", ()), ("SC-427", ())]),
    _c("CN-299", "Winter Lights", "2026-12-12", "aldhelm_church", "19:00", "17:45", _p(13.0, 8.5),
       [("SC-425", ()), ("SC-433", ("SG-119",)), ("SC-422", ())]),
    _c("CN-302", "Spring Evensong", "2027-03-28", "aldhelm_church", "16:00", "14:45", _p(0.0, 0.0),
       [("SC-436", ()), ("SC-418", ()), ("SC-419", ()), ("SC-414", ())]),
    _c("CN-305", "Songs of the Estuary", "2027-04-17", "corn_exchange", "19:30", "18:15", _p(14.5, 9.0),
       [("SC-414", ()), ("SC-405", ("SG-108",)), ("SC-409", ("SG-114",)), ("SC-401", ()), ("SC-422", ())]),
    _c("CN-308", "Summer Serenade", "2027-06-26", "quayside", "19:30", "18:30", _p(14.5, 9.0),
       [("SC-430", ()), ("SC-433", ()), ("SC-401", ())]),
]}

MUSIC_DIRECTOR = "Cressida Vane"
ACCOMPANIST = "Lowell Tregarthen"


# ------------------------------------------------------------------ typed results
class SingerHit(TypedDict):
    singer_id: str
    name: str
    part: str
    status: str


class SingerSearch(TypedDict):
    singers: list[SingerHit]
    count: int


class PartMember(TypedDict):
    singer_id: str
    name: str
    role: str
    status: str


class PartMembers(TypedDict):
    part: str
    members: list[PartMember]
    count: int


class RehearsalSummary(TypedDict):
    rehearsal_id: str
    date: str
    weekday: str
    start: str
    end: str
    kind: str
    parts: list[str]
    venue: str


class RehearsalPage(TypedDict):
    rehearsals: list[RehearsalSummary]
    page: int
    page_size: int
    total: int
    next_page: int | None


class ConcertSummary(TypedDict):
    concert_id: str
    title: str
    date: str
    status: str
    venue: str


class ConcertPage(TypedDict):
    concerts: list[ConcertSummary]
    page: int
    page_size: int
    total: int
    next_page: int | None


class FeeRate(TypedDict):
    category: str
    season_fee_gbp: float
    per_term_gbp: float


class FeeRates(TypedDict):
    season: str
    terms: list[str]
    rates: list[FeeRate]


class ScoreHit(TypedDict):
    score_id: str
    title: str
    composer: str
    voicing: str


def _singer(singer_id: str) -> dict:
    s = SINGERS.get(str(singer_id).strip().upper())
    if s is None:
        raise ToolError(f"no singer {singer_id!r}")
    return s


def _rehearsal(rehearsal_id: str) -> dict:
    r = REHEARSALS.get(str(rehearsal_id).strip().upper())
    if r is None:
        raise ToolError(f"no rehearsal {rehearsal_id!r}")
    return r


def _concert_status(c) -> str:
    return "upcoming" if c["date"] >= TODAY else "past"


def _expected(r) -> list:
    return [s for s in SINGERS.values() if s["status"] == "active" and s["joined"] <= r["date"]
            and ("all" in r["parts"] or s["part"] in r["parts"])]


# ------------------------------------------------------------------ tools
@mcp.tool()
def find_singers(query: str) -> SingerSearch:
    """Search choir members by name or email (any word may match; best matches first)."""
    words = [t for t in _tokens(query) if t not in STOPWORDS]
    if not words:
        raise ToolError("query is empty")
    scored = []
    for s in SINGERS.values():
        hay = _fold(s["name"] + " " + s["email"]).replace("'", "")
        score = sum(1 for w in words if w in hay)
        if score:
            scored.append((-score, s["singer_id"], s))
    hits = [{"singer_id": s["singer_id"], "name": s["name"], "part": s["part"], "status": s["status"]}
            for _, _, s in sorted(scored, key=lambda x: x[:2])]
    return {"singers": hits, "count": len(hits)}


@mcp.tool()
def get_singer(singer_id: str) -> dict:
    """One member's record: name, voice part, role in the section, email, phone, postal address, date joined,
    membership fee category (full, concession or student) and status (active or on_leave)."""
    return dict(_singer(singer_id))


@mcp.tool()
def list_part_members(part: str, status: str | None = None) -> PartMembers:
    """Members of a voice part (soprano_1, soprano_2, alto, tenor or bass) with their role in the section
    (section leader, deputy or member); status filters active or on_leave members."""
    p = _part(part)
    st = (status or "").strip().lower().replace(" ", "_").replace("-", "_")
    if st and st not in ("active", "on_leave"):
        raise ToolError("status must be active or on_leave")
    order = {"section leader": 0, "deputy": 1, "member": 2}
    rows = sorted([s for s in SINGERS.values() if s["part"] == p and (not st or s["status"] == st)],
                  key=lambda s: (order[s["role"]], s["name"]))
    members = [{"singer_id": s["singer_id"], "name": s["name"], "role": s["role"], "status": s["status"]}
               for s in rows]
    return {"part": p, "members": members, "count": len(members)}


@mcp.tool()
def list_rehearsals(date_from: str | None = None, date_to: str | None = None, part: str | None = None,
                    kind: str | None = None, page: int = 1, page_size: int = 8) -> RehearsalPage:
    """Rehearsals in date order, filtered by dates (YYYY-MM-DD, inclusive), the voice part called (full and dress
    rehearsals call every part) and kind (full, sectional or dress); paginated (page_size at most 20)."""
    start = _date(date_from, "date_from") if date_from else None
    end = _date(date_to, "date_to") if date_to else None
    p = _part(part) if part else None
    k = (kind or "").strip().lower()
    if k and k not in ("full", "sectional", "dress"):
        raise ToolError("kind must be full, sectional or dress")
    if page < 1 or not 1 <= page_size <= 20:
        raise ToolError("page must be >= 1 and page_size between 1 and 20")
    rows = [r for r in REHEARSALS.values() if (not start or r["date"] >= start) and (not end or r["date"] <= end)
            and (not p or "all" in r["parts"] or p in r["parts"]) and (not k or r["kind"] == k)]
    rows.sort(key=lambda r: (r["date"], r["start"]))
    first = (page - 1) * page_size
    items = [{"rehearsal_id": r["rehearsal_id"], "date": r["date"], "weekday": _weekday(r["date"]),
              "start": r["start"], "end": r["end"], "kind": r["kind"], "parts": r["parts"],
              "venue": VENUES[r["venue"]]["name"]} for r in rows[first:first + page_size]]
    return {"rehearsals": items, "page": page, "page_size": page_size, "total": len(rows),
            "next_page": page + 1 if first + page_size < len(rows) else None}


@mcp.tool()
def get_rehearsal(rehearsal_id: str) -> dict:
    """One rehearsal. Keys: id, dt (date), dow (weekday), t (start-end), kind, parts, loc (nm, addr, rm), prog
    (sc = score id, ttl, bars), md (conductor), att (in / apol / awol lists of singer ids; null until it has
    happened), apol_sent (apologies already sent for a future rehearsal)."""
    r = _rehearsal(rehearsal_id)
    v = VENUES[r["venue"]]
    att = None
    if r["date"] < TODAY:
        expected = [s["singer_id"] for s in _expected(r)]
        att = {"in": [s for s in expected if s not in r["absent"] and s not in r["apologies"]],
               "apol": [s for s in expected if s in r["apologies"]],
               "awol": [s for s in expected if s in r["absent"]]}
    sent = sorted(a["singer_id"] for a in APOLOGIES.values() if a["rehearsal_id"] == r["rehearsal_id"])
    return {"id": r["rehearsal_id"], "dt": r["date"], "dow": _weekday(r["date"])[:3],
            "t": f"{r['start']}-{r['end']}", "kind": r["kind"], "parts": r["parts"],
            "loc": {"nm": v["name"], "addr": v["address"], "rm": v.get("room")},
            "prog": [dict(x) for x in r["prog"]], "md": MUSIC_DIRECTOR, "att": att,
            "apol_sent": sent if r["date"] >= TODAY else None}


@mcp.tool()
def report_absence(singer_id: str, rehearsal_id: str, reason: str | None = None) -> dict:
    """Send a singer's apologies for a future rehearsal they are called to. Returns the apology reference
    (AB-xxxxxx), the rehearsal and the reason; sending the same apology again returns the same reference."""
    s, r = _singer(singer_id), _rehearsal(rehearsal_id)
    if r["date"] < TODAY:
        raise ToolError(f"{r['rehearsal_id']} on {r['date']} has already taken place")
    if not ("all" in r["parts"] or s["part"] in r["parts"]):
        raise ToolError(f"{s['name']} ({s['part']}) is not called to {r['rehearsal_id']}")
    ref = "AB-" + hashlib.sha1(f"{s['singer_id']}|{r['rehearsal_id']}".encode()).hexdigest().upper()[:6]
    if ref not in APOLOGIES:
        APOLOGIES[ref] = {"reference": ref, "singer_id": s["singer_id"], "singer_name": s["name"],
                          "rehearsal_id": r["rehearsal_id"], "rehearsal_date": r["date"],
                          "reason": " ".join(str(reason or "not given").split()), "status": "recorded"}
    return dict(APOLOGIES[ref])


@mcp.tool()
def list_concerts(query: str | None = None, status: str | None = None, year: int | None = None,
                  page: int = 1, page_size: int = 5) -> ConcertPage:
    """Concerts, oldest first: query matches words of the title; status is upcoming or past; paginated."""
    words = [t for t in _tokens(query or "") if t not in STOPWORDS]
    st = (status or "").strip().lower()
    if st and st not in ("upcoming", "past"):
        raise ToolError("status must be upcoming or past")
    if page < 1 or not 1 <= page_size <= 20:
        raise ToolError("page must be >= 1 and page_size between 1 and 20")
    rows = [c for c in CONCERTS.values() if all(w in _fold(c["title"]) for w in words)
            and (not st or _concert_status(c) == st) and (not year or c["date"].startswith(str(year)))]
    rows.sort(key=lambda c: c["date"])
    first = (page - 1) * page_size
    items = [{"concert_id": c["concert_id"], "title": c["title"], "date": c["date"], "status": _concert_status(c),
              "venue": VENUES[c["venue"]]["name"]} for c in rows[first:first + page_size]]
    return {"concerts": items, "page": page, "page_size": page_size, "total": len(rows),
            "next_page": page + 1 if first + page_size < len(rows) else None}


@mcp.tool()
def get_concert(concert_id: str) -> dict:
    """A concert's details: date and weekday, start and singers' call time, venue (name, address, access),
    ticket prices in GBP, conductor and accompanist, and the programme in running order (score ids, titles
    and soloists)."""
    c = CONCERTS.get(str(concert_id).strip().upper())
    if c is None:
        raise ToolError(f"no concert {concert_id!r}")
    v = VENUES[c["venue"]]
    return {"concert_id": c["concert_id"], "title": c["title"], "date": c["date"], "weekday": _weekday(c["date"]),
            "status": _concert_status(c), "start": c["start"], "call_time": c["call_time"],
            "venue": {"name": v["name"], "address": v["address"], "access": v.get("access")},
            "tickets": dict(c["tickets"]), "conductor": MUSIC_DIRECTOR, "accompanist": ACCOMPANIST,
            "programme": [{**p, "soloists": [dict(s) for s in p["soloists"]]} for p in c["programme"]]}


@mcp.tool()
def search_scores(text: str) -> list[ScoreHit]:
    """Music library search: scores whose title, composer or arranger contains every word of text."""
    words = [t for t in _tokens(text) if t not in STOPWORDS]
    rows = [s for s in SCORES.values()
            if all(w in _fold(f"{s['title']} {s['composer']} {s['arranger'] or ''}").replace("'", "")
                   for w in words)]
    return [{"score_id": s["score_id"], "title": s["title"], "composer": s["composer"], "voicing": s["voicing"]}
            for s in rows]


@mcp.tool()
def get_score(score_id: str) -> dict:
    """A score in the music library: title, composer, arranger, voicing, accompaniment, publisher, duration,
    language, and library holdings (shelf mark, copies held, copies signed out and available), with the loans
    (copy number, singer id, signed out since)."""
    s = SCORES.get(str(score_id).strip().upper())
    if s is None:
        raise ToolError(f"no score {score_id!r}")
    out = {k: v for k, v in s.items() if k not in ("shelf", "copies_total", "loans")}
    out["library"] = {"shelf": s["shelf"], "copies_total": s["copies_total"], "copies_out": len(s["loans"]),
                      "copies_available": s["copies_total"] - len(s["loans"])}
    out["loans"] = [dict(x) for x in s["loans"]]
    return out


@mcp.tool()
def get_fee_rates(season: str | None = None) -> FeeRates:
    """Membership fee per category (full, concession, student) for a season such as 2026-27 (default: the
    current season); the fee may be paid in three equal termly instalments."""
    key = _season(season) if season else "2026-27"
    if key not in FEE_RATES:
        raise ToolError(f"no rates for {key}; seasons: {', '.join(FEE_RATES)}")
    rates = [{"category": k, "season_fee_gbp": v, "per_term_gbp": round(v / 3, 2)} for k, v in FEE_RATES[key].items()]
    return {"season": key, "terms": list(TERMS), "rates": rates}


@mcp.tool()
def list_fee_payments(singer_id: str, season: str | None = None) -> dict:
    """A singer's membership fee account for a season (default 2026-27). Keys: sid, ssn (season), cat
    (category), due, pd (paid so far), bal (still owed), pmts (dt, amt, trm, ref); amounts in GBP."""
    s = _singer(singer_id)
    key = _season(season) if season else "2026-27"
    if key not in FEE_RATES:
        raise ToolError(f"no fees for {key}; seasons: {', '.join(FEE_RATES)}")
    due = FEE_RATES[key][s["fee_category"]] if not (s["status"] == "on_leave" and key == "2026-27") else 0.0
    pmts = [{"dt": d, "amt": a, "trm": t, "ref": ref} for d, a, t, ref in PAYMENTS.get(s["singer_id"], {}).get(key, [])]
    paid = round(sum(p["amt"] for p in pmts), 2)
    return {"sid": s["singer_id"], "ssn": key, "cat": s["fee_category"], "due": due, "pd": paid,
            "bal": round(max(due - paid, 0.0), 2), "pmts": pmts}


if __name__ == "__main__":
    mcp.run()
