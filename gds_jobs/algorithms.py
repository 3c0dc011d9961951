"""Pure-Python graph algorithms for the portable implementations, written to match GDS's definitions."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence


def pagerank(
    nodes: Sequence[str],
    edges: Iterable[tuple[str, str, float]],
    *,
    damping: float = 0.85,
    max_iterations: int = 20,
    tolerance: float = 1e-7,
) -> dict[str, float]:
    """GDS's weighted PageRank: PR(v) = (1 - d) + d * sum over u->v of PR(u) * w(u, v) / W(u), W(u) the sum of
    u's out-weights (parallel edges add up); no redistribution of dangling nodes; starts at 1 - d; stops when
    every score moved less than ``tolerance`` or after ``max_iterations``."""
    index = {n: i for i, n in enumerate(nodes)}
    out_weight = [0.0] * len(nodes)
    incoming: dict[int, list[tuple[int, float]]] = defaultdict(list)
    for a, b, w in edges:
        if w <= 0 or a not in index or b not in index:
            continue
        ia, ib = index[a], index[b]
        out_weight[ia] += w
        incoming[ib].append((ia, w))
    scores = [1.0 - damping] * len(nodes)
    for _ in range(max_iterations):
        new = [
            (1.0 - damping) + damping * sum(scores[u] * w / out_weight[u] for u, w in incoming.get(v, ()))
            for v in range(len(nodes))
        ]
        delta = max((abs(x - y) for x, y in zip(new, scores)), default=0.0)
        scores = new
        if delta < tolerance:
            break
    return {n: scores[i] for n, i in index.items()}


def louvain(
    nodes: Sequence[str], edges: Iterable[tuple[str, str, float]], *, resolution: float = 1.0, max_levels: int = 10
) -> dict[str, int]:
    """Louvain modularity optimisation on the undirected weighted graph; deterministic (nodes in the given order).

    Returns a community per node, numbered 0.. in order of each community's first node in ``nodes``.
    """
    index = {n: i for i, n in enumerate(nodes)}
    adjacency: list[dict[int, float]] = [defaultdict(float) for _ in nodes]
    for a, b, w in edges:
        if w <= 0 or a not in index or b not in index:
            continue
        ia, ib = index[a], index[b]
        adjacency[ia][ib] += w
        adjacency[ib][ia] += w
    membership = list(range(len(nodes)))  # node -> community at the top level
    graph = [dict(adj) for adj in adjacency]
    for _ in range(max_levels):
        moved, assignment = _one_level(graph, resolution)
        membership = [assignment[c] for c in membership]
        if not moved:
            break
        graph = _aggregate(graph, assignment)
    first_seen: dict[int, int] = {}
    for c in membership:
        first_seen.setdefault(c, len(first_seen))
    return {n: first_seen[membership[i]] for n, i in index.items()}


def _one_level(graph: list[dict[int, float]], resolution: float) -> tuple[bool, list[int]]:
    """Local moving on one level; returns (whether anything moved, node -> community 0..k-1)."""
    n = len(graph)
    degree = [sum(w * (2 if v == u else 1) for v, w in graph[u].items()) for u in range(n)]
    m2 = sum(degree)
    community = list(range(n))
    total = degree[:]  # sum of degrees in each community
    if m2 == 0:
        return False, list(range(n))
    moved_any, improved = False, True
    while improved:
        improved = False
        for u in range(n):
            own = community[u]
            links: dict[int, float] = defaultdict(float)
            for v, w in graph[u].items():
                if v != u:
                    links[community[v]] += w
            total[own] -= degree[u]
            best, best_gain = own, links.get(own, 0.0) - resolution * total[own] * degree[u] / m2
            for c in sorted(links):
                gain = links[c] - resolution * total[c] * degree[u] / m2
                if gain > best_gain + 1e-12:
                    best, best_gain = c, gain
            total[best] += degree[u]
            if best != own:
                community[u] = best
                improved = moved_any = True
    renumber: dict[int, int] = {}
    return moved_any, [renumber.setdefault(c, len(renumber)) for c in community]


def _aggregate(graph: list[dict[int, float]], assignment: list[int]) -> list[dict[int, float]]:
    size = max(assignment) + 1 if assignment else 0
    out: list[dict[int, float]] = [defaultdict(float) for _ in range(size)]
    for u, adj in enumerate(graph):
        for v, w in adj.items():
            # An edge inside one community is met from both ends: adding self-loops twice too, then halving
            # the diagonal, makes each community's self-loop the total weight inside it.
            out[assignment[u]][assignment[v]] += w if u != v else 2 * w
    for c, adj in enumerate(out):
        if c in adj:
            adj[c] /= 2
    return [dict(adj) for adj in out]
