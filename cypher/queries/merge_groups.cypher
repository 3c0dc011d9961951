// Create or update tool groups and attach each to its category (which must exist).
// mode: write
// params: rows: list of {id, category, props}
// returns: n (rows written)
UNWIND $rows AS row
MATCH (c:Category {name: row.category})
MERGE (g:ToolGroup {id: row.id})
SET g += row.props
MERGE (c)-[:HAS_GROUP]->(g)
RETURN count(g) AS n
