"""Rookery Lane Chess Club API: a small in-memory HTTP service (Python standard library only).

Usage: python chessclub_service.py PORT   (serves under /api on 127.0.0.1:PORT)
Members, rating history, subscriptions, tournaments (entries, standings, rounds, pairings, games), the club's
board/clock/set inventory and coaching sessions of the (invented) Rookery Lane Chess Club in Wexcombe.
Deterministic: fixed seed data (the data's "today" is 2026-12-04), no clock, no randomness; round-robin pairings
and results are computed from the seed data; tournament entry codes are derived from the entry's content.
All names, emails, phone numbers, FIDE-style ids and codes are invented. Licence: Apache-2.0.
"""
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


def words_in(query, text):
    tokens = [t for t in re.split(r"[\s,.'\u2019()]+", fold(query)) if t]
    low = fold(text)
    return all(t in low for t in tokens)


def h(text, mod):
    return int(hashlib.sha1(text.encode()).hexdigest()[:8], 16) % mod


def int_param(query, name, default, lo=1, hi=50):
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


def paginate(rows, query, default_per_page):
    page = int_param(query, "page", 1, 1, 10000)
    per_page = int_param(query, "per_page", default_per_page, 1, 50)
    start = (page - 1) * per_page
    chunk = rows[start:start + per_page]
    next_page = page + 1 if start + per_page < len(rows) else None
    return chunk, page, per_page, next_page


def check_date(value, name):
    if value in (None, ""):
        return None
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
        raise ApiError(400, f"{name} must be a date YYYY-MM-DD")
    return value


# ---------------------------------------------------------------- seed data
def _m(mid, name, email, ph, joined, rtg, cat="senior", role="player"):
    return {"member_id": mid, "name": name, "email": email, "ph": ph, "joined": joined, "rtg": rtg, "cat": cat,
            "role": role, "fid": f"44{h(mid, 900000) + 100000}"}


MEMBERS = {m["member_id"]: m for m in [
    _m("M-1001", "Aurelia Penhaligon", "aurelia.penhaligon@example.com", "+44 1632 960 368", "2019-09-02", 1795),
    _m("M-1002", "Aurelio Penhallow", "a.penhallow@example.com", "+44 1632 960 857", "2021-01-11", 1650),
    _m("M-1003", "Kasimir Woźniak", "kasimir.wozniak@example.com", "+44 1632 960 758", "2015-03-30", 2011),
    _m("M-1004", "Kazimierz Wozniakowski", "kaz.wozniakowski@example.com", "+44 1632 960 466", "2023-10-05", 1720),
    _m("M-1005", "Thandiwe Okonkwo-Reyes", "thandiwe.or@example.com", "+44 1632 960 897", "2012-06-18", 2190,
       role="coach"),
    _m("M-1006", "Bartholomew Quist", "bartholomew.quist@example.com", "+44 1632 960 428", "2024-02-14", 1502),
    _m("M-1007", "Ingrid Solvang", "ingrid.solvang@example.com", "+44 1632 960 436", "2018-04-21", 1933),
    _m("M-1008", "Ingrid Solberg", "i.solberg@example.com", "+44 1632 960 933", "2022-08-30", 1588),
    _m("M-1009", "Matthias Oyelaran", "matthias.oyelaran@example.com", "+44 1632 960 425", "2014-01-09", 2105,
       role="coach"),
    _m("M-1010", "Priya Venkataraman", "priya.venkataraman@example.com", "+44 1632 960 319", "2020-05-12", 1766),
    _m("M-1011", "Priyanka Venkatesh", "priyanka.v@example.com", "+44 1632 960 461", "2023-01-20", 1440),
    _m("M-1012", "Odile Marchbank", "odile.marchbank@example.com", "+44 1632 960 862", "2016-11-03", 1820),
    _m("M-1013", "Jonah Feldspar", "jonah.feldspar@example.com", "+44 1632 960 976", "2025-02-01", 1390),
    _m("M-1014", "Lucinda Abernethy-Cole", "lucinda.ac@example.com", "+44 1632 960 410", "2017-07-07", 1702),
    _m("M-1015", "Rafferty Dunmore", "rafferty.dunmore@example.com", "+44 1632 960 993", "2019-03-15", 1655),
    _m("M-1016", "Yusuf Kaplan-Mercer", "yusuf.kaplanmercer@example.com", "+44 1632 960 854", "2013-09-28", 1988),
    _m("M-1017", "Wren Tallisker", "wren.tallisker@example.com", "+44 1632 960 196", "2025-09-06", 1275,
       cat="junior"),
    _m("M-1018", "Émile Bastarache", "emile.bastarache@example.com", "+44 1632 960 043", "2018-12-01", 1845),
    _m("M-1019", "Greta Lindqvist-Moor", "greta.lm@example.com", "+44 1632 960 744", "2021-04-26", 1612),
    _m("M-1020", "Cosmo Thackeray", "cosmo.thackeray@example.com", "+44 1632 960 591", "2022-02-22", 1540),
    _m("M-1021", "Fenella Orchard", "fenella.orchard@example.com", "+44 1632 960 717", "2020-10-10", 1710),
    _m("M-1022", "Hamish Ballantrae", "hamish.ballantrae@example.com", "+44 1632 960 509", "2011-05-19", 1899),
    _m("M-1023", "Tobiah Ekwueme", "tobiah.ekwueme@example.com", "+44 1632 960 025", "2024-06-03", 1799),
    _m("M-1024", "Marisol Quintero-Hale", "marisol.qh@example.com", "+44 1632 960 084", "2019-01-31", 1680),
]}

SUBSCRIPTIONS = {
    "M-1001": ("Adult full (annual)", 148.5, "act", "2027-09-01", "2019-09-02"),
    "M-1002": ("Adult full (annual)", 148.5, "act", "2027-01-11", "2021-01-11"),
    "M-1003": ("Adult full (annual)", 148.5, "act", "2027-02-01", "2015-03-30"),
    "M-1004": ("Concession (annual)", 74.0, "act", "2027-10-05", "2023-10-05"),
    "M-1005": ("Coach (complimentary)", 0.0, "act", None, "2012-06-18"),
    "M-1006": ("Adult monthly", 13.75, "act", "2026-12-14", "2024-02-14"),
    "M-1007": ("Adult full (annual)", 148.5, "lap", None, "2018-04-21"),
    "M-1008": ("Adult monthly", 13.75, "act", "2026-12-30", "2022-08-30"),
    "M-1009": ("Coach (complimentary)", 0.0, "act", None, "2014-01-09"),
    "M-1010": ("Adult full (annual)", 148.5, "act", "2027-05-12", "2020-05-12"),
    "M-1011": ("Adult monthly", 13.75, "frz", None, "2023-01-20"),
    "M-1017": ("Junior (annual)", 45.0, "act", "2027-09-06", "2025-09-06"),
}

# id, name, start, end, status, venue, time control, rounds, arbiter, fee, players (round robin), rounds played
TOURNAMENTS = {}
for _t in [
    ("T-70", "Spring Rapid 2025", "2025-04-12", "2025-04-13", "finished", "Rookery Lane clubroom", "25+10", 5,
     "Hesketh Moorcroft", 18.0, ["M-1001", "M-1003", "M-1012", "M-1015", "M-1019", "M-1022"], None),
    ("T-72", "Summer Allegro 2025", "2025-07-19", "2025-07-19", "finished", "Wexcombe Guildhall, Long Room",
     "15+5", 5, "Hesketh Moorcroft", 15.0, ["M-1002", "M-1005", "M-1010", "M-1014", "M-1018", "M-1021"], None),
    ("T-74", "Autumn Rapid 2025", "2025-10-11", "2025-10-12", "finished", "Rookery Lane clubroom", "25+10", 5,
     "Philippa Stour", 18.0, ["M-1001", "M-1004", "M-1009", "M-1016", "M-1020", "M-1023"], None),
    ("T-76", "Wexcombe Winter Open 2025", "2025-11-14", "2025-11-16", "finished", "Wexcombe Guildhall, Long Room",
     "90+30", 7, "Philippa Stour", 32.0,
     ["M-1001", "M-1003", "M-1005", "M-1007", "M-1011", "M-1016", "M-1018", "M-1022"], None),
    ("T-78", "Spring Rapid 2026", "2026-05-16", "2026-05-17", "finished", "Rookery Lane clubroom", "25+10", 5,
     "Hesketh Moorcroft", 18.0, ["M-1001", "M-1007", "M-1009", "M-1012", "M-1014", "M-1024"], None),
    ("T-79", "Club Championship 2026-27", "2026-09-03", "2027-03-04", "running", "Rookery Lane clubroom",
     "75+15", 7, "Hesketh Moorcroft", 0.0,
     ["M-1003", "M-1005", "M-1007", "M-1009", "M-1012", "M-1016", "M-1018", "M-1022"], 4),
    ("T-80", "Summer Allegro 2026", "2026-07-04", "2026-07-05", "finished", "Wexcombe Guildhall, Long Room",
     "15+5", 5, "Philippa Stour", 15.0, ["M-1001", "M-1002", "M-1007", "M-1010", "M-1015", "M-1021"], None),
    ("T-81", "Autumn Rapid 2026", "2026-10-17", "2026-10-18", "finished", "Rookery Lane clubroom", "25+10", 5,
     "Philippa Stour", 18.0, ["M-1001", "M-1007", "M-1008", "M-1013", "M-1016", "M-1023"], None),
    ("T-84", "Wexcombe Winter Open 2026", "2026-11-13", "2026-11-15", "finished", "Wexcombe Guildhall, Long Room",
     "90+30", 7, "Philippa Stour", 32.0,
     ["M-1001", "M-1012", "M-1005", "M-1007", "M-1009", "M-1003", "M-1018", "M-1022"], None),
    ("T-88", "Winter Open Blitz 2026", "2026-11-28", "2026-11-28", "finished", "Rookery Lane clubroom", "3+2", 5,
     "Hesketh Moorcroft", 8.0, ["M-1003", "M-1007", "M-1010", "M-1016", "M-1022", "M-1024"], None),
    ("T-90", "New Year Congress 2027", "2027-01-09", "2027-01-10", "upcoming", "Wexcombe Guildhall, Long Room",
     "60+15", 5, "Hesketh Moorcroft", 26.0, [], 0),
    ("T-91", "Junior Spring Cup 2027", "2027-03-20", "2027-03-20", "upcoming", "St Aldric's School hall",
     "20+5", 5, "Philippa Stour", 6.0, [], 0),
    ("T-93", "Spring Rapid 2027", "2027-05-15", "2027-05-16", "upcoming", "Rookery Lane clubroom", "25+10", 5,
     "Hesketh Moorcroft", 18.0, [], 0),
]:
    tid, name, start, end, status, venue, tc, rounds, arbiter, fee, players, played = _t
    TOURNAMENTS[tid] = {"tournament_id": tid, "name": name, "start": start, "end": end, "status": status,
                        "venue": venue, "tc": tc, "rounds": rounds, "arbiter": arbiter, "fee": fee,
                        "players": players, "played": rounds if played is None else played}

SECTIONS = {"T-90": {"open": None, "major": 1900, "minor": 1600}, "T-91": {"junior": None},
            "T-93": {"open": None, "minor": 1600}}
ENTRIES = {  # tournament -> list of (member_id, section)
    "T-90": [("M-1003", "open"), ("M-1009", "open"), ("M-1012", "major"), ("M-1020", "minor"),
             ("M-1013", "minor")],
    "T-91": [("M-1017", "junior")],
    "T-93": [],
}
ENTRY_CODES = {}  # (tournament, member) -> entry record made through the API

# result overrides: (tournament, round, board) -> result; otherwise the higher rated player wins, or a draw
# when the ratings are less than 50 apart
OVERRIDES = {
    ("T-81", 1, 1): "1-0", ("T-81", 2, 2): "0-1", ("T-81", 4, 3): "1/2-1/2",
    ("T-88", 2, 1): "1-0", ("T-88", 3, 1): "1-0", ("T-88", 4, 1): "0-1", ("T-88", 5, 3): "0-1",
    ("T-76", 2, 1): "1/2-1/2",
    ("T-84", 1, 1): "1/2-1/2", ("T-84", 7, 1): "0-1", ("T-84", 3, 2): "1-0",
}

ECO = ["B33", "C65", "D37", "E04", "A13", "C42", "B12", "D02", "E97", "C11", "B90", "A45", "C18", "D85", "B22",
       "A29", "E61", "C54", "B07", "D30"]
ROUND_TIMES = {1: "10:00", 2: "14:30", 3: "19:00"}
DURATION = {"3+2": (4, 9), "15+5": (14, 26), "25+10": (35, 45), "60+15": (60, 90), "75+15": (70, 110),
            "90+30": (110, 170)}  # game length in minutes: base + up to n


def round_robin(players):
    """Circle method; returns a list of rounds, each a list of (white, black)."""
    n = len(players)
    ring = list(players)
    out = []
    for r in range(n - 1):
        pairs = []
        for i in range(n // 2):
            a, b = ring[i], ring[n - 1 - i]
            pairs.append((a, b) if (r + i) % 2 == 0 else (b, a))
        out.append(pairs)
        ring = [ring[0]] + [ring[-1]] + ring[1:-1]
    return out


def _round_dates(t):
    from datetime import date, timedelta
    start = date.fromisoformat(t["start"])
    end = date.fromisoformat(t["end"])
    days = (end - start).days + 1
    out = []
    for r in range(1, t["rounds"] + 1):
        if t["tournament_id"] == "T-79":  # monthly club championship
            d = date(2026 + (7 + r) // 12, (7 + r) % 12 + 1, 3)
            out.append((d.isoformat(), "19:30"))
        elif days == 1:
            times = ["10:00", "10:30", "11:00", "11:30", "12:00"] if t["tc"] == "3+2" else \
                ["10:00", "11:15", "12:30", "14:30", "15:45"]
            out.append((t["start"], times[r - 1]))
        else:
            per_day = -(-t["rounds"] // days)
            d = start + timedelta(days=(r - 1) // per_day)
            out.append((d.isoformat(), ROUND_TIMES.get((r - 1) % per_day + 1, "19:00")))
    return out


ROUNDS, ROUNDS_BY_T, GAMES = {}, {}, {}
for _tid, _t in TOURNAMENTS.items():
    ROUNDS_BY_T[_tid] = []
    if not _t["players"]:
        continue
    _dates = _round_dates(_t)
    for _r, _pairs in enumerate(round_robin(_t["players"]), start=1):
        if _r > _t["rounds"]:
            break
        _rid = f"RD-{1000 + h(_tid + '/' + str(_r), 9000)}"
        _played = _r <= _t["played"]
        _boards = []
        for _b, (_w, _bl) in enumerate(_pairs, start=1):
            _gid = None
            _res = "*"
            if _played:
                _diff = MEMBERS[_w]["rtg"] - MEMBERS[_bl]["rtg"]
                _res = OVERRIDES.get((_tid, _r, _b),
                                     "1/2-1/2" if abs(_diff) < 50 else ("1-0" if _diff > 0 else "0-1"))
                _gid = f"G-{10000 + h(_tid + '/' + str(_r) + '/' + str(_b), 90000)}"
                _k = _tid + str(_r) + str(_b)
                if _res == "1/2-1/2":
                    _term = ["agr", "rep", "stal", "agr"][h(_k + "t", 4)]
                else:
                    _term = ["res", "res", "time", "mate"][h(_k + "t", 4)]
                GAMES[_gid] = {"game_id": _gid, "tournament_id": _tid, "round_id": _rid, "w": _w, "b": _bl,
                               "res": _res, "eco": ECO[h(_k + "e", len(ECO))], "mv": 19 + h(_k + "m", 60),
                               "term": _term, "clk": f"CLK-{1 + h(_k + 'c', 24):02d}",
                               "dur": DURATION[_t["tc"]][0] + h(_k + "d", DURATION[_t["tc"]][1])}
            _boards.append({"bd": _b, "w": _w, "wn": MEMBERS[_w]["name"], "b": _bl, "bn": MEMBERS[_bl]["name"],
                            "res": _res, "game_id": _gid})
        ROUNDS[_rid] = {"round_id": _rid, "tournament_id": _tid, "no": _r, "dt": _dates[_r - 1][0],
                        "t": _dates[_r - 1][1], "st": "done" if _played else "sched", "boards": _boards}
        ROUNDS_BY_T[_tid].append(_rid)


def standings(tid):
    t = TOURNAMENTS[tid]
    pts = {p: 0.0 for p in t["players"]}
    games = []
    for rid in ROUNDS_BY_T[tid]:
        for bd in ROUNDS[rid]["boards"]:
            if bd["res"] == "*":
                continue
            sw = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}[bd["res"]]
            pts[bd["w"]] += sw
            pts[bd["b"]] += 1 - sw
            games.append((bd["w"], bd["b"], sw))
    sb = {p: 0.0 for p in pts}
    for w, b, sw in games:
        sb[w] += sw * pts[b]
        sb[b] += (1 - sw) * pts[w]
    order = sorted(pts, key=lambda p: (-pts[p], -sb[p], MEMBERS[p]["name"]))
    return [{"pos": i, "member_id": p, "name": MEMBERS[p]["name"], "pts": pts[p], "sb": sb[p]}
            for i, p in enumerate(order, start=1)]


# rating history: one entry per finished tournament played; changes are fixed for some, the rest derived
RATING_CHANGES = {
    "M-1001": {"T-70": 14, "T-74": -11, "T-76": 30, "T-78": 25, "T-80": -18, "T-81": 20, "T-84": -19},
    "M-1007": {"T-76": 44, "T-78": 12, "T-80": 14, "T-81": 9, "T-84": -5, "T-88": 31},
    "M-1008": {"T-81": 27},
}


def rating_history(mid):
    events = sorted((t["end"], tid) for tid, t in TOURNAMENTS.items()
                    if t["status"] == "finished" and mid in t["players"])
    fixed = RATING_CHANGES.get(mid, {})
    changes = [fixed.get(tid, h(mid + tid, 41) - 18) for _, tid in events]
    r = MEMBERS[mid]["rtg"]
    out = []
    for (end, tid), d in reversed(list(zip(events, changes))):
        out.append({"dt": end, "r": r, "d": d, "ev": tid})
        r -= d
    out.reverse()
    joined = MEMBERS[mid]["joined"]
    return [{"dt": joined, "r": r, "d": 0, "ev": None}] + out


# inventory: boards, clocks, sets
EQUIPMENT = []
for _i in range(1, 38):
    EQUIPMENT.append({"tag": f"BRD-{_i:02d}", "kind": "board",
                      "model": "Wooden tournament board 55 mm" if _i <= 12 else "Roll-up vinyl board (green)",
                      "st": "ok", "loc": "Clubroom cupboard A" if _i <= 20 else "Clubroom cupboard B",
                      "since": "2024-09-01"})
for _i in range(1, 25):
    EQUIPMENT.append({"tag": f"CLK-{_i:02d}", "kind": "clock",
                      "model": "DGT 3000" if _i <= 14 else "Chronos GX", "st": "ok", "loc": "Clock cabinet",
                      "since": "2025-01-15"})
for _i in range(1, 31):
    EQUIPMENT.append({"tag": f"SET-{_i:02d}", "kind": "set",
                      "model": "Staunton weighted 95 mm" if _i <= 16 else "Plastic club set 95 mm", "st": "ok",
                      "loc": "Clubroom cupboard A" if _i <= 16 else "Clubroom cupboard B", "since": "2024-09-01"})
_EQ = {e["tag"]: e for e in EQUIPMENT}
_EQ["CLK-07"].update(st="rep", loc="Tickford Horology, 14 Mill Street", since="2026-11-19")
_EQ["CLK-19"].update(st="rep", loc="Ashgrove Clock Repairs, Unit 3 Tanyard Court", since="2026-11-26")
_EQ["CLK-03"].update(st="lent", loc="Wexcombe Juniors (St Aldric's School)", since="2026-10-01")
_EQ["CLK-04"].update(st="lent", loc="Wexcombe Juniors (St Aldric's School)", since="2026-10-01")
_EQ["CLK-22"].update(st="lost", loc="unknown (last seen at T-80)", since="2026-07-05")
_EQ["BRD-14"].update(st="rep", loc="Tickford Horology, 14 Mill Street", since="2026-11-19")
_EQ["BRD-30"].update(st="lent", loc="Wexcombe Library chess corner", since="2026-06-01")
_EQ["SET-09"].update(st="rep", loc="Clubroom cupboard A (missing a black knight)", since="2026-10-22")

# coaching sessions: id, date, start, minutes, coach, student, fee
SESSIONS = [
    {"sid": f"CS-{300 + i}", "dt": dt, "t": t, "min": mins, "co": co, "stu": stu, "fee": fee}
    for i, (dt, t, mins, co, stu, fee) in enumerate([
        ("2026-10-29", "18:00", 90, "M-1005", "M-1010", 48.0),
        ("2026-11-05", "18:00", 90, "M-1005", "M-1010", 48.0),
        ("2026-11-19", "18:00", 90, "M-1005", "M-1010", 48.0),
        ("2026-11-12", "17:00", 60, "M-1009", "M-1011", 30.0),
        ("2026-12-03", "19:00", 90, "M-1009", "M-1010", 42.5),
        ("2026-12-10", "17:00", 60, "M-1005", "M-1011", 36.0),
        ("2026-12-17", "19:00", 90, "M-1009", "M-1010", 42.5),
        ("2026-12-08", "16:30", 45, "M-1009", "M-1017", 20.0),
        ("2027-01-07", "18:00", 90, "M-1005", "M-1010", 48.0),
        ("2026-12-15", "18:00", 60, "M-1005", "M-1008", 36.0),
        ("2026-12-01", "18:00", 60, "M-1009", "M-1002", 30.0),
    ])
]


# ---------------------------------------------------------------- routes
def member_or_404(mid):
    m = MEMBERS.get(str(mid).strip().upper())
    if m is None:
        raise ApiError(404, f"no member {mid!r}")
    return m


def tournament_or_404(tid):
    t = TOURNAMENTS.get(str(tid).strip().upper())
    if t is None:
        raise ApiError(404, f"no tournament {tid!r}")
    return t


def member_summary(m):
    return {"member_id": m["member_id"], "name": m["name"], "email": m["email"], "rtg": m["rtg"]}


@route("GET", "/members")
def list_members(params, query, body):
    rows = sorted(MEMBERS.values(), key=lambda m: m["member_id"])
    if query.get("name"):
        rows = [m for m in rows if words_in(query["name"], m["name"])]
    if query.get("email"):
        rows = [m for m in rows if m["email"].lower() == query["email"].strip().lower()]
    chunk, page, per_page, next_page = paginate(rows, query, 10)
    return 200, {"total": len(rows), "page": page, "per_page": per_page, "next_page": next_page,
                 "members": [member_summary(m) for m in chunk]}


@route("GET", "/members/{member_id}")
def get_member(params, query, body):
    m = member_or_404(params["member_id"])
    return 200, {k: m[k] for k in ("member_id", "name", "email", "ph", "joined", "rtg", "cat", "role", "fid")}


@route("GET", "/members/{member_id}/ratings")
def member_ratings(params, query, body):
    m = member_or_404(params["member_id"])
    return 200, {"member_id": m["member_id"], "history": rating_history(m["member_id"])}


@route("GET", "/members/{member_id}/subscription")
def member_subscription(params, query, body):
    m = member_or_404(params["member_id"])
    plan, amt, st, nxt, since = SUBSCRIPTIONS.get(m["member_id"], ("Adult full (annual)", 148.5, "act",
                                                                    "2027-" + m["joined"][5:], m["joined"]))
    return 200, {"member_id": m["member_id"], "plan": plan, "amt": amt, "cur": "GBP", "st": st, "nxt": nxt,
                 "since": since}


@route("GET", "/tournaments")
def list_tournaments(params, query, body):
    rows = sorted(TOURNAMENTS.values(), key=lambda t: (t["start"], t["tournament_id"]), reverse=True)
    status = query.get("status")
    if status:
        if status not in ("upcoming", "running", "finished"):
            raise ApiError(400, "status must be upcoming, running or finished")
        rows = [t for t in rows if t["status"] == status]
    if query.get("q"):
        rows = [t for t in rows if words_in(query["q"], t["name"])]
    chunk, page, per_page, next_page = paginate(rows, query, 5)
    return 200, {"total_count": len(rows), "page": page, "next_page": next_page,
                 "tournaments": [{k: t[k] for k in ("tournament_id", "name", "start", "end", "status")}
                                 for t in chunk]}


@route("GET", "/tournaments/{tournament_id}")
def get_tournament(params, query, body):
    t = tournament_or_404(params["tournament_id"])
    out = {k: t[k] for k in ("tournament_id", "name", "start", "end", "status", "venue", "tc", "rounds",
                             "arbiter", "fee")}
    out["sections"] = sorted(SECTIONS.get(t["tournament_id"], {"open": None}))
    return 200, out


def entry_rows(t):
    tid = t["tournament_id"]
    if t["players"]:
        return [{"member_id": p, "name": MEMBERS[p]["name"], "section": "open", "rtg": MEMBERS[p]["rtg"]}
                for p in t["players"]]
    rows = [{"member_id": mid, "name": MEMBERS[mid]["name"], "section": sec, "rtg": MEMBERS[mid]["rtg"]}
            for mid, sec in ENTRIES.get(tid, [])]
    rows += [{"member_id": e["member_id"], "name": e["name"], "section": e["section"],
              "rtg": MEMBERS[e["member_id"]]["rtg"]} for (t2, _), e in ENTRY_CODES.items() if t2 == tid]
    return rows


@route("GET", "/tournaments/{tournament_id}/entries")
def list_entries(params, query, body):
    t = tournament_or_404(params["tournament_id"])
    rows = entry_rows(t)
    return 200, {"tournament_id": t["tournament_id"], "count": len(rows), "entries": rows}


@route("POST", "/tournaments/{tournament_id}/entries")
def create_entry(params, query, body):
    t = tournament_or_404(params["tournament_id"])
    tid = t["tournament_id"]
    if body is None or not body.get("member_id"):
        raise ApiError(400, "body must hold member_id")
    m = member_or_404(body["member_id"])
    key = (tid, m["member_id"])
    with LOCK:
        if key in ENTRY_CODES:
            return 200, dict(ENTRY_CODES[key])
        if t["status"] != "upcoming":
            raise ApiError(409, f"entries for {t['name']} are closed ({t['status']})")
        if any(mid == m["member_id"] for mid, _ in ENTRIES.get(tid, [])):
            raise ApiError(409, f"{m['name']} is already entered in {t['name']}")
        sections = SECTIONS.get(tid, {"open": None})
        section = str(body.get("section") or next(iter(sections))).strip().lower()
        if section not in sections:
            raise ApiError(422, f"section must be one of {sorted(sections)}")
        limit = sections[section]
        if limit is not None and m["rtg"] >= limit:
            raise ApiError(422, f"the {section} section is for players rated under {limit}")
        if section == "junior" and m["cat"] != "junior":
            raise ApiError(422, "the junior section is for junior members")
        code = "ENT-" + hashlib.sha1(f"{tid}|{m['member_id']}|{section}".encode()).hexdigest()[:6].upper()
        ENTRY_CODES[key] = {"entry_code": code, "tournament_id": tid, "member_id": m["member_id"],
                            "name": m["name"], "section": section, "fee": t["fee"], "st": "confirmed"}
        return 201, dict(ENTRY_CODES[key])


@route("GET", "/tournaments/{tournament_id}/standings")
def get_standings(params, query, body):
    t = tournament_or_404(params["tournament_id"])
    return 200, {"tournament_id": t["tournament_id"], "after_round": t["played"] if t["players"] else 0,
                 "rows": standings(t["tournament_id"]) if t["players"] else []}


@route("GET", "/tournaments/{tournament_id}/rounds")
def list_rounds(params, query, body):
    t = tournament_or_404(params["tournament_id"])
    return 200, {"tournament_id": t["tournament_id"],
                 "rounds": [{k: ROUNDS[rid][k] for k in ("round_id", "no", "dt", "t", "st")}
                            for rid in ROUNDS_BY_T[t["tournament_id"]]]}


@route("GET", "/rounds/{round_id}/pairings")
def list_pairings(params, query, body):
    r = ROUNDS.get(params["round_id"].strip().upper())
    if r is None:
        raise ApiError(404, f"no round {params['round_id']!r}")
    return 200, {"round_id": r["round_id"], "tournament_id": r["tournament_id"], "no": r["no"],
                 "boards": [dict(b) for b in r["boards"]]}


@route("GET", "/games/{game_id}")
def get_game(params, query, body):
    g = GAMES.get(params["game_id"].strip().upper())
    if g is None:
        raise ApiError(404, f"no game {params['game_id']!r}")
    return 200, dict(g)


@route("GET", "/equipment")
def list_equipment(params, query, body):
    rows = EQUIPMENT
    kind = query.get("kind")
    if kind:
        if kind not in ("board", "clock", "set"):
            raise ApiError(400, "kind must be board, clock or set")
        rows = [e for e in rows if e["kind"] == kind]
    st = query.get("st")
    if st:
        if st not in ("ok", "rep", "lent", "lost"):
            raise ApiError(400, "st must be ok, rep, lent or lost")
        rows = [e for e in rows if e["st"] == st]
    chunk, page, per_page, next_page = paginate(rows, query, 10)
    return 200, {"total_count": len(rows), "page": page, "next_page": next_page, "items": [dict(e) for e in chunk]}


@route("GET", "/coaching-sessions")
def list_sessions(params, query, body):
    rows = SESSIONS
    if query.get("member_id"):
        rows = [s for s in rows if s["stu"] == query["member_id"].strip().upper()]
    if query.get("coach_id"):
        rows = [s for s in rows if s["co"] == query["coach_id"].strip().upper()]
    lo, hi = check_date(query.get("from"), "from"), check_date(query.get("to"), "to")
    if lo:
        rows = [s for s in rows if s["dt"] >= lo]
    if hi:
        rows = [s for s in rows if s["dt"] <= hi]
    rows = sorted(rows, key=lambda s: (s["dt"], s["t"]))
    return 200, {"count": len(rows), "sessions": [dict(s) for s in rows]}


# ---------------------------------------------------------------- server
class Handler(BaseHTTPRequestHandler):
    def _dispatch(self, method):
        parts = urlsplit(self.path)
        query = {k: v[-1] for k, v in parse_qs(parts.query).items()}
        body = None
        if method == "POST":
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length).decode() if length else ""
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
        data = json.dumps(payload, ensure_ascii=False).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=utf-8")
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
