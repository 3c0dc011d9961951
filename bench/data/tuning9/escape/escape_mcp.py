"""Keyhole & Candle escape rooms (Wrenmouth) MCP server (stdio): rooms, puzzles, teams, players, bookings, hints
used during games, game masters and new bookings.

Run: python escape_mcp.py   (speaks MCP over stdin/stdout)
Deterministic: fixed seed data (the venue's "today" is 2027-03-15), no clock, no randomness; booking codes of new
bookings are derived from the booking's content. State lives in memory for the life of the process. All names,
emails, teams, rooms, puzzles and codes are invented. Licence: Apache-2.0.
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

mcp = _Server("keyhole-and-candle")

TODAY = "2027-03-15"
CURRENCY = "EUR"


def _fold(text) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", str(text)) if not unicodedata.combining(c)).lower()


def _words(query):
    return [w for w in re.split(r"[\s,.'\u2019\"-]+", _fold(query)) if w and w not in ("the", "room", "team", "s")]


# ------------------------------------------------------------------ seed data
def _room(rid, name, theme, diff, min_p, max_p, dur, pp, status, record, gms, puzzles):
    return {"id": rid, "nm": name, "theme": theme, "diff": diff, "min_p": min_p, "max_p": max_p, "dur": dur,
            "pp": pp, "status": status, "rec": record, "gms": gms, "pz": puzzles}


ROOMS = {r["id"]: r for r in [
    _room("RM-01", "The Clockmaker's Attic", "steampunk workshop", "hard", 2, 6, 60, 28.0, "open",
          {"team_id": "TM-305", "team": "The Key Grips", "time": "38:52", "date": "2026-11-21"},
          ["GM-1", "GM-3"], ["PZ-101", "PZ-102", "PZ-103", "PZ-104"]),
    _room("RM-02", "The Clockmaker's Cellar", "steampunk workshop", "medium", 2, 5, 75, 24.5, "open",
          {"team_id": "TM-301", "team": "The Red Herrings", "time": "49:10", "date": "2026-12-12"},
          ["GM-1"], ["PZ-111", "PZ-112", "PZ-113"]),
    _room("RM-03", "Submarine Nine", "cold-war submarine", "hard", 3, 7, 60, 27.0, "open",
          {"team_id": "TM-303", "team": "Lock Ness Monsters", "time": "44:36", "date": "2027-01-30"},
          ["GM-3", "GM-5"], ["PZ-121", "PZ-122", "PZ-123", "PZ-124"]),
    _room("RM-04", "Pharaoh's Ledger", "ancient Egyptian tomb", "medium", 2, 6, 60, 25.0, "open",
          {"team_id": "TM-304", "team": "Quizzical Foxes", "time": "47:03", "date": "2026-10-02"},
          ["GM-2", "GM-4"], ["PZ-131", "PZ-132", "PZ-133", "PZ-134"]),
    _room("RM-05", "Asylum Ward B", "abandoned asylum (ages 16+)", "expert", 4, 8, 90, 32.0,
          "closed for refit until 2027-06-01",
          {"team_id": "TM-302", "team": "Red Herring Rejects", "time": "71:45", "date": "2026-09-19"},
          ["GM-2"], ["PZ-141", "PZ-142"]),
    _room("RM-06", "Moonbase Hesper", "lunar research base", "easy", 2, 6, 60, 23.5, "open",
          {"team_id": "TM-306", "team": "Keygrip Collective", "time": "33:20", "date": "2027-02-06"},
          ["GM-4", "GM-5"], ["PZ-151", "PZ-152", "PZ-153"]),
    _room("RM-07", "Submarine Nine Junior", "submarine, kids' edition (ages 8-12)", "easy", 2, 5, 45, 16.0, "open",
          {"team_id": "TM-307", "team": "The Periscopes", "time": "24:58", "date": "2027-02-13"},
          ["GM-3", "GM-5"], ["PZ-161", "PZ-162"]),
]}


def _pz(pid, room, title, kind, mechanism, avg, ladder):
    return {"puzzle_id": pid, "room_id": room, "title": title, "type": kind, "mechanism": mechanism,
            "avg_solve_min": avg, "hint_ladder": ladder}


PUZZLES = {p["puzzle_id"]: p for p in [
    _pz("PZ-101", "RM-01", "The Gear Train", "mechanical", "gears drive a latch (no lock)", 9.5,
        ["Every gear needs a neighbour.", "The smallest gear goes next to the crank."]),
    _pz("PZ-102", "RM-01", "The Orrery", "logic", "5-letter word lock", 14.2,
        ["Planets orbit in order of their distance.", "Read the first letter of each planet you moved."]),
    _pz("PZ-103", "RM-01", "Cuckoo Clock Cipher", "cipher", "4-digit combination lock", 11.0,
        ["Count the cuckoos, not the hours.", "The clock face is the cipher wheel."]),
    _pz("PZ-104", "RM-01", "The Locked Tool Chest", "search", "padlock with hidden key", 6.4,
        ["Look up.", "The key is inside the hollow pendulum."]),
    _pz("PZ-111", "RM-02", "The Gear Train (reversed)", "mechanical", "gears drive a latch (no lock)", 16.8,
        ["The crank turns the other way here.", "Start from the door, not the crank."]),
    _pz("PZ-112", "RM-02", "Barrel of Springs", "physical", "magnetic sensor", 7.5,
        ["Heavier springs sink.", "Stack them from the heaviest up."]),
    _pz("PZ-113", "RM-02", "Pendulum Weights", "logic", "3-digit combination lock", 10.1,
        ["Longer pendulums swing slower.", "Time ten swings of each."]),
    _pz("PZ-121", "RM-03", "Sonar Ping Sequence", "audio", "keypad", 12.3,
        ["Listen to the gaps, not the pings.", "Short gap = dot, long gap = dash."]),
    _pz("PZ-122", "RM-03", "Ballast Valves", "physical", "valve position sensors", 8.8,
        ["Level the boat before you dive.", "Port and starboard must match."]),
    _pz("PZ-123", "RM-03", "Captain's Safe", "search", "4-digit combination lock", 10.9,
        ["The captain never forgets his daughter's birthday.", "Check the photo frame."]),
    _pz("PZ-124", "RM-03", "Torpedo Launch Codes", "cipher", "two-key launch panel", 13.0,
        ["The codebook is keyed by the date.", "Shift each letter by the day of the month.",
         "Both keys must turn within three seconds."]),
    _pz("PZ-131", "RM-04", "The Weighing of the Heart", "logic", "balance scale sensor", 11.7,
        ["The feather is the lightest thing in the tomb.", "Three scarabs balance the feather."]),
    _pz("PZ-132", "RM-04", "Scarab Tiles", "physical", "RFID tile reader", 9.0,
        ["Every beetle faces the sunrise.", "The sunrise is painted on the east wall."]),
    _pz("PZ-133", "RM-04", "Hieroglyph Ledger", "cipher", "6-symbol rotary lock", 12.5,
        ["The ledger is a substitution key.", "Start with the cartouche of the scribe."]),
    _pz("PZ-134", "RM-04", "The Sealed Sarcophagus", "physical", "maglock on a pressure plate", 8.2,
        ["All canopic jars belong somewhere.", "Match the animal heads to the wall carvings."]),
    _pz("PZ-141", "RM-05", "Patient Files", "search", "4-digit combination lock", 15.4,
        ["Only one file has no admission date."]),
    _pz("PZ-142", "RM-05", "The Electroshock Panel", "logic", "switch panel", 18.9,
        ["The panel is a wiring diagram.", "Follow the red wires only."]),
    _pz("PZ-151", "RM-06", "Oxygen Reroute", "logic", "pipe puzzle sensor", 7.1,
        ["Oxygen always flows downhill on the diagram."]),
    _pz("PZ-152", "RM-06", "Moon Rock Samples", "search", "weighing scale", 5.5,
        ["One sample is heavier than it looks."]),
    _pz("PZ-153", "RM-06", "Docking Clearance", "cipher", "4-letter word lock", 6.8,
        ["The call sign is on the helmet."]),
    _pz("PZ-161", "RM-07", "Fish Count", "search", "3-digit combination lock", 6.0,
        ["Count only the fish with stripes."]),
    _pz("PZ-162", "RM-07", "Periscope Colours", "logic", "colour dial lock", 7.3,
        ["Look through the periscope at the flags."]),
]}

PLAYERS = {p["player_id"]: p for p in [
    {"player_id": "PL-2001", "name": "Priya Venkatesan", "email": "priya.venkatesan@example.com",
     "teams": ["TM-301"], "games_played": 23, "member_since": "2025-03-08"},
    {"player_id": "PL-2002", "name": "Gideon Maalouf", "email": "gideon.maalouf@example.net", "teams": ["TM-301"],
     "games_played": 19, "member_since": "2025-03-08"},
    {"player_id": "PL-2003", "name": "Sanne Vermeulen", "email": "sanne.v@example.org", "teams": ["TM-301"],
     "games_played": 12, "member_since": "2025-07-19"},
    {"player_id": "PL-2004", "name": "Kwame Asante-Boateng", "email": "kwame.ab@example.com",
     "teams": ["TM-301", "TM-302"], "games_played": 31, "member_since": "2024-11-02"},
    {"player_id": "PL-2010", "name": "Dorian Pellegrini", "email": "dorian.pellegrini@example.net",
     "teams": ["TM-302"], "games_played": 27, "member_since": "2024-09-14"},
    {"player_id": "PL-2011", "name": "Fenwick Ashdown", "email": "fen.ashdown@example.org", "teams": ["TM-302"],
     "games_played": 8, "member_since": "2026-01-25"},
    {"player_id": "PL-2020", "name": "Marisol Etxeberria", "email": "marisol.etxeberria@example.com",
     "teams": ["TM-303"], "games_played": 40, "member_since": "2023-06-30"},
    {"player_id": "PL-2021", "name": "Tobias Grünwald", "email": "tobias.gruenwald@example.net",
     "teams": ["TM-303"], "games_played": 22, "member_since": "2024-02-11"},
    {"player_id": "PL-2022", "name": "Anouk de Bruijn", "email": "anouk.debruijn@example.org", "teams": ["TM-303"],
     "games_played": 17, "member_since": "2024-05-04"},
    {"player_id": "PL-2023", "name": "Ezra Kallenbach", "email": "ezra.k@example.com", "teams": ["TM-303"],
     "games_played": 15, "member_since": "2025-01-18"},
    {"player_id": "PL-2030", "name": "Priya Venkatraman", "email": "p.venkatraman@example.org",
     "teams": ["TM-304"], "games_played": 14, "member_since": "2025-10-03"},
    {"player_id": "PL-2031", "name": "Lorcan Delahaye", "email": "lorcan.delahaye@example.net", "teams": ["TM-304"],
     "games_played": 11, "member_since": "2025-10-03"},
    {"player_id": "PL-2032", "name": "Mei-Lin Sørensen", "email": "meilin.sorensen@example.com",
     "teams": ["TM-304"], "games_played": 9, "member_since": "2026-02-20"},
    {"player_id": "PL-2033", "name": "Bashir Nwachukwu", "email": "bashir.n@example.org", "teams": ["TM-304"],
     "games_played": 10, "member_since": "2025-12-12"},
    {"player_id": "PL-2040", "name": "Callum Ferreira-Hughes", "email": "callum.fh@example.net",
     "teams": ["TM-305"], "games_played": 35, "member_since": "2023-11-11"},
    {"player_id": "PL-2041", "name": "Yara Haddock", "email": "yara.haddock@example.com", "teams": ["TM-305"],
     "games_played": 29, "member_since": "2024-01-06"},
    {"player_id": "PL-2042", "name": "Teodor Vasilescu", "email": "teodor.vasilescu@example.org",
     "teams": ["TM-305"], "games_played": 26, "member_since": "2024-01-06"},
    {"player_id": "PL-2050", "name": "Marisol Etxebarria", "email": "m.etxebarria@example.net", "teams": ["TM-306"],
     "games_played": 13, "member_since": "2025-05-22"},
    {"player_id": "PL-2051", "name": "Rhys Oyelaran", "email": "rhys.oyelaran@example.com", "teams": ["TM-306"],
     "games_played": 13, "member_since": "2025-05-22"},
    {"player_id": "PL-2060", "name": "Wendeline Horsfall", "email": "wendeline.horsfall@example.org",
     "teams": ["TM-307"], "games_played": 3, "member_since": "2026-12-27"},
]}

TEAMS = {t["team_id"]: t for t in [
    {"team_id": "TM-301", "name": "The Red Herrings", "captain_id": "PL-2001", "founded": "2025-03-08",
     "members": ["PL-2001", "PL-2002", "PL-2003", "PL-2004"]},
    {"team_id": "TM-302", "name": "Red Herring Rejects", "captain_id": "PL-2010", "founded": "2024-09-14",
     "members": ["PL-2010", "PL-2011", "PL-2004"]},
    {"team_id": "TM-303", "name": "Lock Ness Monsters", "captain_id": "PL-2020", "founded": "2023-06-30",
     "members": ["PL-2020", "PL-2021", "PL-2022", "PL-2023"]},
    {"team_id": "TM-304", "name": "Quizzical Foxes", "captain_id": "PL-2030", "founded": "2025-10-03",
     "members": ["PL-2030", "PL-2031", "PL-2032", "PL-2033"]},
    {"team_id": "TM-305", "name": "The Key Grips", "captain_id": "PL-2040", "founded": "2023-11-11",
     "members": ["PL-2040", "PL-2041", "PL-2042"]},
    {"team_id": "TM-306", "name": "Keygrip Collective", "captain_id": "PL-2050", "founded": "2025-05-22",
     "members": ["PL-2050", "PL-2051"]},
    {"team_id": "TM-307", "name": "The Periscopes", "captain_id": "PL-2060", "founded": "2026-12-27",
     "members": ["PL-2060"]},
]}

GAME_MASTERS = {g["gm_id"]: g for g in [
    {"gm_id": "GM-1", "name": "Ottavia Fenwick", "ext": "4411", "rooms": ["RM-01", "RM-02"],
     "shifts": "Wed-Sun, evenings", "since": "2022-04-01"},
    {"gm_id": "GM-2", "name": "Octavia Fenwright", "ext": "4412", "rooms": ["RM-04", "RM-05"],
     "shifts": "Thu-Mon, afternoons", "since": "2023-09-15"},
    {"gm_id": "GM-3", "name": "Desmond Quarshie", "ext": "4413", "rooms": ["RM-01", "RM-03", "RM-07"],
     "shifts": "Mon-Fri", "since": "2021-11-20"},
    {"gm_id": "GM-4", "name": "Juniper Vale", "ext": "4417", "rooms": ["RM-04", "RM-06"],
     "shifts": "Fri-Tue", "since": "2024-06-03"},
    {"gm_id": "GM-5", "name": "Bastian Roukema", "ext": "4419", "rooms": ["RM-03", "RM-06", "RM-07"],
     "shifts": "Tue-Sat, evenings", "since": "2025-02-10"},
]}


def _bk(bid, room, team, date, time, gm, players, status, escaped=None, esc_time=None, hints=None):
    result = None
    if status == "completed":
        result = {"escaped": escaped, "time": esc_time, "hints": hints}
    return {"booking_id": bid, "room_id": room, "team": team, "date": date, "time": time, "gm_id": gm,
            "players": players, "status": status, "result": result}


BOOKINGS = {b["booking_id"]: b for b in [
    _bk("BK-40590", "RM-03", "TM-303", "2027-01-30", "19:00", "GM-5", 4, "completed", True, "44:36", 1),
    _bk("BK-40601", "RM-03", "group:Hollingsworth stag party", "2027-02-01", "18:00", "GM-3", 6, "completed",
        False, "60:00", 5),
    _bk("BK-40604", "RM-07", "TM-307", "2027-02-02", "16:00", "GM-3", 4, "completed", True, "31:12", 2),
    _bk("BK-40609", "RM-03", "group:Brightline Analytics", "2027-02-03", "12:30", "GM-3", 7, "completed", True,
        "55:41", 4),
    _bk("BK-40615", "RM-03", "TM-302", "2027-02-05", "20:00", "GM-5", 3, "completed", True, "51:07", 3),
    _bk("BK-40618", "RM-03", "group:Okafor family", "2027-02-06", "11:00", "GM-5", 5, "cancelled"),
    _bk("BK-40622", "RM-03", "group:Wrenmouth Rowing Club", "2027-02-07", "17:30", "GM-5", 6, "completed", False,
        "60:00", 6),
    _bk("BK-40627", "RM-07", "group:Pemberton birthday", "2027-02-09", "15:00", "GM-3", 5, "completed", True,
        "38:45", 3),
    _bk("BK-40631", "RM-03", "TM-305", "2027-02-10", "19:30", "GM-3", 3, "completed", True, "46:02", 2),
    _bk("BK-40636", "RM-03", "group:Sato and friends", "2027-02-12", "18:00", "GM-5", 4, "completed", True,
        "58:19", 5),
    _bk("BK-40640", "RM-07", "TM-307", "2027-02-13", "10:30", "GM-5", 5, "completed", True, "24:58", 0),
    _bk("BK-40641", "RM-03", "group:Kettering hen party", "2027-02-13", "20:00", "GM-5", 7, "no_show"),
    _bk("BK-40648", "RM-03", "TM-301", "2027-02-14", "19:00", "GM-5", 4, "completed", True, "49:55", 2),
    _bk("BK-40652", "RM-03", "group:Deverell Logistics", "2027-02-17", "13:00", "GM-3", 6, "completed", False,
        "60:00", 7),
    _bk("BK-40657", "RM-03", "group:Ruiz-Lancaster party", "2027-02-19", "18:30", "GM-5", 5, "cancelled"),
    _bk("BK-40660", "RM-03", "TM-306", "2027-02-20", "17:00", "GM-5", 2, "completed", False, "60:00", 4),
    _bk("BK-40666", "RM-03", "group:Ahmadi cousins", "2027-02-21", "14:00", "GM-3", 5, "completed", True,
        "52:33", 3),
    _bk("BK-40671", "RM-03", "group:Wrenmouth Library staff", "2027-02-24", "18:00", "GM-3", 6, "completed",
        True, "57:10", 4),
    _bk("BK-40675", "RM-03", "TM-303", "2027-02-26", "19:30", "GM-5", 4, "completed", True, "45:58", 1),
    _bk("BK-40679", "RM-03", "group:Quayside Dental", "2027-02-27", "12:00", "GM-3", 7, "completed", True,
        "59:02", 6),
    _bk("BK-40682", "RM-03", "group:Thistlewood party", "2027-03-01", "18:00", "GM-5", 5, "completed", True,
        "54:40", 3),
    _bk("BK-40713", "RM-01", "TM-304", "2027-02-20", "19:00", "GM-1", 4, "completed", True, "52:18", 3),
    _bk("BK-40715", "RM-01", "TM-302", "2027-02-20", "21:00", "GM-3", 3, "completed", False, "60:00", 5),
    _bk("BK-40788", "RM-04", "TM-302", "2027-03-06", "15:00", "GM-2", 3, "completed", True, "54:27", 3),
    _bk("BK-40790", "RM-04", "TM-303", "2027-03-07", "15:00", "GM-4", 4, "completed", True, "48:14", 2),
    _bk("BK-40795", "RM-03", "TM-305", "2027-03-09", "18:00", "GM-5", 3, "completed", True, "49:40", 6),
    _bk("BK-40796", "RM-01", "TM-306", "2027-03-09", "20:00", "GM-3", 2, "completed", False, "60:00", 4),
    _bk("BK-40821", "RM-04", "TM-301", "2027-03-14", "14:00", "GM-4", 4, "completed", True, "50:31", 2),
    _bk("BK-40822", "RM-04", "TM-302", "2027-03-14", "16:30", "GM-2", 3, "completed", True, "58:48", 4),
    _bk("BK-40830", "RM-02", "TM-301", "2027-03-28", "19:00", "GM-1", 4, "confirmed"),
    _bk("BK-40834", "RM-06", "TM-303", "2027-04-03", "18:00", "GM-4", 4, "confirmed"),
    _bk("BK-40839", "RM-06", "group:Castell family", "2027-05-22", "16:00", "GM-4", 5, "confirmed"),
]}

# hints given during games; kept in the order they were logged per puzzle, not by game minute
HINTS = {
    "BK-40713": [("PZ-102", 22, "GM-1", 0), ("PZ-102", 37, "GM-1", 1), ("PZ-103", 45, "GM-1", 0)],
    "BK-40788": [("PZ-131", 41, "GM-2", 1), ("PZ-132", 17, "GM-2", 0), ("PZ-133", 29, "GM-2", 0)],
    "BK-40795": [("PZ-121", 14, "GM-5", 0), ("PZ-124", 31, "GM-5", 0), ("PZ-123", 25, "GM-5", 0),
                 ("PZ-124", 38, "GM-5", 1), ("PZ-121", 19, "GM-5", 1), ("PZ-124", 44, "GM-5", 2)],
    "BK-40796": [("PZ-101", 12, "GM-3", 0), ("PZ-102", 30, "GM-3", 0), ("PZ-102", 41, "GM-3", 1),
                 ("PZ-103", 52, "GM-3", 0)],
    "BK-40821": [("PZ-133", 26, "GM-4", 0), ("PZ-134", 44, "GM-4", 0)],
    "BK-40822": [("PZ-131", 12, "GM-2", 0), ("PZ-132", 21, "GM-2", 0), ("PZ-132", 27, "GM-2", 1),
                 ("PZ-134", 50, "GM-2", 0)],
}

NEW_BOOKINGS = {}


# ------------------------------------------------------------------ helpers
def _get(table, key, what, hint):
    row = table.get(str(key).strip().upper())
    if row is None:
        raise ToolError(f"no {what} {key!r}; {hint}")
    return row


def _team_label(team):
    if team.startswith("group:"):
        return None, team[6:]
    return team, TEAMS[team]["name"]


def _date(value, name):
    v = str(value).strip()
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", v):
        raise ToolError(f"{name} must be a date YYYY-MM-DD")
    return v


def _time(value):
    m = re.fullmatch(r"(\d{1,2})(?::(\d{2}))?\s*([ap]\.?m\.?)?", str(value).strip().lower())
    if not m:
        raise ToolError("time must be HH:MM (24-hour) or like 6:30pm")
    hour, minute = int(m.group(1)), int(m.group(2) or 0)
    if m.group(3):
        if not 1 <= hour <= 12:
            raise ToolError("bad hour")
        hour = hour % 12 + (12 if m.group(3).startswith("p") else 0)
    if hour > 23 or minute > 59:
        raise ToolError("time must be HH:MM (24-hour)")
    return f"{hour:02d}:{minute:02d}"


def _all_bookings():
    return list(BOOKINGS.values()) + list(NEW_BOOKINGS.values())


# ------------------------------------------------------------------ tools
@mcp.tool()
def find_rooms(query: str | None = None, difficulty: str | None = None) -> dict:
    """Search the escape rooms by words of their name or theme, and/or by difficulty (easy, medium, hard,
    expert). Returns room ids, names, themes, difficulty and status."""
    words = _words(query or "")
    diff = (difficulty or "").strip().lower()
    if diff and diff not in ("easy", "medium", "hard", "expert"):
        raise ToolError("difficulty must be easy, medium, hard or expert")
    rows = [{"room_id": r["id"], "name": r["nm"], "theme": r["theme"], "difficulty": r["diff"],
             "status": r["status"]}
            for r in ROOMS.values()
            if all(w in _fold(r["nm"] + " " + r["theme"]) for w in words) and (not diff or r["diff"] == diff)]
    return {"rooms": rows, "count": len(rows)}


@mcp.tool()
def get_room(room_id: str) -> dict:
    """Room record: id, nm, theme, diff, min_p/max_p (players), dur (min), pp (price per person, EUR), status,
    rec (record escape), gms (game master ids), pz (puzzles: id, t, avg)."""
    r = _get(ROOMS, room_id, "room", "find_rooms gives room ids")
    out = {k: v for k, v in r.items() if k != "pz"}
    out["pz"] = [{"id": p, "t": PUZZLES[p]["title"], "avg": PUZZLES[p]["avg_solve_min"]} for p in r["pz"]]
    return out


@mcp.tool()
def get_puzzle(puzzle_id: str) -> dict:
    """One puzzle: title, room, type, mechanism (the lock or sensor it opens), average solve time in minutes and
    its ladder of hints in the order a game master gives them."""
    p = _get(PUZZLES, puzzle_id, "puzzle", "get_room lists a room's puzzle ids")
    return {**p, "room_name": ROOMS[p["room_id"]]["nm"], "hints_available": len(p["hint_ladder"])}


@mcp.tool()
def find_teams(name: str) -> dict:
    """Teams whose name contains every word of name. Returns team id, name, captain's name and team size."""
    words = _words(name)
    rows = [{"team_id": t["team_id"], "name": t["name"], "captain": PLAYERS[t["captain_id"]]["name"],
             "size": len(t["members"])}
            for t in TEAMS.values() if all(w in _fold(t["name"]) for w in words)]
    return {"teams": rows, "count": len(rows)}


@mcp.tool()
def get_team(team_id: str) -> dict:
    """A team with its members (player id, name, role) and when it was founded."""
    t = _get(TEAMS, team_id, "team", "find_teams gives team ids")
    members = [{"player_id": p, "name": PLAYERS[p]["name"],
                "role": "captain" if p == t["captain_id"] else "player"} for p in t["members"]]
    return {"team_id": t["team_id"], "name": t["name"], "founded": t["founded"], "members": members}


@mcp.tool()
def find_players(name: str | None = None, email: str | None = None) -> dict:
    """Player accounts by exact email or by name (every word must match): id, name, email, team ids, games played
    and member-since date."""
    if not (name or email):
        raise ToolError("give a name or an email")
    words, e = _words(name or ""), (email or "").strip().lower()
    rows = [dict(p) for p in PLAYERS.values()
            if (not e or p["email"] == e) and all(w in _fold(p["name"]) for w in words)]
    return {"players": rows, "count": len(rows)}


@mcp.tool()
def list_bookings(room_id: str | None = None, team_id: str | None = None, date_from: str | None = None,
                  date_to: str | None = None, status: str | None = None, page: int = 1,
                  page_size: int = 5) -> dict:
    """Bookings, oldest first, filtered by room, team, date range (YYYY-MM-DD, inclusive) and status (confirmed,
    completed, cancelled, no_show). Paged: page (from 1), page_size (at most 20); the result has items, total and
    next_page. Each item: id, d (date), t (time), rm (room id), team, st (status), gm (game master id), n
    (players)."""
    rid, tid = (room_id or "").strip().upper(), (team_id or "").strip().upper()
    start = _date(date_from, "date_from") if date_from else None
    end = _date(date_to, "date_to") if date_to else None
    st = (status or "").strip().lower()
    if st and st not in ("confirmed", "completed", "cancelled", "no_show"):
        raise ToolError("status must be confirmed, completed, cancelled or no_show")
    if not 1 <= int(page_size) <= 20 or int(page) < 1:
        raise ToolError("page must be >= 1 and page_size 1..20")
    rows = [b for b in _all_bookings() if (not rid or b["room_id"] == rid) and (not tid or b["team"] == tid)
            and (not start or b["date"] >= start) and (not end or b["date"] <= end)
            and (not st or b["status"] == st)]
    rows.sort(key=lambda b: (b["date"], b["time"], b["booking_id"]))
    first = (int(page) - 1) * int(page_size)
    items = [{"id": b["booking_id"], "d": b["date"], "t": b["time"], "rm": b["room_id"],
              "team": _team_label(b["team"])[1], "st": b["status"], "gm": b["gm_id"], "n": b["players"]}
             for b in rows[first:first + int(page_size)]]
    return {"items": items, "total": len(rows), "page": int(page),
            "next_page": int(page) + 1 if first + int(page_size) < len(rows) else None}


def _booking_detail(booking_id):
    b = _get({**BOOKINGS, **NEW_BOOKINGS}, booking_id, "booking", "list_bookings gives booking ids")
    team_id, team_name = _team_label(b["team"])
    room, gm = ROOMS[b["room_id"]], GAME_MASTERS[b["gm_id"]]
    return {"booking_id": b["booking_id"], "room": {"room_id": room["id"], "name": room["nm"]},
            "team": {"team_id": team_id, "name": team_name}, "slot": {"date": b["date"], "time": b["time"]},
            "game_master": {"gm_id": gm["gm_id"], "name": gm["name"]}, "players": b["players"],
            "status": b["status"], "price_total": round(room["pp"] * b["players"], 2), "currency": CURRENCY,
            "result": b["result"]}


@mcp.tool()
def get_booking(booking_id: str) -> dict:
    """Full booking: room, team (or walk-in group), slot, game master, players, status, price and, for completed
    games, the result (escaped, time as mm:ss, hints used)."""
    return _booking_detail(booking_id)


@mcp.tool()
def list_hints_used(booking_id: str) -> dict:
    """Hints given during one game: bk, n (count) and hints, each pz (puzzle id), m (game minute), gm (game master
    id), txt."""
    b = _get({**BOOKINGS, **NEW_BOOKINGS}, booking_id, "booking", "list_bookings gives booking ids")
    rows = [{"pz": pz, "m": minute, "gm": gm, "txt": PUZZLES[pz]["hint_ladder"][level]}
            for pz, minute, gm, level in HINTS.get(b["booking_id"], [])]
    return {"bk": b["booking_id"], "n": len(rows), "hints": rows}


@mcp.tool()
def list_game_masters(room_id: str | None = None, name: str | None = None) -> dict:
    """Game masters, optionally only those trained on a room or whose name contains every word of name: id,
    name and rooms."""
    rid, words = (room_id or "").strip().upper(), _words(name or "")
    rows = [{"gm_id": g["gm_id"], "name": g["name"], "rooms": g["rooms"]} for g in GAME_MASTERS.values()
            if (not rid or rid in g["rooms"]) and all(w in _fold(g["name"]) for w in words)]
    return {"game_masters": rows, "count": len(rows)}


@mcp.tool()
def get_game_master(gm_id: str) -> dict:
    """One game master: name, phone extension, rooms trained on, usual shifts and start date."""
    return dict(_get(GAME_MASTERS, gm_id, "game master", "list_game_masters gives game master ids"))


@mcp.tool()
def book_room(team_id: str, room_id: str, date: str, time: str, players: int) -> dict:
    """Book a room for a team on a date (YYYY-MM-DD) at a time (HH:MM) for a number of players. Returns the
    booking code (ESC-xxxxxx), the game master on duty and the total price; booking the same team, room, date and
    time again returns the same booking."""
    t = _get(TEAMS, team_id, "team", "find_teams gives team ids")
    r = _get(ROOMS, room_id, "room", "find_rooms gives room ids")
    d, hhmm = _date(date, "date"), _time(time)
    code = "ESC-" + hashlib.sha1("|".join([t["team_id"], r["id"], d, hhmm]).encode()).hexdigest().upper()[:6]
    if code in NEW_BOOKINGS:
        return {"booking_code": code, **_booking_detail(code)}
    if r["status"] != "open":
        raise ToolError(f"{r['nm']} is {r['status']}")
    if not TODAY < d <= "2027-12-31":
        raise ToolError("bookings are open from 2027-03-16 to 2027-12-31")
    n = int(players)
    if not r["min_p"] <= n <= r["max_p"]:
        raise ToolError(f"{r['nm']} takes {r['min_p']} to {r['max_p']} players")
    for b in _all_bookings():
        if b["room_id"] == r["id"] and b["date"] == d and b["time"] == hhmm and b["status"] == "confirmed":
            raise ToolError(f"{r['nm']} is already booked at {hhmm} on {d}")
    gm = sorted(r["gms"])[-1]
    NEW_BOOKINGS[code] = _bk(code, r["id"], t["team_id"], d, hhmm, gm, n, "confirmed")
    return {"booking_code": code, **_booking_detail(code)}


if __name__ == "__main__":
    mcp.run()
