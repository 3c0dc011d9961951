// The tools among the given ids that already exist, with their properties and groups.
// (UNWIND + key lookup: each id is an index seek on both backends.)
// mode: read
// params: ids: list of Tool.id
// returns: id, props (map), groups (list of ToolGroup.id; one in a sound graph)
UNWIND $ids AS id
MATCH (t:Tool {id: id})
OPTIONAL MATCH (g:ToolGroup)-[:HAS_TOOL]->(t)
RETURN t.id AS id, properties(t) AS props, collect(g.id) AS groups
