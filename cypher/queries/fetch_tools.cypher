// The tools among the given ids that already exist, with their properties and groups.
// mode: read
// params: ids: list of Tool.id
// returns: id, props (map), groups (list of ToolGroup.id; one in a sound graph)
MATCH (t:Tool)
WHERE t.id IN $ids
OPTIONAL MATCH (g:ToolGroup)-[:HAS_TOOL]->(t)
RETURN t.id AS id, properties(t) AS props, collect(g.id) AS groups
