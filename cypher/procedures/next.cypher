// The likely next tools after the given ones: their SEQUENTIAL successors (not among them), scored by the sum of
// the transition weights P(next | tool), with the tools they follow.
// signature: next(toolIds :: LIST OF STRING) :: (id :: STRING, name :: STRING, score :: FLOAT, after :: LIST OF STRING)
// mode: read
// params: toolIds: list of Tool ids
// returns: id, name, score, after (ids)
UNWIND $toolIds AS from
MATCH (:Tool {id: from})-[s:SEQUENTIAL]->(n:Tool)
WHERE NOT n.id IN $toolIds
RETURN n.id AS id, n.name AS name, sum(coalesce(s.weight, 0.0)) AS score, collect(from) AS after
ORDER BY score DESC, id
