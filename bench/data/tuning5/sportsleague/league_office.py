"""Greywater Valley Sunday Football League office tools: teams, players, fixtures, results, league tables, referees,
venues and training-slot bookings.

Plain functions over fixed in-memory data (no I/O, no clock, no randomness: the seed data is built from fixed lists
and SHA-1 digests). Season 2026-27, matches on Sundays; today is 2027-03-20. Ids look like "TM-04" (team),
"PL-1107" (player), "FX-2150" (fixture), "RF-03" (referee), "VN-06" (venue), "TS-3F09A1" (training slot). Money is
in GBP. All names, clubs, grounds, addresses, phone numbers, emails and codes are invented. Licence: Apache-2.0.
"""
import datetime
import hashlib
import re
import unicodedata
from dataclasses import dataclass, field
from typing import TypedDict

TODAY = "2027-03-20"
SEASON = "2026-27"


# ------------------------------------------------------------------ return types
class TeamHit(TypedDict):
    team_id: str
    name: str
    division: str


class PlayerHit(TypedDict):
    player_id: str
    name: str
    team_id: str
    team_name: str
    shirt: int


class FixtureSummary(TypedDict):
    fixture_id: str
    date: str
    kickoff: str
    home: str
    away: str
    status: str
    score: str | None


class TableRow(TypedDict):
    pos: int
    team_id: str
    team: str
    p: int
    w: int
    d: int
    l: int
    gf: int
    ga: int
    gd: int
    pts: int


class RefereeHit(TypedDict):
    referee_id: str
    name: str
    grade: str


@dataclass
class FixturePage:
    items: list
    page: int
    page_size: int
    total_count: int
    next_page: int | None


@dataclass
class Fixture:
    fixture_id: str
    division: str
    round: int
    date: str
    kickoff: str
    home_team_id: str
    home_team: str
    away_team_id: str
    away_team: str
    venue_id: str
    pitch: int
    referee_id: str | None
    status: str
    note: str = ""


@dataclass
class Venue:
    venue_id: str
    name: str
    address: str
    postcode: str
    pitches: int
    surface: str
    floodlights: bool
    parking: str
    changing_rooms: str
    hire_rate_per_hour: float
    bookings_phone: str
    tenants: list = field(default_factory=list)


# ------------------------------------------------------------------ helpers
def _fold(text) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", str(text)) if not unicodedata.combining(c)).lower()


def _tokens(text: str) -> list:
    return [t for t in re.split(r"[\s,.'\u2019&()/-]+", _fold(text)) if t]


def _words_in(query: str, text: str) -> bool:
    hay = _tokens(text)
    return all(any(h.startswith(t) for h in hay) for t in _tokens(query))


def _h(*parts) -> bytes:
    return hashlib.sha1("|".join(str(p) for p in parts).encode()).digest()


def _date(value: str, name: str) -> str:
    try:
        return datetime.date.fromisoformat(str(value).strip()).isoformat()
    except ValueError:
        raise ValueError(f"{name} must be a date YYYY-MM-DD, got {value!r}") from None


def _division(value: str) -> str:
    v = _fold(value).replace("division", "").replace("div", "").strip()
    if v in ("premier", "prem", "p"):
        return "Premier"
    if v in ("one", "1", "i"):
        return "Division One"
    raise ValueError(f"unknown division {value!r}: use 'Premier' or 'Division One'")


# ------------------------------------------------------------------ seed data
_VENUES = {
    "VN-01": Venue("VN-01", "Riverside Recreation Ground", "Towpath Lane, Ashby Wharf", "GV3 7RL", 3, "grass", True,
                   "Free car park on Towpath Lane (80 spaces)", "4 changing rooms with showers", 38.50,
                   "01632 960 214"),
    "VN-02": Venue("VN-02", "Riverside Park", "Kiln Street, Fenmoor", "GV9 2KS", 2, "grass", False,
                   "Street parking only on Kiln Street; no on-site car park", "2 changing rooms, cold water only",
                   24.00, "01632 960 377"),
    "VN-03": Venue("VN-03", "Holloway Lane Playing Fields", "Holloway Lane, Upper Greywater", "GV4 1HL", 2, "grass",
                   False, "Free car park at the pavilion (40 spaces)", "Pavilion with 2 changing rooms", 29.00,
                   "01632 960 118"),
    "VN-04": Venue("VN-04", "Millrace Sports Hub", "3 Weir Road, Millrace", "GV6 8WR", 4, "3G artificial", True,
                   "Pay-and-display car park, GBP 1.80 per visit", "6 changing rooms, referee room", 64.00,
                   "01632 960 540"),
    "VN-05": Venue("VN-05", "Kingsferry Memorial Field", "Ferry Approach, Kingsferry", "GV2 5FA", 1, "grass", True,
                   "Shared car park with Kingsferry Memorial Hall (30 spaces)", "2 changing rooms with showers",
                   33.00, "01632 960 602"),
    "VN-06": Venue("VN-06", "Quarry Lane 3G", "Quarry Lane, Stonebridge", "GV7 3QL", 2, "3G artificial", True,
                   "Car park at the leisure centre (120 spaces, free on Sundays)", "4 changing rooms", 58.00,
                   "01632 960 733"),
    "VN-07": Venue("VN-07", "St. Brannock's School Field", "Chapel Row, Brannock", "GV5 6CR", 1, "grass", False,
                   "School car park open on match days (25 spaces)", "School sports hall changing rooms", 21.00,
                   "01632 960 845"),
    "VN-08": Venue("VN-08", "Harrowby Vale Park", "Vale Road, Harrowby", "GV8 4VR", 2, "grass", False,
                   "No on-site parking; pay-and-display on Vale Road (GBP 2.50, Sundays included)",
                   "Portable changing units, no showers", 19.50, "01632 960 951"),
    "VN-09": Venue("VN-09", "Pellow Bridge Meadow", "Mill Leat Road, Pellow Bridge", "GV1 9ML", 2, "grass", False,
                   "Grass overflow parking beside the pitch (dry weather only)", "Clubhouse changing rooms", 22.50,
                   "01632 960 466"),
    "VN-10": Venue("VN-10", "Fenmoor Common", "Common Road, Fenmoor", "GV9 5CR", 3, "grass", False,
                   "Free parking along Common Road", "Council changing block, 3 rooms", 20.00, "01632 960 289"),
}

# team_id: (name, division, venue, founded, colours, manager, manager phone, secretary, secretary email, phone,
# sponsor)
_TEAMS = {
    "TM-01": ("Ashby Rovers", "Premier", "VN-01", 1962, "amber and black", "Stuart Kellaway", "07700 900 101",
              "Bernadette Okafor", "secretary@ashbyrovers.example.org", "07700 900 102", "Wharfside Tyres"),
    "TM-02": ("Holloway Athletic", "Premier", "VN-03", 1978, "sky blue", "Ruairi Doyle-Bassett", "07700 900 111",
              "Janet Pickersgill", "janet.p@hollowayathletic.example.com", "07700 900 112", "Upper Greywater Bakery"),
    "TM-03": ("Millrace United", "Premier", "VN-04", 1971, "red and white stripes", "Kwame Asante-Reid",
              "07700 900 121", "Hollis Breyer", "club.sec@millraceunited.example.org", "07700 900 122",
              "Weir Road Motors"),
    "TM-04": ("Kingsferry Town", "Premier", "VN-05", 1949, "navy and gold", "Alun Treharne", "07700 900 131",
              "Moira Castellane", "moira.castellane@example.net", "07700 900 132", "Ferry Approach Fish Bar"),
    "TM-05": ("St. Brannock's", "Premier", "VN-07", 1990, "green and white hoops", "Father Declan Mostyn",
              "07700 900 141", "Eilidh Tarrant", "stbrannocksfc@example.org", "07700 900 142", "Brannock Dental"),
    "TM-06": ("Quarry Lane Wanderers", "Premier", "VN-06", 2004, "all black", "Priyesh Malhotra", "07700 900 151",
              "Dominika Sowa", "dsowa.qlw@example.com", "07700 900 152", "Stonebridge Skips"),
    "TM-07": ("Harrowby Vale", "Premier", "VN-08", 1985, "claret and sky", "Graham Ostler", "07700 900 161",
              "Renata Foss", "renata.foss@harrowbyvale.example.net", "07700 900 162", "The Vale Arms"),
    "TM-08": ("Crossgate Celtic", "Premier", "VN-08", 1996, "green", "Seamus Quigley-Hart", "07700 900 171",
              "Patrice Amadi", "crossgateceltic@example.org", "07700 900 172", "Crossgate Launderette"),
    "TM-09": ("Pellow Bridge", "Premier", "VN-09", 1958, "orange", "Terry Blandford", "07700 900 181",
              "Yusra Hallam", "yusra.hallam@example.com", "07700 900 182", "Mill Leat Garden Centre"),
    "TM-10": ("Ottery Lane Rangers", "Premier", "VN-06", 2011, "white and purple", "Dale Ferriby", "07700 900 191",
              "Sunita Krol", "olr.secretary@example.org", "07700 900 192", "Ottery Lane Vets"),
    "TM-11": ("Ashby Rovers Reserves", "Division One", "VN-01", 1975, "amber and black", "Kieran Walcott",
              "07700 900 201", "Bernadette Okafor", "secretary@ashbyrovers.example.org", "07700 900 102",
              "Wharfside Tyres"),
    "TM-12": ("Fenmoor Albion", "Division One", "VN-02", 1983, "yellow and blue", "Mick Antrobus",
              "07700 900 211", "Lorna Quayle", "lorna.quayle@fenmooralbion.example.com", "07700 900 212",
              "Kiln Street Cafe"),
    "TM-13": ("Fenmoor Athletic", "Division One", "VN-10", 1999, "maroon", "Bartek Zielinski", "07700 900 221",
              "Lorne Quigley", "secretary@fenmoorathletic.example.net", "07700 900 222", "Common Road Garage"),
    "TM-14": ("Dunmere Sports", "Division One", "VN-04", 2008, "teal", "Oyelaran Bakare", "07700 900 231",
              "Hattie Blum", "hattie.blum@example.org", "07700 900 232", "Dunmere Print"),
    "TM-15": ("Larchfield Town", "Division One", "VN-09", 1967, "black and white", "Gethin Pryce", "07700 900 241",
              "Marisa Olejnik", "larchfieldtownfc@example.com", "07700 900 242", "Larchfield Co-op"),
    "TM-16": ("Brockwell Saints", "Division One", "VN-10", 2015, "white", "Ade Coker", "07700 900 251",
              "Tamsin Rooke", "tamsin.rooke@brockwellsaints.example.org", "07700 900 252", "Saints Physio"),
}

_REFEREES = {
    "RF-01": ("Declan Farrow", "Level 4", "07700 900 301", "d.farrow@gvref.example.org", "Ashby Wharf"),
    "RF-02": ("Declan Farrell", "Level 6", "07700 900 302", "declan.farrell@gvref.example.org", "Fenmoor"),
    "RF-03": ("Aoife Brennan-Kaur", "Level 5", "07700 900 303", "aoife.bk@gvref.example.org", "Kingsferry"),
    "RF-04": ("Marcus Oyelowo", "Level 4", "07700 900 304", "m.oyelowo@gvref.example.org", "Millrace"),
    "RF-05": ("Sigrid Haalstad", "Level 5", "07700 900 305", "sigrid.h@gvref.example.org", "Harrowby"),
    "RF-06": ("Tunde Ashworth", "Level 6", "07700 900 306", "t.ashworth@gvref.example.org", "Stonebridge"),
    "RF-07": ("Rosalind Fyfe", "Level 3", "07700 900 307", "ros.fyfe@gvref.example.org", "Upper Greywater"),
    "RF-08": ("Gareth Penhallow", "Level 5", "07700 900 308", "g.penhallow@gvref.example.org", "Pellow Bridge"),
}

_FIRST = ["Aaron", "Bilal", "Conor", "Dev", "Ellis", "Femi", "Gavin", "Harvey", "Idris", "Jonah", "Kai", "Luca",
          "Mason", "Niall", "Owen", "Piotr", "Quinn", "Rhys", "Sami", "Theo", "Umar", "Vince", "Wes", "Zach"]
_LAST = ["Abbott", "Brannigan", "Clegg", "Dunphy", "Easton", "Fairhurst", "Garside", "Hibbert", "Ince", "Jowett",
         "Kerrigan", "Lomax", "Mottram", "Nuttall", "Oldroyd", "Pilling", "Rawcliffe", "Seddon", "Tattersall",
         "Urquhart", "Varley", "Whitworth", "Yarwood", "Zoller"]
_POSITIONS = ["goalkeeper", "defender", "defender", "midfielder", "midfielder", "forward", "forward"]

# hand-placed players: (player_id, name, team, shirt, position, dob, registered)
_NAMED = [
    ("PL-1201", "Callum Reid", "TM-02", 9, "forward", "1998-11-02", "2021-08-14"),
    ("PL-1202", "Calum Reid", "TM-12", 5, "defender", "2001-07-19", "2024-08-03"),
    ("PL-1203", "Jordan Whitfield", "TM-06", 10, "midfielder", "1996-04-27", "2019-07-30"),
    ("PL-1204", "Jordan Whitfield-Ames", "TM-10", 7, "midfielder", "2000-01-15", "2023-08-20"),
]

# Calum Reid's suspension after his red card (the fixture is found below, once the schedule exists)
_SUSPENSION = {"player_id": "PL-1202", "from": "2027-02-22", "to": "2027-04-04"}


def _build_players():
    players, used = {}, {n for _, n, *_ in _NAMED}
    k = 0
    for tid in _TEAMS:
        for slot in range(7):
            while True:
                name = f"{_FIRST[(k * 5) % 24]} {_LAST[(k * 7 + k // 24) % 24]}"
                k += 1
                if name not in used:
                    break
            used.add(name)
            digest = _h("player", tid, slot)
            born = datetime.date(1987, 1, 1) + datetime.timedelta(days=digest[0] * 40 + digest[1] % 40)
            pid = f"PL-{1000 + len(players) + 1:04d}"
            players[pid] = {"player_id": pid, "name": name, "team_id": tid, "shirt": [1, 4, 3, 8, 6, 11, 14][slot],
                            "position": _POSITIONS[slot], "date_of_birth": born.isoformat(),
                            "registered": f"{2016 + digest[2] % 10}-08-{1 + digest[3] % 28:02d}"}
    for pid, name, tid, shirt, pos, dob, reg in _NAMED:
        players[pid] = {"player_id": pid, "name": name, "team_id": tid, "shirt": shirt, "position": pos,
                        "date_of_birth": dob, "registered": reg}
    return players


_PLAYERS = _build_players()

_ROUND_DATES = {
    "Premier": ["2026-09-13", "2026-09-20", "2026-10-04", "2026-10-18", "2026-11-01", "2026-11-15", "2026-11-29",
                "2026-12-13", "2027-01-17", "2027-01-31", "2027-02-14", "2027-02-28", "2027-03-14", "2027-03-28",
                "2027-04-04", "2027-04-11", "2027-04-25", "2027-05-09"],
    "Division One": ["2026-09-13", "2026-09-27", "2026-10-11", "2026-10-25", "2026-11-08", "2026-11-22",
                     "2027-01-24", "2027-02-21", "2027-03-14", "2027-04-18"],
}
# fixture-level changes: (division, round, match number in the round) -> changes
_CHANGES = {
    ("Premier", 12, 2): {"date": "2027-04-18", "note": "Originally 2027-02-28; postponed (waterlogged pitch)"},
    ("Premier", 15, 2): {"referee": "RF-02"},
    ("Premier", 16, 4): {"status": "postponed", "note": "Postponed (clash with a County Sunday Cup tie); new date "
                                                         "to be confirmed"},
}


def _round_robin(team_ids):
    """Circle method: returns rounds of (home, away) pairs; second half mirrors the first."""
    teams = list(team_ids)
    n = len(teams)
    first_half = []
    for _ in range(n - 1):
        pairs = []
        for i in range(n // 2):
            a, b = teams[i], teams[n - 1 - i]
            pairs.append((a, b) if _h("home", a, b)[0] % 2 == 0 else (b, a))
        first_half.append(pairs)
        teams = [teams[0]] + [teams[-1]] + teams[1:-1]
    return first_half + [[(b, a) for a, b in rnd] for rnd in first_half]


def _build_fixtures():
    fixtures, overrides = {}, {}
    number = 2100
    for division in ("Premier", "Division One"):
        ids = [t for t, row in _TEAMS.items() if row[1] == division]
        for rnd, pairs in enumerate(_round_robin(ids), start=1):
            for match, (home, away) in enumerate(pairs, start=1):
                number += 1
                fid = f"FX-{number}"
                change = _CHANGES.get((division, rnd, match), {})
                date = change.get("date", _ROUND_DATES[division][rnd - 1])
                digest = _h("fixture", fid)
                status = change.get("status") or ("played" if date < TODAY else "scheduled")
                fixtures[fid] = Fixture(fid, division, rnd, date, ["10:30", "14:00", "11:00"][digest[0] % 3],
                                        home, _TEAMS[home][0], away, _TEAMS[away][0], _TEAMS[home][2],
                                        1 + digest[1] % _VENUES[_TEAMS[home][2]].pitches, None, status,
                                        change.get("note", ""))
                if "referee" in change:
                    overrides[fid] = change["referee"]
    # referees: every Sunday each referee has at most one game (a rotation per date)
    by_date = {}
    for fx in sorted(fixtures.values(), key=lambda f: (f.date, f.fixture_id)):
        by_date.setdefault(fx.date, []).append(fx)
    refs = sorted(_REFEREES)
    for date, games in by_date.items():
        offset = _h("refs", date)[0]
        for j, fx in enumerate(games):
            if fx.status != "postponed":
                fx.referee_id = refs[(offset + j) % len(refs)]
        for fx in games:  # a fixed appointment swaps with whoever the rotation gave that referee
            wanted = overrides.get(fx.fixture_id)
            if wanted and fx.referee_id != wanted:
                for other in games:
                    if other.referee_id == wanted:
                        other.referee_id = fx.referee_id
                fx.referee_id = wanted
    return fixtures


_FIXTURES = _build_fixtures()


def _squad(team_id):
    return sorted((p for p in _PLAYERS.values() if p["team_id"] == team_id), key=lambda p: p["player_id"])


# fixed scorers: (fixture, side, goal number from 0) -> player id
_SCORERS = {("FX-2162", "H", 1): "PL-1203"}


def _build_results():
    results = {}
    for fx in _FIXTURES.values():
        if fx.status != "played":
            continue
        d = _h("result", fx.fixture_id)
        goals = []
        for side, team, count in (("H", fx.home_team_id, [0, 1, 1, 2, 2, 3, 4][d[0] % 7]),
                                  ("A", fx.away_team_id, [0, 0, 1, 1, 2, 3][d[1] % 6])):
            squad = [p for p in _squad(team) if p["position"] != "goalkeeper"]
            for g in range(count):
                gd = _h("goal", fx.fixture_id, side, g)
                scorer = _PLAYERS.get(_SCORERS.get((fx.fixture_id, side, g), ""), squad[gd[0] % len(squad)])
                goals.append({"pl": scorer["player_id"], "n": scorer["name"], "t": side, "m": 1 + gd[1] % 90})
        goals.sort(key=lambda g: (g["m"], g["t"]))
        hs = sum(g["t"] == "H" for g in goals)
        as_ = len(goals) - hs
        hh = sum(g["t"] == "H" and g["m"] <= 45 for g in goals)
        ha = sum(g["t"] == "A" and g["m"] <= 45 for g in goals)
        cautions = []
        for c in range(d[2] % 4):
            cd = _h("card", fx.fixture_id, c)
            team = fx.home_team_id if cd[0] % 2 == 0 else fx.away_team_id
            p = _squad(team)[cd[1] % 7]
            cautions.append({"pl": p["player_id"], "n": p["name"], "t": "H" if team == fx.home_team_id else "A",
                             "m": 1 + cd[2] % 90})
        results[fx.fixture_id] = {"fx": fx.fixture_id, "ft": f"{hs}-{as_}", "ht": f"{hh}-{ha}", "g": goals,
                                  "yc": sorted(cautions, key=lambda c: c["m"]), "rc": [],
                                  "att": 20 + d[3] % 140, "ref": fx.referee_id}
    # Calum Reid's red card: Fenmoor Albion's last game before the suspension starts
    ban = _SUSPENSION
    games = sorted((f for f in _FIXTURES.values() if f.status == "played" and f.date < ban["from"]
                    and "TM-12" in (f.home_team_id, f.away_team_id)), key=lambda f: f.date)
    fx = games[-1]
    results[fx.fixture_id]["rc"] = [{"pl": "PL-1202", "n": "Calum Reid", "t": "H" if fx.home_team_id == "TM-12"
                                     else "A", "m": 71}]
    opponent = fx.away_team if fx.home_team_id == "TM-12" else fx.home_team
    ban["reason"] = f"sent off (violent conduct) v {opponent}, {fx.date} ({fx.fixture_id})"
    return results


_RESULTS = _build_results()
_BOOKINGS = {}


def _team(team_id: str) -> tuple:
    key = str(team_id).strip().upper()
    if key not in _TEAMS:
        raise KeyError(f"no team {team_id!r}")
    return _TEAMS[key]


# ------------------------------------------------------------------ tools
def find_teams(name: str | None = None, division: str | None = None) -> list[TeamHit]:
    """Search the league's teams by (part of) their name and/or division ('Premier' or 'Division One').

    Returns matching teams (team_id, name, division), sorted by name. Club details (secretary, manager, home
    ground) are in get_team."""
    div = _division(division) if division else None
    hits = []
    for tid, row in _TEAMS.items():
        if name and not _words_in(name, row[0]):
            continue
        if div and row[1] != div:
            continue
        hits.append(TeamHit(team_id=tid, name=row[0], division=row[1]))
    return sorted(hits, key=lambda t: t["name"])


def get_team(team_id: str) -> dict:
    """Club record of a team.

    Returns a dict: team_id, name, division, founded (year), colours, manager {name, phone}, secretary {name,
    email, phone} (the club's contact for league business), home_venue {venue_id, name}, squad_size (registered
    players) and kit_sponsor."""
    row = _team(team_id)
    tid = str(team_id).strip().upper()
    return {"team_id": tid, "name": row[0], "division": row[1], "founded": row[3], "colours": row[4],
            "manager": {"name": row[5], "phone": row[6]},
            "secretary": {"name": row[7], "email": row[8], "phone": row[9]},
            "home_venue": {"venue_id": row[2], "name": _VENUES[row[2]].name},
            "squad_size": len(_squad(tid)), "kit_sponsor": row[10]}


def find_players(name: str, team_id: str | None = None) -> list[PlayerHit]:
    """Search registered players by name (all words must match, accents and case ignored), optionally within one
    team. Returns player_id, name, team_id, team_name and shirt number."""
    hits = []
    for p in _PLAYERS.values():
        if not _words_in(name, p["name"]):
            continue
        if team_id and p["team_id"] != str(team_id).strip().upper():
            continue
        hits.append(PlayerHit(player_id=p["player_id"], name=p["name"], team_id=p["team_id"],
                              team_name=_TEAMS[p["team_id"]][0], shirt=p["shirt"]))
    return sorted(hits, key=lambda p: (p["name"], p["player_id"]))


def get_player(player_id: str) -> dict:
    """Registration record of one player.

    Returns a dict: player_id, name, team {team_id, name}, shirt, position, date_of_birth (YYYY-MM-DD),
    registered (date), season_stats {appearances_with_result, goals, yellow_cards, red_cards} for 2026-27,
    suspensions (list of {from, to, reason}; the ban covers every game between the two dates) and
    availability ('available' or 'suspended until <date>' as of today)."""
    key = str(player_id).strip().upper()
    if key not in _PLAYERS:
        raise KeyError(f"no player {player_id!r}")
    p = _PLAYERS[key]
    goals = sum(g["pl"] == key for r in _RESULTS.values() for g in r["g"])
    yellows = sum(c["pl"] == key for r in _RESULTS.values() for c in r["yc"])
    reds = sum(c["pl"] == key for r in _RESULTS.values() for c in r["rc"])
    apps = sum(p["team_id"] in (_FIXTURES[f].home_team_id, _FIXTURES[f].away_team_id) for f in _RESULTS)
    suspensions = []
    availability = "available"
    if _SUSPENSION["player_id"] == key:
        s = _SUSPENSION
        suspensions.append({"from": s["from"], "to": s["to"], "reason": s["reason"]})
        if s["from"] <= TODAY <= s["to"]:
            availability = f"suspended until {s['to']}"
    return {"player_id": key, "name": p["name"], "team": {"team_id": p["team_id"], "name": _TEAMS[p["team_id"]][0]},
            "shirt": p["shirt"], "position": p["position"], "date_of_birth": p["date_of_birth"],
            "registered": p["registered"],
            "season_stats": {"appearances_with_result": apps, "goals": goals, "yellow_cards": yellows,
                             "red_cards": reds},
            "suspensions": suspensions, "availability": availability}


def list_fixtures(team_id: str | None = None, division: str | None = None, date_from: str | None = None,
                  date_to: str | None = None, status: str | None = None, page: int = 1,
                  page_size: int = 10) -> FixturePage:
    """List fixtures of the 2026-27 season, oldest first, filtered by team (home or away), division, date range
    (inclusive, YYYY-MM-DD) and status ('played', 'scheduled' or 'postponed').

    Paginated: page (from 1) and page_size (1-50, default 10); total_count counts every matching fixture, not
    only this page, and next_page is null on the last page. Each item has fixture_id, date, kickoff, home, away,
    status and score ('home-away' once played, else null). Venue and referee are in get_fixture, goals in
    get_result."""
    if status and status not in ("played", "scheduled", "postponed"):
        raise ValueError("status must be 'played', 'scheduled' or 'postponed'")
    page, page_size = int(page), int(page_size)
    if page < 1 or not 1 <= page_size <= 50:
        raise ValueError("page must be >= 1 and page_size 1-50")
    tid = str(team_id).strip().upper() if team_id else None
    if tid:
        _team(tid)
    div = _division(division) if division else None
    lo = _date(date_from, "date_from") if date_from else None
    hi = _date(date_to, "date_to") if date_to else None
    rows = []
    for fx in sorted(_FIXTURES.values(), key=lambda f: (f.date, f.kickoff, f.fixture_id)):
        if tid and tid not in (fx.home_team_id, fx.away_team_id):
            continue
        if div and fx.division != div:
            continue
        if (lo and fx.date < lo) or (hi and fx.date > hi) or (status and fx.status != status):
            continue
        res = _RESULTS.get(fx.fixture_id)
        rows.append(FixtureSummary(fixture_id=fx.fixture_id, date=fx.date, kickoff=fx.kickoff, home=fx.home_team,
                                   away=fx.away_team, status=fx.status, score=res["ft"] if res else None))
    start = (page - 1) * page_size
    items = rows[start:start + page_size]
    return FixturePage(items=items, page=page, page_size=page_size, total_count=len(rows),
                       next_page=page + 1 if start + page_size < len(rows) else None)


def get_fixture(fixture_id: str) -> Fixture:
    """Full fixture record: division, round, date, kickoff, home and away team (ids and names), venue_id and pitch
    number, referee_id (null while unassigned), status and any note (postponements, new dates)."""
    key = str(fixture_id).strip().upper()
    if key not in _FIXTURES:
        raise KeyError(f"no fixture {fixture_id!r}")
    return _FIXTURES[key]


def get_result(fixture_id: str) -> dict:
    """Result sheet of a played fixture (error if not played yet).

    Compact keys: fx fixture id; ft full-time score and ht half-time score, both 'home-away'; g goals, each
    {pl player id, n name, t side 'H' home or 'A' away, m minute}; yc yellow cards and rc red cards (same
    shape); att attendance; ref referee id."""
    key = str(fixture_id).strip().upper()
    if key not in _FIXTURES:
        raise KeyError(f"no fixture {fixture_id!r}")
    if key not in _RESULTS:
        raise ValueError(f"fixture {key} has no result ({_FIXTURES[key].status})")
    return _RESULTS[key]


def get_league_table(division: str) -> list[TableRow]:
    """Current league table of a division ('Premier' or 'Division One') from all played fixtures: pos, team_id,
    team, p played, w won, d drawn, l lost, gf goals for, ga goals against, gd goal difference, pts points (3 for
    a win, 1 for a draw). Ordered by points, then goal difference, then goals for."""
    div = _division(division)
    rows = {tid: {"team_id": tid, "team": row[0], "p": 0, "w": 0, "d": 0, "l": 0, "gf": 0, "ga": 0}
            for tid, row in _TEAMS.items() if row[1] == div}
    for fid, res in _RESULTS.items():
        fx = _FIXTURES[fid]
        if fx.division != div:
            continue
        hs, as_ = (int(x) for x in res["ft"].split("-"))
        for tid, mine, theirs in ((fx.home_team_id, hs, as_), (fx.away_team_id, as_, hs)):
            r = rows[tid]
            r["p"] += 1
            r["gf"] += mine
            r["ga"] += theirs
            r["w" if mine > theirs else "d" if mine == theirs else "l"] += 1
    table = []
    for r in rows.values():
        r["gd"] = r["gf"] - r["ga"]
        r["pts"] = 3 * r["w"] + r["d"]
        table.append(r)
    table.sort(key=lambda r: (-r["pts"], -r["gd"], -r["gf"], r["team"]))
    return [TableRow(pos=i, **r) for i, r in enumerate(table, start=1)]


def find_referees(name: str | None = None, grade: str | None = None) -> list[RefereeHit]:
    """Search the league's referee panel by name and/or grade (e.g. 'Level 4'). Returns referee_id, name and
    grade; contact details are in get_referee."""
    hits = []
    for rid, row in _REFEREES.items():
        if name and not _words_in(name, row[0]):
            continue
        if grade and _fold(grade).replace(" ", "") != _fold(row[1]).replace(" ", ""):
            continue
        hits.append(RefereeHit(referee_id=rid, name=row[0], grade=row[1]))
    return hits


def get_referee(referee_id: str) -> dict:
    """Referee record.

    Returns a dict: referee_id, name, grade, mobile, email, based_in (town), games_this_season (fixtures with a
    result that this referee took) and next_game {fixture_id, date} (null if none assigned)."""
    key = str(referee_id).strip().upper()
    if key not in _REFEREES:
        raise KeyError(f"no referee {referee_id!r}")
    name, grade, mobile, email, town = _REFEREES[key]
    upcoming = sorted((f for f in _FIXTURES.values() if f.referee_id == key and f.status == "scheduled"),
                      key=lambda f: (f.date, f.fixture_id))
    return {"referee_id": key, "name": name, "grade": grade, "mobile": mobile, "email": email, "based_in": town,
            "games_this_season": sum(r["ref"] == key for r in _RESULTS.values()),
            "next_game": {"fixture_id": upcoming[0].fixture_id, "date": upcoming[0].date} if upcoming else None}


def get_venue(venue_id: str) -> Venue:
    """Ground record: name, address, postcode, number of pitches, surface, floodlights, parking, changing rooms,
    hire rate per hour (GBP), bookings phone and tenants (team ids that play home games there)."""
    key = str(venue_id).strip().upper()
    if key not in _VENUES:
        raise KeyError(f"no venue {venue_id!r}")
    v = _VENUES[key]
    v.tenants = [tid for tid, row in _TEAMS.items() if row[2] == key]
    return v


def book_training_slot(team_id: str, venue_id: str, date: str, start_time: str, hours: int = 1) -> dict:
    """Book a midweek training slot for a team at a venue (Monday to Friday, between 17:00 and 21:00; slots
    ending after 18:00 need floodlights).

    start_time is 'HH:MM' (24-hour), hours 1 or 2. Idempotent: booking the same team, venue, date, start and
    length again returns the first booking. Returns a dict: booking_ref (e.g. 'TS-3F09A1'), team_id, venue_id,
    venue_name, date, start_time, end_time, pitch, cost (GBP, hire rate x hours) and status 'confirmed'."""
    tid = str(team_id).strip().upper()
    _team(tid)
    vid = str(venue_id).strip().upper()
    venue = get_venue(vid)
    day = _date(date, "date")
    if day <= TODAY:
        raise ValueError("training slots can only be booked for future dates")
    if datetime.date.fromisoformat(day).weekday() > 4:
        raise ValueError("training slots are Monday to Friday only (weekends are for fixtures)")
    m = re.fullmatch(r"(\d{1,2}):(\d{2})", str(start_time).strip())
    if not m:
        raise ValueError("start_time must be HH:MM (24-hour)")
    hh, mm = int(m.group(1)), int(m.group(2))
    hours = int(hours)
    if hours not in (1, 2):
        raise ValueError("hours must be 1 or 2")
    start = f"{hh:02d}:{mm:02d}"
    end_min = hh * 60 + mm + 60 * hours
    if hh * 60 + mm < 17 * 60 or end_min > 21 * 60:
        raise ValueError("training slots run between 17:00 and 21:00")
    if end_min > 18 * 60 and not venue.floodlights:
        raise ValueError(f"{venue.name} has no floodlights; slots must end by 18:00")
    key = (tid, vid, day, start, hours)
    if key not in _BOOKINGS:
        ref = "TS-" + hashlib.sha1("|".join(map(str, key)).encode()).hexdigest()[:6].upper()
        _BOOKINGS[key] = {"booking_ref": ref, "team_id": tid, "venue_id": vid, "venue_name": venue.name,
                          "date": day, "start_time": start, "end_time": f"{end_min // 60:02d}:{end_min % 60:02d}",
                          "pitch": 1 + _h("pitch", ref)[0] % venue.pitches,
                          "cost": round(venue.hire_rate_per_hour * hours, 2), "status": "confirmed"}
    return dict(_BOOKINGS[key])
