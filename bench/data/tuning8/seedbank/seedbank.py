"""Northmoor Regional Seed Bank tools: species, seed accessions, donors, germination tests, storage vaults and
withdrawal requests.

Plain functions over fixed in-memory data (no I/O, no clock, no randomness; "today" is 2027-05-12). Accession
numbers look like "NMS-2019-0104" (NMS-<year banked>-<serial>), species ids "SP-031", donor ids "DN-210",
germination test ids "GT-3871", vault ids "VLT-C", withdrawal request ids "WR-5512". Seed counts are numbers of
seeds, weights grams, temperatures degrees Celsius. All people, organisations, sites, emails and codes are invented.
Licence: Apache-2.0.
"""
import datetime
import hashlib
import re
import unicodedata
from dataclasses import dataclass, field
from typing import TypedDict

TODAY = "2027-05-12"


# ---------------------------------------------------------------------------------------------- result types
class SpeciesHit(TypedDict):
    species_id: str
    scientific_name: str
    common_name: str
    family: str


class DonorHit(TypedDict):
    donor_id: str
    name: str
    kind: str
    town: str


class AccessionHit(TypedDict):
    accession_id: str
    species_id: str
    scientific_name: str
    common_name: str
    collected: str
    site: str
    donor_id: str
    seed_count: int
    status: str


@dataclass
class AccessionPage:
    total: int
    page: int
    page_size: int
    items: list = field(default_factory=list)
    next_page: int | None = None


class GermTest(TypedDict):
    id: str
    dt: str
    n: int
    g: int
    pct: float
    pre: str


@dataclass
class GerminationTest:
    test_id: str
    accession_id: str
    started: str
    scored: str
    technician: str
    seeds_sown: int
    germinated: int
    percent: float
    pretreatment: str
    temperature_regime: str
    medium: str
    notes: str


class WithdrawalSummary(TypedDict):
    request_id: str
    accession_id: str
    requester: str
    seeds_requested: int
    submitted: str
    status: str


# ---------------------------------------------------------------------------------------------- helpers
def _fold(text) -> str:
    text = unicodedata.normalize("NFKD", str(text))
    return "".join(c for c in text if not unicodedata.combining(c)).lower()


def _words(text) -> list:
    return [w for w in re.split(r"[\s,.;:'\u2019()/&-]+", _fold(text)) if w]


def _has_words(query: str, *texts) -> bool:
    hay = " ".join(_fold(t) for t in texts)
    return all(w in hay for w in _words(query))


def _iso(value, name) -> str:
    try:
        return datetime.date.fromisoformat(str(value).strip()).isoformat()
    except ValueError:
        raise ValueError(f"{name} must be a date YYYY-MM-DD, got {value!r}") from None


def _get(table: dict, key, what: str) -> dict:
    row = table.get(str(key).strip().upper())
    if row is None:
        raise KeyError(f"no {what} {key!r}")
    return row


# ---------------------------------------------------------------------------------------------- species
def _sp(sid, sci, common, family, status, rng, pre, temp, light, days, notes=""):
    return sid, {"species_id": sid, "scientific_name": sci, "common_name": common, "family": family,
                 "conservation_status": status, "native_range": rng, "storage_behaviour": "orthodox",
                 "germination_protocol": {"pretreatment": pre, "temperature": temp, "light": light,
                                          "days_to_first_germination": days},
                 "notes": notes}


SPECIES = dict([
    _sp("SP-014", "Primula veris", "cowslip", "Primulaceae", "Least Concern",
        "Europe and western Asia; calcareous grassland", "cold-moist stratification at 4 C for 6 weeks",
        "15 C constant", "light required", "10-14"),
    _sp("SP-015", "Primula vulgaris", "primrose", "Primulaceae", "Least Concern",
        "Western and southern Europe; woodland edges", "cold-moist stratification at 4 C for 8 weeks",
        "15/5 C alternating", "light required", "14-21"),
    _sp("SP-022", "Silene dioica", "red campion", "Caryophyllaceae", "Least Concern",
        "Europe; hedgerows and woodland", "none", "20/10 C alternating", "light or dark", "5-8"),
    _sp("SP-023", "Silene latifolia", "white campion", "Caryophyllaceae", "Least Concern",
        "Europe, North Africa; arable margins", "none", "20 C constant", "light or dark", "4-7"),
    _sp("SP-031", "Pulsatilla vulgaris", "pasqueflower", "Ranunculaceae", "Vulnerable",
        "Chalk and limestone grassland of western Europe", "after-ripening 8 weeks at room humidity",
        "20/10 C alternating", "light required", "12-20", "Hand-collect plumed achenes; do not clean off plumes."),
    _sp("SP-040", "Trollius europaeus", "globeflower", "Ranunculaceae", "Near Threatened",
        "Upland meadows of northern Europe", "warm 4 weeks then cold-moist 12 weeks", "10 C constant",
        "dark", "30-45"),
    _sp("SP-052", "Gentianella amarella", "autumn gentian", "Gentianaceae", "Near Threatened",
        "Dune slacks and chalk grassland", "cold-moist stratification at 2 C for 16 weeks", "15 C constant",
        "light required", "21-35", "Biennial; very low first-year germination."),
    _sp("SP-053", "Gentiana pneumonanthe", "marsh gentian", "Gentianaceae", "Endangered",
        "Wet heath of western and central Europe", "cold-moist stratification at 4 C for 12 weeks",
        "20/10 C alternating", "light required", "18-28", "Host of the Alcon blue; collect from no more than "
                                                            "a fifth of the capsules in a colony."),
    _sp("SP-060", "Lathyrus japonicus", "sea pea", "Fabaceae", "Least Concern",
        "Shingle beaches of cold-temperate coasts", "chip the seed coat (physical dormancy)", "20 C constant",
        "light or dark", "3-6"),
    _sp("SP-061", "Lathyrus palustris", "marsh pea", "Fabaceae", "Vulnerable",
        "Fens and reed beds of Europe and Asia", "chip the seed coat (physical dormancy)", "20 C constant",
        "light or dark", "4-8"),
    _sp("SP-075", "Sorbus torminalis", "wild service tree", "Rosaceae", "Least Concern",
        "Ancient woodland of Europe", "warm 2 weeks then cold-moist 16 weeks", "5 C constant", "dark",
        "60-90", "Extract seeds from bletted fruit."),
    _sp("SP-076", "Sorbus aria", "common whitebeam", "Rosaceae", "Least Concern",
        "Chalk and limestone woodland of Europe", "cold-moist stratification at 4 C for 12 weeks",
        "5 C constant", "dark", "50-70"),
])

# ---------------------------------------------------------------------------------------------- donors
DONORS = {d["id"]: d for d in [
    {"id": "DN-201", "nm": "Hartwell Meadows Trust", "kind": "org", "town": "Hartwell Cross",
     "ctc": "Imelda Sorensby", "eml": "imelda.sorensby@hartwellmeadows.example.org", "ph": "01632 960 201",
     "since": "2009-05-21"},
    {"id": "DN-202", "nm": "Hartwell Meadow Farm", "kind": "org", "town": "Hartwell Cross",
     "ctc": "Gus Penhallow", "eml": "gus@hartwellmeadowfarm.example.com", "ph": "01632 960 202",
     "since": "2021-09-14"},
    {"id": "DN-210", "nm": "Ottoline Varga", "kind": "indiv", "town": "Northmoor St Giles",
     "ctc": "Ottoline Varga", "eml": "ottoline.varga@example.net", "ph": "07700 900 210", "since": "2011-06-18"},
    {"id": "DN-211", "nm": "Ottoline Vargas-Bell", "kind": "indiv", "town": "Kestrel Ridge",
     "ctc": "Ottoline Vargas-Bell", "eml": "o.vargasbell@example.com", "ph": "07700 900 211",
     "since": "2022-08-02"},
    {"id": "DN-220", "nm": "Cairnbrook Botanic Society", "kind": "org", "town": "Cairnbrook",
     "ctc": "Tavish Roeberg", "eml": "seeds@cairnbrookbotanic.example.org", "ph": "01632 960 220",
     "since": "2010-03-02"},
    {"id": "DN-230", "nm": "Ewan Thistlewood", "kind": "indiv", "town": "Upper Tarrow",
     "ctc": "Ewan Thistlewood", "eml": "ewan.thistlewood@example.org", "ph": "07700 900 230",
     "since": "2015-07-27"},
    {"id": "DN-231", "nm": "Ewan Thistlethwaite", "kind": "indiv", "town": "Glenmorrow",
     "ctc": "Ewan Thistlethwaite", "eml": "ethistlethwaite@example.net", "ph": "07700 900 231",
     "since": "2020-05-30"},
    {"id": "DN-240", "nm": "Loughmere Field Naturalists", "kind": "org", "town": "Loughmere",
     "ctc": "Bronwen Achterlonie", "eml": "secretary@loughmerefn.example.org", "ph": "01632 960 240",
     "since": "2013-04-09"},
    {"id": "DN-241", "nm": "Loughmere Field Studies Centre", "kind": "org", "town": "Loughmere",
     "ctc": "Rhodri Vennick", "eml": "r.vennick@loughmerefsc.example.org", "ph": "01632 960 241",
     "since": "2018-10-22"},
]}

# ---------------------------------------------------------------------------------------------- vaults
VAULTS = {v["vault_id"]: v for v in [
    {"vault_id": "VLT-A", "name": "Main Vault A (base collection)", "building": "Seed Store, Northmoor campus",
     "temperature_c": -20, "relative_humidity_pct": 15, "capacity_boxes": 4800, "boxes_used": 3931,
     "custodian": {"name": "Dr Ifeoma Castellane", "email": "i.castellane@northmoorseeds.example.org",
                   "phone": "01632 960 410"}, "last_inspection": "2027-03-30", "alarm": "normal"},
    {"vault_id": "VLT-B", "name": "Active Collection Cold Room", "building": "Seed Store, Northmoor campus",
     "temperature_c": 4, "relative_humidity_pct": 15, "capacity_boxes": 1200, "boxes_used": 1102,
     "custodian": {"name": "Jory Penmarrow", "email": "j.penmarrow@northmoorseeds.example.org",
                   "phone": "01632 960 411"}, "last_inspection": "2027-04-19", "alarm": "normal"},
    {"vault_id": "VLT-C", "name": "Kestrel Ridge Safety Duplicate Vault", "building": "Kestrel Ridge annex",
     "temperature_c": -18, "relative_humidity_pct": 12, "capacity_boxes": 2600, "boxes_used": 1877,
     "custodian": {"name": "Anselm Prydderch", "email": "anselm.prydderch@northmoorseeds.example.org",
                   "phone": "01632 960 455"}, "last_inspection": "2027-02-08", "alarm": "normal"},
    {"vault_id": "VLT-D", "name": "Cryo Store", "building": "Laboratory wing, Northmoor campus",
     "temperature_c": -160, "relative_humidity_pct": None, "capacity_boxes": 300, "boxes_used": 122,
     "custodian": {"name": "Wilhelmina Odukoya", "email": "w.odukoya@northmoorseeds.example.org",
                   "phone": "01632 960 470"}, "last_inspection": "2027-05-04", "alarm": "service due"},
]}

# ---------------------------------------------------------------------------------------------- accessions
ACCESSIONS = {}


def _acc(aid, sid, donor, date, site, county, collector, seeds, vault, shelf, status="active", tsw=None,
         plants=50, note=""):
    sp = SPECIES[sid]
    ACCESSIONS[aid] = {
        "accession_id": aid, "species_id": sid, "scientific_name": sp["scientific_name"],
        "common_name": sp["common_name"], "donor_id": donor,
        "collection": {"date": date, "site": site, "county": county, "collector": collector,
                       "plants_sampled": plants},
        "seed_count": seeds, "thousand_seed_weight_g": tsw, "storage": {"vault_id": vault, "shelf": shelf},
        "status": status, "note": note}


_acc("NMS-2016-0044", "SP-015", "DN-201", "2016-06-11", "Hartwell Lower Meadow", "Westmarch", "Imelda Sorensby",
     1850, "VLT-B", "B-07-3", tsw=0.82)
_acc("NMS-2016-0045", "SP-014", "DN-201", "2016-06-11", "Hartwell Lower Meadow", "Westmarch", "Imelda Sorensby",
     4120, "VLT-A", "A-22-1", tsw=0.95)

# Cowslip: twelve lots collected in 2019 (one since depleted), others in 2018 and 2020.
_COWSLIP_2019 = [
    ("NMS-2019-0101", "DN-210", "2019-06-08", "Stannow Bank", 3800), ("NMS-2019-0102", "DN-210", "2019-06-08",
                                                                       "Stannow Bank South", 2900),
    ("NMS-2019-0103", "DN-201", "2019-06-15", "Hartwell Upper Meadow", 5100),
    ("NMS-2019-0104", "DN-220", "2019-06-19", "Cairnbrook Quarry", 2250),
    ("NMS-2019-0105", "DN-210", "2019-06-22", "Millham Churchyard", 1700),
    ("NMS-2019-0106", "DN-240", "2019-06-29", "Loughmere Causeway", 3350),
    ("NMS-2019-0107", "DN-230", "2019-07-02", "Tarrow Fell foot", 2600),
    ("NMS-2019-0108", "DN-210", "2019-07-04", "Ashcombe Down", 0),
    ("NMS-2019-0109", "DN-220", "2019-07-06", "Brindle Scar", 4400),
    ("NMS-2019-0110", "DN-201", "2019-07-10", "Hartwell Cross verges", 3100),
    ("NMS-2019-0111", "DN-210", "2019-07-13", "Pellow Common", 2780),
    ("NMS-2019-0112", "DN-240", "2019-07-20", "Loughmere Old Railway", 1950),
]
for _i, (_aid, _d, _date, _site, _n) in enumerate(_COWSLIP_2019):
    _acc(_aid, "SP-014", _d, _date, _site, "Westmarch" if _i % 2 else "Cairnshire", "Hesper Galloway"
         if _d == "DN-220" else DONORS[_d]["ctc"], _n, "VLT-A" if _i % 3 else "VLT-C", f"A-{30 + _i}-2",
         status="depleted" if _n == 0 else "active", tsw=0.9 + _i / 100)
_acc("NMS-2018-0377", "SP-014", "DN-210", "2018-07-30", "Stannow Bank", "Cairnshire", "Ottoline Varga", 3300,
     "VLT-A", "A-29-4", tsw=0.93)
_acc("NMS-2020-0140", "SP-014", "DN-210", "2020-06-25", "Pellow Common", "Westmarch", "Ottoline Varga", 2480,
     "VLT-A", "A-44-1", tsw=0.97)
# Primroses of 2019 (same genus, not cowslips).
_acc("NMS-2019-0115", "SP-015", "DN-210", "2019-06-01", "Stannow Bank", "Cairnshire", "Ottoline Varga", 2100,
     "VLT-A", "A-45-2", tsw=0.8)
_acc("NMS-2019-0116", "SP-015", "DN-201", "2019-06-12", "Hartwell Lower Meadow", "Westmarch", "Imelda Sorensby",
     1600, "VLT-B", "B-08-1", tsw=0.79)
_acc("NMS-2019-0117", "SP-015", "DN-220", "2019-06-30", "Cairnbrook Quarry", "Cairnshire", "Hesper Galloway", 900,
     "VLT-A", "A-45-3", tsw=0.81)

# Pasqueflower: Barrow Down (2017 and 2023) and Barrow Down East (2021).
_acc("NMS-2017-0310", "SP-031", "DN-220", "2017-06-19", "Barrow Down", "Westmarch", "Hesper Galloway", 640,
     "VLT-A", "A-12-5", tsw=1.9, plants=38)
_acc("NMS-2021-0266", "SP-031", "DN-220", "2021-06-24", "Barrow Down East", "Westmarch", "Tavish Roeberg", 410,
     "VLT-A", "A-51-2", tsw=1.85, plants=22)
_acc("NMS-2023-0091", "SP-031", "DN-211", "2023-06-15", "Barrow Down", "Westmarch", "Lise Okonkwo-Hart", 520,
     "VLT-C", "C-04-1", tsw=1.95, plants=31)

# Campions collected in June 2020.
_acc("NMS-2020-0139", "SP-022", "DN-210", "2020-06-04", "Ashcombe Lane", "Westmarch", "Ottoline Varga", 6200,
     "VLT-A", "A-47-1", tsw=0.7)
_acc("NMS-2020-0151", "SP-022", "DN-210", "2020-06-14", "Ashcombe Hedge", "Westmarch", "Ottoline Varga", 5400,
     "VLT-A", "A-47-2", tsw=0.72)
_acc("NMS-2020-0152", "SP-023", "DN-210", "2020-06-14", "Ashcombe Hedge", "Westmarch", "Ottoline Varga", 4800,
     "VLT-A", "A-47-3", tsw=0.68)

# Sorbus from Hobb's Wood and Hobbley Wood.
_acc("NMS-2018-0290", "SP-075", "DN-201", "2018-10-09", "Hobb's Wood", "Westmarch", "Imelda Sorensby", 1320,
     "VLT-A", "A-26-4", tsw=31.0, plants=12)
_acc("NMS-2018-0291", "SP-076", "DN-201", "2018-10-09", "Hobb's Wood", "Westmarch", "Imelda Sorensby", 980,
     "VLT-A", "A-26-5", tsw=44.0, plants=9)
_acc("NMS-2021-0412", "SP-075", "DN-202", "2021-10-15", "Hobbley Wood", "Cairnshire", "Gus Penhallow", 760,
     "VLT-A", "A-55-1", tsw=29.5, plants=7)

# Globeflowers: Ewan Thistlewood's and Ewan Thistlethwaite's.
_acc("NMS-2020-0233", "SP-040", "DN-230", "2020-08-02", "Tarrow Fell", "Cairnshire", "Ewan Thistlewood", 3600,
     "VLT-A", "A-48-3", tsw=1.2)
_acc("NMS-2021-0301", "SP-040", "DN-231", "2021-08-11", "Glenmorrow Haugh", "Cairnshire", "Ewan Thistlethwaite",
     2900, "VLT-A", "A-52-2", tsw=1.15)
_acc("NMS-2022-0054", "SP-052", "DN-230", "2022-09-20", "Tarrow Dunes", "Cairnshire", "Ewan Thistlewood", 4300,
     "VLT-B", "B-11-2", tsw=0.2)

# Loughmere donors: marsh pea (Naturalists, safety duplicate at Kestrel Ridge) vs marsh pea (Field Studies Centre).
_acc("NMS-2021-0087", "SP-061", "DN-240", "2021-08-28", "Loughmere Fen", "Loughshire", "Bronwen Achterlonie", 870,
     "VLT-C", "C-09-2", tsw=22.0, plants=19)
_acc("NMS-2022-0178", "SP-060", "DN-240", "2022-08-16", "Sandle Point shingle", "Loughshire",
     "Bronwen Achterlonie", 2400, "VLT-A", "A-58-4", tsw=88.0, plants=26)
_acc("NMS-2019-0220", "SP-053", "DN-240", "2019-10-05", "Loughmere Heath", "Loughshire", "Bronwen Achterlonie",
     12500, "VLT-A", "A-40-1", tsw=0.03, plants=40)
_acc("NMS-2022-0190", "SP-061", "DN-241", "2022-09-02", "Loughmere Reedbed", "Loughshire", "Rhodri Vennick", 540,
     "VLT-A", "A-58-5", tsw=21.4, plants=11)

# A few more of Ottoline Varga's lots (she is the most prolific individual donor).
_acc("NMS-2012-0019", "SP-014", "DN-210", "2012-06-30", "Stannow Bank", "Cairnshire", "Ottoline Varga", 2200,
     "VLT-A", "A-03-1", tsw=0.94)
_acc("NMS-2014-0082", "SP-022", "DN-210", "2014-06-21", "Millham Churchyard", "Westmarch", "Ottoline Varga", 0,
     "VLT-A", "A-07-2", status="depleted", tsw=0.71)
_acc("NMS-2024-0033", "SP-053", "DN-210", "2024-10-02", "Pellow Moss", "Westmarch", "Ottoline Varga", 8800,
     "VLT-C", "C-12-3", status="quarantine", tsw=0.03, note="Awaiting fungal screen.")

# ---------------------------------------------------------------------------------------------- germination tests
TESTS = {}


def _gt(tid, acc, started, scored, tech, n, g, pre, temp, medium="1% agar", notes=""):
    TESTS[tid] = GerminationTest(tid, acc, started, scored, tech, n, g, round(100.0 * g / n, 1), pre, temp,
                                 medium, notes)


_gt("GT-3102", "NMS-2020-0151", "2020-09-10", "2020-09-24", "Jory Penmarrow", 100, 94, "none", "20/10 C")
_gt("GT-3790", "NMS-2020-0151", "2026-04-20", "2026-05-04", "Amara Quenby", 50, 45, "none", "20/10 C")
_gt("GT-3871", "NMS-2020-0151", "2026-10-12", "2026-10-26", "Jory Penmarrow", 60, 53, "none", "20/10 C")
_gt("GT-4120", "NMS-2020-0151", "2027-04-06", "2027-04-20", "Amara Quenby", 50, 42, "none", "20/10 C")
_gt("GT-3106", "NMS-2020-0139", "2020-09-14", "2020-09-28", "Jory Penmarrow", 100, 91, "none", "20/10 C")
_gt("GT-3869", "NMS-2020-0139", "2026-10-05", "2026-10-19", "Jory Penmarrow", 60, 49, "none", "20/10 C")
_gt("GT-3872", "NMS-2020-0152", "2026-10-12", "2026-10-26", "Jory Penmarrow", 60, 57, "none", "20 C")
_gt("GT-2950", "NMS-2018-0290", "2018-12-03", "2019-03-04", "Jory Penmarrow", 50, 36,
    "warm 2 wk, cold-moist 16 wk", "5 C", medium="sand")
_gt("GT-3560", "NMS-2018-0290", "2023-03-14", "2023-06-13", "Tamsin Okwuosa", 50, 34,
    "warm 2 wk, cold-moist 16 wk", "5 C", medium="sand")
_gt("GT-4471", "NMS-2018-0290", "2027-01-04", "2027-03-29", "Amara Quenby", 40, 25,
    "warm 2 wk, cold-moist 16 wk", "5 C", medium="sand", notes="Some embryos mouldy; recommend regeneration.")
_gt("GT-4502", "NMS-2018-0291", "2027-01-18", "2027-04-15", "Tamsin Okwuosa", 40, 31, "cold-moist 12 wk", "5 C",
    medium="sand")
_gt("GT-4210", "NMS-2021-0412", "2026-11-02", "2027-02-08", "Jory Penmarrow", 40, 29,
    "warm 2 wk, cold-moist 16 wk", "5 C", medium="sand")
_gt("GT-3340", "NMS-2017-0310", "2022-05-09", "2022-05-30", "Amara Quenby", 50, 33, "after-ripened 8 wk",
    "20/10 C")
_gt("GT-3921", "NMS-2020-0233", "2026-11-16", "2027-02-01", "Tamsin Okwuosa", 50, 38, "warm 4 wk, cold 12 wk",
    "10 C")
_gt("GT-3480", "NMS-2021-0087", "2024-09-02", "2024-09-12", "Amara Quenby", 25, 22, "chipped", "20 C")
_gt("GT-4388", "NMS-2016-0044", "2027-01-11", "2027-02-08", "Jory Penmarrow", 50, 41, "cold-moist 8 wk",
    "15/5 C")

# ---------------------------------------------------------------------------------------------- withdrawals
WITHDRAWALS = {w["request_id"]: w for w in [
    {"request_id": "WR-5301", "accession_id": "NMS-2020-0233", "requester": "Upper Tarrow Meadows Project",
     "contact_email": "meadows@uppertarrow.example.org", "seeds_requested": 150,
     "purpose": "hay-meadow restoration, plots 1-4", "submitted": "2026-05-10", "status": "shipped",
     "decided": "2026-05-18", "shipped_on": "2026-06-01", "tracking": "PF-70412283", "decision_note": ""},
    {"request_id": "WR-5547", "accession_id": "NMS-2020-0233", "requester": "Upper Tarrow Meadows Project",
     "contact_email": "meadows@uppertarrow.example.org", "seeds_requested": 300,
     "purpose": "hay-meadow restoration, plots 5-9", "submitted": "2027-04-28", "status": "pending",
     "decided": None, "shipped_on": None, "tracking": None, "decision_note": ""},
    {"request_id": "WR-5549", "accession_id": "NMS-2021-0301", "requester": "Glenmorrow University Botany Dept",
     "contact_email": "seedlab@glenmorrow-uni.example.ac.uk", "seeds_requested": 250,
     "purpose": "germination ecology study", "submitted": "2027-05-03", "status": "pending", "decided": None,
     "shipped_on": None, "tracking": None, "decision_note": ""},
    {"request_id": "WR-5390", "accession_id": "NMS-2019-0104", "requester": "Fenwick Agricultural College",
     "contact_email": "horticulture@fenwickag.example.ac.uk", "seeds_requested": 900,
     "purpose": "student wildflower plots", "submitted": "2026-11-03", "status": "declined",
     "decided": "2026-11-20", "shipped_on": None, "tracking": None,
     "decision_note": "More than 10% of the lot; please ask for 225 seeds or fewer."},
    {"request_id": "WR-5512", "accession_id": "NMS-2016-0044", "requester": "Fenwick Agricultural College",
     "contact_email": "horticulture@fenwickag.example.ac.uk", "seeds_requested": 150,
     "purpose": "woodland-edge planting trial", "submitted": "2027-04-02", "status": "shipped",
     "decided": "2027-04-13", "shipped_on": "2027-04-21", "tracking": "PF-88317204", "decision_note": ""},
    {"request_id": "WR-5530", "accession_id": "NMS-2019-0109", "requester": "Fenwick Agricultural Co-operative",
     "contact_email": "office@fenwickcoop.example.com", "seeds_requested": 400,
     "purpose": "field margin sowing", "submitted": "2027-04-11", "status": "approved", "decided": "2027-04-30",
     "shipped_on": None, "tracking": None, "decision_note": "Ship after 2027-05-20."},
    {"request_id": "WR-5460", "accession_id": "NMS-2017-0310", "requester": "Chalk Downs Recovery Group",
     "contact_email": "recovery@chalkdowns.example.org", "seeds_requested": 60,
     "purpose": "reintroduction at Whitlow Bank", "submitted": "2027-02-15", "status": "approved",
     "decided": "2027-03-01", "shipped_on": None, "tracking": None, "decision_note": ""},
]}
_SUBMITTED: dict = {}


def _withdrawal_summary(w) -> WithdrawalSummary:
    return WithdrawalSummary(request_id=w["request_id"], accession_id=w["accession_id"], requester=w["requester"],
                             seeds_requested=w["seeds_requested"], submitted=w["submitted"], status=w["status"])


# ---------------------------------------------------------------------------------------------- tools
def search_species(query: str) -> list[SpeciesHit]:
    """Find species by words of their scientific name, common name or family (e.g. "cowslip", "Primula",
    "Gentianaceae"). Every word must match."""
    if not _words(query):
        raise ValueError("query is empty")
    return [SpeciesHit(species_id=s["species_id"], scientific_name=s["scientific_name"],
                       common_name=s["common_name"], family=s["family"])
            for s in SPECIES.values() if _has_words(query, s["scientific_name"], s["common_name"], s["family"])]


def get_species(species_id: str) -> dict:
    """One species as a dict: species_id, scientific_name, common_name, family, conservation_status, native_range,
    storage_behaviour, germination_protocol (pretreatment, temperature, light, days_to_first_germination) and
    notes."""
    s = _get(SPECIES, species_id, "species")
    return {**s, "germination_protocol": dict(s["germination_protocol"])}


def search_accessions(species_id: str | None = None, donor_id: str | None = None, site: str | None = None,
                      collected_from: str | None = None, collected_to: str | None = None,
                      status: str | None = None, page: int = 1, page_size: int = 10) -> AccessionPage:
    """Seed accessions (lots) filtered by species, donor, words of the collection site, collection date range
    (YYYY-MM-DD, inclusive) and status (active, depleted, quarantine), ordered by collection date. Paginated:
    `total` counts every match, `items` holds one page. Storage location is not included; see get_accession."""
    if page < 1 or not 1 <= page_size <= 50:
        raise ValueError("page must be >= 1 and page_size 1..50")
    lo = _iso(collected_from, "collected_from") if collected_from else None
    hi = _iso(collected_to, "collected_to") if collected_to else None
    rows = []
    for a in sorted(ACCESSIONS.values(), key=lambda a: (a["collection"]["date"], a["accession_id"])):
        c = a["collection"]
        if species_id and a["species_id"] != species_id.strip().upper():
            continue
        if donor_id and a["donor_id"] != donor_id.strip().upper():
            continue
        if site and not _has_words(site, c["site"]):
            continue
        if (lo and c["date"] < lo) or (hi and c["date"] > hi):
            continue
        if status and a["status"] != status.strip().lower():
            continue
        rows.append(AccessionHit(accession_id=a["accession_id"], species_id=a["species_id"],
                                 scientific_name=a["scientific_name"], common_name=a["common_name"],
                                 collected=c["date"], site=c["site"], donor_id=a["donor_id"],
                                 seed_count=a["seed_count"], status=a["status"]))
    start = (page - 1) * page_size
    return AccessionPage(total=len(rows), page=page, page_size=page_size, items=rows[start:start + page_size],
                         next_page=page + 1 if start + page_size < len(rows) else None)


def get_accession(accession_id: str) -> dict:
    """Full record of one accession as a dict: species, donor_id, collection (date, site, county, collector,
    plants_sampled), seed_count (seeds left), thousand_seed_weight_g, storage (vault_id, shelf), status, note and
    last_test (id, date and percent of the latest germination test, or None)."""
    a = _get(ACCESSIONS, accession_id, "accession")
    tests = sorted((t for t in TESTS.values() if t.accession_id == a["accession_id"]), key=lambda t: t.scored)
    last = {"test_id": tests[-1].test_id, "scored": tests[-1].scored, "percent": tests[-1].percent} if tests else None
    return {**a, "collection": dict(a["collection"]), "storage": dict(a["storage"]), "last_test": last}


def find_donors(name: str | None = None, email: str | None = None) -> list[DonorHit]:
    """Find donors (organisations or individuals) by words of their name or by email (or part of it)."""
    if not (name or email):
        raise ValueError("give name or email")
    return [DonorHit(donor_id=d["id"], name=d["nm"], kind=d["kind"], town=d["town"])
            for d in DONORS.values()
            if (not name or _has_words(name, d["nm"])) and (not email or email.strip().lower() in d["eml"])]


def get_donor(donor_id: str) -> dict:
    """Donor record (short keys): id, nm, kind (org/indiv), town, ctc (contact), eml, ph, since, n_acc."""
    d = _get(DONORS, donor_id, "donor")
    return {**d, "n_acc": sum(1 for a in ACCESSIONS.values() if a["donor_id"] == d["id"])}


def list_germination_tests(accession_id: str, from_date: str | None = None,
                           to_date: str | None = None) -> list[GermTest]:
    """Germination tests of one accession, oldest first, optionally only those scored from_date..to_date
    (YYYY-MM-DD). Keys: id, dt (date scored), n (sown), g (germinated), pct, pre (pretreatment)."""
    a = _get(ACCESSIONS, accession_id, "accession")
    lo = _iso(from_date, "from_date") if from_date else None
    hi = _iso(to_date, "to_date") if to_date else None
    return [GermTest(id=t.test_id, dt=t.scored, n=t.seeds_sown, g=t.germinated, pct=t.percent, pre=t.pretreatment)
            for t in sorted(TESTS.values(), key=lambda t: t.scored)
            if t.accession_id == a["accession_id"] and (not lo or t.scored >= lo) and (not hi or t.scored <= hi)]


def get_germination_test(test_id: str) -> GerminationTest:
    """One germination test in full: dates started and scored, technician, seeds sown and germinated, percent,
    pretreatment, temperature regime, medium and notes."""
    t = TESTS.get(str(test_id).strip().upper())
    if t is None:
        raise KeyError(f"no germination test {test_id!r}")
    return t


def get_vault(vault_id: str) -> dict:
    """A storage vault as a dict: vault_id, name, building, temperature_c, relative_humidity_pct, capacity_boxes,
    boxes_used, custodian (name, email, phone), last_inspection and alarm."""
    v = _get(VAULTS, vault_id, "vault")
    return {**v, "custodian": dict(v["custodian"])}


def list_withdrawal_requests(accession_id: str | None = None, requester: str | None = None,
                             status: str | None = None) -> list[WithdrawalSummary]:
    """Requests to withdraw seeds, newest first, filtered by accession, words of the requesting organisation and
    status (pending, approved, shipped, declined)."""
    rows = [w for w in list(WITHDRAWALS.values()) + list(_SUBMITTED.values())
            if (not accession_id or w["accession_id"] == accession_id.strip().upper())
            and (not requester or _has_words(requester, w["requester"]))
            and (not status or w["status"] == status.strip().lower())]
    rows.sort(key=lambda w: (w["submitted"], w["request_id"]), reverse=True)
    return [_withdrawal_summary(w) for w in rows]


def get_withdrawal_request(request_id: str) -> dict:
    """One withdrawal request as a dict: request_id, accession_id, requester, contact_email, seeds_requested,
    purpose, submitted, status, decided, shipped_on, tracking and decision_note."""
    key = str(request_id).strip().upper()
    w = WITHDRAWALS.get(key) or _SUBMITTED.get(key)
    if w is None:
        raise KeyError(f"no withdrawal request {request_id!r}")
    return dict(w)


def submit_withdrawal_request(accession_id: str, requester: str, seeds: int, purpose: str,
                              contact_email: str | None = None) -> dict:
    """Log a request by an organisation (requester) to withdraw a number of seeds from an active accession for a
    purpose. At most 10% of the seeds left may be requested. Returns a dict with request_id (WR-xxxxxx), status
    "pending", the accession, requester, seeds_requested, purpose, submitted and max_allowed; submitting the same
    request again returns the same request_id."""
    a = _get(ACCESSIONS, accession_id, "accession")
    if a["status"] != "active":
        raise ValueError(f"{a['accession_id']} is {a['status']}; no withdrawals")
    who = " ".join(str(requester).split())
    if not _words(who):
        raise ValueError("requester is required")
    if not str(purpose or "").strip():
        raise ValueError("purpose is required")
    seeds = int(seeds)
    cap = a["seed_count"] // 10
    if not 1 <= seeds <= cap:
        raise ValueError(f"seeds must be between 1 and {cap} (10% of the {a['seed_count']} left)")
    code = "WR-" + hashlib.sha1("|".join([a["accession_id"], " ".join(_words(who)), str(seeds)]).encode()) \
        .hexdigest().upper()[:6]
    if code not in _SUBMITTED:
        _SUBMITTED[code] = {"request_id": code, "accession_id": a["accession_id"], "requester": who,
                            "contact_email": contact_email, "seeds_requested": seeds,
                            "purpose": " ".join(str(purpose).split()), "submitted": TODAY, "status": "pending",
                            "decided": None, "shipped_on": None, "tracking": None, "decision_note": ""}
    return {**_SUBMITTED[code], "scientific_name": a["scientific_name"], "max_allowed": cap}
