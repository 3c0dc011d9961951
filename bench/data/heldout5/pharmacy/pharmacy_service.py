"""Kestrel Lane Pharmacy API: a small in-memory HTTP service (Python standard library only).

Usage: python pharmacy_service.py PORT   (serves under /api on 127.0.0.1:PORT)
Deterministic: fixed seed data, no clock, no randomness (the data's "today" is 2027-04-06); repeat-request
references are derived from the request's content. All patients, prescribers, practices, emails, phone numbers,
batch numbers and codes are invented. Licence: Apache-2.0.
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


def words_in(query, text, skip=("dr", "dr.", "doctor")):
    """Every word of query occurs in text (accents, case and spaces inside a word ignored: '250mg/5ml')."""
    hay = re.sub(r"\s+", "", fold(text))
    tokens = [t.strip(",.'\u2019") for t in re.split(r"\s+", fold(query))]
    tokens = [t for t in tokens if t and t not in skip]
    return bool(tokens) and all(t in hay for t in tokens)


def lookup(table, key, what):
    row = table.get(str(key).strip().upper())
    if row is None:
        raise ApiError(404, f"no {what} {key!r}")
    return row


def int_param(query, name, default, lo=0, hi=100):
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


def date_param(query, name):
    raw = query.get(name)
    if raw in (None, ""):
        return None
    try:
        return datetime.date.fromisoformat(str(raw).strip()).isoformat()
    except ValueError:
        raise ApiError(400, f"{name} must be a date YYYY-MM-DD") from None


# ------------------------------------------------------------------ seed data
PRESCRIBERS = {p["prescriber_id"]: p for p in [
    {"prescriber_id": "PR-11", "name": "Dr Imogen Castellanos", "role": "GP",
     "practice": "Harrowgate Road Surgery", "practice_address": "2 Harrowgate Road, Westerby WB1 4DS",
     "phone": "01632 960 402", "email": "i.castellanos@harrowgate-surgery.example", "registration": "GMC 7204518",
     "eps_enabled": True},
    {"prescriber_id": "PR-12", "name": "Dr Imran Castell", "role": "GP",
     "practice": "Millpond Health Centre", "practice_address": "Millpond Lane, Westerby WB4 9AF",
     "phone": "01632 960 577", "email": "imran.castell@millpond-hc.example", "registration": "GMC 6119023",
     "eps_enabled": True},
    {"prescriber_id": "PR-13", "name": "Dr Tobias Wrenfield", "role": "GP",
     "practice": "Harrowgate Road Surgery", "practice_address": "2 Harrowgate Road, Westerby WB1 4DS",
     "phone": "01632 960 418", "email": "t.wrenfield@harrowgate-surgery.example", "registration": "GMC 7530661",
     "eps_enabled": True},
    {"prescriber_id": "PR-14", "name": "Aoife Brannigan", "role": "Nurse independent prescriber",
     "practice": "Millpond Health Centre", "practice_address": "Millpond Lane, Westerby WB4 9AF",
     "phone": "01632 960 580", "email": "a.brannigan@millpond-hc.example", "registration": "NMC 09K4417E",
     "eps_enabled": True},
    {"prescriber_id": "PR-15", "name": "Dr Tobias Wrenford", "role": "GP",
     "practice": "Quayside Medical Practice", "practice_address": "11 Ropewalk Quay, Westerby WB6 2RT",
     "phone": "01632 960 733", "email": "tobias.wrenford@quayside-mp.example", "registration": "GMC 6892207",
     "eps_enabled": True},
    {"prescriber_id": "PR-16", "name": "Dr Yusuf Okonjo-Hale", "role": "GP",
     "practice": "Quayside Medical Practice", "practice_address": "11 Ropewalk Quay, Westerby WB6 2RT",
     "phone": "01632 960 741", "email": "yusuf.okonjo-hale@quayside-mp.example", "registration": "GMC 7318840",
     "eps_enabled": False},
    {"prescriber_id": "PR-18", "name": "Dr Henrietta Quayle", "role": "GP",
     "practice": "Millpond Health Centre", "practice_address": "Millpond Lane, Westerby WB4 9AF",
     "phone": "01632 960 586", "email": "h.quayle@millpond-hc.example", "registration": "GMC 5977312",
     "eps_enabled": True},
]}


def _patient(pid, name, dob, email, phone, address, postcode, prescriber, allergies=(), exemption=None,
             preference="collect in store"):
    return {"patient_id": pid, "name": name, "date_of_birth": dob, "email": email, "phone": phone,
            "address": {"line1": address, "town": "Westerby", "postcode": postcode},
            "nominated_prescriber_id": prescriber,
            "allergies": [{"substance": s, "reaction": r, "recorded": d} for s, r, d in allergies],
            "exemption": exemption, "collection_preference": preference}


PATIENTS = {p["patient_id"]: p for p in [
    _patient("PA-1042", "Margarethe Olufsen", "1951-06-02", "m.olufsen@example.net", "07700 900 142",
             "14 Cobbler's Row", "WB3 7QL", "PR-16", [("Codeine", "nausea and vomiting", "2019-02-11")],
             {"category": "aged 60 or over", "expires": None}, "weekly dosette, collect in store"),
    _patient("PA-1043", "Margarethe Olofsson", "1988-11-19", "margarethe.o@example.com", "07700 900 143",
             "Flat 6, 30 Tanyard Street", "WB2 5JH", "PR-12"),
    _patient("PA-1057", "Callum Ferriday", "1979-03-30", "callum.ferriday@example.com", "07700 900 157",
             "88 Linnet Avenue", "WB5 1NE", "PR-11", [("Penicillin", "widespread rash", "2008-07-22")],
             {"category": "prepayment certificate", "expires": "2027-09-30"}),
    _patient("PA-1058", "Callum Ferraby", "1983-08-12", "c.ferraby@example.org", "07700 900 158",
             "3 Saltpan Close", "WB6 3PQ", "PR-13", [("Latex", "contact dermatitis", "2015-04-02")]),
    _patient("PA-1066", "Priyanka Sethuraman", "1992-01-25", "priya.sethu@example.org", "07700 900 166",
             "21 Orchard Mews", "WB4 8TR", "PR-14", [], {"category": "medical exemption", "expires": "2028-01-31"}),
    _patient("PA-1071", "Bartholomew Quaile", "1946-09-09", "bart.quaile@example.net", "01632 961 071",
             "The Old Forge, Church Lane", "WB7 2AA", "PR-15", [],
             {"category": "aged 60 or over", "expires": None}, "home delivery"),
    _patient("PA-1080", "Wen-Li Achterfeld", "1968-04-17", "wenli.achterfeld@example.com", "07700 900 180",
             "5 Heron Wharf", "WB6 4LD", "PR-13", [("Sulfonamides", "hives", "2011-10-03")]),
    _patient("PA-1093", "Rosalind Tremayne", "1974-12-03", "ros.tremayne@example.org", "07700 900 193",
             "47 Pilgrim Street", "WB1 6XE", "PR-13"),
    _patient("PA-1094", "Rosalind Tremaine", "1961-02-27", "rtremaine@example.net", "07700 900 194",
             "2 Lockkeeper's Cottages", "WB6 9BW", "PR-15", [("Aspirin", "wheeze", "2016-05-19")]),
    _patient("PA-1102", "Declan Oyelaran-Voss", "1990-07-08", "declan.ov@example.com", "07700 900 202",
             "Flat 12, Brewhouse Yard", "WB2 7GG", "PR-16"),
]}


def _med(mid, name, form, strength, pack, price, storage, after_opening=None, controlled=None, warnings=(),
         generic=None, brands=(), supplier="Westerby Wholesale Ltd"):
    return {"medicine_id": mid, "name": name, "generic_name": generic or name.split(" ")[0],
            "brand_names": list(brands), "form": form, "strength": strength,
            "pack": {"size": pack[0], "unit": pack[1], "price_gbp": price},
            "storage": storage, "shelf_life_after_opening": after_opening, "controlled_drug": controlled,
            "warnings": list(warnings), "supplier": supplier}


MEDICINES = {m["medicine_id"]: m for m in [
    _med("MD-201", "Amlodipine 5 mg tablets", "tablet", "5 mg", (28, "tablets"), 0.92, "Store below 25 °C",
         brands=["Istin"], warnings=["May cause ankle swelling"]),
    _med("MD-202", "Amlodipine 10 mg tablets", "tablet", "10 mg", (28, "tablets"), 1.04, "Store below 25 °C",
         brands=["Istin"], warnings=["May cause ankle swelling"]),
    _med("MD-210", "Metformin 500 mg tablets", "tablet", "500 mg", (28, "tablets"), 1.31, "Store below 25 °C",
         warnings=["Take with or after food"]),
    _med("MD-211", "Metformin 500 mg modified-release tablets", "tablet", "500 mg", (56, "tablets"), 3.86,
         "Store below 25 °C", warnings=["Swallow whole", "Take with the evening meal"]),
    _med("MD-220", "Sertraline 50 mg tablets", "tablet", "50 mg", (28, "tablets"), 1.18, "Store below 30 °C",
         brands=["Lustral"], warnings=["Do not stop suddenly"]),
    _med("MD-221", "Sertraline 100 mg tablets", "tablet", "100 mg", (28, "tablets"), 1.57, "Store below 30 °C",
         brands=["Lustral"], warnings=["Do not stop suddenly"]),
    _med("MD-230", "Salbutamol 100 micrograms/dose inhaler", "inhaler", "100 micrograms/dose", (1, "inhaler"),
         1.50, "Store below 30 °C; do not puncture", generic="Salbutamol", brands=["Ventolin Evohaler"]),
    _med("MD-231", "Salmeterol 25 micrograms/dose inhaler", "inhaler", "25 micrograms/dose", (1, "inhaler"),
         29.26, "Store below 30 °C; do not puncture", generic="Salmeterol", brands=["Serevent Evohaler"]),
    _med("MD-240", "Levothyroxine 50 micrograms tablets", "tablet", "50 micrograms", (28, "tablets"), 1.09,
         "Store below 25 °C, protect from light", warnings=["Take on an empty stomach"]),
    _med("MD-241", "Levothyroxine 25 micrograms tablets", "tablet", "25 micrograms", (28, "tablets"), 1.44,
         "Store below 25 °C, protect from light", warnings=["Take on an empty stomach"]),
    _med("MD-250", "Atorvastatin 20 mg tablets", "tablet", "20 mg", (28, "tablets"), 0.97, "Store below 25 °C",
         brands=["Lipitor"]),
    _med("MD-255", "Aspirin 75 mg dispersible tablets", "tablet", "75 mg", (28, "tablets"), 0.88,
         "Store below 25 °C", warnings=["Take with or after food"]),
    _med("MD-260", "Omeprazole 20 mg gastro-resistant capsules", "capsule", "20 mg", (28, "capsules"), 1.02,
         "Store below 25 °C", generic="Omeprazole", warnings=["Swallow whole"]),
    _med("MD-265", "Lansoprazole 15 mg orodispersible tablets", "tablet", "15 mg", (28, "tablets"), 2.63,
         "Store below 25 °C"),
    _med("MD-270", "Amoxicillin 250 mg/5 ml oral suspension", "oral suspension", "250 mg/5 ml", (100, "ml"),
         2.18, "Dry powder below 25 °C; once made up keep in a fridge (2-8 °C)",
         after_opening="14 days in a fridge once made up", warnings=["Complete the course", "Shake well"]),
    _med("MD-271", "Amoxicillin 125 mg/5 ml oral suspension", "oral suspension", "125 mg/5 ml", (100, "ml"),
         1.66, "Dry powder below 25 °C; once made up keep in a fridge (2-8 °C)",
         after_opening="7 days in a fridge once made up", warnings=["Complete the course", "Shake well"]),
    _med("MD-272", "Amoxicillin 500 mg capsules", "capsule", "500 mg", (21, "capsules"), 1.21,
         "Store below 25 °C", warnings=["Complete the course"]),
    _med("MD-280", "Ramipril 2.5 mg capsules", "capsule", "2.5 mg", (28, "capsules"), 1.05, "Store below 25 °C",
         warnings=["May cause a dry cough"]),
    _med("MD-300", "Insulin aspart 100 units/ml FlexPen", "pre-filled pen", "100 units/ml", (5, "pens"), 30.60,
         "Unopened: fridge (2-8 °C); in use: below 30 °C", after_opening="4 weeks", brands=["NovoRapid"]),
    _med("MD-310", "Morphine sulfate 10 mg/5 ml oral solution", "oral solution", "10 mg/5 ml", (100, "ml"),
         1.98, "Store below 25 °C", after_opening="90 days", controlled="Schedule 5"),
]}

# terse stock records: oh on hand, u unit, rol reorder level, lots (lot, exp YYYY-MM, qty, loc shelf), po order
STOCK = {
    "MD-201": {"oh": 196, "u": "tablets", "rol": 84, "lots": [["AM5-2291", "2028-06", 196, "A1"]], "po": None},
    "MD-202": {"oh": 56, "u": "tablets", "rol": 56, "lots": [["AM10-0817", "2027-11", 56, "A1"]], "po": None},
    "MD-210": {"oh": 336, "u": "tablets", "rol": 112, "lots": [["MF-55120", "2028-03", 336, "A4"]], "po": None},
    "MD-211": {"oh": 40, "u": "tablets", "rol": 112, "lots": [["MFR-2044", "2027-08", 40, "A4"]],
               "po": [112, "2027-04-09"]},
    "MD-220": {"oh": 140, "u": "tablets", "rol": 56, "lots": [["SE50-771", "2028-01", 140, "C2"]], "po": None},
    "MD-221": {"oh": 84, "u": "tablets", "rol": 56, "lots": [["SE100-402", "2027-12", 56, "C2"],
                                                             ["SE100-388", "2027-07", 28, "C2"]], "po": None},
    "MD-230": {"oh": 17, "u": "inhalers", "rol": 10, "lots": [["SB5102M", "2028-02", 12, "B3"],
                                                              ["SB4471K", "2027-09", 5, "B3"]], "po": None},
    "MD-231": {"oh": 3, "u": "inhalers", "rol": 4, "lots": [["SM0913", "2027-10", 3, "B3"]], "po": [6, "2027-04-08"]},
    "MD-240": {"oh": 220, "u": "tablets", "rol": 84, "lots": [["LV50-3310", "2027-10", 220, "C5"]], "po": None},
    "MD-241": {"oh": 35, "u": "tablets", "rol": 56, "lots": [["LV25-1187", "2027-06", 35, "C5"]],
               "po": [168, "2027-04-08"]},
    "MD-250": {"oh": 252, "u": "tablets", "rol": 84, "lots": [["AT20-6605", "2028-04", 252, "A2"]], "po": None},
    "MD-255": {"oh": 112, "u": "tablets", "rol": 56, "lots": [["AS75-0093", "2028-09", 112, "A2"]], "po": None},
    "MD-260": {"oh": 0, "u": "capsules", "rol": 56, "lots": [], "po": [280, "2027-04-12"]},
    "MD-265": {"oh": 28, "u": "tablets", "rol": 28, "lots": [["LZ15-310", "2027-05", 28, "C4"]], "po": None},
    "MD-270": {"oh": 6, "u": "bottles", "rol": 4, "lots": [["AMX250S-77", "2027-08", 6, "D1"]], "po": None},
    "MD-271": {"oh": 4, "u": "bottles", "rol": 4, "lots": [["AMX125S-41", "2027-06", 4, "D1"]], "po": None},
    "MD-272": {"oh": 63, "u": "capsules", "rol": 42, "lots": [["AMX500-913", "2028-02", 63, "D1"]], "po": None},
    "MD-280": {"oh": 84, "u": "capsules", "rol": 56, "lots": [["RP25-4420", "2027-11", 84, "A3"]], "po": None},
    "MD-300": {"oh": 15, "u": "pens", "rol": 10, "lots": [["NR-88120", "2027-07", 15, "Fridge 1"]], "po": None},
    "MD-310": {"oh": 2, "u": "bottles", "rol": 3, "lots": [["MS-0416", "2027-12", 2, "CD cabinet"]],
               "po": [4, "2027-04-13"]},
}


def _rx(rid, patient, prescriber, issued, kind, status, items, repeats_left=0, next_due=None, notes=None):
    return {"prescription_id": rid, "patient_id": patient, "prescriber_id": prescriber, "issued": issued,
            "type": kind, "status": status, "repeats_left": repeats_left, "next_due": next_due,
            "items": [{"medicine_id": m, "name": MEDICINES[m]["name"], "dose": d, "quantity": q}
                      for m, d, q in items],
            "notes": notes}


PRESCRIPTIONS = {r["prescription_id"]: r for r in [
    _rx("RX-50420", "PA-1042", "PR-16", "2026-11-30", "repeat", "active",
        [("MD-201", "One tablet daily", 7), ("MD-250", "One tablet at night", 7), ("MD-210", "One tablet twice daily", 14)],
        repeats_left=9, next_due="2027-04-08", notes="Weekly dosette box"),
    _rx("RX-50451", "PA-1043", "PR-12", "2027-02-02", "acute", "dispensed", [("MD-272", "One capsule three times daily", 21)]),
    _rx("RX-50733", "PA-1057", "PR-11", "2026-12-14", "repeat", "expired",
        [("MD-201", "One tablet daily", 28), ("MD-250", "One tablet at night", 28)]),
    _rx("RX-50990", "PA-1057", "PR-11", "2027-03-08", "repeat", "active",
        [("MD-201", "One tablet daily", 28), ("MD-250", "One tablet at night", 28)], repeats_left=5,
        next_due="2027-04-05"),
    _rx("RX-51044", "PA-1057", "PR-11", "2027-03-12", "repeat", "active",
        [("MD-230", "Two puffs when required", 1)], repeats_left=2, next_due="2027-05-12"),
    _rx("RX-51010", "PA-1058", "PR-13", "2027-03-09", "repeat", "active",
        [("MD-202", "One tablet daily", 28)], repeats_left=3, next_due="2027-04-06"),
    _rx("RX-50872", "PA-1066", "PR-11", "2027-02-22", "repeat", "active",
        [("MD-220", "One tablet each morning", 28)], repeats_left=4, next_due="2027-04-19"),
    _rx("RX-50901", "PA-1066", "PR-14", "2027-03-01", "repeat", "active",
        [("MD-300", "As directed, up to 30 units daily", 5)], repeats_left=6, next_due="2027-05-03"),
    _rx("RX-50611", "PA-1071", "PR-15", "2027-01-18", "repeat", "dispensed",
        [("MD-280", "One capsule daily", 28), ("MD-250", "One tablet at night", 28)]),
    _rx("RX-50788", "PA-1071", "PR-15", "2027-02-15", "repeat", "dispensed",
        [("MD-280", "One capsule daily", 28), ("MD-250", "One tablet at night", 28)]),
    _rx("RX-51133", "PA-1071", "PR-15", "2027-03-15", "repeat", "dispensed",
        [("MD-280", "One capsule daily", 28), ("MD-250", "One tablet at night", 28),
         ("MD-255", "One tablet daily after breakfast", 28)], notes="Aspirin added after review"),
    _rx("RX-51160", "PA-1071", "PR-16", "2027-03-29", "acute", "dispensed",
        [("MD-272", "One capsule three times daily", 21)]),
    _rx("RX-51022", "PA-1080", "PR-13", "2027-02-08", "repeat", "active",
        [("MD-241", "One tablet each morning", 56)], repeats_left=3, next_due="2027-04-07"),
    _rx("RX-50702", "PA-1080", "PR-13", "2026-10-05", "repeat", "expired", [("MD-240", "One tablet each morning", 56)]),
    _rx("RX-50955", "PA-1093", "PR-13", "2027-03-03", "acute", "dispensed", [("MD-265", "One tablet daily", 28)]),
    _rx("RX-50960", "PA-1094", "PR-15", "2027-03-04", "repeat", "active",
        [("MD-231", "Two puffs twice daily", 1)], repeats_left=5, next_due="2027-04-04"),
    _rx("RX-51190", "PA-1102", "PR-16", "2027-04-05", "acute", "active",
        [("MD-221", "One tablet each morning", 28), ("MD-260", "Two capsules daily", 56)]),
]}


def _col(cid, patient, rx, ready, status, collected=None, by=None, bay=None, charge=0.0):
    return {"collection_id": cid, "patient_id": patient, "prescription_id": rx, "ready_on": ready,
            "status": status, "collected_on": collected, "collected_by": by, "bay": bay, "charge_gbp": charge}


def _olufsen_collections():
    rows, day, n = [], datetime.date(2026, 12, 3), 3401
    while day <= datetime.date(2027, 4, 1):
        d = day.isoformat()
        if d == "2027-02-18":
            rows.append(_col(f"CL-{n}", "PA-1042", "RX-50420", d, "returned_to_stock", bay="B-02"))
        else:
            by = "Anders Olufsen (son)" if day.month == 1 else "patient"
            rows.append(_col(f"CL-{n}", "PA-1042", "RX-50420", d, "collected", d, by, "B-02"))
        day += datetime.timedelta(days=7)
        n += 1
    return rows


COLLECTIONS = {c["collection_id"]: c for c in _olufsen_collections() + [
    _col("CL-3488", "PA-1066", "RX-50872", "2027-03-22", "collected", "2027-03-23", "patient", "C-09"),
    _col("CL-3490", "PA-1066", "RX-50901", "2027-03-29", "collected", "2027-03-29", "patient", "Fridge 2"),
    _col("CL-3521", "PA-1066", "RX-50872", "2027-04-05", "ready", bay="C-14"),
    _col("CL-3522", "PA-1066", "RX-50901", "2027-04-05", "ready", bay="Fridge 2"),
    _col("CL-3474", "PA-1057", "RX-50990", "2027-03-09", "collected", "2027-03-10", "patient", "A-03", 19.80),
    _col("CL-3480", "PA-1058", "RX-51010", "2027-03-10", "collected", "2027-03-10", "patient", "A-05", 9.90),
    _col("CL-3530", "PA-1058", "RX-51010", "2027-04-06", "ready", bay="A-05", charge=9.90),
    _col("CL-3511", "PA-1071", "RX-51133", "2027-03-16", "collected", "2027-03-17", "delivery driver (M. Iqbal)", "Delivery"),
    _col("CL-3514", "PA-1071", "RX-51160", "2027-03-29", "collected", "2027-03-29", "delivery driver (M. Iqbal)", "Delivery"),
]}

REPEAT_REQUESTS = {}


# ------------------------------------------------------------------ handlers
def patient_summary(p):
    return {"patient_id": p["patient_id"], "name": p["name"], "date_of_birth": p["date_of_birth"],
            "postcode": p["address"]["postcode"]}


@route("GET", "/patients")
def search_patients(params, query, body):
    name, email, dob = query.get("name", "").strip(), query.get("email", "").strip(), date_param(query, "dob")
    if not (name or email or dob):
        raise ApiError(400, "give name, email or dob")
    rows = [p for p in PATIENTS.values()
            if (not name or words_in(name, p["name"])) and (not email or p["email"].lower() == email.lower())
            and (not dob or p["date_of_birth"] == dob)]
    return 200, {"patients": [patient_summary(p) for p in rows], "count": len(rows)}


@route("GET", "/patients/{patient_id}")
def get_patient(params, query, body):
    return 200, lookup(PATIENTS, params["patient_id"], "patient")


@route("GET", "/patients/{patient_id}/prescriptions")
def list_patient_prescriptions(params, query, body):
    patient = lookup(PATIENTS, params["patient_id"], "patient")
    status = query.get("status", "").strip().lower()
    if status and status not in ("active", "dispensed", "expired", "cancelled"):
        raise ApiError(400, "status must be active, dispensed, expired or cancelled")
    start, end = date_param(query, "issued_from"), date_param(query, "issued_to")
    limit, offset = int_param(query, "limit", 10, 1, 50), int_param(query, "offset", 0, 0, 10000)
    rows = sorted((r for r in PRESCRIPTIONS.values() if r["patient_id"] == patient["patient_id"]
                   and (not status or r["status"] == status) and (not start or r["issued"] >= start)
                   and (not end or r["issued"] <= end)), key=lambda r: r["issued"], reverse=True)
    page = [{"prescription_id": r["prescription_id"], "issued": r["issued"], "type": r["type"],
             "status": r["status"], "item_count": len(r["items"]), "prescriber_id": r["prescriber_id"]}
            for r in rows[offset:offset + limit]]
    return 200, {"prescriptions": page, "total_count": len(rows), "limit": limit, "offset": offset}


@route("GET", "/prescriptions/{prescription_id}")
def get_prescription(params, query, body):
    return 200, lookup(PRESCRIPTIONS, params["prescription_id"], "prescription")


@route("GET", "/medicines")
def search_medicines(params, query, body):
    q, form = query.get("q", "").strip(), query.get("form", "").strip().lower()
    if not q and not form:
        raise ApiError(400, "give q or form")
    rows = [m for m in MEDICINES.values() if (not q or words_in(q, " ".join([m["name"]] + m["brand_names"])))
            and (not form or form in m["form"])]
    return 200, {"medicines": [{"medicine_id": m["medicine_id"], "name": m["name"], "form": m["form"],
                                "strength": m["strength"]} for m in rows], "count": len(rows)}


@route("GET", "/medicines/{medicine_id}")
def get_medicine(params, query, body):
    return 200, lookup(MEDICINES, params["medicine_id"], "medicine")


def stock_record(mid):
    s = STOCK[mid]
    return {"med": mid, "oh": s["oh"], "u": s["u"], "rol": s["rol"],
            "lots": [{"lot": a, "exp": b, "qty": c, "loc": d} for a, b, c, d in s["lots"]],
            "po": {"qty": s["po"][0], "eta": s["po"][1]} if s["po"] else None}


@route("GET", "/medicines/{medicine_id}/stock")
def get_medicine_stock(params, query, body):
    med = lookup(MEDICINES, params["medicine_id"], "medicine")
    return 200, stock_record(med["medicine_id"])


@route("GET", "/stock/reorders")
def list_reorders(params, query, body):
    rows = [dict(stock_record(mid), name=MEDICINES[mid]["name"]) for mid in sorted(STOCK)
            if STOCK[mid]["oh"] < STOCK[mid]["rol"]]
    return 200, {"items": rows, "count": len(rows)}


@route("GET", "/collections")
def list_collections(params, query, body):
    pid = query.get("patient_id", "").strip().upper()
    status = query.get("status", "").strip().lower()
    if status and status not in ("ready", "collected", "returned_to_stock"):
        raise ApiError(400, "status must be ready, collected or returned_to_stock")
    if pid:
        lookup(PATIENTS, pid, "patient")
    start, end = date_param(query, "date_from"), date_param(query, "date_to")
    limit, offset = int_param(query, "limit", 10, 1, 50), int_param(query, "offset", 0, 0, 10000)
    rows = sorted((c for c in COLLECTIONS.values() if (not pid or c["patient_id"] == pid)
                   and (not status or c["status"] == status) and (not start or c["ready_on"] >= start)
                   and (not end or c["ready_on"] <= end)),
                  key=lambda c: (c["ready_on"], c["collection_id"]), reverse=True)
    return 200, {"collections": rows[offset:offset + limit], "total_count": len(rows), "limit": limit,
                 "offset": offset}


@route("GET", "/prescribers")
def search_prescribers(params, query, body):
    name, practice = query.get("name", "").strip(), query.get("practice", "").strip()
    if not name and not practice:
        raise ApiError(400, "give name or practice")
    rows = [p for p in PRESCRIBERS.values() if (not name or words_in(name, p["name"]))
            and (not practice or words_in(practice, p["practice"]))]
    return 200, {"prescribers": [{"prescriber_id": p["prescriber_id"], "name": p["name"], "role": p["role"],
                                  "practice": p["practice"]} for p in rows], "count": len(rows)}


@route("GET", "/prescribers/{prescriber_id}")
def get_prescriber(params, query, body):
    return 200, lookup(PRESCRIBERS, params["prescriber_id"], "prescriber")


@route("POST", "/repeat-requests")
def request_repeat(params, query, body):
    patient = lookup(PATIENTS, body.get("patient_id", ""), "patient")
    rx = lookup(PRESCRIPTIONS, body.get("prescription_id", ""), "prescription")
    if rx["patient_id"] != patient["patient_id"]:
        raise ApiError(422, f"{rx['prescription_id']} is not a prescription of {patient['patient_id']}")
    if rx["type"] != "repeat" or rx["status"] != "active" or rx["repeats_left"] < 1:
        raise ApiError(422, f"{rx['prescription_id']} has no repeats left to request")
    key = f"{patient['patient_id']}|{rx['prescription_id']}"
    with LOCK:
        if key in REPEAT_REQUESTS:
            return 200, REPEAT_REQUESTS[key]
        ref = "RR-" + hashlib.sha1(key.encode()).hexdigest()[:6].upper()
        record = {"reference": ref, "patient_id": patient["patient_id"], "prescription_id": rx["prescription_id"],
                  "sent_to_prescriber_id": rx["prescriber_id"], "status": "sent to surgery",
                  "items": [i["name"] for i in rx["items"]], "note": (body.get("note") or None)}
        REPEAT_REQUESTS[key] = record
        return 201, record


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
        path_ok = False
        for m, regex, fn in ROUTES:
            match = regex.match(parts.path)
            if match:
                path_ok = True
                if m != method:
                    continue
                try:
                    status, payload = fn({k: unquote(v) for k, v in match.groupdict().items()}, query, body)
                except ApiError as exc:
                    status, payload = exc.status, {"error": exc.message}
                return self._send(status, payload)
        if path_ok:
            return self._send(405, {"error": f"{method} not allowed on {parts.path}"})
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
