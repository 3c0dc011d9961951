// Substitutes for a tool whose call failed: the tools it is SIMILAR_TO (either way), most similar first.
// mode: read
// params: id: Tool id, limit: how many
// returns: id, score
MATCH (t:Tool {id: $id})-[s:SIMILAR_TO]-(n:Tool)
WHERE n.id <> $id
RETURN DISTINCT n.id AS id, s.score AS score
ORDER BY score DESC, id
LIMIT $limit
