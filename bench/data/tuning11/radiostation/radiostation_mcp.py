"""Fernhollow Community Radio (94.7 FM) MCP server (stdio): shows, presenters, the weekly schedule, episodes,
playlists (tracks played), listener requests, sponsors and sponsorship deals, and studio bookings.

Run: python radiostation_mcp.py   (speaks MCP over stdin/stdout)
Deterministic: fixed seed data (the station's "today" is 2027-03-01), no clock, no randomness; studio booking
references are derived from the booking's content. State lives in memory for the life of the process. All names,
emails, phone numbers, songs, artists, sponsors and codes are invented. Licence: Apache-2.0.
"""
import datetime
import difflib
import hashlib
import re
import unicodedata
from typing import Optional

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

mcp = _Server("fernhollow-radio")

TODAY = datetime.date(2027, 3, 1)
DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]


def _fold(text) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", str(text)) if not unicodedata.combining(c)).lower()


def _tokens(text):
    return [t for t in re.split(r"[^a-z0-9]+", _fold(text)) if t]


def _has_all(query, text):
    hay = _fold(text)
    return all(t in hay for t in _tokens(query))


# ---------------------------------------------------------------- seed data
PRESENTERS = {p["id"]: p for p in [
    {"id": "PR-201", "name": "Marisol Quennell", "email": "marisol.quennell@example.com", "tel": "07700 900412",
     "joined": "2019-04-01"},
    {"id": "PR-202", "name": "Marisol Quenby", "email": "marisol.quenby@example.com", "tel": "07700 900587",
     "joined": "2022-09-12"},
    {"id": "PR-203", "name": "Tobiah Ashworth-Lyle", "email": "tobiah.ashworth-lyle@example.com",
     "tel": "07700 900133", "joined": "2016-01-04"},
    {"id": "PR-204", "name": "Ngozi Achterberg", "email": "ngozi.achterberg@example.com", "tel": "07700 900268",
     "joined": "2020-06-15"},
    {"id": "PR-205", "name": "Dev Ramaswamy", "email": "dev.ramaswamy@example.com", "tel": "07700 900751",
     "joined": "2021-03-22"},
    {"id": "PR-206", "name": "Dev Ramasamy", "email": "dev.ramasamy@example.com", "tel": "07700 900794",
     "joined": "2026-10-05"},
    {"id": "PR-207", "name": "Ilse Fenwick-Oduya", "email": "ilse.fenwick-oduya@example.com", "tel": "07700 900349",
     "joined": "2018-02-19"},
    {"id": "PR-208", "name": "Caspar Whitlock", "email": "caspar.whitlock@example.com", "tel": "07700 900620",
     "joined": "2017-08-01"},
    {"id": "PR-209", "name": "Juniper Okafor-Bell", "email": "juniper.okafor-bell@example.com",
     "tel": "07700 900905", "joined": "2023-01-09"},
]}

SHOWS = {s["id"]: s for s in [
    {"id": "S-101", "ttl": "The Morning Brew", "gen": "breakfast", "host": "PR-203", "st": "on", "since": "2016-02-01"},
    {"id": "S-102", "ttl": "Morning Brew Weekend", "gen": "breakfast", "host": "PR-202", "st": "on",
     "since": "2022-10-01"},
    {"id": "S-103", "ttl": "Night Owls", "gen": "jazz", "host": "PR-201", "st": "on", "since": "2026-11-06"},
    {"id": "S-104", "ttl": "Night Owls Extra", "gen": "jazz and ambient", "host": "PR-206", "st": "on",
     "since": "2026-12-06"},
    {"id": "S-105", "ttl": "Folk on the Fells", "gen": "folk", "host": "PR-204", "st": "on", "since": "2020-07-01"},
    {"id": "S-106", "ttl": "Sound System Sundays", "gen": "reggae and dub", "host": "PR-205", "st": "on",
     "since": "2021-05-02"},
    {"id": "S-107", "ttl": "Parish Pump", "gen": "local news and talk", "host": "PR-207", "st": "on",
     "since": "2018-03-06"},
    {"id": "S-108", "ttl": "Second Spin", "gen": "vinyl oldies", "host": "PR-208", "st": "hia", "since": "2017-09-07"},
    {"id": "S-109", "ttl": "Fells Youth Hour", "gen": "youth", "host": "PR-209", "st": "on", "since": "2023-01-11"},
    {"id": "S-110", "ttl": "Late Line", "gen": "phone-in", "host": "PR-203", "st": "on", "since": "2024-04-03"},
]}

# slot id, day, start, end, show, studio
SLOTS = [
    ("SL-01", "monday", "07:00", "09:00", "S-101", "A"),
    ("SL-02", "tuesday", "07:00", "09:00", "S-101", "A"),
    ("SL-03", "wednesday", "07:00", "09:00", "S-101", "A"),
    ("SL-04", "thursday", "07:00", "09:00", "S-101", "A"),
    ("SL-05", "friday", "07:00", "09:00", "S-101", "A"),
    ("SL-06", "saturday", "08:00", "10:00", "S-102", "A"),
    ("SL-07", "friday", "22:00", "00:00", "S-103", "B"),
    ("SL-08", "sunday", "23:00", "00:30", "S-104", "B"),
    ("SL-09", "wednesday", "19:00", "21:00", "S-105", "B"),
    ("SL-10", "sunday", "14:00", "16:00", "S-106", "A"),
    ("SL-11", "tuesday", "12:00", "13:00", "S-107", "A"),
    ("SL-12", "thursday", "12:00", "13:00", "S-107", "A"),
    ("SL-13", "thursday", "20:00", "22:00", "S-108", "B"),
    ("SL-14", "wednesday", "17:00", "18:00", "S-109", "A"),
    ("SL-15", "wednesday", "21:00", "23:00", "S-110", "A"),
]

# (show, date) -> fixed details; other episodes are generated below
SPECIAL_EPISODES = {
    ("S-105", "2027-01-13"): {"ep": "EP-3391", "ttl": "Live from the village hall",
                              "loc": "Fernhollow Village Hall (outside broadcast)",
                              "guest": "Rosalind Achebe-Finch", "lis": 640},
    ("S-105", "2027-02-10"): {"ttl": "Songs of crossing and return", "guest": "Wrenna Castellane", "lis": 515},
    ("S-105", "2027-02-17"): {"guest": "Anselm Rooke", "lis": 470},
    ("S-103", "2026-11-13"): {"ttl": "Friday the thirteenth", "guest": None, "lis": 388},
    ("S-103", "2026-11-20"): {"guest": "Lise Thorvaldsen", "lis": 402},
    ("S-108", "2026-12-10"): {"ttl": "Coastal 45s", "guest": None, "lis": 296},
    ("S-106", "2026-11-22"): {"guest": "MC Brannock", "lis": 533},
    ("S-104", "2027-02-14"): {"ttl": "Valentine's drift", "guest": None, "lis": 212},
    ("S-104", "2026-12-13"): {"guest": None, "lis": 174},
    ("S-102", "2027-01-23"): {"guest": None, "lis": 702},
    ("S-102", "2027-02-06"): {"guest": "Ottoline Marsh", "lis": 688},
    ("S-101", "2027-01-20"): {"guest": None, "lis": 861},
}
SKIP_DATES = {"2026-12-25", "2027-01-01"}  # no regular programmes on these days
HIATUS_FROM = {"S-108": "2026-12-18"}


def _episode_id(show, date, taken):
    n = 1000 + int(hashlib.sha1(f"{show}|{date}".encode()).hexdigest(), 16) % 9000
    while f"EP-{n}" in taken:
        n = n + 1 if n < 9999 else 1000
    return f"EP-{n}"


def _minutes(t0, t1):
    a = int(t0[:2]) * 60 + int(t0[3:])
    b = int(t1[:2]) * 60 + int(t1[3:])
    return (b - a) % (24 * 60) or 24 * 60


def _build_episodes():
    episodes = {}
    taken = {v["ep"] for v in SPECIAL_EPISODES.values() if "ep" in v}
    start = datetime.date(2026, 11, 1)
    for slot, day, t0, t1, show, studio in SLOTS:
        first = max(start, datetime.date.fromisoformat(SHOWS[show]["since"]))
        d = first
        while d <= datetime.date(2027, 2, 28):
            iso = d.isoformat()
            if DAYS[d.weekday()] == day and iso not in SKIP_DATES and iso < HIATUS_FROM.get(show, "9999"):
                extra = SPECIAL_EPISODES.get((show, iso), {})
                ep = extra.get("ep") or _episode_id(show, iso, taken)
                taken.add(ep)
                lis = 120 + int(hashlib.sha1(f"lis|{ep}".encode()).hexdigest(), 16) % 600
                episodes[ep] = {"ep": ep, "show": show, "dt": iso, "t0": t0,
                                "ttl": extra.get("ttl") or f"{SHOWS[show]['ttl']}, {d.strftime('%d %b %Y')}",
                                "loc": extra.get("loc") or f"Studio {studio}", "guest": extra.get("guest"),
                                "lis": extra.get("lis", lis), "dur": _minutes(t0, t1)}
            d += datetime.timedelta(days=1)
    return episodes


EPISODES = _build_episodes()
_BY_SHOW_DATE = {(e["show"], e["dt"]): e["ep"] for e in EPISODES.values()}


def _ep(show, date):
    return _BY_SHOW_DATE[(show, date)]


# playlists of the episodes that have one logged: (time, artist, track, listener request id or None)
PLAYLISTS = {
    _ep("S-103", "2026-11-13"): [
        ("22:02", "Corvina Blue", "Lamplighter's Walk", None),
        ("22:09", "The Halvard Quartet", "Blue Lanterns", "RQ-7311"),
        ("22:17", "Ines Marwood Trio", "Cobalt Hour", None),
        ("22:26", "Otto Brennan-Sayle", "Slow Tide Waltz", "RQ-7318"),
        ("22:35", "Corvina Blue", "Salt Road", None),
        ("22:44", "Pell Marrow Sextet", "Afterhours on Quay Street", None),
        ("23:01", "Ines Marwood Trio", "Nine Bells", None),
        ("23:15", "The Halvard Quartet", "Owl Light", None),
    ],
    _ep("S-103", "2026-11-20"): [
        ("22:03", "Pell Marrow Sextet", "Brass Moon", None),
        ("22:12", "Corvina Blue", "Midnight at the Ferry Inn", "RQ-7325"),
        ("22:24", "The Halvard Quartet", "Blue Lanterns", None),
        ("22:38", "Sunniva Aalto", "Low Cloud", None),
    ],
    _ep("S-104", "2026-12-13"): [
        ("23:04", "Kirsi Vantongeren", "Drift Signal", "RQ-7401"),
        ("23:19", "Sunniva Aalto", "Glass Harbour", None),
    ],
    _ep("S-104", "2027-02-14"): [
        ("23:05", "Sunniva Aalto", "Low Cloud", None),
        ("23:21", "Mabel Ostrow", "Harbour Lights", None),
        ("23:40", "Kirsi Vantongeren", "Tidal Clock", None),
    ],
    _ep("S-105", "2027-01-13"): [
        ("19:03", "Arne Tollefsen", "The Ferryman's Daughter", None),
        ("19:11", "The Skelwith Sisters", "Shepherd's Weather", None),
        ("19:26", "Rosalind Achebe-Finch", "Blackthorn Reel (live)", None),
        ("19:40", "Gillan Moorcroft", "Rushbearing Song", None),
    ],
    _ep("S-105", "2027-02-10"): [
        ("19:04", "Gillan Moorcroft", "Copper Beck", None),
        ("19:12", "The Skelwith Sisters", "The Ferryman's Daughter", "RQ-7702"),
        ("19:23", "Wrenna Castellane", "Crossing at Low Water (live)", None),
        ("19:37", "Arne Tollefsen", "Rushbearing Song", "RQ-7709"),
        ("19:52", "Wrenna Castellane", "Return of the Drovers (live)", None),
    ],
    _ep("S-108", "2026-12-10"): [
        ("20:05", "The Marram Boys", "Beach Road 1968", None),
        ("20:18", "Della Fairhurst", "Ring the Quay Bell", None),
        ("20:48", "The Gannets", "Harbour Lights", None),
        ("21:10", "The Marram Boys", "Pier Ballroom", None),
    ],
    _ep("S-106", "2026-11-22"): [
        ("14:06", "Roots Meridian", "Hillside Skank", None),
        ("14:37", "The Gannets", "Harbour Lights", None),
        ("15:02", "Dubwise Fellside", "Tarn Echo", None),
    ],
    _ep("S-102", "2027-01-23"): [
        ("08:05", "Della Fairhurst", "Sunday Papers", "RQ-7502"),
        ("08:32", "The Marram Boys", "Toast and Tide", None),
    ],
    _ep("S-102", "2027-02-06"): [
        ("08:10", "Roots Meridian", "Bright Side of the Bay", "RQ-7512"),
        ("08:41", "Sunniva Aalto", "First Light", None),
    ],
    _ep("S-101", "2027-01-20"): [
        ("07:12", "Mabel Ostrow", "Harbour Lights", None),
        ("07:45", "Della Fairhurst", "Ring the Quay Bell", None),
    ],
}

# listener requests: id, show, listener, song, status (p/y/n), episode it was played in, date received
LISTENER_REQUESTS = [
    ("RQ-7311", "S-103", "Tamsin Orrell", "Blue Lanterns", "y", _ep("S-103", "2026-11-13"), "2026-11-11"),
    ("RQ-7318", "S-103", "Bartholomew Keane", "Slow Tide Waltz", "y", _ep("S-103", "2026-11-13"), "2026-11-12"),
    ("RQ-7325", "S-103", "Hattie Lyall", "Midnight at the Ferry Inn", "y", _ep("S-103", "2026-11-20"), "2026-11-18"),
    ("RQ-7330", "S-103", "Hattie Lyall", "Cobalt Hour", "n", None, "2026-12-02"),
    ("RQ-7352", "S-103", "Yusuf Adeyemi-Rowe", "Green Lamp Blues", "p", None, "2027-02-24"),
    ("RQ-7401", "S-104", "Colm Draper", "Drift Signal", "y", _ep("S-104", "2026-12-13"), "2026-12-10"),
    ("RQ-7404", "S-104", "Colm Draper", "Nightjar", "n", None, "2027-01-05"),
    ("RQ-7501", "S-102", "Ffion Larkspur", "Candlewick Parade", "n", None, "2027-01-15"),
    ("RQ-7502", "S-102", "Ottoline Marsh", "Sunday Papers", "y", _ep("S-102", "2027-01-23"), "2027-01-19"),
    ("RQ-7507", "S-102", "Ruben Castellane", "Tin Roof Lullaby", "n", None, "2027-01-28"),
    ("RQ-7510", "S-102", "Ottoline Marsh", "Kettle's On", "p", None, "2027-02-25"),
    ("RQ-7512", "S-102", "Gideon Fairlie", "Bright Side of the Bay", "y", _ep("S-102", "2027-02-06"), "2027-02-01"),
    ("RQ-7601", "S-101", "Wilf Tennant", "Rise and Grind", "n", None, "2027-01-07"),
    ("RQ-7603", "S-101", "Pia Sorensen-Hale", "Porridge Blues", "n", None, "2027-02-02"),
    ("RQ-7605", "S-101", "Pia Sorensen-Hale", "Ring the Quay Bell", "p", None, "2027-02-26"),
    ("RQ-7702", "S-105", "Dorcas Pennyworth", "The Ferryman's Daughter", "y", _ep("S-105", "2027-02-10"),
     "2027-02-03"),
    ("RQ-7705", "S-105", "Dorcas Pennington", "Cold Haven Shore", "p", None, "2027-02-21"),
    ("RQ-7709", "S-105", "Lachlan Vey", "Rushbearing Song", "y", _ep("S-105", "2027-02-10"), "2027-02-08"),
    ("RQ-7711", "S-105", "Merryn Tolley", "Gallows Pike", "n", None, "2027-02-14"),
]

SPONSORS = {s["id"]: s for s in [
    {"id": "SP-07", "name": "Tarnbeck Brewery", "contact": "Anselm Haverford",
     "email": "anselm@tarnbeck-brewery.example.com", "tel": "07700 900516"},
    {"id": "SP-09", "name": "Ellery's Bakehouse", "contact": "Margit Ellery", "email": "margit@ellerys.example.com",
     "tel": "07700 900377"},
    {"id": "SP-12", "name": "Brackenridge Cycle Works", "contact": "Oona Castellanos",
     "email": "oona@brackenridge.example.com", "tel": "07700 900458"},
    {"id": "SP-14", "name": "Quayside Roasting Co.", "contact": "Ferdie Lomax",
     "email": "ferdie@quaysideroasting.example.com", "tel": "07700 900682"},
    {"id": "SP-15", "name": "Fellgate Building Society", "contact": "Harriet Oyelaran-Stone",
     "email": "community@fellgate.example.com", "tel": "07700 900214"},
]}

# sponsorship deals: id, sponsor, show, monthly amount in pence, from, to (None = open-ended)
SPONSORSHIPS = [
    ("SPN-301", "SP-07", "S-106", 16000, "2025-02-01", "2027-01-31"),
    ("SPN-318", "SP-12", "S-106", 19500, "2027-02-01", None),
    ("SPN-305", "SP-09", "S-103", 15000, "2026-11-06", "2026-12-31"),
    ("SPN-322", "SP-14", "S-103", 22500, "2027-01-01", "2027-12-31"),
    ("SPN-310", "SP-15", "S-101", 40000, "2026-04-01", "2027-03-31"),
    ("SPN-312", "SP-14", "S-102", 9500, "2026-06-01", "2027-05-31"),
    ("SPN-320", "SP-07", "S-105", 12500, "2027-02-01", None),
    ("SPN-299", "SP-09", "S-104", 8000, "2026-12-06", "2027-02-28"),
]

STUDIO_BOOKINGS = {b["ref"]: b for b in [
    {"ref": "BK-20A7F1", "studio": "A", "dt": "2027-03-03", "t0": "09:30", "t1": "11:00", "who": "PR-207",
     "what": "Parish Pump pre-record"},
    {"ref": "BK-5C03D2", "studio": "B", "dt": "2027-03-03", "t0": "14:00", "t1": "16:00", "who": "PR-204",
     "what": "session recording"},
    {"ref": "BK-91E4B8", "studio": "A", "dt": "2027-03-17", "t0": "14:00", "t1": "16:00", "who": "PR-208",
     "what": "vinyl digitising"},
    {"ref": "BK-3D6A90", "studio": "B", "dt": "2027-03-17", "t0": "10:00", "t1": "12:00", "who": "PR-201",
     "what": "interview pre-record"},
]}


def _check():  # the seed data is consistent: every played request is in its episode's playlist
    for rq, show, who, song, st, ep, _ in LISTENER_REQUESTS:
        if st == "y":
            assert EPISODES[ep]["show"] == show and any(r == rq and t == song for _, _, t, r in PLAYLISTS[ep]), rq


_check()


# ---------------------------------------------------------------- helpers
def _show(show_id: str) -> dict:
    s = SHOWS.get(str(show_id).strip().upper())
    if s is None:
        raise ToolError(f"no show {show_id!r} (ids look like S-103; use find_shows)")
    return s


def _presenter(presenter_id: str) -> dict:
    p = PRESENTERS.get(str(presenter_id).strip().upper())
    if p is None:
        raise ToolError(f"no presenter {presenter_id!r} (ids look like PR-201; use find_presenters)")
    return p


def _episode(episode_id: str) -> dict:
    e = EPISODES.get(str(episode_id).strip().upper())
    if e is None:
        raise ToolError(f"no episode {episode_id!r} (ids look like EP-3391; use list_episodes)")
    return e


def _day(day: str) -> str:
    d = _fold(day).strip()
    for full in DAYS:
        if d and (d == full or (len(d) >= 3 and full.startswith(d)) or d == full + "s"):
            return full
    raise ToolError(f"unknown day {day!r}; use a weekday name such as 'wednesday'")


def _date(value: str, name: str) -> str:
    try:
        return datetime.date.fromisoformat(str(value).strip()).isoformat()
    except ValueError:
        raise ToolError(f"{name} must be a date YYYY-MM-DD, got {value!r}") from None


def _time(value: str, name: str) -> str:
    m = re.fullmatch(r"(\d{1,2}):(\d{2})", str(value).strip())
    if not m or int(m.group(1)) > 23 or int(m.group(2)) > 59:
        raise ToolError(f"{name} must be a time HH:MM, got {value!r}")
    return f"{int(m.group(1)):02d}:{m.group(2)}"


# ---------------------------------------------------------------- typed results
class ShowHit(TypedDict):
    id: str
    title: str
    genre: str


class ShowSearch(TypedDict):
    shows: list[ShowHit]
    count: int


class PresenterHit(TypedDict):
    id: str
    name: str


class PresenterSearch(TypedDict):
    presenters: list[PresenterHit]
    count: int


class ShowRef(TypedDict):
    id: str
    title: str


class Presenter(TypedDict):
    id: str
    name: str
    email: str
    phone: str
    joined: str
    shows: list[ShowRef]


class Slot(TypedDict):
    slot_id: str
    day: str
    start: str
    end: str
    show_id: str
    show_title: str
    studio: str
    note: Optional[str]


class Schedule(TypedDict):
    slots: list[Slot]
    count: int


# ---------------------------------------------------------------- tools
@mcp.tool()
def find_shows(query: str) -> ShowSearch:
    """Find shows whose title or genre contains every word of query (e.g. 'night owls', 'folk').

    Returns the matching shows (id, title, genre) and how many matched. Use get_show for the host and status."""
    hits = [{"id": s["id"], "title": s["ttl"], "genre": s["gen"]} for s in SHOWS.values()
            if _has_all(query, s["ttl"] + " " + s["gen"])]
    return {"shows": hits, "count": len(hits)}


@mcp.tool()
def get_show(show_id: str) -> dict:
    """One show by id (e.g. 'S-103').

    Keys: id; ttl = title; gen = genre; host = presenter id of the regular host (see get_presenter);
    st = status ('on' = on air, 'hia' = on hiatus, no episodes at present); since = date of the first broadcast;
    slots = ids of its weekly schedule slots (see get_schedule)."""
    s = _show(show_id)
    return {**s, "slots": [sl[0] for sl in SLOTS if sl[4] == s["id"]]}


@mcp.tool()
def find_presenters(name: str) -> PresenterSearch:
    """Find presenters by name (full or partial; close spellings are included, best match first).

    Returns ids and names only; get_presenter has the contact details and shows."""
    q = " ".join(_tokens(name))
    scored = []
    for p in PRESENTERS.values():
        full = " ".join(_tokens(p["name"]))
        if _has_all(name, p["name"]):
            scored.append((2.0, p))
        else:
            ratio = difflib.SequenceMatcher(None, q, full).ratio()
            if ratio >= 0.8:
                scored.append((ratio, p))
    scored.sort(key=lambda x: (-x[0], x[1]["id"]))
    hits = [{"id": p["id"], "name": p["name"]} for _, p in scored]
    return {"presenters": hits, "count": len(hits)}


@mcp.tool()
def get_presenter(presenter_id: str) -> Presenter:
    """A presenter's profile by id (e.g. 'PR-201'): name, email, phone, the date they joined the station and the
    shows they host."""
    p = _presenter(presenter_id)
    shows = [{"id": s["id"], "title": s["ttl"]} for s in SHOWS.values() if s["host"] == p["id"]]
    return {"id": p["id"], "name": p["name"], "email": p["email"], "phone": p["tel"], "joined": p["joined"],
            "shows": shows}


@mcp.tool()
def get_schedule(day: Optional[str] = None, show_id: Optional[str] = None) -> Schedule:
    """The weekly broadcast schedule: slots by weekday (e.g. day='wednesday') and/or show id, in time order.

    Each slot gives its start and end time (24 h, an end of 00:00 or 00:30 is after midnight), the show and the
    studio it goes out from. Presenters are not listed here (see get_show)."""
    slots = SLOTS
    if day:
        d = _day(day)
        slots = [s for s in slots if s[1] == d]
    if show_id:
        sid = _show(show_id)["id"]
        slots = [s for s in slots if s[4] == sid]
    slots = sorted(slots, key=lambda s: (DAYS.index(s[1]), s[2]))
    out = [{"slot_id": s[0], "day": s[1], "start": s[2], "end": s[3], "show_id": s[4],
            "show_title": SHOWS[s[4]]["ttl"], "studio": s[5],
            "note": "off air while the show is on hiatus" if SHOWS[s[4]]["st"] == "hia" else None} for s in slots]
    return {"slots": out, "count": len(out)}


@mcp.tool()
def list_episodes(show_id: str, page: int = 1, per_page: int = 10) -> dict:
    """Broadcast episodes of a show, newest first, one page at a time.

    Keys: items = [{ep: episode id, dt: broadcast date, ttl: episode title}]; total = number of episodes broadcast
    (all pages); page; per_page (at most 50); next_page = the next page number, or null on the last page."""
    sid = _show(show_id)["id"]
    if page < 1 or not 1 <= per_page <= 50:
        raise ToolError("page must be >= 1 and per_page between 1 and 50")
    eps = sorted((e for e in EPISODES.values() if e["show"] == sid), key=lambda e: e["dt"], reverse=True)
    chunk = eps[(page - 1) * per_page: page * per_page]
    return {"show": sid, "items": [{"ep": e["ep"], "dt": e["dt"], "ttl": e["ttl"]} for e in chunk],
            "total": len(eps), "page": page, "per_page": per_page,
            "next_page": page + 1 if page * per_page < len(eps) else None}


@mcp.tool()
def get_episode(episode_id: str) -> dict:
    """One broadcast episode by id (e.g. 'EP-3391').

    Keys: ep; show = show id; dt = broadcast date; t0 = start time; ttl = episode title; loc = where it was
    broadcast from; guest = studio guest (null if none); lis = estimated audience (listeners); dur = length in
    minutes. The tracks played are in get_playlist."""
    return dict(_episode(episode_id))


@mcp.tool()
def get_playlist(episode_id: str) -> dict:
    """The tracks played in one episode, in running order.

    Keys: ep; n = number of tracks logged; pl = [{pos: position, at: time played, art: artist, trk: track title,
    rq: id of the listener request it answered, or null}]. An episode with no logged playlist has n = 0."""
    e = _episode(episode_id)
    rows = PLAYLISTS.get(e["ep"], [])
    return {"ep": e["ep"], "n": len(rows),
            "pl": [{"pos": i + 1, "at": at, "art": art, "trk": trk, "rq": rq}
                   for i, (at, art, trk, rq) in enumerate(rows)]}


@mcp.tool()
def find_track_plays(title: Optional[str] = None, artist: Optional[str] = None) -> dict:
    """Every logged play of a track, newest first, searched by words of its title and/or artist.

    Keys: n = number of plays; plays = [{ep: episode id, dt: date played, at: time, art: artist, trk: title}]."""
    if not title and not artist:
        raise ToolError("give a title, an artist or both")
    plays = []
    for ep, rows in PLAYLISTS.items():
        for at, art, trk, _ in rows:
            if (not title or _has_all(title, trk)) and (not artist or _has_all(artist, art)):
                plays.append({"ep": ep, "dt": EPISODES[ep]["dt"], "at": at, "art": art, "trk": trk})
    plays.sort(key=lambda p: (p["dt"], p["at"]), reverse=True)
    return {"n": len(plays), "plays": plays}


@mcp.tool()
def list_requests(show_id: str, status: Optional[str] = None) -> dict:
    """Listener song requests sent to a show, oldest first; optionally only one status.

    status: 'p' = pending (not played yet), 'y' = played, 'n' = declined (the words are accepted too).
    Keys: n; items = [{rq: request id, who: listener, song: requested song, st: status code as above,
    ep: episode it was played in (null unless st = 'y'), rcvd: date received}]."""
    sid = _show(show_id)["id"]
    code = None
    if status:
        code = {"p": "p", "pending": "p", "y": "y", "played": "y", "n": "n", "declined": "n",
                "rejected": "n", "turned down": "n"}.get(_fold(status).strip())
        if code is None:
            raise ToolError("status must be p (pending), y (played) or n (declined)")
    items = [{"rq": r[0], "who": r[2], "song": r[3], "st": r[4], "ep": r[5], "rcvd": r[6]}
             for r in LISTENER_REQUESTS if r[1] == sid and (code is None or r[4] == code)]
    return {"show": sid, "n": len(items), "items": items}


@mcp.tool()
def list_sponsorships(show_id: Optional[str] = None, sponsor_id: Optional[str] = None) -> dict:
    """Sponsorship deals, past and present, for a show and/or a sponsor.

    Keys: items = [{sp: deal id, spon: sponsor id (see get_sponsor), show: show id, amt: amount per month in
    pence, from, to: first and last day of the deal (to = null: open-ended), on: true if the deal is running
    on the station's current date}]."""
    sid = _show(show_id)["id"] if show_id else None
    spid = str(sponsor_id).strip().upper() if sponsor_id else None
    if spid and spid not in SPONSORS:
        raise ToolError(f"no sponsor {sponsor_id!r}")
    today = TODAY.isoformat()
    items = [{"sp": d[0], "spon": d[1], "show": d[2], "amt": d[3], "from": d[4], "to": d[5],
              "on": d[4] <= today and (d[5] is None or today <= d[5])}
             for d in SPONSORSHIPS if (sid is None or d[2] == sid) and (spid is None or d[1] == spid)]
    return {"items": items}


@mcp.tool()
def get_sponsor(sponsor_id: str) -> dict:
    """A sponsor by id (e.g. 'SP-12'). Keys: id, name (organisation), contact (person), email, tel."""
    s = SPONSORS.get(str(sponsor_id).strip().upper())
    if s is None:
        raise ToolError(f"no sponsor {sponsor_id!r} (ids look like SP-12)")
    return dict(s)


@mcp.tool()
def list_studio_bookings(date: str, studio: Optional[str] = None) -> dict:
    """Studio bookings on a date (YYYY-MM-DD), optionally for studio 'A' or 'B', in time order.

    Keys: items = [{ref, studio, dt: date, t0, t1: start and end time, who: presenter id, what: purpose}]."""
    d = _date(date, "date")
    st = str(studio).strip().upper().replace("STUDIO", "").strip() if studio else None
    items = sorted((dict(b) for b in STUDIO_BOOKINGS.values() if b["dt"] == d and (st is None or b["studio"] == st)),
                   key=lambda b: (b["t0"], b["studio"]))
    return {"items": items}


@mcp.tool()
def book_studio(presenter_id: str, studio: str, date: str, start: str, end: str, purpose: str = "") -> dict:
    """Book studio 'A' or 'B' for a presenter on a date (YYYY-MM-DD) from start to end (HH:MM, same day).

    Idempotent: the same presenter, studio, date and times return the existing booking (the purpose does not
    change it). Fails if the studio is already booked in an overlapping time.
    Keys: ref = booking reference; studio; dt; t0; t1; who = presenter id; what = purpose; st = 'confirmed'."""
    p = _presenter(presenter_id)
    st = str(studio).strip().upper().replace("STUDIO", "").strip()
    if st not in ("A", "B"):
        raise ToolError("studio must be A or B")
    d = _date(date, "date")
    t0, t1 = _time(start, "start"), _time(end, "end")
    if t1 <= t0:
        raise ToolError("end must be after start")
    ref = "BK-" + hashlib.sha1("|".join([p["id"], st, d, t0, t1]).encode()).hexdigest().upper()[:6]
    if ref in STUDIO_BOOKINGS:
        return {**STUDIO_BOOKINGS[ref], "st": "confirmed"}
    for b in STUDIO_BOOKINGS.values():
        if b["studio"] == st and b["dt"] == d and b["t0"] < t1 and t0 < b["t1"]:
            raise ToolError(f"studio {st} is already booked {b['t0']}-{b['t1']} on {d} ({b['ref']})")
    STUDIO_BOOKINGS[ref] = {"ref": ref, "studio": st, "dt": d, "t0": t0, "t1": t1, "who": p["id"],
                            "what": purpose.strip()}
    return {**STUDIO_BOOKINGS[ref], "st": "confirmed"}


if __name__ == "__main__":
    mcp.run()
