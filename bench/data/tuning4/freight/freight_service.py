"""Greyfriars Forwarding API: a small in-memory HTTP service for a freight forwarder (Python standard library only).

Customers, shipments (with tracking events), containers, ports and their terminals, customs entries, carriers,
invoices and delivery (haulage) bookings.

Usage: python freight_service.py PORT   (serves under /api on 127.0.0.1:PORT)
Deterministic: fixed seed data (the data's "today" is 2027-03-19), no clock, no randomness; delivery booking
references are derived from the booking's content. All companies, people, emails, phone numbers, ports, vessels,
container numbers and codes are invented. Licence: Apache-2.0.
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

TODAY = "2027-03-19"
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


STOP = {"the", "and", "&", "ltd", "co", "of", "port"}


def words_in(query, text):
    tokens = [t for t in re.split(r"[\s,.'\u2019&()/]+", fold(query)) if t and t not in STOP]
    low = fold(text)
    return bool(tokens) and all(t in low for t in tokens)


def key(value):
    return re.sub(r"[\s-]+", "", str(value)).upper() if re.fullmatch(r"[A-Za-z]{4}[\s-]*\d{6}[\s-]*\d", str(value).strip()) \
        else str(value).strip().upper()


def get_or_404(table, ident, what):
    row = table.get(key(ident))
    if row is None:
        raise ApiError(404, f"no {what} {ident!r}")
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


def date_param(value, name):
    try:
        return datetime.date.fromisoformat(str(value).strip()).isoformat()
    except ValueError:
        raise ApiError(400, f"{name} must be a date YYYY-MM-DD") from None


def shift(day, days):
    return (datetime.date.fromisoformat(day) + datetime.timedelta(days=days)).isoformat()


# ---------------------------------------------------------------- seed data
CUSTOMERS = {c["customer_id"]: c for c in [
    {"customer_id": "C-1042", "name": "Bellweather Textiles Ltd", "email": "accounts@bellweather-textiles.example",
     "phone": "+44 161 496 0142", "city": "Oldcastle", "account_manager": "Priti Solanki",
     "delivery_address": "Unit 4, Ropewalk Trading Estate, Oldcastle OC4 2TT"},
    {"customer_id": "C-1057", "name": "Bellwether Textile Co.", "email": "ops@bellwethertextile.example",
     "phone": "+44 113 496 0157", "city": "Harrowby", "account_manager": "Priti Solanki",
     "delivery_address": "Mill 2, Canal Side, Harrowby HB1 7QP"},
    {"customer_id": "C-1063", "name": "Okonkwo & Daughters Coffee", "email": "shipping@okonkwo-daughters.example",
     "phone": "+44 117 496 0163", "city": "Kestlebury", "account_manager": "Rhodri Vance",
     "delivery_address": "The Roastery, 12 Wharf Lane, Kestlebury KB2 5RN"},
    {"customer_id": "C-1071", "name": "Marisol Outdoor Gear", "email": "logistics@marisol-gear.example",
     "phone": "+44 131 496 0171", "city": "Dunmore", "account_manager": "Rhodri Vance",
     "delivery_address": "Bay 9, Glenholm Distribution Park, Dunmore DM3 8AX"},
    {"customer_id": "C-1078", "name": "Marisol Outdoors S.L.", "email": "compras@marisoloutdoors.example",
     "phone": "+34 91 496 0178", "city": "Valmeira", "account_manager": "Ana Ferreira-Lowe",
     "delivery_address": "Poligono Las Eras 14, Valmeira"},
    {"customer_id": "C-1085", "name": "Thornbury Ceramics", "email": "hello@thornburyceramics.example",
     "phone": "+44 1632 960 185", "city": "Stoke Abbas", "account_manager": "Ana Ferreira-Lowe",
     "delivery_address": "Kiln Works, Potters Row, Stoke Abbas SA6 1LD"},
    {"customer_id": "C-1090", "name": "Vasquez-Reed Furniture", "email": "freight@vasquez-reed.example",
     "phone": "+44 1632 960 190", "city": "Wrenfield", "account_manager": "Priti Solanki",
     "delivery_address": "Warehouse C, Heron Road, Wrenfield WF9 3GH"},
    {"customer_id": "C-1096", "name": "Halloran Bicycle Works", "email": "parts@halloranbikes.example",
     "phone": "+44 1632 960 196", "city": "Port Halvard", "account_manager": "Rhodri Vance",
     "delivery_address": "3 Chainmakers Yard, Port Halvard PH2 4BW"},
]}


def _terminal(code, name, operator, email, cutoff):
    return {"code": code, "name": name, "operator": operator, "email": email, "vessel_cutoff_hours": cutoff}


PORTS = {p["locode"]: p for p in [
    {"locode": "GBPHV", "name": "Port Halvard", "country": "United Kingdom", "type": "seaport",
     "timezone": "Europe/London", "customs_office": "Port Halvard Inland Clearance Depot", "free_time_days": 7,
     "demurrage_per_day": 145.0, "currency": "USD",
     "terminals": [_terminal("PHV-T1", "Halvard Container Terminal", "Greyhaven Ports plc",
                             "bookings@halvard-ct.example", 24)]},
    {"locode": "GBPHN", "name": "Port Halvard North", "country": "United Kingdom", "type": "seaport",
     "timezone": "Europe/London", "customs_office": "Port Halvard North Customs House", "free_time_days": 14,
     "demurrage_per_day": 172.5, "currency": "USD",
     "terminals": [_terminal("PHN-Q4", "Northquay Terminal 4", "Baltrum Terminals", "q4.ops@baltrum.example", 36),
                   _terminal("PHN-RR", "North Basin Ro-Ro", "Halvard Port Authority", "roro@halvard-pa.example",
                             12)]},
    {"locode": "NLZVH", "name": "Zeelhaven", "country": "Netherlands", "type": "seaport",
     "timezone": "Europe/Amsterdam", "customs_office": "Douanekantoor Zeelhaven", "free_time_days": 5,
     "demurrage_per_day": 210.0, "currency": "USD",
     "terminals": [_terminal("ZVH-DS", "Zeelhaven Deepsea Terminal", "Noordkaap Stevedoring",
                             "planning@zvh-deepsea.example", 48)]},
    {"locode": "DEKSB", "name": "Kesterbrueck", "country": "Germany", "type": "seaport", "timezone": "Europe/Berlin",
     "customs_office": "Zollamt Kesterbrueck-Hafen", "free_time_days": 6, "demurrage_per_day": 190.0,
     "currency": "USD", "terminals": [_terminal("KSB-CT", "Kesterbrueck Container Terminal", "Elbmark Terminals",
                                                "dispo@elbmark.example", 36)]},
    {"locode": "CNLGS", "name": "Longsha", "country": "China", "type": "seaport", "timezone": "Asia/Shanghai",
     "customs_office": "Longsha Port Customs", "free_time_days": 4, "demurrage_per_day": 95.0, "currency": "USD",
     "terminals": [_terminal("LGS-P2", "Longsha Phase II Terminal", "Longsha Port Group", "p2@longsha-pg.example",
                             48)]},
    {"locode": "CNLGW", "name": "Longwan", "country": "China", "type": "seaport", "timezone": "Asia/Shanghai",
     "customs_office": "Longwan Customs", "free_time_days": 4, "demurrage_per_day": 90.0, "currency": "USD",
     "terminals": [_terminal("LGW-1", "Longwan International Terminal", "Longwan Harbour Co.",
                             "ops@longwan-harbour.example", 48)]},
    {"locode": "VNCHT", "name": "Cang Hai Thuy", "country": "Viet Nam", "type": "seaport",
     "timezone": "Asia/Ho_Chi_Minh", "customs_office": "Hai Thuy Customs Branch", "free_time_days": 5,
     "demurrage_per_day": 80.0, "currency": "USD",
     "terminals": [_terminal("CHT-TX", "Hai Thuy Transhipment Terminal", "Thuy Duong Port JSC",
                             "tx@thuyduong-port.example", 24)]},
    {"locode": "INKDB", "name": "Kandhar Bay", "country": "India", "type": "seaport", "timezone": "Asia/Kolkata",
     "customs_office": "Kandhar Bay Custom House", "free_time_days": 5, "demurrage_per_day": 85.0, "currency": "USD",
     "terminals": [_terminal("KDB-CT", "Kandhar Bay Container Terminal", "Saptagiri Ports Ltd",
                             "ct@saptagiri-ports.example", 36)]},
    {"locode": "INKDA", "name": "Kandhar International Airport", "country": "India", "type": "airport",
     "timezone": "Asia/Kolkata", "customs_office": "Kandhar Air Cargo Complex", "free_time_days": 3,
     "demurrage_per_day": 40.0, "currency": "USD",
     "terminals": [_terminal("KDA-CG", "Kandhar Air Cargo Complex", "Kandhar Airport Authority",
                             "cargo@kandhar-airport.example", 6)]},
    {"locode": "GBSTM", "name": "Stanmoor Airport", "country": "United Kingdom", "type": "airport",
     "timezone": "Europe/London", "customs_office": "Stanmoor Air Freight Customs", "free_time_days": 3,
     "demurrage_per_day": 55.0, "currency": "USD",
     "terminals": [_terminal("STM-WC", "Stanmoor World Cargo Centre", "Stanmoor Airport Ltd",
                             "wcc@stanmoor-airport.example", 4)]},
    {"locode": "BRSTZ", "name": "Santa Tereza", "country": "Brazil", "type": "seaport", "timezone": "America/Sao_Paulo",
     "customs_office": "Alfandega de Santa Tereza", "free_time_days": 7, "demurrage_per_day": 110.0,
     "currency": "USD", "terminals": [_terminal("STZ-T3", "Terminal 3 Santa Tereza", "Portonave Sul SA",
                                                "t3@portonave-sul.example", 48)]},
    {"locode": "ESVLM", "name": "Valmeira", "country": "Spain", "type": "seaport", "timezone": "Europe/Madrid",
     "customs_office": "Aduana de Valmeira", "free_time_days": 5, "demurrage_per_day": 150.0, "currency": "USD",
     "terminals": [_terminal("VLM-TC", "Terminal de Contenedores de Valmeira", "Estibas Levante SA",
                             "tcv@estibas-levante.example", 24)]},
]}

CARRIERS = {c["carrier_id"]: c for c in [
    {"carrier_id": "CR-11", "name": "Nordhavn Line", "scac": "NHVL", "mode": "sea",
     "svc_email": "service@nordhavn-line.example", "tel": "+44 20 7946 0811", "otp_pct": 71.4},
    {"carrier_id": "CR-12", "name": "Nordhav Lines", "scac": "NDHL", "mode": "sea",
     "svc_email": "cs@nordhavlines.example", "tel": "+44 20 7946 0812", "otp_pct": 64.9},
    {"carrier_id": "CR-14", "name": "Orcadia Shipping", "scac": "ORCD", "mode": "sea",
     "svc_email": "help@orcadia-shipping.example", "tel": "+44 20 7946 0831", "otp_pct": 78.2},
    {"carrier_id": "CR-15", "name": "Orca Shipping", "scac": "ORCS", "mode": "sea",
     "svc_email": "support@orcashipping.example", "tel": "+44 20 7946 0835", "otp_pct": 59.6},
    {"carrier_id": "CR-17", "name": "Meridian Southern Line", "scac": "MRSL", "mode": "sea",
     "svc_email": "cx@meridian-southern.example", "tel": "+44 20 7946 0847", "otp_pct": 68.0},
    {"carrier_id": "CR-21", "name": "Skyvane Cargo", "scac": "SKVC", "mode": "air",
     "svc_email": "cs@skyvane-cargo.example", "tel": "+44 20 7946 0921", "otp_pct": 91.3},
    {"carrier_id": "CR-22", "name": "Tersa Air Cargo", "scac": "TRSA", "mode": "air",
     "svc_email": "cargo.help@tersa-air.example", "tel": "+44 20 7946 0922", "otp_pct": 88.7},
    {"carrier_id": "CR-31", "name": "Fenwick Haulage", "scac": "FNWK", "mode": "road",
     "svc_email": "traffic@fenwick-haulage.example", "tel": "+44 1632 960 731", "otp_pct": 94.1},
    {"carrier_id": "CR-32", "name": "Brightwater Transport", "scac": "BWTR", "mode": "road",
     "svc_email": "desk@brightwater-transport.example", "tel": "+44 1632 960 732", "otp_pct": 89.5},
]}


def check_digit(prefix10):
    values, n = {}, 10
    for ch in "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
        if n % 11 == 0:
            n += 1
        values[ch] = n
        n += 1
    total = sum((values[c] if c.isalpha() else int(c)) * 2 ** i for i, c in enumerate(prefix10))
    return str(total % 11 % 10)


def cno(owner, serial):
    prefix = f"{owner}{serial:06d}"
    return prefix + check_digit(prefix)


SHIPMENTS = {}
CONTAINERS = {}
EVENTS = {}

# status: booked, in_transit, discharged (at destination port, awaiting delivery), delivered, cancelled
# (id, customer, mode, carrier, origin, destination, etd, eta, atd, ata, status, vessel, voyage, incoterm,
#  cargo (description, packages, kg, cbm), containers [(no, type)], transhipment)


def _ship(sid, cust, mode, carrier, origin, dest, etd, eta, atd, ata, status, vessel, voyage, incoterm, cargo,
          containers, via=None, feeder=None):
    desc, packages, kg, cbm = cargo
    SHIPMENTS[sid] = {
        "shipment_id": sid, "customer_id": cust, "customer_name": CUSTOMERS[cust]["name"], "mode": mode,
        "carrier_id": carrier, "origin": origin, "destination": dest, "etd": etd, "eta": eta, "atd": atd,
        "ata": ata, "status": status, "vessel": vessel, "voyage": voyage, "incoterm": incoterm,
        "bill_of_lading": ("GFF" if mode == "sea" else "AWB-") + sid[3:] + "0" + sid[-1],
        "cargo": {"description": desc, "packages": packages, "gross_weight_kg": kg, "volume_cbm": cbm},
        "containers": [c for c, _ in containers], "via": via, "feeder": feeder}
    for i, (no, ctype) in enumerate(containers):
        tare = {"20GP": 2210, "40GP": 3720, "40HC": 3900, "40RF": 4480, "ULD": 82}[ctype]
        c_status, loc, since = {
            "booked": ("at origin", origin, etd),
            "in_transit": ("on vessel", via if via and feeder else origin, atd or etd),
            "discharged": ("discharged", dest, ata),
            "delivered": ("delivered", dest, shift(ata, 4) if ata else None),
            "cancelled": ("released empty", origin, etd),
        }[status]
        loc_port = PORTS[loc]
        CONTAINERS[no] = {
            "container_no": no, "type": ctype, "shipment_id": sid, "status": c_status,
            "seal_no": f"{sid[3:5]}S-{(int(sid[3:]) * 7919 + i * 104729) % 10000000:07d}",
            "tare_kg": tare, "gross_kg": tare + round(kg / max(1, len(containers))),
            "location": {"locode": loc, "port_name": loc_port["name"],
                         "terminal": None if c_status in ("delivered", "on vessel") else loc_port["terminals"][0]["name"],
                         "since": since},
            "reefer_setpoint_c": -18.0 if ctype == "40RF" else None,
        }
    ev = []
    start = atd or etd
    if status != "cancelled":
        ev.append({"ts": shift(etd, -3) + "T09:20", "loc": origin, "ev": "GTI", "vsl": None, "voy": None})
    if atd:
        first_vessel, first_voy = (feeder if feeder else (vessel, voyage))
        ev.append({"ts": start + "T04:30", "loc": origin, "ev": "LOD", "vsl": first_vessel, "voy": first_voy})
        ev.append({"ts": start + "T22:15", "loc": origin, "ev": "DEP", "vsl": first_vessel, "voy": first_voy})
        if via:
            ev.append({"ts": shift(start, 5) + "T13:05", "loc": via, "ev": "TSA", "vsl": first_vessel,
                       "voy": first_voy})
            if status != "in_transit" or (ata or eta) > shift(start, 9):
                ev.append({"ts": shift(start, 9) + "T18:40", "loc": via, "ev": "TSD", "vsl": vessel, "voy": voyage})
    if ata:
        ev.append({"ts": ata + "T06:10", "loc": dest, "ev": "ARR", "vsl": vessel, "voy": voyage})
        ev.append({"ts": ata + "T14:55", "loc": dest, "ev": "DIS", "vsl": vessel, "voy": voyage})
        if status == "delivered":
            ev.append({"ts": shift(ata, 4) + "T08:00", "loc": dest, "ev": "GTO", "vsl": None, "voy": None})
            ev.append({"ts": shift(ata, 4) + "T15:30", "loc": dest, "ev": "DLV", "vsl": None, "voy": None})
    EVENTS[sid] = ev

# Okonkwo & Daughters: green coffee out of Kandhar Bay (sea) and Kandhar International Airport (air)
_OKO = [  # (sid, origin, etd, dest, status)
    ("SH-24002", "INKDB", "2027-01-12", "NLZVH", "delivered"),
    ("SH-24005", "INKDB", "2027-01-26", "DEKSB", "delivered"),
    ("SH-24007", "INKDB", "2027-02-01", "NLZVH", "delivered"),
    ("SH-24008", "INKDB", "2027-02-03", "GBPHV", "delivered"),
    ("SH-24010", "INKDA", "2027-02-04", "GBSTM", "delivered"),
    ("SH-24013", "INKDB", "2027-02-06", "NLZVH", "delivered"),
    ("SH-24014", "INKDB", "2027-02-09", "DEKSB", "delivered"),
    ("SH-24016", "INKDB", "2027-02-11", "NLZVH", "discharged"),
    ("SH-24018", "INKDB", "2027-02-13", "GBPHV", "delivered"),
    ("SH-24020", "INKDB", "2027-02-16", "NLZVH", "discharged"),
    ("SH-24021", "INKDA", "2027-02-17", "GBSTM", "delivered"),
    ("SH-24024", "INKDB", "2027-02-19", "DEKSB", "discharged"),
    ("SH-24025", "INKDB", "2027-02-22", "NLZVH", "discharged"),
    ("SH-24027", "INKDB", "2027-02-24", "GBPHV", "in_transit"),
    ("SH-24029", "INKDB", "2027-02-26", "NLZVH", "in_transit"),
    ("SH-24030", "INKDB", "2027-02-28", "DEKSB", "in_transit"),
    ("SH-24034", "INKDB", "2027-03-03", "NLZVH", "in_transit"),
    ("SH-24048", "INKDB", "2027-03-24", "GBPHV", "booked"),
]
for _n, (_sid, _org, _etd, _dst, _st) in enumerate(_OKO):
    _air = _org == "INKDA"
    _days = 3 if _air else 24
    _eta = shift(_etd, _days)
    _atd = _etd if _st != "booked" else None
    _ata = _eta if _st in ("discharged", "delivered") else None
    if _sid == "SH-24016":
        _cont = [("KMLU4829175", "40GP")]
    else:
        _cont = [(cno("SAPU" if not _air else "AKEU", 310200 + 37 * _n), "ULD" if _air else "40GP")]
    _ship(_sid, "C-1063", "air" if _air else "sea", "CR-22" if _air else ("CR-17" if _n % 2 else "CR-11"), _org,
          _dst, _etd, _eta, _atd, _ata, _st, "TA 2217" if _air else ("Kaveri Star" if _n % 2 else "Ostrava Bay"),
          None if _air else f"0{60 + _n}W", "FOB",
          ("Green coffee beans, washed arabica, jute bags", 80 if _air else 320, 4800 if _air else 19200,
           14.5 if _air else 58.0), _cont)

_ship("SH-24011", "C-1085", "sea", "CR-14", "CNLGS", "GBPHV", "2027-01-08", "2027-02-12", "2027-01-08", "2027-02-13",
      "delivered", "Skerry Dawn", "118E", "FOB", ("Stoneware dinner sets, boxed", 640, 14100, 61.2),
      [(cno("ORCU", 552014), "40HC"), (cno("ORCU", 552093), "40HC")])
_ship("SH-24028", "C-1085", "sea", "CR-14", "CNLGW", "GBPHV", "2027-02-09", "2027-03-12", "2027-02-09", "2027-03-11",
      "delivered", "Skerry Dawn", "121E", "FOB", ("Porcelain tableware and glaze samples", 702, 15350, 66.8),
      [(cno("ORCU", 561870), "40HC"), (cno("ORCU", 561905), "40HC")])
_ship("SH-24015", "C-1042", "sea", "CR-11", "CNLGS", "GBPHN", "2027-01-18", "2027-02-22", "2027-01-18", "2027-02-22",
      "delivered", "Ostrava Bay", "0708W", "FOB", ("Woven cotton fabric rolls", 410, 16800, 62.0),
      [(cno("NHVU", 118204), "40HC")])
_ship("SH-24023", "C-1042", "sea", "CR-11", "CNLGS", "GBPHN", "2027-02-10", "2027-03-17", "2027-02-10", "2027-03-16",
      "delivered", "Ostrava Bay", "0710W", "FOB", ("Woven cotton fabric rolls", 395, 16150, 60.4),
      [(cno("NHVU", 121557), "40HC")])
_ship("SH-24033", "C-1042", "sea", "CR-14", "CNLGS", "GBPHV", "2027-02-25", "2027-03-30", "2027-02-25", None,
      "in_transit", "Skerry Dawn", "123E", "FOB", ("Linen blend fabric rolls", 380, 15200, 59.1),
      [("CAXU7719026", "40HC")])
_ship("SH-24031", "C-1057", "sea", "CR-11", "CNLGS", "NLZVH", "2027-02-03", "2027-03-10", "2027-02-03", "2027-03-12",
      "delivered", "Ostrava Bay", "0712W", "CIF", ("Polyester yarn cones", 520, 18400, 64.0),
      [("TGHU3310455", "40HC")], via="VNCHT", feeder=("Maren Solvik", "214S"))
_ship("SH-24037", "C-1057", "sea", "CR-12", "CNLGW", "GBPHN", "2027-03-01", "2027-04-04", "2027-03-01", None,
      "in_transit", "Lindisfarne Trader", "044W", "FOB", ("Dyed yarn on cones", 300, 11900, 40.5),
      [(cno("NDLU", 402231), "40GP")])
_ship("SH-24019", "C-1071", "sea", "CR-17", "CNLGW", "GBPHV", "2027-01-20", "2027-02-23", "2027-01-20", "2027-02-24",
      "delivered", "Kaveri Star", "0583W", "FOB", ("Tents and sleeping bags", 560, 9800, 66.0),
      [(cno("MRSU", 730115), "40HC")])
_ship("SH-24035", "C-1071", "sea", "CR-17", "VNCHT", "GBPHV", "2027-02-14", "2027-03-14", "2027-02-14", "2027-03-15",
      "delivered", "Kaveri Star", "0586W", "FOB", ("Waterproof jackets", 430, 6100, 58.3),
      [(cno("MRSU", 733402), "40HC")])
_ship("SH-24044", "C-1071", "sea", "CR-17", "VNCHT", "GBPHV", "2027-02-20", "2027-03-17", "2027-02-20",
      "2027-03-17", "discharged", "Kaveri Star", "0587W", "FOB",
      ("Hiking boots and trail shoes", 690, 8300, 63.7), [(cno("MRSU", 735560), "40HC")])
_ship("SH-24046", "C-1078", "sea", "CR-15", "CNLGS", "ESVLM", "2027-02-12", "2027-03-16", "2027-02-12",
      "2027-03-16", "discharged", "Orca Meridian", "33W", "FOB", ("Climbing harnesses and ropes", 270, 5200, 31.0),
      [(cno("OCSU", 220871), "20GP")])
_ship("SH-24012", "C-1090", "sea", "CR-17", "BRSTZ", "GBPHN", "2026-12-28", "2027-01-22", "2026-12-28", "2027-01-23",
      "delivered", "Serra Azul", "712N", "FOB", ("Hardwood dining tables, flat-packed", 180, 12400, 63.0),
      [(cno("TRLU", 598820), "40HC")])
_ship("SH-24040", "C-1090", "sea", "CR-17", "BRSTZ", "GBPHN", "2027-02-19", "2027-03-17", "2027-02-19",
      "2027-03-17", "discharged", "Serra Azul", "716N", "FOB", ("Hardwood sideboards and chairs", 240, 16900, 88.0),
      [(cno("TRLU", 660312), "40HC"), (cno("TRLU", 220774), "20GP")])
_ship("SH-24047", "C-1090", "sea", "CR-12", "ESVLM", "GBPHN", "2027-03-08", "2027-03-29", "2027-03-08", None,
      "in_transit", "Lindisfarne Trader", "046N", "FOB", ("Upholstered armchairs", 150, 6700, 67.5),
      [(cno("NDLU", 408815), "40HC")])
_ship("SH-24026", "C-1096", "sea", "CR-14", "CNLGW", "GBPHV", "2027-02-18", "2027-03-24", "2027-02-18", None,
      "in_transit", "Skerry Dawn", "122E", "EXW", ("Bicycle frames and wheelsets", 350, 7400, 55.0),
      [(cno("ORCU", 566031), "40HC")])
_ship("SH-24032", "C-1096", "air", "CR-21", "CNLGS", "GBSTM", "2027-03-02", "2027-03-04", None, None, "cancelled",
      "SV 880", None, "EXW", ("Hydraulic brake sets", 24, 310, 1.9), [(cno("AKEU", 118240), "ULD")])


def _entry(no, sid, direction, office, lodged, status, broker, lines, vat_rate=20.0, hold_reason=None):
    rows = [{"line": i + 1, "hs_code": hs, "description": d, "customs_value": v, "duty_rate_pct": r,
             "duty": round(v * r / 100, 2)} for i, (hs, d, v, r) in enumerate(lines)]
    duty = round(sum(r["duty"] for r in rows), 2)
    value = round(sum(r["customs_value"] for r in rows), 2)
    return {"entry_no": no, "shipment_id": sid, "direction": direction, "customs_office": office, "lodged": lodged,
            "status": status, "hold_reason": hold_reason, "broker": broker,
            "declared_value": {"amount": value, "currency": "GBP"}, "lines": rows, "duty_total": duty,
            "vat_total": round((value + duty) * vat_rate / 100, 2)}


BROKER_GFF = {"name": "Greyfriars Customs Desk", "email": "customs@greyfriars-forwarding.example"}
BROKER_ELM = {"name": "Elmstead Clearance Ltd", "email": "entries@elmstead-clearance.example"}
CUSTOMS = {e["entry_no"]: e for e in [
    _entry("CE-7730188", "SH-24019", "import", "Port Halvard Inland Clearance Depot", "2027-02-22", "cleared",
           BROKER_GFF, [("6306.22", "Tents of synthetic fibres", 18400.0, 12.0),
                        ("9404.30", "Sleeping bags", 9650.0, 3.7)]),
    _entry("CE-7730226", "SH-24035", "import", "Port Halvard Inland Clearance Depot", "2027-03-12", "cleared",
           BROKER_GFF, [("6201.40", "Men's waterproof jackets, synthetic", 21300.0, 12.0),
                        ("6202.40", "Women's waterproof jackets, synthetic", 19850.0, 12.0)]),
    _entry("CE-7730241", "SH-24044", "import", "Port Halvard Inland Clearance Depot", "2027-03-15", "held",
           BROKER_ELM, [("6403.91", "Hiking boots, leather uppers", 22600.0, 8.0),
                        ("6404.11", "Trail running shoes, textile uppers", 14900.0, 16.9),
                        ("6402.99", "Rubber-soled camp shoes", 3200.0, 16.9)],
           hold_reason="Documentary check: certificate of origin missing for the Viet Nam preference claim; "
                       "full third-country duty applies until it is supplied"),
    _entry("CE-7730244", "SH-24046", "import", "Aduana de Valmeira", "2027-03-15", "held", BROKER_ELM,
           [("6307.90", "Climbing harnesses", 8800.0, 6.3), ("5607.50", "Synthetic climbing ropes", 6100.0, 8.0)],
           vat_rate=21.0, hold_reason="Physical examination ordered: container selected for X-ray scan"),
    _entry("CE-7730233", "SH-24040", "import", "Port Halvard North Customs House", "2027-03-15", "cleared",
           BROKER_GFF, [("9403.60", "Wooden sideboards", 30400.0, 0.0),
                        ("9401.61", "Upholstered wooden chairs", 12750.0, 0.0)]),
    _entry("CE-7730219", "SH-24028", "import", "Port Halvard Inland Clearance Depot", "2027-03-09", "cleared",
           BROKER_GFF, [("6912.00", "Ceramic tableware, stoneware", 26800.0, 6.0),
                        ("6911.10", "Porcelain tableware", 9300.0, 12.0)]),
    _entry("CE-7730207", "SH-24023", "import", "Port Halvard North Customs House", "2027-03-15", "cleared",
           BROKER_GFF, [("5208.12", "Woven cotton fabric, unbleached", 27700.0, 8.0)]),
]}
for _e in CUSTOMS.values():
    SHIPMENTS[_e["shipment_id"]].setdefault("customs_entries", []).append(_e["entry_no"])


def _inv(no, cust, sid, issued, due, lines, paid):
    rows = [{"description": d, "quantity": q, "unit_price": p, "amount": round(q * p, 2)} for d, q, p in lines]
    total = round(sum(r["amount"] for r in rows), 2)
    amount_due = round(total - paid, 2)
    if amount_due == 0:
        status = "paid"
    elif due < TODAY:
        status = "overdue"
    else:
        status = "unpaid" if paid == 0 else "partially_paid"
    return {"invoice_no": no, "customer_id": cust, "shipment_id": sid, "issued": issued, "due": due, "lines": rows,
            "total": total, "amount_paid": paid, "amount_due": amount_due, "status": status, "currency": "GBP"}


INVOICES = {i["invoice_no"]: i for i in [
    _inv("FI-88090", "C-1042", "SH-24015", "2027-01-19", "2027-02-18",
         [("Ocean freight CNLGS-GBPHN (40HC)", 1, 2150.0), ("Origin handling", 1, 310.0),
          ("Destination THC", 1, 285.0), ("Customs clearance", 1, 95.0), ("Haulage to Oldcastle", 1, 640.0)],
         3480.0),
    _inv("FI-88131", "C-1042", "SH-24023", "2027-02-11", "2027-03-13",
         [("Ocean freight CNLGS-GBPHN (40HC)", 1, 2150.0), ("Origin handling", 1, 310.0),
          ("Destination THC", 1, 285.0), ("Customs clearance", 1, 95.0), ("Import duty (disbursement)", 1, 2216.0),
          ("Import VAT (disbursement)", 1, 5983.2), ("Haulage to Oldcastle", 1, 640.0)], 0.0),
    _inv("FI-88149", "C-1042", "SH-24033", "2027-02-26", "2027-03-28",
         [("Ocean freight CNLGS-GBPHV (40HC)", 1, 1980.0), ("Origin handling", 1, 310.0),
          ("Cargo insurance", 1, 146.5)], 1000.0),
    _inv("FI-88112", "C-1057", "SH-24031", "2027-02-04", "2027-03-06",
         [("Ocean freight CNLGS-NLZVH via VNCHT (40HC)", 1, 2390.0), ("Destination THC", 1, 260.0)], 2650.0),
    _inv("FI-88161", "C-1057", "SH-24037", "2027-03-02", "2027-04-01",
         [("Ocean freight CNLGW-GBPHN (40GP)", 1, 1890.0), ("Origin handling", 1, 320.0)], 0.0),
    _inv("FI-88071", "C-1085", "SH-24011", "2027-01-09", "2027-02-08",
         [("Ocean freight CNLGS-GBPHV (per 40HC)", 2, 1720.0), ("Destination THC", 2, 285.0),
          ("Customs clearance", 1, 95.0), ("Haulage to Stoke Abbas", 2, 610.0)], 5325.0),
    _inv("FI-88152", "C-1085", "SH-24028", "2027-03-12", "2027-04-11",
         [("Ocean freight CNLGW-GBPHV (per 40HC)", 2, 1850.0), ("Destination THC", 2, 285.0),
          ("Customs clearance", 1, 95.0), ("Import duty (disbursement)", 1, 2724.0),
          ("Two-man tail-lift haulage to Stoke Abbas", 1, 2400.0)], 0.0),
    _inv("FI-88098", "C-1071", "SH-24019", "2027-01-21", "2027-02-20",
         [("Ocean freight CNLGW-GBPHV (40HC)", 1, 2040.0), ("Customs clearance", 1, 95.0)], 2135.0),
    _inv("FI-88167", "C-1071", "SH-24044", "2027-03-17", "2027-04-16",
         [("Ocean freight VNCHT-GBPHV (40HC)", 1, 1760.0), ("Customs clearance", 1, 95.0),
          ("Documentary check handling", 1, 65.0)], 0.0),
    _inv("FI-88170", "C-1090", "SH-24040", "2027-03-17", "2027-04-16",
         [("Ocean freight BRSTZ-GBPHN (40HC)", 1, 2870.0), ("Ocean freight BRSTZ-GBPHN (20GP)", 1, 1690.0),
          ("Customs clearance", 1, 95.0)], 0.0),
]}
for _i in INVOICES.values():
    SHIPMENTS[_i["shipment_id"]].setdefault("invoices", []).append(_i["invoice_no"])

DELIVERIES = {}
SLOTS = {"AM": "08:00-12:00", "PM": "13:00-17:00"}


def delivery_ref(container_no, date, slot):
    return "DLV-" + hashlib.sha1(f"{container_no}|{date}|{slot}".encode()).hexdigest()[:6].upper()


# ---------------------------------------------------------------- views
def port_ref(locode):
    return {"locode": locode, "name": PORTS[locode]["name"]}


def shipment_summary(s):
    return {"shipment_id": s["shipment_id"], "customer_id": s["customer_id"], "customer_name": s["customer_name"],
            "mode": s["mode"], "origin": s["origin"], "destination": s["destination"], "etd": s["etd"],
            "eta": s["eta"], "status": s["status"]}


def shipment_detail(s):
    c = CARRIERS[s["carrier_id"]]
    return {
        "shipment_id": s["shipment_id"], "status": s["status"], "mode": s["mode"],
        "customer": {"customer_id": s["customer_id"], "name": s["customer_name"]},
        "carrier": {"carrier_id": c["carrier_id"], "name": c["name"]},
        "vessel": s["vessel"], "voyage": s["voyage"], "bill_of_lading": s["bill_of_lading"],
        "incoterm": s["incoterm"],
        "route": {"origin": port_ref(s["origin"]), "destination": port_ref(s["destination"]),
                  "transhipment": port_ref(s["via"]) if s["via"] else None},
        "schedule": {"etd": s["etd"], "eta": s["eta"], "atd": s["atd"], "ata": s["ata"]},
        "cargo": dict(s["cargo"]),
        "containers": [{"container_no": n, "type": CONTAINERS[n]["type"]} for n in s["containers"]],
        "customs_entries": [{"entry_no": e, "direction": CUSTOMS[e]["direction"], "status": CUSTOMS[e]["status"]}
                            for e in s.get("customs_entries", [])],
        "invoices": list(s.get("invoices", [])),
    }


# ---------------------------------------------------------------- routes
@route("GET", "/customers")
def search_customers(params, query, body):
    name, email = (query.get("name") or "").strip(), (query.get("email") or "").strip().lower()
    if not name and not email:
        raise ApiError(400, "give name or email")
    rows = [{k: c[k] for k in ("customer_id", "name", "email", "city", "account_manager")}
            for c in CUSTOMERS.values()
            if (not name or words_in(name, c["name"])) and (not email or c["email"] == email)]
    return 200, {"customers": rows, "count": len(rows)}


@route("GET", "/shipments")
def list_shipments(params, query, body):
    cust = (query.get("customer_id") or "").strip().upper()
    status = (query.get("status") or "").strip().lower()
    if status and status not in ("booked", "in_transit", "discharged", "delivered", "cancelled"):
        raise ApiError(400, "status must be booked, in_transit, discharged, delivered or cancelled")
    origin, dest = (query.get("origin") or "").strip().upper(), (query.get("destination") or "").strip().upper()
    mode = (query.get("mode") or "").strip().lower()
    start = date_param(query["etd_from"], "etd_from") if query.get("etd_from") else None
    end = date_param(query["etd_to"], "etd_to") if query.get("etd_to") else None
    sort = query.get("sort") or "etd_asc"
    if sort not in ("etd_asc", "etd_desc"):
        raise ApiError(400, "sort must be etd_asc or etd_desc")
    page, size = int_param(query, "page", 1, 1, 10000), int_param(query, "page_size", 10, 1, 50)
    rows = [s for s in SHIPMENTS.values() if (not cust or s["customer_id"] == cust)
            and (not status or s["status"] == status) and (not origin or s["origin"] == origin)
            and (not dest or s["destination"] == dest) and (not mode or s["mode"] == mode)
            and (not start or s["etd"] >= start) and (not end or s["etd"] <= end)]
    rows.sort(key=lambda s: (s["etd"], s["shipment_id"]), reverse=sort == "etd_desc")
    first = (page - 1) * size
    return 200, {"shipments": [shipment_summary(s) for s in rows[first:first + size]], "page": page,
                 "page_size": size, "total_count": len(rows),
                 "next_page": page + 1 if first + size < len(rows) else None}


@route("GET", "/shipments/{shipment_id}")
def get_shipment(params, query, body):
    return 200, shipment_detail(get_or_404(SHIPMENTS, params["shipment_id"], "shipment"))


@route("GET", "/shipments/{shipment_id}/events")
def list_events(params, query, body):
    s = get_or_404(SHIPMENTS, params["shipment_id"], "shipment")
    return 200, {"sid": s["shipment_id"], "ev": [dict(e) for e in EVENTS[s["shipment_id"]]]}


@route("GET", "/containers/{container_no}")
def get_container(params, query, body):
    c = get_or_404(CONTAINERS, params["container_no"], "container")
    out = dict(c)
    out["location"] = dict(c["location"])
    return 200, out


@route("GET", "/ports")
def search_ports(params, query, body):
    name, code = (query.get("name") or "").strip(), (query.get("locode") or "").strip().upper().replace(" ", "")
    country = (query.get("country") or "").strip()
    rows = [{k: p[k] for k in ("locode", "name", "country", "type")} for p in PORTS.values()
            if (not name or words_in(name, p["name"])) and (not code or p["locode"] == code)
            and (not country or fold(country) == fold(p["country"]))]
    return 200, {"ports": rows, "count": len(rows)}


@route("GET", "/ports/{locode}")
def get_port(params, query, body):
    p = get_or_404(PORTS, params["locode"], "port")
    out = dict(p)
    out["terminals"] = [dict(t) for t in p["terminals"]]
    return 200, out


@route("GET", "/customs-entries/{entry_no}")
def get_customs_entry(params, query, body):
    e = get_or_404(CUSTOMS, params["entry_no"], "customs entry")
    return 200, json.loads(json.dumps(e))


@route("GET", "/carriers")
def list_carriers(params, query, body):
    name, mode = (query.get("name") or "").strip(), (query.get("mode") or "").strip().lower()
    if mode and mode not in ("sea", "air", "road"):
        raise ApiError(400, "mode must be sea, air or road")
    rows = [dict(c) for c in CARRIERS.values()
            if (not name or words_in(name, c["name"]) or name.upper() == c["scac"]) and (not mode or c["mode"] == mode)]
    return 200, {"carriers": rows, "count": len(rows)}


@route("GET", "/invoices")
def list_invoices(params, query, body):
    cust = (query.get("customer_id") or "").strip().upper()
    if not cust:
        raise ApiError(400, "customer_id is required")
    get_or_404(CUSTOMERS, cust, "customer")
    status = (query.get("status") or "").strip().lower()
    if status and status not in ("paid", "unpaid", "partially_paid", "overdue", "outstanding"):
        raise ApiError(400, "status must be paid, unpaid, partially_paid, overdue or outstanding")
    rows = [i for i in INVOICES.values() if i["customer_id"] == cust
            and (not status or i["status"] == status or (status == "outstanding" and i["amount_due"] > 0))]
    rows.sort(key=lambda i: i["issued"], reverse=True)
    items = [{k: i[k] for k in ("invoice_no", "shipment_id", "issued", "due", "total", "amount_due", "status")}
             for i in rows]
    return 200, {"customer_id": cust, "invoices": items, "count": len(items),
                 "total_outstanding": round(sum(i["amount_due"] for i in rows), 2), "currency": "GBP"}


@route("GET", "/invoices/{invoice_no}")
def get_invoice(params, query, body):
    return 200, json.loads(json.dumps(get_or_404(INVOICES, params["invoice_no"], "invoice")))


@route("POST", "/delivery-bookings")
def book_delivery(params, query, body):
    for field in ("container_no", "date", "slot"):
        if not str(body.get(field) or "").strip():
            raise ApiError(400, f"field '{field}' is required")
    c = get_or_404(CONTAINERS, body["container_no"], "container")
    date = date_param(body["date"], "date")
    slot = str(body["slot"]).strip().upper()
    slot = {"MORNING": "AM", "AFTERNOON": "PM"}.get(slot, slot)
    if slot not in SLOTS:
        raise ApiError(400, "slot must be AM or PM")
    if c["status"] != "discharged":
        raise ApiError(422, f"container {c['container_no']} is '{c['status']}'; only discharged containers can be "
                            "booked for delivery")
    if not TODAY < date <= shift(TODAY, 30):
        raise ApiError(422, f"delivery dates are open from {shift(TODAY, 1)} to {shift(TODAY, 30)}")
    if datetime.date.fromisoformat(date).weekday() == 6:
        raise ApiError(422, "no deliveries on Sundays")
    ref = delivery_ref(c["container_no"], date, slot)
    s = SHIPMENTS[c["shipment_id"]]
    with LOCK:
        if ref in DELIVERIES:
            return 200, DELIVERIES[ref]
        DELIVERIES[ref] = {
            "booking_ref": ref, "container_no": c["container_no"], "shipment_id": s["shipment_id"], "date": date,
            "slot": slot, "window": SLOTS[slot], "collect_from": c["location"]["terminal"],
            "deliver_to": str(body.get("deliver_to") or "").strip() or CUSTOMERS[s["customer_id"]]["delivery_address"],
            "haulier": "Fenwick Haulage", "status": "confirmed"}
    return 201, DELIVERIES[ref]


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
