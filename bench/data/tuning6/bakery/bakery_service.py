"""Hollis & Crane Wholesale Bakery API: a small in-memory HTTP service (Python standard library only).

Usage: python bakery_service.py PORT   (serves under /api on 127.0.0.1:PORT)
Deterministic: fixed seed data, no clock, no randomness. The data's "today" is Friday 2027-03-05; deliveries up to
that day are done, later ones are scheduled. Extra-order references are derived from the order's content.
All business names, people, emails, phone numbers, plates and codes are invented. Licence: Apache-2.0.
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

TODAY = datetime.date(2027, 3, 5)
FIRST_DAY = datetime.date(2026, 12, 1)
LAST_DAY = datetime.date(2027, 3, 14)
LOCK = threading.Lock()
ROUTES = []
WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]


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


def matches(query, text):
    tokens = [t for t in re.split(r"[\s,.'\u2019&()/-]+", fold(query)) if t and t not in ("the", "and")]
    low = fold(text)
    return all(t in low for t in tokens)


def lookup(table, key, what):
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


def parse_date(value, name):
    try:
        return datetime.date.fromisoformat(str(value).strip())
    except ValueError:
        raise ApiError(400, f"{name} must be a date YYYY-MM-DD") from None


def page_of(rows, query, default_size):
    page = int_param(query, "page", 1, 1, 1000)
    size = int_param(query, "page_size", default_size, 1, 100)
    first = (page - 1) * size
    return rows[first:first + size], {"page": page, "page_size": size, "total_count": len(rows),
                                      "next_page": page + 1 if first + size < len(rows) else None}


# ------------------------------------------------------------------ seed data
MANAGERS = {
    "BC": {"name": "Bettina Cruz", "email": "b.cruz@holliscrane.example", "phone": "+1-555-0110"},
    "DP": {"name": "Desmond Pike", "email": "d.pike@holliscrane.example", "phone": "+1-555-0111"},
    "FM": {"name": "Fenella Marsh", "email": "fenella.marsh@holliscrane.example", "phone": "+1-555-0112"},
    "FL": {"name": "Fenella Marshall-Lowe", "email": "f.marshall-lowe@holliscrane.example", "phone": "+1-555-0113"},
}

DRIVERS = {d["id"]: d for d in [
    {"id": "D-03", "nm": "Priyanka Sethi", "dep": "Riverside", "tel": "+1-555-0143", "van": "7KDR 214",
     "since": "2021-04-12"},
    {"id": "D-05", "nm": "Callum Rourke", "dep": "North", "tel": "+1-555-0175", "van": "8BLX 902",
     "since": "2019-10-01"},
    {"id": "D-06", "nm": "Colm Rourke", "dep": "Riverside", "tel": "+1-555-0186", "van": "6TWE 377",
     "since": "2023-02-20"},
    {"id": "D-08", "nm": "Ines Albuquerque", "dep": "North", "tel": "+1-555-0128", "van": "9HNP 540",
     "since": "2022-07-18"},
    {"id": "D-11", "nm": "Tobiah Wrenfield", "dep": "Riverside", "tel": "+1-555-0199", "van": "5JQA 661",
     "since": "2026-11-02"},
]}


def _cust(cid, name, email, contact, phone, line1, postcode, manager, window, driver, terms, limit, fee, notes):
    return {"customer_id": cid, "name": name, "email": email,
            "contact": {"name": contact, "phone": phone, "email": email},
            "address": {"line1": line1, "city": "Larkhaven", "postcode": postcode},
            "account_manager": dict(MANAGERS[manager]),
            "delivery": {"window": window, "driver_id": driver, "drop_notes": notes},
            "terms": {"payment_days": terms, "credit_limit": limit, "delivery_fee": fee},
            "account_opened": None}


CUSTOMERS = {c["customer_id"]: c for c in [
    _cust("C-1041", "Juniper & Rye Café", "orders@juniperandrye.example", "Odile Fenwick", "+1-555-0301",
          "14 Quayside Walk", "LK1 2RT", "BC", "05:30-06:30", "D-03", 14, 2500.0, 0.0,
          "Side door on Anchor Lane; key safe code given by phone."),
    _cust("C-1046", "Juniper Rye Deli", "hello@juniperryedeli.example", "Sami Kettunen", "+1-555-0302",
          "3 Market Cross", "LK2 8PD", "DP", "07:00-08:00", "D-03", 14, 800.0, 3.5, "Leave with the florist next door if closed."),
    _cust("C-1042", "The Copper Kettle", "kettle.orders@example.com", "Harriet Oyelaran", "+1-555-0303",
          "88 Tollgate Road", "LK4 1AB", "DP", "06:00-07:00", "D-06", 14, 1500.0, 3.5, "Rear yard, ring bell twice."),
    _cust("C-1057", "Copper Kettle Tearoom", "tearoom@copperkettletea.example", "Lionel Baptiste", "+1-555-0304",
          "2 Abbey Steps", "LK1 9HS", "FM", "06:30-07:30", "D-06", 7, 900.0, 3.5, "Front door; basement steps slippery."),
    _cust("C-1063", "Hotel Marisol", "purchasing@hotelmarisol.example", "Renata Okafor", "+1-555-0305",
          "1 Esplanade", "LK1 0ES", "BC", "04:45-05:30", "D-05", 30, 12000.0, 0.0, "Goods-in bay B, sign with night porter."),
    _cust("C-1064", "Marisol Tapas Bar", "bar@marisoltapas.example", "Joaquín Ferrer", "+1-555-0306",
          "27 Ropewalk", "LK3 5TR", "FL", "10:00-11:00", "D-05", 14, 1200.0, 0.0, "Cellar hatch on Ropewalk."),
    _cust("C-1078", "Birchwood Primary School", "kitchen@birchwood-primary.example", "Gwen Halloran", "+1-555-0307",
          "Birchwood Avenue", "LK6 2BW", "FL", "07:30-08:15", "D-08", 30, 3000.0, 0.0, "Kitchen entrance via staff car park."),
    _cust("C-1085", "Pell & Sons Grocers", "accounts@pellandsons.example", "Ada Pell", "+1-555-0308",
          "140 High Street", "LK2 3HS", "DP", "06:00-07:00", "D-08", 21, 4000.0, 0.0, "Shutter opens at 06:00."),
    _cust("C-1087", "Pell Brothers Provisions", "shop@pellbrothers.example", "Ewan Pell", "+1-555-0309",
          "9 Chapel Row", "LK5 7CR", "FM", "08:00-09:00", "D-08", 14, 600.0, 3.5, "Small shop; deliver through front."),
    _cust("C-1090", "Ostrander Bistro", "chef@ostranderbistro.example", "Milo Ostrander", "+1-555-0310",
          "61 Foundry Yard", "LK4 6FY", "BC", "09:00-10:00", "D-05", 14, 2000.0, 0.0, "Account closed to new orders."),
]}
for _i, _c in enumerate(CUSTOMERS.values()):
    _c["account_opened"] = ["2018-03-01", "2022-09-12", "2016-05-20", "2020-01-06", "2015-11-02", "2021-06-14",
                            "2019-08-26", "2012-02-01", "2024-04-08", "2020-10-19"][_i]


def _prod(sku, name, category, unit, price, case, allergens, shelf, vegan=False):
    return {"sku": sku, "name": name, "category": category, "unit": unit, "unit_price": price, "case_size": case,
            "case_price": round(price * case, 2), "allergens": allergens, "shelf_life": shelf, "vegan": vegan}


PRODUCTS = {p["sku"]: p for p in [
    _prod("BR-101", "Sourdough Boule 800g", "bread", "loaf", 4.2, 6, ["wheat"], "3 days ambient", True),
    _prod("BR-102", "Sourdough Batard 600g", "bread", "loaf", 3.6, 8, ["wheat"], "3 days ambient", True),
    _prod("BR-110", "Seeded Rye Loaf 900g", "bread", "loaf", 4.8, 6, ["wheat", "rye", "sesame"], "5 days ambient", True),
    _prod("BR-111", "Light Rye Loaf 700g", "bread", "loaf", 3.9, 6, ["wheat", "rye"], "4 days ambient", True),
    _prod("BR-120", "Brioche Burger Buns (pack of 6)", "bread", "pack", 4.8, 8, ["wheat", "egg", "milk", "sesame"],
          "4 days ambient, 3 months frozen"),
    _prod("BR-121", "Brioche Loaf 400g", "bread", "loaf", 4.1, 6, ["wheat", "egg", "milk"], "4 days ambient"),
    _prod("BR-130", "Ciabatta Roll", "bread", "each", 0.65, 40, ["wheat"], "2 days ambient, 2 months frozen", True),
    _prod("BR-131", "Ciabatta Loaf 500g", "bread", "loaf", 2.95, 10, ["wheat"], "2 days ambient", True),
    _prod("PS-201", "Butter Croissant", "pastry", "each", 1.15, 60, ["wheat", "milk"], "1 day ambient, 3 months frozen"),
    _prod("PS-202", "Almond Croissant", "pastry", "each", 1.85, 30, ["wheat", "milk", "egg", "almond"], "2 days ambient"),
    _prod("PS-203", "Pain au Chocolat", "pastry", "each", 1.35, 60, ["wheat", "milk", "soya"], "1 day ambient, 3 months frozen"),
    _prod("PS-204", "Almond & Apricot Danish", "pastry", "each", 1.95, 24, ["wheat", "milk", "egg", "almond"], "2 days ambient"),
    _prod("PS-210", "Cardamom Knot", "pastry", "each", 1.7, 24, ["wheat", "milk", "egg"], "2 days ambient"),
    _prod("PS-211", "Cinnamon Knot", "pastry", "each", 1.6, 24, ["wheat", "milk", "egg"], "2 days ambient"),
    _prod("CK-301", "Lemon Drizzle Tray (24 portions)", "cake", "tray", 21.5, 1, ["wheat", "egg", "milk"], "5 days chilled"),
    _prod("CK-302", "Lemon Drizzle Loaf", "cake", "loaf", 7.25, 4, ["wheat", "egg", "milk"], "5 days ambient"),
    _prod("CK-310", "Brown Butter Blondie Tray (24 portions)", "cake", "tray", 23.0, 1, ["wheat", "egg", "milk"],
          "7 days chilled"),
]}


def _so(oid, cid, days, lines, start, end=None, pause=None, status="active"):
    return {"order_id": oid, "customer_id": cid, "days": days, "lines": lines, "start_date": start,
            "end_date": end, "pause": pause, "status": status}


STANDING_ORDERS = {s["order_id"]: s for s in [
    _so("SO-5501", "C-1041", ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat"],
        [("PS-201", 24), ("BR-101", 12), ("PS-210", 12)], "2025-09-01"),
    _so("SO-5502", "C-1041", ["Sun"], [("PS-202", 30), ("PS-203", 20)], "2025-09-07",
        pause={"from": "2027-01-10", "until": "2027-03-27", "resumes_on": "2027-03-28",
               "reason": "Café closed on Sundays for refurbishment"}, status="paused"),
    _so("SO-5505", "C-1046", ["Mon", "Wed", "Fri"], [("BR-110", 8), ("BR-111", 8)], "2022-09-19"),
    _so("SO-5510", "C-1042", ["Tue", "Thu", "Sat"], [("BR-110", 6), ("CK-301", 2), ("PS-211", 30)], "2024-02-06"),
    _so("SO-5511", "C-1057", ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"], [("PS-211", 18), ("CK-302", 3)],
        "2020-01-07"),
    _so("SO-5520", "C-1063", ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"],
        [("PS-201", 60), ("PS-203", 40), ("BR-131", 10)], "2016-01-01"),
    _so("SO-5521", "C-1064", ["Wed", "Thu", "Fri", "Sat", "Sun"], [("BR-130", 30)], "2021-06-16"),
    _so("SO-5530", "C-1078", ["Mon", "Tue", "Wed", "Thu", "Fri"], [("BR-121", 8), ("BR-130", 40)], "2019-09-02"),
    _so("SO-5540", "C-1085", ["Mon", "Wed", "Fri"], [("BR-101", 10), ("BR-111", 24), ("BR-102", 8)], "2012-02-06"),
    _so("SO-5545", "C-1087", ["Sat"], [("BR-101", 6), ("PS-204", 12)], "2024-04-13"),
    _so("SO-5550", "C-1090", ["Tue", "Wed", "Thu", "Fri", "Sat"], [("BR-102", 16), ("BR-120", 4)], "2020-10-20",
        end="2027-01-31", status="ended"),
]}

# exceptions to the generated delivery run: (customer, date) -> changes
EXCEPTIONS = {
    ("C-1063", "2027-01-28"): {"st": "short", "short": {"PS-203": 28}, "note": "Pain au chocolat tray dropped at loading."},
    ("C-1063", "2027-02-06"): {"st": "short", "short": {"PS-201": 45}, "note": "Croissant lamination fault; 15 short."},
    ("C-1063", "2027-02-14"): {"st": "short", "short": {"BR-131": 6}, "note": "Ciabatta over-proved; 4 loaves withheld."},
    ("C-1063", "2027-02-23"): {"drv": "D-08", "note": "Covering for Callum Rourke (vehicle service)."},
    ("C-1063", "2027-02-25"): {"st": "short", "short": {"PS-203": 30}, "note": "Chocolate batons out of stock."},
    ("C-1063", "2027-03-02"): {"st": "short", "short": {"PS-201": 50}, "note": "Oven 2 down for repair."},
    ("C-1064", "2027-02-10"): {"st": "short", "short": {"BR-130": 20}, "note": "Rolls short from the oven."},
    ("C-1085", "2027-02-17"): {"st": "short", "short": {"BR-111": 18}, "drv": "D-05", "sig": "Ada Pell",
                               "note": "Light rye short from the oven; shortfall credited on the invoice."},
    ("C-1085", "2027-01-13"): {"drv": "D-06"},
    ("C-1046", "2027-02-19"): {"st": "failed", "short": {"BR-110": 0, "BR-111": 0}, "sig": None,
                               "note": "Shop closed, neighbour away; bread returned to depot."},
    ("C-1057", "2027-02-24"): {"drv": "D-11", "note": "Relief driver."},
}


def _build_deliveries():
    rows, num = {}, 80001
    day = FIRST_DAY
    order = list(CUSTOMERS)
    while day <= LAST_DAY:
        iso, wd = day.isoformat(), WEEKDAYS[day.weekday()]
        for so in sorted(STANDING_ORDERS.values(), key=lambda s: (order.index(s["customer_id"]), s["order_id"])):
            if wd not in so["days"] or iso < so["start_date"] or (so["end_date"] and iso > so["end_date"]):
                continue
            if so["pause"] and so["pause"]["from"] <= iso <= so["pause"]["until"]:
                continue
            cust = CUSTOMERS[so["customer_id"]]
            exc = EXCEPTIONS.get((cust["customer_id"], iso), {})
            done = day <= TODAY
            start = cust["delivery"]["window"].split("-")[0]
            minutes = int(start[:2]) * 60 + int(start[3:]) + (day.toordinal() * 7 + num) % 41
            items = []
            for sku, qty in so["lines"]:
                got = exc.get("short", {}).get(sku, qty) if done else None
                items.append({"sku": sku, "nm": PRODUCTS[sku]["name"], "q": qty, "dq": got})
            status = exc.get("st", "delivered") if done else "scheduled"
            did = f"DL-{num}"
            rows[did] = {"id": did, "d": iso, "c": cust["customer_id"], "cn": cust["name"],
                         "drv": exc.get("drv", cust["delivery"]["driver_id"]), "so": so["order_id"],
                         "win": cust["delivery"]["window"],
                         "arr": f"{minutes // 60:02d}:{minutes % 60:02d}" if done and status != "failed" else None,
                         "sig": (exc["sig"] if "sig" in exc else cust["contact"]["name"]) if done else None,
                         "st": status, "items": items, "note": exc.get("note", "")}
            num += 1
        day += datetime.timedelta(days=1)
    return rows


DELIVERIES = _build_deliveries()

PAYMENTS = {  # invoice_no -> payments; invoices not listed here for months before Feb 2027 are paid in full
    "INV-2701-1085": [{"date": "2027-02-20", "amount": 500.0, "method": "bank transfer", "ref": "PELL-FEB-20"}],
    "INV-2701-1046": [],
    "INV-2702-1063": [{"date": "2027-03-04", "amount": 2000.0, "method": "bank transfer", "ref": "HM-0304"}],
}


def _build_invoices():
    out = {}
    for period in ("2026-12", "2027-01", "2027-02"):
        y, m = int(period[:4]), int(period[5:])
        end = (datetime.date(y + (m == 12), m % 12 + 1, 1) - datetime.timedelta(days=1))
        issued = end + datetime.timedelta(days=1)
        for cid, cust in CUSTOMERS.items():
            drops = [d for d in DELIVERIES.values() if d["c"] == cid and d["d"].startswith(period)]
            if not drops:
                continue
            qty = {}
            for d in drops:
                for it in d["items"]:
                    qty[it["sku"]] = qty.get(it["sku"], 0) + (it["dq"] or 0)
            lines = [{"sku": sku, "description": PRODUCTS[sku]["name"], "quantity": q,
                      "unit_price": PRODUCTS[sku]["unit_price"], "amount": round(q * PRODUCTS[sku]["unit_price"], 2)}
                     for sku, q in sorted(qty.items()) if q]
            fee = cust["terms"]["delivery_fee"]
            made = [d for d in drops if d["st"] != "failed"]
            if fee:
                lines.append({"sku": None, "description": "Delivery charge", "quantity": len(made),
                              "unit_price": fee, "amount": round(fee * len(made), 2)})
            total = round(sum(line["amount"] for line in lines), 2)
            no = f"INV-{period[2:4]}{period[5:]}-{cid[2:]}"
            if no in PAYMENTS:
                pays = PAYMENTS[no]
            elif period < "2027-02":
                pays = [{"date": (issued + datetime.timedelta(days=cust["terms"]["payment_days"] - 2)).isoformat(),
                         "amount": total, "method": "bank transfer", "ref": f"{cid}-{period}"}]
            else:
                pays = []
            paid = round(sum((p["amount"] for p in pays), 0.0), 2)
            balance = round(total - paid, 2)
            out[no] = {"invoice_no": no, "customer_id": cid, "customer_name": cust["name"], "period": period,
                       "issued": issued.isoformat(),
                       "due": (issued + datetime.timedelta(days=cust["terms"]["payment_days"])).isoformat(),
                       "deliveries": len(made), "lines": lines, "subtotal": total, "tax": 0.0, "total": total,
                       "paid": paid, "balance": balance,
                       "status": "paid" if balance <= 0 else ("partially_paid" if paid else "unpaid"),
                       "payments": pays, "currency": "USD"}
    return out


INVOICES = _build_invoices()
EXTRA_ORDERS = {}


# ------------------------------------------------------------------ routes
def customer_summary(c):
    return {"customer_id": c["customer_id"], "name": c["name"], "email": c["email"], "city": c["address"]["city"]}


@route("GET", "/customers")
def search_customers(params, query, body):
    name, email = (query.get("name") or "").strip(), (query.get("email") or "").strip().lower()
    if not name and not email:
        raise ApiError(400, "give name or email")
    rows = [customer_summary(c) for c in CUSTOMERS.values()
            if (not name or matches(name, c["name"])) and (not email or c["email"] == email)]
    return 200, {"customers": rows, "count": len(rows)}


@route("GET", "/customers/{customer_id}")
def get_customer(params, query, body):
    return 200, lookup(CUSTOMERS, params["customer_id"], "customer")


def so_lines(so):
    return [{"sku": sku, "product_name": PRODUCTS[sku]["name"], "quantity": q} for sku, q in so["lines"]]


@route("GET", "/customers/{customer_id}/standing-orders")
def list_standing_orders(params, query, body):
    c = lookup(CUSTOMERS, params["customer_id"], "customer")
    status = (query.get("status") or "").strip().lower()
    rows = [{"order_id": s["order_id"], "days": s["days"], "status": s["status"], "line_count": len(s["lines"]),
             "start_date": s["start_date"]}
            for s in STANDING_ORDERS.values() if s["customer_id"] == c["customer_id"]
            and (not status or s["status"] == status)]
    return 200, {"customer_id": c["customer_id"], "standing_orders": rows, "count": len(rows)}


@route("GET", "/standing-orders/{order_id}")
def get_standing_order(params, query, body):
    s = lookup(STANDING_ORDERS, params["order_id"], "standing order")
    c = CUSTOMERS[s["customer_id"]]
    value = round(sum(PRODUCTS[sku]["unit_price"] * q for sku, q in s["lines"]), 2)
    return 200, {"order_id": s["order_id"], "customer_id": c["customer_id"], "customer_name": c["name"],
                 "days": s["days"], "status": s["status"], "start_date": s["start_date"], "end_date": s["end_date"],
                 "pause": s["pause"], "delivery_window": c["delivery"]["window"], "lines": so_lines(s),
                 "value_per_drop": value}


@route("GET", "/products")
def search_products(params, query, body):
    q, cat = (query.get("q") or "").strip(), (query.get("category") or "").strip().lower()
    rows = [{"sku": p["sku"], "name": p["name"], "category": p["category"], "unit": p["unit"],
             "unit_price": p["unit_price"]}
            for p in PRODUCTS.values() if (not q or matches(q, p["name"])) and (not cat or p["category"] == cat)]
    items, meta = page_of(rows, query, 10)
    return 200, {"products": items, **meta}


@route("GET", "/products/{sku}")
def get_product(params, query, body):
    return 200, lookup(PRODUCTS, params["sku"], "product")


@route("GET", "/deliveries")
def list_deliveries(params, query, body):
    cid = (query.get("customer_id") or "").strip().upper()
    drv = (query.get("driver_id") or "").strip().upper()
    status = (query.get("status") or "").strip().lower()
    if status and status not in ("delivered", "short", "failed", "scheduled"):
        raise ApiError(400, "status must be delivered, short, failed or scheduled")
    start = parse_date(query["date_from"], "date_from").isoformat() if query.get("date_from") else None
    end = parse_date(query["date_to"], "date_to").isoformat() if query.get("date_to") else None
    rows = [{"delivery_id": d["id"], "date": d["d"], "customer_id": d["c"], "customer_name": d["cn"],
             "driver_id": d["drv"], "standing_order_id": d["so"], "status": d["st"]}
            for d in DELIVERIES.values()
            if (not cid or d["c"] == cid) and (not drv or d["drv"] == drv) and (not status or d["st"] == status)
            and (not start or d["d"] >= start) and (not end or d["d"] <= end)]
    items, meta = page_of(rows, query, 20)
    return 200, {"deliveries": items, **meta}


@route("GET", "/deliveries/{delivery_id}")
def get_delivery(params, query, body):
    return 200, lookup(DELIVERIES, params["delivery_id"], "delivery")


@route("GET", "/drivers")
def list_drivers(params, query, body):
    name, depot = (query.get("name") or "").strip(), (query.get("depot") or "").strip().lower()
    rows = [d for d in DRIVERS.values()
            if (not name or matches(name, d["nm"])) and (not depot or fold(d["dep"]) == fold(depot))]
    return 200, {"drivers": rows, "n": len(rows)}


@route("GET", "/invoices")
def list_invoices(params, query, body):
    cid = (query.get("customer_id") or "").strip().upper()
    if not cid:
        raise ApiError(400, "customer_id is required")
    lookup(CUSTOMERS, cid, "customer")
    period = (query.get("period") or "").strip()
    if period and not re.match(r"^\d{4}-\d{2}$", period):
        raise ApiError(400, "period must be YYYY-MM")
    status = (query.get("status") or "").strip().lower()
    if status and status not in ("paid", "unpaid", "partially_paid", "open"):
        raise ApiError(400, "status must be paid, unpaid, partially_paid or open")
    rows = [i for i in INVOICES.values() if i["customer_id"] == cid and (not period or i["period"] == period)
            and (not status or i["status"] == status or (status == "open" and i["balance"] > 0))]
    rows.sort(key=lambda i: i["period"], reverse=True)
    items = [{k: i[k] for k in ("invoice_no", "period", "issued", "due", "total", "balance", "status")} for i in rows]
    return 200, {"customer_id": cid, "invoices": items, "count": len(items),
                 "balance_due_total": round(sum(i["balance"] for i in rows), 2), "currency": "USD"}


@route("GET", "/invoices/{invoice_no}")
def get_invoice(params, query, body):
    return 200, lookup(INVOICES, params["invoice_no"], "invoice")


@route("POST", "/extra-orders")
def place_extra_order(params, query, body):
    c = lookup(CUSTOMERS, body.get("customer_id") or "", "customer")
    if c["customer_id"] == "C-1090":
        raise ApiError(422, "this account is closed to new orders")
    day = parse_date(body.get("delivery_date") or "", "delivery_date")
    if not TODAY < day <= datetime.date(2027, 3, 31):
        raise ApiError(422, "extra orders can be placed for 2027-03-06 to 2027-03-31")
    raw = body.get("lines")
    if not isinstance(raw, list) or not raw:
        raise ApiError(400, "lines must be a non-empty list of {sku, quantity}")
    qty = {}
    for line in raw:
        if not isinstance(line, dict):
            raise ApiError(400, "each line must be an object {sku, quantity}")
        p = lookup(PRODUCTS, line.get("sku") or "", "product")
        try:
            q = int(line.get("quantity"))
        except (TypeError, ValueError):
            raise ApiError(400, "quantity must be a whole number") from None
        if q < 1:
            raise ApiError(400, "quantity must be at least 1")
        qty[p["sku"]] = qty.get(p["sku"], 0) + q
    key = f"{c['customer_id']}|{day.isoformat()}|" + ";".join(f"{s}x{q}" for s, q in sorted(qty.items()))
    ref = "XO-" + hashlib.sha1(key.encode()).hexdigest()[:6].upper()
    with LOCK:
        if ref in EXTRA_ORDERS:
            return 200, EXTRA_ORDERS[ref]
        lines = [{"sku": s, "product_name": PRODUCTS[s]["name"], "quantity": q,
                  "unit_price": PRODUCTS[s]["unit_price"], "amount": round(q * PRODUCTS[s]["unit_price"], 2)}
                 for s, q in sorted(qty.items())]
        EXTRA_ORDERS[ref] = {"order_ref": ref, "customer_id": c["customer_id"], "customer_name": c["name"],
                             "delivery_date": day.isoformat(), "delivery_window": c["delivery"]["window"],
                             "lines": lines, "total": round(sum(x["amount"] for x in lines), 2),
                             "currency": "USD", "status": "confirmed",
                             "note": " ".join(str(body.get("note") or "").split())}
    return 201, EXTRA_ORDERS[ref]


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
