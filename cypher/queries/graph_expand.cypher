// Graph neighbours of seed tools, for graph-expanded search: providers of a seed's inputs (resource edges into
// it), tools that follow it (SEQUENTIAL out) and that precede it (SEQUENTIAL in), tools that use its output, and
// its siblings in the same tool group (type HAS_TOOL), with edge type and weight.
// mode: read
// params: seeds: list of Tool ids, category: name or null
// returns: seed, id, type, direction, weight
UNWIND $seeds AS seed_id
MATCH (s:Tool {id: seed_id})
CALL {
  WITH s
  MATCH (s)-[r:SEQUENTIAL|STRONG_RESOURCE|WEAK_RESOURCE]-(n:Tool)
  RETURN n, type(r) AS type, CASE WHEN startNode(r) = s THEN 'out' ELSE 'in' END AS direction,
         coalesce(r.weight, CASE type(r) WHEN 'STRONG_RESOURCE' THEN 1.0 WHEN 'WEAK_RESOURCE' THEN 0.5 ELSE 0.0 END) AS weight
  UNION ALL
  WITH s
  MATCH (s)<-[:HAS_TOOL]-(:ToolGroup)-[:HAS_TOOL]->(n:Tool)
  RETURN n, 'HAS_TOOL' AS type, 'both' AS direction, 1.0 AS weight
}
WITH seed_id, n, type, direction, weight
WHERE n.id <> seed_id
  AND ($category IS NULL OR EXISTS { (n)<-[:HAS_TOOL]-(:ToolGroup)<-[:HAS_GROUP]-(:Category {name: $category}) })
RETURN seed_id AS seed, n.id AS id, type, direction, weight
