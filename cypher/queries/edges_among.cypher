// The dependency edges between tools of a set (out-edges of each, target in the set), of the given types and at
// least the given weight: what the explorer draws.
// mode: read
// params: ids: list of Tool ids, types: list of edge types, min_weight: number
// returns: source, target, type, props (map)
UNWIND $ids AS id
MATCH (a:Tool {id: id})-[r:SEQUENTIAL|STRONG_RESOURCE|WEAK_RESOURCE]->(b:Tool)
WHERE b.id IN $ids AND type(r) IN $types AND coalesce(r.weight, 0.0) >= $min_weight
RETURN a.id AS source, b.id AS target, type(r) AS type, properties(r) AS props
