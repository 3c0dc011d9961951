"""Ironmark Climbing Centre - front-desk library.

Look up members, memberships and belay certificates, staff (route setters and instructors), the routes on the
walls, members' logged ascents and courses, and enrol members on courses.

Conventions: ids are strings ("M-311", "ST-04", "R-2207", "CR-410", "MS-1388"); dates are ISO strings
(YYYY-MM-DD); prices are in GBP. Grades use the French sport scale ("5+", "6a", "6b+", "7a"...).
All data is invented and fixed (no clock, no randomness). Licence: Apache-2.0.
"""
import hashlib
import re
from dataclasses import dataclass, field
from typing import Optional, TypedDict

PAGE_SIZE = 8


# ------------------------------------------------------------------------------------------------ types
class MemberMatch(TypedDict):
    member_id: str
    name: str
    status: str  # "active" or "lapsed"


@dataclass
class Membership:
    membership_id: str
    plan: str
    start: str
    end: str
    status: str  # "active", "expired" or "cancelled"
    price_gbp: float
    billing: str  # "annual", "monthly" or "pass"


class Certificate(TypedDict):
    cert_id: str
    kind: str  # "Induction", "Top Rope Belay", "Lead Belay"
    issued: str
    expires: Optional[str]  # None: does not expire
    assessor: str
    status: str  # "valid", "expired" or "revoked"


class StaffSummary(TypedDict):
    staff_id: str
    name: str
    roles: list[str]


class RouteSummary(TypedDict):
    route_id: str
    name: str
    grade: str
    wall: str
    setter_id: str
    set_on: str
    status: str  # "up" or "stripped"


@dataclass
class RoutePage:
    total: int
    page: int
    next_page: Optional[int]
    items: list[RouteSummary] = field(default_factory=list)


class CourseSummary(TypedDict):
    course_id: str
    title: str
    kind: str  # "belay", "lead", "bouldering", "kids"
    start: str
    status: str  # "open", "full", "cancelled", "finished"
    price_gbp: float


# ------------------------------------------------------------------------------------------------ data
_DOMAIN = "ironmark-climbing.example"
_STAFF = {
    "ST-01": ("Rosalind Achebe", "r.achebe", "214", ["instructor"], "2019-04-01"),
    "ST-02": ("Idris Calloway", "i.calloway", "203", ["head setter"], "2016-09-12"),
    "ST-03": ("Idris Galloway", "idris.g", "219", ["setter", "instructor"], "2022-01-10"),
    "ST-04": ("Maeve Tennant", "m.tennant", "205", ["setter"], "2018-05-21"),
    "ST-05": ("Tomasz Brennan", "t.brennan", "207", ["setter", "instructor"], "2017-03-06"),
    "ST-06": ("Tomas Brennan-Hale", "tb.hale", "221", ["setter"], "2023-08-14"),
    "ST-07": ("Mae Tennant", "mae.t", "224", ["setter"], "2024-02-05"),
    "ST-08": ("Rosalind Archer", "ros.archer", "226", ["instructor"], "2021-06-01"),
    "ST-09": ("Kwame Oduya", "k.oduya", "211", ["duty manager", "instructor"], "2015-11-30"),
}
STAFF = {sid: {"id": sid, "nm": n, "em": f"{e}@{_DOMAIN}", "ext": x, "roles": r, "since": s}
         for sid, (n, e, x, r, s) in _STAFF.items()}

# route id, name, grade, wall, hold colour, setter, set on, strip by, status
_KEY_ROUTES = [
    ("R-2207", "Sea Glass", "6b+", "Overhang", "teal", "ST-05", "2027-01-09", "2027-04-09", "up"),
    ("R-2270", "Sea Glass Direct", "7a", "Overhang", "orange", "ST-06", "2027-03-06", "2027-06-05", "up"),
    ("R-2240", "Chalk and Cheese", "5+", "Slab", "yellow", "ST-04", "2027-02-20", "2027-05-22", "up"),
    ("R-2241", "Velvet Crimp", "6a", "Slab", "green", "ST-04", "2027-02-20", "2027-05-22", "up"),
    ("R-2242", "Low Tide Traverse", "5", "Slab", "blue", "ST-04", "2027-03-06", "2027-06-05", "up"),
    ("R-2190", "Paper Moon", "6a+", "Slab", "purple", "ST-04", "2026-11-14", "2027-02-13", "stripped"),
    ("R-2243", "Dark Matter", "6c", "Cave", "black", "ST-04", "2027-02-20", "2027-05-22", "up"),
    ("R-2244", "Sundial", "4+", "Slab", "white", "ST-07", "2027-02-27", "2027-05-29", "up"),
    ("R-2101", "Kestrel Roof", "6c", "Cave", "red", "ST-02", "2026-02-02", None, "up"),
    ("R-2150", "Owl Light", "6b", "Cave", "white", "ST-02", "2026-10-03", "2027-04-03", "up"),
    ("R-2151", "Rook's Gambit", "6a+", "Cave", "pink", "ST-02", "2026-10-03", "2027-04-03", "up"),
    ("R-2163", "Wren Dyno", "7a", "Cave", "orange", "ST-02", "2026-11-07", "2027-05-07", "up"),
    ("R-2170", "Starling Swing", "6b+", "Cave", "green", "ST-02", "2026-11-21", "2027-05-21", "up"),
    ("R-2181", "Heron Reach", "6c+", "Cave", "blue", "ST-02", "2026-12-05", "2027-06-05", "up"),
    ("R-2195", "Curlew Crack", "5+", "Cave", "yellow", "ST-02", "2026-12-19", "2027-06-19", "up"),
    ("R-2203", "Linnet Lip", "6a", "Cave", "purple", "ST-02", "2027-01-09", "2027-07-09", "up"),
    ("R-2216", "Swift Exit", "6b", "Cave", "teal", "ST-02", "2027-01-23", "2027-07-23", "up"),
    ("R-2225", "Magpie Arete", "7a+", "Cave", "black", "ST-02", "2027-02-02", "2027-08-02", "up"),
    ("R-2258", "Plover Prow", "6c", "Cave", "grey", "ST-02", "2027-03-13", "2027-09-13", "up"),
    ("R-2120", "Shrike", "6b+", "Cave", "red", "ST-02", "2026-03-14", "2026-09-14", "stripped"),
    ("R-2226", "Jackdaw Jump", "6c+", "Overhang", "red", "ST-02", "2027-02-02", "2027-05-02", "up"),
    ("R-2227", "Puffin Pocket", "6b", "Cave", "green", "ST-03", "2027-02-02", "2027-05-02", "up"),
    ("R-2231", "Gritty Reboot", "6b", "Competition Wall", "yellow", "ST-02", "2027-02-13", "2027-05-15", "up"),
    ("R-2248", "Silent Partner", "6c", "Overhang", "white", "ST-05", "2027-02-27", "2027-05-29", "up"),
    ("R-2257", "Quiet Partner", "6b+", "Overhang", "pink", "ST-06", "2027-03-06", "2027-06-05", "up"),
]
_FILLER_NAMES = ["Brass Monkey", "Cobalt Rain", "Dandelion Clock", "Ember Ridge", "Foxglove", "Granite Waltz",
                 "Hollow Drum", "Inkwell", "Juniper Step", "Kite Runner", "Lamplighter", "Moth Orbit",
                 "Nettle Patch", "Oxbow", "Pumice Stone", "Quarry Song", "Rust Belt", "Saffron Mile",
                 "Tin Whistle", "Umber Slide", "Vesper Flight", "Wicker Man", "Yarrow", "Zinc Zephyr"]
_FILLER_WALLS = ["Competition Wall", "Bouldering Bay", "Overhang"]
_FILLER_SETTERS = ["ST-03", "ST-05", "ST-06", "ST-07"]
_GRADES = ["4+", "5", "5+", "6a", "6a+", "6b", "6b+", "6c", "6c+", "7a"]
_COLOURS = ["red", "blue", "green", "yellow", "white", "black", "purple", "orange", "pink", "grey", "teal"]
_SET_DAYS = ["2026-11-07", "2026-11-21", "2026-12-05", "2026-12-19", "2027-01-09", "2027-01-23", "2027-02-06",
             "2027-02-20", "2027-03-06"]

ROUTES: dict[str, dict] = {}
for rid, nm, gr, wall, col, by, set_on, strip, st in _KEY_ROUTES:
    ROUTES[rid] = {"id": rid, "nm": nm, "gr": gr, "wall": wall, "col": col, "by": by, "set": set_on,
                   "strip": strip, "st": st}
for i, nm in enumerate(_FILLER_NAMES):
    rid = f"R-{2300 + i}"
    set_on = _SET_DAYS[(i * 4) % len(_SET_DAYS)]
    ROUTES[rid] = {"id": rid, "nm": nm, "gr": _GRADES[(i * 3) % len(_GRADES)], "wall": _FILLER_WALLS[i % 3],
                   "col": _COLOURS[(i * 5) % len(_COLOURS)], "by": _FILLER_SETTERS[i % 4], "set": set_on,
                   "strip": None, "st": "stripped" if set_on < "2026-12-01" and i % 2 else "up"}

# member id, name, email, phone, dob, joined, emergency contact, status
_MEMBERS = [
    ("M-311", "Sam Okoro", "sam.okoro@example.com", "07700 900311", "1994-07-19", "2024-06-02", "Adaeze Okoro 07700 900812"),
    ("M-347", "Samuel Okorie", "s.okorie@example.net", "07700 900347", "1988-02-03", "2022-09-17", "Chidi Okorie 07700 900847"),
    ("M-322", "Freya Halvorsen", "freya.h@example.org", "07700 900322", "1999-11-30", "2023-01-08", "Ingrid Halvorsen 07700 900822"),
    ("M-323", "Freya Halvorson", "f.halvorson@example.com", "07700 900323", "2001-05-12", "2025-10-04", "Per Halvorson 07700 900823"),
    ("M-330", "Jo Marchbank", "j.marchbank@example.co.uk", "07700 900330", "1979-08-08", "2021-04-14", "Alex Marchbank 07700 900830"),
    ("M-331", "Joanna Marchbanks", "j.marchbanks@example.co.uk", "07700 900331", "1985-03-27", "2026-03-05", "Tom Marchbanks 07700 900831"),
    ("M-356", "Priya Ramaswamy", "priya.r@example.com", "07700 900356", "1996-12-01", "2022-02-20", "Anand Ramaswamy 07700 900856"),
    ("M-357", "Priya Ramasamy", "p.ramasamy@example.org", "07700 900357", "2003-06-22", "2026-07-11", "Lakshmi Ramasamy 07700 900857"),
    ("M-362", "Zofia Adeyemi", "zofia.adeyemi@example.com", "07700 900362", "1991-01-15", "2023-02-28", "Bayo Adeyemi 07700 900862"),
    ("M-371", "Olu Fairclough", "o.fairclough@example.com", "07700 900371", "1990-09-09", "2026-01-10", "Grace Fairclough 07700 900871"),
    ("M-372", "Olivia Fairclough", "o.fairclough@example.org", "07700 900372", "2000-04-04", "2024-11-23", "Ben Fairclough 07700 900872"),
    ("M-380", "Hywel Brathwaite", "hywel.b@example.net", "07700 900380", "1983-10-10", "2019-05-05", "Ffion Brathwaite 07700 900880"),
    ("M-381", "Ottoline Vance", "o.vance@example.com", "07700 900381", "1997-02-14", "2020-08-08", "Rupert Vance 07700 900881"),
    ("M-382", "Deniz Arslan", "deniz.arslan@example.org", "07700 900382", "1993-03-03", "2025-01-19", "Elif Arslan 07700 900882"),
    ("M-383", "Marguerite Oyelaran", "m.oyelaran@example.net", "07700 900383", "1975-12-24", "2018-10-01", "Tunde Oyelaran 07700 900883"),
    ("M-384", "Cormac Delahunty", "cormac.d@example.com", "07700 900384", "2002-08-30", "2025-06-06", "Siobhan Delahunty 07700 900884"),
]
MEMBERS = {mid: {"id": mid, "nm": n, "em": e, "ph": p, "dob": d, "joined": j, "ec": ec}
           for mid, n, e, p, d, j, ec in _MEMBERS}

MEMBERSHIPS: dict[str, list[Membership]] = {
    "M-330": [Membership("MS-1122", "10-Visit Pass", "2025-04-02", "2025-10-02", "expired", 110.0, "pass"),
              Membership("MS-1201", "Peak Annual", "2025-09-01", "2026-08-31", "expired", 540.0, "annual"),
              Membership("MS-1388", "Off-Peak Annual", "2026-09-01", "2027-08-31", "active", 396.0, "annual")],
    "M-331": [Membership("MS-1310", "Off-Peak Monthly", "2026-03-05", "2026-12-04", "cancelled", 36.0, "monthly"),
              Membership("MS-1455", "Peak Monthly", "2027-03-05", "2027-04-04", "active", 49.0, "monthly")],
}
_PLANS = [("Peak Monthly", 49.0, "monthly"), ("Off-Peak Annual", 396.0, "annual"), ("Peak Annual", 540.0, "annual")]
for _k, _mid in enumerate(sorted(MEMBERS)):
    if _mid in MEMBERSHIPS:
        continue
    plan, price, billing = _PLANS[_k % 3]
    if billing == "monthly":
        start, end = "2027-03-01", "2027-03-31"
    else:
        start, end = f"2026-{1 + _k % 12:02d}-01", f"2027-{1 + _k % 12:02d}-01"
    MEMBERSHIPS[_mid] = [Membership(f"MS-{1500 + _k}", plan, start, end, "active", price, billing)]

_INDUCTION_BY = "Kwame Oduya"
CERTS: dict[str, list[Certificate]] = {}


def _cert(cid, kind, issued, expires, assessor, status) -> Certificate:
    return Certificate(cert_id=cid, kind=kind, issued=issued, expires=expires, assessor=assessor, status=status)


for _k, _mid in enumerate(sorted(MEMBERS)):
    joined = MEMBERS[_mid]["joined"]
    exp_year = int(joined[:4]) + 2
    while f"{exp_year}{joined[4:]}" < "2027-03-20":
        exp_year += 2
    CERTS[_mid] = [
        _cert(f"C-{_mid[2:]}-1", "Induction", joined, None, _INDUCTION_BY, "valid"),
        _cert(f"C-{_mid[2:]}-2", "Top Rope Belay", joined, f"{exp_year}{joined[4:]}", "Rosalind Achebe", "valid"),
    ]
CERTS["M-311"].append(_cert("C-311-3", "Lead Belay", "2025-01-14", "2027-01-14", "Tomasz Brennan", "expired"))
CERTS["M-347"].append(_cert("C-347-3", "Lead Belay", "2026-05-02", "2028-05-02", "Idris Galloway", "valid"))
CERTS["M-356"].append(_cert("C-356-3", "Lead Belay", "2025-11-08", "2027-11-08", "Tomasz Brennan", "valid"))
CERTS["M-362"] = [
    _cert("C-362-1", "Induction", "2023-02-28", None, _INDUCTION_BY, "valid"),
    _cert("C-362-2", "Top Rope Belay", "2025-02-28", "2027-02-28", "Rosalind Achebe", "expired"),
]

# ascents: member id -> list of (route id, date, style, attempts)
ASCENTS: dict[str, list[dict]] = {}
_STYLES = ["redpoint", "flash", "redpoint", "top rope", "onsight"]
_POOL = sorted(ROUTES)


def _log(mid: str, days: list[str]) -> None:
    for j, day in enumerate(days):
        candidates = [r for r in _POOL if ROUTES[r]["set"] <= day]
        rid = candidates[(len(mid) * 7 + j * 5 + int(mid[2:])) % len(candidates)]
        sty = _STYLES[(j + int(mid[2:])) % len(_STYLES)]
        ASCENTS.setdefault(mid, []).append({"rt": rid, "dt": day, "sty": sty,
                                            "att": 1 if sty in ("flash", "onsight") else 2 + j % 4})


_log("M-322", [f"2027-01-{d:02d}" for d in (3, 7, 10, 17, 24, 28)]
     + [f"2027-02-{d:02d}" for d in (1, 3, 6, 8, 10, 13, 15, 20, 22, 24, 27)]
     + [f"2027-03-{d:02d}" for d in (2, 6, 9, 13)])
_log("M-323", [f"2027-02-{d:02d}" for d in (2, 5, 9, 12, 16, 19, 23)] + ["2027-03-04"])
_log("M-356", ["2027-02-27", "2027-03-06"])
ASCENTS["M-356"] += [
    {"rt": "R-2257", "dt": "2027-03-12", "sty": "flash", "att": 1},
    {"rt": "R-2231", "dt": "2027-03-13", "sty": "redpoint", "att": 3},
    {"rt": "R-2248", "dt": "2027-03-13", "sty": "flash", "att": 1},
]
_log("M-357", ["2027-03-13", "2027-03-14"])
_log("M-311", ["2027-02-14", "2027-03-07"])
for _v in ASCENTS.values():
    _v.sort(key=lambda a: a["dt"])

# course id, title, kind, sessions, instructor, capacity, places left, price, requirements, status
_COURSES = [
    ("CR-398", "Learn to Belay", "belay", [("2027-03-06", "10:00-13:00")], "ST-09", 8, 0, 48.5, ["Induction"], "finished"),
    ("CR-401", "Learn to Belay", "belay", [("2027-04-03", "10:00-13:00")], "ST-09", 8, 8, 48.5, ["Induction"], "cancelled"),
    ("CR-405", "Learn to Belay", "belay", [("2027-04-17", "10:00-13:00")], "ST-01", 8, 5, 48.5, ["Induction"], "open"),
    ("CR-407", "Learn to Belay", "belay", [("2027-05-01", "10:00-13:00")], "ST-09", 8, 8, 48.5, ["Induction"], "open"),
    ("CR-410", "Intro to Lead", "lead", [("2027-04-10", "18:00-21:00"), ("2027-04-17", "18:00-21:00")], "ST-05", 6, 2, 95.0, ["Top Rope Belay"], "open"),
    ("CR-412", "Bouldering Basics", "bouldering", [("2027-04-10", "11:00-13:00")], "ST-08", 10, 4, 30.0, ["Induction"], "open"),
    ("CR-418", "Bouldering Movement Masterclass", "bouldering", [("2027-04-24", "14:00-17:00")], "ST-01", 8, 3, 42.0, ["Induction"], "open"),
    ("CR-421", "Intro to Lead", "lead", [("2027-05-08", "18:00-21:00"), ("2027-05-15", "18:00-21:00")], "ST-03", 6, 0, 95.0, ["Top Rope Belay"], "full"),
    ("CR-424", "Intro to Lead", "lead", [("2027-05-22", "10:00-13:00"), ("2027-05-29", "10:00-13:00")], "ST-05", 6, 3, 95.0, ["Top Rope Belay"], "open"),
    ("CR-426", "Lead Refresher", "lead", [("2027-05-15", "10:00-12:00")], "ST-03", 6, 4, 40.0, ["Lead Belay"], "open"),
    ("CR-430", "Kids' Climbing Club (8-12)", "kids", [("2027-04-03", "09:00-10:30")], "ST-08", 12, 6, 60.0, [], "open"),
]
COURSES = {cid: {"id": cid, "title": t, "kind": k, "sessions": [{"date": d, "time": tm} for d, tm in ss],
                 "instr": ins, "cap": cap, "left": left, "price_gbp": price, "req": req, "st": st}
           for cid, t, k, ss, ins, cap, left, price, req, st in _COURSES}
ENROLMENTS: dict[tuple[str, str], dict] = {}


# ------------------------------------------------------------------------------------------------ helpers
def _fold(text: str) -> str:
    return text.lower().replace("'", "")


def _name_score(query: str, name: str) -> int:
    words = re.findall(r"[\w-]+", _fold(name))
    words += [p for w in words for p in w.split("-")]
    score = 0
    for q in re.findall(r"[\w-]+", _fold(query)):
        if q in words:
            score += 2
        elif any(w.startswith(q) or (len(q) >= 4 and w[:4] == q[:4]) for w in words):
            score += 1
    return score


def _member(member_id: str) -> dict:
    m = MEMBERS.get(str(member_id).strip().upper())
    if m is None:
        raise KeyError(f"no member {member_id!r}")
    return m


# ------------------------------------------------------------------------------------------------ members
def find_members(name: Optional[str] = None, email: Optional[str] = None) -> list[MemberMatch]:
    """Search members by name (fuzzy: similar-sounding names are included, best matches first) and/or by exact
    email address. Returns id, name and account status only; use get_member for contact details."""
    items = list(MEMBERS.values())
    if email:
        items = [m for m in items if m["em"].lower() == email.strip().lower()]
    if name:
        scored = [(_name_score(name, m["nm"]), m) for m in items]
        items = [m for s, m in sorted(scored, key=lambda x: (-x[0], x[1]["nm"])) if s > 0]
    return [MemberMatch(member_id=m["id"], name=m["nm"],
                        status="active" if any(ms.status == "active" for ms in MEMBERSHIPS.get(m["id"], []))
                        else "lapsed") for m in items]


def get_member(member_id: str) -> dict:
    """A member's record. Keys: "id"; "nm" full name; "em" email; "ph" phone; "dob" date of birth; "joined"
    date of first visit; "ec" emergency contact (name and phone)."""
    return dict(_member(member_id))


def list_memberships(member_id: str) -> list[Membership]:
    """Every membership a member has held, oldest first, including expired and cancelled ones."""
    _member(member_id)
    return sorted(MEMBERSHIPS.get(member_id.strip().upper(), []), key=lambda m: m.start)


def list_certificates(member_id: str) -> list[Certificate]:
    """A member's climbing certificates (Induction, Top Rope Belay, Lead Belay) with issue and expiry dates and
    status. A certificate whose status is "expired" must be reassessed before it counts again."""
    _member(member_id)
    return list(CERTS.get(member_id.strip().upper(), []))


# ------------------------------------------------------------------------------------------------ staff
def find_staff(name: Optional[str] = None, role: Optional[str] = None) -> list[StaffSummary]:
    """Search staff (route setters, instructors, duty managers) by name (fuzzy) and/or role (e.g. "setter",
    "instructor"; a head setter counts as a setter)."""
    items = list(STAFF.values())
    if role:
        r = role.strip().lower()
        items = [s for s in items if any(r in x for x in s["roles"])]
    if name:
        scored = [(_name_score(name, s["nm"]), s) for s in items]
        items = [s for sc, s in sorted(scored, key=lambda x: (-x[0], x[1]["nm"])) if sc > 0]
    return [StaffSummary(staff_id=s["id"], name=s["nm"], roles=list(s["roles"])) for s in items]


def get_staff(staff_id: str) -> dict:
    """A staff member's record. Keys: "id"; "nm" name; "em" work email; "ext" desk phone extension (dial the
    centre's number, then the extension); "roles"; "since" start date."""
    s = STAFF.get(str(staff_id).strip().upper())
    if s is None:
        raise KeyError(f"no staff member {staff_id!r}")
    return {**s, "roles": list(s["roles"])}


# ------------------------------------------------------------------------------------------------ routes
def search_routes(name: Optional[str] = None, wall: Optional[str] = None, grade: Optional[str] = None,
                  setter_id: Optional[str] = None, include_stripped: bool = False, page: int = 1) -> RoutePage:
    """Search the routes, oldest set first, 8 per page (follow next_page; total counts every match).
    wall: exact wall name, one of "Slab", "Cave", "Overhang", "Competition Wall", "Bouldering Bay".
    grade: exact grade such as "6b+". setter_id: a staff id. name: words in the route name.
    Stripped routes (taken down) are left out unless include_stripped is True."""
    items = list(ROUTES.values())
    if not include_stripped:
        items = [r for r in items if r["st"] == "up"]
    if wall:
        items = [r for r in items if r["wall"].lower() == wall.strip().lower()]
    if grade:
        items = [r for r in items if r["gr"].lower() == grade.strip().lower()]
    if setter_id:
        items = [r for r in items if r["by"] == setter_id.strip().upper()]
    if name:
        words = _fold(name).split()
        items = [r for r in items if all(w in _fold(r["nm"]) for w in words)]
    items.sort(key=lambda r: (r["set"], r["id"]))
    if page < 1:
        raise ValueError("page starts at 1")
    chunk = items[(page - 1) * PAGE_SIZE: page * PAGE_SIZE]
    return RoutePage(total=len(items), page=page,
                     next_page=page + 1 if page * PAGE_SIZE < len(items) else None,
                     items=[RouteSummary(route_id=r["id"], name=r["nm"], grade=r["gr"], wall=r["wall"],
                                         setter_id=r["by"], set_on=r["set"], status=r["st"]) for r in chunk])


def get_route(route_id: str) -> dict:
    """One route. Keys: "id"; "nm" name; "gr" grade; "wall"; "col" hold colour; "by" staff id of the setter;
    "set" date set; "strip" date it is due to be stripped (None: a permanent benchmark); "st" "up" or
    "stripped"."""
    r = ROUTES.get(str(route_id).strip().upper())
    if r is None:
        raise KeyError(f"no route {route_id!r}")
    return dict(r)


def list_ascents(member_id: str, date_from: Optional[str] = None, date_to: Optional[str] = None) -> dict:
    """Ascents a member has logged, oldest first, optionally between two dates (inclusive, YYYY-MM-DD).
    Returns {"member_id", "n": number of ascents returned, "items": [...]}; each item has "rt" route id, "dt"
    date, "sty" style (onsight, flash, redpoint or top rope) and "att" number of attempts."""
    _member(member_id)
    items = ASCENTS.get(member_id.strip().upper(), [])
    if date_from:
        items = [a for a in items if a["dt"] >= date_from]
    if date_to:
        items = [a for a in items if a["dt"] <= date_to]
    return {"member_id": member_id.strip().upper(), "n": len(items), "items": [dict(a) for a in items]}


# ------------------------------------------------------------------------------------------------ courses
def list_courses(kind: Optional[str] = None, month: Optional[str] = None) -> list[CourseSummary]:
    """Courses, by start date. kind: "belay", "lead", "bouldering" or "kids"; month: "YYYY-MM" of the first
    session. Includes cancelled, full and finished courses (see status)."""
    items = list(COURSES.values())
    if kind:
        items = [c for c in items if c["kind"] == kind.strip().lower()]
    if month:
        items = [c for c in items if c["sessions"][0]["date"].startswith(month.strip())]
    items.sort(key=lambda c: (c["sessions"][0]["date"], c["id"]))
    return [CourseSummary(course_id=c["id"], title=c["title"], kind=c["kind"], start=c["sessions"][0]["date"],
                          status=c["st"], price_gbp=c["price_gbp"]) for c in items]


def get_course(course_id: str) -> dict:
    """One course. Keys: "id"; "title"; "kind"; "sessions" (list of {"date", "time"}); "instr" staff id of the
    instructor; "cap" capacity; "left" places left; "price_gbp"; "req" certificates a participant must hold,
    valid on the first session; "st" status (open, full, cancelled, finished)."""
    c = COURSES.get(str(course_id).strip().upper())
    if c is None:
        raise KeyError(f"no course {course_id!r}")
    return {**c, "sessions": [dict(s) for s in c["sessions"]], "req": list(c["req"])}


def enrol_on_course(member_id: str, course_id: str) -> dict:
    """Enrol a member on a course (it must be open with places left, and the member must hold every required
    certificate, valid on the first session). Enrolling the same member on the same course again returns the
    first enrolment. Returns {"ref": enrolment reference, "member_id", "course_id", "start", "st": "confirmed"}."""
    m = _member(member_id)
    c = COURSES.get(str(course_id).strip().upper())
    if c is None:
        raise KeyError(f"no course {course_id!r}")
    key = (m["id"], c["id"])
    if key in ENROLMENTS:
        return dict(ENROLMENTS[key])
    if c["st"] != "open" or c["left"] < 1:
        raise ValueError(f"{c['id']} is not taking enrolments (status {c['st']}, {c['left']} places left)")
    start = c["sessions"][0]["date"]
    for need in c["req"]:
        ok = any(x["kind"] == need and x["status"] == "valid" and (x["expires"] is None or x["expires"] >= start)
                 for x in CERTS.get(m["id"], []))
        if not ok:
            raise ValueError(f"{m['nm']} does not hold a valid {need} certificate")
    ref = "EN-" + hashlib.sha1(f"{m['id']}|{c['id']}".encode()).hexdigest()[:6].upper()
    c["left"] -= 1
    ENROLMENTS[key] = {"ref": ref, "member_id": m["id"], "course_id": c["id"], "start": start, "st": "confirmed"}
    return dict(ENROLMENTS[key])
