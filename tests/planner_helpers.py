"""What the planner's tests share: a small movie graph (two chains and two unrelated tools), the scripted LLM's
answers, and reading plans and prompts back."""

from __future__ import annotations

import json
from typing import Any

from tests.helpers import make_graph
from toolgraph.planner import PlannerConfig

SEARCH, CREDITS, PERSON, PERSON_MOVIES, WEATHER, LYRICS = (
    "c/g/search_movie", "c/g/movie_credits", "c/g/search_person", "c/g/person_movies", "c/w/weather", "c/w/lyrics")
QUERY = "show the cast and crew credits of the movie Titanic"


def movie_graph(store: Any) -> None:
    make_graph(store, {
        "search_movie": {"name": "search_movie", "description": "Search movies by title, returns movie ids",
                         "required": ["query"]},
        "movie_credits": {"name": "movie_credits", "description": "Get the cast and crew credits of a movie",
                          "required": ["movie_id"]},
        "search_person": {"name": "search_person", "description": "Search people by name, returns person ids",
                          "required": ["query"]},
        "person_movies": {"name": "person_movies", "description": "Movies a person played in or directed",
                          "required": ["person_id"]},
        "weather": {"name": "weather", "description": "Current weather for a city", "required": ["city"],
                    "group": "w"},
        "lyrics": {"name": "lyrics", "description": "Song lyrics of a movie soundtrack title", "required": ["title"],
                   "group": "w"},
    }, edges=[
        ("search_movie", "movie_credits", "STRONG_RESOURCE", {"resource": "movie_id", "weight": 1.0}),
        ("search_person", "person_movies", "STRONG_RESOURCE", {"resource": "person_id", "weight": 1.0}),
        ("movie_credits", "person_movies", "WEAK_RESOURCE", {"resource": "person_id", "weight": 0.6}),
    ])


def one_subtask(text: str = QUERY) -> str:
    return json.dumps({"subtasks": [{"id": 1, "description": text, "category": "C", "context": []}]})


def choose(tool: str, why: str = "it fits") -> str:
    return json.dumps({"name": "choose_tool", "call_objective": why, "args": {"tool": tool}})


FINISH = json.dumps({"name": "finish", "call_objective": "done", "args": {}})
BACKTRACK = json.dumps({"name": "backtrack", "call_objective": "wrong turn", "args": {}})
SUCCESS = json.dumps({"status": "success", "reason": "the path works"})


def planner_config(**kw: Any) -> PlannerConfig:
    return PlannerConfig(**{"use_memory": False, "remember": False, **kw})


def kinds(plan: Any) -> list[str]:
    return [s.kind for s in plan.trace]


def user_prompts(fake: Any) -> list[str]:
    return [r["messages"][-1]["content"] for r in fake.requests]
