// Create or update WEAK_RESOURCE edges: the source can supply `resource`, one of the target's inputs, which could
// also come from elsewhere. One edge per (source, target, resource).
// mode: write
// params: rows: list of {source, target, resource, props}
// returns: n (rows written)
UNWIND $rows AS row
MATCH (a:Tool {id: row.source}), (b:Tool {id: row.target})
MERGE (a)-[r:WEAK_RESOURCE {resource: row.resource}]->(b)
SET r += row.props
RETURN count(r) AS n
