// Create or update tools and attach each to its group (which must exist).
// mode: write
// params: rows: list of {id, group_id, props}
// returns: n (rows written)
UNWIND $rows AS row
MATCH (g:ToolGroup {id: row.group_id})
MERGE (t:Tool {id: row.id})
SET t += row.props
MERGE (g)-[:HAS_TOOL]->(t)
RETURN count(t) AS n
