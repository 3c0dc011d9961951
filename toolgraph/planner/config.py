"""What a planning run may do: the search's bounds, its LLM budget and protocol, memory, retrieval and chains."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class PlannerConfig:
    top_k: int = 8  # candidates offered per step
    max_providers: int = 4  # providers of still-needed inputs offered beyond top_k
    seeds: int = 10  # retrieved tools a subtask with an empty path starts from
    max_depth: int = 5  # tools on one subtask's path
    max_steps: int = 16  # search decisions per subtask, all rounds together
    max_rounds: int = 3  # reflection rounds per subtask (1 = no second try)
    max_llm_calls: int = 60  # per plan; past it the graph policy decides
    use_memory: bool = True
    memory_threshold: float = 0.85
    remember: bool = True  # store successful subtasks as memories
    retrieval: str = "graph"  # the search method for seeds (keyword, dense, hybrid, graph)
    protocol: str = "json"  # the LLM's action format: json, function_call or native
    decoupled: bool = False  # think, then act in a separate short call
    decompose: bool = True  # False: the whole request is one subtask
    exclude: frozenset[str] = frozenset()  # tools never offered (execution re-plans without the tools that failed)
    chains: bool = True  # build whole chains (planner/chains.py); the graph policy follows the best one
    chain_goals: int = 20  # retrieved tools a chain may end at
    max_chain: int = 4  # tools in one chain
