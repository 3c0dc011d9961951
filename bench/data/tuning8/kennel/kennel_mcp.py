"""Fernhollow Boarding Kennels MCP server (stdio): owners, dogs, runs (pens), stays, feeding schedules, feeding
logs, vaccination records and stay bookings.

Run: python kennel_mcp.py   (speaks MCP over stdin/stdout)
Deterministic: fixed seed data ("today" is 2027-03-10), no clock, no randomness; booking references are derived
from the booking's content. State lives in memory for the life of the process. All names, emails, phone numbers,
addresses, microchips and codes are invented. Licence: Apache-2.0.
"""
import datetime
import hashlib
import re
import unicodedata
from typing_extensions import TypedDict  # pydantic needs this one on Python < 3.12

try:  # mcp >= 2 renamed FastMCP to MCPServer
    from mcp.server.mcpserver import MCPServer as _Server
    from mcp.server.mcpserver.exceptions import ToolError
except ImportError:  # mcp 1.x
    from mcp.server.fastmcp import FastMCP as _Server
    from mcp.server.fastmcp.exceptions import ToolError

mcp = _Server("fernhollow-kennels")

TODAY = "2027-03-10"


def _fold(text) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", str(text)) if not unicodedata.combining(c)).lower()


def _words(text) -> list:
    return [w for w in re.split(r"[\s,.'\u2019()-]+", _fold(text)) if w]


# ------------------------------------------------------------------ seed data
def _run(rid, name, size, dim, heated, cam, rate, status="open"):
    return {"id": rid, "nm": name, "blk": name.split()[0], "sz": size, "dim_m": dim, "htd": heated,
            "cap": 2 if size == "L" else 1, "cam": cam, "st": status, "rate": rate}


RUNS = {r["id"]: r for r in [
    _run("RN-101", "Orchard 1", "M", "1.8x3.0", False, "CAM-4K1", 34.00),
    _run("RN-102", "Orchard 2", "L", "2.4x3.6", True, "CAM-9R3", 39.50),
    _run("RN-103", "Orchard 3", "S", "1.2x2.4", False, "CAM-2P8", 28.50),
    _run("RN-104", "Orchard 4", "M", "1.8x3.0", False, "CAM-6T5", 34.00, "closed (drain repair)"),
    _run("RN-105", "Orchard 5", "L", "2.4x3.6", True, "CAM-3H7", 39.50),
    _run("RN-201", "Meadow 1", "M", "2.0x3.2", True, "CAM-8W2", 36.00),
    _run("RN-202", "Meadow 2", "L", "2.6x4.0", False, "CAM-5N6", 41.00),
    _run("RN-203", "Meadow 3", "S", "1.4x2.6", True, "CAM-1D9", 30.00),
    _run("RN-204", "Meadow 4", "M", "2.0x3.2", False, "CAM-7F4", 36.00),
    _run("RN-301", "Cedar 1", "L", "3.0x4.2", True, "CAM-2X5", 46.00),
    _run("RN-302", "Cedar 2", "M", "2.4x3.6", True, "CAM-6B8", 41.50),
    _run("RN-303", "Cedar 2A", "S", "1.6x2.8", True, "CAM-7Q2", 36.00),
    _run("RN-304", "Cedar 3", "S", "1.6x2.8", True, "CAM-4M3", 36.00),
]}
SIZE_WORDS = {"S": "small", "M": "medium", "L": "large"}


def _owner(oid, name, email, phone, address, ec_name, ec_phone, vet):
    return {"owner_id": oid, "name": name, "email": email, "phone": phone, "address": address,
            "emergency_contact": {"name": ec_name, "phone": ec_phone}, "vet_practice": vet}


OWNERS = {o["owner_id"]: o for o in [
    _owner("OW-301", "Irena Ostrowski", "irena.ostrowski@example.com", "07700 900311",
           {"line1": "14 Kestle Row", "town": "Ashby Fenwick", "postcode": "AF3 2LR"},
           "Piotr Ostrowski", "07700 900312", "Fenwick Vets, 01632 960114"),
    _owner("OW-302", "Irena Ostrowska", "i.ostrowska@example.org", "07700 900427",
           {"line1": "2 Saltings Close", "town": "Marrowby", "postcode": "MW1 6QE"},
           "Dorota Ostrowska", "07700 900428", "Marrowby Animal Hospital, 01632 960271"),
    _owner("OW-303", "Callum Ashcombe", "callum.ashcombe@example.net", "07700 900535",
           {"line1": "The Old Forge, Pell Lane", "town": "Ashby Fenwick", "postcode": "AF3 9PL"},
           "Morag Ashcombe", "07700 900536", "Fenwick Vets, 01632 960114"),
    _owner("OW-304", "Callum Ashcroft", "c.ashcroft@example.com", "07700 900648",
           {"line1": "41 Tannery Street", "town": "Marrowby", "postcode": "MW2 3TS"},
           "Elspeth Ashcroft", "07700 900649", "Marrowby Animal Hospital, 01632 960271"),
    _owner("OW-305", "Priya Venkatesan", "priya.venkatesan@example.org", "07700 900752",
           {"line1": "9 Cobbler's Yard", "town": "Little Hensop", "postcode": "LH4 1CY"},
           "Arjun Venkatesan", "07700 900753", "Hensop Veterinary Centre, 01632 960388"),
    _owner("OW-306", "Tobias Grevling", "t.grevling@example.net", "07700 900866",
           {"line1": "Flat 3, 77 Wharf Road", "town": "Marrowby", "postcode": "MW1 2WR"},
           "Hanne Grevling", "07700 900867", "Marrowby Animal Hospital, 01632 960271"),
    _owner("OW-307", "Sinéad Mulcahy", "sinead.mulcahy@example.com", "07700 900973",
           {"line1": "Rowan Cottage, Stile End", "town": "Little Hensop", "postcode": "LH4 7SE"},
           "Ciarán Mulcahy", "07700 900974", "Hensop Veterinary Centre, 01632 960388"),
    _owner("OW-308", "Ezra Pendlebury", "ezra.pendlebury@example.org", "07700 901084",
           {"line1": "18 Lantern Hill", "town": "Ashby Fenwick", "postcode": "AF2 5LH"},
           "Judith Pendlebury", "07700 901085", "Fenwick Vets, 01632 960114"),
    _owner("OW-309", "Hollis Ambrose", "hollis.ambrose@example.com", "07700 901196",
           {"line1": "5 Weir Cottages", "town": "Marrowby", "postcode": "MW3 8WC"},
           "Lena Ambrose", "07700 901197", "Marrowby Animal Hospital, 01632 960271"),
    _owner("OW-310", "Wren Castellano", "wren.castellano@example.net", "07700 901203",
           {"line1": "Upper Flat, 6 Market Place", "town": "Ashby Fenwick", "postcode": "AF1 1MP"},
           "Dario Castellano", "07700 901204", "Fenwick Vets, 01632 960114"),
]}


def _dog(did, name, breed, sex, born, kg, colour, chip, owner, temperament, notes=""):
    return {"dog_id": did, "name": name, "breed": breed, "sex": sex, "born": born, "weight_kg": kg,
            "colour": colour, "microchip": chip, "owner_id": owner, "temperament": temperament, "notes": notes}


DOGS = {d["dog_id"]: d for d in [
    _dog("DG-1102", "Tansy", "Cocker Spaniel", "female (spayed)", "2021-05-17", 13.2, "golden", "977200004810233",
         "OW-301", "friendly, vocal at feeding time"),
    _dog("DG-1107", "Bramble", "English Springer Spaniel", "male (neutered)", "2019-09-02", 21.8, "liver and white",
         "977200004810561", "OW-302", "boisterous, jumps the run gate", "no rawhide"),
    _dog("DG-1115", "Rolo", "Labrador Retriever", "male (neutered)", "2018-03-11", 33.5, "chocolate",
         "977200004811098", "OW-303", "calm, stiff hips in the cold", "hydrotherapy weekly if staying 4+ nights"),
    _dog("DG-1121", "Rolo", "Miniature Dachshund", "male", "2022-07-29", 5.1, "black and tan", "977200004811472",
         "OW-304", "nervous with big dogs", "no stairs or jumping (back)"),
    _dog("DG-1130", "Pickle", "Beagle", "female (spayed)", "2020-11-08", 11.4, "tricolour", "977200004812006",
         "OW-305", "food-motivated escape artist", "kennel-mate: Clover"),
    _dog("DG-1131", "Clover", "Whippet", "female (spayed)", "2021-02-14", 12.9, "fawn", "977200004812017",
         "OW-305", "gentle, feels the cold", "wears a fleece coat overnight"),
    _dog("DG-1138", "Pickles", "Pug", "male (neutered)", "2020-06-21", 8.6, "fawn", "977200004812545",
         "OW-306", "lazy, snores", "no walks above 22 C"),
    _dog("DG-1142", "Juno", "Border Collie", "female (spayed)", "2019-12-03", 17.3, "black and white",
         "977200004813064", "OW-307", "high energy, herds other dogs", "two long walks a day"),
    _dog("DG-1150", "Otto", "Miniature Schnauzer", "male (neutered)", "2017-08-30", 8.9, "pepper and salt",
         "977200004813519", "OW-308", "confident, barks at vans"),
    _dog("DG-1151", "Pip", "Jack Russell Terrier", "female", "2023-01-19", 6.2, "white and tan", "977200004813520",
         "OW-308", "digger", "run must have a concrete floor"),
    _dog("DG-1160", "Mabel", "Greyhound", "female (spayed)", "2018-10-05", 28.7, "brindle", "977200004814077",
         "OW-309", "very calm, retired racer", "muzzle on group walks"),
    _dog("DG-1166", "Fig", "Cavapoo", "male (neutered)", "2022-04-12", 7.8, "apricot", "977200004814602",
         "OW-310", "sociable"),
    _dog("DG-1170", "Juno", "Cockapoo", "female", "2023-06-08", 9.4, "chocolate roan", "977200004815130",
         "OW-310", "puppyish, chews bedding", "no fleece bedding"),
]}

EXTRA_PRICES = {"Extra walk (30 min)": 7.50, "Full groom": 42.00, "Bath & brush": 18.50,
                "Hydrotherapy session": 24.00, "Medication administration": 3.25, "Nail clip": 8.75,
                "Enrichment puzzle pack": 6.40}


def _stay(sid, dog, run, check_in, check_out, status, extras=(), note=""):
    return {"stay_id": sid, "dog_id": dog, "run_id": run, "check_in": check_in, "check_out": check_out,
            "status": status, "extras": [(item, qty) for item, qty in extras], "notes": note}


STAYS = {s["stay_id"]: s for s in [
    _stay("SY-40052", "DG-1115", "RN-105", "2026-11-20", "2026-11-24", "completed",
          [("Hydrotherapy session", 1)]),
    _stay("SY-40088", "DG-1150", "RN-302", "2026-12-18", "2026-12-23", "completed", [("Bath & brush", 1)]),
    _stay("SY-40090", "DG-1142", "RN-201", "2026-12-20", "2026-12-27", "completed", [("Extra walk (30 min)", 7)]),
    _stay("SY-40094", "DG-1130", "RN-105", "2026-12-24", "2026-12-29", "completed", [("Enrichment puzzle pack", 2)],
          "shares the run with Clover"),
    _stay("SY-40095", "DG-1131", "RN-105", "2026-12-24", "2026-12-29", "completed", [],
          "shares the run with Pickle"),
    _stay("SY-40102", "DG-1166", "RN-302", "2027-01-02", "2027-01-04", "completed"),
    _stay("SY-40104", "DG-1160", "RN-302", "2027-01-05", "2027-01-09", "completed", [("Nail clip", 1)]),
    _stay("SY-40107", "DG-1107", "RN-302", "2027-01-10", "2027-01-12", "completed",
          [("Full groom", 1), ("Nail clip", 1)]),
    _stay("SY-40108", "DG-1138", "RN-303", "2027-01-11", "2027-01-15", "completed", [("Bath & brush", 1)]),
    _stay("SY-40110", "DG-1102", "RN-302", "2027-01-13", "2027-01-17", "completed", [("Bath & brush", 1)]),
    _stay("SY-40113", "DG-1151", "RN-302", "2027-01-18", "2027-01-20", "completed"),
    _stay("SY-40115", "DG-1166", "RN-303", "2027-01-21", "2027-01-23", "completed"),
    _stay("SY-40117", "DG-1170", "RN-302", "2027-01-22", "2027-01-26", "completed", [("Enrichment puzzle pack", 1)]),
    _stay("SY-40120", "DG-1150", "RN-302", "2027-01-27", "2027-01-31", "completed", [("Extra walk (30 min)", 2)]),
    _stay("SY-40126", "DG-1115", "RN-302", "2027-02-03", "2027-02-07", "completed",
          [("Hydrotherapy session", 1), ("Extra walk (30 min)", 3)]),
    _stay("SY-40128", "DG-1150", "RN-202", "2027-02-08", "2027-02-12", "completed"),
    _stay("SY-40131", "DG-1160", "RN-202", "2027-02-12", "2027-02-17", "completed", [("Medication administration", 5)]),
    _stay("SY-40136", "DG-1166", "RN-202", "2027-02-18", "2027-02-21", "completed"),
    _stay("SY-40138", "DG-1138", "RN-103", "2027-02-14", "2027-02-16", "completed"),
    _stay("SY-40140", "DG-1115", "RN-101", "2027-02-20", "2027-02-22", "cancelled", [],
          "cancelled by owner 2027-02-18"),
    _stay("SY-40145", "DG-1102", "RN-101", "2027-03-01", "2027-03-03", "cancelled", [],
          "cancelled by owner 2027-02-25"),
    _stay("SY-40158", "DG-1160", "RN-301", "2027-03-05", "2027-03-11", "in_residence"),
    _stay("SY-40160", "DG-1138", "RN-303", "2027-03-06", "2027-03-13", "in_residence", [("Bath & brush", 1)]),
    _stay("SY-40162", "DG-1121", "RN-204", "2027-03-08", "2027-03-12", "in_residence"),
    _stay("SY-40163", "DG-1150", "RN-102", "2027-03-09", "2027-03-14", "in_residence"),
    _stay("SY-40166", "DG-1107", "RN-201", "2027-03-18", "2027-03-21", "booked"),
    _stay("SY-40170", "DG-1102", "RN-102", "2027-03-22", "2027-03-27", "booked", [("Full groom", 1)]),
    _stay("SY-40184", "DG-1115", "RN-102", "2027-04-02", "2027-04-06", "booked", [("Hydrotherapy session", 1)]),
    _stay("SY-40190", "DG-1102", "RN-301", "2027-05-28", "2027-06-02", "booked"),
]}

# feeding schedules, terse: m = meals (at, f = food, g = grams), rx = medication
FEEDING = {
    "DG-1102": {"m": [{"at": "07:30", "f": "Hartwell Adult Chicken & Rice (dry)", "g": 95},
                      {"at": "17:30", "f": "Hartwell Adult Chicken & Rice (dry)", "g": 95}], "rx": [],
                "nb": "soak kibble in warm water"},
    "DG-1107": {"m": [{"at": "07:00", "f": "Brackenfield Working Dog (dry)", "g": 160},
                      {"at": "17:00", "f": "Brackenfield Working Dog (dry)", "g": 160}], "rx": [], "nb": ""},
    "DG-1115": {"m": [{"at": "07:30", "f": "Hartwell Senior Lamb (dry)", "g": 210},
                      {"at": "17:30", "f": "Hartwell Senior Lamb (dry)", "g": 190}],
                "rx": [{"drug": "Joint support tablet", "dose": "1 tablet", "with": "07:30"}], "nb": ""},
    "DG-1121": {"m": [{"at": "08:00", "f": "Tiddle & Co Small Breed Turkey (wet)", "g": 70},
                      {"at": "16:30", "f": "Tiddle & Co Small Breed Turkey (wet)", "g": 60}], "rx": [],
                "nb": "raised bowl"},
    "DG-1130": {"m": [{"at": "07:30", "f": "Hartwell Light Salmon & Potato (dry)", "g": 140},
                      {"at": "12:30", "f": "Dental chew", "g": 15},
                      {"at": "17:30", "f": "Hartwell Light Salmon & Potato (dry)", "g": 125}], "rx": [],
                "nb": "weigh every portion, she is on a diet"},
    "DG-1131": {"m": [{"at": "07:30", "f": "Hartwell Adult Chicken & Rice (dry)", "g": 110},
                      {"at": "17:30", "f": "Hartwell Adult Chicken & Rice (dry)", "g": 120}], "rx": [],
                "nb": "feed apart from Pickle"},
    "DG-1138": {"m": [{"at": "07:00", "f": "Tiddle & Co Small Breed Turkey (wet)", "g": 85},
                      {"at": "17:00", "f": "Tiddle & Co Small Breed Turkey (wet)", "g": 80}], "rx": [],
                "nb": "slow-feeder bowl"},
    "DG-1142": {"m": [{"at": "06:45", "f": "Brackenfield Working Dog (dry)", "g": 150},
                      {"at": "18:00", "f": "Brackenfield Working Dog (dry)", "g": 150}], "rx": [], "nb": ""},
    "DG-1150": {"m": [{"at": "07:30", "f": "Greyling Farm Duck (dry)", "g": 65},
                      {"at": "17:30", "f": "Greyling Farm Duck (dry)", "g": 65}],
                "rx": [{"drug": "Eye drops (chloramphenicol)", "dose": "1 drop each eye", "with": "17:30"}],
                "nb": ""},
    "DG-1151": {"m": [{"at": "07:30", "f": "Greyling Farm Duck (dry)", "g": 55},
                      {"at": "17:30", "f": "Greyling Farm Duck (dry)", "g": 50}], "rx": [], "nb": ""},
    "DG-1160": {"m": [{"at": "08:00", "f": "Brackenfield Sensitive Fish (dry)", "g": 175},
                      {"at": "18:00", "f": "Brackenfield Sensitive Fish (dry)", "g": 175}],
                "rx": [{"drug": "Metacam oral suspension", "dose": "2.9 ml", "with": "18:00"}], "nb": ""},
    "DG-1166": {"m": [{"at": "07:30", "f": "Tiddle & Co Small Breed Turkey (wet)", "g": 90},
                      {"at": "17:00", "f": "Tiddle & Co Small Breed Turkey (wet)", "g": 90}], "rx": [], "nb": ""},
    "DG-1170": {"m": [{"at": "07:00", "f": "Hartwell Puppy Chicken (dry)", "g": 70},
                      {"at": "12:00", "f": "Hartwell Puppy Chicken (dry)", "g": 40},
                      {"at": "17:00", "f": "Hartwell Puppy Chicken (dry)", "g": 70}], "rx": [], "nb": ""},
}


def _vac(vaccine, given, expires, by):
    return {"vaccine": vaccine, "given": given, "expires": expires, "administered_by": by}


VACCINATIONS = {
    "DG-1102": [_vac("DHPP", "2025-05-20", "2028-05-20", "Fenwick Vets"),
                _vac("Leptospirosis (L4)", "2026-05-20", "2027-05-20", "Fenwick Vets"),
                _vac("Kennel cough (Bordetella)", "2026-05-20", "2027-05-20", "Fenwick Vets")],
    "DG-1107": [_vac("DHPP", "2024-09-10", "2027-09-10", "Marrowby Animal Hospital"),
                _vac("Kennel cough (Bordetella)", "2026-09-10", "2027-09-10", "Marrowby Animal Hospital")],
    "DG-1115": [_vac("DHPP", "2024-03-01", "2027-03-01", "Fenwick Vets"),
                _vac("DHPP", "2027-02-26", "2030-02-26", "Fenwick Vets"),
                _vac("Kennel cough (Bordetella)", "2026-11-02", "2027-11-02", "Fenwick Vets")],
    "DG-1121": [_vac("DHPP", "2023-10-01", "2026-10-01", "Marrowby Animal Hospital"),
                _vac("DHPP", "2026-09-28", "2029-09-28", "Marrowby Animal Hospital"),
                _vac("Kennel cough (Bordetella)", "2026-09-28", "2027-09-28", "Marrowby Animal Hospital")],
    "DG-1130": [_vac("DHPP", "2025-11-15", "2028-11-15", "Hensop Veterinary Centre"),
                _vac("Rabies", "2026-11-15", "2027-11-15", "Hensop Veterinary Centre"),
                _vac("Kennel cough (Bordetella)", "2026-11-15", "2027-11-15", "Hensop Veterinary Centre")],
    "DG-1131": [_vac("Rabies", "2025-03-28", "2026-03-28", "Hensop Veterinary Centre"),
                _vac("DHPP", "2025-03-28", "2028-03-28", "Hensop Veterinary Centre"),
                _vac("Rabies", "2026-04-02", "2027-04-02", "Hensop Veterinary Centre"),
                _vac("Kennel cough (Bordetella)", "2026-09-15", "2027-09-15", "Hensop Veterinary Centre")],
    "DG-1138": [_vac("DHPP", "2024-06-30", "2027-06-30", "Marrowby Animal Hospital"),
                _vac("Kennel cough (Bordetella)", "2026-12-01", "2027-12-01", "Marrowby Animal Hospital")],
    "DG-1142": [_vac("DHPP", "2025-12-10", "2028-12-10", "Hensop Veterinary Centre"),
                _vac("Rabies", "2025-12-10", "2028-12-10", "Hensop Veterinary Centre"),
                _vac("Kennel cough (Bordetella)", "2026-08-01", "2027-08-01", "Hensop Veterinary Centre")],
    "DG-1150": [_vac("DHPP", "2025-08-14", "2028-08-14", "Fenwick Vets"),
                _vac("Kennel cough (Bordetella)", "2026-08-14", "2027-08-14", "Fenwick Vets")],
    "DG-1151": [_vac("DHPP", "2024-01-30", "2027-01-30", "Fenwick Vets"),
                _vac("DHPP", "2027-01-12", "2030-01-12", "Fenwick Vets"),
                _vac("Kennel cough (Bordetella)", "2027-01-12", "2028-01-12", "Fenwick Vets")],
    "DG-1160": [_vac("DHPP", "2025-10-20", "2028-10-20", "Marrowby Animal Hospital"),
                _vac("Kennel cough (Bordetella)", "2026-10-20", "2027-10-20", "Marrowby Animal Hospital")],
    "DG-1166": [_vac("DHPP", "2025-04-02", "2028-04-02", "Fenwick Vets"),
                _vac("Kennel cough (Bordetella)", "2026-04-02", "2027-04-02", "Fenwick Vets")],
    "DG-1170": [_vac("DHPP", "2023-09-01", "2026-09-01", "Fenwick Vets"),
                _vac("DHPP", "2026-08-25", "2029-08-25", "Fenwick Vets"),
                _vac("Kennel cough (Bordetella)", "2026-08-25", "2027-08-25", "Fenwick Vets")],
}

# stay bookings made through book_stay, keyed by reference
BOOKINGS = {}


# ------------------------------------------------------------------ helpers
def _get(table, key, what, hint):
    row = table.get(str(key).strip().upper())
    if row is None:
        raise ToolError(f"no {what} {key!r}; {hint}")
    return row


def _dog_row(dog_id):
    return _get(DOGS, dog_id, "dog", "find_dogs gives dog ids (DG-nnnn)")


def _run_row(run_id):
    return _get(RUNS, run_id, "run", "list_runs gives run ids (RN-nnn)")


def _date(value, name):
    text = str(value).strip()
    try:
        return datetime.date.fromisoformat(text).isoformat()
    except ValueError:
        raise ToolError(f"{name} must be a date YYYY-MM-DD, got {value!r}") from None


def _nights(check_in, check_out):
    return (datetime.date.fromisoformat(check_out) - datetime.date.fromisoformat(check_in)).days


def _all_stays():
    return list(STAYS.values()) + list(BOOKINGS.values())


def _stay_summary(s):
    return {"stay_id": s["stay_id"], "dog_id": s["dog_id"], "dog_name": DOGS[s["dog_id"]]["name"],
            "run_id": s["run_id"], "run_name": RUNS[s["run_id"]]["nm"], "check_in": s["check_in"],
            "check_out": s["check_out"], "status": s["status"]}


# ------------------------------------------------------------------ typed results
class OwnerHit(TypedDict):
    owner_id: str
    name: str
    email: str
    town: str
    dog_count: int


class OwnerSearch(TypedDict):
    owners: list[OwnerHit]
    count: int


class DogHit(TypedDict):
    dog_id: str
    name: str
    breed: str
    owner_name: str


class DogSearch(TypedDict):
    dogs: list[DogHit]
    count: int


class RunRow(TypedDict):
    run_id: str
    name: str
    block: str
    size: str
    heated: bool
    rate_per_night: float
    status: str


class RunList(TypedDict):
    runs: list[RunRow]
    count: int


class StaySummary(TypedDict):
    stay_id: str
    dog_id: str
    dog_name: str
    run_id: str
    run_name: str
    check_in: str
    check_out: str
    status: str


class StayPage(TypedDict):
    stays: list[StaySummary]
    total: int
    page: int
    page_size: int
    pages: int


# ------------------------------------------------------------------ tools
@mcp.tool()
def find_owners(query: str) -> OwnerSearch:
    """Find owners (clients) by name (every word must match) or by exact email address."""
    q = str(query).strip()
    if "@" in q:
        rows = [o for o in OWNERS.values() if o["email"].lower() == q.lower()]
    else:
        words = _words(q)
        if not words:
            raise ToolError("query must be a name or an email address")
        rows = [o for o in OWNERS.values() if all(w in _words(o["name"]) or w in _fold(o["name"]) for w in words)]
    hits = [{"owner_id": o["owner_id"], "name": o["name"], "email": o["email"], "town": o["address"]["town"],
             "dog_count": sum(1 for d in DOGS.values() if d["owner_id"] == o["owner_id"])} for o in rows]
    return {"owners": hits, "count": len(hits)}


@mcp.tool()
def get_owner(owner_id: str) -> dict:
    """Owner record: contact details, postal address, emergency contact, usual vet practice, and the owner's dogs
    (dog_id, name, breed)."""
    o = _get(OWNERS, owner_id, "owner", "find_owners gives owner ids (OW-nnn)")
    out = {k: v for k, v in o.items()}
    out["dogs"] = [{"dog_id": d["dog_id"], "name": d["name"], "breed": d["breed"]}
                   for d in DOGS.values() if d["owner_id"] == o["owner_id"]]
    return out


@mcp.tool()
def find_dogs(name: str | None = None, breed: str | None = None) -> DogSearch:
    """Search boarded dogs by (part of) their name and/or breed. Several dogs can share a name."""
    n, b = _fold(name or "").strip(), _fold(breed or "").strip()
    if not n and not b:
        raise ToolError("give a name and/or a breed")
    rows = [d for d in DOGS.values() if (not n or n in _fold(d["name"])) and (not b or b in _fold(d["breed"]))]
    hits = [{"dog_id": d["dog_id"], "name": d["name"], "breed": d["breed"],
             "owner_name": OWNERS[d["owner_id"]]["name"]} for d in rows]
    return {"dogs": hits, "count": len(hits)}


@mcp.tool()
def get_dog(dog_id: str) -> dict:
    """Dog record: breed, sex, date of birth, weight, colour, microchip, temperament and care notes, and the owner
    (owner_id and name only; get_owner has the contact details)."""
    d = _dog_row(dog_id)
    out = {k: v for k, v in d.items() if k != "owner_id"}
    out["owner"] = {"owner_id": d["owner_id"], "name": OWNERS[d["owner_id"]]["name"]}
    return out


@mcp.tool()
def list_runs(block: str | None = None, size: str | None = None) -> RunList:
    """Runs (pens) of the kennel, optionally only one block (Orchard, Meadow or Cedar) and/or one size (small,
    medium, large). Nightly rates in GBP."""
    blk = _fold(block or "").replace("block", "").strip()
    sz = _fold(size or "").strip()
    if sz and sz not in ("s", "m", "l", "small", "medium", "large"):
        raise ToolError("size must be small, medium or large")
    rows = [r for r in RUNS.values() if (not blk or _fold(r["blk"]) == blk)
            and (not sz or SIZE_WORDS[r["sz"]].startswith(sz))]
    out = [{"run_id": r["id"], "name": r["nm"], "block": r["blk"], "size": SIZE_WORDS[r["sz"]],
            "heated": r["htd"], "rate_per_night": r["rate"], "status": r["st"]} for r in rows]
    return {"runs": out, "count": len(out)}


@mcp.tool()
def get_run(run_id: str) -> dict:
    """One run: id, nm, blk, sz (S/M/L), dim_m (W x L in metres), htd (heated), cap (max dogs, same household
    only), cam (webcam code owners can watch), st (status), rate (GBP/night), occ (dogs in it today: dog_id, dog,
    until)."""
    r = _run_row(run_id)
    out = dict(r)
    out["occ"] = [{"dog_id": s["dog_id"], "dog": DOGS[s["dog_id"]]["name"], "until": s["check_out"]}
                  for s in _all_stays() if s["run_id"] == r["id"] and s["status"] == "in_residence"]
    return out


@mcp.tool()
def list_stays(dog_id: str | None = None, run_id: str | None = None, status: str | None = None,
               date_from: str | None = None, date_to: str | None = None, page: int = 1,
               page_size: int = 5) -> StayPage:
    """Stays, newest check-in first, filtered by dog, run, status (booked, in_residence, completed, cancelled) and
    a date window (a stay matches when any of its days falls between date_from and date_to, YYYY-MM-DD,
    inclusive). Paginated: page_size 1-20 (default 5); total counts every match."""
    did = (dog_id or "").strip().upper()
    rid = (run_id or "").strip().upper()
    st = (status or "").strip().lower().replace(" ", "_").replace("-", "_")
    if st and st not in ("booked", "in_residence", "completed", "cancelled"):
        raise ToolError("status must be booked, in_residence, completed or cancelled")
    if did:
        _dog_row(did)
    if rid:
        _run_row(rid)
    lo = _date(date_from, "date_from") if date_from else None
    hi = _date(date_to, "date_to") if date_to else None
    page, page_size = int(page), int(page_size)
    if page < 1 or not 1 <= page_size <= 20:
        raise ToolError("page must be >= 1 and page_size 1-20")
    rows = [s for s in _all_stays() if (not did or s["dog_id"] == did) and (not rid or s["run_id"] == rid)
            and (not st or s["status"] == st) and (not lo or s["check_out"] >= lo)
            and (not hi or s["check_in"] <= hi)]
    rows.sort(key=lambda s: (s["check_in"], s["stay_id"]), reverse=True)
    chunk = rows[(page - 1) * page_size: page * page_size]
    return {"stays": [_stay_summary(s) for s in chunk], "total": len(rows), "page": page, "page_size": page_size,
            "pages": max(1, -(-len(rows) // page_size))}


def _stay_detail(stay_id):
    s = STAYS.get(str(stay_id).strip().upper()) or BOOKINGS.get(str(stay_id).strip().upper())
    if s is None:
        raise ToolError(f"no stay {stay_id!r}; list_stays gives stay ids (SY-nnnnn)")
    run = RUNS[s["run_id"]]
    nights = _nights(s["check_in"], s["check_out"])
    extras = [{"item": item, "qty": qty, "unit_price": EXTRA_PRICES[item],
               "amount": round(qty * EXTRA_PRICES[item], 2)} for item, qty in s["extras"]]
    total = 0.0 if s["status"] == "cancelled" else round(nights * run["rate"] + sum(e["amount"] for e in extras), 2)
    out = _stay_summary(s)
    out.update({"nights": nights, "rate_per_night": run["rate"], "extras": extras, "total": total,
                "currency": "GBP", "notes": s["notes"]})
    if "booking_ref" in s:
        out["booking_ref"] = s["booking_ref"]
    return out


@mcp.tool()
def get_stay(stay_id: str) -> dict:
    """Full stay record: dog, run, check-in/out dates, nights, status, nightly rate, extras (item, qty,
    unit_price, amount), total (GBP) and notes."""
    return _stay_detail(stay_id)


@mcp.tool()
def get_feeding_schedule(dog_id: str) -> dict:
    """A dog's standing feeding instructions: m = meals (at = time HH:MM, f = food, g = grams), rx = medication
    given with a meal (drug, dose, with = meal time), nb = notes."""
    d = _dog_row(dog_id)
    out = {"dog_id": d["dog_id"], "dog": d["name"]}
    out.update(FEEDING[d["dog_id"]])
    return out


@mcp.tool()
def get_feeding_log(dog_id: str, date: str) -> dict:
    """What a dog was actually served and ate on one day of a stay (YYYY-MM-DD): entries with time, food, grams
    served and how much was eaten. Empty when the dog was not boarding that day."""
    d = _dog_row(dog_id)
    day = _date(date, "date")
    here = [s for s in _all_stays() if s["dog_id"] == d["dog_id"] and s["status"] in ("completed", "in_residence")
            and s["check_in"] <= day < s["check_out"] and day <= TODAY]
    entries = []
    if here:
        for i, meal in enumerate(FEEDING[d["dog_id"]]["m"]):
            h = int(hashlib.sha1(f"{d['dog_id']}|{day}|{i}".encode()).hexdigest()[:2], 16)
            entries.append({"time": meal["at"], "food": meal["f"], "grams_served": meal["g"],
                            "eaten": "all" if h % 5 else "half"})
    return {"dog_id": d["dog_id"], "date": day, "entries": entries}


@mcp.tool()
def get_vaccinations(dog_id: str) -> dict:
    """Vaccination records on file for a dog, oldest first: vaccine, date given, expiry date, who administered it.
    Boosters appear as separate records."""
    d = _dog_row(dog_id)
    rows = sorted(VACCINATIONS.get(d["dog_id"], []), key=lambda v: v["given"])
    return {"dog_id": d["dog_id"], "dog": d["name"], "records": [dict(v) for v in rows]}


@mcp.tool()
def book_stay(dog_id: str, run_id: str, check_in: str, check_out: str) -> dict:
    """Book a dog into a run from check_in to check_out (YYYY-MM-DD, check_out after check_in). Refused if the run
    is closed or full on those days, or the dog's kennel cough vaccination has expired by check_out. Returns the
    booking reference (BK-xxxxxx), nights and estimated total; booking the same dog, run and dates again returns
    the same booking."""
    d, r = _dog_row(dog_id), _run_row(run_id)
    ci, co = _date(check_in, "check_in"), _date(check_out, "check_out")
    if co <= ci:
        raise ToolError("check_out must be after check_in")
    if ci < TODAY:
        raise ToolError(f"check_in is in the past (today is {TODAY})")
    ref = "BK-" + hashlib.sha1(f"{d['dog_id']}|{r['id']}|{ci}|{co}".encode()).hexdigest().upper()[:6]
    if ref in BOOKINGS:
        return _stay_detail(ref)
    if r["st"] != "open":
        raise ToolError(f"{r['nm']} is {r['st']}")
    overlapping = [s for s in _all_stays() if s["run_id"] == r["id"] and s["status"] != "cancelled"
                   and s["check_in"] < co and s["check_out"] > ci]
    if len(overlapping) >= r["cap"] or any(DOGS[s["dog_id"]]["owner_id"] != d["owner_id"] for s in overlapping):
        raise ToolError(f"{r['nm']} is not free from {ci} to {co}")
    cough = [v for v in VACCINATIONS.get(d["dog_id"], []) if v["vaccine"].startswith("Kennel cough")]
    if not cough or max(v["expires"] for v in cough) < co:
        raise ToolError(f"{d['name']}'s kennel cough vaccination does not cover the stay")
    BOOKINGS[ref] = {"stay_id": ref, "booking_ref": ref, "dog_id": d["dog_id"], "run_id": r["id"], "check_in": ci,
                     "check_out": co, "status": "booked", "extras": [], "notes": "booked via assistant"}
    return _stay_detail(ref)


if __name__ == "__main__":
    mcp.run()
