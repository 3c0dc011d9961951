"""Corvida people tools: employee directory, org chart, departments, leave balances and requests, payslips.

Plain functions over fixed in-memory data (no I/O, no clock, no randomness). Employee ids look like "E-1011",
department ids like "D-20", leave request ids like "LR-3301". The current leave year is 2026; amounts are in EUR.
"""
import datetime
import hashlib
import re
from dataclasses import dataclass
from typing import TypedDict

CURRENT_YEAR = 2026


class EmployeeHit(TypedDict):
    employee_id: str
    name: str
    title: str
    department: str


class DepartmentSummary(TypedDict):
    department_id: str
    name: str


class Holiday(TypedDict):
    date: str
    name: str


@dataclass
class LeaveBalance:
    employee_id: str
    name: str
    year: int
    vacation_entitled: float
    vacation_carried_over: float
    vacation_taken: float
    vacation_remaining: float
    sick_days_taken: float


DEPARTMENTS = {d["department_id"]: d for d in [
    {"department_id": "D-10", "name": "Data Platform", "head_employee_id": "E-1010", "location": "Rotterdam",
     "cost_center": "CC-4410", "country": "NL"},
    {"department_id": "D-20", "name": "Customer Success", "head_employee_id": "E-1020", "location": "Porto",
     "cost_center": "CC-5120", "country": "PT"},
    {"department_id": "D-30", "name": "Legal", "head_employee_id": "E-1030", "location": "Dublin",
     "cost_center": "CC-7300", "country": "IE"},
    {"department_id": "D-40", "name": "Finance", "head_employee_id": "E-1040", "location": "Dublin",
     "cost_center": "CC-7400", "country": "IE"},
    {"department_id": "D-50", "name": "Executive Office", "head_employee_id": "E-1001", "location": "Rotterdam",
     "cost_center": "CC-1000", "country": "NL"},
]}


def _e(eid, name, title, dept, manager, phone, office, start):
    email = ".".join(name.lower().split()) + "@corvida.example"
    return {"employee_id": eid, "name": name, "title": title, "department_id": dept, "manager_id": manager,
            "email": email, "phone": phone, "office": office, "start_date": start}


EMPLOYEES = {e["employee_id"]: e for e in [
    _e("E-1001", "Margit Vollan", "Chief Executive Officer", "D-50", None, "+31 10 555 0100", "Rotterdam",
       "2015-02-01"),
    _e("E-1002", "Samir Belkacem", "Chief Operating Officer", "D-50", "E-1001", "+31 10 555 0102", "Rotterdam",
       "2016-09-12"),
    _e("E-1010", "Annika Strand", "Head of Data Platform", "D-10", "E-1002", "+31 10 555 0110", "Rotterdam",
       "2018-04-03"),
    _e("E-1011", "Rafael Ortiz", "Senior Data Engineer", "D-10", "E-1010", "+31 10 555 0111", "Rotterdam",
       "2019-01-14"),
    _e("E-1012", "Nils Ekdahl", "Data Engineer", "D-10", "E-1010", "+31 10 555 0112", "Remote (Malmo)",
       "2021-06-01"),
    _e("E-1013", "Ama Mensah", "Analytics Engineer", "D-10", "E-1010", "+31 10 555 0113", "Rotterdam",
       "2022-03-07"),
    _e("E-1014", "Yusuf Demir", "Data Engineer", "D-10", "E-1011", "+31 10 555 0114", "Rotterdam", "2024-09-02"),
    _e("E-1020", "Chiara Benedetti", "Head of Customer Success", "D-20", "E-1002", "+351 22 555 0120", "Porto",
       "2017-11-20"),
    _e("E-1021", "Joao Pereira", "Customer Success Manager", "D-20", "E-1020", "+351 22 555 0121", "Porto",
       "2020-05-18"),
    _e("E-1022", "Beatriz Lobo", "Support Specialist", "D-20", "E-1021", "+351 22 555 0122", "Porto", "2023-01-09"),
    _e("E-1023", "Ama Owusu-Ansah", "Support Specialist", "D-20", "E-1021", "+351 22 555 0123", "Porto",
       "2025-02-17"),
    _e("E-1030", "Declan Moriarty", "General Counsel", "D-30", "E-1001", "+353 1 555 0130", "Dublin", "2017-07-03"),
    _e("E-1031", "Saoirse Brennan", "Legal Counsel", "D-30", "E-1030", "+353 1 555 0131", "Dublin", "2021-10-11"),
    _e("E-1040", "Ingeborg Lunde", "Head of Finance", "D-40", "E-1002", "+353 1 555 0140", "Dublin", "2016-03-21"),
    _e("E-1041", "Lucia Ortiz", "Payroll Specialist", "D-40", "E-1040", "+353 1 555 0141", "Dublin", "2020-08-24"),
    _e("E-1042", "Kwabena Owusu", "Financial Analyst", "D-40", "E-1040", "+353 1 555 0142", "Dublin", "2023-05-15"),
]}

# employee_id -> (entitled, carried_over, taken, sick_taken) for 2026
BALANCES_2026 = {
    "E-1001": (30, 0, 21, 0), "E-1002": (28, 3, 20, 2), "E-1010": (27, 2, 19.5, 1), "E-1011": (26, 4, 22, 3),
    "E-1012": (25, 0, 17.5, 4), "E-1013": (25, 1, 14, 1), "E-1014": (25, 0, 9, 0), "E-1020": (27, 0, 23, 2),
    "E-1021": (25, 2, 18, 5), "E-1022": (25, 0, 12, 6), "E-1023": (22, 0, 6, 0), "E-1030": (28, 5, 24, 0),
    "E-1031": (25, 0, 15.5, 2), "E-1040": (28, 0, 25, 1), "E-1041": (25, 3, 19, 0), "E-1042": (25, 0, 11, 3),
}


def _lr(rid, eid, leave_type, start, end, days, status, approver, submitted):
    return {"request_id": rid, "employee_id": eid, "leave_type": leave_type, "start_date": start, "end_date": end,
            "working_days": days, "status": status, "approver_id": approver, "submitted_on": submitted}


LEAVE_REQUESTS = {r["request_id"]: r for r in [
    _lr("LR-3301", "E-1013", "vacation", "2026-08-03", "2026-08-14", 10, "approved", "E-1010", "2026-06-22"),
    _lr("LR-3325", "E-1013", "sick", "2026-11-03", "2026-11-03", 1, "approved", "E-1010", "2026-11-04"),
    _lr("LR-3318", "E-1013", "vacation", "2026-12-28", "2026-12-31", 4, "approved", "E-1002", "2026-11-20"),
    _lr("LR-3302", "E-1012", "vacation", "2026-07-13", "2026-07-31", 15, "approved", "E-1010", "2026-05-02"),
    _lr("LR-3310", "E-1011", "vacation", "2026-10-19", "2026-10-23", 5, "approved", "E-1010", "2026-09-01"),
    _lr("LR-3320", "E-1011", "vacation", "2027-01-04", "2027-01-08", 5, "pending", "E-1010", "2026-11-21"),
    _lr("LR-3312", "E-1022", "vacation", "2026-12-14", "2026-12-18", 5, "rejected", "E-1021", "2026-10-30"),
]}

# (employee_id, month) -> (gross, income_tax, social_security, pension, paid_on)
PAYSLIPS = {
    ("E-1013", "2026-09"): (5150.00, 1208.40, 311.60, 212.50, "2026-09-25"),
    ("E-1013", "2026-10"): (5150.00, 1208.40, 311.60, 212.50, "2026-10-23"),
    ("E-1013", "2026-11"): (5400.00, 1301.90, 326.70, 222.75, "2026-11-25"),
    ("E-1012", "2026-10"): (4700.00, 1041.20, 284.35, 193.90, "2026-10-23"),
    ("E-1042", "2026-10"): (4350.00, 902.55, 263.20, 179.45, "2026-10-23"),
    ("E-1022", "2026-10"): (2380.00, 402.10, 261.80, 98.20, "2026-10-26"),
}

HOLIDAYS = {
    ("NL", 2026): [("2026-01-01", "New Year's Day"), ("2026-04-27", "King's Day"), ("2026-05-05", "Liberation Day"),
                   ("2026-12-25", "Christmas Day"), ("2026-12-26", "Second Day of Christmas")],
    ("PT", 2026): [("2026-01-01", "New Year's Day"), ("2026-04-25", "Freedom Day"), ("2026-06-10", "Portugal Day"),
                   ("2026-12-08", "Immaculate Conception"), ("2026-12-25", "Christmas Day")],
    ("IE", 2026): [("2026-01-01", "New Year's Day"), ("2026-03-17", "Saint Patrick's Day"),
                   ("2026-10-26", "October Bank Holiday"), ("2026-12-25", "Christmas Day"),
                   ("2026-12-26", "Saint Stephen's Day")],
}


def _words_in(query: str, text: str) -> bool:
    tokens = [t for t in re.split(r"[\s,]+", query.lower()) if t]
    return all(t in text.lower() for t in tokens)


def _employee(employee_id: str) -> dict:
    e = EMPLOYEES.get(employee_id.strip().upper())
    if e is None:
        raise KeyError(f"no employee {employee_id!r}")
    return e


def _hit(e: dict) -> EmployeeHit:
    return EmployeeHit(employee_id=e["employee_id"], name=e["name"], title=e["title"],
                       department=DEPARTMENTS[e["department_id"]]["name"])


def find_employees(name: str | None = None, department: str | None = None) -> list[EmployeeHit]:
    """Find employees by name (every word must appear in the name) and/or department name (e.g. "Finance").

    Returns id, name, job title and department of each match; at least one of name or department is required.
    """
    if not name and not department:
        raise ValueError("give a name, a department or both")
    return [_hit(e) for e in EMPLOYEES.values()
            if (not name or _words_in(name, e["name"]))
            and (not department or _words_in(department, DEPARTMENTS[e["department_id"]]["name"]))]


def get_employee(employee_id: str) -> dict:
    """Full directory entry of one employee.

    Returns a dict with employee_id, name, title, department_id, department, manager_id (None for the CEO),
    email, phone, office and start_date (YYYY-MM-DD).
    """
    e = dict(_employee(employee_id))
    e["department"] = DEPARTMENTS[e["department_id"]]["name"]
    return e


def get_manager(employee_id: str) -> EmployeeHit:
    """The line manager of an employee (id, name, title, department). Raises for the CEO, who has none."""
    e = _employee(employee_id)
    if not e["manager_id"]:
        raise LookupError(f"{e['name']} has no manager")
    return _hit(EMPLOYEES[e["manager_id"]])


def list_direct_reports(employee_id: str) -> list[EmployeeHit]:
    """Employees whose line manager is the given employee (direct reports only, not their teams)."""
    e = _employee(employee_id)
    return [_hit(x) for x in EMPLOYEES.values() if x["manager_id"] == e["employee_id"]]


def list_departments() -> list[DepartmentSummary]:
    """All departments (id and name). Use get_department for the head, location and cost center."""
    return [DepartmentSummary(department_id=d["department_id"], name=d["name"]) for d in DEPARTMENTS.values()]


def get_department(department_id: str) -> dict:
    """One department: a dict with department_id, name, head_employee_id, location, country, cost_center and
    headcount (number of employees in it)."""
    d = DEPARTMENTS.get(department_id.strip().upper())
    if d is None:
        raise KeyError(f"no department {department_id!r}")
    out = dict(d)
    out["headcount"] = sum(e["department_id"] == d["department_id"] for e in EMPLOYEES.values())
    return out


def get_leave_balance(employee_id: str, year: int = CURRENT_YEAR) -> LeaveBalance:
    """Vacation entitlement, carried-over, taken and remaining days, and sick days taken, for one leave year
    (default: the current year, 2026). Only 2026 balances are kept."""
    e = _employee(employee_id)
    if int(year) != CURRENT_YEAR:
        raise ValueError(f"only {CURRENT_YEAR} balances are available")
    entitled, carried, taken, sick = BALANCES_2026[e["employee_id"]]
    return LeaveBalance(employee_id=e["employee_id"], name=e["name"], year=CURRENT_YEAR,
                        vacation_entitled=float(entitled), vacation_carried_over=float(carried),
                        vacation_taken=float(taken), vacation_remaining=float(entitled + carried - taken),
                        sick_days_taken=float(sick))


def list_leave_requests(employee_id: str, status: str | None = None) -> list[dict]:
    """Leave requests of an employee, newest submission first, optionally filtered by status (pending, approved,
    rejected). Each is a dict with request_id, leave_type, start_date, end_date, working_days, status,
    approver_id (the employee who decides it) and submitted_on."""
    e = _employee(employee_id)
    if status and status not in ("pending", "approved", "rejected"):
        raise ValueError("status must be pending, approved or rejected")
    rows = [dict(r) for r in LEAVE_REQUESTS.values()
            if r["employee_id"] == e["employee_id"] and (not status or r["status"] == status)]
    return sorted(rows, key=lambda r: r["submitted_on"], reverse=True)


def _working_days(start: datetime.date, end: datetime.date) -> int:
    days, d = 0, start
    while d <= end:
        days += d.weekday() < 5
        d += datetime.timedelta(days=1)
    return days


def submit_leave_request(employee_id: str, start_date: str, end_date: str, leave_type: str = "vacation") -> dict:
    """Submit a leave request (leave_type: vacation, sick, parental or unpaid) from start_date to end_date
    inclusive (YYYY-MM-DD). The request goes to the employee's manager for approval.

    Returns a dict with request_id, reference (quote it to HR), employee_id, leave_type, start_date, end_date,
    working_days, status ("pending") and approver_id. Submitting the same request twice returns the first one.
    """
    e = _employee(employee_id)
    if leave_type not in ("vacation", "sick", "parental", "unpaid"):
        raise ValueError("leave_type must be vacation, sick, parental or unpaid")
    start, end = datetime.date.fromisoformat(start_date), datetime.date.fromisoformat(end_date)
    if end < start:
        raise ValueError("end_date is before start_date")
    digest = hashlib.sha1("|".join([e["employee_id"], start.isoformat(), end.isoformat(), leave_type]).encode())
    reference = "LV-" + digest.hexdigest().upper()[:6]
    for r in LEAVE_REQUESTS.values():
        if r.get("reference") == reference:
            return dict(r)
    rid = f"LR-{3400 + len(LEAVE_REQUESTS)}"
    r = _lr(rid, e["employee_id"], leave_type, start.isoformat(), end.isoformat(), _working_days(start, end),
            "pending", e["manager_id"], "2026-11-25")
    r["reference"] = reference
    LEAVE_REQUESTS[rid] = r
    return dict(r)


def get_payslip(employee_id: str, month: str) -> dict:
    """Payslip of an employee for a month ("YYYY-MM").

    Returns a dict with employee_id, month, currency, gross, income_tax, social_security, pension (employee
    contribution), net (gross minus the three deductions) and paid_on (the payment date).
    """
    e = _employee(employee_id)
    if not re.fullmatch(r"\d{4}-\d{2}", month):
        raise ValueError("month must look like 2026-10")
    row = PAYSLIPS.get((e["employee_id"], month))
    if row is None:
        raise LookupError(f"no payslip for {e['name']} in {month}")
    gross, tax, social, pension, paid_on = row
    return {"employee_id": e["employee_id"], "name": e["name"], "month": month, "currency": "EUR", "gross": gross,
            "income_tax": tax, "social_security": social, "pension": pension,
            "net": round(gross - tax - social - pension, 2), "paid_on": paid_on}


def list_public_holidays(country: str, year: int = CURRENT_YEAR) -> list[Holiday]:
    """Public holidays observed by the office in a country (ISO code NL, PT or IE) in a year (only 2026 kept)."""
    rows = HOLIDAYS.get((country.strip().upper(), int(year)))
    if rows is None:
        raise LookupError(f"no holiday calendar for {country} {year}")
    return [Holiday(date=d, name=n) for d, n in rows]
