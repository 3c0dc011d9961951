// Tool groups that came from one source (toolbench, openapi, taskbench, ...), with their category.
// mode: read
// params: source: the ToolGroup.source value
// returns: id, name, category
MATCH (c:Category)-[:HAS_GROUP]->(g:ToolGroup)
WHERE g.source = $source
RETURN g.id AS id, g.name AS name, c.name AS category
