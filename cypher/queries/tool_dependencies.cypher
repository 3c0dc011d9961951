// The dependency edges at one tool, both directions, strongest first, with the other tool and every edge
// property (weight, source, count, resource, who edited it).
// mode: read
// params: id: Tool id, limit: how many
// returns: direction, type, other, other_name, props (map)
MATCH (t:Tool {id: $id})-[r:SEQUENTIAL|STRONG_RESOURCE|WEAK_RESOURCE]-(o:Tool)
RETURN CASE WHEN startNode(r) = t THEN 'out' ELSE 'in' END AS direction, type(r) AS type, o.id AS other,
       o.name AS other_name, properties(r) AS props
ORDER BY coalesce(r.weight, 0.0) DESC, type, other
LIMIT $limit
