"""Brassgate Lock & Key (Pell Harbor): call-out jobs, customers, locks, key copies, technicians and invoices.

A small in-memory HTTP service built on the Python standard library only.

    python locksmith_service.py PORT        serves the API under /api on 127.0.0.1:PORT

Everything is deterministic: fixed seed data, no clock and no randomness. The business's "today" is 2027-03-22;
money is in USD and invoices carry 8% sales tax. Booking references are derived from the booking's content (SHA-1).
Every name, email, phone number, address, key code and reference in the data is invented. Licence: Apache-2.0.
"""
import datetime
import hashlib
import json
import re
import sys
import threading
import unicodedata
from decimal import ROUND_HALF_UP, Decimal
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, unquote, urlsplit

TODAY = "2027-03-22"
TAX_RATE = Decimal("0.08")
_GUARD = threading.Lock()
_HANDLERS = []


class Problem(Exception):
    def __init__(self, status, detail):
        super().__init__(detail)
        self.status, self.detail = status, detail


def endpoint(method, template):
    pattern = re.compile("^/api" + re.sub(r"\{(\w+)\}", r"(?P<\1>[^/]+)", template) + "/?$")

    def register(fn):
        _HANDLERS.append((method, pattern, fn))
        return fn
    return register


def _fold(text):
    text = unicodedata.normalize("NFKD", str(text))
    return "".join(ch for ch in text if not unicodedata.combining(ch)).lower()


def _matches(needle, haystack):
    words = [w for w in re.split(r"[\s,.'\u2019]+", _fold(needle)) if w and w not in ("the", "mr", "mrs", "ms")]
    hay = _fold(haystack)
    return bool(words) and all(w in hay for w in words)


def _lookup(table, key, label):
    row = table.get(str(key).strip().upper())
    if row is None:
        raise Problem(404, f"{label} {key!r} not found")
    return row


def _iso(value, field):
    try:
        return datetime.date.fromisoformat(str(value).strip()).isoformat()
    except ValueError:
        raise Problem(400, f"{field} must be an ISO date (YYYY-MM-DD)") from None


def _int(query, field, default, low, high):
    raw = query.get(field)
    if raw in (None, ""):
        return default
    try:
        value = int(raw)
    except ValueError:
        raise Problem(400, f"{field} must be a whole number") from None
    if not low <= value <= high:
        raise Problem(400, f"{field} must be from {low} to {high}")
    return value


def _money(value):
    return float(Decimal(value).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))


# ------------------------------------------------------------------------------------------------------ customers
_STREETS = ["Quarry Lane", "Tidewater Court", "Larchmont Rise", "Orrin Street", "Harbor Row", "Fennel Way",
            "Gullhaven Road", "Saltbox Terrace", "Cooper's Yard", "Marrow Hill Drive", "Beacon Loop", "Tallow Street"]


def _cust(cid, name, kind, email, phone, address, since, contact=None):
    return {"customer_id": cid, "name": name, "type": kind, "contact": contact or name, "email": email,
            "phone": phone, "address": address, "customer_since": since}


CUSTOMERS = {c["customer_id"]: c for c in [
    _cust("CU-1041", "Marguerite Okonkwo-Bell", "residential", "marguerite.ob@example.com", "503-555-0111",
          "29 Saltbox Terrace, Pell Harbor", "2018-04-11"),
    _cust("CU-1042", "Margaret Okonkwo", "residential", "m.okonkwo@example.net", "503-555-0112",
          "17 Tidewater Court, Pell Harbor", "2022-09-30"),
    _cust("CU-1055", "Dashiell Fenwick", "residential", "dash.fenwick@example.org", "503-555-0115",
          "88 Larchmont Rise, Pell Harbor", "2021-06-01"),
    _cust("CU-1056", "Dashiell Fenwick-Hale", "residential", "dfh@example.com", "503-555-0116",
          "12 Orrin Street, Pell Harbor", "2026-12-03"),
    _cust("CU-1063", "Solvang Bakery", "business", "ingrid@solvangbakery.example", "503-555-0123",
          "402 Harbor Row, Pell Harbor", "2016-02-19", contact="Ingrid Solvang"),
    _cust("CU-1064", "Ingrid Solberg", "residential", "ingrid.solberg@example.net", "503-555-0124",
          "5 Fennel Way, Pell Harbor", "2024-07-08"),
    _cust("CU-1070", "Teodoro Abernathy-Ruiz", "residential", "teo.ar@example.com", "503-555-0130",
          "140 Gullhaven Road, Pell Harbor", "2019-11-22"),
    _cust("CU-1078", "Priya Venkataraman", "residential", "priya.v@example.com", "503-555-0138",
          "61 Marrow Hill Drive, Pell Harbor", "2020-03-14"),
    _cust("CU-1079", "Priya Venkatesan", "residential", "pvenkatesan@example.net", "503-555-0139",
          "7 Beacon Loop, Pell Harbor", "2023-05-02"),
    _cust("CU-1084", "Hollis & Crane Dental", "business", "office@holliscranedental.example", "503-555-0144",
          "2200 Tallow Street, Suite 4, Pell Harbor", "2015-08-27", contact="Rosalind Hollis"),
    _cust("CU-1085", "Crane Hollis Orthodontics", "business", "frontdesk@cranehollis-ortho.example",
          "503-555-0145", "2210 Tallow Street, Pell Harbor", "2021-01-12", contact="Everett Crane"),
    _cust("CU-1090", "Wendeline Marsh", "residential", "wendeline.marsh@example.org", "503-555-0150",
          "33 Cooper's Yard, Pell Harbor", "2017-10-05"),
    _cust("CU-1091", "Wendell Marsh", "residential", "wendell.m@example.com", "503-555-0151",
          "9 Cooper's Yard, Pell Harbor", "2020-12-17"),
    _cust("CU-1097", "Ozias Pemberton", "residential", "ozias.p@example.com", "503-555-0157",
          "71 Quarry Lane, Pell Harbor", "2026-01-09"),
]}

_FILLER_NAMES = ["Anselm Thackeray", "Beatrix Lomond", "Cosimo Varga", "Delphine Marwood", "Evander Quist",
                 "Fenella Rusk", "Gideon Starling", "Honora Keyes", "Ivo Tremaine", "Jessamy Oakes",
                 "Lorcan Pryde", "Mirabel Hesketh", "Nikodem Farrow", "Odile Brankstone", "Perrin Lachance",
                 "Quenby Aldous"]
for _i, _n in enumerate(_FILLER_NAMES):
    _cid = f"CU-{1101 + _i}"
    _first, _last = _n.lower().split()
    CUSTOMERS[_cid] = _cust(_cid, _n, "residential", f"{_first}.{_last}@example.com", f"503-555-01{60 + _i}",
                            f"{(_i * 37) % 190 + 3} {_STREETS[_i % len(_STREETS)]}, Pell Harbor",
                            f"{2016 + _i % 10}-{_i % 12 + 1:02d}-{_i % 27 + 1:02d}")
FILLER_CUSTOMERS = [f"CU-{1101 + i}" for i in range(len(_FILLER_NAMES))]

# ------------------------------------------------------------------------------------------------------ technicians
TECHNICIANS = {t["id"]: t for t in [
    {"id": "T-01", "nm": "Callum Reyes-Whitford", "ph": "503-555-0141", "em": "callum.rw@brassgate.example",
     "van": "Van 2 (Pell Harbor depot)", "lic": "LSM-20388", "lic_exp": "2027-11-30", "skl": ["residential", "automotive"],
     "hr": 92.0, "on_call": True},
    {"id": "T-02", "nm": "Sabine Achterhof", "ph": "503-555-0142", "em": "sabine.a@brassgate.example",
     "van": "Van 5 (Pell Harbor depot)", "lic": "LSM-19906", "lic_exp": "2028-03-31", "skl": ["safes", "commercial"],
     "hr": 110.0, "on_call": False},
    {"id": "T-03", "nm": "Callan Reyes", "ph": "503-555-0143", "em": "callan.reyes@brassgate.example",
     "van": "Van 1 (Pell Harbor depot)", "lic": "LSM-21152", "lic_exp": "2027-07-31", "skl": ["residential", "commercial"],
     "hr": 85.0, "on_call": True},
    {"id": "T-04", "nm": "Jovana Petrakis", "ph": "503-555-0144", "em": "jovana.p@brassgate.example",
     "van": "Van 4 (Cliffside depot)", "lic": "LSM-20743", "lic_exp": "2028-01-31",
     "skl": ["automotive", "access_control"], "hr": 98.0, "on_call": False},
    {"id": "T-05", "nm": "Emeka Oduya", "ph": "503-555-0147", "em": "emeka.o@brassgate.example",
     "van": "Van 3 (Cliffside depot)", "lic": "LSM-20417", "lic_exp": "2028-06-30", "skl": ["commercial", "master_key"],
     "hr": 104.0, "on_call": False},
    {"id": "T-06", "nm": "Linnea Brask", "ph": "503-555-0149", "em": "linnea.b@brassgate.example",
     "van": "Van 6 (Pell Harbor depot)", "lic": "LSM-21890", "lic_exp": "2029-02-28", "skl": ["residential", "safes"],
     "hr": 90.0, "on_call": True},
]}
SKILLS = ("residential", "commercial", "automotive", "safes", "access_control", "master_key")

# ------------------------------------------------------------------------------------------------------ locks


def _lock(lid, cid, location, make, model, kind, grade, installed, by, keyway=None, bitting=None, alike=(),
          mks=None, notes=""):
    return {"lock_id": lid, "customer_id": cid, "location": location, "make": make, "model": model, "type": kind,
            "security_grade": grade, "installed": installed, "installed_by": by, "keyway": keyway,
            "bitting": bitting, "keyed_alike_with": list(alike), "master_key_system": mks, "notes": notes}


LOCKS = {lk["lock_id"]: lk for lk in [
    _lock("LK-3301", "CU-1055", "front door", "Ardenvale", "AV-40 deadbolt", "deadbolt", 2, "2021-06-12", "T-03",
          "AV6", "461253", ["LK-3302"]),
    _lock("LK-3302", "CU-1055", "back door", "Ardenvale", "AV-40 deadbolt", "deadbolt", 2, "2021-06-12", "T-03",
          "AV6", "461253", ["LK-3301"]),
    _lock("LK-3303", "CU-1055", "garage side door", "Kestrel Secure", "KS-220 smart deadbolt", "smart deadbolt", 1,
          "2027-01-19", "T-01", "KX7", "275316", notes="keypad code set by customer; backup key cylinder"),
    _lock("LK-3304", "CU-1055", "garden shed", "Torvik", "P-50 closed-shackle padlock", "padlock", 3, "2023-09-02",
          "T-06", "TV2", "42153"),
    _lock("LK-3307", "CU-1056", "front door", "Halden & Pryce", "HP-300 lever set", "lever set", 2, "2027-02-27",
          "T-03", "HP5", "531642"),
    _lock("LK-3311", "CU-1041", "front door", "Ardenvale", "AV-55 mortise", "mortise", 1, "2018-04-16", "T-05",
          "AV6", "624351"),
    _lock("LK-3318", "CU-1070", "front door", "Kestrel Secure", "KS-110 deadbolt", "deadbolt", 2, "2019-11-25",
          "T-01", "KX7", "352614"),
    _lock("LK-3319", "CU-1070", "back door", "Kestrel Secure", "KS-110 deadbolt", "deadbolt", 2, "2019-11-25",
          "T-01", "KX7", "352641"),
    _lock("LK-3338", "CU-1063", "front entrance", "Halden & Pryce", "HP-900 mortise cylinder", "mortise", 1,
          "2016-03-02", "T-05", "HP5", "253146", mks="MKS-12"),
    _lock("LK-3339", "CU-1063", "rear loading door", "Halden & Pryce", "HP-900 mortise cylinder", "mortise", 1,
          "2016-03-02", "T-05", "HP5", "253164", mks="MKS-12"),
    _lock("LK-3340", "CU-1063", "office safe", "Torvik", "Vaultline 420 safe", "safe", None, "2019-05-14", "T-02",
          notes="electronic keypad with override key; last serviced 2026-04-09"),
    _lock("LK-3341", "CU-1063", "cold store door", "Halden & Pryce", "HP-610 cold-store latch", "latch", 2,
          "2020-10-21", "T-05", "HP5", "213465", mks="MKS-12"),
    _lock("LK-3350", "CU-1042", "front door", "Ardenvale", "AV-40 deadbolt", "deadbolt", 2, "2022-10-03", "T-06",
          "AV6", "514362"),
    _lock("LK-3352", "CU-1042", "side gate", "Torvik", "G-12 gate lock", "gate lock", 3, "2022-10-03", "T-06",
          "TV2", "33415"),
    _lock("LK-3360", "CU-1084", "main entrance", "Halden & Pryce", "HP-900 mortise cylinder", "mortise", 1,
          "2027-03-09", "T-05", "HP5", "146253", mks="MKS-07"),
    _lock("LK-3361", "CU-1084", "drug cabinet", "Torvik", "C-8 cabinet cam lock", "cam lock", 1, "2015-09-04",
          "T-05", "TV2", "21534", mks="MKS-07"),
    _lock("LK-3362", "CU-1084", "records room", "Halden & Pryce", "HP-610 lever set", "lever set", 2, "2015-09-04",
          "T-05", "HP5", "146235", mks="MKS-07"),
    _lock("LK-3370", "CU-1090", "front door", "Kestrel Secure", "KS-110 deadbolt", "deadbolt", 2, "2017-10-06",
          "T-03", "KX7", "436251", ["LK-3371"]),
    _lock("LK-3371", "CU-1090", "back door", "Kestrel Secure", "KS-110 deadbolt", "deadbolt", 2, "2017-10-06",
          "T-03", "KX7", "436251", ["LK-3370"]),
    _lock("LK-3375", "CU-1091", "front door", "Ardenvale", "AV-40 deadbolt", "deadbolt", 2, "2020-12-18", "T-01",
          "AV6", "263514"),
    _lock("LK-3380", "CU-1097", "front door", "Ardenvale", "AV-55 mortise", "mortise", 1, "2027-01-08", "T-01",
          "AV6", "315264"),
    _lock("LK-3381", "CU-1097", "patio slider", "Torvik", "S-3 sliding door lock", "sliding door lock", 3,
          "2026-01-12", "T-06", "TV2", "45213"),
    _lock("LK-3390", "CU-1078", "front door", "Ardenvale", "AV-40 deadbolt", "deadbolt", 2, "2027-01-27", "T-06",
          "AV6", "532146"),
    _lock("LK-3391", "CU-1078", "back door", "Ardenvale", "AV-40 deadbolt", "deadbolt", 2, "2020-03-16", "T-03",
          "AV6", "532164"),
    _lock("LK-3395", "CU-1079", "front door", "Kestrel Secure", "KS-110 deadbolt", "deadbolt", 2, "2023-05-04",
          "T-03", "KX7", "641325"),
]}

# ------------------------------------------------------------------------------------------------------ key copies
KEY_COPIES = [
    {"id": "KC-6034", "cu": "CU-1042", "lk": "LK-3350", "n": 2, "blk": "AV6-S", "st": "collected", "px": 6.5,
     "ord": "2026-11-14", "rdy": "2026-11-16"},
    {"id": "KC-6120", "cu": "CU-1042", "lk": "LK-3352", "n": 3, "blk": "TV2-G", "st": "ready", "px": 7.25,
     "ord": "2027-03-02", "rdy": "2027-03-05"},
    {"id": "KC-6125", "cu": "CU-1041", "lk": "LK-3311", "n": 2, "blk": "AV6-M", "st": "cutting", "px": 9.0,
     "ord": "2027-03-03", "rdy": None},
    {"id": "KC-6088", "cu": "CU-1070", "lk": "LK-3318", "n": 1, "blk": "KX7-B", "st": "collected", "px": 6.5,
     "ord": "2027-01-11", "rdy": "2027-01-12"},
    {"id": "KC-6131", "cu": "CU-1090", "lk": "LK-3370", "n": 4, "blk": "KX7-B", "st": "collected", "px": 6.5,
     "ord": "2027-03-17", "rdy": "2027-03-17"},
    {"id": "KC-6140", "cu": "CU-1063", "lk": "LK-3338", "n": 6, "blk": "HP5-R", "st": "cutting", "px": 14.0,
     "ord": "2027-03-19", "rdy": None},
]

# ------------------------------------------------------------------------------------------------------ jobs + invoices
CALLOUT = {"lockout": 65, "car_lockout": 75, "rekey": 65, "install": 65, "repair": 65, "safe_service": 95,
           "key_programming": 85, "master_key": 65}
LABOUR = {"lockout": ("Lockout entry (labour)", 45), "car_lockout": ("Vehicle entry (labour)", 40),
          "rekey": ("Rekey cylinder (labour)", 38), "install": ("Install lock (labour)", 95),
          "repair": ("Lock repair (labour)", 80), "safe_service": ("Safe service (labour)", 110),
          "key_programming": ("Transponder key programming", 60), "master_key": ("Master-key pinning (labour)", 150)}
JOB_TYPES = tuple(CALLOUT)
DESCRIPTIONS = {"lockout": "Customer locked out; non-destructive entry", "car_lockout": "Vehicle lockout",
                "rekey": "Rekey cylinders", "install": "Supply and fit new lock", "repair": "Repair sticking lock",
                "safe_service": "Safe service and battery change", "key_programming": "Program replacement key fob",
                "master_key": "Master-key system extension"}

JOBS = {}
INVOICES = {}


def _add_invoice(inv_id, job, issued, due, lines, paid_on=None):
    rows, subtotal = [], Decimal("0")
    for desc, qty, unit in lines:
        amount = Decimal(str(unit)) * qty
        subtotal += amount
        rows.append({"description": desc, "qty": qty, "unit_price": _money(Decimal(str(unit))),
                     "amount": _money(amount)})
    tax = (subtotal * TAX_RATE).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    INVOICES[inv_id] = {"invoice_id": inv_id, "job_id": job["job_id"], "customer_id": job["customer_id"],
                        "issued": issued, "due": due, "lines": rows, "subtotal": _money(subtotal),
                        "tax_rate": float(TAX_RATE), "tax": _money(tax), "total": _money(subtotal + tax),
                        "currency": "USD", "status": "paid" if paid_on else "outstanding", "paid_on": paid_on}
    job["invoice_id"] = inv_id


def _add_job(jid, date, time, cid, tech, kind, status, locks=(), minutes=None, parts=(), note="",
             dispatcher="Maren Toft"):
    job = {"job_id": jid, "date": date, "time": time, "customer_id": cid, "technician_id": tech, "type": kind,
           "status": status, "address": CUSTOMERS[cid]["address"], "lock_ids": list(locks),
           "description": note or DESCRIPTIONS[kind], "dispatcher": dispatcher,
           "on_site_min": minutes if status == "completed" else None,
           "parts": [{"part": p, "qty": q, "unit_price": float(u)} for p, q, u in parts],
           "callout_fee": float(CALLOUT[kind]), "invoice_id": None}
    JOBS[jid] = job
    return job


def _due(issued):
    return (datetime.date.fromisoformat(issued) + datetime.timedelta(days=30)).isoformat()


def _plain_invoice(inv_id, job, qty=1, extras=(), paid_on=None):
    label, rate = LABOUR[job["type"]]
    lines = [("Call-out fee", 1, CALLOUT[job["type"]]), (label, qty, rate)]
    lines += [(p["part"], p["qty"], p["unit_price"]) for p in job["parts"]] + list(extras)
    _add_invoice(inv_id, job, job["date"], _due(job["date"]), lines, paid_on)


# Hand-written jobs the requests rely on.
_j = _add_job("J-40088", "2026-10-09", "15:00", "CU-1078", "T-03", "repair", "completed", ["LK-3391"], 50)
_plain_invoice("INV-7655", _j, paid_on="2026-10-20")
_j = _add_job("J-40120", "2026-11-18", "08:00", "CU-1084", "T-05", "master_key", "completed",
              ["LK-3361", "LK-3362"], 210, [("Master pin kit HP5", 1, 42.0)])
_plain_invoice("INV-7668", _j, paid_on="2026-12-01")
_j = _add_job("J-40190", "2027-01-08", "11:00", "CU-1097", "T-01", "install", "completed", ["LK-3380"], 95,
              [("Ardenvale AV-55 mortise", 1, 148.0)])
_plain_invoice("INV-7690", _j, paid_on="2027-01-15")
_j = _add_job("J-40201", "2027-01-27", "13:30", "CU-1078", "T-06", "install", "completed", ["LK-3390"], 70,
              [("Ardenvale AV-40 deadbolt", 1, 59.35)])
_plain_invoice("INV-7702", _j)
_add_job("J-40212", "2027-01-19", "09:00", "CU-1055", "T-01", "install", "completed", ["LK-3303"], 80,
         [("Kestrel Secure KS-220 smart deadbolt", 1, 219.0)])
_plain_invoice("INV-7712", JOBS["J-40212"], paid_on="2027-01-19")
_j = _add_job("J-40219", "2027-02-03", "10:00", "CU-1079", "T-03", "rekey", "completed", ["LK-3395"], 55,
              [("Cut key, KX7 blank", 4, 6.5)])
_plain_invoice("INV-7710", _j, qty=1)
_j = _add_job("J-40233", "2027-02-27", "14:00", "CU-1056", "T-03", "install", "completed", ["LK-3307"], 75,
              [("Halden & Pryce HP-300 lever set", 1, 134.0)])
_plain_invoice("INV-7722", _j, paid_on="2027-03-01")
_j = _add_job("J-40255", "2027-03-05", "16:00", "CU-1078", "T-03", "rekey", "completed", ["LK-3391"], 45,
              [("Cut key, AV6 blank", 3, 6.5)])
_plain_invoice("INV-7735", _j, qty=2)
_j = _add_job("J-40262", "2027-03-09", "08:30", "CU-1084", "T-05", "repair", "completed", ["LK-3360"], 135,
              [("Halden & Pryce HP-900 mortise cylinder", 1, 118.0), ("Door closer arm bracket", 1, 23.4)],
              note="Main entrance cylinder seized; cylinder replaced and pinned to MKS-07, closer arm re-fixed")
_plain_invoice("INV-7730", _j, paid_on="2027-03-16")
_j = _add_job("J-40270", "2027-03-17", "10:00", "CU-1090", "T-03", "rekey", "completed", ["LK-3370", "LK-3371"],
              60, [("Cut key, KX7 blank", 4, 6.5)], note="Rekey front and back after lost keys; keyed alike")
_plain_invoice("INV-7741", _j, qty=2, paid_on="2027-03-17")
_j = _add_job("J-40271", "2027-03-17", "13:00", "CU-1091", "T-01", "rekey", "completed", ["LK-3375"], 35,
              [("Cut key, AV6 blank", 2, 6.5)])
_plain_invoice("INV-7742", _j, qty=1)
_add_job("J-40288", "2027-03-24", "09:30", "CU-1041", "T-05", "rekey", "scheduled", ["LK-3311"],
         note="Rekey front mortise after tenant change")
_add_job("J-40295", "2027-03-25", "15:00", "CU-1097", "T-03", "repair", "cancelled", ["LK-3381"],
         note="Patio slider sticking (customer cancelled)")
_add_job("J-40301", "2027-03-29", "10:00", "CU-1097", "T-06", "repair", "scheduled", ["LK-3381"],
         note="Patio slider lock sticking; replace latch if needed")
_add_job("J-40310", "2027-03-30", "08:00", "CU-1084", "T-02", "repair", "scheduled", ["LK-3361"],
         note="Drug cabinet cam lock stiff")
_add_job("J-40317", "2027-04-15", "14:00", "CU-1097", "T-02", "safe_service", "scheduled",
         note="Inspect home safe (new customer safe, not yet on file)")

# Callum Reyes-Whitford (T-01) and Callan Reyes (T-03) in February 2027, written out.
_FEB = [
    ("2027-02-01", "T-01", "lockout", "completed"), ("2027-02-02", "T-01", "car_lockout", "completed"),
    ("2027-02-03", "T-01", "lockout", "completed"), ("2027-02-05", "T-01", "lockout", "completed"),
    ("2027-02-06", "T-01", "rekey", "completed"), ("2027-02-08", "T-01", "lockout", "completed"),
    ("2027-02-09", "T-01", "lockout", "cancelled"), ("2027-02-10", "T-01", "lockout", "completed"),
    ("2027-02-12", "T-01", "car_lockout", "completed"), ("2027-02-13", "T-01", "lockout", "completed"),
    ("2027-02-15", "T-01", "lockout", "completed"), ("2027-02-17", "T-01", "key_programming", "completed"),
    ("2027-02-18", "T-01", "lockout", "completed"), ("2027-02-20", "T-01", "car_lockout", "completed"),
    ("2027-02-22", "T-01", "lockout", "completed"), ("2027-02-24", "T-01", "rekey", "completed"),
    ("2027-02-25", "T-01", "lockout", "completed"), ("2027-02-27", "T-01", "lockout", "completed"),
    ("2027-02-02", "T-03", "lockout", "completed"), ("2027-02-04", "T-03", "lockout", "completed"),
    ("2027-02-07", "T-03", "install", "completed"), ("2027-02-11", "T-03", "lockout", "completed"),
    ("2027-02-14", "T-03", "lockout", "completed"), ("2027-02-19", "T-03", "lockout", "completed"),
    ("2027-02-23", "T-03", "repair", "completed"), ("2027-02-26", "T-03", "lockout", "completed"),
]
_seq = 41001
for _k, (_date, _tech, _kind, _status) in enumerate(_FEB):
    _hour = 8 + (_k * 5) % 10
    _j = _add_job(f"J-{_seq}", _date, f"{_hour:02d}:{'30' if _k % 2 else '00'}", FILLER_CUSTOMERS[_k % 16], _tech,
                  _kind, _status, minutes=25 + (_k * 7) % 50)
    if _status == "completed":
        _plain_invoice(f"INV-{8000 + _k}", _j, paid_on=_date)
    _seq += 1

# Other technicians' work from December 2026 to April 2027, generated deterministically.
_KINDS_BY_TECH = {"T-02": ["safe_service", "repair", "install"], "T-04": ["car_lockout", "key_programming"],
                  "T-05": ["repair", "master_key", "install", "rekey"], "T-06": ["lockout", "safe_service", "rekey"],
                  "T-01": ["lockout", "car_lockout", "install"], "T-03": ["lockout", "rekey", "repair"]}
_day, _k = datetime.date(2026, 12, 1), 0
while _day <= datetime.date(2027, 4, 20):
    for _n, _tech in enumerate(["T-01", "T-02", "T-03", "T-04", "T-05", "T-06"]):
        if _tech in ("T-01", "T-03") and _day.month == 2:
            continue
        if (_day.toordinal() + 2 * _n) % 3:
            continue
        _iso_day = _day.isoformat()
        _status = "scheduled" if _iso_day > TODAY else ("cancelled" if _k % 11 == 5 else "completed")
        _kind = _KINDS_BY_TECH[_tech][_k % len(_KINDS_BY_TECH[_tech])]
        _j = _add_job(f"J-{_seq}", _iso_day, f"{9 + _k % 8:02d}:00", FILLER_CUSTOMERS[(_k * 5) % 16], _tech, _kind,
                      _status, minutes=30 + (_k * 11) % 90)
        if _status == "completed":
            _plain_invoice(f"INV-{8100 + _k}", _j, paid_on=None if _k % 7 == 3 else _iso_day)
        _seq += 1
        _k += 1
    _day += datetime.timedelta(days=1)

BOOKINGS = {}


def booking_reference(customer_id, lock_id, technician_id, date, time):
    digest = hashlib.sha1(f"{customer_id}/{lock_id}/{technician_id}/{date}/{time}".encode()).hexdigest()
    return "BK-" + digest[:6].upper()


# ------------------------------------------------------------------------------------------------------ handlers
def _customer_brief(c):
    return {"customer_id": c["customer_id"], "name": c["name"], "type": c["type"], "contact": c["contact"],
            "email": c["email"]}


def _job_brief(j):
    return {k: j[k] for k in ("job_id", "date", "time", "customer_id", "technician_id", "type", "status")}


@endpoint("GET", "/customers")
def search_customers(path, query, body):
    name, email = (query.get("name") or "").strip(), (query.get("email") or "").strip().lower()
    if not name and not email:
        raise Problem(400, "pass name or email")
    hits = [_customer_brief(c) for c in CUSTOMERS.values()
            if (not name or _matches(name, c["name"] + " " + c["contact"])) and (not email or c["email"] == email)]
    return 200, {"count": len(hits), "customers": hits}


@endpoint("GET", "/customers/{customer_id}")
def get_customer(path, query, body):
    c = dict(_lookup(CUSTOMERS, path["customer_id"], "customer"))
    c["locks_on_file"] = sum(1 for lk in LOCKS.values() if lk["customer_id"] == c["customer_id"])
    return 200, c


@endpoint("GET", "/customers/{customer_id}/locks")
def list_customer_locks(path, query, body):
    c = _lookup(CUSTOMERS, path["customer_id"], "customer")
    rows = [{k: lk[k] for k in ("lock_id", "location", "make", "model", "type", "installed")}
            for lk in LOCKS.values() if lk["customer_id"] == c["customer_id"]]
    return 200, {"customer_id": c["customer_id"], "locks": rows}


@endpoint("GET", "/customers/{customer_id}/invoices")
def list_customer_invoices(path, query, body):
    c = _lookup(CUSTOMERS, path["customer_id"], "customer")
    status = (query.get("status") or "").strip().lower()
    if status not in ("", "paid", "outstanding"):
        raise Problem(400, "status is paid or outstanding")
    rows = sorted((i for i in INVOICES.values() if i["customer_id"] == c["customer_id"]),
                  key=lambda i: i["issued"], reverse=True)
    owed = sum(Decimal(str(i["total"])) for i in rows if i["status"] == "outstanding")
    rows = [{k: i[k] for k in ("invoice_id", "job_id", "issued", "due", "total", "status")}
            for i in rows if not status or i["status"] == status]
    return 200, {"customer_id": c["customer_id"], "invoices": rows, "outstanding_total": _money(owed),
                 "currency": "USD"}


@endpoint("GET", "/locks/{lock_id}")
def get_lock(path, query, body):
    return 200, dict(_lookup(LOCKS, path["lock_id"], "lock"))


@endpoint("GET", "/key-copies")
def list_key_copies(path, query, body):
    cid, lid = (query.get("customer_id") or "").strip().upper(), (query.get("lock_id") or "").strip().upper()
    status = (query.get("status") or "").strip().lower()
    if not cid and not lid:
        raise Problem(400, "pass customer_id or lock_id")
    rows = [{k: v for k, v in o.items() if k != "cu"} for o in KEY_COPIES
            if (not cid or o["cu"] == cid) and (not lid or o["lk"] == lid) and (not status or o["st"] == status)]
    rows.sort(key=lambda o: o["ord"], reverse=True)
    return 200, {"orders": rows}


@endpoint("GET", "/technicians")
def list_technicians(path, query, body):
    name, skill = (query.get("name") or "").strip(), (query.get("skill") or "").strip().lower()
    if skill and skill not in SKILLS:
        raise Problem(400, "skill is one of " + ", ".join(SKILLS))
    rows = [{"technician_id": t["id"], "name": t["nm"], "skills": t["skl"], "on_call": t["on_call"]}
            for t in TECHNICIANS.values()
            if (not name or _matches(name, t["nm"])) and (not skill or skill in t["skl"])]
    return 200, {"technicians": rows}


@endpoint("GET", "/technicians/{technician_id}")
def get_technician(path, query, body):
    return 200, dict(_lookup(TECHNICIANS, path["technician_id"], "technician"))


@endpoint("GET", "/jobs")
def list_jobs(path, query, body):
    cid, tech = (query.get("customer_id") or "").strip().upper(), (query.get("technician_id") or "").strip().upper()
    status, kind = (query.get("status") or "").strip().lower(), (query.get("type") or "").strip().lower()
    if status not in ("", "scheduled", "completed", "cancelled"):
        raise Problem(400, "status is scheduled, completed or cancelled")
    if kind and kind not in JOB_TYPES:
        raise Problem(400, "type is one of " + ", ".join(JOB_TYPES))
    start = _iso(query["date_from"], "date_from") if query.get("date_from") else None
    end = _iso(query["date_to"], "date_to") if query.get("date_to") else None
    order = query.get("sort") or "date_asc"
    if order not in ("date_asc", "date_desc"):
        raise Problem(400, "sort is date_asc or date_desc")
    page, per_page = _int(query, "page", 1, 1, 1000), _int(query, "per_page", 10, 1, 50)
    with _GUARD:
        pool = list(JOBS.values()) + list(BOOKINGS.values())
    rows = [j for j in pool if (not cid or j["customer_id"] == cid) and (not tech or j["technician_id"] == tech)
            and (not status or j["status"] == status) and (not kind or j["type"] == kind)
            and (not start or j["date"] >= start) and (not end or j["date"] <= end)]
    rows.sort(key=lambda j: (j["date"], j["time"], j["job_id"]), reverse=order == "date_desc")
    first = (page - 1) * per_page
    return 200, {"total_count": len(rows), "page": page, "per_page": per_page,
                 "has_more": first + per_page < len(rows), "jobs": [_job_brief(j) for j in rows[first:first + per_page]]}


@endpoint("GET", "/jobs/{job_id}")
def get_job(path, query, body):
    key = str(path["job_id"]).strip().upper()
    with _GUARD:
        job = BOOKINGS.get(key) or JOBS.get(key)
    if job is None:
        raise Problem(404, f"job {path['job_id']!r} not found")
    return 200, dict(job)


@endpoint("POST", "/jobs")
def book_job(path, query, body):
    for field in ("customer_id", "technician_id", "date", "time", "job_type"):
        if not str(body.get(field) or "").strip():
            raise Problem(400, f"{field} is required")
    customer = _lookup(CUSTOMERS, body["customer_id"], "customer")
    tech = _lookup(TECHNICIANS, body["technician_id"], "technician")
    kind = str(body["job_type"]).strip().lower()
    if kind not in JOB_TYPES:
        raise Problem(400, "job_type is one of " + ", ".join(JOB_TYPES))
    lock = None
    if str(body.get("lock_id") or "").strip():
        lock = _lookup(LOCKS, body["lock_id"], "lock")
        if lock["customer_id"] != customer["customer_id"]:
            raise Problem(422, f"lock {lock['lock_id']} is not on file for customer {customer['customer_id']}")
    date = _iso(body["date"], "date")
    clock = re.fullmatch(r"(\d{1,2}):(\d{2})(?::00)?", str(body["time"]).strip())
    if not clock or int(clock.group(1)) > 23 or int(clock.group(2)) > 59:
        raise Problem(400, "time must be HH:MM, 24-hour clock")
    time = f"{int(clock.group(1)):02d}:{clock.group(2)}"
    if date <= TODAY:
        raise Problem(422, f"bookings must be after {TODAY}")
    if not "07:00" <= time <= "19:00":
        raise Problem(422, "call-outs are booked between 07:00 and 19:00")
    needs_safe = kind == "safe_service" or (lock is not None and lock["type"] == "safe")
    if needs_safe and "safes" not in tech["skl"]:
        raise Problem(422, f"{tech['nm']} does not work on safes")
    if kind in ("car_lockout", "key_programming") and "automotive" not in tech["skl"]:
        raise Problem(422, f"{tech['nm']} does not do automotive work")
    ref = booking_reference(customer["customer_id"], lock["lock_id"] if lock else "-", tech["id"], date, time)
    with _GUARD:
        if ref in BOOKINGS:
            return 200, dict(BOOKINGS[ref])
        for j in list(JOBS.values()) + list(BOOKINGS.values()):
            if j["technician_id"] == tech["id"] and j["date"] == date and j["time"] == time and j["status"] == "scheduled":
                raise Problem(409, f"{tech['nm']} already has job {j['job_id']} at {time} on {date}")
        BOOKINGS[ref] = {"job_id": ref, "date": date, "time": time, "customer_id": customer["customer_id"],
                         "technician_id": tech["id"], "type": kind, "status": "scheduled",
                         "address": customer["address"], "lock_ids": [lock["lock_id"]] if lock else [],
                         "description": " ".join(str(body.get("notes") or DESCRIPTIONS[kind]).split()),
                         "dispatcher": "online booking", "on_site_min": None, "parts": [],
                         "callout_fee": float(CALLOUT[kind]), "invoice_id": None}
        return 201, dict(BOOKINGS[ref])


@endpoint("GET", "/invoices/{invoice_id}")
def get_invoice(path, query, body):
    return 200, dict(_lookup(INVOICES, path["invoice_id"], "invoice"))


class _Handler(BaseHTTPRequestHandler):
    def _serve(self, method):
        url = urlsplit(self.path)
        query = {k: v[0] for k, v in parse_qs(url.query).items()}
        body = {}
        if method == "POST":
            raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            try:
                body = json.loads(raw) if raw.strip() else {}
            except ValueError:
                return self._reply(400, {"error": "body is not valid JSON"})
            if not isinstance(body, dict):
                return self._reply(400, {"error": "body must be a JSON object"})
        for verb, pattern, fn in _HANDLERS:
            found = pattern.match(url.path)
            if found and verb == method:
                try:
                    status, payload = fn({k: unquote(v) for k, v in found.groupdict().items()}, query, body)
                except Problem as exc:
                    status, payload = exc.status, {"error": exc.detail}
                return self._reply(status, payload)
        return self._reply(404, {"error": f"no such endpoint: {method} {url.path}"})

    def do_GET(self):
        self._serve("GET")

    def do_POST(self):
        self._serve("POST")

    def _reply(self, status, payload):
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


if __name__ == "__main__":
    httpd = ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1]) if len(sys.argv) > 1 else 8080), _Handler)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
