// Every tool (optionally of one category) with the text the planner scores by word overlap when the graph has no
// search indexes yet (before `toolgraph embed`).
// mode: read
// params: category: name or null, limit: how many at most
// returns: id, text
MATCH (c:Category)-[:HAS_GROUP]->(g:ToolGroup)-[:HAS_TOOL]->(t:Tool)
WHERE $category IS NULL OR c.name = $category
RETURN t.id AS id, coalesce(t.name, '') + ' ' + coalesce(t.description, '') + ' ' + coalesce(g.name, '') AS text
LIMIT $limit
