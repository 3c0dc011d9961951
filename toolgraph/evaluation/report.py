"""The evaluation's reports: a terminal summary, and a Markdown or HTML page with a bar chart drawn as inline SVG
(pass rate and correct-path rate per suite and method; no script, no CDN)."""

from __future__ import annotations

import html
from typing import Any

COLOURS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b")
METRICS = (("pass_rate", "pass"), ("correct_path_rate", "correct path"))


def _pct(value: float | None) -> str:
    return "–" if value is None else f"{100 * value:.1f}%"


def summary_rows(result: dict[str, Any]) -> list[list[str]]:
    """One row per (suite, method), then one per method over every suite."""
    rows = []
    for r in result["suites"]:
        if "error" in r:
            rows.append([r["suite"]["name"], "error", "–", "–", "–", "–", "–", "–"])
            continue
        for label, m in r["methods"].items():
            s = m["summary"]
            rows.append([r["suite"]["name"], label, f"{s['passed']}/{s['requests']} ({_pct(s['pass_rate'])})",
                         f"{s['correct_paths']}/{s['with_solution']} ({_pct(s['correct_path_rate'])})",
                         str(s.get("false_successes", "–")),
                         f"{s['calls_per_request']:.2f}", f"{s['latency_p50_s']:.2f}", f"{s['latency_p95_s']:.2f}"])
    for label, s in result["overall"].items():
        rows.append(["all suites", label, f"{s['passed']}/{s['requests']} ({_pct(s['pass_rate'])})",
                     f"{s['correct_paths']}/{s['with_solution']} ({_pct(s['correct_path_rate'])})",
                     str(s.get("false_successes", "–")),
                     f"{s['calls_per_request']:.2f}", f"{s['latency_p50_s']:.2f}", f"{s['latency_p95_s']:.2f}"])
    return rows


HEADERS = ["suite", "method", "passed", "correct path", "false successes", "calls/request", "p50 s", "p95 s"]


def failures(result: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    for r in result["suites"]:
        if "error" in r:
            out.append({"suite": r["suite"]["name"], "method": "-", "query": "(the suite)", "reason": r["error"]})
            continue
        for label, m in r["methods"].items():
            for q in m["requests"]:
                if not q["pass"] or q["correct_path"] is False:
                    reason = q["reason"] or ""
                    if q["correct_path"] is False:
                        reason = (reason + "; " if reason else "") + (
                            f"path {' -> '.join(q['path']) or 'none'} misses {' -> '.join(q['solution'] or [])}")
                    out.append({"suite": r["suite"]["name"], "method": label, "query": q["query"],
                                "reason": reason, "pass": q["pass"]})
    return out


def text_table(headers: list[str], rows: list[list[str]]) -> str:
    widths = [max(len(str(x)) for x in col) for col in zip(headers, *rows)]

    def line(values: list[str]) -> str:
        return "  ".join(str(v).ljust(w) for v, w in zip(values, widths)).rstrip()

    return "\n".join([line(headers), line(["-" * w for w in widths]), *(line(r) for r in rows)])


def skipped_lines(result: dict[str, Any]) -> list[str]:
    return [f"skipped: {name}: {why}" for name, why in (result.get("skipped") or {}).items()]


def human_text(result: dict[str, Any]) -> str:
    lines = [text_table(HEADERS, summary_rows(result)), *skipped_lines(result)]
    for r in result["suites"]:  # --repeat: each round's pass count, and what a later round lost
        for label, m in r.get("methods", {}).items():
            rounds = m["summary"].get("by_repeat")
            if rounds:
                worse = m["summary"].get("worse_later") or []
                lines.append(f"{r['suite']['name']} / {label}: passed by round "
                             + " -> ".join(str(x["passed"]) for x in rounds)
                             + (f"; worse later on request(s) {', '.join(str(i + 1) for i in worse)}" if worse
                                else "; never worse later"))
    fails = failures(result)
    if fails:
        lines.append(f"\nfailures ({len(fails)}):")
        for f in fails:
            lines.append(f"  [{f['suite']} / {f['method']}] {f['query'][:90]}\n      {f['reason'][:300]}")
    return "\n".join(lines)


# -- the chart ----------------------------------------------------------------------------------------------------
def bar_chart(result: dict[str, Any], *, width: int = 720, bar_h: int = 14) -> str:
    """Horizontal bars, one group per suite (and "all suites"), one bar per method and metric; an inline SVG."""
    groups: list[tuple[str, dict[str, dict[str, Any]]]] = []
    for r in result["suites"]:
        if "methods" in r:
            groups.append((r["suite"]["name"], {label: m["summary"] for label, m in r["methods"].items()}))
    if len(groups) > 1 or not groups:
        groups.append(("all suites", result["overall"]))
    methods = list(dict.fromkeys(label for _, ms in groups for label in ms))
    left, right, gap = 170, 60, 10
    plot_w = width - left - right
    bars_per_group = len(methods) * len(METRICS)
    legend_h = 22 * ((len(methods) * len(METRICS) + 2) // 3)
    height = 30 + legend_h + sum(bars_per_group * (bar_h + 2) + gap for _ in groups) + 20
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11" role="img" '
             f'aria-label="pass rate and correct-path rate per suite and method">',
             f'<text x="{left}" y="16" font-size="13" font-weight="bold">Pass rate and correct-path rate</text>']
    series = [(m, metric, label) for m in methods for metric, label in METRICS]
    for i, (method, _metric, label) in enumerate(series):
        x, y = 10 + (i % 3) * 235, 30 + (i // 3) * 22
        colour = COLOURS[methods.index(method) % len(COLOURS)]
        opacity = "1" if _metric == "pass_rate" else "0.45"
        parts.append(f'<rect x="{x}" y="{y}" width="14" height="12" fill="{colour}" fill-opacity="{opacity}"/>')
        parts.append(f'<text x="{x + 19}" y="{y + 10}">{html.escape(method)}: {label}</text>')
    y = 30 + legend_h
    for x_pct in (0, 25, 50, 75, 100):
        x = left + plot_w * x_pct / 100
        parts.append(f'<line x1="{x:.1f}" y1="{y - 4}" x2="{x:.1f}" y2="{height - 16}" stroke="#ddd"/>')
        parts.append(f'<text x="{x:.1f}" y="{height - 4}" text-anchor="middle" fill="#555">{x_pct}%</text>')
    for name, summaries in groups:
        group_h = bars_per_group * (bar_h + 2)
        parts.append(f'<text x="{left - 8}" y="{y + group_h / 2 + 4:.1f}" text-anchor="end" '
                     f'font-weight="bold">{html.escape(name[:26])}</text>')
        for method, metric, _label in series:
            s = summaries.get(method)
            value = s.get(metric) if s else None
            colour = COLOURS[methods.index(method) % len(COLOURS)]
            opacity = "1" if metric == "pass_rate" else "0.45"
            w = plot_w * (value or 0.0)
            parts.append(f'<rect x="{left}" y="{y}" width="{w:.1f}" height="{bar_h}" fill="{colour}" '
                         f'fill-opacity="{opacity}"><title>{html.escape(name)}, {html.escape(method)}, '
                         f'{metric}: {_pct(value)}</title></rect>')
            parts.append(f'<text x="{left + w + 4:.1f}" y="{y + bar_h - 3}" fill="#333">{_pct(value)}</text>')
            y += bar_h + 2
        y += gap
    parts.append("</svg>")
    return "\n".join(parts)


# -- pages --------------------------------------------------------------------------------------------------------
def _md_cell(value: Any) -> str:
    return str(value).replace("|", "\\|").replace("\n", " ")


def markdown(result: dict[str, Any]) -> str:
    rows = summary_rows(result)
    out = ["# ToolGraph evaluation", "", _settings_line(result), "",
           "| " + " | ".join(HEADERS) + " |", "|" + "---|" * len(HEADERS)]
    out += ["| " + " | ".join(_md_cell(c) for c in r) + " |" for r in rows]
    out += [f"\n{line}" for line in skipped_lines(result)]
    out += ["", bar_chart(result), ""]
    for r in result["suites"]:
        if "graph" in r:
            g = r["graph"]
            out.append(f"- **{r['suite']['name']}** ({r['suite']['kind']}): {g['tools']} tools, "
                       f"{len(g['rejected'])} rejected; import {g['seconds']['import']} s, weights "
                       f"{g['seconds']['weights']} s, embeddings {g['seconds']['embed']} s "
                       f"({g['embedding_model'] or 'none'})")
    fails = failures(result)
    out += ["", f"## Failures ({len(fails)})", ""]
    if fails:
        out += ["| suite | method | request | reason |", "|---|---|---|---|"]
        out += [f"| {_md_cell(f['suite'])} | {_md_cell(f['method'])} | {_md_cell(f['query'])} | "
                f"{_md_cell(f['reason'][:400])} |" for f in fails]
    else:
        out.append("none")
    return "\n".join(out) + "\n"


def _settings_line(result: dict[str, Any]) -> str:
    s = result.get("settings") or {}
    return ", ".join(f"{k}: {v}" for k, v in s.items())


def html_page(result: dict[str, Any]) -> str:
    esc = html.escape
    rows = "".join("<tr>" + "".join(f"<td>{esc(str(c))}</td>" for c in r) + "</tr>" for r in summary_rows(result))
    fails = failures(result)
    fail_rows = "".join(f"<tr><td>{esc(f['suite'])}</td><td>{esc(f['method'])}</td><td>{esc(f['query'])}</td>"
                        f"<td>{esc(f['reason'][:400])}</td></tr>" for f in fails)
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>ToolGraph evaluation</title>
<style>body{{font-family:sans-serif;margin:2em;max-width:1100px}}table{{border-collapse:collapse;margin:1em 0}}
td,th{{border:1px solid #ccc;padding:3px 8px;text-align:left;vertical-align:top}}th{{background:#f4f4f4}}</style>
</head><body>
<h1>ToolGraph evaluation</h1>
<p>{esc(_settings_line(result))}</p>
{"".join(f"<p>{esc(line)}</p>" for line in skipped_lines(result))}
<table><tr>{"".join(f"<th>{esc(h)}</th>" for h in HEADERS)}</tr>{rows}</table>
{bar_chart(result)}
<h2>Failures ({len(fails)})</h2>
{f'<table><tr><th>suite</th><th>method</th><th>request</th><th>reason</th></tr>{fail_rows}</table>' if fails
 else '<p>none</p>'}
</body></html>
"""


def write_report(result: dict[str, Any], path: Any) -> str:
    """Markdown for ``.md``, HTML for ``.html`` / ``.htm``; the format written."""
    from pathlib import Path

    path = Path(path)
    kind = "html" if path.suffix.lower() in (".html", ".htm") else "markdown"
    path.write_text(html_page(result) if kind == "html" else markdown(result), encoding="utf-8")
    return kind
