// Per category: its groups, tools, and dependency edges leaving its tools.
// mode: read
// params: none
// returns: category, groups, tools, dependencies
MATCH (c:Category)
OPTIONAL MATCH (c)-[:HAS_GROUP]->(g:ToolGroup)
OPTIONAL MATCH (g)-[:HAS_TOOL]->(t:Tool)
OPTIONAL MATCH (t)-[d:SEQUENTIAL|STRONG_RESOURCE|WEAK_RESOURCE]->(:Tool)
RETURN c.name AS category, count(DISTINCT g) AS groups, count(DISTINCT t) AS tools, count(DISTINCT d) AS dependencies
ORDER BY tools DESC, category
