"""Maplecrest Clinic appointments service: a small in-memory HTTP API (stdlib only).

Usage: python clinic_service.py PORT   (serves under /api on 127.0.0.1:PORT)
Deterministic: fixed seed data, no randomness, codes derived from request content.
"""
import hashlib
import json
import re
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, unquote, urlsplit

LOCK = threading.Lock()
ROUTES = []


class ApiError(Exception):
    def __init__(self, status, message):
        super().__init__(message)
        self.status = status
        self.message = message


def route(method, pattern):
    regex = re.compile("^/api" + re.sub(r"\{(\w+)\}", r"(?P<\1>[^/]+)", pattern) + "/?$")

    def deco(fn):
        ROUTES.append((method, regex, fn))
        return fn
    return deco


def code(prefix, *parts):
    digest = hashlib.sha1("|".join(str(p) for p in parts).encode()).hexdigest().upper()
    return f"{prefix}-{digest[:6]}"


def matches(name, query):
    tokens = [t for t in re.split(r"[\s,]+", query.lower().replace("’", "'")) if t]
    return all(t in name.lower() for t in tokens)


SPECIALTIES = ["Cardiology", "Dermatology", "General Practice", "Orthopedics", "Pediatrics"]

DOCTORS = {
    "D-01": {"doctor_id": "D-01", "name": "Dr. Amara Okafor", "specialty": "Cardiology",
             "email": "amara.okafor@maplecrest-clinic.example", "phone": "+1-555-0141", "room": "3B"},
    "D-02": {"doctor_id": "D-02", "name": "Dr. Henrik Lindqvist", "specialty": "Dermatology",
             "email": "henrik.lindqvist@maplecrest-clinic.example", "phone": "+1-555-0142", "room": "2A"},
    "D-03": {"doctor_id": "D-03", "name": "Dr. Priya Raman", "specialty": "Pediatrics",
             "email": "priya.raman@maplecrest-clinic.example", "phone": "+1-555-0143", "room": "1C"},
    "D-04": {"doctor_id": "D-04", "name": "Dr. Tomas Novak", "specialty": "Cardiology",
             "email": "tomas.novak@maplecrest-clinic.example", "phone": "+1-555-0144", "room": "3D"},
    "D-05": {"doctor_id": "D-05", "name": "Dr. Lucia Ferreira", "specialty": "Orthopedics",
             "email": "lucia.ferreira@maplecrest-clinic.example", "phone": "+1-555-0145", "room": "4A"},
    "D-06": {"doctor_id": "D-06", "name": "Dr. Samuel Adeyemi", "specialty": "General Practice",
             "email": "samuel.adeyemi@maplecrest-clinic.example", "phone": "+1-555-0146", "room": "1A"},
}

PATIENTS = {
    "P-1001": {"patient_id": "P-1001", "name": "Maria Lopez", "date_of_birth": "1984-03-12",
               "phone": "+1-555-0199", "email": "maria.lopez@example.com", "insurance": "Bluecross BC-88231"},
    "P-1002": {"patient_id": "P-1002", "name": "James O'Connor", "date_of_birth": "1962-10-05",
               "phone": "+1-555-0172", "email": "j.oconnor@example.com", "insurance": "Aetna AE-11902"},
    "P-1003": {"patient_id": "P-1003", "name": "Wei Zhang", "date_of_birth": "1991-06-30",
               "phone": "+1-555-0128", "email": "wei.zhang@example.com", "insurance": "Cigna CG-40417"},
    "P-1004": {"patient_id": "P-1004", "name": "Fatima Haddad", "date_of_birth": "1979-07-22",
               "phone": "+1-555-0163", "email": "fatima.haddad@example.com", "insurance": "Bluecross BC-90114"},
    "P-1005": {"patient_id": "P-1005", "name": "Maria Santos", "date_of_birth": "1990-01-17",
               "phone": "+1-555-0107", "email": "m.santos@example.com", "insurance": "Aetna AE-12777"},
    "P-1006": {"patient_id": "P-1006", "name": "Noah Fischer", "date_of_birth": "2001-09-08",
               "phone": "+1-555-0188", "email": "noah.fischer@example.com", "insurance": "Cigna CG-40990"},
    "P-1007": {"patient_id": "P-1007", "name": "Jamie Lopez", "date_of_birth": "2018-04-02",
               "phone": "+1-555-0199", "email": "maria.lopez@example.com", "insurance": "Bluecross BC-88231"},
}


def _appt(aid, pid, did, date, time, status, reason):
    return {"appointment_id": aid, "patient_id": pid, "doctor_id": did, "date": date, "time": time,
            "status": status, "reason": reason}


APPOINTMENTS = {a["appointment_id"]: a for a in [
    _appt("A-5001", "P-1001", "D-06", "2026-11-04", "09:00", "completed", "Persistent cough"),
    _appt("A-5002", "P-1001", "D-01", "2026-12-03", "11:15", "scheduled", "Cardiology follow-up"),
    _appt("A-5013", "P-1001", "D-01", "2026-06-15", "16:00", "completed", "Blood pressure check"),
    _appt("A-5003", "P-1002", "D-04", "2026-10-21", "15:00", "completed", "Cholesterol review"),
    _appt("A-5004", "P-1002", "D-06", "2026-09-02", "10:00", "completed", "Diabetes check"),
    _appt("A-5016", "P-1002", "D-06", "2026-03-18", "08:30", "completed", "Sinus infection"),
    _appt("A-5005", "P-1003", "D-02", "2026-11-12", "08:45", "completed", "Skin rash"),
    _appt("A-5006", "P-1003", "D-02", "2026-12-15", "13:00", "scheduled", "Rash follow-up"),
    _appt("A-5007", "P-1003", "D-06", "2026-12-03", "14:30", "scheduled", "Annual physical"),
    _appt("A-5008", "P-1003", "D-04", "2027-01-14", "09:30", "scheduled", "ECG screening"),
    _appt("A-5009", "P-1003", "D-06", "2026-11-20", "11:00", "cancelled", "Flu vaccination"),
    _appt("A-5010", "P-1004", "D-05", "2026-12-08", "10:45", "scheduled", "Knee pain follow-up"),
    _appt("A-5011", "P-1004", "D-05", "2026-10-30", "14:15", "completed", "Knee pain"),
    _appt("A-5012", "P-1005", "D-04", "2026-12-03", "09:30", "scheduled", "Palpitations"),
    _appt("A-5014", "P-1007", "D-03", "2026-12-04", "10:00", "scheduled", "Ear infection check"),
]}

PRESCRIPTIONS = {p["prescription_id"]: p for p in [
    {"prescription_id": "RX-7001", "patient_id": "P-1001", "appointment_id": "A-5001", "prescribed_by": "D-06",
     "medication": "Benzonatate", "dosage": "100 mg, one capsule three times daily", "refills": 0,
     "status": "active", "issued_on": "2026-11-04"},
    {"prescription_id": "RX-7007", "patient_id": "P-1001", "appointment_id": "A-5013", "prescribed_by": "D-01",
     "medication": "Lisinopril", "dosage": "10 mg once daily", "refills": 5, "status": "active",
     "issued_on": "2026-06-15"},
    {"prescription_id": "RX-7002", "patient_id": "P-1002", "appointment_id": "A-5003", "prescribed_by": "D-04",
     "medication": "Atorvastatin", "dosage": "20 mg once daily at night", "refills": 3, "status": "active",
     "issued_on": "2026-10-21"},
    {"prescription_id": "RX-7003", "patient_id": "P-1002", "appointment_id": "A-5004", "prescribed_by": "D-06",
     "medication": "Metformin", "dosage": "500 mg twice daily with meals", "refills": 6, "status": "active",
     "issued_on": "2026-09-02"},
    {"prescription_id": "RX-7004", "patient_id": "P-1002", "appointment_id": "A-5016", "prescribed_by": "D-06",
     "medication": "Amoxicillin", "dosage": "500 mg three times daily for 7 days", "refills": 0,
     "status": "completed", "issued_on": "2026-03-18"},
    {"prescription_id": "RX-7005", "patient_id": "P-1003", "appointment_id": "A-5005", "prescribed_by": "D-02",
     "medication": "Cetirizine", "dosage": "10 mg once daily", "refills": 1, "status": "active",
     "issued_on": "2026-11-12"},
    {"prescription_id": "RX-7008", "patient_id": "P-1003", "appointment_id": "A-5009", "prescribed_by": "D-06",
     "medication": "Oseltamivir", "dosage": "75 mg twice daily for 5 days", "refills": 0, "status": "completed",
     "issued_on": "2026-01-09"},
    {"prescription_id": "RX-7006", "patient_id": "P-1004", "appointment_id": "A-5011", "prescribed_by": "D-05",
     "medication": "Ibuprofen", "dosage": "400 mg up to three times daily", "refills": 2, "status": "active",
     "issued_on": "2026-10-30"},
]}

SLOTS = ["09:00", "09:30", "10:00", "10:30", "11:00", "11:30", "14:00", "14:30", "15:00", "15:30"]
WORKING_DAYS = {"D-01": "Mon-Fri", "D-02": "Mon-Thu", "D-03": "Mon-Fri", "D-04": "Tue-Fri", "D-05": "Mon-Wed",
                "D-06": "Mon-Fri"}
NEXT_ID = [5017]


def get_or_404(table, key, what):
    item = table.get(key) or table.get(key.upper())
    if item is None:
        raise ApiError(404, f"{what} {key} not found")
    return item


def appointment_detail(appt):
    doctor = DOCTORS[appt["doctor_id"]]
    out = dict(appt)
    out["doctor_name"] = doctor["name"]
    out["prescription_ids"] = [p["prescription_id"] for p in PRESCRIPTIONS.values()
                               if p["appointment_id"] == appt["appointment_id"]]
    if appt.get("confirmation_code"):
        out["confirmation_code"] = appt["confirmation_code"]
    return out


@route("GET", "/patients")
def search_patients(params, query, body):
    name = query.get("name", "").strip()
    if not name:
        raise ApiError(400, "query parameter 'name' is required")
    found = [{"patient_id": p["patient_id"], "name": p["name"]} for p in PATIENTS.values() if matches(p["name"], name)]
    return 200, {"patients": found, "count": len(found)}


@route("GET", "/patients/{patient_id}")
def get_patient(params, query, body):
    return 200, get_or_404(PATIENTS, params["patient_id"], "patient")


@route("GET", "/patients/{patient_id}/appointments")
def list_patient_appointments(params, query, body):
    patient = get_or_404(PATIENTS, params["patient_id"], "patient")
    status = query.get("status")
    if status and status not in ("scheduled", "completed", "cancelled"):
        raise ApiError(400, "status must be one of scheduled, completed, cancelled")
    rows = [{k: a[k] for k in ("appointment_id", "doctor_id", "date", "time", "status", "reason")}
            for a in sorted(APPOINTMENTS.values(), key=lambda a: (a["date"], a["time"]))
            if a["patient_id"] == patient["patient_id"] and (not status or a["status"] == status)]
    return 200, {"patient_id": patient["patient_id"], "appointments": rows, "count": len(rows)}


@route("GET", "/patients/{patient_id}/prescriptions")
def list_patient_prescriptions(params, query, body):
    patient = get_or_404(PATIENTS, params["patient_id"], "patient")
    status = query.get("status")
    rows = [{"prescription_id": p["prescription_id"], "medication": p["medication"], "status": p["status"]}
            for p in PRESCRIPTIONS.values()
            if p["patient_id"] == patient["patient_id"] and (not status or p["status"] == status)]
    return 200, {"patient_id": patient["patient_id"], "prescriptions": rows, "count": len(rows)}


@route("GET", "/prescriptions/{prescription_id}")
def get_prescription(params, query, body):
    return 200, get_or_404(PRESCRIPTIONS, params["prescription_id"], "prescription")


@route("GET", "/doctors")
def list_doctors(params, query, body):
    specialty = query.get("specialty", "").strip().lower()
    rows = [{"doctor_id": d["doctor_id"], "name": d["name"], "specialty": d["specialty"]}
            for d in DOCTORS.values()
            if not specialty or d["specialty"].lower() == specialty or d["specialty"].lower().startswith(specialty[:6])]
    return 200, {"doctors": rows, "count": len(rows)}


@route("GET", "/doctors/{doctor_id}")
def get_doctor(params, query, body):
    doctor = dict(get_or_404(DOCTORS, params["doctor_id"], "doctor"))
    doctor["working_days"] = WORKING_DAYS[doctor["doctor_id"]]
    return 200, doctor


@route("GET", "/doctors/{doctor_id}/availability")
def doctor_availability(params, query, body):
    doctor = get_or_404(DOCTORS, params["doctor_id"], "doctor")
    date = query.get("date", "")
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", date):
        raise ApiError(400, "query parameter 'date' (YYYY-MM-DD) is required")
    taken = {a["time"] for a in APPOINTMENTS.values()
             if a["doctor_id"] == doctor["doctor_id"] and a["date"] == date and a["status"] == "scheduled"}
    free = [s for s in SLOTS if s not in taken]
    return 200, {"doctor": doctor["name"], "date": date, "free_slots": free, "booked_slots": sorted(taken)}


@route("GET", "/specialties")
def list_specialties(params, query, body):
    return 200, {"specialties": [{"name": s, "doctors": sum(d["specialty"] == s for d in DOCTORS.values())}
                                 for s in SPECIALTIES]}


@route("POST", "/appointments")
def create_appointment(params, query, body):
    for field in ("patient_id", "doctor_id", "date", "time"):
        if not body.get(field):
            raise ApiError(400, f"field '{field}' is required")
    patient = get_or_404(PATIENTS, str(body["patient_id"]), "patient")
    doctor = get_or_404(DOCTORS, str(body["doctor_id"]), "doctor")
    date, time = str(body["date"]), str(body["time"])[:5]
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", date) or not re.fullmatch(r"\d{2}:\d{2}", time):
        raise ApiError(400, "date must be YYYY-MM-DD and time HH:MM")
    if time not in SLOTS:
        raise ApiError(422, f"{time} is not a bookable slot; slots are {', '.join(SLOTS)}")
    with LOCK:
        for a in APPOINTMENTS.values():
            if a["doctor_id"] == doctor["doctor_id"] and a["date"] == date and a["time"] == time \
                    and a["status"] == "scheduled":
                if a["patient_id"] == patient["patient_id"]:
                    return 200, appointment_detail(a)
                raise ApiError(409, f"{doctor['name']} is already booked on {date} at {time}")
        aid = f"A-{NEXT_ID[0]}"
        NEXT_ID[0] += 1
        appt = _appt(aid, patient["patient_id"], doctor["doctor_id"], date, time, "scheduled",
                     str(body.get("reason") or "Consultation"))
        appt["confirmation_code"] = code("MC", patient["patient_id"], doctor["doctor_id"], date, time)
        APPOINTMENTS[aid] = appt
    return 201, appointment_detail(appt)


@route("GET", "/appointments/{appointment_id}")
def get_appointment(params, query, body):
    return 200, appointment_detail(get_or_404(APPOINTMENTS, params["appointment_id"], "appointment"))


@route("POST", "/appointments/{appointment_id}/cancel")
def cancel_appointment(params, query, body):
    appt = get_or_404(APPOINTMENTS, params["appointment_id"], "appointment")
    if appt["status"] == "completed":
        raise ApiError(409, f"appointment {appt['appointment_id']} is completed and cannot be cancelled")
    with LOCK:
        appt["status"] = "cancelled"
    return 200, {"appointment_id": appt["appointment_id"], "status": "cancelled",
                 "cancellation_ref": code("CX", appt["appointment_id"], appt["patient_id"]),
                 "date": appt["date"], "time": appt["time"]}


class Handler(BaseHTTPRequestHandler):
    def _dispatch(self, method):
        parts = urlsplit(self.path)
        query = {k: v[0] for k, v in parse_qs(parts.query).items()}
        body = None
        if method == "POST":
            raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            try:
                body = json.loads(raw) if raw.strip() else {}
            except ValueError:
                return self._send(400, {"error": "request body is not valid JSON"})
            if not isinstance(body, dict):
                return self._send(400, {"error": "request body must be a JSON object"})
        for m, regex, fn in ROUTES:
            match = regex.match(parts.path)
            if match and m == method:
                try:
                    status, payload = fn({k: unquote(v) for k, v in match.groupdict().items()}, query, body)
                except ApiError as exc:
                    status, payload = exc.status, {"error": exc.message}
                return self._send(status, payload)
        self._send(404, {"error": f"no route for {method} {parts.path}"})

    def do_GET(self):
        self._dispatch("GET")

    def do_POST(self):
        self._dispatch("POST")

    def _send(self, status, payload):
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


if __name__ == "__main__":
    server = ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1]) if len(sys.argv) > 1 else 8080), Handler)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
