"""Kestrel Valley Water & Power customer service tools: customers, service addresses, meters, meter readings, bills,
outages, payment plans and engineer appointments.

Plain functions over fixed in-memory data (no I/O, no clock, no randomness). Customer ids look like "CU-20417",
service address ids like "SA-5110", meter ids like "MTR-E-30111" (electricity) or "MTR-W-40111" (water), bill ids
like "BL-2026-118842". Electricity is metered in kWh, water in cubic metres (m3); amounts are in GBP. The current
business date is 2026-11-27 ("now", "today", "current" refer to it).
"""
import datetime
import hashlib
import re
from dataclasses import dataclass
from typing import TypedDict

BUSINESS_DATE = "2026-11-27"


class CustomerHit(TypedDict):
    customer_id: str
    name: str
    email: str
    town: str


class ServiceAddress(TypedDict):
    address_id: str
    address: str
    town: str
    postcode: str
    premises_type: str
    supplies: list[str]


class Meter(TypedDict):
    meter_id: str
    utility: str
    serial_number: str
    meter_type: str
    unit: str
    location: str
    installed_on: str


class BillSummary(TypedDict):
    bill_id: str
    address_id: str
    address: str
    period_start: str
    period_end: str
    issued_on: str
    due_date: str
    total: float
    status: str


class Appointment(TypedDict):
    appointment_id: str
    address_id: str
    date: str
    time_window: str
    purpose: str
    technician: str
    status: str


@dataclass
class MeterReading:
    meter_id: str
    reading_date: str
    reading: float
    unit: str
    read_type: str
    consumption_since_previous: float | None


@dataclass
class PaymentPlan:
    plan_id: str
    customer_id: str
    customer_name: str
    status: str
    start_date: str
    original_debt: float
    installment_amount: float
    frequency: str
    installments_total: int
    installments_paid: int
    remaining_balance: float
    next_installment_date: str | None


def _c(cid, name, email, phone, account, since, town, contact="email", priority=False):
    return {"customer_id": cid, "name": name, "email": email, "phone": phone, "account_number": account,
            "customer_since": since, "town": town, "preferred_contact": contact,
            "priority_services_register": priority}


CUSTOMERS = {c["customer_id"]: c for c in [
    _c("CU-20417", "Marguerite Okafor", "marguerite.okafor@mailbox.example", "01632 960417", "KV-4417-2093",
       "2018-05-14", "Larkfield"),
    _c("CU-20431", "Margaret Okafor", "m.okafor@fernpost.example", "01632 960431", "KV-4431-7781", "2012-11-02",
       "Ashcombe", "phone"),
    _c("CU-20455", "Tomasz Wierzbicki", "tomasz.w@postbox.example", "01632 960455", "KV-4455-0316", "2020-02-17",
       "Millbrook"),
    _c("CU-20458", "Tomasz Wierzbowski", "t.wierzbowski@mailbox.example", "01632 960458", "KV-4458-9021",
       "2023-08-09", "Ashcombe"),
    _c("CU-20460", "Priyanka Raman", "priyanka.raman@mailbox.example", "01632 960460", "KV-4460-5572",
       "2021-09-30", "Millbrook"),
    _c("CU-20471", "Declan Fairweather", "declan@fairweather.example", "01632 960471", "KV-4471-1148",
       "2015-03-23", "Ashcombe", "phone"),
    _c("CU-20489", "Hollis Breckenridge", "h.breckenridge@breckenridgebakery.example", "01632 960489",
       "KV-4489-6630", "2017-06-01", "Ashcombe"),
    _c("CU-20502", "Anneliese Varga", "anneliese.varga@mailbox.example", "01632 960502", "KV-4502-3307",
       "2019-10-21", "Larkfield", "sms", True),
    _c("CU-20503", "Annelise Vargas", "a.vargas@fernpost.example", "01632 960503", "KV-4503-8854", "2024-01-15",
       "Ashcombe"),
]}


def _a(aid, cid, address, town, postcode, premises, supplies=("electricity", "water")):
    return {"address_id": aid, "customer_id": cid, "address": address, "town": town, "postcode": postcode,
            "premises_type": premises, "supplies": list(supplies)}


ADDRESSES = {a["address_id"]: a for a in [
    _a("SA-5100", "CU-20417", "Apartment 4, 77 Canal Street", "Larkfield", "KV4 1AA", "flat"),
    _a("SA-5110", "CU-20431", "3 Willow Court", "Ashcombe", "KV2 7JD", "house"),
    _a("SA-5111", "CU-20431", "Flat 2, 19 Quarry Road", "Larkfield", "KV4 1BN", "rented flat"),
    _a("SA-5120", "CU-20455", "12 Kiln Lane", "Millbrook", "KV5 4RT", "house"),
    _a("SA-5125", "CU-20458", "90 Ridgeway", "Ashcombe", "KV2 8PE", "house"),
    _a("SA-5130", "CU-20460", "Flat 9, Tannery Wharf", "Millbrook", "KV5 1DW", "flat"),
    _a("SA-5140", "CU-20471", "41 High Street", "Ashcombe", "KV2 7AB", "house"),
    _a("SA-5141", "CU-20471", "Rose Cottage, 2 Mill Lane", "Larkfield", "KV4 3QE", "holiday let"),
    _a("SA-5150", "CU-20489", "27 Beacon Hill Road", "Ashcombe", "KV2 6HS", "house"),
    _a("SA-5151", "CU-20489", "Breckenridge Bakery, 5 Market Square", "Millbrook", "KV5 2AA", "commercial"),
    _a("SA-5160", "CU-20502", "8 Heron Close", "Larkfield", "KV4 2HX", "house"),
    _a("SA-5161", "CU-20503", "61 Station Road", "Ashcombe", "KV2 9LT", "house"),
]}


def _m(mid, aid, serial, meter_type, location, installed):
    utility = "electricity" if mid.startswith("MTR-E") else "water"
    return {"meter_id": mid, "address_id": aid, "utility": utility, "serial_number": serial,
            "meter_type": meter_type, "unit": "kWh" if utility == "electricity" else "m3", "location": location,
            "installed_on": installed}


METERS = {m["meter_id"]: m for m in [
    _m("MTR-E-30100", "SA-5100", "EK-4410217", "smart", "hallway cupboard", "2022-04-11"),
    _m("MTR-W-40100", "SA-5100", "WX-771203", "standard", "communal riser", "2016-09-30"),
    _m("MTR-E-30110", "SA-5110", "EK-5528410", "smart", "under stairs", "2021-07-19"),
    _m("MTR-W-40110", "SA-5110", "WX-339871", "standard", "front garden chamber", "2014-03-05"),
    _m("MTR-E-30111", "SA-5111", "EK-5528733", "standard", "kitchen cupboard", "2019-02-26"),
    _m("MTR-W-40111", "SA-5111", "WX-340052", "standard", "pavement chamber", "2015-10-12"),
    _m("MTR-E-30120", "SA-5120", "EK-6011358", "smart", "garage", "2023-01-09"),
    _m("MTR-W-40120", "SA-5120", "WX-502874", "smart", "driveway chamber", "2023-01-09"),
    _m("MTR-E-30125", "SA-5125", "EK-6011902", "standard", "porch", "2018-06-14"),
    _m("MTR-W-40125", "SA-5125", "WX-503311", "standard", "pavement chamber", "2018-06-14"),
    _m("MTR-E-30130", "SA-5130", "EK-6120944", "smart", "utility cupboard", "2021-10-04"),
    _m("MTR-W-40130", "SA-5130", "WX-611470", "standard", "communal plant room", "2017-05-22"),
    _m("MTR-E-30140", "SA-5140", "EK-3307716", "smart", "under stairs", "2020-11-30"),
    _m("MTR-W-40140", "SA-5140", "WX-208834", "standard", "front garden chamber", "2013-08-19"),
    _m("MTR-E-30141", "SA-5141", "EK-3308250", "standard", "outhouse", "2016-05-03"),
    _m("MTR-W-40141", "SA-5141", "WX-208991", "standard", "lane-side chamber", "2016-05-03"),
    _m("MTR-E-30150", "SA-5150", "EK-7730051", "smart", "under stairs", "2022-02-14"),
    _m("MTR-W-40150", "SA-5150", "WX-918004", "standard", "front garden chamber", "2011-12-01"),
    _m("MTR-E-30151", "SA-5151", "EK-7731904", "three-phase", "back office", "2019-09-09"),
    _m("MTR-W-40151", "SA-5151", "WX-918220", "standard", "yard chamber", "2019-09-09"),
    _m("MTR-E-30160", "SA-5160", "EK-8840113", "smart", "hallway", "2020-03-16"),
    _m("MTR-W-40160", "SA-5160", "WX-662004", "standard", "front garden chamber", "2012-07-27"),
    _m("MTR-E-30161", "SA-5161", "EK-8840479", "smart", "kitchen", "2024-01-15"),
    _m("MTR-W-40161", "SA-5161", "WX-662019", "standard", "pavement chamber", "2010-04-08"),
]}

# meter_id -> [(reading_date, reading, read_type)], oldest first
READINGS = {
    "MTR-E-30130": [("2026-07-31", 21450, "actual"), ("2026-08-31", 21702, "estimated"),
                    ("2026-09-30", 21988, "actual"), ("2026-10-31", 22306, "actual")],
    "MTR-W-40130": [("2026-07-31", 1204, "actual"), ("2026-08-31", 1213, "actual"),
                    ("2026-09-30", 1221, "estimated"), ("2026-10-31", 1230, "actual")],
    "MTR-E-30110": [("2026-07-31", 40218, "actual"), ("2026-08-31", 40561, "actual"),
                    ("2026-09-30", 40873, "estimated"), ("2026-10-31", 41240, "actual")],
    "MTR-E-30111": [("2026-07-31", 8812, "actual"), ("2026-08-31", 9050, "estimated"),
                    ("2026-09-30", 9391, "actual"), ("2026-10-31", 9702, "estimated")],
    "MTR-W-40111": [("2026-07-31", 611, "actual"), ("2026-08-31", 617, "estimated"),
                    ("2026-09-30", 622, "estimated"), ("2026-10-31", 628, "estimated")],
    "MTR-E-30141": [("2026-08-31", 15120, "actual"), ("2026-09-30", 15467, "actual"),
                    ("2026-10-31", 15879, "actual")],
    "MTR-E-30151": [("2026-08-31", 180440, "actual"), ("2026-09-30", 183905, "actual"),
                    ("2026-10-31", 187512, "actual")],
    "MTR-W-40161": [("2026-08-31", 1843, "actual"), ("2026-09-30", 1858, "estimated"),
                    ("2026-10-31", 1871, "actual")],
    "MTR-E-30161": [("2026-08-31", 5120, "actual"), ("2026-09-30", 5398, "actual"),
                    ("2026-10-31", 5671, "actual")],
}

ELECTRICITY_UNIT_RATE, ELECTRICITY_STANDING = 0.2735, 0.5321  # GBP per kWh, per day
WATER_UNIT_RATE, WATER_STANDING = 2.113, 0.245  # GBP per m3 (water and sewerage), per day


def _b(bid, aid, start, end, kwh, m3, issued, due, status, paid_on=None):
    return {"bill_id": bid, "address_id": aid, "period_start": start, "period_end": end, "kwh": kwh, "m3": m3,
            "issued_on": issued, "due_date": due, "status": status, "paid_on": paid_on}


BILLS = {b["bill_id"]: b for b in [
    _b("BL-2026-117402", "SA-5130", "2026-09-01", "2026-09-30", 286, 8, "2026-10-05", "2026-10-26", "paid",
       "2026-10-20"),
    _b("BL-2026-118842", "SA-5130", "2026-10-01", "2026-10-31", 318, 9, "2026-11-04", "2026-11-25", "paid",
       "2026-11-21"),
    _b("BL-2026-117415", "SA-5110", "2026-09-01", "2026-09-30", 312, 11, "2026-10-05", "2026-10-26", "paid",
       "2026-10-24"),
    _b("BL-2026-118855", "SA-5110", "2026-10-01", "2026-10-31", 367, 12, "2026-11-04", "2026-11-25", "paid",
       "2026-11-18"),
    _b("BL-2026-117416", "SA-5111", "2026-09-01", "2026-09-30", 341, 5, "2026-10-05", "2026-10-26", "paid",
       "2026-10-26"),
    _b("BL-2026-118856", "SA-5111", "2026-10-01", "2026-10-31", 311, 6, "2026-11-04", "2026-11-25", "overdue"),
    _b("BL-2026-117433", "SA-5120", "2026-09-01", "2026-09-30", 402, 14, "2026-10-05", "2026-10-26", "paid",
       "2026-10-26"),
    _b("BL-2026-118870", "SA-5120", "2026-10-01", "2026-10-31", 455, 15, "2026-11-04", "2026-11-25", "unpaid"),
    _b("BL-2026-117448", "SA-5140", "2026-09-01", "2026-09-30", 298, 10, "2026-10-05", "2026-10-26", "paid",
       "2026-10-12"),
    _b("BL-2026-117449", "SA-5141", "2026-09-01", "2026-09-30", 347, 7, "2026-10-05", "2026-10-26", "paid",
       "2026-10-12"),
    _b("BL-2026-118881", "SA-5140", "2026-10-01", "2026-10-31", 335, 11, "2026-11-04", "2026-11-25", "paid",
       "2026-11-10"),
    _b("BL-2026-118882", "SA-5141", "2026-10-01", "2026-10-31", 412, 6, "2026-11-04", "2026-11-25", "paid",
       "2026-11-10"),
    _b("BL-2026-118894", "SA-5150", "2026-10-01", "2026-10-31", 389, 13, "2026-11-04", "2026-11-25", "paid",
       "2026-11-11"),
    _b("BL-2026-118895", "SA-5151", "2026-10-01", "2026-10-31", 3607, 41, "2026-11-04", "2026-11-25", "paid",
       "2026-11-11"),
    _b("BL-2026-118907", "SA-5160", "2026-10-01", "2026-10-31", 276, 10, "2026-11-04", "2026-11-25", "paid",
       "2026-11-23"),
    _b("BL-2026-118908", "SA-5161", "2026-10-01", "2026-10-31", 273, 13, "2026-11-04", "2026-11-25", "unpaid"),
    _b("BL-2026-118912", "SA-5100", "2026-10-01", "2026-10-31", 241, 7, "2026-11-04", "2026-11-25", "paid",
       "2026-11-04"),
    _b("BL-2026-118920", "SA-5125", "2026-10-01", "2026-10-31", 298, 9, "2026-11-04", "2026-11-25", "overdue"),
]}


def _o(oid, utility, town, postcodes, status, start, restore, cause, affected, crew):
    return {"outage_id": oid, "utility": utility, "town": town, "affected_postcodes": postcodes, "status": status,
            "started_at": start, "estimated_restoration": restore, "cause": cause, "customers_affected": affected,
            "crew_reference": crew}


OUTAGES = [
    _o("OUT-7710", "electricity", "Larkfield", ["KV4 1AA", "KV4 1AB"], "resolved", "2026-11-24 07:15",
       "2026-11-24 11:05", "overhead line damaged by fallen tree", 96, "CRW-E-12"),
    _o("OUT-7716", "water", "Ashcombe", ["KV2 9LT", "KV2 9LU", "KV2 9LW"], "active", "2026-11-27 06:30",
       "2026-11-28 12:00", "low pressure after pumping station fault", 340, "CRW-W-04"),
    _o("OUT-7718", "electricity", "Millbrook", ["KV5 2AA", "KV5 2AB"], "active", "2026-11-27 11:20",
       "2026-11-27 14:45", "transformer fault", 58, "CRW-E-07"),
    _o("OUT-7719", "electricity", "Larkfield", ["KV4 1AA", "KV4 1AB", "KV4 1BN"], "active", "2026-11-27 09:40",
       "2026-11-27 16:30", "underground cable fault", 214, "CRW-E-03"),
    _o("OUT-7722", "water", "Larkfield", ["KV4 2HX", "KV4 2HY"], "active", "2026-11-27 08:05", "2026-11-27 20:00",
       "burst main on Heron Close", 61, "CRW-W-09"),
    _o("OUT-7724", "electricity", "Larkfield", ["KV4 2HX", "KV4 2HY", "KV4 3QE"], "planned", "2026-12-02 09:00",
       "2026-12-02 13:00", "planned substation maintenance", 180, "CRW-E-03"),
]

PAYMENT_PLANS = {
    "CU-20455": {"plan_id": "PP-0772", "status": "active", "start_date": "2026-06-05", "original_debt": 510.0,
                 "installment_amount": 42.5, "frequency": "monthly", "installments_total": 12,
                 "installments_paid": 5, "next_installment_date": "2026-12-05"},
    "CU-20458": {"plan_id": "PP-0790", "status": "active", "start_date": "2026-09-15", "original_debt": 276.0,
                 "installment_amount": 23.0, "frequency": "monthly", "installments_total": 12,
                 "installments_paid": 2, "next_installment_date": "2026-12-15"},
    "CU-20431": {"plan_id": "PP-0611", "status": "completed", "start_date": "2025-03-01", "original_debt": 180.0,
                 "installment_amount": 30.0, "frequency": "monthly", "installments_total": 6,
                 "installments_paid": 6, "next_installment_date": None},
}


def _ap(apid, cid, aid, date, window, purpose, technician, status):
    return {"appointment_id": apid, "customer_id": cid, "address_id": aid, "date": date, "time_window": window,
            "purpose": purpose, "technician": technician, "status": status}


APPOINTMENTS = [
    _ap("AP-6601", "CU-20489", "SA-5150", "2026-11-12", "12:00-16:00", "meter inspection", "Imogen Tate",
        "completed"),
    _ap("AP-6618", "CU-20489", "SA-5151", "2026-12-01", "08:00-12:00", "smart meter installation", "Imogen Tate",
        "cancelled"),
    _ap("AP-6624", "CU-20489", "SA-5151", "2026-12-03", "08:00-12:00", "smart meter installation",
        "Rhys Calloway", "scheduled"),
    _ap("AP-6630", "CU-20489", "SA-5150", "2026-12-16", "12:00-16:00", "water meter exchange", "Imogen Tate",
        "scheduled"),
    _ap("AP-6605", "CU-20471", "SA-5141", "2026-11-30", "08:00-12:00", "leak inspection", "Femi Adeyemi",
        "scheduled"),
    _ap("AP-6611", "CU-20431", "SA-5111", "2026-12-08", "12:00-16:00", "meter access visit", "Rhys Calloway",
        "scheduled"),
    _ap("AP-6615", "CU-20502", "SA-5160", "2026-11-20", "08:00-12:00", "water pressure check", "Femi Adeyemi",
        "completed"),
]

SUBMITTED = {}  # confirmation code -> submission


def _words_in(query: str, text: str) -> bool:
    tokens = [t for t in re.split(r"[\s,]+", query.lower()) if t]
    return all(t in text.lower() for t in tokens)


def _lookup(table: dict, key: str, what: str) -> dict:
    item = table.get(str(key).strip().upper())
    if item is None:
        raise KeyError(f"no {what} {key!r}")
    return item


def _date(value: str, name: str) -> str:
    try:
        return datetime.date.fromisoformat(str(value).strip()).isoformat()
    except ValueError:
        raise ValueError(f"{name} must be a date like 2026-11-27") from None


def _norm_postcode(value: str) -> str:
    return " ".join(str(value).upper().split())


def find_customers(name: str | None = None, email: str | None = None,
                   account_number: str | None = None) -> list[CustomerHit]:
    """Find customers by name (every word must appear in the name), exact email address or account number
    (e.g. "KV-4417-2093"). At least one is required. Returns id, name, email and home town of each match;
    use get_customer for phone, account number and contact preferences."""
    if not name and not email and not account_number:
        raise ValueError("give a name, an email or an account number")
    rows = []
    for c in CUSTOMERS.values():
        if name and not _words_in(name, c["name"]):
            continue
        if email and c["email"] != email.strip().lower():
            continue
        if account_number and c["account_number"] != account_number.strip().upper():
            continue
        rows.append(CustomerHit(customer_id=c["customer_id"], name=c["name"], email=c["email"], town=c["town"]))
    return rows


def get_customer(customer_id: str) -> dict:
    """Full record of one customer.

    Returns a dict with customer_id, name, email, phone, account_number, customer_since (YYYY-MM-DD), town,
    preferred_contact (email, phone or sms), priority_services_register (bool) and address_ids (the service
    addresses supplied on this account).
    """
    c = dict(_lookup(CUSTOMERS, customer_id, "customer"))
    c["address_ids"] = [a["address_id"] for a in ADDRESSES.values() if a["customer_id"] == c["customer_id"]]
    return c


def list_service_addresses(customer_id: str) -> list[ServiceAddress]:
    """Service addresses (premises we supply) of a customer: address id, street address, town, postcode, premises
    type (house, flat, rented flat, holiday let, commercial) and the supplies there (electricity, water)."""
    c = _lookup(CUSTOMERS, customer_id, "customer")
    return [ServiceAddress(address_id=a["address_id"], address=a["address"], town=a["town"], postcode=a["postcode"],
                           premises_type=a["premises_type"], supplies=list(a["supplies"]))
            for a in ADDRESSES.values() if a["customer_id"] == c["customer_id"]]


def list_meters(address_id: str, utility: str | None = None) -> list[Meter]:
    """Meters installed at a service address, optionally only one utility ("electricity" or "water"): meter id,
    serial number (printed on the meter), meter type, unit, location and installation date."""
    a = _lookup(ADDRESSES, address_id, "service address")
    if utility and utility.strip().lower() not in ("electricity", "water"):
        raise ValueError("utility must be electricity or water")
    return [Meter(meter_id=m["meter_id"], utility=m["utility"], serial_number=m["serial_number"],
                  meter_type=m["meter_type"], unit=m["unit"], location=m["location"], installed_on=m["installed_on"])
            for m in METERS.values()
            if m["address_id"] == a["address_id"] and (not utility or m["utility"] == utility.strip().lower())]


def _readings(meter: dict) -> list[MeterReading]:
    rows, previous = [], None
    for date, value, read_type in READINGS.get(meter["meter_id"], []):
        used = None if previous is None else round(value - previous, 3)
        rows.append(MeterReading(meter_id=meter["meter_id"], reading_date=date, reading=float(value),
                                 unit=meter["unit"], read_type=read_type, consumption_since_previous=used))
        previous = value
    return rows


def get_meter_readings(meter_id: str, start_date: str | None = None, end_date: str | None = None,
                       read_type: str | None = None) -> list[MeterReading]:
    """Readings of one meter, oldest first, optionally between start_date and end_date (inclusive, YYYY-MM-DD)
    and of one read_type ("actual" = read on site or sent by the customer, "estimated" = estimated by us).
    consumption_since_previous is the usage (kWh or m3) since the meter's previous reading; readings are taken on
    the last day of each month, so the reading dated 2026-10-31 holds October's usage."""
    m = _lookup(METERS, meter_id, "meter")
    start = _date(start_date, "start_date") if start_date else None
    end = _date(end_date, "end_date") if end_date else None
    if read_type and read_type not in ("actual", "estimated"):
        raise ValueError("read_type must be actual or estimated")
    return [r for r in _readings(m) if (not start or r.reading_date >= start) and (not end or r.reading_date <= end)
            and (not read_type or r.read_type == read_type)]


def submit_meter_reading(meter_id: str, reading: float, reading_date: str) -> dict:
    """Record a customer's own meter reading (the number on the meter's display, in kWh or m3) taken on
    reading_date (YYYY-MM-DD). The reading must not be lower than the meter's last reading.

    Returns a dict with confirmation_code (quote it to the customer), meter_id, serial_number, reading,
    reading_date, read_type ("actual"), consumption_since_previous and status ("accepted"). Submitting the same
    reading twice returns the first confirmation.
    """
    m = _lookup(METERS, meter_id, "meter")
    date = _date(reading_date, "reading_date")
    value = float(reading)
    code = "MR-" + hashlib.sha1(f"{m['meter_id']}|{value:.3f}|{date}".encode()).hexdigest().upper()[:6]
    if code in SUBMITTED:
        return dict(SUBMITTED[code])
    history = READINGS.setdefault(m["meter_id"], [])
    if history:
        last_date, last_value, _ = history[-1]
        if date <= last_date:
            raise ValueError(f"the meter already has a reading on or after {date} ({last_date})")
        if value < last_value:
            raise ValueError(f"reading {value:g} is lower than the last reading {last_value:g} on {last_date}")
    used = round(value - history[-1][1], 3) if history else None
    history.append((date, value, "actual"))
    SUBMITTED[code] = {"confirmation_code": code, "meter_id": m["meter_id"], "serial_number": m["serial_number"],
                       "reading": value, "unit": m["unit"], "reading_date": date, "read_type": "actual",
                       "consumption_since_previous": used, "status": "accepted"}
    return dict(SUBMITTED[code])


def _bill_lines(b: dict) -> list[dict]:
    days = (datetime.date.fromisoformat(b["period_end"]) - datetime.date.fromisoformat(b["period_start"])).days + 1
    supplies = ADDRESSES[b["address_id"]]["supplies"]
    lines = []
    if "electricity" in supplies:
        lines.append({"description": "Electricity usage", "utility": "electricity", "quantity": b["kwh"],
                      "unit": "kWh", "rate": ELECTRICITY_UNIT_RATE,
                      "amount": round(b["kwh"] * ELECTRICITY_UNIT_RATE, 2)})
        lines.append({"description": "Electricity standing charge", "utility": "electricity", "quantity": days,
                      "unit": "days", "rate": ELECTRICITY_STANDING, "amount": round(days * ELECTRICITY_STANDING, 2)})
    if "water" in supplies:
        lines.append({"description": "Water and sewerage usage", "utility": "water", "quantity": b["m3"],
                      "unit": "m3", "rate": WATER_UNIT_RATE, "amount": round(b["m3"] * WATER_UNIT_RATE, 2)})
        lines.append({"description": "Water standing charge", "utility": "water", "quantity": days, "unit": "days",
                      "rate": WATER_STANDING, "amount": round(days * WATER_STANDING, 2)})
    return lines


def _total(b: dict) -> float:
    return round(sum(line["amount"] for line in _bill_lines(b)), 2)


def list_bills(customer_id: str, status: str | None = None) -> list[BillSummary]:
    """Bills of a customer across all their service addresses, newest first, optionally only one status
    ("paid", "unpaid" or "overdue"). Each summary has the bill id, service address id and street address,
    billing period, issue date, due date, total (GBP) and status; use get_bill for the line items."""
    c = _lookup(CUSTOMERS, customer_id, "customer")
    if status and status not in ("paid", "unpaid", "overdue"):
        raise ValueError("status must be paid, unpaid or overdue")
    rows = [BillSummary(bill_id=b["bill_id"], address_id=b["address_id"], address=ADDRESSES[b["address_id"]]["address"],
                        period_start=b["period_start"], period_end=b["period_end"], issued_on=b["issued_on"],
                        due_date=b["due_date"], total=_total(b), status=b["status"])
            for b in BILLS.values()
            if ADDRESSES[b["address_id"]]["customer_id"] == c["customer_id"] and (not status or b["status"] == status)]
    return sorted(rows, key=lambda r: (r["issued_on"], r["bill_id"]), reverse=True)


def get_bill(bill_id: str) -> dict:
    """One bill in full.

    Returns a dict with bill_id, customer_id, customer_name, address_id, service_address, postcode, period_start,
    period_end, issued_on, due_date, status, paid_on (None if not paid), currency ("GBP"), line_items (each with
    description, utility, quantity, unit, rate and amount) and total.
    """
    b = _lookup(BILLS, bill_id, "bill")
    a = ADDRESSES[b["address_id"]]
    return {"bill_id": b["bill_id"], "customer_id": a["customer_id"],
            "customer_name": CUSTOMERS[a["customer_id"]]["name"],
            "address_id": a["address_id"], "service_address": f"{a['address']}, {a['town']}",
            "postcode": a["postcode"], "period_start": b["period_start"], "period_end": b["period_end"],
            "issued_on": b["issued_on"], "due_date": b["due_date"], "status": b["status"], "paid_on": b["paid_on"],
            "currency": "GBP", "line_items": _bill_lines(b), "total": _total(b)}


def list_outages(town: str | None = None, postcode: str | None = None, utility: str | None = None,
                 status: str | None = None) -> list[dict]:
    """Supply interruptions (power cuts, water outages, low pressure), optionally filtered by town, by a postcode
    in the affected area (full postcode, e.g. "KV4 2HX"), by utility ("electricity" or "water") and by status
    ("active" = happening now, "planned" = scheduled works, "resolved").

    Each outage is a dict with outage_id, utility, town, affected_postcodes, status, started_at,
    estimated_restoration (for resolved outages: when supply came back), cause, customers_affected and
    crew_reference. Times are local, "YYYY-MM-DD HH:MM".
    """
    if utility and utility.strip().lower() not in ("electricity", "water"):
        raise ValueError("utility must be electricity or water")
    if status and status.strip().lower() not in ("active", "planned", "resolved"):
        raise ValueError("status must be active, planned or resolved")
    pc = _norm_postcode(postcode) if postcode else None
    return [dict(o, affected_postcodes=list(o["affected_postcodes"])) for o in OUTAGES
            if (not town or o["town"].lower() == town.strip().lower())
            and (not pc or pc in o["affected_postcodes"])
            and (not utility or o["utility"] == utility.strip().lower())
            and (not status or o["status"] == status.strip().lower())]


def get_payment_plan(customer_id: str) -> PaymentPlan:
    """The debt repayment plan of a customer: plan id, status (active or completed), start date, original debt,
    installment amount and frequency, installments paid of the total, remaining balance and the next installment
    date (None once completed). Raises if the customer has never had a plan."""
    c = _lookup(CUSTOMERS, customer_id, "customer")
    p = PAYMENT_PLANS.get(c["customer_id"])
    if p is None:
        raise LookupError(f"{c['name']} has no payment plan")
    remaining = round(p["original_debt"] - p["installments_paid"] * p["installment_amount"], 2)
    return PaymentPlan(plan_id=p["plan_id"], customer_id=c["customer_id"], customer_name=c["name"], status=p["status"],
                       start_date=p["start_date"], original_debt=p["original_debt"],
                       installment_amount=p["installment_amount"], frequency=p["frequency"],
                       installments_total=p["installments_total"], installments_paid=p["installments_paid"],
                       remaining_balance=remaining, next_installment_date=p["next_installment_date"])


def list_appointments(customer_id: str, status: str | None = None) -> list[Appointment]:
    """Engineer visits booked for a customer (all service addresses), in date order, optionally only one status
    ("scheduled", "completed" or "cancelled"): appointment id, address id, date, time window, purpose, technician
    and status."""
    c = _lookup(CUSTOMERS, customer_id, "customer")
    if status and status not in ("scheduled", "completed", "cancelled"):
        raise ValueError("status must be scheduled, completed or cancelled")
    rows = [Appointment(appointment_id=a["appointment_id"], address_id=a["address_id"], date=a["date"],
                        time_window=a["time_window"], purpose=a["purpose"], technician=a["technician"],
                        status=a["status"])
            for a in APPOINTMENTS if a["customer_id"] == c["customer_id"] and (not status or a["status"] == status)]
    return sorted(rows, key=lambda r: (r["date"], r["appointment_id"]))
