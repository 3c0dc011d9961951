// One dependency edge by its key: (source, target, type), plus the resource for resource edges.
// mode: read
// params: source: Tool id, target: Tool id, type: SEQUENTIAL|STRONG_RESOURCE|WEAK_RESOURCE,
//   resource: the resource (ignored for SEQUENTIAL)
// returns: type, props (map)
MATCH (a:Tool {id: $source})-[r:SEQUENTIAL|STRONG_RESOURCE|WEAK_RESOURCE]->(b:Tool)
WHERE b.id = $target AND type(r) = $type AND ($type = 'SEQUENTIAL' OR r.resource = $resource)
RETURN type(r) AS type, properties(r) AS props
