// Every dependency edge between two tools, for the graph search method's in-memory adjacency: a long-lived server
// reads them once and keeps them until the graph is written (its write mark moves), so a search makes no graph
// round trip for its seeds' edges. One row (one list: decoding one record is cheaper than one per edge). A resource
// edge with no weight counts 1.0 if strong, 0.5 if weak, as in graph_expand_edges. At most $limit edges are read:
// a graph with more is searched seed by seed (graph_expand_edges).
// mode: read
// params: limit: int (the caller asks for one more than it keeps, to tell a graph that is too big)
// returns: edges (list of [from id, to id, type, weight])
MATCH (a:Tool)-[r:SEQUENTIAL|STRONG_RESOURCE|WEAK_RESOURCE]->(b:Tool)
WHERE a.id <> b.id
WITH a.id AS a, b.id AS b, type(r) AS kind,
     coalesce(r.weight, CASE type(r) WHEN 'STRONG_RESOURCE' THEN 1.0 WHEN 'WEAK_RESOURCE' THEN 0.5 ELSE 0.0 END) AS w
LIMIT $limit
RETURN collect([a, b, kind, w]) AS edges
