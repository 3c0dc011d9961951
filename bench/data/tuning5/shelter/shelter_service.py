"""Hollowbrook Animal Rescue API: a small stdlib HTTP service (JSON) for the `shelter` suite.

Usage: python shelter_service.py PORT   (serves under /api on 127.0.0.1:PORT)

Animals, kennels, adopters, adoption applications, vaccination records, volunteers and their shifts, plus one write:
booking a meet-and-greet visit. Deterministic: fixed seed data ("today" is Monday 2027-05-10), no clock, no
randomness; visit references are derived from the visit's content (SHA-1 prefix) and repeating a booking returns the
first one. State lives in memory for the life of the process. Amounts are in GBP. All names, emails, phone numbers,
microchips, addresses and codes are invented. Licence: Apache-2.0.
"""
import hashlib
import json
import re
import sys
import unicodedata
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, unquote, urlsplit

TODAY = "2027-05-10"
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


def words_in(query, text):
    words = [w for w in re.split(r"[\s,]+", fold(query).strip()) if w]
    return all(w in fold(text) for w in words)


def lookup(table, key, what):
    row = table.get(str(key).strip().upper())
    if row is None:
        raise ApiError(404, f"no {what} {key!r}")
    return row


def int_param(query, name, default, lo, hi):
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
    if value in (None, ""):
        return None
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", str(value)):
        raise ApiError(400, f"{name} must be a date YYYY-MM-DD")
    return str(value)


def paged(rows, query):
    page = int_param(query, "page", 1, 1, 10_000)
    per_page = int_param(query, "per_page", 10, 1, 50)
    return {"items": rows[(page - 1) * per_page: page * per_page], "page": page, "per_page": per_page,
            "total": len(rows)}


# ------------------------------------------------------------------ seed data
def _a(aid, name, species, breed, sex, born, colour, status, kennel, intake, source, chip, weight, neutered,
       cats=None, dogs=None, children=None, fee=0.0):
    return {"animal_id": aid, "name": name, "species": species, "breed": breed, "sex": sex, "born": born,
            "colour": colour, "status": status, "kennel_id": kennel,
            "intake": {"date": intake, "source": source},
            "medical": {"microchip": chip, "weight_kg": weight, "neutered": neutered},
            "traits": {"good_with_cats": cats, "good_with_dogs": dogs, "good_with_children": children},
            "adoption_fee": fee}


ANIMALS = {a["animal_id"]: a for a in [
    _a("A-3101", "Clementine", "cat", "domestic shorthair", "female", "2023-08", "ginger and white", "available",
       "K-C04", "2027-02-14", "stray, found at Millrace Lane allotments", "985141002210934", 3.9, True,
       cats=True, dogs=False, children=True, fee=85.0),
    _a("A-3102", "Clementina", "dog", "greyhound", "female", "2022-06", "brindle", "on_hold", "K-B12",
       "2027-02-27", "retired racer, handed in by owner", "985141002218870", 27.2, True,
       cats=False, dogs=True, children=True, fee=195.0),
    _a("A-3110", "Bramble", "dog", "lurcher", "male", "2024-01", "grey", "available", "K-A03", "2027-03-03",
       "stray, found on the Saltings road", "985141002736610", 24.6, True, cats=False, dogs=True, children=True,
       fee=195.0),
    _a("A-3111", "Bramble", "rabbit", "mini lop", "female", "2025-05", "sandy", "available", "K-S02",
       "2027-03-18", "handed in by owner (allergies)", None, 1.7, True, fee=45.0),
    _a("A-3120", "Otis", "dog", "Staffordshire bull terrier cross", "male", "2021-11", "red and white",
       "on_hold", "K-A07", "2027-01-09", "handed in by owner (moving abroad)", "985141001954423", 21.3, True,
       cats=False, dogs=False, children=True, fee=195.0),
    _a("A-3121", "Otto", "dog", "dachshund", "male", "2020-04", "black and tan", "adopted", None, "2026-12-02",
       "stray", "985141001877061", 8.8, True, cats=True, dogs=True, children=True, fee=245.0),
    _a("A-3130", "Mabel", "cat", "domestic longhair", "female", "2019-09", "tortoiseshell", "adopted", None,
       "2027-01-21", "owner died", "985141002004318", 4.4, True, cats=False, dogs=False, children=False, fee=85.0),
    _a("A-3131", "Maple", "cat", "domestic shorthair", "female", "2024-03", "tabby", "available", "K-C02",
       "2027-03-29", "stray, found behind Kettle Street bakery", "985141002501776", 3.6, True,
       cats=True, dogs=True, children=True, fee=85.0),
    _a("A-3132", "Sorrel", "cat", "domestic shorthair", "male", "2022-07", "black", "available", "K-C01",
       "2027-04-11", "handed in by owner", "985141002577340", 5.1, True, cats=True, dogs=False, children=True,
       fee=85.0),
    _a("A-3140", "Nutmeg", "guinea pig", "Abyssinian", "male", "2025-10", "brown", "available", "K-S05",
       "2027-04-02", "handed in by owner", None, 0.9, False, fee=20.0),
    _a("A-3142", "Thistle", "rabbit", "Netherland dwarf", "male", "2024-12", "white", "available", "K-S03",
       "2027-04-15", "stray", None, 1.1, True, fee=45.0),
    _a("A-3150", "Figaro", "cat", "Maine coon cross", "male", "2021-02", "brown tabby", "fostered", None,
       "2027-03-06", "handed in by owner", "985141002390025", 6.7, True, fee=85.0),
    _a("A-3160", "Hazel", "dog", "collie cross", "female", "2023-04", "black and white", "available", "K-A05",
       "2027-03-12", "stray, found at Gorse Common car park", "985141003377052", 18.4, True,
       cats=True, dogs=True, children=True, fee=195.0),
    _a("A-3161", "Hazelnut", "hamster", "Syrian", "female", "2026-09", "golden", "available", "K-S07",
       "2027-04-20", "handed in by owner", None, 0.15, False, fee=10.0),
    _a("A-3170", "Tansy", "dog", "springer spaniel", "female", "2022-08", "liver and white", "on_hold", "K-B14",
       "2027-02-19", "handed in by owner", "985141002166482", 19.7, True, cats=True, dogs=True, children=True,
       fee=195.0),
    _a("A-3184", "Moss", "dog", "whippet", "male", "2023-02", "fawn", "available", "K-A09", "2027-04-07",
       "handed in by owner", "985141003410287", 12.9, True, cats=True, dogs=True, children=True, fee=195.0),
    _a("A-3185", "Rufus", "dog", "labrador cross", "male", "2019-06", "yellow", "available", "K-A01",
       "2027-01-30", "stray", "985141001930550", 33.5, True, cats=False, dogs=True, children=True, fee=150.0),
    _a("A-3186", "Pickle", "dog", "Jack Russell terrier", "female", "2021-03", "white and tan", "available",
       "K-A02", "2027-02-08", "handed in by owner", "985141002051127", 6.2, True, cats=False, dogs=True,
       children=False, fee=195.0),
    _a("A-3187", "Dorian", "dog", "German shepherd", "male", "2020-10", "black and tan", "available", "K-B10",
       "2027-03-25", "seized, welfare case", "985141002480911", 36.1, True, cats=False, dogs=False,
       children=False, fee=150.0),
    _a("A-3188", "Skye", "dog", "Siberian husky", "female", "2022-12", "grey and white", "available", "K-B11",
       "2027-04-01", "handed in by owner", "985141002598834", 22.4, True, cats=False, dogs=True, children=True,
       fee=195.0),
    _a("A-3189", "Bosun", "dog", "boxer", "male", "2021-08", "fawn", "available", "K-A04", "2027-03-15",
       "stray", "985141002354409", 30.2, True, cats=False, dogs=True, children=True, fee=195.0),
    _a("A-3190", "Wilma", "dog", "beagle", "female", "2020-05", "tricolour", "available", "K-A06", "2027-02-02",
       "handed in by owner", "985141002019763", 13.8, True, cats=True, dogs=True, children=True, fee=195.0),
    _a("A-3191", "Ludo", "dog", "border terrier", "male", "2023-09", "grizzle", "available", "K-A08",
       "2027-04-18", "stray", "985141003390158", 6.9, False, cats=True, dogs=True, children=True, fee=195.0),
    _a("A-3192", "Kestrel", "dog", "saluki", "female", "2022-01", "cream", "available", "K-B13", "2027-03-30",
       "handed in by owner", "985141002466205", 20.8, True, cats=False, dogs=True, children=True, fee=195.0),
    _a("A-3193", "Tilly", "dog", "shih tzu", "female", "2018-07", "gold and white", "available", "K-A10",
       "2027-04-22", "owner died", "985141001512986", 6.4, True, cats=True, dogs=True, children=False, fee=120.0),
    _a("A-3194", "Fennel", "dog", "pointer cross", "male", "2022-04", "liver and white", "available", "K-B15",
       "2027-04-26", "stray", "985141003401773", 25.5, True, cats=False, dogs=True, children=True, fee=195.0),
    _a("A-3195", "Grout", "dog", "British bulldog", "male", "2019-12", "white", "adopted", None, "2026-11-14",
       "handed in by owner", "985141001760442", 24.0, True, fee=150.0),
    _a("A-3196", "Nell", "dog", "cocker spaniel", "female", "2017-05", "blue roan", "fostered", None,
       "2027-04-29", "handed in by owner", "985141001230871", 13.1, True, fee=120.0),
    _a("A-3197", "Barley", "dog", "terrier cross", "male", "2024-06", "wheaten", "available", "K-A11",
       "2027-05-03", "stray", "985141003455019", 9.7, True, cats=True, dogs=True, children=True, fee=195.0),
]}


def _k(kid, sz, m2, heat, cap, note=""):
    return {"k": kid, "blk": kid[2], "sz": sz, "m2": m2, "heat": heat, "cap": cap, "note": note}


KENNELS = {k["k"]: k for k in [
    *[_k(f"K-A{n:02d}", "L" if n in (1, 3, 4) else "M", 6.5 if n in (1, 3, 4) else 4.8, True, 1)
      for n in range(1, 12)],
    *[_k(f"K-B{n:02d}", "L" if n in (10, 12, 15) else "M", 7.0 if n in (10, 12, 15) else 5.2, True, 1,
         "quiet block, away from the main kennels") for n in range(10, 16)],
    _k("K-C01", "S", 2.4, True, 1), _k("K-C02", "S", 2.4, True, 2), _k("K-C03", "S", 2.4, True, 1),
    _k("K-C04", "M", 3.2, True, 1, "window pen with shelf"),
    *[_k(f"K-S{n:02d}", "S", 1.5, False, 2, "indoor hutch") for n in range(1, 8)],
    _k("K-I01", "M", 4.0, True, 1, "isolation"), _k("K-I02", "M", 4.0, True, 1, "isolation"),
]}
BLOCKS = {"A": "main dog block", "B": "quiet dog block", "C": "cattery", "S": "small animals", "I": "isolation"}

VACCINATIONS = {
    "A-3102": [
        {"vac": "DHPPi", "on": "2027-03-02", "due": "2028-03-02", "lot": "DH-40217", "by": "Esmé Tolland"},
        {"vac": "Leptospirosis L4", "on": "2027-04-28", "due": "2028-04-28", "lot": "L4-88315",
         "by": "Ravi Kettleborough"},
        {"vac": "Kennel cough (intranasal)", "on": "2027-04-02", "due": "2028-04-02", "lot": "KC-11902",
         "by": "Esmé Tolland"},
    ],
    "A-3110": [
        {"vac": "DHPPi", "on": "2027-03-05", "due": "2028-03-05", "lot": "DH-40217", "by": "Esmé Tolland"},
        {"vac": "Leptospirosis L4", "on": "2027-03-05", "due": "2028-03-05", "lot": "L4-88301",
         "by": "Esmé Tolland"},
        {"vac": "Kennel cough (intranasal)", "on": "2027-03-19", "due": "2028-03-19", "lot": "KC-11890",
         "by": "Ravi Kettleborough"},
    ],
    "A-3111": [
        {"vac": "RHDV2", "on": "2027-04-09", "due": "2028-04-09", "lot": "RH-2291", "by": "Ravi Kettleborough"},
        {"vac": "Myxo-RHD Plus", "on": "2027-03-22", "due": "2028-03-22", "lot": "MX-7710", "by": "Esmé Tolland"},
    ],
    "A-3101": [
        {"vac": "Feline RCP", "on": "2027-02-20", "due": "2028-02-20", "lot": "FR-5526", "by": "Esmé Tolland"},
        {"vac": "FeLV", "on": "2027-03-13", "due": "2028-03-13", "lot": "FL-0937", "by": "Esmé Tolland"},
    ],
    "A-3120": [
        {"vac": "DHPPi", "on": "2027-01-12", "due": "2028-01-12", "lot": "DH-39980", "by": "Ravi Kettleborough"},
        {"vac": "Leptospirosis L4", "on": "2027-01-12", "due": "2028-01-12", "lot": "L4-87990",
         "by": "Ravi Kettleborough"},
    ],
    "A-3160": [
        {"vac": "DHPPi", "on": "2027-03-14", "due": "2028-03-14", "lot": "DH-40233", "by": "Ravi Kettlewell"},
    ],
}

ADOPTERS = {a["adopter_id"]: a for a in [
    {"adopter_id": "AD-501", "name": "Marguerite Oyelaran-Fisk", "email": "m.oyelaranfisk@example.com",
     "phone": "07700 900271", "address": {"line1": "3 Wren Cottages", "town": "Hollowbrook", "postcode": "HB4 2WC"},
     "household": {"adults": 2, "children": 0, "other_pets": ["cat"]}, "registered": "2027-03-01"},
    {"adopter_id": "AD-502", "name": "Marguerite Oyelaran", "email": "marguerite.oye@example.net",
     "phone": "07700 900306", "address": {"line1": "Flat 6, Tanyard House", "town": "Ebbsworth",
                                           "postcode": "EB1 7TY"},
     "household": {"adults": 1, "children": 0, "other_pets": []}, "registered": "2027-02-10"},
    {"adopter_id": "AD-510", "name": "Callum Dewhurst", "email": "callum.dewhurst@example.org",
     "phone": "07700 900552", "address": {"line1": "21 Quarry Rise", "town": "Hollowbrook", "postcode": "HB2 9QR"},
     "household": {"adults": 2, "children": 2, "other_pets": []}, "registered": "2027-03-04"},
    {"adopter_id": "AD-511", "name": "Callum Dewar", "email": "cdewar@example.com", "phone": "07700 900587",
     "address": {"line1": "The Old Forge", "town": "Pellingham", "postcode": "PL3 4OF"},
     "household": {"adults": 2, "children": 0, "other_pets": ["dog"]}, "registered": "2027-04-28"},
    {"adopter_id": "AD-520", "name": "Ishbel Nakagawa", "email": "ishbel.n@example.com", "phone": "07700 900634",
     "address": {"line1": "8 Ferry Lane", "town": "Ebbsworth", "postcode": "EB2 1FL"},
     "household": {"adults": 1, "children": 1, "other_pets": []}, "registered": "2027-04-29"},
    {"adopter_id": "AD-530", "name": "Ferdinand Ackroyd-Sato", "email": "ferdi@ackroydsato.example",
     "phone": "07700 900719", "address": {"line1": "Lark Barn, Sedge Road", "town": "Pellingham",
                                           "postcode": "PL1 8SR"},
     "household": {"adults": 2, "children": 1, "other_pets": []}, "registered": "2027-03-09"},
    {"adopter_id": "AD-540", "name": "Yusra Penhaligon", "email": "yusra.penhaligon@example.com",
     "phone": "07700 900845", "address": {"line1": "14 Chandlers Walk", "town": "Hollowbrook",
                                           "postcode": "HB1 3CW"},
     "household": {"adults": 1, "children": 0, "other_pets": ["rabbit"]}, "registered": "2027-05-02"},
    {"adopter_id": "AD-541", "name": "Yusuf Penhallow", "email": "y.penhallow@example.net", "phone": "07700 900858",
     "address": {"line1": "2 Mill Row", "town": "Ebbsworth", "postcode": "EB3 5MR"},
     "household": {"adults": 2, "children": 3, "other_pets": ["dog", "dog"]}, "registered": "2027-04-20"},
]}

VOLUNTEERS = {v["volunteer_id"]: v for v in [
    {"volunteer_id": "VOL-21", "name": "Wilhelmina Strachan-Bose", "roles": ["cattery", "home checks"],
     "phone": "07700 900112", "email": "w.strachanbose@example.org", "since": "2021-05-01"},
    {"volunteer_id": "VOL-22", "name": "Wilhelmina Strachan", "roles": ["dog walking"], "phone": "07700 900121",
     "email": "mina.strachan@example.com", "since": "2025-09-14"},
    {"volunteer_id": "VOL-30", "name": "Ravi Kettleborough", "roles": ["vet nurse"], "phone": "07700 900163",
     "email": "ravi.k@example.org", "since": "2023-02-06"},
    {"volunteer_id": "VOL-31", "name": "Ravi Kettlewell", "roles": ["transport", "vet nurse"],
     "phone": "07700 900136", "email": "rkettlewell@example.net", "since": "2026-01-11"},
    {"volunteer_id": "VOL-40", "name": "Delphine Aumont", "roles": ["home checks"], "phone": "07700 900418",
     "email": "delphine.aumont@example.com", "since": "2022-10-03"},
    {"volunteer_id": "VOL-41", "name": "Delphine Aumonier", "roles": ["fundraising", "home checks"],
     "phone": "07700 900481", "email": "d.aumonier@example.org", "since": "2024-06-17"},
    {"volunteer_id": "VOL-50", "name": "Esmé Tolland", "roles": ["vet nurse"], "phone": "07700 900509",
     "email": "esme.tolland@example.com", "since": "2020-03-22"},
    {"volunteer_id": "VOL-51", "name": "Bartek Ruddle", "roles": ["dog walking", "transport"],
     "phone": "07700 900590", "email": "bartek.ruddle@example.net", "since": "2026-07-30"},
]}


def _s(sid, vol, date, start, end, task, area, animals=()):
    return {"shift_id": sid, "volunteer_id": vol, "date": date, "start": start, "end": end, "task": task,
            "area": area, "animals": list(animals)}


SHIFTS = [
    _s("SH-9101", "VOL-22", "2027-05-07", "09:00", "11:00", "dog walking", "Block A", ["A-3185", "A-3189"]),
    _s("SH-9130", "VOL-22", "2027-05-11", "09:00", "11:00", "dog walking", "Block A", ["A-3186", "A-3190"]),
    _s("SH-9151", "VOL-22", "2027-05-14", "09:00", "11:00", "dog walking", "Block A", ["A-3120"]),
    _s("SH-9152", "VOL-22", "2027-05-14", "14:00", "15:00", "kennel cleaning", "Block B"),
    _s("SH-9180", "VOL-22", "2027-05-18", "09:00", "11:00", "dog walking", "Block B", ["A-3187", "A-3192"]),
    _s("SH-9153", "VOL-21", "2027-05-14", "10:00", "13:00", "cattery socialising", "Cattery", ["A-3101", "A-3131"]),
    _s("SH-9160", "VOL-21", "2027-05-15", "11:00", "12:30", "home check", "Pellingham"),
    _s("SH-9154", "VOL-51", "2027-05-14", "09:00", "11:00", "dog walking", "Block B", ["A-3102", "A-3170"]),
    _s("SH-9095", "VOL-30", "2027-05-03", "08:00", "12:00", "vaccination clinic", "Clinic room"),
    _s("SH-9144", "VOL-30", "2027-05-13", "08:00", "12:00", "intake health checks", "Isolation (Block I)"),
    _s("SH-9190", "VOL-30", "2027-05-20", "08:00", "12:00", "vaccination clinic", "Clinic room"),
    _s("SH-9121", "VOL-31", "2027-05-11", "07:30", "10:00", "transport: vet referral run", "Van 2"),
    _s("SH-9140", "VOL-50", "2027-05-12", "08:00", "12:00", "vaccination clinic", "Clinic room"),
    _s("SH-9110", "VOL-40", "2027-05-10", "18:00", "19:00", "home check", "Ebbsworth"),
]


def _app(aid, animal, adopter, status, submitted, check=None, history=(), notes=""):
    return {"application_id": aid, "animal_id": animal, "adopter_id": adopter, "status": status,
            "submitted": submitted, "home_check": check, "history": list(history), "notes": notes}


APPLICATIONS = {a["application_id"]: a for a in [
    _app("APP-7702", "A-3121", "AD-502", "completed", "2027-02-20",
         {"status": "passed", "date": "2027-02-26", "volunteer_id": "VOL-41"},
         [("2027-02-20", "submitted"), ("2027-02-26", "home check passed"), ("2027-03-01", "approved"),
          ("2027-03-06", "completed")]),
    _app("APP-7712", "A-3120", "AD-510", "rejected", "2027-03-08",
         {"status": "failed", "date": "2027-03-17", "volunteer_id": "VOL-21"},
         [("2027-03-08", "submitted"), ("2027-03-17", "home check failed: garden fence too low"),
          ("2027-03-18", "rejected")]),
    _app("APP-7718", "A-3170", "AD-530", "withdrawn", "2027-03-10", None,
         [("2027-03-10", "submitted"), ("2027-03-20", "withdrawn by applicant")]),
    _app("APP-7725", "A-3130", "AD-501", "completed", "2027-03-15",
         {"status": "passed", "date": "2027-03-24", "volunteer_id": "VOL-21"},
         [("2027-03-15", "submitted"), ("2027-03-24", "home check passed"), ("2027-03-26", "approved"),
          ("2027-04-02", "completed")]),
    _app("APP-7733", "A-3120", "AD-530", "approved", "2027-03-22",
         {"status": "passed", "date": "2027-04-06", "volunteer_id": "VOL-40"},
         [("2027-03-22", "submitted"), ("2027-04-06", "home check passed"), ("2027-04-09", "approved")],
         "collection booked once Otis's dental is done"),
    _app("APP-7740", "A-3160", "AD-510", "reviewing", "2027-04-19", None,
         [("2027-04-19", "submitted"), ("2027-04-23", "references received")]),
    _app("APP-7749", "A-3131", "AD-541", "withdrawn", "2027-04-24", None,
         [("2027-04-24", "submitted"), ("2027-04-30", "withdrawn by applicant")]),
    _app("APP-7755", "A-3184", "AD-520", "submitted", "2027-05-01", None, [("2027-05-01", "submitted")]),
    _app("APP-7761", "A-3131", "AD-540", "reviewing", "2027-05-03",
         {"status": "booked", "date": "2027-05-12", "volunteer_id": "VOL-41"},
         [("2027-05-03", "submitted"), ("2027-05-06", "home check booked")]),
    _app("APP-7770", "A-3102", "AD-511", "approved", "2027-04-29",
         {"status": "passed", "date": "2027-05-04", "volunteer_id": "VOL-40"},
         [("2027-04-29", "submitted"), ("2027-05-04", "home check passed"), ("2027-05-05", "approved")]),
    _app("APP-7772", "A-3170", "AD-501", "reviewing", "2027-05-05", None, [("2027-05-05", "submitted")]),
]}

APP_STATUSES = ("submitted", "reviewing", "approved", "rejected", "withdrawn", "completed")
VISITS = {}


# ------------------------------------------------------------------ views
def animal_summary(a):
    return {k: a[k] for k in ("animal_id", "name", "species", "breed", "status")}


def kennel_view(k, full):
    occ = [a["animal_id"] for a in ANIMALS.values() if a["kennel_id"] == k["k"]]
    if not full:
        return {"k": k["k"], "blk": k["blk"], "sz": k["sz"], "cap": k["cap"], "n": len(occ)}
    return {**k, "blk_name": BLOCKS[k["blk"]], "occ": occ}


# ------------------------------------------------------------------ handlers
@route("GET", "/animals")
def search_animals(params, query, body):
    name, species = query.get("name", ""), fold(query.get("species", "")).strip()
    status = fold(query.get("status", "")).strip()
    if status and status not in ("available", "on_hold", "adopted", "fostered"):
        raise ApiError(400, "status must be available, on_hold, adopted or fostered")
    rows = [animal_summary(a) for a in ANIMALS.values()
            if (not name or words_in(name, a["name"])) and (not species or fold(a["species"]) == species)
            and (not status or a["status"] == status)]
    return 200, paged(rows, query)


@route("GET", "/animals/{animal_id}")
def get_animal(params, query, body):
    a = lookup(ANIMALS, params["animal_id"], "animal")
    out = {k: v for k, v in a.items() if k != "kennel_id"}
    out["kennel"] = ({"kennel_id": a["kennel_id"], "block": BLOCKS[a["kennel_id"][2]]}
                     if a["kennel_id"] else None)
    return 200, json.loads(json.dumps(out))


@route("GET", "/animals/{animal_id}/vaccinations")
def list_vaccinations(params, query, body):
    a = lookup(ANIMALS, params["animal_id"], "animal")
    return 200, {"animal_id": a["animal_id"], "records": [dict(r) for r in VACCINATIONS.get(a["animal_id"], [])]}


@route("POST", "/animals/{animal_id}/visits")
def book_visit(params, query, body):
    a = lookup(ANIMALS, params["animal_id"], "animal")
    adopter = lookup(ADOPTERS, (body or {}).get("adopter_id", ""), "adopter")
    date = date_param((body or {}).get("date"), "date")
    time = str((body or {}).get("time", "")).strip()
    if not date or not re.fullmatch(r"\d{2}:\d{2}", time):
        raise ApiError(400, "date (YYYY-MM-DD) and time (HH:MM) are required")
    if date <= TODAY:
        raise ApiError(400, "visits can be booked from tomorrow on")
    if not "10:00" <= time <= "16:00":
        raise ApiError(400, "meet-and-greet visits start between 10:00 and 16:00")
    if a["status"] not in ("available", "on_hold"):
        raise ApiError(409, f"{a['name']} is not at the shelter ({a['status']})")
    ref = "VIS-" + hashlib.sha1("|".join([a["animal_id"], adopter["adopter_id"], date, time]).encode()) \
        .hexdigest().upper()[:6]
    if ref in VISITS:
        return 200, dict(VISITS[ref])
    VISITS[ref] = {"visit_ref": ref, "animal_id": a["animal_id"], "animal_name": a["name"],
                   "adopter_id": adopter["adopter_id"], "date": date, "time": time, "duration_min": 45,
                   "meet_at": "reception, 2 Sedgefield Lane, Hollowbrook", "status": "booked"}
    return 201, dict(VISITS[ref])


@route("GET", "/kennels")
def list_kennels(params, query, body):
    blk = query.get("block", "").strip().upper()
    vacant = query.get("vacant", "").strip().lower()
    if vacant and vacant not in ("true", "false"):
        raise ApiError(400, "vacant must be true or false")
    rows = [kennel_view(k, False) for k in KENNELS.values() if not blk or k["blk"] == blk]
    if vacant:
        rows = [r for r in rows if (r["n"] < r["cap"]) == (vacant == "true")]
    return 200, {"kennels": rows, "n": len(rows)}


@route("GET", "/kennels/{kennel_id}")
def get_kennel(params, query, body):
    return 200, kennel_view(lookup(KENNELS, params["kennel_id"], "kennel"), True)


@route("GET", "/adopters")
def search_adopters(params, query, body):
    name, email = query.get("name", "").strip(), query.get("email", "").strip().lower()
    if not name and not email:
        raise ApiError(400, "name or email is required")
    rows = [{k: a[k] for k in ("adopter_id", "name", "email")} | {"town": a["address"]["town"]}
            for a in ADOPTERS.values()
            if (not name or words_in(name, a["name"])) and (not email or a["email"] == email)]
    return 200, {"adopters": rows, "count": len(rows)}


@route("GET", "/adopters/{adopter_id}")
def get_adopter(params, query, body):
    a = lookup(ADOPTERS, params["adopter_id"], "adopter")
    return 200, json.loads(json.dumps(a))


@route("GET", "/applications")
def list_applications(params, query, body):
    animal, adopter = query.get("animal_id", "").strip().upper(), query.get("adopter_id", "").strip().upper()
    status = query.get("status", "").strip().lower()
    if status and status not in APP_STATUSES:
        raise ApiError(400, "status must be one of " + ", ".join(APP_STATUSES))
    d0 = date_param(query.get("submitted_from"), "submitted_from")
    d1 = date_param(query.get("submitted_to"), "submitted_to")
    rows = [a for a in APPLICATIONS.values()
            if (not animal or a["animal_id"] == animal) and (not adopter or a["adopter_id"] == adopter)
            and (not status or a["status"] == status) and (not d0 or a["submitted"] >= d0)
            and (not d1 or a["submitted"] <= d1)]
    rows.sort(key=lambda a: a["submitted"], reverse=True)
    items = [{"application_id": a["application_id"],
              "animal": {"animal_id": a["animal_id"], "name": ANIMALS[a["animal_id"]]["name"]},
              "adopter_id": a["adopter_id"], "status": a["status"], "submitted": a["submitted"]} for a in rows]
    return 200, paged(items, query)


@route("GET", "/applications/{application_id}")
def get_application(params, query, body):
    a = lookup(APPLICATIONS, params["application_id"], "application")
    animal, adopter = ANIMALS[a["animal_id"]], ADOPTERS[a["adopter_id"]]
    check = None
    if a["home_check"]:
        v = VOLUNTEERS[a["home_check"]["volunteer_id"]]
        check = {"status": a["home_check"]["status"], "date": a["home_check"]["date"],
                 "volunteer": {"volunteer_id": v["volunteer_id"], "name": v["name"]}}
    return 200, {"application_id": a["application_id"], "status": a["status"], "submitted": a["submitted"],
                 "animal": {"animal_id": animal["animal_id"], "name": animal["name"], "species": animal["species"]},
                 "adopter": {"adopter_id": adopter["adopter_id"], "name": adopter["name"]},
                 "home_check": check, "fee": {"amount": animal["adoption_fee"], "currency": "GBP",
                                              "paid": a["status"] == "completed"},
                 "history": [{"on": d, "event": e} for d, e in a["history"]], "notes": a["notes"]}


@route("GET", "/volunteers")
def search_volunteers(params, query, body):
    name, role = query.get("name", "").strip(), fold(query.get("role", "")).strip()
    rows = [{k: v[k] for k in ("volunteer_id", "name", "roles", "phone")} for v in VOLUNTEERS.values()
            if (not name or words_in(name, v["name"])) and (not role or any(role in fold(r) for r in v["roles"]))]
    return 200, {"volunteers": rows, "count": len(rows)}


@route("GET", "/volunteers/{volunteer_id}/shifts")
def list_shifts(params, query, body):
    v = lookup(VOLUNTEERS, params["volunteer_id"], "volunteer")
    d0, d1 = date_param(query.get("from"), "from"), date_param(query.get("to"), "to")
    rows = [{k: s[k] for k in ("shift_id", "date", "start", "end", "task", "area", "animals")}
            for s in SHIFTS if s["volunteer_id"] == v["volunteer_id"]
            and (not d0 or s["date"] >= d0) and (not d1 or s["date"] <= d1)]
    rows.sort(key=lambda s: (s["date"], s["start"]))
    return 200, {"volunteer_id": v["volunteer_id"], "name": v["name"], "shifts": rows}


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
        data = json.dumps(payload, ensure_ascii=False).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=utf-8")
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
