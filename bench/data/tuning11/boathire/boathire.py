"""Ravensmere Boat Hire: boats, moorings, customers, hires, safety briefings, fuel logs and damage reports.

An in-memory, deterministic module (Python standard library only): fixed seed data, no clock, no randomness.
The data's "today" is Friday 2026-08-14. Damage-report references are derived from the report's content
(SHA-1 prefix), so reporting the same damage twice returns the first report. All names, emails, phone numbers
and places are invented. Licence: Apache-2.0.

Ids: customers ``CU-###``, boats ``B-##``, moorings ``MR-###``, hires ``H-####``, safety briefings ``SB-###``,
damage reports ``DR-####`` (new ones ``DMG-XXXXXX``). Dates are ISO ``YYYY-MM-DD``, times 24-hour ``HH:MM``,
money in GBP.
"""
from __future__ import annotations

import hashlib
import re
import unicodedata
from dataclasses import dataclass
from typing import Optional, TypedDict


class CustomerMatch(TypedDict):
    id: str
    nm: str
    em: str


class BoatRow(TypedDict):
    id: str
    name: str
    kind: str
    cap: int


class MooringRow(TypedDict):
    id: str
    jetty: str
    berth: int
    boat: Optional[str]


class HireRow(TypedDict):
    id: str
    boat: str
    dt: str
    st: str
    amt: float


class BoatHireRow(TypedDict):
    id: str
    dt: str
    hrs: float
    st: str


class HirePage(TypedDict):
    items: list[BoatHireRow]
    total: int
    page: int
    next_page: Optional[int]


class DamageReport(TypedDict):
    id: str
    boat: str
    hire: str
    dt: str
    part: str
    desc: str
    est: float
    st: str


class Rate(TypedDict):
    kind: str
    ph: float
    dep: float
    min_age: int


@dataclass
class Hire:
    """One hire. ``cust`` customer id, ``boat`` boat id, ``dt`` date, ``out``/``back`` times, ``hrs`` hours,
    ``st`` status (booked, out, done, cancelled), ``amt`` price charged, ``dep`` deposit taken, ``sb`` safety
    briefing id (None if no briefing was recorded), ``notes``."""
    id: str
    cust: str
    boat: str
    dt: str
    out: str
    back: str
    hrs: float
    st: str
    amt: float
    dep: float
    sb: Optional[str]
    notes: str = ""


# ------------------------------------------------------------------ seed data
_RATES = {
    "rowing": (14.0, 20.0, 12), "canoe": (12.0, 20.0, 12), "pedalo": (16.0, 20.0, 8),
    "electric": (28.5, 60.0, 16), "motor": (36.5, 120.0, 18), "sail": (30.0, 80.0, 16),
}

_CUSTOMERS = {}
for _id, _nm, _em, _tel, _lvl, _since in [
    ("CU-201", "Ingrid Halvorsen", "ingrid.halvorsen@example.com", "+44 1632 960 601", 1, "2023-06-10"),
    ("CU-202", "Ingrid Halvorson", "ingrid.h@example.com", "+44 1632 960 602", 0, "2025-07-19"),
    ("CU-203", "Marcus Obi", "marcus.obi@example.com", "+44 1632 960 603", 0, "2024-05-02"),
    ("CU-204", "Marcus Obinna-Reed", "m.obinnareed@example.com", "+44 1632 960 604", 2, "2022-08-27"),
    ("CU-205", "Wilhelmina Achebe", "wil.achebe@example.com", "+44 1632 960 605", 1, "2026-05-30"),
    ("CU-206", "Callum Ferrier", "callum.ferrier@example.com", "+44 1632 960 606", 0, "2025-04-12"),
    ("CU-207", "Callum Farrier", "c.farrier@example.com", "+44 1632 960 607", 1, "2024-09-01"),
    ("CU-208", "Hannah Roe", "hannah.roe@example.com", "+44 1632 960 608", 2, "2021-07-03"),
    ("CU-209", "Hannah Rowe", "hannah.rowe@example.com", "+44 1632 960 609", 0, "2026-06-20"),
    ("CU-210", "Priyanka Deshmukh", "priyanka.d@example.com", "+44 1632 960 610", 2, "2023-05-14"),
    ("CU-211", "Tomasina Greenhalgh", "tomasina.g@example.com", "+44 1632 960 611", 0, "2026-08-09"),
    ("CU-212", "Bao Tran Nguyen", "bao.nguyen@example.com", "+44 1632 960 612", 1, "2025-06-28"),
    ("CU-213", "Esperanza Lowther", "esperanza.l@example.com", "+44 1632 960 613", 0, "2026-07-02"),
    ("CU-214", "Rafferty Sneddon", "raff.sneddon@example.com", "+44 1632 960 614", 1, "2024-07-15"),
]:
    _CUSTOMERS[_id] = {"id": _id, "nm": _nm, "em": _em, "tel": _tel, "lvl": _lvl, "since": _since}

_MOORINGS = {}
for _id, _jetty, _berth, _loc, _depth, _sp, _boat in [
    ("MR-101", "North Jetty", 1, "end of the jetty, nearest the fuel pontoon", 1.8, True, "B-05"),
    ("MR-102", "North Jetty", 2, "middle berth, north side", 1.6, True, "B-07"),
    ("MR-103", "North Jetty", 3, "inner berth by the ticket kiosk", 1.4, True, "B-13"),
    ("MR-104", "Boathouse Jetty", 1, "first berth past the boathouse doors", 1.5, True, "B-04"),
    ("MR-105", "Boathouse Jetty", 2, "charging berth A", 1.3, True, "B-01"),
    ("MR-106", "Boathouse Jetty", 3, "charging berth B", 1.3, True, "B-06"),
    ("MR-107", "Boathouse Jetty", 4, "charging berth C, under the canopy", 1.2, True, "B-09"),
    ("MR-108", "Boathouse Jetty", 5, "charging berth D", 1.2, True, "B-14"),
    ("MR-117", "Willow Bay Jetty", 1, "berth 1, facing the café", 0.9, False, "B-03"),
    ("MR-118", "Willow Bay Jetty", 2, "berth 2, beside the slipway", 0.8, False, "B-10"),
    ("MR-119", "Willow Bay Jetty", 3, "berth 3, at the reed bed end", 0.8, False, "B-02"),
    ("MR-120", "Pedalo Beach", 1, "pull-up rack, left", 0.5, False, "B-11"),
    ("MR-121", "Pedalo Beach", 2, "pull-up rack, right", 0.5, False, "B-12"),
    ("MR-125", "Sailing Pontoon", 1, "outer pontoon beyond the buoy line", 2.1, False, "B-08"),
    ("MR-126", "Sailing Pontoon", 2, "outer pontoon, spare", 2.1, False, None),
]:
    _MOORINGS[_id] = {"id": _id, "jetty": _jetty, "berth": _berth, "loc": _loc, "depth": _depth, "sp": _sp,
                      "boat": _boat}

_BOATS = {}
for _id, _name, _kind, _cap, _kw, _fuel, _st, _svc in [
    ("B-01", "Kingfisher", "electric", 6, 4.0, "battery", "ok", "2026-04-02"),
    ("B-02", "Kingfisher II", "rowing", 3, None, None, "ok", "2026-03-18"),
    ("B-03", "Heron", "rowing", 4, None, None, "repair", "2026-03-18"),
    ("B-04", "Grey Heron", "motor", 6, 7.5, "petrol", "ok", "2026-05-06"),
    ("B-05", "Mallard", "motor", 5, 7.5, "petrol", "ok", "2026-05-06"),
    ("B-06", "Marigold", "electric", 8, 6.0, "battery", "ok", "2026-04-09"),
    ("B-07", "Moorhen", "motor", 4, 4.5, "petrol", "ok", "2026-06-01"),
    ("B-08", "Teal", "sail", 3, None, None, "ok", "2026-04-21"),
    ("B-09", "Otter", "electric", 6, 4.0, "battery", "ok", "2026-04-02"),
    ("B-10", "Little Otter", "rowing", 2, None, None, "ok", "2026-03-18"),
    ("B-11", "Damselfly", "pedalo", 4, None, None, "ok", "2026-03-25"),
    ("B-12", "Dragonfly", "pedalo", 4, None, None, "ok", "2026-03-25"),
    ("B-13", "Grebe", "motor", 8, 11.0, "petrol", "ok", "2026-05-13"),
    ("B-14", "Blue-winged Teal", "electric", 4, 3.0, "battery", "ok", "2026-04-09"),
]:
    _mr = next(m["id"] for m in _MOORINGS.values() if m["boat"] == _id)
    _BOATS[_id] = {"id": _id, "name": _name, "kind": _kind, "cap": _cap, "mr": _mr, "kw": _kw, "fuel": _fuel,
                   "st": _st, "svc": _svc}

_BRIEFINGS = {}
for _id, _hire, _by, _dt, _at, _lj, _kc, _notes in [
    ("SB-812", "H-5042", "Declan Moyo-Hart", "2026-05-30", "10:20", 3, None, "first-time hirer; shown the no-go zone by the weir"),
    ("SB-861", "H-5163", "Tamsin Okafor", "2026-07-26", "14:05", 4, None, "returning hirer; short briefing"),
    ("SB-840", "H-5120", "Rhiannon Delacourt", "2026-07-18", "10:45", 7, True, "two children under 12; child jackets issued"),
    ("SB-873", "H-5188", "Tamsin Okafor", "2026-08-02", "12:50", 2, None, "rowing technique demonstrated"),
    ("SB-879", "H-5201", "Declan Moyo-Hart", "2026-08-09", "12:40", 2, None, "sailing experience confirmed"),
    ("SB-890", "H-5240", "Rhiannon Delacourt", "2026-08-14", "09:15", 3, True, ""),
    ("SB-891", "H-5241", "Tamsin Okafor", "2026-08-14", "09:45", 2, True, ""),
]:
    _BRIEFINGS[_id] = {"id": _id, "hire": _hire, "by": _by, "dt": _dt, "at": _at, "lj": _lj, "kc": _kc,
                       "notes": _notes}

_HIRES = {}


def _hire(hid, cust, boat, dt, out, back, st, sb=None, notes=""):
    h, m = map(int, out.split(":"))
    h2, m2 = map(int, back.split(":"))
    hrs = round((h2 * 60 + m2 - h * 60 - m) / 60, 2)
    ph, dep, _ = _RATES[_BOATS[boat]["kind"]]
    _HIRES[hid] = Hire(hid, cust, boat, dt, out, back, hrs, st, round(ph * hrs, 2), dep, sb, notes)


_hire("H-5042", "CU-205", "B-09", "2026-05-30", "10:30", "12:30", "done", "SB-812")
_hire("H-5163", "CU-205", "B-06", "2026-07-26", "14:15", "17:15", "done", "SB-861")
_hire("H-5120", "CU-210", "B-13", "2026-07-18", "11:00", "15:00", "done", "SB-840")
_hire("H-5208", "CU-210", "B-04", "2026-08-11", "10:00", "12:00", "done", None)
_hire("H-5150", "CU-203", "B-10", "2026-07-11", "15:00", "16:00", "done", None)
_hire("H-5188", "CU-203", "B-03", "2026-08-02", "13:00", "15:00", "done", "SB-873", "returned with damaged rowlock")
_hire("H-5189", "CU-204", "B-02", "2026-08-02", "13:30", "14:30", "done", None, "hull scraped at Willow Bay")
_hire("H-5177", "CU-202", "B-11", "2026-07-29", "11:00", "12:00", "done", None)
_hire("H-5231", "CU-202", "B-06", "2026-08-22", "10:00", "13:00", "booked", None)
_hire("H-5224", "CU-201", "B-04", "2026-08-19", "14:00", "16:00", "booked", None)
_hire("H-5219", "CU-201", "B-13", "2026-08-13", "09:00", "11:00", "cancelled", None, "weather")
_hire("H-5240", "CU-208", "B-05", "2026-08-14", "09:30", "13:30", "out", "SB-890")
_hire("H-5241", "CU-209", "B-07", "2026-08-14", "10:00", "12:00", "out", "SB-891")
_hire("H-5201", "CU-211", "B-08", "2026-08-09", "13:00", "16:00", "done", "SB-879")
_hire("H-5202", "CU-212", "B-14", "2026-08-09", "10:00", "12:00", "done", None)
_hire("H-5215", "CU-214", "B-08", "2026-08-12", "11:00", "13:00", "done", None)
_hire("H-5196", "CU-206", "B-12", "2026-08-08", "14:00", "15:00", "done", None)
_hire("H-5197", "CU-207", "B-05", "2026-08-08", "10:00", "12:00", "done", None)
# Kingfisher (B-01): 14 hires in July 2026, one on 30 June and two in August; Kingfisher II (B-02): 6 in July
_FILLER = ["CU-213", "CU-212", "CU-214", "CU-206", "CU-201", "CU-207", "CU-209"]
for _i, (_dt, _out, _back) in enumerate([
    ("2026-06-30", "14:00", "16:00"),
    ("2026-07-02", "10:00", "12:00"), ("2026-07-04", "13:00", "15:00"), ("2026-07-05", "10:00", "11:00"),
    ("2026-07-09", "15:00", "17:00"), ("2026-07-11", "10:00", "13:00"), ("2026-07-12", "14:00", "16:00"),
    ("2026-07-16", "11:00", "12:00"), ("2026-07-18", "10:00", "12:00"), ("2026-07-19", "13:00", "16:00"),
    ("2026-07-23", "10:00", "11:00"), ("2026-07-25", "14:00", "17:00"), ("2026-07-26", "10:00", "12:00"),
    ("2026-07-30", "15:00", "16:00"), ("2026-07-31", "10:00", "12:00"),
    ("2026-08-01", "10:00", "12:00"), ("2026-08-06", "14:00", "15:00"),
]):
    _hire(f"H-60{_i:02d}", _FILLER[_i % len(_FILLER)], "B-01", _dt, _out, _back, "done")
for _i, _dt in enumerate(["2026-07-03", "2026-07-10", "2026-07-14", "2026-07-20", "2026-07-24", "2026-07-28"]):
    _hire(f"H-61{_i:02d}", _FILLER[(_i + 3) % len(_FILLER)], "B-02", _dt, "11:00", "12:00", "done")

_FUEL = []
for _boat, _dt, _l, _by in [
    ("B-07", "2026-06-29", 19.6, "Tamsin Okafor"), ("B-07", "2026-07-04", 21.5, "Declan Moyo-Hart"),
    ("B-07", "2026-07-12", 18.2, "Tamsin Okafor"), ("B-07", "2026-07-21", 24.9, "Rhiannon Delacourt"),
    ("B-07", "2026-07-30", 22.8, "Declan Moyo-Hart"), ("B-07", "2026-08-03", 20.1, "Tamsin Okafor"),
    ("B-05", "2026-07-06", 26.0, "Rhiannon Delacourt"), ("B-05", "2026-07-19", 25.4, "Tamsin Okafor"),
    ("B-05", "2026-08-08", 23.7, "Declan Moyo-Hart"),
    ("B-04", "2026-07-10", 27.3, "Declan Moyo-Hart"), ("B-04", "2026-07-27", 28.1, "Tamsin Okafor"),
    ("B-13", "2026-07-18", 41.6, "Rhiannon Delacourt"), ("B-13", "2026-08-01", 39.9, "Rhiannon Delacourt"),
]:
    _FUEL.append({"boat": _boat, "dt": _dt, "l": _l, "cost": round(_l * 1.62, 2), "by": _by})

_DAMAGE = {}
for _id, _hire_id, _dt, _part, _desc, _est, _st in [
    ("DR-3290", "H-5150", "2026-07-11", "seat", "loose thwart on the bow seat", 40.0, "closed"),
    ("DR-3301", "H-5120", "2026-07-18", "hull", "fender mark on starboard bow, cosmetic", 0.0, "closed"),
    ("DR-3307", "H-5188", "2026-08-02", "oars", "cracked rowlock on the port side; oar blade chipped", 185.0, "open"),
    ("DR-3308", "H-5189", "2026-08-02", "hull", "scratched hull below the waterline", 95.0, "open"),
]:
    _DAMAGE[_id] = {"id": _id, "boat": _HIRES[_hire_id].boat, "hire": _hire_id, "dt": _dt, "part": _part,
                    "desc": _desc, "est": _est, "st": _st}

_PARTS = ("hull", "engine", "propeller", "oars", "rudder", "sail", "canopy", "seat", "battery", "other")


def _fold(text) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", str(text)) if not unicodedata.combining(c)).lower()


def _matches(query: str, text: str) -> bool:
    tokens = [t for t in re.split(r"[\s,.'\u2019\"-]+", _fold(query)) if t and t not in ("s", "the")]
    low = _fold(text)
    return all(t in low for t in tokens)


def _get(table: dict, key: str, what: str) -> dict:
    row = table.get(str(key).strip().upper())
    if row is None:
        raise KeyError(f"no {what} {key!r}")
    return row


# ------------------------------------------------------------------ functions
def find_customers(name: Optional[str] = None, email: Optional[str] = None) -> list[CustomerMatch]:
    """Find customers by name (every word must appear in the name, so "marcus obi" also matches "Marcus
    Obinna-Reed") or by exact email. Returns rows ``{id, nm (name), em (email)}``."""
    rows = []
    for c in _CUSTOMERS.values():
        if name and not _matches(name, c["nm"]):
            continue
        if email and c["em"] != email.strip().lower():
            continue
        rows.append(CustomerMatch(id=c["id"], nm=c["nm"], em=c["em"]))
    return rows


def get_customer(customer_id: str) -> dict:
    """A customer's record: ``nm`` name, ``em`` email, ``tel`` phone, ``lvl`` powerboat qualification (0 none,
    1 RYA Level 1, 2 RYA Level 2), ``since`` first hire date."""
    return dict(_get(_CUSTOMERS, customer_id, "customer"))


def list_boats(kind: Optional[str] = None, name: Optional[str] = None) -> list[BoatRow]:
    """The fleet, optionally filtered by kind (rowing, canoe, pedalo, electric, motor, sail) or by words of the
    boat's name. ``cap`` is the number of people the boat may carry. Where a boat is moored: see get_boat."""
    rows = []
    for b in _BOATS.values():
        if kind and b["kind"] != kind.strip().lower():
            continue
        if name and not _matches(name, b["name"]):
            continue
        rows.append(BoatRow(id=b["id"], name=b["name"], kind=b["kind"], cap=b["cap"]))
    return rows


def get_boat(boat_id: str) -> dict:
    """One boat: ``name``, ``kind``, ``cap`` passengers, ``mr`` home mooring id, ``kw`` motor power in kW (None
    for unpowered boats), ``fuel`` (petrol, battery or None), ``st`` (ok, repair), ``svc`` date of last service."""
    return dict(_get(_BOATS, boat_id, "boat"))


def list_moorings(jetty: Optional[str] = None) -> list[MooringRow]:
    """Moorings (berths) on each jetty with the boat kept there (``boat`` id, None if empty)."""
    return [MooringRow(id=m["id"], jetty=m["jetty"], berth=m["berth"], boat=m["boat"]) for m in _MOORINGS.values()
            if not jetty or _matches(jetty, m["jetty"])]


def get_mooring(mooring_id: str) -> dict:
    """One mooring: ``jetty``, ``berth`` number, ``loc`` where it is, ``depth`` in metres, ``sp`` shore power
    available, ``boat`` id of the boat kept there (None if empty)."""
    return dict(_get(_MOORINGS, mooring_id, "mooring"))


def list_hires(customer_id: str, status: Optional[str] = None) -> list[HireRow]:
    """A customer's hires, oldest first: ``id``, ``boat`` (boat id), ``dt`` date, ``st`` status (booked, out,
    done, cancelled), ``amt`` price. Times and safety briefing: see get_hire."""
    cust = _get(_CUSTOMERS, customer_id, "customer")
    rows = sorted((h for h in _HIRES.values() if h.cust == cust["id"] and (not status or h.st == status.strip().lower())),
                  key=lambda h: (h.dt, h.out))
    return [HireRow(id=h.id, boat=h.boat, dt=h.dt, st=h.st, amt=h.amt) for h in rows]


def list_hires_for_boat(boat_id: str, month: Optional[str] = None, page: int = 1, per_page: int = 10) -> HirePage:
    """Hires of one boat, oldest first, optionally for one month ("YYYY-MM"). Paginated (at most 10 a page):
    ``total`` counts the matching hires over all pages, ``next_page`` is None on the last page. Rows hold only
    ``id``, ``dt``, ``hrs`` and ``st``; who hired: see get_hire."""
    boat = _get(_BOATS, boat_id, "boat")
    if month and not re.fullmatch(r"\d{4}-\d{2}", month.strip()):
        raise ValueError("month must be YYYY-MM")
    page, per_page = max(1, int(page)), max(1, min(10, int(per_page)))
    rows = sorted((h for h in _HIRES.values() if h.boat == boat["id"] and (not month or h.dt.startswith(month.strip()))),
                  key=lambda h: (h.dt, h.out))
    start = (page - 1) * per_page
    items = [BoatHireRow(id=h.id, dt=h.dt, hrs=h.hrs, st=h.st) for h in rows[start:start + per_page]]
    return HirePage(items=items, total=len(rows), page=page,
                    next_page=page + 1 if start + per_page < len(rows) else None)


def get_hire(hire_id: str) -> Hire:
    """One hire with its customer (``cust``), boat, times, price and safety briefing id (``sb``)."""
    h = _HIRES.get(str(hire_id).strip().upper())
    if h is None:
        raise KeyError(f"no hire {hire_id!r}")
    return Hire(**h.__dict__)


def get_safety_briefing(briefing_id: str) -> dict:
    """A safety briefing given before a hire: ``hire`` id, ``by`` staff member who gave it, ``dt`` date, ``at``
    time, ``lj`` number of lifejackets issued, ``kc`` kill cord checked (None for boats without one), ``notes``."""
    return dict(_get(_BRIEFINGS, briefing_id, "safety briefing"))


def list_fuel_logs(boat_id: str, month: Optional[str] = None) -> dict:
    """Refuelling log of a motor boat, optionally for one month ("YYYY-MM"). Returns ``{boat, month, items,
    tot_l, tot_cost}``: each item ``dt``, ``l`` litres of petrol, ``cost`` GBP, ``by`` staff; ``tot_l`` total
    litres and ``tot_cost`` total GBP of the listed items. Electric and unpowered boats have no entries."""
    boat = _get(_BOATS, boat_id, "boat")
    items = [dict(f) for f in _FUEL if f["boat"] == boat["id"] and (not month or f["dt"].startswith(month.strip()))]
    for f in items:
        del f["boat"]
    return {"boat": boat["id"], "month": month, "items": items, "tot_l": round(sum(f["l"] for f in items), 1),
            "tot_cost": round(sum(f["cost"] for f in items), 2)}


def list_damage_reports(boat_id: Optional[str] = None, hire_id: Optional[str] = None,
                        status: Optional[str] = None) -> list[DamageReport]:
    """Damage reports, filtered by boat, hire or status (open, closed). ``est`` is the estimated repair cost
    in GBP, ``part`` the damaged part, ``desc`` what happened."""
    rows = []
    for d in _DAMAGE.values():
        if boat_id and d["boat"] != boat_id.strip().upper():
            continue
        if hire_id and d["hire"] != hire_id.strip().upper():
            continue
        if status and d["st"] != status.strip().lower():
            continue
        rows.append(DamageReport(**d))
    return rows


def get_rates(kind: Optional[str] = None) -> list[Rate]:
    """Hire rates per kind of boat: ``ph`` price per hour (GBP), ``dep`` refundable deposit (GBP), ``min_age``
    minimum age of the person hiring without a qualified adult."""
    return [Rate(kind=k, ph=ph, dep=dep, min_age=age) for k, (ph, dep, age) in _RATES.items()
            if not kind or k == kind.strip().lower()]


def report_damage(hire_id: str, part: str, description: str = "", estimate: float = 0.0) -> dict:
    """Log damage found during or after a hire. ``part`` is one of hull, engine, propeller, oars, rudder, sail,
    canopy, seat, battery, other. Returns the report as a dict: ``id`` its reference (derived from hire and part,
    so reporting the same damage again returns the first report unchanged), ``boat``, ``hire``, ``dt``, ``part``,
    ``desc``, ``est``, ``st`` ("open")."""
    h = _HIRES.get(str(hire_id).strip().upper())
    if h is None:
        raise KeyError(f"no hire {hire_id!r}")
    part = str(part).strip().lower()
    if part not in _PARTS:
        raise ValueError(f"part must be one of {', '.join(_PARTS)}")
    ref = "DMG-" + hashlib.sha1(f"{h.id}|{part}".encode()).hexdigest()[:6].upper()
    if ref not in _DAMAGE:
        _DAMAGE[ref] = {"id": ref, "boat": h.boat, "hire": h.id, "dt": h.dt, "part": part,
                        "desc": str(description).strip(), "est": float(estimate), "st": "open"}
    return dict(_DAMAGE[ref])
