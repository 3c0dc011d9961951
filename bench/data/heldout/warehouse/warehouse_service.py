"""Northwind warehouse inventory service: SKUs, stock per location, suppliers, purchase orders, shipments.

Usage: python warehouse_service.py PORT   (serves under /api on 127.0.0.1:PORT)
Deterministic: fixed seed data, no randomness; new PO numbers are derived from the order's content.
"""
import datetime
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


LOCATIONS = {
    "RTM-01": {"location_code": "RTM-01", "name": "Rotterdam Europoort DC", "city": "Rotterdam", "country": "NL",
               "address": "Moezelweg 180, 3198 LS Rotterdam", "manager": "Femke de Vries",
               "manager_email": "femke.devries@northwind-logistics.example", "phone": "+31 10 555 0190"},
    "LDZ-02": {"location_code": "LDZ-02", "name": "Lodz Central Warehouse", "city": "Lodz", "country": "PL",
               "address": "ul. Pabianicka 221, 93-457 Lodz", "manager": "Kasia Wrobel",
               "manager_email": "kasia.wrobel@northwind-logistics.example", "phone": "+48 42 555 0127"},
    "VLC-03": {"location_code": "VLC-03", "name": "Valencia Port Hub", "city": "Valencia", "country": "ES",
               "address": "Avenida del Puerto 332, 46024 Valencia", "manager": "Javier Ortega",
               "manager_email": "javier.ortega@northwind-logistics.example", "phone": "+34 96 555 0143"},
    "LYS-04": {"location_code": "LYS-04", "name": "Lyon Satellite Depot", "city": "Lyon", "country": "FR",
               "address": "12 Rue de la Logistique, 69200 Venissieux", "manager": "Claire Dubois",
               "manager_email": "claire.dubois@northwind-logistics.example", "phone": "+33 4 55 50 01 68"},
}


def _product(sku, name, category, unit, weight_kg, reorder_point, supplier_id, unit_cost):
    return {"sku": sku, "name": name, "category": category, "unit": unit, "weight_kg": weight_kg,
            "reorder_point": reorder_point, "preferred_supplier_id": supplier_id, "unit_cost_eur": unit_cost}


PRODUCTS = {p["sku"]: p for p in [
    _product("WH-BLT-0420", "M8 hex bolt, zinc plated (box of 100)", "Fasteners", "box", 1.6, 150, "SUP-11", 7.40),
    _product("WH-BLT-0430", "M10 hex bolt, zinc plated (box of 100)", "Fasteners", "box", 2.5, 120, "SUP-11", 9.90),
    _product("WH-NUT-0108", "M8 nylon lock nut (box of 200)", "Fasteners", "box", 0.9, 100, "SUP-11", 5.20),
    _product("WH-HNG-0075", "Stainless hinge 75 mm (pair)", "Hardware", "pair", 0.2, 60, "SUP-11", 3.15),
    _product("WH-DRL-1800", "Cordless drill 18V with two batteries", "Power tools", "each", 2.1, 25, "SUP-12", 94.00),
    _product("WH-DRL-1200", "Cordless drill 12V compact", "Power tools", "each", 1.2, 20, "SUP-12", 61.50),
    _product("WH-TAP-0048", "Packing tape 48 mm x 66 m, clear (6-pack)", "Packaging", "pack", 1.1, 200, "SUP-13",
             6.80),
    _product("WH-TAP-0050", "Packing tape 50 mm x 66 m, brown (6-pack)", "Packaging", "pack", 1.1, 150, "SUP-13",
             6.60),
    _product("WH-WRP-0500", "Pallet wrap film 500 mm x 300 m", "Packaging", "roll", 2.7, 80, "SUP-13", 11.25),
    _product("WH-BOX-4030", "Corrugated box 40x30x30 cm (bundle of 25)", "Packaging", "bundle", 6.0, 300, "SUP-14",
             18.90),
    _product("WH-GLV-0009", "Nitrile work gloves size 9 (box of 50)", "Safety", "box", 0.5, 90, "SUP-15", 8.75),
]}

SUPPLIERS = {
    "SUP-11": {"supplier_id": "SUP-11", "name": "Nordhavn Fasteners ApS", "country": "DK", "city": "Aarhus",
               "contact_name": "Mette Lund", "email": "mette.lund@nordhavn-fasteners.example",
               "phone": "+45 86 12 44 10", "lead_time_days": 12},
    "SUP-12": {"supplier_id": "SUP-12", "name": "Kestrel Tools Ltd", "country": "GB", "city": "Sheffield",
               "contact_name": "Owen Price", "email": "owen.price@kestreltools.example",
               "phone": "+44 114 496 0321", "lead_time_days": 18},
    "SUP-13": {"supplier_id": "SUP-13", "name": "Baltic Packaging Solutions", "country": "PL", "city": "Gdansk",
               "contact_name": "Agnieszka Kowal", "email": "a.kowal@balticpack.example",
               "phone": "+48 58 320 71 90", "lead_time_days": 7},
    "SUP-14": {"supplier_id": "SUP-14", "name": "Iberia Cartonajes SL", "country": "ES", "city": "Zaragoza",
               "contact_name": "Lucia Romero", "email": "lromero@iberiacartonajes.example",
               "phone": "+34 976 55 01 32", "lead_time_days": 9},
    "SUP-15": {"supplier_id": "SUP-15", "name": "Safeguard PPE GmbH", "country": "DE", "city": "Dortmund",
               "contact_name": "Jan Hoffmann", "email": "j.hoffmann@safeguard-ppe.example",
               "phone": "+49 231 555 0178", "lead_time_days": 10},
}

STOCK = [  # (sku, location_code, on_hand, reserved, bin)
    ("WH-BLT-0420", "RTM-01", 640, 40, "A-12-03"), ("WH-BLT-0420", "LDZ-02", 212, 0, "C-04-11"),
    ("WH-BLT-0420", "VLC-03", 95, 10, "B-02-07"), ("WH-BLT-0430", "RTM-01", 180, 0, "A-12-04"),
    ("WH-NUT-0108", "RTM-01", 330, 25, "A-13-01"), ("WH-HNG-0075", "LDZ-02", 74, 4, "C-09-02"),
    ("WH-DRL-1800", "RTM-01", 138, 6, "D-01-01"), ("WH-DRL-1800", "VLC-03", 57, 2, "E-03-05"),
    ("WH-DRL-1200", "LDZ-02", 44, 0, "C-15-06"), ("WH-TAP-0048", "RTM-01", 300, 0, "F-02-02"),
    ("WH-TAP-0048", "VLC-03", 88, 12, "B-07-01"), ("WH-TAP-0050", "LDZ-02", 260, 0, "C-20-03"),
    ("WH-WRP-0500", "LDZ-02", 120, 15, "C-21-01"), ("WH-WRP-0500", "LYS-04", 35, 0, "L-01-04"),
    ("WH-BOX-4030", "RTM-01", 410, 50, "F-08-01"), ("WH-BOX-4030", "LDZ-02", 935, 100, "C-30-01"),
    ("WH-BOX-4030", "VLC-03", 720, 0, "B-11-02"), ("WH-BOX-4030", "LYS-04", 150, 0, "L-03-01"),
    ("WH-GLV-0009", "LYS-04", 210, 20, "L-05-02"),
]


def _po(po, supplier, status, order_date, expected, location, lines, shipment=None):
    return {"po_number": po, "supplier_id": supplier, "status": status, "order_date": order_date,
            "expected_date": expected, "deliver_to": location,
            "lines": [{"sku": s, "quantity": q} for s, q in lines], "shipment_id": shipment}


ORDERS = {o["po_number"]: o for o in [
    _po("PO-2026-0150", "SUP-11", "received", "2026-09-14", "2026-09-26", "RTM-01", [("WH-BLT-0420", 500)],
        "SHP-88102"),
    _po("PO-2026-0179", "SUP-11", "received", "2026-10-20", "2026-10-31", "LDZ-02", [("WH-NUT-0108", 250)],
        "SHP-88190"),
    _po("PO-2026-0187", "SUP-11", "in_transit", "2026-11-02", "2026-11-28", "LDZ-02",
        [("WH-HNG-0075", 200), ("WH-BLT-0430", 300)], "SHP-88213"),
    _po("PO-2026-0176", "SUP-12", "received", "2026-10-15", "2026-11-03", "RTM-01", [("WH-DRL-1800", 80)],
        "SHP-88171"),
    _po("PO-2026-0203", "SUP-12", "in_transit", "2026-11-12", "2026-12-02", "VLC-03", [("WH-DRL-1800", 60)],
        "SHP-88251"),
    _po("PO-2026-0208", "SUP-12", "placed", "2026-11-19", "2026-12-15", "LDZ-02", [("WH-DRL-1200", 40)]),
    _po("PO-2026-0168", "SUP-13", "received", "2026-10-06", "2026-10-13", "RTM-01", [("WH-TAP-0048", 400)],
        "SHP-88160"),
    _po("PO-2026-0192", "SUP-13", "placed", "2026-11-10", "2026-12-01", "LDZ-02", [("WH-WRP-0500", 150)]),
    _po("PO-2026-0195", "SUP-13", "placed", "2026-11-16", "2026-12-04", "RTM-01",
        [("WH-TAP-0050", 300), ("WH-TAP-0048", 200)]),
    _po("PO-2026-0201", "SUP-13", "in_transit", "2026-11-11", "2026-11-27", "LYS-04", [("WH-WRP-0500", 60)],
        "SHP-88240"),
    _po("PO-2026-0185", "SUP-14", "received", "2026-10-29", "2026-11-07", "VLC-03", [("WH-BOX-4030", 600)],
        "SHP-88205"),
]}


def _shp(sid, po, carrier, tracking, status, shipped, eta):
    return {"shipment_id": sid, "po_number": po, "carrier": carrier, "tracking_number": tracking,
            "status": status, "shipped_on": shipped, "eta": eta}


SHIPMENTS = {s["shipment_id"]: s for s in [
    _shp("SHP-88102", "PO-2026-0150", "DSV", "DSV-7730402218", "delivered", "2026-09-21", "2026-09-26"),
    _shp("SHP-88190", "PO-2026-0179", "DSV", "DSV-7730410086", "delivered", "2026-10-27", "2026-10-31"),
    _shp("SHP-88213", "PO-2026-0187", "DSV", "DSV-7730415529", "in_transit", "2026-11-20", "2026-11-28"),
    _shp("SHP-88171", "PO-2026-0176", "DHL Freight", "DHLF-4471-0061-07", "delivered", "2026-10-28", "2026-11-03"),
    _shp("SHP-88251", "PO-2026-0203", "DHL Freight", "DHLF-4471-0093-22", "in_transit", "2026-11-24",
         "2026-12-02"),
    _shp("SHP-88160", "PO-2026-0168", "Raben Group", "RBN-PL-5520388", "delivered", "2026-10-10", "2026-10-13"),
    _shp("SHP-88240", "PO-2026-0201", "Raben Group", "RBN-PL-5521907", "in_transit", "2026-11-23", "2026-11-27"),
    _shp("SHP-88205", "PO-2026-0185", "Transportes Ebro", "TEB-2026-118834", "delivered", "2026-11-04",
         "2026-11-07"),
]}

TRANSFERS = {}


def get_or_404(table, key, what):
    item = table.get(key) or table.get(key.upper())
    if item is None:
        raise ApiError(404, f"{what} {key} not found")
    return item


def stock_row(sku, loc, on_hand, reserved, bin_):
    return {"sku": sku, "location_code": loc, "location_name": LOCATIONS[loc]["name"], "on_hand": on_hand,
            "reserved": reserved, "available": on_hand - reserved, "bin": bin_}


@route("GET", "/products")
def search_products(params, query, body):
    q = query.get("q", "").strip()
    category = query.get("category", "").strip().lower()
    rows = [{"sku": p["sku"], "name": p["name"], "category": p["category"]} for p in PRODUCTS.values()
            if (not q or matches(p["name"] + " " + p["sku"], q))
            and (not category or p["category"].lower() == category)]
    return 200, {"products": rows, "count": len(rows)}


@route("GET", "/products/{sku}")
def get_product(params, query, body):
    return 200, get_or_404(PRODUCTS, params["sku"], "product")


@route("GET", "/stock")
def list_stock(params, query, body):
    sku = query.get("sku", "").strip().upper()
    loc = query.get("location_code", "").strip().upper()
    if not sku and not loc:
        raise ApiError(400, "give at least one of 'sku' or 'location_code'")
    rows = [stock_row(*s) for s in STOCK if (not sku or s[0] == sku) and (not loc or s[1] == loc)]
    return 200, {"stock": rows, "count": len(rows), "total_on_hand": sum(r["on_hand"] for r in rows)}


@route("POST", "/stock/transfers")
def create_transfer(params, query, body):
    for field in ("sku", "from_location", "to_location", "quantity"):
        if body.get(field) in (None, ""):
            raise ApiError(400, f"field '{field}' is required")
    sku, src, dst = str(body["sku"]).upper(), str(body["from_location"]).upper(), str(body["to_location"]).upper()
    get_or_404(PRODUCTS, sku, "product")
    get_or_404(LOCATIONS, src, "location")
    get_or_404(LOCATIONS, dst, "location")
    qty = int(body["quantity"])
    with LOCK:
        for i, s in enumerate(STOCK):
            if s[0] == sku and s[1] == src:
                if s[2] - s[3] < qty:
                    raise ApiError(409, f"only {s[2] - s[3]} available at {src}")
                STOCK[i] = (s[0], s[1], s[2] - qty, s[3], s[4])
                break
        else:
            raise ApiError(409, f"no stock of {sku} at {src}")
        for i, s in enumerate(STOCK):
            if s[0] == sku and s[1] == dst:
                STOCK[i] = (s[0], s[1], s[2] + qty, s[3], s[4])
                break
        else:
            STOCK.append((sku, dst, qty, 0, "RECV-01"))
        tid = code("TR", sku, src, dst, qty, len(TRANSFERS))
        TRANSFERS[tid] = {"transfer_id": tid, "sku": sku, "from_location": src, "to_location": dst, "quantity": qty}
    return 201, TRANSFERS[tid]


@route("GET", "/locations")
def list_locations(params, query, body):
    return 200, [{"location_code": loc["location_code"], "name": loc["name"], "city": loc["city"],
                  "country": loc["country"]} for loc in LOCATIONS.values()]


@route("GET", "/locations/{location_code}")
def get_location(params, query, body):
    return 200, get_or_404(LOCATIONS, params["location_code"], "location")


@route("GET", "/suppliers")
def search_suppliers(params, query, body):
    q = query.get("q", "").strip()
    rows = [{"supplier_id": s["supplier_id"], "name": s["name"], "country": s["country"]}
            for s in SUPPLIERS.values() if not q or matches(s["name"], q)]
    return 200, {"suppliers": rows, "count": len(rows)}


@route("GET", "/suppliers/{supplier_id}")
def get_supplier(params, query, body):
    return 200, get_or_404(SUPPLIERS, params["supplier_id"], "supplier")


@route("GET", "/suppliers/{supplier_id}/orders")
def list_supplier_orders(params, query, body):
    supplier = get_or_404(SUPPLIERS, params["supplier_id"], "supplier")
    status = query.get("status", "").strip().lower()
    if status and status not in ("placed", "in_transit", "received"):
        raise ApiError(400, "status must be one of placed, in_transit, received")
    rows = [{"po_number": o["po_number"], "status": o["status"], "order_date": o["order_date"],
             "line_count": len(o["lines"])}
            for o in sorted(ORDERS.values(), key=lambda o: o["order_date"], reverse=True)
            if o["supplier_id"] == supplier["supplier_id"] and (not status or o["status"] == status)]
    return 200, {"supplier_id": supplier["supplier_id"], "orders": rows, "count": len(rows)}


@route("POST", "/suppliers/{supplier_id}/orders")
def create_purchase_order(params, query, body):
    supplier = get_or_404(SUPPLIERS, params["supplier_id"], "supplier")
    for field in ("sku", "quantity", "location_code"):
        if body.get(field) in (None, ""):
            raise ApiError(400, f"field '{field}' is required")
    sku, loc = str(body["sku"]).upper(), str(body["location_code"]).upper()
    product = get_or_404(PRODUCTS, sku, "product")
    get_or_404(LOCATIONS, loc, "location")
    try:
        qty = int(body["quantity"])
    except (TypeError, ValueError):
        raise ApiError(400, "quantity must be an integer") from None
    if qty <= 0:
        raise ApiError(400, "quantity must be positive")
    digest = hashlib.sha1(f"{supplier['supplier_id']}|{sku}|{qty}|{loc}".encode()).hexdigest()
    po = f"PO-2026-{9000 + int(digest[:6], 16) % 1000}"
    with LOCK:
        if po not in ORDERS:
            ORDERS[po] = _po(po, supplier["supplier_id"], "placed", "2026-11-25", None, loc, [(sku, qty)])
            ORDERS[po]["expected_date"] = (datetime.date(2026, 11, 25)
                                           + datetime.timedelta(days=supplier["lead_time_days"])).isoformat()
    order = dict(ORDERS[po])
    order["total_eur"] = round(qty * product["unit_cost_eur"], 2)
    return 201, order


@route("GET", "/orders/{po_number}")
def get_purchase_order(params, query, body):
    order = dict(get_or_404(ORDERS, params["po_number"], "purchase order"))
    order["supplier_name"] = SUPPLIERS[order["supplier_id"]]["name"]
    order["total_eur"] = round(sum(line["quantity"] * PRODUCTS[line["sku"]]["unit_cost_eur"]
                                   for line in order["lines"]), 2)
    return 200, order


@route("GET", "/shipments")
def list_shipments(params, query, body):
    status = query.get("status", "").strip().lower()
    carrier = query.get("carrier", "").strip()
    rows = [{"shipment_id": s["shipment_id"], "po_number": s["po_number"], "carrier": s["carrier"],
             "status": s["status"], "eta": s["eta"]} for s in SHIPMENTS.values()
            if (not status or s["status"] == status) and (not carrier or matches(s["carrier"], carrier))]
    return 200, {"shipments": rows, "count": len(rows)}


@route("GET", "/shipments/{shipment_id}")
def get_shipment(params, query, body):
    return 200, get_or_404(SHIPMENTS, params["shipment_id"], "shipment")


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
