// The dependency edges of seed tools, for the graph search method, in one row (one list: decoding one record is
// cheaper than one per edge): providers of a seed's inputs (resource edges into it), tools that follow it
// (SEQUENTIAL out) and that precede it (SEQUENTIAL in), and tools that use its output. A resource edge with no
// weight counts 1.0 if strong, 0.5 if weak. The category filter and the group terms are applied by the caller.
// mode: read
// params: seeds: list of Tool ids
// returns: edges (list of [seed, id, type, direction 'in'|'out', weight])
UNWIND $seeds AS seed_id
MATCH (s:Tool {id: seed_id})-[r:SEQUENTIAL|STRONG_RESOURCE|WEAK_RESOURCE]-(n:Tool)
WHERE n.id <> seed_id
RETURN collect([seed_id, n.id, type(r), CASE WHEN startNode(r) = s THEN 'out' ELSE 'in' END,
       coalesce(r.weight, CASE type(r) WHEN 'STRONG_RESOURCE' THEN 1.0 WHEN 'WEAK_RESOURCE' THEN 0.5 ELSE 0.0 END)])
       AS edges
