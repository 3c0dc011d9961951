"""Pemberton & Lusk Bespoke Tailors API: a small in-memory HTTP service (Python standard library only).

Customers, body measurements, fabrics, garment orders, fittings, alteration tickets and tailors of an invented
tailoring shop in Ashgrove. Usage: python tailor_service.py PORT   (serves under /api on 127.0.0.1:PORT)
Deterministic: fixed seed data (the shop's "today" is 2027-04-20), no clock, no randomness; alteration ticket
numbers are derived from the ticket's content. All names, emails, phone numbers, addresses, mills and codes are
invented. Licence: Apache-2.0.
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

TODAY = "2027-04-20"
LOCK = threading.Lock()
ROUTES = []


class ApiError(Exception):
    def __init__(self, status, message):
        super().__init__(message)
        self.status, self.message = status, message


def route(method, pattern):
    regex = re.compile("^/api" + re.sub(r"\{(\w+)\}", r"(?P<\1>[^/]+)", pattern) + "/?$")

    def deco(fn):
        ROUTES.append((method, regex, fn))
        return fn
    return deco


def fold(text):
    return "".join(c for c in unicodedata.normalize("NFKD", str(text)) if not unicodedata.combining(c)).lower()


def matches(query, text):
    words = [w for w in re.split(r"[\s,.'\u2019-]+", fold(query)) if w and w not in ("the", "s")]
    low = fold(text)
    return all(w in low for w in words)


def lookup(table, key, what):
    row = table.get(str(key).strip().upper())
    if row is None:
        raise ApiError(404, f"no {what} {key!r}")
    return row


def int_param(query, name, default, lo, hi):
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


def bool_param(query, name):
    raw = (query.get(name) or "").strip().lower()
    if raw == "":
        return None
    if raw in ("true", "1", "yes"):
        return True
    if raw in ("false", "0", "no"):
        return False
    raise ApiError(400, f"{name} must be true or false")


# ------------------------------------------------------------------ seed data
TAILORS = {t["tailor_id"]: t for t in [
    {"tailor_id": "T-01", "name": "Ambrose Quinlan", "role": "head cutter", "specialties": ["suits", "overcoats"],
     "phone": "(413) 555-0141", "email": "ambrose.quinlan@pemberton-lusk.example", "workroom": "Cutting room, 2nd floor",
     "days": "Mon-Fri"},
    {"tailor_id": "T-02", "name": "Ambrose Quinn", "role": "trouser maker", "specialties": ["trousers", "alterations"],
     "phone": "(413) 555-0146", "email": "ambrose.quinn@pemberton-lusk.example", "workroom": "Back workroom",
     "days": "Tue-Sat"},
    {"tailor_id": "T-03", "name": "Ilse Vandermeer", "role": "coat maker",
     "specialties": ["eveningwear", "bridal", "ladies' tailoring"], "phone": "(413) 555-0152",
     "email": "ilse.vandermeer@pemberton-lusk.example", "workroom": "Fitting suite", "days": "Mon-Thu"},
    {"tailor_id": "T-04", "name": "Rafael Okonjo-Lind", "role": "shirt maker", "specialties": ["shirts"],
     "phone": "(413) 555-0158", "email": "rafael.okonjo-lind@pemberton-lusk.example", "workroom": "Shirt room",
     "days": "Mon-Fri"},
    {"tailor_id": "T-05", "name": "Seo-yeon Park", "role": "alterations lead", "specialties": ["alterations", "waistcoats"],
     "phone": "(413) 555-0163", "email": "seoyeon.park@pemberton-lusk.example", "workroom": "Alterations bench",
     "days": "Wed-Sun"},
]}


def _cust(cid, name, email, phone, street, postcode, since, tailor):
    return {"customer_id": cid, "name": name, "email": email, "phone": phone,
            "address": {"street": street, "city": "Ashgrove", "postcode": postcode},
            "customer_since": since, "preferred_tailor_id": tailor}


CUSTOMERS = {c["customer_id"]: c for c in [
    _cust("C-1041", "Fenella Brightwater", "fenella.brightwater@example.com", "(413) 555-0190", "14 Larkspur Row",
          "AG4 2LR", "2024-05-11", "T-03"),
    _cust("C-1042", "Fenella Bridgewater", "fen.bridgewater@example.net", "(413) 555-0191", "3 Millrace Court",
          "AG2 7MC", "2025-09-02", "T-02"),
    _cust("C-1043", "Augustin Mallory", "augustin.mallory@example.org", "(413) 555-0192", "88 Chapter Street",
          "AG1 3CS", "2019-02-26", "T-01"),
    _cust("C-1044", "Oluwaseun Adebayo-Reid", "seun.ar@example.com", "(413) 555-0193", "Flat 6, 21 Ferrier Quay",
          "AG5 9FQ", "2023-04-17", "T-01"),
    _cust("C-1045", "Hamish Drummond-Keane", "hamish.dk@example.com", "(413) 555-0194", "The Old Forge, Wyeburn Lane",
          "AG8 1WL", "2026-12-04", "T-01"),
    _cust("C-1046", "Hamish Drummond", "hamish.drummond@example.net", "(413) 555-0195", "40 Gannet Road",
          "AG3 6GR", "2021-07-09", "T-02"),
    _cust("C-1047", "Leonie Castellanos", "leonie.castellanos@example.org", "(413) 555-0196", "7 Orrin Terrace",
          "AG2 4OT", "2022-10-30", "T-03"),
    _cust("C-1048", "Thaddeus Okwuosa-Bell", "t.okwuosa-bell@example.com", "(413) 555-0197", "112 Harrowby Avenue",
          "AG6 2HA", "2026-01-15", "T-01"),
    _cust("C-1049", "Margarethe Ellingsworth", "m.ellingsworth@example.net", "(413) 555-0198", "9 Quillon Place",
          "AG1 8QP", "2018-03-03", "T-01"),
    _cust("C-1050", "Ravindra Pillai-Stone", "ravi.pillaistone@example.org", "(413) 555-0199", "55 Tenter Lane",
          "AG7 5TL", "2024-11-21", "T-01"),
    _cust("C-1051", "Corentin Abernathy", "corentin.abernathy@example.com", "(413) 555-0180", "2 Saddler's Yard",
          "AG3 1SY", "2020-06-12", "T-01"),
    _cust("C-1052", "Juno Hartigan", "juno.hartigan@example.net", "(413) 555-0181", "31 Bellfounder Way",
          "AG4 9BW", "2026-08-08", "T-01"),
]}


def _m(on, by, ch, wst, st, sl, ins, nk, sh):
    return {"on": on, "by": by, "ch": ch, "wst": wst, "st": st, "sl": sl, "ins": ins, "nk": nk, "sh": sh}


MEASUREMENTS = {  # newest first; centimetres
    "C-1041": [_m("2027-02-03", "T-03", 88.0, 70.5, 96.0, 59.0, 78.0, 34.0, 38.5)],
    "C-1042": [_m("2025-09-02", "T-02", 92.5, 76.0, 101.0, 60.5, 76.5, 35.0, 39.0)],
    "C-1043": [_m("2026-09-30", "T-01", 104.0, 92.0, 106.5, 64.0, 80.5, 41.0, 46.5),
               _m("2019-02-26", "T-01", 101.5, 88.0, 104.0, 64.0, 80.5, 40.5, 46.0)],
    "C-1044": [_m("2027-01-09", "T-01", 108.0, 90.5, 109.0, 67.5, 86.0, 42.0, 48.5),
               _m("2026-06-14", "T-01", 107.0, 89.0, 108.5, 67.5, 86.0, 42.0, 48.0)],
    "C-1045": [_m("2027-03-05", "T-01", 99.0, 84.5, 100.0, 65.0, 84.0, 39.5, 45.0)],
    "C-1046": [_m("2027-01-02", "T-02", 112.0, 101.0, 114.0, 62.0, 81.5, 43.0, 47.0),
               _m("2024-03-19", "T-02", 109.5, 97.5, 111.0, 62.0, 80.0, 42.5, 46.5)],
    "C-1047": [_m("2027-03-01", "T-03", 91.5, 72.0, 98.5, 60.0, 79.5, 34.5, 39.0),
               _m("2026-08-19", "T-03", 89.5, 71.0, 97.0, 60.0, 79.5, 34.0, 38.5)],
    "C-1048": [_m("2027-02-20", "T-01", 102.0, 86.0, 103.5, 66.0, 83.0, 40.0, 46.0)],
}


def _fab(code, name, kind, colour, composition, gsm, price, stock, mill, town, country, care):
    return {"fabric_code": code, "name": name, "type": kind, "colour": colour, "composition": composition,
            "weight_gsm": gsm, "price_per_m": price, "stock_m": stock,
            "mill": {"name": mill, "town": town, "country": country}, "care": care}


FABRICS = {f["fabric_code"]: f for f in [
    _fab("FB-210", "Harbour Navy Twill", "wool", "navy", "100% wool", 280, 64.5, 18.5, "Hollin Vale Weavers",
         "Hollin Vale", "England", "dry clean only"),
    _fab("FB-211", "Harbour Navy Twill Lightweight", "wool", "navy", "100% wool", 230, 58.0, 31.0,
         "Castellane Tessuti", "Borgo Castellane", "Italy", "dry clean only"),
    _fab("FB-230", "Loden Green Flannel", "wool", "loden green", "90% wool, 10% cashmere", 340, 79.0, 6.2,
         "Brackenmoor Mill", "Brackenmoor", "Scotland", "dry clean only; brush after wear"),
    _fab("FB-231", "Loden Flannel Heather", "wool", "heather green", "100% wool", 320, 61.0, 12.0,
         "Brackenmoor Mill", "Brackenmoor", "Scotland", "dry clean only"),
    _fab("FB-240", "Oatmeal Irish Linen", "linen", "oatmeal", "100% linen", 260, 42.0, 22.0, "Dunmore Flax Co.",
         "Dunmore", "Ireland", "cool wash or dry clean"),
    _fab("FB-241", "Chalk White Linen", "linen", "chalk white", "100% linen", 240, 39.5, 0.0, "Dunmore Flax Co.",
         "Dunmore", "Ireland", "cool wash or dry clean"),
    _fab("FB-242", "Sandstone Linen-Cotton", "linen", "sandstone", "55% linen, 45% cotton", 220, 36.0, 9.5,
         "Castellane Tessuti", "Borgo Castellane", "Italy", "cool wash"),
    _fab("FB-250", "Midnight Barathea", "wool", "midnight blue", "100% wool barathea", 300, 88.0, 14.0,
         "Hollin Vale Weavers", "Hollin Vale", "England", "dry clean only"),
    _fab("FB-260", "Sea Island Poplin", "cotton", "white", "100% Sea Island cotton", 110, 54.0, 40.0,
         "Kestle & Moor", "Ashgrove", "USA", "machine wash 40C"),
    _fab("FB-270", "Thornbury Tweed", "tweed", "brown herringbone", "100% wool", 430, 72.0, 3.5,
         "Brackenmoor Mill", "Brackenmoor", "Scotland", "dry clean only"),
    _fab("FB-280", "Ivory Silk Dupion", "silk", "ivory", "100% silk", 120, 96.0, 11.0, "Maison Ferrand",
         "Ferrand-sur-Lys", "France", "dry clean only"),
]}


def _g(order_id, n, item, fabric, price):
    return {"garment_id": f"{order_id}-{n}", "item": item, "fabric_code": fabric,
            "fabric_name": FABRICS[fabric]["name"], "price": price}


def _order(oid, cust, placed, desc, status, tailor, due, garments, deposit):
    gs = [_g(oid, i + 1, *g) for i, g in enumerate(garments)]
    total = round(sum(g["price"] for g in gs), 2)
    return {"order_id": oid, "customer_id": cust, "placed": placed, "description": desc, "status": status,
            "tailor_id": tailor, "due": due, "garments": gs, "total": total, "deposit": deposit,
            "balance": round(total - deposit, 2), "currency": "USD"}


ORDERS = {o["order_id"]: o for o in [
    _order("O-56011", "C-1044", "2026-06-14", "Two-piece lounge suit", "collected", "T-01", "2026-09-10",
           [("suit jacket", "FB-210", 1650.0), ("suit trousers", "FB-210", 800.0)], 2450.0),
    _order("O-56520", "C-1047", "2026-08-19", "Linen summer jacket", "collected", "T-03", "2026-10-02",
           [("jacket", "FB-240", 1180.0)], 1180.0),
    _order("O-56770", "C-1043", "2026-09-30", "Tweed hacking jacket", "collected", "T-01", "2026-12-01",
           [("hacking jacket", "FB-270", 1720.0)], 1720.0),
    _order("O-57190", "C-1047", "2026-11-04", "Evening waistcoat and wide-leg trousers", "collected", "T-03",
           "2027-01-15", [("waistcoat", "FB-250", 690.0), ("wide-leg trousers", "FB-250", 840.0)], 1530.0),
    _order("O-57330", "C-1046", "2027-01-02", "Flannel trousers, two pairs", "cutting", "T-02", "2027-05-07",
           [("trousers", "FB-231", 760.0), ("trousers", "FB-231", 760.0)], 760.0),
    _order("O-57402", "C-1044", "2027-01-09", "Double-breasted overcoat", "cutting", "T-01", "2027-05-20",
           [("overcoat", "FB-230", 2890.0)], 1000.0),
    _order("O-57655", "C-1041", "2027-02-03", "Bridal jacket and skirt", "basted", "T-03", "2027-05-21",
           [("bridal jacket", "FB-280", 1940.0), ("skirt", "FB-280", 1260.0)], 1600.0),
    _order("O-57702", "C-1041", "2027-02-13", "Linen shirts, two", "ready", "T-04", "2027-04-16",
           [("shirt", "FB-240", 340.0), ("shirt", "FB-242", 320.0)], 660.0),
    _order("O-57980", "C-1045", "2027-03-05", "Wedding morning suit", "cutting", "T-01", "2027-06-11",
           [("morning coat", "FB-250", 2100.0), ("waistcoat", "FB-280", 640.0), ("trousers", "FB-250", 820.0)],
           1800.0),
    _order("O-58051", "C-1049", "2027-03-08", "Navy blazer", "cutting", "T-01", "2027-05-28",
           [("blazer", "FB-211", 1490.0)], 700.0),
    _order("O-58077", "C-1050", "2027-03-10", "Charcoal two-piece suit", "cutting", "T-01", "2027-06-04",
           [("suit jacket", "FB-211", 1600.0), ("suit trousers", "FB-211", 780.0)], 1200.0),
    _order("O-58102", "C-1051", "2027-03-12", "Covert coat", "cutting", "T-01", "2027-06-18",
           [("covert coat", "FB-231", 2300.0)], 1000.0),
    _order("O-58130", "C-1052", "2027-03-15", "Dinner suit", "cutting", "T-01", "2027-06-25",
           [("dinner jacket", "FB-250", 1850.0), ("dress trousers", "FB-250", 820.0)], 1300.0),
    _order("O-58140", "C-1042", "2027-03-16", "Cropped linen trousers", "cutting", "T-02", "2027-05-14",
           [("cropped trousers", "FB-242", 690.0)], 300.0),
    _order("O-58166", "C-1043", "2027-03-18", "Flannel two-piece suit", "cutting", "T-01", "2027-07-02",
           [("suit jacket", "FB-231", 1620.0), ("suit trousers", "FB-231", 780.0)], 1200.0),
    _order("O-58190", "C-1049", "2027-03-22", "Summer linen suit", "measuring", "T-01", "2027-07-09",
           [("suit jacket", "FB-240", 1380.0), ("suit trousers", "FB-240", 640.0)], 500.0),
    _order("O-58213", "C-1048", "2027-02-20", "Three-piece suit", "finishing", "T-01", "2027-04-30",
           [("suit jacket", "FB-210", 1650.0), ("waistcoat", "FB-210", 520.0), ("suit trousers", "FB-210", 800.0)],
           1500.0),
    _order("O-58400", "C-1047", "2027-03-01", "Evening gown", "fitting", "T-03", "2027-05-28",
           [("evening gown", "FB-280", 2650.0)], 1300.0),
]}


def _f(fid, kind, date, time, tailor, status, outcome, notes):
    return {"fitting_id": fid, "kind": kind, "date": date, "time": time, "tailor_id": tailor,
            "tailor_name": TAILORS[tailor]["name"], "status": status, "outcome": outcome, "notes": notes}


FITTINGS = {
    "O-56011": [_f("F-9011", "baste", "2026-07-20", "10:00", "T-01", "done", "approved with changes",
                   "Let out seat 1 cm."),
                _f("F-9040", "final", "2026-09-03", "11:30", "T-01", "done", "approved", "")],
    "O-57190": [_f("F-9188", "baste", "2026-12-02", "15:00", "T-03", "done", "approved", ""),
                _f("F-9230", "final", "2027-01-12", "14:00", "T-03", "done", "approved", "Trouser waist sits well.")],
    "O-57655": [_f("F-9310", "final", "2027-05-06", "14:30", "T-03", "scheduled", None, ""),
                _f("F-9262", "baste", "2027-03-18", "10:00", "T-03", "done", "approved with changes",
                   "Raise the jacket waist 1 cm; skirt length good."),
                _f("F-9301", "forward", "2027-04-15", "16:00", "T-05", "done", "approved",
                   "Sleeve pitch corrected.")],
    "O-57702": [_f("F-9290", "final", "2027-04-02", "09:30", "T-04", "done", "approved", "")],
    "O-58213": [_f("F-9270", "baste", "2027-03-20", "12:00", "T-01", "done", "approved with changes",
                   "Shorten waistcoat 0.5 cm."),
                _f("F-9320", "final", "2027-04-27", "17:00", "T-01", "scheduled", None, "")],
    "O-58400": [_f("F-9285", "baste", "2027-03-29", "11:00", "T-05", "done", "approved with changes",
                   "Take in the bodice 0.5 cm each side; Ilse away, fitted by Seo-yeon."),
                _f("F-9335", "forward", "2027-04-26", "15:00", "T-03", "scheduled", None, ""),
                _f("F-9362", "final", "2027-05-19", "15:00", "T-03", "scheduled", None, "")],
}

ALTERATION_TYPES = {"take_in_waist": 36.0, "let_out_waist": 38.0, "shorten_sleeves": 45.0,
                    "lengthen_sleeves": 55.0, "shorten_hem": 30.0, "taper_legs": 42.0, "adjust_shoulders": 85.0,
                    "other": 50.0}


def _alt(tid, cust, order, garment, gdesc, kind, cm, work, status, tailor, opened, due):
    return {"ticket_id": tid, "customer_id": cust, "order_id": order, "garment_id": garment, "garment": gdesc,
            "type": kind, "amount_cm": cm, "work": work, "status": status, "tailor_id": tailor, "opened": opened,
            "due": due, "price": ALTERATION_TYPES[kind], "currency": "USD"}


ALTERATIONS = {a["ticket_id"]: a for a in [
    _alt("ALT-3120", "C-1043", "O-56770", "O-56770-1", "hacking jacket", "let_out_waist", 2.0,
         "Let out the jacket waist 2 cm", "done", "T-02", "2026-12-01", "2026-12-10"),
    _alt("ALT-3190", "C-1042", None, None, "jeans (not made here)", "taper_legs", 3.0,
         "Taper both legs 3 cm from the knee", "done", "T-02", "2027-01-22", "2027-02-01"),
    _alt("ALT-3270", "C-1046", None, None, "wool trousers (not made here)", "let_out_waist", 3.0,
         "Let out the waist 3 cm, re-set the hook", "in_progress", "T-02", "2027-04-09", "2027-04-23"),
    _alt("ALT-3288", "C-1042", None, None, "wool coat (not made here)", "shorten_hem", 4.0,
         "Shorten the coat hem 4 cm, keep the vent", "open", "T-05", "2027-04-12", "2027-04-26"),
    _alt("ALT-3295", "C-1041", "O-57702", "O-57702-1", "shirt", "shorten_sleeves", 1.0,
         "Shorten both shirt sleeves 1 cm", "open", "T-02", "2027-04-16", "2027-04-24"),
    _alt("ALT-3301", "C-1043", "O-56770", "O-56770-1", "hacking jacket", "shorten_sleeves", 1.5,
         "Shorten both sleeves by 1.5 cm, keep the working cuff buttons", "open", "T-05", "2027-04-14",
         "2027-04-28"),
]}
NEW_TICKETS = {}


# ------------------------------------------------------------------ routes
@route("GET", "/customers")
def search_customers(params, query, body):
    name, email = (query.get("name") or "").strip(), (query.get("email") or "").strip().lower()
    if not (name or email):
        raise ApiError(400, "give name or email")
    rows = [{k: c[k] for k in ("customer_id", "name", "email", "customer_since")} for c in CUSTOMERS.values()
            if (not email or c["email"] == email) and (not name or matches(name, c["name"]))]
    return 200, {"customers": rows, "count": len(rows)}


@route("GET", "/customers/{customer_id}")
def get_customer(params, query, body):
    c = lookup(CUSTOMERS, params["customer_id"], "customer")
    t = TAILORS[c["preferred_tailor_id"]]
    return 200, {**c, "preferred_tailor": {"tailor_id": t["tailor_id"], "name": t["name"]},
                 "order_count": sum(1 for o in ORDERS.values() if o["customer_id"] == c["customer_id"])}


@route("GET", "/customers/{customer_id}/measurements")
def get_measurements(params, query, body):
    c = lookup(CUSTOMERS, params["customer_id"], "customer")
    return 200, {"customer_id": c["customer_id"], "unit": "cm", "sets": MEASUREMENTS.get(c["customer_id"], [])}


@route("GET", "/fabrics")
def search_fabrics(params, query, body):
    q, kind = (query.get("q") or "").strip(), (query.get("type") or "").strip().lower()
    in_stock = bool_param(query, "in_stock")
    rows = [{"fabric_code": f["fabric_code"], "name": f["name"], "type": f["type"], "colour": f["colour"],
             "price_per_m": f["price_per_m"], "in_stock": f["stock_m"] > 0}
            for f in FABRICS.values()
            if (not q or matches(q, f["name"] + " " + f["colour"])) and (not kind or f["type"] == kind)
            and (in_stock is None or (f["stock_m"] > 0) == in_stock)]
    return 200, {"fabrics": rows, "count": len(rows)}


@route("GET", "/fabrics/{fabric_code}")
def get_fabric(params, query, body):
    return 200, dict(lookup(FABRICS, params["fabric_code"], "fabric"))


@route("GET", "/orders")
def list_orders(params, query, body):
    cust, tailor = (query.get("customer_id") or "").strip().upper(), (query.get("tailor_id") or "").strip().upper()
    status = (query.get("status") or "").strip().lower()
    start = date_param(query["placed_from"], "placed_from") if query.get("placed_from") else None
    end = date_param(query["placed_to"], "placed_to") if query.get("placed_to") else None
    sort = query.get("sort") or "placed_asc"
    if sort not in ("placed_asc", "placed_desc"):
        raise ApiError(400, "sort must be placed_asc or placed_desc")
    page, size = int_param(query, "page", 1, 1, 1000), int_param(query, "page_size", 5, 1, 25)
    rows = [o for o in ORDERS.values() if (not cust or o["customer_id"] == cust)
            and (not tailor or o["tailor_id"] == tailor) and (not status or o["status"] == status)
            and (not start or o["placed"] >= start) and (not end or o["placed"] <= end)]
    rows.sort(key=lambda o: (o["placed"], o["order_id"]), reverse=sort == "placed_desc")
    first = (page - 1) * size
    items = [{"order_id": o["order_id"], "customer_id": o["customer_id"],
              "customer_name": CUSTOMERS[o["customer_id"]]["name"], "placed": o["placed"],
              "description": o["description"], "status": o["status"], "tailor_id": o["tailor_id"],
              "due": o["due"], "total": o["total"]} for o in rows[first:first + size]]
    return 200, {"orders": items, "page": page, "page_size": size, "total_count": len(rows),
                 "next_page": page + 1 if first + size < len(rows) else None}


@route("GET", "/orders/{order_id}")
def get_order(params, query, body):
    o = lookup(ORDERS, params["order_id"], "order")
    c, t = CUSTOMERS[o["customer_id"]], TAILORS[o["tailor_id"]]
    out = {k: v for k, v in o.items() if k not in ("customer_id", "tailor_id")}
    out["customer"] = {"customer_id": c["customer_id"], "name": c["name"]}
    out["tailor"] = {"tailor_id": t["tailor_id"], "name": t["name"]}
    out["garments"] = [dict(g) for g in o["garments"]]
    return 200, out


@route("GET", "/orders/{order_id}/fittings")
def list_order_fittings(params, query, body):
    o = lookup(ORDERS, params["order_id"], "order")
    rows = [dict(f) for f in FITTINGS.get(o["order_id"], [])]
    return 200, {"order_id": o["order_id"], "fittings": rows, "count": len(rows)}


@route("GET", "/alterations")
def list_alterations(params, query, body):
    cust, tailor = (query.get("customer_id") or "").strip().upper(), (query.get("tailor_id") or "").strip().upper()
    status = (query.get("status") or "").strip().lower()
    if status and status not in ("open", "in_progress", "done"):
        raise ApiError(400, "status must be open, in_progress or done")
    with LOCK:
        everything = list(ALTERATIONS.values()) + list(NEW_TICKETS.values())
    rows = [dict(a) for a in everything if (not cust or a["customer_id"] == cust)
            and (not tailor or a["tailor_id"] == tailor) and (not status or a["status"] == status)]
    rows.sort(key=lambda a: a["opened"], reverse=True)
    return 200, {"tickets": rows, "count": len(rows)}


@route("POST", "/alterations")
def create_alteration(params, query, body):
    for field in ("customer_id", "order_id", "garment_id", "type", "amount_cm"):
        if str(body.get(field) if body.get(field) is not None else "").strip() == "":
            raise ApiError(400, f"field '{field}' is required")
    c = lookup(CUSTOMERS, body["customer_id"], "customer")
    o = lookup(ORDERS, body["order_id"], "order")
    if o["customer_id"] != c["customer_id"]:
        raise ApiError(422, f"order {o['order_id']} is not {c['name']}'s")
    gid = str(body["garment_id"]).strip().upper()
    garment = next((g for g in o["garments"] if g["garment_id"] == gid), None)
    if garment is None:
        raise ApiError(422, f"order {o['order_id']} has no garment {gid}; see GET /orders/{{order_id}}")
    kind = str(body["type"]).strip().lower()
    if kind not in ALTERATION_TYPES:
        raise ApiError(400, f"type must be one of {', '.join(ALTERATION_TYPES)}")
    try:
        cm = round(float(body["amount_cm"]), 1)
    except (TypeError, ValueError):
        raise ApiError(400, "amount_cm must be a number") from None
    if not 0 < cm <= 15:
        raise ApiError(422, "amount_cm must be between 0 and 15")
    ticket = "ALT-" + hashlib.sha1(f"{c['customer_id']}|{gid}|{kind}|{cm:.1f}".encode()).hexdigest().upper()[:6]
    with LOCK:
        if ticket in NEW_TICKETS:
            return 200, NEW_TICKETS[ticket]
        work = " ".join(str(body.get("notes") or "").split()) or f"{kind.replace('_', ' ')} {cm:g} cm"
        NEW_TICKETS[ticket] = _alt(ticket, c["customer_id"], o["order_id"], gid, garment["item"], kind, cm, work,
                                   "open", "T-05", TODAY, "2027-05-04")
    return 201, NEW_TICKETS[ticket]


@route("GET", "/tailors")
def list_tailors(params, query, body):
    name, spec = (query.get("name") or "").strip(), (query.get("specialty") or "").strip().lower()
    rows = [{k: t[k] for k in ("tailor_id", "name", "role", "specialties")} for t in TAILORS.values()
            if (not name or matches(name, t["name"])) and (not spec or any(spec in s for s in t["specialties"]))]
    return 200, {"tailors": rows, "count": len(rows)}


@route("GET", "/tailors/{tailor_id}")
def get_tailor(params, query, body):
    return 200, dict(lookup(TAILORS, params["tailor_id"], "tailor"))


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
