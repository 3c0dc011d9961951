"""Vellmar Museum of Art collection tools: artworks, artists, exhibitions, loans between museums, gallery rooms and
opening hours.

Plain functions over fixed in-memory data (no I/O, no clock, no randomness). Accession numbers look like
"VMA.1958.112" (works the museum owns) or "L2026.004" (works lent to it); artist ids "AR-13", exhibition ids
"EX-31", loan ids "LN-2207", room ids "R-14". Today is 2026-12-05; money is in EUR. All names, places, emails and
codes are invented. Licence: Apache-2.0.
"""
import datetime
import hashlib
import re
import unicodedata
from dataclasses import dataclass
from typing import TypedDict

TODAY = "2026-12-05"


class ArtworkHit(TypedDict):
    accession_number: str
    title: str
    artist_name: str
    year: int
    on_view: bool


class ArtistHit(TypedDict):
    artist_id: str
    name: str
    life: str


class ExhibitionSummary(TypedDict):
    exhibition_id: str
    title: str
    opens: str
    closes: str
    status: str


class LoanSummary(TypedDict):
    loan_id: str
    direction: str
    accession_number: str
    title: str
    partner: str
    status: str


class RoomSummary(TypedDict):
    room_id: str
    name: str
    wing: str
    level: str


@dataclass
class Loan:
    loan_id: str
    direction: str
    accession_number: str
    title: str
    partner: str
    partner_city: str
    contact_email: str
    start_date: str
    end_date: str
    status: str
    insured_value: int
    currency: str


@dataclass
class OpeningHours:
    date: str
    weekday: str
    is_open: bool
    opens: str | None
    closes: str | None
    last_entry: str | None
    note: str


def _fold(text) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", str(text)) if not unicodedata.combining(c)).lower()


def _words_in(query: str, text: str) -> bool:
    tokens = [t for t in re.split(r"[\s,.:;'\u2019\"()&-]+", _fold(query)) if t and t not in ("the", "a", "and", "of")]
    low = _fold(text)
    return all(t in low for t in tokens)


ARTISTS = {a["artist_id"]: a for a in [
    {"artist_id": "AR-11", "name": "Ottilie Brandvold", "born": "1871-03-14", "birthplace": "Tromsvik",
     "died": "1938-11-02", "deathplace": "Vellmar", "nationality": "Norlandic", "movement": "Nordic Naturalism"},
    {"artist_id": "AR-12", "name": "Ottilie Brandt", "born": "1902-07-30", "birthplace": "Kellerau",
     "died": "1979-01-19", "deathplace": "Kellerau", "nationality": "Austerlandish", "movement": "New Objectivity"},
    {"artist_id": "AR-13", "name": "Casimir Veyne", "born": "1848-05-06", "birthplace": "Saint-Aubrac",
     "died": "1921-12-11", "deathplace": "Lisle-sur-Orme", "nationality": "Gallian", "movement": "Impressionism"},
    {"artist_id": "AR-14", "name": "Ludovica Arnesen", "born": "1889-09-25", "birthplace": "Port Vellmar",
     "died": "1964-04-08", "deathplace": "Vellmar", "nationality": "Norlandic", "movement": "Symbolism"},
    {"artist_id": "AR-15", "name": "Haruto Nishikawa-Brill", "born": "1961-02-17", "birthplace": "Osmund Bay",
     "died": None, "deathplace": None, "nationality": "Norlandic", "movement": "Documentary photography"},
    {"artist_id": "AR-16", "name": "Emre Solak", "born": "1978-10-03", "birthplace": "Izmeren",
     "died": None, "deathplace": None, "nationality": "Anatolian-Norlandic", "movement": "Contemporary sculpture"},
    {"artist_id": "AR-17", "name": "Mathilde Orsay-Pike", "born": "1812-08-23", "birthplace": "Wexmouth",
     "died": "1879-02-14", "deathplace": "Wexmouth", "nationality": "Albish", "movement": "Early photography"},
    {"artist_id": "AR-18", "name": "Gideon Farrant", "born": "1820-01-09", "birthplace": "Castlereagh Moss",
     "died": "1890-06-30", "deathplace": "Vellmar", "nationality": "Albish", "movement": "Early photography"},
]}


def _w(acc, title, artist, year, medium, dims, location, credit, loan=None, note=""):
    return {"accession_number": acc, "title": title, "artist_id": artist, "artist_name": ARTISTS[artist]["name"],
            "year": year, "medium": medium, "dimensions": dims, "location": location,
            "on_view": location.startswith("R-"), "credit_line": credit, "loan_id": loan, "description": note}


ARTWORKS = {w["accession_number"]: w for w in [
    _w("VMA.1931.044", "Orchard in Frost", "AR-11", 1904, "oil on canvas", "81 x 100 cm",
       "on loan to Kessler Kunsthalle", "Bequest of Aud Lerche, 1931", "LN-2207",
       "Apple trees under hoar frost at the artist's farm in Tromsvik."),
    _w("VMA.1931.051", "Orchard in Frost II", "AR-11", 1906, "oil on canvas", "60 x 73 cm", "R-15 Veyne Room",
       "Bequest of Aud Lerche, 1931"),
    _w("VMA.1958.112", "The Lantern Ferry", "AR-13", 1887, "oil on canvas", "112 x 146 cm", "R-14 North Light Hall",
       "Purchased with the Friends' Fund, 1958", None, "A night crossing of the Orme lit by ship lanterns."),
    _w("VMA.1958.113", "The Lantern Ferry (study)", "AR-13", 1886, "oil on board", "24 x 31 cm", "storage",
       "Purchased with the Friends' Fund, 1958"),
    _w("VMA.1962.020", "Quarry at Noon", "AR-13", 1893, "oil on canvas", "65 x 81 cm", "R-14 North Light Hall",
       "Gift of the Dessaix family, 1962"),
    _w("VMA.1962.021", "Girl with a Kestrel", "AR-13", 1902, "oil on canvas", "92 x 73 cm", "R-15 Veyne Room",
       "Gift of the Dessaix family, 1962"),
    _w("VMA.1970.008", "Saint-Aubrac Rooftops", "AR-13", 1879, "oil on canvas", "46 x 55 cm", "storage",
       "Purchased 1970"),
    _w("VMA.1949.007", "Harbour at Dusk", "AR-14", 1921, "tempera on panel", "48 x 62 cm", "R-22 Mezzanine Cabinet",
       "Gift of the artist, 1949"),
    _w("VMA.1977.058", "Harbour at Dusk", "AR-12", 1950, "oil on canvas", "70 x 90 cm",
       "on loan to Galerie Vauclair", "Purchased 1977", "LN-2215"),
    _w("VMA.1990.114", "Night Shift, Osmund Bay", "AR-15", 1988, "gelatin silver print", "40 x 50 cm",
       "R-21 Daylight Gallery", "Purchased 1990"),
    _w("VMA.2004.017", "Tidewrack No. 3", "AR-16", 2003, "bronze and driftwood", "64 x 210 x 48 cm",
       "R-03 Courtyard Gallery", "Commissioned 2004"),
    _w("VMA.1988.201", "Kelp on the Strand", "AR-17", 1844, "salted paper print from calotype negative",
       "17 x 21 cm", "R-20 Print Room", "Purchased 1988"),
    _w("VMA.1988.202", "The Net Menders", "AR-17", 1849, "salted paper print", "19 x 24 cm", "R-20 Print Room",
       "Purchased 1988"),
    _w("VMA.1991.040", "Vellmar Customs House", "AR-18", 1851, "albumen print", "26 x 34 cm", "R-21 Daylight Gallery",
       "Gift of the Farrant Trust, 1991"),
    _w("VMA.1991.041", "Self-portrait with Camera", "AR-18", 1846, "daguerreotype", "9 x 7 cm", "R-20 Print Room",
       "Gift of the Farrant Trust, 1991"),
    _w("L2026.004", "The Drowned Bell", "AR-11", 1911, "oil on canvas", "150 x 190 cm", "R-30 Garden Hall",
       "Lent by Museo Caldera", "LN-2251", "Centrepiece of Northern Tides."),
    _w("L2026.009", "Gull Rocks at Ebb", "AR-14", 1923, "oil on canvas", "90 x 120 cm", "R-30 Garden Hall",
       "Lent by Kessler Kunsthalle", "LN-2260"),
]}

ROOMS = {r["room_id"]: r for r in [
    {"room_id": "R-03", "name": "Courtyard Gallery", "wing": "Central", "level": "Level 0 (ground floor)",
     "step_free": True, "accessibility": "step-free from the main entrance", "climate": "standard",
     "current_exhibition": None},
    {"room_id": "R-14", "name": "North Light Hall", "wing": "West", "level": "Level 2",
     "step_free": True, "accessibility": "step-free via lift B", "climate": "standard", "current_exhibition": None},
    {"room_id": "R-15", "name": "Veyne Room", "wing": "West", "level": "Level 2", "step_free": True,
     "accessibility": "step-free via lift B", "climate": "standard", "current_exhibition": None},
    {"room_id": "R-20", "name": "Print Room", "wing": "East", "level": "Level 1", "step_free": True,
     "accessibility": "step-free via lift A", "climate": "low light (50 lux)", "current_exhibition": "EX-31"},
    {"room_id": "R-21", "name": "Daylight Gallery", "wing": "East", "level": "Level 1", "step_free": True,
     "accessibility": "step-free via lift A", "climate": "low light (50 lux)", "current_exhibition": "EX-31"},
    {"room_id": "R-22", "name": "Mezzanine Cabinet", "wing": "East", "level": "Mezzanine (between levels 1 and 2)",
     "step_free": False, "accessibility": "stairs only, 14 steps; no lift", "climate": "standard",
     "current_exhibition": None},
    {"room_id": "R-30", "name": "Garden Hall", "wing": "Garden", "level": "Level 0 (ground floor)",
     "step_free": True, "accessibility": "step-free from the garden entrance", "climate": "standard",
     "current_exhibition": "EX-33"},
    {"room_id": "R-31", "name": "Garden Room", "wing": "Garden", "level": "Level 0 (ground floor)",
     "step_free": True, "accessibility": "step-free", "climate": "standard (cafe annex)",
     "current_exhibition": None},
]}

EXHIBITIONS = {e["exhibition_id"]: e for e in [
    {"exhibition_id": "EX-29", "title": "Silver Seas: Marine Painting 1850-1920", "opens": "2026-03-01",
     "closes": "2026-08-30", "curator": "Tobias Rennick", "rooms": ["R-30"], "ticket_price": 12.0,
     "concession_price": 8.0, "centrepiece": "VMA.1958.112",
     "artworks": ["VMA.1958.112", "VMA.1949.007", "VMA.1962.020"]},
    {"exhibition_id": "EX-31", "title": "Salt and Silver: Photography's First Decades", "opens": "2026-10-09",
     "closes": "2027-02-28", "curator": "Dr. Maren Holloway", "rooms": ["R-20", "R-21"], "ticket_price": 11.0,
     "concession_price": 7.5, "centrepiece": "VMA.1988.201",
     "artworks": ["VMA.1991.040", "VMA.1988.202", "VMA.1991.041", "VMA.1988.201", "VMA.1990.114"]},
    {"exhibition_id": "EX-33", "title": "Northern Tides", "opens": "2026-11-20", "closes": "2027-04-11",
     "curator": "Sigrun Aaland", "rooms": ["R-30"], "ticket_price": 14.5, "concession_price": 10.0,
     "centrepiece": "L2026.004", "artworks": ["L2026.009", "L2026.004", "VMA.1931.051"]},
    {"exhibition_id": "EX-35", "title": "Emre Solak: Driftworks", "opens": "2027-03-12", "closes": "2027-07-04",
     "curator": "Jonas Tveit-Marr", "rooms": ["R-03"], "ticket_price": 0.0, "concession_price": 0.0,
     "centrepiece": "VMA.2004.017", "artworks": ["VMA.2004.017"]},
]}

LOANS = {ln.loan_id: ln for ln in [
    Loan("LN-1893", "outgoing", "VMA.1931.044", "Orchard in Frost", "Kessler Kunsthalle", "Altenmoor",
         "registrar@kessler-kunsthalle.example", "2019-04-01", "2019-09-30", "returned", 1200000, "EUR"),
    Loan("LN-2207", "outgoing", "VMA.1931.044", "Orchard in Frost", "Kessler Kunsthalle", "Altenmoor",
         "registrar@kessler-kunsthalle.example", "2026-09-15", "2027-01-31", "active", 1850000, "EUR"),
    Loan("LN-2215", "outgoing", "VMA.1977.058", "Harbour at Dusk", "Galerie Vauclair", "Lisle-sur-Orme",
         "collections@galerie-vauclair.example", "2026-10-01", "2027-03-15", "active", 240000, "EUR"),
    Loan("LN-2251", "incoming", "L2026.004", "The Drowned Bell", "Museo Caldera", "Valdoria",
         "prestiti@museocaldera.example", "2026-11-01", "2027-04-30", "active", 3400000, "EUR"),
    Loan("LN-2260", "incoming", "L2026.009", "Gull Rocks at Ebb", "Kessler Kunsthalle", "Altenmoor",
         "registrar@kessler-kunsthalle.example", "2026-11-05", "2027-04-20", "active", 900000, "EUR"),
]}

SPECIAL_DAYS = {
    "2026-12-24": ("10:00", "14:00", "Christmas Eve: early closing"),
    "2026-12-25": None, "2026-12-26": None,
    "2026-12-31": ("10:00", "16:00", "New Year's Eve: early closing"),
    "2027-01-01": ("12:00", "18:00", "New Year's Day: late opening"),
}


def _artwork(accession_number: str) -> dict:
    w = ARTWORKS.get(str(accession_number).strip().upper())
    if w is None:
        raise KeyError(f"no artwork with accession number {accession_number!r}")
    return w


def _date(value: str, name: str) -> str:
    try:
        return datetime.date.fromisoformat(str(value).strip()).isoformat()
    except ValueError:
        raise ValueError(f"{name} must be a date YYYY-MM-DD") from None


def search_artworks(query: str | None = None, artist_id: str | None = None, medium: str | None = None,
                    year_from: int | None = None, year_to: int | None = None,
                    on_view: bool | None = None) -> list[ArtworkHit]:
    """Search the collection (works owned and works on loan to the museum). query: words of the title or artist
    name; artist_id: only that artist's works; medium: words of the medium (e.g. "oil", "print"); year_from/year_to:
    year made (inclusive); on_view: True for works in a gallery now, False for works in storage or lent out."""
    rows = []
    for w in ARTWORKS.values():
        if query and not _words_in(query, w["title"] + " " + w["artist_name"]):
            continue
        if artist_id and w["artist_id"] != artist_id.strip().upper():
            continue
        if medium and not _words_in(medium, w["medium"]):
            continue
        if (year_from is not None and w["year"] < int(year_from)) or (year_to is not None and w["year"] > int(year_to)):
            continue
        if on_view is not None and w["on_view"] != bool(on_view):
            continue
        rows.append(ArtworkHit(accession_number=w["accession_number"], title=w["title"],
                               artist_name=w["artist_name"], year=w["year"], on_view=w["on_view"]))
    return sorted(rows, key=lambda r: (r["year"], r["accession_number"]))


def get_artwork(accession_number: str) -> dict:
    """Catalogue entry of one artwork: a dict with accession_number, title, artist_id, artist_name, year, medium,
    dimensions, location ("R-14 North Light Hall", "storage" or "on loan to ..."), on_view, credit_line, loan_id
    (the loan that brought it here or took it away, if any) and description."""
    return dict(_artwork(accession_number))


def find_artists(name: str) -> list[ArtistHit]:
    """Artists whose name contains every word of name (accents ignored), with their life dates."""
    return [ArtistHit(artist_id=a["artist_id"], name=a["name"],
                      life=f"{a['born'][:4]}-{a['died'][:4] if a['died'] else ''}")
            for a in ARTISTS.values() if _words_in(name, a["name"])]


def get_artist(artist_id: str) -> dict:
    """Biography of one artist: a dict with artist_id, name, born, birthplace, died, deathplace (None while alive),
    nationality and movement."""
    a = ARTISTS.get(str(artist_id).strip().upper())
    if a is None:
        raise KeyError(f"no artist {artist_id!r}")
    return dict(a)


def list_exhibitions(status: str | None = None, query: str | None = None) -> list[ExhibitionSummary]:
    """Exhibitions with their dates; status: current, upcoming or past (relative to today, 2026-12-05);
    query: words of the title."""
    rows = []
    for e in EXHIBITIONS.values():
        st = "past" if e["closes"] < TODAY else ("upcoming" if e["opens"] > TODAY else "current")
        if status and status.strip().lower() != st:
            continue
        if query and not _words_in(query, e["title"]):
            continue
        rows.append(ExhibitionSummary(exhibition_id=e["exhibition_id"], title=e["title"], opens=e["opens"],
                                      closes=e["closes"], status=st))
    return rows


def get_exhibition(exhibition_id: str) -> dict:
    """One exhibition: a dict with title, opens, closes, curator, rooms (room ids), ticket_price and
    concession_price (EUR), centrepiece (an accession number) and artworks (accession number, title and year
    of each, in hanging order)."""
    e = EXHIBITIONS.get(str(exhibition_id).strip().upper())
    if e is None:
        raise KeyError(f"no exhibition {exhibition_id!r}")
    works = [{"accession_number": a, "title": ARTWORKS[a]["title"], "year": ARTWORKS[a]["year"]}
             for a in e["artworks"]]
    return {**e, "rooms": list(e["rooms"]), "artworks": works}


def list_loans(accession_number: str | None = None, partner: str | None = None, direction: str | None = None,
               status: str | None = None) -> list[LoanSummary]:
    """Loans between this museum and others, newest first, filtered by artwork, partner museum (words of its
    name), direction (outgoing: our work lent out; incoming: a work lent to us) and status (requested, active,
    returned)."""
    rows = []
    for ln in sorted(LOANS.values(), key=lambda ln: ln.start_date, reverse=True):
        if accession_number and ln.accession_number != accession_number.strip().upper():
            continue
        if partner and not _words_in(partner, ln.partner):
            continue
        if direction and ln.direction != direction.strip().lower():
            continue
        if status and ln.status != status.strip().lower():
            continue
        rows.append(LoanSummary(loan_id=ln.loan_id, direction=ln.direction, accession_number=ln.accession_number,
                                title=ln.title, partner=ln.partner, status=ln.status))
    return rows


def get_loan(loan_id: str) -> Loan:
    """Full record of one loan: partner museum and city, registrar contact email, start and end dates, status and
    insured value."""
    ln = LOANS.get(str(loan_id).strip().upper())
    if ln is None:
        raise KeyError(f"no loan {loan_id!r}")
    return ln


def list_rooms(wing: str | None = None, level: str | None = None) -> list[RoomSummary]:
    """Gallery rooms (id, name, wing, level), optionally in one wing (Central, West, East, Garden) or on one
    level (e.g. "Level 1")."""
    return [RoomSummary(room_id=r["room_id"], name=r["name"], wing=r["wing"], level=r["level"])
            for r in ROOMS.values()
            if (not wing or r["wing"].lower() == wing.strip().lower())
            and (not level or _fold(level) in _fold(r["level"]))]


def get_room(room_id: str) -> dict:
    """One gallery room: a dict with room_id, name, wing, level, step_free, accessibility, climate and
    current_exhibition (an exhibition id, or None)."""
    r = ROOMS.get(str(room_id).strip().upper())
    if r is None:
        raise KeyError(f"no room {room_id!r}")
    return dict(r)


def get_opening_hours(date: str) -> OpeningHours:
    """Opening hours on a date (YYYY-MM-DD, 2026 or 2027): whether the museum is open, opening and closing time,
    last entry (45 minutes before closing) and a note. Usually Tuesday to Sunday 10:00-18:00, Thursdays until
    21:00, closed Mondays; holidays differ."""
    d = datetime.date.fromisoformat(_date(date, "date"))
    if d.year not in (2026, 2027):
        raise ValueError("only 2026 and 2027 are scheduled")
    day = d.strftime("%A")
    iso = d.isoformat()
    if iso in SPECIAL_DAYS:
        special = SPECIAL_DAYS[iso]
        if special is None:
            return OpeningHours(iso, day, False, None, None, None, "Closed for the Christmas holidays")
        opens, closes, note = special
    elif d.weekday() == 0:
        return OpeningHours(iso, day, False, None, None, None, "Closed on Mondays")
    else:
        opens, closes, note = "10:00", "21:00" if d.weekday() == 3 else "18:00", \
            "Late opening" if d.weekday() == 3 else "Regular hours"
    h, m = map(int, closes.split(":"))
    last = (datetime.datetime(2000, 1, 1, h, m) - datetime.timedelta(minutes=45)).strftime("%H:%M")
    return OpeningHours(iso, day, True, opens, closes, last, note)


_REQUESTS: dict = {}


def request_loan(accession_number: str, borrower: str, start_date: str, end_date: str) -> dict:
    """Log a request from another museum (borrower) to borrow one of our works from start_date to end_date
    (YYYY-MM-DD). Returns a dict with loan_id (LR-xxxxxx), status "requested", the artwork, borrower and dates;
    logging the same request again returns the same loan_id."""
    w = _artwork(accession_number)
    if not w["accession_number"].startswith("VMA."):
        raise ValueError(f"{w['accession_number']} is on loan to us and cannot be lent on")
    start, end = _date(start_date, "start_date"), _date(end_date, "end_date")
    if end <= start:
        raise ValueError("end_date must be after start_date")
    if start <= TODAY:
        raise ValueError("the loan must start after today (2026-12-05)")
    name = " ".join(re.sub(r"^the\s+", "", _fold(borrower).strip()).split())
    if not name:
        raise ValueError("borrower is required")
    code = "LR-" + hashlib.sha1("|".join([w["accession_number"], name, start, end]).encode()).hexdigest().upper()[:6]
    if code not in _REQUESTS:
        _REQUESTS[code] = {"loan_id": code, "status": "requested", "direction": "outgoing",
                           "accession_number": w["accession_number"], "title": w["title"],
                           "artist_name": w["artist_name"], "borrower": " ".join(str(borrower).split()),
                           "start_date": start, "end_date": end}
    return dict(_REQUESTS[code])
