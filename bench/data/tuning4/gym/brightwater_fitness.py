"""Brightwater Fitness (a chain of five health clubs) tools: members and their memberships, clubs, trainers, the
class catalogue, the class timetable, class bookings and club check-ins.

Plain functions over fixed in-memory data (no I/O, no clock, no randomness). Member ids look like "MB-10231",
club ids "CL-03", trainer ids "TR-204", class sessions "SE-30412", bookings "BK-...". Today is Wednesday
2027-03-10; the timetable runs from 2027-02-01 to 2027-04-30; times are local; money is in GBP. All names, emails,
phone numbers, addresses and codes are invented. Licence: Apache-2.0.
"""
import datetime
import hashlib
import re
import unicodedata
from dataclasses import dataclass, field
from typing import TypedDict

TODAY = "2027-03-10"
MAX_PAGE_SIZE = 10


# ------------------------------------------------------------------ response types
class MemberHit(TypedDict):
    member_id: str
    name: str
    email: str
    home_club_id: str


class ClubHit(TypedDict):
    club_id: str
    name: str
    city: str


class TrainerHit(TypedDict):
    trainer_id: str
    name: str
    specialties: list[str]
    club_ids: list[str]


class ClassType(TypedDict):
    code: str
    name: str
    category: str
    intensity: str
    duration_min: int
    description: str


class ClassListing(TypedDict):
    session_id: str
    class_type: str
    class_name: str
    club_id: str
    club_name: str
    start: str
    duration_min: int
    trainer_id: str
    trainer_name: str
    spaces_left: int


class ClassPage(TypedDict):
    items: list[ClassListing]
    page: int
    page_size: int
    total: int
    pages: int


class BookingSummary(TypedDict):
    booking_id: str
    session_id: str
    class_name: str
    club_id: str
    start: str
    status: str


@dataclass
class Club:
    club_id: str
    name: str
    city: str
    address: str
    phone: str
    manager: str
    opening_hours: dict[str, str]
    facilities: list[str] = field(default_factory=list)
    pool_length_m: int | None = None


@dataclass
class CheckIn:
    checkin_id: str
    club_id: str
    club_name: str
    time_in: str
    time_out: str
    minutes: int


# ------------------------------------------------------------------ helpers
def _fold(text) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", str(text)) if not unicodedata.combining(c)).lower()


def _tokens(query: str) -> list[str]:
    return [t for t in re.split(r"[\s,.:;'\u2019\"()&/-]+", _fold(query)) if t and t not in ("the", "a", "and", "of")]


def _words_in(query: str, text: str) -> bool:
    low = _fold(text)
    return all(t in low for t in _tokens(query))


def _date(value, name: str) -> str:
    try:
        return datetime.date.fromisoformat(str(value).strip()[:10]).isoformat()
    except ValueError:
        raise ValueError(f"{name} must be a date YYYY-MM-DD") from None


# ------------------------------------------------------------------ data
CLUBS = {c.club_id: c for c in [
    Club("CL-01", "Brightwater Canal Street", "Larkhaven", "14 Canal Street, Larkhaven LK1 4CS", "01632 960114",
         "Odette Ferris", {"mon-fri": "06:00-22:00", "sat": "07:00-20:00", "sun": "08:00-18:00"},
         ["gym floor", "spin studio", "Studio 1", "sauna", "free parking after 18:00"]),
    Club("CL-02", "Brightwater Canal Wharf", "Larkhaven", "Unit 3, Canal Wharf, Larkhaven LK2 9CW", "01632 960287",
         "Ravi Chandrasekar", {"mon-fri": "06:30-21:30", "sat": "08:00-17:00", "sun": "08:00-16:00"},
         ["gym floor", "Yoga Loft", "Studio A", "reformer room"]),
    Club("CL-03", "Brightwater Hollins Park", "Fennick",
         "Hollins Park Leisure Centre, Parkside Drive, Fennick FN3 2HP", "01632 960455", "Gemma Stroud",
         {"mon-fri": "06:00-22:00", "sat": "07:00-21:00", "sun": "08:00-20:00"},
         ["gym floor", "25 m pool", "Studio 1", "Studio 2", "spin studio", "creche", "cafe"], 25),
    Club("CL-04", "Brightwater Old Mill", "Fennick", "The Old Mill, 2 Weir Lane, Fennick FN1 6OM", "01632 960502",
         "Tobias Lindqvist-Hart", {"mon-fri": "06:00-21:00", "sat": "08:00-18:00", "sun": "09:00-17:00"},
         ["gym floor", "boxing ring", "Mill Studio", "strength room"]),
    Club("CL-05", "Brightwater Station Road", "Ashcombe", "41 Station Road, Ashcombe AC4 1SR", "01632 960733",
         "Yewande Bakare", {"mon-fri": "open 24 hours", "sat": "open 24 hours", "sun": "open 24 hours"},
         ["gym floor", "Studio 1", "spin studio", "24-hour access"]),
]}

PLANS = {
    "OFFPEAK": {"plan_code": "OFFPEAK", "plan_name": "Off-Peak", "monthly_fee_gbp": 24.99,
                "access": "home club, 10:00-16:00 weekdays and all weekend", "classes_included": False},
    "STANDARD": {"plan_code": "STANDARD", "plan_name": "Standard", "monthly_fee_gbp": 34.99,
                 "access": "home club, all opening hours", "classes_included": True},
    "PLUS": {"plan_code": "PLUS", "plan_name": "Plus", "monthly_fee_gbp": 44.99,
             "access": "every Brightwater club, all opening hours", "classes_included": True},
    "ANNUAL": {"plan_code": "ANNUAL", "plan_name": "Annual Plus", "monthly_fee_gbp": 33.25,
               "access": "every Brightwater club, all opening hours (paid yearly, 399.00)", "classes_included": True},
}


def _m(mid, name, email, phone, club, joined, plan, status, start, renews, frozen_until=None, ec=None):
    return {"member_id": mid, "name": name, "email": email, "phone": phone, "home_club_id": club,
            "joined": joined, "plan": plan, "status": status, "start_date": start, "renewal_date": renews,
            "frozen_until": frozen_until, "emergency_contact": ec}


MEMBERS = {m["member_id"]: m for m in [
    _m("MB-10231", "Priya Natarajan", "priya.natarajan@example.com", "07700 900231", "CL-01", "2024-06-03", "PLUS",
       "active", "2024-06-03", "2027-04-03", ec={"name": "Arun Natarajan", "phone": "07700 900232"}),
    _m("MB-10232", "Priya Nataraj", "priya.nataraj@example.net", "07700 900844", "CL-02", "2025-11-20", "PLUS",
       "active", "2025-11-20", "2027-03-20", ec={"name": "Meera Nataraj", "phone": "07700 900845"}),
    _m("MB-10417", "Tomasz Wielgosz", "tomasz.wielgosz@example.org", "07700 900417", "CL-03", "2023-01-15",
       "STANDARD", "frozen", "2023-01-15", "2027-04-15", frozen_until="2027-04-01",
       ec={"name": "Ewa Wielgosz", "phone": "07700 900418"}),
    _m("MB-10418", "Tomasz Wielgus", "t.wielgus@example.com", "07700 900512", "CL-04", "2026-02-01", "PLUS",
       "active", "2026-02-01", "2027-04-01"),
    _m("MB-10520", "Aoife Brennan-Lacey", "aoife.bl@example.com", "07700 900520", "CL-01", "2022-09-09", "ANNUAL",
       "active", "2026-09-09", "2027-09-09", ec={"name": "Cian Lacey", "phone": "07700 900521"}),
    _m("MB-10521", "Aoife Brennan", "aoife.brennan@example.org", "07700 900608", "CL-05", "2026-05-30", "OFFPEAK",
       "active", "2026-05-30", "2027-03-30"),
    _m("MB-10603", "Marcus Oyelaran", "marcus.oyelaran@example.com", "07700 900603", "CL-05", "2021-03-01",
       "STANDARD", "cancelled", "2021-03-01", None),
    _m("MB-10604", "Marcia Oyelaran", "marcia.oyelaran@example.com", "07700 900604", "CL-05", "2025-07-14", "PLUS",
       "active", "2025-07-14", "2027-04-14", ec={"name": "Marcus Oyelaran", "phone": "07700 900603"}),
    _m("MB-10711", "Linnea Sundqvist", "linnea.sundqvist@example.com", "07700 900711", "CL-02", "2024-10-01",
       "PLUS", "active", "2024-10-01", "2027-04-01"),
    _m("MB-10812", "Rafael Quintero-Boyd", "rafa.qb@example.net", "07700 900812", "CL-03", "2026-08-22",
       "STANDARD", "active", "2026-08-22", "2027-03-22"),
    _m("MB-10813", "Rafael Quintero", "rafael.quintero@example.com", "07700 900813", "CL-03", "2026-12-02",
       "OFFPEAK", "active", "2026-12-02", "2027-04-02"),
]}

TRAINERS = {t["trainer_id"]: t for t in [
    {"trainer_id": "TR-201", "name": "Jonah Achterberg", "email": "jonah.achterberg@brightwater.example",
     "club_ids": ["CL-01", "CL-04"], "specialties": ["strength", "kettlebells"],
     "qualifications": ["Level 3 Personal Trainer", "Kettlebell Instructor"], "pt_rate_gbp": 48.0, "rating": 4.8,
     "bio": "Former rower; programmes for first-time lifters."},
    {"trainer_id": "TR-202", "name": "Jonas Achterman", "email": "jonas.achterman@brightwater.example",
     "club_ids": ["CL-03"], "specialties": ["HIIT", "barbell"],
     "qualifications": ["Level 3 Personal Trainer"], "pt_rate_gbp": 42.0, "rating": 4.5,
     "bio": "Circuit and barbell classes at Hollins Park since 2019."},
    {"trainer_id": "TR-203", "name": "Selin Karaca", "email": "selin.karaca@brightwater.example",
     "club_ids": ["CL-02", "CL-01"], "specialties": ["yoga", "pilates"],
     "qualifications": ["200-hour Yoga Teacher", "Mat Pilates Level 3"], "pt_rate_gbp": 45.0, "rating": 4.9,
     "bio": "Vinyasa and mat Pilates; runs the Sunday beginners' course."},
    {"trainer_id": "TR-204", "name": "Selina Karakas", "email": "selina.karakas@brightwater.example",
     "club_ids": ["CL-01", "CL-02", "CL-05"], "specialties": ["indoor cycling", "HIIT"],
     "qualifications": ["Indoor Cycling Instructor", "Level 2 Gym Instructor"], "pt_rate_gbp": 40.0,
     "rating": 4.7, "bio": "Spin and interval training; covers classes across the Larkhaven clubs and Ashcombe."},
    {"trainer_id": "TR-205", "name": "Dev Mistry", "email": "dev.mistry@brightwater.example",
     "club_ids": ["CL-03"], "specialties": ["aqua fitness", "swim coaching"],
     "qualifications": ["Aqua Instructor", "Swim Teacher Level 2", "Pool Lifeguard"], "pt_rate_gbp": 38.0,
     "rating": 4.6, "bio": "Aqua Fit and adult swim technique."},
    {"trainer_id": "TR-206", "name": "Beatriz Okonkwo-Reyes", "email": "beatriz.or@brightwater.example",
     "club_ids": ["CL-04", "CL-03"], "specialties": ["boxing", "conditioning"],
     "qualifications": ["Boxing Coach Level 2", "Level 3 Personal Trainer"], "pt_rate_gbp": 50.0, "rating": 4.9,
     "bio": "Amateur boxing coach; pad work and conditioning."},
    {"trainer_id": "TR-207", "name": "Callum Frayne", "email": "callum.frayne@brightwater.example",
     "club_ids": ["CL-05"], "specialties": ["indoor cycling", "barbell"],
     "qualifications": ["Indoor Cycling Instructor", "Level 3 Personal Trainer"], "pt_rate_gbp": 40.0,
     "rating": 4.4, "bio": "Early-morning spin and barbell at Station Road."},
    {"trainer_id": "TR-208", "name": "Noriko Hallberg", "email": "noriko.hallberg@brightwater.example",
     "club_ids": ["CL-03", "CL-04", "CL-02"], "specialties": ["pilates", "restorative yoga"],
     "qualifications": ["Mat Pilates Level 3", "Yin and Restorative Yoga"], "pt_rate_gbp": 44.0, "rating": 4.8,
     "bio": "Pilates and slow yoga; post-injury return to exercise."},
]}

CLASS_TYPES = {c["code"]: c for c in [
    {"code": "SPIN45", "name": "Spin 45", "category": "cycling", "intensity": "high", "duration_min": 45,
     "description": "Indoor cycling to music with climbs and sprints."},
    {"code": "SPIN30", "name": "Spin Express", "category": "cycling", "intensity": "high", "duration_min": 30,
     "description": "A shorter lunchtime ride."},
    {"code": "YOGAF", "name": "Yoga Flow", "category": "mind and body", "intensity": "medium", "duration_min": 60,
     "description": "Vinyasa flow for all levels."},
    {"code": "YOGAR", "name": "Restorative Yoga", "category": "mind and body", "intensity": "low",
     "duration_min": 60, "description": "Long-held supported poses."},
    {"code": "PILM", "name": "Mat Pilates", "category": "mind and body", "intensity": "medium", "duration_min": 45,
     "description": "Core strength and posture on the mat."},
    {"code": "HIIT", "name": "HIIT Circuit", "category": "conditioning", "intensity": "high", "duration_min": 30,
     "description": "Timed intervals on stations."},
    {"code": "BOXF", "name": "Boxfit", "category": "conditioning", "intensity": "high", "duration_min": 45,
     "description": "Pad work, bag rounds and footwork; gloves provided."},
    {"code": "KBS", "name": "Kettlebell Strength", "category": "strength", "intensity": "medium",
     "duration_min": 45, "description": "Swings, cleans and presses."},
    {"code": "BARB", "name": "Barbell Sculpt", "category": "strength", "intensity": "medium", "duration_min": 50,
     "description": "Light-barbell full-body workout to music."},
    {"code": "AQUA", "name": "Aqua Fit", "category": "pool", "intensity": "medium", "duration_min": 45,
     "description": "Shallow-water workout in the main pool."},
]}

# Weekly timetable per club: weekday (0 = Monday) -> (time, class type, trainer, room, capacity)
TIMETABLE = {
    "CL-01": {
        0: [("06:30", "SPIN45", "TR-204", "Spin Studio", 24), ("18:00", "KBS", "TR-201", "Studio 1", 16),
            ("19:00", "YOGAF", "TR-203", "Studio 1", 22)],
        1: [("07:00", "KBS", "TR-201", "Studio 1", 16), ("18:30", "SPIN45", "TR-204", "Spin Studio", 24)],
        2: [("12:15", "HIIT", "TR-204", "Studio 1", 20), ("19:00", "BARB", "TR-201", "Studio 1", 20)],
        3: [("12:15", "PILM", "TR-203", "Studio 1", 18), ("18:30", "SPIN45", "TR-204", "Spin Studio", 24)],
        4: [("07:00", "SPIN30", "TR-204", "Spin Studio", 24), ("17:30", "KBS", "TR-201", "Studio 1", 16)],
        5: [("09:00", "SPIN45", "TR-204", "Spin Studio", 24), ("10:15", "YOGAF", "TR-203", "Studio 1", 22)],
        6: [("10:00", "BARB", "TR-201", "Studio 1", 20)],
    },
    "CL-02": {
        0: [("09:30", "YOGAF", "TR-203", "Yoga Loft", 20), ("18:00", "SPIN45", "TR-204", "Studio A", 18)],
        1: [("07:00", "PILM", "TR-208", "Yoga Loft", 16), ("19:00", "YOGAR", "TR-208", "Yoga Loft", 16)],
        2: [("18:30", "PILM", "TR-203", "Yoga Loft", 16)],
        3: [("07:00", "SPIN30", "TR-204", "Studio A", 18), ("19:00", "YOGAF", "TR-208", "Yoga Loft", 20)],
        4: [("07:00", "YOGAF", "TR-203", "Yoga Loft", 20), ("12:30", "PILM", "TR-208", "Yoga Loft", 16)],
        5: [("09:30", "YOGAF", "TR-203", "Yoga Loft", 20), ("11:00", "SPIN45", "TR-204", "Studio A", 18)],
        6: [("10:00", "YOGAF", "TR-203", "Yoga Loft", 20)],
    },
    "CL-03": {
        0: [("07:00", "AQUA", "TR-205", "Pool", 25), ("18:00", "HIIT", "TR-202", "Studio 1", 20),
            ("19:00", "BOXF", "TR-206", "Studio 2", 18)],
        1: [("09:30", "PILM", "TR-208", "Studio 2", 16), ("18:30", "BARB", "TR-202", "Studio 1", 22)],
        2: [("07:00", "AQUA", "TR-205", "Pool", 25), ("12:15", "SPIN30", "TR-202", "Spin Studio", 20),
            ("19:00", "AQUA", "TR-205", "Pool", 25)],
        3: [("18:00", "BOXF", "TR-206", "Studio 2", 18), ("19:15", "YOGAR", "TR-208", "Studio 1", 16)],
        4: [("07:00", "AQUA", "TR-205", "Pool", 25), ("17:30", "HIIT", "TR-202", "Studio 1", 20)],
        5: [("07:00", "SPIN45", "TR-202", "Spin Studio", 20), ("07:30", "AQUA", "TR-205", "Pool", 25),
            ("08:15", "HIIT", "TR-202", "Studio 1", 20), ("09:00", "YOGAR", "TR-208", "Studio 2", 16),
            ("09:30", "BARB", "TR-202", "Studio 1", 22), ("10:00", "AQUA", "TR-205", "Pool", 25),
            ("10:30", "PILM", "TR-208", "Studio 2", 16), ("11:00", "BOXF", "TR-206", "Studio 1", 18),
            ("12:00", "SPIN30", "TR-202", "Spin Studio", 20), ("14:00", "YOGAF", "TR-208", "Studio 2", 20),
            ("18:15", "BOXF", "TR-206", "Studio 1", 18), ("19:30", "HIIT", "TR-202", "Studio 1", 20)],
        6: [("09:00", "AQUA", "TR-205", "Pool", 25), ("10:30", "YOGAF", "TR-208", "Studio 2", 20)],
    },
    "CL-04": {
        0: [("18:30", "BOXF", "TR-206", "Mill Studio", 16)],
        1: [("07:00", "KBS", "TR-201", "Strength Room", 12), ("19:00", "PILM", "TR-208", "Mill Studio", 14)],
        2: [("18:30", "BOXF", "TR-206", "Mill Studio", 16)],
        3: [("07:00", "KBS", "TR-201", "Strength Room", 12)],
        4: [("18:00", "BOXF", "TR-206", "Mill Studio", 16)],
        5: [("10:00", "KBS", "TR-201", "Strength Room", 12), ("11:15", "BOXF", "TR-206", "Mill Studio", 16)],
        6: [],
    },
    "CL-05": {
        0: [("06:15", "SPIN45", "TR-207", "Spin Studio", 20), ("19:00", "BARB", "TR-207", "Studio 1", 20)],
        1: [("06:15", "SPIN30", "TR-207", "Spin Studio", 20)],
        2: [("06:15", "SPIN45", "TR-207", "Spin Studio", 20), ("19:00", "HIIT", "TR-204", "Studio 1", 20)],
        3: [("19:00", "BARB", "TR-207", "Studio 1", 20)],
        4: [("06:15", "SPIN45", "TR-207", "Spin Studio", 20)],
        5: [("08:00", "BARB", "TR-207", "Studio 1", 20)],
        6: [("09:00", "SPIN45", "TR-207", "Spin Studio", 20)],
    },
}

# (club, date, time) -> trainer standing in for the timetabled one
COVERS = {
    ("CL-05", "2027-03-08", "19:00"): "TR-204",
    ("CL-02", "2027-03-19", "07:00"): "TR-208",
    ("CL-01", "2027-03-06", "10:15"): "TR-208",
}
# (club, date, time) -> (booked, waitlist) where the default does not apply
FULL = {
    ("CL-01", "2027-03-18", "18:30"): (24, 4),
    ("CL-02", "2027-03-13", "09:30"): (20, 2),
}

START_DATE, END_DATE = datetime.date(2027, 2, 1), datetime.date(2027, 4, 30)


def _build_sessions() -> dict:
    rows = []
    day = START_DATE
    while day <= END_DATE:
        for club in sorted(TIMETABLE):
            for time, kind, trainer, room, cap in TIMETABLE[club].get(day.weekday(), []):
                rows.append((day.isoformat(), club, time, kind, trainer, room, cap))
        day += datetime.timedelta(days=1)
    sessions = {}
    for n, (date, club, time, kind, trainer, room, cap) in enumerate(rows):
        sid = f"SE-{30001 + n}"
        key = (club, date, time)
        digest = int(hashlib.sha1(sid.encode()).hexdigest()[:8], 16)
        booked, waitlist = FULL.get(key, (cap - 3 - digest % 9, 0))
        sessions[sid] = {"id": sid, "type": kind, "cls": CLASS_TYPES[kind]["name"], "club": club,
                         "tr": COVERS.get(key, trainer), "start": f"{date}T{time}",
                         "dur": CLASS_TYPES[kind]["duration_min"], "cap": cap, "bkd": booked, "wl": waitlist,
                         "rm": room}
    return sessions


SESSIONS = _build_sessions()
_SESSION_AT = {(s["club"], s["start"][:10], s["start"][11:]): sid for sid, s in SESSIONS.items()}

# (booking id, member, club, date, time, status)
_BOOKING_ROWS = [
    ("BK-50112", "MB-10231", "CL-01", "2027-03-01", "19:00", "attended"),
    ("BK-50140", "MB-10231", "CL-01", "2027-03-11", "12:15", "booked"),
    ("BK-50101", "MB-10232", "CL-02", "2027-03-02", "07:00", "attended"),
    ("BK-50133", "MB-10232", "CL-02", "2027-03-12", "07:00", "booked"),
    ("BK-50134", "MB-10232", "CL-02", "2027-03-16", "19:00", "cancelled"),
    ("BK-50135", "MB-10232", "CL-02", "2027-03-19", "12:30", "booked"),
    ("BK-50171", "MB-10232", "CL-02", "2027-04-02", "07:00", "booked"),
    ("BK-50090", "MB-10604", "CL-05", "2027-03-03", "19:00", "attended"),
    ("BK-50118", "MB-10604", "CL-05", "2027-03-08", "19:00", "attended"),
    ("BK-50126", "MB-10604", "CL-05", "2027-03-09", "06:15", "no_show"),
    ("BK-50151", "MB-10604", "CL-05", "2027-03-15", "19:00", "booked"),
    ("BK-50077", "MB-10711", "CL-02", "2027-02-27", "09:30", "attended"),
    ("BK-50109", "MB-10711", "CL-02", "2027-03-06", "09:30", "attended"),
    ("BK-50129", "MB-10711", "CL-02", "2027-03-11", "19:00", "cancelled"),
    ("BK-50138", "MB-10711", "CL-02", "2027-03-13", "09:30", "booked"),
    ("BK-50159", "MB-10711", "CL-02", "2027-03-18", "07:00", "booked"),
    ("BK-50120", "MB-10417", "CL-03", "2027-02-15", "19:00", "attended"),
    ("BK-50161", "MB-10418", "CL-04", "2027-03-16", "07:00", "booked"),
    ("BK-50094", "MB-10520", "CL-01", "2027-03-06", "10:15", "attended"),
    ("BK-50147", "MB-10520", "CL-01", "2027-03-14", "10:00", "booked"),
]
BOOKINGS = {row[0]: {"booking_id": row[0], "member_id": row[1], "session_id": _SESSION_AT[row[2:5]],
                    "status": row[5]} for row in _BOOKING_ROWS}

# (member, club, time in, time out)
_CHECKIN_ROWS = [
    ("MB-10231", "CL-01", "2027-01-31T09:02", "2027-01-31T10:15"),
    ("MB-10231", "CL-01", "2027-02-02T06:41", "2027-02-02T07:40"),
    ("MB-10231", "CL-01", "2027-02-05T17:55", "2027-02-05T19:01"),
    ("MB-10231", "CL-02", "2027-02-08T12:10", "2027-02-08T13:02"),
    ("MB-10231", "CL-01", "2027-02-11T18:20", "2027-02-11T19:35"),
    ("MB-10231", "CL-01", "2027-02-14T08:30", "2027-02-14T09:44"),
    ("MB-10231", "CL-01", "2027-02-17T06:45", "2027-02-17T07:41"),
    ("MB-10231", "CL-03", "2027-02-20T10:05", "2027-02-20T11:30"),
    ("MB-10231", "CL-01", "2027-02-24T18:02", "2027-02-24T19:10"),
    ("MB-10231", "CL-01", "2027-02-28T08:51", "2027-02-28T10:02"),
    ("MB-10231", "CL-01", "2027-03-01T18:48", "2027-03-01T20:11"),
    ("MB-10231", "CL-01", "2027-03-04T06:40", "2027-03-04T07:35"),
    ("MB-10232", "CL-02", "2027-02-03T06:58", "2027-02-03T08:01"),
    ("MB-10232", "CL-02", "2027-02-16T06:55", "2027-02-16T08:04"),
    ("MB-10232", "CL-02", "2027-03-02T06:50", "2027-03-02T08:10"),
    ("MB-10417", "CL-03", "2027-02-15T18:40", "2027-02-15T20:05"),
    ("MB-10520", "CL-01", "2027-03-06T10:01", "2027-03-06T11:40"),
    ("MB-10604", "CL-05", "2027-03-03T18:45", "2027-03-03T20:05"),
    ("MB-10604", "CL-05", "2027-03-08T18:41", "2027-03-08T20:00"),
    ("MB-10711", "CL-02", "2027-02-27T09:12", "2027-02-27T10:45"),
    ("MB-10711", "CL-02", "2027-03-06T09:15", "2027-03-06T10:40"),
]


def _minutes(a: str, b: str) -> int:
    delta = datetime.datetime.fromisoformat(b) - datetime.datetime.fromisoformat(a)
    return int(delta.total_seconds() // 60)


CHECKINS = [{"checkin_id": f"CI-{7001 + i}", "member_id": m, "club_id": c, "time_in": a, "time_out": b}
            for i, (m, c, a, b) in enumerate(_CHECKIN_ROWS)]


def _member(member_id: str) -> dict:
    m = MEMBERS.get(str(member_id).strip().upper())
    if m is None:
        raise KeyError(f"no member {member_id!r}; find_members looks members up by name or email")
    return m


def _session(session_id: str) -> dict:
    s = SESSIONS.get(str(session_id).strip().upper())
    if s is None:
        raise KeyError(f"no class session {session_id!r}; list_classes gives session ids")
    return s


# ------------------------------------------------------------------ tools
def find_members(query: str) -> list[MemberHit]:
    """Find members whose name contains every word of query (accents ignored), or whose email is query."""
    q = str(query).strip().lower()
    rows = []
    for m in MEMBERS.values():
        if (("@" in q and m["email"] == q) or ("@" not in q and _words_in(q, m["name"]))):
            rows.append(MemberHit(member_id=m["member_id"], name=m["name"], email=m["email"],
                                  home_club_id=m["home_club_id"]))
    return rows


def get_member(member_id: str) -> dict:
    """Member record: a dict with member_id, name, email, phone, home_club_id, home_club_name, joined, membership
    (a dict: plan_code, plan_name, monthly_fee_gbp, access, classes_included, status - active, frozen or
    cancelled -, start_date, renewal_date, frozen_until) and emergency_contact (name, phone, or None)."""
    m = _member(member_id)
    plan = PLANS[m["plan"]]
    membership = {**plan, "status": m["status"], "start_date": m["start_date"], "renewal_date": m["renewal_date"],
                  "frozen_until": m["frozen_until"]}
    return {"member_id": m["member_id"], "name": m["name"], "email": m["email"], "phone": m["phone"],
            "home_club_id": m["home_club_id"], "home_club_name": CLUBS[m["home_club_id"]].name,
            "joined": m["joined"], "membership": membership,
            "emergency_contact": dict(m["emergency_contact"]) if m["emergency_contact"] else None}


def find_clubs(query: str | None = None, city: str | None = None) -> list[ClubHit]:
    """Brightwater clubs whose name contains every word of query (e.g. "hollins park"), optionally only in one
    city (Larkhaven, Fennick, Ashcombe)."""
    rows = []
    for c in CLUBS.values():
        if query and not _words_in(query, c.name):
            continue
        if city and _fold(city).strip() != _fold(c.city):
            continue
        rows.append(ClubHit(club_id=c.club_id, name=c.name, city=c.city))
    return rows


def get_club(club_id: str) -> Club:
    """Full record of one club: address, phone, manager, opening hours by day group (mon-fri, sat, sun),
    facilities and pool length (None without a pool)."""
    c = CLUBS.get(str(club_id).strip().upper())
    if c is None:
        raise KeyError(f"no club {club_id!r}")
    return c


def find_trainers(name: str | None = None, specialty: str | None = None,
                  club_id: str | None = None) -> list[TrainerHit]:
    """Trainers whose name contains every word of name, who list a specialty containing specialty (e.g. "yoga",
    "boxing"), and/or who teach at club_id."""
    rows = []
    for t in TRAINERS.values():
        if name and not _words_in(name, t["name"]):
            continue
        if specialty and not any(_fold(specialty).strip() in _fold(s) for s in t["specialties"]):
            continue
        if club_id and club_id.strip().upper() not in t["club_ids"]:
            continue
        rows.append(TrainerHit(trainer_id=t["trainer_id"], name=t["name"], specialties=list(t["specialties"]),
                               club_ids=list(t["club_ids"])))
    return rows


def get_trainer(trainer_id: str) -> dict:
    """Trainer profile: a dict with trainer_id, name, email, clubs (club_id and name of each), specialties,
    qualifications, pt_rate_gbp (one personal-training session), rating (out of 5) and bio."""
    t = TRAINERS.get(str(trainer_id).strip().upper())
    if t is None:
        raise KeyError(f"no trainer {trainer_id!r}")
    out = {k: v for k, v in t.items() if k != "club_ids"}
    out["clubs"] = [{"club_id": c, "name": CLUBS[c].name} for c in t["club_ids"]]
    out["specialties"], out["qualifications"] = list(t["specialties"]), list(t["qualifications"])
    return out


def list_class_types(category: str | None = None) -> list[ClassType]:
    """The class catalogue (what each kind of class is, not when it runs): code, name, category (cycling, mind
    and body, conditioning, strength, pool), intensity, duration and description."""
    return [ClassType(**c) for c in CLASS_TYPES.values()
            if not category or _fold(category).strip() in _fold(c["category"])]


def list_classes(club_id: str | None = None, date_from: str | None = None, date_to: str | None = None,
                 class_type: str | None = None, trainer_id: str | None = None, page: int = 1,
                 page_size: int = 10) -> ClassPage:
    """Timetabled class sessions, in start order, filtered by club, date range (YYYY-MM-DD, inclusive), class
    type (a code such as SPIN45 or words of the class name such as "aqua fit") and trainer (the one actually
    teaching, covers included). Paginated: page from 1, page_size at most 10; total counts every match."""
    start = _date(date_from, "date_from") if date_from else None
    end = _date(date_to, "date_to") if date_to else None
    size = max(1, min(int(page_size), MAX_PAGE_SIZE))
    page = max(1, int(page))
    cid = (club_id or "").strip().upper()
    tid = (trainer_id or "").strip().upper()
    rows = []
    for s in sorted(SESSIONS.values(), key=lambda s: (s["start"], s["club"])):
        day = s["start"][:10]
        if (cid and s["club"] != cid) or (tid and s["tr"] != tid):
            continue
        if (start and day < start) or (end and day > end):
            continue
        if class_type and not (class_type.strip().upper() == s["type"] or _words_in(class_type, s["cls"])):
            continue
        rows.append(ClassListing(session_id=s["id"], class_type=s["type"], class_name=s["cls"], club_id=s["club"],
                                 club_name=CLUBS[s["club"]].name, start=s["start"], duration_min=s["dur"],
                                 trainer_id=s["tr"], trainer_name=TRAINERS[s["tr"]]["name"],
                                 spaces_left=max(0, s["cap"] - s["bkd"])))
    pages = max(1, -(-len(rows) // size))
    return ClassPage(items=rows[(page - 1) * size: page * size], page=page, page_size=size, total=len(rows),
                     pages=pages)


def get_class_session(session_id: str) -> dict:
    """One class session: id, type (class code), cls (class name), club (club id), tr (trainer id teaching it),
    start, dur (min), cap, bkd, wl (waitlist), rm."""
    return dict(_session(session_id))


def list_bookings(member_id: str, status: str | None = None, date_from: str | None = None,
                  date_to: str | None = None) -> list[BookingSummary]:
    """A member's class bookings in start order; status: booked (upcoming), attended, no_show or cancelled;
    date_from/date_to (YYYY-MM-DD, inclusive) filter on the class date."""
    m = _member(member_id)
    start = _date(date_from, "date_from") if date_from else None
    end = _date(date_to, "date_to") if date_to else None
    st = (status or "").strip().lower()
    rows = []
    for b in BOOKINGS.values():
        s = SESSIONS[b["session_id"]]
        day = s["start"][:10]
        if b["member_id"] != m["member_id"] or (st and b["status"] != st):
            continue
        if (start and day < start) or (end and day > end):
            continue
        rows.append(BookingSummary(booking_id=b["booking_id"], session_id=s["id"], class_name=s["cls"],
                                   club_id=s["club"], start=s["start"], status=b["status"]))
    return sorted(rows, key=lambda r: r["start"])


def list_checkins(member_id: str, date_from: str | None = None, date_to: str | None = None,
                  club_id: str | None = None) -> list[CheckIn]:
    """A member's visits (door check-ins), oldest first, optionally between two dates (YYYY-MM-DD, inclusive)
    and/or at one club."""
    m = _member(member_id)
    start = _date(date_from, "date_from") if date_from else None
    end = _date(date_to, "date_to") if date_to else None
    cid = (club_id or "").strip().upper()
    rows = []
    for c in CHECKINS:
        day = c["time_in"][:10]
        if c["member_id"] != m["member_id"] or (cid and c["club_id"] != cid):
            continue
        if (start and day < start) or (end and day > end):
            continue
        rows.append(CheckIn(c["checkin_id"], c["club_id"], CLUBS[c["club_id"]].name, c["time_in"], c["time_out"],
                            _minutes(c["time_in"], c["time_out"])))
    return rows


def book_class(member_id: str, session_id: str) -> dict:
    """Book a member into an upcoming class session. Returns a dict with booking_id, status (booked, or
    waitlisted when the class is full), member, class, club, start and spaces_left; booking the same member
    into the same session again returns the same booking."""
    m, s = _member(member_id), _session(session_id)
    if m["status"] != "active":
        raise ValueError(f"{m['name']}'s membership is {m['status']}")
    if not PLANS[m["plan"]]["classes_included"]:
        raise ValueError(f"{m['name']}'s {PLANS[m['plan']]['plan_name']} plan does not include classes")
    if s["start"][:10] < TODAY:
        raise ValueError("that class has already taken place")
    code = "BK-" + hashlib.sha1(f"{m['member_id']}|{s['id']}".encode()).hexdigest().upper()[:6]
    if code not in BOOKINGS:
        for b in BOOKINGS.values():
            if b["member_id"] == m["member_id"] and b["session_id"] == s["id"] and b["status"] == "booked":
                code = b["booking_id"]
                break
        else:
            if s["bkd"] < s["cap"]:
                s["bkd"] += 1
                status = "booked"
            else:
                s["wl"] += 1
                status = "waitlisted"
            BOOKINGS[code] = {"booking_id": code, "member_id": m["member_id"], "session_id": s["id"],
                              "status": status}
    b = BOOKINGS[code]
    return {"booking_id": code, "status": b["status"], "member_id": m["member_id"], "member_name": m["name"],
            "session_id": s["id"], "class_name": s["cls"], "club_name": CLUBS[s["club"]].name, "start": s["start"],
            "spaces_left": max(0, s["cap"] - s["bkd"])}
