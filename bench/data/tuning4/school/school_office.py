"""Ashcombe Vale School office tools: students, guardians, staff, classes, the weekly timetable, assessment grades
and attendance (absences), plus reporting a planned absence.

Plain functions over fixed in-memory data (no I/O, no clock, no randomness). Today is Friday 2027-03-19, in the
spring term (2027-01-04 to 2027-03-26; half term 2027-02-15 to 2027-02-19). Student ids look like "S-10412",
guardian ids "G-2217", staff ids "ST-07", class codes "10Ch1" (year 10, chemistry, group 1), forms "10R".
The school day has five periods: P1 08:50-09:50, P2 09:50-10:50, P3 11:10-12:10, P4 12:10-13:10 and, after lunch,
P5 14:00-15:00. Attendance is recorded per session (AM and PM). All names, emails, phone numbers and addresses
are invented. Licence: Apache-2.0.
"""
import datetime
import hashlib
import re
import unicodedata
from dataclasses import dataclass
from typing import TypedDict

TODAY = "2027-03-19"
TERM_START, TERM_END = "2027-01-04", "2027-03-26"
HALF_TERM = ("2027-02-15", "2027-02-19")
DOMAIN = "ashcombevale.example"


class StudentHit(TypedDict):
    student_id: str
    name: str
    year_group: int
    form: str


class ChildRef(TypedDict):
    student_id: str
    name: str


class GuardianHit(TypedDict):
    guardian_id: str
    name: str
    email: str
    children: list[ChildRef]


class StaffHit(TypedDict):
    staff_id: str
    name: str
    department: str
    email: str
    phone_ext: str


class ClassSummary(TypedDict):
    class_code: str
    subject: str
    year_group: int
    teacher: str
    room: str


class GradeEntry(TypedDict):
    student_id: str
    student_name: str
    class_code: str
    subject: str
    assessment: str
    date: str
    mark: int
    out_of: int
    percent: float
    grade: str


class AbsenceRecord(TypedDict):
    date: str
    session: str
    code: str
    reason: str
    authorised: bool


@dataclass
class Guardian:
    guardian_id: str
    name: str
    relationship: str
    email: str
    phone: str
    contact_priority: int
    parental_responsibility: bool
    lives_with_student: bool


@dataclass
class AbsencePage:
    student_id: str | None
    records: list[AbsenceRecord]
    page: int
    page_size: int
    total: int
    next_page: int | None


def _fold(text) -> str:
    text = "".join(c for c in unicodedata.normalize("NFKD", str(text)) if not unicodedata.combining(c)).lower()
    return re.sub(r"['\u2019`]", "", text)


def _words_in(query: str, text: str) -> bool:
    tokens = [t for t in re.split(r"[\s,.;:()/]+", _fold(query))
              if t and t not in ("mr", "mrs", "ms", "miss", "dr", "mme")]
    low = _fold(text)
    return bool(tokens) and all(t in low for t in tokens)


# ---------------------------------------------------------------- staff
STAFF = {s["staff_id"]: s for s in [
    {"staff_id": "ST-03", "title": "Mrs", "name": "Helen Strand", "department": "English", "ext": "203"},
    {"staff_id": "ST-05", "title": "Mr", "name": "Tobias Strang", "department": "History", "ext": "205"},
    {"staff_id": "ST-07", "title": "Mr", "name": "Daniel Okafor", "department": "Mathematics", "ext": "207"},
    {"staff_id": "ST-09", "title": "Mr", "name": "Owen Tallis", "department": "English", "ext": "209"},
    {"staff_id": "ST-12", "title": "Ms", "name": "Grace Okafor-Reid", "department": "Science", "ext": "212"},
    {"staff_id": "ST-14", "title": "Dr", "name": "Miriam Ashdown", "department": "Science", "ext": "214"},
    {"staff_id": "ST-15", "title": "Mr", "name": "Samuel Idowu", "department": "Science", "ext": "215"},
    {"staff_id": "ST-16", "title": "Mr", "name": "Arjun Mehta", "department": "Computing", "ext": "216"},
    {"staff_id": "ST-18", "title": "Ms", "name": "Keziah Blume", "department": "PE", "ext": "218"},
    {"staff_id": "ST-21", "title": "Mrs", "name": "Lorna Pettifer", "department": "Mathematics", "ext": "221"},
    {"staff_id": "ST-22", "title": "Mr", "name": "Callum Pettigrew", "department": "Humanities", "ext": "222"},
    {"staff_id": "ST-24", "title": "Ms", "name": "Yasmin Haddou", "department": "Computing", "ext": "224"},
    {"staff_id": "ST-25", "title": "Mr", "name": "Felix Ambrose", "department": "Science", "ext": "225"},
    {"staff_id": "ST-27", "title": "Mme", "name": "Odile Fairclough", "department": "Languages", "ext": "227"},
    {"staff_id": "ST-29", "title": "Ms", "name": "Bethan Rees", "department": "Art", "ext": "229"},
]}
for _s in STAFF.values():
    _first, _last = _s["name"].split(" ", 1)
    _s["email"] = f"{_first[0].lower()}.{_last.lower()}@{DOMAIN}"
    _s["short"] = f"{_s['title']} {_first[0]}. {_last}"


def _staff_by_name(name):
    return next(s for s in STAFF.values() if s["name"] == name)


FORMS = {"10K": "Helen Strand", "10R": "Tobias Strang", "11A": "Felix Ambrose", "11M": "Arjun Mehta",
         "9L": "Bethan Rees", "8P": "Callum Pettigrew", "7B": "Keziah Blume"}

# ---------------------------------------------------------------- classes and timetable
PERIOD_TIMES = {1: "08:50-09:50", 2: "09:50-10:50", 3: "11:10-12:10", 4: "12:10-13:10", 5: "14:00-15:00"}
DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri"]
# year 10 option blocks: each student takes one class of each block
BLOCK_SLOTS = {
    "M": [("Mon", 1), ("Tue", 4), ("Wed", 2), ("Thu", 3)],
    "E": [("Mon", 2), ("Tue", 1), ("Wed", 4), ("Fri", 3)],
    "C": [("Mon", 3), ("Tue", 3), ("Fri", 2)],
    "X": [("Mon", 4), ("Wed", 5), ("Fri", 1)],
    "Y": [("Mon", 5), ("Wed", 3), ("Thu", 4)],
    "P": [("Tue", 2), ("Thu", 1), ("Fri", 4)],
    "G": [("Tue", 5), ("Thu", 5)],
    "B": [("Wed", 1), ("Thu", 2), ("Fri", 5)],
}

CLASSES = {}


def _class(code, subject, year, teacher, room, block):
    CLASSES[code.upper()] = {"class_code": code, "subject": subject, "year_group": year,
                             "staff_id": _staff_by_name(teacher)["staff_id"], "room": room,
                             "slots": list(BLOCK_SLOTS[block]), "students": []}


for _row in [
    ("10Ma1", "Mathematics", 10, "Daniel Okafor", "M3", "M"),
    ("10Ma2", "Mathematics", 10, "Lorna Pettifer", "M5", "M"),
    ("10En1", "English", 10, "Helen Strand", "E2", "E"),
    ("10En2", "English", 10, "Owen Tallis", "E4", "E"),
    ("10Ch1", "Chemistry", 10, "Grace Okafor-Reid", "Lab S4", "C"),
    ("10Ch2", "Chemistry", 10, "Felix Ambrose", "Lab S2", "C"),
    ("10Ph1", "Physics", 10, "Miriam Ashdown", "Lab S6", "P"),
    ("10Ph2", "Physics", 10, "Samuel Idowu", "Lab S5", "P"),
    ("10Bi1", "Biology", 10, "Samuel Idowu", "Lab S5", "B"),
    ("10Bi2", "Biology", 10, "Grace Okafor-Reid", "Lab S4", "B"),
    ("10Hi1", "History", 10, "Tobias Strang", "H1", "X"),
    ("10Gg1", "Geography", 10, "Callum Pettigrew", "H3", "X"),
    ("10Fr1", "French", 10, "Odile Fairclough", "L2", "Y"),
    ("10Ar1", "Art", 10, "Bethan Rees", "A1", "Y"),
    ("10Cs1", "Computer Science", 10, "Arjun Mehta", "C1", "Y"),
    ("10PE1", "PE", 10, "Keziah Blume", "Sports Hall", "G"),
    ("11Ma1", "Mathematics", 11, "Daniel Okafor", "M3", "E"),
    ("11En1", "English", 11, "Helen Strand", "E2", "M"),
    ("11Cs1", "Computer Science", 11, "Arjun Mehta", "C1", "P"),
    ("11Cs2", "Computer Science", 11, "Yasmin Haddou", "C2", "P"),
    ("9Ma1", "Mathematics", 9, "Daniel Okafor", "M3", "X"),
    ("9Sc1", "Science", 9, "Samuel Idowu", "Lab S5", "X"),
    ("8Ma2", "Mathematics", 8, "Lorna Pettifer", "M5", "C"),
    ("8En1", "English", 8, "Owen Tallis", "E4", "X"),
    ("8Sc1", "Science", 8, "Miriam Ashdown", "Lab S6", "C"),
    ("7Ma1", "Mathematics", 7, "Lorna Pettifer", "M5", "X"),
]:
    _class(*_row)
CLASSES["9SC1"]["slots"] = [("Tue", 4), ("Thu", 3)]   # keeps 9Ma1 and 9Sc1 apart
CLASSES["7MA1"]["slots"] = [("Tue", 2), ("Thu", 1)]

# ---------------------------------------------------------------- students and guardians
STUDENTS = {}


def _student(sid, name, year, form, dob, address, medical, sen, classes, guardians):
    STUDENTS[sid] = {"student_id": sid, "name": name, "year_group": year, "form": form, "date_of_birth": dob,
                     "address": address, "medical_notes": medical, "sen_support": sen,
                     "classes": [c.upper() for c in classes], "guardian_ids": guardians}
    for c in classes:
        CLASSES[c.upper()]["students"].append(sid)


_Y10 = ["10PE1"]
_student("S-10412", "Amara Osei", 10, "10K", "2011-05-09", "14 Larkspur Close, Ashcombe AV3 2QD", None, None,
         ["10Ma1", "10Ch1", "10Ph1", "10En1", "10Bi1", "10Hi1", "10Fr1"] + _Y10, ["G-2214"])
_student("S-10415", "Theo Marchbank", 10, "10R", "2011-01-22", "3 Mill Race, Ashcombe AV1 6HT", None,
         "Extra time in assessments (25%)", ["10Ma1", "10Ch2", "10Ph2", "10En2", "10Bi2", "10Gg1", "10Cs1"] + _Y10,
         ["G-2240"])
_student("S-10419", "Zofia Nowak", 10, "10R", "2010-11-30", "27 Tanyard Street, Ashcombe AV2 8LB", None, None,
         ["10Ma1", "10Ch1", "10Ph2", "10En1", "10Bi1", "10Gg1", "10Ar1"] + _Y10, ["G-2225"])
_student("S-10423", "Priya Venkataraman", 10, "10K", "2011-07-14", "88 Orchard Rise, Ashcombe AV4 1NE",
         "Nut allergy: adrenaline auto-injector in the medical room", None,
         ["10Ma1", "10Ch2", "10Ph1", "10En1", "10Bi2", "10Hi1", "10Cs1"] + _Y10, ["G-2230"])
_student("S-10427", "Ines Carvalho", 10, "10R", "2011-03-03", "5 Weavers Court, Ashcombe AV2 4RS",
         "Asthma: blue reliever inhaler carried in her school bag", None,
         ["10Ma2", "10Ch1", "10Ph1", "10En2", "10Bi1", "10Hi1", "10Ar1"] + _Y10, ["G-2201", "G-2202"])
_student("S-10431", "Rhys Pemberton-Yale", 10, "10R", "2011-08-19", "The Old Forge, Nether Ashcombe AV7 3JP", None,
         None, ["10Ma2", "10Ch2", "10Ph2", "10En2", "10Bi2", "10Hi1", "10Fr1"] + _Y10, ["G-2233", "G-2234"])
_student("S-10434", "Jonah Feld", 10, "10K", "2010-12-02", "61 Beacon Road, Ashcombe AV3 9UW", None, None,
         ["10Ma2", "10Ch1", "10Ph2", "10En2", "10Bi1", "10Gg1", "10Ar1"] + _Y10, ["G-2217", "G-2218"])
_student("S-10437", "Liam O'Callaghan", 10, "10R", "2011-02-11", "9 Cooper's Yard, Ashcombe AV1 2DF", None, None,
         ["10Ma1", "10Ch2", "10Ph1", "10En1", "10Bi2", "10Gg1", "10Cs1"] + _Y10, ["G-2242"])
_student("S-10440", "Callum Whitlock", 10, "10K", "2011-04-27", "40 Heath View, Ashcombe AV5 7PL", None, None,
         ["10Ma2", "10Ch1", "10Ph2", "10En2", "10Bi1", "10Gg1", "10Fr1"] + _Y10, ["G-2252"])
_student("S-10442", "Maya Eberhardt", 10, "10K", "2011-06-05", "2 Chapel Lane, Ashcombe AV3 5GG", None, None,
         ["10Ma1", "10Ch1", "10Ph1", "10En1", "10Bi2", "10Hi1", "10Cs1"] + _Y10, ["G-2250"])
_student("S-10305", "Liam Callaghan", 11, "11A", "2010-02-16", "71 Quarry Hill, Ashcombe AV6 3BN", None, None,
         ["11Ma1", "11En1", "11Cs2"], ["G-2244"])
_student("S-10308", "Hannah Broadbent", 11, "11M", "2009-10-08", "12 Sorrel Way, Ashcombe AV4 6TT", None, None,
         ["11Ma1", "11En1", "11Cs1"], ["G-2246"])
_student("S-10520", "Zofia Nowakowska", 9, "9L", "2012-09-21", "Flat 4, 19 Station Road, Ashcombe AV1 4KE", None,
         None, ["9Ma1", "9Sc1"], ["G-2226"])
_student("S-10633", "Amara Osei-Bonsu", 8, "8P", "2013-01-30", "33 Foxglove Drive, Ashcombe AV5 2WA",
         "Type 1 diabetes: care plan on file", None, ["8Ma2", "8En1", "8Sc1"], ["G-2210", "G-2211", "G-2212"])
_student("S-10741", "Jonah Feldman", 7, "7B", "2014-04-12", "8 Rookery Gardens, Ashcombe AV2 1HS", None, None,
         ["7Ma1"], ["G-2220"])


def _g(gid, name, rel, email, phone, children, priority=1, pr=True, lives=True):
    return {"guardian_id": gid, "name": name, "relationship": rel, "email": email, "phone": phone,
            "children": children, "contact_priority": priority, "parental_responsibility": pr,
            "lives_with_student": lives}


GUARDIANS = {g["guardian_id"]: g for g in [
    _g("G-2201", "Rosa Carvalho", "mother", "r.carvalho@example.net", "07700 900127", ["S-10427"]),
    _g("G-2202", "Paulo Carvalho", "father", "paulo.carvalho@example.com", "07700 900128", ["S-10427"], 2),
    _g("G-2210", "Kwabena Osei-Bonsu", "father", "kwabena.ob@example.org", "07700 900412", ["S-10633"]),
    _g("G-2211", "Efua Osei-Bonsu", "mother", "efua.oseibonsu@example.org", "07700 900413", ["S-10633"], 2),
    _g("G-2212", "Adjoa Mensah", "aunt (emergency contact)", "adjoa.mensah@example.com", "07700 900588",
       ["S-10633"], 3, pr=False, lives=False),
    _g("G-2214", "Abena Osei", "mother", "abena.osei@example.com", "07700 900301", ["S-10412"]),
    _g("G-2217", "Miriam Feld", "mother", "miriam.feld@example.net", "07700 900651", ["S-10434"]),
    _g("G-2218", "Aaron Feld", "father", "aaron.feld@example.net", "07700 900652", ["S-10434"], 2, lives=False),
    _g("G-2220", "David Feldman", "father", "d.feldman@example.org", "07700 900733", ["S-10741"]),
    _g("G-2225", "Piotr Nowak", "father", "piotr.nowak@example.com", "07700 900219", ["S-10419"]),
    _g("G-2226", "Agnieszka Nowakowska", "mother", "a.nowakowska@example.net", "07700 900220", ["S-10520"]),
    _g("G-2230", "Sunita Venkataraman", "mother", "sunita.v@example.com", "07700 900344", ["S-10423"]),
    _g("G-2233", "Caroline Pemberton-Yale", "mother", "c.pembertonyale@example.org", "07700 900505", ["S-10431"]),
    _g("G-2234", "Marcus Yale", "stepfather", "marcus.yale@example.org", "07700 900506", ["S-10431"], 2, pr=False),
    _g("G-2240", "Fiona Marchbank", "mother", "fiona.marchbank@example.com", "07700 900862", ["S-10415"]),
    _g("G-2242", "Declan O'Callaghan", "father", "declan.ocallaghan@example.net", "07700 900914", ["S-10437"]),
    _g("G-2244", "Sinead Callaghan", "mother", "sinead.callaghan@example.com", "07700 900915", ["S-10305"]),
    _g("G-2246", "Peter Broadbent", "father", "p.broadbent@example.org", "07700 900960", ["S-10308"]),
    _g("G-2250", "Ruth Eberhardt", "mother", "ruth.eberhardt@example.com", "07700 900977", ["S-10442"]),
    _g("G-2252", "Gareth Whitlock", "father", "gareth.whitlock@example.net", "07700 900981", ["S-10440"]),
]}

# ---------------------------------------------------------------- grades
_GRADE_BOUNDS = [(88, "9"), (79, "8"), (70, "7"), (61, "6"), (52, "5"), (43, "4"), (34, "3"), (25, "2")]


def _grade(percent):
    return next((g for lo, g in _GRADE_BOUNDS if percent >= lo), "1")


GRADES = []


def _mark(sid, cls, assessment, date, mark, out_of):
    percent = round(mark * 100 / out_of, 2)
    GRADES.append({"student_id": sid, "student_name": STUDENTS[sid]["name"], "class_code": CLASSES[cls.upper()][
        "class_code"], "subject": CLASSES[cls.upper()]["subject"], "assessment": assessment, "date": date,
        "mark": mark, "out_of": out_of, "percent": percent, "grade": _grade(percent)})


# chemistry, year 10: the same test in both groups
for _sid, _cls, _m in [("S-10412", "10Ch1", 31), ("S-10419", "10Ch1", 27), ("S-10427", "10Ch1", 35),
                       ("S-10434", "10Ch1", 22), ("S-10442", "10Ch1", 36), ("S-10440", "10Ch1", 29),
                       ("S-10415", "10Ch2", 30), ("S-10423", "10Ch2", 33), ("S-10431", "10Ch2", 24),
                       ("S-10437", "10Ch2", 38)]:
    _mark(_sid, _cls, "Rates of Reaction test", "2027-02-25", _m, 40)
    _mark(_sid, _cls, "Atomic Structure test", "2026-11-12", (_m * 7 + 11) % 19 + 18, 40)
# mathematics
for _sid, _cls, _a, _s in [("S-10412", "10Ma1", 62, 66), ("S-10419", "10Ma1", 44, 51), ("S-10423", "10Ma1", 70, 74),
                           ("S-10437", "10Ma1", 49, 58), ("S-10442", "10Ma1", 57, 55), ("S-10415", "10Ma1", 40, 47),
                           ("S-10427", "10Ma2", 38, 45), ("S-10431", "10Ma2", 33, 36), ("S-10434", "10Ma2", 41, 39),
                           ("S-10440", "10Ma2", 29, 37)]:
    _mark(_sid, _cls, "Autumn mock (Paper 1)", "2026-11-20", _a, 80)
    _mark(_sid, _cls, "Quadratics unit test", "2027-01-28", (_s * 3) % 17 + 22, 40)
    _mark(_sid, _cls, "Spring mock (Paper 1)", "2027-03-04", _s, 80)
for _sid, _a, _s in [("S-10305", 36, 41), ("S-10308", 65, 69)]:
    _mark(_sid, "11Ma1", "Autumn mock (Paper 1)", "2026-11-19", _a, 80)
    _mark(_sid, "11Ma1", "Spring mock (Paper 1)", "2027-03-03", _s, 80)
# a few more subjects
for _sid in [s for s in STUDENTS if STUDENTS[s]["year_group"] == 10]:
    _n = int(_sid[2:])
    for _cls in STUDENTS[_sid]["classes"]:
        _subj = CLASSES[_cls]["subject"]
        if _subj in ("English", "Physics", "Biology", "History", "Geography", "French", "Computer Science"):
            _mark(_sid, _cls, f"{_subj} spring assessment", "2027-03-10", (_n * 13 + len(_subj) * 7) % 21 + 18, 40)

# ---------------------------------------------------------------- absences
_CODES = {"I": ("Illness", True), "M": ("Medical or dental appointment", True),
          "O": ("Unexplained absence", False), "G": ("Holiday not agreed by the school", False),
          "U": ("Arrived after registers closed", False), "C": ("Authorised leave (exceptional circumstances)", True)}
ABSENCES = []
for _sid, _date, _sessions, _code in [
    ("S-10419", "2026-12-14", "AM", "O"),
    ("S-10419", "2027-01-11", "AM PM", "O"), ("S-10419", "2027-01-20", "AM PM", "I"),
    ("S-10419", "2027-01-29", "PM", "U"), ("S-10419", "2027-02-08", "AM PM", "G"),
    ("S-10419", "2027-02-09", "AM PM", "G"), ("S-10419", "2027-02-10", "AM PM", "G"),
    ("S-10419", "2027-03-01", "AM", "M"), ("S-10419", "2027-03-05", "AM", "U"), ("S-10419", "2027-03-12", "PM", "O"),
    ("S-10520", "2027-01-25", "AM PM", "O"), ("S-10520", "2027-03-02", "AM", "U"),
    ("S-10415", "2027-01-19", "AM", "M"), ("S-10415", "2027-02-26", "PM", "O"),
    ("S-10415", "2027-03-08", "AM PM", "O"), ("S-10415", "2027-03-15", "AM PM", "I"),
    ("S-10412", "2027-02-03", "AM PM", "I"), ("S-10427", "2027-01-14", "AM", "M"),
    ("S-10431", "2027-03-11", "AM PM", "I"), ("S-10434", "2027-02-22", "AM", "M"),
    ("S-10437", "2027-01-07", "AM PM", "C"), ("S-10305", "2027-03-09", "AM PM", "O"),
]:
    for _sess in _sessions.split():
        _reason, _auth = _CODES[_code]
        ABSENCES.append({"student_id": _sid, "date": _date, "session": _sess, "code": _code, "reason": _reason,
                         "authorised": _auth})

REPORTED = {}


# ---------------------------------------------------------------- helpers
def _student_or_error(student_id: str) -> dict:
    s = STUDENTS.get(str(student_id).strip().upper())
    if s is None:
        raise KeyError(f"no student {student_id!r}")
    return s


def _class_or_error(class_code: str) -> dict:
    c = CLASSES.get(str(class_code).strip().upper())
    if c is None:
        raise KeyError(f"no class {class_code!r}")
    return c


def _date(value: str, name: str) -> str:
    try:
        return datetime.date.fromisoformat(str(value).strip()).isoformat()
    except ValueError:
        raise ValueError(f"{name} must be a date YYYY-MM-DD") from None


def _weekday(day: str) -> str:
    text = str(day).strip()
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
        d = datetime.date.fromisoformat(text)
        if d.weekday() > 4:
            raise ValueError(f"{text} is a weekend: no lessons")
        return DAYS[d.weekday()]
    short = text[:3].title()
    if short not in DAYS:
        raise ValueError("day must be a weekday name (Monday..Friday) or a date YYYY-MM-DD")
    return short


# ---------------------------------------------------------------- tools
def find_students(name: str | None = None, year_group: int | None = None, form: str | None = None) -> list[StudentHit]:
    """Find students whose name contains every word of `name` (accents, case and apostrophes ignored), optionally
    only in one year group (7-11) or form (tutor group, e.g. "10R"). At least one filter is required."""
    if not name and year_group is None and not form:
        raise ValueError("give name, year_group or form")
    return [StudentHit(student_id=s["student_id"], name=s["name"], year_group=s["year_group"], form=s["form"])
            for s in STUDENTS.values()
            if (not name or _words_in(name, s["name"])) and (year_group is None or s["year_group"] == int(year_group))
            and (not form or s["form"].upper() == form.strip().upper())]


def get_student(student_id: str) -> dict:
    """A student's record.

    Returns a dict with: student_id, name, year_group, form, tutor (the form tutor as "Mr T. Surname"),
    date_of_birth, address, medical_notes (None when there are none), sen_support (special educational needs
    arrangements or None), classes (list of {class_code, subject}) and guardian_ids.
    """
    s = _student_or_error(student_id)
    return {"student_id": s["student_id"], "name": s["name"], "year_group": s["year_group"], "form": s["form"],
            "tutor": _staff_by_name(FORMS[s["form"]])["short"], "date_of_birth": s["date_of_birth"],
            "address": s["address"], "medical_notes": s["medical_notes"], "sen_support": s["sen_support"],
            "classes": [{"class_code": CLASSES[c]["class_code"], "subject": CLASSES[c]["subject"]}
                        for c in s["classes"]],
            "guardian_ids": list(s["guardian_ids"])}


def find_guardians(name: str | None = None, email: str | None = None) -> list[GuardianHit]:
    """Find parents/carers by name (every word must match) or exact email; each hit lists the children (students)
    they are a guardian of."""
    if not name and not email:
        raise ValueError("give name or email")
    mail = (email or "").strip().lower()
    return [GuardianHit(guardian_id=g["guardian_id"], name=g["name"], email=g["email"],
                        children=[ChildRef(student_id=c, name=STUDENTS[c]["name"]) for c in g["children"]])
            for g in GUARDIANS.values()
            if (not name or _words_in(name, g["name"])) and (not mail or g["email"] == mail)]


def list_student_guardians(student_id: str) -> list[Guardian]:
    """The guardians and emergency contacts of one student, in contact order (contact_priority 1 is phoned
    first)."""
    s = _student_or_error(student_id)
    rows = [GUARDIANS[g] for g in s["guardian_ids"]]
    rows.sort(key=lambda g: g["contact_priority"])
    return [Guardian(guardian_id=g["guardian_id"], name=g["name"], relationship=g["relationship"], email=g["email"],
                     phone=g["phone"], contact_priority=g["contact_priority"],
                     parental_responsibility=g["parental_responsibility"],
                     lives_with_student=g["lives_with_student"]) for g in rows]


def find_teachers(name: str | None = None, department: str | None = None) -> list[StaffHit]:
    """Find teaching staff by name (every word must match; titles like Mr/Ms/Dr are ignored) or by department
    (English, Mathematics, Science, History, Humanities, Computing, Languages, Art, PE)."""
    if not name and not department:
        raise ValueError("give name or department")
    return [StaffHit(staff_id=s["staff_id"], name=f"{s['title']} {s['name']}", department=s["department"],
                     email=s["email"], phone_ext=s["ext"])
            for s in STAFF.values()
            if (not name or _words_in(name, s["name"])) and (not department or _fold(department) == _fold(s["department"]))]


def list_classes(subject: str | None = None, year_group: int | None = None,
                 teacher: str | None = None) -> list[ClassSummary]:
    """Teaching groups, optionally filtered by subject, year group and teacher name."""
    out = []
    for c in CLASSES.values():
        t = STAFF[c["staff_id"]]
        if subject and _fold(subject) != _fold(c["subject"]):
            continue
        if year_group is not None and c["year_group"] != int(year_group):
            continue
        if teacher and not _words_in(teacher, t["name"]):
            continue
        out.append(ClassSummary(class_code=c["class_code"], subject=c["subject"], year_group=c["year_group"],
                                teacher=f"{t['title']} {t['name']}", room=c["room"]))
    return out


def get_class(class_code: str) -> dict:
    """One teaching group (case-insensitive code, e.g. "10ch1").

    Returns a dict: code, subj, yr, room, teacher ({staff_id, name, email}), ppw (lessons per week) and roster
    (list of {id, name}).
    """
    c = _class_or_error(class_code)
    t = STAFF[c["staff_id"]]
    return {"code": c["class_code"], "subj": c["subject"], "yr": c["year_group"], "room": c["room"],
            "teacher": {"staff_id": t["staff_id"], "name": f"{t['title']} {t['name']}", "email": t["email"]},
            "ppw": len(c["slots"]),
            "roster": [{"id": s, "name": STUDENTS[s]["name"]} for s in c["students"]]}


def get_timetable(student_id: str | None = None, class_code: str | None = None, day: str | None = None) -> list:
    """Weekly timetable of a student or a class, or just one day of it.

    day: a weekday ("Tuesday", "Tue") or a date YYYY-MM-DD (its weekday is used; the timetable is the same every
    week). Returns a list of lessons, each {d, p, t, cls, subj, tch, rm}: day, period (1-5), time, class code,
    subject, teacher, room.
    """
    if not student_id and not class_code:
        raise ValueError("give student_id or class_code")
    codes = _student_or_error(student_id)["classes"] if student_id else [_class_or_error(class_code)["class_code"]]
    wanted = _weekday(day) if day else None
    rows = []
    for code in codes:
        c = CLASSES[code.upper()]
        for d, p in c["slots"]:
            if wanted and d != wanted:
                continue
            rows.append({"d": d, "p": p, "t": PERIOD_TIMES[p], "cls": c["class_code"], "subj": c["subject"],
                         "tch": STAFF[c["staff_id"]]["short"], "rm": c["room"]})
    rows.sort(key=lambda r: (DAYS.index(r["d"]), r["p"]))
    return rows


def list_grades(student_id: str | None = None, class_code: str | None = None, subject: str | None = None,
                assessment: str | None = None, date_from: str | None = None,
                date_to: str | None = None) -> list[GradeEntry]:
    """Assessment results of a student or of a whole class, newest first. assessment matches every word of the
    assessment title (e.g. "spring mock"); dates are YYYY-MM-DD. grade is the 9-1 grade of the percent."""
    if not student_id and not class_code:
        raise ValueError("give student_id or class_code")
    sid = _student_or_error(student_id)["student_id"] if student_id else None
    code = _class_or_error(class_code)["class_code"] if class_code else None
    start = _date(date_from, "date_from") if date_from else None
    end = _date(date_to, "date_to") if date_to else None
    rows = [GradeEntry(**g) for g in GRADES
            if (not sid or g["student_id"] == sid) and (not code or g["class_code"] == code)
            and (not subject or _fold(subject) == _fold(g["subject"]))
            and (not assessment or _words_in(assessment, g["assessment"]))
            and (not start or g["date"] >= start) and (not end or g["date"] <= end)]
    rows.sort(key=lambda g: (g["date"], g["student_name"]), reverse=True)
    return rows


def list_absences(student_id: str | None = None, form: str | None = None, date_from: str | None = None,
                  date_to: str | None = None, authorised: bool | None = None, page: int = 1,
                  page_size: int = 10) -> AbsencePage:
    """Absence records (one per missed session, AM or PM), newest first, for a student or a whole form, with
    optional date range (YYYY-MM-DD, inclusive) and authorised filter (False = unauthorised only). Paged:
    total counts matching sessions over all pages."""
    if not student_id and not form:
        raise ValueError("give student_id or form")
    sid = _student_or_error(student_id)["student_id"] if student_id else None
    members = {s["student_id"] for s in STUDENTS.values() if form and s["form"].upper() == form.strip().upper()}
    start = _date(date_from, "date_from") if date_from else None
    end = _date(date_to, "date_to") if date_to else None
    if int(page) < 1 or not 1 <= int(page_size) <= 50:
        raise ValueError("page must be >= 1 and page_size 1..50")
    everything = ABSENCES + [r for rep in REPORTED.values() for r in rep["records"]]
    rows = [a for a in everything if (not sid or a["student_id"] == sid) and (not form or a["student_id"] in members)
            and (not start or a["date"] >= start) and (not end or a["date"] <= end)
            and (authorised is None or a["authorised"] == bool(authorised))]
    rows.sort(key=lambda a: (a["date"], a["session"]), reverse=True)
    first = (int(page) - 1) * int(page_size)
    chunk = rows[first:first + int(page_size)]
    records = [AbsenceRecord(date=a["date"], session=a["session"], code=a["code"], reason=a["reason"],
                             authorised=a["authorised"]) for a in chunk]
    if not sid:
        for rec, a in zip(records, chunk):
            rec["student_id"] = a["student_id"]
    return AbsencePage(student_id=sid, records=records, page=int(page), page_size=int(page_size), total=len(rows),
                       next_page=int(page) + 1 if first + int(page_size) < len(rows) else None)


def report_absence(student_id: str, date: str, reason: str, guardian_id: str, sessions: str = "AM PM") -> dict:
    """Record a planned absence that a guardian has told the school about (a future school day this term).

    guardian_id must be one of the student's guardians. sessions: "AM", "PM" or "AM PM" (whole day). Idempotent:
    reporting the same student, date and sessions again returns the first report. Returns a dict: reference
    (e.g. "ABN-3F2A1C"), student_id, student_name, date, sessions, reason, reported_by (guardian name),
    code ("M" medical, otherwise "C") and status ("recorded").
    """
    s = _student_or_error(student_id)
    d = _date(date, "date")
    gid = str(guardian_id).strip().upper()
    if gid not in s["guardian_ids"]:
        raise ValueError(f"{guardian_id} is not a guardian of {s['name']}")
    if not TODAY < d <= TERM_END or HALF_TERM[0] <= d <= HALF_TERM[1]:
        raise ValueError(f"planned absences can be reported for school days from after {TODAY} to {TERM_END}")
    if datetime.date.fromisoformat(d).weekday() > 4:
        raise ValueError(f"{d} is a weekend")
    sess = " ".join(x for x in ("AM", "PM") if x in str(sessions).upper())
    if not sess:
        raise ValueError('sessions must be "AM", "PM" or "AM PM"')
    ref = "ABN-" + hashlib.sha1(f"{s['student_id']}|{d}|{sess}".encode()).hexdigest()[:6].upper()
    if ref in REPORTED:
        return dict(REPORTED[ref]["report"])
    text = " ".join(str(reason).split()) or "not given"
    code = "M" if re.search(r"hospital|doctor|dentist|orthodont|medical|clinic|gp\b", text, re.I) else "C"
    report = {"reference": ref, "student_id": s["student_id"], "student_name": s["name"], "date": d,
              "sessions": sess, "reason": text, "reported_by": GUARDIANS[gid]["name"], "code": code,
              "status": "recorded"}
    REPORTED[ref] = {"report": report,
                     "records": [{"student_id": s["student_id"], "date": d, "session": x, "code": code,
                                  "reason": _CODES[code][0] + f" ({text})", "authorised": True}
                                 for x in sess.split()]}
    return dict(report)
