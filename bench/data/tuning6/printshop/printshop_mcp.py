"""Copperleaf Print Studio MCP server (stdio): customers, print jobs, quotes, paper stock, machines and invoices.

Run: python printshop_mcp.py   (speaks MCP over stdin/stdout)
Deterministic: fixed seed data (the shop's "today" is 2027-03-10), no clock, no randomness; new quote numbers are
derived from the quote's content (SHA-1 prefix). State lives in memory for the life of the process. All names,
companies, emails, phone numbers, addresses and codes are invented. Amounts are GBP; VAT is 20 %.
Licence: Apache-2.0.
"""
import datetime
import hashlib
import math
import re
import unicodedata

from typing_extensions import TypedDict  # pydantic needs this one on Python < 3.12

try:  # mcp >= 2 calls the high-level server MCPServer
    from mcp.server.mcpserver import MCPServer as _Server
    from mcp.server.mcpserver.exceptions import ToolError
except ImportError:  # mcp 1.x
    from mcp.server.fastmcp import FastMCP as _Server
    from mcp.server.fastmcp.exceptions import ToolError

server = _Server("copperleaf-print")

TODAY = datetime.date(2027, 3, 10)
VAT_RATE = 0.20


def _fold(text) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", str(text)) if not unicodedata.combining(c)).lower()


def _words_match(query: str, *texts) -> bool:
    words = [w for w in re.split(r"[^\w-]+", _fold(query)) if w]
    hay = " ".join(_fold(t) for t in texts if t)
    return all(w in hay for w in words)


def _date(value, name):
    try:
        return datetime.date.fromisoformat(str(value).strip())
    except ValueError:
        raise ToolError(f"{name} must be a date YYYY-MM-DD") from None


# --------------------------------------------------------------------------------------------- seed data
def _cu(cid, name, company, email, phone, address, terms, limit, disc, manager, since):
    return {"customer_id": cid, "name": name, "company": company, "email": email, "phone": phone,
            "billing_address": address, "payment_terms": terms, "credit_limit": limit, "discount_pct": disc,
            "account_manager": manager, "customer_since": since}


CUSTOMERS = {c["customer_id"]: c for c in [
    _cu("CU-201", "Saoirse Mulcahy", "Bramblegate Bakery", "saoirse@bramblegate-bakery.example", "+44 1632 960 201",
        "4 Cornmarket Lane, Eddisbury ED1 4CL", "14 days", 1500, 5, "Dmitri Vasquez-Holm", "2021-04-12"),
    _cu("CU-202", "Saoirse Mulhall", "Mulhall Architects", "s.mulhall@mulhall-arch.example", "+44 1632 960 202",
        "Studio 3, The Maltings, Eddisbury ED2 8TM", "30 days", 3000, 0, "Dmitri Vasquez-Holm", "2023-10-02"),
    _cu("CU-210", "Leopold Varga", "Varga & Finch Solicitors", "l.varga@vargafinch.example", "+44 1632 960 210",
        "17 Chancery Row, Eddisbury ED1 2CR", "30 days", 2500, 10, "Anouk Verhaegen", "2018-01-23"),
    _cu("CU-211", "Leonora Varga", "Oddfellows Theatre Company", "leonora@oddfellows-theatre.example",
        "+44 1632 960 211", "The Oddfellows Hall, Playhouse Yard, Eddisbury ED3 1PY", "14 days", 1200, 0,
        "Anouk Verhaegen", "2019-09-09"),
    _cu("CU-220", "Thandiwe Okafor", "Riverside Community Choir", "thandiwe.okafor@riversidechoir.example",
        "+44 1632 960 220", "c/o 9 Towpath Cottages, Eddisbury ED4 6TC", "14 days", 800, 5, "Dmitri Vasquez-Holm",
        "2022-02-17"),
    _cu("CU-221", "Perpetua Hargreaves", "St Brannock's Chamber Singers", "perpetua.h@stbrannocks.example",
        "+44 1632 960 221", "St Brannock's Vestry, Church Street, Ollerton Wick OW1 3CS", "14 days", 600, 0,
        "Anouk Verhaegen", "2024-11-05"),
    _cu("CU-230", "Bastian Krol", "Krol Cycles", "bastian@krolcycles.example", "+44 1632 960 230",
        "61 Spokeshave Street, Eddisbury ED2 5SS", "30 days", 1000, 0, "Anouk Verhaegen", "2020-06-30"),
    _cu("CU-231", "Bastian Kroll", "Bastian Kroll Photography", "hello@bastiankroll.example", "+44 1632 960 231",
        "Flat 8, Lantern House, Eddisbury ED1 9LH", "7 days", 500, 0, "Dmitri Vasquez-Holm", "2025-03-14"),
    _cu("CU-240", "Marguerite Oyelaran", "Ferncastle Primary School", "m.oyelaran@ferncastle-primary.example",
        "+44 1632 960 240", "Ferncastle Primary School, School Lane, Ferncastle FC2 7SL", "30 days", 2000, 12.5,
        "Dmitri Vasquez-Holm", "2017-09-04"),
    _cu("CU-241", "Declan Ashdown", "St Aldric's Junior School", "office@st-aldrics.example", "+44 1632 960 241",
        "St Aldric's Junior School, Priory Road, Ollerton Wick OW2 4PR", "30 days", 2000, 12.5, "Anouk Verhaegen",
        "2020-01-15"),
    _cu("CU-250", "Ewan Tolliver", "Tolliver Estate Agents", "ewan@tolliver-homes.example", "+44 1632 960 250",
        "2 Market Cross, Eddisbury ED1 1MC", "30 days", 4000, 7.5, "Anouk Verhaegen", "2016-05-19"),
    _cu("CU-260", "Fenella Quaye", "Quaye Wedding Stationery", "fenella@quaye-stationery.example",
        "+44 1632 960 260", "Unit 5, Bobbin Mill Yard, Eddisbury ED5 2BM", "14 days", 1500, 10, "Dmitri Vasquez-Holm",
        "2022-07-08"),
    _cu("CU-270", "Nadia Brookfield", "Harbourlight Gin Distillery", "nadia@harbourlight-gin.example",
        "+44 1632 960 270", "The Old Ropeworks, Quay Street, Saltby SB1 4QS", "30 days", 5000, 5, "Anouk Verhaegen",
        "2023-03-01"),
    _cu("CU-271", "Ravi Kallur", "Pennywhistle Toys", "ravi@pennywhistle-toys.example", "+44 1632 960 271",
        "22 Arcade Row, Eddisbury ED1 6AR", "30 days", 2500, 0, "Dmitri Vasquez-Holm", "2024-02-20"),
    _cu("CU-272", "Josie Almond", "Greyfriars Running Club", "races@greyfriars-rc.example", "+44 1632 960 272",
        "c/o 40 Abbey Walk, Eddisbury ED3 9AW", "14 days", 400, 0, "Anouk Verhaegen", "2025-01-11"),
    _cu("CU-273", "Anselm Dray", "Kittiwake Books", "anselm@kittiwakebooks.example", "+44 1632 960 273",
        "7 Gull Lane, Saltby SB2 7GL", "30 days", 1200, 5, "Dmitri Vasquez-Holm", "2019-12-03"),
]}

PAPER = {p["sku"]: p for p in [
    {"sku": "SLK-350", "nm": "Silk 350gsm", "gsm": 350, "sz": "SRA3", "fin": "silk", "qoh": 2400, "rol": 1000,
     "unit": "sheets", "cost": 0.21, "supplier": "Moorfield Paper Merchants"},
    {"sku": "SLK-150", "nm": "Silk 150gsm", "gsm": 150, "sz": "SRA3", "fin": "silk", "qoh": 5200, "rol": 2000,
     "unit": "sheets", "cost": 0.08, "supplier": "Moorfield Paper Merchants"},
    {"sku": "GLS-170", "nm": "Gloss 170gsm", "gsm": 170, "sz": "SRA3", "fin": "gloss", "qoh": 3100, "rol": 1500,
     "unit": "sheets", "cost": 0.09, "supplier": "Moorfield Paper Merchants"},
    {"sku": "UNC-100", "nm": "Uncoated Offset 100gsm", "gsm": 100, "sz": "SRA3", "fin": "uncoated", "qoh": 8000,
     "rol": 3000, "unit": "sheets", "cost": 0.04, "supplier": "Trellick & Sons"},
    {"sku": "UNC-120", "nm": "Uncoated Offset 120gsm", "gsm": 120, "sz": "SRA3", "fin": "uncoated", "qoh": 4100,
     "rol": 2000, "unit": "sheets", "cost": 0.05, "supplier": "Trellick & Sons"},
    {"sku": "RCY-115", "nm": "Recycled Offset 115gsm", "gsm": 115, "sz": "SRA3", "fin": "uncoated", "qoh": 900,
     "rol": 1000, "unit": "sheets", "cost": 0.05, "supplier": "Greenleaf Recycled Papers"},
    {"sku": "TXT-300-IV", "nm": "Harrowgate Laid Ivory 300gsm", "gsm": 300, "sz": "SRA3", "fin": "laid",
     "qoh": 140, "rol": 250, "unit": "sheets", "cost": 0.48, "supplier": "Harrowgate Mills"},
    {"sku": "TXT-300-WH", "nm": "Harrowgate Laid White 300gsm", "gsm": 300, "sz": "SRA3", "fin": "laid",
     "qoh": 2600, "rol": 250, "unit": "sheets", "cost": 0.46, "supplier": "Harrowgate Mills"},
    {"sku": "KRF-250", "nm": "Kraft Board 250gsm", "gsm": 250, "sz": "SRA3", "fin": "uncoated", "qoh": 600,
     "rol": 400, "unit": "sheets", "cost": 0.19, "supplier": "Greenleaf Recycled Papers"},
    {"sku": "VNL-1370", "nm": "Self-adhesive Vinyl 1370mm", "gsm": 0, "sz": "1370mm x 50m roll", "fin": "matt",
     "qoh": 3, "rol": 2, "unit": "rolls", "cost": 96.0, "supplier": "Signcraft Supplies"},
]}

MACHINES = {m["machine_id"]: m for m in [
    {"machine_id": "MC-01", "name": "Aldane AX-5 five-colour offset press", "kind": "offset", "status": "running",
     "operator": "Gwenllian Pryor", "max_sheet": "SRA2", "fault": None, "back_in_service": None,
     "last_service": "2027-01-18", "next_service": "2027-04-18"},
    {"machine_id": "MC-02", "name": "Brisa C9100 digital press", "kind": "digital", "status": "running",
     "operator": "Tadhg Okonjo", "max_sheet": "SRA3", "fault": None, "back_in_service": None,
     "last_service": "2027-02-22", "next_service": "2027-05-22"},
    {"machine_id": "MC-03", "name": "Brisa C7 digital press", "kind": "digital", "status": "down",
     "operator": "Tadhg Okonjo", "max_sheet": "SRA3", "fault": "fuser unit replacement (engineer booked)",
     "back_in_service": "2027-03-12", "last_service": "2026-12-09", "next_service": "2027-03-12"},
    {"machine_id": "MC-04", "name": "Larkspur LW-160 wide-format printer", "kind": "wide-format",
     "status": "idle", "operator": "Selwyn Achebe-Ford", "max_sheet": "1600mm roll", "fault": None,
     "back_in_service": None, "last_service": "2027-02-01", "next_service": "2027-08-01"},
    {"machine_id": "MC-05", "name": "Tamsin 92 programmable guillotine", "kind": "finishing", "status": "running",
     "operator": "Selwyn Achebe-Ford", "max_sheet": "920mm", "fault": None, "back_in_service": None,
     "last_service": "2026-11-30", "next_service": "2027-05-30"},
    {"machine_id": "MC-06", "name": "Foilcraft FC-40 hot-foil press", "kind": "finishing", "status": "idle",
     "operator": "Gwenllian Pryor", "max_sheet": "SRA4", "fault": None, "back_in_service": None,
     "last_service": "2027-01-05", "next_service": "2027-07-05"},
]}


def _jb(jid, cust, title, qty, sz, col, stk, fin, mc, st, due, qt=None, inv=None, proof=None, notes=""):
    return {"id": jid, "title": title, "cust": cust, "qty": qty, "sz": sz, "col": col, "stk": stk, "fin": fin,
            "mc": mc, "st": st, "due": due, "qt": qt, "inv": inv, "proof": proof, "notes": notes}


def _pf(ver, sent, approved=None):
    return {"ver": ver, "sent": sent, "approved": approved}


JOBS = {j["id"]: j for j in [
    _jb("JB-4402", "CU-201", "Spring Menu 2027", 250, "A4", "4/4", "SLK-350", ["matt lamination", "creasing"],
        "MC-02", "collected", "2027-02-26", "QT-7690", "INV-3301", _pf(2, "2027-02-15", "2027-02-17")),
    _jb("JB-4403", "CU-201", "Spring Menu 2027 (tasting menu)", 120, "A5", "4/0", "UNC-120", [], "MC-02", "ready",
        "2027-03-11", "QT-7701", None, _pf(1, "2027-03-02", "2027-03-03")),
    _jb("JB-4408", "CU-230", "Window vinyl & spring posters", 120, "A3", "4/0", "GLS-170", [], "MC-04", "collected",
        "2027-02-16", "QT-7679", "INV-3305", _pf(1, "2027-02-09", "2027-02-10")),
    _jb("JB-4410", "CU-211", "The Tempest - Posters", 80, "A3", "4/0", "GLS-170", [], "MC-02", "collected",
        "2027-01-29", "QT-7662", "INV-3288", _pf(1, "2027-01-20", "2027-01-21")),
    _jb("JB-4417", "CU-250", "Open House Flyers", 2000, "A5", "4/4", "GLS-170", [], "MC-02", "collected",
        "2027-01-22", "QT-7655", "INV-3270", _pf(1, "2027-01-14", "2027-01-15")),
    _jb("JB-4419", "CU-231", "Exhibition postcards", 400, "A6", "4/4", "SLK-350", ["round corners"], "MC-02",
        "collected", "2027-02-25", "QT-7686", "INV-3309", _pf(2, "2027-02-18", "2027-02-20")),
    _jb("JB-4425", "CU-211", "The Tempest - Programmes", 500, "A5", "4/4", "SLK-150", ["folding", "stapling"],
        "MC-01", "collected", "2027-02-05", "QT-7668", "INV-3297", _pf(3, "2027-01-28", "2027-02-01")),
    _jb("JB-4429", "CU-210", "Client Guide to Conveyancing", 300, "A5", "4/4", "SLK-150", ["folding", "stapling"],
        "MC-02", "proofing", "2027-03-24", "QT-7704", None, _pf(1, "2027-03-08")),
    _jb("JB-4431", "CU-210", "Letterheads & Compliment Slips", 1000, "A4", "2/0", "UNC-100", [], "MC-03",
        "scheduled", "2027-03-15", "QT-7708", None, _pf(1, "2027-03-01", "2027-03-02")),
    _jb("JB-4433", "CU-211", "Spring Season Flyers", 1500, "A5", "4/4", "GLS-170", [], "MC-01", "invoiced",
        "2027-03-05", "QT-7699", "INV-3312", _pf(1, "2027-02-24", "2027-02-25")),
    _jb("JB-4434", "CU-260", "Wedding invitations - Adebayo & Lowe", 90, "A5", "4/0", "TXT-300-WH",
        ["gold foil", "round corners"], "MC-06", "proofing", "2027-03-29", "QT-7711", None, _pf(2, "2027-03-09")),
    _jb("JB-4436", "CU-270", "Harbourlight Navy Strength labels", 5000, "A6", "4/0", "KRF-250", ["gold foil"],
        "MC-01", "proofing", "2027-03-31", "QT-7713", None, _pf(1, "2027-03-05")),
    _jb("JB-4438", "CU-250", "Open House Flyers", 3000, "A5", "4/4", "GLS-170", [], "MC-01", "printing",
        "2027-03-12", "QT-7720", None, _pf(1, "2027-03-04", "2027-03-05")),
    _jb("JB-4439", "CU-271", "Spring catalogue 2027", 750, "A4", "4/4", "SLK-150", ["folding", "stapling"],
        "MC-01", "proofing", "2027-04-09", "QT-7716", None, _pf(3, "2027-03-09")),
    _jb("JB-4440", "CU-220", "Easter Concert Programme", 300, "A5", "4/4", "SLK-150", ["folding", "stapling"],
        "MC-02", "proofing", "2027-03-26", "QT-7712", None, _pf(1, "2027-03-08")),
    _jb("JB-4441", "CU-221", "Easter Concert Programme", 150, "A5", "1/1", "UNC-120", ["folding"], "MC-03",
        "proofing", "2027-03-30", "QT-7715", None, _pf(1, "2027-03-09")),
    _jb("JB-4442", "CU-272", "Abbey 10k race numbers", 650, "A5", "4/0", "UNC-120", [], "MC-02", "proofing",
        "2027-04-07", "QT-7717", None, _pf(1, "2027-03-09")),
    _jb("JB-4443", "CU-273", "Poetry month bookmarks", 2000, "A6", "4/4", "SLK-350", ["matt lamination"],
        "MC-02", "proofing", "2027-03-26", "QT-7718", None, _pf(2, "2027-03-07")),
    _jb("JB-4444", "CU-211", "Season Brochure 2027", 1200, "A4", "4/4", "SLK-150", ["folding", "stapling"],
        "MC-01", "proofing", "2027-04-14", "QT-7719", None, _pf(2, "2027-03-08")),
    _jb("JB-4445", "CU-202", "Practice portfolio", 40, "A3", "4/4", "SLK-350", ["matt lamination"], "MC-02",
        "proofing", "2027-03-19", "QT-7721", None, _pf(1, "2027-03-09")),
    _jb("JB-4446", "CU-231", "Gallery opening invitations", 150, "A6", "4/4", "SLK-350", [], "MC-02", "proofing",
        "2027-03-22", "QT-7722", None, _pf(1, "2027-03-10")),
    _jb("JB-4447", "CU-201", "Loyalty cards", 1000, "A6", "4/4", "SLK-350", ["round corners"], "MC-02",
        "approved", "2027-03-18", "QT-7723", None, _pf(1, "2027-03-06", "2027-03-08")),
    _jb("JB-4448", "CU-250", "Window cards", 200, "A4", "4/0", "SLK-350", [], "MC-02", "approved", "2027-03-17",
        "QT-7724", None, _pf(1, "2027-03-08", "2027-03-09")),
    _jb("JB-4449", "CU-260", "Order of service - Adebayo & Lowe", 90, "A5", "1/1", "TXT-300-WH", ["folding"],
        "MC-02", "quoted", "2027-04-02", "QT-7725"),
    _jb("JB-4450", "CU-240", "Spring Fair Posters", 60, "A3", "4/0", "GLS-170", [], "MC-02", "proofing",
        "2027-04-02", "QT-7726", None, _pf(1, "2027-03-09")),
    _jb("JB-4451", "CU-240", "Summer Term Newsletter", 420, "A4", "4/4", "RCY-115", ["folding"], "MC-02",
        "approved", "2027-04-16", "QT-7727", None, _pf(1, "2027-03-03", "2027-03-04")),
    _jb("JB-4452", "CU-240", "Open Evening Booklets", 200, "A5", "1/1", "UNC-100", ["folding", "stapling"],
        "MC-01", "quoted", "2027-04-23", "QT-7728"),
    _jb("JB-4454", "CU-240", "Reading Record Booklets", 350, "A5", "1/1", "RCY-115", ["folding", "stapling"],
        "MC-02", "approved", "2027-03-19", "QT-7703", None, _pf(1, "2027-02-26", "2027-03-01")),
    _jb("JB-4455", "CU-240", "Summer Concert Tickets", 300, "A6", "2/0", "KRF-250", [], "MC-02", "quoted",
        "2027-05-14", "QT-7729"),
    _jb("JB-4456", "CU-240", "Sports Day Certificates", 180, "A4", "4/0", "TXT-300-IV", [], "MC-02", "quoted",
        "2027-06-18", "QT-7730"),
    _jb("JB-4457", "CU-241", "Sports Day Certificates", 240, "A4", "4/0", "TXT-300-WH", [], "MC-02", "quoted",
        "2027-06-11", "QT-7731"),
    _jb("JB-4458", "CU-241", "Spring Fair Posters", 40, "A3", "4/0", "GLS-170", [], "MC-02", "approved",
        "2027-04-01", "QT-7732", None, _pf(1, "2027-03-05", "2027-03-06")),
    _jb("JB-4459", "CU-273", "Author event posters", 30, "A3", "4/0", "GLS-170", [], "MC-04", "cancelled",
        "2027-03-12", "QT-7710"),
]}


def _qt(qid, cust, job, issued, valid, status, lines):
    subtotal = round(sum(a for _, a in lines), 2)
    vat = round(subtotal * VAT_RATE, 2)
    return {"quote_id": qid, "customer_id": cust, "job_id": job, "issued": issued, "valid_until": valid,
            "status": status, "lines": [{"desc": d, "amount": a} for d, a in lines], "subtotal": subtotal,
            "discount": 0.0, "vat": vat, "total": round(subtotal + vat, 2)}


QUOTES = {q["quote_id"]: q for q in [
    _qt("QT-7690", "CU-201", "JB-4402", "2027-02-10", "2027-03-12", "accepted",
        [("Printing: 250 x A4, 4/4 on Silk 350gsm", 58.6), ("Matt lamination", 19.6), ("Creasing", 5.0),
         ("Set-up", 30.0)]),
    _qt("QT-7701", "CU-201", "JB-4403", "2027-02-28", "2027-03-30", "accepted",
        [("Printing: 120 x A5, 4/0 on Uncoated Offset 120gsm", 9.6), ("Set-up", 30.0)]),
    _qt("QT-7704", "CU-210", "JB-4429", "2027-03-03", "2027-04-02", "accepted",
        [("Printing: 300 x A5 8pp guide, 4/4 on Silk 150gsm", 148.0), ("Folding and stapling", 21.0),
         ("Set-up", 30.0)]),
    _qt("QT-7708", "CU-210", "JB-4431", "2027-02-25", "2027-03-27", "accepted",
        [("Printing: 1000 x A4 letterheads, 2/0 on Uncoated Offset 100gsm", 61.5),
         ("Printing: 1000 x DL compliment slips, 2/0", 38.0), ("Set-up", 30.0)]),
    _qt("QT-7712", "CU-220", "JB-4440", "2027-03-01", "2027-03-31", "sent",
        [("Printing: 300 x A5 12pp programme, 4/4 on Silk 150gsm", 245.0), ("Folding and saddle stitching", 77.0)]),
    _qt("QT-7715", "CU-221", "JB-4441", "2027-02-18", "2027-03-20", "sent",
        [("Printing: 150 x A5 8pp programme, 1/1 on Uncoated Offset 120gsm", 189.0), ("Folding", 30.0),
         ("Set-up", 30.0)]),
    _qt("QT-7720", "CU-250", "JB-4438", "2027-03-01", "2027-03-31", "accepted",
        [("Printing: 3000 x A5, 4/4 on Gloss 170gsm (offset)", 312.0), ("Plates and make-ready", 85.0)]),
    _qt("QT-7726", "CU-240", "JB-4450", "2027-03-04", "2027-04-03", "accepted",
        [("Printing: 60 x A3, 4/0 on Gloss 170gsm", 42.0), ("Set-up", 30.0)]),
    _qt("QT-7730", "CU-240", "JB-4456", "2027-03-09", "2027-04-08", "sent",
        [("Printing: 180 x A4 certificates, 4/0 on Harrowgate Laid Ivory 300gsm", 61.2), ("Set-up", 30.0)]),
    _qt("QT-7731", "CU-241", "JB-4457", "2027-03-08", "2027-04-07", "sent",
        [("Printing: 240 x A4 certificates, 4/0 on Harrowgate Laid White 300gsm", 79.2), ("Set-up", 30.0)]),
]}


def _inv(iid, cust, job, issued, due, lines, payments):
    subtotal = round(sum(q * u for _, q, u in lines), 2)
    vat = round(subtotal * VAT_RATE, 2)
    total = round(subtotal + vat, 2)
    paid = round(sum(a for _, a, _ in payments), 2)
    return {"invoice_id": iid, "customer_id": cust, "job_id": job, "issued": issued, "due": due,
            "lines": [{"desc": d, "qty": q, "unit": u, "amount": round(q * u, 2)} for d, q, u in lines],
            "subtotal": subtotal, "vat": vat, "total": total, "paid": paid, "balance": round(total - paid, 2),
            "status": "paid" if paid >= total else "unpaid",
            "payments": [{"date": d, "amount": a, "method": m} for d, a, m in payments]}


INVOICES = {i["invoice_id"]: i for i in [
    _inv("INV-3260", "CU-230", None, "2026-11-20", "2026-12-20",
         [("Workshop price list, A4 4/4 on Silk 350gsm", 50, 0.9), ("Set-up", 1, 30.0)],
         [("2026-12-14", 90.0, "bank transfer")]),
    _inv("INV-3270", "CU-250", "JB-4417", "2027-01-22", "2027-02-21",
         [("Open House Flyers, A5 4/4 on Gloss 170gsm", 2000, 0.11), ("Set-up", 1, 30.0)],
         [("2027-02-19", 300.0, "bank transfer")]),
    _inv("INV-3288", "CU-211", "JB-4410", "2027-01-29", "2027-02-12",
         [("The Tempest posters, A3 4/0 on Gloss 170gsm", 80, 0.85), ("Set-up", 1, 30.0)],
         [("2027-02-10", 117.6, "card")]),
    _inv("INV-3297", "CU-211", "JB-4425", "2027-02-05", "2027-02-28",
         [("The Tempest programmes, A5 16pp 4/4 on Silk 150gsm", 500, 0.86), ("Folding and stapling", 500, 0.12),
          ("Set-up", 1, 30.0)],
         [("2027-02-20", 200.0, "card")]),
    _inv("INV-3301", "CU-201", "JB-4402", "2027-02-26", "2027-03-12",
         [("Spring Menu 2027, A4 4/4 on Silk 350gsm, matt laminated and creased", 250, 0.33), ("Set-up", 1, 30.0)],
         [("2027-03-01", 135.0, "card")]),
    _inv("INV-3305", "CU-230", "JB-4408", "2027-02-19", "2027-03-21",
         [("Shop window vinyl, 1600 x 900 mm", 1, 160.0), ("A3 posters, 4/0 on Gloss 170gsm", 120, 1.45),
          ("Design time (hours)", 2, 48.0)],
         [("2027-03-02", 516.0, "bank transfer")]),
    _inv("INV-3309", "CU-231", "JB-4419", "2027-03-01", "2027-03-08",
         [("Exhibition postcards, A6 4/4 on Silk 350gsm, round corners", 400, 0.42), ("Set-up", 1, 30.0)], []),
    _inv("INV-3312", "CU-211", "JB-4433", "2027-03-05", "2027-03-19",
         [("Spring Season flyers, A5 4/4 on Gloss 170gsm", 1500, 0.13), ("Set-up", 1, 25.0)], []),
]}

SHEET_FACTOR = {"A3": 1.0, "A4": 0.5, "A5": 0.25, "A6": 0.125}
CLICK = {"4/4": 0.18, "4/0": 0.10, "2/2": 0.11, "2/0": 0.06, "1/1": 0.06, "1/0": 0.03}
FINISH_PER_SHEET = {"matt lamination": 0.14, "gloss lamination": 0.14, "soft-touch lamination": 0.19}
FINISH_PER_ITEM = {"creasing": 0.02, "folding": 0.02, "stapling": 0.05, "round corners": 0.03, "gold foil": 0.30,
                   "perforating": 0.02}
SETUP = 30.0
FOIL_SETUP = 45.0
MAKE_READY_SHEETS = 10


# --------------------------------------------------------------------------------------------- typed results
class CustomerHit(TypedDict):
    customer_id: str
    name: str
    company: str
    email: str


class CustomerSearch(TypedDict):
    customers: list[CustomerHit]
    count: int


class JobRow(TypedDict):
    job_id: str
    title: str
    customer_id: str
    customer: str
    status: str
    due: str


class JobPage(TypedDict):
    jobs: list[JobRow]
    total: int
    page: int
    pages: int


class QuoteLine(TypedDict):
    desc: str
    amount: float


class Quote(TypedDict):
    quote_id: str
    customer_id: str
    job_id: str | None
    issued: str
    valid_until: str
    status: str
    lines: list[QuoteLine]
    subtotal: float
    discount: float
    vat: float
    total: float


class QuoteRow(TypedDict):
    quote_id: str
    job_id: str | None
    issued: str
    valid_until: str
    status: str
    total: float


class QuoteList(TypedDict):
    customer_id: str
    quotes: list[QuoteRow]
    count: int


class StockRow(TypedDict):
    sku: str
    nm: str
    gsm: int
    sz: str
    fin: str
    qoh: int
    rol: int
    unit: str
    supplier: str


class StockList(TypedDict):
    items: list[StockRow]
    count: int


class MachineRow(TypedDict):
    machine_id: str
    name: str
    kind: str
    status: str


class MachineList(TypedDict):
    machines: list[MachineRow]
    count: int


class InvoiceRow(TypedDict):
    invoice_id: str
    job_id: str | None
    issued: str
    due: str
    total: float
    balance: float
    status: str
    overdue: bool


class InvoiceList(TypedDict):
    customer_id: str
    invoices: list[InvoiceRow]
    count: int
    outstanding_total: float


# --------------------------------------------------------------------------------------------- helpers
def _get(table, key, what):
    row = table.get(str(key).strip().upper())
    if row is None:
        raise ToolError(f"no {what} {key!r}")
    return row


def _customer(customer_id):
    return _get(CUSTOMERS, customer_id, "customer")


# --------------------------------------------------------------------------------------------- tools
@server.tool()
def find_customers(query: str) -> CustomerSearch:
    """Find customer accounts by contact name, company name or email address (all words must match; an email
    address matches exactly). Returns short records; use get_customer for terms, limits and addresses."""
    q = query.strip()
    if not q:
        raise ToolError("query is empty")
    if "@" in q:
        rows = [c for c in CUSTOMERS.values() if c["email"].lower() == q.lower()]
    else:
        rows = [c for c in CUSTOMERS.values() if _words_match(q, c["name"], c["company"], c["email"])]
    hits = [{"customer_id": c["customer_id"], "name": c["name"], "company": c["company"], "email": c["email"]}
            for c in rows]
    return {"customers": hits, "count": len(hits)}


@server.tool()
def get_customer(customer_id: str) -> dict:
    """Full customer account by id (CU-nnn): contact name, company, email, phone, billing_address, payment_terms
    (e.g. "30 days"), credit_limit (GBP), discount_pct (applied to new quotes), account_manager, customer_since."""
    return dict(_customer(customer_id))


@server.tool()
def list_jobs(customer_id: str | None = None, status: str | None = None, title: str | None = None,
              due_from: str | None = None, due_to: str | None = None, page: int = 1,
              per_page: int = 10) -> JobPage:
    """Print jobs in due-date order, filtered by customer, status (quoted, proofing, approved, scheduled,
    printing, ready, collected, invoiced, cancelled), words of the title, and a due-date range (YYYY-MM-DD,
    inclusive). Paginated: `total` is the number of matching jobs, `pages` the number of pages."""
    if customer_id:
        _customer(customer_id)
    lo = _date(due_from, "due_from") if due_from else None
    hi = _date(due_to, "due_to") if due_to else None
    if page < 1 or not 1 <= per_page <= 50:
        raise ToolError("page must be >= 1 and per_page 1-50")
    st = (status or "").strip().lower()
    rows = []
    for j in sorted(JOBS.values(), key=lambda j: (j["due"], j["id"])):
        due = datetime.date.fromisoformat(j["due"])
        if customer_id and j["cust"] != customer_id.strip().upper():
            continue
        if st and j["st"] != st:
            continue
        if title and not _words_match(title, j["title"]):
            continue
        if lo and due < lo or hi and due > hi:
            continue
        rows.append({"job_id": j["id"], "title": j["title"], "customer_id": j["cust"],
                     "customer": CUSTOMERS[j["cust"]]["company"], "status": j["st"], "due": j["due"]})
    start = (page - 1) * per_page
    return {"jobs": rows[start:start + per_page], "total": len(rows), "page": page,
            "pages": max(1, math.ceil(len(rows) / per_page))}


@server.tool()
def get_job(job_id: str) -> dict:
    """One print job (JB-nnnn) in the production-board format: id, title, cust (customer id), qty (copies),
    sz (finished size), col (colours front/back, e.g. "4/4"), stk (paper stock SKU), fin (finishing steps),
    mc (machine id), st (status), due (date), qt (quote id), inv (invoice id or null), proof ({ver, sent,
    approved}: proof version, date sent, date approved or null) and notes."""
    return dict(_get(JOBS, job_id, "job"))


@server.tool()
def list_quotes(customer_id: str, status: str | None = None) -> QuoteList:
    """Quotes issued to a customer, newest first; status is draft, sent, accepted or expired."""
    c = _customer(customer_id)
    rows = [q for q in QUOTES.values() if q["customer_id"] == c["customer_id"]
            and (not status or q["status"] == status.strip().lower())]
    rows.sort(key=lambda q: (q["issued"], q["quote_id"]), reverse=True)
    out = [{k: q[k] for k in ("quote_id", "job_id", "issued", "valid_until", "status", "total")} for q in rows]
    return {"customer_id": c["customer_id"], "quotes": out, "count": len(out)}


@server.tool()
def get_quote(quote_id: str) -> Quote:
    """One quote with its priced lines, subtotal, discount, VAT and total (GBP) and the date it is valid until."""
    q = _get(QUOTES, quote_id, "quote")
    return {k: q[k] for k in Quote.__annotations__}


@server.tool()
def create_quote(customer_id: str, stock_sku: str, quantity: int, size: str, colours: str,
                 finishing: list[str] | None = None, based_on_job: str | None = None) -> dict:
    """Price a new job and save it as a draft quote. size: A3, A4, A5 or A6; colours: 4/4, 4/0, 2/2, 2/0, 1/1 or
    1/0; finishing from matt/gloss/soft-touch lamination, creasing, folding, stapling, round corners, gold foil,
    perforating. The customer's discount is applied. Returns quote_id (QT- and six hex characters), lines,
    subtotal, discount, vat, total and valid_until (30 days). The quote number is derived from the customer and
    the specification, so asking again for the same job returns the same quote."""
    c = _customer(customer_id)
    paper = _get(PAPER, stock_sku, "paper stock")
    sz = size.strip().upper()
    col = colours.strip().replace(" ", "")
    fin = sorted({f.strip().lower() for f in (finishing or []) if f.strip()})
    if sz not in SHEET_FACTOR:
        raise ToolError("size must be A3, A4, A5 or A6")
    if col not in CLICK:
        raise ToolError(f"colours must be one of {', '.join(CLICK)}")
    unknown = [f for f in fin if f not in FINISH_PER_SHEET and f not in FINISH_PER_ITEM]
    if unknown:
        raise ToolError(f"unknown finishing: {', '.join(unknown)}")
    if not 1 <= int(quantity) <= 100000:
        raise ToolError("quantity must be 1-100000")
    if paper["unit"] != "sheets":
        raise ToolError(f"{paper['nm']} is not a sheet stock")
    if based_on_job:
        _get(JOBS, based_on_job, "job")
    qty = int(quantity)
    key = "|".join([c["customer_id"], paper["sku"], str(qty), sz, col, ",".join(fin)])
    qid = "QT-" + hashlib.sha1(key.encode()).hexdigest()[:6].upper()
    if qid in QUOTES:
        return dict(QUOTES[qid])
    sheets = math.ceil(qty * SHEET_FACTOR[sz]) + MAKE_READY_SHEETS
    lines = [{"desc": f"Paper: {sheets} sheets {paper['nm']}", "amount": round(sheets * paper["cost"], 2)},
             {"desc": f"Printing {col}: {sheets} sheets", "amount": round(sheets * CLICK[col], 2)}]
    for f in fin:
        if f in FINISH_PER_SHEET:
            lines.append({"desc": f"{f.capitalize()}: {sheets} sheets", "amount": round(sheets * FINISH_PER_SHEET[f], 2)})
        else:
            lines.append({"desc": f"{f.capitalize()}: {qty} items", "amount": round(qty * FINISH_PER_ITEM[f], 2)})
    lines.append({"desc": "Set-up", "amount": SETUP})
    if "gold foil" in fin:
        lines.append({"desc": "Foil die and set-up", "amount": FOIL_SETUP})
    subtotal = round(sum(line["amount"] for line in lines), 2)
    discount = round(subtotal * c["discount_pct"] / 100, 2)
    vat = round((subtotal - discount) * VAT_RATE, 2)
    quote = {"quote_id": qid, "customer_id": c["customer_id"], "job_id": None, "based_on_job": based_on_job,
             "issued": TODAY.isoformat(), "valid_until": (TODAY + datetime.timedelta(days=30)).isoformat(),
             "status": "draft", "spec": {"stock": paper["sku"], "quantity": qty, "size": sz, "colours": col,
                                         "finishing": fin},
             "lines": lines, "subtotal": subtotal, "discount": discount, "vat": vat,
             "total": round(subtotal - discount + vat, 2)}
    QUOTES[qid] = quote
    return dict(quote)


@server.tool()
def list_paper_stock(query: str | None = None, low_stock_only: bool = False) -> StockList:
    """Paper and media in the stock room. query matches words of the SKU or name. Short keys: nm = name,
    gsm = weight, sz = sheet size, fin = surface finish, qoh = quantity on hand, rol = re-order level (stock is
    low when qoh is below rol), unit = sheets or rolls. low_stock_only=True lists only stock below its re-order
    level."""
    rows = [p for p in PAPER.values()
            if (not query or _words_match(query, p["sku"], p["nm"])) and (not low_stock_only or p["qoh"] < p["rol"])]
    items = [{k: p[k] for k in ("sku", "nm", "gsm", "sz", "fin", "qoh", "rol", "unit", "supplier")} for p in rows]
    return {"items": items, "count": len(items)}


@server.tool()
def list_machines(status: str | None = None) -> MachineList:
    """Presses and finishing machines with their current status (running, idle, down)."""
    rows = [{k: m[k] for k in ("machine_id", "name", "kind", "status")} for m in MACHINES.values()
            if not status or m["status"] == status.strip().lower()]
    return {"machines": rows, "count": len(rows)}


@server.tool()
def get_machine(machine_id: str) -> dict:
    """One machine (MC-nn): name, kind, status (running, idle or down), operator, max_sheet, fault (when down),
    back_in_service (expected date when down), last_service, next_service and current_job (the job printing on
    it now, or null)."""
    m = dict(_get(MACHINES, machine_id, "machine"))
    m["current_job"] = next((j["id"] for j in JOBS.values() if j["mc"] == m["machine_id"] and j["st"] == "printing"),
                            None)
    return m


@server.tool()
def list_invoices(customer_id: str, status: str | None = None) -> InvoiceList:
    """Invoices of a customer, newest first. status: paid or unpaid (unpaid includes part-paid invoices).
    Each row has the invoice total and the balance still owed; overdue is true when an unpaid invoice is past its
    due date. outstanding_total is the sum of the balances listed."""
    c = _customer(customer_id)
    st = (status or "").strip().lower()
    if st and st not in ("paid", "unpaid"):
        raise ToolError("status must be paid or unpaid")
    rows = sorted((i for i in INVOICES.values() if i["customer_id"] == c["customer_id"]
                   and (not st or i["status"] == st)), key=lambda i: i["issued"], reverse=True)
    out = [{"invoice_id": i["invoice_id"], "job_id": i["job_id"], "issued": i["issued"], "due": i["due"],
            "total": i["total"], "balance": i["balance"], "status": i["status"],
            "overdue": i["status"] == "unpaid" and datetime.date.fromisoformat(i["due"]) < TODAY} for i in rows]
    return {"customer_id": c["customer_id"], "invoices": out, "count": len(out),
            "outstanding_total": round(sum(r["balance"] for r in out), 2)}


@server.tool()
def get_invoice(invoice_id: str) -> dict:
    """One invoice (INV-nnnn): customer_id, job_id, issued, due, lines ({desc, qty, unit, amount}: unit is the
    unit price, amount = qty x unit), subtotal, vat, total, paid, balance, status and payments ({date, amount,
    method})."""
    return dict(_get(INVOICES, invoice_id, "invoice"))


if __name__ == "__main__":
    server.run()
