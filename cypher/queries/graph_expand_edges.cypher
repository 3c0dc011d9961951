// The dependency edges of seed tools, for the graph search method: providers of a seed's inputs (resource edges
// into it), tools that follow it (SEQUENTIAL out) and that precede it (SEQUENTIAL in), and tools that use its
// output, with edge type and weight (a resource edge with no weight counts 1.0 if strong, 0.5 if weak). One round
// trip for all seeds; the category filter and the group terms are applied in memory by the caller.
// mode: read
// params: seeds: list of Tool ids
// returns: seed, id, type, direction, weight
UNWIND $seeds AS seed_id
MATCH (s:Tool {id: seed_id})-[r:SEQUENTIAL|STRONG_RESOURCE|WEAK_RESOURCE]-(n:Tool)
WHERE n.id <> seed_id
RETURN seed_id AS seed, n.id AS id, type(r) AS type, CASE WHEN startNode(r) = s THEN 'out' ELSE 'in' END AS direction,
       coalesce(r.weight, CASE type(r) WHEN 'STRONG_RESOURCE' THEN 1.0 WHEN 'WEAK_RESOURCE' THEN 0.5 ELSE 0.0 END) AS weight
