// Dependency neighbours of the tools on a search path, both ways: `in` means the neighbour provides for (or runs
// before) the path tool, `out` that it uses the path tool's output (or runs after it). Optionally one category.
// mode: read
// params: ids: list of Tool ids on the path, category: name or null
// returns: via, id, type, direction, resource, weight
UNWIND $ids AS via_id
MATCH (s:Tool {id: via_id})-[r:SEQUENTIAL|STRONG_RESOURCE|WEAK_RESOURCE]-(n:Tool)
WITH via_id, s, r, n
WHERE n.id <> via_id
  AND ($category IS NULL OR EXISTS { (n)<-[:HAS_TOOL]-(:ToolGroup)<-[:HAS_GROUP]-(:Category {name: $category}) })
RETURN via_id AS via, n.id AS id, type(r) AS type, CASE WHEN startNode(r) = s THEN 'out' ELSE 'in' END AS direction,
       r.resource AS resource,
       coalesce(r.weight, CASE type(r) WHEN 'STRONG_RESOURCE' THEN 1.0 WHEN 'WEAK_RESOURCE' THEN 0.5 ELSE 0.0 END) AS weight
