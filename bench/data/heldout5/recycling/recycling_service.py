"""Hollinsmere District Council waste and recycling API: households, bins, collection schedules, collection rounds,
crews, missed-collection reports and bulky-item collections.

Run: python recycling_service.py PORT   (Python standard library only; serves the API under /api)
Deterministic: fixed seed data (today is 2027-03-15), no clock, no randomness; the background households and
missed-collection reports are generated from fixed lists, bulky-collection references are derived from the
booking's content (SHA-1). State lives in memory for the life of the process. Every name, address, postcode, phone
number, vehicle registration and code is invented. Licence: Apache-2.0.
"""
import datetime
import hashlib
import json
import re
import sys
import unicodedata
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, unquote, urlsplit

TODAY = "2027-03-15"
BANK_HOLIDAYS = {"2026-12-25": "Christmas Day", "2026-12-28": "Boxing Day (substitute)",
                 "2027-01-01": "New Year's Day", "2027-03-26": "Good Friday", "2027-03-29": "Easter Monday",
                 "2027-05-03": "Early May bank holiday", "2027-05-31": "Spring bank holiday",
                 "2027-08-30": "Summer bank holiday"}
DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]


class ApiError(Exception):
    def __init__(self, status, message):
        super().__init__(message)
        self.status, self.message = status, message


ROUTES = []


def route(method, pattern):
    regex = re.compile("^/api" + re.sub(r"\{(\w+)\}", r"(?P<\1>[^/]+)", pattern) + "$")

    def deco(fn):
        ROUTES.append((method, regex, fn))
        return fn
    return deco


def fold(text):
    return "".join(c for c in unicodedata.normalize("NFKD", str(text)) if not unicodedata.combining(c)).lower()


def words(text):
    return [w for w in re.split(r"[^a-z0-9]+", fold(text)) if w]


def date_param(value, name):
    try:
        return datetime.date.fromisoformat(str(value).strip())
    except ValueError:
        raise ApiError(400, f"{name} must be a date YYYY-MM-DD, got {value!r}") from None


def int_param(query, name, default, lo, hi):
    raw = query.get(name)
    if raw is None or raw == "":
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ApiError(400, f"{name} must be an integer") from None
    if not lo <= value <= hi:
        raise ApiError(400, f"{name} must be between {lo} and {hi}")
    return value


# ------------------------------------------------------------------ rounds and crews
CREWS = {c["crew_id"]: c for c in [
    {"crew_id": "CR-04", "name": "Crew 4 (recycling)", "leader": {"name": "Yusuf Harrowby", "mobile": "07700 900 314"},
     "members": ["Kerry-Ann Sloane", "Tadeusz Wrona"],
     "vehicle": {"reg": "HX71 BRW", "type": "26 t split-body recycling lorry", "capacity_t": 11.5},
     "depot": {"name": "Brindlecombe Depot", "address": "Unit 4, Kilnworth Trading Estate, Brindlecombe HM4 6KE",
               "phone": "01632 960 210"}},
    {"crew_id": "CR-05", "name": "Crew 5 (recycling)", "leader": {"name": "Annika Solberg-Reeve",
                                                                  "mobile": "07700 900 542"},
     "members": ["Dewi Maddock", "Lorcan Fahy"],
     "vehicle": {"reg": "HX21 CVR", "type": "26 t split-body recycling lorry", "capacity_t": 11.5},
     "depot": {"name": "Brindlecombe Depot", "address": "Unit 4, Kilnworth Trading Estate, Brindlecombe HM4 6KE",
               "phone": "01632 960 210"}},
    {"crew_id": "CR-07", "name": "Crew 7 (refuse)", "leader": {"name": "Morwenna Tapp", "mobile": "07700 900 127"},
     "members": ["Jermaine Oduya", "Stellan Briggs"],
     "vehicle": {"reg": "HX19 KDT", "type": "26 t refuse collection vehicle", "capacity_t": 12},
     "depot": {"name": "Brindlecombe Depot", "address": "Unit 4, Kilnworth Trading Estate, Brindlecombe HM4 6KE",
               "phone": "01632 960 210"}},
    {"crew_id": "CR-08", "name": "Crew 8 (refuse)", "leader": {"name": "Kofi Amartey", "mobile": "07700 900 886"},
     "members": ["Niamh Culhane", "Piotr Zawada"],
     "vehicle": {"reg": "HY20 NTR", "type": "26 t refuse collection vehicle", "capacity_t": 12},
     "depot": {"name": "Nethercote Depot", "address": "Old Gasworks Road, Nethercote HM2 9GW",
               "phone": "01632 960 418"}},
    {"crew_id": "CR-09", "name": "Crew 9 (relief)", "leader": {"name": "Gareth Bellingham",
                                                               "mobile": "07700 900 409"},
     "members": ["Ruby Santangelo", "Femi Oladipo-Hart"],
     "vehicle": {"reg": "HX66 RLF", "type": "18 t spare recycling lorry", "capacity_t": 7.5},
     "depot": {"name": "Nethercote Depot", "address": "Old Gasworks Road, Nethercote HM2 9GW",
               "phone": "01632 960 418"}},
    {"crew_id": "CR-11", "name": "Crew 11 (food waste)", "leader": {"name": "Gareth Bellamy",
                                                                    "mobile": "07700 900 611"},
     "members": ["Aoife Tremlett"],
     "vehicle": {"reg": "HY22 FDW", "type": "7.5 t food-waste vehicle", "capacity_t": 3},
     "depot": {"name": "Nethercote Depot", "address": "Old Gasworks Road, Nethercote HM2 9GW",
               "phone": "01632 960 418"}},
    {"crew_id": "CR-12", "name": "Crew 12 (food waste)", "leader": {"name": "Shona McAvoy",
                                                                    "mobile": "07700 900 612"},
     "members": ["Benedek Varga"],
     "vehicle": {"reg": "HY22 FDX", "type": "7.5 t food-waste vehicle", "capacity_t": 3},
     "depot": {"name": "Nethercote Depot", "address": "Old Gasworks Road, Nethercote HM2 9GW",
               "phone": "01632 960 418"}},
    {"crew_id": "CR-13", "name": "Crew 13 (food waste)", "leader": {"name": "Hollis Penberthy",
                                                                    "mobile": "07700 900 613"},
     "members": ["Ewa Lindqvist-Moss"],
     "vehicle": {"reg": "HY23 FDB", "type": "7.5 t food-waste vehicle", "capacity_t": 3},
     "depot": {"name": "Brindlecombe Depot", "address": "Unit 4, Kilnworth Trading Estate, Brindlecombe HM4 6KE",
               "phone": "01632 960 210"}},
    {"crew_id": "CR-14", "name": "Crew 14 (garden waste)", "leader": {"name": "Idris Malloch",
                                                                      "mobile": "07700 900 714"},
     "members": ["Connie Ashworth", "Rasmus Eklund"],
     "vehicle": {"reg": "HX68 GWS", "type": "26 t refuse collection vehicle (garden)", "capacity_t": 12},
     "depot": {"name": "Sallowford Depot", "address": "Mill Leat Yard, Sallowford HM7 5MY",
               "phone": "01632 960 733"}},
    {"crew_id": "CR-15", "name": "Crew 15 (recycling)", "leader": {"name": "Perpetua Olowe",
                                                                   "mobile": "07700 900 715"},
     "members": ["Callum Treharne", "Zainab Iqbal"],
     "vehicle": {"reg": "HX73 NRC", "type": "26 t split-body recycling lorry", "capacity_t": 11.5},
     "depot": {"name": "Nethercote Depot", "address": "Old Gasworks Road, Nethercote HM2 9GW",
               "phone": "01632 960 418"}},
]}

STREAM_NAMES = {"refuse": "general waste", "recycling": "mixed recycling", "food": "food waste",
                "garden": "garden waste"}


def _round(code, stream, day, freq, area, crew, start):
    return {"round_code": code, "stream": stream, "day": day, "frequency": freq, "area": area, "crew_id": crew,
            "start_time": start}


ROUNDS = {r["round_code"]: r for r in [
    _round("REF-TUE-1", "refuse", "tuesday", "fortnightly (week B)", "Cressing Vale", "CR-08", "06:30"),
    _round("REF-TUE-2", "refuse", "tuesday", "fortnightly (week B)", "Brindlecombe", "CR-07", "06:30"),
    _round("REC-TUE-1", "recycling", "tuesday", "fortnightly (week A)", "Cressing Vale", "CR-05", "06:30"),
    _round("REC-TUE-2", "recycling", "tuesday", "fortnightly (week A)", "Brindlecombe", "CR-04", "06:30"),
    _round("FD-TUE-1", "food", "tuesday", "weekly", "Brindlecombe", "CR-13", "07:00"),
    _round("FD-TUE-2", "food", "tuesday", "weekly", "Cressing Vale", "CR-12", "07:00"),
    _round("REF-WED-1", "refuse", "wednesday", "fortnightly (week A)", "Sallowford", "CR-07", "06:30"),
    _round("REC-WED-1", "recycling", "wednesday", "fortnightly (week B)", "Sallowford", "CR-04", "06:30"),
    _round("FD-WED-1", "food", "wednesday", "weekly", "Sallowford", "CR-13", "07:00"),
    _round("GW-WED-1", "garden", "wednesday", "fortnightly (week A)", "Sallowford", "CR-14", "07:00"),
    _round("REF-THU-1", "refuse", "thursday", "fortnightly (week A)", "Nethercote", "CR-08", "06:30"),
    _round("REC-THU-1", "recycling", "thursday", "fortnightly (week B)", "Nethercote", "CR-15", "06:30"),
    _round("FD-THU-1", "food", "thursday", "weekly", "Nethercote (west)", "CR-12", "07:00"),
    _round("FD-THU-2", "food", "thursday", "weekly", "Nethercote (east)", "CR-11", "07:00"),
    _round("GW-THU-1", "garden", "thursday", "fortnightly (week B)", "Nethercote", "CR-14", "07:00"),
    _round("GW-FRI-1", "garden", "friday", "fortnightly (week A)", "Brindlecombe and Cressing Vale", "CR-14",
           "07:00"),
]}

# streets: (street, town, postcode, rounds by stream)
BRIND = {"refuse": "REF-TUE-2", "recycling": "REC-TUE-2", "food": "FD-TUE-1", "garden": "GW-FRI-1"}
CRESS = {"refuse": "REF-TUE-1", "recycling": "REC-TUE-1", "food": "FD-TUE-2", "garden": "GW-FRI-1"}
SALLOW = {"refuse": "REF-WED-1", "recycling": "REC-WED-1", "food": "FD-WED-1", "garden": "GW-WED-1"}
NETH_E = {"refuse": "REF-THU-1", "recycling": "REC-THU-1", "food": "FD-THU-2", "garden": "GW-THU-1"}
NETH_W = {"refuse": "REF-THU-1", "recycling": "REC-THU-1", "food": "FD-THU-1", "garden": "GW-THU-1"}
STREETS = [
    ("Orchard Close", "Brindlecombe", "HM4 2QT", BRIND), ("Orchard Court", "Brindlecombe", "HM4 2QW", BRIND),
    ("Weaver Street", "Brindlecombe", "HM4 1WS", BRIND), ("Quarry Hill", "Brindlecombe", "HM4 3QH", BRIND),
    ("Linnet Way", "Brindlecombe", "HM4 3LW", BRIND),
    ("Vale Road", "Cressing Vale", "HM5 1VR", CRESS), ("Hopgarden Close", "Cressing Vale", "HM5 1HG", CRESS),
    ("Tanyard Lane", "Cressing Vale", "HM5 2TY", CRESS),
    ("Sallow Mead", "Sallowford", "HM7 5LP", SALLOW), ("Mill Leat", "Sallowford", "HM7 5ML", SALLOW),
    ("Kingfisher Drive", "Sallowford", "HM7 6KD", SALLOW), ("Parsonage Lane", "Sallowford", "HM7 6PL", SALLOW),
    ("Pellow Square", "Nethercote", "HM2 8JS", NETH_E), ("Tolgarrow Lane", "Nethercote", "HM2 8TL", NETH_E),
    ("Barrow Rise", "Nethercote", "HM2 8BR", NETH_E),
    ("Pellow Street", "Nethercote", "HM2 8JE", NETH_W), ("Smithy Lane", "Nethercote", "HM2 7SL", NETH_W),
]
STREET_INFO = {s[0]: s for s in STREETS}

# ------------------------------------------------------------------ households and bins
HOUSEHOLDS, BINS = {}, {}
BIN_SPECS = {"refuse": ("black", 180), "recycling": ("blue", 240), "food": ("grey caddy", 23),
             "garden": ("brown", 240)}


def _add_household(hid, number, street, holder, email, phone, first_bin, ptype="house",
                   streams=("refuse", "recycling", "food"), sizes=None, garden_to=None, assisted=False, notes="",
                   delivered="2019-06-03"):
    _, town, postcode, rounds = STREET_INFO[street]
    line1 = f"{number} {street}"
    bins = []
    base = first_bin
    for i, stream in enumerate(streams):
        bid = f"BN-{base + i}"
        colour, litres = BIN_SPECS[stream]
        litres = (sizes or {}).get(stream, litres)
        BINS[bid] = {"id": bid, "hh": hid, "s": stream, "col": colour, "cap_l": litres,
                     "rfid": "0E" + hashlib.sha1(bid.encode()).hexdigest()[:10].upper(),
                     "dlv": delivered, "sub_to": garden_to if stream == "garden" else None, "cond": "good"}
        bins.append({"bin_id": bid, "stream": stream, "colour": colour})
    HOUSEHOLDS[hid] = {
        "household_id": hid, "address": {"line1": line1, "street": street, "town": town, "postcode": postcode},
        "account_holder": {"name": holder, "email": email, "phone": phone}, "property_type": ptype,
        "assisted_collection": assisted, "bins": bins,
        "rounds": {s: rounds[s] for s in streams if s in rounds}, "notes": notes}


_add_household("HH-20114", "12", "Orchard Close", "Ravi Castellane", "ravi.castellane@example.com",
               "07700 900 141", first_bin=301140)
_add_household("HH-20115", "12", "Orchard Court", "Petra Holmgren", "petra.holmgren@example.org",
               "07700 900 152", first_bin=301150, streams=("refuse", "recycling", "food", "garden"),
               garden_to="2027-12-31")
_add_household("HH-20131", "7", "Sallow Mead", "Agatha Whitlow", "agatha.whitlow@example.net", "07700 900 313",
               streams=("refuse", "recycling", "food", "garden"), first_bin=310442, garden_to="2027-05-31",
               delivered="2021-04-12")
_add_household("HH-20132", "17", "Sallow Mead", "Marcus Ebdon", "marcus.ebdon@example.com", "07700 900 317",
               streams=("refuse", "recycling", "food", "garden"), first_bin=310452, sizes={"garden": 140},
               garden_to="2027-11-30")
_add_household("HH-20150", "9", "Pellow Square", "Dawn Kessington", "dawn.kessington@example.com",
               "07700 900 509", first_bin=320150, assisted=True,
               notes="Assisted collection: bins collected from the side path and returned.")
_add_household("HH-20151", "9", "Pellow Street", "Dawn Kissington", "d.kissington@example.org", "07700 900 519",
               first_bin=320160)
_add_household("HH-20166", "5", "Tolgarrow Lane", "Oswin Farrant", "oswin.farrant@example.net", "07700 900 566",
               first_bin=320660)
_add_household("HH-20167", "23", "Tolgarrow Lane", "Beatrice Anand", "beatrice.anand@example.com",
               "07700 900 567", first_bin=320670)
_add_household("HH-20180", "Flat 3, 41", "Weaver Street",
               "Jonah Pelletier", "jonah.pelletier@example.org", "07700 900 180", ptype="flat (communal bins)",
               first_bin=301800, sizes={"refuse": 1100, "recycling": 1100},
               notes="Communal 1100-litre bins in the bin store behind the building (code 4471).")
_add_household("HH-20181", "Flat 3, 14", "Weaver Street", "Zofia Krawczyk-Lund", "zofia.kl@example.com",
               "07700 900 181", ptype="flat", first_bin=301810)

FIRST = ["Alys", "Bram", "Carys", "Dmitri", "Elin", "Farah", "Gethin", "Hana", "Ivo", "Jessamy", "Kit", "Leonie",
         "Mabli", "Nuno", "Orla", "Pim", "Quentin", "Rhosyn", "Sami", "Tilde", "Ugo", "Veda", "Wilf", "Yara"]
LAST = ["Abernethy", "Brightwell", "Cadogan", "Dunstable", "Eversley", "Fothergill", "Goodridge", "Hambly",
        "Illingworth", "Jarrold", "Kettlewell", "Lanyon", "Mottram", "Nankivell", "Ormerod", "Pendred",
        "Quiller", "Rowntree", "Scobie", "Tregear", "Underhill", "Vosper", "Wakeham", "Yelland"]
_TAKEN = {(h["address"]["line1"], h["address"]["street"]) for h in HOUSEHOLDS.values()}
_n = 0
for _street, _town, _pc, _r in STREETS:
    for _num in range(1, 13):
        if (f"{_num} {_street}", _street) in _TAKEN:
            continue
        _hid = f"HH-{21000 + _n}"
        _f, _l = FIRST[(_n * 7) % len(FIRST)], LAST[(_n * 11 + 3) % len(LAST)]
        _add_household(_hid, str(_num), _street, f"{_f} {_l}", f"{_f}.{_l}{_n}@example.net".lower(),
                       f"07700 9{_n:05d}"[:13], first_bin=400000 + _n * 10,
                       streams=("refuse", "recycling", "food", "garden") if _n % 3 == 0 else
                       ("refuse", "recycling", "food"), garden_to="2027-08-31" if _n % 3 == 0 else None)
        _n += 1

# ------------------------------------------------------------------ missed collections
MISSED = {}


def _mc(rid, hid, stream, due, reported, status, crew, note, outcome, return_visit=None, resolved=None):
    h = HOUSEHOLDS[hid]
    bin_id = next(b["bin_id"] for b in h["bins"] if b["stream"] == stream)
    MISSED[rid] = {"report_id": rid, "household_id": hid, "address": f"{h['address']['line1']}, "
                   f"{h['address']['town']} {h['address']['postcode']}", "stream": stream, "bin_id": bin_id,
                   "round_code": h["rounds"][stream], "collection_date": due, "reported_on": reported,
                   "status": status, "crew_id": crew, "crew_note": note, "outcome": outcome,
                   "return_visit": return_visit, "resolved_on": resolved}


_mc("MC-20231", "HH-20150", "food", "2027-01-14", "2027-01-14", "resolved", "CR-11",
    "Caddy not on the side path at time of collection.", "Collected on return visit.", "2027-01-15", "2027-01-15")
_mc("MC-20388", "HH-20150", "recycling", "2027-02-11", "2027-02-12", "resolved", "CR-15",
    "Pellow Square blocked by a parked delivery lorry; crew could not reach the east side.",
    "Missed in error: the street was returned to and all bins emptied.", "2027-02-15", "2027-02-15")
_mc("MC-20417", "HH-20167", "refuse", "2027-03-04", "2027-03-04", "rejected", "CR-08",
    "Bin was behind a locked side gate at 06:50; crew could not access it.",
    "Rejected: the bin was not presented at the kerbside. Please put bins out by 06:30 on collection day.")
_mc("MC-20455", "HH-20115", "recycling", "2027-03-02", "2027-03-03", "resolved", "CR-09",
    "Round covered by the relief crew while the regular vehicle was in the workshop; Orchard Court missed in error.",
    "Recycling collected on return visit.", "2027-03-04", "2027-03-04")
_mc("MC-20462", "HH-20131", "garden", "2027-03-03", "2027-03-03", "open", "CR-14",
    "", "Awaiting crew report.")

# background reports: (round, date, number of reports, status, crew on the day, note)
_BACKGROUND = [
    ("REC-TUE-2", "2027-01-05", 2, "resolved", "CR-04", "Bins missed in error."),
    ("REC-TUE-2", "2027-01-19", 3, "resolved", "CR-04", "Contaminated bin tagged, then emptied on return."),
    ("REC-TUE-2", "2027-02-02", 4, "resolved", "CR-04", "Missed in error."),
    ("REC-TUE-2", "2027-02-16", 9, "resolved", "CR-04", "Vehicle broke down on Quarry Hill at 11:20; round"
     " finished the next day."),
    ("REC-TUE-2", "2027-03-02", 2, "resolved", "CR-09", "Relief crew; missed in error."),
    ("REC-TUE-1", "2027-02-02", 2, "resolved", "CR-05", "Missed in error."),
    ("REC-TUE-1", "2027-02-16", 3, "rejected", "CR-05", "Bin not presented."),
    ("REF-TUE-2", "2027-02-09", 4, "resolved", "CR-07", "Road closed for water main repairs."),
    ("REF-TUE-2", "2027-02-23", 2, "rejected", "CR-07", "Side waste refused; lid not closed."),
    ("REC-WED-1", "2027-02-10", 3, "resolved", "CR-04", "Missed in error."),
    ("REC-THU-1", "2027-02-25", 2, "open", "CR-15", ""),
    ("FD-THU-2", "2027-03-11", 2, "open", "CR-11", ""),
]
_SKIP = {"HH-20114", "HH-20115", "HH-20131", "HH-20132", "HH-20150", "HH-20151", "HH-20166", "HH-20167"}
_next = 20100
for _rc, _due, _count, _status, _crew, _note in _BACKGROUND:
    _stream = ROUNDS[_rc]["stream"]
    _pool = sorted(h for h, v in HOUSEHOLDS.items() if v["rounds"].get(_stream) == _rc and h not in _SKIP)
    _start = int(hashlib.sha1(f"{_rc}|{_due}".encode()).hexdigest(), 16) % len(_pool)
    for _k in range(_count):
        _hid = _pool[(_start + _k * 5) % len(_pool)]
        _rep = (datetime.date.fromisoformat(_due) + datetime.timedelta(days=_k % 2)).isoformat()
        _rv = (datetime.date.fromisoformat(_due) + datetime.timedelta(days=2)).isoformat()
        _mc(f"MC-{_next}", _hid, _stream, _due, _rep, _status, _crew, _note,
            {"resolved": "Collected on return visit.", "rejected": "Rejected: bin not presented or not compliant.",
             "open": "Awaiting crew report."}[_status],
            _rv if _status == "resolved" else None, _rv if _status == "resolved" else None)
        _next += 1

# ------------------------------------------------------------------ bulky items
BULKY_ITEMS = {i["code"]: i for i in [
    {"code": "SOFA-2", "name": "Sofa (2-seater)", "category": "furniture", "charge": 24.0},
    {"code": "SOFA-3", "name": "Sofa (3-seater or corner)", "category": "furniture", "charge": 32.5},
    {"code": "ARMCH", "name": "Armchair", "category": "furniture", "charge": 14.0},
    {"code": "MATT-S", "name": "Mattress (single)", "category": "furniture", "charge": 12.5},
    {"code": "MATT-D", "name": "Mattress (double or king)", "category": "furniture", "charge": 18.5},
    {"code": "BEDFR", "name": "Bed frame (dismantled)", "category": "furniture", "charge": 16.0},
    {"code": "WARDR", "name": "Wardrobe", "category": "furniture", "charge": 22.0},
    {"code": "DRAWS", "name": "Chest of drawers", "category": "furniture", "charge": 14.0},
    {"code": "TABLE-D", "name": "Dining table", "category": "furniture", "charge": 15.0},
    {"code": "CHAIR-D", "name": "Dining chair", "category": "furniture", "charge": 4.5},
    {"code": "CHAIR-O", "name": "Office chair", "category": "furniture", "charge": 6.0},
    {"code": "FRIDGE", "name": "Fridge or freezer (incl. fridge freezers)", "category": "appliances",
     "charge": 27.75},
    {"code": "WASHM", "name": "Washing machine or tumble dryer", "category": "appliances", "charge": 20.0},
    {"code": "COOKER", "name": "Cooker", "category": "appliances", "charge": 20.0},
    {"code": "TV-L", "name": "Television (over 32 inches)", "category": "electricals", "charge": 9.0},
    {"code": "EXBIKE", "name": "Exercise bike or treadmill", "category": "fitness", "charge": 11.0},
    {"code": "GDNSET", "name": "Garden furniture set", "category": "garden", "charge": 19.5},
]}
MIN_CHARGE = 20.0
MAX_ITEMS = 8
BULKY = {}


def _bulky_ref(hid, date, items):
    key = "|".join([hid, date] + [f"{c}x{q}" for c, q in sorted(items.items())])
    return "BU-" + hashlib.sha1(key.encode()).hexdigest().upper()[:6]


def _bulky_record(hid, date, items, status, paid):
    lines = [{"code": c, "name": BULKY_ITEMS[c]["name"], "quantity": q, "charge": BULKY_ITEMS[c]["charge"],
              "line_total": round(BULKY_ITEMS[c]["charge"] * q, 2)} for c, q in items.items()]
    total = round(max(MIN_CHARGE, sum(x["line_total"] for x in lines)), 2)
    ref = _bulky_ref(hid, date, items)
    return {"booking_ref": ref, "household_id": hid, "collection_date": date, "status": status, "items": lines,
            "total": total, "paid": paid}


for _hid, _date, _items, _status, _paid in [
        ("HH-20150", "2026-10-07", {"GDNSET": 1}, "completed", True),
        ("HH-20150", "2027-03-18", {"WARDR": 1, "EXBIKE": 1, "DRAWS": 1, "CHAIR-D": 1}, "booked", True),
        ("HH-20151", "2027-03-18", {"SOFA-3": 1}, "booked", True),
        ("HH-20132", "2027-02-24", {"FRIDGE": 1, "MATT-D": 1}, "completed", True),
        ("HH-20114", "2027-01-12", {"TV-L": 1, "ARMCH": 1}, "cancelled", False)]:
    _b = _bulky_record(_hid, _date, _items, _status, _paid)
    BULKY[_b["booking_ref"]] = _b


# ------------------------------------------------------------------ helpers
def get_or_404(table, key, what):
    item = table.get(str(key).strip().upper())
    if item is None:
        raise ApiError(404, f"no {what} {key!r}")
    return item


def one_line(h):
    a = h["address"]
    return f"{a['line1']}, {a['town']} {a['postcode']}"


def round_summary(r):
    return {"round_code": r["round_code"], "stream": r["stream"], "day": r["day"], "frequency": r["frequency"],
            "area": r["area"]}


def _due_dates(r, lo, hi):
    """(actual date, usual date, note) of a round's collections between lo and hi."""
    out = []
    wd = DAYS.index(r["day"])
    d = lo - datetime.timedelta(days=7)
    while d <= hi + datetime.timedelta(days=7):
        if d.weekday() == wd:
            week = d.isocalendar()[1]
            ok = (r["frequency"] == "weekly" or ("week A" in r["frequency"] and week % 2 == 1)
                  or ("week B" in r["frequency"] and week % 2 == 0))
            if r["stream"] == "garden" and d.isoformat() < "2027-03-01":
                ok = False  # garden collections suspended December to February
            if ok:
                monday = d - datetime.timedelta(days=d.weekday())
                hols = [monday + datetime.timedelta(days=i) for i in range(d.weekday() + 1)
                        if (monday + datetime.timedelta(days=i)).isoformat() in BANK_HOLIDAYS]
                actual, note = d, None
                if hols:
                    actual = d + datetime.timedelta(days=1)
                    note = f"one day later than usual because of {BANK_HOLIDAYS[hols[0].isoformat()]}"
                if lo <= actual <= hi:
                    out.append((actual, d, note))
        d += datetime.timedelta(days=1)
    return out


# ------------------------------------------------------------------ handlers
@route("GET", "/households")
def search_households(params, query, body):
    q, pc = query.get("q", "").strip(), query.get("postcode", "").strip()
    if not q and not pc:
        raise ApiError(400, "give q (address or account holder) or postcode")
    qw = [w for w in words(q) if w not in ("the",)]
    pcn = fold(pc).replace(" ", "")
    rows = []
    for h in HOUSEHOLDS.values():
        hay = words(one_line(h) + " " + h["account_holder"]["name"])
        if qw and not all(w in hay for w in qw):
            continue
        if pcn and fold(h["address"]["postcode"]).replace(" ", "") != pcn:
            continue
        rows.append({"household_id": h["household_id"], "address": one_line(h),
                     "account_holder": h["account_holder"]["name"]})
    limit = int_param(query, "limit", 20, 1, 100)
    return 200, {"households": rows[:limit], "count": len(rows)}


@route("GET", "/households/{household_id}")
def get_household(params, query, body):
    h = get_or_404(HOUSEHOLDS, params["household_id"], "household")
    return 200, json.loads(json.dumps(h))


@route("GET", "/households/{household_id}/schedule")
def get_schedule(params, query, body):
    h = get_or_404(HOUSEHOLDS, params["household_id"], "household")
    lo = date_param(query.get("from", TODAY), "from")
    hi = date_param(query["to"], "to") if query.get("to") else lo + datetime.timedelta(days=27)
    if hi < lo or (hi - lo).days > 92:
        raise ApiError(400, "to must be on or after from, at most 92 days later")
    stream = query.get("stream", "").strip().lower()
    stream = {"blue": "recycling", "black": "refuse", "general": "refuse", "rubbish": "refuse",
              "brown": "garden", "caddy": "food"}.get(stream, stream)
    if stream and stream not in STREAM_NAMES:
        raise ApiError(400, "stream must be refuse, recycling, food or garden")
    rows = []
    for s, code in h["rounds"].items():
        if stream and s != stream:
            continue
        for actual, usual, note in _due_dates(ROUNDS[code], lo, hi):
            rows.append({"date": actual.isoformat(), "day": DAYS[actual.weekday()], "stream": s,
                         "round_code": code, "usual_date": usual.isoformat(), "note": note})
    rows.sort(key=lambda r: (r["date"], r["stream"]))
    return 200, {"household_id": h["household_id"], "from": lo.isoformat(), "to": hi.isoformat(),
                 "collections": rows}


@route("GET", "/bins/{bin_id}")
def get_bin(params, query, body):
    return 200, dict(get_or_404(BINS, params["bin_id"], "bin"))


@route("GET", "/rounds")
def list_rounds(params, query, body):
    day = query.get("day", "").strip().lower()
    day = {d[:3]: d for d in DAYS}.get(day[:3], day) if day else ""
    stream = query.get("stream", "").strip().lower()
    area = words(query.get("area", ""))
    rows = [round_summary(r) for r in ROUNDS.values()
            if (not day or r["day"] == day) and (not stream or r["stream"] == stream)
            and (not area or all(w in words(r["area"]) for w in area))]
    return 200, {"rounds": rows, "count": len(rows)}


@route("GET", "/rounds/{round_code}")
def get_round(params, query, body):
    r = get_or_404(ROUNDS, params["round_code"], "round")
    streets = sorted({h["address"]["street"] for h in HOUSEHOLDS.values()
                      if h["rounds"].get(r["stream"]) == r["round_code"]})
    n = sum(1 for h in HOUSEHOLDS.values() if h["rounds"].get(r["stream"]) == r["round_code"])
    c = CREWS[r["crew_id"]]
    return 200, {**round_summary(r), "start_time": r["start_time"], "streets": streets, "households": n,
                 "crew": {"crew_id": c["crew_id"], "name": c["name"]},
                 "next_collection": _due_dates(r, datetime.date.fromisoformat(TODAY),
                                               datetime.date.fromisoformat(TODAY) + datetime.timedelta(days=14))[0][0]
                 .isoformat()}


@route("GET", "/crews/{crew_id}")
def get_crew(params, query, body):
    c = get_or_404(CREWS, params["crew_id"], "crew")
    rounds = sorted(r["round_code"] for r in ROUNDS.values() if r["crew_id"] == c["crew_id"])
    return 200, {**json.loads(json.dumps(c)), "regular_rounds": rounds}


@route("GET", "/missed-collections")
def list_missed(params, query, body):
    hid = query.get("household_id", "").strip().upper()
    rc = query.get("round_code", "").strip().upper()
    status = query.get("status", "").strip().lower()
    if status and status not in ("open", "resolved", "rejected"):
        raise ApiError(400, "status must be open, resolved or rejected")
    lo = date_param(query["from"], "from").isoformat() if query.get("from") else "0000-00-00"
    hi = date_param(query["to"], "to").isoformat() if query.get("to") else "9999-99-99"
    limit = int_param(query, "limit", 10, 1, 50)
    offset = int_param(query, "offset", 0, 0, 100000)
    rows = [m for m in MISSED.values() if (not hid or m["household_id"] == hid)
            and (not rc or m["round_code"] == rc) and (not status or m["status"] == status)
            and lo <= m["collection_date"] <= hi]
    rows.sort(key=lambda m: (m["collection_date"], m["report_id"]), reverse=True)
    keys = ("report_id", "household_id", "address", "stream", "round_code", "collection_date", "reported_on",
            "status")
    return 200, {"total": len(rows), "limit": limit, "offset": offset,
                 "reports": [{k: m[k] for k in keys} for m in rows[offset:offset + limit]]}


@route("GET", "/missed-collections/{report_id}")
def get_missed(params, query, body):
    m = get_or_404(MISSED, params["report_id"], "missed-collection report")
    return 200, dict(m)


@route("GET", "/bulky-items")
def list_bulky_items(params, query, body):
    cat = query.get("category", "").strip().lower()
    rows = [dict(i) for i in BULKY_ITEMS.values() if not cat or i["category"] == cat]
    return 200, {"items": rows, "currency": "GBP", "minimum_charge": MIN_CHARGE, "max_items_per_booking": MAX_ITEMS}


@route("GET", "/bulky-collections")
def list_bulky(params, query, body):
    hid = query.get("household_id", "").strip().upper()
    if not hid:
        raise ApiError(400, "household_id is required")
    get_or_404(HOUSEHOLDS, hid, "household")
    status = query.get("status", "").strip().lower()
    rows = [json.loads(json.dumps(b)) for b in BULKY.values()
            if b["household_id"] == hid and (not status or b["status"] == status)]
    rows.sort(key=lambda b: b["collection_date"], reverse=True)
    return 200, {"household_id": hid, "bookings": rows}


@route("POST", "/bulky-collections")
def book_bulky(params, query, body):
    h = get_or_404(HOUSEHOLDS, body.get("household_id", ""), "household")
    d = date_param(body.get("collection_date", ""), "collection_date")
    if d.weekday() > 4 or d.isoformat() in BANK_HOLIDAYS:
        raise ApiError(422, "bulky collections run Monday to Friday, not on bank holidays")
    if d.isoformat() <= TODAY:
        raise ApiError(422, f"collection_date must be after {TODAY}")
    raw = body.get("items")
    if not isinstance(raw, list) or not raw:
        raise ApiError(400, "items must be a non-empty list of {code, quantity}")
    items = {}
    for it in raw:
        if not isinstance(it, dict):
            raise ApiError(400, "each item must be an object {code, quantity}")
        code = str(it.get("code", "")).strip().upper()
        if code not in BULKY_ITEMS:
            raise ApiError(400, f"unknown item code {it.get('code')!r}; see GET /bulky-items")
        try:
            qty = int(it.get("quantity", 1))
        except (TypeError, ValueError):
            raise ApiError(400, "quantity must be an integer") from None
        if qty < 1:
            raise ApiError(400, "quantity must be at least 1")
        items[code] = items.get(code, 0) + qty
    if sum(items.values()) > MAX_ITEMS:
        raise ApiError(422, f"at most {MAX_ITEMS} items per booking")
    ref = _bulky_ref(h["household_id"], d.isoformat(), items)
    if ref in BULKY:
        return 200, {**json.loads(json.dumps(BULKY[ref])), "address": one_line(h),
                     "instructions": "Put the items at the kerbside by 07:00 on the collection day."}
    b = _bulky_record(h["household_id"], d.isoformat(), items, "booked", False)
    BULKY[ref] = b
    return 201, {**json.loads(json.dumps(b)), "address": one_line(h),
                 "instructions": "Put the items at the kerbside by 07:00 on the collection day."}


class Handler(BaseHTTPRequestHandler):
    def _dispatch(self, method):
        parts = urlsplit(self.path)
        query = {k: v[-1] for k, v in parse_qs(parts.query).items()}
        body = {}
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
