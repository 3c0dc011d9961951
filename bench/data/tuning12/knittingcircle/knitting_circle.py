"""Saltgate Knitting Circle tools: members, yarn stashes, the yarn swap board, swap requests, circle meetups, the
pattern library and the needle library.

Plain functions over fixed in-memory data (no I/O, no clock, no randomness). Member ids look like "M-104", yarn ids
"Y-3301", swap listing ids "SW-2207", swap request ids "SR-XXXXXX", meetup ids "MT-305", pattern ids "KP-0412".
Yarn weights are one of: lace, fingering, sport, DK, worsted, aran, chunky. Lengths are in metres, dates are
YYYY-MM-DD (the circle's calendar runs through 2027). All names, places, brands, colourways and codes are invented.
Licence: Apache-2.0.
"""
import hashlib
import re
import unicodedata
from dataclasses import dataclass
from typing import Optional, TypedDict

WEIGHTS = ("lace", "fingering", "sport", "DK", "worsted", "aran", "chunky")


# ------------------------------------------------------------------ result types
class MemberHit(TypedDict):
    member_id: str
    name: str
    member_since: str


class SwapListingRow(TypedDict):
    listing_id: str
    title: str
    weight: str
    fibre: str
    total_m: int
    status: str
    listed_on: str


class SwapPage(TypedDict):
    total_count: int
    page: int
    per_page: int
    items: list[SwapListingRow]


class SwapReceipt(TypedDict):
    request_id: str
    listing_id: str
    received: bool


class SwapRequestRow(TypedDict):
    request_id: str
    listing_id: str
    status: str


class MeetupRow(TypedDict):
    meetup_id: str
    date: str
    venue: str
    title: str


class PatternHit(TypedDict):
    pattern_id: str
    name: str
    craft: str
    weight: str


@dataclass
class Yarn:
    yarn_id: str
    owner_id: str
    brand: str
    colourway: str
    weight: str
    fibre: str
    metres_per_skein: int
    skeins: int
    dye_lot: str
    notes: str


@dataclass
class SwapRequest:
    request_id: str
    listing_id: str
    member_id: str
    offer_yarn_id: Optional[str]
    status: str
    handover_meetup_id: str
    handover_date: str
    handover_venue: str


@dataclass
class Pattern:
    pattern_id: str
    name: str
    designer: str
    craft: str
    weight: str
    metres_needed: int
    needles: str
    gauge: str
    sizes: str
    free: bool


# ------------------------------------------------------------------ data
_MEMBERS = {
    "M-101": ("Priya Halloran", "2019-02-11", "Saltgate", 3, "07700 900 101"),
    "M-102": ("Pria Hallam", "2023-09-05", "Ropewalk", 1, "07700 900 102"),
    "M-103": ("Tom Acheson", "2017-05-20", "Chandlery", 4, "07700 900 103"),
    "M-104": ("Tom Atcheson", "2024-01-16", "Saltgate", 2, "07700 900 104"),
    "M-105": ("Greer Vasquez", "2020-10-03", "Netherby", 3, "07700 900 105"),
    "M-106": ("Oona Brack", "2018-06-28", "Lantern Hill", 2, "07700 900 106"),
    "M-107": ("Nell Fairbairn", "2021-03-14", "Chandlery", 2, "07700 900 107"),
    "M-108": ("Nell Fairley", "2022-11-30", "Netherby", 3, "07700 900 108"),
    "M-109": ("Winifred Osei-Baptiste", "2015-09-09", "Saltgate", 4, "07700 900 109"),
    "M-110": ("Dagny Lowrie", "2016-04-22", "Ropewalk", 4, "07700 900 110"),
    "M-111": ("Caspian Moult", "2025-02-02", "Lantern Hill", 1, "07700 900 111"),
    "M-112": ("Ruth Ellery-Vance", "2014-12-01", "Weavers Yard", 4, "07700 900 112"),
}

# yarn_id: owner, brand, colourway, weight, fibre, metres per skein, skeins, dye lot, notes
_YARNS = {
    "Y-3301": ("M-101", "Hebble Mill", "Peat Smoke", "DK", "100% Bluefaced Leicester wool", 225, 5, "L2208", ""),
    "Y-3302": ("M-101", "Hebble Mill", "Gorse", "DK", "100% Bluefaced Leicester wool", 225, 3, "L2311", ""),
    "Y-3303": ("M-101", "Corrie Yarns", "Sea Glass", "fingering", "75% merino, 25% nylon", 400, 2, "C0917", ""),
    "Y-3304": ("M-101", "Fellside", "Bracken", "aran", "100% Herdwick wool", 160, 6, "F1140", ""),
    "Y-3305": ("M-101", "Moss & Marram", "Nightjar", "DK", "60% alpaca, 40% wool", 200, 4, "MM88", "one skein wound"),
    "Y-3306": ("M-102", "Hebble Mill", "Damson", "DK", "100% Bluefaced Leicester wool", 225, 4, "L2290", ""),
    "Y-3307": ("M-102", "Corrie Yarns", "Foam", "sport", "100% merino", 300, 3, "C0702", ""),
    "Y-3310": ("M-110", "Fellside", "Heather Fell", "aran", "100% Herdwick wool", 170, 4, "F1102", ""),
    "Y-3311": ("M-109", "Hebble Mill", "Barley", "aran", "100% Bluefaced Leicester wool", 200, 2, "L2150", ""),
    "Y-3312": ("M-103", "Fellside", "Storm Petrel", "aran", "100% Herdwick wool", 220, 5, "F1177", ""),
    "Y-3313": ("M-111", "Moss & Marram", "Oatmeal Cloud", "aran", "100% alpaca", 150, 6, "MM61", ""),
    "Y-3314": ("M-108", "Fellside", "Slate Roof", "aran", "100% Herdwick wool", 200, 6, "F1091", "swapped"),
    "Y-3315": ("M-104", "Corrie Yarns", "Limpet", "DK", "100% cotton", 170, 5, "C0555", ""),
    "Y-3320": ("M-105", "Corrie Yarns", "Kelp", "fingering", "100% merino", 400, 2, "C0811", "swapped"),
    "Y-3321": ("M-105", "Tidemark Dyeworks", "Lichen", "fingering", "70% merino, 30% silk", 365, 3, "L4471", ""),
    "Y-3322": ("M-105", "Tidemark Dyeworks", "Driftwood", "sport", "100% merino", 300, 2, "L4380", ""),
    "Y-3325": ("M-106", "Saltbox", "Coral Reef", "DK", "100% cotton", 180, 4, "S0330", ""),
    "Y-3326": ("M-106", "Saltbox", "Rockpool", "DK", "100% cotton", 180, 3, "S0319", "swapped"),
    "Y-3330": ("M-112", "Hebble Mill", "Rhubarb and Custard", "DK", "100% Bluefaced Leicester wool", 225, 4,
               "L2402", ""),
    "Y-3331": ("M-112", "Tidemark Dyeworks", "Bladderwrack", "worsted", "85% wool, 15% mohair", 190, 5, "L4502", ""),
    "Y-3340": ("M-107", "Hebble Mill", "Moorland Blue", "DK", "100% Bluefaced Leicester wool", 225, 4, "L2377", ""),
    "Y-3341": ("M-107", "Hebble Mill", "Moorland Blue", "aran", "100% Bluefaced Leicester wool", 165, 5, "L2379",
               ""),
    "Y-3342": ("M-107", "Fellside", "Cinder", "chunky", "100% Herdwick wool", 100, 6, "F1012", ""),
    "Y-3343": ("M-108", "Hebble Mill", "Moorland Blue", "DK", "100% Bluefaced Leicester wool", 225, 2, "L2377", ""),
    "Y-3345": ("M-110", "Corrie Yarns", "Shingle", "lace", "100% merino", 800, 1, "C0990", ""),
}

# listing_id: title, by, yarn, fibre category, status, listed_on, available from, wants
_LISTINGS = {
    "SW-2190": ("Slate Roof aran, 6 skeins", "M-108", "Y-3314", "wool", "closed", "2026-11-02", "2026-11-10",
                "sock yarn"),
    "SW-2198": ("Kelp merino fingering, 2 skeins", "M-105", "Y-3320", "merino", "closed", "2026-12-01",
                "2026-12-08", "any DK cotton"),
    "SW-2201": ("Rockpool cotton DK, 3 skeins", "M-106", "Y-3326", "cotton", "closed", "2027-01-09",
                "2027-01-12", "anything in blue"),
    "SW-2203": ("Heather Fell aran, 4 skeins", "M-110", "Y-3310", "wool", "open", "2027-01-15", "2027-01-19",
                "aran or worsted in greens"),
    "SW-2205": ("Barley aran, 2 skeins", "M-109", "Y-3311", "wool", "open", "2027-01-22", "2027-01-26",
                "a skein of lace weight"),
    "SW-2207": ("Shingle laceweight, 1 skein", "M-110", "Y-3345", "merino", "open", "2027-02-03", "2027-02-09",
                "DK for a hat"),
    "SW-2209": ("Storm Petrel aran, 5 skeins", "M-103", "Y-3312", "wool", "open", "2027-02-11", "2027-02-23",
                "chunky wool, 500 m or more"),
    "SW-2211": ("Oatmeal Cloud alpaca aran, 6 skeins", "M-111", "Y-3313", "alpaca", "open", "2027-02-14",
                "2027-02-23", "anything soft"),
    "SW-2213": ("Limpet cotton DK, 5 skeins", "M-104", "Y-3315", "cotton", "open", "2027-02-20", "2027-03-09",
                "wool DK"),
    "SW-2215": ("Lichen merino-silk fingering, 3 skeins", "M-105", "Y-3321", "merino-silk", "open", "2027-03-01",
                "2027-03-09", "fingering for socks, speckled"),
    "SW-2217": ("Driftwood merino sport, 2 skeins", "M-105", "Y-3322", "merino", "pending", "2027-03-03",
                "2027-03-09", "anything"),
    "SW-2220": ("Coral Reef cotton DK, 4 skeins", "M-106", "Y-3325", "cotton", "open", "2027-03-04", "2027-03-23",
                "undyed fingering, 400 m or more"),
    "SW-2225": ("Bladderwrack worsted, 5 skeins", "M-112", "Y-3331", "wool-mohair", "open", "2027-03-18",
                "2027-03-23", "mohair lace"),
    "SW-2231": ("Rhubarb and Custard DK, 4 skeins", "M-112", "Y-3330", "wool", "open", "2027-04-02",
                "2027-04-10", "blue DK wool, about 800 m"),
}

# meetup_id: date, start, venue, address, host, title, theme, bring
_MEETUPS = {
    "MT-301": ("2027-01-12", "19:00", "Saltgate Library", "2 Customs House Square", "M-109", "New year cast-on",
               "Casting on: long-tail, tubular and German twisted", "a cast-on you want to learn"),
    "MT-302": ("2027-01-26", "19:00", "The Lamplighter Cafe", "14 Chandlery Lane", "M-110", "Swap night",
               "Yarn swap handovers and stash busting", "swap yarn"),
    "MT-303": ("2027-02-09", "19:00", "Saltgate Library", "2 Customs House Square", "M-103", "Cables",
               "Cabling without a cable needle", "aran yarn, 5 mm needles"),
    "MT-304": ("2027-02-23", "19:00", "The Lamplighter Cafe", "14 Chandlery Lane", "M-112", "Swap night",
               "Yarn swap handovers", "swap yarn"),
    "MT-305": ("2027-03-09", "18:30", "The Lamplighter Cafe", "14 Chandlery Lane", "M-109", "Spring colourwork",
               "Two-colour stranded knitting", "two contrasting DK yarns"),
    "MT-306": ("2027-03-23", "19:00", "Saltgate Library", "2 Customs House Square", "M-106", "Swap night",
               "Yarn swap handovers and blocking demo", "swap yarn, a finished piece to block"),
    "MT-307": ("2027-04-06", "19:00", "Ropewalk Community Hall", "31 Twine Street", "M-104", "Sock clinic",
               "Turning a heel: flap and gusset vs short rows", "sock yarn, 2.5 mm needles"),
    "MT-308": ("2027-04-13", "19:00", "Saltgate Library", "2 Customs House Square", "M-103", "Steeks",
               "Steeking without fear", "a swatch in wool, sharp scissors"),
    "MT-309": ("2027-04-27", "18:30", "The Lamplighter Cafe", "14 Chandlery Lane", "M-110", "Swap night",
               "Yarn swap handovers", "swap yarn"),
    "MT-310": ("2027-05-11", "19:00", "Ropewalk Community Hall", "31 Twine Street", "M-101", "Finishing",
               "Mattress stitch and picking up stitches", "pieces to seam"),
}

_PATTERNS = {
    "KP-0412": ("Tidewrack Mitts", "Ilse Marchbank", "knit", "worsted", 265, "4.5 mm", "20 sts x 26 rows = 10 cm",
                "S, M, L", True),
    "KP-0413": ("Tidewrack Hat", "Ilse Marchbank", "knit", "worsted", 190, "4.5 mm", "20 sts x 26 rows = 10 cm",
                "one size", True),
    "KP-0420": ("Ferncombe Cardigan", "Oriel Pascoe", "knit", "aran", 980, "5 mm", "18 sts x 24 rows = 10 cm",
                "XS to 3XL", False),
    "KP-0421": ("Ferncombe Cardigan (child)", "Oriel Pascoe", "knit", "aran", 520, "5 mm",
                "18 sts x 24 rows = 10 cm", "2 to 10 years", False),
    "KP-0431": ("Saltings Shawl", "Wren Abernethy", "knit", "fingering", 870, "3.75 mm",
                "22 sts x 40 rows = 10 cm in garter", "one size", False),
    "KP-0432": ("Saltings Shawlette", "Wren Abernethy", "knit", "fingering", 430, "3.75 mm",
                "22 sts x 40 rows = 10 cm in garter", "one size", True),
    "KP-0440": ("Harbour Wall Socks", "Tom Acheson", "knit", "fingering", 380, "2.5 mm",
                "32 sts x 44 rows = 10 cm", "S, M, L", True),
    "KP-0450": ("Lantern Hill Blanket", "Dagny Lowrie", "crochet", "DK", 1650, "4 mm hook",
                "one square = 12 cm", "throw, double", False),
}

# (size, kind, length/notes, borrowed by or None)
_NEEDLES = [
    ("2.5 mm", "DPN set", "15 cm, bamboo", None),
    ("3.75 mm", "circular", "80 cm, metal", "M-102"),
    ("4.5 mm", "circular", "40 cm, wood", None),
    ("5 mm", "circular", "80 cm, metal", None),
    ("5 mm", "straights", "35 cm, bamboo", "M-111"),
    ("6 mm", "circular", "100 cm, metal", None),
]

_REQUESTS = {}


# ------------------------------------------------------------------ helpers
def _fold(text):
    text = "".join(c for c in unicodedata.normalize("NFKD", str(text)) if not unicodedata.combining(c)).lower()
    return text.replace("'", "").replace("\u2019", "")


def _matches(query, name):
    words = re.findall(r"[a-z0-9]+", _fold(name))
    tokens = re.findall(r"[a-z0-9]+", _fold(query))
    return bool(tokens) and all(any(w.startswith(t) for w in words) for t in tokens)


def _key(value, table, what):
    key = str(value).strip().upper()
    if key not in table:
        raise KeyError(f"no {what} {value!r}")
    return key


def _weight(value):
    for w in WEIGHTS:
        if _fold(value).replace("-", "").replace(" ", "") == _fold(w):
            return w
    raise ValueError(f"unknown yarn weight {value!r}; use one of {', '.join(WEIGHTS)}")


def _total_m(yarn_id):
    y = _YARNS[yarn_id]
    return y[5] * y[6]


def _handover(available_from):
    """The first swap handover is at the first meetup on or after the date the yarn is available from."""
    for mid in sorted(_MEETUPS, key=lambda m: _MEETUPS[m][0]):
        if _MEETUPS[mid][0] >= available_from:
            return mid
    raise ValueError("no meetup scheduled after the listing's availability date")


# ------------------------------------------------------------------ members and stash
def find_members(name: str) -> list[MemberHit]:
    """Find circle members by name. Every word given must start a word of the member's name (case-insensitive),
    so "tom" finds both Toms. Returns member_id, name and the date they joined."""
    return [MemberHit(member_id=mid, name=m[0], member_since=m[1])
            for mid, m in sorted(_MEMBERS.items()) if _matches(name, m[0])]


def get_member(member_id: str) -> dict:
    """A member's profile card.

    Keys: "id" member id; "nm" name; "nbhd" the neighbourhood of Saltgate they live in (swaps are handed over at
    meetups, but members sometimes arrange doorstep pickups by neighbourhood); "lvl" skill level 1 (beginner) to
    4 (can teach); "since" date joined; "tel" phone number."""
    mid = _key(member_id, _MEMBERS, "member")
    m = _MEMBERS[mid]
    return {"id": mid, "nm": m[0], "nbhd": m[2], "lvl": m[3], "since": m[1], "tel": m[4]}


def list_stash(member_id: str, weight: str = None, fibre: str = None) -> list:
    """The yarn in a member's stash (yarn already swapped away is left out), optionally only one yarn weight
    (lace, fingering, sport, DK, worsted, aran, chunky) and/or yarns whose fibre mentions a word ("alpaca").

    Each entry: "yarn_id"; "brand"; "cw" colourway; "wt" weight; "fib" fibre content; "sk" skeins;
    "m" metres per skein (so the total is sk x m). Full details, dye lot included, are in get_yarn."""
    mid = _key(member_id, _MEMBERS, "member")
    want = _weight(weight) if weight else None
    out = []
    for yid, y in sorted(_YARNS.items()):
        if y[0] != mid or y[8] == "swapped":
            continue
        if want and y[3] != want:
            continue
        if fibre and _fold(fibre) not in _fold(y[4]):
            continue
        out.append({"yarn_id": yid, "brand": y[1], "cw": y[2], "wt": y[3], "fib": y[4], "sk": y[6], "m": y[5]})
    return out


def get_yarn(yarn_id: str) -> Yarn:
    """One yarn from a stash, with its full fibre content, skeins, metres per skein and dye lot."""
    yid = _key(yarn_id, _YARNS, "yarn")
    y = _YARNS[yid]
    return Yarn(yarn_id=yid, owner_id=y[0], brand=y[1], colourway=y[2], weight=y[3], fibre=y[4],
                metres_per_skein=y[5], skeins=y[6], dye_lot=y[7], notes=y[8])


# ------------------------------------------------------------------ swap board
def search_swap_listings(weight: str = None, fibre: str = None, member_id: str = None, status: str = "open",
                         page: int = 1, per_page: int = 5) -> SwapPage:
    """Search the yarn swap board, newest listings last (by listing date).

    weight: one yarn weight (lace, fingering, sport, DK, worsted, aran, chunky). fibre: a fibre category, matched
    exactly: wool, alpaca, merino, merino-silk, cotton, wool-mohair. member_id: only listings by that member.
    status: open (default), pending (a swap is agreed), closed, or "any". total_m is the total metres on offer.
    Paginated: per_page rows (5 by default) of page; total_count counts all pages."""
    want = _weight(weight) if weight else None
    who = str(member_id).strip().upper() if member_id else None
    rows = []
    for lid, li in sorted(_LISTINGS.items(), key=lambda kv: (kv[1][5], kv[0])):
        y = _YARNS[li[2]]
        if status != "any" and li[4] != status:
            continue
        if want and y[3] != want:
            continue
        if fibre and _fold(fibre).strip() != li[3]:
            continue
        if who and li[1] != who:
            continue
        rows.append(SwapListingRow(listing_id=lid, title=li[0], weight=y[3], fibre=li[3], total_m=_total_m(li[2]),
                                   status=li[4], listed_on=li[5]))
    page, per_page = max(1, int(page)), max(1, min(50, int(per_page)))
    start = (page - 1) * per_page
    return SwapPage(total_count=len(rows), page=page, per_page=per_page, items=rows[start:start + per_page])


def get_swap_listing(listing_id: str) -> dict:
    """One swap listing.

    Keys: "lid" listing id; "ttl" title; "by" member id of the person offering it (see get_member); "yarn" the
    yarn id on offer (see get_yarn); "st" status (open, pending, closed); "on" date listed; "from" date the yarn
    can be handed over from; "wants" what they would like in exchange."""
    lid = _key(listing_id, _LISTINGS, "swap listing")
    li = _LISTINGS[lid]
    return {"lid": lid, "ttl": li[0], "by": li[1], "yarn": li[2], "st": li[4], "on": li[5], "from": li[6],
            "wants": li[7]}


def request_swap(listing_id: str, member_id: str, offer_yarn_id: str = None) -> SwapReceipt:
    """Ask for the yarn in an open swap listing on behalf of a member, optionally offering a yarn from that
    member's stash in exchange. Idempotent: the same listing, member and offer give back the same request.
    The handover meetup is allocated when the request is filed; read it with get_swap_request."""
    lid = _key(listing_id, _LISTINGS, "swap listing")
    mid = _key(member_id, _MEMBERS, "member")
    li = _LISTINGS[lid]
    if li[4] != "open":
        raise ValueError(f"listing {lid} is {li[4]}, not open")
    if li[1] == mid:
        raise ValueError("members cannot request their own listing")
    offer = None
    if offer_yarn_id:
        offer = _key(offer_yarn_id, _YARNS, "yarn")
        if _YARNS[offer][0] != mid or _YARNS[offer][8] == "swapped":
            raise ValueError(f"yarn {offer} is not in {mid}'s stash")
    rid = "SR-" + hashlib.sha1(f"{lid}|{mid}|{offer or ''}".encode()).hexdigest()[:6].upper()
    if rid not in _REQUESTS:
        earlier = [r for r in _REQUESTS.values() if r.listing_id == lid]
        meetup = _handover(li[6])
        _REQUESTS[rid] = SwapRequest(request_id=rid, listing_id=lid, member_id=mid, offer_yarn_id=offer,
                                     status="waitlisted" if earlier else "pending", handover_meetup_id=meetup,
                                     handover_date=_MEETUPS[meetup][0], handover_venue=_MEETUPS[meetup][2])
    return SwapReceipt(request_id=rid, listing_id=lid, received=True)


def get_swap_request(request_id: str) -> SwapRequest:
    """A swap request: its status (pending, waitlisted behind an earlier request, accepted, declined) and the
    meetup where the yarn changes hands."""
    rid = _key(request_id, _REQUESTS, "swap request")
    return _REQUESTS[rid]


def list_swap_requests(member_id: str) -> list[SwapRequestRow]:
    """Swap requests a member has made (request id, listing id, status)."""
    mid = _key(member_id, _MEMBERS, "member")
    return [SwapRequestRow(request_id=r.request_id, listing_id=r.listing_id, status=r.status)
            for r in sorted(_REQUESTS.values(), key=lambda r: r.request_id) if r.member_id == mid]


# ------------------------------------------------------------------ meetups
def list_meetups(month: str = None, host_id: str = None) -> list[MeetupRow]:
    """The circle's meetups in date order, optionally for one month ("2027-03") and/or one host (member id).
    Each row has the meetup id, date, venue name and a short title; host, address, start time, theme and what to
    bring are in get_meetup."""
    host = str(host_id).strip().upper() if host_id else None
    if month and not re.fullmatch(r"\d{4}-\d{2}", str(month).strip()):
        raise ValueError("month must look like 2027-03")
    return [MeetupRow(meetup_id=mid, date=m[0], venue=m[2], title=m[5])
            for mid, m in sorted(_MEETUPS.items(), key=lambda kv: kv[1][0])
            if (not month or m[0].startswith(str(month).strip())) and (not host or m[4] == host)]


def get_meetup(meetup_id: str) -> dict:
    """One meetup: "id", "date", "start" (24h time), "venue", "addr" (street address), "host" (the host's name),
    "host_id", "theme" (what the session is about) and "bring" (what to bring)."""
    mid = _key(meetup_id, _MEETUPS, "meetup")
    m = _MEETUPS[mid]
    return {"id": mid, "date": m[0], "start": m[1], "venue": m[2], "addr": m[3], "host": _MEMBERS[m[4]][0],
            "host_id": m[4], "theme": m[6], "bring": m[7]}


# ------------------------------------------------------------------ patterns and needles
def find_patterns(query: str, weight: str = None) -> list[PatternHit]:
    """Search the circle's pattern library by name (every word must start a word of the name), optionally
    only patterns for one yarn weight."""
    want = _weight(weight) if weight else None
    return [PatternHit(pattern_id=pid, name=p[0], craft=p[2], weight=p[3])
            for pid, p in sorted(_PATTERNS.items()) if _matches(query, p[0]) and (not want or p[3] == want)]


def get_pattern(pattern_id: str) -> Pattern:
    """A library pattern: designer, craft (knit or crochet), yarn weight, metres of yarn needed for the largest
    size, needle (or hook) size, gauge, sizes and whether it is free."""
    pid = _key(pattern_id, _PATTERNS, "pattern")
    p = _PATTERNS[pid]
    return Pattern(pattern_id=pid, name=p[0], designer=p[1], craft=p[2], weight=p[3], metres_needed=p[4],
                   needles=p[5], gauge=p[6], sizes=p[7], free=p[8])


def list_needle_library(size: str = None) -> list:
    """Needles the circle lends out. Each entry: "sz" size ("4.5 mm"), "kind" (circular, straights, DPN set),
    "desc" length and material, "out" member id of whoever has them now (null when on the shelf)."""
    out = []
    for sz, kind, desc, borrower in _NEEDLES:
        if size and _fold(size).replace(" ", "") != _fold(sz).replace(" ", ""):
            continue
        out.append({"sz": sz, "kind": kind, "desc": desc, "out": borrower})
    return out
