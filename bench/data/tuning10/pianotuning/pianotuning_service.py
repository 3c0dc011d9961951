"""Quillfeather Piano Care (Ashby Marsh) - a small HTTP/JSON service for a piano tuning and repair business:
clients, pianos (make, model, serial), technicians, visits, quotes, parts and invoices, plus booking a visit.

Run: python pianotuning_service.py PORT      (serves under http://127.0.0.1:PORT/api; spec: pianotuning_openapi.json)
Python standard library only. Deterministic: fixed seed data (the business's "today" is Tuesday 2027-06-01), no
clock, no randomness; booking references are derived from the booking's content (SHA-1). State lives in memory for
the life of the process. All names, emails, phone numbers, addresses, makes, serials and codes are invented.
Licence: Apache-2.0.
"""
import datetime as _dt
import difflib
import hashlib
import json
import re
import sys
import unicodedata
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, unquote, urlparse

PER_PAGE = 10


def fold(text) -> str:
    text = "".join(c for c in unicodedata.normalize("NFKD", str(text)) if not unicodedata.combining(c)).lower()
    text = re.sub(r"[^a-z0-9@.\- ]+", "", text.replace("&", " and "))
    text = text.replace(".", " ") if "@" not in text else text
    return re.sub(r"\s+", " ", text).strip()


class ApiError(Exception):
    def __init__(self, status, message):
        super().__init__(message)
        self.status, self.message = status, message


# ------------------------------------------------------------------ data
CLIENTS = {c["client_id"]: c for c in [
    {"client_id": "C-4101", "name": "Margarethe Osei", "type": "individual", "email": "margarethe.osei@example.com",
     "phone": "555-0412", "address": "14 Larchmont Row, Ashby Marsh AM3 9LR"},
    {"client_id": "C-4102", "name": "Margaret Osei", "type": "individual", "email": "m.osei@example.net",
     "phone": "555-0467", "address": "2 Tallow Court, Fennick AM7 2TC"},
    {"client_id": "C-4103", "name": "Bellhaven Community Choir", "type": "organisation",
     "email": "choir@bellhaven-community.example.org", "phone": "555-0433",
     "address": "Bellhaven Institute, Quarry Road, Bellhaven AM5 1QR", "contact": "Ffion Rask"},
    {"client_id": "C-4104", "name": "Bellhaven Chamber Choir", "type": "organisation",
     "email": "secretary@bellhavenchamber.example.org", "phone": "555-0488",
     "address": "St Wenna's Hall, Bellhaven AM5 3SW", "contact": "Aurelio Pike"},
    {"client_id": "C-4105", "name": "Quentin Farrow", "type": "individual", "email": "q.farrow@example.com",
     "phone": "555-0451", "address": "The Old Granary, Mill Lane, Ashby Marsh AM2 4ML"},
    {"client_id": "C-4106", "name": "Quentin Farrell", "type": "individual", "email": "quentin.farrell@example.net",
     "phone": "555-0409", "address": "31 Cobb Street, Ashby Marsh AM1 8CS"},
    {"client_id": "C-4107", "name": "St. Aldric's School", "type": "organisation",
     "email": "bursar@st-aldrics.example.org", "phone": "555-0420", "address": "Aldric Way, Fennick AM7 5AW",
     "contact": "Mr. Hollis Drummond (bursar)"},
    {"client_id": "C-4108", "name": "Odile Marchbank", "type": "individual", "email": "odile.marchbank@example.com",
     "phone": "555-0473", "address": "Flat 4, 9 Saltings Parade, Ashby Marsh AM3 1SP"},
    {"client_id": "C-4109", "name": "Ravensworth Hotel", "type": "organisation",
     "email": "events@ravensworth-hotel.example.com", "phone": "555-0495",
     "address": "1 Esplanade, Ashby Marsh AM1 1ES", "contact": "Priscilla Vane"},
    {"client_id": "C-4110", "name": "Leontyne Abara", "type": "individual", "email": "leontyne.abara@example.org",
     "phone": "555-0426", "address": "77 Heron Walk, Bellhaven AM5 6HW"},
]}

PIANOS = {p["piano_id"]: p for p in [
    {"piano_id": "PN-2201", "client_id": "C-4101", "make": "Vellani", "model": "U-121", "serial": "306114",
     "type": "upright", "year": 1978, "finish": "walnut", "location": "front room", "pitch_standard": "A440"},
    {"piano_id": "PN-2202", "client_id": "C-4101", "make": "Brenthaus", "model": "B-185", "serial": "77215",
     "type": "grand", "year": 1994, "finish": "black polyester", "location": "studio", "pitch_standard": "A440"},
    {"piano_id": "PN-2203", "client_id": "C-4102", "make": "Korvald", "model": "K-132", "serial": "418270",
     "type": "upright", "year": 1987, "finish": "black satin", "location": "hall", "pitch_standard": "A440"},
    {"piano_id": "PN-2231", "client_id": "C-4103", "make": "Halvorsen", "model": "HG-212", "serial": "5513090",
     "type": "grand", "year": 2003, "finish": "black polyester", "location": "rehearsal hall",
     "pitch_standard": "A442"},
    {"piano_id": "PN-2232", "client_id": "C-4103", "make": "Aldermann", "model": "A-118", "serial": "20931",
     "type": "upright", "year": 1969, "finish": "oak", "location": "green room", "pitch_standard": "A440"},
    {"piano_id": "PN-2241", "client_id": "C-4104", "make": "Halvorsen", "model": "HG-170", "serial": "5513009",
     "type": "grand", "year": 2006, "finish": "mahogany", "location": "St Wenna's Hall", "pitch_standard": "A440"},
    {"piano_id": "PN-2251", "client_id": "C-4105", "make": "Orsay & Fils", "model": "Salon 6", "serial": "88-4417",
     "type": "grand", "year": 1931, "finish": "rosewood", "location": "drawing room", "pitch_standard": "A440"},
    {"piano_id": "PN-2252", "client_id": "C-4106", "make": "Korvald", "model": "K-121", "serial": "418207",
     "type": "upright", "year": 1985, "finish": "white gloss", "location": "dining room", "pitch_standard": "A440"},
    {"piano_id": "PN-2261", "client_id": "C-4107", "make": "Brenthaus", "model": "B-210", "serial": "81502",
     "type": "grand", "year": 2001, "finish": "black satin", "location": "main hall", "pitch_standard": "A440"},
    {"piano_id": "PN-2262", "client_id": "C-4107", "make": "Vellani", "model": "U-118", "serial": "305877",
     "type": "upright", "year": 1976, "finish": "black satin", "location": "music room 2", "pitch_standard": "A440"},
    {"piano_id": "PN-2263", "client_id": "C-4107", "make": "Aldermann", "model": "A-112", "serial": "21877",
     "type": "upright", "year": 1958, "finish": "oak", "location": "chapel", "pitch_standard": "A435"},
    {"piano_id": "PN-2265", "client_id": "C-4108", "make": "Carrow", "model": "C-44", "serial": "1102934",
     "type": "upright", "year": 2011, "finish": "cherry", "location": "living room", "pitch_standard": "A440"},
    {"piano_id": "PN-2271", "client_id": "C-4109", "make": "Brenthaus", "model": "B-185", "serial": "77251",
     "type": "grand", "year": 1998, "finish": "white gloss", "location": "ballroom", "pitch_standard": "A440"},
    {"piano_id": "PN-2281", "client_id": "C-4110", "make": "Vellani", "model": "U-121", "serial": "306141",
     "type": "upright", "year": 1981, "finish": "walnut", "location": "study", "pitch_standard": "A440"},
]}

TECHNICIANS = {t["technician_id"]: t for t in [
    {"technician_id": "T-01", "name": "Ilse Brandauer", "status": "active", "certified": True,
     "specialties": ["tuning", "regulation", "voicing"], "email": "ilse.brandauer@quillfeather.example.com",
     "phone": "555-0501", "base": "Ashby Marsh"},
    {"technician_id": "T-02", "name": "Tomasz Wierzba", "status": "active", "certified": True,
     "specialties": ["tuning", "pitch raise"], "email": "tomasz.wierzba@quillfeather.example.com",
     "phone": "555-0502", "base": "Bellhaven"},
    {"technician_id": "T-03", "name": "Tomas Wierzbicki", "status": "active", "certified": False,
     "specialties": ["tuning", "repair"], "email": "tomas.wierzbicki@quillfeather.example.com",
     "phone": "555-0503", "base": "Bellhaven"},
    {"technician_id": "T-04", "name": "Ngozi Ekwueme-Hart", "status": "active", "certified": True,
     "specialties": ["restringing", "rebuilding", "pitch raise", "tuning"],
     "email": "ngozi.ekwuemehart@quillfeather.example.com", "phone": "555-0504", "base": "Ashby Marsh"},
    {"technician_id": "T-05", "name": "Ilse Brandhauer", "status": "inactive", "certified": True,
     "specialties": ["tuning"], "email": "ilse.brandhauer@quillfeather.example.com", "phone": "555-0505",
     "base": "Fennick"},
    {"technician_id": "T-06", "name": "Benedek Szalai", "status": "active", "certified": True,
     "specialties": ["regulation", "actions", "tuning"], "email": "benedek.szalai@quillfeather.example.com",
     "phone": "555-0506", "base": "Fennick"},
]}


def _v(vid, date, piano, tech, service, status, dur=None, hz=None, rh=None, note="", inv=None, time="09:30"):
    return {"visit_id": vid, "date": date, "time": time, "piano_id": piano, "client_id": PIANOS[piano]["client_id"],
            "technician_id": tech, "service": service, "status": status,
            "duration_min": dur if dur is not None else (90 if status == "completed" else None),
            "pitch_hz": hz if hz is not None else (440.0 if status == "completed" else None),
            "humidity_pct": rh if rh is not None else (44 if status == "completed" else None), "notes": note,
            "invoice_id": inv}


VISITS = {v["visit_id"]: v for v in [
    # Bellhaven Community Choir's grand (kept at A442)
    _v("V-2101", "2024-03-08", "PN-2231", "T-02", "tuning", "completed", hz=442.0),
    _v("V-2112", "2024-09-13", "PN-2231", "T-02", "tuning", "completed", hz=442.0),
    _v("V-2120", "2024-12-06", "PN-2231", "T-03", "tuning", "completed", hz=442.0),
    _v("V-2131", "2025-01-17", "PN-2231", "T-02", "tuning", "completed", hz=442.0),
    _v("V-2140", "2025-03-14", "PN-2231", "T-03", "tuning", "completed", hz=442.0),
    _v("V-2146", "2025-05-09", "PN-2231", "T-02", "tuning", "cancelled", note="hall double-booked"),
    _v("V-2147", "2025-05-16", "PN-2231", "T-02", "tuning", "completed", hz=442.0),
    _v("V-2155", "2025-07-11", "PN-2231", "T-03", "tuning", "completed", hz=442.0),
    _v("V-2163", "2025-09-12", "PN-2231", "T-02", "tuning", "completed", hz=442.0),
    _v("V-2171", "2025-11-14", "PN-2231", "T-01", "regulation", "completed", dur=240, hz=442.0),
    _v("V-2178", "2025-12-05", "PN-2231", "T-02", "tuning", "completed", hz=442.0),
    _v("V-2190", "2026-02-13", "PN-2231", "T-03", "tuning", "completed", hz=442.0),
    _v("V-2203", "2026-04-10", "PN-2231", "T-02", "tuning", "completed", hz=442.0),
    _v("V-2219", "2026-06-12", "PN-2231", "T-03", "tuning", "completed", hz=442.0),
    _v("V-2236", "2026-09-11", "PN-2231", "T-02", "tuning", "completed", hz=442.0),
    _v("V-2251", "2026-12-04", "PN-2231", "T-03", "tuning", "completed", hz=442.0),
    _v("V-2301", "2027-03-12", "PN-2231", "T-02", "tuning", "cancelled", note="technician unwell; reassigned",
       time="09:00"),
    _v("V-2302", "2027-03-12", "PN-2231", "T-03", "tuning", "completed", hz=442.0, rh=39, time="14:00",
       note="before the spring concert"),
    _v("V-2340", "2027-05-14", "PN-2231", "T-02", "tuning", "completed", hz=442.0),
    _v("V-2399", "2027-06-18", "PN-2231", "T-02", "tuning", "scheduled"),
    _v("V-2303", "2027-03-12", "PN-2232", "T-03", "tuning", "completed", hz=440.0, time="15:45"),
    # Bellhaven Chamber Choir's grand
    _v("V-2158", "2025-08-21", "PN-2241", "T-01", "tuning", "completed"),
    _v("V-2222", "2026-06-18", "PN-2241", "T-01", "tuning", "completed"),
    _v("V-2305", "2027-03-12", "PN-2241", "T-02", "tuning", "completed", time="11:30"),
    # St. Aldric's School
    _v("V-2110", "2024-08-27", "PN-2261", "T-01", "tuning", "completed"),
    _v("V-2185", "2026-01-08", "PN-2261", "T-01", "tuning", "completed"),
    _v("V-2230", "2026-08-26", "PN-2261", "T-06", "regulation", "completed", dur=210, hz=439.0),
    _v("V-2288", "2027-04-22", "PN-2261", "T-01", "tuning", "completed", dur=105, hz=439.5, rh=31,
       note="hall very dry and cold; left at A439.5 rather than a pitch raise; humidifier advised",
       inv="INV-5380"),
    _v("V-2289", "2027-04-22", "PN-2262", "T-01", "tuning", "completed", hz=440.0, rh=40, time="11:30",
       inv="INV-5381"),
    _v("V-2290", "2027-04-22", "PN-2263", "T-01", "tuning", "completed", hz=435.0, rh=45, time="13:30",
       note="kept at its historic A435", inv="INV-5382"),
    _v("V-2350", "2027-05-20", "PN-2261", "T-06", "tuning", "cancelled", note="exam season; hall unavailable"),
    _v("V-2395", "2027-06-09", "PN-2261", "T-01", "tuning", "scheduled"),
    # Quentin Farrow / Quentin Farrell
    _v("V-2240", "2026-10-05", "PN-2251", "T-04", "inspection", "completed", dur=60, hz=432.0,
       note="a quarter-tone flat; pitch raise recommended", inv="INV-5240"),
    _v("V-2291", "2027-04-06", "PN-2251", "T-04", "pitch raise + tuning", "completed", dur=150, hz=440.0,
       rh=47, note="raised from A432; follow-up tuning in three weeks", inv="INV-5388"),
    _v("V-2297", "2027-04-27", "PN-2251", "T-04", "tuning (follow-up)", "completed", dur=75, hz=440.0,
       inv="INV-5395"),
    _v("V-2292", "2027-04-08", "PN-2252", "T-02", "tuning", "completed", inv="INV-5390"),
    # others
    _v("V-2210", "2026-05-21", "PN-2271", "T-06", "regulation + tuning", "completed", dur=270, hz=440.0,
       note="twelve hammer flanges rebushed; key bushings renewed in the treble", inv="INV-5310"),
    _v("V-2375", "2027-05-26", "PN-2201", "T-04", "inspection", "completed", dur=45, hz=438.0,
       note="bass strings dead; see quote Q-7719"),
    _v("V-2388", "2027-05-28", "PN-2203", "T-02", "tuning", "completed", dur=80, hz=440.0, rh=48,
       note="two sticking keys eased (D5, F#5)"),
    _v("V-2389", "2027-05-28", "PN-2202", "T-01", "tuning", "completed", hz=440.0, time="14:00"),
    _v("V-2380", "2027-05-27", "PN-2281", "T-03", "tuning", "completed"),
]}

PARTS = {p["sku"]: p for p in [
    {"sku": "DF-G-88", "name": "Damper felt set (grand)", "category": "felts", "unit_price": 86.4, "stock": 14,
     "unit": "set"},
    {"sku": "DF-U-88", "name": "Damper felt set (upright)", "category": "felts", "unit_price": 54.0, "stock": 9,
     "unit": "set"},
    {"sku": "DF-G-01", "name": "Damper felt, single (grand)", "category": "felts", "unit_price": 6.5, "stock": 120,
     "unit": "each"},
    {"sku": "KB-CL-1", "name": "Key bushing cloth", "category": "felts", "unit_price": 4.75, "stock": 40,
     "unit": "strip"},
    {"sku": "HF-BU-12", "name": "Hammer shank flange bushing", "category": "action", "unit_price": 3.25,
     "stock": 300, "unit": "each"},
    {"sku": "BS-CW-V121", "name": "Bass string set, custom wound (Vellani U-121)", "category": "strings",
     "unit_price": 512.0, "stock": 0, "unit": "set"},
    {"sku": "BS-CW-V118", "name": "Bass string set, custom wound (Vellani U-118)", "category": "strings",
     "unit_price": 498.0, "stock": 0, "unit": "set"},
    {"sku": "HP-BU-50", "name": "Hitch pin bushings (pack of 50)", "category": "strings", "unit_price": 18.6,
     "stock": 12, "unit": "pack"},
    {"sku": "TP-7-2", "name": "Tuning pin, oversize 7/0 (2/0)", "category": "strings", "unit_price": 1.2,
     "stock": 800, "unit": "each"},
    {"sku": "HM-SET-G", "name": "Hammer set (grand), pre-shaped", "category": "action", "unit_price": 690.0,
     "stock": 1, "unit": "set"},
    {"sku": "RG-HUM-1", "name": "In-piano humidity control system", "category": "climate", "unit_price": 365.0,
     "stock": 3, "unit": "each"},
]}


def _line(sku, qty, description=None, unit_price=None):
    p = PARTS.get(sku)
    price = unit_price if unit_price is not None else p["unit_price"]
    return {"sku": sku, "description": description or p["name"], "qty": qty, "unit_price": price,
            "amount": round(qty * price, 2)}


def _labour(description, amount):
    return {"sku": None, "description": description, "qty": 1, "unit_price": amount, "amount": amount}


def _quote(qid, client, piano, title, status, issued, valid_until, lines, labour_hours):
    return {"quote_id": qid, "client_id": client, "piano_id": piano, "title": title, "status": status,
            "issued": issued, "valid_until": valid_until, "lines": lines, "labour_hours": labour_hours,
            "total": round(sum(l["amount"] for l in lines), 2)}


QUOTES = {q["quote_id"]: q for q in [
    _quote("Q-7702", "C-4101", "PN-2201", "Restring bass section - Vellani upright", "superseded", "2027-05-26",
           "2027-06-25", [_line("BS-CW-V118", 1), _line("HP-BU-50", 1), _labour("Labour: restring bass, 4 h", 260.0)],
           4),
    _quote("Q-7719", "C-4101", "PN-2201", "Restring bass section - Vellani upright (revised)", "open", "2027-05-29",
           "2027-06-28", [_line("BS-CW-V121", 1), _line("HP-BU-50", 1), _line("TP-7-2", 8),
                          _labour("Labour: restring bass and chip up, 6 h", 408.4)], 6),
    _quote("Q-7705", "C-4101", "PN-2202", "Regulate action - Brenthaus grand", "accepted", "2027-05-02",
           "2027-06-01", [_line("KB-CL-1", 2), _labour("Labour: full action regulation, 5 h", 340.0)], 5),
    _quote("Q-7690", "C-4106", "PN-2252", "Replace damper felts - Korvald upright", "expired", "2026-11-03",
           "2026-12-03", [_line("DF-U-88", 1), _labour("Labour: 3.5 h", 256.0)], 3.5),
    _quote("Q-7731", "C-4106", "PN-2252", "Replace damper felts and ease keys - Korvald upright", "open",
           "2027-05-12", "2027-06-11", [_line("DF-U-88", 1), _line("KB-CL-1", 3),
                                        _labour("Labour: 5.5 h", 394.5)], 5.5),
    _quote("Q-7740", "C-4103", "PN-2231", "Climate control for the rehearsal hall grand", "open", "2027-05-14",
           "2027-06-13", [_line("RG-HUM-1", 1), _labour("Installation, 1.5 h", 105.0)], 1.5),
    _quote("Q-7712", "C-4105", "PN-2251", "Rebuild action - Orsay & Fils", "open", "2027-04-27", "2027-07-27",
           [_line("HM-SET-G", 1), _line("HF-BU-12", 88), _labour("Labour: 22 h", 1540.0)], 22),
]}


def _inv(iid, client, visit, issued, due, lines, paid):
    total = round(sum(l["amount"] for l in lines), 2)
    bal = round(total - paid, 2)
    return {"invoice_id": iid, "client_id": client, "visit_id": visit, "issued": issued, "due": due, "lines": lines,
            "total": total, "paid": paid, "balance_due": bal,
            "status": "paid" if bal == 0 else ("part-paid" if paid else "unpaid")}


INVOICES = {i["invoice_id"]: i for i in [
    _inv("INV-5240", "C-4105", "V-2240", "2026-10-05", "2026-11-04", [_labour("Inspection visit", 65.0)], 65.0),
    _inv("INV-5310", "C-4109", "V-2210", "2026-05-21", "2026-06-20",
         [_labour("Action regulation (grand), 3 h", 165.0), _labour("Concert tuning", 135.0),
          _line("HF-BU-12", 12), _line("KB-CL-1", 1)], 343.75),
    _inv("INV-5380", "C-4107", "V-2288", "2027-04-22", "2027-05-22", [_labour("Concert tuning", 135.0)], 135.0),
    _inv("INV-5381", "C-4107", "V-2289", "2027-04-22", "2027-05-22", [_labour("Tuning", 95.0)], 95.0),
    _inv("INV-5382", "C-4107", "V-2290", "2027-04-22", "2027-05-22", [_labour("Tuning (historic pitch)", 95.0)],
         0.0),
    _inv("INV-5388", "C-4105", "V-2291", "2027-04-06", "2027-05-06",
         [_labour("Pitch raise (A432 to A440)", 120.0), _labour("Concert tuning", 135.0),
          _labour("Travel, zone C", 22.5)], 160.0),
    _inv("INV-5390", "C-4106", "V-2292", "2027-04-08", "2027-05-08", [_labour("Tuning", 95.0)], 95.0),
    _inv("INV-5395", "C-4105", "V-2297", "2027-04-27", "2027-05-27",
         [_labour("Follow-up tuning after pitch raise", 95.0)], 0.0),
]}

BOOKINGS = {}  # booking ref -> visit id


# ------------------------------------------------------------------ helpers
def _one(params, name):
    v = params.get(name)
    return v[-1].strip() if v else ""


def _date(value, name):
    try:
        return _dt.date.fromisoformat(value).isoformat()
    except ValueError:
        raise ApiError(400, f"{name} must be a date YYYY-MM-DD") from None


def _int(value, name, default):
    if not value:
        return default
    try:
        n = int(value)
    except ValueError:
        raise ApiError(400, f"{name} must be an integer") from None
    if n < 1:
        raise ApiError(400, f"{name} must be at least 1")
    return n


def _name_match(query, name):
    q, n = fold(query), fold(name)
    if not q:
        return 1.0
    if q in n:
        return 1.0
    score = difflib.SequenceMatcher(None, q, n).ratio()
    qt, nt = set(q.split()), set(n.split())
    if qt & nt:
        score = max(score, 0.5 + 0.4 * len(qt & nt) / len(qt))
    return score


def _tech_name(tid):
    return TECHNICIANS[tid]["name"] if tid in TECHNICIANS else None


def _visit_summary(v):
    return {"visit_id": v["visit_id"], "date": v["date"], "time": v["time"], "piano_id": v["piano_id"],
            "client_id": v["client_id"], "technician_id": v["technician_id"],
            "technician_name": _tech_name(v["technician_id"]), "service": v["service"], "status": v["status"]}


# ------------------------------------------------------------------ handlers
def search_clients(params):
    q, email = _one(params, "q"), fold(_one(params, "email"))
    rows = []
    for c in CLIENTS.values():
        if email and fold(c["email"]) != email:
            continue
        s = _name_match(q, c["name"]) if q else 1.0
        if s >= 0.6:
            rows.append((s, c))
    rows.sort(key=lambda x: (-x[0], x[1]["name"]))
    items = [{"client_id": c["client_id"], "name": c["name"], "type": c["type"], "email": c["email"],
              "town": c["address"].split(",")[-1].strip().rsplit(" ", 2)[0]} for _, c in rows]
    return {"items": items, "count": len(items)}


def get_client(client_id):
    c = CLIENTS.get(client_id.upper())
    if not c:
        raise ApiError(404, f"no client {client_id}")
    pianos = [{"piano_id": p["piano_id"], "make": p["make"], "model": p["model"], "type": p["type"],
               "location": p["location"]} for p in PIANOS.values() if p["client_id"] == c["client_id"]]
    return {"client_id": c["client_id"], "name": c["name"], "type": c["type"], "email": c["email"],
            "phone": c["phone"], "address": c["address"], "contact": c.get("contact"), "pianos": pianos}


def list_pianos(params):
    cid, make, serial = _one(params, "client_id").upper(), fold(_one(params, "make")), _one(params, "serial")
    items = [{"piano_id": p["piano_id"], "client_id": p["client_id"], "make": p["make"], "model": p["model"],
              "serial": p["serial"], "type": p["type"], "year": p["year"]} for p in PIANOS.values()
             if (not cid or p["client_id"] == cid) and (not make or fold(p["make"]) == make)
             and (not serial or p["serial"].replace("-", "") == serial.replace("-", "").replace(" ", ""))]
    return {"items": items, "count": len(items)}


def _last_tuned(piano_id):
    done = [v["date"] for v in VISITS.values() if v["piano_id"] == piano_id and v["status"] == "completed"
            and "tuning" in v["service"]]
    return max(done) if done else None


def get_piano(piano_id):
    p = PIANOS.get(piano_id.upper())
    if not p:
        raise ApiError(404, f"no piano {piano_id}")
    return {**p, "last_tuned": _last_tuned(p["piano_id"])}


def list_technicians(params):
    q, spec, status = _one(params, "q"), fold(_one(params, "specialty")), fold(_one(params, "status"))
    rows = []
    for t in TECHNICIANS.values():
        if spec and spec not in [fold(s) for s in t["specialties"]]:
            continue
        if status and t["status"] != status:
            continue
        s = _name_match(q, t["name"]) if q else 1.0
        if s >= 0.6:
            rows.append((s, t))
    rows.sort(key=lambda x: (-x[0], x[1]["technician_id"]))
    items = [dict(t, specialties=list(t["specialties"])) for _, t in rows]
    return {"items": items, "count": len(items)}


def list_visits(params):
    piano, client, tech = (_one(params, k).upper() for k in ("piano_id", "client_id", "technician_id"))
    status = fold(_one(params, "status"))
    lo = _date(_one(params, "date_from"), "date_from") if _one(params, "date_from") else ""
    hi = _date(_one(params, "date_to"), "date_to") if _one(params, "date_to") else ""
    page, per_page = _int(_one(params, "page"), "page", 1), min(_int(_one(params, "per_page"), "per_page",
                                                                      PER_PAGE), PER_PAGE)
    if status and status not in ("completed", "cancelled", "scheduled"):
        raise ApiError(400, "status must be completed, cancelled or scheduled")
    rows = [v for v in VISITS.values() if (not piano or v["piano_id"] == piano) and
            (not client or v["client_id"] == client) and (not tech or v["technician_id"] == tech) and
            (not status or v["status"] == status) and (not lo or v["date"] >= lo) and (not hi or v["date"] <= hi)]
    rows.sort(key=lambda v: (v["date"], v["time"], v["visit_id"]), reverse=True)
    chunk = rows[(page - 1) * per_page: page * per_page]
    return {"items": [_visit_summary(v) for v in chunk], "total_count": len(rows), "page": page,
            "per_page": per_page, "next_page": page + 1 if page * per_page < len(rows) else None}


def get_visit(visit_id):
    v = VISITS.get(visit_id.upper())
    if not v:
        raise ApiError(404, f"no visit {visit_id}")
    return {"id": v["visit_id"], "dt": v["date"], "tm": v["time"], "pc": v["piano_id"], "cl": v["client_id"],
            "tc": v["technician_id"], "svc": v["service"], "st": v["status"], "dur": v["duration_min"],
            "hz": v["pitch_hz"], "rh": v["humidity_pct"], "nt": v["notes"], "inv": v["invoice_id"]}


def book_visit(body):
    if not isinstance(body, dict):
        raise ApiError(400, "body must be a JSON object")
    piano = PIANOS.get(str(body.get("piano_id", "")).strip().upper())
    if not piano:
        raise ApiError(404, "no such piano_id")
    tech = TECHNICIANS.get(str(body.get("technician_id", "")).strip().upper())
    if not tech:
        raise ApiError(404, "no such technician_id")
    if tech["status"] != "active":
        raise ApiError(409, f"{tech['name']} is not taking bookings ({tech['status']})")
    date = _date(str(body.get("date", "")).strip(), "date")
    if date <= "2027-06-01":
        raise ApiError(400, "date must be after 2027-06-01")
    m = re.fullmatch(r"(\d{1,2}):(\d{2})", str(body.get("time", "")).strip())
    if not m or not 7 <= int(m.group(1)) <= 18 or int(m.group(2)) > 59:
        raise ApiError(400, "time must be HH:MM between 07:00 and 18:59")
    time = f"{int(m.group(1)):02d}:{m.group(2)}"
    service = str(body.get("service") or "tuning").strip().lower()
    if service not in ("tuning", "pitch raise + tuning", "regulation", "inspection", "repair"):
        raise ApiError(400, "service must be tuning, pitch raise + tuning, regulation, inspection or repair")
    ref = "TB-" + hashlib.sha1("|".join([piano["piano_id"], tech["technician_id"], date, time]).encode()) \
        .hexdigest().upper()[:6]
    if ref in BOOKINGS:
        return 200, BOOKINGS[ref]
    for v in VISITS.values():
        if v["technician_id"] == tech["technician_id"] and v["date"] == date and v["time"] == time \
                and v["status"] == "scheduled":
            raise ApiError(409, f"{tech['name']} already has a visit at {date} {time}")
    vid = "V-" + ref[3:]
    VISITS[vid] = _v(vid, date, piano["piano_id"], tech["technician_id"], service, "scheduled",
                     note=str(body.get("notes") or ""), time=time)
    BOOKINGS[ref] = {"booking_ref": ref, "visit_id": vid, "piano_id": piano["piano_id"],
                     "client_id": piano["client_id"], "technician_id": tech["technician_id"],
                     "technician_name": tech["name"], "date": date, "time": time, "service": service,
                     "status": "scheduled"}
    return 201, BOOKINGS[ref]


def list_quotes(params):
    cid, status = _one(params, "client_id").upper(), fold(_one(params, "status"))
    items = [{k: q[k] for k in ("quote_id", "client_id", "piano_id", "title", "status", "issued", "valid_until",
                                "total")}
             for q in sorted(QUOTES.values(), key=lambda q: q["quote_id"])
             if (not cid or q["client_id"] == cid) and (not status or q["status"] == status)]
    return {"items": items, "count": len(items)}


def get_quote(quote_id):
    q = QUOTES.get(quote_id.upper())
    if not q:
        raise ApiError(404, f"no quote {quote_id}")
    return {**q, "lines": [dict(l) for l in q["lines"]]}


def list_parts(params):
    q, cat = fold(_one(params, "q")), fold(_one(params, "category"))
    items = [dict(p) for p in PARTS.values() if (not cat or p["category"] == cat) and
             (not q or all(t in fold(p["name"] + " " + p["sku"]) for t in q.split()))]
    return {"items": items, "count": len(items)}


def list_invoices(params):
    status = fold(_one(params, "status"))
    lo = _date(_one(params, "issued_from"), "issued_from") if _one(params, "issued_from") else ""
    hi = _date(_one(params, "issued_to"), "issued_to") if _one(params, "issued_to") else ""
    items = [{"invoice_id": i["invoice_id"], "issued": i["issued"], "total": i["total"], "status": i["status"]}
             for i in sorted(INVOICES.values(), key=lambda i: i["issued"], reverse=True)
             if (not status or i["status"] == status) and (not lo or i["issued"] >= lo) and (not hi or i["issued"] <= hi)]
    return {"items": items, "count": len(items)}


def get_invoice(invoice_id):
    i = INVOICES.get(invoice_id.upper())
    if not i:
        raise ApiError(404, f"no invoice {invoice_id}")
    return {**i, "lines": [dict(l) for l in i["lines"]]}


ROUTES = [
    ("GET", r"/clients", lambda m, p, b: search_clients(p)),
    ("GET", r"/clients/([^/]+)", lambda m, p, b: get_client(m.group(1))),
    ("GET", r"/pianos", lambda m, p, b: list_pianos(p)),
    ("GET", r"/pianos/([^/]+)", lambda m, p, b: get_piano(m.group(1))),
    ("GET", r"/technicians", lambda m, p, b: list_technicians(p)),
    ("GET", r"/visits", lambda m, p, b: list_visits(p)),
    ("POST", r"/visits", lambda m, p, b: book_visit(b)),
    ("GET", r"/visits/([^/]+)", lambda m, p, b: get_visit(m.group(1))),
    ("GET", r"/quotes", lambda m, p, b: list_quotes(p)),
    ("GET", r"/quotes/([^/]+)", lambda m, p, b: get_quote(m.group(1))),
    ("GET", r"/parts", lambda m, p, b: list_parts(p)),
    ("GET", r"/invoices", lambda m, p, b: list_invoices(p)),
    ("GET", r"/invoices/([^/]+)", lambda m, p, b: get_invoice(m.group(1))),
]


class Handler(BaseHTTPRequestHandler):
    server_version = "Quillfeather/1.0"

    def log_message(self, *args):
        pass

    def _send(self, status, payload):
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _handle(self, method):
        url = urlparse(self.path)
        path = unquote(url.path)
        if not path.startswith("/api/") and path != "/api":
            return self._send(404, {"error": "not found", "detail": "the API lives under /api"})
        path = path[4:].rstrip("/") or "/"
        params = parse_qs(url.query)
        body = None
        if method == "POST":
            length = int(self.headers.get("Content-Length") or 0)
            try:
                body = json.loads(self.rfile.read(length) or b"{}")
            except ValueError:
                return self._send(400, {"error": "bad request", "detail": "body must be JSON"})
        allowed = False
        for meth, pattern, fn in ROUTES:
            m = re.fullmatch(pattern, path)
            if not m:
                continue
            allowed = True
            if meth != method:
                continue
            try:
                result = fn(m, params, body)
            except ApiError as exc:
                return self._send(exc.status, {"error": "bad request" if exc.status == 400 else
                                               ("conflict" if exc.status == 409 else "not found"),
                                               "detail": exc.message})
            if isinstance(result, tuple):
                return self._send(*result)
            return self._send(200, result)
        if allowed:
            return self._send(405, {"error": "method not allowed", "detail": f"{method} {path}"})
        return self._send(404, {"error": "not found", "detail": path})

    def do_GET(self):
        self._handle("GET")

    def do_POST(self):
        self._handle("POST")


def main():
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 8080
    ThreadingHTTPServer(("127.0.0.1", port), Handler).serve_forever()


if __name__ == "__main__":
    main()
