"""Brackenfold Hill Winery MCP server (stdio): vineyard blocks, harvest lots, wines, tasting-room events, wine club
members and their club shipments, and tasting bookings.

Run: python vineyard_mcp.py   (speaks MCP over stdin/stdout)
Deterministic: fixed seed data (the data's "today" is 2027-05-12), no clock, no randomness; tasting booking codes
are derived from the booking's content. State lives in memory for the life of the process. All names, emails,
addresses, tracking numbers and codes are invented. Licence: Apache-2.0.
"""
import datetime
import hashlib
import re
import unicodedata

try:  # mcp >= 2 renamed FastMCP to MCPServer
    from mcp.server.mcpserver import MCPServer as _Server
    from mcp.server.mcpserver.exceptions import ToolError
except ImportError:  # mcp 1.x
    from mcp.server.fastmcp import FastMCP as _Server
    from mcp.server.fastmcp.exceptions import ToolError

mcp = _Server("brackenfold-hill-winery")


def _fold(text) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", str(text)) if not unicodedata.combining(c)).lower()


def _words(query: str, drop=()) -> list:
    return [w for w in re.split(r"[\s,.'\u2019\"]+", _fold(query)) if w and w not in drop]


def _matches(query: str, text: str, drop=()) -> bool:
    low = _fold(text)
    return all(w in low for w in _words(query, drop))


def _blk(bid, name, variety, clone, ha, year, soil, aspect, elev, rows, water):
    return {"id": bid, "nm": name, "var": variety, "clone": clone, "ha": ha, "yr": year, "soil": soil,
            "asp": aspect, "elev": elev, "rows": rows, "h2o": water}


BLOCKS = {b["id"]: b for b in [
    _blk("BL-01", "Stonewall", "Pinot Noir", "Dijon 777", 2.4, 2008, "volcanic loam", "NE", 210, 62, "dry-farmed"),
    _blk("BL-02", "Stonewall North", "Pinot Noir", "Pommard", 1.8, 2015, "clay loam over basalt", "N", 235, 48,
         "dry-farmed"),
    _blk("BL-03", "Larkspur Terrace", "Chardonnay", "Dijon 95", 3.1, 2011, "alluvial gravel", "E", 140, 80, "drip"),
    _blk("BL-04", "Old Mill", "Syrah", "Clone 470", 1.2, 1998, "decomposed granite", "SW", 185, 30, "dry-farmed"),
    _blk("BL-05", "Heron Flat", "Sauvignon Blanc", "Clone 1", 4.0, 2013, "silty clay", "flat", 95, 104, "drip"),
    _blk("BL-06", "Larkspur Slope", "Riesling", "Geisenheim 239", 1.5, 2019, "schist over sandstone", "SE", 170, 41,
         "drip"),
    _blk("BL-07", "Cooper's Knoll", "Cabernet Franc", "Clone 214", 0.9, 2006, "limestone rubble", "S", 250, 22,
         "dry-farmed"),
]}


def _lot(lot_id, block, picked, tonnes, brix, ph, ta, crew, method, wines, note=""):
    return {"lot_id": lot_id, "block_id": block, "picked_on": picked, "tonnes": tonnes, "brix": brix, "ph": ph,
            "ta_g_per_l": ta, "crew_lead": crew, "method": method, "wine_ids": wines, "notes": note}


LOTS = {h["lot_id"]: h for h in [
    _lot("HL-2501", "BL-01", "2025-09-18", 6.8, 23.4, 3.52, 6.1, "Teodoro Vance", "hand", ["WN-301", "WN-311"],
         "Best two barrels set aside for the Reserve."),
    _lot("HL-2502", "BL-02", "2025-09-22", 4.1, 22.8, 3.48, 6.4, "Teodoro Vance", "hand", ["WN-302"]),
    _lot("HL-2503", "BL-03", "2025-09-10", 9.5, 22.1, 3.31, 7.0, "Maile Kanahele", "machine", ["WN-303"]),
    _lot("HL-2504", "BL-04", "2025-10-06", 3.2, 25.0, 3.71, 5.6, "Oksana Brill", "hand", ["WN-304"]),
    _lot("HL-2505", "BL-05", "2025-09-03", 12.2, 21.0, 3.22, 7.8, "Maile Kanahele", "machine", ["WN-306"]),
    _lot("HL-2601", "BL-01", "2026-09-12", 5.9, 23.9, 3.49, 6.2, "Teodoro Vance", "hand", ["WN-308"],
         "First pass, lower slope."),
    _lot("HL-2602", "BL-01", "2026-09-19", 1.7, 24.6, 3.58, 5.9, "Oksana Brill", "hand", ["WN-308"],
         "Second pass, upper rows only."),
    _lot("HL-2603", "BL-02", "2026-09-24", 3.6, 23.1, 3.51, 6.3, "Teodoro Vance", "hand", ["WN-312"]),
    _lot("HL-2604", "BL-03", "2026-09-08", 10.4, 22.4, 3.33, 6.9, "Maile Kanahele", "machine", ["WN-313"]),
    _lot("HL-2605", "BL-04", "2026-10-02", 2.9, 25.4, 3.74, 5.5, "Oksana Brill", "hand", ["WN-314"]),
    _lot("HL-2606", "BL-05", "2026-08-30", 11.0, 21.3, 3.20, 7.6, "Maile Kanahele", "machine", ["WN-305"]),
    _lot("HL-2607", "BL-06", "2026-10-14", 4.4, 20.2, 3.05, 8.9, "Maile Kanahele", "hand", ["WN-309"],
         "Picked in three passes; some botrytis in the last."),
    _lot("HL-2608", "BL-07", "2026-10-09", 2.1, 24.0, 3.55, 6.0, "Oksana Brill", "hand", ["WN-310"]),
]}


def _wine(wid, name, vintage, variety, status, release, price, cases, abv, blend, notes, scores=()):
    return {"wine_id": wid, "name": name, "vintage": vintage, "variety": variety, "status": status,
            "release_date": release, "price_usd": price, "cases_made": cases, "abv": abv,
            "blend": [{"lot_id": lot, "pct": pct} for lot, pct in blend], "tasting_notes": notes,
            "scores": [{"critic": c, "pts": p} for c, p in scores]}


WINES = {w["wine_id"]: w for w in [
    _wine("WN-301", "Stonewall Pinot Noir", 2025, "Pinot Noir", "released", "2026-11-01", 44.5, 540, 13.5,
          [("HL-2501", 100)], "Dark cherry, forest floor, fine tannins.", [("Cascadia Wine Review", 92)]),
    _wine("WN-302", "Stonewall North Pinot Noir", 2025, "Pinot Noir", "released", "2026-11-01", 39.75, 310, 13.2,
          [("HL-2502", 100)], "Red currant, rose petal, bright acidity.", [("Cascadia Wine Review", 90)]),
    _wine("WN-303", "Larkspur Terrace Chardonnay", 2025, "Chardonnay", "released", "2026-06-01", 34.25, 720, 13.0,
          [("HL-2503", 100)], "Meyer lemon, hazelnut, light oak."),
    _wine("WN-304", "Old Mill Syrah", 2025, "Syrah", "released", "2027-02-01", 47.5, 385, 14.4,
          [("HL-2504", 100)], "Blackberry, smoked meat, cracked pepper.", [("Pacific Cellar Notes", 94)]),
    _wine("WN-305", "Heron Flat Sauvignon Blanc", 2026, "Sauvignon Blanc", "released", "2027-03-15", 23.75, 1150,
          12.5, [("HL-2606", 100)], "Grapefruit, cut grass, saline finish."),
    _wine("WN-306", "Heron Flat Sauvignon Blanc", 2025, "Sauvignon Blanc", "sold out", "2026-03-20", 22.5, 1240,
          12.8, [("HL-2505", 100)], "Passionfruit, gooseberry."),
    _wine("WN-308", "Stonewall Pinot Noir", 2026, "Pinot Noir", "in barrel", "2027-10-01", None, None, None,
          [("HL-2601", 78), ("HL-2602", 22)], "Barrel sample: raspberry, violets."),
    _wine("WN-309", "Larkspur Riesling", 2026, "Riesling", "released", "2027-04-01", 27.25, 260, 11.5,
          [("HL-2607", 100)], "Lime zest, white peach, off-dry (14 g/L residual sugar)."),
    _wine("WN-310", "Cooper's Knoll Cabernet Franc", 2026, "Cabernet Franc", "in barrel", "2028-03-01", None, None,
          None, [("HL-2608", 100)], "Barrel sample: red pepper, graphite."),
    _wine("WN-311", "Stonewall Reserve Pinot Noir", 2025, "Pinot Noir", "released", "2026-12-01", 68.5, 120, 13.8,
          [("HL-2501", 100)], "Barrel selection: black cherry, clove, long finish.",
          [("Cascadia Wine Review", 95), ("Pacific Cellar Notes", 93)]),
    _wine("WN-312", "Stonewall North Pinot Noir", 2026, "Pinot Noir", "in barrel", "2027-10-01", None, None, None,
          [("HL-2603", 100)], "Barrel sample: cranberry, tea leaf."),
    _wine("WN-313", "Larkspur Terrace Chardonnay", 2026, "Chardonnay", "in tank", "2027-06-15", 35.0, 690, 13.1,
          [("HL-2604", 100)], "Tank sample: pear, lemon curd."),
    _wine("WN-314", "Old Mill Syrah", 2026, "Syrah", "in barrel", "2028-02-01", None, None, None,
          [("HL-2605", 100)], "Barrel sample: plum, olive tapenade."),
]}

TASTINGS = {t["event_id"]: t for t in [
    {"event_id": "TS-707", "title": "Spring Whites Flight", "date": "2027-04-24", "time": "11:00",
     "room": "Cellar Door Bar", "host": "Delphine Okafor", "capacity": 14, "seats_left": 0, "fee_usd": 25.0,
     "members_only": False, "status": "completed", "flight": ["WN-303", "WN-305", "WN-309"]},
    {"event_id": "TS-701", "title": "Spring Whites Flight", "date": "2027-05-15", "time": "11:00",
     "room": "Cellar Door Bar", "host": "Delphine Okafor", "capacity": 14, "seats_left": 6, "fee_usd": 25.0,
     "members_only": False, "status": "open", "flight": ["WN-303", "WN-305", "WN-309"]},
    {"event_id": "TS-702", "title": "Pinot Side by Side", "date": "2027-05-15", "time": "15:00",
     "room": "Barrel Hall", "host": "Tobias Wren", "capacity": 12, "seats_left": 0, "fee_usd": 35.0,
     "members_only": False, "status": "full", "flight": ["WN-301", "WN-302", "WN-311"]},
    {"event_id": "TS-708", "title": "Sunset Sauvignon on the Terrace", "date": "2027-05-15", "time": "17:30",
     "room": "Terrace", "host": "Delphine Okafor", "capacity": 20, "seats_left": 11, "fee_usd": 20.0,
     "members_only": False, "status": "open", "flight": ["WN-305", "WN-306"]},
    {"event_id": "TS-703", "title": "Pinot Side by Side", "date": "2027-05-22", "time": "14:00",
     "room": "Barrel Hall", "host": "Tobias Wren", "capacity": 12, "seats_left": 8, "fee_usd": 35.0,
     "members_only": False, "status": "open", "flight": ["WN-301", "WN-302", "WN-311"]},
    {"event_id": "TS-704", "title": "Heron Flat Vertical", "date": "2027-05-29", "time": "11:00",
     "room": "Terrace", "host": "Delphine Okafor", "capacity": 16, "seats_left": 10, "fee_usd": 25.0,
     "members_only": False, "status": "open", "flight": ["WN-305", "WN-306"]},
    {"event_id": "TS-705", "title": "Barrel Tasting: 2026 Reds", "date": "2027-06-05", "time": "16:00",
     "room": "Barrel Hall", "host": "Imogen Halloway", "capacity": 10, "seats_left": 4, "fee_usd": 0.0,
     "members_only": True, "status": "open", "flight": ["WN-308", "WN-310", "WN-312", "WN-314"]},
    {"event_id": "TS-706", "title": "Syrah and Charcuterie", "date": "2027-06-12", "time": "12:30",
     "room": "Long Table Room", "host": "Imogen Halloway", "capacity": 16, "seats_left": 12, "fee_usd": 48.0,
     "members_only": False, "status": "open", "flight": ["WN-304", "WN-314"]},
    {"event_id": "TS-709", "title": "Pinot Side by Side", "date": "2027-06-12", "time": "15:00",
     "room": "Barrel Hall", "host": "Tobias Wren", "capacity": 12, "seats_left": 12, "fee_usd": 35.0,
     "members_only": False, "status": "open", "flight": ["WN-301", "WN-302", "WN-311"]},
]}

TIERS = {
    "Tasting Club": {"tier": "Tasting Club", "bottles_per_shipment": 6, "discount_pct": 10, "annual_fee_usd": 0.0},
    "Cellar Circle": {"tier": "Cellar Circle", "bottles_per_shipment": 12, "discount_pct": 15,
                      "annual_fee_usd": 0.0},
    "Reserve Society": {"tier": "Reserve Society", "bottles_per_shipment": 12, "discount_pct": 20,
                        "annual_fee_usd": 150.0},
}


def _addr(street, city, state, zip_code, note=None):
    a = {"street": street, "city": city, "state": state, "zip": zip_code}
    if note:
        a["note"] = note
    return a


MEMBERS = {m["member_id"]: m for m in [
    {"member_id": "CM-1001", "name": "Marguerite Tollan", "email": "marguerite.tollan@example.com",
     "phone": "(555) 014-3391", "tier": "Cellar Circle", "joined": "2025-08-14", "status": "active",
     "billing_address": _addr("14 Quarry Lane", "Fenwick Bay", "OR", "97399"),
     "shipping_address": _addr("Suite 300, 88 Harbor Boulevard", "Fenwick Bay", "OR", "97399",
                               "office reception, weekdays only"),
     "preferences": {"style": "reds only", "gift_notes": False}},
    {"member_id": "CM-1002", "name": "Margarita Tolland", "email": "m.tolland@example.net",
     "phone": "(555) 014-7702", "tier": "Tasting Club", "joined": "2026-03-02", "status": "active",
     "billing_address": _addr("5 Saltmarsh Road", "Cedar Point", "WA", "98699"),
     "shipping_address": _addr("5 Saltmarsh Road", "Cedar Point", "WA", "98699"),
     "preferences": {"style": "mixed", "gift_notes": True}},
    {"member_id": "CM-1003", "name": "Ewan Pryce", "email": "ewan.pryce@example.org",
     "phone": "(555) 014-2210", "tier": "Cellar Circle", "joined": "2024-05-20", "status": "active",
     "billing_address": _addr("410 Linden Avenue", "Marlow Springs", "OR", "97496"),
     "shipping_address": _addr("410 Linden Avenue", "Marlow Springs", "OR", "97496"),
     "preferences": {"style": "reds only", "gift_notes": False}},
    {"member_id": "CM-1004", "name": "Evan Price", "email": "evan.price@example.com",
     "phone": "(555) 014-9043", "tier": "Tasting Club", "joined": "2026-09-09", "status": "active",
     "billing_address": _addr("77 Orchard Row", "Hollis Creek", "CA", "95999"),
     "shipping_address": _addr("77 Orchard Row", "Hollis Creek", "CA", "95999"),
     "preferences": {"style": "whites and rose", "gift_notes": False}},
    {"member_id": "CM-1005", "name": "Saoirse Babbington", "email": "saoirse.babbington@example.org",
     "phone": "(555) 014-5518", "tier": "Reserve Society", "joined": "2023-11-11", "status": "paused",
     "billing_address": _addr("2 Kestrel Court", "Fenwick Bay", "OR", "97399"),
     "shipping_address": _addr("2 Kestrel Court", "Fenwick Bay", "OR", "97399"),
     "preferences": {"style": "mixed", "gift_notes": False}},
    {"member_id": "CM-1006", "name": "Ignatius Fenwick-Olsen", "email": "ignatius.fo@example.net",
     "phone": "(555) 014-6634", "tier": "Reserve Society", "joined": "2022-04-30", "status": "active",
     "billing_address": _addr("1200 Bluff Road", "Marlow Springs", "OR", "97496"),
     "shipping_address": _addr("1200 Bluff Road", "Marlow Springs", "OR", "97496"),
     "preferences": {"style": "mixed", "gift_notes": False}},
]}

RELEASES = [  # (release, ship date, red selection, mixed selection); items are (wine id, name, vintage, price)
    ("Autumn 2025", "2025-09-15",
     [("WN-221", "Old Mill Syrah", 2023, 45.0), ("WN-240", "Stonewall Pinot Noir", 2024, 42.0),
      ("WN-198", "Quarry Road Grenache", 2023, 36.0), ("WN-241", "Stonewall North Pinot Noir", 2024, 38.0)],
     [("WN-245", "Heron Flat Sauvignon Blanc", 2024, 21.5), ("WN-240", "Stonewall Pinot Noir", 2024, 42.0),
      ("WN-232", "Larkspur Terrace Chardonnay", 2024, 33.0)]),
    ("Winter 2025", "2025-12-01",
     [("WN-240", "Stonewall Pinot Noir", 2024, 42.0), ("WN-243", "Old Mill Syrah", 2024, 46.0),
      ("WN-238", "Cooper's Knoll Cabernet Franc", 2024, 41.0), ("WN-241", "Stonewall North Pinot Noir", 2024, 38.0)],
     [("WN-232", "Larkspur Terrace Chardonnay", 2024, 33.0), ("WN-241", "Stonewall North Pinot Noir", 2024, 38.0),
      ("WN-250", "Larkspur Riesling", 2025, 26.0)]),
    ("Spring 2026", "2026-03-16",
     [("WN-243", "Old Mill Syrah", 2024, 46.0), ("WN-238", "Cooper's Knoll Cabernet Franc", 2024, 41.0),
      ("WN-240", "Stonewall Pinot Noir", 2024, 42.0), ("WN-241", "Stonewall North Pinot Noir", 2024, 38.0)],
     [("WN-306", "Heron Flat Sauvignon Blanc", 2025, 22.5), ("WN-250", "Larkspur Riesling", 2025, 26.0),
      ("WN-243", "Old Mill Syrah", 2024, 46.0)]),
    ("Summer 2026", "2026-06-08",
     [("WN-240", "Stonewall Pinot Noir", 2024, 42.0), ("WN-243", "Old Mill Syrah", 2024, 46.0),
      ("WN-238", "Cooper's Knoll Cabernet Franc", 2024, 41.0), ("WN-241", "Stonewall North Pinot Noir", 2024, 38.0)],
     [("WN-303", "Larkspur Terrace Chardonnay", 2025, 34.25), ("WN-306", "Heron Flat Sauvignon Blanc", 2025, 22.5),
      ("WN-240", "Stonewall Pinot Noir", 2024, 42.0)]),
    ("Autumn 2026", "2026-09-14",
     [("WN-243", "Old Mill Syrah", 2024, 46.0), ("WN-240", "Stonewall Pinot Noir", 2024, 42.0),
      ("WN-238", "Cooper's Knoll Cabernet Franc", 2024, 41.0), ("WN-241", "Stonewall North Pinot Noir", 2024, 38.0)],
     [("WN-303", "Larkspur Terrace Chardonnay", 2025, 34.25), ("WN-250", "Larkspur Riesling", 2025, 26.0),
      ("WN-243", "Old Mill Syrah", 2024, 46.0)]),
    ("Winter 2026", "2026-11-30",
     [("WN-301", "Stonewall Pinot Noir", 2025, 44.5), ("WN-302", "Stonewall North Pinot Noir", 2025, 39.75),
      ("WN-243", "Old Mill Syrah", 2024, 46.0), ("WN-238", "Cooper's Knoll Cabernet Franc", 2024, 41.0)],
     [("WN-301", "Stonewall Pinot Noir", 2025, 44.5), ("WN-303", "Larkspur Terrace Chardonnay", 2025, 34.25),
      ("WN-250", "Larkspur Riesling", 2025, 26.0)]),
    ("Spring 2027", "2027-03-15",
     [("WN-304", "Old Mill Syrah", 2025, 47.5), ("WN-311", "Stonewall Reserve Pinot Noir", 2025, 68.5),
      ("WN-302", "Stonewall North Pinot Noir", 2025, 39.75), ("WN-301", "Stonewall Pinot Noir", 2025, 44.5)],
     [("WN-305", "Heron Flat Sauvignon Blanc", 2026, 23.75), ("WN-304", "Old Mill Syrah", 2025, 47.5),
      ("WN-303", "Larkspur Terrace Chardonnay", 2025, 34.25)]),
    ("Summer 2027", "2027-06-07",
     [("WN-304", "Old Mill Syrah", 2025, 47.5), ("WN-301", "Stonewall Pinot Noir", 2025, 44.5),
      ("WN-238", "Cooper's Knoll Cabernet Franc", 2024, 41.0), ("WN-240", "Stonewall Pinot Noir", 2024, 42.0)],
     [("WN-309", "Larkspur Riesling", 2026, 27.25), ("WN-305", "Heron Flat Sauvignon Blanc", 2026, 23.75),
      ("WN-301", "Stonewall Pinot Noir", 2025, 44.5)]),
]


def _build_shipments():
    out = {}
    n = 6100
    for m in MEMBERS.values():
        tier = TIERS[m["tier"]]
        for release, ship_date, reds, mixed in RELEASES:
            if ship_date < m["joined"]:
                continue
            if m["status"] == "paused" and ship_date >= "2026-06-01":
                continue
            n += 1
            picks = reds if m["preferences"]["style"] == "reds only" else mixed
            qty = tier["bottles_per_shipment"] // len(picks)
            items = [{"wine_id": w, "name": nm, "vintage": v, "qty": qty, "unit_price": p} for w, nm, v, p in picks]
            subtotal = round(sum(i["qty"] * i["unit_price"] for i in items), 2)
            discount = round(subtotal * tier["discount_pct"] / 100, 2)
            fee = 18.0 if tier["bottles_per_shipment"] == 12 else 12.0
            sid = f"SH-{n}"
            if ship_date >= "2027-05-12":
                status, carrier, tracking, delivered = "preparing", None, None, None
            else:
                carrier = "Cascade Parcel" if ship_date < "2026-01-01" else "NorthStar Freight"
                tracking = ("CP" if carrier == "Cascade Parcel" else "NSF") + hashlib.sha1(sid.encode()).hexdigest()[:10].upper()
                status = "delivered"
                delivered = (datetime.date.fromisoformat(ship_date) + datetime.timedelta(days=4)).isoformat()
            out[sid] = {"shipment_id": sid, "member_id": m["member_id"], "release": release, "ship_date": ship_date,
                        "status": status, "carrier": carrier, "tracking": tracking, "delivered_on": delivered,
                        "ship_to": dict(m["shipping_address"]), "items": items, "bottles": sum(i["qty"] for i in items),
                        "subtotal": subtotal, "discount": discount, "shipping_fee": fee,
                        "total": round(subtotal - discount + fee, 2)}
    return out


SHIPMENTS = _build_shipments()
BOOKINGS = {}


def _member(member_id: str) -> dict:
    m = MEMBERS.get(str(member_id).strip().upper())
    if m is None:
        raise ToolError(f"no member {member_id!r}; find_member gives member ids")
    return m


def _get(table, key, what, hint=""):
    row = table.get(str(key).strip().upper())
    if row is None:
        raise ToolError(f"no {what} {key!r}{hint}")
    return row


def _date(value, name):
    v = str(value).strip()
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", v):
        raise ToolError(f"{name} must be a date YYYY-MM-DD")
    return v


@mcp.tool()
def find_blocks(query: str) -> dict:
    """Vineyard blocks whose name or grape variety contains every word of query (e.g. "larkspur", "pinot noir").
    Returns block ids with name and variety."""
    rows = [{"block_id": b["id"], "name": b["nm"], "variety": b["var"]} for b in BLOCKS.values()
            if _matches(query, b["nm"] + " " + b["var"], drop=("block", "the", "vineyard"))]
    return {"blocks": rows, "count": len(rows)}


@mcp.tool()
def get_block(block_id: str) -> dict:
    """Block record: id, nm, var, clone, ha, yr (planted), soil, asp, elev (m), rows, h2o."""
    return dict(_get(BLOCKS, block_id, "block", "; find_blocks gives block ids"))


@mcp.tool()
def list_harvests(block_id: str | None = None, vintage: int | None = None) -> dict:
    """Harvest lots picked, oldest first, optionally for one block and/or one vintage (year). Rows: lot, blk, d,
    t, brix. total_t adds up t over the rows."""
    bid = (block_id or "").strip().upper()
    if bid and bid not in BLOCKS:
        raise ToolError(f"no block {block_id!r}; find_blocks gives block ids")
    rows = [{"lot": h["lot_id"], "blk": h["block_id"], "d": h["picked_on"], "t": h["tonnes"], "brix": h["brix"]}
            for h in sorted(LOTS.values(), key=lambda h: (h["picked_on"], h["lot_id"]))
            if (not bid or h["block_id"] == bid) and (not vintage or h["picked_on"].startswith(str(vintage)))]
    return {"rows": rows, "total_t": round(sum(r["t"] for r in rows), 2)}


@mcp.tool()
def get_harvest_lot(lot_id: str) -> dict:
    """One harvest lot: block, pick date, tonnes, brix, pH, TA, crew lead, pick method, notes and the ids of the
    wines it went into."""
    return dict(_get(LOTS, lot_id, "harvest lot"))


@mcp.tool()
def search_wines(query: str, vintage: int | None = None) -> dict:
    """Wines whose name or variety contains every word of query, optionally one vintage. Returns wine ids, names,
    vintages and status (released, sold out, in barrel, in tank)."""
    rows = [{"wine_id": w["wine_id"], "name": w["name"], "vintage": w["vintage"], "status": w["status"]}
            for w in WINES.values()
            if _matches(query, w["name"] + " " + w["variety"], drop=("the", "wine")) and
            (not vintage or w["vintage"] == int(vintage))]
    return {"wines": rows, "count": len(rows)}


@mcp.tool()
def get_wine(wine_id: str) -> dict:
    """Wine record: name, vintage, variety, status, release date, price per bottle (USD), cases made, ABV, blend
    (harvest lot ids with their percentage), tasting notes and critic scores."""
    return dict(_get(WINES, wine_id, "wine", "; search_wines gives wine ids"))


@mcp.tool()
def list_tastings(date_from: str | None = None, date_to: str | None = None, query: str | None = None,
                  wine_id: str | None = None) -> dict:
    """Tasting-room events between two dates (YYYY-MM-DD, inclusive), optionally only those whose title contains
    every word of query or that pour a wine. Each: event id, title, date, time, room, host, seats left, fee,
    members_only, status and the ids of the wines poured."""
    dfrom = _date(date_from, "date_from") if date_from else None
    dto = _date(date_to, "date_to") if date_to else None
    wid = (wine_id or "").strip().upper()
    rows = [dict(t) for t in sorted(TASTINGS.values(), key=lambda t: (t["date"], t["time"]))
            if (not dfrom or t["date"] >= dfrom) and (not dto or t["date"] <= dto)
            and (not query or _matches(query, t["title"], drop=("tasting", "the")))
            and (not wid or wid in t["flight"])]
    return {"events": rows, "count": len(rows)}


@mcp.tool()
def book_tasting(member_id: str, event_id: str, party_size: int = 1) -> dict:
    """Book seats at a tasting-room event for a wine club member (party_size counts the member, 1-8). Returns the
    booking code (TB-xxxxxx); booking the same member, event and party size again returns the same booking."""
    m = _member(member_id)
    ev = _get(TASTINGS, event_id, "tasting event", "; list_tastings gives event ids")
    size = int(party_size)
    if not 1 <= size <= 8:
        raise ToolError("party_size must be 1 to 8")
    code = "TB-" + hashlib.sha1("|".join([m["member_id"], ev["event_id"], str(size)]).encode()).hexdigest().upper()[:6]
    if code in BOOKINGS:
        return dict(BOOKINGS[code])
    if ev["status"] == "completed":
        raise ToolError(f"{ev['title']} on {ev['date']} has already taken place")
    if ev["members_only"] and m["status"] != "active":
        raise ToolError("members-only event: membership is not active")
    if ev["seats_left"] < size:
        raise ToolError(f"only {ev['seats_left']} seats left at {ev['title']} on {ev['date']}")
    ev["seats_left"] -= size
    tier = TIERS[m["tier"]]
    fee = round(ev["fee_usd"] * size * (100 - tier["discount_pct"]) / 100, 2)
    BOOKINGS[code] = {"booking_code": code, "member_id": m["member_id"], "member_name": m["name"],
                      "event_id": ev["event_id"], "title": ev["title"], "date": ev["date"], "time": ev["time"],
                      "room": ev["room"], "party_size": size, "fee_usd": fee, "status": "confirmed"}
    return dict(BOOKINGS[code])


@mcp.tool()
def find_member(query: str) -> dict:
    """Wine club members by exact email, or whose name contains every word of query. Returns member ids, names and
    emails."""
    q = str(query).strip().lower()
    if "@" in q:
        rows = [m for m in MEMBERS.values() if m["email"] == q]
    else:
        rows = [m for m in MEMBERS.values() if _matches(q, m["name"])]
    return {"members": [{"member_id": m["member_id"], "name": m["name"], "email": m["email"]} for m in rows],
            "count": len(rows)}


@mcp.tool()
def get_member(member_id: str) -> dict:
    """Wine club member: contact details, status, join date, tier (with bottles per shipment and discount),
    billing and shipping addresses, preferences."""
    m = _member(member_id)
    out = {k: (dict(v) if isinstance(v, dict) else v) for k, v in m.items()}
    out["tier"] = dict(TIERS[m["tier"]])
    return out


@mcp.tool()
def list_shipments(member_id: str, status: str | None = None, page: int = 1, page_size: int = 5) -> dict:
    """A member's club shipments, newest first, page_size per page (default 5, at most 10). status: preparing or
    delivered. Each: shipment id, release, ship date, status, bottles. total counts all matches; next_page is the
    following page number or null."""
    m = _member(member_id)
    st = (status or "").strip().lower()
    if st and st not in ("preparing", "delivered"):
        raise ToolError("status must be preparing or delivered")
    page, page_size = int(page), int(page_size)
    if page < 1 or not 1 <= page_size <= 10:
        raise ToolError("page must be >= 1 and page_size 1 to 10")
    rows = sorted((s for s in SHIPMENTS.values() if s["member_id"] == m["member_id"] and (not st or s["status"] == st)),
                  key=lambda s: s["ship_date"], reverse=True)
    chunk = rows[(page - 1) * page_size: page * page_size]
    return {"member_id": m["member_id"], "page": page, "page_size": page_size, "total": len(rows),
            "next_page": page + 1 if page * page_size < len(rows) else None,
            "shipments": [{k: s[k] for k in ("shipment_id", "release", "ship_date", "status", "bottles")}
                          for s in chunk]}


@mcp.tool()
def get_shipment(shipment_id: str) -> dict:
    """One club shipment: release, ship date, status, carrier, tracking, delivered_on, ship_to address, items
    (wine id, name, vintage, qty, unit price), subtotal, member discount, shipping fee and total (USD)."""
    s = _get(SHIPMENTS, shipment_id, "shipment", "; list_shipments gives shipment ids")
    return {**s, "ship_to": dict(s["ship_to"]), "items": [dict(i) for i in s["items"]]}


if __name__ == "__main__":
    mcp.run()
