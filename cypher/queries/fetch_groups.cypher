// The tool groups among the given ids that already exist, with their properties and categories.
// mode: read
// params: ids: list of ToolGroup.id
// returns: id, props (map), categories (list of names; one in a sound graph)
MATCH (g:ToolGroup)
WHERE g.id IN $ids
OPTIONAL MATCH (c:Category)-[:HAS_GROUP]->(g)
RETURN g.id AS id, properties(g) AS props, collect(c.name) AS categories
