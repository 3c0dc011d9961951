"""Hollinsbrook & District Allotment Society - members' API (a small, self-contained demo service).

Usage: python allotments_service.py PORT      (serves under http://127.0.0.1:PORT/api)

Python standard library only. All data is invented and fixed (no clock, no randomness); the data's
"today" is 2027-03-18. Licence: Apache-2.0.
"""
from __future__ import annotations

import datetime as dt
import hashlib
import json
import re
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

# ------------------------------------------------------------------------------------------------ seed data
SITES = [
    {"id": "S-1", "name": "Cinder Lane", "address": "Cinder Lane, Hollinsbrook HB3 7QT", "rep_id": "M-2010",
     "water_on": "2027-04-05", "water_off": "2027-10-31", "shed_hours": "Sat 09:00-12:00, Wed 17:00-19:00",
     "toilet": True},
    {"id": "S-2", "name": "Cinder Lane North", "address": "rear of 88 Mill Road, Hollinsbrook HB3 7RA",
     "rep_id": "M-2120", "water_on": "2027-04-12", "water_off": "2027-10-24", "shed_hours": "Sun 10:00-12:00",
     "toilet": False},
    {"id": "S-3", "name": "Watermeadow", "address": "Tanners Wharf, off Riverside Walk, Hollinsbrook HB2 4LS",
     "rep_id": "M-2090", "water_on": "2027-03-29", "water_off": "2027-11-07", "shed_hours": "Sat 10:00-13:00",
     "toilet": True},
    {"id": "S-4", "name": "Orchard Rise", "address": "Orchard Rise, Upper Hollinsbrook HB5 1NE", "rep_id": "M-2210",
     "water_on": "2027-04-05", "water_off": "2027-10-31", "shed_hours": "Sat 14:00-16:00, Thu 18:00-19:30",
     "toilet": False},
]
SITE_IDS = {s["id"] for s in SITES}
SITE_PLOTS = {"S-1": range(101, 146), "S-2": range(201, 241), "S-3": range(301, 336), "S-4": range(401, 421)}

VACANT = {127, 136, 144,
          202, 205, 211, 212, 216, 219, 221, 224, 226, 229, 231, 235, 237, 240,
          304, 331}
BEING_CLEARED = {209, 214, 227, 312}
WITHDRAWN = {239}
SIZE_CYCLE = [250.0, 125.0, 250.0, 187.5, 125.0, 250.0]

# key members (everyone else is generated below)
KEY_MEMBERS = [
    ("M-2010", "Hamish Ogilvie", "h.ogilvie@example.org", "07700 900402", "S-1", "2009-03-14", "site rep", [("P-101", "2009-04-01", None)]),
    ("M-2031", "Maria Lopez", "maria.lopez@example.com", "07700 900411", "S-1", "2018-02-03", None, [("P-103", "2018-03-01", None)]),
    ("M-2044", "Bernard Quayle", "b.quayle@example.net", "07700 900423", "S-1", "2015-06-20", None, [("P-114", "2015-07-01", None)]),
    ("M-2055", "Derek Hollis", "d.hollis@example.org", "07700 900430", "S-1", "2016-03-02", None,
     [("P-131", "2016-04-01", "2023-02-28"), ("P-118", "2023-03-01", None)]),
    ("M-2058", "Derrick Hollins", "derrick.hollins@example.com", "07700 900431", "S-3", "2019-09-09", None, [("P-318", "2019-10-01", None)]),
    ("M-2063", "Tjitske Achterberg", "t.achterberg@example.org", "07700 900438", "S-3", "2017-01-11", None, [("P-309", "2017-02-01", None)]),
    ("M-2066", "Tamsin Achterberg", "t.achterberg@example.com", "07700 900439", "S-4", "2021-05-17", None, [("P-407", "2021-06-01", None)]),
    ("M-2071", "Anjali Threlfall", "anjali.t@example.net", "07700 900445", "S-1", "2023-02-10", None, [("P-131", "2023-03-01", None)]),
    ("M-2087", "Mariana Lopes", "mlopes.garden@example.net", "07700 900417", "S-2", "2020-04-22", None, [("P-207", "2020-05-01", None)]),
    ("M-2090", "Priscilla Nwankwo", "p.nwankwo@example.org", "07700 900452", "S-3", "2011-08-30", "site rep", [("P-301", "2011-09-01", None)]),
    ("M-2099", "Ravi Chaudhry", "ravi.chaudhry@example.com", "07700 900458", "S-3", "2014-10-05", None, [("P-322", "2014-11-01", None)]),
    ("M-2102", "Gwen Ashdown", "gwen.ashdown@example.org", "07700 900461", "S-2", "2022-01-19", None, [("P-233", "2022-02-01", None)]),
    ("M-2103", "Gwendolyn Ashford", "g.ashford@example.net", "07700 900462", "S-2", "2012-07-07", None, [("P-238", "2012-08-01", None)]),
    ("M-2120", "Colm Ferris", "colm.ferris@example.com", "07700 900470", "S-2", "2013-05-25", "site rep", [("P-201", "2013-06-01", None)]),
    ("M-2150", "Hettie Gallowglass", "hettie.g@example.org", "07700 900477", "S-1", "2020-11-30", None, [("P-141", "2021-01-01", None)]),
    ("M-2178", "Kasia Wójcik", "k.wojcik@example.com", "07700 900483", "S-1", "2021-02-14", None, [("P-109", "2021-03-01", None)]),
    ("M-2179", "Katarzyna Wójcik", "k.wojcik@example.org", "07700 900484", "S-4", "2018-09-01", None, [("P-411", "2018-10-01", None)]),
    ("M-2210", "Oluwaseun Barraclough", "o.barraclough@example.net", "07700 900562", "S-4", "2010-03-03", "site rep", [("P-401", "2010-04-01", None)]),
    ("M-2211", "Oluwaseun Barclay", "seun.barclay@example.com", "07700 900563", "S-2", "2024-04-04", None, [("P-218", "2024-05-01", None)]),
    ("M-2236", "Inez Okafor-Bell", "inez.ob@example.org", "07700 900571", "S-3", "2024-10-21", None, []),
    ("M-2240", "Ines Okafor", "ines.okafor@example.com", "07700 900574", "S-3", "2025-09-03", None, []),
]
KEY_PLOT_OVERRIDES = {  # plot number -> (size m2, tap distance m, shed)
    114: (187.5, 12, True), 141: (250.0, 40, False), 118: (250.0, 8, True), 131: (250.0, 22, True),
    207: (125.0, 15, False), 233: (125.0, 30, True), 309: (250.0, 18, True), 322: (250.0, 26, True),
    405: (125.0, 9, False),
}

FIRST = ["Alma", "Bertie", "Cosima", "Dunstan", "Elspeth", "Fergus", "Greer", "Horace", "Imelda", "Jory", "Kit",
         "Linnea", "Marek", "Nell", "Osric", "Perpetua", "Quentin", "Rosamund", "Stellan", "Tova", "Ulric",
         "Verity", "Wilf", "Xanthe", "Yusuf", "Zelda", "Agnes", "Barnaby", "Clemency", "Digby"]
LAST = ["Abernethy", "Bramall", "Cartwright", "Dunmore", "Etheridge", "Fairbairn", "Gilchrist", "Heathcote",
        "Ingleby", "Jessop", "Kilbride", "Lumsden", "Mottram", "Nettleton", "Oakshott", "Pennock", "Quarrie",
        "Rushworth", "Sowerby", "Tindall", "Upjohn", "Varley", "Whitlock", "Yeadon", "Ackroyd", "Blenkinsop",
        "Crabtree"]

MEMBERS: dict[str, dict] = {}
PLOTS: dict[str, dict] = {}


def _plot_id(num: int) -> str:
    return f"P-{num}"


def _size(num: int) -> float:
    return KEY_PLOT_OVERRIDES.get(num, (SIZE_CYCLE[num % len(SIZE_CYCLE)],))[0]


def _rent(size: float) -> float:
    return round(size * 0.26, 2)


def _add_member(mid, name, email, phone, site, joined, role, plots, status=None):
    MEMBERS[mid] = {"id": mid, "name": name, "email": email, "phone": phone, "site_id": site,
                    "status": status or ("active" if plots else "waiting"), "joined": joined, "role": role,
                    "plots": [{"plot_id": p, "from": f, "to": t} for p, f, t in plots]}


for m in KEY_MEMBERS:
    _add_member(*m)

_holder_of = {}  # plot id -> (member id, since)
for m in MEMBERS.values():
    for p in m["plots"]:
        if p["to"] is None:
            _holder_of[p["plot_id"]] = (m["id"], p["from"])

_filler = 0
for site_id, nums in SITE_PLOTS.items():
    for num in nums:
        pid = _plot_id(num)
        size = _size(num)
        tap, shed = KEY_PLOT_OVERRIDES.get(num, (None, 5 + (num * 7) % 45, num % 3 == 0))[1:]
        if num in VACANT:
            st, hid, since = "vacant", None, None
        elif num in BEING_CLEARED:
            st, hid, since = "being_cleared", None, None
        elif num in WITHDRAWN:
            st, hid, since = "withdrawn", None, None
        else:
            st = "let"
            if pid not in _holder_of:
                _filler += 1
                first = FIRST[_filler % len(FIRST)]
                last = LAST[(_filler * 7) % len(LAST)]
                mid = f"M-{3000 + _filler}"
                year = 2005 + (_filler * 3) % 20
                joined = f"{year}-{1 + _filler % 12:02d}-{1 + (_filler * 5) % 27:02d}"
                _add_member(mid, f"{first} {last}", f"{first}.{last}{_filler}@example.org".lower(),
                            f"07700 900{600 + _filler:03d}", site_id, joined, None,
                            [(pid, f"{year}-{1 + _filler % 12:02d}-28", None)])
                _holder_of[pid] = (mid, f"{year}-{1 + _filler % 12:02d}-28")
            hid, since = _holder_of[pid]
        PLOTS[pid] = {"id": pid, "site_id": site_id, "sz": size, "st": st, "hid": hid, "rent": _rent(size),
                      "tap_m": tap, "shed": shed, "since": since}

# waiting lists -------------------------------------------------------------------------------------------
WAITING: dict[str, list] = {"S-1": [], "S-2": [], "S-3": [], "S-4": []}


def _waiter(n: int, site: str, joined: str, want: str) -> dict:
    first = FIRST[(n * 11) % len(FIRST)]
    taken = {m["name"] for m in MEMBERS.values()}
    shift = 0
    while f"{first} {LAST[(n * 5 + 3 + shift) % len(LAST)]}" in taken:
        shift += 1
    last = LAST[(n * 5 + 3 + shift) % len(LAST)]
    mid = f"M-{3500 + n}"
    _add_member(mid, f"{first} {last}", f"{first[0]}{last}{n}@example.net".lower(), f"07700 900{900 + n:03d}",
                site, joined, None, [])
    return {"mid": mid, "nm": f"{first} {last}", "joined": joined, "want": want}


_n = 0
_start = dt.date(2024, 1, 15)
for pos in range(1, 18):
    joined = (_start + dt.timedelta(days=48 * (pos - 1))).isoformat()
    want = "half" if pos % 3 == 0 else "full"
    if pos == 6:
        WAITING["S-3"].append({"mid": "M-2236", "nm": "Inez Okafor-Bell", "joined": "2024-10-21", "want": "half"})
    elif pos == 13:
        WAITING["S-3"].append({"mid": "M-2240", "nm": "Ines Okafor", "joined": "2025-09-03", "want": "full"})
    else:
        _n += 1
        WAITING["S-3"].append(_waiter(_n, "S-3", joined, want))
for pos in range(1, 7):
    if pos == 3:
        WAITING["S-4"].append({"mid": "M-2240", "nm": "Ines Okafor", "joined": "2026-01-20", "want": "half"})
    else:
        _n += 1
        WAITING["S-4"].append(_waiter(_n, "S-4", f"2025-{2 * pos:02d}-1{pos}", "full" if pos % 2 else "half"))
for pos in range(1, 5):
    _n += 1
    WAITING["S-1"].append(_waiter(_n, "S-1", f"2025-{3 * pos:02d}-0{pos + 2}", "half"))
for entries in WAITING.values():
    for i, e in enumerate(entries, 1):
        e["pos"] = i
assert [e["joined"] for e in WAITING["S-3"]] == sorted(e["joined"] for e in WAITING["S-3"])

# inspections ---------------------------------------------------------------------------------------------
INSPECTORS = {"S-1": "Hamish Ogilvie and Sunita Marwick", "S-2": "Colm Ferris and Sunita Marwick",
              "S-3": "Priscilla Nwankwo and Aled Pryderi", "S-4": "Oluwaseun Barraclough and Aled Pryderi"}
ROUND_DAYS = {"S-1": ("04-11", "10-12"), "S-2": ("04-12", "10-10"), "S-3": ("04-14", "10-09"),
              "S-4": ("04-18", "10-17")}
GRADES = ["good", "good", "satisfactory", "good", "needs attention", "satisfactory", "excellent"]
GENERIC_NOTES = {
    "excellent": "Fully cultivated, paths clear, exemplary.",
    "good": "Well cultivated; no issues.",
    "satisfactory": "Mostly cultivated; some weeds along the edges.",
    "needs attention": "Part of the plot uncultivated; weeds setting seed.",
}
INSPECTIONS: dict[str, dict] = {}
for pid, plot in PLOTS.items():
    if plot["st"] != "let":
        continue
    num = int(pid[2:])
    for year in (2025, 2026):
        for r, (label, code) in enumerate((("spring", "S"), ("autumn", "A"))):
            iid = f"IN-{year % 100}{code}-{num}"
            gr = GRADES[(num + year + r * 3) % len(GRADES)]
            INSPECTIONS[iid] = {
                "id": iid, "plot": pid, "dt": f"{year}-{ROUND_DAYS[plot['site_id']][r]}", "round": label,
                "by": INSPECTORS[plot["site_id"]], "gr": gr, "nt": GENERIC_NOTES[gr],
                "act": "Weed and cultivate the uncultivated part" if gr == "needs attention" else None,
                "due": f"{year + (1 if r else 0)}-{'04' if r else '06'}-30" if gr == "needs attention" else None,
            }
_OVR = {
    "IN-26S-322": {"gr": "good", "nt": "Well cultivated; new asparagus bed.", "act": None, "due": None},
    "IN-26A-322": {"gr": "needs attention",
                   "nt": "Couch grass has spread through the two rear beds; water butt lid missing.",
                   "act": "Clear couch grass from the rear beds and fit a lid to the water butt",
                   "due": "2027-04-30"},
    "IN-26S-118": {"gr": "satisfactory", "nt": "Beds dug over; a few perennial weeds by the shed.", "act": None,
                   "due": None},
    "IN-26A-118": {"gr": "needs attention",
                   "nt": "Bindweed smothering the fruit cage and the main path is overgrown.",
                   "act": "Cut back bindweed and clear the main path", "due": "2027-03-31"},
    "IN-26A-131": {"gr": "good", "nt": "Well kept; new raised beds and a tidy compost bay.", "act": None,
                   "due": None},
    "IN-26A-232": {"gr": "needs attention", "nt": "Brambles along the back fence.", "act": "Remove brambles",
                   "due": "2027-05-31"},
}
for _iid, _v in _OVR.items():
    INSPECTIONS[_iid].update(_v)

# fees ----------------------------------------------------------------------------------------------------
FEES: dict[str, list] = {}
for k, (mid, m) in enumerate(sorted(MEMBERS.items())):
    current = [p["plot_id"] for p in m["plots"] if p["to"] is None]
    if not current:
        continue
    rent = sum(PLOTS[p]["rent"] for p in current)
    n = mid[2:]
    paid27 = k % 3 != 0
    FEES[mid] = [
        {"ref": f"F26-{n}-R", "yr": 2026, "desc": "Plot rent 2026", "amt": rent, "st": "paid",
         "due_dt": "2026-04-01", "pd": f"2026-02-{1 + k % 27:02d}"},
        {"ref": f"F26-{n}-W", "yr": 2026, "desc": "Water levy 2026", "amt": 14.0, "st": "paid",
         "due_dt": "2026-06-30", "pd": f"2026-05-{1 + k % 27:02d}"},
        {"ref": f"F27-{n}-R", "yr": 2027, "desc": "Plot rent 2027", "amt": rent, "st": "paid" if paid27 else "due",
         "due_dt": "2027-04-01", "pd": f"2027-02-{1 + (k * 3) % 27:02d}" if paid27 else None},
        {"ref": f"F27-{n}-W", "yr": 2027, "desc": "Water levy 2027", "amt": 14.5, "st": "due",
         "due_dt": "2027-06-30", "pd": None},
    ]
FEES["M-2063"] = [
    {"ref": "F26-2063-R", "yr": 2026, "desc": "Plot rent 2026", "amt": 65.0, "st": "paid", "due_dt": "2026-04-01",
     "pd": "2026-03-02"},
    {"ref": "F26-2063-W", "yr": 2026, "desc": "Water levy 2026", "amt": 14.0, "st": "paid", "due_dt": "2026-06-30",
     "pd": "2026-06-29"},
    {"ref": "F26-2063-L", "yr": 2026, "desc": "Late payment fee (water levy 2026)", "amt": 7.5, "st": "due",
     "due_dt": "2026-08-31", "pd": None},
    {"ref": "F27-2063-R", "yr": 2027, "desc": "Plot rent 2027", "amt": 65.0, "st": "paid", "due_dt": "2027-04-01",
     "pd": "2027-01-20"},
    {"ref": "F27-2063-W", "yr": 2027, "desc": "Water levy 2027", "amt": 14.5, "st": "due", "due_dt": "2027-06-30",
     "pd": None},
    {"ref": "F27-2063-S", "yr": 2027, "desc": "Skip hire share (spring clear-out) 2027", "amt": 10.0, "st": "due",
     "due_dt": "2027-05-31", "pd": None},
]
FEES["M-2066"] = [
    {"ref": "F27-2066-R", "yr": 2027, "desc": "Plot rent 2027", "amt": 32.5, "st": "due", "due_dt": "2027-04-01",
     "pd": None},
    {"ref": "F27-2066-W", "yr": 2027, "desc": "Water levy 2027", "amt": 14.5, "st": "due", "due_dt": "2027-06-30",
     "pd": None},
]
FEES["M-2102"] = [
    {"ref": "F26-2102-R", "yr": 2026, "desc": "Plot rent 2026", "amt": 32.5, "st": "paid", "due_dt": "2026-04-01",
     "pd": "2026-04-19"},
    {"ref": "F26-2102-L", "yr": 2026, "desc": "Late payment fee (plot rent 2026)", "amt": 7.5, "st": "paid",
     "due_dt": "2026-05-31", "pd": "2026-04-19"},
    {"ref": "F26-2102-W", "yr": 2026, "desc": "Water levy 2026", "amt": 14.0, "st": "paid", "due_dt": "2026-06-30",
     "pd": "2026-06-02"},
    {"ref": "F27-2102-R", "yr": 2027, "desc": "Plot rent 2027", "amt": 32.5, "st": "paid", "due_dt": "2027-04-01",
     "pd": "2027-02-11"},
    {"ref": "F27-2102-W", "yr": 2027, "desc": "Water levy 2027", "amt": 14.5, "st": "due", "due_dt": "2027-06-30",
     "pd": None},
]
FEES["M-2103"] = [
    {"ref": "F27-2103-R", "yr": 2027, "desc": "Plot rent 2027", "amt": 65.0, "st": "due", "due_dt": "2027-04-01",
     "pd": None},
]

# tools, bookings, events ---------------------------------------------------------------------------------
TOOLS = [
    {"id": "T-11", "name": "Rotavator (petrol)", "site_id": "S-1", "deposit": 20.0, "status": "available"},
    {"id": "T-12", "name": "Rotavator (electric, mini)", "site_id": "S-1", "deposit": 10.0, "status": "available"},
    {"id": "T-13", "name": "Strimmer (petrol)", "site_id": "S-1", "deposit": 10.0, "status": "available"},
    {"id": "T-14", "name": "Water bowser 500 L", "site_id": "S-1", "deposit": 0.0, "status": "available"},
    {"id": "T-21", "name": "Rotavator (petrol)", "site_id": "S-2", "deposit": 20.0, "status": "out_of_service"},
    {"id": "T-22", "name": "Hedge trimmer", "site_id": "S-2", "deposit": 10.0, "status": "available"},
    {"id": "T-31", "name": "Shredder", "site_id": "S-3", "deposit": 15.0, "status": "available"},
    {"id": "T-32", "name": "Rotavator (petrol)", "site_id": "S-3", "deposit": 20.0, "status": "available"},
    {"id": "T-41", "name": "Rotavator (petrol)", "site_id": "S-4", "deposit": 20.0, "status": "available"},
    {"id": "T-42", "name": "Strimmer (cordless)", "site_id": "S-4", "deposit": 10.0, "status": "available"},
]
TOOL_BY_ID = {t["id"]: t for t in TOOLS}
BOOKINGS = [
    {"booking_id": "BK-1C7A02", "tool_id": "T-11", "member_id": "M-2031", "date": "2027-04-10", "slot": "am",
     "st": "confirmed"},
    {"booking_id": "BK-5E0B91", "tool_id": "T-11", "member_id": "M-2044", "date": "2027-04-13", "slot": "pm",
     "st": "confirmed"},
    {"booking_id": "BK-77D3E4", "tool_id": "T-14", "member_id": "M-2055", "date": "2027-04-06", "slot": "am",
     "st": "cancelled"},
    {"booking_id": "BK-90AA3F", "tool_id": "T-32", "member_id": "M-2099", "date": "2027-03-27", "slot": "am",
     "st": "confirmed"},
    {"booking_id": "BK-A41C6D", "tool_id": "T-41", "member_id": "M-2179", "date": "2027-04-13", "slot": "am",
     "st": "confirmed"},
]
EVENTS = [
    {"id": "EV-2601", "title": "Spring Seed Swap", "kind": "seed_swap", "date": "2026-04-18", "start": "10:00",
     "end": "12:30", "venue": "Cinder Lane pavilion"},
    {"id": "EV-2603", "title": "Work party: Watermeadow ditch clearing", "kind": "work_party", "date": "2026-05-09",
     "start": "09:30", "end": "13:00", "venue": "Watermeadow main gate"},
    {"id": "EV-2605", "title": "Annual Produce Show", "kind": "show", "date": "2026-08-15", "start": "13:00",
     "end": "17:00", "venue": "Hollinsbrook Methodist Hall"},
    {"id": "EV-2608", "title": "Autumn Seed Swap", "kind": "seed_swap", "date": "2026-09-26", "start": "10:00",
     "end": "12:00", "venue": "Cinder Lane pavilion"},
    {"id": "EV-2611", "title": "AGM 2026", "kind": "meeting", "date": "2026-11-19", "start": "19:30",
     "end": "21:00", "venue": "Hollinsbrook Methodist Hall"},
    {"id": "EV-2701", "title": "Seed Potato Day", "kind": "sale", "date": "2027-02-20", "start": "10:00",
     "end": "13:00", "venue": "Mill Road Scout Hut"},
    {"id": "EV-2702", "title": "Work party: Cinder Lane North hedge", "kind": "work_party", "date": "2027-03-06",
     "start": "09:30", "end": "12:30", "venue": "Cinder Lane North top gate"},
    {"id": "EV-2704", "title": "Spring Seed Swap", "kind": "seed_swap", "date": "2027-04-17", "start": "10:30",
     "end": "13:00", "venue": "Mill Road Scout Hut"},
    {"id": "EV-2706", "title": "Work party: Orchard Rise pruning", "kind": "work_party", "date": "2027-03-20",
     "start": "10:00", "end": "13:00", "venue": "Orchard Rise polytunnel"},
    {"id": "EV-2709", "title": "Autumn Seed Swap", "kind": "seed_swap", "date": "2027-09-25", "start": "10:00",
     "end": "12:00", "venue": "Mill Road Scout Hut"},
]
LOCK = threading.Lock()


# ------------------------------------------------------------------------------------------------ helpers
class HttpError(Exception):
    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status, self.message = status, message


def _fold(text: str) -> str:
    table = str.maketrans("áàäâãåçéèëêíìïîñóòöôõøúùüûýÿłśźżćń", "aaaaaaceeeeiiiinoooooouuuuyylszzcn")
    return text.lower().translate(table)


def _name_score(query: str, name: str) -> int:
    """Fuzzy name match: 2 per query word equal to a name word, 1 per word sharing a 4-letter prefix or contained."""
    score = 0
    words = re.findall(r"[\w']+", _fold(name))
    for q in re.findall(r"[\w']+", _fold(query)):
        if q in words:
            score += 2
        elif any(w.startswith(q) or (len(q) >= 4 and w[:4] == q[:4]) for w in words):
            score += 1
    return score


def _page(items, params, default_size=10, max_size=25):
    try:
        page = int(params.get("page", 1))
        size = int(params.get("page_size", default_size))
    except ValueError:
        raise HttpError(400, "page and page_size must be integers")
    if page < 1 or size < 1:
        raise HttpError(400, "page and page_size must be positive")
    size = min(size, max_size)
    chunk = items[(page - 1) * size: page * size]
    more = page * size < len(items)
    return {"total_count": len(items), "page": page, "page_size": size, "next_page": page + 1 if more else None,
            "items": chunk}


def _date(value: str, field: str) -> str:
    try:
        return dt.date.fromisoformat(value).isoformat()
    except (TypeError, ValueError):
        raise HttpError(400, f"{field} must be a date in YYYY-MM-DD form")


# ------------------------------------------------------------------------------------------------ handlers
def list_sites(params):
    items = SITES
    if params.get("name"):
        q = _fold(params["name"])
        items = [s for s in items if q in _fold(s["name"])]
    return 200, {"total_count": len(items), "items": items}


def list_plots(params):
    items = list(PLOTS.values())
    if params.get("site_id"):
        if params["site_id"] not in SITE_IDS:
            raise HttpError(404, f"no site {params['site_id']}")
        items = [p for p in items if p["site_id"] == params["site_id"]]
    if params.get("status"):
        if params["status"] not in ("let", "vacant", "being_cleared", "withdrawn"):
            raise HttpError(400, "status must be one of let, vacant, being_cleared, withdrawn")
        items = [p for p in items if p["st"] == params["status"]]
    if params.get("holder_id"):
        items = [p for p in items if p["hid"] == params["holder_id"]]
    rows = [{"id": p["id"], "site_id": p["site_id"], "sz": p["sz"], "st": p["st"]} for p in items]
    return 200, _page(rows, params)


def get_plot(params, plot_id):
    plot = PLOTS.get(plot_id.upper())
    if not plot:
        raise HttpError(404, f"no plot {plot_id}")
    return 200, plot


def search_members(params):
    items = list(MEMBERS.values())
    if params.get("email"):
        e = params["email"].strip().lower()
        items = [m for m in items if m["email"].lower() == e]
    if params.get("name"):
        scored = [(_name_score(params["name"], m["name"]), m) for m in items]
        items = [m for s, m in sorted(scored, key=lambda x: (-x[0], x[1]["name"])) if s > 0]
    elif not params.get("email"):
        items = sorted(items, key=lambda m: m["id"])
    rows = [{"id": m["id"], "name": m["name"], "status": m["status"]} for m in items]
    return 200, _page(rows, params)


def get_member(params, member_id):
    m = MEMBERS.get(member_id.upper())
    if not m:
        raise HttpError(404, f"no member {member_id}")
    return 200, m


def member_fees(params, member_id):
    if member_id.upper() not in MEMBERS:
        raise HttpError(404, f"no member {member_id}")
    items = FEES.get(member_id.upper(), [])
    season = params.get("season")
    if season:
        try:
            season = int(season)
        except ValueError:
            raise HttpError(400, "season must be a year, e.g. 2027")
        items = [f for f in items if f["yr"] == season]
    outstanding = round(sum(f["amt"] for f in items if f["st"] == "due"), 2)
    return 200, {"member_id": member_id.upper(), "season": season, "items": items, "outstanding": outstanding}


def waiting_list(params):
    site = params.get("site_id")
    if not site:
        raise HttpError(400, "site_id is required")
    if site not in SITE_IDS:
        raise HttpError(404, f"no site {site}")
    body = _page(WAITING[site], params, default_size=10, max_size=10)
    return 200, {"site_id": site, **body}


def list_inspections(params):
    pid = params.get("plot_id")
    if not pid:
        raise HttpError(400, "plot_id is required")
    if pid.upper() not in PLOTS:
        raise HttpError(404, f"no plot {pid}")
    items = [i for i in INSPECTIONS.values() if i["plot"] == pid.upper()]
    if params.get("season"):
        items = [i for i in items if i["dt"].startswith(str(params["season"]))]
    items = sorted(items, key=lambda i: i["dt"])
    return 200, {"plot_id": pid.upper(), "items": [{"id": i["id"], "plot_id": i["plot"], "date": i["dt"],
                                                     "round": i["round"]} for i in items]}


def get_inspection(params, inspection_id):
    i = INSPECTIONS.get(inspection_id.upper())
    if not i:
        raise HttpError(404, f"no inspection {inspection_id}")
    return 200, i


def list_tools(params):
    items = TOOLS
    if params.get("site_id"):
        items = [t for t in items if t["site_id"] == params["site_id"]]
    if params.get("q"):
        q = _fold(params["q"])
        items = [t for t in items if all(w in _fold(t["name"]) for w in q.split())]
    return 200, {"total_count": len(items), "items": items}


def list_bookings(params):
    items = BOOKINGS
    for key in ("member_id", "tool_id"):
        if params.get(key):
            items = [b for b in items if b[key] == params[key]]
    if params.get("date_from"):
        items = [b for b in items if b["date"] >= _date(params["date_from"], "date_from")]
    if params.get("date_to"):
        items = [b for b in items if b["date"] <= _date(params["date_to"], "date_to")]
    return 200, {"total_count": len(items), "items": sorted(items, key=lambda b: (b["date"], b["slot"]))}


def create_booking(body):
    if not isinstance(body, dict):
        raise HttpError(400, "body must be a JSON object")
    missing = [k for k in ("member_id", "tool_id", "date", "slot") if not body.get(k)]
    if missing:
        raise HttpError(400, f"missing fields: {', '.join(missing)}")
    mid, tid = str(body["member_id"]).upper(), str(body["tool_id"]).upper()
    date = _date(body["date"], "date")
    slot = str(body["slot"]).lower()
    if slot not in ("am", "pm"):
        raise HttpError(400, "slot must be am or pm")
    member, tool = MEMBERS.get(mid), TOOL_BY_ID.get(tid)
    if not member:
        raise HttpError(404, f"no member {mid}")
    if not tool:
        raise HttpError(404, f"no tool {tid}")
    if member["status"] != "active":
        raise HttpError(409, "only plot holders can book tools")
    if tool["site_id"] != member["site_id"]:
        raise HttpError(409, f"{tid} is kept at another site; members may only book tools at their own site "
                             f"({member['site_id']})")
    if tool["status"] != "available":
        raise HttpError(409, f"{tid} is out of service")
    with LOCK:
        for b in BOOKINGS:
            if b["tool_id"] == tid and b["date"] == date and b["slot"] == slot and b["st"] == "confirmed":
                if b["member_id"] == mid:
                    return 200, b
                raise HttpError(409, f"{tid} is already booked on {date} ({slot})")
        ref = "BK-" + hashlib.sha1(f"{mid}|{tid}|{date}|{slot}".encode()).hexdigest()[:6].upper()
        booking = {"booking_id": ref, "tool_id": tid, "member_id": mid, "date": date, "slot": slot,
                   "st": "confirmed"}
        BOOKINGS.append(booking)
    return 201, booking


def list_events(params):
    items = EVENTS
    if params.get("year"):
        items = [e for e in items if e["date"].startswith(str(params["year"]))]
    if params.get("kind"):
        items = [e for e in items if e["kind"] == params["kind"]]
    if params.get("q"):
        words = _fold(params["q"]).split()
        items = [e for e in items if all(w in _fold(e["title"]) for w in words)]
    return 200, {"total_count": len(items), "items": items}


ROUTES = [
    ("GET", r"/sites", list_sites),
    ("GET", r"/plots", list_plots),
    ("GET", r"/plots/([^/]+)", get_plot),
    ("GET", r"/members", search_members),
    ("GET", r"/members/([^/]+)", get_member),
    ("GET", r"/members/([^/]+)/fees", member_fees),
    ("GET", r"/waiting-list", waiting_list),
    ("GET", r"/inspections", list_inspections),
    ("GET", r"/inspections/([^/]+)", get_inspection),
    ("GET", r"/tools", list_tools),
    ("GET", r"/bookings", list_bookings),
    ("GET", r"/events", list_events),
]


class Handler(BaseHTTPRequestHandler):
    server_version = "AllotmentsDemo/1.0"

    def log_message(self, *args):  # quiet
        pass

    def _send(self, status, payload):
        data = json.dumps(payload, ensure_ascii=False).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _path(self):
        url = urlparse(self.path)
        if not url.path.startswith("/api/") and url.path != "/api":
            raise HttpError(404, "not found (the API lives under /api)")
        path = url.path[4:].rstrip("/") or "/"
        params = {k: v[-1] for k, v in parse_qs(url.query).items()}
        return path, params

    def do_GET(self):
        try:
            path, params = self._path()
            for method, pattern, fn in ROUTES:
                m = re.fullmatch(pattern, path)
                if m:
                    status, payload = fn(params, *m.groups())
                    return self._send(status, payload)
            raise HttpError(404, f"no such endpoint: GET {path}")
        except HttpError as exc:
            self._send(exc.status, {"error": exc.message})

    def do_POST(self):
        try:
            path, _ = self._path()
            if path != "/bookings":
                raise HttpError(404, f"no such endpoint: POST {path}")
            length = int(self.headers.get("Content-Length") or 0)
            try:
                body = json.loads(self.rfile.read(length) or b"null")
            except json.JSONDecodeError:
                raise HttpError(400, "body is not valid JSON")
            status, payload = create_booking(body)
            self._send(status, payload)
        except HttpError as exc:
            self._send(exc.status, {"error": exc.message})


def main():
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 8080
    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
