"""Brightwater Commercial Laundry: customers, orders, garments, collection routes, drivers and invoices.

A plain Python module of functions over fixed in-memory data (no clock, no randomness; the data's "today" is
Friday 2027-05-14). Amounts are in GBP. Ids look like CU-301 (customer), OR-60388 (order), GT-88412 (garment tag),
RT-H2 (route), DR-07 (driver), IN-7731 (invoice). All businesses, people, emails, phone numbers, addresses, vans
and codes are invented. Licence: Apache-2.0.
"""
from __future__ import annotations

import datetime as _dt
import hashlib as _hashlib
import re as _re
import unicodedata as _ud
from dataclasses import dataclass, field
from typing import Optional, TypedDict


# ------------------------------------------------------------------ types
class CustomerSummary(TypedDict):
    customer_id: str
    name: str
    kind: str
    area: str
    postcode: str


@dataclass
class OrderSummary:
    order_id: str
    received: str
    status: str
    pieces: int


@dataclass
class OrderPage:
    total: int
    page: int
    page_size: int
    orders: list[OrderSummary] = field(default_factory=list)


@dataclass
class Garment:
    tag: str
    order_id: str
    customer_id: str
    item: str
    label: Optional[str]
    status: str
    note: Optional[str]


class RouteSummary(TypedDict):
    route_id: str
    name: str
    day: str
    area: str
    stop_count: int


class DriverSummary(TypedDict):
    driver_id: str
    name: str
    active: bool


@dataclass
class Driver:
    driver_id: str
    name: str
    mobile: str
    email: str
    van: str
    shift_days: list[str]
    depot: str
    active: bool


class InvoiceSummary(TypedDict):
    invoice_id: str
    issued: str
    period: str
    total_gbp: float
    status: str
    due: str


# ------------------------------------------------------------------ helpers
def _fold(text) -> str:
    return "".join(c for c in _ud.normalize("NFKD", str(text)) if not _ud.combining(c)).lower()


def _words_in(query: str, text: str) -> bool:
    hay = _fold(text).replace("'", "").replace("\u2019", "")
    tokens = [t.strip(",.") for t in _re.split(r"\s+", _fold(query).replace("'", "").replace("\u2019", ""))]
    tokens = [t for t in tokens if t and t != "&"]
    return bool(tokens) and all(t in hay for t in tokens)


def _date(value, name) -> str:
    try:
        return _dt.date.fromisoformat(str(value).strip()).isoformat()
    except ValueError:
        raise ValueError(f"{name} must be a date YYYY-MM-DD, got {value!r}") from None


def _get(table: dict, key, what: str):
    row = table.get(str(key).strip().upper())
    if row is None:
        raise KeyError(f"no {what} {key!r}")
    return row


_DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]


# ------------------------------------------------------------------ seed data
def _cust(cid, name, kind, area, address, postcode, contact, phone, billing_email, plan, routes, opened, terms=30):
    return {"customer_id": cid, "name": name, "kind": kind, "area": area,
            "address": {"street": address, "town": "Brightwater", "postcode": postcode},
            "contact": {"name": contact, "phone": phone},
            "billing": {"email": billing_email, "plan": plan, "terms_days": terms},
            "routes": list(routes), "account_opened": opened}


_CUSTOMERS = {c["customer_id"]: c for c in [
    _cust("CU-301", "The Gilded Heron Hotel", "hotel", "North", "1 Heron Parade", "BW2 3HH", "Mirela Costache",
          "01632 950 301", "linen@gildedheron.example", "Hotel Contract 2027", ["RT-N1"], "2019-03-04"),
    _cust("CU-302", "Gilded Hare Bistro", "restaurant", "North", "18 Warren Street", "BW2 5AR", "Jonty Pellew",
          "01632 950 302", "hello@gildedhare.example", "Hospitality Standard", ["RT-N1", "RT-N2"], "2022-09-12"),
    _cust("CU-305", "Saltmarsh Care Home", "care home", "Harbour", "Saltmarsh Lane", "BW7 1SM", "Grace Adebayo-Lund",
          "01632 950 305", "finance@saltmarshcare.example", "Care Daily", ["RT-H1", "RT-H2"], "2018-06-01"),
    _cust("CU-307", "Pell & Daughters Barbers", "barber", "City", "6 Cutler's Yard", "BW1 2PD", "Rosa Pell",
          "01632 950 307", "rosa@pellbarbers.example", "Small Business", ["RT-C1"], "2023-02-20", 14),
    _cust("CU-310", "Ironbridge Fitness Club", "gym", "City", "Ironbridge Works, Foundry Road", "BW1 8IF",
          "Dev Raichura", "01632 950 310", "accounts@ironbridgefitness.example", "Towel Service Plus", ["RT-C1"],
          "2021-01-11"),
    _cust("CU-311", "Ironbridge Fitness Studio", "gym", "City", "2 Bridge Arcade", "BW1 4BA", "Kerys Maddox",
          "01632 950 311", "studio@ironbridgestudio.example", "Towel Service", ["RT-C1"], "2024-05-06"),
    _cust("CU-315", "Café Marisol", "restaurant", "City", "44 Market Street", "BW1 3CM", "Marisol Ibarra",
          "01632 950 315", "accounts@cafemarisol.example", "Hospitality Flex", ["RT-C1"], "2020-10-19"),
    _cust("CU-316", "Marisol's Tapas Bar", "restaurant", "Harbour", "3 Netloft Quay", "BW7 4TQ", "Iker Ibarra",
          "01632 950 316", "tapas@marisolsbar.example", "Hospitality Standard", ["RT-H1", "RT-H2"], "2023-07-03"),
    _cust("CU-318", "Harbourview Dental Practice", "dental practice", "Harbour", "27 Chandlery Road", "BW7 2HD",
          "Dr Nikolai Ferreira", "01632 950 318", "practice@harbourviewdental.example", "Clinical Garments",
          ["RT-H1"], "2022-03-28"),
    _cust("CU-320", "Ottoline Vance", "individual", "Harbour", "Flat 4, 9 Pilot's Walk", "BW7 3PV", "Ottoline Vance",
          "07700 900 620", "ottoline.vance@example.com", "Pay As You Go", [], "2026-11-02", 0),
    _cust("CU-321", "Ottilie Vance", "individual", "North", "52 Larch Rise", "BW2 9LR", "Ottilie Vance",
          "07700 900 621", "ottilie.vance@example.net", "Pay As You Go", [], "2025-04-14", 0),
    _cust("CU-325", "Larkspur Wedding Hire", "event hire", "Riverside", "Unit 5, Towpath Barns", "BW4 6LW",
          "Beatrix Oduya", "01632 950 325", "bookings@larkspurhire.example", "Events Flex", ["RT-R1"], "2021-08-09"),
]}

_DRIVERS = {d.driver_id: d for d in [
    Driver("DR-04", "Kasimir Obradović", "07700 900 127", "k.obradovic@brightwater-laundry.example", "BW26 XKO",
           ["Wednesday", "Friday", "Saturday"], "Quayside depot", True),
    Driver("DR-07", "Thandiwe Mokoena-Price", "07700 900 305", "t.mokoena-price@brightwater-laundry.example",
           "BW24 TMP", ["Tuesday", "Thursday"], "Quayside depot", True),
    Driver("DR-09", "Elspeth Rowntree", "07700 900 314", "e.rowntree@brightwater-laundry.example", "BW25 ELR",
           ["Monday", "Wednesday"], "Northgate depot", True),
    Driver("DR-11", "Elspeth Roundtree", "07700 900 411", "e.roundtree@brightwater-laundry.example", "BW23 ERT",
           ["Thursday", "Friday"], "Northgate depot", True),
    Driver("DR-12", "Marek Szczepański", "07700 900 512", "m.szczepanski@brightwater-laundry.example", "BW26 MSZ",
           ["Wednesday", "Saturday"], "Northgate depot", True),
    Driver("DR-02", "Kasimir Obradovich", "07700 900 102", "k.obradovich@brightwater-laundry.example", "-",
           [], "Quayside depot", False),
]}


def _route(rid, name, day, area, driver, van, depart, stops):
    return {"route_id": rid, "name": name, "day": day, "area": area, "driver_id": driver, "van": van,
            "depart": depart,
            "stops": [{"seq": i + 1, "customer_id": c, "customer": _CUSTOMERS[c]["name"], "eta": eta,
                       "window": win} for i, (c, eta, win) in enumerate(stops)]}


_ROUTES = {r["route_id"]: r for r in [
    _route("RT-N1", "Northgate Loop", "Monday", "North", "DR-09", "BW25 ELR", "06:45",
           [("CU-301", "07:20", "07:00-08:00"), ("CU-302", "07:55", "07:30-08:30")]),
    _route("RT-N2", "North Hill Loop", "Thursday", "North", "DR-11", "BW23 ERT", "07:00",
           [("CU-302", "07:35", "07:30-08:30")]),
    _route("RT-H1", "Harbour & Quays", "Tuesday", "Harbour", "DR-07", "BW24 TMP", "07:30",
           [("CU-305", "08:05", "08:00-09:00"), ("CU-316", "09:10", "09:00-10:00"),
            ("CU-318", "10:15", "10:00-11:00")]),
    _route("RT-H2", "Harbour & Quays", "Friday", "Harbour", "DR-04", "BW26 XKO", "07:30",
           [("CU-305", "08:10", "08:00-09:00"), ("CU-316", "09:30", "09:00-10:00")]),
    _route("RT-C1", "City Centre", "Wednesday", "City", "DR-12", "BW26 MSZ", "06:30",
           [("CU-310", "06:50", "06:30-07:30"), ("CU-311", "07:05", "06:30-07:30"),
            ("CU-315", "07:40", "07:30-08:30"), ("CU-307", "08:20", "08:00-09:00")]),
    _route("RT-C2", "City Centre", "Saturday", "City", "DR-04", "BW26 XKO", "08:00",
           [("CU-310", "08:20", "08:00-09:00")]),
    _route("RT-R1", "Riverside", "Thursday", "Riverside", "DR-07", "BW24 TMP", "08:30",
           [("CU-325", "09:05", "09:00-10:00")]),
]}

_TODAY = _dt.date(2027, 5, 14)


def _lines_for(cid, day: _dt.date, k: int):
    """Deterministic order lines (itm, qty, svc, tags) for customer cid on day; k is a running counter."""
    if cid == "CU-301":
        pillow = {"2027-05-03": 96}.get(day.isoformat(), 88 + (k * 7) % 26)
        return [("Duvet cover, king", 40 + k % 5, "W/P", []), ("Flat sheet, king", 80 + (k * 3) % 9, "W/P", []),
                ("Pillowcase, housewife", pillow, "W/P", []), ("Bath towel", 150 - (k * 5) % 20, "W", []),
                ("Bath mat", 60 - k % 4, "W", [])]
    if cid == "CU-305":
        return [("Flat sheet, single", 70 + (k * 3) % 11, "W/P", []), ("Pillowcase, housewife", 45 + k % 6, "W/P", []),
                ("Resident clothing (named bags)", 18 + k % 5, "W", []), ("Bath towel", 60 + (k * 2) % 7, "W", [])]
    if cid == "CU-302":
        return [("Tablecloth, square 1.2 m", 24 + k % 4, "W/P", []), ("Napkin, linen", 120 + (k * 4) % 30, "W/P", []),
                ("Apron, bib", 10, "W", [])]
    if cid == "CU-316":
        return [("Napkin, linen", 90 + (k * 3) % 20, "W/P", []), ("Apron, waist", 12, "W", [])]
    if cid == "CU-310":
        return [("Gym towel, white", 300 + (k * 11) % 60, "W", [])]
    if cid == "CU-311":
        return [("Gym towel, grey", 110 + k % 9, "W", [])]
    if cid == "CU-325":
        return [("Round tablecloth, ivory, 3 m", 40, "W/P", []), ("Chair cover, ivory", 120, "W/P", [])]
    if cid == "CU-320":
        return [("Duvet, double (feather)", 1, "W", []), ("Curtains, pair", 2, "DC", [])]
    return [("Towel, hand", 30, "W", [])]


_GARMENTS: dict = {}


def _build_orders():
    plan = []  # (date, customer_id, return route)
    day = _dt.date(2027, 3, 22)
    while day <= _TODAY:
        wd = _DAYS[day.weekday()]
        if wd == "Monday":
            plan.append((day, "CU-301", "RT-N1"))
            plan.append((day, "CU-302", "RT-N1"))
        if wd == "Tuesday":
            plan.append((day, "CU-305", "RT-H1"))
        if wd == "Wednesday":
            plan.append((day, "CU-310", "RT-C1"))
        if wd == "Thursday":
            plan.append((day, "CU-302", "RT-N2"))
        if wd == "Friday":
            plan.append((day, "CU-305", "RT-H2"))
            plan.append((day, "CU-316", "RT-H2"))
        day += _dt.timedelta(days=1)
    for d in ["2027-04-08", "2027-04-14", "2027-04-21", "2027-04-28"]:
        plan.append((_dt.date.fromisoformat(d), "CU-305", None))     # counter drop-offs
    plan += [(_dt.date(2027, 3, 25), "CU-325", "RT-R1"), (_dt.date(2027, 4, 15), "CU-325", "RT-R1"),
             (_dt.date(2027, 5, 13), "CU-325", "RT-R1"), (_dt.date(2027, 5, 5), "CU-311", "RT-C1"),
             (_dt.date(2027, 4, 16), "CU-320", "RT-H2"),
             (_dt.date(2027, 4, 27), "CU-318", "RT-H1"), (_dt.date(2027, 5, 11), "CU-318", "RT-H1"),
             (_dt.date(2027, 4, 28), "CU-315", "RT-C1"), (_dt.date(2027, 5, 5), "CU-315", "RT-C1"),
             (_dt.date(2027, 5, 12), "CU-315", "RT-C1")]
    plan.sort(key=lambda p: (p[0], p[1]))
    orders, tag_no = {}, 88380
    for k, (day, cid, rroute) in enumerate(plan):
        oid = f"OR-{60100 + k * 3}"
        ret_date = day + _dt.timedelta(days=7 if rroute else 2)
        if ret_date <= _TODAY:
            status = "delivered"
        elif day >= _TODAY - _dt.timedelta(days=1):
            status = "in_process"
        else:
            status = "ready"
        lines = [{"itm": i, "qty": q, "svc": s, "tags": t} for i, q, s, t in _lines_for(cid, day, k)]
        notes = None
        if cid in ("CU-318", "CU-315"):
            items = ([("Scrub tunic, navy", 8, "W/P"), ("Scrub trousers, navy", 8, "W/P"),
                      ("Clinic tunic, white", 4, "W/P")] if cid == "CU-318" else
                     [("Chef jacket, white", 6, "W/P"), ("Chef trousers, check", 6, "W/P"),
                      ("Apron, bib", 10, "W")])
            lines = []
            for itm, qty, svc in items:
                tags = []
                for n in range(qty if not itm.startswith("Apron") else 0):
                    tag = f"GT-{tag_no}"
                    tag_no += 1
                    tags.append(tag)
                    label = (["K. Adeyemi-Strand", "L. Okafor", "J. Tremlett", "M. Ibarra", "S. Novak", "T. Haas",
                              "R. Lindahl", "P. Doyle"][n % 8])
                    _GARMENTS[tag] = Garment(tag, oid, cid, itm, label,
                                             "delivered" if status == "delivered" else status, None)
                lines.append({"itm": itm, "qty": qty, "svc": svc, "tags": tags})
        if cid == "CU-320":
            notes = "Feather duvet: low heat tumble only"
        orders[oid] = {"id": oid, "cust": cid, "rcvd": day.isoformat(), "st": status,
                       "ret": {"route": rroute, "date": ret_date.isoformat()}, "lines": lines, "notes": notes}
    return orders


_ORDERS = _build_orders()


def _apply_garment_events():
    """One jacket of Café Marisol's latest order is held back for a stain; its neighbour tag went through."""
    latest = max((o for o in _ORDERS.values() if o["cust"] == "CU-315"), key=lambda o: o["rcvd"])
    jackets = next(line for line in latest["lines"] if line["itm"].startswith("Chef jacket"))
    held = _GARMENTS[jackets["tags"][0]]
    held.status = "on hold"
    held.note = ("Iron-mould stain on left cuff; rust treatment (GBP 4.50) needs the customer's OK before "
                 "we continue")
    latest["st"] = "on_hold"
    latest["notes"] = f"{held.tag} held: stain treatment awaiting approval"
    scrubs = max((o for o in _ORDERS.values() if o["cust"] == "CU-318"), key=lambda o: o["rcvd"])
    torn = _GARMENTS[scrubs["lines"][1]["tags"][2]]
    torn.note = "Split seam on left leg repaired (no charge)"


_apply_garment_events()


def _inv(iid, cid, issued, period, lines, status):
    lines = [{"desc": d, "qty": q, "unit_gbp": u, "amount_gbp": round(q * u, 2)} for d, q, u in lines]
    subtotal = round(sum(x["amount_gbp"] for x in lines), 2)
    vat = round(subtotal * 0.2, 2)
    terms = _CUSTOMERS[cid]["billing"]["terms_days"]
    due = (_dt.date.fromisoformat(issued) + _dt.timedelta(days=terms)).isoformat()
    return {"invoice_id": iid, "customer_id": cid, "issued": issued, "period": period, "due": due,
            "lines": lines, "subtotal_gbp": subtotal, "vat_gbp": vat, "total_gbp": round(subtotal + vat, 2),
            "status": status}


_INVOICES = {i["invoice_id"]: i for i in [
    _inv("IN-7689", "CU-310", "2027-02-28", "2027-02", [("Gym towel, white", 1290, 0.22), ("Robe, waffle", 20, 1.45)], "paid"),
    _inv("IN-7712", "CU-310", "2027-03-31", "2027-03", [("Gym towel, white", 1385, 0.22), ("Robe, waffle", 22, 1.45)], "paid"),
    _inv("IN-7750", "CU-310", "2027-04-30", "2027-04", [("Gym towel, white", 1450, 0.22), ("Robe, waffle", 24, 1.45),
                                                        ("Towel replacement (lost/damaged)", 9, 3.10)], "unpaid"),
    _inv("IN-7751", "CU-311", "2027-04-30", "2027-04", [("Gym towel, grey", 480, 0.24)], "unpaid"),
    _inv("IN-7708", "CU-325", "2027-02-28", "2027-02", [("Round tablecloth, ivory, 3 m", 24, 6.50),
                                                        ("Chair cover, ivory", 80, 1.80)], "paid"),
    _inv("IN-7731", "CU-325", "2027-03-31", "2027-03", [("Round tablecloth, ivory, 3 m", 40, 6.50),
                                                        ("Chair cover, ivory", 120, 1.80),
                                                        ("Table runner, gold", 30, 2.40),
                                                        ("Candle-wax removal surcharge", 1, 85.00)], "paid"),
    _inv("IN-7758", "CU-325", "2027-04-30", "2027-04", [("Round tablecloth, ivory, 3 m", 40, 6.50),
                                                        ("Chair cover, ivory", 120, 1.80)], "unpaid"),
    _inv("IN-7701", "CU-301", "2027-03-31", "2027-03", [("Bed linen (pieces)", 1460, 0.68),
                                                        ("Towelling (pieces)", 840, 0.41)], "paid"),
    _inv("IN-7741", "CU-301", "2027-04-30", "2027-04", [("Bed linen (pieces)", 1322, 0.68),
                                                        ("Towelling (pieces)", 822, 0.41)], "unpaid"),
    _inv("IN-7755", "CU-315", "2027-04-30", "2027-04", [("Chef whites (garments)", 12, 2.95),
                                                        ("Aprons", 10, 0.85)], "unpaid"),
    _inv("IN-7745", "CU-305", "2027-04-30", "2027-04", [("Care linen (pieces)", 2310, 0.52),
                                                        ("Resident clothing (bags)", 270, 1.20)], "paid"),
]}

_BOOKINGS: dict = {}


# ------------------------------------------------------------------ customers
def find_customers(name: str = "", email: str = "") -> list[CustomerSummary]:
    """Find customer accounts by name (every word must appear; accents and apostrophes ignored) or by exact
    billing/contact email. Give at least one of the two."""
    if not name and not email:
        raise ValueError("give name or email")
    out = []
    for c in _CUSTOMERS.values():
        if name and not _words_in(name, c["name"]):
            continue
        if email and email.strip().lower() != c["billing"]["email"]:
            continue
        out.append(CustomerSummary(customer_id=c["customer_id"], name=c["name"], kind=c["kind"], area=c["area"],
                                   postcode=c["address"]["postcode"]))
    return out


def get_customer(customer_id: str) -> dict:
    """Full customer account.

    Returns a dict: customer_id, name, kind, area (service area: North, Harbour, City or Riverside), address
    {street, town, postcode}, contact {name, phone}, billing {email, plan, terms_days}, routes (ids of the regular
    collection routes that call there; empty for pay-as-you-go customers) and account_opened.
    """
    return _get(_CUSTOMERS, customer_id, "customer")


# ------------------------------------------------------------------ orders and garments
def list_orders(customer_id: str = "", status: str = "", received_from: str = "", received_to: str = "",
                page: int = 1, page_size: int = 10) -> OrderPage:
    """Orders (batches of laundry) newest first, filtered by customer, status (received, in_process, on_hold,
    ready, delivered) and received date range (YYYY-MM-DD, inclusive). Paginated: total is the number of
    matching orders, orders holds one page."""
    if customer_id:
        _get(_CUSTOMERS, customer_id, "customer")
    lo = _date(received_from, "received_from") if received_from else None
    hi = _date(received_to, "received_to") if received_to else None
    if page < 1 or not 1 <= page_size <= 50:
        raise ValueError("page must be >= 1 and page_size 1-50")
    rows = [o for o in _ORDERS.values()
            if (not customer_id or o["cust"] == customer_id.strip().upper())
            and (not status or o["st"] == status.strip().lower())
            and (not lo or o["rcvd"] >= lo) and (not hi or o["rcvd"] <= hi)]
    rows.sort(key=lambda o: (o["rcvd"], o["id"]), reverse=True)
    chunk = rows[(page - 1) * page_size: page * page_size]
    return OrderPage(total=len(rows), page=page, page_size=page_size,
                     orders=[OrderSummary(o["id"], o["rcvd"], o["st"], sum(x["qty"] for x in o["lines"]))
                             for o in chunk])


def get_order(order_id: str) -> dict:
    """One order. Keys: id, cust (customer id), rcvd (received), st (status), ret {route, date} (return
    delivery), lines [{itm, qty, svc, tags}], notes. svc: W wash, P press, DC dry clean."""
    return _get(_ORDERS, order_id, "order")


def find_garment(tag: str) -> Garment:
    """Track one tagged garment (uniforms, chef whites, scrubs) by its barcode tag, e.g. GT-88412: the order it
    came in with, whose name label it carries, its current status and any workroom note."""
    return _get(_GARMENTS, tag, "garment tag")


# ------------------------------------------------------------------ routes and drivers
def list_routes(day: str = "", area: str = "") -> list[RouteSummary]:
    """Collection and delivery routes, optionally only those running on a weekday (e.g. 'Tuesday') and/or
    serving an area (North, Harbour, City, Riverside)."""
    want_day = _fold(day).strip().rstrip("s")[:3] if day else ""
    out = []
    for r in _ROUTES.values():
        if want_day and _fold(r["day"])[:3] != want_day:
            continue
        if area and _fold(area).strip() not in _fold(r["area"]):
            continue
        out.append(RouteSummary(route_id=r["route_id"], name=r["name"], day=r["day"], area=r["area"],
                                stop_count=len(r["stops"])))
    return out


def get_route(route_id: str) -> dict:
    """A route: route_id, name, day, area, driver_id, van, depart (time it leaves the depot) and stops in
    calling order [{seq, customer_id, customer, eta, window}]."""
    return _get(_ROUTES, route_id, "route")


def find_drivers(name: str) -> list[DriverSummary]:
    """Drivers whose name contains every word of name (accents ignored)."""
    return [DriverSummary(driver_id=d.driver_id, name=d.name, active=d.active)
            for d in _DRIVERS.values() if _words_in(name, d.name)]


def get_driver(driver_id: str) -> Driver:
    """A driver's record: mobile number, email, van registration, shift days and depot."""
    return _get(_DRIVERS, driver_id, "driver")


# ------------------------------------------------------------------ invoices
def list_invoices(customer_id: str, status: str = "", issued_from: str = "",
                  issued_to: str = "") -> list[InvoiceSummary]:
    """A customer's invoices, newest first, optionally by status (paid, unpaid) and issue date range
    (YYYY-MM-DD, inclusive). Invoices are issued on the last day of the month they cover."""
    cid = _get(_CUSTOMERS, customer_id, "customer")["customer_id"]
    lo = _date(issued_from, "issued_from") if issued_from else None
    hi = _date(issued_to, "issued_to") if issued_to else None
    rows = [i for i in _INVOICES.values() if i["customer_id"] == cid
            and (not status or i["status"] == status.strip().lower())
            and (not lo or i["issued"] >= lo) and (not hi or i["issued"] <= hi)]
    rows.sort(key=lambda i: i["issued"], reverse=True)
    return [InvoiceSummary(invoice_id=i["invoice_id"], issued=i["issued"], period=i["period"],
                           total_gbp=i["total_gbp"], status=i["status"], due=i["due"]) for i in rows]


def get_invoice(invoice_id: str) -> dict:
    """One invoice: invoice_id, customer_id, issued, period, due, lines [{desc, qty, unit_gbp, amount_gbp}],
    subtotal_gbp, vat_gbp, total_gbp and status."""
    return _get(_INVOICES, invoice_id, "invoice")


# ------------------------------------------------------------------ bookings
def schedule_collection(customer_id: str, route_id: str, date: str, bags: int, notes: str = "") -> dict:
    """Book an extra collection for a customer on a route's run on date (YYYY-MM-DD). The route must run on
    that weekday and serve the customer's area. Idempotent: booking the same customer, route, date and number of
    bags again returns the first booking. Returns a dict: booking_ref, customer_id, route_id, date, bags, driver_id,
    window and status."""
    cust = _get(_CUSTOMERS, customer_id, "customer")
    rt = _get(_ROUTES, route_id, "route")
    day = _date(date, "date")
    if not isinstance(bags, int) or not 1 <= bags <= 40:
        raise ValueError("bags must be a whole number from 1 to 40")
    if _DAYS[_dt.date.fromisoformat(day).weekday()] != rt["day"]:
        raise ValueError(f"{rt['route_id']} runs on {rt['day']}s, not on {day}")
    if rt["area"] != cust["area"]:
        raise ValueError(f"{rt['route_id']} serves {rt['area']}, but {cust['name']} is in {cust['area']}")
    if day <= _TODAY.isoformat():
        raise ValueError("collections can only be booked for a future date")
    key = f"{cust['customer_id']}|{rt['route_id']}|{day}|{bags}"
    if key not in _BOOKINGS:
        ref = "COL-" + _hashlib.sha1(key.encode()).hexdigest()[:6].upper()
        _BOOKINGS[key] = {"booking_ref": ref, "customer_id": cust["customer_id"], "route_id": rt["route_id"],
                          "date": day, "bags": bags, "driver_id": rt["driver_id"], "window": "08:00-12:00",
                          "status": "booked", "notes": notes or None}
    return _BOOKINGS[key]
