"""Skerrow Bay Fisheries Office tools: skippers, vessels, fishing licences, quotas by species, catch reports, landing
ports and inspections.

Plain functions over fixed in-memory data (no I/O, no clock, no randomness). Vessel registrations look like
"SKW-118" (port letters and number), skipper ids "SK-11", licence numbers "LIC-40217", catch report ids "CR-88131",
inspection ids "IN-5547", port codes "SKW". Species are named or given by their FAO 3-letter code (COD Atlantic
cod, HAD haddock, HKE European hake, WHG whiting, MON monkfish, PLE plaice, LEM lemon sole, SOL common sole, MEG
megrim, NEP Nephrops/langoustine, MAC mackerel, CRE brown crab, LBE European lobster, SCE king scallop). Weights
are in kg, money in GBP, quotas per calendar year. Today is 2027-04-20. All names, places, emails, phone numbers
and codes are invented. Licence: Apache-2.0.
"""
import dataclasses
import datetime
import hashlib
import re
import unicodedata
from dataclasses import dataclass, field
from typing import TypedDict

TODAY = "2027-04-20"
QUOTA_YEAR = 2027


class SkipperHit(TypedDict):
    skipper_id: str
    name: str
    email: str
    home_port: str


class VesselHit(TypedDict):
    registration: str
    name: str
    home_port: str
    gear: str
    length_m: float


class QuotaLine(TypedDict):
    licence_no: str
    year: int
    species_code: str
    species: str
    allocation_kg: float
    landed_kg: float
    remaining_kg: float


class CatchReportSummary(TypedDict):
    report_id: str
    vessel: str
    vessel_name: str
    landed: str
    port: str
    total_kg: float
    species: list[str]


class CatchReportPage(TypedDict):
    reports: list[CatchReportSummary]
    page: int
    page_size: int
    total: int
    next_page: int | None


class InspectionSummary(TypedDict):
    inspection_id: str
    vessel: str
    date: str
    port: str
    type: str
    outcome: str


@dataclass
class Licence:
    licence_no: str
    holder_id: str
    holder_name: str
    vessel: str
    vessel_name: str
    category: str
    gear: str
    area: str
    valid_from: str
    valid_to: str
    status: str
    conditions: list[str] = field(default_factory=list)


@dataclass
class Port:
    code: str
    name: str
    harbour_master: str
    phone: str
    vhf: str
    berths: int
    fuel: bool
    ice: bool
    market_days: str


def _fold(text) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", str(text)) if not unicodedata.combining(c)).lower()


def _words_in(query: str, text: str) -> bool:
    tokens = [t for t in re.split(r"[\s,.:;'\u2019\"()&-]+", _fold(query)) if t and t not in ("the", "a", "of", "mv", "fv")]
    low = _fold(text)
    return all(t in low for t in tokens)


def _date(value, name: str) -> str:
    try:
        return datetime.date.fromisoformat(str(value).strip()).isoformat()
    except ValueError:
        raise ValueError(f"{name} must be a date YYYY-MM-DD") from None


SPECIES = {
    "COD": "Atlantic cod", "HAD": "Haddock", "HKE": "European hake", "WHG": "Whiting",
    "MON": "Monkfish (anglerfish)", "PLE": "European plaice", "LEM": "Lemon sole", "SOL": "Common sole (Dover sole)",
    "MEG": "Megrim", "NEP": "Nephrops (langoustine, Norway lobster)", "MAC": "Atlantic mackerel",
    "CRE": "Brown crab", "LBE": "European lobster", "SCE": "King scallop",
}


def _species_code(species: str) -> str:
    s = str(species).strip()
    if s.upper() in SPECIES:
        return s.upper()
    hits = [code for code, name in SPECIES.items() if _words_in(s, name)]
    if len(hits) != 1:
        raise ValueError(f"species {species!r} matches {hits or 'nothing'}; use a FAO code such as "
                         + ", ".join(SPECIES))
    return hits[0]


PORTS = {p.code: p for p in [
    Port("SKW", "Skerrow Harbour", "Innes Galbraith", "+44 1599 410 220", "Channel 12", 34, True, True,
         "Mon, Wed, Fri from 06:30"),
    Port("KRB", "Kirkbrae", "Morag Leitch", "+44 1599 433 101", "Channel 14", 18, True, False,
         "Tue and Thu from 07:00"),
    Port("PTN", "Port Tannoch", "Duncan Abernethy-Rae", "+44 1599 452 318", "Channel 11", 41, True, True,
         "Mon to Fri from 06:00"),
    Port("TQY", "Tannoch Quay", "Shona Abernethy", "+44 1599 452 990", "Channel 9", 12, False, False,
         "no market (landings are trucked to Port Tannoch)"),
]}

SKIPPERS = {s["skipper_id"]: s for s in [
    {"skipper_id": "SK-11", "name": "Callum MacInnes", "email": "callum.macinnes@example.com",
     "phone": "+44 7700 910 011", "home_port": "SKW", "certificate": "Skipper Full (Unlimited) No. SF-20871"},
    {"skipper_id": "SK-12", "name": "Calum McInnes", "email": "calum.mcinnes@example.net",
     "phone": "+44 7700 910 012", "home_port": "KRB", "certificate": "Skipper Under 16.5 m No. SU-31409"},
    {"skipper_id": "SK-14", "name": "Eilidh Sutherland", "email": "eilidh.sutherland@example.org",
     "phone": "+44 7700 910 014", "home_port": "PTN", "certificate": "Skipper Full (Unlimited) No. SF-22315"},
    {"skipper_id": "SK-15", "name": "Ruairidh Bain", "email": "ruairidh.bain@example.com",
     "phone": "+44 7700 910 015", "home_port": "KRB", "certificate": "Skipper Under 16.5 m No. SU-30077"},
    {"skipper_id": "SK-17", "name": "Mairead Coll", "email": "mairead.coll@example.net",
     "phone": "+44 7700 910 017", "home_port": "PTN", "certificate": "Skipper Full (Unlimited) No. SF-19964"},
    {"skipper_id": "SK-18", "name": "Jonas Brekke", "email": "jonas.brekke@example.org",
     "phone": "+44 7700 910 018", "home_port": "PTN", "certificate": "Skipper Full (Unlimited) No. SF-23102"},
    {"skipper_id": "SK-19", "name": "Niamh Rafferty", "email": "niamh.rafferty@example.com",
     "phone": "+44 7700 910 019", "home_port": "SKW", "certificate": "Skipper Full (Unlimited) No. SF-21540"},
    {"skipper_id": "SK-20", "name": "Torquil Ferrie", "email": "torquil.ferrie@example.net",
     "phone": "+44 7700 910 020", "home_port": "KRB", "certificate": "Skipper Under 16.5 m No. SU-32218"},
    {"skipper_id": "SK-21", "name": "Eilish Sutherland", "email": "eilish.s@example.org",
     "phone": "+44 7700 910 021", "home_port": "SKW", "certificate": "Skipper Under 16.5 m No. SU-33051"},
]}

# reg, name, skipper, length, kW, GT, gear, built, home port, hull
_VESSELS = [
    ("SKW-118", "Morning Star", "SK-11", 17.8, 221, 64, "demersal trawl", 2004, "SKW", "steel"),
    ("KRB-204", "Morning Starling", "SK-15", 9.6, 88, 9, "creels", 2012, "KRB", "GRP"),
    ("PTN-052", "Girl Isla", "SK-17", 14.2, 184, 38, "demersal seine", 1998, "PTN", "steel"),
    ("PTN-077", "Girl Isla II", "SK-18", 15.1, 200, 44, "demersal trawl", 2009, "PTN", "steel"),
    ("SKW-063", "Silver Harvest", "SK-19", 16.4, 246, 58, "demersal trawl", 2001, "SKW", "steel"),
    ("KRB-140", "Silver Harvester", "SK-20", 11.9, 149, 21, "Nephrops trawl", 2015, "KRB", "GRP"),
    ("KRB-031", "Sula Bheag", "SK-12", 8.2, 60, 5, "creels", 2018, "KRB", "GRP"),
    ("PTN-019", "Ardent Tern", "SK-14", 13.5, 187, 31, "Nephrops trawl", 2007, "PTN", "steel"),
    ("SKW-090", "Bonnie Lass", "SK-21", 9.9, 97, 8, "scallop dredge", 2011, "SKW", "wood"),
]
VESSELS = {v[0]: {"registration": v[0], "name": v[1], "skipper_id": v[2], "length_m": v[3], "kw": v[4],
                  "gt": v[5], "gear": v[6], "built": v[7], "home_port": v[8], "hull": v[9]} for v in _VESSELS}

LICENCES = {ln.licence_no: ln for ln in [
    Licence("LIC-40217", "SK-11", "Callum MacInnes", "SKW-118", "Morning Star", "Category A (over 10 m)",
            "demersal trawl", "West Coast, ICES VIa", "2027-01-01", "2027-12-31", "active",
            ["Landings only at designated ports", "VMS must be on at all times"]),
    Licence("LIC-39880", "SK-12", "Calum McInnes", "KRB-031", "Sula Bheag", "Category C (10 m and under, shellfish)",
            "creels", "Inshore, within 6 nm", "2026-01-01", "2026-12-31", "expired", ["Max 400 creels"]),
    Licence("LIC-40355", "SK-12", "Calum McInnes", "KRB-031", "Sula Bheag", "Category C (10 m and under, shellfish)",
            "creels", "Inshore, within 6 nm", "2027-01-01", "2027-06-30", "active",
            ["Max 400 creels", "Six-month licence pending tracker installation"]),
    Licence("LIC-40311", "SK-14", "Eilidh Sutherland", "PTN-019", "Ardent Tern", "Category A (over 10 m)",
            "Nephrops trawl", "West Coast, ICES VIa", "2027-01-01", "2027-12-31", "active",
            ["Selective grid or 300 mm square-mesh panel required"]),
    Licence("LIC-40402", "SK-15", "Ruairidh Bain", "KRB-204", "Morning Starling", "Category C (10 m and under, shellfish)",
            "creels", "Inshore, within 6 nm", "2027-01-01", "2027-12-31", "active", ["Max 600 creels"]),
    Licence("LIC-40190", "SK-17", "Mairead Coll", "PTN-052", "Girl Isla", "Category A (over 10 m)",
            "demersal seine", "West Coast, ICES VIa", "2027-01-01", "2027-12-31", "active",
            ["Follow-up inspection required after infringement IN-5547"]),
    Licence("LIC-40195", "SK-18", "Jonas Brekke", "PTN-077", "Girl Isla II", "Category A (over 10 m)",
            "demersal trawl", "West Coast, ICES VIa", "2027-01-01", "2027-12-31", "active", []),
    Licence("LIC-38811", "SK-19", "Niamh Rafferty", "SKW-063", "Silver Harvest", "Category A (over 10 m)",
            "demersal trawl", "West Coast, ICES VIa", "2025-04-01", "2026-03-31", "expired", []),
    Licence("LIC-40288", "SK-19", "Niamh Rafferty", "SKW-063", "Silver Harvest", "Category A (over 10 m)",
            "demersal trawl", "West Coast, ICES VIa", "2026-04-01", "2028-03-31", "active",
            ["Two-year licence"]),
    Licence("LIC-40260", "SK-20", "Torquil Ferrie", "KRB-140", "Silver Harvester", "Category A (over 10 m)",
            "Nephrops trawl", "West Coast, ICES VIa", "2027-01-01", "2027-12-31", "active", []),
    Licence("LIC-40377", "SK-21", "Eilish Sutherland", "SKW-090", "Bonnie Lass", "Category B (10 m and under)",
            "scallop dredge", "Inshore, within 12 nm", "2027-01-01", "2027-12-31", "active",
            ["Max 8 dredges a side"]),
]}

# (licence, year, species): (allocation kg, landed kg)
QUOTAS = {
    ("LIC-40217", 2026, "COD"): (3800, 3790), ("LIC-40217", 2026, "HAD"): (11000, 10950),
    ("LIC-40217", 2026, "HKE"): (5500, 5120),
    ("LIC-40217", 2027, "COD"): (4000, 2910), ("LIC-40217", 2027, "HAD"): (12000, 8820),
    ("LIC-40217", 2027, "HKE"): (6000, 2140), ("LIC-40217", 2027, "WHG"): (5000, 1200),
    ("LIC-40217", 2027, "MON"): (3000, 980), ("LIC-40217", 2027, "PLE"): (2000, 450),
    ("LIC-38811", 2025, "MON"): (2200, 2195), ("LIC-38811", 2025, "HKE"): (2800, 2650),
    ("LIC-40288", 2026, "MON"): (2400, 2380), ("LIC-40288", 2026, "HKE"): (3000, 2960),
    ("LIC-40288", 2027, "MON"): (2500, 1040), ("LIC-40288", 2027, "HKE"): (3000, 900),
    ("LIC-40288", 2027, "MEG"): (1500, 610), ("LIC-40288", 2027, "NEP"): (8000, 3120),
    ("LIC-40311", 2027, "NEP"): (15000, 5410), ("LIC-40311", 2027, "MON"): (1200, 310),
    ("LIC-40311", 2027, "HKE"): (800, 220),
    ("LIC-40260", 2027, "NEP"): (12000, 4980), ("LIC-40260", 2027, "WHG"): (600, 95),
    ("LIC-40190", 2027, "HAD"): (9000, 4100), ("LIC-40190", 2027, "HKE"): (4000, 1730),
    ("LIC-40190", 2027, "COD"): (2500, 1190),
    ("LIC-40195", 2027, "HAD"): (9500, 3800), ("LIC-40195", 2027, "COD"): (2600, 900),
    ("LIC-40355", 2027, "LBE"): (900, 212), ("LIC-40355", 2027, "CRE"): (6000, 1840),
    ("LIC-40402", 2027, "LBE"): (1400, 433), ("LIC-40402", 2027, "CRE"): (9000, 2760),
    ("LIC-40377", 2027, "SCE"): (20000, 6350),
}

PRICE = {"NEP": 9.8, "MON": 7.4, "HKE": 4.1, "COD": 3.6, "HAD": 2.7, "WHG": 1.9, "PLE": 2.2, "LBE": 24.0,
         "CRE": 2.6, "SCE": 3.1, "LEM": 6.5, "MEG": 3.0}
BUYERS = {"SKW": "Skerrow Fish Market Ltd", "KRB": "Kirkbrae Shellfish Co-op", "PTN": "Tannoch Seafoods",
          "TQY": "Tannoch Seafoods"}

# vessel, landed, port, [(species, kg, grade)], buyer (None: the port's usual buyer)
_LANDINGS = [
    ("SKW-118", "2027-03-03", "SKW", [("HAD", 1420.0, "A2"), ("COD", 610.0, "A1"), ("WHG", 380.0, "A3")], None),
    ("SKW-118", "2027-03-10", "SKW", [("HAD", 1315.0, "A2"), ("COD", 540.0, "A2"), ("HKE", 260.0, "A2")], None),
    ("SKW-118", "2027-03-17", "SKW", [("HAD", 1180.0, "A3"), ("COD", 455.0, "A1"), ("MON", 140.0, "A2")], None),
    ("SKW-118", "2027-03-24", "PTN", [("HAD", 1260.0, "A2"), ("HKE", 410.0, "A1"), ("PLE", 150.0, "A2")], None),
    ("SKW-118", "2027-04-07", "SKW", [("HAD", 990.0, "A2"), ("COD", 320.0, "A2"), ("WHG", 240.0, "A3")], None),
    ("KRB-204", "2027-04-02", "KRB", [("LBE", 31.5, "live"), ("CRE", 212.0, "live")], None),
    ("KRB-204", "2027-04-09", "KRB", [("LBE", 44.0, "live"), ("CRE", 268.5, "live")], None),
    ("PTN-019", "2027-04-07", "PTN", [("NEP", 351.0, "N1"), ("MON", 24.0, "A3")], None),
    ("PTN-019", "2027-04-13", "PTN", [("NEP", 388.0, "N2"), ("HKE", 18.6, "A2")], None),
    ("PTN-019", "2027-04-14", "KRB", [("NEP", 412.5, "N2"), ("MON", 38.0, "A3"), ("HKE", 22.4, "A2")],
     "Westmark Langoustine Exports"),
    ("PTN-052", "2027-03-02", "PTN", [("HAD", 860.0, "A2"), ("HKE", 330.0, "A2")], None),
    ("PTN-052", "2027-04-06", "TQY", [("HAD", 910.0, "A2"), ("HKE", 295.0, "A3"), ("COD", 120.0, "A2")], None),
    ("PTN-077", "2027-03-11", "PTN", [("HAD", 1020.0, "A2"), ("COD", 210.0, "A1")], None),
    ("SKW-063", "2027-04-08", "SKW", [("MON", 180.0, "A1"), ("HKE", 240.0, "A2"), ("MEG", 95.0, "A2")], None),
    ("KRB-031", "2027-04-12", "KRB", [("LBE", 12.5, "live"), ("CRE", 88.0, "live")], None),
    ("SKW-090", "2027-04-15", "SKW", [("SCE", 640.0, "live")], None),
]
for _i, _day in enumerate(["2027-03-29", "2027-03-30", "2027-03-31", "2027-04-01", "2027-04-02", "2027-04-05",
                           "2027-04-06", "2027-04-07", "2027-04-08", "2027-04-09", "2027-04-12", "2027-04-13",
                           "2027-04-14", "2027-04-15", "2027-04-16"]):
    _LANDINGS.append(("KRB-140", _day, "KRB", [("NEP", 280.0 + (_i * 37) % 150, "N2" if _i % 3 else "N1"),
                                               ("WHG", 12.0 + (_i * 7) % 20, "A3")], None))
_LANDINGS.sort(key=lambda r: (r[1], r[0]))

CATCH_REPORTS = {}
for _n, (_v, _day, _port, _lines, _buyer) in enumerate(_LANDINGS):
    _rid = f"CR-{88101 + _n * 3}"
    _rows = [{"sp": sp, "kg": kg, "grd": grd, "gbp": round(kg * PRICE[sp], 2)} for sp, kg, grd in _lines]
    CATCH_REPORTS[_rid] = {
        "report_id": _rid, "vessel": _v, "vessel_name": VESSELS[_v]["name"], "skipper_id": VESSELS[_v]["skipper_id"],
        "landed": _day, "port": _port, "buyer": _buyer or BUYERS[_port], "lines": _rows,
        "total_kg": round(sum(r["kg"] for r in _rows), 1), "value_gbp": round(sum(r["gbp"] for r in _rows), 2),
        "submitted": _day + "T18:00"}

OFFICERS = {"FD": ("Fenella Drummond", "FO-114"), "RK": ("Ross Kerrigan", "FO-121"),
            "AB": ("Aonghas Beaton", "FO-107")}

# id, vessel, date, port (None: at sea), type, outcome, officer, findings, fine, follow-up
_INSPECTIONS = [
    ("IN-5510", "PTN-052", "2026-11-19", "PTN", "landing inspection", "compliant", "RK", ["No issues found"], 0,
     None),
    ("IN-5519", "PTN-077", "2027-02-08", None, "at-sea boarding", "compliant", "AB", ["No issues found"], 0, None),
    ("IN-5528", "PTN-077", "2027-03-11", "PTN", "landing inspection", "verbal warning", "FD",
     ["Logbook entries for two hauls incomplete (no positions)"], 0, None),
    ("IN-5533", "SKW-118", "2027-03-17", "SKW", "landing inspection", "compliant", "RK", ["No issues found"], 0,
     None),
    ("IN-5536", "PTN-052", "2027-03-02", None, "at-sea boarding", "written warning", "AB",
     ["One net panel measured 117 mm against the 120 mm minimum mesh"], 0, "2027-04-02"),
    ("IN-5540", "KRB-140", "2027-03-29", "KRB", "landing inspection", "written warning", "RK",
     ["Selective grid fitted upside down"], 0, "2027-04-29"),
    ("IN-5547", "PTN-052", "2027-04-06", "TQY", "landing inspection", "infringement", "FD",
     ["14 kg of undersized hake below the 27 cm minimum conservation reference size",
      "Fish-room temperature log up to date"], 750, "2027-05-06"),
    ("IN-5549", "PTN-077", "2027-04-08", None, "at-sea boarding", "compliant", "AB", ["No issues found"], 0, None),
    ("IN-5552", "KRB-204", "2027-04-12", "KRB", "landing inspection", "compliant", "FD",
     ["Berried lobsters returned and v-notched"], 0, None),
]
INSPECTIONS = {i[0]: {"inspection_id": i[0], "vessel": i[1], "vessel_name": VESSELS[i[1]]["name"], "date": i[2],
                      "port": i[3] or "at sea", "type": i[4], "outcome": i[5],
                      "officer": {"name": OFFICERS[i[6]][0], "badge": OFFICERS[i[6]][1]}, "findings": list(i[7]),
                      "fine_gbp": i[8], "follow_up_due": i[9]} for i in _INSPECTIONS}


def _get(table: dict, key, what: str):
    row = table.get(str(key).strip().upper())
    if row is None:
        raise KeyError(f"no {what} {key!r}")
    return row


def _vessel_key(vessel: str) -> str:
    v = str(vessel).strip().upper().replace(" ", "-")
    if v in VESSELS:
        return v
    hits = [r for r, row in VESSELS.items() if _fold(row["name"]) == _fold(vessel)]
    if len(hits) == 1:
        return hits[0]
    raise KeyError(f"no vessel registration {vessel!r} (use search_vessels to find it)")


def _port_code(port: str) -> str:
    p = str(port).strip()
    if p.upper() in PORTS:
        return p.upper()
    exact = [c for c, row in PORTS.items() if _fold(row.name) == _fold(p)]
    if exact:
        return exact[0]
    hits = [c for c, row in PORTS.items() if _words_in(p, row.name)]
    if len(hits) == 1:
        return hits[0]
    raise KeyError(f"port {port!r} matches {[PORTS[c].name for c in hits] or 'no port'}")


# ---------------------------------------------------------------- skippers and vessels
def find_skippers(name: str | None = None, email: str | None = None) -> list[SkipperHit]:
    """Skippers whose name contains every word of name (accents ignored) or whose email is exactly email."""
    if not name and not email:
        raise ValueError("give name or email")
    return [SkipperHit(skipper_id=s["skipper_id"], name=s["name"], email=s["email"], home_port=s["home_port"])
            for s in SKIPPERS.values()
            if (not name or _words_in(name, s["name"])) and (not email or s["email"] == email.strip().lower())]


def get_skipper(skipper_id: str) -> dict:
    """One skipper: a dict with skipper_id, name, email, phone, home_port (port code), certificate, vessels (the
    registration and name of each boat they skipper) and licences (licence_no and status of each licence they
    hold, current and expired)."""
    s = dict(_get(SKIPPERS, skipper_id, "skipper"))
    s["vessels"] = [{"registration": v["registration"], "name": v["name"]} for v in VESSELS.values()
                    if v["skipper_id"] == s["skipper_id"]]
    s["licences"] = [{"licence_no": ln.licence_no, "status": ln.status} for ln in LICENCES.values()
                     if ln.holder_id == s["skipper_id"]]
    return s


def search_vessels(name: str | None = None, home_port: str | None = None,
                   gear: str | None = None) -> list[VesselHit]:
    """Registered fishing vessels. name: words of the vessel name; home_port: port code or name; gear: words of
    the gear type (e.g. "trawl", "creels")."""
    code = _port_code(home_port) if home_port else None
    return [VesselHit(registration=v["registration"], name=v["name"], home_port=v["home_port"], gear=v["gear"],
                      length_m=v["length_m"])
            for v in VESSELS.values()
            if (not name or _words_in(name, v["name"])) and (not code or v["home_port"] == code)
            and (not gear or _words_in(gear, v["gear"]))]


def get_vessel(registration: str) -> dict:
    """Register entry of one vessel, with short keys: reg, nm (name), home (home port code), loa (length overall,
    m), kw (engine power, kW), gt (gross tonnage), gear, built (year), hull, skpr (the skipper: id and nm)."""
    v = VESSELS[_vessel_key(registration)]
    s = SKIPPERS[v["skipper_id"]]
    return {"reg": v["registration"], "nm": v["name"], "home": v["home_port"], "loa": v["length_m"], "kw": v["kw"],
            "gt": v["gt"], "gear": v["gear"], "built": v["built"], "hull": v["hull"],
            "skpr": {"id": s["skipper_id"], "nm": s["name"]}}


# ---------------------------------------------------------------- licences and quotas
def get_licence(licence_no: str) -> Licence:
    """A fishing licence: holder, vessel, category, permitted gear, area, validity dates, status (active,
    suspended, expired) and conditions."""
    return dataclasses.replace(_get(LICENCES, licence_no, "licence"))


def get_quota(licence_no: str, year: int = QUOTA_YEAR, species: str | None = None) -> list[QuotaLine]:
    """Quota lines of a licence for one calendar year (default the current year, 2027): allocation, landed and
    remaining kg per species; species (name or FAO code) narrows it to one species."""
    ln = _get(LICENCES, licence_no, "licence")
    code = _species_code(species) if species else None
    rows = []
    for (lic, yr, sp), (alloc, landed) in sorted(QUOTAS.items()):
        if lic == ln.licence_no and yr == int(year) and (not code or sp == code):
            rows.append(QuotaLine(licence_no=lic, year=yr, species_code=sp, species=SPECIES[sp],
                                  allocation_kg=alloc, landed_kg=landed, remaining_kg=alloc - landed))
    return rows


# ---------------------------------------------------------------- catch reports
def list_catch_reports(vessel: str | None = None, date_from: str | None = None, date_to: str | None = None,
                       species: str | None = None, port: str | None = None, page: int = 1,
                       page_size: int = 10) -> CatchReportPage:
    """Catch (landing) reports, oldest first, a page at a time. vessel: registration; date_from/date_to: landing
    dates, inclusive (YYYY-MM-DD); species: name or FAO code; port: port code or name. total is the number of
    matching reports over all pages; next_page is None on the last page."""
    reg = _vessel_key(vessel) if vessel else None
    start = _date(date_from, "date_from") if date_from else None
    end = _date(date_to, "date_to") if date_to else None
    code = _species_code(species) if species else None
    pcode = _port_code(port) if port else None
    page, page_size = int(page), int(page_size)
    if page < 1 or not 1 <= page_size <= 50:
        raise ValueError("page must be >= 1 and page_size between 1 and 50")
    rows = [r for r in CATCH_REPORTS.values() if (not reg or r["vessel"] == reg)
            and (not start or r["landed"] >= start) and (not end or r["landed"] <= end)
            and (not code or any(x["sp"] == code for x in r["lines"])) and (not pcode or r["port"] == pcode)]
    first = (page - 1) * page_size
    items = [CatchReportSummary(report_id=r["report_id"], vessel=r["vessel"], vessel_name=r["vessel_name"],
                                landed=r["landed"], port=r["port"], total_kg=r["total_kg"],
                                species=[x["sp"] for x in r["lines"]]) for r in rows[first:first + page_size]]
    return CatchReportPage(reports=items, page=page, page_size=page_size, total=len(rows),
                           next_page=page + 1 if first + page_size < len(rows) else None)


def get_catch_report(report_id: str) -> dict:
    """One catch report: a dict with report_id, vessel, vessel_name, skipper_id, landed (date), port (port code),
    buyer, lines, total_kg, value_gbp and submitted. Each line has short keys: sp (FAO species code), kg, grd
    (size grade: A1 largest to A4 for fish, N1 to N3 for Nephrops, "live" for shellfish) and gbp (first-sale
    value)."""
    r = _get(CATCH_REPORTS, report_id, "catch report")
    return {**r, "lines": [dict(x) for x in r["lines"]]}


# ---------------------------------------------------------------- ports and inspections
def get_port(port: str) -> Port:
    """A landing port by code ("SKW") or name: harbour master and phone, VHF working channel, berths, fuel and
    ice, and fish market days."""
    return dataclasses.replace(PORTS[_port_code(port)])


def list_inspections(vessel: str | None = None, date_from: str | None = None, date_to: str | None = None,
                     outcome: str | None = None) -> list[InspectionSummary]:
    """Fishery inspections, newest first. vessel: registration; date_from/date_to inclusive (YYYY-MM-DD);
    outcome: compliant, verbal warning, written warning or infringement."""
    reg = _vessel_key(vessel) if vessel else None
    start = _date(date_from, "date_from") if date_from else None
    end = _date(date_to, "date_to") if date_to else None
    rows = [i for i in INSPECTIONS.values() if (not reg or i["vessel"] == reg)
            and (not start or i["date"] >= start) and (not end or i["date"] <= end)
            and (not outcome or i["outcome"] == outcome.strip().lower())]
    rows.sort(key=lambda i: i["date"], reverse=True)
    return [InspectionSummary(inspection_id=i["inspection_id"], vessel=i["vessel"], date=i["date"], port=i["port"],
                              type=i["type"], outcome=i["outcome"]) for i in rows]


def get_inspection(inspection_id: str) -> dict:
    """One inspection report: a dict with inspection_id, vessel, vessel_name, date, port ("at sea" for
    boardings), type, outcome, officer (name and badge), findings (list of text), fine_gbp (0 when none) and
    follow_up_due (date or None)."""
    i = _get(INSPECTIONS, inspection_id, "inspection")
    return {**i, "officer": dict(i["officer"]), "findings": list(i["findings"])}


# ---------------------------------------------------------------- write
_TRANSFERS: dict = {}


def request_quota_transfer(from_licence: str, to_licence: str, species: str, kg: float) -> dict:
    """Ask for kg of this year's (2027) quota of one species (name or FAO code) to move from one licence to
    another. Returns a dict with transfer_ref (QT-xxxxxx), status "pending approval", the licences, species and kg;
    quotas do not change until the transfer is approved. Asking for the same transfer again returns the same
    transfer_ref."""
    src, dst = _get(LICENCES, from_licence, "licence"), _get(LICENCES, to_licence, "licence")
    if src.licence_no == dst.licence_no:
        raise ValueError("from_licence and to_licence must differ")
    for ln in (src, dst):
        if ln.status != "active":
            raise ValueError(f"{ln.licence_no} is {ln.status}")
    code = _species_code(species)
    try:
        amount = float(kg)
    except (TypeError, ValueError):
        raise ValueError("kg must be a number") from None
    if amount <= 0:
        raise ValueError("kg must be positive")
    line = QUOTAS.get((src.licence_no, QUOTA_YEAR, code))
    if line is None:
        raise ValueError(f"{src.licence_no} holds no {QUOTA_YEAR} {SPECIES[code]} quota")
    remaining = line[0] - line[1]
    if amount > remaining:
        raise ValueError(f"{src.licence_no} has only {remaining} kg of {SPECIES[code]} left")
    amount_text = f"{amount:g}"
    ref = "QT-" + hashlib.sha1("|".join([src.licence_no, dst.licence_no, code, amount_text]).encode()) \
        .hexdigest().upper()[:6]
    if ref not in _TRANSFERS:
        _TRANSFERS[ref] = {"transfer_ref": ref, "status": "pending approval", "year": QUOTA_YEAR,
                           "from_licence": src.licence_no, "from_holder": src.holder_name,
                           "to_licence": dst.licence_no, "to_holder": dst.holder_name, "species_code": code,
                           "species": SPECIES[code], "kg": float(amount_text),
                           "note": "Quota moves only when the transfer is approved (usually within 10 working days)."}
    return dict(_TRANSFERS[ref])
