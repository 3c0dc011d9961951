// Delete one dependency edge by its key (the dependency editor; the change is recorded as an Edit).
// mode: write
// params: source: Tool id, target: Tool id, type: SEQUENTIAL|STRONG_RESOURCE|WEAK_RESOURCE,
//   resource: the resource (ignored for SEQUENTIAL)
// returns: n (edges deleted)
MATCH (a:Tool {id: $source})-[r:SEQUENTIAL|STRONG_RESOURCE|WEAK_RESOURCE]->(b:Tool)
WHERE b.id = $target AND type(r) = $type AND ($type = 'SEQUENTIAL' OR r.resource = $resource)
DELETE r
RETURN count(*) AS n
