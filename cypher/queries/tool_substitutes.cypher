// The tools that can stand in for one tool (SIMILAR_TO edges from the substitutes job, either direction), best
// first.
// mode: read
// params: id: Tool id, limit: how many
// returns: id, name, score
MATCH (t:Tool {id: $id})-[s:SIMILAR_TO]-(o:Tool)
RETURN o.id AS id, o.name AS name, s.score AS score
ORDER BY coalesce(s.score, 0.0) DESC, id
LIMIT $limit
