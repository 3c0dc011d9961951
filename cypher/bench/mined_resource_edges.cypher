// The resource edges the mining jobs wrote (by their sources), to score against the gold links.
// mode: read
// params: sources: list of edge sources (the resources job's)
// returns: source, target, resource, type
MATCH (a:Tool)-[r:STRONG_RESOURCE|WEAK_RESOURCE]->(b:Tool)
WHERE r.source IN $sources
RETURN a.id AS source, b.id AS target, r.resource AS resource, type(r) AS type
