"""Stagepass events MCP server (stdio): venues by city, events at a venue, event details, organizers, bookings.

Run: python events_mcp.py   (speaks MCP over stdin/stdout)
Deterministic: fixed seed data, no randomness; booking references and cancellation codes are derived from the
booking's content. State (bookings, seats left) lives in memory for the life of the process.
"""
import hashlib
import re
import unicodedata

try:  # mcp >= 2 renamed FastMCP to MCPServer
    from mcp.server.mcpserver import MCPServer as _Server
    from mcp.server.mcpserver.exceptions import ToolError
except ImportError:  # mcp 1.x
    from mcp.server.fastmcp import FastMCP as _Server
    from mcp.server.fastmcp.exceptions import ToolError

mcp = _Server("stagepass-events")


def _fold(text: str) -> str:
    return "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch)).lower().strip()


def _code(prefix: str, *parts) -> str:
    return f"{prefix}-" + hashlib.sha1("|".join(str(p) for p in parts).encode()).hexdigest().upper()[:5]


VENUES = {v["venue_id"]: v for v in [
    {"venue_id": "V-LIS-1", "name": "Coliseu Azul", "city": "Lisbon", "country": "Portugal",
     "address": "Rua das Portas de Santo Antao 96, 1150-269 Lisboa", "capacity": 1800,
     "box_office_phone": "+351 21 555 0110", "accessible": True},
    {"venue_id": "V-LIS-2", "name": "Armazem Dezasseis", "city": "Lisbon", "country": "Portugal",
     "address": "Cais do Sodre, Armazem 16, 1200-109 Lisboa", "capacity": 650,
     "box_office_phone": "+351 21 555 0132", "accessible": True},
    {"venue_id": "V-KRK-1", "name": "Hala Wisla", "city": "Krakow", "country": "Poland",
     "address": "ul. Reymonta 22, 30-059 Krakow", "capacity": 2400, "box_office_phone": "+48 12 555 0101",
     "accessible": True},
    {"venue_id": "V-KRK-2", "name": "Piwnica Jazz Club", "city": "Krakow", "country": "Poland",
     "address": "Rynek Glowny 45, 31-017 Krakow", "capacity": 220, "box_office_phone": "+48 12 555 0175",
     "accessible": False},
    {"venue_id": "V-MTL-1", "name": "Salle Boreale", "city": "Montreal", "country": "Canada",
     "address": "2150 Rue Saint-Denis, Montreal QC H2X 3K6", "capacity": 900, "box_office_phone": "+1 514 555 0120",
     "accessible": True},
    {"venue_id": "V-MTL-2", "name": "Le Quai Rouge", "city": "Montreal", "country": "Canada",
     "address": "85 Rue de la Commune E, Montreal QC H2Y 1J1", "capacity": 400, "box_office_phone": "+1 514 555 0147",
     "accessible": True},
]}

ORGANIZERS = {o["organizer_id"]: o for o in [
    {"organizer_id": "ORG-1", "name": "Atlantic Live Productions", "contact": "Rita Sousa",
     "email": "bookings@atlantic-live.example", "phone": "+351 21 555 0188"},
    {"organizer_id": "ORG-2", "name": "Vistula Sound Collective", "contact": "Tomasz Zielinski",
     "email": "hello@vistula-sound.example", "phone": "+48 12 555 0144"},
    {"organizer_id": "ORG-3", "name": "Rive Nord Spectacles", "contact": "Genevieve Tremblay",
     "email": "info@rivenord-spectacles.example", "phone": "+1 514 555 0163"},
    {"organizer_id": "ORG-4", "name": "Laugh Harbour Inc.", "contact": "Dev Malhotra",
     "email": "team@laughharbour.example", "phone": "+1 514 555 0199"},
]}


def _ev(eid, title, venue, date, start, doors, organizer, currency, tiers, genre):
    return {"event_id": eid, "title": title, "venue_id": venue, "date": date, "start_time": start,
            "doors_open": doors, "organizer_id": organizer, "genre": genre, "currency": currency,
            "tiers": {name: {"price": float(price), "seats_left": left} for name, price, left in tiers}}


EVENTS = {e["event_id"]: e for e in [
    _ev("EV-301", "Fado Under the Stars", "V-LIS-1", "2026-12-05", "21:00", "20:00", "ORG-1", "EUR",
        [("standard", 45, 312), ("vip", 85, 18)], "fado"),
    _ev("EV-302", "Lisbon Synth Night", "V-LIS-2", "2026-12-12", "22:30", "22:00", "ORG-1", "EUR",
        [("early_bird", 24, 0), ("standard", 32, 140)], "electronic"),
    _ev("EV-303", "Tejo Brass Quartet", "V-LIS-2", "2027-01-16", "20:00", "19:30", "ORG-1", "EUR",
        [("standard", 28, 210)], "jazz"),
    _ev("EV-310", "Winter Jazz Marathon", "V-KRK-2", "2026-12-19", "19:30", "19:00", "ORG-2", "PLN",
        [("standard", 120, 46), ("table", 210, 6)], "jazz"),
    _ev("EV-312", "Krakow Blues Sessions", "V-KRK-2", "2027-01-23", "20:00", "19:30", "ORG-2", "PLN",
        [("standard", 90, 75), ("table", 160, 10)], "blues"),
    _ev("EV-311", "Polish Indie Showcase", "V-KRK-1", "2027-01-09", "19:00", "18:00", "ORG-2", "PLN",
        [("floor", 150, 410), ("balcony", 110, 38)], "indie"),
    _ev("EV-320", "Aurora Strings Quartet", "V-MTL-1", "2026-12-03", "19:30", "18:45", "ORG-3", "CAD",
        [("orchestra", 68, 95), ("balcony", 42, 60)], "classical"),
    _ev("EV-322", "Northern Lights Choir", "V-MTL-1", "2026-12-20", "18:00", "17:15", "ORG-3", "CAD",
        [("orchestra", 55, 140), ("balcony", 35, 88)], "choral"),
    _ev("EV-324", "Montreal Baroque Evening", "V-MTL-1", "2027-02-06", "19:30", "18:45", "ORG-3", "CAD",
        [("orchestra", 72, 200)], "classical"),
    _ev("EV-321", "Comedy at the Quai", "V-MTL-2", "2026-12-11", "20:30", "19:45", "ORG-4", "CAD",
        [("general", 35, 120)], "comedy"),
    _ev("EV-323", "Jazz a la Carte", "V-MTL-2", "2026-12-18", "21:00", "20:15", "ORG-3", "CAD",
        [("general", 40, 96)], "jazz"),
]}


def _booking(ref, event_id, name, tier, qty, status="confirmed", booked_on="2026-11-10"):
    ev = EVENTS[event_id]
    return {"booking_ref": ref, "event_id": event_id, "event_title": ev["title"], "customer_name": name,
            "tier": tier, "quantity": qty, "total": round(ev["tiers"][tier]["price"] * qty, 2),
            "currency": ev["currency"], "status": status, "booked_on": booked_on}


BOOKINGS = {b["booking_ref"]: b for b in [
    _booking("BK-4F7Q2", "EV-310", "Elena Petrova", "standard", 2, booked_on="2026-10-28"),
    _booking("BK-9XK31", "EV-321", "Oliver Grant", "general", 4, booked_on="2026-11-02"),
    _booking("BK-7HD20", "EV-301", "Marcus Bell", "standard", 3, booked_on="2026-11-15"),
]}


def _venue(venue_id: str) -> dict:
    v = VENUES.get(venue_id.strip().upper())
    if v is None:
        raise ToolError(f"no venue {venue_id!r}; use find_venues to get venue ids")
    return v


def _event(event_id: str) -> dict:
    e = EVENTS.get(event_id.strip().upper())
    if e is None:
        raise ToolError(f"no event {event_id!r}; use list_events or search_events to get event ids")
    return e


@mcp.tool()
def find_venues(city: str) -> dict:
    """Find the venues in a city (e.g. "Lisbon", "Krakow", "Montreal"). Returns {city, venues: [{venue_id, name}]}."""
    wanted = _fold(city)
    venues = [{"venue_id": v["venue_id"], "name": v["name"]} for v in VENUES.values()
              if _fold(v["city"]) == wanted or _fold(v["city"]).startswith(wanted[:5])]
    return {"city": city, "venues": venues, "count": len(venues)}


@mcp.tool()
def get_venue(venue_id: str) -> dict:
    """Venue details: name, city, address, capacity, box office phone, step-free access."""
    return dict(_venue(venue_id))


@mcp.tool()
def list_events(venue_id: str, month: str | None = None) -> dict:
    """Events at a venue, soonest first, optionally only in one month ("YYYY-MM").

    Returns {venue_id, venue_name, events: [{event_id, title, date}]}.
    """
    v = _venue(venue_id)
    if month and not re.fullmatch(r"\d{4}-\d{2}", month.strip()):
        raise ToolError("month must look like YYYY-MM")
    events = [{"event_id": e["event_id"], "title": e["title"], "date": e["date"]}
              for e in sorted(EVENTS.values(), key=lambda e: e["date"])
              if e["venue_id"] == v["venue_id"] and (not month or e["date"].startswith(month.strip()))]
    return {"venue_id": v["venue_id"], "venue_name": v["name"], "events": events, "count": len(events)}


@mcp.tool()
def search_events(keyword: str, city: str | None = None) -> dict:
    """Search events by words of their title or genre, optionally in one city.

    Returns {events: [{event_id, title, venue_id}]}; use get_event for date, prices and organizer.
    """
    words = [w for w in re.split(r"\W+", _fold(keyword)) if w]
    hits = []
    for e in EVENTS.values():
        text = _fold(e["title"] + " " + e["genre"])
        if words and all(w in text for w in words) and \
                (not city or _fold(VENUES[e["venue_id"]]["city"]).startswith(_fold(city)[:5])):
            hits.append({"event_id": e["event_id"], "title": e["title"], "venue_id": e["venue_id"]})
    return {"events": hits, "count": len(hits)}


@mcp.tool()
def get_event(event_id: str) -> dict:
    """Event details: title, venue_id, date, start_time, doors_open, organizer_id, genre and ticket tiers
    (tier name, price, currency, seats_left)."""
    e = _event(event_id)
    out = {k: v for k, v in e.items() if k != "tiers"}
    out["tiers"] = [{"tier": name, "price": t["price"], "currency": e["currency"], "seats_left": t["seats_left"]}
                    for name, t in e["tiers"].items()]
    return out


@mcp.tool()
def get_organizer(organizer_id: str) -> dict:
    """Event organizer: name, contact person, email and phone."""
    o = ORGANIZERS.get(organizer_id.strip().upper())
    if o is None:
        raise ToolError(f"no organizer {organizer_id!r}")
    return dict(o)


@mcp.tool()
def book_tickets(event_id: str, customer_name: str, quantity: int, tier: str = "standard") -> dict:
    """Book tickets for an event in one tier. Returns the booking: booking_ref, event_title, tier, quantity,
    total, currency, status. Booking the same thing again returns the same booking."""
    e = _event(event_id)
    tier_key = tier.strip().lower().replace(" ", "_")
    if tier_key not in e["tiers"]:
        raise ToolError(f"tier {tier!r} not sold for {e['title']}; tiers: {', '.join(e['tiers'])}")
    if quantity < 1 or quantity > 10:
        raise ToolError("quantity must be between 1 and 10")
    name = " ".join(customer_name.split())
    ref = _code("BK", e["event_id"], name.lower(), tier_key, quantity)
    if ref in BOOKINGS and BOOKINGS[ref]["status"] == "confirmed":
        return dict(BOOKINGS[ref])
    seats = e["tiers"][tier_key]
    if seats["seats_left"] < quantity:
        raise ToolError(f"only {seats['seats_left']} {tier_key} seats left for {e['title']}")
    seats["seats_left"] -= quantity
    BOOKINGS[ref] = _booking(ref, e["event_id"], name, tier_key, quantity, booked_on="2026-11-25")
    return dict(BOOKINGS[ref])


@mcp.tool()
def get_booking(booking_ref: str) -> dict:
    """A booking by reference: event_id, event_title, customer_name, tier, quantity, total, currency, status."""
    b = BOOKINGS.get(booking_ref.strip().upper())
    if b is None:
        raise ToolError(f"no booking {booking_ref!r}")
    return dict(b)


@mcp.tool()
def cancel_booking(booking_ref: str) -> dict:
    """Cancel a booking and release its seats. Returns booking_ref, status, refund_amount, currency and a
    cancellation_code. Cancelling an already cancelled booking returns the same result."""
    b = BOOKINGS.get(booking_ref.strip().upper())
    if b is None:
        raise ToolError(f"no booking {booking_ref!r}")
    if b["status"] != "cancelled":
        b["status"] = "cancelled"
        EVENTS[b["event_id"]]["tiers"][b["tier"]]["seats_left"] += b["quantity"]
    return {"booking_ref": b["booking_ref"], "status": "cancelled", "refund_amount": b["total"],
            "currency": b["currency"], "cancellation_code": _code("CN", b["booking_ref"], b["customer_name"])}


if __name__ == "__main__":
    mcp.run()
