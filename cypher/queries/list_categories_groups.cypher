// Every category with its tool groups (ids and names): the explorer's category filter and the registry's form.
// mode: read
// params: none
// returns: category, group_id, group_name
MATCH (c:Category)
OPTIONAL MATCH (c)-[:HAS_GROUP]->(g:ToolGroup)
RETURN c.name AS category, g.id AS group_id, g.name AS group_name
ORDER BY category, group_name
