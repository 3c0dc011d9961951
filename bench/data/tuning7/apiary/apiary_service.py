"""Heathervale Beekeepers' Cooperative API: a small in-memory HTTP service (Python standard library only).

Usage: python apiary_service.py PORT   (serves under /api on 127.0.0.1:PORT)
Deterministic: fixed seed data ("today" is 2027-07-05), no clock, no randomness; inspection numbers of newly
recorded inspections are derived from their content. All names, emails, phone numbers, places, grid references,
customers and codes are invented. Licence: Apache-2.0.
"""
import datetime
import hashlib
import json
import re
import sys
import threading
import unicodedata
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, unquote, urlsplit

TODAY = "2027-07-05"
LOCK = threading.Lock()
ROUTES = []


class ApiError(Exception):
    def __init__(self, status, message):
        super().__init__(message)
        self.status, self.message = status, message


def route(method, pattern):
    regex = re.compile("^/api" + re.sub(r"\{(\w+)\}", r"(?P<\1>[^/]+)", pattern) + "/?$")

    def deco(fn):
        ROUTES.append((method, regex, fn))
        return fn
    return deco


def fold(text):
    return "".join(c for c in unicodedata.normalize("NFKD", str(text)) if not unicodedata.combining(c)).lower()


def tokens(text):
    return [t for t in re.split(r"[^a-z0-9@.-]+", fold(text).replace("'", "").replace("\u2019", "")) if t]


def lookup(table, key, what):
    row = table.get(str(key).strip().upper())
    if row is None:
        raise ApiError(404, f"no {what} {key!r}")
    return row


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


def date_param(value, name):
    try:
        return datetime.date.fromisoformat(str(value).strip()).isoformat()
    except ValueError:
        raise ApiError(400, f"{name} must be a date YYYY-MM-DD") from None


def paginate(rows, query, default_size):
    page = int_param(query, "page", 1, 1, 1000)
    size = int_param(query, "page_size", default_size, 1, 50)
    first = (page - 1) * size
    return rows[first:first + size], {"page": page, "page_size": size, "total_count": len(rows),
                                      "next_page": page + 1 if first + size < len(rows) else None}


# ------------------------------------------------------------------ beekeepers
def _bk(bid, name, email, phone, since, addr, certs, role="member"):
    return {"beekeeper_id": bid, "name": name, "email": email, "phone": phone, "member_since": since,
            "role": role, "address": addr,
            "certificates": [{"name": n, "year": y, "awarded_by": "Vale Beekeeping Association"} for n, y in certs]}


def _addr(street, town, postcode):
    return {"street": street, "town": town, "postcode": postcode}


BEEKEEPERS = {b["beekeeper_id"]: b for b in [
    _bk("BK-11", "Agnes Thornbury", "agnes.thornbury@example.com", "+44 1632 970 411", "2014-03-22",
        _addr("Orchard House, Mill Lane", "Lower Vale", "HV3 2LQ"),
        [("Basic Hive Husbandry", 2015), ("Advanced Bee Health", 2021)], role="treasurer"),
    _bk("BK-12", "Agnieszka Thornbury", "a.thornbury@example.net", "+44 1632 970 412", "2022-04-09",
        _addr("12 Coopers Row", "Lower Vale", "HV3 4TB"), [("Basic Hive Husbandry", 2023)]),
    _bk("BK-13", "Rafferty Coyle", "rafferty.coyle@example.org", "+44 1632 970 413", "2018-05-01",
        _addr("Sallowbrook Mill Cottage", "Sallowbrook", "HV5 1MC"), [("Basic Hive Husbandry", 2019)]),
    _bk("BK-14", "Rafferty Doyle", "raff.doyle@example.com", "+44 1632 970 414", "2024-03-16",
        _addr("3 Beck Side", "Foxcote", "HV6 8BS"), []),
    _bk("BK-15", "Odalys Pemberton", "odalys.pemberton@example.com", "+44 1632 970 415", "2016-06-11",
        _addr("The Granary, Knoll Farm", "Upper Vale", "HV1 5KF"),
        [("Basic Hive Husbandry", 2017), ("Honey Judging", 2022)], role="inspections coordinator"),
    _bk("BK-16", "Kwabena Ashworth-Reyes", "kwabena.ar@example.org", "+44 1632 970 416", "2019-02-23",
        _addr("7 Meadow Bank", "Sallowbrook", "HV5 3MB"),
        [("Basic Hive Husbandry", 2019), ("Queen Rearing", 2024)]),
    _bk("BK-17", "Lindiwe Farrant", "lindiwe.farrant@example.com", "+44 1632 970 417", "2020-04-04",
        _addr("Foxcote Lavender Farm", "Foxcote", "HV6 2LF"), [("Basic Hive Husbandry", 2020)]),
    _bk("BK-18", "Hamish Achterlonie", "hamish.achterlonie@example.net", "+44 1632 970 418", "2011-09-17",
        _addr("Whinfell, Knoll Lane", "Upper Vale", "HV1 7WK"),
        [("Basic Hive Husbandry", 2012), ("Advanced Bee Health", 2016)], role="chair"),
    _bk("BK-19", "Tobias Hackenbury", "tobias.hackenbury@example.org", "+44 1632 970 419", "2017-07-08",
        _addr("The Old Vicarage", "Cold Ashby", "HV8 4OV"), [("Basic Hive Husbandry", 2018)]),
    _bk("BK-20", "Hamish Auchterlonie", "h.auchterlonie@example.com", "+44 1632 970 420", "2021-03-13",
        _addr("2 Knoll Cottages", "Upper Vale", "HV1 7KC"), [("Basic Hive Husbandry", 2022)]),
]}

# ------------------------------------------------------------------ apiaries
def _ap(aid, name, region, keeper, address, grid, lat, lon, landowner, access, forage):
    return {"apiary_id": aid, "name": name, "region": region, "keeper_id": keeper,
            "location": {"address": address, "grid_ref": grid, "lat": lat, "lon": lon, "access": access},
            "landowner": landowner, "forage": forage}


APIARIES = {a["apiary_id"]: a for a in [
    _ap("AP-01", "Heather Knoll", "Upper Vale", "BK-18", "Knoll Lane, above Knoll Farm, Upper Vale HV1 5KF",
        "HV 4120 8833", 54.3121, -1.8842, "Knoll Farm (D. & M. Ravensworth)", "farm track; 4x4 after rain",
        ["heather", "bilberry", "gorse"]),
    _ap("AP-02", "Heather Knoll East", "Upper Vale", "BK-20", "East shoulder of the Knoll, Upper Vale HV1 5KE",
        "HV 4163 8841", 54.3126, -1.8779, "Upper Vale Commons Trust", "footpath only, 400 m from the lay-by",
        ["heather", "gorse"]),
    _ap("AP-03", "Mill Orchard", "Lower Vale", "BK-11", "Mill Lane orchard, behind Orchard House, Lower Vale HV3 2LQ",
        "HV 3891 8120", 54.2488, -1.9210, "Agnes Thornbury", "through the garden gate", ["fruit blossom", "clover",
                                                                                          "bramble"]),
    _ap("AP-04", "Sallowbrook Meadow", "Sallowbrook", "BK-16", "Water meadow off Brook Road, Sallowbrook HV5 3BR",
        "HV 3710 7904", 54.2301, -1.9502, "Sallowbrook Parish Council", "field gate, code 2718",
        ["wildflower", "oilseed rape", "willow"]),
    _ap("AP-05", "Sallowbrook Mill", "Sallowbrook", "BK-13", "Mill yard, Sallowbrook Mill, Sallowbrook HV5 1MC",
        "HV 3655 7950", 54.2339, -1.9588, "Rafferty Coyle", "mill yard, park by the wheel house",
        ["borage", "hawthorn", "willow"]),
    _ap("AP-06", "Foxcote Lavender Farm", "Foxcote", "BK-17", "Foxcote Lavender Farm, Beck Road, Foxcote HV6 2LF",
        "HV 4402 7611", 54.2050, -1.8400, "Farrant family", "farm shop car park, then field 3",
        ["lavender", "borage", "phacelia"]),
    _ap("AP-07", "Cold Ashby Churchyard", "Cold Ashby", "BK-19",
        "Churchyard of St Eanswith, Church Lane, Cold Ashby HV8 4CL", "HV 4781 7302", 54.1762, -1.7833,
        "Parochial Church Council of St Eanswith", "north-east corner behind the yew hedge",
        ["lime", "ivy", "wildflower"]),
]}

# ------------------------------------------------------------------ hives
def _hv(hid, apiary, name, htype, status, qyear, marked, colour, origin, brood, supers, installed):
    queen = None if qyear is None else {"year": qyear, "marked": marked, "colour": colour, "origin": origin}
    return {"hive_id": hid, "apiary_id": apiary, "name": name, "type": htype, "status": status, "queen": queen,
            "brood_boxes": brood, "supers": supers, "installed": installed}


HIVES = {h["hive_id"]: h for h in [
    _hv("HV-101", "AP-01", "Ling", "National", "active", 2025, True, "green", "own swarm", 1, 2, "2019-05-02"),
    _hv("HV-102", "AP-01", "Bell", "National", "active", 2023, True, "red", "supersedure", 2, 1, "2017-04-20"),
    _hv("HV-103", "AP-01", "Crowberry", "WBC", "active", 2026, True, "white", "cooperative queen rearing", 1, 1,
        "2021-06-11"),
    _hv("HV-104", "AP-01", "Bilberry", "National", "active", 2022, True, "yellow", "bought-in (Dalesgate Queens)",
        1, 2, "2016-05-14"),
    _hv("HV-105", "AP-01", "Whin", "National", "dead-out", None, None, None, None, 1, 0, "2020-05-30"),
    _hv("HV-111", "AP-02", "Bramble", "Langstroth", "active", 2025, True, "green", "split", 1, 2, "2022-05-07"),
    _hv("HV-112", "AP-02", "Sorrel", "National", "active", 2021, False, None, "own swarm", 1, 1, "2021-06-02"),
    _hv("HV-113", "AP-02", "Yarrow", "National", "active", 2024, True, "blue", "supersedure", 1, 1, "2023-04-29"),
    _hv("HV-131", "AP-03", "Pippin", "National", "queenless", None, None, None, None, 1, 0, "2015-04-18"),
    _hv("HV-132", "AP-03", "Russet", "National", "active", 2025, True, "green", "supersedure", 2, 2, "2016-05-21"),
    _hv("HV-133", "AP-03", "Bramble", "WBC", "active", 2024, True, "blue", "split", 1, 1, "2024-05-10"),
    _hv("HV-134", "AP-03", "Quince", "National", "queenless", None, None, None, None, 1, 1, "2018-04-14"),
    _hv("HV-135", "AP-03", "Codlin", "nucleus", "nuc", 2026, True, "white", "cooperative queen rearing", 1, 0,
        "2027-06-01"),
    _hv("HV-141", "AP-04", "Meadowsweet", "National", "active", 2025, True, "green", "split", 2, 3, "2019-04-27"),
    _hv("HV-142", "AP-04", "Kingcup", "National", "active", 2024, True, "blue", "own swarm", 1, 2, "2020-05-09"),
    _hv("HV-143", "AP-04", "Sedge", "Langstroth", "active", 2026, True, "white", "cooperative queen rearing", 1,
        2, "2022-04-30"),
    _hv("HV-144", "AP-04", "Teasel", "National", "active", 2023, True, "red", "supersedure", 1, 1, "2021-05-15"),
    _hv("HV-151", "AP-05", "Millrace", "National", "queenless", None, None, None, None, 1, 1, "2018-06-09"),
    _hv("HV-152", "AP-05", "Wheel", "National", "active", 2025, True, "green", "own swarm", 1, 2, "2019-05-25"),
    _hv("HV-161", "AP-06", "Hidcote", "National", "active", 2025, True, "green", "split", 1, 3, "2020-04-25"),
    _hv("HV-162", "AP-06", "Munstead", "National", "active", 2024, True, "blue", "supersedure", 1, 2,
        "2020-04-25"),
    _hv("HV-163", "AP-06", "Marjoram", "Warre", "active", 2026, True, "white", "cooperative queen rearing", 1, 2,
        "2023-05-06"),
    _hv("HV-164", "AP-06", "Thyme", "National", "active", 2023, False, None, "own swarm", 1, 1, "2021-06-19"),
    _hv("HV-171", "AP-07", "Lychgate", "WBC", "active", 2024, True, "blue", "split", 1, 1, "2018-05-05"),
    _hv("HV-172", "AP-07", "Yew", "National", "active", 2025, True, "green", "supersedure", 1, 2, "2019-05-18"),
]}

# ------------------------------------------------------------------ inspections
def _in(iid, hive, date, inspector, temper, queen_seen, eggs, brood, honey, mites, days, disease, actions, notes,
        weather="dry, 18 C"):
    return {"inspection_id": iid, "hive_id": hive, "date": date, "inspector_id": inspector, "weather": weather,
            "temperament": temper, "queen_seen": queen_seen, "eggs_seen": eggs, "brood_frames": brood,
            "stores": {"honey_frames": honey, "pollen": "good" if brood >= 5 else "moderate"},
            "varroa": None if mites is None else {"method": f"sticky board, {days} days", "mites_counted": mites,
                                                  "mites_per_day": round(mites / days, 1)},
            "disease_signs": disease, "actions": list(actions), "notes": notes}


INSPECTIONS = {i["inspection_id"]: i for i in [
    # Kingcup (HV-142): eight visits; the latest is on the second page of the default (oldest first) listing
    _in("IN-5102", "HV-142", "2027-04-03", "BK-16", "calm", True, True, 4, 2, 8, 3, "none", ["added queen excluder"],
        "First full inspection of the year; colony building well.", "sunny, 14 C"),
    _in("IN-5131", "HV-142", "2027-04-17", "BK-16", "calm", True, True, 6, 2, None, 0, "none", ["added super"],
        "Rape in flower; plenty of nectar coming in."),
    _in("IN-5163", "HV-142", "2027-05-01", "BK-16", "lively", False, True, 7, 4, 11, 3, "none", [],
        "Queen not seen but eggs present."),
    _in("IN-5190", "HV-142", "2027-05-15", "BK-12", "calm", True, True, 8, 5, None, 0, "none",
        ["added second super"], "Strong colony; watch for swarming."),
    _in("IN-5224", "HV-142", "2027-05-29", "BK-16", "defensive", True, True, 8, 6, 19, 3, "none",
        ["removed rape super for extraction"], "Defensive in thundery weather.", "humid, 22 C"),
    _in("IN-5262", "HV-142", "2027-06-12", "BK-16", "calm", True, True, 7, 4, None, 0, "none", [],
        "June gap; stores adequate."),
    _in("IN-5301", "HV-142", "2027-06-26", "BK-16", "calm", True, True, 7, 5, 22, 3, "none", [],
        "Mite drop rising; plan treatment after the summer harvest."),
    _in("IN-5318", "HV-142", "2027-07-03", "BK-15", "calm", True, True, 6, 6, 43, 3,
        "a few bees with deformed wings", ["booked oxalic acid treatment after harvest"],
        "Mite load high for the time of year; deformed wings seen on two bees.", "overcast, 19 C"),
    # Marjoram (HV-163): six visits; the latest is by a different inspector than the usual one
    _in("IN-5111", "HV-163", "2027-04-10", "BK-17", "calm", True, True, 3, 1, 5, 3, "none", [],
        "Small but healthy colony after winter.", "sunny, 15 C"),
    _in("IN-5158", "HV-163", "2027-04-30", "BK-17", "calm", True, True, 5, 2, None, 0, "none", ["added super"],
        "Building up quickly."),
    _in("IN-5201", "HV-163", "2027-05-21", "BK-17", "calm", True, True, 6, 3, 9, 3, "none", [],
        "Play cups along the bottom bars, no eggs in them."),
    _in("IN-5240", "HV-163", "2027-06-04", "BK-17", "lively", False, True, 7, 3, None, 0, "none", [],
        "Busy on the phacelia."),
    _in("IN-5277", "HV-163", "2027-06-18", "BK-17", "calm", True, True, 7, 4, 12, 3, "none",
        ["added second super"], "Lavender starting."),
    _in("IN-5309", "HV-163", "2027-07-01", "BK-16", "calm", True, True, 7, 5, 14, 3, "none",
        ["removed two sealed queen cells", "added a third super"],
        "Two sealed queen cells on frame 6 removed; colony otherwise content, lavender flow on."),
    # other hives
    _in("IN-5120", "HV-111", "2027-04-24", "BK-20", "calm", True, True, 5, 2, 6, 3, "none", [],
        "Good spring build-up.", "sunny, 13 C"),
    _in("IN-5288", "HV-111", "2027-06-19", "BK-20", "calm", True, True, 7, 4, None, 0, "none", ["added super"],
        "Heather still a few weeks off."),
    _in("IN-5140", "HV-104", "2027-04-24", "BK-18", "calm", True, True, 4, 1, 7, 3, "none", [],
        "Old queen laying well so far.", "cool, 11 C"),
    _in("IN-5295", "HV-104", "2027-06-20", "BK-18", "lively", False, True, 6, 3, 15, 3, "none", [],
        "Consider requeening next spring."),
    _in("IN-5150", "HV-131", "2027-05-08", "BK-11", "nervous", False, False, 3, 2, 4, 3, "none",
        ["added test frame of eggs from Russet"], "No eggs, no queen: queenless."),
    _in("IN-5299", "HV-134", "2027-06-24", "BK-11", "nervous", False, False, 2, 3, None, 0, "none",
        ["united plan discussed"], "Queenless since the June swarm."),
    _in("IN-5170", "HV-172", "2027-05-09", "BK-19", "calm", True, True, 6, 3, 10, 3, "none", [],
        "Lime not yet out.", "sunny, 17 C"),
    _in("IN-5292", "HV-172", "2027-06-21", "BK-19", "calm", True, True, 7, 6, 13, 3, "none", ["added super"],
        "Lime flow strong."),
    _in("IN-5305", "HV-151", "2027-06-28", "BK-13", "nervous", False, False, 3, 2, None, 0, "none",
        ["ordered a mated queen"], "Queenless after swarming."),
]}
RECORDED = {}  # inspections recorded through POST /inspections

# ------------------------------------------------------------------ honey batches
def _hb(bid, source, apiary, hives, harvested, kg, moisture, jars, price, status, hmf, pollen, note=""):
    return {"batch_id": bid, "floral_source": source, "apiary_id": apiary, "hive_ids": list(hives),
            "harvested": harvested, "weight_kg": kg, "jars_340g": jars, "price_per_jar_gbp": price,
            "status": status,
            "lab": {"moisture_pct": moisture, "hmf_mg_per_kg": hmf, "dominant_pollen": pollen,
                    "tested_by": "Dale Apicultural Laboratory"},
            "notes": note}


BATCHES = {b["batch_id"]: b for b in [
    _hb("HB-2026-011", "heather", "AP-01", ["HV-101", "HV-102", "HV-104"], "2026-09-02", 96.4, 18.9, 283, 9.5,
        "available", 6.2, "Calluna vulgaris 71%", "pressed heather; thixotropic"),
    _hb("HB-2026-012", "heather", "AP-02", ["HV-111", "HV-112"], "2026-09-04", 61.2, 19.6, 180, 9.5, "sold_out",
        7.0, "Calluna vulgaris 64%"),
    _hb("HB-2026-014", "lime", "AP-07", ["HV-171", "HV-172"], "2026-07-14", 58.5, 17.2, 172, 8.0, "sold_out", 4.1,
        "Tilia 38%"),
    _hb("HB-2026-015", "wildflower", "AP-04", ["HV-141", "HV-142", "HV-143"], "2026-08-20", 122.0, 17.8, 358, 7.5,
        "available", 5.4, "mixed; Trifolium 22%"),
    _hb("HB-2026-017", "borage", "AP-05", ["HV-152"], "2026-08-28", 34.7, 17.5, 102, 8.0, "available", 3.9,
        "Borago officinalis 58%"),
    _hb("HB-2026-018", "heather", "AP-01", ["HV-101", "HV-103"], "2026-09-19", 44.2, 19.1, 130, 9.5, "available",
        6.8, "Calluna vulgaris 69%"),
    _hb("HB-2026-019", "lavender", "AP-06", ["HV-161", "HV-162"], "2026-08-11", 47.9, 17.6, 141, 9.0, "sold_out",
        4.4, "Lavandula 19%"),
    _hb("HB-2027-003", "oilseed rape", "AP-04", ["HV-141", "HV-142"], "2027-05-24", 71.3, 17.9, 209, 6.5,
        "available", 3.1, "Brassica napus 82%", "soft-set"),
    _hb("HB-2027-004", "spring blossom", "AP-03", ["HV-132", "HV-133"], "2027-05-30", 29.6, 18.1, 87, 7.5,
        "available", 3.5, "Malus 31%"),
    _hb("HB-2027-006", "wildflower", "AP-04", ["HV-141", "HV-143", "HV-144"], "2027-06-21", 72.1, 17.4, 212, 7.5,
        "in_testing", None, "pending"),
    _hb("HB-2027-007", "hawthorn", "AP-05", ["HV-152"], "2027-06-25", 18.4, 18.3, 54, 8.0, "in_testing", None,
        "pending"),
]}

# ------------------------------------------------------------------ sales
def _sl(sid, date, batch, customer, jars):
    b = BATCHES[batch]
    return {"id": sid, "dt": date, "b": batch, "cust": customer, "qty": jars,
            "kg": round(jars * 0.34, 2), "amt": round(jars * b["price_per_jar_gbp"], 2)}


SALES = [
    _sl("SL-2241", "2027-02-06", "HB-2026-011", "Bramley Farm Shop", 48),
    _sl("SL-2249", "2027-02-13", "HB-2026-015", "Vale Wholefoods Co-op", 60),
    _sl("SL-2256", "2027-02-27", "HB-2026-017", "Foxcote Lavender Farm Shop", 24),
    _sl("SL-2263", "2027-03-06", "HB-2026-015", "Bramley Farm Shop", 72),
    _sl("SL-2270", "2027-03-13", "HB-2026-018", "Upper Vale Post Office", 18),
    _sl("SL-2277", "2027-03-20", "HB-2026-011", "The Knoll Tearoom", 30),
    _sl("SL-2284", "2027-03-27", "HB-2026-015", "Sallowbrook Village Market", 40),
    _sl("SL-2291", "2027-04-06", "HB-2026-011", "Bramley Farm Shop", 24),
    _sl("SL-2295", "2027-04-10", "HB-2026-017", "Vale Wholefoods Co-op", 30),
    _sl("SL-2298", "2027-04-12", "HB-2026-018", "Bramley Farm Shop Cafe", 60),
    _sl("SL-2304", "2027-04-19", "HB-2026-017", "Bramley Farm Shop", 36),
    _sl("SL-2307", "2027-04-24", "HB-2026-011", "Cold Ashby Village Stores", 20),
    _sl("SL-2311", "2027-04-28", "HB-2026-015", "Bramley Farm Shop", 12),
    _sl("SL-2319", "2027-05-08", "HB-2026-015", "The Knoll Tearoom", 24),
    _sl("SL-2326", "2027-05-15", "HB-2026-011", "Bramley Farm Shop", 48),
    _sl("SL-2333", "2027-05-22", "HB-2026-018", "Vale Wholefoods Co-op", 36),
    _sl("SL-2340", "2027-05-29", "HB-2027-003", "Sallowbrook Village Market", 50),
    _sl("SL-2347", "2027-06-05", "HB-2027-003", "Bramley Farm Shop", 40),
    _sl("SL-2352", "2027-06-12", "HB-2027-004", "Upper Vale Post Office", 12),
    _sl("SL-2358", "2027-06-19", "HB-2027-003", "Foxcote Lavender Farm Shop", 30),
    _sl("SL-2365", "2027-06-26", "HB-2026-015", "Vale Wholefoods Co-op", 48),
    _sl("SL-2371", "2027-07-03", "HB-2027-004", "Bramley Farm Shop Cafe", 24),
]


# ------------------------------------------------------------------ helpers
def keeper_summary(b):
    return {k: b[k] for k in ("beekeeper_id", "name", "email", "member_since")}


def inspection_detail(i):
    out = {k: v for k, v in i.items() if k != "inspector_id"}
    b = BEEKEEPERS[i["inspector_id"]]
    out["inspector"] = {"beekeeper_id": b["beekeeper_id"], "name": b["name"]}
    return out


def all_inspections():
    return list(INSPECTIONS.values()) + list(RECORDED.values())


# ------------------------------------------------------------------ routes
@route("GET", "/beekeepers")
def search_beekeepers(params, query, body):
    name, email = (query.get("name") or "").strip(), (query.get("email") or "").strip().lower()
    if not name and not email:
        raise ApiError(400, "give name or email")
    if email:
        rows = [b for b in BEEKEEPERS.values() if b["email"].lower() == email]
    else:
        words = tokens(name)
        scored = []
        for b in BEEKEEPERS.values():
            hay = fold(b["name"])
            score = sum(1 for w in words if w in hay)
            if score:
                scored.append((-score, b["beekeeper_id"], b))
        rows = [b for _, _, b in sorted(scored, key=lambda x: x[:2])]
    items = [keeper_summary(b) for b in rows]
    return 200, {"beekeepers": items, "count": len(items)}


@route("GET", "/beekeepers/{beekeeper_id}")
def get_beekeeper(params, query, body):
    b = lookup(BEEKEEPERS, params["beekeeper_id"], "beekeeper")
    out = json.loads(json.dumps(b))
    out["apiaries"] = [{"apiary_id": a["apiary_id"], "name": a["name"]} for a in APIARIES.values()
                       if a["keeper_id"] == b["beekeeper_id"]]
    return 200, out


@route("GET", "/apiaries")
def list_apiaries(params, query, body):
    words = tokens(query.get("q") or "")
    region = fold(query.get("region") or "").strip()
    rows = [a for a in APIARIES.values() if all(w in fold(a["name"] + " " + a["region"]) for w in words)
            and (not region or fold(a["region"]) == region)]
    items = [{"apiary_id": a["apiary_id"], "name": a["name"], "region": a["region"],
              "hive_count": sum(1 for h in HIVES.values() if h["apiary_id"] == a["apiary_id"])} for a in rows]
    return 200, {"apiaries": items, "count": len(items)}


@route("GET", "/apiaries/{apiary_id}")
def get_apiary(params, query, body):
    a = lookup(APIARIES, params["apiary_id"], "apiary")
    out = json.loads(json.dumps(a))
    hives = [h for h in HIVES.values() if h["apiary_id"] == a["apiary_id"]]
    out["hive_count"] = len(hives)
    out["active_hives"] = sum(1 for h in hives if h["status"] == "active")
    return 200, out


@route("GET", "/apiaries/{apiary_id}/hives")
def list_apiary_hives(params, query, body):
    a = lookup(APIARIES, params["apiary_id"], "apiary")
    status = (query.get("status") or "").strip().lower()
    rows = [h for h in HIVES.values() if h["apiary_id"] == a["apiary_id"] and (not status or h["status"] == status)]
    items = [{"id": h["hive_id"], "nm": h["name"], "typ": h["type"], "st": h["status"],
              "qy": h["queen"]["year"] if h["queen"] else None, "bb": h["brood_boxes"], "sup": h["supers"]}
             for h in rows]
    return 200, {"apiary_id": a["apiary_id"], "hives": items, "n": len(items)}


@route("GET", "/hives/{hive_id}")
def get_hive(params, query, body):
    h = lookup(HIVES, params["hive_id"], "hive")
    out = json.loads(json.dumps(h))
    done = sorted((i for i in all_inspections() if i["hive_id"] == h["hive_id"]), key=lambda i: i["date"])
    out["last_inspection"] = {"inspection_id": done[-1]["inspection_id"], "date": done[-1]["date"]} if done else None
    return 200, out


@route("GET", "/hives/{hive_id}/inspections")
def list_hive_inspections(params, query, body):
    h = lookup(HIVES, params["hive_id"], "hive")
    start = date_param(query["from"], "from") if query.get("from") else None
    end = date_param(query["to"], "to") if query.get("to") else None
    order = (query.get("order") or "asc").strip().lower()
    if order not in ("asc", "desc"):
        raise ApiError(400, "order must be asc or desc")
    rows = [i for i in all_inspections() if i["hive_id"] == h["hive_id"]
            and (not start or i["date"] >= start) and (not end or i["date"] <= end)]
    rows.sort(key=lambda i: i["date"], reverse=order == "desc")
    page, meta = paginate(rows, query, 5)
    items = [{"inspection_id": i["inspection_id"], "date": i["date"],
              "inspector": BEEKEEPERS[i["inspector_id"]]["name"], "queen_seen": i["queen_seen"]} for i in page]
    return 200, {"hive_id": h["hive_id"], "inspections": items, **meta}


@route("GET", "/inspections/{inspection_id}")
def get_inspection(params, query, body):
    key = str(params["inspection_id"]).strip().upper()
    i = INSPECTIONS.get(key) or RECORDED.get(key)
    if i is None:
        raise ApiError(404, f"no inspection {params['inspection_id']!r}")
    return 200, inspection_detail(i)


@route("POST", "/inspections")
def record_inspection(params, query, body):
    for field in ("hive_id", "date", "inspector_id"):
        if not str(body.get(field) or "").strip():
            raise ApiError(400, f"field '{field}' is required")
    h = lookup(HIVES, body["hive_id"], "hive")
    b = lookup(BEEKEEPERS, body["inspector_id"], "beekeeper")
    date = date_param(body["date"], "date")
    if date > TODAY:
        raise ApiError(422, "an inspection cannot be dated in the future")
    mites = body.get("mites_counted")
    if mites is not None and (not isinstance(mites, int) or isinstance(mites, bool) or mites < 0):
        raise ApiError(400, "mites_counted must be a whole number >= 0")
    days = body.get("board_days") or 3
    if not isinstance(days, int) or isinstance(days, bool) or not 1 <= days <= 14:
        raise ApiError(400, "board_days must be a whole number from 1 to 14")
    temper = str(body.get("temperament") or "not recorded").strip().lower()
    queen_seen = body.get("queen_seen")
    if queen_seen is not None and not isinstance(queen_seen, bool):
        raise ApiError(400, "queen_seen must be true or false")
    iid = "IN-" + hashlib.sha1(f"{h['hive_id']}|{date}".encode()).hexdigest().upper()[:6]
    with LOCK:
        if iid in RECORDED:
            return 200, inspection_detail(RECORDED[iid])
        if any(i["hive_id"] == h["hive_id"] and i["date"] == date for i in INSPECTIONS.values()):
            raise ApiError(409, f"{h['hive_id']} already has an inspection on {date}")
        RECORDED[iid] = {"inspection_id": iid, "hive_id": h["hive_id"], "date": date,
                         "inspector_id": b["beekeeper_id"], "weather": body.get("weather"),
                         "temperament": temper, "queen_seen": queen_seen, "eggs_seen": body.get("eggs_seen"),
                         "brood_frames": body.get("brood_frames"), "stores": None,
                         "varroa": None if mites is None else {"method": f"sticky board, {days} days",
                                                               "mites_counted": mites,
                                                               "mites_per_day": round(mites / days, 1)},
                         "disease_signs": body.get("disease_signs"), "actions": [],
                         "notes": " ".join(str(body.get("notes") or "").split())}
    return 201, inspection_detail(RECORDED[iid])


@route("GET", "/batches")
def list_batches(params, query, body):
    apiary = (query.get("apiary_id") or "").strip().upper()
    source = fold(query.get("floral_source") or "").strip()
    status = (query.get("status") or "").strip().lower()
    if status and status not in ("available", "sold_out", "in_testing"):
        raise ApiError(400, "status must be available, sold_out or in_testing")
    start = date_param(query["harvested_from"], "harvested_from") if query.get("harvested_from") else None
    end = date_param(query["harvested_to"], "harvested_to") if query.get("harvested_to") else None
    rows = [b for b in BATCHES.values() if (not apiary or b["apiary_id"] == apiary)
            and (not source or source in fold(b["floral_source"])) and (not status or b["status"] == status)
            and (not start or b["harvested"] >= start) and (not end or b["harvested"] <= end)]
    rows.sort(key=lambda b: b["harvested"])
    items = [{k: b[k] for k in ("batch_id", "floral_source", "apiary_id", "harvested", "status")} for b in rows]
    return 200, {"batches": items, "count": len(items)}


@route("GET", "/batches/{batch_id}")
def get_batch(params, query, body):
    b = lookup(BATCHES, params["batch_id"], "honey batch")
    out = json.loads(json.dumps(b))
    sold = sum(s["qty"] for s in SALES if s["b"] == b["batch_id"])
    out["jars_sold"] = sold
    out["jars_in_stock"] = b["jars_340g"] - sold if b["status"] == "available" else 0
    return 200, out


@route("GET", "/sales")
def list_sales(params, query, body):
    words = tokens(query.get("buyer") or "")
    batch = (query.get("batch_id") or "").strip().upper()
    start = date_param(query["from"], "from") if query.get("from") else None
    end = date_param(query["to"], "to") if query.get("to") else None
    rows = [s for s in SALES if all(w in fold(s["cust"]) for w in words) and (not batch or s["b"] == batch)
            and (not start or s["dt"] >= start) and (not end or s["dt"] <= end)]
    page, meta = paginate(rows, query, 10)
    return 200, {"sales": [dict(s) for s in page], **meta, "currency": "GBP"}


class Handler(BaseHTTPRequestHandler):
    def _dispatch(self, method):
        parts = urlsplit(self.path)
        query = {k: v[0] for k, v in parse_qs(parts.query).items()}
        body = None
        if method == "POST":
            raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
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
