// Add transition counts mined from newly imported call paths: SEQUENTIAL.count += count for each A -> B.
// Only paths not seen before are counted, so importing the same paths twice changes nothing.
// mode: write
// params: rows: list of {source, target, count}
// returns: n (edges touched)
UNWIND $rows AS row
MATCH (a:Tool {id: row.source}), (b:Tool {id: row.target})
MERGE (a)-[r:SEQUENTIAL]->(b)
ON CREATE SET r.count = row.count
ON MATCH SET r.count = coalesce(r.count, 0) + row.count
RETURN count(r) AS n
