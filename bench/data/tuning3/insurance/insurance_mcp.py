"""Harrowgate Mutual (home and car insurance) MCP server (stdio): customers, policies, claims, claim timelines,
adjusters, approved repair shops, premium quotes and first notice of loss (filing a claim).

Run: python insurance_mcp.py   (speaks MCP over stdin/stdout)
Deterministic: fixed seed data ("today" is 2027-04-10), no clock, no randomness; claim numbers of filed claims and
quote ids are derived from their content. State lives in memory for the life of the process. Amounts are in USD.
All names, emails, phone numbers, addresses, plates and codes are invented. Licence: Apache-2.0.
"""
import datetime
import hashlib
import re
import unicodedata

from typing_extensions import TypedDict

try:  # mcp >= 2 renamed FastMCP to MCPServer
    from mcp.server.mcpserver import MCPServer as _Server
    from mcp.server.mcpserver.exceptions import ToolError
except ImportError:  # mcp 1.x
    from mcp.server.fastmcp import FastMCP as _Server
    from mcp.server.fastmcp.exceptions import ToolError

mcp = _Server("harrowgate-mutual")

TODAY = "2027-04-10"


def _fold(text) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", str(text)) if not unicodedata.combining(c)).lower()


def _date(value, name) -> str:
    try:
        return datetime.date.fromisoformat(str(value).strip()).isoformat()
    except ValueError:
        raise ToolError(f"{name} must be a date YYYY-MM-DD, got {value!r}") from None


def _plus(day: str, n: int) -> str:
    return (datetime.date.fromisoformat(day) + datetime.timedelta(days=n)).isoformat()


# ------------------------------------------------------------------------------------------------ seed data
CUSTOMERS = {c["customer_id"]: c for c in [
    {"customer_id": "CU-4101", "name": "Marguerite Olsson", "email": "marguerite.olsson@example.com",
     "phone": "555-301-4101", "address": "18 Larkspur Lane", "city": "Port Adair", "zip": "40213",
     "customer_since": "2015-03-02"},
    {"customer_id": "CU-4102", "name": "Margareta Olsen", "email": "m.olsen@example.net",
     "phone": "555-301-4102", "address": "402 Quarry Road", "city": "Brinkley Falls", "zip": "40877",
     "customer_since": "2019-11-15"},
    {"customer_id": "CU-4107", "name": "Tobias Fennimore", "email": "tobias.fennimore@example.org",
     "phone": "555-301-4107", "address": "9 Wharf Street, Apt 3B", "city": "Port Adair", "zip": "40211",
     "customer_since": "2021-10-01"},
    {"customer_id": "CU-4110", "name": "Priya Venkataraman", "email": "priya.v@example.com",
     "phone": "555-301-4110", "address": "77 Orchard Row", "city": "Ashby Crossing", "zip": "40902",
     "customer_since": "2022-07-12"},
    {"customer_id": "CU-4111", "name": "Priya Venkatesan", "email": "priya.venkatesan@example.org",
     "phone": "555-301-4111", "address": "1260 Hillcrest Drive", "city": "Port Adair Heights", "zip": "40230",
     "customer_since": "2020-08-01"},
    {"customer_id": "CU-4115", "name": "Declan Ashworth-Reyes", "email": "declan.ar@example.com",
     "phone": "555-301-4115", "address": "5 Millrace Court", "city": "Brinkley Falls", "zip": "40871",
     "customer_since": "2018-02-20"},
    {"customer_id": "CU-4120", "name": "Benedetta Caruso", "email": "b.caruso@example.net",
     "phone": "555-301-4120", "address": "33 Sandpiper Way", "city": "Port Adair", "zip": "40215",
     "customer_since": "2023-05-01"},
    {"customer_id": "CU-4121", "name": "Benedict Caruso", "email": "b.caruso@example.com",
     "phone": "555-301-4121", "address": "61 Ferry Road", "city": "Port Adair Heights", "zip": "40232",
     "customer_since": "2016-01-09"},
    {"customer_id": "CU-4123", "name": "Wendell Okonkwo-Hart", "email": "wendell.oh@example.com",
     "phone": "555-301-4123", "address": "210 Linden Avenue", "city": "Ashby Crossing", "zip": "40905",
     "customer_since": "2017-06-30"},
]}

REGION_OF_CITY = {"Port Adair": "Port Adair", "Port Adair Heights": "Port Adair", "Brinkley Falls": "Brinkley",
                  "Ashby Crossing": "Brinkley"}

CAR_COVER = [("liability", 300000), ("uninsured_motorist", 100000), ("collision", "ACV"),
             ("comprehensive", "ACV"), ("medical_payments", 5000), ("rental_per_day", 40)]


def _home_cover(dwelling, contents):
    return [("dwelling", dwelling), ("other_structures", round(dwelling * 0.1)), ("contents", contents),
            ("liability", 300000), ("loss_of_use", 40000)]


def _car(no, cust, status, start, end, prem, ded, veh, cover=CAR_COVER):
    return {"no": no, "prod": "car", "cust": cust, "st": status, "from": start, "to": end, "prem": prem,
            "ded": ded, "cov": [{"sec": s, "lim": lim} for s, lim in cover],
            "veh": dict(zip(("year", "make", "model", "plate", "vin_last6"), veh))}


def _home(no, cust, status, start, end, prem, ded, xs, dwelling, contents, prop):
    return {"no": no, "prod": "home", "cust": cust, "st": status, "from": start, "to": end, "prem": prem,
            "ded": ded, "xs": xs, "cov": [{"sec": s, "lim": lim} for s, lim in _home_cover(dwelling, contents)],
            "prop": dict(zip(("addr", "type", "built", "sq_ft"), prop))}


POLICIES = {p["no"]: p for p in [
    _home("HOM-220415", "CU-4101", "active", "2026-09-01", "2027-08-31", 1284.0, 500,
          {"escape_of_water": 1000, "wind_hail": 1000, "fire": 500}, 425000, 75000,
          ("18 Larkspur Lane, Port Adair 40213", "detached", 1968, 2140)),
    _car("CAR-318822", "CU-4101", "active", "2026-06-01", "2027-05-31", 684.0, 350,
         (2023, "Volvo", "V60", "PAD-4471", "318822")),
    _car("CAR-301977", "CU-4101", "lapsed", "2024-06-01", "2025-05-31", 598.0, 500,
         (2014, "Subaru", "Outback", "PAD-1907", "301977")),
    _home("HOM-220498", "CU-4102", "active", "2026-11-15", "2027-11-14", 968.5, 500,
          {"escape_of_water": 750, "wind_hail": 1000, "fire": 500}, 310000, 50000,
          ("402 Quarry Road, Brinkley Falls 40877", "semi-detached", 1994, 1480)),
    _car("CAR-319040", "CU-4107", "active", "2026-10-01", "2027-09-30", 912.0, 500,
         (2019, "Mazda", "CX-5", "PAD-9040", "319040")),
    _home("HOM-221102", "CU-4107", "active", "2027-01-20", "2028-01-19", 264.0, 250,
          {"escape_of_water": 250}, 0, 35000, ("9 Wharf Street, Apt 3B, Port Adair 40211", "apartment (renter)",
                                              1931, 760)),
    _car("CAR-319555", "CU-4110", "active", "2026-07-12", "2027-07-11", 1046.0, 1000,
         (2025, "Tesla", "Model 3", "ASH-5550", "319555")),
    _car("CAR-319556", "CU-4111", "active", "2026-08-01", "2027-07-31", 798.0, 500,
         (2020, "Honda", "Civic", "PAH-3195", "319556")),
    _home("HOM-221300", "CU-4111", "active", "2026-12-01", "2027-11-30", 1062.0, 500,
          {"escape_of_water": 1000, "wind_hail": 1500, "fire": 500}, 520000, 90000,
          ("1260 Hillcrest Drive, Port Adair Heights 40230", "detached", 2004, 2680)),
    _home("HOM-221777", "CU-4115", "active", "2027-03-01", "2028-02-28", 1171.0, 1000,
          {"escape_of_water": 1000, "wind_hail": 2500, "fire": 1000}, 365000, 60000,
          ("5 Millrace Court, Brinkley Falls 40871", "detached", 1952, 1890)),
    _car("CAR-320010", "CU-4115", "active", "2026-09-15", "2027-09-14", 1208.0, 500,
         (2021, "Ford", "F-150", "BRF-2001", "320010")),
    _car("CAR-312680", "CU-4120", "lapsed", "2024-05-01", "2025-04-30", 744.0, 500,
         (2012, "Fiat", "500", "PAD-1268", "312680")),
    _car("CAR-320202", "CU-4120", "active", "2026-05-01", "2027-04-30", 866.0, 500,
         (2024, "Kia", "Niro", "PAD-2020", "320202")),
    _home("HOM-221950", "CU-4121", "active", "2026-06-20", "2027-06-19", 1398.0, 500,
          {"escape_of_water": 1000, "wind_hail": 1000, "fire": 500}, 470000, 80000,
          ("61 Ferry Road, Port Adair Heights 40232", "detached", 1979, 2310)),
    _home("HOM-222050", "CU-4123", "active", "2026-10-10", "2027-10-09", 1176.0, 750,
          {"escape_of_water": 750, "wind_hail": 1500, "fire": 750}, 398000, 65000,
          ("210 Linden Avenue, Ashby Crossing 40905", "detached", 1987, 2050)),
    _car("CAR-320555", "CU-4123", "active", "2026-10-10", "2027-10-09", 1334.0, 1000,
         (2022, "Toyota", "RAV4 Hybrid", "ASH-2055", "320555")),
]}
# Renewals keep the policy number: from/to is the current term (HOM-221777 renewed on 2027-03-01).

ADJUSTERS = {a["adjuster_id"]: a for a in [
    {"adjuster_id": "ADJ-11", "name": "Corinne Dufresne", "email": "c.dufresne@adjusters.example.com",
     "phone": "555-201-0142", "region": "Port Adair", "specialties": ["property", "weather"],
     "license_no": "PA-ADJ-55102", "open_claims": 11},
    {"adjuster_id": "ADJ-12", "name": "Corinna Dufresne-Hale", "email": "c.dufresnehale@adjusters.example.com",
     "phone": "555-201-0168", "region": "Port Adair", "specialties": ["auto"], "license_no": "PA-ADJ-55117",
     "open_claims": 14},
    {"adjuster_id": "ADJ-14", "name": "Marcus Oyelaran", "email": "m.oyelaran@adjusters.example.com",
     "phone": "555-201-0195", "region": "Port Adair", "specialties": ["auto", "glass"],
     "license_no": "PA-ADJ-55240", "open_claims": 9},
    {"adjuster_id": "ADJ-15", "name": "Henrietta Vasquez-Lowe", "email": "h.vasquezlowe@adjusters.example.com",
     "phone": "555-207-0311", "region": "Brinkley", "specialties": ["property", "weather"],
     "license_no": "BR-ADJ-20931", "open_claims": 8},
    {"adjuster_id": "ADJ-17", "name": "Jonah Petrakis", "email": "j.petrakis@adjusters.example.com",
     "phone": "555-207-0358", "region": "Brinkley", "specialties": ["auto", "theft"],
     "license_no": "BR-ADJ-21044", "open_claims": 12},
    {"adjuster_id": "ADJ-18", "name": "Saoirse Kilbride", "email": "s.kilbride@adjusters.example.com",
     "phone": "555-201-0227", "region": "Port Adair", "specialties": ["property", "fire", "large_loss"],
     "license_no": "PA-ADJ-55388", "open_claims": 6},
    {"adjuster_id": "ADJ-20", "name": "Arvid Thorsby", "email": "a.thorsby@adjusters.example.com",
     "phone": "555-207-0402", "region": "Brinkley", "specialties": ["auto", "glass"],
     "license_no": "BR-ADJ-21190", "open_claims": 10},
]}

SHOPS = [
    {"shop_id": "RS-301", "name": "Adair Auto Glass", "city": "Port Adair", "address": "140 Chandlery Road",
     "phone": "555-410-3010", "services": ["glass"], "approved": True, "rating": 4.7},
    {"shop_id": "RS-302", "name": "Harborline Collision & Glass", "city": "Port Adair",
     "address": "2 Slipway Industrial Park", "phone": "555-410-3020", "services": ["body", "paint", "glass"],
     "approved": True, "rating": 4.4},
    {"shop_id": "RS-303", "name": "Quayside Glass Express", "city": "Port Adair", "address": "88 Quay Street",
     "phone": "555-410-3030", "services": ["glass"], "approved": False, "rating": 4.9},
    {"shop_id": "RS-304", "name": "Keel Street Body Works", "city": "Port Adair", "address": "17 Keel Street",
     "phone": "555-410-3040", "services": ["body", "paint"], "approved": True, "rating": 4.2},
    {"shop_id": "RS-305", "name": "Adair Motor Repairs", "city": "Port Adair", "address": "301 Dock Road",
     "phone": "555-410-3050", "services": ["mechanical"], "approved": True, "rating": 4.0},
    {"shop_id": "RS-310", "name": "Heights Auto Glass", "city": "Port Adair Heights", "address": "9 Summit Plaza",
     "phone": "555-410-3100", "services": ["glass"], "approved": True, "rating": 4.6},
    {"shop_id": "RS-320", "name": "Falls Collision Center", "city": "Brinkley Falls", "address": "55 Mill Street",
     "phone": "555-420-3200", "services": ["body", "paint", "glass"], "approved": True, "rating": 4.5},
    {"shop_id": "RS-321", "name": "Brinkley Glass Co.", "city": "Brinkley Falls", "address": "12 Weir Lane",
     "phone": "555-420-3210", "services": ["glass"], "approved": True, "rating": 4.3},
    {"shop_id": "RS-330", "name": "Ashby Crossing Motors", "city": "Ashby Crossing", "address": "4 Depot Street",
     "phone": "555-430-3300", "services": ["body", "mechanical"], "approved": False, "rating": 3.8},
]


def _c(cid, pol, kind, incident, reported, status, desc, loc, reserve, paid, ded, adj, shop=None, decided=None,
       paid_on=None, extra=()):
    events = [{"ts": reported, "what": "reported", "by": "policyholder"},
              {"ts": _plus(reported, 1), "what": "assigned", "by": adj}, *extra]
    if decided:
        events.append({"ts": decided, "what": "approved" if status in ("approved", "paid") else status, "by": adj})
    if paid_on:
        events.append({"ts": paid_on, "what": "payment issued", "by": "claims payments"})
    if status == "closed":
        events.append({"ts": paid_on or decided or _plus(reported, 30), "what": "closed", "by": adj})
    events.sort(key=lambda e: e["ts"])
    return {"claim_id": cid, "policy_no": pol, "customer_id": POLICIES[pol]["cust"], "type": kind,
            "incident_date": incident, "reported_date": reported, "status": status, "description": desc,
            "loss_location": loc, "reserve": reserve, "paid_amount": paid, "deductible_applied": ded,
            "adjuster_id": adj, "shop_id": shop, "events": events}


CLAIMS = {c["claim_id"]: c for c in [
    _c("CL-70012", "CAR-301977", "collision", "2024-11-03", "2024-11-04", "paid",
       "Slid into a guardrail on icy Harbor Hill Road", "Harbor Hill Road, Port Adair", 2600.0, 2100.0, 500,
       "ADJ-12", "RS-304", decided="2024-11-15", paid_on="2024-11-22"),
    _c("CL-70140", "HOM-220415", "weather", "2025-12-19", "2025-12-20", "paid",
       "Wind tore shingles off the north roof slope", "18 Larkspur Lane", 3800.0, 3240.0, 500, "ADJ-11",
       decided="2026-01-09", paid_on="2026-01-16"),
    _c("CL-70152", "CAR-318822", "glass", "2026-01-08", "2026-01-08", "paid",
       "Stone chip spread into a crack across the windshield", "Route 9, Port Adair", 450.0, 410.0, 0, "ADJ-14",
       "RS-301", decided="2026-01-09", paid_on="2026-01-14"),
    _c("CL-70166", "HOM-220415", "theft", "2026-03-22", "2026-03-24", "denied",
       "Bicycle taken from the garage, door left unlocked", "18 Larkspur Lane", 0.0, 0.0, 0, "ADJ-11",
       decided="2026-04-08"),
    _c("CL-70179", "CAR-318822", "vandalism", "2026-06-30", "2026-07-01", "paid",
       "Keyed along both doors on the driver's side", "Larkspur Mall parking garage", 1600.0, 1180.0, 350,
       "ADJ-12", "RS-304", decided="2026-07-10", paid_on="2026-07-21"),
    _c("CL-70188", "HOM-220415", "escape_of_water", "2026-09-14", "2026-09-14", "paid",
       "Dishwasher hose split, kitchen floor boards lifted", "18 Larkspur Lane", 7000.0, 5660.0, 1000, "ADJ-11",
       decided="2026-10-02", paid_on="2026-10-09"),
    _c("CL-70203", "CAR-318822", "collision", "2026-11-27", "2026-11-28", "paid",
       "Reversed into a bollard in the Larkspur Mall garage", "Larkspur Mall parking garage", 2300.0, 1935.5, 350,
       "ADJ-14", "RS-302", decided="2026-12-04", paid_on="2026-12-11"),
    _c("CL-70231", "HOM-220415", "weather", "2027-02-11", "2027-02-12", "approved",
       "Hail damage to the skylights and gutters", "18 Larkspur Lane", 4800.0, 0.0, 1000, "ADJ-11",
       decided="2027-03-26"),
    _c("CL-70262", "HOM-220415", "fire", "2027-03-30", "2027-03-30", "open",
       "Kitchen fire from a pan left on the stove; smoke damage to the ground floor", "18 Larkspur Lane",
       18500.0, 0.0, 500, "ADJ-18", extra=[{"ts": "2027-04-02", "what": "inspected", "by": "ADJ-18"}]),
    _c("CL-70171", "HOM-220498", "escape_of_water", "2026-05-02", "2026-05-03", "paid",
       "Washing machine inlet valve failed, utility room flooded", "402 Quarry Road", 4900.0, 3120.0, 750,
       "ADJ-15", decided="2026-05-20", paid_on="2026-05-27"),
    _c("CL-70160", "CAR-319040", "collision", "2026-02-14", "2026-02-14", "paid",
       "Side-swiped while parked on Wharf Street", "Wharf Street, Port Adair", 3000.0, 2640.0, 500, "ADJ-14",
       "RS-302", decided="2026-02-25", paid_on="2026-03-04"),
    _c("CL-70190", "CAR-319555", "glass", "2026-09-30", "2026-10-01", "paid",
       "Rear window shattered by a golf ball", "Ashby Crossing Golf Club lot", 420.0, 385.0, 0, "ADJ-20",
       "RS-321", decided="2026-10-02", paid_on="2026-10-06"),
    _c("CL-70209", "CAR-319556", "theft", "2026-12-12", "2026-12-13", "denied",
       "Catalytic converter stolen overnight", "1260 Hillcrest Drive", 0.0, 0.0, 500, "ADJ-12",
       decided="2027-01-08"),
    _c("CL-70120", "HOM-221777", "theft", "2025-08-01", "2025-08-02", "denied",
       "Garden tools taken from an unlocked shed", "5 Millrace Court", 0.0, 0.0, 1000, "ADJ-15",
       decided="2025-08-19"),
    _c("CL-70195", "CAR-320010", "collision", "2026-10-09", "2026-10-09", "paid",
       "Rear-ended at the Mill Street lights", "Mill Street, Brinkley Falls", 4200.0, 3890.0, 500, "ADJ-17",
       "RS-320", decided="2026-10-21", paid_on="2026-10-30"),
    _c("CL-70240", "HOM-221777", "weather", "2027-02-20", "2027-02-21", "open",
       "Fallen oak branch cracked the garage roof", "5 Millrace Court", 6200.0, 0.0, 2500, "ADJ-15"),
    _c("CL-70255", "CAR-320010", "glass", "2027-03-15", "2027-03-15", "open",
       "Windshield cracked by gravel from a truck on Route 9", "Route 9, Brinkley Falls", 520.0, 0.0, 0,
       "ADJ-20", "RS-321"),
    _c("CL-70228", "HOM-221950", "weather", "2027-01-30", "2027-01-31", "approved",
       "Ice dam leaked into the upstairs bedroom ceiling", "61 Ferry Road", 3900.0, 0.0, 1000, "ADJ-11",
       decided="2027-03-01"),
    _c("CL-70044", "CAR-312680", "collision", "2025-01-19", "2025-01-20", "paid",
       "Clipped a parked van on Sandpiper Way", "Sandpiper Way, Port Adair", 2000.0, 1720.0, 500, "ADJ-12",
       "RS-304", decided="2025-02-03", paid_on="2025-02-10"),
    _c("CL-70101", "HOM-222050", "weather", "2025-03-03", "2025-03-04", "paid",
       "Storm blew down a section of the back fence", "210 Linden Avenue", 2600.0, 2210.0, 750, "ADJ-15",
       decided="2025-03-18", paid_on="2025-03-25"),
    _c("CL-70214", "HOM-222050", "escape_of_water", "2027-02-06", "2027-02-06", "paid",
       "Pipe burst under the kitchen sink; base cabinet and flooring replaced", "210 Linden Avenue",
       1800.0, 920.0, 750, "ADJ-15", decided="2027-03-05", paid_on="2027-03-19",
       extra=[{"ts": "2027-02-10", "what": "inspected", "by": "ADJ-15"},
              {"ts": "2027-02-24", "what": "contractor estimate received", "by": "ADJ-15"}]),
    _c("CL-70220", "CAR-320555", "theft", "2027-02-17", "2027-02-17", "open",
       "Car stolen from the driveway overnight", "210 Linden Avenue", 21000.0, 0.0, 1000, "ADJ-17"),
]}

FILED = {}

CLAIM_TYPES = ("collision", "glass", "vandalism", "theft", "weather", "fire", "escape_of_water", "liability")
DEDUCTIBLE_FACTOR = {250: 1.12, 350: 1.05, 500: 1.0, 750: 0.94, 1000: 0.88, 1500: 0.82, 2500: 0.75}
ADD_ONS = {"car": {"roadside": 48.0, "rental_upgrade": 36.0, "gap": 62.0},
           "home": {"water_backup": 120.0, "jewelry": 95.0, "identity_theft": 25.0}}


# ------------------------------------------------------------------------------------------------ typed results
class CustomerSummary(TypedDict):
    customer_id: str
    name: str
    email: str
    city: str


class CustomerSearch(TypedDict):
    customers: list[CustomerSummary]
    count: int


class PolicySummary(TypedDict):
    policy_no: str
    product: str
    status: str
    start_date: str
    end_date: str
    renewal_date: str | None
    annual_premium: float
    insured_item: str


class PolicyList(TypedDict):
    customer_id: str
    policies: list[PolicySummary]
    count: int


class ClaimRow(TypedDict):
    claim_id: str
    policy_no: str
    type: str
    incident_date: str
    status: str


class ClaimPage(TypedDict):
    claims: list[ClaimRow]
    page: int
    page_size: int
    total_count: int
    next_page: int | None


class Adjuster(TypedDict):
    adjuster_id: str
    name: str
    email: str
    phone: str
    region: str
    specialties: list[str]
    license_no: str
    open_claims: int


class AdjusterSummary(TypedDict):
    adjuster_id: str
    name: str
    region: str
    specialties: list[str]


class AdjusterList(TypedDict):
    adjusters: list[AdjusterSummary]
    count: int


class RepairShop(TypedDict):
    shop_id: str
    name: str
    city: str
    address: str
    phone: str
    services: list[str]
    approved: bool
    rating: float


class ShopList(TypedDict):
    shops: list[RepairShop]
    count: int


class FiledClaim(TypedDict):
    claim_id: str
    policy_no: str
    type: str
    incident_date: str
    reported_date: str
    status: str
    adjuster_id: str
    next_step: str


# ------------------------------------------------------------------------------------------------ helpers
def _customer(customer_id) -> dict:
    c = CUSTOMERS.get(str(customer_id).strip().upper())
    if c is None:
        raise ToolError(f"no customer {customer_id!r}; find_customers gives customer ids")
    return c


def _policy(policy_no) -> dict:
    p = POLICIES.get(str(policy_no).strip().upper())
    if p is None:
        raise ToolError(f"no policy {policy_no!r}; list_policies gives a customer's policy numbers")
    return p


def _claim(claim_id) -> dict:
    key = str(claim_id).strip().upper()
    c = CLAIMS.get(key) or FILED.get(key)
    if c is None:
        raise ToolError(f"no claim {claim_id!r}")
    return c


def _insured_item(p) -> str:
    if p["prod"] == "car":
        v = p["veh"]
        return f"{v['year']} {v['make']} {v['model']} ({v['plate']})"
    return p["prop"]["addr"]


# ------------------------------------------------------------------------------------------------ tools
@mcp.tool()
def find_customers(name: str | None = None, email: str | None = None) -> CustomerSearch:
    """Find policyholders by name (every word must appear in the name) or by exact email address. Give one of the
    two. Returns customer ids, names, emails and home city."""
    name, email = (name or "").strip(), (email or "").strip().lower()
    if not name and not email:
        raise ToolError("give name or email")
    words = [w for w in re.split(r"[\s,]+", _fold(name)) if w]
    rows = [{k: c[k] for k in ("customer_id", "name", "email", "city")} for c in CUSTOMERS.values()
            if (not email or c["email"] == email) and all(w in _fold(c["name"]) for w in words)]
    return {"customers": rows, "count": len(rows)}


@mcp.tool()
def get_customer(customer_id: str) -> dict:
    """Contact record of one customer: customer_id, name, email, phone, address, city, zip, customer_since and
    the number of policies they hold (policy_count)."""
    c = _customer(customer_id)
    return {**c, "policy_count": sum(1 for p in POLICIES.values() if p["cust"] == c["customer_id"])}


@mcp.tool()
def list_policies(customer_id: str, product: str | None = None, status: str | None = None) -> PolicyList:
    """Policies held by a customer, optionally only one product (home or car) and/or status (active, lapsed).
    renewal_date is the day after end_date for active policies (null otherwise)."""
    c = _customer(customer_id)
    prod = (product or "").strip().lower()
    prod = {"auto": "car", "motor": "car", "homeowners": "home", "house": "home"}.get(prod, prod)
    st = (status or "").strip().lower()
    rows = []
    for p in POLICIES.values():
        if p["cust"] != c["customer_id"] or (prod and p["prod"] != prod) or (st and p["st"] != st):
            continue
        rows.append({"policy_no": p["no"], "product": p["prod"], "status": p["st"], "start_date": p["from"],
                     "end_date": p["to"], "renewal_date": _plus(p["to"], 1) if p["st"] == "active" else None,
                     "annual_premium": p["prem"], "insured_item": _insured_item(p)})
    rows.sort(key=lambda r: (r["status"] != "active", r["policy_no"]))
    return {"customer_id": c["customer_id"], "policies": rows, "count": len(rows)}


@mcp.tool()
def get_policy(policy_no: str) -> dict:
    """Full policy record, in short keys: no (policy number), prod (home|car), cust (customer id), st (status),
    from/to (period), prem (annual premium, USD), ded (standard deductible, USD), xs (home only: per-peril
    deductibles that replace ded, e.g. escape_of_water), cov (coverage sections: sec, lim = limit in USD or
    "ACV" = actual cash value), veh (car: year, make, model, plate) or prop (home: addr, type, built, sq_ft)."""
    return dict(_policy(policy_no))


@mcp.tool()
def list_claims(customer_id: str | None = None, policy_no: str | None = None, status: str | None = None,
                date_from: str | None = None, date_to: str | None = None, page: int = 1,
                page_size: int = 5) -> ClaimPage:
    """Claims of a customer or of one policy (give customer_id or policy_no), newest incident first. Filters:
    status (open, approved, paid, denied, closed), date_from/date_to (incident date range, YYYY-MM-DD, inclusive).
    Paginated: page (from 1) and page_size (1-20, default 5); total_count counts every match."""
    if not customer_id and not policy_no:
        raise ToolError("give customer_id or policy_no")
    cust = _customer(customer_id)["customer_id"] if customer_id else None
    pol = _policy(policy_no)["no"] if policy_no else None
    st = (status or "").strip().lower()
    if st and st not in ("open", "approved", "paid", "denied", "closed"):
        raise ToolError("status must be open, approved, paid, denied or closed")
    start = _date(date_from, "date_from") if date_from else None
    end = _date(date_to, "date_to") if date_to else None
    if not (isinstance(page, int) and page >= 1) or not (isinstance(page_size, int) and 1 <= page_size <= 20):
        raise ToolError("page must be >= 1 and page_size 1-20")
    rows = [c for c in list(CLAIMS.values()) + list(FILED.values())
            if (not cust or c["customer_id"] == cust) and (not pol or c["policy_no"] == pol)
            and (not st or c["status"] == st) and (not start or c["incident_date"] >= start)
            and (not end or c["incident_date"] <= end)]
    rows.sort(key=lambda c: (c["incident_date"], c["claim_id"]), reverse=True)
    first = (page - 1) * page_size
    items = [{k: c[k] for k in ("claim_id", "policy_no", "type", "incident_date", "status")}
             for c in rows[first:first + page_size]]
    return {"claims": items, "page": page, "page_size": page_size, "total_count": len(rows),
            "next_page": page + 1 if first + page_size < len(rows) else None}


@mcp.tool()
def get_claim(claim_id: str) -> dict:
    """One claim in full: claim_id, policy_no, customer_id, type, incident_date, reported_date, status,
    description, loss_location, reserve (estimated cost, USD), paid_amount (USD paid out so far),
    deductible_applied, adjuster {adjuster_id, name} and repair_shop {shop_id, name} (null for property
    claims). Dates of decisions and payments are in get_claim_timeline."""
    c = _claim(claim_id)
    out = {k: v for k, v in c.items() if k not in ("adjuster_id", "shop_id", "events")}
    a = ADJUSTERS[c["adjuster_id"]]
    out["adjuster"] = {"adjuster_id": a["adjuster_id"], "name": a["name"]}
    shop = next((s for s in SHOPS if s["shop_id"] == c.get("shop_id")), None)
    out["repair_shop"] = {"shop_id": shop["shop_id"], "name": shop["name"]} if shop else None
    return out


@mcp.tool()
def get_claim_timeline(claim_id: str) -> dict:
    """Event history of a claim, oldest first: c (claim id), st (current status), ev (events: ts = date, what =
    reported / assigned / inspected / approved / denied / payment issued / closed ..., by = who)."""
    c = _claim(claim_id)
    return {"c": c["claim_id"], "st": c["status"], "ev": [dict(e) for e in c["events"]]}


@mcp.tool()
def list_adjusters(region: str | None = None, specialty: str | None = None,
                   name: str | None = None) -> AdjusterList:
    """Claims adjusters, optionally filtered by region (Port Adair or Brinkley), specialty (auto, glass,
    property, weather, fire, theft, large_loss) or name words. Contact details are in get_adjuster."""
    reg, spec = _fold(region or "").strip(), _fold(specialty or "").strip()
    words = [w for w in re.split(r"[\s,]+", _fold(name or "")) if w]
    rows = [{k: a[k] for k in ("adjuster_id", "name", "region", "specialties")} for a in ADJUSTERS.values()
            if (not reg or _fold(a["region"]) == reg) and (not spec or spec in a["specialties"])
            and all(w in _fold(a["name"]) for w in words)]
    return {"adjusters": rows, "count": len(rows)}


@mcp.tool()
def get_adjuster(adjuster_id: str) -> Adjuster:
    """One adjuster with contact details (email, phone), region, specialties, license_no and open caseload."""
    a = ADJUSTERS.get(str(adjuster_id).strip().upper())
    if a is None:
        raise ToolError(f"no adjuster {adjuster_id!r}")
    return dict(a)


@mcp.tool()
def find_repair_shops(city: str, service: str | None = None, approved_only: bool = False) -> ShopList:
    """Repair shops in a city (exact city name, e.g. "Port Adair"), optionally offering a service (body, paint,
    glass, mechanical) and/or only those in the insurer-approved network (approved_only)."""
    town = _fold(city).strip()
    svc = _fold(service or "").strip()
    svc = {"windshield": "glass", "windscreen": "glass", "bodywork": "body", "collision": "body"}.get(svc, svc)
    rows = [dict(s) for s in SHOPS if _fold(s["city"]) == town and (not svc or svc in s["services"])
            and (not approved_only or s["approved"])]
    rows.sort(key=lambda s: -s["rating"])
    return {"shops": rows, "count": len(rows)}


@mcp.tool()
def quote_premium(policy_no: str, deductible: int | None = None, add_cover: list[str] | None = None) -> dict:
    """Quote the annual premium of an active policy with a different standard deductible (250, 350, 500, 750,
    1000, 1500 or 2500 USD) and/or optional add-on covers (car: roadside, rental_upgrade, gap; home:
    water_backup, jewelry, identity_theft). Returns policy_no, current_premium, current_deductible,
    quoted_deductible, add_ons, quoted_premium, change (USD per year), quote_id and valid_until. Nothing is
    changed on the policy."""
    p = _policy(policy_no)
    if p["st"] != "active":
        raise ToolError(f"policy {p['no']} is {p['st']}; only active policies can be quoted")
    new_ded = p["ded"] if deductible is None else int(deductible)
    if new_ded not in DEDUCTIBLE_FACTOR:
        raise ToolError(f"deductible must be one of {sorted(DEDUCTIBLE_FACTOR)}")
    extras = sorted({_fold(a).strip().replace(" ", "_") for a in (add_cover or [])})
    bad = [a for a in extras if a not in ADD_ONS[p["prod"]]]
    if bad:
        raise ToolError(f"unknown add-on(s) {bad} for a {p['prod']} policy; choose from {sorted(ADD_ONS[p['prod']])}")
    quoted = round(p["prem"] * DEDUCTIBLE_FACTOR[new_ded] / DEDUCTIBLE_FACTOR[p["ded"]]
                   + sum(ADD_ONS[p["prod"]][a] for a in extras), 2)
    qid = "Q-" + hashlib.sha1(f"{p['no']}|{new_ded}|{','.join(extras)}".encode()).hexdigest().upper()[:8]
    return {"policy_no": p["no"], "current_premium": p["prem"], "current_deductible": p["ded"],
            "quoted_deductible": new_ded, "add_ons": extras, "quoted_premium": quoted,
            "change": round(quoted - p["prem"], 2), "quote_id": qid, "valid_until": _plus(TODAY, 30)}


@mcp.tool()
def file_claim(policy_no: str, incident_date: str, claim_type: str, description: str) -> FiledClaim:
    """File a new claim (first notice of loss) on an active policy. claim_type: collision, glass, vandalism,
    theft, weather, fire, escape_of_water or liability; incident_date YYYY-MM-DD within the policy period and not
    after today (2027-04-10). An adjuster is assigned (adjuster_id; see get_adjuster). Filing the same policy,
    date and type again returns the claim already filed."""
    p = _policy(policy_no)
    day = _date(incident_date, "incident_date")
    kind = _fold(claim_type).strip().replace(" ", "_").replace("-", "_")
    kind = {"accident": "collision", "crash": "collision", "water": "escape_of_water", "storm": "weather",
            "windshield": "glass", "stolen": "theft"}.get(kind, kind)
    if kind not in CLAIM_TYPES:
        raise ToolError(f"claim_type must be one of {', '.join(CLAIM_TYPES)}")
    if not str(description or "").strip():
        raise ToolError("description is required")
    code = "CLM-" + hashlib.sha1(f"{p['no']}|{day}|{kind}".encode()).hexdigest().upper()[:6]
    if code in FILED:
        return {k: FILED[code][k] for k in FiledClaim.__annotations__}
    if p["st"] != "active":
        raise ToolError(f"policy {p['no']} is {p['st']} (ended {p['to']}); claims need an active policy")
    if not p["from"] <= day <= p["to"] or day > TODAY:
        raise ToolError(f"incident_date {day} is outside the policy period {p['from']}..{p['to']} or in the future")
    if (p["prod"] == "car") != (kind in ("collision", "glass", "vandalism", "theft", "liability")):
        raise ToolError(f"a {kind} claim cannot be filed on a {p['prod']} policy")
    region = REGION_OF_CITY[CUSTOMERS[p["cust"]]["city"]]
    need = "auto" if p["prod"] == "car" else ("fire" if kind == "fire" else "property")
    pool = [a for a in ADJUSTERS.values() if a["region"] == region and need in a["specialties"]]
    adj = sorted(pool, key=lambda a: (a["open_claims"], a["adjuster_id"]))[0]
    FILED[code] = {"claim_id": code, "policy_no": p["no"], "customer_id": p["cust"], "type": kind,
                   "incident_date": day, "reported_date": TODAY, "status": "open",
                   "description": " ".join(str(description).split()), "loss_location": None, "reserve": 0.0,
                   "paid_amount": 0.0, "deductible_applied": p["ded"], "adjuster_id": adj["adjuster_id"],
                   "shop_id": None, "next_step": "Your adjuster will call within 2 business days.",
                   "events": [{"ts": TODAY, "what": "reported", "by": "policyholder"},
                              {"ts": TODAY, "what": "assigned", "by": adj["adjuster_id"]}]}
    return {k: FILED[code][k] for k in FiledClaim.__annotations__}


if __name__ == "__main__":
    mcp.run()
