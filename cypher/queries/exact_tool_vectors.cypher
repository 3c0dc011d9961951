// Exact nearest tools by cosine over every embedded tool (no index): the reference for the index's recall, and a
// fallback. Score as this backend's vector.similarity.cosine returns it (see Backend.cosine_from_function).
// mode: read
// params: k: how many, vector: list of floats, category: name or null
// returns: id, score
MATCH (c:Category)-[:HAS_GROUP]->(:ToolGroup)-[:HAS_TOOL]->(t:Tool)
WHERE t.embedding IS NOT NULL AND ($category IS NULL OR c.name = $category)
WITH t, vector.similarity.cosine(t.embedding, $vector) AS score
RETURN t.id AS id, score
ORDER BY score DESC
LIMIT $k
