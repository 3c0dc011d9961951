"""Larchwood & Pell Bindery API: a small in-memory HTTP service (Python standard library only).

Customers, binding orders, binding styles, binders (staff), materials stock, shipments and price quotes of a
bookbinding workshop in Dunsmere.

Usage: python bindery_service.py PORT   (serves under /api on 127.0.0.1:PORT)
Deterministic: fixed seed data ("today" is 2027-06-15), no clock, no randomness; quote numbers are derived from the
quote's content. All names, emails, phone numbers, addresses, titles, tracking numbers and codes are invented.
Licence: Apache-2.0.
"""
import hashlib
import json
import re
import sys
import threading
import unicodedata
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, unquote, urlsplit

TODAY = "2027-06-15"
LOCK = threading.Lock()
ROUTES = []
ACTIVE = ("received", "sewing", "covering", "finishing", "ready")
STATUSES = ACTIVE + ("shipped", "collected", "cancelled")
SETUP_FEE = 25.00
TRADE_DISCOUNT_COPIES = 10  # 10% off the binding price from this many copies


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


def words(text):
    return [w for w in re.split(r"[\s,.;:'\"\u2019()&/-]+", fold(text)) if w]


def all_words_in(query, text):
    hay = fold(text)
    return all(w in hay for w in words(query))


def get_or_404(table, key, what):
    row = table.get(str(key).strip().upper())
    if row is None:
        raise ApiError(404, f"no {what} {key!r}")
    return row


def int_param(query, name, default, lo=1, hi=50):
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


def date_param(raw, name):
    text = str(raw).strip()
    if not re.match(r"^\d{4}-\d{2}-\d{2}$", text):
        raise ApiError(400, f"{name} must be a date YYYY-MM-DD")
    return text


# ------------------------------------------------------------------ seed data
def _cust(cid, name, kind, email, phone, line1, town, postcode, contact, terms, since):
    return {"customer_id": cid, "name": name, "type": kind, "email": email, "phone": phone,
            "address": {"line1": line1, "town": town, "postcode": postcode}, "contact_person": contact,
            "account": {"terms": terms, "discount_pct": 10 if kind == "trade" else 0}, "customer_since": since}


CUSTOMERS = {c["customer_id"]: c for c in [
    _cust("CU-501", "Ottoline Prewett", "individual", "ottoline.prewett@example.com", "01632 961 204",
          "3 Chantry Walk", "Dunsmere", "DN4 2CW", None, "pay on collection", "2024-03-11"),
    _cust("CU-502", "Ottoline Pruett", "individual", "o.pruett@example.net", "01632 961 377",
          "Ivy House, Coldharbour Lane", "Saltinge", "SG2 8CL", None, "pay on collection", "2026-08-02"),
    _cust("CU-503", "Dashiell Moorcroft", "individual", "dash.moorcroft@example.com", "07700 902 118",
          "Flat 9, Rook Court", "Dunsmere", "DN1 5RC", None, "pay in advance", "2025-10-20"),
    _cust("CU-504", "Dashiell Moorcock", "individual", "d.moorcock@example.org", "07700 902 245",
          "22 Sandmoor Road", "Saltinge", "SG1 3SR", None, "pay in advance", "2026-01-14"),
    _cust("CU-505", "Saffron Quay Press", "trade", "orders@saffronquay.example.com", "01632 962 050",
          "Unit 4, Saffron Quay", "Dunsmere", "DN2 7SQ", "Idris Callender", "30 days", "2019-05-01"),
    _cust("CU-506", "Ines Valdivia-Roe", "individual", "ines.vroe@example.net", "07700 902 391",
          "The Granary, Mill Row", "Hebble Cross", "HX3 1MR", None, "pay in advance", "2026-11-30"),
    _cust("CU-507", "Bartholomew Nkemelu", "individual", "bart.nkemelu@example.org", "07700 902 466",
          "12 Thorpe Hamlet Road", "Norbridge", "NB1 4TH", None, "pay on dispatch", "2025-06-06"),
    _cust("CU-508", "Lowther College Library", "institution", "library@lowther-college.example.org",
          "01632 963 100", "Lowther College, Quarry Lane", "Dunsmere", "DN3 9QL", "Margit Sandell", "30 days",
          "2016-09-01"),
    _cust("CU-509", "Lowther Parish Archive", "institution", "archive@lowtherparish.example.org", "01632 963 480",
          "St Wilfrid's Vestry, Church Street", "Lowther Bridge", "LB2 1CS", "Rev. Nathaniel Crabbe", "30 days",
          "2021-02-17"),
    _cust("CU-510", "Fenella Oduya", "individual", "fenella.oduya@example.com", "07700 902 573",
          "Beck End Farm", "Carlisle Moor", "CM7 2BE", None, "pay on dispatch", "2026-04-09"),
]}

STYLES = {s["style_id"]: s for s in [
    {"style_id": "BS-01", "name": "Quarter cloth", "price_per_copy": 38.00, "lead_days": 10,
     "description": "Cloth spine, paper sides over greyboard."},
    {"style_id": "BS-02", "name": "Quarter leather", "price_per_copy": 64.50, "lead_days": 15,
     "description": "Goatskin or calf spine, cloth or paper sides."},
    {"style_id": "BS-03", "name": "Half leather", "price_per_copy": 92.00, "lead_days": 20,
     "description": "Leather spine and tips, paper or cloth sides."},
    {"style_id": "BS-04", "name": "Half leather with French corners", "price_per_copy": 108.00, "lead_days": 22,
     "description": "Leather spine and large mitred leather corners, marbled sides."},
    {"style_id": "BS-05", "name": "Full leather", "price_per_copy": 165.00, "lead_days": 30,
     "description": "Whole cover in goatskin or calf, raised bands optional."},
    {"style_id": "BS-06", "name": "Coptic stitch", "price_per_copy": 45.00, "lead_days": 8,
     "description": "Exposed chain-stitched spine, lies flat; boards covered in cloth or paper."},
    {"style_id": "BS-07", "name": "Japanese stab binding", "price_per_copy": 28.00, "lead_days": 5,
     "description": "Stab-sewn through the text block with a decorative stitch pattern."},
    {"style_id": "BS-08", "name": "Cloth case binding", "price_per_copy": 34.00, "lead_days": 10,
     "description": "Sewn text block cased into a buckram or linen cloth case."},
    {"style_id": "BS-09", "name": "Limp vellum", "price_per_copy": 120.00, "lead_days": 25,
     "description": "Unboarded calf vellum cover with laced-in supports."},
    {"style_id": "BS-10", "name": "Thesis binding (hot-foil spine)", "price_per_copy": 42.00, "lead_days": 3,
     "description": "Black buckram case, gold hot-foil spine and cover lettering."},
]}

BINDERS = {b["binder_id"]: b for b in [
    {"binder_id": "BD-01", "name": "Agnes Thorold", "email": "agnes.thorold@larchwoodpell.example",
     "phone_ext": "201", "skills": ["full leather", "half leather", "gold tooling"], "since": "2009-04-01"},
    {"binder_id": "BD-02", "name": "Agnes Thorne", "email": "agnes.thorne@larchwoodpell.example",
     "phone_ext": "202", "skills": ["cloth case binding", "quarter cloth", "thesis binding"], "since": "2018-09-03"},
    {"binder_id": "BD-03", "name": "Matthias Brenning", "email": "matthias.brenning@larchwoodpell.example",
     "phone_ext": "203", "skills": ["coptic stitch", "japanese stab binding", "limp vellum"], "since": "2015-01-12"},
    {"binder_id": "BD-04", "name": "Kwame Osei-Bonsu", "email": "kwame.oseibonsu@larchwoodpell.example",
     "phone_ext": "204", "skills": ["conservation", "rebacking", "cloth case binding", "quarter leather"],
     "since": "2012-06-18"},
    {"binder_id": "BD-05", "name": "Linnea Halvorsen", "email": "linnea.halvorsen@larchwoodpell.example",
     "phone_ext": "205", "skills": ["thesis binding", "quarter cloth", "hot-foil lettering"], "since": "2021-02-01"},
    {"binder_id": "BD-06", "name": "Rosalind Quaile", "email": "rosalind.quaile@larchwoodpell.example",
     "phone_ext": "206", "skills": ["half leather", "marbling", "limp vellum repair"], "since": "2017-10-09"},
]}


def _mat(sku, name, cat, qty, uom, reorder, loc, cost, supplier, sup_email, sup_days, on_order=None,
         last_received=None):
    return {"sku": sku, "name": name, "category": cat, "in_stock": qty, "unit": uom, "reorder_level": reorder,
            "location": loc, "unit_cost": cost,
            "supplier": {"name": supplier, "email": sup_email, "lead_days": sup_days},
            "on_order": on_order, "last_received": last_received}


MATERIALS = {m["sku"]: m for m in [
    _mat("LTH-GT-OXB", "Goatskin, oxblood", "leather", 46.5, "sq ft", 20, "Leather press A", 11.80,
         "Harrowby Tannery", "sales@harrowby-tannery.example", 21, None, "2027-04-22"),
    _mat("LTH-GT-NVY", "Goatskin, midnight navy", "leather", 22.0, "sq ft", 25, "Leather press A", 12.10,
         "Harrowby Tannery", "sales@harrowby-tannery.example", 21, {"qty": 40, "expected": "2027-06-28"},
         "2027-03-30"),
    _mat("LTH-GT-NVL", "Goatskin, navy (light)", "leather", 14.0, "sq ft", 10, "Leather press A", 11.80,
         "Harrowby Tannery", "sales@harrowby-tannery.example", 21, None, "2026-12-02"),
    _mat("LTH-CF-TAN", "Calfskin, tan", "leather", 31.25, "sq ft", 15, "Leather press B", 9.40,
         "Harrowby Tannery", "sales@harrowby-tannery.example", 21, None, "2027-05-05"),
    _mat("CLO-BK-BGR", "Buckram, bottle green", "cloth", 18.5, "m", 20, "Cloth rack 2", 14.25,
         "Wendle & Sons Bookcloth", "trade@wendlebookcloth.example", 10, {"qty": 50, "expected": "2027-06-21"},
         "2027-02-11"),
    _mat("CLO-BK-GRN", "Buckram, leaf green", "cloth", 42.0, "m", 20, "Cloth rack 2", 14.25,
         "Wendle & Sons Bookcloth", "trade@wendlebookcloth.example", 10, None, "2027-05-19"),
    _mat("CLO-BK-BLK", "Buckram, black", "cloth", 61.0, "m", 30, "Cloth rack 1", 13.90,
         "Wendle & Sons Bookcloth", "trade@wendlebookcloth.example", 10, None, "2027-05-19"),
    _mat("CLO-LN-NAT", "Bookcloth, natural linen", "cloth", 25.0, "m", 15, "Cloth rack 3", 16.60,
         "Wendle & Sons Bookcloth", "trade@wendlebookcloth.example", 10, None, "2027-04-07"),
    _mat("BRD-GRY-20", "Greyboard 2.0 mm", "board", 140, "sheets", 60, "Board store", 1.85,
         "Penhallow Board Mills", "orders@penhallowboard.example", 7, None, "2027-05-27"),
    _mat("BRD-GRY-25", "Greyboard 2.5 mm", "board", 85, "sheets", 60, "Board store", 2.20,
         "Penhallow Board Mills", "orders@penhallowboard.example", 7, None, "2027-05-27"),
    _mat("THR-LIN-18", "Linen thread 18/3, unbleached", "thread", 12, "spools", 6, "Sewing bench drawer 1", 7.95,
         "Ardmore Linen Co", "hello@ardmorelinen.example", 14, None, "2027-03-16"),
    _mat("THR-LIN-25", "Linen thread 25/3, unbleached", "thread", 9, "spools", 6, "Sewing bench drawer 1", 7.60,
         "Ardmore Linen Co", "hello@ardmorelinen.example", 14, None, "2027-03-16"),
    _mat("PAP-MRB-CKR", "Marbled paper, Cockerel pattern", "paper", 48, "sheets", 30, "Plan chest 1", 5.40,
         "Sorrel Marbling Studio", "studio@sorrelmarbling.example", 28, None, "2027-05-12"),
    _mat("PAP-END-CRM", "Endpaper, cream laid", "paper", 300, "sheets", 150, "Plan chest 2", 0.65,
         "Penhallow Board Mills", "orders@penhallowboard.example", 7, None, "2027-05-27"),
    _mat("GLD-235-LSE", "Gold leaf 23.5ct, loose", "gold & foil", 340, "leaves", 200, "Finishing safe", 1.35,
         "Aurelian Leaf Ltd", "sales@aurelianleaf.example", 5, None, "2027-06-02"),
    _mat("GLD-22-LSE", "Gold leaf 22ct, loose", "gold & foil", 60, "leaves", 100, "Finishing safe", 1.05,
         "Aurelian Leaf Ltd", "sales@aurelianleaf.example", 5, {"qty": 250, "expected": "2027-06-18"}, "2027-01-20"),
    _mat("GLD-DUT-IMT", "Dutch metal (imitation gold)", "gold & foil", 500, "leaves", 100, "Finishing safe", 0.12,
         "Aurelian Leaf Ltd", "sales@aurelianleaf.example", 5, None, "2026-10-04"),
    _mat("FOL-GLD-HOT", "Hot-foil roll, gold", "gold & foil", 14, "rolls", 5, "Foil press shelf", 18.50,
         "Aurelian Leaf Ltd", "sales@aurelianleaf.example", 5, None, "2027-05-03"),
    _mat("VEL-CALF-NAT", "Calf vellum, natural", "vellum", 9, "skins", 4, "Vellum drawer", 86.00,
         "Cowley Parchment Works", "office@cowleyparchment.example", 35, None, "2027-01-29"),
]}

EXTRA_PRICES = {"Gold tooling, spine title": 6.00, "Marbled endpapers": 4.50, "Slipcase": 38.00,
                "Conservation repairs (per hour)": 42.00, "Hot-foil cover lettering": 3.50, "Raised bands": 12.00}


def _o(oid, cust, title, style, binder, copies, status, received, due, materials=(), extras=(), notes=""):
    return {"order_id": oid, "customer_id": cust, "title": title, "style_id": style, "binder_id": binder,
            "copies": copies, "status": status, "received": received, "due": due,
            "materials": [{"sku": s, "qty": q} for s, q in materials],
            "extras": [{"item": i, "qty": q} for i, q in extras], "notes": notes}


ORDERS = {o["order_id"]: o for o in [
    # Lowther College Library: 3 orders in 2026, 13 in 2027
    _o("BO-7203", "CU-508", "Theses, summer batch", "BS-10", "BD-05", 12, "collected", "2026-09-14", "2026-09-21",
       [("CLO-BK-BLK", 4.0), ("FOL-GLD-HOT", 1)], [("Hot-foil cover lettering", 12)]),
    _o("BO-7209", "CU-508", "Lowther College Review, vols 37-40", "BS-08", "BD-04", 4, "shipped", "2026-10-05",
       "2026-10-23", [("CLO-BK-BGR", 6.0), ("BRD-GRY-25", 16)]),
    _o("BO-7214", "CU-508", "Chapel hymnals (repair)", "BS-08", "BD-04", 20, "collected", "2026-11-23",
       "2026-12-18", [("CLO-BK-BLK", 9.0)]),
    _o("BO-7241", "CU-508", "Theses, Michaelmas batch", "BS-10", "BD-05", 15, "collected", "2027-01-11",
       "2027-01-18", [("CLO-BK-BLK", 5.0), ("FOL-GLD-HOT", 1)], [("Hot-foil cover lettering", 15)]),
    _o("BO-7247", "CU-508", "Founders' Register, 1884-1910 (conservation)", "BS-03", "BD-04", 1, "collected",
       "2027-01-25", "2027-02-26", [("LTH-CF-TAN", 3.5)], [("Conservation repairs (per hour)", 6)]),
    _o("BO-7252", "CU-508", "Library accessions ledgers", "BS-08", "BD-02", 3, "shipped", "2027-02-08",
       "2027-02-22", [("CLO-LN-NAT", 2.5)]),
    _o("BO-7259", "CU-508", "Exam papers archive, 2020-2025", "BS-08", "BD-02", 6, "shipped", "2027-02-22",
       "2027-03-08", [("CLO-BK-BLK", 4.5)]),
    _o("BO-7266", "CU-508", "Rare pamphlets, boxed set", "BS-06", "BD-03", 8, "collected", "2027-03-01",
       "2027-03-11", [("THR-LIN-25", 1)], [("Slipcase", 1)]),
    _o("BO-7291", "CU-508", "Lowther College Review, vols 41-44", "BS-08", "BD-04", 4, "covering", "2027-03-14",
       "2027-06-25", [("CLO-BK-BGR", 6.0), ("BRD-GRY-25", 16), ("THR-LIN-18", 1), ("PAP-END-CRM", 16)],
       [("Gold tooling, spine title", 4)], "held back in April waiting for vol 44 index pages"),
    _o("BO-7293", "CU-508", "Theses, Lent term batch", "BS-10", "BD-05", 11, "shipped", "2027-03-15",
       "2027-03-22", [("CLO-BK-BLK", 4.0), ("FOL-GLD-HOT", 1)], [("Hot-foil cover lettering", 11)]),
    _o("BO-7299", "CU-508", "Music library scores (guard-book)", "BS-08", "BD-02", 5, "shipped", "2027-04-02",
       "2027-04-16", [("CLO-LN-NAT", 3.0)]),
    _o("BO-7306", "CU-508", "Rowing club minute books", "BS-03", "BD-06", 2, "ready", "2027-04-19", "2027-05-17",
       [("LTH-GT-OXB", 4.0), ("PAP-MRB-CKR", 4)]),
    _o("BO-7313", "CU-508", "Student newspaper, 1968-1972", "BS-08", "BD-04", 5, "sewing", "2027-05-03",
       "2027-06-30", [("CLO-BK-BLK", 5.0), ("BRD-GRY-25", 20)]),
    _o("BO-7325", "CU-508", "Theses, Easter batch", "BS-10", "BD-05", 9, "finishing", "2027-05-24", "2027-06-16",
       [("CLO-BK-BLK", 3.5), ("FOL-GLD-HOT", 1)], [("Hot-foil cover lettering", 9)]),
    _o("BO-7344", "CU-508", "Zine archive, vols 1-6", "BS-06", "BD-03", 6, "received", "2027-06-07", "2027-06-25",
       [("THR-LIN-18", 1), ("BRD-GRY-20", 12)]),
    _o("BO-7348", "CU-508", "Prize books (reback)", "BS-02", "BD-04", 3, "received", "2027-06-11", "2027-07-09",
       [("LTH-CF-TAN", 2.0)]),
    # Lowther Parish Archive
    _o("BO-7290", "CU-509", "Vestry minutes, 1850-1899", "BS-08", "BD-02", 2, "covering", "2027-03-14",
       "2027-06-30", [("CLO-BK-GRN", 1.5), ("BRD-GRY-25", 4)]),
    _o("BO-7342", "CU-509", "Parish registers, 1790-1812", "BS-05", "BD-01", 1, "sewing", "2027-06-10",
       "2027-07-26", [("LTH-CF-TAN", 6.0), ("THR-LIN-25", 1)], [("Raised bands", 1), ("Gold tooling, spine title", 1)],
       "guards added to the first gathering"),
    # Saffron Quay Press
    _o("BO-7212", "CU-505", "Salt Road Psalms", "BS-02", "BD-01", 25, "shipped", "2026-11-02", "2026-11-24",
       [("LTH-GT-OXB", 12.5)], [("Gold tooling, spine title", 25)]),
    _o("BO-7221", "CU-505", "The Weir Keeper", "BS-08", "BD-02", 40, "shipped", "2026-12-07", "2026-12-21",
       [("CLO-LN-NAT", 12.0)]),
    _o("BO-7233", "CU-505", "A Grammar of Tides", "BS-08", "BD-02", 30, "shipped", "2027-01-04", "2027-01-18",
       [("CLO-BK-GRN", 9.0)]),
    _o("BO-7244", "CU-505", "Cormorant Winter", "BS-06", "BD-03", 12, "shipped", "2027-01-18", "2027-01-28",
       [("THR-LIN-18", 2)]),
    _o("BO-7255", "CU-505", "Tidewater Hymns (proof copy)", "BS-02", "BD-01", 1, "collected", "2027-02-15",
       "2027-03-08", [("LTH-GT-NVY", 0.75)], [("Gold tooling, spine title", 1)]),
    _o("BO-7263", "CU-505", "Small Hours at Haddon", "BS-08", "BD-02", 35, "shipped", "2027-02-26", "2027-03-12",
       [("CLO-BK-BLK", 10.5)]),
    _o("BO-7279", "CU-505", "The Glass Orchard", "BS-03", "BD-06", 10, "shipped", "2027-03-22", "2027-04-19",
       [("LTH-GT-OXB", 9.0), ("PAP-MRB-CKR", 20)]),
    _o("BO-7296", "CU-505", "Vetch & Tare", "BS-07", "BD-03", 20, "collected", "2027-04-12", "2027-04-19",
       [("THR-LIN-25", 2)]),
    _o("BO-7311", "CU-505", "Ferryman's Almanac", "BS-08", "BD-02", 30, "ready", "2027-04-30", "2027-05-14",
       [("CLO-BK-BLK", 9.0)]),
    _o("BO-7320", "CU-505", "The Pilot's Daughter", "BS-08", "BD-05", 25, "cancelled", "2027-05-17", "2027-05-31"),
    _o("BO-7335", "CU-505", "Tidewater Hymns", "BS-04", "BD-01", 25, "finishing", "2027-06-01", "2027-07-20",
       [("LTH-GT-NVY", 18.75), ("PAP-MRB-CKR", 50), ("GLD-235-LSE", 75)],
       [("Gold tooling, spine title", 25), ("Marbled endpapers", 25)], "signed limited edition, numbered 1-25"),
    _o("BO-7338", "CU-505", "Nine Lamps", "BS-07", "BD-03", 15, "received", "2027-06-04", "2027-06-18",
       [("THR-LIN-25", 1)]),
    # private customers
    _o("BO-7260", "CU-501", "Hymns for Harvest-tide (1904), rebind", "BS-08", "BD-04", 1, "shipped", "2027-02-10",
       "2027-03-03", [("CLO-BK-BGR", 0.5)]),
    _o("BO-7288", "CU-501", "Beeton's Household Management (1888)", "BS-03", "BD-06", 1, "cancelled", "2027-04-01",
       "2027-04-29", [], [], "cancelled by customer: book sold"),
    _o("BO-7301", "CU-501", "The Almanack of Small Gardens", "BS-03", "BD-01", 1, "covering", "2027-05-04",
       "2027-06-30", [("LTH-GT-OXB", 1.5), ("PAP-MRB-CKR", 2)], [("Gold tooling, spine title", 1)]),
    _o("BO-7322", "CU-501", "Letters from Kettlewell", "BS-02", "BD-04", 2, "sewing", "2027-05-28", "2027-07-09",
       [("LTH-CF-TAN", 1.5)]),
    _o("BO-7250", "CU-502", "Wedding guest book", "BS-06", "BD-03", 1, "collected", "2027-02-01", "2027-02-12"),
    _o("BO-7315", "CU-502", "Field Notes on Lichens", "BS-06", "BD-03", 3, "sewing", "2027-05-12", "2027-06-22",
       [("THR-LIN-18", 1)]),
    _o("BO-7276", "CU-503", "Thesis: Sediment Transport in Braided Rivers", "BS-10", "BD-05", 3, "shipped",
       "2027-03-29", "2027-04-01", [("CLO-BK-BLK", 1.0)], [("Hot-foil cover lettering", 3)]),
    _o("BO-7330", "CU-503", "Journal of a Fen Walker, vols 1-3", "BS-04", "BD-06", 3, "ready", "2027-05-31",
       "2027-06-30", [("LTH-GT-OXB", 3.0), ("PAP-MRB-CKR", 6)]),
    _o("BO-7281", "CU-504", "Thesis: Coastal Dune Migration on the Sandmoor", "BS-10", "BD-05", 4, "shipped",
       "2027-03-30", "2027-04-02", [("CLO-BK-BLK", 1.0)], [("Hot-foil cover lettering", 4)]),
    _o("BO-7240", "CU-506", "Poems, 2019-2026 (manuscript)", "BS-07", "BD-03", 1, "collected", "2027-01-08",
       "2027-01-15"),
    _o("BO-7268", "CU-507", "Field maps album (guarded)", "BS-08", "BD-04", 1, "shipped", "2027-03-03",
       "2027-03-24", [("CLO-LN-NAT", 0.5)]),
    _o("BO-7324", "CU-507", "Collected Sermons of the Revd Josiah Quarme", "BS-05", "BD-01", 1, "shipped",
       "2027-05-20", "2027-06-04", [("LTH-GT-OXB", 5.0)], [("Raised bands", 1), ("Gold tooling, spine title", 1)]),
    _o("BO-7327", "CU-510", "Pressed Flowers of the Ridings (album)", "BS-06", "BD-03", 1, "shipped", "2027-05-26",
       "2027-06-09", [("THR-LIN-18", 1)]),
    _o("BO-7340", "CU-510", "Seed Catalogue, 1911", "BS-09", "BD-03", 1, "covering", "2027-06-07", "2027-07-12",
       [("VEL-CALF-NAT", 1)]),
]}


def _ship(sid, order, carrier, service, tracking, shipped, status, weight, events):
    return {"shipment_id": sid, "order_id": order, "carrier": carrier, "service": service, "tracking": tracking,
            "shipped": shipped, "status": status, "weight_kg": weight,
            "events": [{"ts": ts, "loc": loc, "ev": ev} for ts, loc, ev in events]}


SHIPMENTS = {s["shipment_id"]: s for s in [
    _ship("SH-9036", "BO-7268", "Brindle Express", "next day", "BX-4410-2281", "2027-03-24", "delivered", 1.9,
          [("2027-03-24T15:05", "Dunsmere (bindery)", "collected"),
           ("2027-03-25T10:48", "Norbridge", "delivered - signed: B NKEMELU")]),
    _ship("SH-9041", "BO-7276", "Parcelwise", "48h tracked", "PW-77310452-GB", "2027-04-01", "delivered", 2.6,
          [("2027-04-01T16:20", "Dunsmere (bindery)", "collected"), ("2027-04-02T03:10", "Dunsmere hub", "sorted"),
           ("2027-04-03T11:32", "Dunsmere", "delivered - left with neighbour (no. 7)")]),
    _ship("SH-9043", "BO-7281", "Parcelwise", "48h tracked", "PW-77310987-GB", "2027-04-02", "delivered", 3.4,
          [("2027-04-02T16:05", "Dunsmere (bindery)", "collected"),
           ("2027-04-05T12:14", "Saltinge", "delivered - signed: MOORCOCK")]),
    _ship("SH-9057", "BO-7324", "Fenwright Couriers", "signed-for, 2 day", "FC-55019377-20", "2027-06-07",
          "delivered", 2.2,
          [("2027-06-07T14:40", "Dunsmere (bindery)", "collected"), ("2027-06-08T04:15", "Harle Junction hub", "sorted"),
           ("2027-06-09T08:02", "Norbridge delivery office", "out for delivery"),
           ("2027-06-09T11:42", "Norbridge", "delivered - signed: T. OKAFOR")]),
    _ship("SH-9061", "BO-7327", "Parcelwise", "48h tracked", "PW-77322160-GB", "2027-06-12", "in_transit", 1.4,
          [("2027-06-12T15:10", "Dunsmere (bindery)", "collected"), ("2027-06-13T02:40", "Dunsmere hub", "sorted"),
           ("2027-06-14T06:55", "Carlisle depot", "arrived at depot"),
           ("2027-06-14T19:30", "Carlisle depot", "held: address query, awaiting customer")]),
]}


def _auto_shipments():
    """Every other shipped order gets a plain, delivered shipment (ids SH-8nnn, from the order number)."""
    have = {s["order_id"] for s in SHIPMENTS.values()}
    for o in sorted(ORDERS.values(), key=lambda o: o["order_id"]):
        if o["status"] == "shipped" and o["order_id"] not in have:
            sid = "SH-8" + o["order_id"][-3:]
            trk = "PW-" + str(int(hashlib.sha1(o["order_id"].encode()).hexdigest()[:8], 16) % 10**8).zfill(8) + "-GB"
            day = o["due"]
            SHIPMENTS[sid] = _ship(sid, o["order_id"], "Parcelwise", "48h tracked", trk, day, "delivered",
                                   round(0.8 + 0.25 * o["copies"], 2),
                                   [(day + "T16:00", "Dunsmere (bindery)", "collected"),
                                    (day + "T23:59", CUSTOMERS[o["customer_id"]]["address"]["town"], "delivered")])


_auto_shipments()

QUOTES = {}


# ------------------------------------------------------------------ helpers
def price_of(style, copies, extras):
    binding = round(copies * style["price_per_copy"], 2)
    extra_rows = [{"item": e["item"], "qty": e["qty"], "unit_price": EXTRA_PRICES[e["item"]],
                   "amount": round(e["qty"] * EXTRA_PRICES[e["item"]], 2)} for e in extras]
    discount = round(binding * 0.10, 2) if copies >= TRADE_DISCOUNT_COPIES else 0.0
    total = round(binding + sum(e["amount"] for e in extra_rows) + SETUP_FEE - discount, 2)
    return extra_rows, {"binding": binding, "extras": round(float(sum(e["amount"] for e in extra_rows)), 2),
                        "setup": SETUP_FEE, "discount": discount, "total": total, "currency": "GBP"}


def order_summary(o):
    return {"order_id": o["order_id"], "customer_id": o["customer_id"], "title": o["title"],
            "style_name": STYLES[o["style_id"]]["name"], "copies": o["copies"], "status": o["status"],
            "received": o["received"], "due": o["due"]}


# ------------------------------------------------------------------ routes
@route("GET", "/customers")
def search_customers(params, query, body):
    name, email = (query.get("name") or "").strip(), (query.get("email") or "").strip()
    if not name and not email:
        raise ApiError(400, "give name or email")
    rows = [c for c in CUSTOMERS.values()
            if (not email or c["email"].lower() == email.lower()) and (not name or all_words_in(name, c["name"]))]
    items = [{"customer_id": c["customer_id"], "name": c["name"], "type": c["type"], "email": c["email"],
              "town": c["address"]["town"]} for c in rows]
    return 200, {"customers": items, "count": len(items)}


@route("GET", "/customers/{customer_id}")
def get_customer(params, query, body):
    c = get_or_404(CUSTOMERS, params["customer_id"], "customer")
    out = dict(c)
    mine = [o for o in ORDERS.values() if o["customer_id"] == c["customer_id"]]
    out["order_count"] = len(mine)
    out["open_orders"] = sum(1 for o in mine if o["status"] in ACTIVE)
    return 200, out


@route("GET", "/orders")
def list_orders(params, query, body):
    cid = (query.get("customer_id") or "").strip().upper()
    bid = (query.get("binder_id") or "").strip().upper()
    status = (query.get("status") or "").strip().lower()
    if status and status not in STATUSES + ("open",):
        raise ApiError(400, "status must be one of " + ", ".join(STATUSES + ("open",)))
    if cid:
        get_or_404(CUSTOMERS, cid, "customer")
    if bid:
        get_or_404(BINDERS, bid, "binder")
    lo = date_param(query["received_from"], "received_from") if query.get("received_from") else None
    hi = date_param(query["received_to"], "received_to") if query.get("received_to") else None
    q = (query.get("q") or "").strip()
    page, per_page = int_param(query, "page", 1, 1, 1000), int_param(query, "per_page", 10, 1, 50)
    rows = [o for o in ORDERS.values() if (not cid or o["customer_id"] == cid) and (not bid or o["binder_id"] == bid)
            and (not status or o["status"] == status or (status == "open" and o["status"] in ACTIVE))
            and (not lo or o["received"] >= lo) and (not hi or o["received"] <= hi)
            and (not q or all_words_in(q, o["title"]))]
    rows.sort(key=lambda o: (o["received"], o["order_id"]), reverse=True)
    chunk = rows[(page - 1) * per_page: page * per_page]
    return 200, {"orders": [order_summary(o) for o in chunk], "total": len(rows), "page": page, "per_page": per_page}


@route("GET", "/orders/{order_id}")
def get_order(params, query, body):
    o = get_or_404(ORDERS, params["order_id"], "order")
    style = STYLES[o["style_id"]]
    extras, price = price_of(style, o["copies"], o["extras"])
    if o["status"] == "cancelled":
        price = {"binding": 0.0, "extras": 0.0, "setup": 0.0, "discount": 0.0, "total": 0.0, "currency": "GBP"}
    return 200, {
        "order_id": o["order_id"], "title": o["title"], "copies": o["copies"], "status": o["status"],
        "received": o["received"], "due": o["due"],
        "customer": {"customer_id": o["customer_id"], "name": CUSTOMERS[o["customer_id"]]["name"]},
        "style": {"style_id": style["style_id"], "name": style["name"]},
        "binder": {"binder_id": o["binder_id"], "name": BINDERS[o["binder_id"]]["name"]},
        "materials": [{"sku": m["sku"], "name": MATERIALS[m["sku"]]["name"], "qty": m["qty"],
                       "unit": MATERIALS[m["sku"]]["unit"]} for m in o["materials"]],
        "extras": extras, "price": price, "notes": o["notes"]}


@route("GET", "/styles")
def list_styles(params, query, body):
    rows = sorted(STYLES.values(), key=lambda s: s["style_id"])
    return 200, {"styles": [dict(s) for s in rows], "count": len(rows), "setup_fee": SETUP_FEE, "currency": "GBP"}


@route("GET", "/binders")
def list_binders(params, query, body):
    name, skill = (query.get("name") or "").strip(), fold(query.get("skill") or "").strip()
    rows = [b for b in BINDERS.values() if (not name or all_words_in(name, b["name"]))
            and (not skill or any(skill in s for s in b["skills"]))]
    items = [{"binder_id": b["binder_id"], "name": b["name"], "skills": list(b["skills"])} for b in rows]
    return 200, {"binders": items, "count": len(items)}


@route("GET", "/binders/{binder_id}")
def get_binder(params, query, body):
    b = get_or_404(BINDERS, params["binder_id"], "binder")
    current = sorted((o for o in ORDERS.values() if o["binder_id"] == b["binder_id"] and o["status"] in ACTIVE),
                     key=lambda o: (o["due"], o["order_id"]))
    out = dict(b)
    out["skills"] = list(b["skills"])
    out["active_orders"] = len(current)
    out["current_orders"] = [{"order_id": o["order_id"], "title": o["title"], "status": o["status"], "due": o["due"]}
                             for o in current]
    return 200, out


@route("GET", "/materials")
def search_materials(params, query, body):
    q = (query.get("q") or "").strip()
    cat = fold(query.get("category") or "").strip()
    low = (query.get("low_stock") or "").strip().lower() in ("1", "true", "yes")
    rows = [m for m in MATERIALS.values() if (not q or all_words_in(q, m["name"] + " " + m["category"]))
            and (not cat or fold(m["category"]) == cat) and (not low or m["in_stock"] <= m["reorder_level"])]
    items = [{"sku": m["sku"], "nm": m["name"], "cat": m["category"], "qty": m["in_stock"], "uom": m["unit"],
              "rl": m["reorder_level"], "loc": m["location"]} for m in rows]
    return 200, {"items": items, "n": len(items)}


@route("GET", "/materials/{sku}")
def get_material(params, query, body):
    m = get_or_404(MATERIALS, params["sku"], "material")
    out = dict(m)
    out["supplier"] = dict(m["supplier"])
    out["on_order"] = dict(m["on_order"]) if m["on_order"] else None
    out["low_stock"] = m["in_stock"] <= m["reorder_level"]
    return 200, out


@route("GET", "/shipments")
def list_shipments(params, query, body):
    oid = (query.get("order_id") or "").strip().upper()
    status = (query.get("status") or "").strip().lower()
    if status and status not in ("in_transit", "delivered"):
        raise ApiError(400, "status must be in_transit or delivered")
    rows = [s for s in SHIPMENTS.values() if (not oid or s["order_id"] == oid) and (not status or s["status"] == status)]
    rows.sort(key=lambda s: (s["shipped"], s["shipment_id"]), reverse=True)
    items = [{"shipment_id": s["shipment_id"], "order_id": s["order_id"], "carrier": s["carrier"],
              "tracking": s["tracking"], "shipped": s["shipped"], "status": s["status"]} for s in rows]
    return 200, {"shipments": items, "count": len(items)}


@route("GET", "/shipments/{shipment_id}")
def get_shipment(params, query, body):
    s = get_or_404(SHIPMENTS, params["shipment_id"], "shipment")
    o = ORDERS[s["order_id"]]
    c = CUSTOMERS[o["customer_id"]]
    return 200, {"id": s["shipment_id"], "ord": s["order_id"], "carrier": s["carrier"], "svc": s["service"],
                 "trk": s["tracking"], "wt_kg": s["weight_kg"], "st": s["status"],
                 "to": {"name": c["name"], "town": c["address"]["town"], "pc": c["address"]["postcode"]},
                 "ev": [dict(e) for e in s["events"]]}


@route("POST", "/quotes")
def create_quote(params, query, body):
    for key in ("customer_id", "style_id", "copies"):
        if body.get(key) in (None, ""):
            raise ApiError(400, f"{key} is required")
    c = get_or_404(CUSTOMERS, body["customer_id"], "customer")
    style = get_or_404(STYLES, body["style_id"], "style")
    try:
        copies = int(body["copies"])
    except (TypeError, ValueError):
        raise ApiError(400, "copies must be an integer") from None
    if not 1 <= copies <= 500:
        raise ApiError(422, "copies must be between 1 and 500")
    code = "QT-" + hashlib.sha1(f"{c['customer_id']}|{style['style_id']}|{copies}".encode()).hexdigest().upper()[:6]
    with LOCK:
        if code in QUOTES:
            return 200, QUOTES[code]
        _, price = price_of(style, copies, [])
        QUOTES[code] = {"quote_id": code, "customer_id": c["customer_id"], "customer_name": c["name"],
                        "style_id": style["style_id"], "style_name": style["name"], "copies": copies,
                        "title": " ".join(str(body.get("title") or "").split()) or None,
                        "price_per_copy": style["price_per_copy"], "price": price,
                        "lead_days": style["lead_days"], "issued": TODAY, "valid_until": "2027-07-15"}
    return 201, QUOTES[code]


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
