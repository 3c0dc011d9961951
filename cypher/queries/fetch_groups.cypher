// The tool groups among the given ids that already exist, with their properties and categories.
// (UNWIND + key lookup: each id is an index seek on both backends.)
// mode: read
// params: ids: list of ToolGroup.id
// returns: id, props (map), categories (list of names; one in a sound graph)
UNWIND $ids AS id
MATCH (g:ToolGroup {id: id})
OPTIONAL MATCH (c:Category)-[:HAS_GROUP]->(g)
RETURN g.id AS id, properties(g) AS props, collect(c.name) AS categories
