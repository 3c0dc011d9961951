"""Fernhollow Nursery greenhouse tools: plants, care guides, beds and zones, climate sensor readings, watering
schedules, seed suppliers and seed orders.

Plain functions over fixed in-memory data (no I/O, no clock, no randomness). Plant ids look like "PL-0433", bed ids
"BD-P1", sensor ids "SN-301", watering schedule ids "WS-1A2B3C", supplier ids "SP-07", seed order ids "SO-2264".
Today is 2027-05-20; temperatures are in degrees Celsius, water in litres, money in GBP. All names, places, emails,
phone numbers and codes are invented. Licence: Apache-2.0.
"""
import datetime
import hashlib
import re
import unicodedata
from dataclasses import dataclass, field
from typing import TypedDict

TODAY = "2027-05-20"


class PlantHit(TypedDict):
    plant_id: str
    common_name: str
    variety: str | None
    botanical_name: str
    house: str


class BedSummary(TypedDict):
    bed_id: str
    name: str
    house: str
    zone: str


class SupplierHit(TypedDict):
    supplier_id: str
    name: str
    town: str
    products: list[str]


class SeedOrderSummary(TypedDict):
    order_id: str
    supplier_id: str
    ordered_on: str
    status: str
    total_gbp: float


@dataclass
class CareGuide:
    plant_id: str
    common_name: str
    light: str
    water_every_days: int
    water_litres_per_plant: float
    temp_min_c: float
    temp_max_c: float
    humidity_pct: str
    feed: str
    notes: str


@dataclass
class Supplier:
    supplier_id: str
    name: str
    contact_name: str
    email: str
    phone: str
    address: str
    lead_time_days: int
    minimum_order_gbp: float


@dataclass
class WateringEntry:
    schedule_id: str
    bed_id: str
    date: str
    time: str
    litres: float
    status: str


@dataclass
class WateringPage:
    total: int
    page: int
    page_size: int
    items: list[WateringEntry] = field(default_factory=list)


def _fold(text) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", str(text)) if not unicodedata.combining(c)).lower()


def _words_in(query: str, text: str) -> bool:
    tokens = [t for t in re.split(r"[\s,.:;'\u2019\"()&-]+", _fold(query)) if t and t not in ("the", "a", "and", "of")]
    low = _fold(text)
    return bool(tokens) and all(t in low for t in tokens)


def _iso(value, name) -> str:
    try:
        return datetime.date.fromisoformat(str(value).strip()).isoformat()
    except ValueError:
        raise ValueError(f"{name} must be a date YYYY-MM-DD, got {value!r}") from None


BEDS = {b["bed_id"]: b for b in [
    {"bed_id": "BD-A1", "name": "Orchid Bench", "house": "Glasshouse A", "zone": "tropical", "area_m2": 6.0,
     "sensor_id": "SN-101", "irrigation": {"line": "IR-A", "type": "overhead mist"}},
    {"bed_id": "BD-A2", "name": "Orchid Bench East", "house": "Glasshouse A", "zone": "tropical", "area_m2": 4.5,
     "sensor_id": "SN-102", "irrigation": {"line": "IR-A", "type": "overhead mist"}},
    {"bed_id": "BD-B1", "name": "Propagation Bench", "house": "Glasshouse B", "zone": "temperate",
     "area_m2": 8.0, "sensor_id": "SN-201", "irrigation": {"line": "IR-B", "type": "capillary matting"}},
    {"bed_id": "BD-B2", "name": "Citrus Row", "house": "Glasshouse B", "zone": "temperate", "area_m2": 12.0,
     "sensor_id": "SN-202", "irrigation": {"line": "IR-B", "type": "drip"}},
    {"bed_id": "BD-P1", "name": "Tomato Bed North", "house": "Polytunnel 1", "zone": "edible", "area_m2": 18.0,
     "sensor_id": "SN-301", "irrigation": {"line": "IR-P1", "type": "drip"}},
    {"bed_id": "BD-P2", "name": "Tomato Bed South", "house": "Polytunnel 1", "zone": "edible", "area_m2": 18.0,
     "sensor_id": "SN-302", "irrigation": {"line": "IR-P1", "type": "drip"}},
    {"bed_id": "BD-P3", "name": "Herb Spiral", "house": "Polytunnel 2", "zone": "edible", "area_m2": 7.5,
     "sensor_id": "SN-303", "irrigation": {"line": "IR-P2", "type": "hand watering"}},
    {"bed_id": "BD-S1", "name": "Fern Walk", "house": "Shade House", "zone": "woodland", "area_m2": 10.0,
     "sensor_id": "SN-401", "irrigation": {"line": "IR-S", "type": "overhead mist"}},
]}

SUPPLIERS = {s.supplier_id: s for s in [
    Supplier("SP-07", "Larkspur Seeds Ltd", "Imogen Tallis", "sales@larkspurseeds.example", "+44 1632 960 407",
             "Unit 4, Mill Lane Estate, Harrowfield HF3 8QT", 5, 25.0),
    Supplier("SP-08", "Larkspur Seed Co.", "Dev Ramaswamy", "hello@larkspur-seedco.example", "+44 1632 960 418",
             "2 Quay Street, Southmere SM1 4BN", 9, 40.0),
    Supplier("SP-11", "Thornbury Orchid Supply", "Wren Okafor", "orders@thornbury-orchids.example",
             "+44 1632 960 511", "Greenhouse 3, Thornbury Road, Ashcombe AC7 2LP", 14, 60.0),
    Supplier("SP-12", "Thornbury Orchard Supplies", "Gareth Pennock", "info@thornbury-orchard.example",
             "+44 1632 960 512", "Orchard Farm, Thornbury AC7 9FF", 10, 50.0),
    Supplier("SP-14", "Gallowgate Citrus", "Lucia Ferraro-Hind", "lucia@gallowgatecitrus.example",
             "+44 1632 960 614", "The Old Forge, Gallowgate GG2 5RR", 21, 100.0),
    Supplier("SP-19", "Oakmere Horticultural", "Sam Achterberg", "trade@oakmere-hort.example",
             "+44 1632 960 719", "Oakmere Nurseries, Fenby Lane, Oakmere OK4 1DS", 7, 30.0),
    Supplier("SP-20", "Oakmoor Horticulture", "Rhiannon Vale", "sales@oakmoor.example", "+44 1632 960 720",
             "Oakmoor Park, Bramhill BH9 6JJ", 6, 30.0),
]}

SUPPLIER_PRODUCTS = {
    "SP-07": ["vegetable seed", "herb seed", "flower seed"],
    "SP-08": ["vegetable seed", "heritage tomato seed"],
    "SP-11": ["orchid plugs", "orchid bark", "orchid feed"],
    "SP-12": ["fruit trees", "rootstocks"],
    "SP-14": ["citrus trees", "citrus feed"],
    "SP-19": ["herb plugs", "herb seed", "compost"],
    "SP-20": ["bedding plants", "compost"],
}


def _p(pid, common, variety, botanical, bed, qty, planted, stage, supplier, order, sku, notes=""):
    return {"plant_id": pid, "common_name": common, "variety": variety, "botanical_name": botanical,
            "bed_id": bed, "quantity": qty, "planted_on": planted, "stage": stage,
            "source": {"supplier_id": supplier, "order_id": order, "sku": sku}, "notes": notes}


PLANTS = {p["plant_id"]: p for p in [
    _p("PL-0412", "Moth orchid", "Snow Lantern", "Phalaenopsis hybrid", "BD-A1", 36, "2026-09-14", "flowering",
       "SP-11", "SO-2240", "TO-PHA-SNL", "White flowers; stake spikes as they lengthen."),
    _p("PL-0413", "Moth orchid", "Amber Lantern", "Phalaenopsis hybrid", "BD-A2", 24, "2026-10-02", "in spike",
       "SP-11", "SO-2240", "TO-PHA-AML"),
    _p("PL-0420", "Meyer lemon", None, "Citrus \u00d7 meyeri", "BD-B2", 6, "2024-04-18", "fruiting",
       "SP-14", "SO-2198", "GC-MEY-3L"),
    _p("PL-0424", "Tahiti lime", None, "Citrus \u00d7 latifolia", "BD-B2", 4, "2025-03-30", "vegetative",
       "SP-14", "SO-2198", "GC-TAH-3L"),
    _p("PL-0422", "Lemon verbena", None, "Aloysia citrodora", "BD-B1", 18, "2027-03-22", "potted on",
       "SP-19", "SO-2270", "OH-ALO-9CM"),
    _p("PL-0433", "Tomato", "Black Krim", "Solanum lycopersicum", "BD-P1", 48, "2027-04-06", "first truss set",
       "SP-07", "SO-2252", "LS-TOM-BKR"),
    _p("PL-0434", "Tomato", "Black Cherry", "Solanum lycopersicum", "BD-P2", 40, "2027-04-08", "first truss set",
       "SP-08", "SO-2256", "LSC-TOM-BCH"),
    _p("PL-0440", "Lemon thyme", None, "Thymus citriodorus", "BD-P3", 24, "2027-04-12", "established",
       "SP-19", "SO-2270", "OH-THY-CIT"),
    _p("PL-0441", "Thyme", "Silver Posie", "Thymus vulgaris", "BD-P3", 16, "2027-04-12", "established",
       "SP-19", "SO-2270", "OH-THY-SPO"),
    _p("PL-0451", "Maidenhair fern", None, "Adiantum raddianum", "BD-S1", 30, "2026-06-01", "established",
       "SP-20", "SO-2181", "OM-ADI-1L"),
    _p("PL-0452", "Hart's-tongue fern", None, "Asplenium scolopendrium", "BD-S1", 22, "2026-06-01",
       "established", "SP-20", "SO-2181", "OM-ASP-1L"),
    _p("PL-0460", "Basil", "Genovese", "Ocimum basilicum", "BD-B1", 120, "2027-04-28", "seedling",
       "SP-07", "SO-2264", "LS-BAS-GEN"),
    _p("PL-0461", "Basil", "Thai Siam Queen", "Ocimum basilicum var. thyrsiflora", "BD-B1", 80, "2027-04-28",
       "seedling", "SP-07", "SO-2264", "LS-BAS-TSQ"),
]}

CARE = {c.plant_id: c for c in [
    CareGuide("PL-0412", "Moth orchid 'Snow Lantern'", "bright indirect, no midday sun", 7, 0.2, 17.0, 29.0,
              "55-75", "quarter-strength orchid feed weekly", "Water in the morning; never leave water in crowns."),
    CareGuide("PL-0413", "Moth orchid 'Amber Lantern'", "bright indirect", 7, 0.2, 15.0, 30.0, "50-70",
              "quarter-strength orchid feed weekly", "Tolerates slightly cooler nights than 'Snow Lantern'."),
    CareGuide("PL-0420", "Meyer lemon", "full sun", 4, 2.5, 4.5, 32.0, "40-60",
              "citrus summer feed fortnightly, April to September", "Let the top 3 cm dry between waterings."),
    CareGuide("PL-0424", "Tahiti lime", "full sun", 4, 2.0, 7.0, 33.0, "40-60", "citrus summer feed fortnightly",
              "Less cold-tolerant than the Meyer lemon."),
    CareGuide("PL-0422", "Lemon verbena", "full sun", 3, 0.5, 2.0, 30.0, "any", "none", "Pinch out tips."),
    CareGuide("PL-0433", "Tomato 'Black Krim'", "full sun", 2, 1.5, 10.0, 30.0, "60-75",
              "high-potash feed weekly from first truss", "Water evenly to avoid splitting."),
    CareGuide("PL-0434", "Tomato 'Black Cherry'", "full sun", 2, 1.2, 10.0, 30.0, "60-75",
              "high-potash feed weekly from first truss", "Remove side shoots."),
    CareGuide("PL-0440", "Lemon thyme", "full sun", 5, 0.3, -10.0, 35.0, "any", "none",
              "Drought tolerant; shear after flowering."),
    CareGuide("PL-0441", "Thyme 'Silver Posie'", "full sun", 5, 0.3, -12.0, 35.0, "any", "none", ""),
    CareGuide("PL-0451", "Maidenhair fern", "shade", 2, 0.4, 10.0, 26.0, "60-80", "dilute balanced feed monthly",
              "Never let the compost dry out."),
    CareGuide("PL-0452", "Hart's-tongue fern", "shade", 4, 0.4, -15.0, 25.0, "50-70", "none", ""),
    CareGuide("PL-0460", "Basil 'Genovese'", "full sun", 2, 0.1, 12.0, 32.0, "40-60", "none",
              "Water at the base in the morning."),
    CareGuide("PL-0461", "Basil 'Thai Siam Queen'", "full sun", 2, 0.1, 13.0, 33.0, "40-60", "none", ""),
]}


def _line(sku, desc, qty, px):
    return {"sku": sku, "desc": desc, "qty": qty, "px": px, "amt": round(qty * px, 2)}


SEED_ORDERS = {o["order_id"]: o for o in [
    {"order_id": "SO-2181", "supplier_id": "SP-20", "ordered_on": "2026-05-04", "expected": "2026-05-12",
     "delivered_on": "2026-05-11", "status": "delivered",
     "lines": [_line("OM-ADI-1L", "Maidenhair fern 1 L pot", 30, 3.6),
               _line("OM-ASP-1L", "Hart's-tongue fern 1 L pot", 22, 3.2)]},
    {"order_id": "SO-2198", "supplier_id": "SP-14", "ordered_on": "2024-03-11", "expected": "2024-04-01",
     "delivered_on": "2024-04-03", "status": "delivered",
     "lines": [_line("GC-MEY-3L", "Meyer lemon 3 L bush", 6, 34.0),
               _line("GC-TAH-3L", "Tahiti lime 3 L bush", 4, 36.5)]},
    {"order_id": "SO-2240", "supplier_id": "SP-11", "ordered_on": "2026-08-20", "expected": "2026-09-03",
     "delivered_on": "2026-09-08", "status": "delivered",
     "lines": [_line("TO-PHA-SNL", "Phalaenopsis 'Snow Lantern' plug", 36, 4.9),
               _line("TO-PHA-AML", "Phalaenopsis 'Amber Lantern' plug", 24, 5.1)]},
    {"order_id": "SO-2252", "supplier_id": "SP-07", "ordered_on": "2027-02-15", "expected": "2027-02-20",
     "delivered_on": "2027-02-19", "status": "delivered",
     "lines": [_line("LS-TOM-BKR", "Tomato 'Black Krim' 50 seeds", 4, 3.95),
               _line("LS-TOM-SNG", "Tomato 'Sungold' 50 seeds", 3, 4.25)]},
    {"order_id": "SO-2256", "supplier_id": "SP-08", "ordered_on": "2027-02-16", "expected": "2027-02-25",
     "delivered_on": "2027-02-24", "status": "delivered",
     "lines": [_line("LSC-TOM-BCH", "Tomato 'Black Cherry' 25 seeds", 5, 3.5)]},
    {"order_id": "SO-2264", "supplier_id": "SP-07", "ordered_on": "2027-04-02", "expected": "2027-04-07",
     "delivered_on": "2027-04-08", "status": "delivered",
     "lines": [_line("LS-BAS-GEN", "Basil 'Genovese' 500 seeds", 6, 4.25),
               _line("LS-BAS-TSQ", "Basil 'Thai Siam Queen' 250 seeds", 8, 4.8),
               _line("LS-COR-CAL", "Coriander 'Calypso' 200 seeds", 5, 3.1)]},
    {"order_id": "SO-2270", "supplier_id": "SP-19", "ordered_on": "2027-03-08", "expected": "2027-03-15",
     "delivered_on": "2027-03-16", "status": "delivered",
     "lines": [_line("OH-THY-CIT", "Lemon thyme 9 cm plug", 24, 1.45),
               _line("OH-THY-SPO", "Thyme 'Silver Posie' 9 cm plug", 16, 1.45),
               _line("OH-ALO-9CM", "Lemon verbena 9 cm plug", 18, 2.2)]},
    {"order_id": "SO-2288", "supplier_id": "SP-19", "ordered_on": "2027-04-19", "expected": "2027-04-26",
     "delivered_on": "2027-04-26", "status": "delivered",
     "lines": [_line("OH-CMP-PEAT", "Peat-free compost 50 L", 10, 8.9)]},
    {"order_id": "SO-2291", "supplier_id": "SP-07", "ordered_on": "2027-05-13", "expected": "2027-05-27",
     "delivered_on": None, "status": "dispatched",
     "lines": [_line("LS-TOM-BKR", "Tomato 'Black Krim' 50 seeds", 12, 3.95),
               _line("LS-TOM-BCH", "Tomato 'Black Cherry' 50 seeds", 6, 3.95),
               _line("LS-LET-MER", "Lettuce 'Merveille' 500 seeds", 4, 2.6)]},
    {"order_id": "SO-2305", "supplier_id": "SP-20", "ordered_on": "2027-05-06", "expected": "2027-05-24",
     "delivered_on": None, "status": "pending",
     "lines": [_line("OM-CMP-ERI", "Ericaceous compost 40 L", 6, 9.5)]},
    {"order_id": "SO-2310", "supplier_id": "SP-19", "ordered_on": "2027-05-10", "expected": "2027-05-21",
     "delivered_on": None, "status": "dispatched",
     "lines": [_line("OH-ROS-9CM", "Rosemary 9 cm plug", 20, 1.6), _line("OH-SAG-9CM", "Sage 9 cm plug", 12, 1.6)]},
    {"order_id": "SO-2317", "supplier_id": "SP-19", "ordered_on": "2027-05-17", "expected": "2027-06-01",
     "delivered_on": None, "status": "pending",
     "lines": [_line("OH-CHV-SEED", "Chives 300 seeds", 3, 2.4)]},
]}
for _o in SEED_ORDERS.values():
    _o["total_gbp"] = round(sum(line["amt"] for line in _o["lines"]), 2)


def _watering_seed():
    rows = []

    def add(bed, date, time, litres, status):
        rows.append(WateringEntry(f"WS-{bed[-2:]}{date[5:7]}{date[8:]}", bed, date, time, litres, status))
    start = datetime.date(2027, 4, 1)
    for i in range(61):  # 2027-04-01 .. 2027-05-31
        d = (start + datetime.timedelta(days=i)).isoformat()
        status = "done" if d < TODAY else "planned"
        if i % 3 == 0:
            add("BD-B2", d, "07:00", 30.0, "skipped" if d in ("2027-04-22", "2027-05-13") else status)
        if i % 2 == 0:
            add("BD-P1", d, "06:30", 70.0, status)
            add("BD-P2", d, "06:45", 60.0, status)
        if i % 7 == 3:
            add("BD-A1", d, "08:00", 8.0, status)
            add("BD-P3", d, "06:00", 7.0, status)
    add("BD-B2", "2027-05-14", "07:00", 30.0, "done")  # make-up watering after the skipped 13th
    rows.sort(key=lambda w: (w.date, w.time, w.bed_id))
    return rows


WATERINGS = _watering_seed()

# daily climate readings: overrides {(sensor, date): (tmin, tmax, rh)}
_BASE = {"SN-101": (19.0, 27.0, 72), "SN-102": (18.5, 26.5, 70), "SN-201": (12.0, 24.0, 62),
         "SN-202": (8.0, 25.0, 52), "SN-301": (9.5, 27.0, 66), "SN-302": (9.0, 26.5, 67),
         "SN-303": (8.5, 25.5, 58), "SN-401": (9.0, 18.5, 78)}
_OVERRIDES = {
    ("SN-301", "2027-05-14"): (11.4, 31.6, 64),
    ("SN-302", "2027-05-14"): (11.0, 33.2, 61),
    ("SN-202", "2027-05-12"): (5.8, 19.4, 57),
    ("SN-201", "2027-05-12"): (6.4, 18.9, 66),
}


def _reading(sensor, date):
    if (sensor, date) in _OVERRIDES:
        tmin, tmax, rh = _OVERRIDES[(sensor, date)]
    else:
        lo, hi, rh0 = _BASE[sensor]
        h = int(hashlib.sha1(f"{sensor}:{date}".encode()).hexdigest()[:6], 16)
        tmin = round(lo + (h % 31) / 10, 1)
        tmax = round(hi + ((h >> 5) % 41) / 10, 1)
        rh = rh0 + (h >> 11) % 9 - 4
    return {"d": date, "tmin": tmin, "tmax": tmax, "rh": rh}


_SCHEDULED = {}


# ------------------------------------------------------------------------------------------------ tools
def search_plants(query: str, house: str | None = None) -> list[PlantHit]:
    """Find plants whose common name, variety or botanical name contains every word of query (case- and
    accent-insensitive), optionally only in one house ("Glasshouse A", "Polytunnel 1", ...). The hits do not say
    which bed a plant is in; get_plant does."""
    out = []
    for p in PLANTS.values():
        bed = BEDS[p["bed_id"]]
        if house and _fold(house) != _fold(bed["house"]):
            continue
        if _words_in(query, f"{p['common_name']} {p['variety'] or ''} {p['botanical_name']}"):
            out.append(PlantHit(plant_id=p["plant_id"], common_name=p["common_name"], variety=p["variety"],
                                botanical_name=p["botanical_name"], house=bed["house"]))
    return out


def get_plant(plant_id: str) -> dict:
    """One planting by id, e.g. "PL-0433".

    Returns a dict with: plant_id, common_name, variety (or None), botanical_name, bed_id (the bed it grows in),
    quantity (number of plants), planted_on (YYYY-MM-DD), stage (e.g. "seedling", "flowering", "fruiting"),
    source (a dict: supplier_id, order_id of the seed order it came from, sku of the order line) and notes.
    """
    p = PLANTS.get(str(plant_id).strip().upper())
    if p is None:
        raise KeyError(f"no plant {plant_id!r}")
    return {**p, "source": dict(p["source"])}


def get_plant_care(plant_id: str) -> CareGuide:
    """The care guide for a plant id: light, how often to water (days) and how much per plant (litres), the
    temperature range it tolerates (degrees C), preferred relative humidity (percent range), feeding and notes."""
    c = CARE.get(str(plant_id).strip().upper())
    if c is None:
        raise KeyError(f"no care guide for plant {plant_id!r}")
    return c


def list_beds(name: str | None = None, house: str | None = None) -> list[BedSummary]:
    """Beds and benches, optionally only those whose name contains every word of name and/or in one house
    ("Glasshouse A", "Glasshouse B", "Polytunnel 1", "Polytunnel 2", "Shade House")."""
    out = []
    for b in BEDS.values():
        if name and not _words_in(name, b["name"]):
            continue
        if house and _fold(house) != _fold(b["house"]):
            continue
        out.append(BedSummary(bed_id=b["bed_id"], name=b["name"], house=b["house"], zone=b["zone"]))
    return out


def get_bed(bed_id: str) -> dict:
    """One bed by id, e.g. "BD-P1".

    Returns a dict with: bed_id, name, house, zone, area_m2, sensor_id (the climate sensor in that bed, for
    get_sensor_readings), irrigation (a dict: line, type) and plants (a list of dicts: plant_id, common_name,
    variety, quantity).
    """
    b = BEDS.get(str(bed_id).strip().upper())
    if b is None:
        raise KeyError(f"no bed {bed_id!r}")
    plants = [{"plant_id": p["plant_id"], "common_name": p["common_name"], "variety": p["variety"],
               "quantity": p["quantity"]} for p in PLANTS.values() if p["bed_id"] == b["bed_id"]]
    return {**b, "irrigation": dict(b["irrigation"]), "plants": plants}


def get_sensor_readings(sensor_id: str, date_from: str, date_to: str) -> list:
    """Daily climate summaries of one sensor between date_from and date_to (inclusive, YYYY-MM-DD, at most 31
    days; data from 2027-03-01 to yesterday).

    Returns a list with one dict per day: {"d": date, "tmin": lowest temperature C, "tmax": highest temperature C,
    "rh": mean relative humidity %}.
    """
    sensor = str(sensor_id).strip().upper()
    if sensor not in _BASE:
        raise KeyError(f"no sensor {sensor_id!r}")
    d0 = datetime.date.fromisoformat(_iso(date_from, "date_from"))
    d1 = datetime.date.fromisoformat(_iso(date_to, "date_to"))
    if d1 < d0:
        raise ValueError("date_to is before date_from")
    if (d1 - d0).days > 30:
        raise ValueError("at most 31 days per call")
    out = []
    d = d0
    while d <= d1:
        iso = d.isoformat()
        if "2027-03-01" <= iso < TODAY:
            out.append(_reading(sensor, iso))
        d += datetime.timedelta(days=1)
    return out


def list_watering_schedules(bed_id: str | None = None, date_from: str | None = None, date_to: str | None = None,
                            status: str | None = None, page: int = 1, page_size: int = 5) -> WateringPage:
    """Watering schedule entries, oldest first, optionally for one bed, a date range (YYYY-MM-DD, inclusive) and a
    status ("done", "planned", "skipped"). Paginated: total is the number of matching entries, items holds one page
    (page_size defaults to 5, at most 50)."""
    if page < 1 or not 1 <= page_size <= 50:
        raise ValueError("page must be >= 1 and page_size between 1 and 50")
    lo = _iso(date_from, "date_from") if date_from else None
    hi = _iso(date_to, "date_to") if date_to else None
    bed = str(bed_id).strip().upper() if bed_id else None
    st = str(status).strip().lower() if status else None
    rows = [w for w in WATERINGS + list(_SCHEDULED.values())
            if (bed is None or w.bed_id == bed) and (lo is None or w.date >= lo) and (hi is None or w.date <= hi)
            and (st is None or w.status == st)]
    rows.sort(key=lambda w: (w.date, w.time, w.bed_id))
    chunk = rows[(page - 1) * page_size: page * page_size]
    return WateringPage(total=len(rows), page=page, page_size=page_size, items=list(chunk))


def schedule_watering(bed_id: str, date: str, time: str, litres: float) -> dict:
    """Schedule a watering of a bed on a date (YYYY-MM-DD, today or later) at a time (HH:MM, 24 h) with a volume in
    litres. Idempotent: the same bed, date, time and litres give the same schedule again.

    Returns a dict: schedule_id (e.g. "WS-1A2B3C"), bed_id, bed_name, date, time, litres, status ("planned").
    """
    bed = str(bed_id).strip().upper()
    if bed not in BEDS:
        raise KeyError(f"no bed {bed_id!r}")
    day = _iso(date, "date")
    if day < TODAY:
        raise ValueError("date is in the past")
    m = re.fullmatch(r"\s*(\d{1,2}):(\d{2})\s*", str(time))
    if not m or int(m.group(1)) > 23 or int(m.group(2)) > 59:
        raise ValueError("time must be HH:MM")
    hhmm = f"{int(m.group(1)):02d}:{m.group(2)}"
    vol = float(litres)
    if not 0 < vol <= 500:
        raise ValueError("litres must be between 0 and 500")
    sid = "WS-" + hashlib.sha1(f"{bed}|{day}|{hhmm}|{vol:g}".encode()).hexdigest()[:6].upper()
    if sid not in _SCHEDULED:
        _SCHEDULED[sid] = WateringEntry(sid, bed, day, hhmm, vol, "planned")
    w = _SCHEDULED[sid]
    return {"schedule_id": w.schedule_id, "bed_id": w.bed_id, "bed_name": BEDS[bed]["name"], "date": w.date,
            "time": w.time, "litres": w.litres, "status": w.status}


def search_suppliers(name: str | None = None, product: str | None = None) -> list[SupplierHit]:
    """Suppliers whose name contains every word of name and/or who sell a product containing product
    (e.g. "herb seed")."""
    out = []
    for s in SUPPLIERS.values():
        if name and not _words_in(name, s.name):
            continue
        products = SUPPLIER_PRODUCTS[s.supplier_id]
        if product and not any(_words_in(product, p) for p in products):
            continue
        town = s.address.rsplit(",", 1)[-1].strip().rsplit(" ", 2)[0]
        out.append(SupplierHit(supplier_id=s.supplier_id, name=s.name, town=town, products=list(products)))
    return out


def get_supplier(supplier_id: str) -> Supplier:
    """A supplier's contact record: contact name, email, phone, address, lead time and minimum order."""
    s = SUPPLIERS.get(str(supplier_id).strip().upper())
    if s is None:
        raise KeyError(f"no supplier {supplier_id!r}")
    return s


def list_seed_orders(supplier_id: str | None = None, status: str | None = None, date_from: str | None = None,
                     date_to: str | None = None) -> list[SeedOrderSummary]:
    """Seed and plant orders, newest first, optionally for one supplier, one status ("pending", "dispatched",
    "delivered", "cancelled") and an order-date range (YYYY-MM-DD, inclusive)."""
    lo = _iso(date_from, "date_from") if date_from else None
    hi = _iso(date_to, "date_to") if date_to else None
    sup = str(supplier_id).strip().upper() if supplier_id else None
    st = str(status).strip().lower() if status else None
    rows = [o for o in SEED_ORDERS.values() if (sup is None or o["supplier_id"] == sup)
            and (st is None or o["status"] == st) and (lo is None or o["ordered_on"] >= lo)
            and (hi is None or o["ordered_on"] <= hi)]
    rows.sort(key=lambda o: o["ordered_on"], reverse=True)
    return [SeedOrderSummary(order_id=o["order_id"], supplier_id=o["supplier_id"], ordered_on=o["ordered_on"],
                             status=o["status"], total_gbp=o["total_gbp"]) for o in rows]


def get_seed_order(order_id: str) -> dict:
    """One seed order by id, e.g. "SO-2264".

    Returns a dict with: order_id, supplier_id, ordered_on, expected (delivery date), delivered_on (None until
    delivered), status, total_gbp and lines, a list of dicts with short keys: sku, desc (description), qty (packets
    or plants), px (unit price GBP), amt (line total GBP).
    """
    o = SEED_ORDERS.get(str(order_id).strip().upper())
    if o is None:
        raise KeyError(f"no seed order {order_id!r}")
    return {**o, "lines": [dict(line) for line in o["lines"]]}
