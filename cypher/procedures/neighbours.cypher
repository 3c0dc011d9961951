// The tools within a number of hops (1 to 3) of a tool over dependency edges in either direction, every edge on
// the way at least the minimum weight (an edge without a weight counts as 0), nearest first.
// signature: neighbours(toolId :: STRING, hops = 1 :: INTEGER, minWeight = 0.0 :: FLOAT) :: (id :: STRING, name :: STRING, hops :: INTEGER)
// mode: read
// params: toolId: Tool id, hops: 1 to 3, minWeight: number in 0..1
// returns: id, name, hops (the fewest)
MATCH path = (t:Tool {id: $toolId})-[:SEQUENTIAL|STRONG_RESOURCE|WEAK_RESOURCE*1..3]-(o:Tool)
WHERE length(path) <= $hops AND o.id <> $toolId
  AND all(r IN relationships(path) WHERE coalesce(r.weight, 0.0) >= $minWeight)
RETURN o.id AS id, o.name AS name, min(length(path)) AS hops
ORDER BY hops, id
