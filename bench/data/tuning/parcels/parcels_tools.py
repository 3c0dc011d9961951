"""Swiftline parcels tools: track shipments, customers and their shipments, delivery estimates, rates, depots,
rescheduling.

Plain functions over fixed in-memory data (no I/O, no randomness, no clock). Tracking numbers look like
"PRC-100231", customer ids like "C-201", depot ids like "D-LDS". Services: "standard" (3 working days),
"two_day" (2 working days) and "overnight" (next working day); deliveries run Monday to Friday.
"""
import datetime as _dt
import hashlib
import re
from typing import TypedDict


class CustomerHit(TypedDict):
    customer_id: str
    name: str
    city: str


class ShipmentSummary(TypedDict):
    tracking_number: str
    service: str
    status: str
    destination_city: str
    shipped_on: str


class Rate(TypedDict):
    service: str
    weight_kg: float
    price: str
    currency: str


CUSTOMERS = {c["customer_id"]: c for c in [
    {"customer_id": "C-201", "name": "Hannah Whitfield", "city": "Leeds", "email": "hannah.w@example.co.uk",
     "phone": "+44 113 496 0112", "address": "14 Kirkstall Road, Leeds LS3 1LH"},
    {"customer_id": "C-202", "name": "Omar Siddiqui", "city": "Manchester", "email": "omar.siddiqui@example.co.uk",
     "phone": "+44 161 496 0178", "address": "3 Ancoats Street, Manchester M4 6DE"},
    {"customer_id": "C-203", "name": "Hannah Cole", "city": "Bristol", "email": "h.cole@example.co.uk",
     "phone": "+44 117 496 0145", "address": "88 Gloucester Road, Bristol BS7 8BN"},
    {"customer_id": "C-204", "name": "Lukas Brandt", "city": "Glasgow", "email": "lukas.brandt@example.co.uk",
     "phone": "+44 141 496 0190", "address": "27 Byres Road, Glasgow G11 5RD"},
]}

DEPOTS = {d["depot_id"]: d for d in [
    {"depot_id": "D-LDS", "name": "Leeds Stourton Hub", "city": "Leeds", "address": "Pontefract Lane, Leeds LS10 1SP",
     "phone": "+44 113 496 0400", "weekday_hours": "07:00-20:00", "saturday_hours": "08:00-14:00"},
    {"depot_id": "D-MAN", "name": "Manchester Trafford Depot", "city": "Manchester",
     "address": "Westinghouse Road, Manchester M17 1PY", "phone": "+44 161 496 0400",
     "weekday_hours": "06:30-21:00", "saturday_hours": "08:00-16:00"},
    {"depot_id": "D-BRS", "name": "Bristol Avonmouth Depot", "city": "Bristol",
     "address": "Kings Weston Lane, Bristol BS11 8AZ", "phone": "+44 117 496 0400",
     "weekday_hours": "07:00-19:00", "saturday_hours": "closed"},
    {"depot_id": "D-GLA", "name": "Glasgow Hillington Depot", "city": "Glasgow",
     "address": "Montrose Avenue, Glasgow G52 4LA", "phone": "+44 141 496 0455",
     "weekday_hours": "07:30-19:30", "saturday_hours": "09:00-13:00"},
    {"depot_id": "D-LON-1", "name": "London Park Royal Depot", "city": "London",
     "address": "Abbey Road, London NW10 7SJ", "phone": "+44 20 7946 0410",
     "weekday_hours": "06:00-22:00", "saturday_hours": "08:00-18:00"},
    {"depot_id": "D-LON-2", "name": "London Bow Depot", "city": "London", "address": "Marshgate Lane, London E15 2NH",
     "phone": "+44 20 7946 0422", "weekday_hours": "06:00-21:00", "saturday_hours": "closed"},
]}


def _s(number, customer, service, status, origin, dest, depot, shipped, eta, weight, events):
    return {"tracking_number": number, "customer_id": customer, "service": service, "status": status,
            "origin_city": origin, "destination_city": dest, "current_depot_id": depot, "shipped_on": shipped,
            "estimated_delivery": eta, "weight_kg": weight,
            "events": [{"date": d, "time": t, "location": loc, "description": desc} for d, t, loc, desc in events]}


SHIPMENTS = {s["tracking_number"]: s for s in [
    _s("PRC-100231", "C-201", "standard", "In transit", "Leeds", "Bristol", "D-BRS", "2026-11-20", "2026-11-25", 4.2,
       [("2026-11-20", "16:05", "Leeds", "Collected from sender"),
        ("2026-11-21", "02:40", "Leeds Stourton Hub", "Departed depot"),
        ("2026-11-23", "05:15", "Bristol Avonmouth Depot", "Arrived at destination depot")]),
    _s("PRC-100245", "C-201", "two_day", "Delivered", "Leeds", "London", None, "2026-11-09", "2026-11-11", 1.1,
       [("2026-11-09", "15:30", "Leeds", "Collected from sender"),
        ("2026-11-11", "11:52", "London", "Delivered, signed by R. PATEL")]),
    _s("PRC-100262", "C-202", "overnight", "Out for delivery", "London", "Manchester", "D-MAN", "2026-11-24",
       "2026-11-25", 0.8,
       [("2026-11-24", "18:10", "London Park Royal Depot", "Collected from sender"),
        ("2026-11-25", "04:30", "Manchester Trafford Depot", "Arrived at destination depot"),
        ("2026-11-25", "07:45", "Manchester", "Out for delivery with driver 14")]),
    _s("PRC-100270", "C-202", "standard", "In transit", "Glasgow", "Manchester", "D-GLA", "2026-11-23", "2026-11-26",
       6.5, [("2026-11-23", "17:20", "Glasgow", "Collected from sender"),
             ("2026-11-24", "01:10", "Glasgow Hillington Depot", "Sorted at origin depot")]),
    _s("PRC-100288", "C-203", "two_day", "Awaiting collection", "Manchester", "Leeds", "D-LDS", "2026-11-19",
       "2026-11-23", 2.3,
       [("2026-11-19", "14:00", "Manchester", "Collected from sender"),
        ("2026-11-21", "12:30", "Leeds", "Delivery attempted, nobody home"),
        ("2026-11-21", "18:00", "Leeds Stourton Hub", "Held at depot for collection")]),
    _s("PRC-100291", "C-204", "standard", "Exception", "Bristol", "Glasgow", "D-GLA", "2026-11-18", "2026-11-23",
       3.0, [("2026-11-18", "10:45", "Bristol", "Collected from sender"),
             ("2026-11-23", "09:05", "Glasgow Hillington Depot", "Address incomplete: flat number missing")]),
]}

RESCHEDULES = {}
SERVICE_DAYS = {"standard": 3, "two_day": 2, "overnight": 1}
PRICING = {"standard": (4.50, 0.80), "two_day": (7.90, 1.10), "overnight": (14.00, 1.60)}


def _fold(text: str) -> str:
    return " ".join(re.split(r"[\s,'’]+", text.lower())).strip()


def _service(service: str) -> str:
    s = re.sub(r"[\s\-]+", "_", service.strip().lower()).replace("2_day", "two_day").replace("2day", "two_day")
    s = {"twoday": "two_day", "next_day": "overnight", "next_day_delivery": "overnight"}.get(s, s)
    if s not in SERVICE_DAYS:
        raise ValueError(f"unknown service {service!r}; services are standard, two_day, overnight")
    return s


def _date(text: str) -> _dt.date:
    try:
        return _dt.date.fromisoformat(text.strip())
    except ValueError:
        raise ValueError(f"date {text!r} must look like YYYY-MM-DD") from None


def _add_working_days(day: _dt.date, n: int) -> _dt.date:
    while n:
        day += _dt.timedelta(days=1)
        if day.weekday() < 5:
            n -= 1
    return day


def _shipment(tracking_number: str) -> dict:
    s = SHIPMENTS.get(tracking_number.strip().upper())
    if s is None:
        raise KeyError(f"no shipment {tracking_number!r}")
    return s


def track_shipment(tracking_number: str) -> dict:
    """Track a shipment by its tracking number (e.g. "PRC-100231").

    Returns a dict: tracking_number, customer_id, service, status (e.g. "In transit", "Out for delivery",
    "Awaiting collection", "Delivered", "Exception"), origin_city, destination_city, current_depot_id (the depot
    holding it, or None), shipped_on, estimated_delivery, weight_kg and events (date, time, location, description),
    oldest first.
    """
    s = _shipment(tracking_number)
    out = dict(s)
    out["events"] = [dict(e) for e in s["events"]]
    if s["tracking_number"] in RESCHEDULES:
        out["estimated_delivery"] = RESCHEDULES[s["tracking_number"]]["new_date"]
    return out


def find_customers(name: str) -> list[CustomerHit]:
    """Find customers whose name contains every word of `name` (case-insensitive), e.g. "hannah" or "Omar Siddiqui"."""
    words = _fold(name).split()
    return [{"customer_id": c["customer_id"], "name": c["name"], "city": c["city"]} for c in CUSTOMERS.values()
            if words and all(w in c["name"].lower() for w in words)]


def get_customer(customer_id: str):
    """A customer's contact details: name, email, phone, city and delivery address."""
    c = CUSTOMERS.get(customer_id.strip().upper())
    if c is None:
        raise KeyError(f"no customer {customer_id!r}; use find_customers")
    return dict(c)


def list_customer_shipments(customer_id: str, status: str | None = None) -> list[ShipmentSummary]:
    """Shipments of a customer (by customer id), newest first, optionally only those with one status
    ("In transit", "Out for delivery", "Awaiting collection", "Delivered", "Exception"; case-insensitive)."""
    c = CUSTOMERS.get(customer_id.strip().upper())
    if c is None:
        raise KeyError(f"no customer {customer_id!r}; use find_customers")
    wanted = _fold(status.replace("_", " ")) if status else None
    rows = [s for s in SHIPMENTS.values() if s["customer_id"] == c["customer_id"]
            and (not wanted or _fold(s["status"]) == wanted)]
    rows.sort(key=lambda s: s["shipped_on"], reverse=True)
    return [{k: s[k] for k in ("tracking_number", "service", "status", "destination_city", "shipped_on")}
            for s in rows]


def estimate_delivery(service: str, ship_date: str):
    """Estimated delivery date for a parcel sent on `ship_date` (YYYY-MM-DD) with a service: "standard",
    "two_day" (two-day) or "overnight". Deliveries happen on working days (Monday-Friday).

    Returns {service, ship_date, estimated_delivery, weekday, working_days}.
    """
    s = _service(service)
    day = _add_working_days(_date(ship_date), SERVICE_DAYS[s])
    return {"service": s, "ship_date": ship_date.strip(), "estimated_delivery": day.isoformat(),
            "weekday": day.strftime("%A"), "working_days": SERVICE_DAYS[s]}


def get_rates(weight_kg: float, service: str | None = None) -> list[Rate]:
    """Shipping prices (GBP) for a parcel of `weight_kg` kilograms, for every service or only one.

    Parcels up to 30 kg; the price is a base fee per service plus a rate per kg.
    """
    if not 0 < float(weight_kg) <= 30:
        raise ValueError("weight_kg must be more than 0 and at most 30")
    services = [_service(service)] if service else list(PRICING)
    return [{"service": s, "weight_kg": float(weight_kg),
             "price": f"{PRICING[s][0] + PRICING[s][1] * float(weight_kg):.2f}", "currency": "GBP"}
            for s in services]


def find_depot(city: str) -> list[dict]:
    """Depots in a city (e.g. "Leeds", "London"): depot_id, name and address of each."""
    wanted = _fold(city)
    return [{"depot_id": d["depot_id"], "name": d["name"], "address": d["address"]} for d in DEPOTS.values()
            if _fold(d["city"]) == wanted]


def get_depot(depot_id: str):
    """A depot's details: name, city, address, phone, weekday_hours and saturday_hours (closed on Sundays)."""
    d = DEPOTS.get(depot_id.strip().upper())
    if d is None:
        raise KeyError(f"no depot {depot_id!r}; use find_depot")
    return dict(d)


def reschedule_delivery(tracking_number: str, new_date: str) -> dict:
    """Move the delivery of a shipment that is not yet delivered to another working day (YYYY-MM-DD).

    Returns {tracking_number, new_date, status, reschedule_ref}. Rescheduling to the same date again returns the
    same reference.
    """
    s = _shipment(tracking_number)
    if s["status"] == "Delivered":
        raise ValueError(f"{s['tracking_number']} was already delivered")
    day = _date(new_date)
    if day.weekday() >= 5:
        raise ValueError(f"{day.isoformat()} is a {day.strftime('%A')}; deliveries run Monday to Friday")
    if day.isoformat() <= s["shipped_on"]:
        raise ValueError("the new date must be after the shipping date")
    ref = "RS-" + hashlib.sha1(f"{s['tracking_number']}|{day.isoformat()}".encode()).hexdigest().upper()[:6]
    RESCHEDULES[s["tracking_number"]] = {"tracking_number": s["tracking_number"], "new_date": day.isoformat(),
                                         "status": "Rescheduled", "reschedule_ref": ref}
    return dict(RESCHEDULES[s["tracking_number"]])
