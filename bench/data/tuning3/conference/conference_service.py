"""SYSDIST 2027 (Symposium on Distributed Systems, Halvard Bay) API: a small in-memory HTTP service (Python
standard library only).

Usage: python conference_service.py PORT   (serves under /api on 127.0.0.1:PORT)
Deterministic: fixed seed data ("today" is 2027-05-20; workshops on 2027-06-14, main programme 2027-06-15..17),
no clock, no randomness; workshop confirmation codes are derived from the registration and the workshop.
All names, emails, affiliations, companies, rooms and codes are invented. Licence: Apache-2.0.
"""
import datetime
import hashlib
import json
import re
import sys
import threading
import unicodedata
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, unquote, urlsplit

LOCK = threading.Lock()
ROUTES = []


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


def fold(text):
    return "".join(c for c in unicodedata.normalize("NFKD", str(text)) if not unicodedata.combining(c)).lower()


def tokens(text):
    return [t for t in re.split(r"[\s,.:;!?\"'\u2019()]+", fold(text)) if t]


def words_in(query, text):
    low = fold(text)
    return all(t in low for t in tokens(query) if t not in ("dr", "prof"))


def get_or_404(table, key, what):
    row = table.get(str(key).strip().upper())
    if row is None:
        raise ApiError(404, f"no {what} {key!r}")
    return row


def int_param(query, name, default, lo=1, hi=100):
    raw = query.get(name)
    if raw in (None, ""):
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ApiError(400, f"{name} must be an integer") from None
    if not lo <= value <= hi:
        raise ApiError(400, f"{name} must be between {lo} and {hi}")
    return value


def date_param(value, name):
    try:
        return datetime.date.fromisoformat(str(value).strip()).isoformat()
    except ValueError:
        raise ApiError(400, f"{name} must be a date YYYY-MM-DD") from None


def paginate(rows, query, default_size):
    page, size = int_param(query, "page", 1, 1, 1000), int_param(query, "page_size", default_size, 1, 50)
    first = (page - 1) * size
    return rows[first:first + size], {"page": page, "page_size": size, "total_count": len(rows),
                                      "next_page": page + 1 if first + size < len(rows) else None}


# ------------------------------------------------------------------------------------------------ seed data
ROOMS = {r["id"]: r for r in [
    {"id": "R-A1", "nm": "Aurora Hall", "cap": 620, "flr": 0, "bldg": "Main Hall", "acc": True},
    {"id": "R-B2", "nm": "Birch Room", "cap": 140, "flr": 1, "bldg": "Main Hall", "acc": True},
    {"id": "R-B3", "nm": "Birch Room Annex", "cap": 60, "flr": 1, "bldg": "Main Hall", "acc": True},
    {"id": "R-C1", "nm": "Cedar Lecture Theatre", "cap": 260, "flr": 0, "bldg": "West Wing", "acc": True},
    {"id": "R-C2", "nm": "Cedar Seminar Room", "cap": 40, "flr": 2, "bldg": "West Wing", "acc": False},
    {"id": "R-D1", "nm": "Dunmore Atrium", "cap": 300, "flr": 0, "bldg": "Main Hall", "acc": True},
    {"id": "R-E1", "nm": "Elm Workshop Lab", "cap": 36, "flr": 2, "bldg": "Lab Block", "acc": True},
    {"id": "R-E2", "nm": "Elm Workshop Lab 2", "cap": 30, "flr": 3, "bldg": "Lab Block", "acc": True},
]}

SPEAKERS = {s["speaker_id"]: s for s in [
    {"speaker_id": "SP-101", "name": "Anneliese Ko", "affiliation": "Norrvik Institute of Technology",
     "country": "Norway", "bio": "Works on verification of replication protocols and model checking at scale."},
    {"speaker_id": "SP-102", "name": "Annelise Koh", "affiliation": "Pellwood University", "country": "Singapore",
     "bio": "Studies latency in wide-area storage systems."},
    {"speaker_id": "SP-103", "name": "Mateus Bernardi", "affiliation": "Corvane Systems", "country": "Brazil",
     "bio": "Engineer on Corvane's replicated log; previously a consensus researcher."},
    {"speaker_id": "SP-104", "name": "Matteo Bernardini", "affiliation": "University of Valmora", "country": "Italy",
     "bio": "PhD candidate working on clock-free agreement protocols."},
    {"speaker_id": "SP-105", "name": "Yusuf Adeyemi-Lund", "affiliation": "Stromhaven College", "country": "Sweden",
     "bio": "Distributed algorithms, leaderless replication."},
    {"speaker_id": "SP-106", "name": "Signe Haraldsd\u00f3ttir", "affiliation": "Skarvik University",
     "country": "Iceland", "bio": "Quorum systems and their deployment in practice."},
    {"speaker_id": "SP-107", "name": "Rafael Quintero-Vance", "affiliation": "Lumora Cloud", "country": "Spain",
     "bio": "Reliability engineering lead; runs game days for a living."},
    {"speaker_id": "SP-108", "name": "Keiko Tanabe-Rowe", "affiliation": "Fairhollow Research", "country": "Japan",
     "bio": "Observability, tracing and telemetry pipelines."},
    {"speaker_id": "SP-109", "name": "Lorcan Devereux", "affiliation": "Brackwater Institute", "country": "Ireland",
     "bio": "Formal methods for practitioners; TLA+ and P."},
    {"speaker_id": "SP-110", "name": "Ilse Vandermeer", "affiliation": "Delftmoor University",
     "country": "Netherlands", "bio": "File systems, crash consistency and testing."},
    {"speaker_id": "SP-111", "name": "Tomasz Wierzbicki", "affiliation": "Pellwood University", "country": "Poland",
     "bio": "Byzantine fault tolerance and cost models."},
    {"speaker_id": "SP-112", "name": "Oona Castellanos", "affiliation": "Tidemark Data", "country": "Finland",
     "bio": "Storage engines and LSM trees."},
    {"speaker_id": "SP-113", "name": "Hamid Sarrafzadeh", "affiliation": "Norrvik Institute of Technology",
     "country": "Norway", "bio": "Datacenter networking and RDMA."},
    {"speaker_id": "SP-114", "name": "Priyanka Dasgupta-Reid", "affiliation": "Lumora Cloud", "country": "UK",
     "bio": "Gossip protocols and membership at very large scale."},
    {"speaker_id": "SP-115", "name": "Bertil \u00c5ngstr\u00f6m", "affiliation": "Skarvik University",
     "country": "Sweden", "bio": "Emeritus professor; consistency models."},
]}


def _s(sid, title, day, start, end, room, chair, track):
    return {"session_id": sid, "title": title, "day": day, "start": start, "end": end, "room_id": room,
            "chair_id": chair, "track": track}


D1, D2, D3 = "2027-06-15", "2027-06-16", "2027-06-17"
SESSIONS = {s["session_id"]: s for s in [
    _s("S-101", "Opening Keynote", D1, "09:00", "10:00", "R-A1", "SP-113", "plenary"),
    _s("S-102", "Consensus I", D1, "10:30", "12:00", "R-C1", "SP-110", "consensus"),
    _s("S-103", "Storage I", D1, "10:30", "12:00", "R-B2", "SP-107", "storage"),
    _s("S-104", "Networking", D1, "10:30", "12:00", "R-B3", "SP-108", "networking"),
    _s("S-105", "Consensus II", D1, "13:30", "15:00", "R-C1", "SP-101", "consensus"),
    _s("S-106", "Poster Session A", D1, "15:30", "17:00", "R-D1", "SP-109", "posters"),
    _s("S-201", "Keynote: Systems Research in an Age of Abundant Compute", D2, "09:00", "10:00", "R-A1", "SP-106",
       "plenary"),
    _s("S-202", "Storage II", D2, "10:30", "12:00", "R-C1", "SP-112", "storage"),
    _s("S-203", "Edge and IoT", D2, "10:30", "12:00", "R-B3", "SP-113", "networking"),
    _s("S-204", "Serverless", D2, "13:30", "15:00", "R-B3", "SP-114", "cloud"),
    _s("S-205", "Birds of a Feather: Rust in Systems", D2, "15:30", "16:30", "R-B3", "SP-110", "community"),
    _s("S-206", "Industry Talks I", D2, "16:45", "17:45", "R-B3", "SP-107", "industry"),
    _s("S-207", "Student Research Competition", D2, "08:00", "08:50", "R-B3", "SP-111", "community"),
    _s("S-208", "Security", D2, "10:30", "12:00", "R-B2", "SP-105", "security"),
    _s("S-209", "Verification", D2, "13:30", "15:00", "R-B2", "SP-109", "verification"),
    _s("S-301", "Cloud Infrastructure", D3, "09:00", "10:30", "R-C1", "SP-114", "cloud"),
    _s("S-302", "Fault Tolerance", D3, "11:00", "12:30", "R-C1", "SP-103", "consensus"),
    _s("S-303", "Best Paper Session", D3, "14:00", "15:30", "R-C1", "SP-105", "plenary"),
    _s("S-304", "Closing Panel: What Should We Stop Building?", D3, "16:00", "17:00", "R-A1", "SP-115", "plenary"),
    _s("S-305", "Doctoral Symposium", D3, "14:00", "17:00", "R-C2", "SP-106", "community"),
    _s("S-306", "Industry Talks II", D3, "11:00", "12:30", "R-B3", "SP-112", "industry"),
]}


def _t(tid, title, session, start, end, speakers, abstract, slides=None):
    s = SESSIONS[session]
    return {"talk_id": tid, "title": title, "session_id": session, "day": s["day"], "start": start, "end": end,
            "track": s["track"], "speaker_ids": speakers, "abstract": abstract, "slides_url": slides}


TALKS = {t["talk_id"]: t for t in [
    _t("T-2101", "The Long Road to Linearizability", "S-101", "09:00", "10:00", ["SP-115"],
       "Forty years of consistency models, and which of them practitioners actually use."),
    _t("T-2102", "Consensus Without Clocks", "S-102", "10:30", "11:00", ["SP-103", "SP-112"],
       "A replicated log that never reads a wall clock, deployed across three continents."),
    _t("T-2103", "Leaderless Raft Is Not an Oxymoron", "S-102", "11:00", "11:30", ["SP-105"],
       "Removing the leader from Raft without losing its simplicity; consensus in the common case."),
    _t("T-2104", "Byzantine Quorums on a Budget", "S-102", "11:30", "12:00", ["SP-111"],
       "Cost models for BFT consensus in permissioned ledgers."),
    _t("T-2105", "Tail Latency in Geo-Replicated Stores", "S-103", "10:30", "11:15", ["SP-102"],
       "Where the 99.9th percentile comes from when replicas are an ocean apart."),
    _t("T-2106", "Compaction Debt in LSM Trees", "S-103", "11:15", "12:00", ["SP-112"],
       "Measuring and paying down deferred compaction work."),
    _t("T-2107", "Gossip Protocols at Planetary Scale", "S-104", "10:30", "11:15", ["SP-114"],
       "Membership for a million nodes with bounded bandwidth."),
    _t("T-2108", "Congestion Control for RDMA Fabrics", "S-104", "11:15", "12:00", ["SP-113"],
       "Why lossless networks still need congestion control."),
    _t("T-2110", "Flexible Paxos in Production", "S-105", "13:30", "14:00", ["SP-106"],
       "Five years of running flexible quorums; what consensus looks like in the field."),
    _t("T-2109", "Consensus Without Clocks, Revisited", "S-105", "14:00", "14:30", ["SP-104"],
       "A formal look at clock-free agreement: where the original protocol needs timing after all."),
    _t("T-2111", "Reconfiguration Is the Hard Part", "S-105", "14:30", "15:00", ["SP-105"],
       "Membership changes in consensus groups, with a catalogue of published bugs."),
    _t("T-2201", "Systems Research in an Age of Abundant Compute", "S-201", "09:00", "10:00", ["SP-108"],
       "Keynote on what changes when hardware is no longer the bottleneck."),
    _t("T-2202", "Erasure Coding Meets Tiered Storage", "S-202", "10:30", "11:00", ["SP-115"],
       "Placing erasure-coded stripes across hot and cold tiers."),
    _t("T-2203", "Tail Latency Budgets for Serverless Storage", "S-202", "11:00", "11:30", ["SP-101"],
       "Allocating a latency budget across function cold start, network and storage."),
    _t("T-2214", "Crash Consistency Bugs Hiding in Plain Sight", "S-202", "11:30", "12:00", ["SP-110"],
       "Fuzzing fsync orderings finds bugs in five production file systems.", "https://slides.example.org/t-2214"),
    _t("T-2204", "Tiny Consensus for Edge Devices", "S-203", "10:30", "11:15", ["SP-105"],
       "A consensus protocol that fits in 64 KB of RAM."),
    _t("T-2205", "Cold Starts Considered Harmful", "S-204", "13:30", "14:15", ["SP-107"],
       "Measuring cold start cost across four serverless platforms."),
    _t("T-2206", "Confidential Computing for Replicated State Machines", "S-208", "10:30", "11:15", ["SP-111"],
       "Running consensus replicas inside enclaves."),
    _t("T-2207", "Proving Liveness Without Tears", "S-209", "13:30", "14:15", ["SP-109"],
       "Practical liveness proofs for consensus protocols in TLA+."),
    _t("T-2301", "Control Planes That Fail Gracefully", "S-301", "09:00", "09:45", ["SP-107"],
       "Designing cloud control planes whose outages do not take down the data plane."),
    _t("T-2302", "Gossip-Based Failure Detection Revisited", "S-301", "09:45", "10:30", ["SP-114", "SP-113"],
       "Tuning phi-accrual detectors with production traces."),
    _t("T-2304", "Model Checking Raft Reconfiguration", "S-302", "11:00", "11:45", ["SP-101"],
       "Exhaustive checking of joint consensus finds two new corner cases."),
    _t("T-2305", "Partial Network Partitions in the Wild", "S-302", "11:45", "12:30", ["SP-113"],
       "A study of 140 partial partition incidents."),
    _t("T-2306", "Best Paper: Deterministic Simulation for Everyone", "S-303", "14:00", "15:30", ["SP-110"],
       "Making deterministic simulation testing cheap enough for small teams."),
]}

WORKSHOPS = {w["workshop_id"]: w for w in [
    {"workshop_id": "WS-01", "title": "Hands-on Chaos Engineering", "day": "2027-06-14", "start": "09:00",
     "end": "12:30", "room_id": "R-E1", "organizer_ids": ["SP-107"], "capacity": 36, "seats_taken": 31,
     "fee": {"standard": 120.0, "student": 60.0}, "prerequisites": "Laptop with Docker installed",
     "description": "Break a small microservice system on purpose and learn to run safe experiments."},
    {"workshop_id": "WS-02", "title": "Chaos Engineering Without the Chaos", "day": "2027-06-14", "start": "14:00",
     "end": "17:30", "room_id": "R-C2", "organizer_ids": ["SP-114"], "capacity": 40, "seats_taken": 40,
     "fee": {"standard": 120.0, "student": 60.0}, "prerequisites": "None",
     "description": "Planning and governance of fault-injection programmes; no laptop needed."},
    {"workshop_id": "WS-03", "title": "Formal Methods for Practitioners: TLA+ in a Day", "day": "2027-06-14",
     "start": "09:00", "end": "17:00", "room_id": "R-E2", "organizer_ids": ["SP-109"], "capacity": 30,
     "seats_taken": 27, "fee": {"standard": 180.0, "student": 90.0}, "prerequisites": "TLA+ Toolbox installed",
     "description": "Specify and model-check a small replication protocol, start to finish."},
    {"workshop_id": "WS-04", "title": "Observability Pipelines from Scratch", "day": "2027-06-14", "start": "09:00",
     "end": "12:30", "room_id": "R-B3", "organizer_ids": ["SP-108"], "capacity": 60, "seats_taken": 49,
     "fee": {"standard": 120.0, "student": 60.0}, "prerequisites": "Laptop; basic Go or Python",
     "description": "Build a tracing and metrics pipeline and use it to find a planted latency bug."},
    {"workshop_id": "WS-05", "title": "Verifying Consensus with Model Checking", "day": "2027-06-14",
     "start": "14:00", "end": "17:30", "room_id": "R-E1", "organizer_ids": ["SP-101", "SP-104"], "capacity": 36,
     "seats_taken": 18, "fee": {"standard": 120.0, "student": 60.0}, "prerequisites": "Some TLA+ or Alloy",
     "description": "Model-check Raft and a clock-free protocol; compare what each checker finds."},
    {"workshop_id": "WS-06", "title": "Writing a Good Systems Paper", "day": "2027-06-14", "start": "14:00",
     "end": "16:00", "room_id": "R-B2", "organizer_ids": ["SP-111"], "capacity": 140, "seats_taken": 88,
     "fee": {"standard": 0.0, "student": 0.0}, "prerequisites": "None",
     "description": "How programme committees read your paper, with worked examples."},
]}

REGISTRATIONS = {r["reg"]: r for r in [
    {"reg": "REG-5521", "nm": "Fenna Brouwer", "em": "fenna.brouwer@example.org", "tkt": "academic",
     "ws": ["WS-03"], "days": ["2027-06-14", D1, D2, D3], "paid": True},
    {"reg": "REG-5522", "nm": "Fenna Brouwers", "em": "f.brouwers@example.com", "tkt": "industry",
     "ws": ["WS-04"], "days": [D1, D2], "paid": True},
    {"reg": "REG-5534", "nm": "Oluwaseun Marsh", "em": "oluwaseun.marsh@example.com", "tkt": "student",
     "ws": [], "days": ["2027-06-14", D1, D2, D3], "paid": True},
    {"reg": "REG-5535", "nm": "Oluwaseun Marshall", "em": "oluwaseun.marshall@example.net", "tkt": "industry",
     "ws": ["WS-01"], "days": ["2027-06-14", D1], "paid": False},
    {"reg": "REG-5540", "nm": "Dagny Rosenqvist", "em": "dagny.r@example.net", "tkt": "industry",
     "ws": ["WS-01", "WS-05"], "days": ["2027-06-14", D1, D2, D3], "paid": True},
    {"reg": "REG-5547", "nm": "Ilse Vandermeer", "em": "ilse.vandermeer@example.net", "tkt": "speaker",
     "ws": [], "days": [D1, D2, D3], "paid": True},
    {"reg": "REG-5551", "nm": "Caspian Whitlow", "em": "caspian.whitlow@example.org", "tkt": "student",
     "ws": ["WS-02", "WS-06"], "days": ["2027-06-14", D1], "paid": True},
]}

SPONSORS = [
    {"name": "Lumora Cloud", "tier": "platinum", "booth": "A1", "website": "https://lumora-cloud.example.com",
     "supports": ["Opening Keynote", "Hands-on Chaos Engineering"]},
    {"name": "Tidemark Data", "tier": "platinum", "booth": "A2", "website": "https://tidemark.example.com",
     "supports": ["Conference dinner"]},
    {"name": "Lumora Analytics", "tier": "gold", "booth": "B4", "website": "https://lumora-analytics.example.net",
     "supports": ["Poster Session A"]},
    {"name": "Corvane Systems", "tier": "gold", "booth": "B1", "website": "https://corvane.example.com",
     "supports": ["Student travel grants"]},
    {"name": "Brightwell Storage", "tier": "gold", "booth": "B2", "website": "https://brightwell.example.org",
     "supports": ["Best Paper Award"]},
    {"name": "Fernlake Networks", "tier": "silver", "booth": "C3", "website": "https://fernlake.example.com",
     "supports": []},
    {"name": "Quillstack", "tier": "silver", "booth": "C5", "website": "https://quillstack.example.io",
     "supports": ["Coffee breaks"]},
    {"name": "Halvard Bay Tourism Board", "tier": "community", "booth": None,
     "website": "https://visit-halvardbay.example.org", "supports": ["Welcome reception"]},
]

SIGNUPS = {}  # confirmation code -> confirmation, made through the API


def confirmation_code(reg_id, workshop_id):
    return "WSR-" + hashlib.sha1(f"{reg_id}|{workshop_id}".encode()).hexdigest().upper()[:6]


def speaker_ref(sid):
    s = SPEAKERS[sid]
    return {"speaker_id": sid, "name": s["name"], "affiliation": s["affiliation"]}


def workshop_row(w):
    return {"workshop_id": w["workshop_id"], "title": w["title"], "day": w["day"], "start": w["start"],
            "end": w["end"], "room_id": w["room_id"], "capacity": w["capacity"],
            "seats_left": w["capacity"] - w["seats_taken"]}


# ------------------------------------------------------------------------------------------------ routes
@route("GET", "/talks")
def search_talks(params, query, body):
    q = (query.get("q") or "").strip()
    day = date_param(query["day"], "day") if query.get("day") else None
    track = (query.get("track") or "").strip().lower()
    speaker = (query.get("speaker_id") or "").strip().upper()
    rows = [t for t in TALKS.values() if (not q or words_in(q, t["title"] + " " + t["abstract"]))
            and (not day or t["day"] == day) and (not track or t["track"] == track)
            and (not speaker or speaker in t["speaker_ids"])]
    rows.sort(key=lambda t: (t["day"], t["start"], t["talk_id"]))
    page, meta = paginate(rows, query, 5)
    items = [{k: t[k] for k in ("talk_id", "title", "day", "start", "session_id", "track")} for t in page]
    return 200, {"talks": items, **meta}


@route("GET", "/talks/{talk_id}")
def get_talk(params, query, body):
    t = get_or_404(TALKS, params["talk_id"], "talk")
    s = SESSIONS[t["session_id"]]
    out = {k: v for k, v in t.items() if k not in ("speaker_ids", "session_id")}
    out["speakers"] = [speaker_ref(sid) for sid in t["speaker_ids"]]
    out["session"] = {"session_id": s["session_id"], "title": s["title"], "room_id": s["room_id"],
                      "room_name": ROOMS[s["room_id"]]["nm"]}
    return 200, out


@route("GET", "/speakers")
def search_speakers(params, query, body):
    name = (query.get("name") or "").strip()
    aff = (query.get("affiliation") or "").strip()
    rows = [speaker_ref(sid) for sid, s in SPEAKERS.items()
            if (not name or words_in(name, s["name"])) and (not aff or words_in(aff, s["affiliation"]))]
    return 200, {"speakers": rows, "count": len(rows)}


@route("GET", "/speakers/{speaker_id}")
def get_speaker(params, query, body):
    s = get_or_404(SPEAKERS, params["speaker_id"], "speaker")
    sid = s["speaker_id"]
    talks = [{"talk_id": t["talk_id"], "title": t["title"]}
             for t in sorted(TALKS.values(), key=lambda t: t["talk_id"]) if sid in t["speaker_ids"]]
    workshops = [{"workshop_id": w["workshop_id"], "title": w["title"]}
                 for w in WORKSHOPS.values() if sid in w["organizer_ids"]]
    chairs = [x["session_id"] for x in SESSIONS.values() if x["chair_id"] == sid]
    return 200, {**s, "talks": talks, "workshops": workshops, "chairs_sessions": chairs}


@route("GET", "/sessions")
def list_sessions(params, query, body):
    day = date_param(query["day"], "day") if query.get("day") else None
    room = (query.get("room_id") or "").strip().upper()
    track = (query.get("track") or "").strip().lower()
    if room and room not in ROOMS:
        raise ApiError(404, f"no room {room!r}; GET /rooms lists room ids")
    rows = [s for s in SESSIONS.values() if (not day or s["day"] == day) and (not room or s["room_id"] == room)
            and (not track or s["track"] == track)]
    rows.sort(key=lambda s: (s["day"], s["start"], s["session_id"]))
    page, meta = paginate(rows, query, 4)
    items = [{k: s[k] for k in ("session_id", "title", "day", "start", "end", "room_id", "track")} for s in page]
    return 200, {"sessions": items, **meta}


@route("GET", "/sessions/{session_id}")
def get_session(params, query, body):
    s = get_or_404(SESSIONS, params["session_id"], "session")
    talks = sorted((t for t in TALKS.values() if t["session_id"] == s["session_id"]), key=lambda t: t["start"])
    return 200, {"session_id": s["session_id"], "title": s["title"], "day": s["day"], "start": s["start"],
                 "end": s["end"], "track": s["track"],
                 "room": {"room_id": s["room_id"], "name": ROOMS[s["room_id"]]["nm"]},
                 "chair": speaker_ref(s["chair_id"]),
                 "talks": [{"talk_id": t["talk_id"], "title": t["title"], "start": t["start"], "end": t["end"]}
                           for t in talks]}


@route("GET", "/rooms")
def list_rooms(params, query, body):
    bldg = (query.get("building") or "").strip()
    rows = [dict(r) for r in ROOMS.values() if not bldg or words_in(bldg, r["bldg"])]
    return 200, {"rooms": rows, "n": len(rows)}


@route("GET", "/registrations")
def find_registrations(params, query, body):
    email, name = (query.get("email") or "").strip().lower(), (query.get("name") or "").strip()
    if not email and not name:
        raise ApiError(400, "give email or name")
    with LOCK:
        rows = [dict(r, ws=list(r["ws"])) for r in REGISTRATIONS.values()
                if (not email or r["em"] == email) and (not name or words_in(name, r["nm"]))]
    return 200, {"registrations": rows, "n": len(rows)}


@route("GET", "/workshops")
def list_workshops(params, query, body):
    q = (query.get("q") or "").strip()
    day = date_param(query["day"], "day") if query.get("day") else None
    only_open = (query.get("has_seats") or "").strip().lower() in ("true", "1", "yes")
    with LOCK:
        rows = [workshop_row(w) for w in WORKSHOPS.values()
                if (not q or words_in(q, w["title"])) and (not day or w["day"] == day)
                and (not only_open or w["seats_taken"] < w["capacity"])]
    return 200, {"workshops": rows, "count": len(rows)}


@route("GET", "/workshops/{workshop_id}")
def get_workshop(params, query, body):
    w = get_or_404(WORKSHOPS, params["workshop_id"], "workshop")
    with LOCK:
        out = {k: v for k, v in w.items() if k not in ("organizer_ids", "room_id")}
        out["fee"] = dict(w["fee"])
        out["currency"] = "EUR"
        out["seats_left"] = w["capacity"] - w["seats_taken"]
        out["room"] = {"room_id": w["room_id"], "name": ROOMS[w["room_id"]]["nm"],
                       "building": ROOMS[w["room_id"]]["bldg"], "floor": ROOMS[w["room_id"]]["flr"]}
        out["organizers"] = [speaker_ref(sid) for sid in w["organizer_ids"]]
    return 200, out


@route("POST", "/workshops/{workshop_id}/registrations")
def register_for_workshop(params, query, body):
    w = get_or_404(WORKSHOPS, params["workshop_id"], "workshop")
    reg_id = str(body.get("registration_id") or "").strip().upper()
    if not reg_id:
        raise ApiError(400, "field 'registration_id' is required (GET /registrations?email=... gives it)")
    r = get_or_404(REGISTRATIONS, reg_id, "registration")
    code = confirmation_code(r["reg"], w["workshop_id"])
    with LOCK:
        if code in SIGNUPS:
            return 200, SIGNUPS[code]
        if w["workshop_id"] in r["ws"]:
            raise ApiError(409, f"{r['nm']} is already registered for {w['workshop_id']} (booked at registration)")
        if w["day"] not in r["days"]:
            raise ApiError(422, f"registration {r['reg']} does not include {w['day']}")
        for other in r["ws"]:
            o = WORKSHOPS[other]
            if o["day"] == w["day"] and o["start"] < w["end"] and w["start"] < o["end"]:
                raise ApiError(409, f"clashes with {o['workshop_id']} ({o['title']}, {o['start']}-{o['end']})")
        if w["seats_taken"] >= w["capacity"]:
            raise ApiError(409, f"{w['workshop_id']} is full ({w['capacity']} seats)")
        w["seats_taken"] += 1
        r["ws"].append(w["workshop_id"])
        fee = w["fee"]["student" if r["tkt"] == "student" else "standard"]
        SIGNUPS[code] = {"confirmation_code": code, "status": "confirmed", "workshop_id": w["workshop_id"],
                         "workshop_title": w["title"], "registration_id": r["reg"], "name": r["nm"],
                         "day": w["day"], "start": w["start"], "room_id": w["room_id"], "fee_due": fee,
                         "currency": "EUR"}
    return 201, SIGNUPS[code]


@route("GET", "/sponsors")
def list_sponsors(params, query, body):
    tier = (query.get("tier") or "").strip().lower()
    if tier and tier not in ("platinum", "gold", "silver", "community"):
        raise ApiError(400, "tier must be platinum, gold, silver or community")
    rows = [dict(s) for s in SPONSORS if not tier or s["tier"] == tier]
    return 200, {"sponsors": rows, "count": len(rows)}


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
