"""Ferncastle Estates API: a small in-memory HTTP service (Python standard library only) for an estate agency in
the (invented) town of Aldermoor: listings for sale and to rent, agents, viewings, offers and neighbourhoods.

Usage: python agency_service.py PORT   (serves under /api on 127.0.0.1:PORT)
Deterministic: fixed seed data (the data's "today" is Monday 2027-03-01), no clock, no randomness; viewing
references are derived from the booking's content. All names, emails, phone numbers, addresses and codes are
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

LOCK = threading.Lock()
ROUTES = []
DOMAIN = "ferncastle-estates.example"


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
    return [w for w in re.split(r"[^a-z0-9]+", fold(text).replace("'", "")) if w]


def matches(query, text):
    """Every word of the query starts a word of the text."""
    have = words(text)
    return all(any(h.startswith(w) for h in have) for w in words(query))


def get_or_404(table, key, what):
    row = table.get(str(key).strip().upper())
    if row is None:
        raise ApiError(404, f"no {what} {key!r}")
    return row


def int_param(query, name, default=None, lo=0, hi=10**9):
    raw = query.get(name)
    if raw in (None, ""):
        return default
    try:
        value = int(str(raw).replace(",", "").replace("_", ""))
    except ValueError:
        raise ApiError(400, f"{name} must be an integer") from None
    if not lo <= value <= hi:
        raise ApiError(400, f"{name} must be between {lo} and {hi}")
    return value


def date_param(raw, name):
    try:
        return datetime.date.fromisoformat(str(raw).strip()).isoformat()
    except ValueError:
        raise ApiError(400, f"{name} must be a date YYYY-MM-DD") from None


# ------------------------------------------------------------------------------------------------ seed data
BRANCHES = {
    "Tollgate": {"name": "Tollgate branch", "address": "3 Market Row, Tollgate AM7 1MR", "phone": "+44 1632 961 300"},
    "Kingsmere": {"name": "Kingsmere branch", "address": "58 Kingsmere Road, AM4 2KR", "phone": "+44 1632 961 400"},
    "Saffron Wharf": {"name": "Saffron Wharf branch", "address": "Unit 4, Quayside Row, AM2 6QR",
                      "phone": "+44 1632 961 200"},
    "Hollins End": {"name": "Hollins End branch", "address": "1 Beacon Parade, Hollins End AM9 3BP",
                    "phone": "+44 1632 961 900"},
}


def _agent(aid, name, role, branch, mobile, langs, since):
    first, last = name.lower().split(" ", 1)
    return {"agent_id": aid, "name": name, "role": role, "email": f"{first}.{last.replace(' ', '')}@{DOMAIN}",
            "mobile": mobile, "branch": dict(BRANCHES[branch]), "languages": langs, "joined": since}


AGENTS = {a["agent_id"]: a for a in [
    _agent("AG-01", "Ysolde Pennick", "sales negotiator", "Tollgate", "+44 7700 900 611", ["English", "Cornish"],
           "2018-04-09"),
    _agent("AG-03", "Declan Furlong", "senior sales negotiator", "Kingsmere", "+44 7700 900 633", ["English", "Irish"],
           "2015-09-01"),
    _agent("AG-04", "Declan Furlong-Hayes", "lettings negotiator", "Saffron Wharf", "+44 7700 900 644", ["English"],
           "2023-01-16"),
    _agent("AG-05", "Rafferty Okonjo", "branch manager", "Hollins End", "+44 7700 900 655",
           ["English", "Yoruba"], "2012-06-18"),
    _agent("AG-07", "Marisol Achebe", "sales negotiator", "Saffron Wharf", "+44 7700 900 677",
           ["English", "Spanish", "Igbo"], "2020-02-24"),
    _agent("AG-08", "Marisol Acheson", "lettings negotiator", "Tollgate", "+44 7700 900 688", ["English"],
           "2024-07-01"),
    _agent("AG-10", "Thaddeus Imrie", "lettings manager", "Kingsmere", "+44 7700 900 610", ["English", "Gaelic"],
           "2016-11-07"),
]}

NEIGHBOURHOODS = {n["id"]: n for n in [
    {"id": "NB-01", "name": "Kingsmere", "pc": "AM4", "px_sqm": 4680, "rent_pcm": 1390, "crime": "low",
     "sch": [{"n": "Kingsmere Primary", "ph": "pri", "ofs": "Good"},
             {"n": "Oswin Road Primary", "ph": "pri", "ofs": "Requires improvement"},
             {"n": "Kingsmere Academy", "ph": "sec", "ofs": "Good"}],
     "stn": [{"n": "Kingsmere Road", "walk_min": 5}, {"n": "Aldermoor Central", "walk_min": 25}]},
    {"id": "NB-02", "name": "Kingsmere Park", "pc": "AM4", "px_sqm": 5120, "rent_pcm": 1525, "crime": "low",
     "sch": [{"n": "Hazelmere Primary", "ph": "pri", "ofs": "Outstanding"},
             {"n": "Parkside Infant School", "ph": "pri", "ofs": "Good"},
             {"n": "Kingsmere Academy", "ph": "sec", "ofs": "Good"}],
     "stn": [{"n": "Kingsmere Park Halt", "walk_min": 6}, {"n": "Kingsmere Road", "walk_min": 17},
             {"n": "Aldermoor Central", "walk_min": 22}]},
    {"id": "NB-03", "name": "Tollgate", "pc": "AM7", "px_sqm": 3950, "rent_pcm": 1240, "crime": "average",
     "sch": [{"n": "Tollgate Primary", "ph": "pri", "ofs": "Good"},
             {"n": "Tollbar Secondary", "ph": "sec", "ofs": "Good"}],
     "stn": [{"n": "Tollgate", "walk_min": 9}]},
    {"id": "NB-04", "name": "Saffron Wharf", "pc": "AM2", "px_sqm": 5480, "rent_pcm": 1610, "crime": "average",
     "sch": [{"n": "Wharfside Primary", "ph": "pri", "ofs": "Good"}],
     "stn": [{"n": "Saffron Wharf Pier (river bus)", "walk_min": 3}, {"n": "Aldermoor Central", "walk_min": 14}]},
    {"id": "NB-05", "name": "Hollins End", "pc": "AM9", "px_sqm": 3610, "rent_pcm": 1150, "crime": "low",
     "sch": [{"n": "Hollins End Primary", "ph": "pri", "ofs": "Outstanding"},
             {"n": "Beacon Hill School", "ph": "sec", "ofs": "Good"}],
     "stn": [{"n": "Hollins End", "walk_min": 12}]},
    {"id": "NB-06", "name": "Tollgate Rise", "pc": "AM7", "px_sqm": 3720, "rent_pcm": 1180, "crime": "low",
     "sch": [{"n": "Rise Primary", "ph": "pri", "ofs": "Good"}],
     "stn": [{"n": "Tollgate", "walk_min": 15}]},
]}

STATUS_CODES = {"available": "AV", "under_offer": "UO", "sold_stc": "SSTC", "let_agreed": "LA"}


def _ls(lid, title, address, nb, kind, ptype, beds, price, agent, area, listed, features, status="available",
        epc="C", band="D", desc=None, history=None):
    return {"listing_id": lid, "title": title, "address": address, "neighbourhood_id": nb, "type": kind,
            "property_type": ptype, "bedrooms": beds, "price": price, "status": status, "agent_id": agent,
            "floor_area_sqm": area, "listed_on": listed, "features": features, "epc": epc,
            "council_tax_band": band, "description": desc or title + ".", "price_history": history or []}


LISTINGS = {l["listing_id"]: l for l in [
    # Tollgate
    _ls("FE-2214", "Three-bed terraced house", "41 Coldharbour Lane, Tollgate AM7 2CL", "NB-03", "sale", "house", 3,
        465000, "AG-01", 87, "2027-01-18", ["gas central heating", "rear garden", "loft room"],
        history=[{"date": "2026-11-02", "price": 485000}, {"date": "2027-01-18", "price": 465000}]),
    _ls("FE-2217", "Three-bed semi with garden", "27 Linnet Close, Tollgate AM7 4LC", "NB-03", "sale", "house", 3,
        489950, "AG-01", 94, "2027-02-03", ["driveway", "south-facing garden"]),
    _ls("FE-2218", "Three-bed end of terrace", "12 Sparrow Row, Tollgate AM7 2SR", "NB-03", "sale", "house", 3,
        535000, "AG-01", 102, "2027-02-10", ["extended kitchen", "garage"]),
    _ls("FE-2219", "Two-bed flat", "Flat 2, Mercer Court, Tollgate AM7 1MC", "NB-03", "sale", "flat", 2, 310000,
        "AG-01", 63, "2027-01-05", ["allocated parking"], band="B"),
    _ls("FE-2220", "Four-bed detached house", "4 Ferrier Gardens, Tollgate AM7 5FG", "NB-03", "sale", "house", 4,
        720000, "AG-01", 151, "2026-12-01", ["double garage", "home office"], band="F"),
    _ls("FE-2221", "Three-bed house to let", "6 Linnet Close, Tollgate AM7 4LC", "NB-03", "rent", "house", 3, 1850,
        "AG-08", 90, "2027-02-15", ["unfurnished", "garden"]),
    # Tollgate Rise
    _ls("FE-2262", "Three-bed semi-detached house", "9 Hatherley Road, Tollgate Rise AM7 8HR", "NB-06", "sale",
        "house", 3, 410000, "AG-01", 88, "2026-12-07", ["driveway", "conservatory"], status="under_offer"),
    _ls("FE-2263", "Two-bed flat to rent", "Flat 1, 19 Hatherley Road, Tollgate Rise AM7 8HR", "NB-06", "rent",
        "flat", 2, 1295, "AG-08", 58, "2027-02-19", ["part furnished"], band="B"),
    _ls("FE-2264", "Three-bed terrace", "18 Rise View, Tollgate Rise AM7 8RV", "NB-06", "sale", "house", 3, 398000,
        "AG-01", 83, "2027-01-26", ["garden", "cellar"]),
    # Kingsmere
    _ls("FE-2205", "Victorian terrace", "14 Wren Terrace, Kingsmere AM4 1WT", "NB-01", "sale", "house", 3, 450000,
        "AG-03", 96, "2027-01-11", ["period features", "cellar", "garden"]),
    _ls("FE-2206", "Two-bed terrace", "41 Wren Terrace, Kingsmere AM4 1WT", "NB-01", "sale", "house", 2, 389000,
        "AG-03", 71, "2027-02-08", ["courtyard garden"]),
    _ls("FE-2236", "Top-floor flat with shared roof terrace", "22B Ivel Street, Kingsmere AM4 3IS", "NB-01", "rent",
        "flat", 2, 1450, "AG-10", 66, "2027-02-12", ["shared roof terrace", "furnished"], band="B"),
    _ls("FE-2270", "Five-bed Edwardian house", "Weavers Hall, 2 Loom Street, Kingsmere AM4 2LS", "NB-01", "sale",
        "house", 5, 690000, "AG-03", 188, "2026-11-23", ["double reception", "garden studio"], band="F"),
    _ls("FE-2272", "One-bed flat", "Flat 5, Bobbin Court, Kingsmere AM4 2BC", "NB-01", "sale", "flat", 1, 245000,
        "AG-03", 44, "2027-02-22", ["lift", "bike store"], band="A"),
    _ls("FE-2273", "Converted coach house", "The Coach House, Loom Street, Kingsmere AM4 2LS", "NB-01", "sale",
        "house", 4, 735000, "AG-03", 164, "2026-10-12", ["gated parking", "gardens"], status="sold_stc", band="F"),
    # Kingsmere Park
    _ls("FE-2280", "Two-bed garden flat", "Flat A, 7 Parkside Avenue, Kingsmere Park AM4 5PA", "NB-02", "sale",
        "flat", 2, 415000, "AG-03", 74, "2027-02-01", ["private garden"], band="C"),
    _ls("FE-2281", "Three-bed house to rent", "16 Hazel Walk, Kingsmere Park AM4 5HW", "NB-02", "rent", "house", 3,
        1975, "AG-10", 92, "2027-02-17", ["unfurnished", "garden"]),
    # Saffron Wharf
    _ls("FE-2231", "Two-bed flat with private roof terrace", "Flat 7, Lantern House, 2 Quayside Row, Saffron Wharf "
        "AM2 6QR", "NB-04", "rent", "flat", 2, 1650, "AG-04", 70, "2027-02-04", ["private roof terrace", "concierge"],
        band="C"),
    _ls("FE-2233", "One-bed flat with balcony", "Flat 2, Chandlers Quay, Saffron Wharf AM2 6CQ", "NB-04", "rent",
        "flat", 1, 1195, "AG-04", 47, "2027-02-09", ["balcony", "furnished"], band="B"),
    _ls("FE-2234", "Two-bed flat with river glimpses", "Flat 12, Chandlers Quay, Saffron Wharf AM2 6CQ", "NB-04",
        "rent", "flat", 2, 1475, "AG-04", 61.5, "2027-02-14", ["juliet balcony", "bike store"], band="B"),
    _ls("FE-2235", "Two-bed warehouse conversion", "Flat 4, Ropemakers Yard, Saffron Wharf AM2 6RY", "NB-04", "rent",
        "flat", 2, 1520, "AG-04", 68, "2027-01-29", ["exposed brick", "mezzanine"], band="C"),
    _ls("FE-2237", "Three-bed duplex", "Flat 9, Lantern House, 2 Quayside Row, Saffron Wharf AM2 6QR", "NB-04",
        "rent", "flat", 3, 2150, "AG-04", 96, "2027-02-20", ["concierge", "two bathrooms"], band="D"),
    _ls("FE-2238", "Two-bed flat", "Flat 6, Chandlers Quay, Saffron Wharf AM2 6CQ", "NB-04", "rent", "flat", 2, 1395,
        "AG-04", 59, "2027-01-20", ["furnished"], status="let_agreed", band="B"),
    _ls("FE-2240", "Penthouse with roof terrace", "Penthouse, Lantern House, 2 Quayside Row, Saffron Wharf AM2 6QR",
        "NB-04", "sale", "flat", 3, 875000, "AG-07", 134, "2027-01-14", ["wraparound roof terrace", "lift"],
        band="F"),
    _ls("FE-2241", "Two-bed flat", "Flat 15, Ropemakers Yard, Saffron Wharf AM2 6RY", "NB-04", "sale", "flat", 2,
        455000, "AG-07", 72, "2027-02-02", ["exposed brick"], band="C"),
    # Hollins End
    _ls("FE-2250", "Old Orchard Cottage", "Old Orchard Cottage, Bramble Lane, Hollins End AM9 3BL", "NB-05", "sale",
        "house", 3, 615000, "AG-03", 121, "2027-02-05", ["orchard", "inglenook fireplace"], band="E"),
    _ls("FE-2251", "Orchard Cottage", "Orchard Cottage, 3 Pippin Way, Hollins End AM9 3PW", "NB-05", "sale", "house",
        2, 395000, "AG-05", 78, "2027-02-11", ["cottage garden"]),
    _ls("FE-2252", "The Granary", "The Granary, Mill Lane, Hollins End AM9 3ML", "NB-05", "sale", "house", 4,
        845000, "AG-05", 210, "2026-09-30", ["barn conversion", "paddock"], band="G",
        history=[{"date": "2026-09-30", "price": 895000}, {"date": "2027-01-04", "price": 845000}]),
    _ls("FE-2253", "Three-bed detached house", "3 Beacon Rise, Hollins End AM9 3BR", "NB-05", "sale", "house", 3,
        560000, "AG-05", 118, "2027-01-21", ["views", "garage"]),
    _ls("FE-2254", "Penthouse apartment", "Penthouse, Hollins Wharf, Hollins End AM9 3HW", "NB-05", "sale", "flat", 3,
        990000, "AG-07", 142, "2027-02-16", ["roof garden", "lift"], band="F"),
    _ls("FE-2255", "Hollins Farmhouse", "Hollins Farmhouse, Wold Road, Hollins End AM9 3WR", "NB-05", "sale", "house",
        5, 1150000, "AG-05", 265, "2026-10-20", ["land", "outbuildings"], status="sold_stc", band="G"),
    _ls("FE-2256", "Four-bed house", "12 Beacon Rise, Hollins End AM9 3BR", "NB-05", "sale", "house", 4, 475000,
        "AG-05", 124, "2027-02-18", ["garage"]),
    _ls("FE-2257", "Three-bed cottage", "5 Mill Lane, Hollins End AM9 3ML", "NB-05", "sale", "house", 3, 430000,
        "AG-05", 92, "2027-02-23", ["wood burner"]),
    _ls("FE-2258", "Two-bed semi", "27 Pippin Way, Hollins End AM9 3PW", "NB-05", "sale", "house", 2, 365000,
        "AG-05", 70, "2027-02-24", ["garden"]),
    _ls("FE-2259", "Two-bed cottage", "2 Hollins Green Cottages, Hollins End AM9 3HG", "NB-05", "sale", "house", 2,
        340000, "AG-05", 66, "2027-02-25", ["village green views"]),
    _ls("FE-2260", "Four-bed family house", "8 Bramble Lane, Hollins End AM9 3BL", "NB-05", "sale", "house", 4,
        499500, "AG-05", 131, "2027-02-26", ["double garage"]),
    _ls("FE-2261", "Three-bed semi", "14 Wold Road, Hollins End AM9 3WR", "NB-05", "sale", "house", 3, 312000,
        "AG-05", 84, "2027-02-27", ["garden"]),
    _ls("FE-2265", "Two-bed terrace", "31 Wold Road, Hollins End AM9 3WR", "NB-05", "sale", "house", 2, 299950,
        "AG-05", 65, "2027-02-28", ["yard"]),
    _ls("FE-2266", "The Old Forge", "The Old Forge, Mill Lane, Hollins End AM9 3ML", "NB-05", "sale", "house", 4,
        799000, "AG-05", 176, "2027-02-19", ["workshop", "walled garden"], band="F"),
    _ls("FE-2267", "Three-bed house to rent", "20 Pippin Way, Hollins End AM9 3PW", "NB-05", "rent", "house", 3, 1425,
        "AG-10", 88, "2027-02-21", ["unfurnished"]),
]}

OFFERS = {o["offer_id"]: o for o in [
    {"offer_id": "OF-3301", "listing_id": "FE-2205", "amount": 438000, "submitted": "2027-02-20", "status": "pending",
     "buyer": {"name": "Cressida Vane", "email": "cressida.vane@example.net", "position": "has property to sell",
               "chain_free": False},
     "solicitor": {"firm": "Ormsby Tate", "contact": "Gwen Ormsby", "phone": "+44 1632 962 101"},
     "mortgage": {"lender": "Harbourline Bank", "agreement_in_principle": True}, "conditions": ["subject to survey"]},
    {"offer_id": "OF-3302", "listing_id": "FE-2205", "amount": 445000, "submitted": "2027-02-24",
     "status": "withdrawn", "buyer": {"name": "Barnaby Thistlewood", "email": "b.thistlewood@example.com",
                                      "position": "first-time buyer", "chain_free": True},
     "solicitor": {"firm": "Quillfeather Conveyancing", "contact": "Amos Reade", "phone": "+44 1632 962 144"},
     "mortgage": {"lender": "Westerly Building Society", "agreement_in_principle": True}, "conditions": []},
    {"offer_id": "OF-3303", "listing_id": "FE-2205", "amount": 430000, "submitted": "2027-02-11", "status": "rejected",
     "buyer": {"name": "Lucan Ferreira", "email": "lucan.ferreira@example.org", "position": "renting",
               "chain_free": True},
     "solicitor": {"firm": "Brindle & Sloane", "contact": "Ivy Sloane", "phone": "+44 1632 962 177"},
     "mortgage": {"lender": "Aldermoor Mutual", "agreement_in_principle": False}, "conditions": []},
    {"offer_id": "OF-3305", "listing_id": "FE-2205", "amount": 441500, "submitted": "2027-03-01", "status": "pending",
     "buyer": {"name": "Harriet Oyinlola", "email": "harriet.oyinlola@example.com", "position": "renting",
               "chain_free": True},
     "solicitor": {"firm": "Marlow Vance LLP", "contact": "Peter Vance", "phone": "+44 1632 962 190"},
     "mortgage": {"lender": "Harbourline Bank", "agreement_in_principle": True}, "conditions": ["subject to survey"]},
    {"offer_id": "OF-3338", "listing_id": "FE-2262", "amount": 395000, "submitted": "2026-12-19",
     "status": "rejected", "buyer": {"name": "Posy Kettering", "email": "posy.k@example.net",
                                     "position": "has property to sell", "chain_free": False},
     "solicitor": {"firm": "Ormsby Tate", "contact": "Gwen Ormsby", "phone": "+44 1632 962 101"},
     "mortgage": {"lender": "Aldermoor Mutual", "agreement_in_principle": True}, "conditions": []},
    {"offer_id": "OF-3340", "listing_id": "FE-2262", "amount": 402000, "submitted": "2027-01-08",
     "status": "accepted", "buyer": {"name": "Anselm Greaves", "email": "anselm.greaves@example.com",
                                     "position": "first-time buyer", "chain_free": True},
     "solicitor": {"firm": "Quillfeather Conveyancing", "contact": "Amos Reade", "phone": "+44 1632 962 144"},
     "mortgage": {"lender": "Westerly Building Society", "agreement_in_principle": True, "loan_amount": 321600},
     "conditions": ["subject to survey", "completion by 2027-05-28"]},
    {"offer_id": "OF-3350", "listing_id": "FE-2270", "amount": 672000, "submitted": "2027-02-17", "status": "pending",
     "buyer": {"name": "Imogen Starling", "email": "imogen.starling@example.org", "position": "cash buyer",
               "chain_free": True},
     "solicitor": {"firm": "Brindle & Sloane", "contact": "Ivy Sloane", "phone": "+44 1632 962 177"},
     "mortgage": None, "conditions": ["subject to survey"]},
    {"offer_id": "OF-3351", "listing_id": "FE-2270", "amount": 680000, "submitted": "2027-02-03",
     "status": "withdrawn", "buyer": {"name": "Tarquin Ashby", "email": "tarquin.ashby@example.com",
                                      "position": "has property to sell", "chain_free": False},
     "solicitor": {"firm": "Ormsby Tate", "contact": "Gwen Ormsby", "phone": "+44 1632 962 101"},
     "mortgage": {"lender": "Harbourline Bank", "agreement_in_principle": True}, "conditions": []},
    {"offer_id": "OF-3352", "listing_id": "FE-2270", "amount": 665000, "submitted": "2027-02-26", "status": "pending",
     "buyer": {"name": "Beatrix Olumide", "email": "beatrix.olumide@example.net", "position": "has property to sell",
               "chain_free": False},
     "solicitor": {"firm": "Harrowgate Legal", "contact": "Colm Harrow", "phone": "+44 1632 962 133"},
     "mortgage": {"lender": "Aldermoor Mutual", "agreement_in_principle": True}, "conditions": []},
    {"offer_id": "OF-3360", "listing_id": "FE-2273", "amount": 730000, "submitted": "2026-12-02",
     "status": "accepted", "buyer": {"name": "Gideon Pryce", "email": "gideon.pryce@example.com",
                                     "position": "cash buyer", "chain_free": True},
     "solicitor": {"firm": "Marlow Vance LLP", "contact": "Peter Vance", "phone": "+44 1632 962 190"},
     "mortgage": None, "conditions": []},
    {"offer_id": "OF-3370", "listing_id": "FE-2250", "amount": 600000, "submitted": "2027-02-25", "status": "pending",
     "buyer": {"name": "Rosamund Quayle", "email": "rosamund.quayle@example.org", "position": "renting",
               "chain_free": True},
     "solicitor": {"firm": "Harrowgate Legal", "contact": "Colm Harrow", "phone": "+44 1632 962 133"},
     "mortgage": {"lender": "Westerly Building Society", "agreement_in_principle": False}, "conditions": []},
]}


def _vw(vid, lid, date, time, viewer, status="booked"):
    agent = AGENTS[LISTINGS[lid]["agent_id"]]
    first, last = viewer.lower().split(" ", 1)
    return {"viewing_id": vid, "listing_id": lid, "address": LISTINGS[lid]["address"], "agent_id": agent["agent_id"],
            "agent_name": agent["name"], "date": date, "time": time, "viewer_name": viewer,
            "viewer_email": f"{first}.{last.replace(' ', '')}@example.com", "status": status}


_SEED_VIEWINGS = [
    # Marisol Achebe (AG-07): FE-2240, FE-2241, FE-2254
    ("FE-2241", "2027-02-22", "10:00", "Oona Bellweather", "completed"),
    ("FE-2240", "2027-03-01", "17:30", "Rupert Sandhu", "booked"),
    ("FE-2241", "2027-03-02", "09:30", "Tamsin Greer", "booked"),
    ("FE-2254", "2027-03-03", "12:00", "Viktor Ellery", "booked"),
    ("FE-2240", "2027-03-04", "15:00", "Wenna Poldark", "cancelled"),
    ("FE-2241", "2027-03-05", "11:00", "Xavier Lund", "booked"),
    ("FE-2254", "2027-03-08", "10:30", "Yara Castell", "booked"),
    ("FE-2240", "2027-03-09", "14:00", "Zeb Marlowe", "booked"),
    ("FE-2241", "2027-03-11", "16:30", "Aoife Brennan", "booked"),
    ("FE-2254", "2027-03-12", "09:00", "Bram Okafor", "booked"),
    ("FE-2240", "2027-03-15", "13:30", "Cosima Reyes", "booked"),
    ("FE-2241", "2027-03-16", "10:00", "Dashiell Finch", "cancelled"),
    ("FE-2254", "2027-03-18", "15:30", "Elowen Tregarth", "booked"),
    ("FE-2240", "2027-03-20", "11:30", "Florian Adeyemi", "booked"),
    ("FE-2241", "2027-03-23", "12:30", "Gaia Lindholm", "booked"),
    ("FE-2254", "2027-03-25", "17:00", "Hollis Wray", "booked"),
    ("FE-2240", "2027-03-30", "10:00", "Inigo Barrow", "booked"),
    ("FE-2241", "2027-04-02", "10:00", "Jocasta Pell", "booked"),
    # Marisol Acheson (AG-08): FE-2221, FE-2263
    ("FE-2221", "2027-03-02", "18:00", "Kit Manning", "booked"),
    ("FE-2263", "2027-03-04", "12:00", "Lyra Osei", "booked"),
    ("FE-2221", "2027-03-09", "17:30", "Mungo Pratt", "booked"),
    ("FE-2263", "2027-03-13", "10:00", "Nell Varga", "booked"),
    ("FE-2221", "2027-03-17", "11:00", "Orla Dunne", "booked"),
    ("FE-2263", "2027-03-24", "16:00", "Pax Holloway", "booked"),
    # Declan Furlong (AG-03)
    ("FE-2205", "2027-03-03", "10:00", "Quentin Aldous", "booked"),
    ("FE-2250", "2027-03-06", "11:00", "Rhiannon Pike", "booked"),
    ("FE-2270", "2027-03-10", "14:30", "Sorcha Neville", "booked"),
    ("FE-2250", "2027-03-18", "10:00", "Torin Blaylock", "booked"),
    # others
    ("FE-2252", "2027-03-05", "13:00", "Ulla Brandt", "booked"),
    ("FE-2234", "2027-03-06", "12:00", "Vesna Kirov", "booked"),
    ("FE-2214", "2027-03-08", "18:00", "Wendell Ames", "booked"),
]
VIEWINGS = {}
for _i, (_lid, _d, _t, _who, _st) in enumerate(_SEED_VIEWINGS):
    _v = _vw(f"VW-{4101 + _i}", _lid, _d, _t, _who, _st)
    VIEWINGS[_v["viewing_id"]] = _v
BOOKED = {}  # viewings booked through the API, by reference

VIEWING_WINDOW = ("2027-03-01", "2027-06-30")


# ------------------------------------------------------------------------------------------------ views
def listing_summary(l):
    return {"listing_id": l["listing_id"], "title": l["title"], "address": l["address"],
            "neighbourhood_id": l["neighbourhood_id"], "type": l["type"], "property_type": l["property_type"],
            "bedrooms": l["bedrooms"], "price": l["price"], "price_unit": "per month" if l["type"] == "rent" else
            "asking price", "status": l["status"], "listed_on": l["listed_on"]}


def listing_detail(l):
    a, n = AGENTS[l["agent_id"]], NEIGHBOURHOODS[l["neighbourhood_id"]]
    out = {k: v for k, v in l.items() if k not in ("agent_id", "neighbourhood_id")}
    out["price_unit"] = "per month" if l["type"] == "rent" else "asking price"
    out["currency"] = "GBP"
    out["agent"] = {"agent_id": a["agent_id"], "name": a["name"]}
    out["neighbourhood"] = {"neighbourhood_id": n["id"], "name": n["name"]}
    out["features"] = list(l["features"])
    out["price_history"] = [dict(h) for h in l["price_history"]]
    return out


def paginate(rows, query, default_size=10, max_size=25):
    page = int_param(query, "page", 1, 1, 10000)
    size = int_param(query, "page_size", default_size, 1, max_size)
    first = (page - 1) * size
    return rows[first:first + size], {"page": page, "page_size": size, "total_count": len(rows),
                                      "next_page": page + 1 if first + size < len(rows) else None}


# ------------------------------------------------------------------------------------------------ routes
@route("GET", "/listings")
def search_listings(params, query, body):
    q = (query.get("q") or "").strip()
    nb = (query.get("neighbourhood_id") or "").strip().upper()
    kind = (query.get("type") or "").strip().lower()
    if kind and kind not in ("sale", "rent"):
        raise ApiError(400, "type must be sale or rent")
    ptype = (query.get("property_type") or "").strip().lower()
    if ptype and ptype not in ("house", "flat"):
        raise ApiError(400, "property_type must be house or flat")
    status = (query.get("status") or "").strip().lower()
    if status and status not in ("all", *STATUS_CODES):
        raise ApiError(400, "status must be available, under_offer, sold_stc, let_agreed or all")
    beds = int_param(query, "bedrooms", None, 0, 20)
    min_beds = int_param(query, "min_bedrooms", None, 0, 20)
    lo, hi = int_param(query, "min_price"), int_param(query, "max_price")
    sort = (query.get("sort") or "newest").strip().lower()
    if sort not in ("newest", "price_asc", "price_desc"):
        raise ApiError(400, "sort must be newest, price_asc or price_desc")
    rows = [l for l in LISTINGS.values()
            if (not q or matches(q, " ".join([l["title"], l["address"], *l["features"]])))
            and (not nb or l["neighbourhood_id"] == nb) and (not kind or l["type"] == kind)
            and (not ptype or l["property_type"] == ptype)
            and (l["status"] in ("available", "under_offer") if not status else
                 status == "all" or l["status"] == status)
            and (beds is None or l["bedrooms"] == beds) and (min_beds is None or l["bedrooms"] >= min_beds)
            and (lo is None or l["price"] >= lo) and (hi is None or l["price"] <= hi)]
    if sort == "newest":
        rows.sort(key=lambda l: (l["listed_on"], l["listing_id"]), reverse=True)
    else:
        rows.sort(key=lambda l: (l["price"], l["listing_id"]), reverse=sort == "price_desc")
    items, meta = paginate(rows, query)
    return 200, {"listings": [listing_summary(l) for l in items], **meta}


@route("GET", "/listings/{listing_id}")
def get_listing(params, query, body):
    return 200, listing_detail(get_or_404(LISTINGS, params["listing_id"], "listing"))


@route("GET", "/listings/{listing_id}/offers")
def list_offers(params, query, body):
    l = get_or_404(LISTINGS, params["listing_id"], "listing")
    status = (query.get("status") or "").strip().lower()
    if status and status not in ("pending", "accepted", "rejected", "withdrawn"):
        raise ApiError(400, "status must be pending, accepted, rejected or withdrawn")
    if l["type"] != "sale":
        raise ApiError(409, f"{l['listing_id']} is a rental; offers are only taken on sales")
    rows = sorted((o for o in OFFERS.values() if o["listing_id"] == l["listing_id"]
                   and (not status or o["status"] == status)), key=lambda o: (o["submitted"], o["offer_id"]),
                  reverse=True)
    items = [{"offer_id": o["offer_id"], "buyer_name": o["buyer"]["name"], "amount": o["amount"],
              "submitted": o["submitted"], "status": o["status"]} for o in rows]
    return 200, {"listing_id": l["listing_id"], "address": l["address"], "asking_price": l["price"],
                 "currency": "GBP", "offers": items, "count": len(items)}


@route("GET", "/offers/{offer_id}")
def get_offer(params, query, body):
    o = get_or_404(OFFERS, params["offer_id"], "offer")
    l = LISTINGS[o["listing_id"]]
    return 200, {"offer_id": o["offer_id"], "listing_id": l["listing_id"], "address": l["address"],
                 "amount": o["amount"], "currency": "GBP", "submitted": o["submitted"], "status": o["status"],
                 "buyer": dict(o["buyer"]), "solicitor": dict(o["solicitor"]),
                 "mortgage": dict(o["mortgage"]) if o["mortgage"] else None, "conditions": list(o["conditions"])}


@route("GET", "/agents")
def search_agents(params, query, body):
    name, email = (query.get("name") or "").strip(), (query.get("email") or "").strip().lower()
    branch = (query.get("branch") or "").strip()
    rows = [a for a in AGENTS.values() if (not name or matches(name, a["name"]))
            and (not email or a["email"] == email) and (not branch or matches(branch, a["branch"]["name"]))]
    items = [{"agent_id": a["agent_id"], "name": a["name"], "role": a["role"], "branch": a["branch"]["name"]}
             for a in rows]
    return 200, {"agents": items, "count": len(items)}


@route("GET", "/agents/{agent_id}")
def get_agent(params, query, body):
    a = get_or_404(AGENTS, params["agent_id"], "agent")
    return 200, {**a, "branch": dict(a["branch"]), "languages": list(a["languages"])}


@route("GET", "/agents/{agent_id}/listings")
def list_agent_listings(params, query, body):
    a = get_or_404(AGENTS, params["agent_id"], "agent")
    rows = sorted((l for l in LISTINGS.values() if l["agent_id"] == a["agent_id"]),
                  key=lambda l: l["listing_id"])
    items = [{"id": l["listing_id"], "addr": l["address"], "kind": l["type"], "bd": l["bedrooms"], "px": l["price"],
              "st": STATUS_CODES[l["status"]]} for l in rows]
    return 200, {"agent_id": a["agent_id"], "listings": items, "n": len(items)}


@route("GET", "/viewings")
def list_viewings(params, query, body):
    agent = (query.get("agent_id") or "").strip().upper()
    lid = (query.get("listing_id") or "").strip().upper()
    email = (query.get("viewer_email") or "").strip().lower()
    start = date_param(query["date_from"], "date_from") if query.get("date_from") else None
    end = date_param(query["date_to"], "date_to") if query.get("date_to") else None
    status = (query.get("status") or "").strip().lower()
    if status and status not in ("booked", "completed", "cancelled"):
        raise ApiError(400, "status must be booked, completed or cancelled")
    with LOCK:
        everything = list(VIEWINGS.values()) + list(BOOKED.values())
    rows = [v for v in everything if (not agent or v["agent_id"] == agent) and (not lid or v["listing_id"] == lid)
            and (not email or v["viewer_email"] == email) and (not start or v["date"] >= start)
            and (not end or v["date"] <= end) and (not status or v["status"] == status)]
    rows.sort(key=lambda v: (v["date"], v["time"], v["viewing_id"]))
    items, meta = paginate(rows, query)
    return 200, {"viewings": [dict(v) for v in items], **meta}


@route("GET", "/viewings/{viewing_id}")
def get_viewing(params, query, body):
    key = str(params["viewing_id"]).strip().upper()
    with LOCK:
        v = VIEWINGS.get(key) or BOOKED.get(key)
    if v is None:
        raise ApiError(404, f"no viewing {params['viewing_id']!r}")
    return 200, dict(v)


@route("POST", "/viewings")
def book_viewing(params, query, body):
    for field in ("listing_id", "agent_id", "date", "time", "viewer_name", "viewer_email"):
        if not str(body.get(field) or "").strip():
            raise ApiError(400, f"field '{field}' is required")
    l = get_or_404(LISTINGS, body["listing_id"], "listing")
    a = get_or_404(AGENTS, body["agent_id"], "agent")
    date = date_param(body["date"], "date")
    m = re.match(r"^(\d{1,2}):(\d{2})(?::00)?$", str(body["time"]).strip())
    if not m or int(m.group(1)) > 23 or m.group(2) not in ("00", "30"):
        raise ApiError(400, "time must be HH:MM (24-hour), on the hour or half hour")
    time = f"{int(m.group(1)):02d}:{m.group(2)}"
    email = str(body["viewer_email"]).strip().lower()
    if "@" not in email:
        raise ApiError(400, "viewer_email is not an email address")
    name = " ".join(str(body["viewer_name"]).split()).title()
    ref = "VW-" + hashlib.sha1("|".join([l["listing_id"], date, time, email]).encode()).hexdigest().upper()[:6]
    with LOCK:
        if ref in BOOKED:
            return 200, dict(BOOKED[ref])
        if a["agent_id"] != l["agent_id"]:
            raise ApiError(422, f"{a['name']} ({a['agent_id']}) does not handle {l['listing_id']}; use the listing's "
                                "agent (agent.agent_id of GET /listings/{listing_id})")
        if l["status"] not in ("available", "under_offer"):
            raise ApiError(422, f"{l['listing_id']} is {l['status']} and no longer open to viewings")
        if not VIEWING_WINDOW[0] <= date <= VIEWING_WINDOW[1]:
            raise ApiError(422, f"viewings can be booked from {VIEWING_WINDOW[0]} to {VIEWING_WINDOW[1]}")
        if datetime.date.fromisoformat(date).weekday() == 6:
            raise ApiError(422, "no viewings on Sundays")
        if not "09:00" <= time <= "18:00":
            raise ApiError(422, "viewings run from 09:00 to 18:00")
        for v in list(VIEWINGS.values()) + list(BOOKED.values()):
            if v["agent_id"] == a["agent_id"] and v["date"] == date and v["time"] == time and v["status"] == "booked":
                raise ApiError(409, f"{a['name']} already has a viewing at {time} on {date}")
        BOOKED[ref] = {"viewing_id": ref, "listing_id": l["listing_id"], "address": l["address"],
                       "agent_id": a["agent_id"], "agent_name": a["name"], "date": date, "time": time,
                       "viewer_name": name, "viewer_email": email, "status": "booked"}
    return 201, dict(BOOKED[ref])


@route("GET", "/neighbourhoods")
def search_neighbourhoods(params, query, body):
    name = (query.get("name") or "").strip()
    rows = [n for n in NEIGHBOURHOODS.values() if not name or matches(name, n["name"])]
    items = [{"neighbourhood_id": n["id"], "name": n["name"], "postcode_district": n["pc"]} for n in rows]
    return 200, {"neighbourhoods": items, "count": len(items)}


@route("GET", "/neighbourhoods/{neighbourhood_id}")
def get_neighbourhood(params, query, body):
    n = get_or_404(NEIGHBOURHOODS, params["neighbourhood_id"], "neighbourhood")
    return 200, {**n, "sch": [dict(s) for s in n["sch"]], "stn": [dict(s) for s in n["stn"]]}


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
