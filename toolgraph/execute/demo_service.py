"""A small local HTTP service shaped like part of the TMDB API (v3 paths and response shapes), with a few public
facts about a handful of films, for the demo, the tests and the benchmarks. Standard library only (threaded
``http.server``); ``delay_s`` injects latency into every answer.

Routes: /search/movie, /search/person (``query``), /movie/{id}, /movie/{id}/credits, /movie/{id}/similar,
/movie/{id}/keywords, /person/{id}, /person/{id}/movie_credits, /genre/movie/list."""

from __future__ import annotations

import json
import re
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

# title, id, release date, runtime, genres, director/crew, cast: (person id, name, character), keywords
FILMS: list[dict[str, Any]] = [
    {"id": 597, "title": "Titanic", "release_date": "1997-11-18", "runtime": 194, "genres": ["Drama", "Romance"],
     "cast": [(6193, "Leonardo DiCaprio", "Jack Dawson"), (204, "Kate Winslet", "Rose DeWitt Bukater"),
              (1954, "Billy Zane", "Cal Hockley"), (8534, "Kathy Bates", "Molly Brown")],
     "crew": [(2710, "James Cameron", "Director", "Directing"), (2710, "James Cameron", "Screenplay", "Writing"),
              (4949, "Jon Landau", "Producer", "Production"),
              (1729, "James Horner", "Original Music Composer", "Sound")],
     "keywords": ["shipwreck", "iceberg", "love affair"]},
    {"id": 155, "title": "The Dark Knight", "release_date": "2008-07-16", "runtime": 152,
     "genres": ["Drama", "Action", "Crime"],
     "cast": [(3894, "Christian Bale", "Bruce Wayne"), (1810, "Heath Ledger", "Joker"),
              (6383, "Aaron Eckhart", "Harvey Dent")],
     "crew": [(525, "Christopher Nolan", "Director", "Directing"), (947, "Hans Zimmer", "Original Music Composer",
                                                                    "Sound")],
     "keywords": ["joker", "vigilante", "gotham city"]},
    {"id": 27205, "title": "Inception", "release_date": "2010-07-15", "runtime": 148,
     "genres": ["Action", "Science Fiction"],
     "cast": [(6193, "Leonardo DiCaprio", "Cobb"), (24045, "Joseph Gordon-Levitt", "Arthur"),
              (27578, "Elliot Page", "Ariadne")],
     "crew": [(525, "Christopher Nolan", "Director", "Directing"), (947, "Hans Zimmer", "Original Music Composer",
                                                                    "Sound")],
     "keywords": ["dream", "subconscious", "heist"]},
    {"id": 153, "title": "Lost in Translation", "release_date": "2003-08-31", "runtime": 102,
     "genres": ["Drama", "Comedy", "Romance"],
     "cast": [(1532, "Bill Murray", "Bob Harris"), (1245, "Scarlett Johansson", "Charlotte")],
     "crew": [(1769, "Sofia Coppola", "Director", "Directing"), (1769, "Sofia Coppola", "Screenplay", "Writing")],
     "keywords": ["tokyo", "hotel", "insomnia"]},
    {"id": 329, "title": "Jurassic Park", "release_date": "1993-06-11", "runtime": 127,
     "genres": ["Adventure", "Science Fiction"],
     "cast": [(4783, "Sam Neill", "Alan Grant"), (4784, "Laura Dern", "Ellie Sattler"),
              (4785, "Jeff Goldblum", "Ian Malcolm")],
     "crew": [(488, "Steven Spielberg", "Director", "Directing"), (491, "John Williams", "Original Music Composer",
                                                                   "Sound")],
     "keywords": ["dinosaur", "island", "theme park"]},
    {"id": 19995, "title": "Avatar", "release_date": "2009-12-15", "runtime": 162,
     "genres": ["Action", "Adventure", "Fantasy", "Science Fiction"],
     "cast": [(65731, "Sam Worthington", "Jake Sully"), (8691, "Zoe Saldaña", "Neytiri"),
              (10205, "Sigourney Weaver", "Grace Augustine")],
     "crew": [(2710, "James Cameron", "Director", "Directing"), (1729, "James Horner", "Original Music Composer",
                                                                 "Sound")],
     "keywords": ["alien planet", "marine", "future"]},
]
PEOPLE: dict[int, dict[str, Any]] = {
    6193: {"birthday": "1974-11-11", "place_of_birth": "Los Angeles, California, USA", "department": "Acting"},
    204: {"birthday": "1975-10-05", "place_of_birth": "Reading, Berkshire, England, UK", "department": "Acting"},
    2710: {"birthday": "1954-08-16", "place_of_birth": "Kapuskasing, Ontario, Canada", "department": "Directing"},
    525: {"birthday": "1970-07-30", "place_of_birth": "Westminster, London, England, UK", "department": "Directing"},
    1769: {"birthday": "1971-05-14", "place_of_birth": "New York City, New York, USA", "department": "Directing"},
    488: {"birthday": "1946-12-18", "place_of_birth": "Cincinnati, Ohio, USA", "department": "Directing"},
}
GENRES = {"Action": 28, "Adventure": 12, "Comedy": 35, "Crime": 80, "Drama": 18, "Fantasy": 14, "Romance": 10749,
          "Science Fiction": 878}


def _movie(f: dict[str, Any], full: bool = False) -> dict[str, Any]:
    out = {"id": f["id"], "title": f["title"], "original_title": f["title"], "release_date": f["release_date"],
           "genre_ids": [GENRES[g] for g in f["genres"]], "overview": f"{f['title']} ({f['release_date'][:4]}).",
           "popularity": 50.0, "vote_average": 7.5}
    if full:
        out.pop("genre_ids")
        out |= {"runtime": f["runtime"], "genres": [{"id": GENRES[g], "name": g} for g in f["genres"]],
                "status": "Released"}
    return out


def _people() -> dict[int, str]:
    return {pid: name for f in FILMS for pid, name, *_ in [*f["cast"], *f["crew"]]}


def _matches(query: str, text: str) -> bool:
    q = " ".join(re.findall(r"\w+", query.lower()))
    return bool(q) and q in " ".join(re.findall(r"\w+", text.lower()))


def route(path: str, query: dict[str, str]) -> tuple[int, Any]:
    """(status, JSON body) for a GET of the TMDB-shaped API."""
    films = {f["id"]: f for f in FILMS}
    people = _people()
    parts = [p for p in path.strip("/").split("/") if p]
    if parts and parts[0] == "3":
        parts = parts[1:]
    if parts == ["search", "movie"]:
        hits = [_movie(f) for f in FILMS if _matches(query.get("query", ""), f["title"])]
        return 200, {"page": 1, "results": hits, "total_results": len(hits), "total_pages": 1}
    if parts == ["search", "person"]:
        hits = [{"id": pid, "name": name, "known_for_department": PEOPLE.get(pid, {}).get("department", "Acting")}
                for pid, name in people.items() if _matches(query.get("query", ""), name)]
        return 200, {"page": 1, "results": hits, "total_results": len(hits), "total_pages": 1}
    if parts == ["genre", "movie", "list"]:
        return 200, {"genres": [{"id": i, "name": n} for n, i in GENRES.items()]}
    if len(parts) >= 2 and parts[0] == "movie" and parts[1].isdigit():
        f = films.get(int(parts[1]))
        if f is None:
            return 404, {"status_code": 34, "status_message": "The resource you requested could not be found."}
        rest = parts[2:]
        if not rest:
            return 200, _movie(f, full=True)
        if rest == ["credits"]:
            return 200, {"id": f["id"], "cast": [{"id": p, "name": n, "character": c, "order": i}
                                                 for i, (p, n, c) in enumerate(f["cast"])],
                         "crew": [{"id": p, "name": n, "job": j, "department": d} for p, n, j, d in f["crew"]]}
        if rest == ["similar"]:
            same = [_movie(g) for g in FILMS if g is not f and set(g["genres"]) & set(f["genres"])]
            return 200, {"page": 1, "results": same, "total_results": len(same)}
        if rest == ["keywords"]:
            return 200, {"id": f["id"], "keywords": [{"id": i, "name": k} for i, k in enumerate(f["keywords"])]}
    if len(parts) >= 2 and parts[0] == "person" and parts[1].isdigit():
        pid = int(parts[1])
        if pid not in people:
            return 404, {"status_code": 34, "status_message": "The resource you requested could not be found."}
        if len(parts) == 2:
            info = PEOPLE.get(pid, {})
            return 200, {"id": pid, "name": people[pid], "birthday": info.get("birthday"),
                         "place_of_birth": info.get("place_of_birth"),
                         "known_for_department": info.get("department", "Acting")}
        if parts[2:] == ["movie_credits"]:
            cast = [{**_movie(f), "character": c} for f in FILMS for p, _, c in f["cast"] if p == pid]
            crew = [{**_movie(f), "job": j, "department": d} for f in FILMS for p, _, j, d in f["crew"] if p == pid]
            return 200, {"id": pid, "cast": cast, "crew": crew}
    return 404, {"status_code": 34, "status_message": f"no route {path}"}


class DemoService:
    """The service on 127.0.0.1 (a free port unless given), in a daemon thread; a context manager."""

    def __init__(self, port: int = 0, *, delay_s: float = 0.0) -> None:
        self.delay_s = delay_s
        self.requests = 0
        service = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"  # keep-alive: a run's calls reuse connections

            def log_message(self, *args: Any) -> None:
                pass

            def do_GET(self) -> None:  # noqa: N802 - http.server's naming
                service.requests += 1
                if service.delay_s:
                    time.sleep(service.delay_s)
                parts = urlsplit(self.path)
                status, body = route(parts.path, {k: v[0] for k, v in parse_qs(parts.query).items()})
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json;charset=utf-8")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self.server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/3"

    def start(self) -> DemoService:
        self.thread.start()
        return self

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def __enter__(self) -> DemoService:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
