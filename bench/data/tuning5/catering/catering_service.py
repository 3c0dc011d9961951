"""Larkspur Table Catering API: a small in-memory HTTP service (Python standard library only).

Usage: python catering_service.py PORT   (serves under /api on 127.0.0.1:PORT)
Clients, events, menus, dishes, staff, staff shifts, invoices and quotes of an event catering company.
Deterministic: fixed seed data, no clock, no randomness (today is 2027-04-02); quote references are derived from
the quote's content. Amounts are in USD. All names, emails, phone numbers, addresses and codes are invented.
Licence: Apache-2.0.
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

TODAY = "2027-04-02"
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


def tokens(text):
    return [t for t in re.split(r"[\s,.'\u2019&()/-]+", fold(text)) if t]


def words_in(query, text):
    hay = tokens(text)
    return all(any(h.startswith(t) for h in hay) for t in tokens(query))


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


def date_param(value, name):
    try:
        return datetime.date.fromisoformat(str(value).strip()).isoformat()
    except ValueError:
        raise ApiError(400, f"{name} must be a date YYYY-MM-DD, got {value!r}") from None


def paginate(rows, query, key):
    page = int_param(query, "page", 1, 1, 10_000)
    size = int_param(query, "page_size", 10, 1, 50)
    start = (page - 1) * size
    return {key: rows[start:start + size], "page": page, "page_size": size, "total_count": len(rows),
            "next_page": page + 1 if start + size < len(rows) else None}


# ------------------------------------------------------------------ seed data
def _client(cid, name, kind, contact, email, phone, street, city, postal, manager, since, notes=""):
    return {"client_id": cid, "name": name, "type": kind,
            "contact": {"name": contact, "email": email, "phone": phone},
            "billing_address": {"street": street, "city": city, "region": "OR", "postal_code": postal},
            "account_manager": manager, "client_since": since, "notes": notes}


CLIENTS = {c["client_id"]: c for c in [
    _client("CL-101", "Harriet Okonkwo", "individual", "Harriet Okonkwo", "harriet.okonkwo@example.com",
            "541-555-0142", "41 Juniper Row", "Ashcombe", "97420", "Ravi Chandrasekar", "2025-05-02"),
    _client("CL-102", "Harriet Okonjo", "individual", "Harriet Okonjo", "h.okonjo@example.net", "541-555-0178",
            "7 Cobblers Yard", "Wrenfield", "97431", "Nadia Petrosyan", "2026-10-19"),
    _client("CL-103", "Brightwater Dental Group", "business", "Ilse Varga", "accounts@brightwatergroup.example.com",
            "541-555-0190", "1200 Harbor Loop, Suite 4", "Ashcombe", "97420", "Ravi Chandrasekar", "2024-09-11",
            "Invoices to accounts@; PO number required on every invoice"),
    _client("CL-104", "Brightwater Dental Studio", "business", "Paolo Renzetti", "hello@brightwaterstudio.example.com",
            "541-555-0104", "88 Mill Street", "Wrenfield", "97431", "Nadia Petrosyan", "2026-01-27"),
    _client("CL-105", "Tobias Achterberg", "individual", "Tobias Achterberg", "tobias.achterberg@example.org",
            "541-555-0155", "15 Larch Hollow Road", "Fallowmere", "97445", "Nadia Petrosyan", "2023-11-30"),
    _client("CL-106", "Fenwick & Rowe LLP", "business", "Grace Adeyemi-Hall", "events@fenwickrowe.example.com",
            "541-555-0166", "300 Quay Street, 9th Floor", "Ashcombe", "97420", "Ravi Chandrasekar", "2022-03-08"),
    _client("CL-107", "Priya Venkataraman", "individual", "Priya Venkataraman", "priya.venkataraman@example.com",
            "541-555-0121", "22 Saddler's Walk", "Ashcombe", "97420", "Nadia Petrosyan", "2026-08-14"),
    _client("CL-108", "Priya Venkatesan", "individual", "Priya Venkatesan", "priyav.events@example.net",
            "541-555-0133", "5 Birchmount Court", "Wrenfield", "97431", "Ravi Chandrasekar", "2026-11-02"),
    _client("CL-109", "Kestrel Ridge Rowing Club", "business", "Sven Aaltonen", "social@kestrelridgerc.example.org",
            "541-555-0109", "The Boathouse, 2 Riverbank Drive", "Fallowmere", "97445", "Ravi Chandrasekar",
            "2021-06-21"),
    _client("CL-110", "Mateus Ferreira-Dunn", "individual", "Mateus Ferreira-Dunn", "mateus.fd@example.com",
            "541-555-0187", "310 Tannery Lane, Apt 6", "Ashcombe", "97420", "Nadia Petrosyan", "2026-09-03"),
    _client("CL-111", "Old Quarry Arts Trust", "nonprofit", "Beatrix Holm", "office@oldquarryarts.example.org",
            "541-555-0111", "Quarry Road", "Wrenfield", "97431", "Ravi Chandrasekar", "2023-02-15"),
    _client("CL-112", "Friends of Ashcombe Library", "nonprofit", "Ken Oyelaran", "friends@ashcombelibrary.example.org",
            "541-555-0112", "60 Market Square", "Ashcombe", "97420", "Nadia Petrosyan", "2024-01-10"),
    _client("CL-113", "Wrenfield Chamber of Commerce", "business", "Dolores Ambrose",
            "events@wrenfieldchamber.example.org", "541-555-0113", "1 Guild Street", "Wrenfield", "97431",
            "Ravi Chandrasekar", "2022-10-05"),
    _client("CL-114", "Ingrid Halvorsen", "individual", "Ingrid Halvorsen", "ingrid.halvorsen@example.net",
            "541-555-0114", "19 Heron Flats Road", "Wrenfield", "97431", "Nadia Petrosyan", "2026-04-22"),
    _client("CL-115", "Wrenfield Rotary Club", "nonprofit", "Gus Treloar", "secretary@wrenfieldrotary.example.org",
            "541-555-0115", "PO Box 212", "Wrenfield", "97431", "Ravi Chandrasekar", "2025-01-18"),
    _client("CL-116", "Ashcombe Harbour Trust", "nonprofit", "Marguerite Lyle", "trust@ashcombeharbour.example.org",
            "541-555-0116", "Pier 3, Harbour Road", "Ashcombe", "97420", "Ravi Chandrasekar", "2024-06-30"),
]}

VENUES = {
    "glasshouse": {"name": "The Glasshouse", "street": "14 Conservatory Lane", "city": "Ashcombe",
                   "notes": "Loading bay at the rear; no open flames inside"},
    "orchard": {"name": "Orchard Loft at Fallowmere", "street": "1 Cider Press Lane", "city": "Fallowmere",
                "notes": "Gravel drive; vans park beside the press house; kitchen has two ovens only"},
    "saltmarsh": {"name": "Saltmarsh Barn", "street": "9 Heron Flats Road", "city": "Wrenfield",
                  "notes": "Marquee kitchen tent needed over 100 guests"},
    "boathouse": {"name": "Kestrel Ridge Boathouse", "street": "2 Riverbank Drive", "city": "Fallowmere",
                  "notes": "Domestic-size kitchen; bring induction hobs and a hot cupboard"},
    "fenwick": {"name": "Fenwick & Rowe offices", "street": "300 Quay Street, 9th Floor", "city": "Ashcombe",
                "notes": "Goods lift only before 8am; sign in at security"},
    "library": {"name": "Ashcombe Public Library, Reading Room", "street": "60 Market Square", "city": "Ashcombe",
                "notes": "No red wine in the Reading Room"},
    "quarry": {"name": "Old Quarry Arts Centre", "street": "Quarry Road", "city": "Wrenfield",
               "notes": "Outdoor service area; generator on site"},
    "guildhall": {"name": "Wrenfield Guildhall", "street": "1 Guild Street", "city": "Wrenfield",
                  "notes": "Kitchen on the lower floor; service lift"},
    "bw_group": {"name": "Brightwater Dental Group head office", "street": "1200 Harbor Loop, Suite 4",
                 "city": "Ashcombe", "notes": "Drop-off at reception; boardroom on the 2nd floor"},
    "bw_studio": {"name": "Brightwater Dental Studio", "street": "88 Mill Street", "city": "Wrenfield",
                  "notes": "Street parking only"},
    "pavilion": {"name": "Harbourside Pavilion", "street": "Pier 3, Harbour Road", "city": "Ashcombe",
                 "notes": "Weather-dependent; wind screens on request"},
    "achterberg": {"name": "Private residence", "street": "15 Larch Hollow Road", "city": "Fallowmere",
                   "notes": "Client's home; park on the lane"},
}

# dishes: id -> (name, course, allergens, diet tags, kcal, grams)
DISHES = {
    "DS-101": ("Smoked Trout Blini", "canape", ["fish", "gluten", "milk", "eggs"], [], 95, 30),
    "DS-103": ("Crab Cake Bite with Lime Aioli", "canape", ["crustaceans", "eggs", "gluten"], [], 110, 35),
    "DS-104": ("Miso Aubergine Skewer", "canape", ["soy", "sesame"], ["vegan"], 70, 30),
    "DS-105": ("Whipped Goat Cheese & Honey Crostini", "canape", ["gluten", "milk"], ["vegetarian"], 90, 30),
    "DS-106": ("Seared Scallop on Pea Puree", "canape", ["molluscs", "milk"], ["gluten-free"], 85, 30),
    "DS-107": ("Chicken Satay Skewer", "canape", ["peanuts", "soy"], ["gluten-free"], 120, 40),
    "DS-205": ("Roasted Beet & Whipped Feta Salad", "starter", ["milk", "tree nuts (walnut)"], ["vegetarian"], 260,
               140),
    "DS-210": ("Heirloom Tomato & Burrata", "starter", ["milk"], ["vegetarian", "gluten-free"], 240, 150),
    "DS-214": ("Charred Broccolini with Sesame Miso", "starter", ["sesame", "soy"], ["vegan"], 286, 130),
    "DS-216": ("Chilled Pea & Mint Soup", "starter", ["milk"], ["vegetarian", "gluten-free"], 180, 200),
    "DS-240": ("Slow-Roast Lamb Shoulder, Salsa Verde", "main", ["mustard", "sulphites"], ["gluten-free"], 640, 220),
    "DS-241": ("Wild Mushroom Wellington", "main", ["gluten", "milk", "eggs", "celery"], ["vegetarian"], 580, 240),
    "DS-243": ("Herb-Crusted Salmon", "main", ["fish", "gluten", "milk"], [], 520, 200),
    "DS-245": ("Chickpea & Squash Tagine", "main", ["celery"], ["vegan", "gluten-free"], 450, 300),
    "DS-247": ("Roast Chicken Supreme, Tarragon Jus", "main", ["milk", "celery", "sulphites"], ["gluten-free"], 560,
               230),
    "DS-248": ("Beef Short Rib, Red Wine Glaze", "main", ["celery", "sulphites"], ["gluten-free"], 690, 250),
    "DS-250": ("Chicken Caesar Wrap", "main", ["gluten", "eggs", "fish", "milk"], [], 480, 220),
    "DS-251": ("Falafel & Hummus Wrap", "main", ["gluten", "sesame"], ["vegan"], 430, 220),
    "DS-260": ("Duck-Fat Roast Potatoes", "side", [], ["gluten-free"], 310, 180),
    "DS-262": ("Honey-Glazed Heritage Carrots", "side", ["milk"], ["vegetarian", "gluten-free"], 140, 120),
    "DS-310": ("Spiced Apple Crumble", "dessert", ["gluten", "milk"], ["vegetarian"], 390, 160),
    "DS-318": ("Brown Butter Pear Tart", "dessert", ["gluten", "milk", "eggs", "tree nuts (almond)"],
               ["vegetarian"], 420, 140),
    "DS-320": ("Dark Chocolate Torte", "dessert", ["eggs", "milk", "soy"], ["vegetarian", "gluten-free"], 450, 120),
    "DS-322": ("Lemon Posset with Shortbread", "dessert", ["milk", "gluten"], ["vegetarian"], 380, 130),
    "DS-325": ("Coconut Panna Cotta with Mango", "dessert", [], ["vegan", "gluten-free"], 260, 120),
    "DS-330": ("Cinnamon Sugar Mini Doughnuts", "snack", ["gluten", "milk", "eggs"], ["vegetarian"], 210, 60),
    "DS-331": ("Loaded Fries with Cheese Sauce", "snack", ["milk"], ["vegetarian", "gluten-free"], 520, 200),
}

# menus: id -> (name, style, price per head, minimum guests, {course: [dish ids]}, description)
MENUS = {
    "MN-11": ("Harvest Table", "family-style", 52.25, 40,
              {"canapes": ["DS-105"], "starter": ["DS-210"], "mains": ["DS-247", "DS-245"],
               "sides": ["DS-260", "DS-262"], "dessert": ["DS-310"]},
              "Sharing platters down the middle of long tables; seasonal produce from Fallowmere farms"),
    "MN-12": ("Harvest Table Deluxe", "family-style", 74.25, 60,
              {"canapes": ["DS-101", "DS-105"], "starter": ["DS-205"], "mains": ["DS-240", "DS-241"],
               "sides": ["DS-260", "DS-262"], "dessert": ["DS-318"]},
              "The Harvest Table with a canape hour, lamb shoulder and a plated dessert"),
    "MN-13": ("Coastal Canapes", "standing reception", 28.75, 25,
              {"canapes": ["DS-101", "DS-103", "DS-104", "DS-105"], "dessert": ["DS-325"]},
              "Five canapes per guest over two hours; sweet canape to finish"),
    "MN-14": ("Garden Party Vegan", "buffet", 46.5, 30,
              {"canapes": ["DS-104"], "starter": ["DS-214"], "mains": ["DS-245", "DS-251"], "dessert": ["DS-325"]},
              "Fully plant-based buffet"),
    "MN-15": ("Boardroom Lunch", "buffet", 24.5, 10,
              {"starter": ["DS-216"], "mains": ["DS-250", "DS-251"], "dessert": ["DS-322"]},
              "Working lunch delivered and set up; staff optional"),
    "MN-16": ("Wedding Classic", "plated", 89.75, 80,
              {"canapes": ["DS-103", "DS-106"], "starter": ["DS-216"], "mains": ["DS-248", "DS-243", "DS-241"],
               "dessert": ["DS-320"]},
              "Three-course plated dinner with a choice of main, canapes on arrival"),
    "MN-17": ("Coastal Canapes Premium", "standing reception", 38.25, 25,
              {"canapes": ["DS-101", "DS-103", "DS-106", "DS-107", "DS-104"], "dessert": ["DS-325"]},
              "Seven canapes per guest including scallops; sweet canape to finish"),
    "MN-18": ("Midnight Snack Bar", "late-night", 14.5, 50, {"snacks": ["DS-330", "DS-331"]},
              "Late-night station served from 10pm"),
}

STAFF = {s[0]: {"staff_id": s[0], "name": s[1], "role": s[2], "phone": s[3], "email": s[4]} for s in [
    ("ST-01", "Nadia Petrosyan", "event coordinator", "541-555-0117", "nadia.petrosyan@larkspurtable.example.com"),
    ("ST-02", "Nadia Petrossian", "server", "541-555-0163", "n.petrossian@larkspurtable.example.com"),
    ("ST-03", "Olumide Barrow", "head chef", "541-555-0188", "olumide.barrow@larkspurtable.example.com"),
    ("ST-04", "Olu Barrowman", "sous chef", "541-555-0184", "olu.barrowman@larkspurtable.example.com"),
    ("ST-05", "Wren Castellano", "sous chef", "541-555-0151", "wren.castellano@larkspurtable.example.com"),
    ("ST-06", "Ibrahim Sallow", "bartender", "541-555-0146", "ibrahim.sallow@larkspurtable.example.com"),
    ("ST-07", "Kasia Wrobel", "server", "541-555-0139", "kasia.wrobel@larkspurtable.example.com"),
    ("ST-08", "Marguerite Osei", "head chef", "541-555-0129", "marguerite.osei@larkspurtable.example.com"),
    ("ST-09", "Dmitri Fairclough", "kitchen porter", "541-555-0172", "dmitri.fairclough@larkspurtable.example.com"),
    ("ST-10", "Leilani Brooks", "server", "541-555-0125", "leilani.brooks@larkspurtable.example.com"),
    ("ST-11", "Ravi Chandrasekar", "event coordinator", "541-555-0101", "ravi.c@larkspurtable.example.com"),
    ("ST-12", "Elsbeth Nguyen-Hart", "server", "541-555-0158", "elsbeth.nh@larkspurtable.example.com"),
    ("ST-13", "Finnian Oduya", "bartender", "541-555-0193", "finnian.oduya@larkspurtable.example.com"),
    ("ST-14", "Joss Tremayne", "kitchen porter", "541-555-0168", "joss.tremayne@larkspurtable.example.com"),
]}


def _diet(veg=0, vegan=0, gf=0, nut=0, halal=0):
    return {"vegetarian": veg, "vegan": vegan, "gluten_free": gf, "nut_free": nut, "halal": halal}


# events: (id, client, title, date, end date, start, end, guests, status, venue, menu, coordinator, dietary,
# deposit paid)
_EVENTS = [
    ("EV-3008", "CL-105", "Achterberg family Christmas lunch", "2026-12-12", None, "12:30", "16:00", 42, "completed",
     "achterberg", "MN-11", "ST-01", _diet(6, 1, 2, 0, 0), 800.0),
    ("EV-3012", "CL-103", "Brightwater Group autumn team lunch", "2026-11-18", None, "12:00", "14:00", 34,
     "completed", "bw_group", "MN-15", "ST-11", _diet(5, 2, 1, 0, 1), 0.0),
    ("EV-3018", "CL-103", "Brightwater Group December huddle", "2026-12-03", None, "08:00", "09:30", 12, "completed",
     "bw_group", "MN-15", "ST-11", _diet(2, 0, 0, 0, 0), 0.0),
    ("EV-3020", "CL-106", "Fenwick & Rowe client holiday reception", "2026-12-09", None, "18:00", "21:00", 120,
     "completed", "fenwick", "MN-17", "ST-11", _diet(14, 4, 6, 2, 3), 2000.0),
    ("EV-3024", "CL-107", "Venkataraman-Iyer engagement party", "2027-02-13", None, "19:00", "23:00", 85, "completed",
     "glasshouse", "MN-13", "ST-01", _diet(20, 5, 4, 1, 0), 1000.0),
    ("EV-3029", "CL-115", "Wrenfield Rotary charter lunch", "2027-03-02", None, "12:00", "14:30", 60, "completed",
     "guildhall", "MN-15", "ST-11", _diet(8, 2, 3, 0, 0), 0.0),
    ("EV-3030", "CL-112", "Friends of Ashcombe Library book awards", "2027-03-04", None, "18:30", "21:00", 90,
     "completed", "library", "MN-13", "ST-01", _diet(15, 6, 4, 2, 0), 500.0),
    ("EV-3031", "CL-106", "Fenwick & Rowe partners' dinner", "2027-03-05", None, "19:00", "22:30", 48, "completed",
     "fenwick", "MN-11", "ST-01", _diet(6, 2, 2, 1, 2), 1000.0),
    ("EV-3032", "CL-113", "Wrenfield Chamber awards night", "2027-03-06", None, "18:00", "22:00", 150, "completed",
     "guildhall", "MN-17", "ST-11", _diet(18, 6, 7, 3, 4), 2500.0),
    ("EV-3033", "CL-111", "Old Quarry Spring Print Fair", "2027-03-12", "2027-03-14", "10:00", "17:00", 200,
     "completed", "quarry", "MN-14", "ST-01", _diet(200, 200, 30, 10, 0), 3000.0),
    ("EV-3034", "CL-103", "Brightwater Group CPD training lunch", "2027-03-11", None, "12:00", "13:30", 22,
     "completed", "bw_group", "MN-15", "ST-11", _diet(3, 1, 1, 0, 0), 0.0),
    ("EV-3035", "CL-113", "Chamber of Commerce members' breakfast", "2027-03-19", None, "07:30", "09:30", 70,
     "completed", "guildhall", "MN-15", "ST-11", _diet(9, 3, 2, 0, 1), 0.0),
    ("EV-3036", "CL-105", "Tobias Achterberg's 60th birthday party", "2027-03-20", None, "18:00", "23:00", 48,
     "completed", "glasshouse", "MN-11", "ST-01", _diet(7, 2, 3, 1, 0), 1500.0),
    ("EV-3037", "CL-104", "Brightwater Dental Studio open evening", "2027-03-25", None, "17:30", "20:00", 40,
     "completed", "bw_studio", "MN-13", "ST-11", _diet(6, 2, 1, 0, 0), 0.0),
    ("EV-3038", "CL-114", "Halvorsen-Mbatha wedding", "2027-03-27", None, "14:00", "23:30", 110, "completed",
     "saltmarsh", "MN-16", "ST-01", _diet(16, 5, 6, 2, 8), 5000.0),
    ("EV-3039", "CL-116", "Ashcombe Harbour Festival launch", "2027-03-28", None, "11:00", "15:00", 250, "completed",
     "pavilion", "MN-17", "ST-11", _diet(30, 12, 10, 4, 6), 3000.0),
    ("EV-3040", "CL-112", "Library Friends quiz night", "2027-03-31", None, "19:00", "22:00", 64, "completed",
     "library", "MN-18", "ST-11", _diet(10, 3, 2, 0, 0), 0.0),
    ("EV-3062", "CL-106", "Fenwick & Rowe quarterly board lunch", "2027-04-08", None, "12:30", "14:00", 18,
     "confirmed", "fenwick", "MN-15", "ST-11", _diet(2, 1, 1, 0, 0), 0.0),
    ("EV-3068", "CL-109", "Kestrel Ridge spring awards brunch", "2027-04-10", None, "10:30", "13:30", 75, "confirmed",
     "boathouse", "MN-11", "ST-01", _diet(9, 3, 2, 1, 0), 1000.0),
    ("EV-3064", "CL-113", "Wrenfield Chamber spring mixer", "2027-04-17", None, "17:30", "20:30", 120, "confirmed",
     "guildhall", "MN-13", "ST-11", _diet(14, 5, 5, 2, 2), 1500.0),
    ("EV-3065", "CL-110", "Ferreira-Dunn rehearsal dinner", "2027-04-17", None, "19:00", "22:00", 36, "tentative",
     "saltmarsh", "MN-11", "ST-01", _diet(4, 1, 2, 0, 0), 0.0),
    ("EV-3066", "CL-111", "Old Quarry Arts gala", "2027-04-17", None, "18:00", "23:00", 200, "cancelled", "quarry",
     "MN-17", "ST-11", _diet(25, 8, 9, 3, 2), 0.0),
    ("EV-3067", "CL-110", "Ferreira-Dunn wedding", "2027-04-18", None, "13:00", "23:00", 140, "confirmed",
     "saltmarsh", "MN-16", "ST-01", _diet(18, 6, 8, 2, 3), 6000.0),
    ("EV-3075", "CL-109", "Kestrel Ridge regatta dinner", "2027-05-22", None, "19:00", "23:30", 160, "confirmed",
     "boathouse", "MN-12", "ST-11", _diet(21, 7, 9, 4, 0), 4000.0),
    ("EV-3081", "CL-107", "Venkataraman-Iyer wedding", "2027-06-12", None, "15:00", "23:30", 130, "confirmed",
     "orchard", "MN-16", "ST-01", _diet(24, 6, 11, 3, 0), 6000.0),
    ("EV-3083", "CL-108", "Venkatesan-Alder wedding", "2027-06-19", None, "16:00", "23:00", 95, "confirmed",
     "saltmarsh", "MN-16", "ST-11", _diet(12, 3, 5, 1, 4), 4500.0),
    ("EV-3090", "CL-102", "Okonjo 25th anniversary party", "2027-07-03", None, "18:30", "23:00", 64, "confirmed",
     "glasshouse", "MN-12", "ST-01", _diet(8, 2, 3, 0, 0), 1500.0),
    ("EV-3091", "CL-101", "Okonkwo family reunion", "2027-07-10", None, "12:00", "17:00", 55, "tentative",
     "pavilion", "MN-11", "ST-11", _diet(6, 1, 2, 2, 0), 0.0),
]
EVENTS = {}
for (_eid, _cid, _title, _date, _end, _start, _finish, _guests, _status, _venue, _menu, _coord, _dietary,
     _deposit) in _EVENTS:
    EVENTS[_eid] = {"event_id": _eid, "client_id": _cid, "title": _title, "date": _date, "end_date": _end or _date,
                    "start_time": _start, "end_time": _finish, "guests": _guests, "status": _status,
                    "venue": dict(VENUES[_venue]), "menu_id": _menu, "coordinator_id": _coord, "dietary": _dietary,
                    "deposit_paid": _deposit}

# shifts: (event, staff, role, date, from, to)
_SHIFT_ROWS = [
    ("EV-3024", "ST-02", "server", "2027-02-13", "18:00", "23:30"),
    ("EV-3024", "ST-01", "event coordinator", "2027-02-13", "16:00", "23:30"),
    ("EV-3029", "ST-02", "server", "2027-03-02", "11:00", "15:00"),
    ("EV-3030", "ST-02", "server", "2027-03-04", "17:30", "21:30"),
    ("EV-3030", "ST-01", "event coordinator", "2027-03-04", "16:30", "21:30"),
    ("EV-3031", "ST-02", "server", "2027-03-05", "18:00", "23:00"),
    ("EV-3031", "ST-01", "event coordinator", "2027-03-05", "17:00", "23:00"),
    ("EV-3031", "ST-03", "head chef", "2027-03-05", "14:00", "22:30"),
    ("EV-3032", "ST-02", "server", "2027-03-06", "17:00", "22:30"),
    ("EV-3032", "ST-07", "server", "2027-03-06", "17:00", "22:30"),
    ("EV-3034", "ST-02", "server", "2027-03-11", "11:30", "14:00"),
    ("EV-3033", "ST-02", "server", "2027-03-12", "09:30", "17:30"),
    ("EV-3033", "ST-01", "event coordinator", "2027-03-12", "08:30", "17:30"),
    ("EV-3033", "ST-02", "server", "2027-03-13", "09:30", "17:30"),
    ("EV-3033", "ST-02", "server", "2027-03-14", "09:30", "17:30"),
    ("EV-3035", "ST-02", "server", "2027-03-19", "06:30", "10:00"),
    ("EV-3036", "ST-02", "server", "2027-03-20", "17:00", "23:30"),
    ("EV-3036", "ST-01", "event coordinator", "2027-03-20", "16:00", "23:30"),
    ("EV-3036", "ST-03", "head chef", "2027-03-20", "13:00", "22:00"),
    ("EV-3036", "ST-06", "bartender", "2027-03-20", "17:30", "23:30"),
    ("EV-3037", "ST-07", "server", "2027-03-25", "16:30", "20:30"),
    ("EV-3038", "ST-02", "server", "2027-03-27", "13:00", "23:59"),
    ("EV-3038", "ST-01", "event coordinator", "2027-03-27", "10:00", "23:59"),
    ("EV-3039", "ST-02", "server", "2027-03-28", "10:00", "15:30"),
    ("EV-3040", "ST-02", "server", "2027-03-31", "18:00", "22:30"),
    ("EV-3068", "ST-01", "event coordinator", "2027-04-10", "08:30", "14:00"),
    ("EV-3068", "ST-03", "head chef", "2027-04-10", "06:30", "13:00"),
    ("EV-3068", "ST-04", "sous chef", "2027-04-10", "06:30", "13:00"),
    ("EV-3068", "ST-10", "server", "2027-04-10", "09:30", "14:00"),
    ("EV-3064", "ST-02", "server", "2027-04-17", "16:30", "21:00"),
    ("EV-3075", "ST-11", "event coordinator", "2027-05-22", "15:00", "23:59"),
    ("EV-3075", "ST-08", "head chef", "2027-05-22", "12:00", "22:30"),
    ("EV-3075", "ST-05", "sous chef", "2027-05-22", "12:00", "22:30"),
    ("EV-3075", "ST-09", "kitchen porter", "2027-05-22", "14:00", "23:59"),
    ("EV-3075", "ST-07", "server", "2027-05-22", "17:30", "23:59"),
    ("EV-3075", "ST-10", "server", "2027-05-22", "17:30", "23:59"),
    ("EV-3075", "ST-12", "server", "2027-05-22", "17:30", "23:59"),
    ("EV-3075", "ST-02", "server", "2027-05-22", "17:30", "23:59"),
    ("EV-3075", "ST-13", "bartender", "2027-05-22", "18:00", "23:59"),
]


def _hours(a, b):
    (h1, m1), (h2, m2) = (map(int, a.split(":")), map(int, b.split(":")))
    return round(((h2 * 60 + m2) - (h1 * 60 + m1)) / 60, 2)


SHIFTS = [{"id": f"SH-{5101 + i}", "ev": ev, "stf": stf, "nm": STAFF[stf]["name"], "role": role, "d": d,
           "from": a, "to": b, "hrs": _hours(a, b)} for i, (ev, stf, role, d, a, b) in enumerate(_SHIFT_ROWS)]
SHIFTS.sort(key=lambda s: (s["d"], s["from"], s["id"]))


def _invoice(iid, cid, eid, issued, due, lines, payments, svc=0.10):
    lines = [{"description": d, "qty": q, "unit_price": u, "amount": round(q * u, 2)} for d, q, u in lines]
    subtotal = round(sum(x["amount"] for x in lines), 2)
    service = round(subtotal * svc, 2)
    total = round(subtotal + service, 2)
    paid = round(sum((p["amount"] for p in payments), 0.0), 2)
    balance = round(total - paid, 2)
    status = "paid" if balance <= 0 else ("part_paid" if paid else "unpaid")
    return {"invoice_id": iid, "client_id": cid, "event_id": eid, "event_title": EVENTS[eid]["title"],
            "issued": issued, "due": due, "lines": lines, "subtotal": subtotal, "service_charge": service,
            "total": total, "payments": payments, "amount_paid": paid, "balance_due": balance, "status": status,
            "overdue": balance > 0 and due < TODAY}


def _pay(date, amount, method):
    return {"date": date, "amount": amount, "method": method}


INVOICES = {i["invoice_id"]: i for i in [
    _invoice("INV-7690", "CL-105", "EV-3008", "2026-12-14", "2027-01-13",
             [("Harvest Table menu", 42, 52.25), ("Staffing (server hours)", 16, 32.0)],
             [_pay("2026-11-20", 800.0, "card"), _pay("2027-01-10", 1750.0, "bank transfer")]),
    _invoice("INV-7702", "CL-103", "EV-3012", "2026-11-19", "2026-12-19", [("Boardroom Lunch menu", 34, 24.5)],
             [_pay("2026-12-15", 916.3, "bank transfer")]),
    _invoice("INV-7718", "CL-103", "EV-3018", "2026-12-04", "2027-01-03",
             [("Boardroom Lunch menu (breakfast service)", 12, 24.5), ("Delivery and set-up", 1, 25.0)], []),
    _invoice("INV-7724", "CL-106", "EV-3020", "2026-12-10", "2027-01-09",
             [("Coastal Canapes Premium menu", 120, 38.25), ("Bar service", 1, 640.0)],
             [_pay("2026-11-01", 2000.0, "bank transfer"), _pay("2027-01-05", 3753.0, "bank transfer")]),
    _invoice("INV-7731", "CL-107", "EV-3024", "2027-02-15", "2027-03-17", [("Coastal Canapes menu", 85, 28.75)],
             [_pay("2027-01-12", 1000.0, "card"), _pay("2027-03-01", 1688.13, "card")]),
    _invoice("INV-7739", "CL-103", "EV-3034", "2027-03-12", "2027-04-11", [("Boardroom Lunch menu", 22, 24.5)], []),
    _invoice("INV-7744", "CL-105", "EV-3036", "2027-03-22", "2027-04-21",
             [("Harvest Table menu", 48, 52.25), ("Bar package", 48, 12.5), ("Staffing (server hours)", 20, 32.0)],
             [_pay("2027-02-20", 1500.0, "card"), _pay("2027-03-24", 1942.0, "bank transfer")]),
    _invoice("INV-7751", "CL-104", "EV-3037", "2027-03-26", "2027-04-25", [("Coastal Canapes menu", 40, 28.75)], []),
]}

QUOTES = {}


# ------------------------------------------------------------------ views
def client_summary(c):
    return {"client_id": c["client_id"], "name": c["name"], "type": c["type"], "email": c["contact"]["email"],
            "city": c["billing_address"]["city"]}


def event_summary(e):
    return {"event_id": e["event_id"], "title": e["title"], "date": e["date"], "guests": e["guests"],
            "status": e["status"], "client_id": e["client_id"], "menu_id": e["menu_id"]}


def invoice_summary(i):
    return {"invoice_id": i["invoice_id"], "event_id": i["event_id"], "event_title": i["event_title"],
            "issued": i["issued"], "due": i["due"], "total": i["total"], "status": i["status"]}


# ------------------------------------------------------------------ routes
@route("GET", "/clients")
def search_clients(params, query, body):
    q, email = query.get("q"), query.get("email")
    rows = []
    for c in CLIENTS.values():
        if q and not (words_in(q, c["name"]) or words_in(q, c["contact"]["name"])):
            continue
        if email and fold(email).strip() != fold(c["contact"]["email"]):
            continue
        rows.append(client_summary(c))
    return 200, {"clients": rows}


@route("GET", "/clients/{client_id}")
def get_client(params, query, body):
    return 200, get_or_404(CLIENTS, params["client_id"], "client")


@route("GET", "/events")
def list_events(params, query, body):
    cid = query.get("client_id")
    if cid:
        get_or_404(CLIENTS, cid, "client")
    lo = date_param(query["date_from"], "date_from") if query.get("date_from") else None
    hi = date_param(query["date_to"], "date_to") if query.get("date_to") else None
    status = query.get("status")
    if status and status not in ("tentative", "confirmed", "completed", "cancelled"):
        raise ApiError(400, "status must be tentative, confirmed, completed or cancelled")
    rows = []
    for e in sorted(EVENTS.values(), key=lambda e: (e["date"], e["start_time"], e["event_id"])):
        if cid and e["client_id"] != cid.strip().upper():
            continue
        if (lo and e["end_date"] < lo) or (hi and e["date"] > hi) or (status and e["status"] != status):
            continue
        rows.append(event_summary(e))
    return 200, paginate(rows, query, "events")


@route("GET", "/events/{event_id}")
def get_event(params, query, body):
    e = get_or_404(EVENTS, params["event_id"], "event")
    out = {k: v for k, v in e.items() if k not in ("menu_id", "coordinator_id", "client_id")}
    out["client"] = {"client_id": e["client_id"], "name": CLIENTS[e["client_id"]]["name"]}
    out["menu"] = {"menu_id": e["menu_id"], "name": MENUS[e["menu_id"]][0]}
    out["coordinator"] = {"staff_id": e["coordinator_id"], "name": STAFF[e["coordinator_id"]]["name"]}
    out["invoice_id"] = next((i["invoice_id"] for i in INVOICES.values() if i["event_id"] == e["event_id"]), None)
    return 200, out


@route("GET", "/menus")
def list_menus(params, query, body):
    q, style = query.get("q"), query.get("style")
    rows = []
    for mid, (name, mstyle, _price, _min, courses, _desc) in MENUS.items():
        if q and not words_in(q, name):
            continue
        if style and fold(style) != fold(mstyle):
            continue
        rows.append({"menu_id": mid, "name": name, "style": mstyle, "courses": list(courses)})
    return 200, {"menus": rows}


@route("GET", "/menus/{menu_id}")
def get_menu(params, query, body):
    mid = str(params["menu_id"]).strip().upper()
    name, style, price, minimum, courses, desc = get_or_404(MENUS, mid, "menu")
    return 200, {"menu_id": mid, "name": name, "style": style, "description": desc, "price_per_head": price,
                 "min_guests": minimum,
                 "courses": [{"course": c, "dishes": [{"dish_id": d, "name": DISHES[d][0]} for d in ds]}
                             for c, ds in courses.items()]}


@route("GET", "/dishes/{dish_id}")
def get_dish(params, query, body):
    did = str(params["dish_id"]).strip().upper()
    name, course, allergens, diet, kcal, grams = get_or_404(DISHES, did, "dish")
    return 200, {"id": did, "nm": name, "crs": course, "alg": allergens, "dt": diet, "kcal": kcal, "g": grams,
                 "mn": [m for m, row in MENUS.items() if any(did in ds for ds in row[4].values())]}


@route("GET", "/staff")
def list_staff(params, query, body):
    q, role = query.get("q"), query.get("role")
    rows = [s for s in STAFF.values()
            if (not q or words_in(q, s["name"])) and (not role or fold(role).strip() == fold(s["role"]))]
    return 200, {"staff": rows}


@route("GET", "/shifts")
def list_shifts(params, query, body):
    sid, eid = query.get("staff_id"), query.get("event_id")
    if sid:
        get_or_404(STAFF, sid, "staff member")
    if eid:
        get_or_404(EVENTS, eid, "event")
    lo = date_param(query["date_from"], "date_from") if query.get("date_from") else None
    hi = date_param(query["date_to"], "date_to") if query.get("date_to") else None
    rows = [s for s in SHIFTS
            if (not sid or s["stf"] == sid.strip().upper()) and (not eid or s["ev"] == eid.strip().upper())
            and (not lo or s["d"] >= lo) and (not hi or s["d"] <= hi)]
    return 200, paginate(rows, query, "shifts")


@route("GET", "/invoices")
def list_invoices(params, query, body):
    cid, status = query.get("client_id"), query.get("status")
    if cid:
        get_or_404(CLIENTS, cid, "client")
    if status and status not in ("paid", "part_paid", "unpaid", "open"):
        raise ApiError(400, "status must be paid, part_paid, unpaid or open")
    rows = [i for i in sorted(INVOICES.values(), key=lambda i: i["issued"])
            if (not cid or i["client_id"] == cid.strip().upper())
            and (not status or i["status"] == status or (status == "open" and i["status"] != "paid"))]
    return 200, {"invoices": [invoice_summary(i) for i in rows],
                 "outstanding_total": round(sum(i["balance_due"] for i in rows), 2)}


@route("GET", "/invoices/{invoice_id}")
def get_invoice(params, query, body):
    return 200, get_or_404(INVOICES, params["invoice_id"], "invoice")


@route("POST", "/quotes")
def create_quote(params, query, body):
    missing = [k for k in ("client_id", "menu_id", "event_date", "guests") if body.get(k) in (None, "")]
    if missing:
        raise ApiError(400, f"missing field(s): {', '.join(missing)}")
    client = get_or_404(CLIENTS, body["client_id"], "client")
    mid = str(body["menu_id"]).strip().upper()
    name, _style, price, minimum, _courses, _desc = get_or_404(MENUS, mid, "menu")
    day = date_param(body["event_date"], "event_date")
    if day <= TODAY:
        raise ApiError(422, "event_date must be in the future")
    try:
        guests = int(body["guests"])
    except (TypeError, ValueError):
        raise ApiError(400, "guests must be an integer") from None
    if guests < minimum:
        raise ApiError(422, f"{name} needs at least {minimum} guests")
    key = (client["client_id"], mid, day, guests)
    with LOCK:
        if key in QUOTES:
            return 200, QUOTES[key]
        ref = "QT-" + hashlib.sha1("|".join(map(str, key)).encode()).hexdigest()[:6].upper()
        QUOTES[key] = {"quote_ref": ref, "client_id": client["client_id"], "client_name": client["name"],
                       "menu_id": mid, "menu_name": name, "event_date": day, "guests": guests,
                       "price_per_head": price, "total": round(price * guests, 2), "currency": "USD",
                       "valid_until": "2027-05-02", "status": "draft"}
        return 201, QUOTES[key]


class Handler(BaseHTTPRequestHandler):
    def _dispatch(self, method):
        parts = urlsplit(self.path)
        query = {k: v[-1] for k, v in parse_qs(parts.query).items()}
        body = {}
        if method == "POST":
            raw = self.rfile.read(int(self.headers.get("Content-Length") or 0)).decode("utf-8", "replace")
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
