"""Swiftline fleet service: vehicles, drivers, trips, maintenance records, mechanics and fuel logs.

Usage: python fleet_service.py PORT   (serves under /api on 127.0.0.1:PORT)
Deterministic: fixed seed data, no randomness; work order numbers are derived from the request's content.
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


def _driver(did, name, phone, email, licence, expiry, vehicle, depot):
    return {"driver_id": did, "name": name, "phone": phone, "email": email, "licence_number": licence,
            "licence_expiry": expiry, "current_vehicle_id": vehicle, "depot": depot}


DRIVERS = {d["driver_id"]: d for d in [
    _driver("DRV-201", "Sanjay Mehta", "+44 7700 900141", "sanjay.mehta@swiftline-fleet.example",
            "MEHTA804156S99", "2028-04-30", "VH-09", "Leeds"),
    _driver("DRV-202", "Olga Ivanova", "+44 7700 900152", "olga.ivanova@swiftline-fleet.example",
            "IVANO757221O98", "2027-02-28", "VH-14", "Leeds"),
    _driver("DRV-203", "Carlos Mendes", "+44 7700 900163", "carlos.mendes@swiftline-fleet.example",
            "MENDE811093C97", "2029-07-31", "VH-17", "Leeds"),
    _driver("DRV-204", "Aisha Bello", "+44 7700 900174", "aisha.bello@swiftline-fleet.example",
            "BELLO905124A96", "2030-01-15", "VH-12", "Leeds"),
    _driver("DRV-205", "Jonas Berg", "+44 7700 900185", "jonas.berg@swiftline-fleet.example",
            "BERGJ790318J95", "2026-12-31", "VH-03", "Bradford"),
    _driver("DRV-206", "Carla Mendes", "+44 7700 900196", "carla.mendes@swiftline-fleet.example",
            "MENDE856207C94", "2028-10-09", None, "Bradford"),
    _driver("DRV-207", "Priya Nair", "+44 7700 900107", "priya.nair@swiftline-fleet.example",
            "NAIRP893012P93", "2027-09-15", "VH-11", "Leeds"),
]}


def _vehicle(vid, model, plate, vin, year, fuel, status, odometer, next_service):
    return {"vehicle_id": vid, "model": model, "plate": plate, "vin": vin, "year": year, "fuel_type": fuel,
            "status": status, "odometer_km": odometer, "next_service_due": next_service}


VEHICLES = {v["vehicle_id"]: v for v in [
    _vehicle("VH-03", "Ford Transit Custom", "LK21 XRT", "WF0XXXTTGXMA40317", 2021, "diesel", "active", 84210,
             "2027-01-18"),
    _vehicle("VH-05", "Iveco Daily 35S", "YX19 BPD", "ZCFC135B005219984", 2019, "diesel", "in_maintenance", 151880,
             "2026-11-22"),
    _vehicle("VH-09", "Mercedes Sprinter 316", "MA70 KZD", "WDB9066331P702245", 2020, "diesel", "active", 70980,
             "2027-04-02"),
    _vehicle("VH-11", "Renault Master", "BD22 HNL", "VF1MA000968213377", 2022, "diesel", "active", 45120,
             "2027-03-19"),
    _vehicle("VH-12", "Peugeot e-Expert", "SF23 WQC", "VF3VEZKXZNZ041822", 2023, "electric", "active", 23405,
             "2027-10-25"),
    _vehicle("VH-14", "Volkswagen Crafter", "KX68 TRU", "WV1ZZZSYZK9012874", 2018, "diesel", "active", 132760,
             "2027-03-09"),
    _vehicle("VH-17", "Ford Transit 350", "LN20 FMV", "WF0EXXTTRELA55910", 2020, "diesel", "active", 98312,
             "2027-11-12"),
    _vehicle("VH-21", "Vauxhall Movano", "GJ18 PSO", "W0VMRY60XJB118456", 2018, "diesel", "in_maintenance", 167004,
             "2026-11-23"),
    _vehicle("VH-22", "Citroen Relay", "PE67 AOK", "VF7YD3MFC12K77019", 2017, "diesel", "active", 188450,
             "2027-11-02"),
]}

MECHANICS = {m["mechanic_id"]: m for m in [
    {"mechanic_id": "MEC-1", "name": "Rui Almeida", "garage": "Almeida Auto Service", "phone": "+44 113 496 0711",
     "email": "rui@almeida-auto.example", "address": "14 Kirkstall Road, Leeds LS3 1HS"},
    {"mechanic_id": "MEC-2", "name": "Grace Whitfield", "garage": "Whitfield Motors", "phone": "+44 113 496 0722",
     "email": "grace.whitfield@whitfield-motors.example", "address": "2 Canal Wharf, Leeds LS11 5PS"},
    {"mechanic_id": "MEC-3", "name": "Tariq Hussain", "garage": "Northgate Commercial Repairs",
     "phone": "+44 113 496 0733", "email": "tariq@northgate-repairs.example",
     "address": "Unit 7, Northgate Industrial Estate, Leeds LS9 0AL"},
    {"mechanic_id": "MEC-4", "name": "Bethany Clarke", "garage": "Clarke Fleet Care", "phone": "+44 113 496 0744",
     "email": "b.clarke@clarkefleetcare.example", "address": "48 Thornton Road, Bradford BD1 2DT"},
]}


def _mt(rid, vid, date, service, mechanic, status, cost, odometer, parts, notes=""):
    return {"record_id": rid, "vehicle_id": vid, "date": date, "service_type": service, "mechanic_id": mechanic,
            "status": status, "cost_gbp": cost, "odometer_km": odometer, "parts": parts, "notes": notes}


MAINTENANCE = {m["record_id"]: m for m in [
    _mt("MT-3301", "VH-09", "2026-06-11", "Annual service", "MEC-2", "completed", 389.0, 61200,
        ["oil filter", "air filter", "engine oil 10 l"]),
    _mt("MT-3305", "VH-09", "2026-10-02", "Front brake pads", "MEC-3", "completed", 246.5, 70420,
        ["front brake pads", "brake fluid"]),
    _mt("MT-3302", "VH-03", "2026-07-22", "Annual service", "MEC-2", "completed", 402.0, 78300,
        ["oil filter", "engine oil 9 l", "wiper blades"]),
    _mt("MT-3309", "VH-03", "2026-11-06", "Clutch replacement", "MEC-4", "completed", 1180.0, 83950,
        ["clutch kit", "dual-mass flywheel"], "Driver reported slipping clutch on hills."),
    _mt("MT-3304", "VH-17", "2026-08-15", "Four new tyres", "MEC-1", "completed", 512.0, 93020,
        ["tyres 215/65 R16 x4"]),
    _mt("MT-3312", "VH-17", "2026-11-12", "Annual service and MOT", "MEC-2", "completed", 418.75, 98010,
        ["oil filter", "fuel filter", "engine oil 9 l"], "MOT passed with one advisory (rear wiper)."),
    _mt("MT-3303", "VH-14", "2026-09-09", "Oil and filter change", "MEC-4", "completed", 138.4, 129880,
        ["oil filter", "engine oil 10 l"]),
    _mt("MT-3306", "VH-11", "2026-10-19", "Battery replacement", "MEC-1", "completed", 164.9, 43870,
        ["12V battery 100Ah"]),
    _mt("MT-3307", "VH-12", "2026-10-25", "Software update and brake check", "MEC-3", "completed", 95.0, 22110, []),
    _mt("MT-3311", "VH-22", "2026-11-02", "Annual service", "MEC-2", "completed", 377.2, 187600,
        ["oil filter", "engine oil 8 l"]),
    _mt("MT-3308", "VH-05", "2026-11-22", "Gearbox inspection", "MEC-3", "in_progress", None, 151880, [],
        "Grinding from second gear."),
    _mt("MT-3310", "VH-21", "2026-11-23", "Suspension repair", "MEC-1", "in_progress", None, 167004, [],
        "Rear leaf spring cracked."),
]}


def _trip(tid, driver, vehicle, start, end, origin, destination, km):
    return {"trip_id": tid, "driver_id": driver, "vehicle_id": vehicle, "started_at": start, "ended_at": end,
            "origin": origin, "destination": destination, "distance_km": km}


TRIPS = {t["trip_id"]: t for t in [
    _trip("TR-9003", "DRV-202", "VH-14", "2026-11-03T07:10", "2026-11-03T09:05", "Leeds", "Hull", 98.4),
    _trip("TR-9005", "DRV-204", "VH-12", "2026-11-04T08:00", "2026-11-04T09:10", "Leeds", "York", 41.7),
    _trip("TR-9006", "DRV-204", "VH-12", "2026-11-10T13:20", "2026-11-10T14:05", "Leeds", "Harrogate", 27.9),
    _trip("TR-9007", "DRV-201", "VH-09", "2026-11-14T05:30", "2026-11-14T10:15", "Leeds", "Glasgow", 352.8),
    _trip("TR-9008", "DRV-204", "VH-12", "2026-11-18T09:40", "2026-11-18T11:00", "Leeds", "Sheffield", 58.3),
    _trip("TR-9009", "DRV-204", "VH-12", "2026-11-21T15:00", "2026-11-21T15:35", "Leeds", "Bradford", 16.2),
    _trip("TR-9010", "DRV-204", "VH-12", "2026-10-30T10:00", "2026-10-30T10:40", "Leeds", "Wakefield", 19.5),
    _trip("TR-9011", "DRV-203", "VH-22", "2026-11-19T06:45", "2026-11-19T08:20", "Leeds", "Manchester", 71.2),
    _trip("TR-9012", "DRV-205", "VH-03", "2026-11-20T07:00", "2026-11-20T09:30", "Bradford", "Newcastle", 160.4),
    _trip("TR-9013", "DRV-203", "VH-17", "2026-11-21T11:15", "2026-11-21T12:40", "Leeds", "Doncaster", 49.6),
]}

FUEL_LOGS = [  # (vehicle, date, litres, cost_gbp, station)
    ("VH-17", "2026-10-03", 62.5, 90.0, "Shell Kirkstall"), ("VH-17", "2026-10-12", 58.1, 83.1, "BP Armley"),
    ("VH-17", "2026-10-21", 66.8, 95.5, "Shell Kirkstall"), ("VH-17", "2026-11-04", 60.2, 85.5, "Esso Seacroft"),
    ("VH-17", "2026-11-16", 57.7, 82.5, "BP Armley"),
    ("VH-09", "2026-10-08", 70.1, 100.2, "Tesco Seacroft"), ("VH-09", "2026-10-24", 68.3, 97.0, "BP Armley"),
    ("VH-09", "2026-11-14", 72.4, 104.3, "Shell Abington Services"),
    ("VH-14", "2026-10-15", 74.9, 106.4, "Esso Seacroft"), ("VH-14", "2026-11-03", 71.0, 101.5, "BP Hull Road"),
    ("VH-03", "2026-11-20", 66.0, 94.4, "Shell Washington Services"),
    ("VH-22", "2026-11-19", 61.3, 87.0, "BP Birch Services"),
]


def get_or_404(table, key, what):
    item = table.get(key) or table.get(key.upper())
    if item is None:
        raise ApiError(404, f"{what} {key} not found")
    return item


def plate_key(plate):
    return re.sub(r"[^A-Z0-9]", "", plate.upper())


@route("GET", "/drivers")
def search_drivers(params, query, body):
    name = query.get("name", "").strip()
    rows = [{"driver_id": d["driver_id"], "name": d["name"], "depot": d["depot"]} for d in DRIVERS.values()
            if not name or matches(d["name"], name)]
    return 200, {"drivers": rows, "count": len(rows)}


@route("GET", "/drivers/{driver_id}")
def get_driver(params, query, body):
    return 200, get_or_404(DRIVERS, params["driver_id"], "driver")


@route("GET", "/drivers/{driver_id}/trips")
def list_driver_trips(params, query, body):
    driver = get_or_404(DRIVERS, params["driver_id"], "driver")
    start, end = query.get("from", ""), query.get("to", "")
    for value in (start, end):
        if value and not re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
            raise ApiError(400, "from and to must be dates YYYY-MM-DD")
    rows = [{k: t[k] for k in ("trip_id", "vehicle_id", "started_at", "origin", "destination", "distance_km")}
            for t in sorted(TRIPS.values(), key=lambda t: t["started_at"])
            if t["driver_id"] == driver["driver_id"] and (not start or t["started_at"][:10] >= start)
            and (not end or t["started_at"][:10] <= end)]
    return 200, {"driver_id": driver["driver_id"], "trips": rows, "count": len(rows),
                 "total_distance_km": round(sum(r["distance_km"] for r in rows), 1)}


@route("GET", "/trips/{trip_id}")
def get_trip(params, query, body):
    return 200, get_or_404(TRIPS, params["trip_id"], "trip")


@route("GET", "/vehicles")
def list_vehicles(params, query, body):
    status = query.get("status", "").strip().lower()
    plate = plate_key(query.get("plate", ""))
    if status and status not in ("active", "in_maintenance", "retired"):
        raise ApiError(400, "status must be one of active, in_maintenance, retired")
    rows = [{"vehicle_id": v["vehicle_id"], "plate": v["plate"], "model": v["model"], "status": v["status"]}
            for v in VEHICLES.values()
            if (not status or v["status"] == status) and (not plate or plate_key(v["plate"]) == plate)]
    return 200, {"vehicles": rows, "count": len(rows)}


@route("GET", "/vehicles/{vehicle_id}")
def get_vehicle(params, query, body):
    vehicle = dict(get_or_404(VEHICLES, params["vehicle_id"], "vehicle"))
    vehicle["current_driver_id"] = next((d["driver_id"] for d in DRIVERS.values()
                                         if d["current_vehicle_id"] == vehicle["vehicle_id"]), None)
    return 200, vehicle


@route("GET", "/vehicles/{vehicle_id}/maintenance")
def list_vehicle_maintenance(params, query, body):
    vehicle = get_or_404(VEHICLES, params["vehicle_id"], "vehicle")
    rows = [{k: m[k] for k in ("record_id", "date", "service_type", "status", "mechanic_id")}
            for m in sorted(MAINTENANCE.values(), key=lambda m: m["date"], reverse=True)
            if m["vehicle_id"] == vehicle["vehicle_id"]]
    return 200, {"vehicle_id": vehicle["vehicle_id"], "records": rows, "count": len(rows)}


@route("POST", "/vehicles/{vehicle_id}/maintenance")
def schedule_maintenance(params, query, body):
    vehicle = get_or_404(VEHICLES, params["vehicle_id"], "vehicle")
    for field in ("date", "service_type", "mechanic_id"):
        if not body.get(field):
            raise ApiError(400, f"field '{field}' is required")
    date = str(body["date"])
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", date):
        raise ApiError(400, "date must be YYYY-MM-DD")
    if date < "2026-11-25":
        raise ApiError(422, "maintenance can only be scheduled from 2026-11-25 on")
    mechanic = get_or_404(MECHANICS, str(body["mechanic_id"]), "mechanic")
    work_order = code("WO", vehicle["vehicle_id"], date, mechanic["mechanic_id"])
    with LOCK:
        if work_order not in MAINTENANCE:
            MAINTENANCE[work_order] = _mt(work_order, vehicle["vehicle_id"], date, str(body["service_type"]),
                                          mechanic["mechanic_id"], "scheduled", None, vehicle["odometer_km"], [],
                                          str(body.get("notes") or ""))
    record = dict(MAINTENANCE[work_order])
    record["work_order"] = work_order
    return 201, record


@route("GET", "/maintenance/{record_id}")
def get_maintenance_record(params, query, body):
    return 200, get_or_404(MAINTENANCE, params["record_id"], "maintenance record")


@route("GET", "/vehicles/{vehicle_id}/fuel-logs")
def list_fuel_logs(params, query, body):
    vehicle = get_or_404(VEHICLES, params["vehicle_id"], "vehicle")
    month = query.get("month", "").strip()
    if month and not re.fullmatch(r"\d{4}-\d{2}", month):
        raise ApiError(400, "month must be YYYY-MM")
    rows = [{"date": d, "litres": litres, "cost_gbp": cost, "station": station}
            for v, d, litres, cost, station in FUEL_LOGS
            if v == vehicle["vehicle_id"] and (not month or d.startswith(month))]
    return 200, {"vehicle_id": vehicle["vehicle_id"], "month": month or None, "logs": rows, "count": len(rows),
                 "total_litres": round(sum(r["litres"] for r in rows), 1),
                 "total_cost_gbp": round(sum(r["cost_gbp"] for r in rows), 2)}


@route("GET", "/mechanics")
def list_mechanics(params, query, body):
    return 200, [{"mechanic_id": m["mechanic_id"], "name": m["name"], "garage": m["garage"]}
                 for m in MECHANICS.values()]


@route("GET", "/mechanics/{mechanic_id}")
def get_mechanic(params, query, body):
    return 200, get_or_404(MECHANICS, params["mechanic_id"], "mechanic")


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
