"""Copperfold Brewing Co. (Alder Reach) brewery tools: beers, brew batches with gravity readings, tanks, ingredient
stock, suppliers, taproom sales and kegs.

Plain functions over fixed in-memory data (no I/O, no clock, no randomness). Ids look like "BR-06" (beer),
"BT-0431" (batch), "FV-3" / "BBT-2" (fermenter / brite tank), "MA-PIL" (ingredient SKU), "SP-02" (supplier),
"K-2302" (keg). Gravities are specific gravity (e.g. 1.064); volumes in litres; money in GBP. Today is 2027-03-20.
All names, addresses, emails, phone numbers and codes are invented. Licence: Apache-2.0.
"""
import datetime
import hashlib
import re
import unicodedata
from dataclasses import dataclass, field
from typing import TypedDict

TODAY = "2027-03-20"


class BeerHit(TypedDict):
    beer_id: str
    name: str
    style: str
    abv: float
    on_tap: bool


class BatchSummary(TypedDict):
    batch_id: str
    beer_id: str
    beer_name: str
    brew_date: str
    status: str


class TankSummary(TypedDict):
    tank_id: str
    kind: str
    capacity_l: int
    status: str


class KegRow(TypedDict):
    keg_id: str
    beer_id: str
    batch_id: str
    size_l: int
    status: str
    location: str


@dataclass
class BatchPage:
    items: list
    page: int
    page_size: int
    total_count: int
    total_pages: int


@dataclass
class Tank:
    tank_id: str
    kind: str
    capacity_l: int
    status: str
    current_batch: str | None
    location: str
    last_cip: str
    notes: str = ""


@dataclass
class Supplier:
    supplier_id: str
    name: str
    contact_name: str
    email: str
    phone: str
    address: str
    lead_time_days: int
    supplies: list = field(default_factory=list)


def _fold(text) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", str(text)) if not unicodedata.combining(c)).lower()


def _words(query: str) -> list:
    return [t for t in re.split(r"[\s,.:;'\u2019\"()&/-]+", _fold(query)) if t and t not in ("the", "a", "of", "and")]


def _words_in(query: str, text: str) -> bool:
    low = _fold(text)
    return all(t in low for t in _words(query))


def _date(value, name: str) -> str:
    try:
        return datetime.date.fromisoformat(str(value).strip()).isoformat()
    except ValueError:
        raise ValueError(f"{name} must be a date YYYY-MM-DD") from None


# ------------------------------------------------------------------ data
SUPPLIERS = {s.supplier_id: s for s in [
    Supplier("SP-01", "Hollin Maltings Ltd", "Agnes Threlfall", "agnes.threlfall@hollinmaltings.example",
             "+44 1632 960 114", "Kiln Yard, Hollin Bridge, AR7 2KY", 5, ["malt"]),
    Supplier("SP-02", "Hollins Malt & Grain", "Ruaridh Penhale", "ruaridh@hollinsgrain.example",
             "+44 1632 960 387", "Unit 4, Saltings Trading Estate, Wexley WX3 9SE", 8, ["malt", "oats"]),
    Supplier("SP-03", "Westmarch Hop Merchants", "Priscilla Oduya", "orders@westmarchhops.example",
             "+44 1632 960 502", "Oast Lane, Westmarch WM1 4OL", 3, ["hops"]),
    Supplier("SP-04", "Cold Spring Yeast Lab", "Tobiah Kerrigan", "lab@coldspringyeast.example",
             "+44 1632 960 771", "Spring Mill, Coldwater CW2 6SM", 2, ["yeast"]),
    Supplier("SP-05", "Pellbury Fruit Co-operative", "Marit Osei-Lund", "trade@pellburyfruit.example",
             "+44 1632 960 845", "Packhouse 2, Pellbury Orchards, PB4 1PO", 10, ["fruit"]),
    Supplier("SP-06", "Alder Reach Brewing Supplies", "Declan Fairweather", "sales@arbrewsupplies.example",
             "+44 1632 960 233", "18 Canal Wharf, Alder Reach AR1 3CW", 1, ["process aids", "acids"]),
    Supplier("SP-07", "Brightwell Hop Co.", "Yusuf Amberley", "yusuf@brightwellhops.example",
             "+44 1632 960 690", "Brightwell Farm, Tenbury Ley TL6 2BF", 14, ["hops"]),
]}

# terse keys on purpose: nm name, cat category, qty quantity in stock, u unit, rop reorder point, sup supplier id
INGREDIENTS = {i["sku"]: i for i in [
    {"sku": "MA-MO", "nm": "Maris Otter pale malt", "cat": "malt", "qty": 412.5, "u": "kg", "rop": 300,
     "sup": "SP-01", "cpu": 0.98},
    {"sku": "MA-PIL", "nm": "Pilsner malt (floor-malted)", "cat": "malt", "qty": 268.0, "u": "kg", "rop": 250,
     "sup": "SP-02", "cpu": 1.12},
    {"sku": "MA-CRY", "nm": "Crystal 60 malt", "cat": "malt", "qty": 48.0, "u": "kg", "rop": 40, "sup": "SP-01",
     "cpu": 1.35},
    {"sku": "MA-CHOC", "nm": "Chocolate malt", "cat": "malt", "qty": 22.5, "u": "kg", "rop": 25, "sup": "SP-02",
     "cpu": 1.6},
    {"sku": "MA-OAT", "nm": "Malted oats", "cat": "malt", "qty": 35.0, "u": "kg", "rop": 30, "sup": "SP-02",
     "cpu": 1.4},
    {"sku": "MA-WHT", "nm": "Wheat malt", "cat": "malt", "qty": 90.0, "u": "kg", "rop": 60, "sup": "SP-01",
     "cpu": 1.05},
    {"sku": "HP-CIT", "nm": "Citra pellets (T90)", "cat": "hops", "qty": 18.4, "u": "kg", "rop": 10,
     "sup": "SP-03", "cpu": 31.5},
    {"sku": "HP-CITC", "nm": "Citra Cryo pellets", "cat": "hops", "qty": 4.2, "u": "kg", "rop": 5, "sup": "SP-07",
     "cpu": 58.0},
    {"sku": "HP-SAAZ", "nm": "Saaz pellets", "cat": "hops", "qty": 9.6, "u": "kg", "rop": 6, "sup": "SP-03",
     "cpu": 22.0},
    {"sku": "HP-EKG", "nm": "East Kent Goldings pellets", "cat": "hops", "qty": 12.0, "u": "kg", "rop": 8,
     "sup": "SP-03", "cpu": 19.5},
    {"sku": "HP-MOS", "nm": "Mosaic pellets", "cat": "hops", "qty": 7.5, "u": "kg", "rop": 8, "sup": "SP-07",
     "cpu": 34.0},
    {"sku": "YE-WCA", "nm": "West coast ale yeast (dry, 500 g brick)", "cat": "yeast", "qty": 14, "u": "bricks",
     "rop": 6, "sup": "SP-04", "cpu": 62.0},
    {"sku": "YE-SAI", "nm": "Farmhouse saison yeast (liquid pitch)", "cat": "yeast", "qty": 6.0, "u": "L",
     "rop": 4, "sup": "SP-04", "cpu": 38.0},
    {"sku": "YE-LAG", "nm": "Bohemian lager yeast slurry", "cat": "yeast", "qty": 18.0, "u": "L", "rop": 10,
     "sup": "SP-04", "cpu": 21.0},
    {"sku": "YE-ENG", "nm": "English ale yeast slurry", "cat": "yeast", "qty": 11.0, "u": "L", "rop": 8,
     "sup": "SP-04", "cpu": 19.0},
    {"sku": "FR-RASP", "nm": "Raspberry puree (aseptic)", "cat": "fruit", "qty": 60.0, "u": "kg", "rop": 40,
     "sup": "SP-05", "cpu": 6.8},
    {"sku": "AD-LAC", "nm": "Lactic acid 80%", "cat": "process aids", "qty": 4.5, "u": "L", "rop": 2,
     "sup": "SP-06", "cpu": 9.0},
    {"sku": "AD-WHF", "nm": "Kettle finings tablets", "cat": "process aids", "qty": 850, "u": "g", "rop": 300,
     "sup": "SP-06", "cpu": 0.05},
]}

LOTS = {
    "MA-MO": [("HM-26-1187", 162.5, "2027-09-30", "2026-12-02"), ("HM-27-0104", 250.0, "2028-01-31", "2027-02-15")],
    "MA-PIL": [("HG-27-0031", 268.0, "2027-12-31", "2027-02-20")],
    "HP-CIT": [("WH-2026-C77", 8.4, "2028-10-31", "2026-11-12"), ("WH-2026-C91", 10.0, "2028-11-30", "2027-01-08")],
    "HP-CITC": [("BW-CR-4410", 4.2, "2028-09-30", "2026-12-19")],
    "HP-SAAZ": [("WH-2026-S12", 9.6, "2028-08-31", "2026-10-20")],
}


def _recipe(batch_l, grain, hops, yeast, other=()):
    return {"batch_size_l": batch_l,
            "grain": [{"sku": s, "name": INGREDIENTS[s]["nm"], "kg": kg} for s, kg in grain],
            "hops": [{"sku": s, "name": INGREDIENTS[s]["nm"], "g": g, "addition": a} for s, g, a in hops],
            "yeast": {"sku": yeast, "name": INGREDIENTS[yeast]["nm"]},
            "other": [{"sku": s, "name": INGREDIENTS[s]["nm"], "amount": amt} for s, amt in other]}


BEERS = {b["beer_id"]: b for b in [
    {"beer_id": "BR-01", "name": "Lanternlight Pale", "style": "American Pale Ale", "abv": 5.2, "ibu": 38,
     "colour_ebc": 11, "on_tap": True, "pint_price": 5.2, "description": "Bright, citrusy everyday pale.",
     "recipe": _recipe(2000, [("MA-MO", 380), ("MA-CRY", 18)], [("HP-CIT", 3000, "whirlpool"),
                                                                 ("HP-CIT", 4000, "dry hop")], "YE-WCA")},
    {"beer_id": "BR-02", "name": "Lanternlight Pils", "style": "Czech Pilsner", "abv": 4.6, "ibu": 34,
     "colour_ebc": 7, "on_tap": True, "pint_price": 4.9, "description": "Decocted, long-lagered pilsner.",
     "recipe": _recipe(2400, [("MA-PIL", 440), ("MA-WHT", 12)], [("HP-SAAZ", 2600, "60 min"),
                                                                  ("HP-SAAZ", 1800, "10 min")], "YE-LAG")},
    {"beer_id": "BR-03", "name": "Old Ferryman", "style": "Porter", "abv": 5.8, "ibu": 32, "colour_ebc": 70,
     "on_tap": True, "pint_price": 5.5, "description": "Roasty London-style porter.",
     "recipe": _recipe(2400, [("MA-MO", 420), ("MA-CHOC", 28), ("MA-CRY", 24)], [("HP-EKG", 3200, "60 min")],
                       "YE-ENG")},
    {"beer_id": "BR-04", "name": "Old Ferryman Reserve", "style": "Baltic Porter", "abv": 8.4, "ibu": 40,
     "colour_ebc": 85, "on_tap": False, "pint_price": None, "description": "Winter bottling only.",
     "recipe": _recipe(2000, [("MA-PIL", 300), ("MA-MO", 200), ("MA-CHOC", 30)], [("HP-SAAZ", 2400, "60 min")],
                       "YE-LAG")},
    {"beer_id": "BR-05", "name": "Gorse Bloom", "style": "Saison", "abv": 6.1, "ibu": 27, "colour_ebc": 9,
     "on_tap": True, "pint_price": 5.8, "description": "Dry, peppery farmhouse ale.",
     "recipe": _recipe(2400, [("MA-PIL", 360), ("MA-WHT", 60)], [("HP-SAAZ", 2000, "30 min")], "YE-SAI")},
    {"beer_id": "BR-06", "name": "Tidewater IPA", "style": "West Coast IPA", "abv": 6.8, "ibu": 62,
     "colour_ebc": 12, "on_tap": True, "pint_price": 6.2, "description": "Piney, bitter, crystal clear.",
     "recipe": _recipe(2000, [("MA-MO", 420), ("MA-CRY", 10)], [("HP-CIT", 5000, "whirlpool"),
                                                                 ("HP-MOS", 4000, "dry hop")], "YE-WCA")},
    {"beer_id": "BR-07", "name": "Tidewater Double", "style": "Double IPA", "abv": 8.2, "ibu": 75,
     "colour_ebc": 14, "on_tap": True, "pint_price": 7.4, "description": "Served in two-thirds; big and resinous.",
     "recipe": _recipe(2400, [("MA-MO", 560)], [("HP-CITC", 3500, "dry hop"), ("HP-MOS", 6000, "whirlpool")],
                       "YE-WCA")},
    {"beer_id": "BR-08", "name": "Quiet Orchard", "style": "Fruited Berliner Weisse", "abv": 3.9, "ibu": 6,
     "colour_ebc": 16, "on_tap": True, "pint_price": 5.0, "description": "Kettle-soured with raspberry.",
     "recipe": _recipe(2000, [("MA-PIL", 180), ("MA-WHT", 160)], [("HP-SAAZ", 400, "60 min")], "YE-WCA",
                       [("FR-RASP", "120 kg"), ("AD-LAC", "0.8 L")])},
    {"beer_id": "BR-09", "name": "Hollowell Stout", "style": "Oatmeal Stout", "abv": 4.9, "ibu": 35,
     "colour_ebc": 95, "on_tap": True, "pint_price": 5.3, "description": "Smooth oatmeal stout on nitro.",
     "recipe": _recipe(2400, [("MA-MO", 380), ("MA-OAT", 40), ("MA-CHOC", 30)], [("HP-EKG", 2800, "60 min")],
                       "YE-ENG")},
    {"beer_id": "BR-10", "name": "Kettle Moth", "style": "Hazy IPA", "abv": 6.4, "ibu": 30, "colour_ebc": 8,
     "on_tap": True, "pint_price": 6.0, "description": "Soft, juicy, oat-heavy hazy.",
     "recipe": _recipe(2400, [("MA-MO", 340), ("MA-OAT", 80), ("MA-WHT", 40)],
                       [("HP-CIT", 6000, "dry hop"), ("HP-MOS", 4000, "dry hop")], "YE-WCA")},
    {"beer_id": "BR-11", "name": "Brass Button Bitter", "style": "Best Bitter", "abv": 4.1, "ibu": 33,
     "colour_ebc": 24, "on_tap": True, "pint_price": 4.6, "description": "Cask-style best bitter.",
     "recipe": _recipe(1000, [("MA-MO", 170), ("MA-CRY", 12)], [("HP-EKG", 1400, "60 min")], "YE-ENG")},
    {"beer_id": "BR-12", "name": "Copper Kestrel", "style": "Amber Ale", "abv": 5.0, "ibu": 29, "colour_ebc": 28,
     "on_tap": True, "pint_price": 5.0, "description": "Toffee-ish amber with a hop snap.",
     "recipe": _recipe(2000, [("MA-MO", 330), ("MA-CRY", 30)], [("HP-EKG", 1800, "60 min"),
                                                                 ("HP-CIT", 1200, "whirlpool")], "YE-WCA")},
]}

TANKS = {t.tank_id: t for t in [
    Tank("FV-1", "fermenter", 2000, "in use", "BT-0445", "brewhouse, east row", "2027-03-12"),
    Tank("FV-2", "fermenter", 2000, "empty", None, "brewhouse, east row", "2027-03-18"),
    Tank("FV-3", "fermenter", 2400, "in use", "BT-0443", "brewhouse, east row", "2027-03-09"),
    Tank("FV-4", "fermenter", 2400, "cleaning", None, "brewhouse, west row", "2027-02-08",
         "CIP in progress after BT-0432"),
    Tank("FV-5", "fermenter", 3000, "in use", "BT-0440", "brewhouse, west row", "2027-03-06"),
    Tank("FV-6", "fermenter", 2400, "in use", "BT-0446", "brewhouse, west row", "2027-03-14"),
    Tank("FV-10", "fermenter", 1000, "in use", "BT-0441", "pilot bay", "2027-03-07",
         "pilot fermenter for cask and trial batches"),
    Tank("BBT-1", "brite", 3000, "in use", "BT-0436", "cold room", "2027-03-11"),
    Tank("BBT-2", "brite", 2000, "in use", "BT-0431", "cold room", "2027-02-24"),
    Tank("BBT-3", "brite", 2500, "in use", "BT-0432", "cold room", "2027-02-26"),
    Tank("BBT-4", "brite", 3000, "in use", "BT-0438", "cold room", "2027-03-16", "lagering"),
    Tank("BBT-5", "brite", 1000, "out of service", None, "cold room", "2026-12-20", "sight glass cracked"),
]}

BREWERS = ("Marguerite Aske", "Dev Kallur", "Ffion Tallis")


def _bt(bid, beer, brewed, brewer, fv, bbt, status, vol, og, fg, kegs=None, readings=None, notes=""):
    return {"batch_id": bid, "beer_id": beer, "brew_date": brewed, "brewer": BREWERS[brewer], "fermenter": fv,
            "brite_tank": bbt, "status": status, "volume_l": vol, "og": og, "fg": fg, "kegs_filled": kegs,
            "readings": readings, "notes": notes}


def _r(*rows):
    return [{"date": d, "sg": sg, "temp_c": t} for d, sg, t in rows]


BATCHES = {b["batch_id"]: b for b in [
    _bt("BT-0355", "BR-03", "2025-11-14", 0, "FV-5", "BBT-1", "packaged", 2350, 1.058, 1.015, 78),
    _bt("BT-0362", "BR-03", "2026-01-16", 1, "FV-5", "BBT-1", "packaged", 2380, 1.059, 1.015, 79),
    _bt("BT-0371", "BR-03", "2026-03-05", 0, "FV-3", "BBT-4", "packaged", 2300, 1.058, 1.016, 76),
    _bt("BT-0380", "BR-03", "2026-05-01", 2, "FV-5", "BBT-1", "packaged", 2360, 1.060, 1.015, 78),
    _bt("BT-0388", "BR-04", "2026-06-19", 0, "FV-1", "BBT-4", "packaged", 1940, 1.080, 1.018, 0,
        notes="bottled, 5,820 x 330 ml"),
    _bt("BT-0391", "BR-03", "2026-07-10", 1, "FV-3", "BBT-1", "packaged", 2340, 1.058, 1.014, 78),
    _bt("BT-0398", "BR-10", "2026-08-28", 2, "FV-6", "BBT-2", "packaged", 2300, 1.063, 1.014, 76),
    _bt("BT-0399", "BR-03", "2026-09-04", 0, "FV-5", "BBT-4", "packaged", 2370, 1.059, 1.015, 79),
    _bt("BT-0402", "BR-01", "2026-10-02", 1, "FV-1", "BBT-2", "packaged", 1950, 1.050, 1.011, 65),
    _bt("BT-0405", "BR-03", "2026-10-23", 2, "FV-5", "BBT-1", "packaged", 2350, 1.058, 1.015, 78),
    _bt("BT-0407", "BR-10", "2026-10-30", 0, "FV-6", "BBT-3", "packaged", 2310, 1.064, 1.015, 77),
    _bt("BT-0409", "BR-02", "2026-11-06", 1, "FV-3", "BBT-4", "packaged", 2360, 1.046, 1.010, 78),
    _bt("BT-0411", "BR-04", "2026-11-20", 0, "FV-1", "BBT-4", "packaged", 1920, 1.081, 1.019, 0,
        notes="bottled, 5,760 x 330 ml"),
    _bt("BT-0414", "BR-03", "2026-12-11", 1, "FV-5", "BBT-1", "packaged", 2380, 1.059, 1.015, 79),
    _bt("BT-0416", "BR-10", "2026-12-18", 2, "FV-6", "BBT-3", "packaged", 2290, 1.063, 1.014, 76),
    _bt("BT-0417", "BR-01", "2026-12-30", 0, "FV-1", "BBT-2", "packaged", 1960, 1.050, 1.010, 65),
    _bt("BT-0419", "BR-05", "2027-01-08", 2, "FV-3", "BBT-3", "packaged", 2330, 1.052, 1.004, 77),
    _bt("BT-0420", "BR-06", "2027-01-13", 1, "FV-2", "BBT-2", "packaged", 1940, 1.062, 1.010, 64),
    _bt("BT-0422", "BR-12", "2027-01-20", 0, "FV-1", "BBT-3", "packaged", 1950, 1.051, 1.013, 65),
    _bt("BT-0423", "BR-08", "2027-01-22", 2, "FV-2", "BBT-2", "packaged", 1900, 1.034, 1.006, 62),
    _bt("BT-0424", "BR-10", "2027-01-27", 1, "FV-6", "BBT-1", "packaged", 2320, 1.064, 1.015, 77),
    _bt("BT-0426", "BR-09", "2027-02-03", 0, "FV-5", "BBT-1", "packaged", 2360, 1.050, 1.013, 78),
    _bt("BT-0425", "BR-03", "2027-02-05", 2, "FV-3", "BBT-4", "packaged", 2370, 1.059, 1.015, 79),
    _bt("BT-0428", "BR-01", "2027-01-29", 1, "FV-1", "BBT-3", "packaged", 1950, 1.050, 1.011, 65),
    _bt("BT-0429", "BR-11", "2027-02-02", 2, "FV-10", "BBT-5", "packaged", 980, 1.041, 1.010, 32),
    _bt("BT-0431", "BR-06", "2027-02-09", 0, "FV-2", "BBT-2", "conditioning", 1930, 1.062, 1.010, None,
        _r(("2027-02-09", 1.062, 19.0), ("2027-02-12", 1.031, 20.0), ("2027-02-16", 1.013, 20.5),
           ("2027-02-20", 1.010, 20.0), ("2027-02-25", 1.010, 1.5)),
        "dry hopped 2027-02-17; transferred to BBT-2 on 2027-02-25"),
    _bt("BT-0432", "BR-07", "2027-02-10", 1, "FV-4", "BBT-3", "conditioning", 2320, 1.074, 1.012, None,
        _r(("2027-02-10", 1.074, 18.5), ("2027-02-14", 1.040, 19.5), ("2027-02-19", 1.016, 20.0),
           ("2027-02-24", 1.012, 20.0), ("2027-03-01", 1.012, 1.0)),
        "transferred to BBT-3 on 2027-03-01"),
    _bt("BT-0434", "BR-10", "2027-02-19", 2, "FV-6", "BBT-1", "packaged", 2300, 1.063, 1.014, 76),
    _bt("BT-0436", "BR-01", "2027-02-26", 1, "FV-1", "BBT-1", "conditioning", 1960, 1.050, 1.011, None,
        _r(("2027-02-26", 1.050, 19.0), ("2027-03-01", 1.024, 20.0), ("2027-03-05", 1.012, 20.0),
           ("2027-03-08", 1.011, 20.0), ("2027-03-11", 1.011, 1.0)),
        "transferred to BBT-1 on 2027-03-11"),
    _bt("BT-0438", "BR-02", "2027-03-04", 0, "FV-2", "BBT-4", "lagering", 2380, 1.047, 1.010, None,
        _r(("2027-03-04", 1.047, 10.0), ("2027-03-09", 1.026, 11.0), ("2027-03-14", 1.012, 12.5),
           ("2027-03-17", 1.010, 2.0)),
        "transferred to BBT-4 on 2027-03-17 for lagering"),
    _bt("BT-0440", "BR-09", "2027-03-07", 2, "FV-5", None, "fermenting", 2370, 1.051, None, None,
        _r(("2027-03-07", 1.051, 19.0), ("2027-03-11", 1.022, 19.5), ("2027-03-16", 1.015, 19.5),
           ("2027-03-19", 1.014, 19.0))),
    _bt("BT-0441", "BR-11", "2027-03-08", 0, "FV-10", None, "fermenting", 990, 1.041, None, None,
        _r(("2027-03-08", 1.041, 18.5), ("2027-03-12", 1.018, 19.0), ("2027-03-18", 1.011, 19.0))),
    _bt("BT-0443", "BR-05", "2027-03-10", 1, "FV-3", None, "fermenting", 2340, 1.053, None, None,
        _r(("2027-03-10", 1.053, 22.0), ("2027-03-13", 1.027, 25.0), ("2027-03-16", 1.012, 27.0),
           ("2027-03-19", 1.007, 27.0)),
        "free-rising to 27 C"),
    _bt("BT-0445", "BR-06", "2027-03-13", 2, "FV-1", None, "fermenting", 1940, 1.061, None, None,
        _r(("2027-03-13", 1.061, 19.0), ("2027-03-16", 1.034, 20.0), ("2027-03-19", 1.019, 20.0))),
    _bt("BT-0446", "BR-10", "2027-03-15", 0, "FV-6", None, "fermenting", 2330, 1.066, None, None,
        _r(("2027-03-15", 1.066, 19.0), ("2027-03-18", 1.041, 19.5)),
        "first batch with the new oat supplier lot"),
]}

# keg statuses: full (in the cold room), reserved, at_account (out at a pub), empty
KEGS = {k["keg_id"]: k for k in [
    {"keg_id": kid, "beer_id": beer, "batch_id": batch, "size_l": size, "status": st, "location": loc}
    for kid, beer, batch, size, st, loc in [
        ("K-2101", "BR-06", "BT-0420", 50, "at_account", "The Lamplighter, Quay Street"),
        ("K-2102", "BR-06", "BT-0420", 30, "full", "cold room, rack B"),
        ("K-2103", "BR-10", "BT-0434", 30, "full", "cold room, rack A"),
        ("K-2104", "BR-10", "BT-0434", 20, "full", "cold room, rack A"),
        ("K-2201", "BR-05", "BT-0419", 30, "full", "cold room, rack C"),
        ("K-2202", "BR-05", "BT-0419", 30, "full", "cold room, rack C"),
        ("K-2203", "BR-05", "BT-0419", 30, "at_account", "The Lamplighter, Quay Street"),
        ("K-2204", "BR-05", "BT-0419", 50, "full", "cold room, rack C"),
        ("K-2205", "BR-05", "BT-0419", 30, "full", "cold room, rack D"),
        ("K-2206", "BR-05", "BT-0419", 20, "full", "cold room, rack D"),
        ("K-2207", "BR-05", "BT-0419", 30, "empty", "keg wash bay"),
        ("K-2208", "BR-05", "BT-0419", 30, "reserved", "cold room, rack D (held for Gannet & Anchor)"),
        ("K-2301", "BR-08", "BT-0423", 20, "reserved", "cold room, rack D (held for Harbourmaster's Rest)"),
        ("K-2302", "BR-08", "BT-0423", 20, "full", "cold room, rack D"),
        ("K-2303", "BR-08", "BT-0423", 30, "full", "cold room, rack D"),
        ("K-2304", "BR-08", "BT-0423", 20, "at_account", "Wrenfield Cricket Club"),
        ("K-2401", "BR-03", "BT-0425", 50, "full", "cold room, rack A"),
        ("K-2402", "BR-03", "BT-0425", 50, "full", "cold room, rack A"),
        ("K-2403", "BR-09", "BT-0426", 30, "full", "cold room, rack B"),
    ]
]}

KEG_RESERVATIONS: dict = {}

# Taproom (open Wednesday to Sunday). Explicit days; others below are derived from a fixed formula.
_BASE_PINTS = {"BR-01": 34, "BR-02": 22, "BR-03": 26, "BR-05": 14, "BR-06": 38, "BR-07": 17, "BR-08": 12,
               "BR-09": 21, "BR-10": 41, "BR-11": 15, "BR-12": 18}
_DAY_FACTOR = {2: 0.7, 3: 0.9, 4: 1.4, 5: 1.8, 6: 1.2}  # Wed..Sun
SALES_OVERRIDES = {
    "2027-03-06": {"BR-01": 61, "BR-02": 40, "BR-03": 47, "BR-05": 25, "BR-06": 82, "BR-07": 52, "BR-08": 19,
                   "BR-09": 36, "BR-10": 84, "BR-11": 27, "BR-12": 31},
    "2027-03-14": {"BR-01": 41, "BR-02": 27, "BR-03": 33, "BR-05": 17, "BR-06": 45, "BR-07": 21, "BR-08": 14,
                   "BR-09": 24, "BR-10": 48, "BR-11": 18, "BR-12": 22},
}
SALES_FIRST, SALES_LAST = "2027-01-06", "2027-03-19"


def _day_sales(day: datetime.date) -> dict:
    iso = day.isoformat()
    if day.weekday() in (0, 1):
        return {"date": iso, "open": False, "pints": 0, "revenue": 0.0, "lines": []}
    if iso in SALES_OVERRIDES:
        counts = SALES_OVERRIDES[iso]
    else:
        counts = {}
        for bid, base in _BASE_PINTS.items():
            jitter = int(hashlib.sha1(f"{iso}|{bid}".encode()).hexdigest()[:4], 16) % 9 - 4
            counts[bid] = max(0, round(base * _DAY_FACTOR[day.weekday()]) + jitter)
    lines = [{"beer_id": bid, "beer": BEERS[bid]["name"], "pints": n,
              "revenue": round(n * BEERS[bid]["pint_price"], 2)} for bid, n in sorted(counts.items())]
    return {"date": iso, "open": True, "pints": sum(x["pints"] for x in lines),
            "revenue": round(sum(x["revenue"] for x in lines), 2), "lines": lines}


def _beer(beer_id: str) -> dict:
    b = BEERS.get(str(beer_id).strip().upper())
    if b is None:
        raise KeyError(f"no beer {beer_id!r}; search_beers gives beer ids")
    return b


# ------------------------------------------------------------------ tools
def search_beers(query: str | None = None, style: str | None = None, abv_min: float | None = None,
                 abv_max: float | None = None, on_tap: bool | None = None) -> list[BeerHit]:
    """Find beers of the brewery. query: words of the beer name; style: words of the style (e.g. "IPA", "porter",
    "stout"); abv_min/abv_max: alcohol by volume in percent, inclusive; on_tap: True for beers pouring in the
    taproom now. Sorted by name."""
    rows = []
    for b in BEERS.values():
        if query and not _words_in(query, b["name"]):
            continue
        if style and not _words_in(style, b["style"]):
            continue
        if abv_min is not None and b["abv"] < float(abv_min):
            continue
        if abv_max is not None and b["abv"] > float(abv_max):
            continue
        if on_tap is not None and b["on_tap"] != bool(on_tap):
            continue
        rows.append(BeerHit(beer_id=b["beer_id"], name=b["name"], style=b["style"], abv=b["abv"],
                            on_tap=b["on_tap"]))
    return sorted(rows, key=lambda r: r["name"])


def get_beer(beer_id: str) -> dict:
    """One beer: a dict with beer_id, name, style, abv, ibu, colour_ebc, on_tap, pint_price (GBP, None when not
    poured), description and recipe (batch_size_l; grain: sku, name, kg; hops: sku, name, g, addition; yeast:
    sku, name; other: sku, name, amount). The base malt is the first grain."""
    b = _beer(beer_id)
    r = b["recipe"]
    return {**{k: v for k, v in b.items() if k != "recipe"},
            "recipe": {"batch_size_l": r["batch_size_l"], "grain": [dict(x) for x in r["grain"]],
                       "hops": [dict(x) for x in r["hops"]], "yeast": dict(r["yeast"]),
                       "other": [dict(x) for x in r["other"]]}}


def list_batches(beer_id: str | None = None, status: str | None = None, brewed_from: str | None = None,
                 brewed_to: str | None = None, page: int = 1, page_size: int = 5) -> BatchPage:
    """Brew batches, newest brew date first, filtered by beer, status (fermenting, conditioning, lagering,
    packaged) and brew date range (YYYY-MM-DD, inclusive). Paginated: page (from 1) and page_size (default 5,
    at most 20); total_count is the number of matching batches over all pages."""
    bid = str(beer_id).strip().upper() if beer_id else None
    if bid:
        _beer(bid)
    lo = _date(brewed_from, "brewed_from") if brewed_from else None
    hi = _date(brewed_to, "brewed_to") if brewed_to else None
    st = status.strip().lower() if status else None
    page, page_size = int(page), int(page_size)
    if page < 1 or not 1 <= page_size <= 20:
        raise ValueError("page must be >= 1 and page_size between 1 and 20")
    rows = [b for b in BATCHES.values() if (not bid or b["beer_id"] == bid) and (not st or b["status"] == st)
            and (not lo or b["brew_date"] >= lo) and (not hi or b["brew_date"] <= hi)]
    rows.sort(key=lambda b: (b["brew_date"], b["batch_id"]), reverse=True)
    chunk = rows[(page - 1) * page_size: page * page_size]
    items = [BatchSummary(batch_id=b["batch_id"], beer_id=b["beer_id"], beer_name=BEERS[b["beer_id"]]["name"],
                          brew_date=b["brew_date"], status=b["status"]) for b in chunk]
    return BatchPage(items=items, page=page, page_size=page_size, total_count=len(rows),
                     total_pages=max(1, -(-len(rows) // page_size)))


def get_batch(batch_id: str) -> dict:
    """Batch record: a dict with batch_id, beer_id, beer_name, brew_date, brewer, fermenter (tank it fermented
    in), brite_tank (tank it conditions or lagers in, None before transfer), status, volume_l, og (original
    gravity), fg (final gravity, None while fermenting), kegs_filled (None until packaged), readings (date, sg,
    temp_c; oldest first) and notes."""
    b = BATCHES.get(str(batch_id).strip().upper())
    if b is None:
        raise KeyError(f"no batch {batch_id!r}")
    out = {k: v for k, v in b.items() if k != "readings"}
    out["beer_name"] = BEERS[b["beer_id"]]["name"]
    readings = b["readings"]
    if readings is None:  # packaged batches keep only the start and the end of fermentation
        start = datetime.date.fromisoformat(b["brew_date"])
        readings = _r((b["brew_date"], b["og"], 19.0), ((start + datetime.timedelta(days=9)).isoformat(), b["fg"],
                                                        20.0))
    out["readings"] = [dict(r) for r in readings]
    return out


def list_tanks(kind: str | None = None, status: str | None = None) -> list[TankSummary]:
    """Tanks of the brewhouse (id, kind, capacity_l, status), optionally one kind (fermenter or brite) or status
    (in use, empty, cleaning, out of service)."""
    k = kind.strip().lower() if kind else None
    s = status.strip().lower() if status else None
    return [TankSummary(tank_id=t.tank_id, kind=t.kind, capacity_l=t.capacity_l, status=t.status)
            for t in TANKS.values() if (not k or t.kind == k) and (not s or t.status == s)]


def get_tank(tank_id: str) -> Tank:
    """One tank: kind, capacity in litres, status, the batch in it now (current_batch), location, date of its
    last clean-in-place (last_cip) and notes."""
    t = TANKS.get(str(tank_id).strip().upper().replace(" ", ""))
    if t is None:
        raise KeyError(f"no tank {tank_id!r}")
    return t


def search_ingredients(query: str | None = None, category: str | None = None,
                       low_stock: bool | None = None) -> list[dict]:
    """Ingredient stock. query: words of the ingredient name; category: malt, hops, yeast, fruit or process aids;
    low_stock: True for items at or below their reorder point. Each row uses short keys: sku, nm (name), cat,
    qty (in stock), u (unit of qty), rop (reorder point, same unit), sup (supplier id)."""
    rows = []
    for i in INGREDIENTS.values():
        if query and not _words_in(query, i["nm"]):
            continue
        if category and _fold(category).strip() != i["cat"]:
            continue
        if low_stock is not None and (i["qty"] <= i["rop"]) != bool(low_stock):
            continue
        rows.append({k: i[k] for k in ("sku", "nm", "cat", "qty", "u", "rop", "sup")})
    return rows


def get_ingredient(sku: str) -> dict:
    """One ingredient by SKU, short keys: sku, nm, cat, qty, u, rop, sup (supplier id), cpu (cost per unit, GBP)
    and lots (lot, qty, bb = best before, rcvd = received)."""
    i = INGREDIENTS.get(str(sku).strip().upper())
    if i is None:
        raise KeyError(f"no ingredient {sku!r}")
    return {**i, "lots": [{"lot": lot, "qty": q, "bb": bb, "rcvd": rc} for lot, q, bb, rc in LOTS.get(i["sku"], [])]}


def get_supplier(supplier_id: str) -> Supplier:
    """One supplier by id (SP-..): company name, contact person, email, phone, address, lead time in days and
    what they supply."""
    s = SUPPLIERS.get(str(supplier_id).strip().upper())
    if s is None:
        raise KeyError(f"no supplier {supplier_id!r}")
    return s


def taproom_sales(date_from: str, date_to: str | None = None) -> dict:
    """Taproom sales per day from date_from to date_to (YYYY-MM-DD, inclusive; one day when date_to is left out;
    at most 31 days; data from 2027-01-06 to 2027-03-19). Returns a dict with days (date, open, pints, revenue,
    lines: beer_id, beer, pints, revenue per beer), total_pints, total_revenue and currency (GBP). The taproom is
    closed on Mondays and Tuesdays."""
    lo = datetime.date.fromisoformat(_date(date_from, "date_from"))
    hi = datetime.date.fromisoformat(_date(date_to, "date_to")) if date_to else lo
    if hi < lo:
        raise ValueError("date_to is before date_from")
    if (hi - lo).days > 30:
        raise ValueError("at most 31 days at a time")
    if lo.isoformat() < SALES_FIRST or hi.isoformat() > SALES_LAST:
        raise ValueError(f"sales are recorded from {SALES_FIRST} to {SALES_LAST}")
    days = [_day_sales(lo + datetime.timedelta(days=n)) for n in range((hi - lo).days + 1)]
    return {"from": lo.isoformat(), "to": hi.isoformat(), "days": days,
            "total_pints": sum(d["pints"] for d in days),
            "total_revenue": round(sum(d["revenue"] for d in days), 2), "currency": "GBP"}


def list_kegs(beer_id: str | None = None, status: str | None = None, size_l: int | None = None) -> list[KegRow]:
    """Kegs, filtered by beer, status (full, reserved, at_account, empty) and size in litres (20, 30 or 50)."""
    bid = str(beer_id).strip().upper() if beer_id else None
    st = status.strip().lower().replace(" ", "_") if status else None
    return [KegRow(**k) for k in KEGS.values()
            if (not bid or k["beer_id"] == bid) and (not st or k["status"] == st)
            and (size_l is None or k["size_l"] == int(size_l))]


def reserve_keg(keg_id: str, customer: str, pickup_date: str) -> dict:
    """Reserve a full keg for a trade customer to collect on pickup_date (YYYY-MM-DD, after today 2027-03-20).
    Returns a dict with reservation (KR-xxxxxx), keg_id, beer, size_l, customer, pickup_date and status
    "reserved"; asking again with the same keg, customer and date returns the same reservation."""
    k = KEGS.get(str(keg_id).strip().upper())
    if k is None:
        raise KeyError(f"no keg {keg_id!r}")
    day = _date(pickup_date, "pickup_date")
    if day <= TODAY:
        raise ValueError("pickup_date must be after today (2027-03-20)")
    name = " ".join(re.sub(r"^the\s+", "", _fold(customer).strip()).split())
    if not name:
        raise ValueError("customer is required")
    code = "KR-" + hashlib.sha1("|".join([k["keg_id"], name, day]).encode()).hexdigest().upper()[:6]
    if code in KEG_RESERVATIONS:
        return dict(KEG_RESERVATIONS[code])
    if k["status"] != "full":
        raise ValueError(f"keg {k['keg_id']} is {k['status']}, not full")
    k["status"] = "reserved"
    k["location"] = f"{k['location']} (held for {' '.join(str(customer).split())})"
    KEG_RESERVATIONS[code] = {"reservation": code, "keg_id": k["keg_id"], "beer": BEERS[k["beer_id"]]["name"],
                              "size_l": k["size_l"], "customer": " ".join(str(customer).split()),
                              "pickup_date": day, "status": "reserved"}
    return dict(KEG_RESERVATIONS[code])
