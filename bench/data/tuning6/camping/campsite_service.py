"""Larchwater Holiday Park API: a small in-memory HTTP service (Python standard library only).

Pitches, guests, bookings, the daily arrivals sheet, on-site facilities and equipment hire of an invented campsite.

Usage: python campsite_service.py PORT   (serves under /api on 127.0.0.1:PORT)
Deterministic: fixed seed data (the park's "today" is 2027-07-15), no clock, no randomness; hire codes are derived
from the hire's content (SHA-1 prefix). All names, emails, phone numbers, vehicle registrations, addresses and codes
are invented. Licence: Apache-2.0.
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

TODAY = datetime.date(2027, 7, 15)
LOCK = threading.Lock()
ROUTES = []


class HttpError(Exception):
    def __init__(self, status, message):
        super().__init__(message)
        self.status, self.message = status, message


def endpoint(method, template):
    pattern = re.compile("^/api" + re.sub(r"\{(\w+)\}", r"(?P<\1>[^/]+)", template) + "/?$")

    def register(fn):
        ROUTES.append((method, pattern, fn))
        return fn
    return register


def fold(text):
    return "".join(c for c in unicodedata.normalize("NFKD", str(text)) if not unicodedata.combining(c)).lower()


def matches_words(query, *texts):
    words = [w for w in re.split(r"[^\w-]+", fold(query)) if w]
    hay = " ".join(fold(t) for t in texts)
    return all(w in hay for w in words)


def parse_date(value, name):
    try:
        return datetime.date.fromisoformat(str(value).strip())
    except ValueError:
        raise HttpError(400, f"{name} must be a date in the form YYYY-MM-DD") from None


def parse_int(query, name, default, lo, hi):
    raw = query.get(name)
    if raw in (None, ""):
        return default
    try:
        value = int(raw)
    except ValueError:
        raise HttpError(400, f"{name} must be a whole number") from None
    if not lo <= value <= hi:
        raise HttpError(400, f"{name} must be between {lo} and {hi}")
    return value


def parse_float(query, name):
    raw = query.get(name)
    if raw in (None, ""):
        return None
    try:
        return float(str(raw).lower().rstrip("ma").strip())
    except ValueError:
        raise HttpError(400, f"{name} must be a number") from None


def lookup(table, key, what):
    row = table.get(str(key).strip().upper())
    if row is None:
        raise HttpError(404, f"no {what} {key!r}")
    return row


def paginate(rows, query, key):
    page = parse_int(query, "page", 1, 1, 1000)
    per_page = parse_int(query, "per_page", 10, 1, 50)
    start = (page - 1) * per_page
    return {key: rows[start:start + per_page], "total_count": len(rows), "page": page, "per_page": per_page,
            "pages": max(1, -(-len(rows) // per_page))}


# ------------------------------------------------------------------------------------------------ seed data
ZONES = {
    "L": {"code": "L", "name": "Lochside", "warden": "Morag Tennant", "warden_radio": "channel 3"},
    "W": {"code": "W", "name": "Woodland", "warden": "Eilidh Baird-Munro", "warden_radio": "channel 4"},
    "M": {"code": "M", "name": "Meadow", "warden": "Joachim Lindfors", "warden_radio": "channel 2"},
    "H": {"code": "H", "name": "Hilltop", "warden": "Calum Rennick", "warden_radio": "channel 5"},
}

FACILITIES = {f["facility_id"]: f for f in [
    {"facility_id": "F-01", "name": "Reception & Shop", "type": "shop", "zone": "Meadow",
     "hours": {"mon_fri": "08:00-19:00", "sat": "08:00-20:00", "sun": "09:00-17:00"}, "accessible": True,
     "phone_ext": "200", "notices": [{"from": "2027-07-01", "to": "2027-08-31",
                                      "text": "Fresh bread and pastries from 08:00; order by 18:00 the day before."}]},
    {"facility_id": "F-02", "name": "Lochside Shower Block", "type": "showers", "zone": "Lochside",
     "hours": {"daily": "06:30-23:00"}, "accessible": True, "phone_ext": None, "notices": []},
    {"facility_id": "F-03", "name": "Meadow Shower Block", "type": "showers", "zone": "Meadow",
     "hours": {"daily": "00:00-24:00"}, "accessible": True, "phone_ext": None,
     "notices": [{"from": "2027-07-20", "to": "2027-07-22",
                  "text": "Open 24 hours while the Hilltop Shower Block is closed."}]},
    {"facility_id": "F-04", "name": "Hilltop Shower Block", "type": "showers", "zone": "Hilltop",
     "hours": {"daily": "07:00-22:00"}, "accessible": False, "phone_ext": None,
     "notices": [{"from": "2027-07-20", "to": "2027-07-22",
                  "text": "CLOSED for re-tiling; reopens 2027-07-23 at 07:00. Please use the Meadow Shower Block "
                          "(open 24 hours) meanwhile."}]},
    {"facility_id": "F-05", "name": "Woodland Shower Block", "type": "showers", "zone": "Woodland",
     "hours": {"daily": "06:30-23:00"}, "accessible": True, "phone_ext": None, "notices": []},
    {"facility_id": "F-06", "name": "Launderette", "type": "laundry", "zone": "Meadow",
     "hours": {"daily": "07:00-21:00"}, "accessible": True, "phone_ext": "204",
     "notices": [{"from": "2027-06-01", "to": "2027-09-30",
                  "text": "Washers take tokens (4.50) from reception; dryers 1.00 per 20 minutes."}]},
    {"facility_id": "F-07", "name": "Dog Wash", "type": "dog_wash", "zone": "Woodland",
     "hours": {"daily": "08:00-20:00"}, "accessible": True, "phone_ext": None, "notices": []},
    {"facility_id": "F-08", "name": "Chemical Disposal Point", "type": "disposal", "zone": "Meadow",
     "hours": {"daily": "00:00-24:00"}, "accessible": True, "phone_ext": None, "notices": []},
    {"facility_id": "F-09", "name": "Adventure Playground", "type": "play", "zone": "Meadow",
     "hours": {"daily": "09:00-dusk"}, "accessible": True, "phone_ext": None, "notices": []},
    {"facility_id": "F-10", "name": "Boathouse", "type": "boats", "zone": "Lochside",
     "hours": {"daily": "09:00-18:00"}, "accessible": False, "phone_ext": "210",
     "notices": [{"from": "2027-04-01", "to": "2027-10-31",
                  "text": "Kayaks and paddleboards hired at reception are collected and returned here."}]},
    {"facility_id": "F-11", "name": "Hilltop Washing-up Room", "type": "washing_up", "zone": "Hilltop",
     "hours": {"daily": "06:30-23:00"}, "accessible": True, "phone_ext": None, "notices": []},
]}


def _pitch(pid, ptype, length, width, ehu, max_pax, dogs, surface, low, high, nearest, notes=""):
    zone = ZONES["W" if ptype == "pod" else pid[0]]
    name = f"Pod {int(pid[2:])}" if ptype == "pod" else f"{zone['name']} {int(pid[2:])}"
    return {"id": pid, "name": name, "zone_code": zone["code"], "type": ptype,
            "surface": surface, "len_m": length, "wid_m": width, "ehu": ehu, "max_pax": max_pax, "dogs": dogs,
            "rate": {"low": low, "high": high}, "nearest": nearest, "notes": notes}


NEAR_L = [("F-02", 40), ("F-10", 120), ("F-01", 380)]
NEAR_W = [("F-05", 60), ("F-07", 90), ("F-01", 300)]
NEAR_M = [("F-03", 50), ("F-01", 110), ("F-06", 130), ("F-08", 160)]
NEAR_H = [("F-04", 35), ("F-11", 45), ("F-01", 520)]

PITCHES = {p["id"]: p for p in [
    _pitch("L-01", "hardstanding", 8.0, 5.0, 10, 6, True, "gravel", 30.0, 38.5, NEAR_L),
    _pitch("L-02", "hardstanding", 10.0, 5.5, 16, 6, True, "gravel", 34.5, 42.0, NEAR_L, "Loch view."),
    _pitch("L-03", "hardstanding", 8.5, 5.5, 16, 6, False, "gravel", 34.5, 42.0, NEAR_L),
    _pitch("L-04", "hardstanding", 9.0, 5.5, 10, 6, True, "gravel", 34.5, 42.0, NEAR_L),
    _pitch("L-05", "tent", 7.0, 7.0, 10, 6, True, "grass", 26.0, 33.0, NEAR_L, "Slight slope to the loch."),
    _pitch("L-06", "hardstanding", 12.0, 6.0, 16, 8, True, "tarmac", 38.0, 47.5, NEAR_L,
           "Largest Lochside pitch; room for a car and awning."),
    _pitch("W-01", "tent", 8.0, 8.0, None, 6, True, "grass", 22.0, 29.0, NEAR_W),
    _pitch("W-02", "tent", 7.0, 7.0, 10, 4, True, "grass", 24.0, 31.0, NEAR_W),
    _pitch("W-03", "tent", 9.0, 8.0, 10, 8, True, "grass", 24.0, 31.0, NEAR_W, "Fire pit allowed."),
    _pitch("W-04", "tent", 7.5, 7.0, None, 4, False, "grass", 20.0, 27.0, NEAR_W),
    _pitch("W-05", "tent", 10.0, 9.0, 16, 8, True, "grass", 26.0, 34.0, NEAR_W),
    _pitch("M-01", "tent", 8.0, 8.0, 10, 6, True, "grass", 24.0, 31.0, NEAR_M),
    _pitch("M-02", "tent", 8.0, 8.0, 10, 6, True, "grass", 24.0, 31.0, NEAR_M),
    _pitch("M-03", "hardstanding", 9.0, 5.5, 16, 6, True, "gravel", 30.0, 38.5, NEAR_M),
    _pitch("M-04", "tent", 9.0, 9.0, 16, 8, True, "grass", 26.0, 34.0, NEAR_M),
    _pitch("M-05", "hardstanding", 9.5, 5.5, 16, 6, False, "gravel", 30.0, 38.5, NEAR_M),
    _pitch("M-06", "hardstanding", 8.0, 5.5, 10, 6, True, "gravel", 30.0, 38.5, NEAR_M),
    _pitch("M-07", "hardstanding", 10.5, 6.0, 16, 6, True, "gravel", 32.0, 40.0, NEAR_M, "Next to the play area."),
    _pitch("M-08", "tent", 7.0, 7.0, None, 4, True, "grass", 20.0, 27.0, NEAR_M),
    _pitch("H-01", "hardstanding", 9.0, 5.5, 10, 6, True, "gravel", 28.0, 36.0, NEAR_H),
    _pitch("H-02", "tent", 8.0, 8.0, 10, 6, True, "grass", 22.0, 29.0, NEAR_H),
    _pitch("H-03", "tent", 9.0, 9.0, 16, 8, True, "grass", 24.0, 31.0, NEAR_H, "Exposed in westerly winds."),
    _pitch("H-04", "tent", 7.0, 7.0, None, 4, False, "grass", 20.0, 27.0, NEAR_H),
    _pitch("P-01", "pod", 4.8, 3.0, 10, 4, False, "deck", 48.0, 62.0, NEAR_W, "Glamping pod, sleeps 4."),
    _pitch("P-02", "pod", 4.8, 3.0, 10, 4, True, "deck", 48.0, 62.0, NEAR_W, "Glamping pod, dog friendly."),
    _pitch("P-03", "pod", 5.5, 3.2, 10, 5, False, "deck", 55.0, 70.0, NEAR_W, "Family pod with hot tub."),
]}


def _g(gid, name, email, phone, line1, town, postcode, reg, since, tier, notes=""):
    return {"guest_id": gid, "name": name, "email": email, "phone": phone,
            "address": {"line1": line1, "town": town, "postcode": postcode, "country": "United Kingdom"},
            "vehicle_reg": reg, "member_since": since, "loyalty_tier": tier, "notes": notes}


GUESTS = {g["guest_id"]: g for g in [
    _g("GS-1041", "Rhiannon Pryce", "rhiannon.pryce@example.com", "+44 7700 900141", "14 Tollgate Row", "Carrowby",
       "CB4 7TR", "RX21 PWN", "2019-06-02", "silver"),
    _g("GS-1042", "Rhiannon Price", "rhi.price@example.org", "+44 7700 900142", "3 Mill Wynd", "Dunmarrick",
       "DK2 1MW", "KD68 HTY", "2023-08-15", "none"),
    _g("GS-1050", "Lotta Eklund", "lotta.eklund@example.net", "+44 7700 900150", "27 Birch Avenue", "Hollinsford",
       "HF9 3BA", "YE70 LKD", "2021-07-30", "bronze"),
    _g("GS-1051", "Magnus Ekland", "magnus.ekland@example.com", "+44 7700 900151", "8 Quarry Lane", "Pellbridge",
       "PB3 8QL", "MK19 EKL", "2024-05-11", "none"),
    _g("GS-1060", "Hamish Strachan", "hamish.strachan@example.net", "+44 7700 900160", "Glenview, Kirk Brae",
       "Auchterfold", "AF1 2KB", "SV66 HMS", "2018-04-20", "gold"),
    _g("GS-1061", "Hamish Strahan", "hamish.strahan@example.com", "+44 7700 900161", "51 Shore Road", "Inverbrack",
       "IB6 5SR", "ST20 HAM", "2025-09-02", "none"),
    _g("GS-1070", "Corentin Dubreuil", "corentin.dubreuil@example.org", "+44 7700 900170", "2 Chapel Mews",
       "Wexcombe", "WX1 4CM", "CD17 RNT", "2020-03-14", "silver", "Travels with a spaniel, Biscotte."),
    _g("GS-1071", "Coralie Dubreuil", "coralie.d@example.net", "+44 7700 900171", "2 Chapel Mews", "Wexcombe",
       "WX1 4CM", None, "2026-02-01", "none"),
    _g("GS-1080", "Priyanka Sethuraman", "priyanka.s@example.com", "+44 7700 900180", "19 Linden Crescent",
       "Marlowgate", "MG5 9LC", "PS71 MTR", "2022-09-09", "bronze"),
    _g("GS-1090", "Tobias Wren", "tobias.wren@example.org", "+44 7700 900190", "Flat 2, 6 Harbour Street",
       "Saltmere", "SM3 6HS", "TW69 RNE", "2017-05-27", "gold"),
    _g("GS-1091", "Tobias Wrenn", "tobywrenn@example.com", "+44 7700 900191", "40 Beacon Hill Road", "Oxtonbury",
       "OX8 2BH", "WR22 TOB", "2026-11-03", "none"),
    _g("GS-1120", "Oona Fairbrother", "oona.fairbrother@example.net", "+44 7700 900614", "The Old Forge",
       "Little Haddow", "LH2 7OF", "OF18 NAA", "2021-10-05", "silver"),
    _g("GS-1130", "Kwabena Asante-Lyle", "kwabena.asante-lyle@example.org", "+44 7700 900130", "12 Weaver's Close",
       "Brindlecombe", "BC7 1WC", "KA65 LYL", "2025-06-30", "bronze"),
    _g("GS-1131", "Efua Asante-Lyle", "efua.al@example.com", "+44 7700 900131", "88 Station Parade", "Thornmere",
       "TM4 8SP", "EA23 FUA", "2024-06-20", "none"),
    _g("GS-1140", "Bryony Castellane", "bryony.castellane@example.com", "+44 7700 900240", "5 Orchard Walk",
       "Fennick", "FN2 5OW", "BC19 CST", "2023-07-01", "none"),
    _g("GS-1141", "Idris Penhallow", "idris.penhallow@example.net", "+44 7700 900241", "Tregarth Farm",
       "Polwenna", "PW1 3TF", "IP67 PNH", "2020-08-08", "silver"),
    _g("GS-1142", "Yusuf Demirci-Hall", "yusuf.dh@example.org", "+44 7700 900242", "31 Canal Side", "Ashbury Locks",
       "AL6 1CS", "YD21 HLL", "2024-04-04", "none"),
    _g("GS-1143", "Agnieszka Wróbel", "a.wrobel@example.com", "+44 7700 900243", "7 Poplar Terrace", "Grindlow",
       "GW3 7PT", "AW70 WRB", "2022-06-18", "bronze"),
    _g("GS-1144", "Callum Ferrier", "callum.ferrier@example.net", "+44 7700 900244", "16 Loanhead Street",
       "Balgarvie", "BG5 6LS", "CF16 FRR", "2019-09-12", "silver"),
    _g("GS-1145", "Mireille Gauthron", "mireille.gauthron@example.org", "+44 7700 900245", "9 Rue Court",
       "Stanwell Parva", "SP1 9RC", "MG68 GTH", "2025-05-25", "none"),
    _g("GS-1146", "Senna Vanderpool", "senna.vdp@example.com", "+44 7700 900246", "44 Dyke Road", "Marsham",
       "MS2 4DR", "SV24 VDP", "2026-03-30", "none"),
    _g("GS-1147", "Ruaridh Macaskill", "ruaridh.macaskill@example.net", "+44 7700 900247", "Croft 4, Achnabeg",
       "Strathlorn", "SL9 4AB", "RM19 MCK", "2016-07-19", "gold"),
    _g("GS-1148", "Halldóra Sveinsdóttir", "halldora.s@example.org", "+44 7700 900248", "23 Fjord View",
       "Kelstow", "KS7 2FV", "HS72 SVN", "2023-05-05", "none"),
    _g("GS-1149", "Radek Novotný", "radek.novotny@example.com", "+44 7700 900249", "61 Foundry Lane", "Wrexcote",
       "WC4 6FL", "RN20 NVT", "2024-08-29", "none"),
]}

HOOKUP_PER_NIGHT = 4.5
DOG_PER_NIGHT = 3.0
EXTRA_ADULT_PER_NIGHT = 6.0
CONFIRMED_DEPOSIT = 50.0


def _season_rate(pitch, arrival):
    return pitch["rate"]["high"] if arrival.month in (7, 8) else pitch["rate"]["low"]


def _bk(ref, gid, pid, arrival, departure, status, adults=2, children=0, dogs=0, eta="15:00", notes=""):
    a, d = datetime.date.fromisoformat(arrival), datetime.date.fromisoformat(departure)
    nights = (d - a).days
    pitch = PITCHES[pid]
    zone = ZONES[pitch["zone_code"]]["name"]
    rate = _season_rate(pitch, a)
    charges = [{"item": f"Pitch fee ({pitch['name']}, {nights} nights)", "qty": nights, "unit_price": rate,
                "amount": round(rate * nights, 2)}]
    if pitch["ehu"]:
        charges.append({"item": f"Electric hook-up ({pitch['ehu']} A)", "qty": nights, "unit_price": HOOKUP_PER_NIGHT,
                        "amount": round(HOOKUP_PER_NIGHT * nights, 2)})
    if dogs:
        charges.append({"item": f"Dogs ({dogs})", "qty": nights * dogs, "unit_price": DOG_PER_NIGHT,
                        "amount": round(DOG_PER_NIGHT * nights * dogs, 2)})
    if adults > 2:
        charges.append({"item": f"Extra adults ({adults - 2})", "qty": nights * (adults - 2),
                        "unit_price": EXTRA_ADULT_PER_NIGHT,
                        "amount": round(EXTRA_ADULT_PER_NIGHT * nights * (adults - 2), 2)})
    total = round(sum(c["amount"] for c in charges), 2)
    paid = {"completed": total, "checked_in": total, "confirmed": CONFIRMED_DEPOSIT, "cancelled": 0.0}[status]
    guest = GUESTS[gid]
    return {"ref": ref, "status": status, "guest": {"guest_id": gid, "name": guest["name"]},
            "pitch": {"pitch_id": pid, "name": pitch["name"], "zone": zone},
            "arrival": arrival, "departure": departure, "nights": nights, "eta": eta,
            "party": {"adults": adults, "children": children, "dogs": dogs}, "vehicle_reg": guest["vehicle_reg"],
            "charges": charges, "total": total, "paid": paid, "balance": round(total - paid, 2), "hires": [],
            "notes": notes}


BOOKINGS = {b["ref"]: b for b in [
    # completed stays
    _bk("BK-25231", "GS-1130", "W-04", "2025-08-11", "2025-08-18", "completed", 2, 2),
    _bk("BK-24190", "GS-1131", "M-02", "2024-07-08", "2024-07-12", "completed", 2, 1),
    _bk("BK-26140", "GS-1070", "W-01", "2026-08-03", "2026-08-10", "completed", 2, 0, 1),
    _bk("BK-26188", "GS-1060", "M-05", "2026-08-10", "2026-08-17", "completed", 2, 2),
    _bk("BK-26252", "GS-1130", "W-03", "2026-07-27", "2026-08-01", "completed", 2, 2),
    _bk("BK-26301", "GS-1041", "L-02", "2026-09-04", "2026-09-08", "completed", 2, 0),
    _bk("BK-27031", "GS-1147", "L-06", "2027-05-21", "2027-05-28", "completed", 2, 0, 1),
    _bk("BK-27058", "GS-1070", "L-04", "2027-06-02", "2027-06-07", "completed", 2, 0, 1,
        notes="Late checkout (12:00) agreed."),
    _bk("BK-27090", "GS-1143", "M-04", "2027-06-25", "2027-06-29", "completed", 2, 2),
    _bk("BK-27121", "GS-1042", "H-02", "2027-07-02", "2027-07-06", "completed", 2, 0),
    # on site now (today 2027-07-15)
    _bk("BK-27150", "GS-1141", "L-01", "2027-07-10", "2027-07-17", "checked_in", 2, 2, 1),
    _bk("BK-27158", "GS-1144", "W-05", "2027-07-12", "2027-07-19", "checked_in", 3, 2),
    _bk("BK-27166", "GS-1090", "M-03", "2027-07-13", "2027-07-20", "checked_in", 2, 1, 0, "14:00"),
    _bk("BK-27170", "GS-1148", "P-03", "2027-07-14", "2027-07-18", "checked_in", 2, 3),
    # arriving 2027-07-17
    _bk("BK-27188", "GS-1050", "H-03", "2027-07-17", "2027-07-24", "confirmed", 2, 2, 0, "15:00"),
    _bk("BK-27190", "GS-1051", "L-02", "2027-07-17", "2027-07-20", "confirmed", 2, 0, 1, "18:30"),
    _bk("BK-27195", "GS-1142", "M-01", "2027-07-17", "2027-07-21", "confirmed", 2, 1, 0, "13:30"),
    # arriving 2027-07-19
    _bk("BK-27212", "GS-1130", "W-03", "2027-07-19", "2027-07-26", "confirmed", 2, 2, 0, "16:00"),
    _bk("BK-27214", "GS-1131", "M-04", "2027-07-19", "2027-07-22", "confirmed", 2, 1, 1, "14:30"),
    _bk("BK-27217", "GS-1146", "P-01", "2027-07-19", "2027-07-23", "cancelled", 2, 0),
    # later in July
    _bk("BK-27205", "GS-1060", "L-01", "2027-07-24", "2027-07-27", "cancelled", 2, 0),
    _bk("BK-27226", "GS-1145", "L-03", "2027-07-24", "2027-07-31", "confirmed", 2, 0),
    _bk("BK-27240", "GS-1041", "L-06", "2027-07-31", "2027-08-07", "confirmed", 2, 1, 1, "17:00"),
    # August 2027 arrivals
    _bk("BK-27302", "GS-1149", "W-02", "2027-08-01", "2027-08-05", "confirmed", 2, 0),
    _bk("BK-27306", "GS-1140", "M-01", "2027-08-02", "2027-08-09", "confirmed", 2, 2),
    _bk("BK-27308", "GS-1142", "H-04", "2027-08-06", "2027-08-08", "cancelled", 2, 0),
    _bk("BK-27311", "GS-1060", "M-05", "2027-08-09", "2027-08-16", "confirmed", 2, 2, 0, "15:30"),
    _bk("BK-27318", "GS-1061", "H-02", "2027-08-10", "2027-08-13", "confirmed", 2, 0),
    _bk("BK-27322", "GS-1147", "L-06", "2027-08-12", "2027-08-19", "confirmed", 2, 0, 1),
    _bk("BK-27341", "GS-1080", "M-07", "2027-08-14", "2027-08-21", "confirmed", 2, 2, 0, "12:30"),
    _bk("BK-27330", "GS-1091", "M-06", "2027-08-20", "2027-08-24", "confirmed", 2, 0),
    _bk("BK-27345", "GS-1143", "W-05", "2027-08-16", "2027-08-23", "confirmed", 4, 2),
    _bk("BK-27350", "GS-1148", "P-03", "2027-08-18", "2027-08-22", "cancelled", 2, 3),
    _bk("BK-27356", "GS-1144", "H-03", "2027-08-21", "2027-08-28", "confirmed", 2, 1),
    _bk("BK-27362", "GS-1041", "P-02", "2027-08-23", "2027-08-26", "confirmed", 2, 0, 1),
    _bk("BK-27370", "GS-1146", "L-02", "2027-08-25", "2027-08-29", "confirmed", 2, 0),
    _bk("BK-27429", "GS-1145", "L-05", "2027-08-28", "2027-09-01", "confirmed", 2, 1),
    _bk("BK-27433", "GS-1141", "M-02", "2027-08-30", "2027-09-03", "confirmed", 2, 2, 1),
    # September onwards
    _bk("BK-27436", "GS-1120", "L-05", "2027-09-01", "2027-09-05", "confirmed", 2, 1, 2, "17:45"),
    _bk("BK-27402", "GS-1060", "H-01", "2027-09-03", "2027-09-06", "confirmed", 2, 0),
    _bk("BK-27440", "GS-1149", "L-05", "2027-09-05", "2027-09-08", "confirmed", 2, 0),
    _bk("BK-27455", "GS-1070", "W-02", "2027-09-17", "2027-09-20", "confirmed", 2, 0, 1),
    _bk("BK-27520", "GS-1080", "P-02", "2027-10-08", "2027-10-11", "confirmed", 2, 1),
]}

EQUIPMENT = {e["equipment_id"]: e for e in [
    {"equipment_id": "EQ-01", "name": "Single kayak", "category": "water", "daily_rate": 24.5, "deposit": 80.0,
     "collect_from": "Boathouse"},
    {"equipment_id": "EQ-02", "name": "Tandem kayak", "category": "water", "daily_rate": 38.75, "deposit": 150.0,
     "collect_from": "Boathouse"},
    {"equipment_id": "EQ-03", "name": "Gas BBQ (2-burner)", "category": "cooking", "daily_rate": 13.75,
     "deposit": 40.0, "collect_from": "Reception & Shop"},
    {"equipment_id": "EQ-04", "name": "Charcoal BBQ", "category": "cooking", "daily_rate": 8.0, "deposit": 20.0,
     "collect_from": "Reception & Shop"},
    {"equipment_id": "EQ-05", "name": "Gas stove (single ring)", "category": "cooking", "daily_rate": 5.5,
     "deposit": 15.0, "collect_from": "Reception & Shop"},
    {"equipment_id": "EQ-06", "name": "Hook-up cable 10 m", "category": "power", "daily_rate": 3.5,
     "deposit": 25.0, "collect_from": "Reception & Shop"},
    {"equipment_id": "EQ-07", "name": "Hook-up cable 25 m", "category": "power", "daily_rate": 5.25,
     "deposit": 35.0, "collect_from": "Reception & Shop"},
    {"equipment_id": "EQ-08", "name": "Fire pit", "category": "outdoor", "daily_rate": 9.5, "deposit": 30.0,
     "collect_from": "Reception & Shop"},
    {"equipment_id": "EQ-09", "name": "Camp bed", "category": "sleeping", "daily_rate": 6.0, "deposit": 15.0,
     "collect_from": "Reception & Shop"},
    {"equipment_id": "EQ-10", "name": "Stand-up paddleboard", "category": "water", "daily_rate": 29.0,
     "deposit": 100.0, "collect_from": "Boathouse"},
    {"equipment_id": "EQ-11", "name": "Adult mountain bike", "category": "outdoor", "daily_rate": 18.0,
     "deposit": 60.0, "collect_from": "Reception & Shop"},
]}

HIRES = {}


# ------------------------------------------------------------------------------------------------ helpers
def pitch_summary(p):
    return {k: p[k] for k in ("id", "name", "type", "len_m", "ehu", "max_pax", "dogs")} | {
        "zone": ZONES[p["zone_code"]]["name"], "rate_high": p["rate"]["high"]}


def booking_summary(b):
    return {"ref": b["ref"], "guest_id": b["guest"]["guest_id"], "guest_name": b["guest"]["name"],
            "pitch_id": b["pitch"]["pitch_id"], "arrival": b["arrival"], "departure": b["departure"],
            "nights": b["nights"], "status": b["status"]}


STATUSES = ("confirmed", "checked_in", "completed", "cancelled")


def status_param(query):
    status = (query.get("status") or "").strip().lower().replace("-", "_").replace(" ", "_")
    if status and status not in STATUSES:
        raise HttpError(400, f"status must be one of {', '.join(STATUSES)}")
    return status


# ------------------------------------------------------------------------------------------------ endpoints
@endpoint("GET", "/guests")
def search_guests(params, query, body):
    name, email = (query.get("name") or "").strip(), (query.get("email") or "").strip().lower()
    if not name and not email:
        raise HttpError(400, "give name or email")
    rows = [g for g in GUESTS.values()
            if (not email or g["email"].lower() == email) and (not name or matches_words(name, g["name"]))]
    out = [{"guest_id": g["guest_id"], "name": g["name"], "email": g["email"]} for g in rows]
    return 200, {"guests": out, "count": len(out)}


@endpoint("GET", "/guests/{guest_id}")
def get_guest(params, query, body):
    return 200, lookup(GUESTS, params["guest_id"], "guest")


@endpoint("GET", "/guests/{guest_id}/bookings")
def list_guest_bookings(params, query, body):
    guest = lookup(GUESTS, params["guest_id"], "guest")
    status = status_param(query)
    rows = [b for b in BOOKINGS.values() if b["guest"]["guest_id"] == guest["guest_id"]
            and (not status or b["status"] == status)]
    rows.sort(key=lambda b: b["arrival"], reverse=True)
    return 200, {"guest_id": guest["guest_id"], "bookings": [booking_summary(b) for b in rows], "count": len(rows)}


@endpoint("GET", "/pitches")
def list_pitches(params, query, body):
    zone = fold(query.get("zone") or "").strip()
    ptype = fold(query.get("type") or "").strip()
    amps = parse_float(query, "hookup_amps")
    min_len = parse_float(query, "min_length_m")
    dogs = (query.get("dogs") or "").strip().lower()
    rows = []
    for p in PITCHES.values():
        z = ZONES[p["zone_code"]]
        if zone and zone not in (z["name"].lower(), z["code"].lower()):
            continue
        if ptype and p["type"] != ptype:
            continue
        if amps is not None and (p["ehu"] or 0) < amps:
            continue
        if min_len is not None and p["len_m"] < min_len:
            continue
        if dogs in ("true", "1", "yes") and not p["dogs"]:
            continue
        rows.append(pitch_summary(p))
    return 200, paginate(rows, query, "pitches")


@endpoint("GET", "/pitches/{pitch_id}")
def get_pitch(params, query, body):
    p = lookup(PITCHES, params["pitch_id"], "pitch")
    out = {k: v for k, v in p.items() if k not in ("zone_code", "nearest")}
    out["zone"] = dict(ZONES[p["zone_code"]])
    out["nearest"] = [{"facility_id": fid, "name": FACILITIES[fid]["name"], "dist_m": d} for fid, d in p["nearest"]]
    return 200, out


@endpoint("GET", "/bookings")
def list_bookings(params, query, body):
    pitch_id = (query.get("pitch_id") or "").strip().upper()
    status = status_param(query)
    a_from = parse_date(query["arrival_from"], "arrival_from") if query.get("arrival_from") else None
    a_to = parse_date(query["arrival_to"], "arrival_to") if query.get("arrival_to") else None
    staying = parse_date(query["staying_on"], "staying_on") if query.get("staying_on") else None
    rows = []
    for b in sorted(BOOKINGS.values(), key=lambda b: (b["arrival"], b["ref"])):
        arr, dep = datetime.date.fromisoformat(b["arrival"]), datetime.date.fromisoformat(b["departure"])
        if pitch_id and b["pitch"]["pitch_id"] != pitch_id:
            continue
        if status and b["status"] != status:
            continue
        if a_from and arr < a_from or a_to and arr > a_to:
            continue
        if staying and not arr <= staying < dep:
            continue
        rows.append(booking_summary(b))
    return 200, paginate(rows, query, "bookings")


@endpoint("GET", "/bookings/{booking_ref}")
def get_booking(params, query, body):
    return 200, lookup(BOOKINGS, params["booking_ref"], "booking")


@endpoint("GET", "/arrivals")
def list_arrivals(params, query, body):
    if not query.get("date"):
        raise HttpError(400, "date is required (YYYY-MM-DD)")
    day = parse_date(query["date"], "date").isoformat()
    rows = sorted((b for b in BOOKINGS.values() if b["arrival"] == day and b["status"] in ("confirmed", "checked_in")),
                  key=lambda b: b["eta"])
    sheet = [{"ref": b["ref"], "gst": b["guest"]["name"].split()[-1], "pch": b["pitch"]["pitch_id"],
              "eta": b["eta"], "pax": b["party"]["adults"] + b["party"]["children"], "veh": b["vehicle_reg"]}
             for b in rows]
    return 200, {"date": day, "n": len(sheet), "arrivals": sheet}


@endpoint("GET", "/facilities")
def list_facilities(params, query, body):
    q = query.get("q") or ""
    ftype = fold(query.get("type") or "").strip().replace(" ", "_")
    zone = fold(query.get("zone") or "").strip()
    rows = [{"facility_id": f["facility_id"], "name": f["name"], "type": f["type"], "zone": f["zone"]}
            for f in FACILITIES.values()
            if matches_words(q, f["name"], f["type"]) and (not ftype or f["type"] == ftype)
            and (not zone or f["zone"].lower() == zone)]
    return 200, {"facilities": rows, "count": len(rows)}


@endpoint("GET", "/facilities/{facility_id}")
def get_facility(params, query, body):
    return 200, lookup(FACILITIES, params["facility_id"], "facility")


@endpoint("GET", "/equipment")
def list_equipment(params, query, body):
    q = query.get("q") or ""
    cat = fold(query.get("category") or "").strip()
    rows = [e for e in EQUIPMENT.values()
            if matches_words(q, e["name"], e["category"]) and (not cat or e["category"] == cat)]
    return 200, {"items": rows, "count": len(rows)}


@endpoint("POST", "/bookings/{booking_ref}/hires")
def create_hire(params, query, body):
    booking = lookup(BOOKINGS, params["booking_ref"], "booking")
    equipment = lookup(EQUIPMENT, body.get("equipment_id") or "", "equipment item")
    if "start_date" not in body or "days" not in body:
        raise HttpError(400, "equipment_id, start_date and days are required")
    start = parse_date(body["start_date"], "start_date")
    try:
        days, qty = int(body["days"]), int(body.get("quantity", 1))
    except (TypeError, ValueError):
        raise HttpError(400, "days and quantity must be whole numbers") from None
    if not 1 <= days <= 28 or not 1 <= qty <= 10:
        raise HttpError(400, "days must be 1-28 and quantity 1-10")
    if booking["status"] not in ("confirmed", "checked_in"):
        raise HttpError(409, f"booking {booking['ref']} is {booking['status']}")
    end = start + datetime.timedelta(days=days)
    if start < datetime.date.fromisoformat(booking["arrival"]) or \
            end > datetime.date.fromisoformat(booking["departure"]):
        raise HttpError(409, f"hire must fall within the stay {booking['arrival']} to {booking['departure']}")
    key = "|".join([booking["ref"], equipment["equipment_id"], start.isoformat(), str(days), str(qty)])
    code = "HR-" + hashlib.sha1(key.encode()).hexdigest()[:6].upper()
    with LOCK:
        if code in HIRES:
            return 200, HIRES[code]
        hire = {"hire_code": code, "booking_ref": booking["ref"], "equipment_id": equipment["equipment_id"],
                "equipment": equipment["name"], "quantity": qty, "start_date": start.isoformat(),
                "end_date": end.isoformat(), "days": days,
                "cost": round(equipment["daily_rate"] * days * qty, 2),
                "deposit": round(equipment["deposit"] * qty, 2), "collect_from": equipment["collect_from"],
                "status": "reserved"}
        HIRES[code] = hire
        booking["hires"].append({"hire_code": code, "equipment": equipment["name"], "start_date": hire["start_date"],
                                 "days": days})
    return 201, hire


class Handler(BaseHTTPRequestHandler):
    def _handle(self, method):
        url = urlsplit(self.path)
        query = {k: v[0] for k, v in parse_qs(url.query).items()}
        body = {}
        if method == "POST":
            raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            try:
                body = json.loads(raw) if raw.strip() else {}
            except ValueError:
                return self._reply(400, {"error": "body is not valid JSON"})
            if not isinstance(body, dict):
                return self._reply(400, {"error": "body must be a JSON object"})
        allowed = False
        for m, pattern, fn in ROUTES:
            found = pattern.match(url.path)
            if not found:
                continue
            allowed = True
            if m != method:
                continue
            try:
                status, payload = fn({k: unquote(v) for k, v in found.groupdict().items()}, query, body)
            except HttpError as exc:
                status, payload = exc.status, {"error": exc.message}
            return self._reply(status, payload)
        if allowed:
            return self._reply(405, {"error": f"{method} not allowed on {url.path}"})
        self._reply(404, {"error": f"no such path {url.path}"})

    def do_GET(self):
        self._handle("GET")

    def do_POST(self):
        self._handle("POST")

    def _reply(self, status, payload):
        data = json.dumps(payload, ensure_ascii=False).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


if __name__ == "__main__":
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 8080
    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
