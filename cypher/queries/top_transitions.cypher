// The most frequent transitions mined from call paths: A was called, then B.
// mode: read
// params: limit: how many edges
// returns: source, target, count
MATCH (a:Tool)-[r:SEQUENTIAL]->(b:Tool)
RETURN a.id AS source, b.id AS target, r.count AS count
ORDER BY count DESC, source, target
LIMIT $limit
