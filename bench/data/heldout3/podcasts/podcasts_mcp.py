"""Podwise podcast directory MCP server (stdio): shows, episodes, hosts, guests, transcript search, weekly
listener charts and listener subscriptions.

Run: python podcasts_mcp.py   (speaks MCP over stdin/stdout)
Deterministic: fixed seed data, no clock, no randomness. The directory's "today" is 2026-11-20 and the latest
chart week starts 2026-11-16; subscription codes are derived from the subscription's content (SHA-1). State
lives in memory for the life of the process.
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

mcp = _Server("podwise-directory")

TODAY = "2026-11-20"


def _fold(text: str) -> str:
    text = "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch)).lower()
    text = re.sub(r"[\u2019'.,:;!?\"()]", "", text)
    return re.sub(r"[\s\-]+", " ", text).strip()


def _words_match(query: str, text: str) -> bool:
    have = _fold(text).split()
    return all(any(h.startswith(w) for h in have) for w in _fold(query).split() if w not in ("the", "a", "an"))


HOSTS = {h["host_id"]: h for h in [
    {"host_id": "HS-01", "name": "Corin Abernathy", "location": "Port Halloran", "email": "corin@thelongtide.example",
     "website": "https://thelongtide.example", "bio": "Maritime historian and former harbour pilot."},
    {"host_id": "HS-02", "name": "Corinne Abernethy", "location": "Aberlady", "email": "corinne@bluefathom.example",
     "website": "https://bluefathom.example/longtides", "bio": "Oceanographer who studies tides and kelp forests."},
    {"host_id": "HS-03", "name": "Anjali Rao", "location": "Arlesford", "email": "anjali@circuitbreakers.example",
     "website": "https://circuitbreakers.example", "bio": "Hardware engineer turned technology journalist."},
    {"host_id": "HS-04", "name": "Felix Brandt", "location": "Arlesford", "email": "felix@circuitbreakers.example",
     "website": "https://circuitbreakers.example", "bio": "Maker, teacher and right-to-repair campaigner."},
    {"host_id": "HS-05", "name": "Marguerite Oyelaran", "location": "Wexmoor",
     "email": "marguerite@kitchentable-econ.example", "website": "https://kitchentable-econ.example",
     "bio": "Household economist; explains money without jargon."},
    {"host_id": "HS-06", "name": "Dario Villanueva", "location": "Coldwater",
     "email": "dario@nightshiftstories.example", "website": "https://nightshiftstories.example",
     "bio": "Former night-desk reporter who retells unsolved local cases."},
    {"host_id": "HS-07", "name": "Tova Lindgren", "location": "Fenholme", "email": "tova@fieldnotes-pod.example",
     "website": "https://fieldnotes-pod.example", "bio": "Field ecologist and nature writer."},
    {"host_id": "HS-08", "name": "Bernard Achterberg", "location": "Little Sowerby",
     "email": "bernard@allotmentnotes.example", "website": "https://allotmentnotes.example",
     "bio": "Allotment holder for thirty years."},
    {"host_id": "HS-09", "name": "Mina Kowalczyk", "location": "Arlesford", "email": "mina@circuitbreakers.example",
     "website": "https://circuitbreakers.example/junior", "bio": "Primary school science teacher."},
    {"host_id": "HS-10", "name": "Sunil Varghese", "location": "Wexmoor", "email": "sunil@themargincall.example",
     "website": "https://themargincall.example", "bio": "Ex-bond trader; weekly markets commentary."},
    {"host_id": "HS-11", "name": "Yara Haddad", "location": "Brightwater", "email": "yara@pocketorbit.example",
     "website": "https://pocketorbit.example", "bio": "Astrophysicist and planetarium presenter."},
    {"host_id": "HS-12", "name": "Lotte Verhagen", "location": "Arlesford", "email": "lotte@seconddraft.example",
     "website": "https://seconddraft.example", "bio": "Novelist and script editor."},
    {"host_id": "HS-13", "name": "Kwame Asante-Boateng", "location": "Brightwater",
     "email": "kwame@bytesized.example", "website": "https://bytesized.example",
     "bio": "Security engineer; five-minute explainers."},
    {"host_id": "HS-14", "name": "Dario Villalobos", "location": "Coldwater", "email": "dario@nightshiftpod.example",
     "website": "https://nightshiftpod.example", "bio": "Emergency-room nurse talking shift work and health."},
]}

SHOWS = {s["show_id"]: s for s in [
    {"show_id": "SH-101", "title": "The Long Tide", "publisher": "Saltmarsh Audio", "category": "History",
     "language": "en", "first_published": "2023-04-02", "host_ids": ["HS-01"],
     "description": "Stories of harbours, mills, wrecks and the people of a changing coast."},
    {"show_id": "SH-102", "title": "Long Tides", "publisher": "Blue Fathom Media", "category": "Science",
     "language": "en", "first_published": "2025-06-10", "host_ids": ["HS-02"],
     "description": "Ocean science in half an hour: tides, currents, kelp and the sea floor."},
    {"show_id": "SH-103", "title": "Circuit Breakers", "publisher": "Relay Podcast Network",
     "category": "Technology", "language": "en", "first_published": "2024-01-16", "host_ids": ["HS-03", "HS-04"],
     "description": "Fortnightly conversations about the hardware that runs the world and who gets to fix it."},
    {"show_id": "SH-104", "title": "Circuit Breakers Junior", "publisher": "Relay Podcast Network",
     "category": "Kids & Family", "language": "en", "first_published": "2025-09-03",
     "host_ids": ["HS-04", "HS-09"], "description": "Technology explained for curious 8 to 12 year olds."},
    {"show_id": "SH-105", "title": "Kitchen Table Economics", "publisher": "Ledgerlight Media",
     "category": "Business", "language": "en", "first_published": "2025-02-05", "host_ids": ["HS-05"],
     "description": "The economics of everyday life, one household question at a time."},
    {"show_id": "SH-106", "title": "Night Shift Stories", "publisher": "Coldwater Sound", "category": "True Crime",
     "language": "en", "first_published": "2023-01-20", "host_ids": ["HS-06"],
     "description": "Unsolved and half-forgotten cases from small towns, told after dark."},
    {"show_id": "SH-107", "title": "Fieldnotes", "publisher": "Fenholme Radio", "category": "Science",
     "language": "en", "first_published": "2021-03-09", "host_ids": ["HS-07"],
     "description": "A weekly walk through the living world with an ecologist and a microphone."},
    {"show_id": "SH-108", "title": "Field Notes from the Allotment", "publisher": "Independent",
     "category": "Leisure", "language": "en", "first_published": "2024-03-01", "host_ids": ["HS-08"],
     "description": "Growing vegetables, badly and then better."},
    {"show_id": "SH-109", "title": "The Margin Call", "publisher": "Ledgerlight Media", "category": "Business",
     "language": "en", "first_published": "2022-11-04", "host_ids": ["HS-10"],
     "description": "Markets, rates and money news, every Friday."},
    {"show_id": "SH-110", "title": "Pocket Orbit", "publisher": "Brightwater Planetarium", "category": "Science",
     "language": "en", "first_published": "2025-01-07", "host_ids": ["HS-11"],
     "description": "Space science small enough to fit in your pocket."},
    {"show_id": "SH-111", "title": "Second Draft", "publisher": "Independent", "category": "Arts",
     "language": "en", "first_published": "2025-08-12", "host_ids": ["HS-12"],
     "description": "Writers on the scenes they had to rewrite."},
    {"show_id": "SH-112", "title": "Byte Sized", "publisher": "Relay Podcast Network", "category": "Technology",
     "language": "en", "first_published": "2026-06-02", "host_ids": ["HS-13"],
     "description": "One security idea in five minutes."},
    {"show_id": "SH-113", "title": "Night Shift", "publisher": "Coldwater Sound", "category": "Health",
     "language": "en", "first_published": "2024-10-01", "host_ids": ["HS-14"],
     "description": "Health, sleep and sanity for people who work while everyone else sleeps."},
]}

GUESTS = {g["guest_id"]: g for g in [
    {"guest_id": "GS-01", "name": "Lucia Ferreira", "affiliation": "The Fixers' Guild", "role": "repair advocate"},
    {"guest_id": "GS-02", "name": "Dr. Halima Osei", "affiliation": "University of Arlesford",
     "role": "materials chemist"},
    {"guest_id": "GS-03", "name": "Pieter van Loon", "affiliation": "Open Acre Cooperative",
     "role": "agricultural engineer"},
    {"guest_id": "GS-04", "name": "Rosalind Achebe-Kerr", "affiliation": "Coastmesh", "role": "network engineer"},
    {"guest_id": "GS-05", "name": "Morwenna Pascoe", "affiliation": "Estuary Heritage Trust",
     "role": "industrial archaeologist"},
    {"guest_id": "GS-06", "name": "Idris Penhallow", "affiliation": "Northern Lights Society",
     "role": "lighthouse historian"},
    {"guest_id": "GS-07", "name": "Oksana Petrenko", "affiliation": "Kestrel Institute for Energy Materials",
     "role": "battery recycling researcher"},
    {"guest_id": "GS-08", "name": "Temperance Adjei-Brown", "affiliation": "Wexmoor Bread Co-op",
     "role": "baker and co-op founder"},
    {"guest_id": "GS-09", "name": "Halima Osei-Bonsu", "affiliation": "Arlesford Monetary Institute",
     "role": "economist"},
]}


def _ep(eid, show, number, title, published, duration, guests=()):
    return {"episode_id": eid, "show_id": show, "number": number, "title": title, "published": published,
            "duration": duration, "guest_ids": list(guests)}


EPISODES = {e["episode_id"]: e for e in [
    _ep("EP-1101", "SH-101", 71, "The Ropewalks of Port Halloran", "2026-09-14", "41:20"),
    _ep("EP-1102", "SH-101", 72, "Grain, Water and the Tidal Mills of the Estuary", "2026-10-05", "44:08",
        ["GS-05"]),
    _ep("EP-1103", "SH-101", 73, "Wreckers or Rescuers?", "2026-10-26", "39:55"),
    _ep("EP-1104", "SH-101", 74, "The Lighthouse Keepers' Logbooks", "2026-11-16", "46:31", ["GS-06"]),
    _ep("EP-1201", "SH-102", 17, "Why the Moon Pulls Harder Here", "2026-10-01", "33:10"),
    _ep("EP-1202", "SH-102", 18, "Batteries from the Sea Floor?", "2026-10-29", "36:44", ["GS-07"]),
    _ep("EP-1203", "SH-102", 19, "Counting Kelp", "2026-11-12", "31:58"),
    _ep("EP-1301", "SH-103", 57, "Right to Repair, Round Two", "2026-09-08", "48:20", ["GS-01"]),
    _ep("EP-1302", "SH-103", 58, "The Chip Shortage That Wasn't", "2026-09-22", "51:05"),
    _ep("EP-1303", "SH-103", 59, "Solid-State Hype Check", "2026-10-06", "55:40", ["GS-02"]),
    _ep("EP-1304", "SH-103", 60, "Open Source Tractors", "2026-10-20", "46:15", ["GS-03"]),
    _ep("EP-1305", "SH-103", 61, "Mesh Networks After the Storm", "2026-11-03", "52:30", ["GS-04"]),
    _ep("EP-1306", "SH-103", 62, "What Happens to Old Solar Panels?", "2026-11-17", "58:02", ["GS-07"]),
    _ep("EP-1401", "SH-104", 12, "How Does Wi-Fi Work?", "2026-10-15", "18:40"),
    _ep("EP-1402", "SH-104", 13, "Robots in the Kitchen", "2026-11-19", "19:05"),
    _ep("EP-1501", "SH-105", 41, "Why Your Rent Went Up", "2026-09-30", "37:12"),
    _ep("EP-1502", "SH-105", 42, "The Price of a Loaf", "2026-10-14", "42:50", ["GS-08"]),
    _ep("EP-1503", "SH-105", 43, "Savings Accounts, Explained Honestly", "2026-10-28", "35:05"),
    _ep("EP-1504", "SH-105", 44, "Who Sets Interest Rates?", "2026-11-11", "40:18", ["GS-09"]),
    _ep("EP-1601", "SH-106", 88, "The Lamplighter's Alibi", "2026-10-09", "1:02:14"),
    _ep("EP-1602", "SH-106", 89, "Silence at Coldwater Farm", "2026-10-23", "58:47"),
    _ep("EP-1603", "SH-106", 90, "The Last Ferry", "2026-11-06", "1:05:30"),
    _ep("EP-1701", "SH-107", 140, "Mycorrhizal Networks, Untangled", "2026-09-15", "44:02"),
    _ep("EP-1702", "SH-107", 141, "The Chemistry of Autumn Leaves", "2026-09-29", "39:40", ["GS-02"]),
    _ep("EP-1703", "SH-107", 142, "Starlings Over the Fen", "2026-10-20", "41:15"),
    _ep("EP-1704", "SH-107", 143, "What Lives in a Puddle", "2026-11-18", "38:26"),
    _ep("EP-1801", "SH-108", 55, "Leaf Mould and Patience", "2026-11-06", "27:10"),
    _ep("EP-1802", "SH-108", 56, "Garlic Planting Before the Frost", "2026-11-20", "28:44"),
    _ep("EP-1901", "SH-109", 203, "Earnings Season Recap", "2026-11-13", "33:33"),
    _ep("EP-1902", "SH-109", 204, "Bond Ladders for Beginners", "2026-11-20", "31:02", ["GS-09"]),
    _ep("EP-2001", "SH-110", 32, "Tiny Satellites, Big Questions", "2026-10-29", "44:50"),
    _ep("EP-2002", "SH-110", 33, "Batteries for the Moon", "2026-11-12", "47:09", ["GS-02", "GS-07"]),
    _ep("EP-2003", "SH-110", 34, "Living on Borrowed Light", "2026-11-19", "42:30"),
    _ep("EP-2101", "SH-111", 19, "Cutting the Middle Act", "2026-11-04", "50:12"),
    _ep("EP-2201", "SH-112", 8, "Passkeys in Five Minutes", "2026-11-10", "12:30"),
    _ep("EP-2301", "SH-113", 27, "Sleeping in Daylight", "2026-11-15", "29:48"),
]}

# episode -> transcript lines (timestamp, speaker, text)
TRANSCRIPTS = {
    "EP-1102": [("00:01:30", "Corin Abernathy", "This week we follow the grain down the estuary."),
                ("00:12:47", "Morwenna Pascoe", "The tidal mills here ground corn for six hundred years, filling "
                 "a pond on the flood tide and milling on the ebb."),
                ("00:27:15", "Corin Abernathy", "So the miller's day was set by the moon, not the clock.")],
    "EP-1104": [("00:03:05", "Idris Penhallow", "The keepers wrote down every ship, every storm, every lamp "
                 "they trimmed.")],
    "EP-1201": [("00:05:12", "Corinne Abernethy", "Why is the tidal range here twice what it is up the coast?"),
                ("00:21:05", "Corinne Abernethy", "That range is why medieval engineers built tidal mills along "
                 "this shore.")],
    "EP-1202": [("00:09:40", "Oksana Petrenko", "Nodules on the sea floor hold cobalt and nickel, but mining "
                 "them is another matter.")],
    "EP-1303": [("00:04:10", "Anjali Rao", "Every year someone promises solid-state batteries next year."),
                ("00:22:45", "Dr. Halima Osei", "Solid-state batteries swap the liquid electrolyte for a ceramic "
                 "or a polymer, and the interfaces are the hard part."),
                ("00:40:02", "Felix Brandt", "So, hype or not hype?")],
    "EP-1305": [("00:15:20", "Rosalind Achebe-Kerr", "When the towers went down, the mesh nodes on rooftops kept "
                 "the village online.")],
    "EP-1306": [("00:02:18", "Anjali Rao", "Millions of panels installed in the 2000s are reaching end of life."),
                ("00:17:44", "Oksana Petrenko", "The glass and aluminium are easy; the silver and the silicon are "
                 "where recycling pays."),
                ("00:31:12", "Felix Brandt", "And the same recycling lines could take solid-state batteries when "
                 "those finally arrive?"),
                ("00:31:30", "Oksana Petrenko", "Some of the same lines, yes, with different chemistry at the end.")],
    "EP-1402": [("00:06:00", "Mina Kowalczyk", "A robot in the kitchen has to know the difference between a "
                 "tomato and a ball.")],
    "EP-1502": [("00:08:30", "Temperance Adjei-Brown", "Flour is only a fifth of what a loaf costs us; energy and "
                 "wages are the rest.")],
    "EP-1504": [("00:11:02", "Halima Osei-Bonsu", "The committee meets eight times a year and votes on the rate.")],
    "EP-1701": [("00:10:10", "Tova Lindgren", "Mycorrhizal networks link the roots of trees that look like "
                 "strangers.")],
    "EP-1702": [("00:14:50", "Dr. Halima Osei", "Anthocyanins are why some leaves go red rather than yellow.")],
    "EP-1704": [("00:07:33", "Tova Lindgren", "In one puddle we counted water fleas, two kinds of beetle and a "
                 "flatworm.")],
    "EP-2002": [("00:18:30", "Dr. Halima Osei", "On the Moon, solid-state batteries would not freeze the way "
                 "liquid electrolytes do."),
                ("00:29:41", "Oksana Petrenko", "And whatever goes to the Moon stays there, so recyclability "
                 "matters less.")],
    "EP-2003": [("00:12:00", "Yara Haddad", "Bioluminescence is light made by chemistry, not by heat.")],
}

WEEKS = ["2026-11-09", "2026-11-16"]
CHARTS = {
    "2026-11-09": ["SH-105", "SH-106", "SH-103", "SH-107", "SH-110", "SH-101", "SH-112", "SH-109", "SH-102",
                   "SH-113", "SH-104", "SH-108", "SH-111"],
    "2026-11-16": ["SH-106", "SH-105", "SH-110", "SH-103", "SH-101", "SH-109", "SH-113", "SH-112", "SH-107",
                   "SH-102", "SH-111", "SH-108", "SH-104"],
}

# listener email -> [(show_id, subscribed_on)]
SUBSCRIPTIONS = {
    "tom.okonkwo@example.com": [("SH-103", "2025-02-11"), ("SH-106", "2025-10-30"), ("SH-102", "2026-07-19")],
    "tom.okonkwo@example.org": [("SH-101", "2024-05-02"), ("SH-112", "2026-06-15")],
    "priya.natarajan@example.net": [("SH-107", "2023-08-21"), ("SH-111", "2025-09-02"), ("SH-109", "2026-01-05"),
                                    ("SH-104", "2026-03-14")],
    "maya.lindqvist@example.org": [("SH-110", "2026-02-27")],
}


def _show(show_id: str) -> dict:
    s = SHOWS.get(show_id.strip().upper())
    if s is None:
        raise ToolError(f"no show {show_id!r}; use search_shows to find show ids")
    return s


def _ep_row(e: dict) -> dict:
    return {"episode_id": e["episode_id"], "number": e["number"], "title": e["title"], "published": e["published"],
            "duration": e["duration"]}


def _chart(category: str, week: str) -> list:
    rows = [s for s in CHARTS[week] if category == "all" or _fold(SHOWS[s]["category"]) == category]
    return rows


@mcp.tool()
def search_shows(query: str, category: str | None = None) -> dict:
    """Search the podcast directory by show title or publisher; every word of the query must match. Optionally
    restrict to a category (e.g. Technology, Science, Business, History, True Crime). Returns show_id, title,
    publisher and category per match; the show_id is what the other tools take."""
    rows = [{k: s[k] for k in ("show_id", "title", "publisher", "category")} for s in SHOWS.values()
            if _words_match(query, s["title"] + " " + s["publisher"])
            and (not category or _fold(category) == _fold(s["category"]))]
    return {"shows": rows, "count": len(rows)}


@mcp.tool()
def get_show(show_id: str) -> dict:
    """Everything about one show: title, publisher, category, language, description, date of the first episode,
    and its hosts (host_id and name; contact details are on the host's profile)."""
    s = _show(show_id)
    out = {k: v for k, v in s.items() if k != "host_ids"}
    out["hosts"] = [{"host_id": h, "name": HOSTS[h]["name"]} for h in s["host_ids"]]
    out["episodes_listed"] = sum(e["show_id"] == s["show_id"] for e in EPISODES.values())
    return out


@mcp.tool()
def list_episodes(show_id: str, limit: int = 10) -> dict:
    """Recent episodes of a show, newest first: episode_id, number, title, published (YYYY-MM-DD), duration."""
    s = _show(show_id)
    rows = sorted((e for e in EPISODES.values() if e["show_id"] == s["show_id"]), key=lambda e: e["published"],
                  reverse=True)
    return {"show_id": s["show_id"], "title": s["title"], "episodes": [_ep_row(e) for e in rows[:max(1, limit)]],
            "total": len(rows)}


@mcp.tool()
def get_episode(episode_id: str) -> dict:
    """One episode, with its guests."""
    e = EPISODES.get(episode_id.strip().upper())
    if e is None:
        raise ToolError(f"no episode {episode_id!r}")
    out = _ep_row(e)
    out.update({"show_id": e["show_id"], "show_title": SHOWS[e["show_id"]]["title"],
                "guests": [{"guest_id": g, "name": GUESTS[g]["name"]} for g in e["guest_ids"]],
                "has_transcript": e["episode_id"] in TRANSCRIPTS})
    return out


@mcp.tool()
def get_host(host_id: str) -> dict:
    """Host profile."""
    h = HOSTS.get(host_id.strip().upper())
    if h is None:
        raise ToolError(f"no host {host_id!r}")
    out = dict(h)
    out["shows"] = [{"show_id": s["show_id"], "title": s["title"]} for s in SHOWS.values()
                    if h["host_id"] in s["host_ids"]]
    return out


@mcp.tool()
def find_guest(name: str) -> dict:
    """Look up podcast guests by name. Every word must match the start of a word of the name, so a surname alone
    finds everyone sharing it. Each guest comes with affiliation, role and all their appearances in the directory
    (episode_id, show_id, show title, episode title, published date), listed by show."""
    rows = []
    for g in GUESTS.values():
        if not _words_match(name.replace("Dr.", "").replace("dr.", ""), g["name"]):
            continue
        apps = [{"episode_id": e["episode_id"], "show_id": e["show_id"], "show_title": SHOWS[e["show_id"]]["title"],
                 "episode_title": e["title"], "published": e["published"]}
                for e in sorted(EPISODES.values(), key=lambda e: e["episode_id"]) if g["guest_id"] in e["guest_ids"]]
        rows.append({**g, "appearances": apps})
    return {"guests": rows, "count": len(rows)}


@mcp.tool()
def search_transcripts(query: str, show_id: str | None = None, episode_id: str | None = None) -> dict:
    """Full-text search of episode transcripts for a phrase (case, hyphens and punctuation ignored), optionally
    within one show or one episode. Returns the matching lines with episode_id, episode title, show, timestamp
    (HH:MM:SS from the start of the episode), speaker and text. Not every episode has a transcript."""
    needle = _fold(query)
    if not needle:
        raise ToolError("query is required")
    sid = _show(show_id)["show_id"] if show_id else None
    eid = episode_id.strip().upper() if episode_id else None
    if eid and eid not in EPISODES:
        raise ToolError(f"no episode {episode_id!r}")
    rows = []
    for ep_id, lines in sorted(TRANSCRIPTS.items()):
        e = EPISODES[ep_id]
        if (sid and e["show_id"] != sid) or (eid and ep_id != eid):
            continue
        for ts, speaker, text in lines:
            if needle in _fold(text):
                rows.append({"episode_id": ep_id, "episode_title": e["title"], "show_id": e["show_id"],
                             "show_title": SHOWS[e["show_id"]]["title"], "published": e["published"],
                             "timestamp": ts, "speaker": speaker, "text": text})
    return {"query": query, "matches": rows, "count": len(rows)}


@mcp.tool()
def get_chart(category: str = "all", week: str | None = None, limit: int = 10) -> dict:
    """Weekly listener chart (ranked by unique listeners). category: "all" or a show category such as Technology,
    Science, Business, History, True Crime. week: the Monday the chart week starts (YYYY-MM-DD); the latest week
    when omitted. Entries: rank, show_id, title, category and last_week_rank (null if not charted)."""
    cat = _fold(category or "all")
    if cat != "all" and cat not in {_fold(s["category"]) for s in SHOWS.values()}:
        raise ToolError(f"unknown category {category!r}")
    wk = (week or WEEKS[-1]).strip()
    if wk not in CHARTS:
        raise ToolError(f"charts are available for weeks starting {', '.join(WEEKS)}")
    prev = WEEKS[WEEKS.index(wk) - 1] if WEEKS.index(wk) > 0 else None
    prev_rows = _chart(cat, prev) if prev else []
    rows = []
    for rank, sid in enumerate(_chart(cat, wk)[:max(1, limit)], start=1):
        rows.append({"rank": rank, "show_id": sid, "title": SHOWS[sid]["title"], "category": SHOWS[sid]["category"],
                     "last_week_rank": prev_rows.index(sid) + 1 if sid in prev_rows else None})
    label = "overall" if cat == "all" else next(x["category"] for x in SHOWS.values() if _fold(x["category"]) == cat)
    return {"chart": f"top shows: {label}", "week_starting": wk, "entries": rows}


@mcp.tool()
def list_subscriptions(email: str) -> dict:
    """Shows a listener subscribes to."""
    key = email.strip().lower()
    if key not in SUBSCRIPTIONS:
        raise ToolError(f"no listener account for {email!r}")
    rows = [{"show_id": sid, "title": SHOWS[sid]["title"], "subscribed_on": on} for sid, on in SUBSCRIPTIONS[key]]
    return {"email": key, "subscriptions": rows, "count": len(rows)}


@mcp.tool()
def subscribe(email: str, show_id: str) -> dict:
    """Subscribe a listener (by email) to a show; creates the listener account if needed. Returns a
    subscription_code. Subscribing again to the same show returns the same code."""
    key = email.strip().lower()
    if not re.fullmatch(r"[^@\s]+@[^@\s]+\.[a-z]{2,}", key):
        raise ToolError(f"{email!r} is not an email address")
    s = _show(show_id)
    code = "SUB-" + hashlib.sha1(f"{key}|{s['show_id']}".encode()).hexdigest().upper()[:6]
    subs = SUBSCRIPTIONS.setdefault(key, [])
    existing = next((on for sid, on in subs if sid == s["show_id"]), None)
    if existing is None:
        subs.append((s["show_id"], TODAY))
        existing = TODAY
    return {"subscription_code": code, "email": key, "show_id": s["show_id"], "title": s["title"],
            "subscribed_on": existing, "status": "subscribed"}


if __name__ == "__main__":
    mcp.run()
