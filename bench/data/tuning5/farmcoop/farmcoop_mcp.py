"""Wendlebury Vale Growers' Co-operative MCP server (stdio): member growers, their fields, harvest deliveries to
the co-op's intake, the produce lots those deliveries are pooled into, the buyers the lots are sold to, payments to
growers, and intake delivery-slot bookings.

Run: python farmcoop_mcp.py   (speaks MCP over stdin/stdout)
Deterministic: fixed seed data (the co-op's "today" is 2026-11-02), no clock, no randomness; slot codes are derived
from the booking's content (SHA-1). State lives in memory for the life of the process. All names, farms, emails,
phone numbers, addresses, certificate numbers and codes are invented. Licence: Apache-2.0.
"""
import datetime
import hashlib
import re
import unicodedata

from typing_extensions import TypedDict

try:  # mcp >= 2 renamed FastMCP to MCPServer
    from mcp.server.mcpserver import MCPServer as _Server
    from mcp.server.mcpserver.exceptions import ToolError
except ImportError:  # mcp 1.x
    from mcp.server.fastmcp import FastMCP as _Server
    from mcp.server.fastmcp.exceptions import ToolError

mcp = _Server("wendlebury-vale-coop")

TODAY = "2026-11-02"
CURRENCY = "GBP"


def _fold(text) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", str(text)) if not unicodedata.combining(c)).lower()


def _words_in(query, text) -> bool:
    words = [w for w in re.split(r"[\s,.'\u2019&()]+", _fold(query)) if w]
    low = _fold(text)
    return bool(words) and all(w in low for w in words)


def _date(value, name) -> str:
    try:
        return datetime.date.fromisoformat(str(value).strip()).isoformat()
    except ValueError:
        raise ToolError(f"{name} must be a date YYYY-MM-DD") from None


# ------------------------------------------------------------------ seed data
def _g(gid, name, farm, email, phone, street, town, postcode, number, joined, share_class, shares, bank, last4):
    return {"grower_id": gid, "name": name, "farm": farm, "email": email, "phone": phone,
            "address": {"street": street, "town": town, "postcode": postcode},
            "membership": {"number": number, "joined": joined, "share_class": share_class, "shares": shares},
            "bank": {"bank": bank, "account_ending": last4}}


GROWERS = {g["grower_id"]: g for g in [
    _g("GR-201", "Ottoline Pargeter", "Pargeter's Bottom Farm", "ottoline@pargeterfarm.example", "01632 960 201",
       "Bottom Lane", "Wendlebury St Clare", "WV3 8PB", "WV-0201", "2011-02-14", "Class A", 40,
       "Vale & Downs Bank", "4471"),
    _g("GR-202", "Ottoline Pargetter", "Hollins Cross Farm", "o.pargetter@example.net", "01632 960 202",
       "Hollins Cross", "Great Tew Marsh", "WV6 2HC", "WV-0202", "2019-10-01", "Class B", 12,
       "Fenland Mutual", "0932"),
    _g("GR-210", "Rhys Abernethy-Cole", "Cwm Garron Farm", "rhys.ac@example.co.uk", "01632 960 210",
       "Garron Road", "Llanvair Isaf", "WV9 4CG", "WV-0210", "2015-06-30", "Class A", 30,
       "Vale & Downs Bank", "7720"),
    _g("GR-214", "Marisol Quintanar", "Quintanar Market Garden", "marisol@quintanar.example", "01632 960 214",
       "Sedge Drove", "Wendlebury Fen", "WV2 5QM", "WV-0214", "2018-03-12", "Class A", 20,
       "Fenland Mutual", "3318"),
    _g("GR-215", "Marisol Quintana", "Lower Sedge Farm", "m.quintana@example.org", "01632 960 215",
       "Lower Sedge", "Wendlebury Fen", "WV2 5LS", "WV-0215", "2022-01-20", "Class B", 8,
       "Vale & Downs Bank", "6604"),
    _g("GR-220", "Jakob Feldhaus", "Feldhaus Hof", "jakob.feldhaus@example.com", "01632 960 220",
       "Kiln Lane", "Ashby Cransley", "WV5 1JF", "WV-0220", "2008-09-01", "Class A", 55,
       "Vale & Downs Bank", "2209"),
    _g("GR-226", "Temperance Holloway", "Holloway Orchards", "temperance@hollowayorchards.example",
       "01632 960 226", "Orchard End", "Much Cowley", "WV7 3TH", "WV-0226", "2009-03-26", "Class B", 25,
       "Fenland Mutual", "5150"),
    _g("GR-227", "Temperance Holloway-Smythe", "Smythe's Pear Garth", "t.hsmythe@example.com", "01632 960 227",
       "Garth Row", "Much Cowley", "WV7 3GR", "WV-0227", "2021-04-08", "Class A", 10,
       "Vale & Downs Bank", "8812"),
    _g("GR-231", "Ade Okonkwo-Bright", "Brightwater Organics", "ade@brightwater.example", "01632 960 231",
       "Brightwater Lane", "Sallowfield", "WV4 6AB", "WV-0231", "2020-02-03", "Class A", 18,
       "Fenland Mutual", "1407"),
]}


def _f(fid, grower, name, crop, variety, ha, soil, parish, grid, planted, organic=None):
    return {"field_id": fid, "grower_id": grower, "name": name, "crop": crop, "variety": variety, "area_ha": ha,
            "soil": soil, "location": {"parish": parish, "grid_ref": grid}, "planted": planted,
            "organic": organic}


FIELDS = {f["field_id"]: f for f in [
    _f("FD-2011", "GR-201", "Home Ground", "barley", "Tamsin (spring malting)", 9.8, "chalky loam",
       "Wendlebury St Clare", "WV 412 887", "2026-03-18"),
    _f("FD-2012", "GR-201", "Church Furlong", "barley", "Tamsin (spring malting)", 12.3, "chalky loam",
       "Wendlebury St Clare", "WV 415 881", "2026-03-20"),
    _f("FD-2013", "GR-201", "Stony Leys", "onions", "Vale Globe", 4.1, "stony loam", "Wendlebury St Clare",
       "WV 409 879", "2026-03-28"),
    _f("FD-2021", "GR-202", "Cross Hill", "barley", "Harlen (winter feed)", 15.0, "clay loam", "Great Tew Marsh",
       "WV 377 902", "2025-10-02"),
    _f("FD-2101", "GR-210", "Garron Bank", "potatoes", "Cymro Gold", 7.5, "sandy loam", "Llanvair Isaf",
       "WV 288 845", "2026-04-09"),
    _f("FD-2102", "GR-210", "Afon Meadow", "carrots", "Nantes Vale", 3.2, "sandy loam", "Llanvair Isaf",
       "WV 291 842", "2026-04-22"),
    _f("FD-2141", "GR-214", "Drove Piece", "onions", "Sedge Brown", 2.6, "peaty fen", "Wendlebury Fen",
       "WV 455 921", "2026-03-10"),
    _f("FD-2142", "GR-214", "Glasshouse Strip", "squash", "Fen Crown", 1.4, "peaty fen", "Wendlebury Fen",
       "WV 456 923", "2026-05-15"),
    _f("FD-2143", "GR-214", "Dyke Side", "carrots", "Nantes Vale", 1.9, "peaty fen", "Wendlebury Fen",
       "WV 458 919", "2026-04-02"),
    _f("FD-2151", "GR-215", "Lower Sedge", "onions", "Rosanna Red", 3.0, "peaty fen", "Wendlebury Fen",
       "WV 461 915", "2026-03-12"),
    _f("FD-2201", "GR-220", "Long Acre", "potatoes", "Vale Russet", 8.4, "silty loam", "Ashby Cransley",
       "WV 502 860", "2026-04-06"),
    _f("FD-2202", "GR-220", "Long Acre North", "potatoes", "Kiln Gold", 6.2, "silty loam", "Ashby Cransley",
       "WV 502 866", "2026-04-14"),
    _f("FD-2203", "GR-220", "Kiln Piece", "barley", "Harlen (winter feed)", 11.0, "clay loam", "Ashby Cransley",
       "WV 507 858", "2025-10-06"),
    _f("FD-2204", "GR-220", "Top Meadow", "onions", "Vale Globe", 3.5, "silty loam", "Ashby Cransley",
       "WV 499 869", "2026-03-25"),
    _f("FD-2261", "GR-226", "Top Orchard", "apples", "Vale Pippin", 5.5, "red marl", "Much Cowley", "WV 330 790",
       "2004-02-01"),
    _f("FD-2262", "GR-226", "Bottom Orchard", "apples", "Holloway Red", 4.0, "red marl", "Much Cowley",
       "WV 331 786", "2011-02-01"),
    _f("FD-2271", "GR-227", "Pear Garth", "pears", "Cowley Conference", 2.2, "red marl", "Much Cowley",
       "WV 336 784", "2015-01-15"),
    _f("FD-2311", "GR-231", "Sallow Bank", "carrots", "Nantes Vale", 2.8, "sandy loam", "Sallowfield",
       "WV 262 801", "2026-04-18",
       {"status": "certified", "body": "Soil & Root Organic Trust", "cert_no": "SRT-40317",
        "expires": "2027-05-31"}),
    _f("FD-2312", "GR-231", "Sallow Bank East", "carrots", "Nantes Vale", 2.1, "sandy loam", "Sallowfield",
       "WV 265 801", "2026-04-20",
       {"status": "in conversion (year 2)", "body": "Soil & Root Organic Trust", "cert_no": None,
        "expires": None}),
    _f("FD-2313", "GR-231", "Willow Plot", "beetroot", "Bright Globe", 1.2, "sandy loam", "Sallowfield",
       "WV 260 804", "2026-05-02",
       {"status": "certified", "body": "Soil & Root Organic Trust", "cert_no": "SRT-40318",
        "expires": "2027-05-31"}),
]}

BUYERS = {b["buyer_id"]: b for b in [
    {"buyer_id": "BY-11", "name": "Kestle Mill Cider Co.", "kind": "cider maker", "contact_name": "Gwen Tallack",
     "email": "orders@kestlemill.example", "phone": "01632 961 011", "town": "Kestle"},
    {"buyer_id": "BY-12", "name": "Fenwick Provisions", "kind": "wholesaler", "contact_name": "Dara Fenwick",
     "email": "buying@fenwickprovisions.example", "phone": "01632 961 012", "town": "Castle Ormsby"},
    {"buyer_id": "BY-14", "name": "Brackenbury Foods Ltd", "kind": "processor", "contact_name": "Oren Matthias",
     "email": "purchasing@brackenburyfoods.example", "phone": "01632 961 014", "town": "Brackenbury"},
    {"buyer_id": "BY-15", "name": "Brackenbury Fine Foods Ltd", "kind": "delicatessen chain",
     "contact_name": "Philippa Gault", "email": "produce@brackenburyfine.example", "phone": "01632 961 015",
     "town": "Brackenbury"},
    {"buyer_id": "BY-17", "name": "Northgate Maltings", "kind": "maltster", "contact_name": "Hamish Tennant",
     "email": "intake@northgatemaltings.example", "phone": "01632 961 017", "town": "Northgate"},
    {"buyer_id": "BY-18", "name": "Saltcote Crisps", "kind": "processor", "contact_name": "Ruth Okwuosa",
     "email": "potatoes@saltcote.example", "phone": "01632 961 018", "town": "Saltcote"},
    {"buyer_id": "BY-20", "name": "Marchmont School Catering", "kind": "public sector caterer",
     "contact_name": "Ifor Pryce", "email": "catering.supply@marchmont.example", "phone": "01632 961 020",
     "town": "Marchmont"},
]}

LOTS = {l["lot_id"]: l for l in [
    {"lot_id": "LOT-2240", "crop": "onions", "variety": "Sedge Brown", "grade": "Class I", "status": "sold",
     "buyer_id": "BY-14", "price_per_t": 298.0, "sale_date": "2026-09-28", "store": "Barn 3, bay 2"},
    {"lot_id": "LOT-2241", "crop": "onions", "variety": "Rosanna Red", "grade": "Class I", "status": "sold",
     "buyer_id": "BY-15", "price_per_t": 412.5, "sale_date": "2026-10-08", "store": "Barn 3, bay 4"},
    {"lot_id": "LOT-2243", "crop": "onions", "variety": "Vale Globe", "grade": "Class II", "status": "available",
     "buyer_id": None, "price_per_t": None, "sale_date": None, "store": "Barn 3, bay 5"},
    {"lot_id": "LOT-2245", "crop": "squash", "variety": "Fen Crown", "grade": "Class I", "status": "sold",
     "buyer_id": "BY-12", "price_per_t": 520.0, "sale_date": "2026-09-30", "store": "Packhouse, chamber 1"},
    {"lot_id": "LOT-2250", "crop": "barley", "variety": "Tamsin (spring malting)", "grade": "Malting 1",
     "status": "sold", "buyer_id": "BY-17", "price_per_t": 238.0, "sale_date": "2026-10-02",
     "store": "Grain silo 2"},
    {"lot_id": "LOT-2251", "crop": "barley", "variety": "Tamsin (spring malting)", "grade": "Feed",
     "status": "available", "buyer_id": None, "price_per_t": None, "sale_date": None, "store": "Grain silo 4"},
    {"lot_id": "LOT-2260", "crop": "potatoes", "variety": "Vale Russet", "grade": "Ware A", "status": "reserved",
     "buyer_id": "BY-18", "price_per_t": 215.0, "sale_date": None, "store": "Potato store A"},
    {"lot_id": "LOT-2262", "crop": "potatoes", "variety": "Kiln Gold", "grade": "Processing",
     "status": "available", "buyer_id": None, "price_per_t": None, "sale_date": None, "store": "Potato store B"},
    {"lot_id": "LOT-2270", "crop": "carrots", "variety": "Nantes Vale", "grade": "Class I (organic)",
     "status": "sold", "buyer_id": "BY-20", "price_per_t": 610.0, "sale_date": "2026-10-20",
     "store": "Cold store 1"},
    {"lot_id": "LOT-2271", "crop": "carrots", "variety": "Nantes Vale", "grade": "Class I", "status": "available",
     "buyer_id": None, "price_per_t": None, "sale_date": None, "store": "Cold store 1"},
    {"lot_id": "LOT-2275", "crop": "beetroot", "variety": "Bright Globe", "grade": "Class I (organic)",
     "status": "available", "buyer_id": None, "price_per_t": None, "sale_date": None, "store": "Cold store 2"},
    {"lot_id": "LOT-2280", "crop": "apples", "variety": "Vale Pippin", "grade": "Class I", "status": "available",
     "buyer_id": None, "price_per_t": None, "sale_date": None, "store": "Fruit store CA-1"},
    {"lot_id": "LOT-2286", "crop": "apples", "variety": "Vale Pippin", "grade": "Class II", "status": "available",
     "buyer_id": None, "price_per_t": None, "sale_date": None, "store": "Fruit store CA-2"},
    {"lot_id": "LOT-2289", "crop": "apples", "variety": "Holloway Red", "grade": "Class I", "status": "reserved",
     "buyer_id": "BY-15", "price_per_t": 690.0, "sale_date": None, "store": "Fruit store CA-3"},
    {"lot_id": "LOT-2291", "crop": "apples", "variety": "mixed", "grade": "Juicing", "status": "sold",
     "buyer_id": "BY-11", "price_per_t": 145.0, "sale_date": "2026-10-21", "store": "Yard bins"},
    {"lot_id": "LOT-2293", "crop": "apples", "variety": "Holloway Red", "grade": "Class I", "status": "available",
     "buyer_id": None, "price_per_t": None, "sale_date": None, "store": "Fruit store CA-3"},
    {"lot_id": "LOT-2295", "crop": "pears", "variety": "Cowley Conference", "grade": "Class I",
     "status": "available", "buyer_id": None, "price_per_t": None, "sale_date": None, "store": "Fruit store CA-4"},
    {"lot_id": "LOT-2297", "crop": "apples", "variety": "Vale Pippin", "grade": "Class I", "status": "sold",
     "buyer_id": "BY-15", "price_per_t": 655.0, "sale_date": "2026-10-12", "store": "Fruit store CA-1"},
]}

DOCKS = {"barley": "Dock A (grain pit)", "potatoes": "Dock B (potato intake)", "apples": "Dock C (fruit cold store)",
         "pears": "Dock C (fruit cold store)", "onions": "Dock D (vegetables)", "carrots": "Dock D (vegetables)",
         "squash": "Dock D (vegetables)", "beetroot": "Dock D (vegetables)"}
WINDOWS = {"Dock A (grain pit)": "06:30-08:30", "Dock B (potato intake)": "07:00-09:00",
           "Dock C (fruit cold store)": "08:00-10:00", "Dock D (vegetables)": "09:00-11:00"}

DELIVERIES = {}


def _d(did, date, field, gross, tare, grade, lot, moisture=None, defects=0.0, notes=""):
    f = FIELDS[field]
    DELIVERIES[did] = {"delivery_id": did, "date": date, "grower_id": f["grower_id"], "field_id": field,
                       "crop": f["crop"], "variety": f["variety"], "gross_kg": gross, "tare_kg": tare,
                       "net_kg": gross - tare, "grade": grade, "moisture_pct": moisture, "defects_pct": defects,
                       "lot_id": lot, "dock": DOCKS[f["crop"]], "ticket_no": "WB-" + did[3:], "notes": notes}


# Ottoline Pargeter (GR-201): barley in September; the 2026-09-23 load from Church Furlong
_d("DL-50731", "2026-09-22", "FD-2011", 37460, 13820, "Feed", "LOT-2251", 15.1, 1.2, "dried on site before sale")
_d("DL-50740", "2026-09-23", "FD-2012", 38140, 13820, "Malting 1", "LOT-2250", 13.8, 0.4)
_d("DL-50746", "2026-09-25", "FD-2012", 36900, 13820, "Malting 1", "LOT-2250", 14.0, 0.5)
_d("DL-50802", "2026-10-05", "FD-2013", 9120, 3450, "Class II", "LOT-2243", None, 4.5, "some neck rot")
# Ottoline Pargetter (GR-202), same day as Ottoline Pargeter
_d("DL-50741", "2026-09-23", "FD-2021", 35200, 13500, "Feed", "LOT-2251", 14.6, 1.5)
# Marisol Quintanar (GR-214)
_d("DL-50611", "2026-09-15", "FD-2141", 11840, 3450, "Class I", "LOT-2240", None, 1.8)
_d("DL-50612", "2026-09-15", "FD-2142", 4460, 1200, "Class I", "LOT-2245", None, 0.9)
for _i, (_day, _field, _g2, _lot) in enumerate([
        ("2026-08-11", "FD-2143", 3980, "LOT-2271"), ("2026-08-18", "FD-2143", 4120, "LOT-2271"),
        ("2026-08-25", "FD-2141", 10960, "LOT-2240"), ("2026-09-01", "FD-2141", 11420, "LOT-2240"),
        ("2026-09-08", "FD-2142", 4210, "LOT-2245"), ("2026-09-22", "FD-2141", 12010, "LOT-2240"),
        ("2026-09-29", "FD-2143", 4350, "LOT-2271"), ("2026-10-06", "FD-2142", 3890, "LOT-2245"),
        ("2026-10-13", "FD-2143", 4405, "LOT-2271"), ("2026-10-20", "FD-2141", 10230, "LOT-2240"),
        ("2026-10-27", "FD-2143", 4270, "LOT-2271")]):
    _d(f"DL-505{_i + 20}", _day, _field, _g2, 3450 if _g2 > 9000 else 1200, "Class I", _lot, None, 1.1)
# Marisol Quintana (GR-215): red onions the same week
_d("DL-50615", "2026-09-16", "FD-2151", 12600, 3450, "Class I", "LOT-2241", None, 0.7)
# Jakob Feldhaus (GR-220): potatoes, lots of loads
for _i in range(14):
    _field = "FD-2201" if _i % 2 == 0 else "FD-2202"
    _d(f"DL-509{_i + 40}", (datetime.date(2026, 9, 14) + datetime.timedelta(days=3 * _i)).isoformat(), _field,
       26800 + 130 * _i, 11900, "Ware A" if _field == "FD-2201" else "Processing",
       "LOT-2260" if _field == "FD-2201" else "LOT-2262", None, 2.0 + 0.1 * (_i % 4))
_d("DL-50760", "2026-08-20", "FD-2203", 33400, 13500, "Feed", "LOT-2251", 14.2, 1.0)
# Temperance Holloway (GR-226) and Holloway-Smythe (GR-227)
_d("DL-50870", "2026-09-29", "FD-2261", 6400, 900, "Class I", "LOT-2280", None, 2.2)
_d("DL-50871", "2026-10-02", "FD-2262", 6120, 900, "Class I", "LOT-2293", None, 1.9)
_d("DL-50872", "2026-10-02", "FD-2261", 3300, 600, "Juicing", "LOT-2291", None, 18.0, "hail-marked")
_d("DL-50866", "2026-09-22", "FD-2261", 6250, 900, "Class I", "LOT-2297", None, 1.7)
_d("DL-50873", "2026-10-09", "FD-2261", 5980, 900, "Class II", "LOT-2286", None, 7.5, "russeting, undersize")
_d("DL-50874", "2026-10-12", "FD-2262", 6010, 900, "Class I", "LOT-2289", None, 1.8)
_d("DL-50880", "2026-10-06", "FD-2271", 4100, 600, "Class I", "LOT-2295", None, 1.0)
# Rhys Abernethy-Cole (GR-210)
_d("DL-50560", "2026-08-24", "FD-2102", 3600, 1200, "Class I", "LOT-2271", None, 1.4)
_d("DL-50651", "2026-09-09", "FD-2101", 24100, 11900, "Ware A", "LOT-2260", None, 2.6)
_d("DL-50662", "2026-09-17", "FD-2101", 23650, 11900, "Ware A", "LOT-2260", None, 3.1)
_d("DL-50679", "2026-10-12", "FD-2102", 3820, 1200, "Class I", "LOT-2271", None, 1.2)
# Ade Okonkwo-Bright (GR-231): carrots and beetroot
_d("DL-50790", "2026-09-28", "FD-2312", 3900, 1200, "Class I", "LOT-2271", None, 1.6, "in-conversion crop")
_d("DL-50811", "2026-10-06", "FD-2311", 4020, 1200, "Class I (organic)", "LOT-2270", None, 1.1)
_d("DL-50812", "2026-10-06", "FD-2313", 2410, 1200, "Class I (organic)", "LOT-2275", None, 0.8)
_d("DL-50830", "2026-10-14", "FD-2312", 3760, 1200, "Class I", "LOT-2271", None, 1.3, "in-conversion crop")


def _pay(pid, grower, date, status, period, lines, haulage, other=()):
    rows = []
    for did, rate in lines:
        d = DELIVERIES[did]
        rows.append({"delivery_id": did, "crop": d["crop"], "net_kg": d["net_kg"], "rate_per_t": rate,
                     "amount": round(d["net_kg"] / 1000 * rate, 2)})
    gross = round(sum(r["amount"] for r in rows), 2)
    deductions = [{"kind": "co-op levy (2.5%)", "amount": round(gross * 0.025, 2)}]
    if haulage:
        deductions.append({"kind": "haulage", "amount": haulage})
    deductions += [{"kind": k, "amount": a} for k, a in other]
    net = round(gross - sum(x["amount"] for x in deductions), 2)
    return {"payment_id": pid, "grower_id": grower, "date": date, "status": status, "period": period,
            "lines": rows, "gross": gross, "deductions": deductions, "net": net, "currency": CURRENCY,
            "remittance_ref": "WVGC-" + pid[3:] + "-" + grower[3:]}


PAYMENTS = {p["payment_id"]: p for p in [
    _pay("PY-8801", "GR-214", "2026-08-31", "paid", "2026-08",
         [("DL-50520", 640.0), ("DL-50521", 640.0), ("DL-50522", 300.0)], 60.0),
    _pay("PY-8874", "GR-214", "2026-09-30", "paid", "2026-09",
         [("DL-50523", 300.0), ("DL-50524", 520.0), ("DL-50611", 300.0), ("DL-50612", 520.0),
          ("DL-50525", 300.0), ("DL-50526", 640.0)], 120.0),
    _pay("PY-8932", "GR-214", "2026-11-06", "pending", "2026-10",
         [("DL-50527", 520.0), ("DL-50528", 640.0), ("DL-50529", 300.0), ("DL-50530", 640.0)], 80.0),
    _pay("PY-8890", "GR-215", "2026-10-15", "paid", "2026-09", [("DL-50615", 410.0)], 30.0),
    _pay("PY-8810", "GR-210", "2026-08-31", "paid", "2026-08", [("DL-50560", 600.0)], 35.0),
    _pay("PY-8861", "GR-210", "2026-09-30", "paid", "2026-09", [("DL-50651", 212.0), ("DL-50662", 212.0)], 145.0,
         [("store rent (potato store A)", 48.0)]),
    _pay("PY-8929", "GR-210", "2026-10-31", "paid", "2026-10", [("DL-50679", 600.0)], 35.0),
    _pay("PY-8870", "GR-201", "2026-09-30", "paid", "2026-09",
         [("DL-50731", 176.0), ("DL-50740", 236.0), ("DL-50746", 236.0)], 210.0),
    _pay("PY-8915", "GR-226", "2026-10-31", "paid", "2026-10",
         [("DL-50870", 650.0), ("DL-50871", 650.0), ("DL-50872", 140.0)], 90.0),
]}

SLOTS = {}


def _grower(grower_id) -> dict:
    g = GROWERS.get(str(grower_id).strip().upper())
    if g is None:
        raise ToolError(f"no grower {grower_id!r}; find_growers gives grower ids")
    return g


def _get(table, key, what):
    row = table.get(str(key).strip().upper())
    if row is None:
        raise ToolError(f"no {what} {key!r}")
    return row


# ------------------------------------------------------------------ typed results
class GrowerHit(TypedDict):
    grower_id: str
    name: str
    farm: str
    email: str


class GrowerSearch(TypedDict):
    growers: list[GrowerHit]
    count: int


class BuyerHit(TypedDict):
    buyer_id: str
    name: str
    kind: str
    contact_name: str
    email: str
    phone: str
    town: str


class BuyerSearch(TypedDict):
    buyers: list[BuyerHit]
    count: int


class LotRow(TypedDict):
    lot_id: str
    crop: str
    variety: str
    grade: str
    status: str
    total_kg: int
    buyer_id: str | None
    price_per_t: float | None


class LotList(TypedDict):
    lots: list[LotRow]
    count: int


def _lot_deliveries(lot_id):
    return sorted((d for d in DELIVERIES.values() if d["lot_id"] == lot_id), key=lambda d: (d["date"], d["delivery_id"]))


# ------------------------------------------------------------------ tools
@mcp.tool()
def find_growers(query: str) -> GrowerSearch:
    """Find member growers by name or farm name (every word must appear) or by exact email address."""
    q = str(query).strip()
    rows = [GrowerHit(grower_id=g["grower_id"], name=g["name"], farm=g["farm"], email=g["email"])
            for g in GROWERS.values()
            if g["email"] == q.lower() or _words_in(q, g["name"] + " " + g["farm"])]
    return GrowerSearch(growers=rows, count=len(rows))


@mcp.tool(structured_output=False)
def get_grower(grower_id: str) -> dict:
    """Member record of a grower: contact details, address, membership (number, joined date, share class, shares)
    and the bank account payments go to (last digits only)."""
    g = _grower(grower_id)
    out = {k: (dict(v) if isinstance(v, dict) else v) for k, v in g.items()}
    out["field_count"] = sum(1 for f in FIELDS.values() if f["grower_id"] == g["grower_id"])
    return out


@mcp.tool()
def list_fields(grower_id: str, crop: str | None = None) -> dict:
    """A grower's fields this season, optionally one crop. Rows: fid, nm, crop, ha. Also total_ha."""
    g = _grower(grower_id)
    c = _fold(crop or "").strip()
    rows = [{"fid": f["field_id"], "nm": f["name"], "crop": f["crop"], "ha": f["area_ha"]} for f in FIELDS.values()
            if f["grower_id"] == g["grower_id"] and (not c or f["crop"] == c or f["crop"] == c + "s"
                                                     or f["crop"] + "es" == c)]
    return {"grower_id": g["grower_id"], "fields": rows, "total_ha": round(sum(r["ha"] for r in rows), 2)}


@mcp.tool()
def get_field(field_id: str) -> dict:
    """Field record: name, grower, crop and variety, area_ha, soil, location (parish, grid_ref), planted date and
    organic status (certifying body, cert_no, expiry; null when the field is conventional)."""
    f = _get(FIELDS, field_id, "field")
    out = {k: (dict(v) if isinstance(v, dict) else v) for k, v in f.items()}
    out["grower_name"] = GROWERS[f["grower_id"]]["name"]
    return out


@mcp.tool()
def list_deliveries(grower_id: str | None = None, crop: str | None = None, date_from: str | None = None,
                    date_to: str | None = None, page: int = 1, page_size: int = 10) -> dict:
    """Harvest deliveries received at intake, newest first; filter by grower, crop and date range (YYYY-MM-DD,
    inclusive). Paged (page_size up to 50). Rows: id, dt, crop, net_kg, gr (grade), lot."""
    g = _grower(grower_id)["grower_id"] if grower_id else None
    c = _fold(crop or "").strip()
    lo = _date(date_from, "date_from") if date_from else None
    hi = _date(date_to, "date_to") if date_to else None
    if page < 1 or not 1 <= page_size <= 50:
        raise ToolError("page must be >= 1 and page_size 1..50")
    rows = [d for d in DELIVERIES.values() if (not g or d["grower_id"] == g)
            and (not c or d["crop"] == c or d["crop"] == c + "s" or d["crop"] + "es" == c)
            and (not lo or d["date"] >= lo) and (not hi or d["date"] <= hi)]
    rows.sort(key=lambda d: (d["date"], d["delivery_id"]), reverse=True)
    chunk = rows[(page - 1) * page_size: page * page_size]
    return {"deliveries": [{"id": d["delivery_id"], "dt": d["date"], "crop": d["crop"], "net_kg": d["net_kg"],
                            "gr": d["grade"], "lot": d["lot_id"]} for d in chunk],
            "total": len(rows), "page": page, "next_page": page + 1 if page * page_size < len(rows) else None}


@mcp.tool(structured_output=False)
def get_delivery(delivery_id: str) -> dict:
    """One delivery as weighed and graded at intake: grower, field (id and name), crop, variety, weighbridge
    (gross, tare, net kg), quality (grade, moisture % for grain, defects %), lot it was pooled into, dock,
    weighbridge ticket and intake notes."""
    d = _get(DELIVERIES, delivery_id, "delivery")
    return {"delivery_id": d["delivery_id"], "date": d["date"],
            "grower": {"grower_id": d["grower_id"], "name": GROWERS[d["grower_id"]]["name"]},
            "field": {"field_id": d["field_id"], "name": FIELDS[d["field_id"]]["name"]},
            "crop": d["crop"], "variety": d["variety"],
            "weighbridge": {"gross_kg": d["gross_kg"], "tare_kg": d["tare_kg"], "net_kg": d["net_kg"]},
            "quality": {"grade": d["grade"], "moisture_pct": d["moisture_pct"], "defects_pct": d["defects_pct"]},
            "lot_id": d["lot_id"], "dock": d["dock"], "ticket_no": d["ticket_no"], "notes": d["notes"]}


@mcp.tool()
def list_lots(crop: str | None = None, status: str | None = None, buyer_id: str | None = None) -> LotList:
    """Produce lots in store or sold; filter by crop, status (available, reserved, sold) and buyer id."""
    c = _fold(crop or "").strip()
    s = (status or "").strip().lower()
    if s and s not in ("available", "reserved", "sold"):
        raise ToolError("status must be available, reserved or sold")
    b = (buyer_id or "").strip().upper()
    rows = [LotRow(lot_id=l["lot_id"], crop=l["crop"], variety=l["variety"], grade=l["grade"], status=l["status"],
                   total_kg=sum(d["net_kg"] for d in _lot_deliveries(l["lot_id"])), buyer_id=l["buyer_id"],
                   price_per_t=l["price_per_t"])
            for l in LOTS.values()
            if (not c or l["crop"] == c or l["crop"] == c + "s" or l["crop"] + "es" == c)
            and (not s or l["status"] == s) and (not b or l["buyer_id"] == b)]
    return LotList(lots=rows, count=len(rows))


@mcp.tool()
def get_lot(lot_id: str) -> dict:
    """A produce lot: crop, variety, grade, status, store, total kg, the deliveries pooled into it, and for sold or
    reserved lots the buyer (id and name), price per tonne and sale date."""
    l = _get(LOTS, lot_id, "lot")
    ds = _lot_deliveries(l["lot_id"])
    buyer = {"buyer_id": l["buyer_id"], "name": BUYERS[l["buyer_id"]]["name"]} if l["buyer_id"] else None
    return {"lot_id": l["lot_id"], "crop": l["crop"], "variety": l["variety"], "grade": l["grade"],
            "status": l["status"], "store": l["store"], "total_kg": sum(d["net_kg"] for d in ds),
            "deliveries": [d["delivery_id"] for d in ds], "buyer": buyer, "price_per_t": l["price_per_t"],
            "sale_date": l["sale_date"], "currency": CURRENCY}


@mcp.tool()
def find_buyers(query: str) -> BuyerSearch:
    """Find buyers by name, kind or town (every word must appear), or by buyer id. Gives the buying contact."""
    q = str(query).strip()
    rows = [BuyerHit(**b) for b in BUYERS.values()
            if q.upper() == b["buyer_id"] or _words_in(q, " ".join([b["name"], b["kind"], b["town"]]))]
    return BuyerSearch(buyers=rows, count=len(rows))


@mcp.tool()
def list_payments(grower_id: str, status: str | None = None, date_from: str | None = None,
                  date_to: str | None = None) -> dict:
    """Payments to a grower, newest first; filter by status (paid, pending) and payment date range. Rows:
    payment_id, date, period, net (GBP), status."""
    g = _grower(grower_id)
    s = (status or "").strip().lower()
    if s and s not in ("paid", "pending"):
        raise ToolError("status must be paid or pending")
    lo = _date(date_from, "date_from") if date_from else None
    hi = _date(date_to, "date_to") if date_to else None
    rows = [p for p in PAYMENTS.values() if p["grower_id"] == g["grower_id"] and (not s or p["status"] == s)
            and (not lo or p["date"] >= lo) and (not hi or p["date"] <= hi)]
    rows.sort(key=lambda p: p["date"], reverse=True)
    return {"grower_id": g["grower_id"],
            "payments": [{k: p[k] for k in ("payment_id", "date", "period", "net", "status")} for p in rows],
            "count": len(rows)}


@mcp.tool(structured_output=False)
def get_payment(payment_id: str) -> dict:
    """A payment statement: the deliveries paid for (net kg, rate per tonne, amount), gross, each deduction
    (co-op levy, haulage, store rent ...), net paid, status, date and remittance reference."""
    p = _get(PAYMENTS, payment_id, "payment")
    return {**p, "lines": [dict(r) for r in p["lines"]], "deductions": [dict(x) for x in p["deductions"]]}


@mcp.tool(structured_output=False)
def book_delivery_slot(grower_id: str, field_id: str, date: str, crop: str, est_kg: int) -> dict:
    """Book an intake slot for a future delivery from one of the grower's fields (date YYYY-MM-DD, from today,
    2026-11-02; est_kg the estimated net weight). Returns the slot code (SLOT-xxxxxx), dock and arrival window;
    booking the same grower, field, date and crop again returns the same slot."""
    g = _grower(grower_id)
    f = _get(FIELDS, field_id, "field")
    if f["grower_id"] != g["grower_id"]:
        raise ToolError(f"field {f['field_id']} does not belong to {g['name']}")
    c = _fold(crop).strip()
    if c not in (f["crop"], f["crop"][:-1], f["crop"][:-2]):
        raise ToolError(f"field {f['name']} grows {f['crop']}, not {crop}")
    day = _date(date, "date")
    if day < TODAY:
        raise ToolError("slots can only be booked from today (2026-11-02)")
    try:
        est = int(est_kg)
    except (TypeError, ValueError):
        raise ToolError("est_kg must be a whole number of kilograms") from None
    if not 100 <= est <= 40000:
        raise ToolError("est_kg must be between 100 and 40000 (one load)")
    code = "SLOT-" + hashlib.sha1("|".join([g["grower_id"], f["field_id"], day, f["crop"]]).encode()) \
        .hexdigest().upper()[:6]
    if code not in SLOTS:
        dock = DOCKS[f["crop"]]
        SLOTS[code] = {"slot_code": code, "grower_id": g["grower_id"], "field_id": f["field_id"],
                       "field_name": f["name"], "crop": f["crop"], "date": day, "est_kg": est, "dock": dock,
                       "arrival_window": WINDOWS[dock], "status": "booked"}
    return dict(SLOTS[code])


if __name__ == "__main__":
    mcp.run()
