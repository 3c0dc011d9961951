"""Lindenfeld Credit Union online banking service: a small in-memory HTTP API (stdlib only).

Usage: python bank_service.py PORT   (serves under /api on 127.0.0.1:PORT)
Deterministic: fixed seed data, no clock, no randomness; freeze and transfer references are derived from the
request content. Amounts are in EUR; debits are negative.
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
BUSINESS_DATE = "2026-11-27"


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


def words_in(query, text):
    tokens = [t for t in re.split(r"[\s,]+", query.lower()) if t]
    return all(t in text.lower() for t in tokens)


CUSTOMERS = {c["customer_id"]: c for c in [
    {"customer_id": "CU-1180", "name": "Olamide Balogun", "email": "olamide.balogun@example.com",
     "phone": "+49 30 5550 2180", "member_since": "2019-04-11", "address": "Pappelallee 17, 10437 Berlin"},
    {"customer_id": "CU-1184", "name": "Ingrid Solberg", "email": "ingrid.solberg@example.net",
     "phone": "+49 30 5550 2184", "member_since": "2016-09-02", "address": "Havelstrasse 4, 13597 Berlin"},
    {"customer_id": "CU-1191", "name": "Kwame Asante", "email": "kwame.asante@example.net",
     "phone": "+49 30 5550 2191", "member_since": "2021-01-25", "address": "Lindenweg 88, 14467 Potsdam"},
    {"customer_id": "CU-1195", "name": "Ingrid Solheim", "email": "i.solheim@example.org",
     "phone": "+49 30 5550 2195", "member_since": "2023-06-30", "address": "Seestrasse 21, 13353 Berlin"},
    {"customer_id": "CU-1203", "name": "Mateus Carvalho", "email": "mateus.carvalho@example.com",
     "phone": "+49 30 5550 2203", "member_since": "2024-03-14", "address": "Kantstrasse 9, 10623 Berlin"},
]}

ACCOUNTS = {a["account_id"]: a for a in [
    {"account_id": "AC-33017", "customer_id": "CU-1184", "type": "checking", "name": "Everyday Checking",
     "iban": "DE00 4401 0000 0033 0170 00", "balance": 842.15, "interest_rate": 0.0, "opened": "2016-09-02",
     "overdraft_limit": 500.0},
    {"account_id": "AC-33018", "customer_id": "CU-1184", "type": "savings", "name": "Rainy Day Saver",
     "iban": "DE00 4401 0000 0033 0180 00", "balance": 6120.4, "interest_rate": 2.15, "opened": "2018-02-19",
     "overdraft_limit": 0.0},
    {"account_id": "AC-41102", "customer_id": "CU-1180", "type": "checking", "name": "Everyday Checking",
     "iban": "DE00 4401 0000 0041 1020 00", "balance": 311.4, "interest_rate": 0.0, "opened": "2019-04-11",
     "overdraft_limit": 300.0},
    {"account_id": "AC-41103", "customer_id": "CU-1180", "type": "savings", "name": "Goal Saver",
     "iban": "DE00 4401 0000 0041 1030 00", "balance": 2450.0, "interest_rate": 2.15, "opened": "2020-07-01",
     "overdraft_limit": 0.0},
    {"account_id": "AC-41109", "customer_id": "CU-1180", "type": "credit_card", "name": "Linden Credit Card",
     "iban": None, "balance": -618.29, "interest_rate": 16.9, "opened": "2022-10-05", "overdraft_limit": 2000.0},
    {"account_id": "AC-52290", "customer_id": "CU-1191", "type": "checking", "name": "Everyday Checking",
     "iban": "DE00 4401 0000 0052 2900 00", "balance": 964.3, "interest_rate": 0.0, "opened": "2021-01-25",
     "overdraft_limit": 250.0},
    {"account_id": "AC-52291", "customer_id": "CU-1191", "type": "savings", "name": "Easy Access Saver",
     "iban": "DE00 4401 0000 0052 2910 00", "balance": 3875.0, "interest_rate": 1.75, "opened": "2021-03-08",
     "overdraft_limit": 0.0},
    {"account_id": "AC-60410", "customer_id": "CU-1195", "type": "checking", "name": "Everyday Checking",
     "iban": "DE00 4401 0000 0060 4100 00", "balance": 155.0, "interest_rate": 0.0, "opened": "2023-06-30",
     "overdraft_limit": 0.0},
]}

MERCHANTS = {m["merchant_id"]: m for m in [
    {"merchant_id": "M-610", "name": "Freshfield Market", "category": "groceries", "city": "Berlin",
     "phone": "+49 30 5550 1610", "website": "https://freshfield-market.example"},
    {"merchant_id": "M-614", "name": "Green Basket Organics", "category": "groceries", "city": "Berlin",
     "phone": "+49 30 5550 1614", "website": "https://greenbasket.example"},
    {"merchant_id": "M-620", "name": "Kaffeewerk Lindenplatz", "category": "dining", "city": "Berlin",
     "phone": "+49 30 5550 1620", "website": None},
    {"merchant_id": "M-621", "name": "Trattoria Fiume", "category": "dining", "city": "Berlin",
     "phone": "+49 30 5550 1621", "website": "https://trattoria-fiume.example"},
    {"merchant_id": "M-630", "name": "Nordlicht Reisen", "category": "travel agency", "city": "Hamburg",
     "phone": "+49 40 5550 1630", "website": "https://nordlicht-reisen.example"},
    {"merchant_id": "M-640", "name": "Stromwerk Energie", "category": "utilities", "city": "Berlin",
     "phone": "+49 30 5550 1640", "website": "https://stromwerk.example"},
    {"merchant_id": "M-650", "name": "PeakFit Gym", "category": "fitness", "city": "Berlin",
     "phone": "+49 30 5550 1650", "website": "https://peakfit.example"},
    {"merchant_id": "M-660", "name": "Lumora Electronics", "category": "electronics", "city": "Berlin",
     "phone": "+49 30 5550 1660", "website": "https://lumora.example"},
    {"merchant_id": "M-670", "name": "Baltic Dune Hotel", "category": "lodging", "city": "Klaipeda",
     "phone": "+370 46 555 670", "website": "https://balticdune.example"},
    {"merchant_id": "M-671", "name": "Harbour Lights Inn", "category": "lodging", "city": "Gdansk",
     "phone": "+48 58 555 0671", "website": "https://harbourlights.example"},
    {"merchant_id": "M-680", "name": "Cityline Transit", "category": "transport", "city": "Berlin",
     "phone": "+49 30 5550 1680", "website": "https://cityline.example"},
]}


def _tx(tid, account, date, amount, description, category, merchant=None, card=None):
    return {"transaction_id": tid, "account_id": account, "date": date, "amount": amount,
            "description": description, "category": category, "merchant_id": merchant, "card_id": card}


TRANSACTIONS = {t["transaction_id"]: t for t in [
    _tx("TX-700190", "AC-33017", "2026-10-20", -62.1, "FRESHFIELD MKT 0412 HAVEL", "groceries", "M-610", "CARD-9001"),
    _tx("TX-700192", "AC-33017", "2026-10-30", -35.0, "KAFFEEWERK LINDENPL", "dining", "M-620", "CARD-9001"),
    _tx("TX-700201", "AC-33017", "2026-11-03", -54.2, "FRESHFIELD MKT 0412 HAVEL", "groceries", "M-610", "CARD-9001"),
    _tx("TX-700203", "AC-33017", "2026-11-05", -9.8, "KAFFEEWERK LINDENPL", "dining", "M-620", "CARD-9002"),
    _tx("TX-700205", "AC-33017", "2026-11-07", -412.0, "NLR*TRVL 88120 HH", "travel", "M-630", "CARD-9001"),
    _tx("TX-700207", "AC-33017", "2026-11-10", -38.75, "FRESHFIELD MKT 0412 HAVEL", "groceries", "M-610",
        "CARD-9002"),
    _tx("TX-700209", "AC-33017", "2026-11-12", -64.99, "STROMWERK ENERGIE DD 11/26", "utilities", "M-640"),
    _tx("TX-700211", "AC-33017", "2026-11-15", 1850.0, "SALARY HAVELBERG GMBH", "income"),
    _tx("TX-700212", "AC-33017", "2026-11-18", -71.3, "GRNBSKT ORG 22 BLN", "groceries", "M-614", "CARD-9001"),
    _tx("TX-700214", "AC-33017", "2026-11-21", -27.4, "KAFFEEWERK LINDENPL", "dining", "M-620", "CARD-9001"),
    _tx("TX-700219", "AC-33017", "2026-11-26", -23.95, "FRESHFIELD MKT 0412 HAVEL", "groceries", "M-610",
        "CARD-9001"),
    _tx("TX-700221", "AC-33017", "2026-11-28", -250.0, "TRANSFER TO AC-33018", "transfers"),
    _tx("TX-700160", "AC-41109", "2026-10-02", -45.6, "SPRT*PEAKFIT 221", "fitness", "M-650", "CARD-9010"),
    _tx("TX-700163", "AC-41109", "2026-10-09", -189.99, "LUMO*ELEC 3381", "shopping", "M-660", "CARD-9010"),
    _tx("TX-700166", "AC-41109", "2026-10-14", -326.5, "HTL*BKG 90311 KLAIPEDA", "travel", "M-670", "CARD-9010"),
    _tx("TX-700168", "AC-41109", "2026-10-21", -58.2, "TRATTORIA FIUME", "dining", "M-621", "CARD-9010"),
    _tx("TX-700171", "AC-41109", "2026-10-27", 150.0, "PAYMENT THANK YOU", "payments"),
    _tx("TX-700175", "AC-41109", "2026-11-04", -410.0, "HTL*BKG 90877 GDANSK", "travel", "M-671", "CARD-9010"),
    _tx("TX-700178", "AC-41109", "2026-11-19", -45.6, "SPRT*PEAKFIT 221", "fitness", "M-650", "CARD-9010"),
    _tx("TX-700240", "AC-41102", "2026-10-31", 1420.0, "SALARY SPREEWERK AG", "income"),
    _tx("TX-700244", "AC-41102", "2026-11-02", -49.9, "CITYLINE TRAM PASS NOV", "transport", "M-680"),
    _tx("TX-700247", "AC-41102", "2026-11-05", -150.0, "CARD PAYMENT LINDEN CC", "payments"),
    _tx("TX-700260", "AC-52290", "2026-11-01", -640.0, "RENT NOV FERROVIA PM", "housing"),
    _tx("TX-700262", "AC-52290", "2026-11-03", -120.0, "TRANSFER LENA HARTMANN", "transfers"),
    _tx("TX-700266", "AC-52290", "2026-11-14", 1980.0, "SALARY POTSDAM LOGISTIK", "income"),
]}

CARDS = {c["card_id"]: c for c in [
    {"card_id": "CARD-9001", "account_id": "AC-33017", "type": "debit", "last4": "4821", "holder": "Ingrid Solberg",
     "expires": "2028-07", "status": "active"},
    {"card_id": "CARD-9002", "account_id": "AC-33017", "type": "debit", "last4": "7730", "holder": "Ingrid Solberg",
     "expires": "2027-03", "status": "active"},
    {"card_id": "CARD-9010", "account_id": "AC-41109", "type": "credit", "last4": "1186",
     "holder": "Olamide Balogun", "expires": "2029-01", "status": "active"},
    {"card_id": "CARD-9011", "account_id": "AC-41102", "type": "debit", "last4": "4821", "holder": "Olamide Balogun",
     "expires": "2027-11", "status": "active"},
    {"card_id": "CARD-9020", "account_id": "AC-52290", "type": "debit", "last4": "3357", "holder": "Kwame Asante",
     "expires": "2028-02", "status": "active"},
]}

PAYEES = {p["payee_id"]: p for p in [
    {"payee_id": "PY-301", "customer_id": "CU-1191", "name": "Lena Hartmann", "iban": "DE00 1203 0000 1077 4410 00",
     "nickname": "Lena (flat)"},
    {"payee_id": "PY-302", "customer_id": "CU-1191", "name": "Ferrovia Property Management",
     "iban": "DE00 1001 0010 0520 7777 00", "nickname": "Rent"},
    {"payee_id": "PY-303", "customer_id": "CU-1191", "name": "Yaw Asante", "iban": "GH00 0300 1000 4521 88",
     "nickname": "Dad"},
    {"payee_id": "PY-310", "customer_id": "CU-1184", "name": "Stromwerk Energie",
     "iban": "DE00 3704 0044 0640 9900 00", "nickname": "Electricity"},
    {"payee_id": "PY-311", "customer_id": "CU-1184", "name": "Lena Hartmann", "iban": "DE00 1203 0000 1077 4410 00",
     "nickname": None},
]}
TRANSFERS = {}


def get_or_404(table, key, what):
    item = table.get(key) or table.get(key.upper())
    if item is None:
        raise ApiError(404, f"{what} {key} not found")
    return item


def account_summary(a):
    return {k: a[k] for k in ("account_id", "type", "name", "balance")}


@route("GET", "/customers")
def search_customers(params, query, body):
    name, email = query.get("name", "").strip(), query.get("email", "").strip().lower()
    if not name and not email:
        raise ApiError(400, "give name or email")
    rows = [{k: c[k] for k in ("customer_id", "name", "email")} for c in CUSTOMERS.values()
            if (not name or words_in(name, c["name"])) and (not email or c["email"] == email)]
    return 200, {"customers": rows, "count": len(rows)}


@route("GET", "/customers/{customer_id}")
def get_customer(params, query, body):
    return 200, get_or_404(CUSTOMERS, params["customer_id"], "customer")


@route("GET", "/customers/{customer_id}/accounts")
def list_customer_accounts(params, query, body):
    c = get_or_404(CUSTOMERS, params["customer_id"], "customer")
    rows = [account_summary(a) for a in ACCOUNTS.values() if a["customer_id"] == c["customer_id"]]
    return 200, {"customer_id": c["customer_id"], "accounts": rows, "count": len(rows)}


@route("GET", "/customers/{customer_id}/payees")
def list_payees(params, query, body):
    c = get_or_404(CUSTOMERS, params["customer_id"], "customer")
    rows = [{k: v for k, v in p.items() if k != "customer_id"} for p in PAYEES.values()
            if p["customer_id"] == c["customer_id"]]
    return 200, {"customer_id": c["customer_id"], "payees": rows}


@route("GET", "/accounts/{account_id}")
def get_account(params, query, body):
    a = dict(get_or_404(ACCOUNTS, params["account_id"], "account"))
    a["customer_name"] = CUSTOMERS[a["customer_id"]]["name"]
    a["currency"] = "EUR"
    return 200, a


@route("GET", "/accounts/{account_id}/transactions")
def list_transactions(params, query, body):
    a = get_or_404(ACCOUNTS, params["account_id"], "account")
    start, end = query.get("from", ""), query.get("to", "")
    for value in (start, end):
        if value and not re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
            raise ApiError(400, "from and to must be YYYY-MM-DD")
    category = query.get("category", "").strip().lower()
    direction = query.get("direction", "").strip().lower()
    if direction not in ("", "debit", "credit"):
        raise ApiError(400, "direction must be debit or credit")
    sort = query.get("sort", "date_desc")
    if sort not in ("date_desc", "date_asc", "amount_desc"):
        raise ApiError(400, "sort must be date_desc, date_asc or amount_desc")
    try:
        page, page_size = int(query.get("page", 1)), int(query.get("page_size", 20))
    except ValueError:
        raise ApiError(400, "page and page_size must be integers") from None
    if page < 1 or not 1 <= page_size <= 100:
        raise ApiError(400, "page must be >= 1 and page_size between 1 and 100")
    rows = [t for t in TRANSACTIONS.values() if t["account_id"] == a["account_id"]
            and (not start or t["date"] >= start) and (not end or t["date"] <= end)
            and (not category or t["category"] == category)
            and (not direction or (t["amount"] < 0) == (direction == "debit"))]
    if sort == "amount_desc":
        rows.sort(key=lambda t: (-abs(t["amount"]), t["date"]))
    else:
        rows.sort(key=lambda t: (t["date"], t["transaction_id"]), reverse=sort == "date_desc")
    debits = round(sum(t["amount"] for t in rows if t["amount"] < 0), 2)
    credits = round(sum(t["amount"] for t in rows if t["amount"] > 0), 2)
    first = (page - 1) * page_size
    items = [{k: t[k] for k in ("transaction_id", "date", "amount", "description", "category")}
             for t in rows[first:first + page_size]]
    return 200, {"account_id": a["account_id"], "transactions": items, "page": page, "page_size": page_size,
                 "total_count": len(rows), "next_page": page + 1 if first + page_size < len(rows) else None,
                 "summary": {"total_debits": debits, "total_credits": credits, "net": round(debits + credits, 2)}}


@route("GET", "/transactions/{transaction_id}")
def get_transaction(params, query, body):
    t = dict(get_or_404(TRANSACTIONS, params["transaction_id"], "transaction"))
    t["merchant_name"] = MERCHANTS[t["merchant_id"]]["name"] if t["merchant_id"] else None
    t["card_last4"] = CARDS[t["card_id"]]["last4"] if t["card_id"] else None
    t["currency"] = "EUR"
    return 200, t


@route("GET", "/merchants/{merchant_id}")
def get_merchant(params, query, body):
    return 200, get_or_404(MERCHANTS, params["merchant_id"], "merchant")


@route("GET", "/accounts/{account_id}/cards")
def list_cards(params, query, body):
    a = get_or_404(ACCOUNTS, params["account_id"], "account")
    return 200, {"account_id": a["account_id"],
                 "cards": [{k: v for k, v in c.items() if k not in ("freeze_reference", "freeze_reason")}
                           for c in CARDS.values() if c["account_id"] == a["account_id"]]}


@route("POST", "/cards/{card_id}/freeze")
def freeze_card(params, query, body):
    c = get_or_404(CARDS, params["card_id"], "card")
    reason = str((body or {}).get("reason") or "unspecified")
    with LOCK:
        if c["status"] != "frozen":
            c["status"] = "frozen"
            c["freeze_reference"] = code("FRZ", c["card_id"], c["account_id"])
            c["freeze_reason"] = reason
    return 200, {"card_id": c["card_id"], "last4": c["last4"], "status": "frozen", "reason": c["freeze_reason"],
                 "freeze_reference": c["freeze_reference"]}


@route("POST", "/transfers")
def create_transfer(params, query, body):
    for field in ("from_account_id", "payee_id", "amount"):
        if body.get(field) in (None, ""):
            raise ApiError(400, f"field '{field}' is required")
    a = get_or_404(ACCOUNTS, str(body["from_account_id"]), "account")
    p = get_or_404(PAYEES, str(body["payee_id"]), "payee")
    if p["customer_id"] != a["customer_id"]:
        raise ApiError(403, f"payee {p['payee_id']} does not belong to the owner of {a['account_id']}")
    if a["type"] == "credit_card":
        raise ApiError(422, "transfers cannot be made from a credit card account")
    try:
        amount = round(float(body["amount"]), 2)
    except (TypeError, ValueError):
        raise ApiError(400, "amount must be a number") from None
    if amount <= 0:
        raise ApiError(400, "amount must be positive")
    reference = " ".join(str(body.get("reference") or "").split())
    ref = code("TRF", a["account_id"], p["payee_id"], f"{amount:.2f}", reference.lower())
    with LOCK:
        if ref in TRANSFERS:
            return 200, TRANSFERS[ref]
        if a["balance"] + a["overdraft_limit"] < amount:
            raise ApiError(422, f"insufficient funds in {a['account_id']}")
        a["balance"] = round(a["balance"] - amount, 2)
        TRANSFERS[ref] = {"transfer_ref": ref, "from_account_id": a["account_id"], "payee_id": p["payee_id"],
                          "payee_name": p["name"], "amount": amount, "currency": "EUR", "reference": reference,
                          "status": "accepted", "execution_date": BUSINESS_DATE, "balance_after": a["balance"]}
    return 201, TRANSFERS[ref]


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
