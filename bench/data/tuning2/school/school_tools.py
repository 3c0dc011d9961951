"""Northfield College registry tools: students, courses, teachers, enrollments, grades and transcripts.

Plain Python functions over fixed, invented seed data (no clock, no randomness). Terms are named like
"Fall 2026" or "Spring 2026"; course codes look like "CHEM-201"; student ids "S-20xx"; teacher ids "TCH-xx".
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from typing import TypedDict


class StudentHit(TypedDict):
    student_id: str
    name: str
    year: int


class TeacherHit(TypedDict):
    teacher_id: str
    name: str
    department: str


class CourseSummary(TypedDict):
    course_code: str
    title: str
    department: str
    term: str


@dataclass
class Course:
    course_code: str
    title: str
    department: str
    term: str
    teacher_id: str
    teacher_name: str
    schedule: str
    room: str
    credits: int


@dataclass
class Transcript:
    student_id: str
    name: str
    gpa: float
    credits_earned: int
    courses: list[dict] = field(default_factory=list)


_TEACHERS = {
    "TCH-01": {"name": "Dr. Esther Okwu", "department": "Chemistry", "email": "e.okwu@northfield.example",
               "office": "Science Hall 214", "office_hours": "Tue 14:00-16:00"},
    "TCH-02": {"name": "Prof. Laurent Delacroix", "department": "History", "email": "l.delacroix@northfield.example",
               "office": "Arts Building 105", "office_hours": "Mon and Wed 10:00-11:00"},
    "TCH-03": {"name": "Mr. Haruto Sato", "department": "Mathematics", "email": "h.sato@northfield.example",
               "office": "Maths Annex 3", "office_hours": "Thu 13:00-15:00"},
    "TCH-04": {"name": "Dr. Fiona Gallagher-Reyes", "department": "Biology", "email": "f.gallagher@northfield.example",
               "office": "Science Hall 310", "office_hours": "Fri 09:00-11:00"},
    "TCH-05": {"name": "Ms. Ruth Abernethy", "department": "Mathematics", "email": "r.abernethy@northfield.example",
               "office": "Maths Annex 7", "office_hours": "Mon 15:00-17:00"},
}

_COURSES = {c[0]: dict(zip(("course_code", "title", "department", "term", "teacher_id", "schedule", "room",
                            "credits"), c)) for c in [
    ("CHEM-201", "Organic Chemistry I", "Chemistry", "Fall 2026", "TCH-01", "Mon/Wed 09:00-10:30", "SH-120", 4),
    ("HIST-110", "World History since 1900", "History", "Fall 2026", "TCH-02", "Tue/Thu 11:00-12:30", "AB-002", 3),
    ("MATH-150", "Calculus I", "Mathematics", "Fall 2026", "TCH-03", "Mon/Wed/Fri 13:00-14:00", "MA-11", 4),
    ("MATH-240", "Linear Algebra", "Mathematics", "Fall 2026", "TCH-05", "Tue/Thu 09:00-10:30", "MA-14", 3),
    ("BIO-101", "Cell Biology", "Biology", "Fall 2026", "TCH-04", "Fri 10:00-13:00", "SH-305", 4),
    ("MATH-120", "Statistics for Everyone", "Mathematics", "Spring 2026", "TCH-05", "Mon 18:00-21:00", "MA-11", 3),
    ("HIST-101", "Ancient Mediterranean", "History", "Spring 2026", "TCH-02", "Wed 14:00-17:00", "AB-002", 3),
]}

_STUDENTS = {
    "S-2041": {"name": "Ana Beltran", "year": 2, "email": "ana.beltran@students.northfield.example",
               "advisor_id": "TCH-01", "major": "Chemistry"},
    "S-2042": {"name": "Ben Whitfield", "year": 1, "email": "ben.whitfield@students.northfield.example",
               "advisor_id": "TCH-02", "major": "History"},
    "S-2043": {"name": "Mei Lin", "year": 3, "email": "mei.lin@students.northfield.example",
               "advisor_id": "TCH-03", "major": "Biology"},
    "S-2044": {"name": "Oskar Lindgren", "year": 2, "email": "oskar.lindgren@students.northfield.example",
               "advisor_id": "TCH-05", "major": "Mathematics"},
    "S-2045": {"name": "Anabel Trent", "year": 1, "email": "anabel.trent@students.northfield.example",
               "advisor_id": "TCH-04", "major": "Undeclared"},
}

# (student, course) -> graded items and final letter grade (None while the course runs)
_GRADES = {
    ("S-2041", "CHEM-201"): {"items": {"Lab report 1": 88, "Midterm exam": 74, "Problem set 3": 91}, "final": None},
    ("S-2041", "MATH-150"): {"items": {"Quiz 1": 95, "Midterm exam": 89}, "final": None},
    ("S-2041", "MATH-120"): {"items": {"Final exam": 90}, "final": "A-"},
    ("S-2042", "HIST-110"): {"items": {"Essay 1": 81, "Midterm exam": 78, "Final exam": 84}, "final": "B"},
    ("S-2042", "MATH-150"): {"items": {"Quiz 1": 62}, "final": None},
    ("S-2042", "HIST-101"): {"items": {"Final exam": 93}, "final": "A"},
    ("S-2043", "BIO-101"): {"items": {"Lab practical": 94, "Midterm exam": 87}, "final": None},
    ("S-2043", "MATH-240"): {"items": {"Midterm exam": 71}, "final": None},
    ("S-2044", "MATH-240"): {"items": {"Midterm exam": 97}, "final": None},
    ("S-2044", "HIST-110"): {"items": {"Essay 1": 68}, "final": None},
    ("S-2044", "MATH-120"): {"items": {"Final exam": 85}, "final": "B+"},
    ("S-2045", "BIO-101"): {"items": {"Lab practical": 79}, "final": None},
}
_POINTS = {"A": 4.0, "A-": 3.7, "B+": 3.3, "B": 3.0, "B-": 2.7, "C+": 2.3, "C": 2.0}
_PRIOR = {"S-2041": (3.58, 30), "S-2042": (0.0, 0), "S-2043": (3.41, 62), "S-2044": (3.12, 28), "S-2045": (0.0, 0)}
_REQUESTS: dict[str, dict] = {}


def _norm(text: str) -> str:
    return re.sub(r"[^a-z0-9 ]", "", text.lower().replace("-", " "))


def _student(student_id: str) -> dict:
    sid = student_id.strip().upper()
    if sid not in _STUDENTS:
        raise KeyError(f"no student {student_id}")
    return {"student_id": sid, **_STUDENTS[sid]}


def _course(course_code: str) -> dict:
    code = course_code.strip().upper().replace(" ", "-")
    if code not in _COURSES:
        raise KeyError(f"no course {course_code}")
    return _COURSES[code]


def _term(term: str) -> str:
    t = _norm(term).split()
    return " ".join(w.capitalize() for w in (t[::-1] if t and t[0].isdigit() else t))


def find_students(name: str) -> list[StudentHit]:
    """Find students whose name contains every word of `name` (case-insensitive). Returns id, name and year."""
    words = _norm(name).split()
    return [StudentHit(student_id=sid, name=s["name"], year=s["year"]) for sid, s in _STUDENTS.items()
            if words and all(w in _norm(s["name"]).split() for w in words)]


def get_student(student_id: str) -> dict:
    """A student's record.

    Returns a dict {student_id, name, year, email, major, advisor_id} where advisor_id is the teacher id
    (TCH-xx) of the student's academic advisor; use get_teacher for the advisor's name and contact details.
    """
    return _student(student_id)


def find_teachers(name: str) -> list[TeacherHit]:
    """Find teachers by words of their name (titles such as "Dr." or "Prof." are ignored)."""
    words = [w for w in _norm(name).split() if w not in ("dr", "prof", "mr", "ms", "mrs", "professor")]
    return [TeacherHit(teacher_id=tid, name=t["name"], department=t["department"]) for tid, t in _TEACHERS.items()
            if words and all(w in _norm(t["name"]).split() for w in words)]


def get_teacher(teacher_id: str) -> dict:
    """A teacher's profile.

    Returns a dict {teacher_id, name, department, email, office, office_hours, courses} where courses lists the
    course codes the teacher teaches (all terms).
    """
    tid = teacher_id.strip().upper()
    if tid not in _TEACHERS:
        raise KeyError(f"no teacher {teacher_id}")
    courses = [c["course_code"] for c in _COURSES.values() if c["teacher_id"] == tid]
    return {"teacher_id": tid, **_TEACHERS[tid], "courses": courses}


def list_courses(term: str, department: str | None = None) -> list[CourseSummary]:
    """Courses offered in a term (e.g. "Fall 2026"), optionally only those of one department."""
    want = _term(term)
    return [CourseSummary(course_code=c["course_code"], title=c["title"], department=c["department"], term=c["term"])
            for c in _COURSES.values() if c["term"] == want
            and (not department or c["department"].lower() == department.strip().lower())]


def get_course(course_code: str) -> Course:
    """Details of a course: title, term, teacher (id and name), weekly schedule, room and credits."""
    c = _course(course_code)
    return Course(teacher_name=_TEACHERS[c["teacher_id"]]["name"], **c)


def get_enrollments(student_id: str, term: str | None = None) -> dict:
    """Courses a student is enrolled in, optionally only in one term.

    Returns a dict {student_id, name, courses: [{course_code, title, term}], count}.
    """
    s = _student(student_id)
    want = _term(term) if term else None
    rows = [{"course_code": c, "title": _COURSES[c]["title"], "term": _COURSES[c]["term"]}
            for (sid, c) in _GRADES if sid == s["student_id"] and (not want or _COURSES[c]["term"] == want)]
    return {"student_id": s["student_id"], "name": s["name"], "courses": rows, "count": len(rows)}


def get_grades(student_id: str, course_code: str) -> dict:
    """A student's grades in one course.

    Returns a dict {student_id, course_code, items: {assessment name: score out of 100}, final_grade} where
    final_grade is the letter grade, or null while the course is still running.
    """
    s, c = _student(student_id), _course(course_code)
    g = _GRADES.get((s["student_id"], c["course_code"]))
    if g is None:
        raise KeyError(f"{s['name']} is not enrolled in {c['course_code']}")
    return {"student_id": s["student_id"], "course_code": c["course_code"], "items": dict(g["items"]),
            "final_grade": g["final"]}


def get_transcript(student_id: str) -> Transcript:
    """A student's transcript: cumulative GPA (4.0 scale), credits earned, and the finished courses with grades."""
    s = _student(student_id)
    gpa, credits = _PRIOR[s["student_id"]]
    done = [{"course_code": c, "title": _COURSES[c]["title"], "grade": g["final"]}
            for (sid, c), g in _GRADES.items() if sid == s["student_id"] and g["final"]]
    total_pts, total_cr = gpa * credits, credits
    for d in done:
        cr = _COURSES[d["course_code"]]["credits"]
        total_pts += _POINTS[d["grade"]] * cr
        total_cr += cr
    gpa = round(total_pts / total_cr, 2) if total_cr else 0.0
    return Transcript(student_id=s["student_id"], name=s["name"], gpa=gpa, credits_earned=total_cr, courses=done)


def list_roster(course_code: str) -> dict:
    """Students enrolled in a course.

    Returns a dict {course_code, title, students: [{student_id, name}], count}.
    """
    c = _course(course_code)
    rows = [{"student_id": sid, "name": _STUDENTS[sid]["name"]} for (sid, code) in _GRADES
            if code == c["course_code"]]
    return {"course_code": c["course_code"], "title": c["title"], "students": rows, "count": len(rows)}


def request_transcript_copy(student_id: str, recipient_email: str) -> dict:
    """Send an official copy of a student's transcript to an email address.

    Returns a dict {student_id, recipient_email, request_code, status}; the request code identifies the request.
    """
    s = _student(student_id)
    email = recipient_email.strip().lower()
    if not re.fullmatch(r"[^@\s]+@[^@\s]+\.[a-z]+", email):
        raise ValueError("recipient_email is not an email address")
    code = "TR-" + hashlib.sha1(f"{s['student_id']}|{email}".encode()).hexdigest().upper()[:6]
    _REQUESTS[code] = {"student_id": s["student_id"], "recipient_email": email, "request_code": code,
                       "status": "queued"}
    return dict(_REQUESTS[code])

