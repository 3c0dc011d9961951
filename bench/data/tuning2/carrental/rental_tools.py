"""Velocar car rental tools: branches, fleet, customers, rentals, price quotes, reservations and damage reports.

Plain Python functions over fixed, invented seed data (no clock, no randomness). Dates are ISO strings
(YYYY-MM-DD); vehicles are identified by their plate, customers by ids like "CU-310", rentals by "R-880xx".
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from datetime import date
from typing import TypedDict


class Branch(TypedDict):
    branch_id: str
    name: str
    city: str


class VehicleHit(TypedDict):
    plate: str
    model: str
    category: str
    daily_rate: float


@dataclass
class Vehicle:
    plate: str
    model: str
    category: str
    branch_id: str
    mileage_km: int
    fuel: str
    seats: int
    next_service_due: str
    daily_rate: float


@dataclass
class Rental:
    rental_id: str
    customer_id: str
    customer_name: str
    plate: str
    model: str
    pickup_branch_id: str
    return_branch_id: str
    pickup_date: str
    return_date: str
    status: str


_BRANCHES = {b["branch_id"]: b for b in [
    {"branch_id": "BR-LYS-1", "name": "Lyon Part-Dieu", "city": "Lyon",
     "address": "5 Place Charles Beraudier, 69003 Lyon", "phone": "+33 4 55 50 10 01",
     "opening_hours": "Mon-Sat 07:30-20:00"},
    {"branch_id": "BR-LYS-2", "name": "Lyon Saint-Exupery Airport", "city": "Lyon",
     "address": "Terminal 1, 69125 Colombier-Saugnieu", "phone": "+33 4 55 50 10 02",
     "opening_hours": "daily 06:00-23:30"},
    {"branch_id": "BR-MRS-1", "name": "Marseille Vieux-Port", "city": "Marseille",
     "address": "18 Quai du Port, 13002 Marseille", "phone": "+33 4 55 50 20 01",
     "opening_hours": "Mon-Sun 08:00-19:00"},
    {"branch_id": "BR-GVA-1", "name": "Geneve Cornavin", "city": "Geneva",
     "address": "Place de Cornavin 7, 1201 Geneve", "phone": "+41 22 555 30 01",
     "opening_hours": "Mon-Fri 07:00-21:00, Sat-Sun 08:00-18:00"},
]}


def _v(plate, model, category, branch, km, fuel, seats, service, rate):
    return {"plate": plate, "model": model, "category": category, "branch_id": branch, "mileage_km": km,
            "fuel": fuel, "seats": seats, "next_service_due": service, "daily_rate": rate}


_VEHICLES = {v["plate"]: v for v in [
    _v("GH-412-KL", "Renault Zoe", "electric", "BR-LYS-1", 18240, "electric", 5, "2027-06-01", 54.0),
    _v("GH-877-PA", "Peugeot e-208", "electric", "BR-LYS-1", 9120, "electric", 5, "2027-09-15", 58.0),
    _v("FT-301-XB", "Tesla Model 3", "electric", "BR-LYS-1", 33410, "electric", 5, "2027-04-20", 96.0),
    _v("EZ-550-QR", "Toyota Yaris", "compact", "BR-LYS-1", 41200, "hybrid", 5, "2027-05-10", 39.0),
    _v("EZ-551-QR", "Toyota Yaris", "compact", "BR-LYS-1", 38900, "hybrid", 5, "2027-05-10", 39.0),
    _v("HB-120-MN", "Dacia Duster", "suv", "BR-LYS-2", 27650, "diesel", 5, "2027-03-30", 62.0),
    _v("HB-121-MN", "Renault Clio", "compact", "BR-LYS-2", 15300, "petrol", 5, "2027-08-01", 41.0),
    _v("JK-909-ZZ", "Skoda Kodiaq", "suv", "BR-MRS-1", 52310, "diesel", 7, "2027-04-02", 79.0),
    _v("JK-910-ZZ", "Kia Niro EV", "electric", "BR-MRS-1", 21800, "electric", 5, "2027-07-12", 64.0),
    _v("GE-44721", "Volvo XC60", "suv", "BR-GVA-1", 30050, "hybrid", 5, "2027-05-25", 118.0),
]}

_CUSTOMERS = {c["customer_id"]: c for c in [
    {"customer_id": "CU-310", "name": "Claire Moreau", "email": "c.moreau@example.fr", "phone": "+33 6 55 50 03 10",
     "licence_number": "FR-12AB34567", "licence_expires": "2031-02-28"},
    {"customer_id": "CU-311", "name": "Aiko Yamamoto", "email": "aiko.yamamoto@example.jp",
     "phone": "+81 90 5550 0311",
     "licence_number": "JP-3021-88410", "licence_expires": "2028-11-30"},
    {"customer_id": "CU-312", "name": "Henrik Aalto", "email": "henrik.aalto@example.fi", "phone": "+358 40 555 0312",
     "licence_number": "FI-7719203", "licence_expires": "2029-06-14"},
    {"customer_id": "CU-313", "name": "Claire Morel", "email": "claire.morel@example.ch", "phone": "+41 79 555 03 13",
     "licence_number": "CH-AG-554012", "licence_expires": "2030-09-09"},
]}

_RENTALS = {r[0]: dict(zip(("rental_id", "customer_id", "plate", "pickup_branch_id", "return_branch_id",
                            "pickup_date", "return_date", "status"), r)) for r in [
    ("R-88010", "CU-310", "JK-909-ZZ", "BR-MRS-1", "BR-MRS-1", "2026-08-02", "2026-08-09", "completed"),
    ("R-88011", "CU-310", "EZ-550-QR", "BR-LYS-1", "BR-LYS-1", "2027-01-20", "2027-01-22", "reserved"),
    ("R-88012", "CU-312", "FT-301-XB", "BR-LYS-1", "BR-LYS-2", "2026-12-18", "2026-12-21", "completed"),
    ("R-88013", "CU-311", "HB-120-MN", "BR-LYS-2", "BR-LYS-2", "2027-03-08", "2027-03-15", "active"),
    ("R-88014", "CU-311", "GE-44721", "BR-GVA-1", "BR-GVA-1", "2026-10-01", "2026-10-04", "completed"),
    ("R-88015", "CU-313", "HB-121-MN", "BR-LYS-2", "BR-LYS-2", "2027-03-09", "2027-03-12", "active"),
]}
_RESERVATIONS: dict[str, dict] = {}
_DAMAGE: dict[str, dict] = {}


def _words(text: str) -> list[str]:
    return re.sub(r"[^a-z0-9 ]", " ", text.lower()).split()


def _get(table: dict, key: str, what: str) -> dict:
    k = key.strip()
    item = table.get(k) or table.get(k.upper())
    if item is None:
        raise KeyError(f"no {what} {key}")
    return item


def _iso(value: str, what: str) -> date:
    try:
        return date.fromisoformat(value.strip())
    except ValueError:
        raise ValueError(f"{what} must be a date YYYY-MM-DD") from None


def _busy(plate: str, day: str) -> bool:
    return any(r["plate"] == plate and r["status"] in ("active", "reserved")
               and r["pickup_date"] <= day <= r["return_date"]
               for r in list(_RENTALS.values()) + list(_RESERVATIONS.values()))


def list_branches(city: str) -> list[Branch]:
    """Rental branches in a city (e.g. "Lyon", "Marseille", "Geneva")."""
    c = city.strip().lower()
    return [Branch(branch_id=b["branch_id"], name=b["name"], city=b["city"]) for b in _BRANCHES.values()
            if b["city"].lower() == c or (c == "geneve" and b["city"] == "Geneva")]


def get_branch(branch_id: str) -> dict:
    """A branch's details.

    Returns a dict {branch_id, name, city, address, phone, opening_hours}.
    """
    return dict(_get(_BRANCHES, branch_id, "branch"))


def search_vehicles(branch_id: str, category: str | None = None, pickup_date: str | None = None) -> list[VehicleHit]:
    """Vehicles based at a branch, optionally only one category (compact, suv, electric) and only those free
    (not rented or reserved) on `pickup_date` (YYYY-MM-DD)."""
    b = _get(_BRANCHES, branch_id, "branch")
    day = _iso(pickup_date, "pickup_date").isoformat() if pickup_date else None
    return [VehicleHit(plate=v["plate"], model=v["model"], category=v["category"], daily_rate=v["daily_rate"])
            for v in _VEHICLES.values() if v["branch_id"] == b["branch_id"]
            and (not category or v["category"] == category.strip().lower())
            and (not day or not _busy(v["plate"], day))]


def get_vehicle(plate: str) -> Vehicle:
    """A vehicle by plate: model, category, home branch, mileage, fuel, seats, next service date, daily rate."""
    return Vehicle(**_get(_VEHICLES, plate, "vehicle"))


def find_customer(name: str | None = None, email: str | None = None) -> list[dict]:
    """Find customers by words of their name or by exact email.

    Returns a list of dicts {customer_id, name, email}.
    """
    if not name and not email:
        raise ValueError("give name or email")
    words = _words(name or "")
    return [{"customer_id": c["customer_id"], "name": c["name"], "email": c["email"]} for c in _CUSTOMERS.values()
            if all(w in _words(c["name"]) for w in words)
            and (not email or c["email"].lower() == email.strip().lower())]


def get_customer(customer_id: str) -> dict:
    """A customer's record.

    Returns a dict {customer_id, name, email, phone, licence_number, licence_expires} (driving licence on file).
    """
    return dict(_get(_CUSTOMERS, customer_id, "customer"))


def list_rentals(customer_id: str, status: str | None = None) -> dict:
    """A customer's rentals, optionally only one status (reserved, active, completed).

    Returns a dict {customer_id, rentals: [{rental_id, plate, pickup_date, return_date, status}], count}.
    """
    c = _get(_CUSTOMERS, customer_id, "customer")
    rows = [{k: r[k] for k in ("rental_id", "plate", "pickup_date", "return_date", "status")}
            for r in sorted(_RENTALS.values(), key=lambda r: r["pickup_date"])
            if r["customer_id"] == c["customer_id"] and (not status or r["status"] == status.strip().lower())]
    return {"customer_id": c["customer_id"], "rentals": rows, "count": len(rows)}


def get_rental(rental_id: str) -> Rental:
    """A rental: customer, vehicle (plate and model), pick-up and return branches and dates, status."""
    r = _get(_RENTALS, rental_id, "rental")
    return Rental(customer_name=_CUSTOMERS[r["customer_id"]]["name"], model=_VEHICLES[r["plate"]]["model"], **r)


def quote_price(plate: str, days: int) -> dict:
    """Price quote for renting a vehicle for a number of days (7+ days: 10% off; 20% VAT included).

    Returns a dict {plate, model, days, daily_rate, discount, total, currency}.
    """
    v = _get(_VEHICLES, plate, "vehicle")
    if int(days) < 1:
        raise ValueError("days must be at least 1")
    base = v["daily_rate"] * int(days)
    discount = round(base * 0.10, 2) if int(days) >= 7 else 0.0
    total = round((base - discount) * 1.20, 2)
    currency = "CHF" if v["branch_id"] == "BR-GVA-1" else "EUR"
    return {"plate": v["plate"], "model": v["model"], "days": int(days), "daily_rate": v["daily_rate"],
            "discount": discount, "total": f"{total:.2f}", "currency": currency}


def create_reservation(customer_id: str, branch_id: str, category: str, pickup_date: str, return_date: str) -> dict:
    """Reserve a vehicle of a category at a branch for a customer.

    Returns a dict {reservation_code, customer_id, branch_id, category, plate, pickup_date, return_date}.
    """
    c, b = _get(_CUSTOMERS, customer_id, "customer"), _get(_BRANCHES, branch_id, "branch")
    cat = category.strip().lower()
    start, end = _iso(pickup_date, "pickup_date").isoformat(), _iso(return_date, "return_date").isoformat()
    if end <= start:
        raise ValueError("return_date must be after pickup_date")
    key = f"{c['customer_id']}|{b['branch_id']}|{cat}|{start}|{end}"
    code = "RV-" + hashlib.sha1(key.encode()).hexdigest().upper()[:6]
    if code not in _RESERVATIONS:
        free = [v for v in _VEHICLES.values() if v["branch_id"] == b["branch_id"] and v["category"] == cat
                and not _busy(v["plate"], start) and not _busy(v["plate"], end)]
        if not free:
            raise ValueError(f"no {cat} free at {b['name']} for those dates")
        _RESERVATIONS[code] = {"reservation_code": code, "customer_id": c["customer_id"], "branch_id": b["branch_id"],
                               "category": cat, "plate": free[0]["plate"], "pickup_date": start, "return_date": end,
                               "status": "reserved"}
    return dict(_RESERVATIONS[code])


def report_damage(rental_id: str, description: str) -> dict:
    """File a damage report against a rental. Returns a dict {report_number, rental_id, plate, description}."""
    r = _get(_RENTALS, rental_id, "rental")
    text = " ".join(description.split())
    if not text:
        raise ValueError("description is required")
    number = "DR-" + hashlib.sha1(f"{r['rental_id']}|{r['plate']}".encode()).hexdigest().upper()[:6]
    _DAMAGE[number] = {"report_number": number, "rental_id": r["rental_id"], "plate": r["plate"], "description": text}
    return dict(_DAMAGE[number])
