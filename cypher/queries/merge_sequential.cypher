// Create or update SEQUENTIAL edges given directly (not counted from call paths): description and weight only.
// mode: write
// params: rows: list of {source, target, props}
// returns: n (rows written)
UNWIND $rows AS row
MATCH (a:Tool {id: row.source}), (b:Tool {id: row.target})
MERGE (a)-[r:SEQUENTIAL]->(b)
ON CREATE SET r.count = 0
SET r += row.props
RETURN count(r) AS n
