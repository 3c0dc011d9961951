// The names and descriptions of every tool in the groups of the given tools: the words of the API at hand, which
// the binder does not read as names ("how many calories ...": a word of get_nutrition, not a recipe's title).
// mode: read
// params: ids: list of Tool ids
// returns: id, name, description
UNWIND $ids AS id
MATCH (:Tool {id: id})<-[:HAS_TOOL]-(g:ToolGroup)
WITH DISTINCT g
MATCH (g)-[:HAS_TOOL]->(t:Tool)
RETURN DISTINCT t.id AS id, t.name AS name, coalesce(t.description, '') AS description
ORDER BY id
