"""Nimbusfold cloud operations MCP server (stdio): projects, servers, incidents, engineers, on-call, metrics.

Run: python cloudops_mcp.py   (speaks MCP over stdin/stdout)
Deterministic: fixed, invented seed data, no clock, no randomness; acknowledgement codes are derived from the
incident and the engineer. State (acknowledgements) lives in memory for the life of the process.
"""
import hashlib
import re

try:  # mcp >= 2 renamed FastMCP to MCPServer
    from mcp.server.mcpserver import MCPServer as _Server
    from mcp.server.mcpserver.exceptions import ToolError
except ImportError:  # mcp 1.x
    from mcp.server.fastmcp import FastMCP as _Server
    from mcp.server.fastmcp.exceptions import ToolError

mcp = _Server("nimbusfold-cloudops")

PROJECTS = {"PRJ-PAY": "Payments", "PRJ-SRCH": "Search", "PRJ-WEB": "Storefront"}


def _srv(sid, host, project, region, status, ip, size, team, owner):
    return {"server_id": sid, "hostname": host, "project_id": project, "region": region, "status": status,
            "private_ip": ip, "size": size, "team": team, "owner_id": owner}


SERVERS = {s["server_id"]: s for s in [
    _srv("srv-101", "api-gw-03", "PRJ-WEB", "eu-west-1", "running", "10.20.3.13", "m6i.xlarge", "platform", "ENG-5"),
    _srv("srv-102", "db-primary-02", "PRJ-PAY", "eu-west-1", "running", "10.40.1.22", "r6i.2xlarge", "database",
         "ENG-3"),
    _srv("srv-103", "pay-worker-01", "PRJ-PAY", "eu-west-1", "running", "10.40.2.31", "c6i.large", "platform", "ENG-4"),
    _srv("srv-104", "pay-worker-02", "PRJ-PAY", "us-east-2", "running", "10.41.2.32", "c6i.large", "platform", "ENG-4"),
    _srv("srv-105", "ledger-cache-01", "PRJ-PAY", "eu-west-1", "stopped", "10.40.3.40", "r6g.large", "database",
         "ENG-3"),
    _srv("srv-106", "search-idx-01", "PRJ-SRCH", "us-east-2", "running", "10.60.1.11", "c6i.4xlarge", "search",
         "ENG-6"),
    _srv("srv-107", "search-idx-02", "PRJ-SRCH", "us-east-2", "degraded", "10.60.1.12", "c6i.4xlarge", "search",
         "ENG-6"),
    _srv("srv-108", "search-api-01", "PRJ-SRCH", "eu-west-1", "running", "10.60.2.21", "m6i.large", "search", "ENG-1"),
]}

ENGINEERS = {e["engineer_id"]: e for e in [
    {"engineer_id": "ENG-1", "name": "Lena Vogt", "team": "sre", "email": "lena.vogt@nimbusfold.example",
     "phone": "+49 30 5550 1101", "timezone": "Europe/Berlin"},
    {"engineer_id": "ENG-2", "name": "Arjun Mehta", "team": "database", "email": "arjun.mehta@nimbusfold.example",
     "phone": "+91 80 5550 1102", "timezone": "Asia/Kolkata"},
    {"engineer_id": "ENG-3", "name": "Chloe Dubois", "team": "database", "email": "chloe.dubois@nimbusfold.example",
     "phone": "+33 1 5550 1103", "timezone": "Europe/Paris"},
    {"engineer_id": "ENG-4", "name": "Marcus Bell", "team": "platform", "email": "marcus.bell@nimbusfold.example",
     "phone": "+1 206 555 1104", "timezone": "America/Los_Angeles"},
    {"engineer_id": "ENG-5", "name": "Sofia Marin", "team": "platform", "email": "sofia.marin@nimbusfold.example",
     "phone": "+34 91 555 1105", "timezone": "Europe/Madrid"},
    {"engineer_id": "ENG-6", "name": "Kenji Arai", "team": "search", "email": "kenji.arai@nimbusfold.example",
     "phone": "+81 3 5550 1106", "timezone": "Asia/Tokyo"},
]}

ONCALL = {  # team -> [(first day, last day, engineer)]
    "database": [("2027-02-22", "2027-02-28", "ENG-3"), ("2027-03-01", "2027-03-07", "ENG-2"),
                 ("2027-03-08", "2027-03-14", "ENG-3")],
    "platform": [("2027-02-22", "2027-02-28", "ENG-4"), ("2027-03-01", "2027-03-07", "ENG-4"),
                 ("2027-03-08", "2027-03-14", "ENG-5")],
    "search": [("2027-02-22", "2027-03-14", "ENG-6")],
    "sre": [("2027-02-22", "2027-03-14", "ENG-1")],
}


def _inc(iid, server, sev, status, title, assignee, opened):
    return {"incident_id": iid, "server_id": server, "severity": sev, "status": status, "title": title,
            "assignee_id": assignee, "opened_at": opened, "acknowledged_by": None}


INCIDENTS = {i["incident_id"]: i for i in [
    _inc("INC-4407", "srv-102", "sev2", "resolved", "Replication lag on primary database", "ENG-3",
         "2027-03-02T04:12Z"),
    _inc("INC-4412", "srv-101", "sev1", "open", "5xx error spike at the API gateway", "ENG-4", "2027-03-03T09:41Z"),
    _inc("INC-4415", "srv-101", "sev3", "open", "TLS certificate expires in 14 days", None, "2027-03-03T11:05Z"),
    _inc("INC-4418", "srv-107", "sev1", "investigating", "Search index shard unassigned", "ENG-6",
         "2027-03-04T02:30Z"),
    _inc("INC-4420", "srv-105", "sev2", "investigating", "Ledger cache stopped unexpectedly", "ENG-1",
         "2027-03-04T07:55Z"),
    _inc("INC-4421", "srv-104", "sev1", "open", "Payment worker queue backlog", "ENG-2", "2027-03-04T08:20Z"),
    _inc("INC-4423", "srv-108", "sev4", "investigating", "Slow autocomplete responses", "ENG-1",
         "2027-03-05T13:10Z"),
    _inc("INC-4424", "srv-106", "sev2", "resolved", "Disk 85% full on index node", "ENG-1", "2027-02-26T18:00Z"),
]}

METRICS = {
    ("srv-102", "2027-03-02"): {"cpu_peak_pct": 93.4, "cpu_avg_pct": 61.2, "mem_peak_pct": 78.9},
    ("srv-102", "2027-03-03"): {"cpu_peak_pct": 71.0, "cpu_avg_pct": 44.8, "mem_peak_pct": 76.5},
    ("srv-101", "2027-03-03"): {"cpu_peak_pct": 88.1, "cpu_avg_pct": 52.3, "mem_peak_pct": 64.0},
    ("srv-107", "2027-03-04"): {"cpu_peak_pct": 99.2, "cpu_avg_pct": 83.7, "mem_peak_pct": 91.4},
}


def _get(table, key, what):
    k = key.strip()
    item = table.get(k) or table.get(k.upper()) or table.get(k.lower())
    if item is None:
        raise ToolError(f"no {what} {key}")
    return item


def _date(value):
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", value.strip()):
        raise ToolError("date must look like YYYY-MM-DD")
    return value.strip()


@mcp.tool()
def list_projects() -> dict:
    """All cloud projects. Returns {projects: [{project_id, name}]}."""
    return {"projects": [{"project_id": k, "name": v} for k, v in PROJECTS.items()]}


@mcp.tool()
def list_servers(project_id: str, region: str | None = None, status: str | None = None) -> dict:
    """Servers of a project, optionally only in one region (e.g. "eu-west-1") or status (running, stopped, degraded).

    Returns {project_id, servers: [{server_id, hostname, region, status}], count}.
    """
    pid = project_id.strip().upper()
    if pid not in PROJECTS:
        raise ToolError(f"no project {project_id}")
    rows = [{k: s[k] for k in ("server_id", "hostname", "region", "status")} for s in SERVERS.values()
            if s["project_id"] == pid and (not region or s["region"] == region.strip().lower())
            and (not status or s["status"] == status.strip().lower())]
    return {"project_id": pid, "servers": rows, "count": len(rows)}


@mcp.tool()
def search_servers(hostname: str) -> dict:
    """Find servers whose hostname contains the text. Returns {servers: [{server_id, hostname, private_ip, status}]}."""
    text = hostname.strip().lower()
    rows = [{k: s[k] for k in ("server_id", "hostname", "private_ip", "status")} for s in SERVERS.values()
            if text and text in s["hostname"]]
    return {"servers": rows, "count": len(rows)}


@mcp.tool()
def get_server(server_id: str) -> dict:
    """Server details: hostname, project, region, status, private IP, instance size, owning team and owner_id."""
    s = _get(SERVERS, server_id, "server")
    return dict(s, project_name=PROJECTS[s["project_id"]])


@mcp.tool()
def list_incidents(status: str | None = None, severity: str | None = None, assignee_id: str | None = None,
                   server_id: str | None = None) -> dict:
    """Incidents, newest first, filtered by status (open, investigating, resolved), severity (sev1..sev4),
    assignee (engineer id such as ENG-1) and/or affected server id.

    Returns {incidents: [{incident_id, title, severity, status, server_id}], count}.
    """
    rows = [{k: i[k] for k in ("incident_id", "title", "severity", "status", "server_id")}
            for i in sorted(INCIDENTS.values(), key=lambda i: i["opened_at"], reverse=True)
            if (not status or i["status"] == status.strip().lower())
            and (not severity or i["severity"] == severity.strip().lower().replace(" ", ""))
            and (not assignee_id or (i["assignee_id"] or "") == assignee_id.strip().upper())
            and (not server_id or i["server_id"] == server_id.strip().lower())]
    return {"incidents": rows, "count": len(rows)}


@mcp.tool()
def get_incident(incident_id: str) -> dict:
    """Incident details: title, severity, status, affected server_id, assignee_id, opened_at, acknowledged_by."""
    return dict(_get(INCIDENTS, incident_id, "incident"))


@mcp.tool()
def find_engineer(name: str) -> dict:
    """Find engineers by words of their name. Returns {engineers: [{engineer_id, name, team}]}."""
    words = name.lower().split()
    rows = [{k: e[k] for k in ("engineer_id", "name", "team")} for e in ENGINEERS.values()
            if words and all(w in e["name"].lower().split() for w in words)]
    return {"engineers": rows, "count": len(rows)}


@mcp.tool()
def get_engineer(engineer_id: str) -> dict:
    """Engineer profile: name, team, email, phone and timezone."""
    return dict(_get(ENGINEERS, engineer_id, "engineer"))


@mcp.tool()
def get_oncall(team: str, date: str) -> dict:
    """Who is on call for a team (database, platform, search, sre) on a date (YYYY-MM-DD).

    Returns {team, date, engineer_id, shift_start, shift_end}; use get_engineer for name and phone.
    """
    day, t = _date(date), team.strip().lower()
    for start, end, eng in ONCALL.get(t, []):
        if start <= day <= end:
            return {"team": t, "date": day, "engineer_id": eng, "shift_start": start, "shift_end": end}
    raise ToolError(f"no on-call rota for team {team} on {date}")


@mcp.tool()
def get_metrics(server_id: str, date: str) -> dict:
    """Daily CPU and memory figures of a server: {server_id, date, cpu_peak_pct, cpu_avg_pct, mem_peak_pct}."""
    s, day = _get(SERVERS, server_id, "server"), _date(date)
    m = METRICS.get((s["server_id"], day))
    if m is None:
        raise ToolError(f"no metrics for {s['server_id']} on {day}")
    return {"server_id": s["server_id"], "date": day, **m}


@mcp.tool()
def acknowledge_incident(incident_id: str, engineer_id: str) -> dict:
    """Acknowledge an incident on behalf of an engineer. Returns {incident_id, acknowledged_by, ack_code}."""
    inc, eng = _get(INCIDENTS, incident_id, "incident"), _get(ENGINEERS, engineer_id, "engineer")
    if inc["status"] == "resolved":
        raise ToolError("incident is already resolved")
    inc["acknowledged_by"] = eng["engineer_id"]
    ack = "AK-" + hashlib.sha1(f"{inc['incident_id']}|{eng['engineer_id']}".encode()).hexdigest().upper()[:6]
    return {"incident_id": inc["incident_id"], "acknowledged_by": eng["name"], "ack_code": ack}


if __name__ == "__main__":
    mcp.run()
