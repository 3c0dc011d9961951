// Store call paths with their ordered steps: (:CallPath)-[:STEP {order}]->(:Tool). Steps' tools must exist.
// mode: write
// params: rows: list of {id, props, steps (list of Tool ids, in call order)}
// returns: n (steps written)
UNWIND $rows AS row
MERGE (p:CallPath {id: row.id})
SET p += row.props
WITH p, row
UNWIND range(0, size(row.steps) - 1) AS i
MATCH (t:Tool {id: row.steps[i]})
MERGE (p)-[s:STEP {order: i}]->(t)
RETURN count(s) AS n
