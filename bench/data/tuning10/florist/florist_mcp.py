"""Wren & Thistle Florals MCP server (stdio): a florist's wedding and event book.

Customers, events, orders (paginated), arrangement recipes, flower stock by variety and colour, suppliers,
deliveries with drivers, and quotes.

Run: python florist_mcp.py   (speaks MCP over stdin/stdout)
Deterministic: fixed seed data (the studio's "today" is Monday 2027-05-03), no clock, no randomness; quote codes
are derived from the quote's content (SHA-1). State lives in memory for the life of the process. Every name,
email, phone number, address, venue and code is invented. Licence: Apache-2.0.
"""
import hashlib
import re
import unicodedata

try:  # mcp >= 2: FastMCP became MCPServer
    from mcp.server.mcpserver import MCPServer as _Server
    from mcp.server.mcpserver.exceptions import ToolError
except ImportError:  # mcp 1.x
    from mcp.server.fastmcp import FastMCP as _Server
    from mcp.server.fastmcp.exceptions import ToolError

mcp = _Server("wren-and-thistle-florals")

PAGE_SIZE = 5
QUOTE_VALID_UNTIL = "2027-05-17"  # today + 14 days


def _fold(text) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", str(text)) if not unicodedata.combining(c)).lower() \
        .replace("ø", "o").replace("æ", "ae")


def _words_match(query: str, *fields) -> bool:
    hay = " ".join(_fold(f) for f in fields if f)
    return all(t in hay for t in re.split(r"[\s,]+", _fold(query)) if t)


# ------------------------------------------------------------------ customers
CUSTOMERS = {c["id"]: c for c in [
    {"id": "CU-201", "name": "Olamide Ferreira", "email": "olamide.ferreira@example.com", "phone": "+44 7700 900101",
     "addr": "7 Linnet Close, Eastholm EH2 4LC", "acct": "private", "since": "2026-06-30",
     "notes": "Prefers contact by email."},
    {"id": "CU-204", "name": "Priya Venkataraman-Holt", "email": "priya.vh@example.net", "phone": "+44 7700 900104",
     "addr": "22 Saddler's Yard, Wendle WN1 2SY", "acct": "private", "since": "2026-09-12",
     "notes": "Wedding moved from 22 May to 12 June 2027."},
    {"id": "CU-205", "name": "Priya Venkataraman-Hall", "email": "pvhall@example.com", "phone": "+44 7700 900105",
     "addr": "4 Quarry Bank, Eastholm EH7 1QB", "acct": "private", "since": "2026-11-02", "notes": ""},
    {"id": "CU-210", "name": "Søren Achterberg", "email": "soren.achterberg@example.com", "phone": "+44 7700 900110",
     "addr": "31 Harbour Terrace, Eastholm EH1 6HT", "acct": "private", "since": "2026-02-18",
     "notes": "Repeat customer (anniversary lunch 2026)."},
    {"id": "CU-212", "name": "Sorrel Achterberg", "email": "sorrel.achterberg@example.com",
     "phone": "+44 7700 900112", "addr": "2 Dovecote Lane, Wendle WN2 9DL", "acct": "private",
     "since": "2027-01-20", "notes": ""},
    {"id": "CU-215", "name": "Olabode Ferreira", "email": "olabode.f@example.org", "phone": "+44 7700 900115",
     "addr": "90 Kiln Street, Eastholm EH3 3KS", "acct": "private", "since": "2027-02-07", "notes": ""},
    {"id": "CU-220", "name": "Hugo Marlowe-Pike", "email": "hugo.marlowepike@example.net", "phone": "+44 7700 900120",
     "addr": "Marlowe-Pike & Co, 5 Assembly Row, Eastholm EH1 2AR", "acct": "trade", "since": "2025-05-14",
     "notes": "Invoices to accounts@ on the company account."},
    {"id": "CU-221", "name": "Hugh Marlow", "email": "hugh.marlow@example.org", "phone": "+44 7700 900121",
     "addr": "Flat 3, 60 Bridge Street, Wendle WN1 4BS", "acct": "private", "since": "2027-03-01", "notes": ""},
    {"id": "CU-230", "name": "Imogen Thornbury-Aziz", "email": "imogen.ta@example.com", "phone": "+44 7700 900130",
     "addr": "14 Orchard Rise, Wendle WN3 5RP", "acct": "private", "since": "2026-10-09", "notes": ""},
    {"id": "CU-231", "name": "Imogen Thornbury", "email": "imogen.thornbury@example.net", "phone": "+44 7700 900131",
     "addr": "Pellow Street Library, Eastholm EH2 8PS", "acct": "trade", "since": "2027-04-11", "notes": ""},
    {"id": "CU-240", "name": "Kasimir Oduya", "email": "k.oduya@oduyapell.example", "phone": "+44 1632 960240",
     "addr": "Oduya & Pell Architects, 18 Tannery Wharf, Eastholm EH4 9TW", "acct": "trade",
     "since": "2024-11-01", "notes": "Weekly lobby flowers, standing order."},
    {"id": "CU-250", "name": "Delphine Harrow-Quinn", "email": "delphine.hq@example.org", "phone": "+44 7700 900150",
     "addr": "The Old Forge, Fennick FN2 7OF", "acct": "private", "since": "2026-08-23", "notes": ""},
    {"id": "CU-260", "name": "Marguerite Oyelowo-Fenn", "email": "m.oyelowofenn@example.com",
     "phone": "+44 7700 900160", "addr": "12 Chapel Walk, Wendle WN2 1CW", "acct": "private",
     "since": "2027-05-01", "notes": "Funeral tribute; family flowers only."},
]}

# ------------------------------------------------------------------ events
EVENTS = {e["id"]: e for e in [
    {"id": "EV-4276", "title": "Achterberg anniversary lunch", "type": "party", "cust": "CU-210", "dt": "2026-05-22",
     "ven": "Quillon House", "gst": 24, "pal": "white and green", "st": "D", "coord": None},
    {"id": "EV-4302", "title": "Olamide's 30th birthday dinner", "type": "party", "cust": "CU-201",
     "dt": "2026-08-14", "ven": "The Glasshouse, Pellow Street", "gst": 40, "pal": "gold and white", "st": "D",
     "coord": None},
    {"id": "EV-4391", "title": "Venkataraman-Holt & Dorsey wedding", "type": "wedding", "cust": "CU-204",
     "dt": "2027-05-22", "ven": "Larkspur Tithe Barn", "gst": 110, "pal": "marigold and cream", "st": "X",
     "coord": "Tamsin Ekwueme (Larkspur events)"},
    {"id": "EV-4410", "title": "Harrow-Quinn & Castell wedding", "type": "wedding", "cust": "CU-250",
     "dt": "2027-05-29", "ven": "Fennick Priory", "gst": 120, "pal": "blush, white and silver-green", "st": "C",
     "coord": "Rhiannon Vale (Fennick Priory)"},
    {"id": "EV-4415", "title": "Ferreira & Ajayi wedding", "type": "wedding", "cust": "CU-201", "dt": "2027-06-19",
     "ven": "Larkspur Tithe Barn", "gst": 142, "pal": "sage, ivory and dusty apricot", "st": "C",
     "coord": "Tamsin Ekwueme (Larkspur events)"},
    {"id": "EV-4418", "title": "Ferreira & Lindgren wedding", "type": "wedding", "cust": "CU-215",
     "dt": "2027-07-03", "ven": "Saltmarsh Chapel", "gst": 96, "pal": "navy and white", "st": "C", "coord": None},
    {"id": "EV-4420", "title": "Venkataraman-Holt & Dorsey wedding (new date)", "type": "wedding", "cust": "CU-204",
     "dt": "2027-06-12", "ven": "Maplestead Orangery", "gst": 104, "pal": "marigold and cream", "st": "C",
     "coord": "Jules Okonjo (Maplestead)"},
    {"id": "EV-4422", "title": "Venkataraman-Hall & Osei wedding", "type": "wedding", "cust": "CU-205",
     "dt": "2027-06-12", "ven": "Ashcombe Hall", "gst": 160, "pal": "fuchsia and gold", "st": "C", "coord": None},
    {"id": "EV-4430", "title": "Achterberg & Vos wedding", "type": "wedding", "cust": "CU-210", "dt": "2027-05-22",
     "ven": "Quillon House", "gst": 75, "pal": "white, lilac and grey-green", "st": "C", "coord": None},
    {"id": "EV-4431", "title": "Achterberg christening", "type": "christening", "cust": "CU-212",
     "dt": "2027-05-23", "ven": "St Aldhelm's Church, Wendle", "gst": 50, "pal": "soft yellow", "st": "T",
     "coord": None},
    {"id": "EV-4436", "title": "Marlowe-Pike summer party", "type": "corporate", "cust": "CU-220",
     "dt": "2026-07-10", "ven": "Assembly Rooms roof terrace", "gst": 160, "pal": "citrus", "st": "D",
     "coord": None},
    {"id": "EV-4441", "title": "Marlowe-Pike summer party", "type": "corporate", "cust": "CU-220",
     "dt": "2027-07-09", "ven": "Assembly Rooms roof terrace", "gst": 180, "pal": "coral and lime", "st": "C",
     "coord": None},
    {"id": "EV-4443", "title": "Marlow retirement party", "type": "party", "cust": "CU-221", "dt": "2027-07-09",
     "ven": "The Bell, Wendle", "gst": 45, "pal": "blue and white", "st": "T", "coord": None},
    {"id": "EV-4450", "title": "Thornbury-Aziz & Mensah wedding", "type": "wedding", "cust": "CU-230",
     "dt": "2027-06-05", "ven": "Cobbler's Mill, Wendle", "gst": 130, "pal": "burgundy, blush and apricot",
     "st": "C", "coord": "Ama Mensah (groom's sister)"},
    {"id": "EV-4451", "title": "Thornbury book launch", "type": "corporate", "cust": "CU-231", "dt": "2027-06-05",
     "ven": "Pellow Street Library", "gst": 70, "pal": "green", "st": "T", "coord": None},
    {"id": "EV-4460", "title": "Oduya & Pell lobby flowers", "type": "corporate", "cust": "CU-240",
     "dt": "2027-05-07", "ven": "Oduya & Pell Architects", "gst": 0, "pal": "seasonal whites", "st": "C",
     "coord": None},
    {"id": "EV-4466", "title": "Oyelowo-Fenn funeral", "type": "funeral", "cust": "CU-260", "dt": "2027-05-22",
     "ven": "Wendle Crematorium", "gst": 0, "pal": "white and purple", "st": "C", "coord": None},
]}
EVENT_STATUS = {"C": "confirmed", "T": "tentative", "X": "cancelled", "D": "completed"}

# ------------------------------------------------------------------ arrangements (recipes)
ARRANGEMENTS = {a["code"]: a for a in [
    {"code": "BQ-214", "name": "Cascade bridal bouquet", "price": 285.0, "labour_min": 75, "stems": [
        {"var": "Garden rose Patience", "clr": "white", "n": 9},
        {"var": "Peony Sarah Bernhardt", "clr": "blush", "n": 15},
        {"var": "Astilbe", "clr": "white", "n": 6},
        {"var": "Eucalyptus Baby Blue", "clr": "silver-green", "n": 12},
        {"var": "Jasmine trail", "clr": "green", "n": 7}]},
    {"code": "BQ-215", "name": "Cascade bridal bouquet (petite)", "price": 145.0, "labour_min": 40, "stems": [
        {"var": "Garden rose Patience", "clr": "white", "n": 5},
        {"var": "Peony Sarah Bernhardt", "clr": "blush", "n": 8},
        {"var": "Eucalyptus Baby Blue", "clr": "silver-green", "n": 6}]},
    {"code": "BQ-220", "name": "Bridesmaid posy", "price": 78.5, "labour_min": 25, "stems": [
        {"var": "Spray rose Babe", "clr": "dusty pink", "n": 10},
        {"var": "Waxflower", "clr": "white", "n": 5}]},
    {"code": "BH-02", "name": "Rose buttonhole", "price": 14.5, "labour_min": 8, "stems": [
        {"var": "Spray rose Babe", "clr": "dusty pink", "n": 1},
        {"var": "Rosemary", "clr": "green", "n": 1}]},
    {"code": "AR-330", "name": "Ceremony arch installation", "price": 1150.0, "labour_min": 360, "stems": [
        {"var": "Garden rose Patience", "clr": "white", "n": 60},
        {"var": "Delphinium", "clr": "pale blue", "n": 30},
        {"var": "Smilax", "clr": "green", "n": 40}]},
    {"code": "CP-118", "name": "Low meadow centrepiece", "price": 68.75, "labour_min": 30, "stems": [
        {"var": "Ranunculus", "clr": "burgundy", "n": 7},
        {"var": "Scabious", "clr": "lilac", "n": 5},
        {"var": "Astrantia", "clr": "white", "n": 6}]},
    {"code": "CP-119", "name": "Tall meadow centrepiece", "price": 96.0, "labour_min": 45, "stems": [
        {"var": "Garden rose Juliet", "clr": "apricot", "n": 5},
        {"var": "Delphinium", "clr": "pale blue", "n": 4},
        {"var": "Stock", "clr": "white", "n": 6},
        {"var": "Eucalyptus Baby Blue", "clr": "silver-green", "n": 8}]},
    {"code": "PE-07", "name": "Pew end posy", "price": 32.0, "labour_min": 15, "stems": [
        {"var": "Gypsophila", "clr": "white", "n": 8},
        {"var": "Spray rose Babe", "clr": "dusty pink", "n": 4}]},
    {"code": "CK-01", "name": "Cake flowers", "price": 65.0, "labour_min": 30, "stems": [
        {"var": "Spray rose Babe", "clr": "dusty pink", "n": 6}]},
    {"code": "PC-05", "name": "Petal confetti cone", "price": 2.4, "labour_min": 2, "stems": [
        {"var": "Dried delphinium petals", "clr": "mixed", "n": 1}]},
    {"code": "LB-01", "name": "Lobby urn arrangement", "price": 185.0, "labour_min": 60, "stems": [
        {"var": "Lily Casa Blanca", "clr": "white", "n": 12},
        {"var": "Snapdragon", "clr": "white", "n": 10},
        {"var": "Eucalyptus Baby Blue", "clr": "silver-green", "n": 10}]},
    {"code": "WR-40", "name": "Funeral wreath, 40 cm", "price": 120.0, "labour_min": 90, "stems": [
        {"var": "Chrysanthemum Bianca", "clr": "white", "n": 30},
        {"var": "Lisianthus", "clr": "purple", "n": 10}]},
]}

# ------------------------------------------------------------------ stock and suppliers
STOCK = [
    {"sku": "ST-1101", "var": "Spray rose Babe", "clr": "dusty pink", "qty": 140, "st": "low", "sup": "SP-03"},
    {"sku": "ST-1102", "var": "Spray rose Babe", "clr": "pink", "qty": 320, "st": "ok", "sup": "SP-03"},
    {"sku": "ST-1103", "var": "Spray rose Mimi Eden", "clr": "hot pink", "qty": 60, "st": "ok", "sup": "SP-05"},
    {"sku": "ST-1110", "var": "Garden rose Patience", "clr": "white", "qty": 210, "st": "ok", "sup": "SP-05"},
    {"sku": "ST-1111", "var": "Garden rose Juliet", "clr": "apricot", "qty": 95, "st": "ok", "sup": "SP-03"},
    {"sku": "ST-1112", "var": "Garden rose Juliet", "clr": "peach", "qty": 40, "st": "low", "sup": "SP-05"},
    {"sku": "ST-1113", "var": "Garden rose Keira", "clr": "apricot", "qty": 0, "st": "out", "sup": "SP-05"},
    {"sku": "ST-1120", "var": "Peony Sarah Bernhardt", "clr": "blush", "qty": 260, "st": "ok", "sup": "SP-07"},
    {"sku": "ST-1121", "var": "Peony Coral Charm", "clr": "coral", "qty": 0, "st": "on order", "sup": "SP-07"},
    {"sku": "ST-1130", "var": "Ranunculus", "clr": "burgundy", "qty": 180, "st": "ok", "sup": "SP-07"},
    {"sku": "ST-1131", "var": "Ranunculus", "clr": "burgundy picotee", "qty": 75, "st": "ok", "sup": "SP-03"},
    {"sku": "ST-1132", "var": "Ranunculus", "clr": "white", "qty": 150, "st": "ok", "sup": "SP-07"},
    {"sku": "ST-1140", "var": "Delphinium", "clr": "pale blue", "qty": 120, "st": "ok", "sup": "SP-03"},
    {"sku": "ST-1141", "var": "Scabious", "clr": "lilac", "qty": 90, "st": "ok", "sup": "SP-07"},
    {"sku": "ST-1142", "var": "Astrantia", "clr": "white", "qty": 110, "st": "ok", "sup": "SP-07"},
    {"sku": "ST-1143", "var": "Astilbe", "clr": "white", "qty": 45, "st": "low", "sup": "SP-09"},
    {"sku": "ST-1150", "var": "Eucalyptus Baby Blue", "clr": "silver-green", "qty": 400, "st": "ok", "sup": "SP-09"},
    {"sku": "ST-1151", "var": "Stock", "clr": "white", "qty": 130, "st": "ok", "sup": "SP-09"},
    {"sku": "ST-1152", "var": "Gypsophila", "clr": "white", "qty": 300, "st": "ok", "sup": "SP-03"},
    {"sku": "ST-1160", "var": "Lily Casa Blanca", "clr": "white", "qty": 72, "st": "ok", "sup": "SP-05"},
    {"sku": "ST-1161", "var": "Lisianthus", "clr": "purple", "qty": 55, "st": "ok", "sup": "SP-05"},
    {"sku": "ST-1162", "var": "Chrysanthemum Bianca", "clr": "white", "qty": 240, "st": "ok", "sup": "SP-09"},
]

SUPPLIERS = {s["id"]: s for s in [
    {"id": "SP-03", "name": "Van Oosterom Bloemen BV", "country": "Netherlands", "phone": "+31 20 555 0143",
     "email": "orders@vanoosterom.example", "lead_days": 2, "cutoff": "11:30 (Aalsmeer time), two days before",
     "min_order": 250.0},
    {"id": "SP-05", "name": "Kestle Valley Roses", "country": "UK", "phone": "+44 1632 960355",
     "email": "trade@kestlevalley.example", "lead_days": 1, "cutoff": "15:00 the day before", "min_order": 120.0},
    {"id": "SP-07", "name": "Hollowmere Growers", "country": "UK", "phone": "+44 1632 960418",
     "email": "sales@hollowmere.example", "lead_days": 1, "cutoff": "16:30 the day before", "min_order": 80.0},
    {"id": "SP-09", "name": "Brackenfold Foliage & Fillers", "country": "UK", "phone": "+44 1632 960592",
     "email": "hello@brackenfold.example", "lead_days": 3, "cutoff": "12:00, three days before",
     "min_order": 60.0},
]}

# ------------------------------------------------------------------ orders and deliveries


def _o(oid, cust, ev, st, on, summary, lines, paid, dlv):
    tot = round(sum(ARRANGEMENTS[a]["price"] * q for a, q in lines), 2)
    return {"id": oid, "cust": cust, "ev": ev, "st": st, "on": on, "summary": summary,
            "lines": [{"arr": a, "qty": q, "ea": ARRANGEMENTS[a]["price"]} for a, q in lines],
            "tot": tot, "paid": paid, "bal": 0.0 if st == "cancelled" else round(tot - paid, 2), "dlv": dlv}


ORDERS = {o["id"]: o for o in [
    _o("FL-2877", "CU-210", "EV-4276", "delivered", "2026-05-22", "Lunch table flowers",
       [("CP-118", 3)], 206.25, "DL-6120"),
    _o("FL-3012", "CU-250", "EV-4410", "confirmed", "2027-05-29", "Bride and bridesmaid bouquets",
       [("BQ-214", 1), ("BQ-215", 3)], 360.0, "DL-7660"),
    _o("FL-3014", "CU-250", "EV-4410", "confirmed", "2027-05-29", "Buttonholes", [("BH-02", 12)], 174.0, "DL-7660"),
    _o("FL-3015", "CU-250", "EV-4410", "confirmed", "2027-05-29", "Ceremony arch", [("AR-330", 1)], 575.0, "DL-7661"),
    _o("FL-3019", "CU-250", "EV-4410", "confirmed", "2027-05-29", "Table centrepieces", [("CP-118", 12)], 400.0,
       "DL-7661"),
    _o("FL-3022", "CU-250", "EV-4410", "cancelled", "2027-05-29", "Pew ends", [("PE-07", 10)], 0.0, None),
    _o("FL-3026", "CU-250", "EV-4410", "open", "2027-05-29", "Cake flowers", [("CK-01", 1)], 0.0, "DL-7661"),
    _o("FL-3027", "CU-250", "EV-4410", "open", "2027-05-29", "Petal confetti cones", [("PC-05", 120)], 0.0,
       "DL-7661"),
    _o("FL-3036", "CU-204", "EV-4391", "cancelled", "2027-05-22", "Bridal bouquet (old date)", [("BQ-214", 1)],
       0.0, None),
    _o("FL-3038", "CU-204", "EV-4391", "cancelled", "2027-05-22", "Barn centrepieces (old date)",
       [("CP-119", 11)], 0.0, None),
    _o("FL-3040", "CU-210", "EV-4430", "cancelled", "2027-05-22", "Wedding flowers (first version)",
       [("BQ-214", 1), ("BH-02", 10), ("CP-119", 8)], 0.0, None),
    _o("FL-3041", "CU-210", "EV-4430", "confirmed", "2027-05-22", "Wedding flowers",
       [("BQ-214", 1), ("BH-02", 8), ("CP-118", 8)], 338.55, "DL-7640"),
    _o("FL-3044", "CU-240", "EV-4460", "confirmed", "2027-05-07", "Lobby flowers, week 19", [("LB-01", 2)], 370.0,
       "DL-7650"),
    _o("FL-3047", "CU-260", "EV-4466", "confirmed", "2027-05-22", "Funeral wreath", [("WR-40", 1)], 120.0,
       "DL-7641"),
    _o("FL-3052", "CU-204", "EV-4420", "confirmed", "2027-06-12", "Bridal bouquet", [("BQ-214", 1)], 142.5,
       "DL-7690"),
    _o("FL-3054", "CU-204", "EV-4420", "open", "2027-06-12", "Orangery centrepieces", [("CP-119", 11)], 0.0,
       "DL-7691"),
    _o("FL-3058", "CU-201", "EV-4415", "confirmed", "2027-06-19", "Wedding flowers",
       [("BQ-214", 1), ("BQ-220", 4), ("BH-02", 10), ("CP-119", 15)], 900.0, "DL-7730"),
    _o("FL-3061", "CU-230", "EV-4450", "confirmed", "2027-06-05", "Ceremony and reception flowers",
       [("AR-330", 1), ("CP-119", 13)], 1200.0, "DL-7712"),
    _o("FL-3062", "CU-230", "EV-4450", "confirmed", "2027-06-05", "Bridal party flowers (bouquet, posies, buttonholes)",
       [("BQ-214", 1), ("BQ-220", 3), ("BH-02", 9)], 300.0, "DL-7709"),
]}

DRIVERS = {"Callum Reeves": "+44 7700 900264", "Callum Rees-Whitlock": "+44 7700 900277",
           "Noor Estrada": "+44 7700 900289"}

DELIVERIES = {d["id"]: d for d in [
    {"id": "DL-6120", "order": "FL-2877", "date": "2026-05-22", "window": "10:00-11:00",
     "addr": "Quillon House, Quillon Lane, Eastholm EH5 2QL", "driver": "Callum Reeves", "van": "VN-1",
     "st": "delivered"},
    {"id": "DL-7640", "order": "FL-3041", "date": "2027-05-22", "window": "09:00-10:30",
     "addr": "Quillon House, Quillon Lane, Eastholm EH5 2QL", "driver": "Noor Estrada", "van": "VN-2 (chilled)",
     "st": "scheduled"},
    {"id": "DL-7641", "order": "FL-3047", "date": "2027-05-22", "window": "08:00-09:00",
     "addr": "Wendle Crematorium, Chapel of Rest entrance, Wendle WN4 6CR", "driver": "Callum Reeves", "van": "VN-1",
     "st": "scheduled"},
    {"id": "DL-7650", "order": "FL-3044", "date": "2027-05-07", "window": "07:30-08:30",
     "addr": "Oduya & Pell Architects, 3rd floor, 18 Tannery Wharf, Eastholm EH4 9TW", "driver": "Callum Reeves",
     "van": "VN-1", "st": "scheduled"},
    {"id": "DL-7660", "order": "FL-3012", "date": "2027-05-29", "window": "09:00-10:00",
     "addr": "The Old Forge, Fennick FN2 7OF", "driver": "Callum Rees-Whitlock", "van": "VN-2 (chilled)",
     "st": "scheduled"},
    {"id": "DL-7661", "order": "FL-3015", "date": "2027-05-29", "window": "07:00-11:00",
     "addr": "Fennick Priory, Priory Road, Fennick FN1 3PR", "driver": "Noor Estrada", "van": "VN-3 (long)",
     "st": "scheduled"},
    {"id": "DL-7690", "order": "FL-3052", "date": "2027-06-12", "window": "09:30-10:30",
     "addr": "22 Saddler's Yard, Wendle WN1 2SY", "driver": "Callum Reeves", "van": "VN-1", "st": "scheduled"},
    {"id": "DL-7691", "order": "FL-3054", "date": "2027-06-12", "window": "11:00-12:30",
     "addr": "Maplestead Orangery, Maplestead Park, Wendle WN5 4MP", "driver": "Noor Estrada",
     "van": "VN-2 (chilled)", "st": "scheduled"},
    {"id": "DL-7709", "order": "FL-3062", "date": "2027-06-05", "window": "08:00-09:00",
     "addr": "14 Orchard Rise, Wendle WN3 5RP", "driver": "Callum Rees-Whitlock", "van": "VN-2 (chilled)",
     "st": "scheduled"},
    {"id": "DL-7712", "order": "FL-3061", "date": "2027-06-05", "window": "10:30-12:00",
     "addr": "Cobbler's Mill, Mill Lane, Wendle WN3 8CM", "driver": "Callum Reeves", "van": "VN-3 (long)",
     "st": "scheduled"},
    {"id": "DL-7730", "order": "FL-3058", "date": "2027-06-19", "window": "09:00-11:00",
     "addr": "Larkspur Tithe Barn, Larkspur Lane, Fennick FN4 1LT", "driver": "Noor Estrada", "van": "VN-3 (long)",
     "st": "scheduled"},
]}

QUOTES = {}


def _get(table, key, what):
    row = table.get(str(key).strip().upper())
    if row is None:
        raise ToolError(f"no {what} {key}")
    return row


# ------------------------------------------------------------------ tools
@mcp.tool()
def find_customers(query: str) -> dict:
    """Find customers by name (every word must match; accents ignored) or by email address.

    Returns {"customers": [{"id", "name", "email", "phone"}], "count"}."""
    q = _fold(query).strip()
    if not q:
        raise ToolError("query is empty")
    if "@" in q:
        rows = [c for c in CUSTOMERS.values() if c["email"] == q]
    else:
        rows = [c for c in CUSTOMERS.values() if _words_match(q, c["name"])]
    return {"customers": [{k: c[k] for k in ("id", "name", "email", "phone")} for c in rows], "count": len(rows)}


@mcp.tool()
def get_customer(customer_id: str) -> dict:
    """One customer's record: id, name, email, phone, addr (postal address), acct (private or trade account),
    since (first order date) and notes."""
    return dict(_get(CUSTOMERS, customer_id, "customer"))


@mcp.tool()
def list_events(customer_id: str = "", month: str = "", status: str = "") -> dict:
    """Events we are doing flowers for, by date. Filters: customer_id (e.g. CU-201), month (YYYY-MM) and status
    (confirmed, tentative, cancelled, completed). Past and cancelled events are kept.

    Returns {"events": [{"event_id", "title", "type", "date", "venue", "status"}], "count"}."""
    rows = sorted(EVENTS.values(), key=lambda e: (e["dt"], e["id"]))
    if customer_id:
        cid = _get(CUSTOMERS, customer_id, "customer")["id"]
        rows = [e for e in rows if e["cust"] == cid]
    if month:
        if not re.fullmatch(r"\d{4}-\d{2}", month.strip()):
            raise ToolError("month must be YYYY-MM")
        rows = [e for e in rows if e["dt"].startswith(month.strip())]
    if status:
        rows = [e for e in rows if EVENT_STATUS[e["st"]] == status.strip().lower()]
    events = [{"event_id": e["id"], "title": e["title"], "type": e["type"], "date": e["dt"], "venue": e["ven"],
               "status": EVENT_STATUS[e["st"]]} for e in rows]
    return {"events": events, "count": len(events)}


@mcp.tool()
def get_event(event_id: str) -> dict:
    """An event's full record. Keys: id, title, type, cust (customer id), dt (event date), ven (venue), gst (guest
    count), pal (agreed colour palette), st (C confirmed, T tentative, X cancelled, D done) and coord (the
    venue or family coordinator, or null)."""
    return dict(_get(EVENTS, event_id, "event"))


@mcp.tool()
def list_orders(event_id: str = "", deliver_on: str = "", status: str = "", page: int = 1) -> dict:
    """Orders, by order number, five to a page. Filters: event_id, deliver_on (delivery date YYYY-MM-DD) and status
    (open, confirmed, delivered, cancelled).

    Returns {"orders": [{"order_id", "customer_id", "event_id", "summary", "deliver_on", "status", "total",
    "delivery_id"}], "total" (orders matching, all pages), "page", "next_page" (null on the last page)}."""
    rows = sorted(ORDERS.values(), key=lambda o: o["id"])
    if event_id:
        ev = _get(EVENTS, event_id, "event")["id"]
        rows = [o for o in rows if o["ev"] == ev]
    if deliver_on:
        rows = [o for o in rows if o["on"] == deliver_on.strip()]
    if status:
        rows = [o for o in rows if o["st"] == status.strip().lower()]
    if page < 1:
        raise ToolError("page starts at 1")
    chunk = rows[(page - 1) * PAGE_SIZE: page * PAGE_SIZE]
    orders = [{"order_id": o["id"], "customer_id": o["cust"], "event_id": o["ev"], "summary": o["summary"],
               "deliver_on": o["on"], "status": o["st"], "total": o["tot"], "delivery_id": o["dlv"]} for o in chunk]
    return {"orders": orders, "total": len(rows), "page": page,
            "next_page": page + 1 if page * PAGE_SIZE < len(rows) else None}


@mcp.tool()
def get_order(order_id: str) -> dict:
    """One order. Keys: id, cust (customer id), ev (event id), st (status), on (delivery date), summary, lines (each
    {arr: arrangement code, qty: how many, ea: price each}), tot (order total, GBP), paid (paid so far), bal
    (balance still to pay) and dlv (delivery id, null if none)."""
    o = _get(ORDERS, order_id, "order")
    return {**o, "lines": [dict(line) for line in o["lines"]]}


@mcp.tool()
def get_arrangement(code: str) -> dict:
    """An arrangement's recipe. Keys: code, name, price (GBP each), labour_min (make-up time in minutes) and stems,
    a list of {var: flower variety, clr: colour, n: stems per arrangement}."""
    a = _get(ARRANGEMENTS, code, "arrangement")
    return {**a, "stems": [dict(s) for s in a["stems"]]}


@mcp.tool()
def search_stock(variety: str, colour: str = "") -> dict:
    """Stems in the cooler by variety, optionally narrowed by colour (both match on words contained).

    Returns {"results": [{sku, var, clr, qty, st, sup}], "count"}: var = variety, clr = colour, qty = stems on hand,
    st = ok / low / out / on order, sup = supplier id."""
    rows = [s for s in STOCK if _words_match(variety, s["var"]) and (not colour or _words_match(colour, s["clr"]))]
    return {"results": [dict(s) for s in rows], "count": len(rows)}


@mcp.tool()
def get_supplier(supplier_id: str) -> dict:
    """A supplier: id, name, country, phone, email, lead_days (days from order to delivery), cutoff (latest time to
    order for that lead time) and min_order (GBP)."""
    return dict(_get(SUPPLIERS, supplier_id, "supplier"))


@mcp.tool()
def list_deliveries(date: str, driver: str = "") -> dict:
    """The delivery run for one date (YYYY-MM-DD), optionally for one driver.

    Returns {"date", "deliveries": [{"id", "order", "window", "driver", "st"}], "count"}."""
    rows = [d for d in DELIVERIES.values() if d["date"] == date.strip()
            and (not driver or _words_match(driver, d["driver"]))]
    rows.sort(key=lambda d: (d["window"], d["id"]))
    return {"date": date.strip(),
            "deliveries": [{k: d[k] for k in ("id", "order", "window", "driver", "st")} for d in rows],
            "count": len(rows)}


@mcp.tool()
def get_delivery(delivery_id: str) -> dict:
    """One delivery: id, order, date, window (time slot), addr (address), driver, driver_phone, van and st
    (scheduled, out, delivered)."""
    d = _get(DELIVERIES, delivery_id, "delivery")
    return {**d, "driver_phone": DRIVERS[d["driver"]]}


@mcp.tool()
def create_quote(customer_id: str, event_id: str, arrangement_code: str, quantity: int) -> dict:
    """Draft a price quote for a quantity of one arrangement for a customer's event (the event must be the
    customer's and still ahead: not cancelled or done). The same customer, event, arrangement and quantity always
    give the same quote.

    Returns {"quote": code QT-xxxxxx, "cust", "ev", "arr", "qty", "ea" (price each), "tot" (total GBP),
    "valid_until", "st": "draft"}."""
    c = _get(CUSTOMERS, customer_id, "customer")
    e = _get(EVENTS, event_id, "event")
    a = _get(ARRANGEMENTS, arrangement_code, "arrangement")
    if e["cust"] != c["id"]:
        raise ToolError(f"event {e['id']} is not {c['name']}'s")
    if e["st"] in ("X", "D"):
        raise ToolError(f"event {e['id']} is {EVENT_STATUS[e['st']]}")
    if not isinstance(quantity, int) or quantity < 1:
        raise ToolError("quantity must be a positive whole number")
    code = "QT-" + hashlib.sha1("|".join([c["id"], e["id"], a["code"], str(quantity)]).encode()) \
        .hexdigest().upper()[:6]
    if code not in QUOTES:
        QUOTES[code] = {"quote": code, "cust": c["id"], "ev": e["id"], "arr": a["code"], "qty": quantity,
                        "ea": a["price"], "tot": round(a["price"] * quantity, 2), "valid_until": QUOTE_VALID_UNTIL,
                        "st": "draft"}
    return dict(QUOTES[code])


if __name__ == "__main__":
    mcp.run()
