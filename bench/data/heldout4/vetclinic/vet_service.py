"""Brambleford Veterinary Practice API: a small in-memory HTTP service (Python standard library only).

Usage: python vet_service.py PORT   (serves under /api on 127.0.0.1:PORT)
Deterministic: fixed seed data, no clock, no randomness; booking references are derived from the booking's content.
All names, emails, phone numbers, microchips and codes are invented. Licence: Apache-2.0.
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

LOCK = threading.Lock()
ROUTES = []


class ApiError(Exception):
    def __init__(self, status, message):
        super().__init__(message)
        self.status = status
        self.message = message


def route(method, pattern):
    regex = re.compile("^/api" + re.sub(r"\{(\w+)\}", r"(?P<\1>[^/]+)", pattern) + "/?$")

    def deco(fn):
        ROUTES.append((method, regex, fn))
        return fn
    return deco


def fold(text):
    return "".join(c for c in unicodedata.normalize("NFKD", str(text)) if not unicodedata.combining(c)).lower()


def words_in(query, text):
    tokens = [t for t in re.split(r"[\s,.'\u2019]+", fold(query)) if t and t not in ("dr", "doctor")]
    low = fold(text)
    return all(t in low for t in tokens)


def get_or_404(table, key, what):
    row = table.get(str(key).strip().upper())
    if row is None:
        raise ApiError(404, f"no {what} {key!r}")
    return row


def int_param(query, name, default, lo=1, hi=100):
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


OWNERS = {o["owner_id"]: o for o in [
    {"owner_id": "OW-201", "name": "Helga Marchetti", "email": "helga.marchetti@example.com",
     "phone": "+44 1632 870 201", "address": "7 Tanner's Row, Brambleford BF2 4LN", "client_since": "2014-05-03"},
    {"owner_id": "OW-214", "name": "Helga Marchant", "email": "h.marchant@example.net",
     "phone": "+44 1632 870 214", "address": "22 Weir Close, Brambleford BF5 1QE", "client_since": "2019-08-21"},
    {"owner_id": "OW-226", "name": "Tomasz Kowalczyk", "email": "tomasz.kowalczyk@example.org",
     "phone": "+44 1632 870 226", "address": "Flat 3, 41 Chandler Street, Brambleford BF1 9DR",
     "client_since": "2021-02-10"},
    {"owner_id": "OW-233", "name": "Deepa Raghunathan", "email": "deepa.r@example.com",
     "phone": "+44 1632 870 233", "address": "Rose Cottage, Lower Eastwick, Brambleford BF7 3PA",
     "client_since": "2017-11-30"},
    {"owner_id": "OW-240", "name": "Oisín Fairweather", "email": "oisin.fairweather@example.org",
     "phone": "+44 1632 870 240", "address": "9 Kiln Yard, Brambleford BF3 6TU", "client_since": "2022-06-14"},
    {"owner_id": "OW-252", "name": "Deepak Raghavan", "email": "deepak.raghavan@example.net",
     "phone": "+44 1632 870 252", "address": "56 Orchard Way, Brambleford BF4 2HW", "client_since": "2023-01-09"},
]}

VETS = {v["vet_id"]: v for v in [
    {"vet_id": "V-01", "name": "Dr. Annelie Vogt", "specialties": ["general practice", "dentistry"],
     "email": "a.vogt@brambleford-vets.example", "direct_phone": "+44 1632 871 101", "works_days": "Mon-Fri"},
    {"vet_id": "V-02", "name": "Dr. Benedikt Voigt", "specialties": ["general practice", "cardiology"],
     "email": "b.voigt@brambleford-vets.example", "direct_phone": "+44 1632 871 102", "works_days": "Mon-Thu"},
    {"vet_id": "V-03", "name": "Dr. Sunniva Lindqvist", "specialties": ["surgery", "orthopaedics"],
     "email": "s.lindqvist@brambleford-vets.example", "direct_phone": "+44 1632 871 103",
     "works_days": "Tue-Sat"},
    {"vet_id": "V-04", "name": "Dr. Rowan Achterberg", "specialties": ["exotics", "avian"],
     "email": "r.achterberg@brambleford-vets.example", "direct_phone": "+44 1632 871 104",
     "works_days": "Mon, Wed, Fri"},
    {"vet_id": "V-05", "name": "Dr. Femi Adeyemi-Clarke", "specialties": ["exotics", "dermatology"],
     "email": "f.adeyemi-clarke@brambleford-vets.example", "direct_phone": "+44 1632 871 105",
     "works_days": "Tue-Fri"},
    {"vet_id": "V-06", "name": "Dr. Clara Lindgren", "specialties": ["general practice", "behaviour"],
     "email": "c.lindgren@brambleford-vets.example", "direct_phone": "+44 1632 871 106", "works_days": "Mon-Fri"},
]}


def _pet(pid, owner, name, species, breed, sex, born, weight, chip, vet, neutered=True):
    return {"pet_id": pid, "owner_id": owner, "name": name, "species": species, "breed": breed, "sex": sex,
            "date_of_birth": born, "weight_kg": weight, "microchip": chip, "neutered": neutered,
            "primary_vet_id": vet}


PETS = {p["pet_id"]: p for p in [
    _pet("PT-3301", "OW-233", "Biscuit", "dog", "Beagle", "female", "2019-04-22", 13.8, "981020004410301", "V-03"),
    _pet("PT-3302", "OW-252", "Biscuit", "rabbit", "Netherland Dwarf", "male", "2023-03-01", 1.1,
         "981020004410302", "V-05", False),
    _pet("PT-3304", "OW-233", "Saffron", "cat", "Bengal", "female", "2020-09-15", 4.2, "981020004410304", "V-01"),
    _pet("PT-3307", "OW-201", "Bruno", "dog", "Labrador Retriever", "male", "2018-07-09", 31.4,
         "981020004417203", "V-01"),
    _pet("PT-3309", "OW-214", "Figaro", "cat", "British Shorthair", "male", "2016-12-02", 5.9, "981020004410309",
         "V-02"),
    _pet("PT-3312", "OW-226", "Pepper", "cat", "Domestic Shorthair", "female", "2021-05-30", 3.7,
         "981020004410312", "V-02"),
    _pet("PT-3313", "OW-226", "Kasztan", "dog", "Hungarian Vizsla", "male", "2020-02-14", 24.9, "981020004410313",
         "V-03"),
    _pet("PT-3318", "OW-201", "Pepper", "bird", "African Grey Parrot", "female", "2009-06-01", 0.45,
         "981020004410318", "V-04", False),
    _pet("PT-3320", "OW-240", "Marmalade", "cat", "Maine Coon", "male", "2017-10-10", 7.6, "981020004410320",
         "V-06"),
    _pet("PT-3321", "OW-240", "Juniper", "dog", "Whippet", "female", "2022-08-19", 12.3, "981020004410321",
         "V-06"),
    _pet("PT-3322", "OW-240", "Sprocket", "reptile", "Bearded Dragon", "male", "2023-04-04", 0.48, None, "V-04",
         False),
    _pet("PT-3325", "OW-214", "Marmaduke", "guinea pig", "Abyssinian", "male", "2024-01-20", 1.0, None, "V-05",
         False),
]}

VACCINATIONS = [
    # pet, vaccine, given, next_due, batch, vet
    ("PT-3312", "Rabies", "2024-03-18", "2027-03-18", "RB-22817", "V-02"),
    ("PT-3312", "Feline enteritis & flu (FVRCP)", "2025-10-02", "2026-10-02", "FV-40412", "V-02"),
    ("PT-3312", "Feline leukaemia (FeLV)", "2025-10-02", "2026-10-02", "FL-11903", "V-02"),
    ("PT-3313", "Rabies", "2024-06-01", "2027-06-01", "RB-22901", "V-03"),
    ("PT-3313", "DHPPi + Leptospirosis (L4)", "2026-02-11", "2027-02-11", "DL-50877", "V-01"),
    ("PT-3301", "DHPPi + Leptospirosis (L4)", "2026-04-20", "2027-04-20", "DL-50790", "V-01"),
    ("PT-3301", "Kennel cough (intranasal)", "2026-04-20", "2027-04-20", "KC-30218", "V-01"),
    ("PT-3307", "Rabies", "2023-09-05", "2026-09-05", "RB-21744", "V-01"),
    ("PT-3307", "DHPPi + Leptospirosis (L4)", "2026-07-12", "2027-07-12", "DL-50932", "V-01"),
    ("PT-3320", "Feline enteritis & flu (FVRCP)", "2026-10-02", "2027-10-02", "FV-40655", "V-06"),
    ("PT-3320", "Rabies", "2025-01-15", "2028-01-15", "RB-22104", "V-06"),
    ("PT-3321", "DHPPi + Leptospirosis (L4)", "2026-08-20", "2027-08-20", "DL-51020", "V-06"),
    ("PT-3302", "RHD2 + Myxomatosis", "2026-03-01", "2027-03-01", "RM-70311", "V-05"),
    ("PT-3309", "Feline enteritis & flu (FVRCP)", "2026-01-08", "2027-01-08", "FV-40229", "V-02"),
]

_APPTS = [
    # id, pet, vet, date, time, reason, status, invoice
    ("AP-7001", "PT-3312", "V-02", "2026-09-08", "09:20", "Annual check-up", "completed", "INV-50377"),
    ("AP-7004", "PT-3320", "V-06", "2026-10-02", "11:00", "Annual check-up and vaccination", "completed",
     "INV-50385"),
    ("AP-7006", "PT-3301", "V-01", "2026-10-12", "14:10", "Ear infection", "completed", "INV-50390"),
    ("AP-7009", "PT-3307", "V-01", "2026-10-28", "16:00", "Lameness front left", "completed", "INV-50402"),
    ("AP-7011", "PT-3312", "V-02", "2026-11-05", "10:40", "Urinary tract infection follow-up", "completed",
     "INV-50412"),
    ("AP-7012", "PT-3318", "V-04", "2026-11-06", "12:00", "Beak and nail trim", "completed", "INV-50413"),
    ("AP-7014", "PT-3320", "V-06", "2026-11-09", "09:00", "Weight check", "cancelled", None),
    ("AP-7015", "PT-3307", "V-03", "2026-11-12", "08:30", "Cruciate ligament repair", "completed", "INV-50418"),
    ("AP-7016", "PT-3320", "V-01", "2026-11-14", "09:40", "Dental scale and polish", "completed", "INV-50420"),
    ("AP-7017", "PT-3309", "V-02", "2026-11-16", "15:30", "Heart murmur check", "completed", "INV-50421"),
    ("AP-7019", "PT-3318", "V-04", "2026-11-20", "11:15", "Feather plucking review", "completed", "INV-50426"),
    ("AP-7021", "PT-3301", "V-01", "2026-11-27", "13:00", "Dental extraction", "completed", "INV-50431"),
    ("AP-7022", "PT-3302", "V-05", "2026-11-30", "10:00", "Overgrown incisors", "completed", "INV-50433"),
    ("AP-7031", "PT-3304", "V-01", "2026-12-01", "09:00", "Vomiting", "booked", None),
    ("AP-7032", "PT-3307", "V-01", "2026-12-01", "11:30", "Post-op check", "booked", None),
    ("AP-7033", "PT-3309", "V-02", "2026-12-02", "10:00", "Echocardiogram", "booked", None),
    ("AP-7034", "PT-3321", "V-01", "2026-12-03", "09:20", "Torn dewclaw", "booked", None),
    ("AP-7035", "PT-3313", "V-01", "2026-12-03", "15:40", "Skin lump", "booked", None),
    ("AP-7036", "PT-3320", "V-06", "2026-12-04", "10:20", "Weight check", "booked", None),
    ("AP-7037", "PT-3301", "V-01", "2026-12-07", "14:00", "Dental recheck", "booked", None),
    ("AP-7038", "PT-3312", "V-01", "2026-12-08", "09:00", "Nail trim", "cancelled", None),
    ("AP-7039", "PT-3325", "V-05", "2026-12-08", "11:00", "Skin scrape", "booked", None),
    ("AP-7040", "PT-3304", "V-01", "2026-12-09", "16:20", "Vomiting follow-up", "booked", None),
    ("AP-7041", "PT-3313", "V-03", "2026-12-10", "08:30", "Lump removal", "booked", None),
    ("AP-7042", "PT-3307", "V-01", "2026-12-10", "10:10", "Suture removal", "booked", None),
    ("AP-7043", "PT-3309", "V-02", "2026-12-10", "14:30", "Blood pressure", "booked", None),
    ("AP-7044", "PT-3321", "V-01", "2026-12-11", "09:40", "Dewclaw recheck", "booked", None),
    ("AP-7045", "PT-3302", "V-01", "2026-12-14", "12:20", "Second opinion: teeth", "booked", None),
    ("AP-7046", "PT-3320", "V-01", "2026-12-15", "15:00", "Dental recheck", "booked", None),
    ("AP-7047", "PT-3312", "V-02", "2026-12-17", "10:00", "Blood test", "booked", None),
    ("AP-7048", "PT-3313", "V-01", "2026-12-17", "11:40", "Stitches check", "booked", None),
    ("AP-7049", "PT-3318", "V-04", "2026-12-18", "09:30", "Feather plucking review", "booked", None),
    ("AP-7050", "PT-3304", "V-01", "2026-12-18", "13:20", "Booster vaccination", "booked", None),
    ("AP-7051", "PT-3307", "V-02", "2026-12-21", "09:00", "Cardiac screening", "booked", None),
    ("AP-7052", "PT-3301", "V-03", "2026-12-22", "10:30", "Knee X-ray", "booked", None),
    ("AP-7053", "PT-3321", "V-01", "2027-01-05", "09:00", "Annual check-up", "booked", None),
]
APPOINTMENTS = {a[0]: {"appointment_id": a[0], "pet_id": a[1], "pet_name": PETS[a[1]]["name"], "vet_id": a[2],
                       "vet_name": VETS[a[2]]["name"], "date": a[3], "time": a[4], "reason": a[5],
                       "status": a[6], "invoice_id": a[7]} for a in _APPTS}


def _inv(iid, appt, issued, due, lines, paid):
    a = APPOINTMENTS[appt]
    pet = PETS[a["pet_id"]]
    rows = [{"description": d, "quantity": q, "unit_price": p, "amount": round(q * p, 2)} for d, q, p in lines]
    total = round(sum(r["amount"] for r in rows), 2)
    due_amt = round(total - paid, 2)
    status = "paid" if due_amt == 0 else ("unpaid" if paid == 0 else "partially_paid")
    return {"invoice_id": iid, "owner_id": pet["owner_id"], "pet_id": pet["pet_id"], "pet_name": pet["name"],
            "appointment_id": appt, "vet_id": a["vet_id"], "issued": issued, "due": due, "lines": rows,
            "total": total, "amount_paid": paid, "amount_due": due_amt, "status": status, "currency": "GBP"}


INVOICES = {i["invoice_id"]: i for i in [
    _inv("INV-50377", "AP-7001", "2026-09-08", "2026-10-08", [("Consultation", 1, 48.0), ("Blood panel", 1, 62.5)],
         110.5),
    _inv("INV-50385", "AP-7004", "2026-10-02", "2026-11-01",
         [("Consultation", 1, 48.0), ("FVRCP vaccine", 1, 39.0)], 87.0),
    _inv("INV-50390", "AP-7006", "2026-10-12", "2026-11-11",
         [("Consultation", 1, 48.0), ("Otoscopy", 1, 22.0), ("Ear drops (15 ml)", 2, 14.75)], 99.5),
    _inv("INV-50402", "AP-7009", "2026-10-28", "2026-11-27",
         [("Consultation", 1, 48.0), ("Anti-inflammatory (28 tablets)", 1, 31.2)], 79.2),
    _inv("INV-50412", "AP-7011", "2026-11-05", "2026-12-05",
         [("Follow-up consultation", 1, 32.0), ("Urinalysis", 1, 41.5), ("Antibiotics (14 days)", 1, 22.9)],
         96.4),
    _inv("INV-50413", "AP-7012", "2026-11-06", "2026-12-06",
         [("Exotics consultation", 1, 55.0), ("Beak and nail trim", 1, 28.0)], 83.0),
    _inv("INV-50418", "AP-7015", "2026-11-12", "2026-12-15",
         [("Cruciate repair surgery (balance after deposit)", 1, 1150.0), ("Hospitalisation (night)", 2, 85.0),
          ("Pain relief pack", 1, 42.6)], 1150.0),
    _inv("INV-50420", "AP-7016", "2026-11-14", "2026-12-14",
         [("Dental scale and polish under GA", 1, 165.0), ("Pre-anaesthetic bloods", 1, 58.0)], 223.0),
    _inv("INV-50421", "AP-7017", "2026-11-16", "2026-12-16",
         [("Consultation", 1, 48.0), ("ECG", 1, 10.0)], 0.0),
    _inv("INV-50426", "AP-7019", "2026-11-20", "2026-12-20",
         [("Exotics consultation", 1, 55.0), ("Feather and skin cytology", 1, 46.3), ("Avian supplement", 1, 35.0)],
         0.0),
    _inv("INV-50431", "AP-7021", "2026-11-27", "2026-12-27",
         [("Consultation", 1, 48.0), ("Dental radiographs", 1, 85.0), ("Tooth extraction (surgical)", 2, 95.0),
          ("General anaesthetic", 1, 120.0), ("Chlorhexidine gel", 1, 12.5)], 0.0),
    _inv("INV-50433", "AP-7022", "2026-11-30", "2026-12-30",
         [("Exotics consultation", 1, 55.0), ("Incisor burr under sedation", 1, 210.0)], 0.0),
]}

BOOKINGS = {}


def booking_ref(pet_id, vet_id, date, time):
    digest = hashlib.sha1("|".join([pet_id, vet_id, date, time]).encode()).hexdigest().upper()
    return "APT-" + digest[:6]


def owner_summary(o):
    return {k: o[k] for k in ("owner_id", "name", "email", "phone")}


def pet_summary(p):
    return {k: p[k] for k in ("pet_id", "name", "species", "breed", "owner_id")}


@route("GET", "/owners")
def search_owners(params, query, body):
    name, email = (query.get("name") or "").strip(), (query.get("email") or "").strip().lower()
    if not name and not email:
        raise ApiError(400, "give name or email")
    rows = [owner_summary(o) for o in OWNERS.values()
            if (not name or words_in(name, o["name"])) and (not email or o["email"] == email)]
    return 200, {"owners": rows, "count": len(rows)}


@route("GET", "/owners/{owner_id}")
def get_owner(params, query, body):
    return 200, dict(get_or_404(OWNERS, params["owner_id"], "owner"))


@route("GET", "/owners/{owner_id}/pets")
def list_owner_pets(params, query, body):
    o = get_or_404(OWNERS, params["owner_id"], "owner")
    rows = [pet_summary(p) for p in PETS.values() if p["owner_id"] == o["owner_id"]]
    return 200, {"owner_id": o["owner_id"], "pets": rows, "count": len(rows)}


@route("GET", "/pets")
def search_pets(params, query, body):
    name, species = (query.get("name") or "").strip(), (query.get("species") or "").strip().lower()
    rows = [pet_summary(p) for p in PETS.values()
            if (not name or words_in(name, p["name"])) and (not species or p["species"] == species)]
    return 200, {"pets": rows, "count": len(rows)}


@route("GET", "/pets/{pet_id}")
def get_pet(params, query, body):
    p = dict(get_or_404(PETS, params["pet_id"], "pet"))
    p["owner_name"] = OWNERS[p["owner_id"]]["name"]
    return 200, p


@route("GET", "/pets/{pet_id}/vaccinations")
def list_vaccinations(params, query, body):
    p = get_or_404(PETS, params["pet_id"], "pet")
    rows = [{"vaccine": v, "given": g, "next_due": n, "batch": b, "vet_id": vet}
            for pid, v, g, n, b, vet in VACCINATIONS if pid == p["pet_id"]]
    rows.sort(key=lambda r: r["given"], reverse=True)
    return 200, {"pet_id": p["pet_id"], "pet_name": p["name"], "vaccinations": rows}


@route("GET", "/vets")
def list_vets(params, query, body):
    name, spec = (query.get("name") or "").strip(), (query.get("specialty") or "").strip().lower()
    rows = [{k: v[k] for k in ("vet_id", "name", "specialties")} for v in VETS.values()
            if (not name or words_in(name, v["name"])) and (not spec or any(spec in s for s in v["specialties"]))]
    return 200, {"vets": rows, "count": len(rows)}


@route("GET", "/vets/{vet_id}")
def get_vet(params, query, body):
    return 200, dict(get_or_404(VETS, params["vet_id"], "vet"))


@route("GET", "/appointments")
def list_appointments(params, query, body):
    pet, vet = (query.get("pet_id") or "").strip().upper(), (query.get("vet_id") or "").strip().upper()
    start = date_param(query["date_from"], "date_from") if query.get("date_from") else None
    end = date_param(query["date_to"], "date_to") if query.get("date_to") else None
    status = (query.get("status") or "").strip().lower()
    sort = query.get("sort") or "date_asc"
    if sort not in ("date_asc", "date_desc"):
        raise ApiError(400, "sort must be date_asc or date_desc")
    page, size = int_param(query, "page", 1, 1, 10000), int_param(query, "page_size", 10, 1, 50)
    with LOCK:
        everything = list(APPOINTMENTS.values()) + list(BOOKINGS.values())
    rows = [a for a in everything if (not pet or a["pet_id"] == pet) and (not vet or a["vet_id"] == vet)
            and (not start or a["date"] >= start) and (not end or a["date"] <= end)
            and (not status or a["status"] == status)]
    rows.sort(key=lambda a: (a["date"], a["time"]), reverse=sort == "date_desc")
    first = (page - 1) * size
    return 200, {"appointments": rows[first:first + size], "page": page, "page_size": size,
                 "total_count": len(rows), "next_page": page + 1 if first + size < len(rows) else None}


@route("POST", "/appointments")
def book_appointment(params, query, body):
    for field in ("pet_id", "vet_id", "date", "time"):
        if not str(body.get(field) or "").strip():
            raise ApiError(400, f"field '{field}' is required")
    pet = get_or_404(PETS, body["pet_id"], "pet")
    vet = get_or_404(VETS, body["vet_id"], "vet")
    date = date_param(body["date"], "date")
    m = re.match(r"^(\d{1,2}):(\d{2})(?::00)?$", str(body["time"]).strip())
    if not m or int(m.group(1)) > 23 or int(m.group(2)) > 59:
        raise ApiError(400, "time must be HH:MM (24-hour)")
    time = f"{int(m.group(1)):02d}:{m.group(2)}"
    if not "2026-12-01" <= date <= "2027-03-31":
        raise ApiError(422, "bookings are open from 2026-12-01 to 2027-03-31")
    if datetime.date.fromisoformat(date).weekday() == 6:
        raise ApiError(422, "the practice is closed on Sundays")
    ref = booking_ref(pet["pet_id"], vet["vet_id"], date, time)
    with LOCK:
        if ref in BOOKINGS:
            return 200, BOOKINGS[ref]
        for a in list(APPOINTMENTS.values()) + list(BOOKINGS.values()):
            if a["vet_id"] == vet["vet_id"] and a["date"] == date and a["time"] == time and a["status"] == "booked":
                raise ApiError(409, f"{vet['name']} already has an appointment at {time} on {date}")
        BOOKINGS[ref] = {"appointment_id": ref, "pet_id": pet["pet_id"], "pet_name": pet["name"],
                         "vet_id": vet["vet_id"], "vet_name": vet["name"], "date": date, "time": time,
                         "reason": " ".join(str(body.get("reason") or "consultation").split()),
                         "status": "booked", "invoice_id": None}
    return 201, BOOKINGS[ref]


@route("GET", "/owners/{owner_id}/invoices")
def list_invoices(params, query, body):
    o = get_or_404(OWNERS, params["owner_id"], "owner")
    status = (query.get("status") or "").strip().lower()
    if status and status not in ("paid", "unpaid", "partially_paid", "outstanding"):
        raise ApiError(400, "status must be paid, unpaid, partially_paid or outstanding")
    rows = [i for i in INVOICES.values() if i["owner_id"] == o["owner_id"]
            and (not status or i["status"] == status or (status == "outstanding" and i["amount_due"] > 0))]
    rows.sort(key=lambda i: i["issued"], reverse=True)
    items = [{k: i[k] for k in ("invoice_id", "issued", "pet_name", "total", "amount_due", "status")} for i in rows]
    return 200, {"owner_id": o["owner_id"], "invoices": items, "count": len(items),
                 "total_outstanding": round(sum(i["amount_due"] for i in rows), 2), "currency": "GBP"}


@route("GET", "/invoices/{invoice_id}")
def get_invoice(params, query, body):
    return 200, dict(get_or_404(INVOICES, params["invoice_id"], "invoice"))


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
