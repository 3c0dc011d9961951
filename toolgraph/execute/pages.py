"""Paginated lists: whether a response has a next page, the arguments that ask for it, and one list of every page.

A list endpoint answers one page: ``{"items": [...], "page": 1, "total_pages": 3}``, ``{"results": [...],
"next_cursor": "abc"}``, ``{"data": [...], "has_more": true}``, or ``{"tickets": [...], "total": 45}``. The runner
(:meth:`Runner._more_pages`) reads the next pages while the response says there are more and the tool takes a page,
offset or cursor parameter, and appends their records to the first page's list.
"""

from __future__ import annotations

from typing import Any

from toolgraph.execute.base import ExecTool

#: records read from one paginated list at most
MAX_PAGED = 500
PAGE_PARAMS = ("page", "page_number", "pagenumber", "page_no", "pageno", "p")
OFFSET_PARAMS = ("offset", "skip", "start", "from_index")
CURSOR_PARAMS = ("cursor", "page_token", "pagetoken", "next_token", "nexttoken", "after", "starting_after",
                 "continuation", "continuation_token", "next_cursor")
CURSOR_FIELDS = ("next_cursor", "nextcursor", "next_page_token", "nextpagetoken", "next_token", "nexttoken",
                 "cursor", "continuation", "continuation_token", "after")
MORE_FIELDS = ("has_more", "hasmore", "more", "has_next", "hasnext", "has_next_page")
TOTAL_FIELDS = ("total", "total_count", "totalcount", "total_results", "totalresults", "total_items", "totalitems",
                "count_total")
PAGES_FIELDS = ("total_pages", "totalpages", "pages", "page_count", "pagecount", "last_page", "lastpage")


def _param(tool: ExecTool, names: tuple[str, ...]) -> str | None:
    for p in [*tool.required_params, *tool.optional_params]:
        if p.name.lower() in names:
            return p.name
    return None


def page_list(value: Any) -> tuple[str, list[Any]] | None:
    """The envelope's one list of records (its key and items), or None: a bare list has no page fields."""
    if not isinstance(value, dict):
        return None
    lists = [(k, v) for k, v in value.items() if isinstance(v, list) and all(isinstance(x, dict) for x in v)]
    return lists[0] if len(lists) == 1 else None


def _field(value: dict[str, Any], names: tuple[str, ...]) -> Any:
    low = {str(k).lower(): v for k, v in value.items()}
    for n in names:
        if low.get(n) not in (None, ""):
            return low[n]
    meta = next((v for k, v in low.items() if k in ("meta", "pagination", "paging", "page_info", "pageinfo")
                 and isinstance(v, dict)), None)
    return _field(meta, names) if meta else None


def _int(v: Any) -> int | None:
    try:
        return int(v) if not isinstance(v, bool) else None
    except (TypeError, ValueError):
        return None


def next_page(tool: ExecTool, arguments: dict[str, Any], value: Any, pages_read: int) -> dict[str, Any] | None:
    """The arguments that ask for the page after ``value`` (the records read so far, ``pages_read`` pages), or
    None when the response says it was the last one, the tool takes no page parameter, or ``MAX_PAGED`` records
    were read."""
    found = page_list(value)
    if found is None or not found[1] or len(found[1]) >= MAX_PAGED:
        return None
    read = len(found[1])
    cursor = _field(value, CURSOR_FIELDS)
    cursor_param = _param(tool, CURSOR_PARAMS)
    if cursor_param and isinstance(cursor, str | int) and not isinstance(cursor, bool) and \
            cursor != arguments.get(cursor_param):
        return {**arguments, cursor_param: cursor}
    more = _field(value, MORE_FIELDS)
    total, pages = _int(_field(value, TOTAL_FIELDS)), _int(_field(value, PAGES_FIELDS))
    page_param, offset_param = _param(tool, PAGE_PARAMS), _param(tool, OFFSET_PARAMS)
    if page_param:
        current = _int(arguments.get(page_param)) or _int(_field(value, ("page", "current_page", "page_number")))
        current = current or pages_read
        if more is True or (pages is not None and current < pages) or (total is not None and read < total):
            return {**arguments, page_param: current + 1}
    elif offset_param and (more is True or (total is not None and read < total)):
        return {**arguments, offset_param: (_int(arguments.get(offset_param)) or 0) + len(found[1]) // pages_read}
    return None


def merge_page(first: Any, page: Any) -> Any:
    """``page`` (its page fields: the next cursor) with the records read so far before its own, or None when it
    adds none (the same records again: an API that ignores the page parameter)."""
    a, b = page_list(first), page_list(page)
    if a is None or b is None or a[0] != b[0] or not b[1] or b[1][0] in a[1]:
        return None
    return {**first, **page, a[0]: [*a[1], *b[1]][:MAX_PAGED]}
