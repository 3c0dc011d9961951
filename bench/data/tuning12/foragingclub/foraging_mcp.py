"""Hollowmere Fungus Foragers (mushroom foraging club) MCP server (stdio): members, sites, guided walks, walk
sign-ups, finds, identifications, guides and a small field guide.

Run: python foraging_mcp.py   (speaks MCP over stdin/stdout)
Deterministic: fixed seed data (the autumn 2027 season, September to November), no clock, no randomness; sign-up
codes and find ids for new records are derived from the record's content. State lives in memory for the life of
the process. All names, emails, phone numbers, places, grid references and codes are invented. Licence: Apache-2.0.
"""
import hashlib
import re
import unicodedata
from typing import Optional

from typing_extensions import TypedDict  # pydantic needs this one on Python < 3.12

try:  # mcp 1.x
    from mcp.server.fastmcp import FastMCP as _Server
    from mcp.server.fastmcp.exceptions import ToolError
except ImportError:  # mcp >= 2 renamed FastMCP to MCPServer
    from mcp.server.mcpserver import MCPServer as _Server
    from mcp.server.mcpserver.exceptions import ToolError

mcp = _Server("hollowmere-foragers")

PAGE_SIZE = 8


def _fold(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", str(text)) if not unicodedata.combining(c)).lower()


def _words_in(query: str, text: str) -> bool:
    tokens = [t for t in re.split(r"[\s,.'\u2019-]+", _fold(query)) if t]
    low = _fold(text)
    return all(t in low for t in tokens)


def _digest(*parts: str) -> str:
    return hashlib.sha1("|".join(parts).encode()).hexdigest()


# ------------------------------------------------------------------ seed data
GUIDES = {g["id"]: g for g in [
    {"id": "G-01", "name": "Marguerite Ellingham", "specialties": ["boletes", "amanitas", "beginners"],
     "phone": "07700 900611"},
    {"id": "G-02", "name": "Margot Ellingham", "specialties": ["waxcaps", "grassland fungi"],
     "phone": "07700 900612"},
    {"id": "G-03", "name": "Teodor Vasko", "specialties": ["polypores", "bracket fungi", "wood decay"],
     "phone": "07700 900613"},
    {"id": "G-04", "name": "Anwen Prothero", "specialties": ["boletes", "russulas", "milkcaps"],
     "phone": "07700 900614"},
    {"id": "G-05", "name": "Sipho Ndlovu-Carr", "specialties": ["microscopy", "slime moulds"],
     "phone": "07700 900615"},
    {"id": "G-06", "name": "Rhiannon Castellane", "specialties": ["edibles", "beginners"],
     "phone": "07700 900616"},
]}

# sites use terse keys (see get_site): nm name, area, hab habitat, grid OS grid reference, meet default meeting
# point, park parking, rst collecting rules, perm permission held, haz hazards
SITES = {s["id"]: s for s in [
    {"id": "S-01", "nm": "Ashcombe Wood", "area": "Ashcombe", "hab": "ancient beech and oak woodland",
     "grid": "SX 4471 6120", "meet": "Ashcombe village hall car park",
     "park": "village hall car park, free, 20 spaces",
     "rst": "SSSI: photograph only until 15 Oct, then max 1.5 kg per person; no ceps smaller than a fist",
     "perm": "Natural England consent NE-2291", "haz": "steep banks along the stream"},
    {"id": "S-02", "nm": "Ashcombe Wood East", "area": "Ashcombe", "hab": "spruce and larch plantation",
     "grid": "SX 4538 6154", "meet": "forestry gate on Ridgeway Lane",
     "park": "layby at the forestry gate, 6 cars", "rst": "max 3 kg per person; guide carries forestry permit FP-77",
     "perm": "Forestry permit FP-77", "haz": "timber lorries on weekdays"},
    {"id": "S-03", "nm": "Pellow Moss", "area": "Pellow", "hab": "wet birch woodland and raised bog",
     "grid": "SX 3902 7015", "meet": "Pellow Moss reserve car park, by the noticeboard",
     "park": "reserve car park, pay and display", "rst": "boardwalk only; nothing collected from the bog",
     "perm": "reserve warden notified", "haz": "deep bog pools off the boardwalk"},
    {"id": "S-04", "nm": "Brackenridge Common", "area": "Brackenridge", "hab": "heath with scattered birch and pine",
     "grid": "SX 4215 6788", "meet": "trig point layby on Common Road",
     "park": "trig point layby, 10 cars", "rst": "club code: max 1 kg per person",
     "perm": "common land, none needed", "haz": "adders in warm weather"},
    {"id": "S-05", "nm": "Kestle Hanger", "area": "Kestle", "hab": "chalk beech hanger",
     "grid": "SX 5127 6693", "meet": "Kestle Farm gate",
     "park": "verge by the farm gate, room for 4 cars; car share please",
     "rst": "landowner asks: no truffle digging, max 1 kg per person",
     "perm": "landowner permission (Kestle Farm)", "haz": "very steep, slippery when wet"},
    {"id": "S-06", "nm": "Hollowmere Churchyard", "area": "Hollowmere", "hab": "unimproved grassland",
     "grid": "SX 4390 6450", "meet": "lychgate, St Petroc's church",
     "park": "on-street, Church Lane", "rst": "church land: photograph only",
     "perm": "parochial church council", "haz": "none noted"},
    {"id": "S-07", "nm": "Tallow Lane Meadows", "area": "Hollowmere", "hab": "old hay meadows",
     "grid": "SX 4462 6399", "meet": "Tallow Lane stile", "park": "Tallow Lane verge, 5 cars",
     "rst": "photograph only before the hay is cut; max 0.5 kg after",
     "perm": "farmer's permission (Tallow Farm)", "haz": "cattle in the lower meadow"},
    {"id": "S-08", "nm": "Pellow Moss Plantation", "area": "Pellow", "hab": "larch and pine plantation",
     "grid": "SX 3951 7066", "meet": "plantation track barrier, Pellow Road",
     "park": "track entrance, 4 cars", "rst": "max 2 kg per person",
     "perm": "estate permission letter", "haz": "brash piles"},
]}

# members use terse keys (see get_member)
MEMBERS = {m["id"]: m for m in [
    {"id": "M-201", "nm": "Rosalind Hartigan", "em": "r.hartigan@example.net", "joined": "2019-09-14",
     "exp": "2028-01-31", "sb": "2027-08-28", "lvl": 2, "w": 7, "role": "member"},
    {"id": "M-203", "nm": "Bartholomew Nkemelu", "em": "bart.nkemelu@example.com", "joined": "2022-10-02",
     "exp": "2027-12-31", "sb": "2027-09-04", "lvl": 1, "w": 5, "role": "member"},
    {"id": "M-204", "nm": "Ines Ferreira-Holt", "em": "ines.ferreira-holt@example.org", "joined": "2027-08-20",
     "exp": "2028-08-31", "sb": "2027-09-04", "lvl": 1, "w": 2, "role": "member"},
    {"id": "M-205", "nm": "Harriet Voss", "em": "harriet.voss@example.com", "joined": "2024-09-28",
     "exp": "2028-03-31", "sb": "2026-09-12", "lvl": 1, "w": 6, "role": "member"},
    {"id": "M-206", "nm": "Harriet Vossberg", "em": "h.vossberg@example.net", "joined": "2016-03-05",
     "exp": "2028-03-31", "sb": "2027-09-04", "lvl": 3, "w": 11, "role": "recorder"},
    {"id": "M-207", "nm": "Fenella Okonkwo-Hart", "em": "fenella.oh@example.org", "joined": "2021-05-17",
     "exp": "2027-11-30", "sb": "2027-08-28", "lvl": 2, "w": 9, "role": "member"},
    {"id": "M-208", "nm": "Cormac Delaney-Price", "em": "cormac.dp@example.com", "joined": "2018-10-20",
     "exp": "2028-01-31", "sb": "2025-09-06", "lvl": 2, "w": 3, "role": "treasurer"},
    {"id": "M-209", "nm": "Yusuf Karadag", "em": "yusuf.karadag@example.net", "joined": "2023-09-09",
     "exp": "2027-09-30", "sb": "2026-09-12", "lvl": 1, "w": 1, "role": "member"},
    {"id": "M-210", "nm": "Petra Holm-Oduya", "em": "petra.ho@example.org", "joined": "2020-11-01",
     "exp": "2028-02-29", "sb": "2027-08-28", "lvl": 2, "w": 8, "role": "member"},
    {"id": "M-211", "nm": "Dominic Arkwright", "em": "dom.arkwright@example.com", "joined": "2017-04-22",
     "exp": "2028-04-30", "sb": "2027-09-04", "lvl": 3, "w": 10, "role": "secretary"},
    {"id": "M-212", "nm": "Saskia Verhoef", "em": "saskia.verhoef@example.net", "joined": "2022-02-12",
     "exp": "2028-02-28", "sb": "2027-08-28", "lvl": 2, "w": 8, "role": "member"},
    {"id": "M-213", "nm": "Lowenna Pascoe", "em": "lowenna.pascoe@example.org", "joined": "2025-09-13",
     "exp": "2027-12-31", "sb": "2027-09-04", "lvl": 1, "w": 4, "role": "member"},
    {"id": "M-214", "nm": "Rosalyn Hartigan", "em": "rosalyn.hartigan@example.com", "joined": "2023-10-07",
     "exp": "2027-10-31", "sb": "2026-09-05", "lvl": 1, "w": 2, "role": "member"},
    {"id": "M-216", "nm": "Gideon Farraday", "em": "gideon.farraday@example.net", "joined": "2015-09-19",
     "exp": "2028-06-30", "sb": "2027-08-28", "lvl": 3, "w": 12, "role": "chair"},
    {"id": "M-217", "nm": "Nnamdi Okafor-Bell", "em": "nnamdi.ob@example.com", "joined": "2024-03-30",
     "exp": "2028-03-31", "sb": "2027-09-04", "lvl": 1, "w": 5, "role": "member"},
    {"id": "M-218", "nm": "Clemency Ashdown", "em": "clemency.ashdown@example.org", "joined": "2019-06-08",
     "exp": "2028-01-31", "sb": "2027-08-28", "lvl": 2, "w": 6, "role": "member"},
    {"id": "M-219", "nm": "Ruairi Mac Giolla", "em": "ruairi.mg@example.net", "joined": "2021-09-25",
     "exp": "2028-09-30", "sb": "2026-09-12", "lvl": 2, "w": 7, "role": "member"},
    {"id": "M-220", "nm": "Agnieszka Wrona", "em": "agnieszka.wrona@example.com", "joined": "2020-10-10",
     "exp": "2028-10-31", "sb": "2027-09-04", "lvl": 2, "w": 9, "role": "member"},
    {"id": "M-221", "nm": "Hollis Tremayne", "em": "hollis.tremayne@example.org", "joined": "2026-09-26",
     "exp": "2027-09-30", "sb": "2026-09-26", "lvl": 1, "w": 3, "role": "member"},
    {"id": "M-222", "nm": "Beatrix Coldharbour", "em": "beatrix.c@example.net", "joined": "2018-05-12",
     "exp": "2028-05-31", "sb": "2027-08-28", "lvl": 3, "w": 10, "role": "member"},
]}


def _build_walks():
    plan = [  # date, time, site, guide, capacity, title, extra
        ("2027-09-12", "10:00", "S-04", "G-06", 10, "Beginners' foray", {}),
        ("2027-09-18", "10:00", "S-01", "G-01", 12, "Early autumn at Ashcombe", {}),
        ("2027-09-19", "10:00", "S-04", "G-04", 10, "Heathland boletes", {}),
        ("2027-09-25", "10:00", "S-08", "G-03", 10, "Larch and pine specialists", {}),
        ("2027-09-26", "10:00", "S-05", "G-01", 10, "Beech hanger foray", {}),
        ("2027-10-02", "10:00", "S-01", "G-01", 12, "Amanitas of Ashcombe", {}),
        ("2027-10-02", "14:00", "S-04", "G-06", 10, "Beginners' foray", {}),
        ("2027-10-03", "10:00", "S-05", "G-01", 10, "Beech hanger foray", {}),
        ("2027-10-03", "14:00", "S-02", "G-04", 10, "Plantation russulas", {}),
        ("2027-10-06", "10:00", "S-02", "G-03", 8, "Midweek conifer walk", {}),
        ("2027-10-09", "09:30", "S-03", "G-01", 10, "Birch bolete morning", {}),
        ("2027-10-09", "10:30", "S-08", "G-03", 10, "Larch boletes", {}),
        ("2027-10-09", "14:00", "S-06", "G-02", 15, "Churchyard waxcaps", {}),
        ("2027-10-10", "10:00", "S-04", "G-01", 12, "Common ground", {}),
        ("2027-10-13", "14:00", "S-01", "G-01", 8, "Midweek amble", {}),
        ("2027-10-16", "10:00", "S-05", "G-01", 10, "Beech hanger foray", {}),
        ("2027-10-16", "10:00", "S-02", "G-03", 10, "Bracket fungi on the stumps", {}),
        ("2027-10-16", "14:00", "S-01", "G-06", 10, "Family foray",
         {"st": "off", "note": "cancelled: storm warning"}),
        ("2027-10-17", "10:00", "S-03", "G-01", 10, "Bog and birch", {}),
        ("2027-10-17", "10:00", "S-04", "G-04", 10, "Milkcaps and brittlegills", {}),
        ("2027-10-20", "10:00", "S-03", "G-05", 6, "Slime mould hunt (bring a hand lens)", {}),
        ("2027-10-23", "10:00", "S-01", "G-01", 12, "Peak season at Ashcombe", {}),
        ("2027-10-23", "14:00", "S-07", "G-02", 15, "Meadow waxcaps", {}),
        ("2027-10-24", "10:00", "S-04", "G-01", 12, "Common ground", {}),
        ("2027-10-24", "10:30", "S-02", "G-04", 10, "Conifer boletes",
         {"meet": "Ridgeway Lane forestry gate (not the Ashcombe village hall)"}),
        ("2027-10-27", "14:00", "S-04", "G-01", 8, "Midweek amble", {}),
        ("2027-10-30", "10:00", "S-05", "G-01", 10, "Beech hanger foray", {}),
        ("2027-10-30", "10:00", "S-02", "G-03", 10, "Wood decay walk", {}),
        ("2027-11-06", "10:00", "S-01", "G-01", 12, "Late autumn at Ashcombe", {}),
        ("2027-11-06", "10:00", "S-04", "G-06", 8, "Beginners' foray", {"full": True}),
        ("2027-11-06", "14:00", "S-06", "G-02", 15, "Churchyard waxcaps", {}),
        ("2027-11-07", "10:00", "S-08", "G-03", 10, "Late larch walk", {}),
        ("2027-11-10", "10:00", "S-03", "G-05", 6, "Slime mould hunt (bring a hand lens)", {}),
        ("2027-11-13", "10:00", "S-05", "G-01", 10, "Beech hanger foray", {}),
        ("2027-11-13", "14:00", "S-07", "G-02", 15, "Meadow waxcaps", {}),
        ("2027-11-14", "10:00", "S-02", "G-04", 10, "Plantation russulas", {}),
        ("2027-11-20", "10:00", "S-04", "G-03", 10, "Brackets on the birches", {}),
        ("2027-11-20", "14:00", "S-06", "G-02", 15, "Churchyard waxcaps", {}),
        ("2027-11-27", "10:00", "S-01", "G-06", 10, "Last foray of the season", {}),
    ]
    plan.sort(key=lambda p: (p[0], p[1], p[2]))
    walks = {}
    for n, (date, time, site, guide, cap, title, extra) in enumerate(plan):
        wid = f"W-{101 + n}"
        walks[wid] = {"id": wid, "dt": date, "t": time, "site": site, "ldr": guide, "cap": cap, "ttl": title,
                      "meet": extra.get("meet", SITES[site]["meet"]), "dur": 3.0 if time < "12:00" else 2.5,
                      "st": extra.get("st", "on"), "note": extra.get("note"), "full": extra.get("full", False)}
    return walks


WALKS = _build_walks()


def _walk_at(date: str, site: str) -> str:
    for w in WALKS.values():
        if w["dt"] == date and w["site"] == site:
            return w["id"]
    raise KeyError((date, site))


def signup_code(walk_id: str, member_id: str) -> str:
    return "SG-" + _digest("signup", walk_id, member_id)[:6].upper()


SIGNUPS = []  # in sign-up order: {code, walk, member, status}


def _seed_signups():
    for w in WALKS.values():
        order = sorted((m for m in MEMBERS if m != "M-204"), key=lambda m: _digest("order", w["id"], m))
        if w["full"]:
            confirmed, waiting = order[:w["cap"]], order[w["cap"]:w["cap"] + 1]
        else:
            k = 2 + int(_digest("count", w["id"])[:2], 16) % (w["cap"] - 2)
            confirmed, waiting = order[:k], []
        for m in confirmed:
            SIGNUPS.append({"code": signup_code(w["id"], m), "walk": w["id"], "member": m, "status": "confirmed"})
        for m in waiting:
            SIGNUPS.append({"code": signup_code(w["id"], m), "walk": w["id"], "member": m, "status": "waitlisted"})


_seed_signups()

# identifications use terse keys (see get_identification)
FINDS = {}
IDENTS = {}


def _seed_finds():
    rows = [  # date, site, member, guess, qty, (species, common name, verifier, confidence, edibility, note)
        ("2027-09-18", "S-01", "M-203", "Hen of the woods", 1,
         ("Meripilus giganteus", "Giant polypore", "G-03", 90, "I",
          "blackens when handled; tough, not hen of the woods")),
        ("2027-09-18", "S-01", "M-203", "Chicken of the woods", 2,
         ("Laetiporus sulphureus", "Chicken of the woods", "G-01", 97, "EC", "on oak; cook well")),
        ("2027-09-18", "S-01", "M-216", "Cep", 3, ("Boletus edulis", "Cep", "G-01", 99, "E", None)),
        ("2027-09-18", "S-01", "M-210", "Beefsteak fungus", 1,
         ("Fistulina hepatica", "Beefsteak fungus", "G-01", 98, "E", None)),
        ("2027-09-25", "S-08", "M-203", "Larch bolete", 5,
         ("Suillus grevillei", "Larch bolete", "G-03", 99, "E", "peel the slimy cap")),
        ("2027-10-02", "S-01", "M-205", "Blusher", 1,
         ("Amanita pantherina", "Panther cap", "G-01", 95,
          "X", "white ring smooth, flesh does not redden; toxic")),
        ("2027-10-02", "S-01", "M-206", "Blusher", 3,
         ("Amanita rubescens", "Blusher", "G-01", 96, "EC", "flesh reddens when cut; never eat raw")),
        ("2027-10-02", "S-01", "M-205", "Beech milkcap", 4, None),
        ("2027-10-02", "S-01", "M-203", "Oyster mushroom", 6,
         ("Pleurotus ostreatus", "Oyster mushroom", "G-01", 97, "E", None)),
        ("2027-10-02", "S-01", "M-218", "Death cap", 1,
         ("Amanita phalloides", "Death cap", "G-01", 99, "XX", "deadly; kept for the display table")),
        ("2027-10-09", "S-03", "M-207", "Brown birch bolete", 6,
         ("Leccinum scabrum", "Brown birch bolete", "G-01", 93, "EC", None)),
        ("2027-10-09", "S-03", "M-212", "Birch polypore", 14,
         ("Fomitopsis betulina", "Birch polypore", "G-01", 99, "I", None)),
        ("2027-10-09", "S-03", "M-216", "Fly agaric", 9,
         ("Amanita muscaria", "Fly agaric", "G-01", 99, "X", None)),
        ("2027-10-09", "S-03", "M-205", "Orange birch bolete", 2, None),
        ("2027-10-09", "S-03", "M-219", "Brown rollrim", 4,
         ("Paxillus involutus", "Brown rollrim", "G-01", 94, "XX", "do not eat, even cooked")),
        ("2027-10-09", "S-08", "M-220", "Larch bolete", 22,
         ("Suillus grevillei", "Larch bolete", "G-03", 99, "E", None)),
        ("2027-10-09", "S-08", "M-211", "Slippery jack", 7,
         ("Suillus luteus", "Slippery jack", "G-03", 95, "EC", None)),
        ("2027-10-10", "S-04", "M-203", "Hen of the woods", 1, None),
        ("2027-10-10", "S-04", "M-217", "Shaggy inkcap", 8,
         ("Coprinus comatus", "Shaggy inkcap", "G-01", 99, "E", "eat the same day")),
        ("2027-10-16", "S-02", "M-222", "Cauliflower fungus", 1,
         ("Sparassis crispa", "Cauliflower fungus", "G-03", 98, "E", None)),
        ("2027-10-17", "S-03", "M-206", "Jelly ear", 12,
         ("Auricularia auricula-judae", "Jelly ear", "G-01", 99, "EC", None)),
        ("2027-10-24", "S-02", "M-208", "Saffron milkcap", 5,
         ("Lactarius deterrimus", "False saffron milkcap", "G-04", 88, "EC", "orange milk turns wine red")),
    ]
    for n, (date, site, member, guess, qty, ident) in enumerate(rows):
        fid = f"F-{2201 + n * 7}"
        FINDS[fid] = {"id": fid, "walk": _walk_at(date, site), "member": member, "guess": guess, "qty": qty,
                      "status": "confirmed" if ident else "pending"}
        if ident:
            sp, cn, by, conf, ed, note = ident
            IDENTS[fid] = {"find": fid, "sp": sp, "cn": cn, "by": by, "conf": conf, "ed": ed, "note": note}


_seed_finds()

SPECIES = {s["latin"]: s for s in [
    {"latin": "Boletus edulis", "common": "Cep", "edibility": "edible", "season": "Aug-Nov",
     "lookalikes": ["Tylopilus felleus (bitter bolete)"]},
    {"latin": "Amanita rubescens", "common": "Blusher", "edibility": "edible when well cooked", "season": "Jun-Nov",
     "lookalikes": ["Amanita pantherina (panther cap, toxic)"]},
    {"latin": "Amanita pantherina", "common": "Panther cap", "edibility": "toxic", "season": "Jul-Oct",
     "lookalikes": ["Amanita rubescens (blusher)"]},
    {"latin": "Amanita phalloides", "common": "Death cap", "edibility": "deadly", "season": "Jul-Nov",
     "lookalikes": ["Tricholoma sejunctum"]},
    {"latin": "Amanita muscaria", "common": "Fly agaric", "edibility": "toxic", "season": "Aug-Dec",
     "lookalikes": []},
    {"latin": "Grifola frondosa", "common": "Hen of the woods", "edibility": "edible", "season": "Sep-Nov",
     "lookalikes": ["Meripilus giganteus (giant polypore)"]},
    {"latin": "Meripilus giganteus", "common": "Giant polypore", "edibility": "inedible (tough)",
     "season": "Jul-Nov", "lookalikes": ["Grifola frondosa (hen of the woods)"]},
    {"latin": "Laetiporus sulphureus", "common": "Chicken of the woods", "edibility": "edible when well cooked",
     "season": "May-Oct", "lookalikes": []},
    {"latin": "Fomitopsis betulina", "common": "Birch polypore", "edibility": "inedible", "season": "all year",
     "lookalikes": []},
    {"latin": "Leccinum scabrum", "common": "Brown birch bolete", "edibility": "edible when cooked",
     "season": "Jul-Nov", "lookalikes": ["Leccinum versipelle (orange birch bolete)"]},
    {"latin": "Paxillus involutus", "common": "Brown rollrim", "edibility": "deadly (cumulative)",
     "season": "Aug-Nov", "lookalikes": []},
    {"latin": "Suillus grevillei", "common": "Larch bolete", "edibility": "edible", "season": "Aug-Oct",
     "lookalikes": []},
    {"latin": "Coprinus comatus", "common": "Shaggy inkcap", "edibility": "edible", "season": "Aug-Nov",
     "lookalikes": []},
]}


# ------------------------------------------------------------------ typed results
class GuideInfo(TypedDict):
    id: str
    name: str
    specialties: list[str]
    phone: str


class MemberMatch(TypedDict):
    id: str
    name: str
    email: str


class SiteMatch(TypedDict):
    id: str
    name: str
    area: str
    habitat: str


class WalkSummary(TypedDict):
    id: str
    date: str
    time: str
    site_id: str
    title: str
    status: str


class WalkPage(TypedDict):
    total: int
    page: int
    pages: int
    walks: list[WalkSummary]


class SignupEntry(TypedDict):
    signup_code: str
    member_id: str
    member_name: str
    status: str
    waitlist_position: Optional[int]


class SignupResult(TypedDict):
    signup_code: str
    walk_id: str
    member_id: str
    status: str
    waitlist_position: Optional[int]


class FindSummary(TypedDict):
    find_id: str
    walk_id: str
    date: str
    member_id: str
    guess: str
    qty: int
    id_status: str


def _get(table: dict, key: str, what: str) -> dict:
    row = table.get(str(key).strip().upper())
    if row is None:
        raise ToolError(f"no {what} {key!r}")
    return row


def _walk_signups(walk_id: str) -> list[SignupEntry]:
    out, pos = [], 0
    for s in SIGNUPS:
        if s["walk"] != walk_id:
            continue
        if s["status"] == "waitlisted":
            pos += 1
        out.append({"signup_code": s["code"], "member_id": s["member"], "member_name": MEMBERS[s["member"]]["nm"],
                    "status": s["status"], "waitlist_position": pos if s["status"] == "waitlisted" else None})
    return out


# ------------------------------------------------------------------ tools
@mcp.tool()
def find_members(name: str = "", email: str = "") -> list[MemberMatch]:
    """Find club members by name (every word must appear in the name) or by exact email address."""
    if not name and not email:
        raise ToolError("give a name or an email")
    return [{"id": m["id"], "name": m["nm"], "email": m["em"]} for m in MEMBERS.values()
            if (not name or _words_in(name, m["nm"])) and (not email or m["em"] == email.strip().lower())]


@mcp.tool()
def get_member(member_id: str) -> dict:
    """Membership record of one member (id like M-201).

    Keys: nm name; em email; joined date joined; exp membership paid up until (date); sb date of the member's last
    safety briefing; lvl identification competence 1-3; w walks attended this season; role club role.
    """
    return dict(_get(MEMBERS, member_id, "member"))


@mcp.tool()
def find_sites(query: str) -> list[SiteMatch]:
    """Foraging sites whose name or area contains every word of the query."""
    return [{"id": s["id"], "name": s["nm"], "area": s["area"], "habitat": s["hab"]} for s in SITES.values()
            if _words_in(query, s["nm"] + " " + s["area"])]


@mcp.tool()
def get_site(site_id: str) -> dict:
    """Details of one site (id like S-01).

    Keys: nm name; hab habitat; grid OS grid reference; meet usual meeting point; park parking; rst collecting
    rules and restrictions; perm permission the club holds; haz hazards.
    """
    return dict(_get(SITES, site_id, "site"))


@mcp.tool()
def list_walks(site_id: str = "", guide_id: str = "", month: str = "", status: str = "",
               page: int = 1) -> WalkPage:
    """Guided walks in date order, 8 per page; total counts every matching walk on all pages.

    month is YYYY-MM; status is 'scheduled' or 'cancelled'.
    """
    rows = list(WALKS.values())
    if site_id:
        rows = [w for w in rows if w["site"] == site_id.strip().upper()]
    if guide_id:
        rows = [w for w in rows if w["ldr"] == guide_id.strip().upper()]
    if month:
        if not re.fullmatch(r"\d{4}-\d{2}", month.strip()):
            raise ToolError("month must look like 2027-10")
        rows = [w for w in rows if w["dt"].startswith(month.strip())]
    if status:
        if status not in ("scheduled", "cancelled"):
            raise ToolError("status must be 'scheduled' or 'cancelled'")
        rows = [w for w in rows if (w["st"] == "on") == (status == "scheduled")]
    pages = max(1, -(-len(rows) // PAGE_SIZE))
    if page < 1 or page > pages:
        raise ToolError(f"page must be between 1 and {pages}")
    chunk = rows[(page - 1) * PAGE_SIZE: page * PAGE_SIZE]
    return {"total": len(rows), "page": page, "pages": pages,
            "walks": [{"id": w["id"], "date": w["dt"], "time": w["t"], "site_id": w["site"], "title": w["ttl"],
                       "status": "scheduled" if w["st"] == "on" else "cancelled"} for w in chunk]}


@mcp.tool()
def get_walk(walk_id: str) -> dict:
    """One guided walk (id like W-118).

    Keys: dt date; t start time; site site id; ldr leading guide's id; cap places; bk confirmed sign-ups;
    wl waiting list length; meet meeting point; dur hours; st 'on' or 'off' (cancelled); ttl title; note.
    """
    w = _get(WALKS, walk_id, "walk")
    signups = _walk_signups(w["id"])
    out = {k: w[k] for k in ("id", "dt", "t", "site", "ldr", "cap", "meet", "dur", "st", "ttl", "note")}
    out["bk"] = sum(1 for s in signups if s["status"] == "confirmed")
    out["wl"] = sum(1 for s in signups if s["status"] == "waitlisted")
    return out


@mcp.tool()
def sign_up_for_walk(walk_id: str, member_id: str) -> SignupResult:
    """Sign a member up for a walk; when the walk is full they join its waiting list.

    Signing the same member up again returns their existing sign-up.
    """
    w = _get(WALKS, walk_id, "walk")
    m = _get(MEMBERS, member_id, "member")
    for entry in _walk_signups(w["id"]):
        if entry["member_id"] == m["id"]:
            return {"signup_code": entry["signup_code"], "walk_id": w["id"], "member_id": m["id"],
                    "status": entry["status"], "waitlist_position": entry["waitlist_position"]}
    if w["st"] != "on":
        raise ToolError(f"walk {w['id']} is cancelled")
    confirmed = sum(1 for s in SIGNUPS if s["walk"] == w["id"] and s["status"] == "confirmed")
    status = "confirmed" if confirmed < w["cap"] else "waitlisted"
    SIGNUPS.append({"code": signup_code(w["id"], m["id"]), "walk": w["id"], "member": m["id"], "status": status})
    entry = next(e for e in _walk_signups(w["id"]) if e["member_id"] == m["id"])
    return {"signup_code": entry["signup_code"], "walk_id": w["id"], "member_id": m["id"],
            "status": entry["status"], "waitlist_position": entry["waitlist_position"]}


@mcp.tool()
def list_walk_signups(walk_id: str) -> list[SignupEntry]:
    """Everyone signed up for a walk, confirmed places first then the waiting list in order."""
    w = _get(WALKS, walk_id, "walk")
    rows = _walk_signups(w["id"])
    return [r for r in rows if r["status"] == "confirmed"] + [r for r in rows if r["status"] == "waitlisted"]


@mcp.tool()
def list_finds(walk_id: str = "", member_id: str = "", id_status: str = "") -> list[FindSummary]:
    """Finds recorded on club walks, filtered by walk, by member and/or by id_status ('confirmed' or 'pending').

    guess is the finder's own name for it; the checked species is in get_identification.
    """
    if not walk_id and not member_id:
        raise ToolError("give a walk_id or a member_id")
    out = []
    for f in FINDS.values():
        if (walk_id and f["walk"] != walk_id.strip().upper()) or (member_id and f["member"] != member_id.strip().upper()):
            continue
        if id_status and f["status"] != id_status:
            continue
        out.append({"find_id": f["id"], "walk_id": f["walk"], "date": WALKS[f["walk"]]["dt"], "member_id": f["member"],
                    "guess": f["guess"], "qty": f["qty"], "id_status": f["status"]})
    return out


@mcp.tool()
def get_identification(find_id: str) -> dict:
    """The checked identification of a find (id like F-2208).

    Keys: sp species (Latin); cn common name; by id of the guide who checked it; conf confidence %; ed edibility
    code (E edible, EC edible only when cooked, I inedible, X toxic, XX deadly); note.
    """
    f = _get(FINDS, find_id, "find")
    if f["id"] not in IDENTS:
        raise ToolError(f"find {f['id']} has not been identified yet")
    return dict(IDENTS[f["id"]])


@mcp.tool()
def list_guides(specialty: str = "", name: str = "") -> list[GuideInfo]:
    """The club's walk leaders and identifiers, optionally by specialty (e.g. 'waxcaps') or name."""
    return [dict(g) for g in GUIDES.values()
            if (not specialty or any(_fold(specialty) in _fold(s) for s in g["specialties"]))
            and (not name or _words_in(name, g["name"]))]


@mcp.tool()
def get_species(name: str) -> dict:
    """Field-guide entry for a species, by Latin or common name: edibility, season and lookalikes."""
    for s in SPECIES.values():
        if _fold(name).strip() in (_fold(s["latin"]), _fold(s["common"])):
            return dict(s)
    raise ToolError(f"no field-guide entry for {name!r}")


@mcp.tool()
def report_find(walk_id: str, member_id: str, guess: str, qty: int = 1) -> FindSummary:
    """Record a new find on a walk (it waits for a guide to identify it). Reporting the same find again returns it."""
    w = _get(WALKS, walk_id, "walk")
    m = _get(MEMBERS, member_id, "member")
    if qty < 1:
        raise ToolError("qty must be at least 1")
    fid = "F-" + _digest("find", w["id"], m["id"], _fold(guess).strip())[:5].upper()
    if fid not in FINDS:
        FINDS[fid] = {"id": fid, "walk": w["id"], "member": m["id"], "guess": guess.strip(), "qty": qty,
                      "status": "pending"}
    f = FINDS[fid]
    return {"find_id": fid, "walk_id": f["walk"], "date": w["dt"], "member_id": f["member"], "guess": f["guess"],
            "qty": f["qty"], "id_status": f["status"]}


if __name__ == "__main__":
    mcp.run()
