"""Lanterne Lanes (Port Wendle tenpin centre) MCP server (stdio): bowlers, leagues, teams, standings, league games,
lanes, lane bookings (with shoe hire) and new bookings.

Run: python bowling_mcp.py   (speaks MCP over stdin/stdout)
Deterministic: fixed seed data (the centre's "today" is Friday 2027-03-19), no clock, no randomness: league scores
are derived from a SHA-1 of bowler, date and game number, a few are fixed by hand; booking references of new
bookings are derived from the booking's content. State lives in memory for the life of the process. All names,
emails, phone numbers, addresses, patterns and codes are invented. Licence: Apache-2.0.
"""
import datetime as _dt
import difflib
import hashlib
import math
import re
import unicodedata

from typing_extensions import TypedDict  # pydantic needs this one on Python < 3.12

try:  # mcp >= 2 renamed FastMCP to MCPServer
    from mcp.server.mcpserver import MCPServer as _Server
    from mcp.server.mcpserver.exceptions import ToolError
except ImportError:  # mcp 1.x
    from mcp.server.fastmcp import FastMCP as _Server
    from mcp.server.fastmcp.exceptions import ToolError

mcp = _Server("lanterne-lanes")

TODAY = _dt.date(2027, 3, 19)
PAGE_SIZE = 10


def _fold(text: str) -> str:
    text = "".join(c for c in unicodedata.normalize("NFKD", str(text)) if not unicodedata.combining(c))
    return re.sub(r"\s+", " ", text).strip().lower()


# ------------------------------------------------------------------ bowlers
# id, name, email, phone, shoe size, hand, member since, base average (drives the generated scores)
_BOWLERS = [
    ("B-1001", "Harlan Vesey", "harlan.vesey@example.com", "555-0141", "US 13", "R", "2019-09", 181),
    ("B-1002", "Dana Whitfield", "dana.whitfield@example.net", "555-0177", "US 8", "R", "2021-01", 160),
    ("B-1003", "Oren Castellvi", "oren.c@example.org", "555-0102", "US 10", "L", "2020-04", 172),
    ("B-1004", "Maisie Trabert", "maisie.trabert@example.com", "555-0163", "US 7.5", "R", "2026-08", 139),
    ("B-1005", "Wilf Barraclough", "wilf.b@example.net", "555-0110", "US 12", "R", "2016-10", 168),
    ("B-1011", "Yusuf Adebanjo", "yusuf.adebanjo@example.com", "555-0125", "US 11.5", "R", "2018-02", 189),
    ("B-1012", "Priya Castellano", "priya.castellano@example.org", "555-0138", "US 7", "R", "2022-09", 151),
    ("B-1013", "Lorna Keddie", "lorna.keddie@example.com", "555-0119", "US 6.5", "L", "2017-05", 158),
    ("B-1014", "Ivo Rademaker", "ivo.rademaker@example.net", "555-0186", "US 10.5", "R", "2026-09", 166),
    ("B-1016", "Priya Castellanos", "priya.castellanos@example.com", "555-0131", "US 6", "R", "2024-01", 137),
    ("B-1015", "Stellan Brooke", "stellan.brooke@example.org", "555-0153", "US 9", "R", "2023-01", 147),
    ("B-1021", "Celeste Amundsen", "celeste.amundsen@example.com", "555-0192", "US 8.5", "R", "2015-09", 184),
    ("B-1022", "Rafe Dunmore", "rafe.dunmore@example.net", "555-0107", "US 11", "R", "2019-11", 176),
    ("B-1023", "Bettina Holloway", "b.holloway@example.org", "555-0148", "US 7", "R", "2020-09", 163),
    ("B-1024", "Kwame Ashdown", "kwame.ashdown@example.com", "555-0171", "US 12.5", "L", "2018-09", 170),
    ("B-1031", "Fenella Gorse", "fenella.gorse@example.net", "555-0134", "US 6", "R", "2019-03", 165),
    ("B-1032", "Tobias Renfrew", "tobias.renfrew@example.com", "555-0189", "US 10", "R", "2017-09", 183),
    ("B-1033", "Anselm Kroll", "anselm.kroll@example.org", "555-0116", "US 9.5", "R", "2021-09", 157),
    ("B-1034", "Joy Okafor-Lund", "joy.okaforlund@example.com", "555-0165", "US 8", "L", "2022-02", 149),
    ("B-1041", "Nadia Ferreira-Hollis", "nadia.fh@example.net", "555-0129", "US 7.5", "R", "2016-01", 178),
    ("B-1042", "Callum Brisk", "callum.brisk@example.com", "555-0174", "US 11", "R", "2020-10", 169),
    ("B-1043", "Elspeth Varga", "elspeth.varga@example.org", "555-0105", "US 6.5", "R", "2019-09", 154),
    ("B-1044", "Hugo Delacourt-Finch", "hugo.df@example.com", "555-0158", "US 10", "R", "2021-04", 161),
    ("B-1051", "Ravi Mendonca", "ravi.mendonca@example.net", "555-0181", "US 9", "R", "2014-09", 192),
    ("B-1052", "Greta Pollard", "greta.pollard@example.com", "555-0122", "US 7", "R", "2018-01", 159),
    ("B-1053", "Teodor Ilic", "teodor.ilic@example.org", "555-0146", "US 11.5", "L", "2020-02", 174),
    ("B-1054", "Marnie Coyle", "marnie.coyle@example.com", "555-0197", "US 8", "R", "2023-09", 143),
    # Thursday Seniors Classic
    ("B-2001", "Gwendolyn Ashcombe", "gwen.ashcombe@example.net", "555-0211", "US 7", "R", "2009-09", 171),
    ("B-2002", "Marcus Oyelaran", "marcus.oyelaran@example.com", "555-0238", "US 10.5", "R", "2011-02", 186),
    ("B-2003", "Bernard Quaye", "bernard.quaye@example.org", "555-0204", "US 9", "R", "2012-09", 162),
    ("B-2004", "Dorothea Lintz", "dorothea.lintz@example.com", "555-0259", "US 6", "R", "2010-05", 150),
    ("B-2011", "Cyril Mabbott", "cyril.mabbott@example.net", "555-0227", "US 9.5", "R", "2008-09", 177),
    ("B-2012", "Donna Whitfield", "donna.whitfield@example.com", "555-0263", "US 7.5", "R", "2013-09", 158),
    ("B-2013", "Agnes Pettifer", "agnes.pettifer@example.org", "555-0215", "US 6.5", "L", "2015-01", 146),
    ("B-2014", "Horace Denholm", "horace.denholm@example.com", "555-0282", "US 11", "R", "2007-09", 168),
    ("B-2021", "Ruth Ingersoll", "ruth.ingersoll@example.net", "555-0249", "US 7", "R", "2012-03", 173),
    ("B-2022", "Marcus Oyelade", "m.oyelade@example.org", "555-0271", "US 12", "R", "2016-09", 165),
    ("B-2023", "Leopold Varney", "leopold.varney@example.com", "555-0233", "US 10", "R", "2011-09", 159),
    ("B-2024", "Mavis Chetwynd", "mavis.chetwynd@example.net", "555-0290", "US 6", "R", "2014-10", 141),
    ("B-2031", "Desmond Okoro", "desmond.okoro@example.com", "555-0219", "US 11", "R", "2010-09", 180),
    ("B-2032", "Tobias Renfro", "tobias.renfro@example.net", "555-0244", "US 9.5", "L", "2018-09", 164),
    ("B-2033", "Winifred Sallow", "winifred.sallow@example.org", "555-0276", "US 7", "R", "2013-02", 152),
    ("B-2034", "Alastair Penhallow", "a.penhallow@example.com", "555-0208", "US 10.5", "R", "2009-01", 170),
    ("B-2041", "Philippa Gaunt", "philippa.gaunt@example.net", "555-0255", "US 6.5", "R", "2012-09", 175),
    ("B-2042", "Edmund Rackley", "edmund.rackley@example.com", "555-0230", "US 11.5", "R", "2015-09", 167),
    ("B-2043", "Ottoline Barr", "ottoline.barr@example.org", "555-0267", "US 7", "R", "2017-04", 155),
    ("B-2044", "Seamus Carrow", "seamus.carrow@example.com", "555-0212", "US 10", "R", "2010-09", 161),
    ("B-2051", "Ignatius Blythe", "ignatius.blythe@example.net", "555-0241", "US 12", "R", "2006-09", 183),
    ("B-2052", "Vera Hollinshead", "vera.hollinshead@example.com", "555-0286", "US 7.5", "R", "2011-01", 160),
    ("B-2053", "Clement Ayodele", "clement.ayodele@example.org", "555-0224", "US 10", "R", "2014-09", 169),
    ("B-2054", "Hester Moorcroft", "hester.moorcroft@example.com", "555-0279", "US 6", "L", "2016-02", 148),
]
BOWLERS = {b[0]: {"id": b[0], "name": b[1], "email": b[2], "phone": b[3], "shoe": b[4], "hand": b[5],
                  "since": b[6], "base": b[7]} for b in _BOWLERS}

# ------------------------------------------------------------------ leagues and teams
LEAGUES = {lg["id"]: lg for lg in [
    {"id": "LG-21", "name": "Tuesday Night Mixed", "season": "2025-26", "night": "Tuesday", "start_time": "19:00",
     "status": "completed", "first_week": "2025-09-09", "weeks": 28, "lanes": "1-12", "format": "handicap",
     "secretary": "Lorna Keddie", "teams": ["T-211", "T-212", "T-213", "T-214", "T-215", "T-216"]},
    {"id": "LG-22", "name": "Thursday Seniors Classic", "season": "2025-26", "night": "Thursday",
     "start_time": "13:30", "status": "completed", "first_week": "2025-09-11", "weeks": 26, "lanes": "9-16",
     "format": "handicap", "secretary": "Agnes Pettifer", "teams": ["T-221", "T-222", "T-223", "T-224"]},
    {"id": "LG-27", "name": "Tuesday Night Mixed", "season": "2026-27", "night": "Tuesday", "start_time": "19:00",
     "status": "active", "first_week": "2026-09-08", "weeks": 30, "lanes": "1-12", "format": "handicap",
     "secretary": "Lorna Keddie", "teams": ["T-271", "T-272", "T-273", "T-274", "T-275", "T-276"]},
    {"id": "LG-28", "name": "Thursday Seniors Classic", "season": "2026-27", "night": "Thursday",
     "start_time": "13:30", "status": "active", "first_week": "2026-09-10", "weeks": 30, "lanes": "5-16",
     "format": "handicap", "secretary": "Agnes Pettifer",
     "teams": ["T-281", "T-282", "T-283", "T-284", "T-285", "T-286"]},
    {"id": "LG-29", "name": "Sunday Youth Scratch", "season": "2026-27", "night": "Sunday", "start_time": "10:00",
     "status": "registering", "first_week": "2027-04-11", "weeks": 10, "lanes": "1-8", "format": "scratch",
     "secretary": "Nadia Ferreira-Hollis", "teams": []},
]}

# team id, league, name, captain, members (captain first)
_TEAMS = [
    ("T-211", "LG-21", "Split Happens", ["B-1002", "B-1001", "B-1003", "B-1005"]),
    ("T-212", "LG-21", "Pin Pals", ["B-1011", "B-1012", "B-1013", "B-1015"]),
    ("T-213", "LG-21", "Gutter Guardians", ["B-1021", "B-1022", "B-1023", "B-1024"]),
    ("T-214", "LG-21", "Pin Pushers", ["B-1032", "B-1031", "B-1033", "B-1034"]),
    ("T-215", "LG-21", "Ten Pin Ten", ["B-1042", "B-1043", "B-1044", "B-1041"]),
    ("T-216", "LG-21", "Strike Force", ["B-1051", "B-1052", "B-1053", "B-1054"]),
    ("T-221", "LG-22", "Silver Strikers", ["B-2002", "B-2001", "B-2003", "B-2004"]),
    ("T-222", "LG-22", "Golden Oldies", ["B-2011", "B-2012", "B-2013", "B-2014"]),
    ("T-223", "LG-22", "The Alley Cats", ["B-2021", "B-2022", "B-2023", "B-2024"]),
    ("T-224", "LG-22", "Kingpins", ["B-2051", "B-2052", "B-2053", "B-2054"]),
    ("T-271", "LG-27", "Split Happens", ["B-1001", "B-1002", "B-1003", "B-1004"]),
    ("T-272", "LG-27", "Pin Pals", ["B-1011", "B-1012", "B-1013", "B-1014"]),
    ("T-273", "LG-27", "Gutter Guardians", ["B-1021", "B-1022", "B-1023", "B-1024"]),
    ("T-274", "LG-27", "Pin Pushers", ["B-1031", "B-1032", "B-1033", "B-1034"]),
    ("T-275", "LG-27", "The Spare Parts", ["B-1041", "B-1042", "B-1043", "B-1044"]),
    ("T-276", "LG-27", "Lucky Lane Seven", ["B-1051", "B-1052", "B-1053", "B-1054"]),
    ("T-281", "LG-28", "Silver Strikers", ["B-2001", "B-2002", "B-2003", "B-2004"]),
    ("T-282", "LG-28", "Golden Oldies", ["B-2011", "B-2012", "B-2013", "B-2014"]),
    ("T-283", "LG-28", "The Alley Cats", ["B-2021", "B-2022", "B-2023", "B-2024"]),
    ("T-284", "LG-28", "Ten Pin Veterans", ["B-2031", "B-2032", "B-2033", "B-2034"]),
    ("T-285", "LG-28", "Back Spin", ["B-2041", "B-2042", "B-2043", "B-2044"]),
    ("T-286", "LG-28", "Kingpins", ["B-2051", "B-2052", "B-2053", "B-2054"]),
]
TEAMS = {t[0]: {"id": t[0], "league": t[1], "name": t[2], "captain": t[3][0], "members": list(t[3])}
         for t in _TEAMS}

# weeks without league play (holidays)
NO_PLAY = {"2025-12-23", "2025-12-30", "2025-12-25", "2026-01-01", "2026-12-22", "2026-12-29", "2026-12-24",
           "2026-12-31"}

# scores fixed by hand: (bowler, date, game number) -> score
FIXED = {
    ("B-1002", "2027-02-02", 3): 247,
    ("B-1002", "2027-01-12", 2): 258,
    ("B-2002", "2027-02-11", 2): 279,
    ("B-2002", "2027-01-28", 1): 268,
    ("B-2022", "2027-02-11", 3): 271,
    ("B-2012", "2027-02-18", 3): 231,
}


def _h(*parts) -> int:
    return int(hashlib.sha1("|".join(map(str, parts)).encode()).hexdigest()[:8], 16)


def _league_dates(lg: dict) -> list[str]:
    """Dates of the league nights already bowled (up to the centre's today), in order."""
    out, day, n = [], _dt.date.fromisoformat(lg["first_week"]), 0
    while n < lg["weeks"] and day <= TODAY:
        if day.isoformat() not in NO_PLAY:
            out.append(day.isoformat())
            n += 1
        day += _dt.timedelta(days=7)
    if lg["status"] == "registering":
        return []
    return out


def _pairings(teams: list[str], week: int) -> list[tuple[str, str]]:
    """Round robin (circle method): the pairs of week `week` (1-based)."""
    n = len(teams)
    rot = (week - 1) % (n - 1)
    rest = teams[1:]
    rest = rest[rot:] + rest[:rot]
    order = [teams[0]] + rest
    return [(order[i], order[n - 1 - i]) for i in range(n // 2)]


def _absent(bid: str, date: str) -> bool:
    if any(k[0] == bid and k[1] == date for k in FIXED):
        return False
    return _h("absent", bid, date) % 11 == 0


def _score(bid: str, date: str, g: int) -> int:
    if (bid, date, g) in FIXED:
        return FIXED[(bid, date, g)]
    return BOWLERS[bid]["base"] + (_h(bid, date, g) % 81) - 40


def _lane_base(lg: dict) -> int:
    return int(lg["lanes"].split("-")[0])


def _hcp_of(bid: str) -> int:
    return int(max(0, 220 - BOWLERS[bid]["base"]) * 0.9)


GAMES: dict[str, dict] = {}   # game id -> game
MATCHES: list[dict] = []      # one per league, week, pair


def _build_games():
    for lg in LEAGUES.values():
        lnum = lg["id"].split("-")[1]
        for wk, date in enumerate(_league_dates(lg), start=1):
            for p, (ta, tb) in enumerate(_pairings(lg["teams"], wk)):
                slot = (p + wk) % (len(lg["teams"]) // 2)
                left, right = _lane_base(lg) + 2 * slot, _lane_base(lg) + 2 * slot + 1
                totals = {ta: [0, 0, 0], tb: [0, 0, 0]}
                for tid, other in ((ta, tb), (tb, ta)):
                    for bid in TEAMS[tid]["members"]:
                        absent = _absent(bid, date)
                        for g in (1, 2, 3):
                            on_left = (g % 2 == 1) == (tid == ta)
                            if absent:
                                totals[tid][g - 1] += BOWLERS[bid]["base"] - 10 + _hcp_of(bid)
                                continue
                            sc = _score(bid, date, g)
                            gid = f"G-{lnum}-{wk:02d}-{bid[2:]}-{g}"
                            GAMES[gid] = {"gid": gid, "league": lg["id"], "season": lg["season"], "dt": date,
                                          "wk": wk, "g": g, "ln": left if on_left else right, "sc": sc,
                                          "hcp": _hcp_of(bid), "bowler": bid, "team": tid, "opp": other}
                            totals[tid][g - 1] += sc + _hcp_of(bid)
                MATCHES.append({"league": lg["id"], "wk": wk, "dt": date, "teams": (ta, tb), "totals": totals})


_build_games()


def _standings(league_id: str) -> list[dict]:
    lg = LEAGUES[league_id]
    rows = {t: {"tid": t, "tm": TEAMS[t]["name"], "w": 0, "l": 0, "pts": 0.0, "pins": 0, "hi_ser": 0}
            for t in lg["teams"]}
    for gm in GAMES.values():
        if gm["league"] == league_id:
            rows[gm["team"]]["pins"] += gm["sc"]
    for m in MATCHES:
        if m["league"] != league_id:
            continue
        ta, tb = m["teams"]
        a, b = m["totals"][ta], m["totals"][tb]
        for x, y in list(zip(a, b)) + [(sum(a), sum(b))]:
            if x > y:
                rows[ta]["pts"] += 1
            elif y > x:
                rows[tb]["pts"] += 1
            else:
                rows[ta]["pts"] += 0.5
                rows[tb]["pts"] += 0.5
        for x, y in zip(a, b):
            if x > y:
                rows[ta]["w"] += 1
                rows[tb]["l"] += 1
            elif y > x:
                rows[tb]["w"] += 1
                rows[ta]["l"] += 1
        rows[ta]["hi_ser"] = max(rows[ta]["hi_ser"], sum(a))
        rows[tb]["hi_ser"] = max(rows[tb]["hi_ser"], sum(b))
    out = sorted(rows.values(), key=lambda r: (-r["pts"], -r["pins"], r["tm"]))
    for i, r in enumerate(out, start=1):
        r["pos"] = i
        r["pts"] = int(r["pts"]) if r["pts"] == int(r["pts"]) else r["pts"]
    return [{"pos": r["pos"], "tid": r["tid"], "tm": r["tm"], "pts": r["pts"], "w": r["w"], "l": r["l"],
             "pins": r["pins"], "hi_ser": r["hi_ser"]} for r in out]


def _avg(bid: str, season: str):
    scores = [g["sc"] for g in GAMES.values() if g["bowler"] == bid and g["season"] == season]
    return round(sum(scores) / len(scores), 2) if scores else None


def _team_of(bid: str, season: str):
    for t in TEAMS.values():
        if bid in t["members"] and LEAGUES[t["league"]]["season"] == season:
            return t
    return None


# ------------------------------------------------------------------ lanes
_PATTERNS = {"Marlin 38": 38, "Heron 42": 42, "Sandpiper 33": 33}
LANES = {}
for _n in range(1, 17):
    LANES[_n] = {"ln": _n, "surface": "synthetic" if _n <= 12 else "wood",
                 "pattern": "Marlin 38" if _n <= 8 else ("Heron 42" if _n <= 14 else "Sandpiper 33"),
                 "resurfaced": "2026-08-14" if _n <= 8 else "2025-07-30",
                 "pinsetter": "string" if _n <= 4 else "free-fall",
                 "status": "open", "next_maint": "2027-04-06" if _n <= 8 else "2027-04-13", "notes": ""}
LANES[3].update(status="out of order", notes="pinsetter deck fault; engineer booked", next_maint="2027-03-22")
LANES[7].update(resurfaced="2026-10-27", notes="resurfaced after water damage; new approach boards")
LANES[8].update(resurfaced="2026-08-21")
LANES[14].update(next_maint="2027-03-29", notes="ball return motor to be replaced")
LANES[13].update(next_maint="2027-05-03")
LANES[16].update(status="reserved", notes="kept for coaching sessions at weekends")
for _n in LANES:
    LANES[_n]["pattern_ft"] = _PATTERNS[LANES[_n]["pattern"]]

# ------------------------------------------------------------------ bookings
SHOE_PRICE = 4.50


def _rate(date: str, start: str) -> float:
    day = _dt.date.fromisoformat(date).weekday()
    if day >= 5:
        return 32.00
    if day == 4 and start >= "17:00":
        return 30.00
    return 24.00


def _booking(ref, date, start, hours, lanes, party, contact, email, phone, players, shoes, status, note=""):
    lane_fee = _rate(date, start) * hours * len(lanes)
    shoe_fee = SHOE_PRICE * shoes
    return {"ref": ref, "date": date, "start": start, "hours": hours, "lanes": lanes, "party": party,
            "contact": {"name": contact, "email": email, "phone": phone}, "players": players, "shoes": shoes,
            "price": {"lane_fee": f"{lane_fee:.2f}", "shoe_hire": f"{shoe_fee:.2f}",
                      "total": f"{lane_fee + shoe_fee:.2f}", "currency": "USD"},
            "status": status, "note": note}


BOOKINGS = {b["ref"]: b for b in [
    _booking("KB-2C4E77", "2027-03-20", "11:00", 2, [5, 6], "Achterberg family", "Rowan Achterberg",
             "rowan.achterberg@example.net", "555-0318", 8, 7, "cancelled", "moved to the afternoon"),
    _booking("KB-7D1A35", "2027-03-20", "16:30", 2, [11, 12], "Achterberg family", "Rowan Achterberg",
             "rowan.achterberg@example.net", "555-0318", 8, 6, "confirmed", "two players bring own shoes"),
    _booking("KB-3A71C2", "2027-03-20", "14:00", 2, [3, 4], "Ostrowski birthday party", "Lena Ostrowski",
             "lena.ostrowski@example.com", "555-0342", 10, 10, "cancelled", "lane 3 out of order; rebooked"),
    _booking("KB-5E09D4", "2027-03-20", "15:00", 2, [14], "Ostrowski birthday party", "Lena Ostrowski",
             "lena.ostrowski@example.com", "555-0342", 6, 6, "confirmed", "bumpers up; cake at 16:00"),
    _booking("KB-61B8F0", "2027-03-20", "19:00", 3, [9, 10], "Ostrowska hen party", "Kasia Ostrowska",
             "kasia.ostrowska@example.org", "555-0377", 11, 11, "confirmed"),
    _booking("KB-08F3A9", "2027-03-20", "12:00", 1, [1], "Harbourview Dental staff", "Imogen Pask",
             "imogen.pask@example.com", "555-0301", 5, 5, "confirmed"),
    _booking("KB-4B2D16", "2027-03-20", "13:00", 2, [7, 8], "Corvin & Lee", "Jasper Corvin",
             "jasper.corvin@example.net", "555-0365", 9, 4, "confirmed"),
    _booking("KB-9C7E50", "2027-03-20", "20:00", 2, [1, 2], "Wendle Rovers FC", "Tomasz Brill",
             "t.brill@example.org", "555-0389", 12, 12, "confirmed"),
    _booking("KB-1F6A83", "2027-03-19", "18:00", 2, [13], "Achterberg family", "Rowan Achterberg",
             "rowan.achterberg@example.net", "555-0318", 4, 4, "confirmed"),
    _booking("KB-D3E915", "2027-03-21", "11:00", 2, [2, 3], "Ostrowski birthday party", "Lena Ostrowski",
             "lena.ostrowski@example.com", "555-0342", 10, 10, "cancelled", "duplicate request"),
]}


def _bowler(bowler_id: str) -> dict:
    b = BOWLERS.get(str(bowler_id).strip().upper())
    if not b:
        raise ToolError(f"no bowler {bowler_id!r}; find ids with search_bowlers")
    return b


def _league(league_id: str) -> dict:
    lg = LEAGUES.get(str(league_id).strip().upper())
    if not lg:
        raise ToolError(f"no league {league_id!r}; see list_leagues")
    return lg


def _date(value: str, name: str) -> str:
    try:
        return _dt.date.fromisoformat(str(value).strip()).isoformat()
    except ValueError:
        raise ToolError(f"{name} must be a date YYYY-MM-DD") from None


# ------------------------------------------------------------------ tools
class LeagueSummary(TypedDict):
    league_id: str
    name: str
    season: str
    night: str
    start_time: str
    status: str
    team_count: int


class LeagueList(TypedDict):
    leagues: list[LeagueSummary]
    count: int


class LaneSummary(TypedDict):
    lane: int
    status: str
    pattern: str


class LaneList(TypedDict):
    lanes: list[LaneSummary]
    count: int


@mcp.tool()
def search_bowlers(name: str = "", email: str = "") -> dict:
    """Find registered bowlers by (part of) their name, fuzzy, or by email.

    Returns {"results": [{"id", "nm", "em", "status"}], "count"}: `nm` is the bowler's full name, `em` the email,
    `status` active (bowling in a 2026-27 league) or lapsed. Best matches first; similar names are included."""
    q, e = _fold(name), _fold(email)
    if not q and not e:
        raise ToolError("give a name or an email")
    hits = []
    for b in BOWLERS.values():
        if e and _fold(b["email"]) != e:
            continue
        score = 1.0
        if q:
            nm = _fold(b["name"])
            score = difflib.SequenceMatcher(None, q, nm).ratio()
            if q in nm:
                score = max(score, 0.95)
            if any(tok in nm.split() for tok in q.split()):
                score = max(score, 0.6)
            if score < 0.6:
                continue
        hits.append((score, b))
    hits.sort(key=lambda x: (-x[0], x[1]["name"]))
    rows = [{"id": b["id"], "nm": b["name"], "em": b["email"],
             "status": "active" if _team_of(b["id"], "2026-27") else "lapsed"} for _, b in hits]
    return {"results": rows, "count": len(rows)}


@mcp.tool()
def get_bowler(bowler_id: str) -> dict:
    """A bowler's record.

    Keys: id; nm name; em email; ph phone; hand (R/L); since (member since, YYYY-MM); shoe (hire shoe size);
    tid / team: the 2026-27 team's id and name (null when not bowling this season); lg the 2026-27 league id;
    avg: 2026-27 season average so far; avg_prev: 2025-26 season average; hcp: handicap for 2026-27."""
    b = _bowler(bowler_id)
    t = _team_of(b["id"], "2026-27")
    return {"id": b["id"], "nm": b["name"], "em": b["email"], "ph": b["phone"], "hand": b["hand"],
            "since": b["since"], "shoe": b["shoe"], "tid": t["id"] if t else None, "team": t["name"] if t else None,
            "lg": t["league"] if t else None, "avg": _avg(b["id"], "2026-27"), "avg_prev": _avg(b["id"], "2025-26"),
            "hcp": _hcp_of(b["id"])}


@mcp.tool()
def list_leagues(season: str = "", status: str = "") -> LeagueList:
    """Leagues run at the centre, optionally only one season (e.g. 2026-27) or status (active, completed,
    registering)."""
    s, st = str(season).strip().replace("/", "-"), _fold(status)
    rows = [{"league_id": lg["id"], "name": lg["name"], "season": lg["season"], "night": lg["night"],
             "start_time": lg["start_time"], "status": lg["status"], "team_count": len(lg["teams"])}
            for lg in LEAGUES.values() if (not s or lg["season"] == s) and (not st or lg["status"] == st)]
    return {"leagues": rows, "count": len(rows)}


@mcp.tool()
def get_league(league_id: str) -> dict:
    """One league: name, season, night, start time, lanes used, format (handicap or scratch), status, secretary,
    weeks bowled so far and its teams as [{"tid", "nm"}]."""
    lg = _league(league_id)
    return {"league_id": lg["id"], "name": lg["name"], "season": lg["season"], "night": lg["night"],
            "start_time": lg["start_time"], "lanes": lg["lanes"], "format": lg["format"], "status": lg["status"],
            "secretary": lg["secretary"], "weeks_scheduled": lg["weeks"], "weeks_bowled": len(_league_dates(lg)),
            "teams": [{"tid": t, "nm": TEAMS[t]["name"]} for t in lg["teams"]]}


@mcp.tool()
def get_standings(league_id: str) -> dict:
    """Current table of a league. Returns {"league_id", "season", "weeks_bowled", "rows": [...]}, each row
    {"pos", "tid", "tm", "pts", "w", "l", "pins", "hi_ser"}: tm team name, pts points (1 per game won plus 1 for
    the handicap series), w / l games won / lost, pins scratch pinfall, hi_ser highest handicap series."""
    lg = _league(league_id)
    return {"league_id": lg["id"], "season": lg["season"], "weeks_bowled": len(_league_dates(lg)),
            "rows": _standings(lg["id"])}


@mcp.tool()
def get_team(team_id: str) -> dict:
    """A team: {"tid", "nm", "league_id", "season", "captain": {"id", "nm", "em"}, "roster": [{"id", "nm"}]}."""
    t = TEAMS.get(str(team_id).strip().upper())
    if not t:
        raise ToolError(f"no team {team_id!r}; team ids are in get_league or get_standings")
    c = BOWLERS[t["captain"]]
    return {"tid": t["id"], "nm": t["name"], "league_id": t["league"], "season": LEAGUES[t["league"]]["season"],
            "captain": {"id": c["id"], "nm": c["name"], "em": c["email"]},
            "roster": [{"id": m, "nm": BOWLERS[m]["name"]} for m in t["members"]]}


@mcp.tool()
def list_games(bowler_id: str, season: str = "", date_from: str = "", date_to: str = "", sort: str = "date",
               page: int = 1) -> dict:
    """League games of one bowler, 10 a page.

    Filters: season (e.g. 2026-27), date_from / date_to (YYYY-MM-DD, inclusive). sort: "date" (newest first,
    the default) or "score" (highest first). Returns {"bowler_id", "total", "page", "next_page", "games": [...]}
    where total counts every matching game and next_page is null on the last page; each game is
    {"gid", "dt", "wk", "g", "ln", "sc"}: dt date, wk league week, g game of the night (1-3), ln lane, sc score."""
    b = _bowler(bowler_id)
    s = str(season).strip().replace("/", "-")
    lo = _date(date_from, "date_from") if date_from else ""
    hi = _date(date_to, "date_to") if date_to else ""
    rows = [g for g in GAMES.values() if g["bowler"] == b["id"] and (not s or g["season"] == s)
            and (not lo or g["dt"] >= lo) and (not hi or g["dt"] <= hi)]
    if sort == "score":
        rows.sort(key=lambda g: (-g["sc"], g["dt"], g["g"]))
    elif sort in ("date", "", None):
        rows.sort(key=lambda g: (g["dt"], -g["g"]), reverse=True)
    else:
        raise ToolError("sort must be date or score")
    page = max(1, int(page))
    chunk = rows[(page - 1) * PAGE_SIZE: page * PAGE_SIZE]
    return {"bowler_id": b["id"], "total": len(rows), "page": page,
            "next_page": page + 1 if page * PAGE_SIZE < len(rows) else None,
            "games": [{"gid": g["gid"], "dt": g["dt"], "wk": g["wk"], "g": g["g"], "ln": g["ln"], "sc": g["sc"]}
                      for g in chunk]}


@mcp.tool()
def get_game(game_id: str) -> dict:
    """One league game. Keys: gid; dt date; lg league id; wk week; g game of the night; ln lane; sc scratch
    score; hcp handicap; tot score with handicap; bowler {id, nm}; team {tid, nm}; opp the opposing team
    {tid, nm}; team_tot / opp_tot the two teams' handicap totals for that game; res won, lost or tied."""
    g = GAMES.get(str(game_id).strip().upper())
    if not g:
        raise ToolError(f"no game {game_id!r}; game ids come from list_games")
    m = next(m for m in MATCHES if m["league"] == g["league"] and m["wk"] == g["wk"] and g["team"] in m["teams"])
    mine, theirs = m["totals"][g["team"]][g["g"] - 1], m["totals"][g["opp"]][g["g"] - 1]
    return {"gid": g["gid"], "dt": g["dt"], "lg": g["league"], "wk": g["wk"], "g": g["g"], "ln": g["ln"],
            "sc": g["sc"], "hcp": g["hcp"], "tot": g["sc"] + g["hcp"],
            "bowler": {"id": g["bowler"], "nm": BOWLERS[g["bowler"]]["name"]},
            "team": {"tid": g["team"], "nm": TEAMS[g["team"]]["name"]},
            "opp": {"tid": g["opp"], "nm": TEAMS[g["opp"]]["name"]}, "team_tot": mine, "opp_tot": theirs,
            "res": "won" if mine > theirs else ("lost" if mine < theirs else "tied")}


@mcp.tool()
def list_lanes() -> LaneList:
    """All 16 lanes with their status (open, out of order, reserved) and current oil pattern."""
    rows = [{"lane": n, "status": l["status"], "pattern": l["pattern"]} for n, l in sorted(LANES.items())]
    return {"lanes": rows, "count": len(rows)}


@mcp.tool()
def get_lane(lane: int) -> dict:
    """One lane's card. Keys: ln lane number; surface (synthetic / wood); pattern oil pattern and pattern_ft its
    length in feet; resurfaced (date last resurfaced); pinsetter (string / free-fall); status; next_maint (date of
    the next scheduled maintenance); notes."""
    try:
        n = int(str(lane).strip().lower().removeprefix("lane").strip())
    except ValueError:
        raise ToolError("lane must be a lane number 1-16") from None
    if n not in LANES:
        raise ToolError("lane must be a lane number 1-16")
    return dict(LANES[n])


@mcp.tool()
def list_lane_bookings(date: str, email: str = "") -> dict:
    """Open-play lane bookings on one date (YYYY-MM-DD), optionally only those made with an email.

    Returns {"date", "count", "bookings": [{"ref", "who", "t", "hrs", "st"}]}: who the party name, t start time,
    hrs hours, st status (confirmed / cancelled). Lanes, contact and price are in get_booking."""
    d = _date(date, "date")
    e = _fold(email)
    rows = [{"ref": b["ref"], "who": b["party"], "t": b["start"], "hrs": b["hours"], "st": b["status"]}
            for b in sorted(BOOKINGS.values(), key=lambda b: (b["start"], b["ref"]))
            if b["date"] == d and (not e or _fold(b["contact"]["email"]) == e)]
    return {"date": d, "count": len(rows), "bookings": rows}


@mcp.tool()
def get_booking(ref: str) -> dict:
    """A lane booking: ref, date, start, hours, lanes (list of lane numbers), party, contact {name, email, phone},
    players, shoes (pairs of hire shoes), price {lane_fee, shoe_hire, total, currency}, status, note."""
    b = BOOKINGS.get(str(ref).strip().upper())
    if not b:
        raise ToolError(f"no booking {ref!r}")
    return {**b, "contact": dict(b["contact"]), "price": dict(b["price"]), "lanes": list(b["lanes"])}


@mcp.tool()
def book_lane(party_name: str, email: str, date: str, start: str, hours: int, players: int, shoes: int = 0) -> dict:
    """Book open-play lanes: date YYYY-MM-DD, start HH:MM (24 h), 1-4 hours, up to 6 players a lane, shoes = pairs
    of hire shoes. Lanes are picked by the centre. Returns the booking (as get_booking) with its reference
    (KB-xxxxxx); the same email, date, start, hours and players again returns the same booking."""
    d = _date(date, "date")
    m = re.fullmatch(r"(\d{1,2}):(\d{2})", str(start).strip())
    if not m or int(m.group(1)) > 23 or int(m.group(2)) > 59:
        raise ToolError("start must be HH:MM (24 h)")
    st = f"{int(m.group(1)):02d}:{m.group(2)}"
    hours, players, shoes = int(hours), int(players), int(shoes)
    if not 1 <= hours <= 4 or not 1 <= players <= 24 or not 0 <= shoes <= players:
        raise ToolError("hours 1-4, players 1-24, shoes 0..players")
    if "@" not in str(email):
        raise ToolError("email is required")
    ref = "KB-" + hashlib.sha1("|".join([_fold(email), d, st, str(hours), str(players)]).encode()) \
        .hexdigest().upper()[:6]
    if ref in BOOKINGS:
        return get_booking(ref)
    need = math.ceil(players / 6)
    begin = int(st[:2]) * 60 + int(st[3:])
    end = begin + 60 * hours
    busy = set()
    for b in BOOKINGS.values():
        if b["date"] == d and b["status"] != "cancelled":
            b0 = int(b["start"][:2]) * 60 + int(b["start"][3:])
            if b0 < end and begin < b0 + 60 * b["hours"]:
                busy.update(b["lanes"])
    night = _dt.date.fromisoformat(d).strftime("%A")
    for lg in LEAGUES.values():
        if lg["status"] == "active" and lg["night"] == night:
            lo, hi = map(int, lg["lanes"].split("-"))
            busy.update(range(lo, hi + 1))
    free = [n for n, l in sorted(LANES.items()) if l["status"] == "open" and n not in busy]
    if len(free) < need:
        raise ToolError("not enough free lanes at that time")
    BOOKINGS[ref] = _booking(ref, d, st, hours, free[:need], str(party_name).strip(), str(party_name).strip(),
                             str(email).strip(), "", players, shoes, "confirmed")
    return get_booking(ref)


if __name__ == "__main__":
    mcp.run()
