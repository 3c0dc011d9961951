"""Larkspur Dental Care (Fenwick Cross) MCP server (stdio): patients, dentists, appointments, treatments with codes
and prices, insurance claims, x-ray records, recall reminders and check-up booking.

Run: python larkspur_dental_mcp.py   (speaks MCP over stdin/stdout)
Deterministic: fixed seed data (today is Friday 2027-04-09), no clock, no randomness; booking references are
derived from the booking's content. State lives in memory for the life of the process. Money is in GBP. All names,
phone numbers, emails, addresses, policy numbers and codes are invented. Licence: Apache-2.0.
"""
import datetime
import hashlib
import re
import unicodedata

try:  # mcp >= 2 renamed FastMCP to MCPServer
    from mcp.server.mcpserver import MCPServer as _Server
    from mcp.server.mcpserver.exceptions import ToolError
except ImportError:  # mcp 1.x
    from mcp.server.fastmcp import FastMCP as _Server
    from mcp.server.fastmcp.exceptions import ToolError

mcp = _Server("larkspur-dental")

TODAY = "2027-04-09"


def _fold(text) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", str(text)) if not unicodedata.combining(c)).lower()


def _words_in(query: str, text: str) -> bool:
    tokens = [t for t in re.split(r"[\s,.:;'\u2019\"()&/-]+", _fold(query))
              if t and t not in ("dr", "the", "a", "and", "mr", "mrs", "ms", "miss")]
    words = re.split(r"[\s,.:;'\u2019\"()&/-]+", _fold(text))
    return all(any(w.startswith(t) for w in words) for t in tokens)


def _digits(phone) -> str:
    d = re.sub(r"\D", "", str(phone))
    return "0" + d[2:] if d.startswith("44") else d


def _date(value, name: str) -> str:
    try:
        return datetime.date.fromisoformat(str(value).strip()).isoformat()
    except ValueError:
        raise ToolError(f"{name} must be a date YYYY-MM-DD") from None


DENTISTS = {d["dentist_id"]: d for d in [
    {"dentist_id": "DN-01", "name": "Dr. Ingrid Halvorsen", "role": "dentist", "specialty": "general dentistry",
     "gdc_number": "GDC-204518", "days": "Mon-Fri"},
    {"dentist_id": "DN-02", "name": "Dr. Rolf Halverson", "role": "dentist", "specialty": "orthodontics",
     "gdc_number": "GDC-197730", "days": "Tue, Thu"},
    {"dentist_id": "DN-03", "name": "Dr. Amara Nwachukwu-Bell", "role": "dentist", "specialty": "orthodontics",
     "gdc_number": "GDC-233104", "days": "Mon, Wed, Fri"},
    {"dentist_id": "DN-04", "name": "Dr. Keziah Rowntree", "role": "dentist", "specialty": "endodontics",
     "gdc_number": "GDC-188265", "days": "Tue-Fri"},
    {"dentist_id": "DN-05", "name": "Dr. Felipe Arrandale", "role": "dentist",
     "specialty": "general dentistry and implants", "gdc_number": "GDC-210947", "days": "Mon-Thu"},
    {"dentist_id": "DN-06", "name": "Lorna McAvoy", "role": "hygienist", "specialty": "dental hygiene",
     "gdc_number": "GDC-251388", "days": "Mon-Fri"},
    {"dentist_id": "DN-07", "name": "Dr. Tarquin Oyelaran", "role": "dentist", "specialty": "paediatric dentistry",
     "gdc_number": "GDC-226611", "days": "Wed-Fri"},
]}

TREATMENTS = {t["code"]: t for t in [
    {"code": c, "name": n, "category": cat, "price": p, "duration_min": m, "insurance_cover": cov, "notes": note}
    for c, n, cat, p, m, cov, note in [
        ("CHK-A", "Routine check-up (adult)", "examination", 45.0, 20, "100%", "includes oral cancer screening"),
        ("CHK-C", "Routine check-up (child under 16)", "examination", 0.0, 15, "100%", "free for registered children"),
        ("SP-1", "Scale and polish", "hygiene", 72.5, 30, "80%", "with the hygienist or a dentist"),
        ("SP-2", "Scale and polish (extended, hygienist)", "hygiene", 98.0, 45, "80%",
         "for heavy staining or gum disease"),
        ("XR-BW", "Bitewing x-rays (pair)", "radiography", 28.0, 10, "100%", ""),
        ("XR-PA", "Periapical x-ray", "radiography", 18.0, 5, "100%", ""),
        ("XR-OPG", "Panoramic x-ray (OPG)", "radiography", 65.0, 10, "100%", ""),
        ("FL-C1", "Composite filling, one surface", "restorative", 110.0, 30, "70%", "tooth-coloured"),
        ("FL-C2", "Composite filling, two surfaces", "restorative", 145.0, 40, "70%", "tooth-coloured"),
        ("RCT-PM", "Root canal treatment, premolar", "endodontics", 495.0, 75, "60%", ""),
        ("RCT-MO", "Root canal treatment, molar", "endodontics", 640.0, 90, "60%", "usually two visits"),
        ("CR-PFM", "Crown, porcelain fused to metal", "restorative", 585.0, 60, "60%",
         "two visits; insurer pre-authorisation needed"),
        ("CR-CER", "Crown, all-ceramic", "restorative", 695.0, 60, "60%",
         "two visits; insurer pre-authorisation needed"),
        ("EXT-S", "Simple extraction", "oral surgery", 120.0, 30, "70%", ""),
        ("ORT-CON", "Orthodontic consultation", "orthodontics", 60.0, 30, "0%", ""),
        ("WH-HOME", "Home whitening kit", "cosmetic", 295.0, 30, "0%", "cosmetic, not insurable"),
    ]
]}

PATIENTS = {p["patient_id"]: p for p in [
    {"patient_id": pid, "name": n, "dob": dob, "phone": ph, "email": em, "address": addr, "primary_dentist_id": dn,
     "insurer": ins, "policy_number": pol, "allergies": al, "registered": reg}
    for pid, n, dob, ph, em, addr, dn, ins, pol, al, reg in [
        ("PT-1001", "Priya Venkataraman", "1986-07-21", "07700 900 233", "priya.venkataraman@example.com",
         "14 Thistle Row, Fenwick Cross FX2 4TR", "DN-05", "Northgate Dental Plan", "ND-448120", [], "2019-03-11"),
        ("PT-1002", "Priya Venkataraman", "1959-02-11", "07700 900 871", "p.venkataraman59@example.net",
         "3 Osier Close, Fenwick Cross FX1 7OC", "DN-01", None, None, ["penicillin"], "2008-10-02"),
        ("PT-1003", "Josefine Arkwright", "1992-12-03", "07700 900 415", "josefine.arkwright@example.org",
         "Flat 2, 88 Mill Hill, Fenwick Cross FX3 1MH", "DN-01", "Brightsmile Assurance", "BSA-77120-4", [],
         "2021-06-28"),
        ("PT-1004", "Josephine Arkwright", "1967-05-30", "07700 900 624", "jo.arkwright@example.com",
         "The Old Forge, Lower Wendle FX9 2OF", "DN-05", "Brightsmile Assurance", "BSA-61408-1", ["latex"],
         "2014-01-15"),
        ("PT-1005", "Tomasz Wierzbicki", "1978-09-14", "07700 900 302", "tomasz.wierzbicki@example.com",
         "27 Cooper's Yard, Fenwick Cross FX2 9CY", "DN-01", "Northgate Dental Plan", "ND-391005", [],
         "2016-04-04"),
        ("PT-1006", "Tomasz Wierzbowski", "1990-01-25", "07700 900 330", "t.wierzbowski@example.net",
         "5 Heron Walk, Fenwick Cross FX4 3HW", "DN-01", None, None, [], "2023-08-19"),
        ("PT-1007", "Eilidh McBride", "1983-04-17", "07700 900 718", "eilidh.mcbride@example.com",
         "9 Rowan Terrace, Fenwick Cross FX1 2RT", "DN-05", "Caledon Health Dental", "CHD-0558213", [],
         "2012-09-09"),
        ("PT-1008", "Pádraig Ó Callaghan", "1971-11-08", "07700 900 157", "padraig.ocallaghan@example.ie",
         "41 Quarry Lane, Fenwick Cross FX5 8QL", "DN-01", None, None, ["chlorhexidine"], "2010-02-22"),
        ("PT-1009", "Haruki Brennan", "1988-06-02", "07700 900 561", "haruki.brennan@example.com",
         "12 Larch Gardens, Fenwick Cross FX2 6LG", "DN-01", "Northgate Dental Plan", "ND-502277", [],
         "2020-11-30"),
        ("PT-1010", "Samira Elkadi", "1995-08-29", "07700 900 418", "samira.elkadi@example.org",
         "Flat 7, Dyers Court, Fenwick Cross FX3 5DC", "DN-05", "Brightsmile Assurance", "BSA-80944-2", [],
         "2018-05-07"),
        ("PT-1011", "Samira El-Kadi", "2001-03-12", "07700 900 481", "samira.elkadi01@example.com",
         "22 Kiln Street, Fenwick Cross FX4 1KS", "DN-01", None, None, [], "2022-09-12"),
        ("PT-1012", "Wendell Okafor-Price", "1964-10-19", "07700 900 946", "wendell.op@example.com",
         "2 Sandpiper Rise, Fenwick Cross FX6 4SR", "DN-05", "Caledon Health Dental", "CHD-0470316", [],
         "2009-07-13"),
        ("PT-1013", "Wendy Okafor", "1993-02-05", "07700 900 964", "wendy.okafor@example.com",
         "60 Tannery Road, Fenwick Cross FX2 3TR", "DN-01", None, None, [], "2024-01-08"),
    ]
]}

_FILLER = ["Agathe Morrow", "Bilal Strand", "Cressida Fane", "Dorian Hexley", "Esme Taggart", "Fergus Lindqvist",
           "Greta Pennock", "Hamish Adeyemi", "Isolde Brack", "Jonah Castellane", "Kirsty Vane", "Leopold Ashdown",
           "Mirela Dumont", "Nikhil Boswell"]
for _n, _name in enumerate(_FILLER):
    _pid = f"PT-{1101 + _n}"
    PATIENTS[_pid] = {"patient_id": _pid, "name": _name, "dob": f"19{60 + 2 * _n}-0{1 + _n % 9}-1{_n % 9}",
                      "phone": f"07700 900 {600 + 7 * _n:03d}",
                      "email": _name.lower().replace(" ", ".") + "@example.com",
                      "address": f"{10 + _n} Meadow Way, Fenwick Cross FX7 {_n}MW", "primary_dentist_id": "DN-01",
                      "insurer": None, "policy_number": None, "allergies": [], "registered": f"20{10 + _n}-05-01"}


def _ap(aid, pid, did, day, time, minutes, tx, status="booked", chair="Surgery 1", note=""):
    return {"id": aid, "pt": pid, "dr": did, "dt": day, "tm": time, "min": minutes, "chair": chair, "tx": list(tx),
            "st": status, "nt": note}


APPOINTMENTS = {a["id"]: a for a in [
    _ap("AP-57102", "PT-1005", "DN-01", "2027-01-12", "09:00", 20, ["CHK-A", "XR-BW"], "completed"),
    _ap("AP-57188", "PT-1009", "DN-05", "2027-01-26", "14:00", 60, ["CR-PFM"], "completed", "Surgery 3",
        "crown prep UL6; temporary fitted"),
    _ap("AP-57240", "PT-1007", "DN-05", "2027-02-02", "10:30", 60, ["CR-PFM"], "completed", "Surgery 3",
        "crown prep LR7"),
    _ap("AP-57301", "PT-1003", "DN-01", "2027-02-17", "11:30", 40, ["FL-C2"], "completed", "Surgery 1",
        "UR5 mesial-occlusal"),
    _ap("AP-57305", "PT-1004", "DN-05", "2027-02-17", "11:30", 60, ["CR-PFM"], "completed", "Surgery 3"),
    _ap("AP-57322", "PT-1007", "DN-05", "2027-02-16", "10:30", 30, ["CR-PFM"], "completed", "Surgery 3",
        "crown fitted LR7"),
    _ap("AP-57330", "PT-1012", "DN-06", "2027-02-19", "15:00", 30, ["SP-1", "XR-BW"], "completed", "Hygiene room"),
    _ap("AP-57391", "PT-1005", "DN-04", "2027-03-02", "13:30", 90, ["RCT-MO"], "completed", "Surgery 2",
        "LL6, first visit"),
    _ap("AP-57392", "PT-1006", "DN-01", "2027-03-02", "09:30", 20, ["CHK-A"], "completed"),
    _ap("AP-57410", "PT-1003", "DN-01", "2027-03-03", "08:30", 20, ["CHK-A"], "completed"),
    _ap("AP-57466", "PT-1009", "DN-01", "2027-03-09", "16:00", 20, ["CHK-A"], "completed"),
    _ap("AP-57520", "PT-1005", "DN-04", "2027-03-16", "13:30", 60, ["RCT-MO"], "completed", "Surgery 2",
        "LL6, obturation"),
    _ap("AP-57602", "PT-1008", "DN-06", "2027-04-14", "10:00", 30, ["SP-1"], "booked", "Hygiene room"),
    _ap("AP-57655", "PT-1001", "DN-05", "2027-04-21", "09:00", 20, ["CHK-A"], "booked", "Surgery 3"),
]}
_TIMES = ["08:30", "09:00", "09:30", "10:00", "10:30", "11:00", "11:30", "13:30", "14:00", "14:30", "15:00", "15:30"]
for _n, _tm in enumerate(_TIMES):  # Dr. Halvorsen's list on 2027-04-20 (one cancelled)
    _aid = f"AP-{57700 + _n * 3}"
    APPOINTMENTS[_aid] = _ap(_aid, f"PT-{1101 + _n}", "DN-01", "2027-04-20", _tm, 20 if _n % 3 else 30,
                             ["CHK-A"] if _n % 3 else ["CHK-A", "XR-BW"],
                             "cancelled" if _tm == "11:00" else "booked", "Surgery 1",
                             "patient cancelled by phone 2027-04-06" if _tm == "11:00" else "")
for _n, _tm in enumerate(["09:00", "10:00", "11:00", "14:00"]):  # Dr. Halverson the same day
    _aid = f"AP-{57760 + _n}"
    APPOINTMENTS[_aid] = _ap(_aid, f"PT-{1110 + _n}", "DN-02", "2027-04-20", _tm, 30, ["ORT-CON"], "booked",
                             "Surgery 4")

CLAIMS = {c["claim_id"]: c for c in [
    {"claim_id": "CL-30388", "patient_id": "PT-1007", "appointment_id": "AP-57322", "submitted": "2027-02-17",
     "decided": "2027-03-01", "status": "partly paid", "summary": "Crown, porcelain fused to metal (LR7)",
     "lines": [{"code": "CR-PFM", "fee": 585.0, "claimed": 585.0, "approved": 351.0}],
     "total_claimed": 585.0, "total_paid": 351.0, "patient_owes": 234.0, "rejection_reason": None},
    {"claim_id": "CL-30391", "patient_id": "PT-1007", "appointment_id": None, "submitted": "2026-10-05",
     "decided": "2026-10-19", "status": "paid", "summary": "Check-up and scale and polish",
     "lines": [{"code": "CHK-A", "fee": 45.0, "claimed": 45.0, "approved": 45.0},
               {"code": "SP-1", "fee": 72.5, "claimed": 72.5, "approved": 58.0}],
     "total_claimed": 117.5, "total_paid": 103.0, "patient_owes": 14.5, "rejection_reason": None},
    {"claim_id": "CL-30417", "patient_id": "PT-1012", "appointment_id": "AP-57330", "submitted": "2027-02-20",
     "decided": "2027-03-04", "status": "paid", "summary": "Scale and polish with bitewings",
     "lines": [{"code": "SP-1", "fee": 72.5, "claimed": 72.5, "approved": 58.0},
               {"code": "XR-BW", "fee": 28.0, "claimed": 28.0, "approved": 28.0}],
     "total_claimed": 100.5, "total_paid": 86.0, "patient_owes": 14.5, "rejection_reason": None},
    {"claim_id": "CL-30433", "patient_id": "PT-1009", "appointment_id": "AP-57188", "submitted": "2027-01-27",
     "decided": "2027-02-11", "status": "rejected", "summary": "Crown, porcelain fused to metal (UL6)",
     "lines": [{"code": "CR-PFM", "fee": 585.0, "claimed": 585.0, "approved": 0.0}],
     "total_claimed": 585.0, "total_paid": 0.0, "patient_owes": 585.0,
     "rejection_reason": "No pre-authorisation on file for crown work"},
    {"claim_id": "CL-30470", "patient_id": "PT-1009", "appointment_id": "AP-57466", "submitted": "2027-03-10",
     "decided": "2027-03-18", "status": "paid", "summary": "Routine check-up",
     "lines": [{"code": "CHK-A", "fee": 45.0, "claimed": 45.0, "approved": 45.0}],
     "total_claimed": 45.0, "total_paid": 45.0, "patient_owes": 0.0, "rejection_reason": None},
    {"claim_id": "CL-30481", "patient_id": "PT-1005", "appointment_id": "AP-57391", "submitted": "2027-03-17",
     "decided": None, "status": "submitted", "summary": "Root canal treatment, molar (LL6)",
     "lines": [{"code": "RCT-MO", "fee": 640.0, "claimed": 640.0, "approved": None}],
     "total_claimed": 640.0, "total_paid": None, "patient_owes": None, "rejection_reason": None},
]}

# x-ray records, terse keys: d date, typ type, reg region/teeth, by dentist id, fnd findings
XRAYS = [
    {"id": "XR-7701", "pt": "PT-1010", "d": "2023-05-12", "typ": "panoramic", "reg": "full arch", "by": "DN-05",
     "fnd": "all third molars present; no pathology"},
    {"id": "XR-8120", "pt": "PT-1010", "d": "2025-09-30", "typ": "bitewing", "reg": "L+R premolar/molar",
     "by": "DN-05", "fnd": "early enamel caries UR6 distal, monitor"},
    {"id": "XR-8544", "pt": "PT-1010", "d": "2026-11-03", "typ": "panoramic", "reg": "full arch", "by": "DN-05",
     "fnd": "impacted lower left wisdom tooth (38), mesioangular; referral advised"},
    {"id": "XR-8610", "pt": "PT-1010", "d": "2027-02-08", "typ": "periapical", "reg": "38", "by": "DN-04",
     "fnd": "roots close to the inferior alveolar canal"},
    {"id": "XR-8633", "pt": "PT-1011", "d": "2027-01-19", "typ": "panoramic", "reg": "full arch", "by": "DN-01",
     "fnd": "no pathology; orthodontic retainer wire in place"},
    {"id": "XR-8402", "pt": "PT-1005", "d": "2027-01-12", "typ": "bitewing", "reg": "L+R premolar/molar",
     "by": "DN-01", "fnd": "deep distal caries LL6 close to pulp"},
    {"id": "XR-8701", "pt": "PT-1005", "d": "2027-03-16", "typ": "periapical", "reg": "36", "by": "DN-04",
     "fnd": "root fillings to length, good seal"},
]

REMINDERS = [
    {"reminder_id": "RM-4410", "pt": "PT-1008", "kind": "check-up recall", "send_on": "2026-11-10",
     "channel": "sms", "status": "sent"},
    {"reminder_id": "RM-4522", "pt": "PT-1008", "kind": "hygiene appointment", "send_on": "2027-04-12",
     "channel": "email", "status": "scheduled"},
    {"reminder_id": "RM-4590", "pt": "PT-1008", "kind": "check-up recall", "send_on": "2027-05-10",
     "channel": "sms", "status": "scheduled"},
    {"reminder_id": "RM-4601", "pt": "PT-1001", "kind": "appointment reminder", "send_on": "2027-04-19",
     "channel": "email", "status": "scheduled"},
    {"reminder_id": "RM-4377", "pt": "PT-1003", "kind": "check-up recall", "send_on": "2027-08-25",
     "channel": "email", "status": "scheduled"},
]

BOOKINGS = {}


def _patient(patient_id: str) -> dict:
    p = PATIENTS.get(str(patient_id).strip().upper())
    if p is None:
        raise ToolError(f"no patient {patient_id!r}; find_patients gives patient ids")
    return p


def _dentist(dentist_id: str) -> dict:
    d = DENTISTS.get(str(dentist_id).strip().upper())
    if d is None:
        raise ToolError(f"no dentist {dentist_id!r}; list_dentists gives dentist ids")
    return d


@mcp.tool()
def find_patients(name: str | None = None, phone: str | None = None) -> dict:
    """Find patients by name (every word must match; accents and case ignored) or by phone number (any spacing
    or +44 form). Returns patient_id, name, dob and phone of each match."""
    if not name and not phone:
        raise ToolError("give name or phone")
    rows = []
    for p in PATIENTS.values():
        if name and not _words_in(name, p["name"]):
            continue
        if phone and _digits(phone) != _digits(p["phone"]):
            continue
        rows.append({k: p[k] for k in ("patient_id", "name", "dob", "phone")})
    return {"patients": rows, "count": len(rows)}


@mcp.tool()
def get_patient(patient_id: str) -> dict:
    """Patient record: name, dob, phone, email, address, primary (usual) dentist id and name, insurer, policy
    number, allergies and registration date."""
    p = _patient(patient_id)
    return {**p, "allergies": list(p["allergies"]),
            "primary_dentist": DENTISTS[p["primary_dentist_id"]]["name"]}


@mcp.tool()
def list_dentists(name: str | None = None, specialty: str | None = None) -> dict:
    """Dentists and hygienists of the practice (dentist_id, name, role, specialty, gdc_number, working days),
    optionally filtered by words of the name or of the specialty."""
    rows = [dict(d) for d in DENTISTS.values()
            if (not name or _words_in(name, d["name"])) and (not specialty or _words_in(specialty, d["specialty"]))]
    return {"dentists": rows, "count": len(rows)}


@mcp.tool()
def list_appointments(date_from: str | None = None, date_to: str | None = None, dentist_id: str | None = None,
                      patient_id: str | None = None, status: str | None = None, page: int = 1,
                      page_size: int = 10) -> dict:
    """Appointments in date order, filtered by date range (YYYY-MM-DD, inclusive), dentist, patient and status
    (booked, completed, cancelled). Paginated: page from 1, page_size up to 25 (default 10); total_count counts
    all matches. Each: appointment_id, date, time, patient_id, patient_name, dentist_id, dentist_name, status."""
    lo = _date(date_from, "date_from") if date_from else None
    hi = _date(date_to, "date_to") if date_to else None
    did = str(dentist_id).strip().upper() if dentist_id else None
    pid = str(patient_id).strip().upper() if patient_id else None
    st = status.strip().lower() if status else None
    page, page_size = int(page), int(page_size)
    if page < 1 or not 1 <= page_size <= 25:
        raise ToolError("page must be >= 1 and page_size between 1 and 25")
    rows = [a for a in APPOINTMENTS.values() if (not lo or a["dt"] >= lo) and (not hi or a["dt"] <= hi)
            and (not did or a["dr"] == did) and (not pid or a["pt"] == pid) and (not st or a["st"] == st)]
    rows.sort(key=lambda a: (a["dt"], a["tm"], a["id"]))
    chunk = rows[(page - 1) * page_size: page * page_size]
    items = [{"appointment_id": a["id"], "date": a["dt"], "time": a["tm"], "patient_id": a["pt"],
              "patient_name": PATIENTS[a["pt"]]["name"], "dentist_id": a["dr"],
              "dentist_name": DENTISTS[a["dr"]]["name"], "status": a["st"]} for a in chunk]
    return {"appointments": items, "page": page, "page_size": page_size, "total_count": len(rows)}


@mcp.tool()
def get_appointment(appointment_id: str) -> dict:
    """One appointment, short keys: id, pt (patient id), pt_nm, dr (dentist id), dr_nm, dt (date), tm (time),
    min (minutes), chair, tx (treatment codes), st (status), nt (clinical note)."""
    a = APPOINTMENTS.get(str(appointment_id).strip().upper())
    if a is None:
        raise ToolError(f"no appointment {appointment_id!r}")
    return {**a, "tx": list(a["tx"]), "pt_nm": PATIENTS[a["pt"]]["name"], "dr_nm": DENTISTS[a["dr"]]["name"]}


@mcp.tool()
def list_treatments(query: str | None = None, category: str | None = None) -> dict:
    """Treatment price list: code, name, category, price (GBP) and duration_min, optionally filtered by words of
    the name or by category (examination, hygiene, radiography, restorative, endodontics, oral surgery,
    orthodontics, cosmetic)."""
    rows = [{k: t[k] for k in ("code", "name", "category", "price", "duration_min")} for t in TREATMENTS.values()
            if (not query or _words_in(query, t["name"])) and (not category or _fold(category) == t["category"])]
    return {"treatments": rows, "currency": "GBP"}


@mcp.tool()
def get_treatment(code: str) -> dict:
    """One treatment by code: name, category, price (GBP), duration_min, usual insurance_cover and notes."""
    t = TREATMENTS.get(str(code).strip().upper())
    if t is None:
        raise ToolError(f"no treatment code {code!r}")
    return dict(t)


@mcp.tool()
def list_claims(patient_id: str, status: str | None = None) -> dict:
    """Insurance claims of a patient, newest first (claim_id, submitted, status, summary, total_claimed);
    status: submitted, paid, partly paid or rejected."""
    p = _patient(patient_id)
    st = status.strip().lower() if status else None
    rows = [{k: c[k] for k in ("claim_id", "submitted", "status", "summary", "total_claimed")}
            for c in sorted(CLAIMS.values(), key=lambda c: c["submitted"], reverse=True)
            if c["patient_id"] == p["patient_id"] and (not st or c["status"] == st)]
    return {"patient_id": p["patient_id"], "insurer": p["insurer"], "claims": rows, "count": len(rows)}


@mcp.tool()
def get_claim(claim_id: str) -> dict:
    """One insurance claim: patient_id, appointment_id, submitted and decided dates, status, lines (code, fee,
    claimed, approved), total_claimed, total_paid (by the insurer), patient_owes and rejection_reason."""
    c = CLAIMS.get(str(claim_id).strip().upper())
    if c is None:
        raise ToolError(f"no claim {claim_id!r}")
    return {**c, "lines": [dict(x) for x in c["lines"]]}


@mcp.tool()
def list_xrays(patient_id: str, kind: str | None = None) -> dict:
    """X-ray records of a patient, newest first; kind: bitewing, periapical or panoramic. Short keys per record:
    id, d (date taken), typ, reg (region or tooth), by (dentist id who took it), fnd (findings)."""
    p = _patient(patient_id)
    k = _fold(kind).strip() if kind else None
    k = {"opg": "panoramic", "pano": "panoramic", "bitewings": "bitewing"}.get(k, k)
    rows = [{key: x[key] for key in ("id", "d", "typ", "reg", "by", "fnd")} for x in XRAYS
            if x["pt"] == p["patient_id"] and (not k or x["typ"] == k)]
    rows.sort(key=lambda x: x["d"], reverse=True)
    return {"patient_id": p["patient_id"], "xrays": rows}


@mcp.tool()
def list_reminders(patient_id: str, status: str | None = None) -> dict:
    """Reminders for a patient (recalls and appointment reminders): reminder_id, kind, send_on, channel (sms or
    email), status (scheduled or sent)."""
    p = _patient(patient_id)
    st = status.strip().lower() if status else None
    rows = [{k: r[k] for k in ("reminder_id", "kind", "send_on", "channel", "status")} for r in REMINDERS
            if r["pt"] == p["patient_id"] and (not st or r["status"] == st)]
    rows.sort(key=lambda r: r["send_on"])
    return {"patient_id": p["patient_id"], "reminders": rows}


@mcp.tool()
def book_checkup(patient_id: str, dentist_id: str, date: str, time: str) -> dict:
    """Book a 20-minute adult check-up (CHK-A) for a patient with a dentist on a weekday after today
    (2027-04-09), time HH:MM between 08:30 and 16:40 on the hour or at :10, :20, :30, :40, :50. Returns the
    booking reference (BK-xxxxxx), appointment id, patient, dentist, date and time; booking the same patient,
    dentist, date and time again returns the same booking."""
    p, d = _patient(patient_id), _dentist(dentist_id)
    if d["role"] != "dentist":
        raise ToolError(f"{d['name']} is a {d['role']} and does not do check-ups")
    day = _date(date, "date")
    if day <= TODAY:
        raise ToolError("the date must be after today (2027-04-09)")
    if datetime.date.fromisoformat(day).weekday() > 4:
        raise ToolError("the practice is closed at weekends")
    m = re.fullmatch(r"(\d{1,2})[:.](\d{2})\s*(am|pm)?", str(time).strip().lower())
    if not m:
        raise ToolError("time must be HH:MM")
    h, mi = int(m.group(1)), int(m.group(2))
    if m.group(3) == "pm" and h < 12:
        h += 12
    tm = f"{h:02d}:{mi:02d}"
    if not ("08:30" <= tm <= "16:40") or mi % 10:
        raise ToolError("check-ups start between 08:30 and 16:40 in 10-minute steps")
    code = "BK-" + hashlib.sha1("|".join([p["patient_id"], d["dentist_id"], day, tm]).encode()).hexdigest().upper()[:6]
    if code in BOOKINGS:
        return dict(BOOKINGS[code])
    for a in APPOINTMENTS.values():
        if a["dr"] == d["dentist_id"] and a["dt"] == day and a["tm"] == tm and a["st"] == "booked":
            raise ToolError(f"{d['name']} already has an appointment at {tm} on {day}")
    aid = "AP-" + str(60000 + int(code[3:], 16) % 10000)
    APPOINTMENTS[aid] = _ap(aid, p["patient_id"], d["dentist_id"], day, tm, 20, ["CHK-A"], "booked", "Surgery 1",
                            f"booked online, ref {code}")
    BOOKINGS[code] = {"booking_ref": code, "appointment_id": aid, "patient_id": p["patient_id"],
                      "patient_name": p["name"], "dentist_id": d["dentist_id"], "dentist_name": d["name"],
                      "date": day, "time": tm, "treatment": "CHK-A Routine check-up (adult)", "status": "booked"}
    return dict(BOOKINGS[code])


if __name__ == "__main__":
    mcp.run()
