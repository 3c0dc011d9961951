// Create or update STRONG_RESOURCE edges: the target cannot run without `resource`, which only the source produces.
// One edge per (source, target, resource).
// mode: write
// params: rows: list of {source, target, resource, props}
// returns: n (rows written)
UNWIND $rows AS row
MATCH (a:Tool {id: row.source}), (b:Tool {id: row.target})
MERGE (a)-[r:STRONG_RESOURCE {resource: row.resource}]->(b)
SET r += row.props
RETURN count(r) AS n
