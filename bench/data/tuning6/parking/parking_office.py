"""Port Ellery City Parking Office tools: permit holders, parking zones, vehicles, permits, penalty notices (PCNs),
appeals and payments.

Plain functions over fixed in-memory data (no I/O, no clock, no randomness). Today is Monday 2027-05-10; money is in
USD. Ids look like "H-3301" (permit holder), "PRM-50211" (permit), "PN-718240" (penalty charge notice), "AP-90417"
(appeal), "PAY-66101" (payment); zone codes are short letters ("HS1", "OM"); vehicle registrations (VRMs) look like
"PE21 KTW". All names, addresses, emails, plates and codes are invented. Licence: Apache-2.0.
"""
import datetime
import hashlib
import re
import unicodedata
from dataclasses import dataclass, field
from typing import TypedDict

TODAY = datetime.date(2027, 5, 10)


class HolderHit(TypedDict):
    holder_id: str
    name: str
    email: str
    postcode: str


class ZoneSummary(TypedDict):
    zone_code: str
    name: str
    area: str


class PermitSummary(TypedDict):
    permit_no: str
    type: str
    zone_code: str
    status: str
    valid_to: str


class NoticeSummary(TypedDict):
    pcn_no: str
    vrm: str
    issued_on: str
    zone_code: str
    status: str
    balance: float
    appeal_id: str | None


class NoticePage(TypedDict):
    notices: list[NoticeSummary]
    page: int
    page_size: int
    total: int
    next_page: int | None
    balance_total: float


class PaymentRecord(TypedDict):
    ref: str
    dt: str
    amt: float
    mth: str
    item: str


@dataclass
class Zone:
    zone_code: str
    name: str
    area: str
    controlled_hours: str
    hourly_rate: float
    max_stay: str
    permit_prices: dict
    streets: list = field(default_factory=list)
    notes: str = ""


@dataclass
class Permit:
    permit_no: str
    holder_id: str
    holder_name: str
    type: str
    zone_code: str
    zone_name: str
    vrms: list
    valid_from: str
    valid_to: str
    status: str
    price_paid: float


@dataclass
class Appeal:
    appeal_id: str
    pcn_no: str
    stage: str
    lodged_on: str
    grounds: str
    details: str
    status: str
    respond_by: str | None
    decided_on: str | None
    decided_by: str | None
    decision_note: str
    previous_appeal_id: str | None = None


def _fold(text) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", str(text)) if not unicodedata.combining(c)).lower()


def _words_in(query: str, text: str) -> bool:
    tokens = [t for t in re.split(r"[\s,.'\u2019&()/-]+", _fold(query)) if t and t not in ("the", "and", "zone")]
    low = _fold(text)
    return all(t in low for t in tokens)


def _date(value, name: str) -> datetime.date:
    try:
        return datetime.date.fromisoformat(str(value).strip())
    except ValueError:
        raise ValueError(f"{name} must be a date YYYY-MM-DD") from None


def _vrm(value: str) -> str:
    raw = re.sub(r"\s+", "", str(value)).upper()
    return raw[:4] + " " + raw[4:] if len(raw) == 7 else raw


ZONES = {z.zone_code: z for z in [
    Zone("HS1", "Harbourside", "Waterfront", "Mon-Sat 08:00-18:30", 3.2, "3 hours",
         {"resident_annual": 165.0, "business_annual": 540.0, "visitor_day": 4.5},
         ["Chandlery Wharf", "Quay Street", "Ropemakers Walk"]),
    Zone("HS2", "Harbourside East", "Waterfront", "Mon-Sun 08:00-22:00", 3.6, "2 hours",
         {"resident_annual": 210.0, "business_annual": 620.0, "visitor_day": 5.0},
         ["Lighthouse Parade", "Beacon Road"], "Event-day charges apply on stadium match days."),
    Zone("OM", "Old Market", "Town Centre", "Mon-Sat 09:00-17:30", 2.4, "4 hours",
         {"resident_annual": 120.0, "business_annual": 410.0, "visitor_day": 3.5},
         ["Corn Exchange Square", "Saddlers Lane"]),
    Zone("UQ", "University Quarter", "North", "Mon-Fri 08:00-20:00", 2.8, "2 hours",
         {"resident_annual": 140.0, "business_annual": 450.0, "visitor_day": 4.0},
         ["Scholars Row", "Beckett Road"]),
    Zone("FL", "Foundry Lane", "East", "Mon-Fri 07:00-19:00", 1.9, "10 hours",
         {"resident_annual": 95.0, "business_annual": 300.0, "visitor_day": 2.5},
         ["Foundry Lane", "Smelter Street"]),
    Zone("GH", "Glasshouse Hill", "North", "Mon-Fri 10:00-11:00", 0.0, "no limit outside controlled hours",
         {"resident_annual": 60.0, "business_annual": 180.0, "visitor_day": 2.0},
         ["Glasshouse Hill", "Orangery Close"], "Commuter-control zone: permit holders only during the hour."),
]}

HOLDERS = {h["holder_id"]: h for h in [
    {"holder_id": "H-3301", "name": "Rosalind Achebe-Hart", "kind": "individual",
     "contact": {"email": "rosalind.ah@example.com", "phone": "+1-555-0401"},
     "address": {"line1": "12 Kittiwake Terrace", "city": "Port Ellery", "postcode": "PE2 4KT"},
     "vehicles": [{"vrm": "PE21 KTW", "primary": True}], "permit_numbers": ["PRM-50211", "PRM-50212"]},
    {"holder_id": "H-3302", "name": "Rosalind Hart", "kind": "individual",
     "contact": {"email": "r.hart@example.net", "phone": "+1-555-0402"},
     "address": {"line1": "Flat 6, 31 Tannery Row", "city": "Port Ellery", "postcode": "PE1 7TR"},
     "vehicles": [{"vrm": "PE19 RHX", "primary": True}], "permit_numbers": ["PRM-50214"]},
    {"holder_id": "H-3310", "name": "Mateo Villanueva", "kind": "individual",
     "contact": {"email": "mateo.v@example.org", "phone": "+1-555-0410"},
     "address": {"line1": "5 Saddlers Lane", "city": "Port Ellery", "postcode": "PE1 3SL"},
     "vehicles": [{"vrm": "PE23 MVL", "primary": True}], "permit_numbers": ["PRM-50220"]},
    {"holder_id": "H-3311", "name": "Matteo Villani", "kind": "individual",
     "contact": {"email": "matteo.villani@example.com", "phone": "+1-555-0411"},
     "address": {"line1": "77 Smelter Street", "city": "Port Ellery", "postcode": "PE5 2SS"},
     "vehicles": [{"vrm": "PE20 MTV", "primary": True}], "permit_numbers": ["PRM-50222"]},
    {"holder_id": "H-3318", "name": "Ingrid Solberg-Mace", "kind": "individual",
     "contact": {"email": "ingrid.sm@example.org", "phone": "+1-555-0418"},
     "address": {"line1": "3 Beacon Road", "city": "Port Ellery", "postcode": "PE2 9BR"},
     "vehicles": [{"vrm": "PE18 ISM", "primary": True}], "permit_numbers": ["PRM-50226"]},
    {"holder_id": "H-3325", "name": "Barnaby Quill", "kind": "individual",
     "contact": {"email": "b.quill@example.net", "phone": "+1-555-0425"},
     "address": {"line1": "19 Orangery Close", "city": "Port Ellery", "postcode": "PE4 1OC"},
     "vehicles": [{"vrm": "PE22 BQL", "primary": True}], "permit_numbers": ["PRM-50230"]},
    {"holder_id": "H-3326", "name": "Barnaby Quillan", "kind": "individual",
     "contact": {"email": "barnaby.quillan@example.com", "phone": "+1-555-0426"},
     "address": {"line1": "4 Lamplighter Yard, Corn Exchange Square", "city": "Port Ellery", "postcode": "PE1 2LY"},
     "vehicles": [{"vrm": "PE17 BQN", "primary": True}], "permit_numbers": ["PRM-50233"]},
    {"holder_id": "H-3331", "name": "Yusuf Demirel", "kind": "individual",
     "contact": {"email": "yusuf.demirel@example.com", "phone": "+1-555-0431"},
     "address": {"line1": "28 Scholars Row", "city": "Port Ellery", "postcode": "PE3 6SR"},
     "vehicles": [{"vrm": "PE16 YDM", "primary": True}], "permit_numbers": ["PRM-50237", "PRM-50238"]},
    {"holder_id": "H-3340", "name": "Wren & Tally Florists", "kind": "business",
     "contact": {"email": "accounts@wrenandtally.example", "phone": "+1-555-0440"},
     "address": {"line1": "2 Quay Street", "city": "Port Ellery", "postcode": "PE2 1QS"},
     "vehicles": [{"vrm": "PE21 WRT", "primary": True}], "permit_numbers": ["PRM-50240", "PRM-50241"]},
]}

VEHICLES = {v["vrm"]: v for v in [
    {"vrm": "PE21 KTW", "mk": "Skoda", "mdl": "Octavia Estate", "clr": "grey", "fuel": "petrol", "co2": 128,
     "yr": 2021, "kpr": "H-3301"},
    {"vrm": "PE19 RHX", "mk": "Fiat", "mdl": "500", "clr": "red", "fuel": "petrol", "co2": 115, "yr": 2019,
     "kpr": "H-3302"},
    {"vrm": "PE23 MVL", "mk": "Kia", "mdl": "Niro EV", "clr": "blue", "fuel": "electric", "co2": 0, "yr": 2023,
     "kpr": "H-3310"},
    {"vrm": "PE20 MTV", "mk": "Alfa Romeo", "mdl": "Giulia", "clr": "black", "fuel": "diesel", "co2": 139,
     "yr": 2020, "kpr": "H-3311"},
    {"vrm": "PE18 ISM", "mk": "Volvo", "mdl": "V60 Recharge", "clr": "white", "fuel": "plug-in hybrid", "co2": 42,
     "yr": 2018, "kpr": "H-3318"},
    {"vrm": "PE22 BQL", "mk": "Land Rover", "mdl": "Defender 110", "clr": "green", "fuel": "diesel", "co2": 199,
     "yr": 2022, "kpr": "H-3325"},
    {"vrm": "PE17 BQN", "mk": "Mini", "mdl": "Cooper", "clr": "yellow", "fuel": "petrol", "co2": 126, "yr": 2017,
     "kpr": "H-3326"},
    {"vrm": "PE16 YDM", "mk": "Toyota", "mdl": "Prius", "clr": "silver", "fuel": "hybrid", "co2": 89, "yr": 2016,
     "kpr": "H-3331"},
    {"vrm": "PE21 WRT", "mk": "Ford", "mdl": "Transit Custom", "clr": "white", "fuel": "diesel", "co2": 172,
     "yr": 2021, "kpr": "H-3340"},
    {"vrm": "PE15 OKA", "mk": "Honda", "mdl": "Jazz", "clr": "blue", "fuel": "petrol", "co2": 118, "yr": 2015,
     "kpr": None},
]}


def _permit(no, holder, kind, zone, vrms, start, end, price, status=None):
    st = status or ("active" if start <= TODAY.isoformat() <= end else "expired")
    return Permit(no, holder, HOLDERS[holder]["name"], kind, zone, ZONES[zone].name, vrms, start, end, st, price)


PERMITS = {p.permit_no: p for p in [
    _permit("PRM-50211", "H-3301", "resident", "HS1", ["PE21 KTW"], "2026-07-01", "2027-06-30", 165.0),
    _permit("PRM-50212", "H-3301", "visitor", "HS1", [], "2027-04-03", "2027-04-04", 9.0),
    _permit("PRM-50214", "H-3302", "resident", "UQ", ["PE19 RHX"], "2026-10-01", "2027-09-30", 140.0),
    _permit("PRM-50220", "H-3310", "resident", "OM", ["PE23 MVL"], "2027-01-01", "2027-12-31", 120.0),
    _permit("PRM-50222", "H-3311", "resident", "FL", ["PE20 MTV"], "2026-09-01", "2027-08-31", 95.0),
    _permit("PRM-50226", "H-3318", "resident", "HS2", ["PE18 ISM"], "2026-11-15", "2027-11-14", 210.0),
    _permit("PRM-50230", "H-3325", "resident", "GH", ["PE22 BQL"], "2026-06-01", "2027-05-31", 60.0),
    _permit("PRM-50233", "H-3326", "resident", "OM", ["PE17 BQN"], "2027-02-01", "2028-01-31", 120.0),
    _permit("PRM-50237", "H-3331", "resident", "UQ", ["PE16 YDM"], "2026-05-01", "2027-04-30", 140.0),
    _permit("PRM-50238", "H-3331", "visitor", "UQ", [], "2027-01-01", "2027-12-31", 45.0),
    _permit("PRM-50240", "H-3340", "business", "HS1", ["PE21 WRT"], "2026-04-01", "2027-03-31", 540.0),
    _permit("PRM-50241", "H-3340", "business", "HS1", ["PE21 WRT"], "2027-04-01", "2028-03-31", 540.0,
            status="suspended"),
]}

CONTRAVENTIONS = {
    "01": ("Parked in a restricted street during prescribed hours", 110.0),
    "05": ("Parked after the expiry of paid for time", 70.0),
    "12": ("Parked in a residents' or shared use bay without a valid permit", 110.0),
    "25": ("Parked in a loading place during restricted hours without loading", 110.0),
    "30": ("Parked for longer than permitted", 70.0),
}

NOTICES = {}
PAID = {}  # pcn_no -> payment ref


def _pcn(no, vrm, issued_at, zone, street, code, officer, status="unpaid", appeal=None):
    NOTICES[no] = {"pcn_no": no, "vrm": vrm, "issued_at": issued_at, "zone_code": zone, "street": street,
                   "code": code, "officer": officer, "status": status, "appeal_id": appeal}


_pcn("PN-718210", "PE21 KTW", "2027-03-29 11:42", "HS1", "Chandlery Wharf", "05", "CEO 114", "paid")
_pcn("PN-718219", "PE22 BQL", "2027-03-12 09:05", "OM", "Saddlers Lane", "30", "CEO 131", "paid")
_pcn("PN-718231", "PE19 RHX", "2027-03-30 16:20", "HS2", "Lighthouse Parade", "05", "CEO 122", "paid")
_pcn("PN-718238", "PE20 MTV", "2027-03-31 08:47", "UQ", "Beckett Road", "12", "CEO 108", "paid")
_pcn("PN-718240", "PE18 ISM", "2027-04-30 13:10", "HS1", "Quay Street", "01", "CEO 114")
_pcn("PN-718244", "PE19 RHX", "2027-02-11 10:31", "OM", "Corn Exchange Square", "30", "CEO 131", "paid")
_pcn("PN-718246", "PE16 YDM", "2027-03-18 12:02", "OM", "Saddlers Lane", "12", "CEO 131", "cancelled", "AP-90408")
_pcn("PN-718250", "PE23 MVL", "2027-04-09 09:55", "HS1", "Ropemakers Walk", "05", "CEO 114")
_pcn("PN-718251", "PE20 MTV", "2027-04-06 18:15", "HS2", "Beacon Road", "05", "CEO 122")
_pcn("PN-718255", "PE15 OKA", "2027-04-12 10:40", "UQ", "Scholars Row", "12", "CEO 108", "unpaid", "AP-90402")
_pcn("PN-718258", "PE20 MTV", "2027-04-15 07:58", "UQ", "Beckett Road", "01", "CEO 108", "paid")
_pcn("PN-718262", "PE22 BQL", "2027-04-20 10:25", "GH", "Glasshouse Hill", "12", "CEO 140", "under_appeal", "AP-90417")
_pcn("PN-718266", "PE20 MTV", "2027-04-27 21:30", "HS2", "Lighthouse Parade", "30", "CEO 122")
_pcn("PN-718270", "PE17 BQN", "2027-04-29 14:14", "OM", "Corn Exchange Square", "05", "CEO 131", "under_appeal",
     "AP-90420")
_pcn("PN-718281", "PE20 MTV", "2027-05-01 12:33", "FL", "Foundry Lane", "30", "CEO 117")
_pcn("PN-718296", "PE19 RHX", "2027-05-06 15:48", "UQ", "Scholars Row", "05", "CEO 108")
for _i, (_day, _time, _street, _code) in enumerate([
        ("2027-01-08", "08:12", "Quay Street", "25"), ("2027-01-15", "08:40", "Quay Street", "25"),
        ("2027-01-22", "07:55", "Chandlery Wharf", "01"), ("2027-02-03", "08:20", "Quay Street", "25"),
        ("2027-02-12", "08:05", "Ropemakers Walk", "25"), ("2027-02-19", "09:10", "Quay Street", "25"),
        ("2027-03-01", "08:30", "Quay Street", "25"), ("2027-03-09", "08:15", "Chandlery Wharf", "01"),
        ("2027-03-17", "07:50", "Quay Street", "25"), ("2027-03-26", "08:44", "Ropemakers Walk", "25"),
        ("2027-04-02", "08:10", "Quay Street", "12"), ("2027-04-09", "08:35", "Quay Street", "12"),
        ("2027-04-16", "08:02", "Quay Street", "12"), ("2027-04-23", "08:18", "Chandlery Wharf", "12"),
        ("2027-04-30", "07:59", "Quay Street", "12"), ("2027-05-07", "08:26", "Quay Street", "12")]):
    _pcn(f"PN-7181{_i + 1:02d}", "PE21 WRT", f"{_day} {_time}", "HS1", _street, _code, "CEO 114",
         "paid" if _i in (0, 1, 3) else "unpaid")

APPEALS = {a.appeal_id: a for a in [
    Appeal("AP-90402", "PN-718255", "informal challenge", "2027-04-14", "permit_displayed",
           "Visitor permit was on the dashboard.", "rejected", None, "2027-04-21", "Lorna Mbeki",
           "The visitor permit shown was issued for zone OM, not UQ."),
    Appeal("AP-90408", "PN-718246", "informal challenge", "2027-03-22", "permit_displayed",
           "Resident permit renewal was in the post.", "upheld", None, "2027-03-29", "Dev Raman",
           "Valid permit confirmed on the system at the time; notice cancelled."),
    Appeal("AP-90411", "PN-718262", "informal challenge", "2027-04-21", "signage_unclear",
           "Control hours sign on Glasshouse Hill hidden by a hedge.", "rejected", None, "2027-04-23", "Dev Raman",
           "Sign photographed clearly visible on the day."),
    Appeal("AP-90417", "PN-718262", "formal representation", "2027-04-26", "signage_unclear",
           "Second sign at the top of the hill is missing; photos attached.", "pending", "2027-05-24", None, None,
           "", "AP-90411"),
    Appeal("AP-90420", "PN-718270", "informal challenge", "2027-05-02", "machine_fault",
           "Pay machine on Corn Exchange Square would not take cards.", "pending", "2027-05-30", None, None, ""),
]}

PAYMENTS = [
    {"ref": "PAY-66090", "holder_id": "H-3301", "dt": "2026-07-01", "amt": 165.0, "mth": "direct debit",
     "item": "PRM-50211"},
    {"ref": "PAY-66091", "holder_id": "H-3331", "dt": "2026-05-01", "amt": 140.0, "mth": "card", "item": "PRM-50237"},
    {"ref": "PAY-66092", "holder_id": "H-3331", "dt": "2027-01-02", "amt": 45.0, "mth": "online", "item": "PRM-50238"},
    {"ref": "PAY-66093", "holder_id": "H-3340", "dt": "2026-03-28", "amt": 540.0, "mth": "invoice",
     "item": "PRM-50240"},
    {"ref": "PAY-66094", "holder_id": "H-3340", "dt": "2027-01-12", "amt": 55.0, "mth": "card", "item": "PN-718101"},
    {"ref": "PAY-66095", "holder_id": "H-3340", "dt": "2027-01-20", "amt": 55.0, "mth": "card", "item": "PN-718102"},
    {"ref": "PAY-66096", "holder_id": "H-3340", "dt": "2027-02-10", "amt": 55.0, "mth": "card", "item": "PN-718104"},
    {"ref": "PAY-66097", "holder_id": "H-3302", "dt": "2027-02-20", "amt": 35.0, "mth": "phone", "item": "PN-718244"},
    {"ref": "PAY-66098", "holder_id": "H-3325", "dt": "2027-03-19", "amt": 35.0, "mth": "online", "item": "PN-718219"},
    {"ref": "PAY-66099", "holder_id": "H-3301", "dt": "2027-04-03", "amt": 9.0, "mth": "online", "item": "PRM-50212"},
    {"ref": "PAY-66101", "holder_id": "H-3301", "dt": "2027-04-03", "amt": 35.0, "mth": "card", "item": "PN-718210"},
    {"ref": "PAY-66102", "holder_id": "H-3302", "dt": "2027-04-03", "amt": 35.0, "mth": "card", "item": "PN-718231"},
    {"ref": "PAY-66103", "holder_id": "H-3311", "dt": "2027-04-08", "amt": 55.0, "mth": "card", "item": "PN-718238"},
    {"ref": "PAY-66104", "holder_id": "H-3311", "dt": "2027-04-22", "amt": 55.0, "mth": "online", "item": "PN-718258"},
]
NEW_APPEALS = {}
GROUNDS = ("permit_displayed", "machine_fault", "signage_unclear", "loading_unloading", "vehicle_stolen", "other")


def _charges(n: dict) -> dict:
    full = CONTRAVENTIONS[n["code"]][1]
    issued = datetime.date.fromisoformat(n["issued_at"][:10])
    until = issued + datetime.timedelta(days=14)
    return {"full": full, "discounted": round(full / 2, 2), "discount_until": until.isoformat(),
            "discount_available_now": n["status"] in ("unpaid", "under_appeal") and TODAY <= until,
            "charge_certificate_amount": round(full * 1.5, 2)}


def _balance(n: dict) -> float:
    if n["status"] in ("paid", "cancelled"):
        return 0.0
    c = _charges(n)
    age = (TODAY - datetime.date.fromisoformat(n["issued_at"][:10])).days
    if n["status"] == "under_appeal" or age <= 14:
        return c["discounted"]
    return c["charge_certificate_amount"] if age > 56 else c["full"]


def _paid(pcn_no: str) -> float:
    return round(sum((p["amt"] for p in PAYMENTS if p["item"] == pcn_no), 0.0), 2)


# ------------------------------------------------------------------ tools
def search_permit_holders(name: str | None = None, email: str | None = None) -> list[HolderHit]:
    """Find permit holders (residents and businesses) whose name contains every word of `name`, or whose email is
    exactly `email`. Give at least one."""
    if not (name or "").strip() and not (email or "").strip():
        raise ValueError("give name or email")
    mail = (email or "").strip().lower()
    return [HolderHit(holder_id=h["holder_id"], name=h["name"], email=h["contact"]["email"],
                      postcode=h["address"]["postcode"])
            for h in HOLDERS.values()
            if (not (name or "").strip() or _words_in(name, h["name"])) and (not mail or h["contact"]["email"] == mail)]


def get_permit_holder(holder_id: str) -> dict:
    """One permit holder's record. Returns a dict with holder_id, name, kind (individual or business),
    contact {email, phone}, address {line1, city, postcode}, vehicles [{vrm, primary}] and permit_numbers."""
    h = HOLDERS.get(str(holder_id).strip().upper())
    if h is None:
        raise KeyError(f"no permit holder {holder_id!r}")
    return {**h, "vehicles": [dict(v) for v in h["vehicles"]], "permit_numbers": list(h["permit_numbers"])}


def list_zones(name: str | None = None, area: str | None = None) -> list[ZoneSummary]:
    """Controlled parking zones, optionally only those whose name contains every word of `name`, or in one area
    (Waterfront, Town Centre, North, East)."""
    return [ZoneSummary(zone_code=z.zone_code, name=z.name, area=z.area) for z in ZONES.values()
            if (not name or _words_in(name, z.name)) and (not area or _fold(area) == _fold(z.area))]


def get_zone(zone_code: str) -> Zone:
    """A zone's rules: controlled hours, pay-and-display hourly rate, maximum stay for visitors, permit prices
    (resident_annual, business_annual, visitor_day) and the streets it covers."""
    z = ZONES.get(str(zone_code).strip().upper())
    if z is None:
        raise KeyError(f"no zone {zone_code!r}")
    return z


def lookup_vehicle(vrm: str) -> dict:
    """Vehicle record by registration (VRM, spaces optional). Returns a compact dict: vrm, mk (make), mdl (model),
    clr (colour), fuel, co2 (g/km), yr (year of first registration) and kpr (the holder id of the registered keeper,
    or null if the keeper holds no permit)."""
    v = VEHICLES.get(_vrm(vrm))
    if v is None:
        raise KeyError(f"no vehicle {vrm!r}")
    return dict(v)


def list_permits(holder_id: str | None = None, zone_code: str | None = None,
                 status: str | None = None) -> list[PermitSummary]:
    """Permits, filtered by holder, zone and status (active, expired, suspended)."""
    hid, zc, st = (holder_id or "").strip().upper(), (zone_code or "").strip().upper(), (status or "").strip().lower()
    return [PermitSummary(permit_no=p.permit_no, type=p.type, zone_code=p.zone_code, status=p.status,
                          valid_to=p.valid_to)
            for p in PERMITS.values()
            if (not hid or p.holder_id == hid) and (not zc or p.zone_code == zc) and (not st or p.status == st)]


def get_permit(permit_no: str) -> Permit:
    """One permit: holder, type (resident, business, visitor), zone, vehicles on it, validity dates, status and the
    price paid."""
    p = PERMITS.get(str(permit_no).strip().upper())
    if p is None:
        raise KeyError(f"no permit {permit_no!r}")
    return p


def search_penalty_notices(vrm: str | None = None, status: str | None = None, zone_code: str | None = None,
                           issued_from: str | None = None, issued_to: str | None = None, page: int = 1,
                           page_size: int = 10) -> NoticePage:
    """Penalty charge notices (PCNs), newest first, filtered by vehicle, status (unpaid, paid, under_appeal,
    cancelled), zone and issue-date range (inclusive, YYYY-MM-DD). Paginated: `total` counts every match and
    `balance_total` adds up the balance still owed on every match, not only this page."""
    if not 1 <= int(page_size) <= 50 or int(page) < 1:
        raise ValueError("page must be >= 1 and page_size 1..50")
    v, st, zc = _vrm(vrm) if vrm else "", (status or "").strip().lower(), (zone_code or "").strip().upper()
    lo = _date(issued_from, "issued_from").isoformat() if issued_from else None
    hi = _date(issued_to, "issued_to").isoformat() if issued_to else None
    rows = [n for n in NOTICES.values()
            if (not v or n["vrm"] == v) and (not st or n["status"] == st) and (not zc or n["zone_code"] == zc)
            and (not lo or n["issued_at"][:10] >= lo) and (not hi or n["issued_at"][:10] <= hi)]
    rows.sort(key=lambda n: n["issued_at"], reverse=True)
    first = (int(page) - 1) * int(page_size)
    chunk = rows[first:first + int(page_size)]
    return NoticePage(notices=[NoticeSummary(pcn_no=n["pcn_no"], vrm=n["vrm"], issued_on=n["issued_at"][:10],
                                             zone_code=n["zone_code"], status=n["status"], balance=_balance(n),
                                             appeal_id=n["appeal_id"]) for n in chunk],
                      page=int(page), page_size=int(page_size), total=len(rows),
                      next_page=int(page) + 1 if first + int(page_size) < len(rows) else None,
                      balance_total=round(sum(_balance(n) for n in rows), 2))


def get_penalty_notice(pcn_no: str) -> dict:
    """One penalty charge notice. Returns a dict: pcn_no, vrm, issued_at ("YYYY-MM-DD HH:MM"), location {street,
    zone_code, zone_name}, contravention {code, description}, officer (badge), charges {full, discounted,
    discount_until, discount_available_now, charge_certificate_amount}, status, paid, balance and appeal_id (the
    latest appeal, or null)."""
    n = NOTICES.get(str(pcn_no).strip().upper())
    if n is None:
        raise KeyError(f"no penalty notice {pcn_no!r}")
    return {"pcn_no": n["pcn_no"], "vrm": n["vrm"], "issued_at": n["issued_at"],
            "location": {"street": n["street"], "zone_code": n["zone_code"], "zone_name": ZONES[n["zone_code"]].name},
            "contravention": {"code": n["code"], "description": CONTRAVENTIONS[n["code"]][0]},
            "officer": n["officer"], "charges": _charges(n), "status": n["status"], "paid": _paid(n["pcn_no"]),
            "balance": _balance(n), "appeal_id": n["appeal_id"]}


def get_appeal(appeal_id: str) -> Appeal:
    """One appeal against a penalty notice: stage (informal challenge, formal representation, independent
    adjudication), when it was lodged, grounds, status (pending, upheld, rejected), the date the office will respond
    by, and for decided appeals who decided it, when and why."""
    key = str(appeal_id).strip().upper()
    a = APPEALS.get(key) or NEW_APPEALS.get(key)
    if a is None:
        raise KeyError(f"no appeal {appeal_id!r}")
    return a


def list_payments(holder_id: str | None = None, item: str | None = None, date_from: str | None = None,
                  date_to: str | None = None) -> list[PaymentRecord]:
    """Payments received, filtered by the paying holder, the item paid for (a PCN or permit number) and date range
    (inclusive). Each record uses short keys: ref (payment id), dt (date), amt (amount), mth (method: card, online,
    phone, direct debit, invoice) and item (the PCN or permit paid for)."""
    hid, it = (holder_id or "").strip().upper(), (item or "").strip().upper()
    lo = _date(date_from, "date_from").isoformat() if date_from else None
    hi = _date(date_to, "date_to").isoformat() if date_to else None
    return [PaymentRecord(ref=p["ref"], dt=p["dt"], amt=p["amt"], mth=p["mth"], item=p["item"]) for p in PAYMENTS
            if (not hid or p["holder_id"] == hid) and (not it or p["item"] == it)
            and (not lo or p["dt"] >= lo) and (not hi or p["dt"] <= hi)]


def lodge_appeal(pcn_no: str, grounds: str, details: str = "") -> dict:
    """Lodge an informal challenge against a penalty notice. `grounds` is one of permit_displayed, machine_fault,
    signage_unclear, loading_unloading, vehicle_stolen, other. The appeal id is derived from the notice and the
    grounds, so lodging the same appeal again returns the first one. Returns a dict: appeal_id, pcn_no, stage,
    grounds, lodged_on, respond_by (28 days after lodging) and a note on the discount (held while the appeal is
    open)."""
    n = NOTICES.get(str(pcn_no).strip().upper())
    if n is None:
        raise KeyError(f"no penalty notice {pcn_no!r}")
    g = str(grounds).strip().lower().replace(" ", "_").replace("-", "_")
    if g not in GROUNDS:
        raise ValueError(f"grounds must be one of {', '.join(GROUNDS)}")
    aid = "AP-" + hashlib.sha1(f"{n['pcn_no']}|{g}".encode()).hexdigest()[:6].upper()
    if aid not in NEW_APPEALS:
        if n["status"] in ("paid", "cancelled"):
            raise ValueError(f"{n['pcn_no']} is {n['status']} and cannot be appealed")
        if n["appeal_id"]:
            raise ValueError(f"{n['pcn_no']} already has appeal {n['appeal_id']}")
        NEW_APPEALS[aid] = Appeal(aid, n["pcn_no"], "informal challenge", TODAY.isoformat(), g,
                                  " ".join(str(details).split()), "pending",
                                  (TODAY + datetime.timedelta(days=28)).isoformat(), None, None, "")
        n["status"], n["appeal_id"] = "under_appeal", aid
    a = NEW_APPEALS[aid]
    return {"appeal_id": a.appeal_id, "pcn_no": a.pcn_no, "stage": a.stage, "grounds": a.grounds,
            "lodged_on": a.lodged_on, "respond_by": a.respond_by,
            "note": "The discounted amount is held while the challenge is considered."}
