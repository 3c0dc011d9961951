"""Halverston City Archives MCP server (stdio): record series, boxes, researchers (reader tickets), box retrieval
requests, reading-room bookings and reproduction orders.

Run: python archive_mcp.py   (speaks MCP over stdin/stdout)
Deterministic: fixed seed data ("today" is 2027-05-10), no clock, no randomness; reproduction order references
are derived from the order's content (SHA-1 prefix). State lives in memory for the life of the process. All names,
emails, addresses, series and codes are invented. Licence: Apache-2.0.
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

mcp = _Server("halverston-archives")

TODAY = "2027-05-10"
HANDLING_FEE = 3.0


def _fold(text) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", str(text)) if not unicodedata.combining(c)).lower()


def _words(query) -> list:
    return [w for w in re.split(r"[\s,.:;'\u2019()/-]+", _fold(query)) if w and w not in ("the", "of", "series")]


def _date(value, name):
    try:
        return datetime.date.fromisoformat(str(value).strip()).isoformat()
    except ValueError:
        raise ToolError(f"{name} must be a date YYYY-MM-DD") from None


# ------------------------------------------------------------------ series
def _series(sid, ref, title, start, end, dept, dept_years, span, access, aid, notes="", offsite_before=None,
            store="Strongroom A"):
    return {"series_id": sid, "ref": ref, "title": title, "dates": {"from": start, "to": end},
            "creator": {"dept": dept, "years": dept_years}, "access": access, "finding_aid": aid, "notes": notes,
            "_span": span, "_offsite_before": offsite_before, "_store": store}


_OPEN = "Open. No restrictions beyond the reading-room rules."
SERIES = {s["series_id"]: s for s in [
    _series("S-101", "HCA/HB/1", "Harbour Board minutes", 1868, 1931, "Halverston Harbour Board", "1866-1932", 2,
            _OPEN, "Typescript calendar of minutes, 1868-1931 (reading room shelf 4)"),
    _series("S-102", "HCA/HB/2", "Harbour Board correspondence", 1870, 1929, "Halverston Harbour Board", "1866-1932", 3,
            _OPEN, "Card index of correspondents"),
    _series("S-110", "HCA/CE/4", "Building control plans", 1901, 1974, "City Engineer and Surveyor", "1889-1974", 1,
            _OPEN, "Online street index; plans listed by deposit number",
            "Plans before 1930 are held at the Ridgeway Depot outstore: order 2 working days ahead.",
            offsite_before=1930, store="Strongroom B"),
    _series("S-111", "HCA/CE/5", "Building control registers", 1901, 1974, "City Engineer and Surveyor", "1889-1974",
            5, _OPEN, "Registers are their own index", store="Strongroom B"),
    _series("S-120", "HCA/CEM/1", "Burial registers: Northgate Cemetery", 1852, 1921, "Northgate Burial Board",
            "1850-1921", 5, _OPEN, "Name index 1852-1921 on microfiche (reader F1)",
            "Originals are fragile; microfiche copies are issued first where they exist."),
    _series("S-121", "HCA/CEM/2", "Burial registers: Northgate Cemetery Extension", 1889, 1962,
            "Halverston Corporation Cemeteries Committee", "1888-1974", 5, _OPEN, "Name index 1889-1962 (typescript)"),
    _series("S-130", "HCA/RT/1", "Rate books", 1795, 1925, "Overseers of the Poor, later Borough Treasurer",
            "1795-1925", 2, _OPEN, "Street lists for 1841, 1851 and 1871 only"),
    _series("S-131", "HCA/RT/4", "Water rate books", 1872, 1940, "Halverston Waterworks Company", "1868-1941", 2,
            _OPEN, "None; arranged by district"),
    _series("S-140", "HCA/POL/2", "Police station occurrence books", 1890, 1950, "Halverston Borough Police",
            "1836-1968", 2,
            "Open for books up to 1926. Books with entries after 1926 are closed for 100 years from the date of the "
            "last entry.", "Box list only"),
    _series("S-150", "HCA/DWH/7", "Council photographs: street improvements", 1905, 1939,
            "Department of Works and Highways", "1903-1968", 2, _OPEN,
            "Photographs numbered by negative; subject index by street"),
    _series("S-160", "HCA/EDU/3", "School admission registers", 1875, 1945, "Halverston School Board, later "
            "Education Committee", "1871-1974", 3, "Closed for 100 years from the last entry in each register.",
            "Box list only"),
]}

# ------------------------------------------------------------------ boxes
BOXES = {}
for _s in SERIES.values():
    _n, _y = 0, _s["dates"]["from"]
    while _y <= _s["dates"]["to"]:
        _n += 1
        _end = min(_y + _s["_span"] - 1, _s["dates"]["to"])
        _bid = f"BX-{_s['series_id'][2:]}-{_n:03d}"
        _off = _s["_offsite_before"] is not None and _y < _s["_offsite_before"]
        BOXES[_bid] = {"box_id": _bid, "series_id": _s["series_id"], "years": [_y, _end],
                       "location": {"store": "Ridgeway Depot" if _off else _s["_store"],
                                    "bay": None if _off else f"{_s['series_id'][2:]}.{(_n - 1) // 12 + 1}",
                                    "shelf": (_n - 1) % 12 + 1, "offsite": _off},
                       "status": "offsite" if _off else "on_shelf", "condition": "Good",
                       "contents": [f"{_s['title']}, {_y}" + (f"-{_end}" if _end != _y else "")],
                       "retrieval_notice": "2 working days" if _off else "same day (orders by 15:30)"}
        _y = _end + 1
    _s["extent"] = {"boxes": _n, "linear_m": round(_n * 0.14, 2)}


def _box_update(bid, **kw):
    BOXES[bid].update(kw)


_box_update("BX-120-010", condition="Fragile: spine detached and text block loose. Supervised handling only; "
            "use the foam cradle and snake weights, no photocopying.",
            contents=["Register of burials nos. 10411-12980 (1897-1899)", "Register of burials nos. 12981-15402 "
                      "(1899-1901)", "Plot index, sections C to F"])
_box_update("BX-121-002", contents=["Register of burials, Extension, 1894-1898", "Grave deeds counterfoils 1894-1898"])
_box_update("BX-130-028", status="issued",
            contents=["Rate book, St Olave's and Quayside wards, 1849", "Rate book, St Olave's and Quayside wards, "
                      "1850", "Arrears register 1849-1850"])
_box_update("BX-130-027", status="issued")
_box_update("BX-150-006", contents=["Resurfacing of Fleece Street, prints 1-36", "New bridge approach, Linnet Road, "
                                    "glass negatives"])
_box_update("BX-150-011", contents=["Widening of Tanyard Hill, glass negatives 1-48",
                                    "Tram shelter, Mill Street, prints", "Demolition of Corn Exchange Row, album"])
_box_update("BX-150-012", contents=["Ropery Lane clearance area, prints", "Public conveniences, Market Cross"])
_box_update("BX-101-019", condition="Good; some water staining on volume 2",
            contents=["Minute book vol. 19 (1904-1905)", "Minute book vol. 20 (1905)", "Committee papers 1904-1905"])
_box_update("BX-102-014", contents=["In-letters 1909-1911, bundle A-L"])
_box_update("BX-110-047", contents=["Plans nos. 21877-22340 (1947), incl. prefabricated bungalows, Orchard Rise"])

# ------------------------------------------------------------------ researchers
def _rdr(rid, name, email, phone, ticket, issued, expires, affiliation, topic, addr):
    return {"researcher_id": rid, "name": name, "email": email, "phone": phone,
            "ticket": {"number": ticket, "issued": issued, "expires": expires,
                       "status": "valid" if expires >= TODAY else "expired"},
            "affiliation": affiliation, "research_topic": topic,
            "address": {"line1": addr[0], "town": addr[1], "postcode": addr[2]}}


RESEARCHERS = {r["researcher_id"]: r for r in [
    _rdr("RS-2041", "Lionel Featherstonhaugh", "lionel.f@example.org", "01632 770 041", "RT-88213", "2024-09-30",
         "2027-09-30", "Halverston Local History Society", "Quayside householders 1790-1860",
         ("14 Gannet Terrace", "Halverston", "HV3 8QT")),
    _rdr("RS-2042", "Lionel Featherston", "lionel.featherston@example.com", "01632 770 042", "RT-88290",
         "2025-01-31", "2028-01-31", "independent", "Family history (Featherston of Mill Street)",
         ("2 Chapel Yard", "Ebbmouth", "EB1 4RS")),
    _rdr("RS-2043", "Oona MacAskill", "oona.macaskill@example.net", "01632 770 043", "RT-89012", "2024-12-31",
         "2027-12-31", "Halverston University (PhD candidate, Geography)", "Interwar street improvement schemes",
         ("Flat 5, 31 Weaver's Close", "Halverston", "HV1 2LD")),
    _rdr("RS-2044", "Oona McCaskill", "o.mccaskill@example.org", "01632 770 044", "RT-89118", "2024-08-31",
         "2027-08-31", "independent", "Photographs of the tramways", ("9 Sorrel Drive", "Pellow Bay", "PB2 6HN")),
    _rdr("RS-2045", "Benedict Aldous-Ray", "b.aldousray@example.com", "01632 770 045", "RT-87764", "2024-06-30",
         "2027-06-30", "Maritime Heritage Trust", "Port administration 1860-1930",
         ("The Old Pilot House", "Halverston", "HV9 1AA")),
    _rdr("RS-2046", "Priya Venkataraman", "priya.v@example.org", "01632 770 046", "RT-88555", "2024-11-30",
         "2027-11-30", "independent (house historian)", "Histories of houses on Orchard Rise",
         ("27 Orchard Rise", "Halverston", "HV4 7PE")),
    _rdr("RS-2047", "Tamsin Coldharbour", "tamsin.coldharbour@example.co.uk", "01632 770 047", "RT-86002",
         "2024-04-30", "2027-04-30", "Halverston College (A-level project)", "Tanyard Hill before 1930",
         ("61 Ropery Lane", "Halverston", "HV2 5JW")),
]}

# ------------------------------------------------------------------ retrieval requests
def _rq(rid, researcher, box, day, session, status, by=None, desk=None, note=""):
    return {"request_id": rid, "researcher_id": researcher, "box_id": box, "for_date": day, "session": session,
            "status": status, "_by": by, "_desk": desk, "_note": note}


REQUESTS = {r["request_id"]: r for r in [
    _rq("RQ-50102", "RS-2041", "BX-130-023", "2027-03-31", "morning", "returned", "J. Pennock", "Desk 4"),
    _rq("RQ-50115", "RS-2041", "BX-130-024", "2027-04-01", "morning", "returned", "J. Pennock", "Desk 4"),
    _rq("RQ-50121", "RS-2041", "BX-130-025", "2027-04-06", "afternoon", "returned", "A. Lisle", "Desk 4"),
    _rq("RQ-50122", "RS-2042", "BX-130-031", "2027-04-06", "morning", "returned", "A. Lisle", "Desk 2"),
    _rq("RQ-50128", "RS-2041", "BX-130-026", "2027-04-08", "morning", "returned", "J. Pennock", "Desk 5"),
    _rq("RQ-50130", "RS-2046", "BX-130-028", "2027-04-02", "afternoon", "returned", "J. Pennock", "Desk 1"),
    _rq("RQ-50133", "RS-2047", "BX-150-011", "2027-04-07", "afternoon", "returned", "A. Lisle", "Desk 6"),
    _rq("RQ-50139", "RS-2041", "BX-131-002", "2027-04-13", "morning", "returned", "A. Lisle", "Desk 4"),
    _rq("RQ-50141", "RS-2047", "BX-150-012", "2027-04-14", "afternoon", "returned", "J. Pennock", "Desk 6"),
    _rq("RQ-50144", "RS-2042", "BX-120-013", "2027-04-15", "morning", "cancelled", None, None,
        "Cancelled by reader"),
    _rq("RQ-50150", "RS-2041", "BX-130-027", "2027-04-20", "afternoon", "returned", "J. Pennock", "Desk 4"),
    _rq("RQ-50152", "RS-2041", "BX-130-029", "2027-04-22", "morning", "returned", "A. Lisle", "Desk 4"),
    _rq("RQ-50158", "RS-2042", "BX-120-014", "2027-04-27", "morning", "returned", "A. Lisle", "Desk 2"),
    _rq("RQ-50160", "RS-2041", "BX-130-030", "2027-04-29", "morning", "returned", "J. Pennock", "Desk 4"),
    _rq("RQ-50171", "RS-2041", "BX-130-032", "2027-05-04", "morning", "returned", "J. Pennock", "Desk 4"),
    _rq("RQ-50318", "RS-2044", "BX-150-006", "2027-05-06", "morning", "returned", "A. Lisle", "Desk 7"),
    _rq("RQ-50320", "RS-2043", "BX-150-014", "2027-05-07", "afternoon", "returned", "A. Lisle", "Map table 2"),
    _rq("RQ-50326", "RS-2045", "BX-130-028", "2027-05-10", "morning", "in_reading_room", "J. Pennock", "Desk 3"),
    _rq("RQ-50327", "RS-2042", "BX-130-027", "2027-05-10", "morning", "in_reading_room", "J. Pennock", "Desk 2"),
    _rq("RQ-50331", "RS-2043", "BX-110-023", "2027-05-18", "afternoon", "requested", None, None,
        "Outstore box: ordered from Ridgeway Depot"),
    _rq("RQ-50333", "RS-2044", "BX-150-015", "2027-05-18", "morning", "requested"),
]}

# ------------------------------------------------------------------ reading-room bookings
SESSIONS = {"morning": "09:30-12:30", "afternoon": "13:30-16:30"}
BOOKINGS = [
    {"booking_id": "BK-7101", "date": "2027-05-10", "session": "morning", "desk": "Desk 3", "researcher_id": "RS-2045",
     "status": "confirmed"},
    {"booking_id": "BK-7102", "date": "2027-05-10", "session": "morning", "desk": "Desk 2", "researcher_id": "RS-2042",
     "status": "confirmed"},
    {"booking_id": "BK-7115", "date": "2027-05-18", "session": "morning", "desk": "Desk 7", "researcher_id": "RS-2044",
     "status": "confirmed"},
    {"booking_id": "BK-7116", "date": "2027-05-18", "session": "afternoon", "desk": "Map table 2",
     "researcher_id": "RS-2043", "status": "confirmed"},
    {"booking_id": "BK-7117", "date": "2027-05-18", "session": "afternoon", "desk": "Microfilm reader F1",
     "researcher_id": "RS-2046", "status": "confirmed"},
    {"booking_id": "BK-7120", "date": "2027-05-19", "session": "morning", "desk": "Desk 3", "researcher_id": "RS-2043",
     "status": "confirmed"},
    {"booking_id": "BK-7098", "date": "2027-05-11", "session": "afternoon", "desk": "Map table 1",
     "researcher_id": "RS-2043", "status": "cancelled"},
]

# ------------------------------------------------------------------ reproduction
RATES = {
    "scan_300dpi": {"format": "scan_300dpi", "label": "Digital scan, 300 dpi (TIFF/JPEG)", "unit": "image",
                    "price": 4.5},
    "scan_600dpi": {"format": "scan_600dpi", "label": "Digital scan, 600 dpi (TIFF)", "unit": "image", "price": 7.0},
    "a4_print": {"format": "a4_print", "label": "A4 print", "unit": "sheet", "price": 0.6},
    "a3_print": {"format": "a3_print", "label": "A3 print", "unit": "sheet", "price": 1.2},
    "certified_copy": {"format": "certified_copy", "label": "Certified copy (burial or rate entry)",
                       "unit": "document", "price": 12.0},
}


def _price(fmt, pages):
    return round(HANDLING_FEE + RATES[fmt]["price"] * pages, 2)


ORDERS = {o["order_id"]: o for o in [
    {"order_id": "RP-40112", "researcher_id": "RS-2045", "box_id": "BX-102-014", "description": "Letters from the "
     "Pilotage Commissioners, 1910", "format": "scan_300dpi", "pages": 12, "price": _price("scan_300dpi", 12),
     "status": "completed", "placed": "2027-03-18"},
    {"order_id": "RP-40187", "researcher_id": "RS-2045", "box_id": "BX-101-019", "description": "Minutes on the new "
     "graving dock, 1904-1905", "format": "scan_600dpi", "pages": 9, "price": _price("scan_600dpi", 9),
     "status": "in_progress", "placed": "2027-04-28"},
    {"order_id": "RP-40190", "researcher_id": "RS-2047", "box_id": "BX-150-011", "description": "Tanyard Hill "
     "negatives 12-15", "format": "scan_600dpi", "pages": 4, "price": _price("scan_600dpi", 4),
     "status": "completed", "placed": "2027-04-07"},
    {"order_id": "RP-40201", "researcher_id": "RS-2041", "box_id": "BX-130-028", "description": "Rate entries for "
     "Quayside 1850", "format": "certified_copy", "pages": 2, "price": _price("certified_copy", 2),
     "status": "placed", "placed": "2027-05-05"},
]}


# ------------------------------------------------------------------ helpers
def _get(table, key, what, hint):
    row = table.get(str(key).strip().upper())
    if row is None:
        raise ToolError(f"no {what} {key!r}; {hint}")
    return row


def _public(d):
    return {k: v for k, v in d.items() if not k.startswith("_")}


def _years(b):
    a, z = b["years"]
    return f"{a}" if a == z else f"{a}-{z}"


class SeriesHit(TypedDict):
    series_id: str
    ref: str
    title: str
    date_range: str


class SeriesSearch(TypedDict):
    results: list[SeriesHit]
    count: int


class ResearcherHit(TypedDict):
    researcher_id: str
    name: str
    email: str
    ticket_number: str


class ResearcherSearch(TypedDict):
    researchers: list[ResearcherHit]
    count: int


class RetrievalRequest(TypedDict):
    request_id: str
    researcher_id: str
    box_id: str
    for_date: str
    session: str
    status: str


class RetrievalList(TypedDict):
    requests: list[RetrievalRequest]
    count: int


class ReproductionOrder(TypedDict):
    order_id: str
    researcher_id: str
    box_id: str
    description: str
    format: str
    pages: int
    price: float
    status: str
    placed: str


class ReproductionList(TypedDict):
    orders: list[ReproductionOrder]
    count: int
    currency: str


# ------------------------------------------------------------------ tools
@mcp.tool()
def search_series(query: str) -> SeriesSearch:
    """Find record series whose title, reference or creating department contains every word of query
    (e.g. "burial registers", "harbour board"). Returns series ids (S-xxx), references, titles and date ranges."""
    words = _words(query)
    rows = []
    for s in SERIES.values():
        hay = _fold(" ".join([s["title"], s["ref"], s["creator"]["dept"]]))
        if all(w in hay for w in words):
            rows.append({"series_id": s["series_id"], "ref": s["ref"], "title": s["title"],
                         "date_range": f"{s['dates']['from']}-{s['dates']['to']}"})
    return {"results": rows, "count": len(rows)}


@mcp.tool()
def get_series(series_id: str) -> dict:
    """Full description of one record series: series_id, ref, title, dates {from, to}, creator {dept, years},
    extent {boxes, linear_m}, access (conditions of access), finding_aid, notes."""
    return _public(_get(SERIES, series_id, "series", "search_series gives series ids"))


@mcp.tool()
def list_boxes(series_id: str, year: int | None = None, status: str | None = None, page: int = 1,
               page_size: int = 10) -> dict:
    """Boxes of a series in box order, page by page (page_size at most 50). year: only the box(es) covering that
    year; status: on_shelf, issued, offsite or conservation. Rows: bx (box id), yrs (years covered), loc (store),
    st (status). Also total (matching boxes), page, pages."""
    s = _get(SERIES, series_id, "series", "search_series gives series ids")
    if not 1 <= int(page_size) <= 50 or int(page) < 1:
        raise ToolError("page must be >= 1 and page_size between 1 and 50")
    st = (status or "").strip().lower().replace(" ", "_").replace("-", "_")
    rows = [b for b in BOXES.values() if b["series_id"] == s["series_id"]
            and (year is None or b["years"][0] <= int(year) <= b["years"][1]) and (not st or b["status"] == st)]
    total = len(rows)
    chunk = rows[(int(page) - 1) * int(page_size): int(page) * int(page_size)]
    return {"series_id": s["series_id"], "page": int(page), "pages": max(1, -(-total // int(page_size))),
            "total": total,
            "boxes": [{"bx": b["box_id"], "yrs": _years(b), "loc": b["location"]["store"], "st": b["status"]}
                      for b in chunk]}


@mcp.tool()
def get_box(box_id: str) -> dict:
    """One box: box_id, series_id, years [first, last], location {store, bay, shelf, offsite}, status, condition
    (handling notes), contents (file titles), retrieval_notice."""
    return dict(_get(BOXES, box_id, "box", "list_boxes gives the box ids of a series"))


@mcp.tool()
def find_researcher(name: str | None = None, email: str | None = None) -> ResearcherSearch:
    """Registered researchers (reader-ticket holders) whose name contains every word of name, or whose email is
    exactly email."""
    if not name and not email:
        raise ToolError("give name or email")
    words, e = _words(name or ""), (email or "").strip().lower()
    rows = [{"researcher_id": r["researcher_id"], "name": r["name"], "email": r["email"],
             "ticket_number": r["ticket"]["number"]}
            for r in RESEARCHERS.values()
            if (not words or all(w in _fold(r["name"]) for w in words)) and (not e or r["email"] == e)]
    return {"researchers": rows, "count": len(rows)}


@mcp.tool()
def get_researcher(researcher_id: str) -> dict:
    """Researcher record: researcher_id, name, email, phone, ticket {number, issued, expires, status (valid or
    expired)}, affiliation, research_topic, address {line1, town, postcode}."""
    return dict(_get(RESEARCHERS, researcher_id, "researcher", "find_researcher gives researcher ids"))


@mcp.tool()
def list_retrieval_requests(researcher_id: str | None = None, box_id: str | None = None, status: str | None = None,
                            date_from: str | None = None, date_to: str | None = None) -> RetrievalList:
    """Requests to bring boxes up to the reading room, filtered by researcher, box, status (requested,
    in_reading_room, returned, cancelled) and the day the box is wanted (for_date, date_from/date_to inclusive,
    YYYY-MM-DD). Oldest first."""
    rid, bid = (researcher_id or "").strip().upper(), (box_id or "").strip().upper()
    st = (status or "").strip().lower().replace(" ", "_")
    lo = _date(date_from, "date_from") if date_from else None
    hi = _date(date_to, "date_to") if date_to else None
    rows = [{k: r[k] for k in RetrievalRequest.__annotations__} for r in REQUESTS.values()
            if (not rid or r["researcher_id"] == rid) and (not bid or r["box_id"] == bid)
            and (not st or r["status"] == st) and (lo is None or r["for_date"] >= lo)
            and (hi is None or r["for_date"] <= hi)]
    rows.sort(key=lambda r: (r["for_date"], r["request_id"]))
    return {"requests": rows, "count": len(rows)}


@mcp.tool()
def get_retrieval_request(request_id: str) -> dict:
    """One retrieval request in the strongroom staff's short form: rq (request id), rdr (researcher id),
    bx (box id), for (date wanted), sess (session), st (status), by (staff member who fetched it), desk, note."""
    r = _get(REQUESTS, request_id, "retrieval request", "list_retrieval_requests gives request ids")
    return {"rq": r["request_id"], "rdr": r["researcher_id"], "bx": r["box_id"], "for": r["for_date"],
            "sess": r["session"], "st": r["status"], "by": r["_by"], "desk": r["_desk"], "note": r["_note"]}


@mcp.tool()
def list_reading_room_bookings(date: str | None = None, researcher_id: str | None = None,
                               session: str | None = None) -> dict:
    """Reading-room seat bookings, filtered by day (YYYY-MM-DD), researcher and session (morning 09:30-12:30,
    afternoon 13:30-16:30). Returns {bookings: [{booking_id, date, session, times, desk, researcher_id,
    status}], count}."""
    day = _date(date, "date") if date else None
    rid = (researcher_id or "").strip().upper()
    sess = (session or "").strip().lower()
    rows = [{**b, "times": SESSIONS[b["session"]]} for b in BOOKINGS
            if (day is None or b["date"] == day) and (not rid or b["researcher_id"] == rid)
            and (not sess or b["session"] == sess)]
    rows.sort(key=lambda b: (b["date"], b["session"] != "morning", b["booking_id"]))
    return {"bookings": rows, "count": len(rows)}


@mcp.tool()
def list_reproduction_orders(researcher_id: str | None = None, status: str | None = None) -> ReproductionList:
    """Copy orders (scans, prints, certified copies), filtered by researcher and status (placed, in_progress,
    completed). Prices in GBP, including the handling fee."""
    rid = (researcher_id or "").strip().upper()
    st = (status or "").strip().lower().replace(" ", "_")
    rows = [dict(o) for o in ORDERS.values()
            if (not rid or o["researcher_id"] == rid) and (not st or o["status"] == st)]
    rows.sort(key=lambda o: (o["placed"], o["order_id"]))
    return {"orders": rows, "count": len(rows), "currency": "GBP"}


@mcp.tool()
def get_reproduction_rates(format: str | None = None) -> dict:
    """Price list for copies (GBP): per-unit price of each format (scan_300dpi, scan_600dpi, a4_print, a3_print,
    certified_copy) and the handling fee charged once per order."""
    rows = list(RATES.values())
    if format:
        key = _format(format)
        rows = [RATES[key]]
    return {"rates": rows, "handling_fee": HANDLING_FEE, "currency": "GBP"}


def _format(value):
    key = _fold(value).strip().replace(" ", "_").replace("-", "_")
    key = {"a3": "a3_print", "a4": "a4_print", "a3_prints": "a3_print", "a4_prints": "a4_print",
           "scan": "scan_300dpi", "scan_300": "scan_300dpi", "scan_600": "scan_600dpi",
           "certified": "certified_copy"}.get(key, key)
    if key not in RATES:
        raise ToolError(f"unknown format {value!r}; formats: {', '.join(RATES)}")
    return key


@mcp.tool()
def order_reproduction(researcher_id: str, box_id: str, format: str, pages: int, description: str = "") -> dict:
    """Place a copy order for a researcher from a box: format is one of scan_300dpi, scan_600dpi, a4_print,
    a3_print, certified_copy; pages is the number of images, sheets or documents. The reader's ticket must be
    valid and the series open. Returns {order_id (RP-xxxxxx), researcher_id, box_id, format, pages, price (GBP,
    handling fee included), status, ready_by}. The same researcher, box, format and pages give the same order."""
    r = _get(RESEARCHERS, researcher_id, "researcher", "find_researcher gives researcher ids")
    b = _get(BOXES, box_id, "box", "list_boxes gives box ids")
    if r["ticket"]["status"] != "valid":
        raise ToolError(f"{r['name']}'s reader ticket expired on {r['ticket']['expires']}")
    if SERIES[b["series_id"]]["access"].startswith("Closed"):
        raise ToolError(f"box {b['box_id']} is in a closed series")
    fmt = _format(format)
    n = int(pages)
    if not 1 <= n <= 500:
        raise ToolError("pages must be between 1 and 500")
    code = "RP-" + hashlib.sha1("|".join([r["researcher_id"], b["box_id"], fmt, str(n)]).encode()) \
        .hexdigest().upper()[:6]
    if code not in ORDERS:
        ORDERS[code] = {"order_id": code, "researcher_id": r["researcher_id"], "box_id": b["box_id"],
                        "description": description or f"{RATES[fmt]['label']} x {n}", "format": fmt, "pages": n,
                        "price": _price(fmt, n), "status": "placed", "placed": TODAY}
    o = ORDERS[code]
    ready = "2027-05-24" if b["location"]["offsite"] else "2027-05-17"
    return {"order_id": o["order_id"], "researcher_id": o["researcher_id"], "box_id": o["box_id"],
            "format": o["format"], "pages": o["pages"], "price": o["price"], "currency": "GBP",
            "status": o["status"], "ready_by": ready}


if __name__ == "__main__":
    mcp.run()
