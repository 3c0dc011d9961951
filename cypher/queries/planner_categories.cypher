// The categories a request can be decomposed into, with how many tools each holds.
// mode: read
// params: limit: how many
// returns: name, description, tools
MATCH (c:Category)
OPTIONAL MATCH (c)-[:HAS_GROUP]->(:ToolGroup)-[:HAS_TOOL]->(t:Tool)
RETURN c.name AS name, c.description AS description, count(t) AS tools
ORDER BY tools DESC, name
LIMIT $limit
