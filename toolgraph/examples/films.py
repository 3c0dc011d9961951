"""Film facts: a few public facts about films, as Python tools (``toolgraph import python toolgraph.examples.films``).

The functions show what the Python importer reads: type hints, Google / NumPy / reST docstrings, ``Literal`` enums,
an async function, an injected graph store and HTTP client (never exposed to the LLM), and a tool that raises."""

from __future__ import annotations

import asyncio
import time
from typing import Literal, TypedDict

try:
    import httpx
except ImportError:  # the mcp package brings httpx2, the same API under another name
    import httpx2 as httpx  # type: ignore[no-redef]

from toolgraph.db.store import GraphStore

FILMS = {
    597: {"id": 597, "title": "Titanic", "year": 1997, "director": "James Cameron",
          "cast": ["Leonardo DiCaprio", "Kate Winslet", "Billy Zane"], "crew": ["James Cameron", "James Horner"]},
    348: {"id": 348, "title": "Alien", "year": 1979, "director": "Ridley Scott",
          "cast": ["Sigourney Weaver", "Tom Skerritt", "John Hurt"], "crew": ["Ridley Scott", "Jerry Goldsmith"]},
    603: {"id": 603, "title": "The Matrix", "year": 1999, "director": "Lana Wachowski",
          "cast": ["Keanu Reeves", "Carrie-Anne Moss", "Laurence Fishburne"], "crew": ["Lana Wachowski", "Don Davis"]},
}


class FilmHit(TypedDict):
    id: int
    title: str
    year: int


class Credits(TypedDict, total=False):
    id: int
    title: str
    cast: list[str]
    crew: list[str]


def search_movie(query: str, year: int | None = None, limit: int = 5) -> list[FilmHit]:
    """Find films whose title contains the query.

    Args:
        query (str): words of the title, e.g. Titanic.
        year: only films released that year.
        limit: at most this many films.

    Returns:
        The films, each with its id, title and year.
    """
    hits = [f for f in FILMS.values() if query.lower() in f["title"].lower() and (year is None or f["year"] == year)]
    return [FilmHit(id=f["id"], title=f["title"], year=f["year"]) for f in hits[:limit]]


def movie_credits(movie_id: int, department: Literal["cast", "crew", "all"] = "all") -> Credits:
    """The cast and crew of a film.

    Parameters
    ----------
    movie_id : int
        The film's id, as search_movie gives it.
    department : str
        Which people: cast, crew or all.
    """
    film = FILMS.get(movie_id)
    if film is None:
        raise KeyError(f"no film with id {movie_id}")
    out = Credits(id=movie_id, title=film["title"])
    if department in ("cast", "all"):
        out["cast"] = film["cast"]
    if department in ("crew", "all"):
        out["crew"] = film["crew"]
    return out


async def movie_director(movie_id: int) -> str:
    """Who directed a film.

    :param movie_id: the film's id.
    """
    await asyncio.sleep(0)
    if movie_id not in FILMS:
        raise KeyError(f"no film with id {movie_id}")
    return FILMS[movie_id]["director"]


def count_tools(store: GraphStore, category: str | None = None) -> dict:
    """How many tools the graph holds per category (the graph store is injected).

    Args:
        category: only this category.
    """
    rows = store.query("count_by_category")
    return {r["category"]: r["tools"] for r in rows if category is None or r["category"] == category}


def fetch_status(url: str, client: httpx.Client) -> int:
    """The HTTP status of a URL (the HTTP client is injected).

    Args:
        url: the address to fetch.
    """
    return client.get(url).status_code


def slow_answer(seconds: float = 5.0) -> str:
    """Answers after a while (a tool that hangs, for timeouts).

    Args:
        seconds: how long to wait.
    """
    time.sleep(seconds)
    return "done"


def _helper() -> None:
    """Private: not a tool."""


class Watchlist:
    """A personal watchlist, kept in memory (a class whose public methods are tools)."""

    def __init__(self) -> None:
        self.items: list[int] = []

    def add(self, movie_id: int) -> list[int]:
        """Add a film to the watchlist.

        Args:
            movie_id: the film's id.
        """
        if movie_id not in FILMS:
            raise ValueError(f"no film with id {movie_id}")
        self.items.append(movie_id)
        return self.items

    add.toolgraph_mutating = True  # type: ignore[attr-defined]

    @staticmethod
    def known_ids() -> list[int]:
        """The ids of every film known here."""
        return sorted(FILMS)
