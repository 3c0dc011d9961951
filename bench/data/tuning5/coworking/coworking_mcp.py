"""Fernhollow Works (coworking space, 14 Cobbler's Row, Aldermouth) MCP server (stdio): members, desks, meeting
rooms, room bookings, guest passes and invoices.

Run: python coworking_mcp.py   (speaks MCP over stdin/stdout)
Deterministic: fixed seed data ("today" is Monday 2027-03-08), no clock, no randomness; guest-pass codes are derived
from the pass's content (SHA-1 prefix). State lives in memory for the life of the process. Amounts are in EUR.
All names, emails, companies, addresses and codes are invented. Licence: Apache-2.0.
"""
from __future__ import annotations

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

mcp = _Server("fernhollow-works")

TODAY = "2027-03-08"


def _fold(text) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", str(text)) if not unicodedata.combining(c)).lower()


def _words(query) -> list[str]:
    return [w for w in re.split(r"[\s,]+", _fold(query).strip()) if w]


def _date(value, name) -> str | None:
    if value is None or str(value).strip() == "":
        return None
    v = str(value).strip()
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", v):
        raise ToolError(f"{name} must be a date YYYY-MM-DD")
    return v


# ------------------------------------------------------------------ seed data
PLANS = {
    "hot_desk": {"plan": "Hot Desk", "monthly_fee": 190.0, "included_room_hours": 2, "guest_passes_per_month": 1,
                 "desk": "any free hot desk"},
    "flex_10": {"plan": "Flex 10", "monthly_fee": 145.0, "included_room_hours": 1, "guest_passes_per_month": 0,
                "desk": "any free hot desk, 10 days a month"},
    "resident": {"plan": "Resident", "monthly_fee": 385.0, "included_room_hours": 6, "guest_passes_per_month": 3,
                 "desk": "dedicated desk"},
    "team_office": {"plan": "Team Office", "monthly_fee": 1450.0, "included_room_hours": 20,
                    "guest_passes_per_month": 8, "desk": "private office"},
}


def _m(mid, name, email, plan, joined, company=None, desk=None, office=None, phone=None):
    return {"member_id": mid, "name": name, "email": email, "plan": plan, "joined": joined, "company": company,
            "home_desk": desk, "office": office, "phone": phone}


MEMBERS = {m["member_id"]: m for m in [
    _m("M-1041", "Priya Venkataraman", "priya.venkataraman@example.com", "resident", "2024-09-02",
       "Tallowmere Studio", desk="D-2W-03", phone="+353 85 010 4417"),
    _m("M-1042", "Priya Venkatesan", "priya.v@example.net", "flex_10", "2026-11-16", phone="+353 87 010 2290"),
    _m("M-1050", "Tomasz Wierzbicki", "tomasz@wierzbicki-design.example", "resident", "2025-01-13",
       "Wierzbicki Design", desk="D-3S-11", phone="+353 86 010 7731"),
    _m("M-1051", "Tomas Wierzbowski", "t.wierzbowski@example.org", "hot_desk", "2026-04-01",
       phone="+353 83 010 5518"),
    _m("M-1060", "Aoife Brennan", "aoife.brennan@example.com", "resident", "2025-06-30", desk="D-2Q-04",
       phone="+353 85 010 3306"),
    _m("M-1061", "Aoife Brennan-Lusk", "aoife@quillfeather.example", "team_office", "2023-10-09",
       "Quillfeather Labs", office="Office 4B", phone="+353 87 010 9142"),
    _m("M-1070", "Mateus Okonkwo-Reis", "mateus.or@example.com", "hot_desk", "2025-08-18",
       phone="+353 89 010 6620"),
    _m("M-1071", "Mateus Okonkwo", "mateus.okonkwo@example.org", "flex_10", "2026-09-07", phone="+353 86 010 1184"),
    _m("M-1080", "Linnea Sørbø", "linnea.sorbo@example.no", "resident", "2026-02-02", desk="D-3W-07",
       phone="+47 400 10 377"),
    _m("M-1090", "Gideon Achterhof", "gideon@achterhof.example", "team_office", "2024-03-04",
       "Achterhof & Vale Architects", office="Office 3A", phone="+353 85 010 8803"),
    _m("M-1091", "Gideon Achterberg", "gachterberg@example.com", "hot_desk", "2026-06-22", phone="+353 83 010 4471"),
    _m("M-1100", "Rosalind Pemberton-Yu", "ros@pembertonyu.example", "team_office", "2023-05-15",
       "Pemberton-Yu Analytics", office="Office 4A", phone="+353 87 010 2058"),
    _m("M-1101", "Wen Castellanos", "wen.castellanos@example.com", "flex_10", "2026-01-19",
       phone="+353 89 010 7345"),
    _m("M-1102", "Oluwaseun Marchbank", "seun@marchbank.example", "hot_desk", "2025-11-03", "Marchbank Audio",
       phone="+353 85 010 2967"),
    _m("M-1103", "Kit Halloran", "kit.halloran@example.com", "resident", "2024-12-09", desk="D-2W-05",
       phone="+353 86 010 5092"),
    _m("M-1104", "Olu Marchant", "olu.marchant@example.net", "flex_10", "2026-10-12", phone="+353 83 010 6651"),
]}


def _d(did, fl, zn, kind, occ=None, feat=(), lock=None, mon=None, st="ok"):
    return {"id": did, "fl": fl, "zn": zn, "kind": kind, "occ": occ, "st": st, "feat": list(feat), "lock": lock,
            "mon": mon}


DESKS = {d["id"]: d for d in [
    _d("D-2Q-01", 2, "quiet", "hot", feat=["task lamp"], mon="24in"),
    _d("D-2Q-02", 2, "quiet", "hot", feat=["task lamp"], mon="24in"),
    _d("D-2Q-03", 2, "quiet", "dedicated", occ=None, feat=["sit-stand frame"], lock="L-213", mon="27in"),
    _d("D-2Q-04", 2, "quiet", "dedicated", occ="M-1060", feat=["sit-stand frame", "acoustic screen", "task lamp"],
       lock="L-214", mon="27in"),
    _d("D-2Q-05", 2, "quiet", "hot", mon="24in", st="out of service"),
    _d("D-2W-01", 2, "window", "hot", mon="24in"),
    _d("D-2W-02", 2, "window", "hot", mon="24in"),
    _d("D-2W-03", 2, "window", "dedicated", occ="M-1041", feat=["sit-stand frame"], lock="L-203", mon="32in"),
    _d("D-2W-04", 2, "window", "dedicated", occ=None, lock="L-204", mon="27in"),
    _d("D-2W-05", 2, "window", "dedicated", occ="M-1103", feat=["task lamp"], lock="L-205", mon="27in"),
    _d("D-3S-09", 3, "studio", "hot", feat=["drafting table"]),
    _d("D-3S-10", 3, "studio", "hot", feat=["drafting table"]),
    _d("D-3S-11", 3, "studio", "dedicated", occ="M-1050", feat=["drafting table", "colour-calibrated monitor"],
       lock="L-311", mon="32in"),
    _d("D-3S-12", 3, "studio", "dedicated", occ=None, feat=["drafting table"], lock="L-312"),
    _d("D-3W-05", 3, "window", "hot", mon="24in"),
    _d("D-3W-06", 3, "window", "hot", mon="24in"),
    _d("D-3W-07", 3, "window", "dedicated", occ="M-1080", feat=["sit-stand frame"], lock="L-307", mon="27in"),
    _d("D-3W-08", 3, "window", "dedicated", occ=None, lock="L-308", mon="27in"),
]}

ROOMS = {r["room_id"]: r for r in [
    {"room_id": "R-01", "name": "Larch", "capacity": 4, "floor": 2, "location": "2nd floor, by the window desks",
     "rate": 18.0, "equipment": [{"item": "display", "detail": "43in screen, HDMI"},
                                 {"item": "whiteboard", "detail": "wall-mounted"}]},
    {"room_id": "R-02", "name": "Larch Annex", "capacity": 2, "floor": 2, "location": "2nd floor, behind Larch",
     "rate": 12.0, "equipment": [{"item": "display", "detail": "32in screen, USB-C"}]},
    {"room_id": "R-03", "name": "Kiln Room", "capacity": 10, "floor": 3, "location": "3rd floor, east wing, past the kitchen",
     "rate": 42.5, "equipment": [{"item": "display", "detail": "75in 4K screen, USB-C and HDMI"},
                                 {"item": "video conferencing", "detail": "Owlet Panorama 360 camera, ceiling mics"},
                                 {"item": "whiteboard", "detail": "glass wall, 3 m"}]},
    {"room_id": "R-04", "name": "Kiln Loft", "capacity": 16, "floor": 4, "location": "4th floor, above the Kiln Room",
     "rate": 64.0, "equipment": [{"item": "projector", "detail": "ceiling projector, HDMI"},
                                 {"item": "sound", "detail": "2 wireless handheld mics"},
                                 {"item": "flipchart", "detail": "2 stands"}]},
    {"room_id": "R-05", "name": "Orchard", "capacity": 6, "floor": 3, "location": "3rd floor, west corridor",
     "rate": 21.0, "equipment": [{"item": "display", "detail": "55in screen, HDMI"},
                                 {"item": "video conferencing", "detail": "Brightlane Huddle webcam bar"}]},
    {"room_id": "R-06", "name": "Orchard Booth", "capacity": 1, "floor": 3, "location": "3rd floor, opposite Orchard",
     "rate": 0.0, "equipment": [{"item": "phone booth", "detail": "acoustic pod, power and USB-C"}]},
    {"room_id": "R-07", "name": "The Assembly", "capacity": 24, "floor": 4, "location": "4th floor, end of the hall",
     "rate": 95.0, "equipment": [{"item": "display", "detail": "two 86in screens"},
                                 {"item": "video conferencing", "detail": "Owlet Panorama 360 camera, 4 table mics"},
                                 {"item": "sound", "detail": "PA with lectern mic"}]},
    {"room_id": "R-08", "name": "Pantry Table", "capacity": 8, "floor": 2, "location": "2nd floor kitchen",
     "rate": 0.0, "equipment": []},
]}

INVOICES = {i["invoice_id"]: i for i in [
    {"invoice_id": "INV-27-0077", "member_id": "M-1070", "period": "2026-12", "issued": "2027-01-01",
     "due": "2027-01-15", "status": "paid", "paid_on": "2027-01-09",
     "lines": [{"desc": "Hot Desk plan - December 2026", "qty": 1, "unit": 190.0, "amount": 190.0},
               {"desc": "Printing: 96 pages", "qty": 96, "unit": 0.05, "amount": 4.8}]},
    {"invoice_id": "INV-27-0158", "member_id": "M-1070", "period": "2027-01", "issued": "2027-02-01",
     "due": "2027-02-15", "status": "paid", "paid_on": "2027-02-11",
     "lines": [{"desc": "Hot Desk plan - January 2027", "qty": 1, "unit": 190.0, "amount": 190.0},
               {"desc": "Larch 1.5h beyond included plan hours", "qty": 1.5, "unit": 18.0, "amount": 27.0}]},
    {"invoice_id": "INV-27-0244", "member_id": "M-1070", "period": "2027-02", "issued": "2027-03-01",
     "due": "2027-03-15", "status": "open", "paid_on": None,
     "lines": [{"desc": "Hot Desk plan - February 2027", "qty": 1, "unit": 190.0, "amount": 190.0},
               {"desc": "Orchard 3 Feb (BK-87311) 3.5h", "qty": 3.5, "unit": 21.0, "amount": 73.5},
               {"desc": "Larch 12 Feb (BK-87488) 2h - included plan hours", "qty": 2, "unit": 0.0, "amount": 0.0},
               {"desc": "Printing: 212 pages", "qty": 212, "unit": 0.05, "amount": 10.6}]},
    {"invoice_id": "INV-27-0152", "member_id": "M-1071", "period": "2027-01", "issued": "2027-02-01",
     "due": "2027-02-15", "status": "paid", "paid_on": "2027-02-02",
     "lines": [{"desc": "Flex 10 plan - January 2027", "qty": 1, "unit": 145.0, "amount": 145.0}]},
    {"invoice_id": "INV-27-0239", "member_id": "M-1071", "period": "2027-02", "issued": "2027-03-01",
     "due": "2027-03-15", "status": "open", "paid_on": None,
     "lines": [{"desc": "Flex 10 plan - February 2027", "qty": 1, "unit": 145.0, "amount": 145.0},
               {"desc": "Kiln Room 4 Feb (BK-87334) 2h", "qty": 2, "unit": 42.5, "amount": 85.0}]},
    {"invoice_id": "INV-27-0143", "member_id": "M-1090", "period": "2027-01", "issued": "2027-02-01",
     "due": "2027-02-15", "status": "paid", "paid_on": "2027-02-05",
     "lines": [{"desc": "Team Office plan - January 2027 (Office 3A)", "qty": 1, "unit": 1450.0, "amount": 1450.0},
               {"desc": "Kiln Loft 21 Jan (BK-87102) 2h", "qty": 2, "unit": 64.0, "amount": 128.0}]},
    {"invoice_id": "INV-27-0231", "member_id": "M-1090", "period": "2027-02", "issued": "2027-03-01",
     "due": "2027-03-15", "status": "paid", "paid_on": "2027-03-03",
     "lines": [{"desc": "Team Office plan - February 2027 (Office 3A)", "qty": 1, "unit": 1450.0, "amount": 1450.0},
               {"desc": "Kiln Room 17 Feb (BK-87640) 2h", "qty": 2, "unit": 42.5, "amount": 85.0},
               {"desc": "Kiln Loft 17 Feb (BK-87655) 3h", "qty": 3, "unit": 64.0, "amount": 192.0},
               {"desc": "Day passes for visiting staff", "qty": 3, "unit": 15.0, "amount": 45.0}]},
    {"invoice_id": "INV-27-0236", "member_id": "M-1091", "period": "2027-02", "issued": "2027-03-01",
     "due": "2027-03-15", "status": "overdue", "paid_on": None,
     "lines": [{"desc": "Hot Desk plan - February 2027", "qty": 1, "unit": 190.0, "amount": 190.0},
               {"desc": "Kiln Loft 17 Feb (BK-87661) 1h", "qty": 1, "unit": 64.0, "amount": 64.0}]},
    {"invoice_id": "INV-27-0212", "member_id": "M-1041", "period": "2027-02", "issued": "2027-03-01",
     "due": "2027-03-15", "status": "open", "paid_on": None,
     "lines": [{"desc": "Resident plan - February 2027 (desk D-2W-03)", "qty": 1, "unit": 385.0, "amount": 385.0},
               {"desc": "Locker L-203", "qty": 1, "unit": 12.0, "amount": 12.0}]},
    {"invoice_id": "INV-27-0220", "member_id": "M-1050", "period": "2027-02", "issued": "2027-03-01",
     "due": "2027-03-15", "status": "paid", "paid_on": "2027-03-02",
     "lines": [{"desc": "Resident plan - February 2027 (desk D-3S-11)", "qty": 1, "unit": 385.0, "amount": 385.0}]},
]}
for _inv in INVOICES.values():
    _inv["total"] = round(sum(line["amount"] for line in _inv["lines"]), 2)


def _bk(bid, room, member, date, start, end, status="confirmed", title="Meeting", attendees=()):
    return {"booking_id": bid, "room_id": room, "member_id": member, "date": date, "start": start, "end": end,
            "status": status, "title": title, "attendees": list(attendees)}


BOOKINGS = {b["booking_id"]: b for b in [
    _bk("BK-87102", "R-04", "M-1090", "2027-01-21", "10:00", "12:00", title="Competition jury prep"),
    _bk("BK-87180", "R-03", "M-1100", "2027-01-29", "09:00", "11:00", title="Month-end review"),
    # Kiln Room, February 2027: 13 confirmed, 2 cancelled
    _bk("BK-87301", "R-03", "M-1061", "2027-02-01", "09:30", "11:00", title="Sprint planning"),
    _bk("BK-87318", "R-03", "M-1100", "2027-02-02", "14:00", "16:00", title="Client workshop"),
    _bk("BK-87334", "R-03", "M-1071", "2027-02-04", "10:00", "12:00", title="Investor call"),
    _bk("BK-87352", "R-03", "M-1090", "2027-02-05", "09:00", "10:00", "cancelled", title="Site review"),
    _bk("BK-87377", "R-03", "M-1041", "2027-02-08", "13:00", "14:30", title="Portfolio review"),
    _bk("BK-87390", "R-03", "M-1061", "2027-02-09", "09:30", "11:00", title="Sprint review"),
    _bk("BK-87412", "R-03", "M-1103", "2027-02-10", "15:00", "16:00", title="Hiring panel"),
    _bk("BK-87436", "R-03", "M-1100", "2027-02-11", "10:00", "12:30", title="Data review"),
    _bk("BK-87471", "R-03", "M-1050", "2027-02-12", "11:00", "12:00", "cancelled", title="Brand presentation"),
    _bk("BK-87503", "R-03", "M-1061", "2027-02-15", "09:30", "11:00", title="Sprint planning"),
    _bk("BK-87529", "R-03", "M-1102", "2027-02-16", "16:00", "18:00", title="Mixing session playback"),
    _bk("BK-87640", "R-03", "M-1090", "2027-02-17", "09:00", "11:00", title="Design team stand-up"),
    _bk("BK-87702", "R-03", "M-1100", "2027-02-22", "14:00", "15:30", title="Quarterly forecast"),
    _bk("BK-87745", "R-03", "M-1061", "2027-02-23", "09:30", "11:00", title="Sprint review"),
    _bk("BK-87790", "R-03", "M-1041", "2027-02-26", "10:00", "11:00", title="Client call"),
    # other February bookings
    _bk("BK-87311", "R-05", "M-1070", "2027-02-03", "13:00", "16:30", title="Podcast edit"),
    _bk("BK-87488", "R-01", "M-1070", "2027-02-12", "10:00", "12:00", title="Supplier call"),
    _bk("BK-87655", "R-04", "M-1090", "2027-02-17", "13:00", "16:00", title="Planning committee rehearsal",
        attendees=["Gideon Achterhof", "Marit Vale", "Stellan Okafor-Brandt", "Juno Halvorsen"]),
    _bk("BK-87661", "R-04", "M-1091", "2027-02-17", "17:00", "18:00", title="Meetup setup"),
    _bk("BK-87688", "R-02", "M-1080", "2027-02-19", "11:00", "12:00", title="1:1"),
    # March 2027
    _bk("BK-88020", "R-03", "M-1061", "2027-03-01", "09:30", "11:00", title="Sprint planning"),
    _bk("BK-88102", "R-07", "M-1100", "2027-03-05", "09:30", "12:00", title="Quarterly roadmap review",
        attendees=["Rosalind Pemberton-Yu", "Ewan Castellane", "Hedda Mirsky", "Tobiah Lind"]),
    _bk("BK-88117", "R-07", "M-1041", "2027-03-05", "14:00", "17:00", title="Tallowmere open studio talk",
        attendees=["Priya Venkataraman"]),
    _bk("BK-88213", "R-02", "M-1101", "2027-03-09", "10:00", "11:30", title="Interview: junior designer",
        attendees=["Wen Castellanos", "Rhiannon Abara"]),
    _bk("BK-88240", "R-05", "M-1101", "2027-03-12", "09:00", "10:30", title="Client onboarding",
        attendees=["Wen Castellanos", "Lior Bassani"]),
    _bk("BK-88244", "R-06", "M-1104", "2027-03-12", "14:00", "15:00", title="Phone call"),
    _bk("BK-88251", "R-05", "M-1102", "2027-03-12", "14:00", "16:00", title="Label pitch",
        attendees=["Oluwaseun Marchbank", "Kasia Dunleavy", "Arvo Leppik"]),
    _bk("BK-88260", "R-05", "M-1042", "2027-03-12", "16:30", "17:30", "cancelled", title="Catch-up"),
    _bk("BK-88301", "R-03", "M-1090", "2027-03-15", "09:00", "11:00", title="Design team stand-up"),
]}

GUEST_PASSES = [
    {"code": "GP-3A0917", "member_id": "M-1050", "guest": "Halvard Quist", "date": "2027-02-10", "status": "used"},
    {"code": "GP-77C2E4", "member_id": "M-1050", "guest": "Carmel Dufresne", "date": "2027-03-02", "status": "used"},
    {"code": "GP-B51D08", "member_id": "M-1050", "guest": "Oskar Lindahl-Mwangi", "date": "2027-03-04",
     "status": "used"},
    {"code": "GP-09E6AB", "member_id": "M-1051", "guest": "Renske Aalbers", "date": "2027-03-03", "status": "used"},
    {"code": "GP-E4F1C3", "member_id": "M-1090", "guest": "Marit Vale", "date": "2027-02-17", "status": "used"},
]


def _member(member_id) -> dict:
    m = MEMBERS.get(str(member_id).strip().upper())
    if m is None:
        raise ToolError(f"no member {member_id!r}")
    return m


def _invoice_for(member_id, period):
    for inv in INVOICES.values():
        if inv["member_id"] == member_id and inv["period"] == period:
            return inv["invoice_id"]
    return None


# ------------------------------------------------------------------ typed results
class MemberMatch(TypedDict):
    member_id: str
    name: str
    email: str
    plan: str


class MemberMatches(TypedDict):
    members: list[MemberMatch]
    count: int


class RoomSummary(TypedDict):
    room_id: str
    name: str
    capacity: int
    floor: int


class RoomMatches(TypedDict):
    rooms: list[RoomSummary]
    count: int


class InvoiceSummary(TypedDict):
    invoice_id: str
    period: str
    issued: str
    due: str
    total: float
    status: str


class InvoiceList(TypedDict):
    member_id: str
    invoices: list[InvoiceSummary]
    balance_due: float


class GuestPass(TypedDict):
    code: str
    member_id: str
    guest_name: str
    date: str
    valid: str
    status: str


# ------------------------------------------------------------------ tools
@mcp.tool()
def find_members(query: str) -> MemberMatches:
    """Find members whose name or email contains every word of query (e.g. "priya" or a full email address)."""
    words = _words(query)
    if not words:
        raise ToolError("query is required")
    rows = [{"member_id": m["member_id"], "name": m["name"], "email": m["email"], "plan": PLANS[m["plan"]]["plan"]}
            for m in MEMBERS.values() if all(w in _fold(m["name"] + " " + m["email"]) for w in words)]
    return {"members": rows, "count": len(rows)}


@mcp.tool()
def get_member(member_id: str) -> dict:
    """Member profile by id (M-####): name, email, phone, company, joined, home_desk (dedicated desk id or null),
    office, and the plan with its monthly fee, included meeting-room hours and guest passes per month."""
    m = _member(member_id)
    out = {k: v for k, v in m.items() if k != "plan"}
    out["plan"] = dict(PLANS[m["plan"]])
    return out


@mcp.tool()
def list_desks(floor: int | None = None, zone: str | None = None, free_only: bool = False) -> dict:
    """Desks, optionally on one floor (2 or 3) and/or zone (quiet, window, studio); free_only leaves out desks
    someone holds and desks out of service. Each: id, fl, zn, kind (hot/dedicated), occ (member id), st."""
    zn = _fold(zone or "").strip()
    rows = []
    for d in DESKS.values():
        if floor is not None and d["fl"] != int(floor):
            continue
        if zn and d["zn"] != zn:
            continue
        if free_only and (d["occ"] or d["st"] != "ok"):
            continue
        rows.append({k: d[k] for k in ("id", "fl", "zn", "kind", "occ", "st")})
    return {"desks": rows, "n": len(rows)}


@mcp.tool()
def get_desk(desk_id: str) -> dict:
    """Desk record: id, fl, zn, kind, occ, st, feat, lock, mon."""
    d = DESKS.get(str(desk_id).strip().upper())
    if d is None:
        raise ToolError(f"no desk {desk_id!r}")
    return dict(d)


@mcp.tool()
def find_rooms(query: str | None = None, min_capacity: int | None = None) -> RoomMatches:
    """Meeting rooms whose name contains every word of query and/or that seat at least min_capacity people."""
    words = [w for w in _words(query or "") if w not in ("room", "the")]
    rows = [{k: r[k] for k in ("room_id", "name", "capacity", "floor")} for r in ROOMS.values()
            if all(w in _fold(r["name"]) for w in words)
            and (min_capacity is None or r["capacity"] >= int(min_capacity))]
    return {"rooms": rows, "count": len(rows)}


@mcp.tool()
def get_room(room_id: str) -> dict:
    """Meeting room details by id (R-##): name, capacity, floor, location, rate (per hour, EUR, minimum booking),
    opening hours and the equipment list (item and detail)."""
    r = ROOMS.get(str(room_id).strip().upper())
    if r is None:
        raise ToolError(f"no room {room_id!r}")
    out = {k: r[k] for k in ("room_id", "name", "capacity", "floor", "location")}
    out["rate"] = {"per_hour": r["rate"], "currency": "EUR", "min_hours": 0.5 if r["rate"] else 0}
    out["hours"] = {"open": "07:30", "close": "21:00"}
    out["equipment"] = [dict(e) for e in r["equipment"]]
    return out


@mcp.tool()
def list_bookings(room_id: str | None = None, member_id: str | None = None, date_from: str | None = None,
                  date_to: str | None = None, status: str | None = None, page: int = 1,
                  page_size: int = 10) -> dict:
    """Room bookings, oldest first, filtered by room, member, dates (YYYY-MM-DD, inclusive) and status
    (confirmed or cancelled); paged (page_size up to 50). Returns total, page, pages and items, each with
    bk (booking id), rm (room name), by (member id), d (date), t (time span) and s (status)."""
    rid = (room_id or "").strip().upper()
    mid = (member_id or "").strip().upper()
    d0, d1 = _date(date_from, "date_from"), _date(date_to, "date_to")
    st = (status or "").strip().lower()
    if st and st not in ("confirmed", "cancelled"):
        raise ToolError("status must be confirmed or cancelled")
    page, page_size = int(page), int(page_size)
    if page < 1 or not 1 <= page_size <= 50:
        raise ToolError("page must be >= 1 and page_size 1..50")
    rows = [b for b in BOOKINGS.values()
            if (not rid or b["room_id"] == rid) and (not mid or b["member_id"] == mid)
            and (not d0 or b["date"] >= d0) and (not d1 or b["date"] <= d1) and (not st or b["status"] == st)]
    rows.sort(key=lambda b: (b["date"], b["start"], b["booking_id"]))
    total = len(rows)
    chunk = rows[(page - 1) * page_size: page * page_size]
    items = [{"bk": b["booking_id"], "rm": ROOMS[b["room_id"]]["name"], "by": b["member_id"], "d": b["date"],
              "t": f"{b['start']}-{b['end']}", "s": b["status"]} for b in chunk]
    return {"total": total, "page": page, "pages": max(1, -(-total // page_size)), "items": items}


@mcp.tool()
def get_booking(booking_id: str) -> dict:
    """One booking (BK-#####) in full: title, room, booked_by, date, start, end, attendees, status, cost (hours,
    rate, amount in EUR at the room's list rate; an invoice may cover it with plan hours instead) and the invoice it was billed on (null if not invoiced yet)."""
    b = BOOKINGS.get(str(booking_id).strip().upper())
    if b is None:
        raise ToolError(f"no booking {booking_id!r}")
    room, m = ROOMS[b["room_id"]], MEMBERS[b["member_id"]]
    h0, m0 = map(int, b["start"].split(":"))
    h1, m1 = map(int, b["end"].split(":"))
    hours = ((h1 * 60 + m1) - (h0 * 60 + m0)) / 60
    charged = 0.0 if b["status"] == "cancelled" else round(hours * room["rate"], 2)
    return {"booking_id": b["booking_id"], "title": b["title"],
            "room": {"room_id": room["room_id"], "name": room["name"]},
            "booked_by": {"member_id": m["member_id"], "name": m["name"]},
            "date": b["date"], "start": b["start"], "end": b["end"], "attendees": list(b["attendees"]),
            "status": b["status"], "cost": {"hours": hours, "rate": room["rate"], "amount": charged},
            "invoice": _invoice_for(m["member_id"], b["date"][:7]) if b["status"] == "confirmed" else None}


@mcp.tool()
def list_guest_passes(member_id: str, month: str | None = None) -> dict:
    """Guest passes a member has issued, optionally for one month (YYYY-MM); with a month it also gives the
    plan's allowance, how many were used and how many remain that month."""
    m = _member(member_id)
    mo = (month or "").strip()
    if mo and not re.fullmatch(r"\d{4}-\d{2}", mo):
        raise ToolError("month must be YYYY-MM")
    rows = [{"code": p["code"], "guest": p["guest"], "date": p["date"], "status": p["status"]}
            for p in GUEST_PASSES if p["member_id"] == m["member_id"] and (not mo or p["date"].startswith(mo))]
    rows.sort(key=lambda p: p["date"])
    out = {"member_id": m["member_id"], "passes": rows}
    if mo:
        allowance = PLANS[m["plan"]]["guest_passes_per_month"]
        out.update({"month": mo, "allowance": allowance, "issued": len(rows),
                    "remaining": max(0, allowance - len(rows))})
    return out


@mcp.tool()
def issue_guest_pass(member_id: str, guest_name: str, date: str) -> GuestPass:
    """Issue a one-day guest pass (valid 08:00-20:00) for a member's guest on a date (YYYY-MM-DD). Returns the pass
    code (GP-xxxxxx); issuing again for the same member, guest and date returns the same pass."""
    m = _member(member_id)
    guest = " ".join(str(guest_name).split())
    day = _date(date, "date")
    if not guest or not day:
        raise ToolError("guest_name and date are required")
    if day < TODAY:
        raise ToolError("date is in the past")
    key = "|".join([m["member_id"], _fold(guest), day])
    code = "GP-" + hashlib.sha1(key.encode()).hexdigest().upper()[:6]
    for p in GUEST_PASSES:
        if p["code"] == code:
            return {"code": code, "member_id": p["member_id"], "guest_name": p["guest"], "date": p["date"],
                    "valid": "08:00-20:00", "status": "issued"}
    month = day[:7]
    used = sum(1 for p in GUEST_PASSES if p["member_id"] == m["member_id"] and p["date"].startswith(month))
    if used >= PLANS[m["plan"]]["guest_passes_per_month"]:
        raise ToolError(f"{m['name']} has no guest passes left for {month}")
    GUEST_PASSES.append({"code": code, "member_id": m["member_id"], "guest": guest, "date": day,
                         "status": "issued"})
    return {"code": code, "member_id": m["member_id"], "guest_name": guest, "date": day, "valid": "08:00-20:00",
            "status": "issued"}


@mcp.tool()
def list_invoices(member_id: str, status: str | None = None) -> InvoiceList:
    """A member's invoices, newest first, optionally only one status (open, paid or overdue); balance_due is the
    total of the member's open and overdue invoices."""
    m = _member(member_id)
    st = (status or "").strip().lower()
    if st and st not in ("open", "paid", "overdue"):
        raise ToolError("status must be open, paid or overdue")
    mine = [i for i in INVOICES.values() if i["member_id"] == m["member_id"]]
    rows = [{k: i[k] for k in ("invoice_id", "period", "issued", "due", "total", "status")}
            for i in sorted(mine, key=lambda i: i["period"], reverse=True) if not st or i["status"] == st]
    balance = round(sum(i["total"] for i in mine if i["status"] in ("open", "overdue")), 2)
    return {"member_id": m["member_id"], "invoices": rows, "balance_due": balance}


@mcp.tool()
def get_invoice(invoice_id: str) -> dict:
    """Invoice (INV-27-####) with its line items (desc, qty, unit, amount), total, status, issued, due, paid_on
    and the member it is addressed to."""
    i = INVOICES.get(str(invoice_id).strip().upper())
    if i is None:
        raise ToolError(f"no invoice {invoice_id!r}")
    m = MEMBERS[i["member_id"]]
    out = {k: v for k, v in i.items() if k != "member_id"}
    out["lines"] = [dict(line) for line in i["lines"]]
    out["member"] = {"member_id": m["member_id"], "name": m["name"], "company": m["company"]}
    out["currency"] = "EUR"
    return out


if __name__ == "__main__":
    mcp.run()
