"""Ravensgill Ridge Observatory tools: telescopes, observers, observing proposals, targets, night allocations and
instrument logs.

Plain functions over fixed in-memory data (no I/O, no clock, no randomness). Ids look like "TEL-2" (telescopes),
"OB-19" (observers), "P-2027A-031" (proposals: semester, then number), "TG-118" (targets), "AL-2412"
(allocations: one telescope for one night). A "night" is named by the date on which it starts (evening date).
Semesters: 2026B = 2026-08-01..2027-01-31, 2027A = 2027-02-01..2027-07-31, 2027B = 2027-08-01..2028-01-31.
Today is 2027-03-08. All names, institutions, emails, objects and coordinates are invented. Licence: Apache-2.0.
"""
import datetime
import hashlib
import re
import unicodedata
from dataclasses import dataclass, field
from typing import TypedDict

TODAY = "2027-03-08"


# ------------------------------------------------------------------------------------------------ result types
class ObserverHit(TypedDict):
    observer_id: str
    name: str
    institution: str


class ProposalSummary(TypedDict):
    proposal_id: str
    title: str
    pi_id: str
    semester: str
    status: str
    telescope_id: str


class TelescopeSummary(TypedDict):
    telescope_id: str
    name: str
    aperture_m: float
    status: str


class TargetHit(TypedDict):
    target_id: str
    name: str
    kind: str


class AllocationSummary(TypedDict):
    allocation_id: str
    night: str
    telescope_id: str
    proposal_id: str
    observer_id: str
    hours: float
    outcome: str


@dataclass
class Telescope:
    telescope_id: str
    name: str
    aperture_m: float
    mount: str
    dome: str
    instruments: list
    status: str
    back_in_service: str | None = None
    notes: str = ""


@dataclass
class AllocationPage:
    total: int
    page: int
    page_size: int
    items: list = field(default_factory=list)


@dataclass
class AllocationDetail:
    allocation_id: str
    night: str
    telescope_id: str
    instrument: str
    proposal_id: str
    observer_id: str
    hours: float
    hours_used: float
    outcome: str
    seeing_arcsec: float | None
    target: dict | None
    remarks: str


# ------------------------------------------------------------------------------------------------ helpers
_EXTRA = str.maketrans({"ø": "o", "Ø": "o", "æ": "ae", "Æ": "ae", "ß": "ss", "ł": "l", "Ł": "l", "đ": "d"})


def _fold(text) -> str:
    text = unicodedata.normalize("NFKD", str(text).translate(_EXTRA))
    return "".join(c for c in text if not unicodedata.combining(c)).lower()


def _words_in(query: str, text: str) -> bool:
    words = [w for w in re.split(r"[\s,;'\u2019\"]+", _fold(query)) if w and w not in ("the", "dr", "prof")]
    hay = _fold(text)
    return bool(words) and all(w in hay for w in words)


def _date(value, name: str) -> str:
    try:
        return datetime.date.fromisoformat(str(value).strip()).isoformat()
    except ValueError:
        raise ValueError(f"{name} must be an ISO date YYYY-MM-DD, got {value!r}") from None


def _get(table: dict, key, what: str):
    row = table.get(str(key).strip().upper())
    if row is None:
        raise KeyError(f"no {what} {key!r}")
    return row


# ------------------------------------------------------------------------------------------------ data
TELESCOPES = {t.telescope_id: t for t in [
    Telescope("TEL-1", "Halvard 2.5 m", 2.5, "alt-az", "North dome",
              ["KESTREL echelle spectrograph", "WIDE-IR camera"], "operational"),
    Telescope("TEL-2", "Brenna 1.2 m", 1.2, "equatorial", "West dome", ["B12 CCD imager", "PRISM polarimeter"],
              "operational"),
    Telescope("TEL-3", "Ashdown 1.0 m", 1.0, "equatorial", "East dome", ["FOCAL-2 imager", "LoRes spectrograph"],
              "offline: primary mirror being realuminised", "2027-04-02",
              "Out of service since 2027-02-20; allocations move to TEL-2 where possible"),
    Telescope("TEL-4", "Pike 0.6 m robotic", 0.6, "equatorial", "Roll-off roof A", ["PIKECAM photometer"],
              "operational", notes="Queue-scheduled and run remotely"),
    Telescope("TEL-5", "Brenna 0.4 m finder", 0.4, "equatorial", "West dome annex", ["GX guide camera"],
              "operational", notes="Teaching and outreach telescope, Friday and Saturday nights only"),
]}

OBSERVERS = {o["observer_id"]: o for o in [
    {"observer_id": "OB-07", "name": "Kasimir Ødegaard", "institution": "Tallholm University",
     "email": "kasimir.odegaard@tallholm-uni.example", "phone": "+47 555 010 207", "role": "faculty"},
    {"observer_id": "OB-08", "name": "Kasimir Odegard", "institution": "Pellucid Sky Society",
     "email": "k.odegard@example.net", "phone": "+47 555 010 208", "role": "amateur (guest)"},
    {"observer_id": "OB-11", "name": "Ines Valcourt-Mbeki", "institution": "Saltmarsh Institute for Astrophysics",
     "email": "ines.vm@saltmarsh-astro.example", "phone": "+44 555 020 311", "role": "postdoc"},
    {"observer_id": "OB-12", "name": "Inès Valcourt", "institution": "Tallholm University",
     "email": "ines.valcourt@tallholm-uni.example", "phone": "+47 555 010 212", "role": "PhD student"},
    {"observer_id": "OB-15", "name": "Rafferty Nakagawa-Lowe", "institution": "Corrie Bay College",
     "email": "r.nakagawa-lowe@corriebay.example", "phone": "+1 555 030 415", "role": "faculty"},
    {"observer_id": "OB-19", "name": "Yusra Delacroix-Haddon", "institution": "Saltmarsh Institute for Astrophysics",
     "email": "yusra.dh@saltmarsh-astro.example", "phone": "+44 555 020 319", "role": "faculty"},
    {"observer_id": "OB-22", "name": "Thaddeus Mirembe", "institution": "Tallholm University",
     "email": "t.mirembe@tallholm-uni.example", "phone": "+47 555 010 222", "role": "PhD student"},
    {"observer_id": "OB-23", "name": "Thaddea Mirembe", "institution": "Corrie Bay College",
     "email": "thaddea.mirembe@corriebay.example", "phone": "+1 555 030 423", "role": "postdoc"},
    {"observer_id": "OB-30", "name": "Solveig Arrhenius-Kaur", "institution": "Ravensgill Ridge Observatory",
     "email": "solveig.ak@ravensgill.example", "phone": "+47 555 040 130", "role": "staff astronomer"},
    {"observer_id": "OB-31", "name": "Solveig Arrhenius", "institution": "Saltmarsh Institute for Astrophysics",
     "email": "s.arrhenius@saltmarsh-astro.example", "phone": "+44 555 020 331", "role": "PhD student"},
    {"observer_id": "OB-35", "name": "Bartholomew Quillfeather", "institution": "Ravensgill Ridge Observatory",
     "email": "b.quillfeather@ravensgill.example", "phone": "+47 555 040 135", "role": "night assistant"},
    {"observer_id": "OB-40", "name": "Henrike Zamora-Lindt", "institution": "Corrie Bay College",
     "email": "h.zamoralindt@corriebay.example", "phone": "+1 555 030 440", "role": "faculty"},
    {"observer_id": "OB-41", "name": "Oleander Faircloth", "institution": "Tallholm University",
     "email": "o.faircloth@tallholm-uni.example", "phone": "+47 555 010 241", "role": "faculty"},
]}

# get_target answers in the catalogue's short form.
TARGETS = {t["id"]: t for t in [
    {"id": "TG-101", "nm": "Sable Nebula", "typ": "emission nebula", "ra": "05:41:12.6", "dec": "+22:07:48",
     "ep": "J2000", "vmag": 9.4, "z": None},
    {"id": "TG-102", "nm": "Sable Cluster", "typ": "open cluster", "ra": "05:44:50.1", "dec": "+21:52:10",
     "ep": "J2000", "vmag": 7.9, "z": None},
    {"id": "TG-118", "nm": "Corvid Group A", "typ": "galaxy", "ra": "11:02:37.9", "dec": "+31:45:02",
     "ep": "J2000", "vmag": 16.82, "z": 0.0431},
    {"id": "TG-119", "nm": "Corvid Group B", "typ": "galaxy", "ra": "11:03:05.2", "dec": "+31:40:27",
     "ep": "J2000", "vmag": 17.15, "z": 0.0437},
    {"id": "TG-124", "nm": "RVG J0412+3317", "typ": "M dwarf", "ra": "04:12:08.3", "dec": "+33:17:41",
     "ep": "J2000", "vmag": 13.05, "z": None},
    {"id": "TG-125", "nm": "RVG J0412+3371", "typ": "M dwarf", "ra": "04:12:44.0", "dec": "+33:42:16",
     "ep": "J2000", "vmag": 14.6, "z": None},
    {"id": "TG-131", "nm": "Halcyon Ring", "typ": "planetary nebula", "ra": "08:27:51.4", "dec": "-08:14:33",
     "ep": "J2000", "vmag": 11.3, "z": None},
    {"id": "TG-132", "nm": "HRC-7", "typ": "comparison star", "ra": "08:28:02.0", "dec": "-08:19:05",
     "ep": "J2000", "vmag": 10.7, "z": None},
    {"id": "TG-133", "nm": "Halcyon Arc", "typ": "supernova remnant", "ra": "08:31:40.2", "dec": "-07:58:12",
     "ep": "J2000", "vmag": None, "z": None},
    {"id": "TG-140", "nm": "Velmarra (4417)", "typ": "asteroid", "ra": None, "dec": None, "ep": None,
     "vmag": 15.2, "z": None, "note": "moving target: coordinates from the nightly ephemeris"},
    {"id": "TG-145", "nm": "Maelor's Arc", "typ": "lensed galaxy", "ra": "13:20:11.7", "dec": "+04:36:50",
     "ep": "J2000", "vmag": 21.4, "z": 1.284},
    {"id": "TG-150", "nm": "Tessaly Double", "typ": "eclipsing binary", "ra": "06:58:19.5", "dec": "+12:03:44",
     "ep": "J2000", "vmag": 8.6, "z": None},
    {"id": "TG-160", "nm": "Gannet Field", "typ": "calibration field", "ra": "09:15:00.0", "dec": "+05:00:00",
     "ep": "J2000", "vmag": None, "z": None},
]}


def _prop(pid, title, pi, semester, status, tel, instrument, requested, awarded, targets, co=(), grade=None,
          abstract=""):
    return {"proposal_id": pid, "title": title, "pi_id": pi, "co_investigator_ids": list(co), "semester": semester,
            "status": status, "grade": grade, "telescope_id": tel, "instrument": instrument,
            "hours_requested": requested, "hours_awarded": awarded,
            "targets": [{"target_id": t, "role": r} for t, r in targets], "abstract": abstract}


PROPOSALS = {p["proposal_id"]: p for p in [
    _prop("P-2026B-033", "Corvid Group photometry", "OB-07", "2026B", "accepted", "TEL-2", "B12 CCD imager",
          12, 10, [("TG-118", "primary"), ("TG-119", "secondary")], grade="B"),
    _prop("P-2026B-040", "Eclipse timings of the Tessaly Double", "OB-30", "2026B", "accepted", "TEL-4",
          "PIKECAM photometer", 20, 20, [("TG-150", "primary")], grade="A"),
    _prop("P-2026B-051", "Survey calibration, winter", "OB-40", "2026B", "accepted", "TEL-1", "WIDE-IR camera",
          200, 180, [("TG-160", "primary")], grade="A"),
    _prop("P-2026B-052", "Nightly standard fields", "OB-41", "2026B", "accepted", "TEL-2", "B12 CCD imager",
          200, 190, [("TG-160", "primary")], grade="A"),
    _prop("P-2026B-053", "Robotic photometric monitoring", "OB-40", "2026B", "accepted", "TEL-4",
          "PIKECAM photometer", 200, 170, [("TG-160", "primary")], grade="B"),
    _prop("P-2026B-054", "Teaching nights", "OB-35", "2026B", "accepted", "TEL-5", "GX guide camera", 60, 60,
          [("TG-102", "primary")], grade="C"),
    _prop("P-2026B-055", "Low-resolution spectral library", "OB-41", "2026B", "accepted", "TEL-3",
          "LoRes spectrograph", 150, 140, [("TG-160", "primary")], grade="B"),
    _prop("P-2027A-012", "Rotation curves of the Corvid Group", "OB-07", "2027A", "accepted", "TEL-1",
          "KESTREL echelle spectrograph", 24, 18, [("TG-118", "primary"), ("TG-119", "secondary")], co=["OB-22"],
          grade="A"),
    _prop("P-2027A-014", "Dust lanes in the Sable Nebula", "OB-07", "2027A", "accepted", "TEL-2",
          "PRISM polarimeter", 12, 10, [("TG-101", "primary")], co=["OB-12"], grade="B"),
    _prop("P-2027A-019", "Deep imaging of Maelor's Arc", "OB-07", "2027A", "rejected", "TEL-1", "WIDE-IR camera",
          30, 0, [("TG-145", "primary")]),
    _prop("P-2027A-021", "Variable stars in the Tessaly field", "OB-08", "2027A", "accepted", "TEL-4",
          "PIKECAM photometer", 10, 8, [("TG-150", "primary")], grade="C"),
    _prop("P-2027A-024", "Sable Nebula spectral mapping", "OB-07", "2027A", "pending", "TEL-3",
          "LoRes spectrograph", 16, None, [("TG-101", "primary")]),
    _prop("P-2027A-027", "Expansion of the Halcyon Ring", "OB-30", "2027A", "accepted", "TEL-1",
          "KESTREL echelle spectrograph", 14, 14, [("TG-131", "primary"), ("TG-132", "comparison")], grade="A"),
    _prop("P-2027A-028", "Halcyon Arc narrowband imaging", "OB-30", "2027A", "rejected", "TEL-2",
          "B12 CCD imager", 8, 0, [("TG-133", "primary")]),
    _prop("P-2027A-029", "Polarimetry of the Halcyon Arc", "OB-31", "2027A", "accepted", "TEL-2",
          "PRISM polarimeter", 6, 6, [("TG-133", "primary")], co=["OB-30"], grade="B"),
    _prop("P-2027A-031", "Flare statistics of RVG J0412+3317", "OB-19", "2027A", "accepted", "TEL-2",
          "B12 CCD imager", 30, 24, [("TG-124", "primary")], co=["OB-15", "OB-11"], grade="A"),
    _prop("P-2027A-035", "Light curve of Velmarra", "OB-22", "2027A", "accepted", "TEL-4", "PIKECAM photometer",
          12, 12, [("TG-140", "primary")], grade="B"),
    _prop("P-2027A-038", "Eclipse timing of the Tessaly Double, spring", "OB-11", "2027A", "accepted", "TEL-4",
          "PIKECAM photometer", 10, 9, [("TG-150", "primary")], co=["OB-30"], grade="B"),
    _prop("P-2027A-051", "Survey calibration, spring", "OB-40", "2027A", "accepted", "TEL-1", "WIDE-IR camera",
          200, 170, [("TG-160", "primary")], grade="A"),
    _prop("P-2027A-052", "Nightly standard fields, spring", "OB-41", "2027A", "accepted", "TEL-2",
          "B12 CCD imager", 200, 180, [("TG-160", "primary")], grade="A"),
    _prop("P-2027A-053", "Robotic photometric monitoring, spring", "OB-40", "2027A", "accepted", "TEL-4",
          "PIKECAM photometer", 200, 160, [("TG-160", "primary")], grade="B"),
    _prop("P-2027A-054", "Teaching nights, spring", "OB-35", "2027A", "accepted", "TEL-5", "GX guide camera",
          60, 60, [("TG-102", "primary")], grade="C"),
    _prop("P-2027A-055", "Low-resolution spectral library, spring", "OB-41", "2027A", "accepted", "TEL-3",
          "LoRes spectrograph", 150, 60, [("TG-160", "primary")], grade="B"),
]}

# Site weather: nights (by evening date) lost to cloud or wind, shared by every telescope on the ridge.
_WEATHER = {
    "2026-12": [1, 5, 6, 7, 12, 13, 19, 20, 21, 26, 27],
    "2027-01": [2, 3, 4, 9, 10, 15, 16, 17, 22, 23, 27, 28, 30],
    "2027-02": [1, 6, 7, 12, 19, 20, 21, 26],
    "2027-03": [3, 4],
}
_TECHNICAL = {("TEL-2", "2027-01-12"), ("TEL-1", "2027-02-03")}
_HOURS = {12: 13.5, 1: 13.0, 2: 11.5, 3: 10.0}
_SEEING = [0.9, 1.1, 1.4, 0.8, 1.2, 1.6, 1.0, 1.3]

# Hand-set nights: (telescope, night) -> proposal, observer, outcome, seeing, target, remarks.
_SPECIAL = {
    ("TEL-1", "2027-02-10"): ("P-2027A-012", "OB-22", "observed", 0.91, "TG-118", ""),
    ("TEL-1", "2027-02-17"): ("P-2027A-012", "OB-22", "observed", 1.18, "TG-118", ""),
    ("TEL-4", "2027-02-22"): ("P-2027A-035", "OB-22", "observed", 1.42, "TG-140", "remote run"),
    ("TEL-1", "2027-02-25"): ("P-2027A-012", "OB-22", "observed", 0.83, "TG-119", "excellent transparency"),
    ("TEL-1", "2027-03-03"): ("P-2027A-012", "OB-22", "weather", None, None, "closed all night, high humidity"),
    ("TEL-4", "2027-03-05"): ("P-2027A-035", "OB-23", "observed", 1.05, "TG-140", "remote run"),
    ("TEL-1", "2027-03-11"): ("P-2027A-012", "OB-22", "scheduled", None, "TG-119", ""),
    ("TEL-2", "2027-02-14"): ("P-2027A-031", "OB-19", "technical", 1.12, "TG-124",
                              "imaging halted by filter wheel fault at 23:31"),
    ("TEL-2", "2027-02-15"): ("P-2027A-031", "OB-19", "observed", 1.27, "TG-124", ""),
    ("TEL-4", "2027-03-02"): ("P-2027A-038", "OB-11", "observed", 1.33, "TG-150", "egress captured"),
    ("TEL-4", "2027-03-09"): ("P-2027A-038", "OB-12", "scheduled", None, "TG-150", "Valcourt covering"),
    ("TEL-1", "2027-02-23"): ("P-2027A-027", "OB-30", "observed", 0.97, "TG-131", ""),
    ("TEL-2", "2027-02-24"): ("P-2027A-014", "OB-07", "observed", 1.21, "TG-101", ""),
}

_USED_BY_TELESCOPE = {"TEL-1": "P-20{s}-051", "TEL-2": "P-20{s}-052", "TEL-3": "P-20{s}-055",
                      "TEL-4": "P-20{s}-053", "TEL-5": "P-20{s}-054"}


def _semester(night: str) -> str:
    d = datetime.date.fromisoformat(night)
    if d.month >= 8:
        return f"{d.year}B"
    if d.month == 1:
        return f"{d.year - 1}B"
    return f"{d.year}A"


def _build_allocations():
    rows, number = {}, 2000
    day = datetime.date(2026, 12, 1)
    while day <= datetime.date(2027, 3, 31):
        night = day.isoformat()
        for tel in ("TEL-1", "TEL-2", "TEL-3", "TEL-4", "TEL-5"):
            if tel == "TEL-5" and day.weekday() not in (4, 5):
                continue
            if tel == "TEL-3" and night >= "2027-02-20":
                continue
            number += 1
            semester = _semester(night)
            special = _SPECIAL.get((tel, night))
            hours = _HOURS[day.month]
            if tel == "TEL-5":
                hours = 4.0
            if special:
                prop, observer, outcome, seeing, target, remarks = special
            else:
                prop = _USED_BY_TELESCOPE[tel].format(s=semester[2:])
                observer = PROPOSALS[prop]["pi_id"]
                target = PROPOSALS[prop]["targets"][0]["target_id"]
                remarks = ""
                if night > TODAY:
                    outcome = "scheduled"
                elif day.day in _WEATHER.get(night[:7], []):
                    outcome = "weather"
                elif (tel, night) in _TECHNICAL:
                    outcome = "technical"
                else:
                    outcome = "observed"
                seeing = _SEEING[(number * 3) % len(_SEEING)] if outcome in ("observed", "technical") else None
            if outcome == "observed":
                used = hours
            elif outcome == "technical":
                used = round(hours - _LOGS[(tel, night)]["loss_h"], 1)
            else:
                used = 0.0
            aid = f"AL-{number}"
            rows[aid] = {"allocation_id": aid, "night": night, "telescope_id": tel, "proposal_id": prop,
                         "observer_id": observer, "hours": hours, "hours_used": used, "outcome": outcome,
                         "instrument": PROPOSALS[prop]["instrument"], "seeing_arcsec": seeing,
                         "target_id": target, "remarks": remarks}
        day += datetime.timedelta(days=1)
    return rows


# Instrument logs written by hand for some nights; other observed nights get a plain open/close log.
_LOGS = {
    ("TEL-2", "2027-02-14"): {
        "inst": "B12 CCD imager", "loss_h": 5.5,
        "ent": [
            {"t": "18:41", "ev": "OPEN", "m": "dome open, sky clear, wind 4 m/s"},
            {"t": "18:55", "ev": "CAL", "m": "twilight flats V, R, I"},
            {"t": "19:40", "ev": "SCI", "m": "RVG J0412+3317 time series started, 60 s R frames"},
            {"t": "23:31", "ev": "FAULT", "m": "filter wheel jammed at position 4 (R); imaging halted"},
            {"t": "23:58", "ev": "NOTE", "m": "B. Quillfeather power-cycled controller twice, wheel still stuck"},
            {"t": "05:02", "ev": "CLOSE", "m": "dome closed; engineering ticket ENG-3381 raised"},
        ]},
    ("TEL-1", "2027-02-03"): {
        "inst": "WIDE-IR camera", "loss_h": 6.0,
        "ent": [
            {"t": "18:30", "ev": "OPEN", "m": "dome open"},
            {"t": "00:15", "ev": "FAULT", "m": "detector cryocooler over temperature; camera warmed up"},
            {"t": "06:20", "ev": "CLOSE", "m": "dome closed"},
        ]},
    ("TEL-2", "2027-01-12"): {
        "inst": "B12 CCD imager", "loss_h": 6.5,
        "ent": [
            {"t": "17:50", "ev": "OPEN", "m": "dome open"},
            {"t": "00:40", "ev": "FAULT", "m": "RA drive current limit tripped; telescope parked"},
            {"t": "07:05", "ev": "CLOSE", "m": "dome closed"},
        ]},
}

ALLOCATIONS = _build_allocations()

SUBMISSIONS = {}


# ------------------------------------------------------------------------------------------------ tools
def find_observers(name: str | None = None, email: str | None = None) -> list[ObserverHit]:
    """Find registered observers by name words (accents ignored) or exact email. Returns id, name, institution."""
    if not (name or email):
        raise ValueError("give name or email")
    hits = []
    for o in OBSERVERS.values():
        if name and not _words_in(name, o["name"]):
            continue
        if email and o["email"].lower() != email.strip().lower():
            continue
        hits.append(ObserverHit(observer_id=o["observer_id"], name=o["name"], institution=o["institution"]))
    return hits


def get_observer(observer_id: str) -> dict:
    """An observer's record: name, institution, email, phone, role, and the ids of proposals they lead (as PI)."""
    o = dict(_get(OBSERVERS, observer_id, "observer"))
    o["pi_of"] = sorted(p["proposal_id"] for p in PROPOSALS.values() if p["pi_id"] == o["observer_id"])
    return o


def search_proposals(query: str | None = None, pi_id: str | None = None, semester: str | None = None,
                     status: str | None = None, telescope_id: str | None = None) -> list[ProposalSummary]:
    """Observing proposals matching all given filters: title words, PI observer id, semester ("2027A"), status
    (accepted, rejected, pending) and telescope id. Sorted by proposal id."""
    if status and status.lower() not in ("accepted", "rejected", "pending"):
        raise ValueError("status is accepted, rejected or pending")
    out = []
    for p in sorted(PROPOSALS.values(), key=lambda p: p["proposal_id"]):
        if query and not _words_in(query, p["title"]):
            continue
        if pi_id and p["pi_id"] != pi_id.strip().upper():
            continue
        if semester and p["semester"] != semester.strip().upper():
            continue
        if status and p["status"] != status.lower():
            continue
        if telescope_id and p["telescope_id"] != telescope_id.strip().upper():
            continue
        out.append(ProposalSummary(proposal_id=p["proposal_id"], title=p["title"], pi_id=p["pi_id"],
                                   semester=p["semester"], status=p["status"], telescope_id=p["telescope_id"]))
    return out


def get_proposal(proposal_id: str) -> dict:
    """A proposal in full: title, pi_id, co_investigator_ids, semester, status, grade, telescope_id, instrument,
    hours_requested, hours_awarded, abstract, and targets as a list of {target_id, role} (role: primary,
    secondary or comparison). Observers and targets are given by id only."""
    return dict(_get(PROPOSALS, proposal_id, "proposal"))


def list_telescopes(min_aperture_m: float | None = None, instrument: str | None = None) -> list[TelescopeSummary]:
    """Telescopes on the ridge (optionally at least this aperture, or carrying an instrument whose name contains
    the given words), largest first."""
    out = []
    for t in sorted(TELESCOPES.values(), key=lambda t: -t.aperture_m):
        if min_aperture_m is not None and t.aperture_m < float(min_aperture_m):
            continue
        if instrument and not any(_words_in(instrument, i) for i in t.instruments):
            continue
        out.append(TelescopeSummary(telescope_id=t.telescope_id, name=t.name, aperture_m=t.aperture_m,
                                    status=t.status))
    return out


def get_telescope(telescope_id: str) -> Telescope:
    """One telescope: aperture, mount, dome, instruments, current status and, when offline, the date it is due
    back in service."""
    return _get(TELESCOPES, telescope_id, "telescope")


def find_targets(name: str) -> list[TargetHit]:
    """Catalogue targets whose name contains every given word (case-insensitive)."""
    return [TargetHit(target_id=t["id"], name=t["nm"], kind=t["typ"]) for t in TARGETS.values()
            if _words_in(name, t["nm"])]


def get_target(target_id: str) -> dict:
    """A catalogue entry in short form: id, nm (name), typ (object type), ra (right ascension, h:m:s), dec
    (declination, d:m:s), ep (epoch), vmag (V magnitude), z (redshift, null if not extragalactic), and for moving
    targets a note."""
    return dict(_get(TARGETS, target_id, "target"))


def list_allocations(telescope_id: str | None = None, proposal_id: str | None = None,
                     observer_id: str | None = None, start_date: str | None = None, end_date: str | None = None,
                     outcome: str | None = None, newest_first: bool = False, page: int = 1,
                     page_size: int = 10) -> AllocationPage:
    """Night allocations (one telescope for one night) matching all given filters, by night (oldest first unless
    newest_first) and paginated. start_date/end_date bound the night's evening date, inclusive. outcome: observed,
    weather (lost to weather), technical (lost to a fault, fully or partly) or scheduled (still to come).
    `total` counts every match, not only this page."""
    if outcome and outcome not in ("observed", "weather", "technical", "scheduled"):
        raise ValueError("outcome is observed, weather, technical or scheduled")
    if not 1 <= int(page_size) <= 50 or int(page) < 1:
        raise ValueError("page >= 1 and 1 <= page_size <= 50")
    start = _date(start_date, "start_date") if start_date else None
    end = _date(end_date, "end_date") if end_date else None
    rows = [a for a in ALLOCATIONS.values()
            if (not telescope_id or a["telescope_id"] == telescope_id.strip().upper())
            and (not proposal_id or a["proposal_id"] == proposal_id.strip().upper())
            and (not observer_id or a["observer_id"] == observer_id.strip().upper())
            and (not start or a["night"] >= start) and (not end or a["night"] <= end)
            and (not outcome or a["outcome"] == outcome)]
    rows.sort(key=lambda a: (a["night"], a["telescope_id"]), reverse=bool(newest_first))
    first = (int(page) - 1) * int(page_size)
    items = [AllocationSummary(allocation_id=a["allocation_id"], night=a["night"], telescope_id=a["telescope_id"],
                               proposal_id=a["proposal_id"], observer_id=a["observer_id"], hours=a["hours"],
                               outcome=a["outcome"]) for a in rows[first:first + int(page_size)]]
    return AllocationPage(total=len(rows), page=int(page), page_size=int(page_size), items=items)


def get_allocation(allocation_id: str) -> AllocationDetail:
    """One night allocation with the instrument, hours allocated and used, seeing (arcsec FWHM), the target
    observed ({target_id, name}) and remarks."""
    a = _get(ALLOCATIONS, allocation_id, "allocation")
    target = TARGETS.get(a["target_id"]) if a["target_id"] else None
    return AllocationDetail(allocation_id=a["allocation_id"], night=a["night"], telescope_id=a["telescope_id"],
                            instrument=a["instrument"], proposal_id=a["proposal_id"], observer_id=a["observer_id"],
                            hours=a["hours"], hours_used=a["hours_used"], outcome=a["outcome"],
                            seeing_arcsec=a["seeing_arcsec"],
                            target={"target_id": target["id"], "name": target["nm"]} if target else None,
                            remarks=a["remarks"])


def get_instrument_log(telescope_id: str, night: str) -> dict:
    """The instrument log of one telescope for one night (evening date), in the log system's short form: tel,
    night, inst (instrument), obs (observer id), ent (entries, each t = local time, ev = OPEN / CAL / SCI / FAULT
    / NOTE / CLOSE, m = message) and loss_h (hours lost to faults)."""
    night = _date(night, "night")
    tel = _get(TELESCOPES, telescope_id, "telescope").telescope_id
    alloc = next((a for a in ALLOCATIONS.values() if a["telescope_id"] == tel and a["night"] == night), None)
    if alloc is None or alloc["outcome"] == "scheduled":
        raise LookupError(f"no log for {tel} on the night of {night}")
    written = _LOGS.get((tel, night))
    if written:
        entries, inst, loss = written["ent"], written["inst"], written["loss_h"]
    elif alloc["outcome"] == "weather":
        inst, loss = alloc["instrument"], 0.0
        entries = [{"t": "18:00", "ev": "NOTE", "m": "dome kept closed: weather"}]
    else:
        inst, loss = alloc["instrument"], 0.0
        entries = [{"t": "18:20", "ev": "OPEN", "m": "dome open"},
                   {"t": "19:05", "ev": "SCI", "m": f"{TARGETS[alloc['target_id']]['nm']} started"},
                   {"t": "05:40", "ev": "CLOSE", "m": "dome closed"}]
    return {"tel": tel, "night": night, "inst": inst, "obs": alloc["observer_id"], "ent": [dict(e) for e in entries],
            "loss_h": loss}


def submit_proposal(pi_id: str, title: str, semester: str, telescope_id: str, hours: float,
                    target_ids: list[str]) -> dict:
    """Submit an observing proposal for a future semester (2027B). Returns {reference, status, ...}. The reference
    is derived from PI, title (case and punctuation ignored), semester, telescope, hours and targets, so submitting
    the same proposal again returns the same reference (status "already submitted")."""
    pi = _get(OBSERVERS, pi_id, "observer")
    tel = _get(TELESCOPES, telescope_id, "telescope")
    semester = str(semester).strip().upper()
    if semester != "2027B":
        raise ValueError("the call for proposals is open for semester 2027B only")
    clean_title = " ".join(str(title).strip().strip("\"'\u201c\u201d").split())
    if not clean_title:
        raise ValueError("title is required")
    hours = float(hours)
    if not 0 < hours <= 60:
        raise ValueError("hours must be more than 0 and at most 60")
    if isinstance(target_ids, str):
        target_ids = [target_ids]
    targets = sorted({_get(TARGETS, t, "target")["id"] for t in target_ids})
    if not targets:
        raise ValueError("at least one target is required")
    key = "|".join([pi["observer_id"], re.sub(r"[^a-z0-9]+", " ", _fold(clean_title)).strip(), semester,
                    tel.telescope_id, f"{hours:g}", ",".join(targets)])
    reference = "PR-" + hashlib.sha1(key.encode()).hexdigest()[:6].upper()
    if reference in SUBMISSIONS:
        return dict(SUBMISSIONS[reference], status="already submitted")
    SUBMISSIONS[reference] = {"reference": reference, "status": "submitted", "pi_id": pi["observer_id"],
                              "title": clean_title, "semester": semester, "telescope_id": tel.telescope_id,
                              "hours": hours, "target_ids": targets, "review_by": "2027-06-15"}
    return dict(SUBMISSIONS[reference])
