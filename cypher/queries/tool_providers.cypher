// For each tool, the providers of its inputs (resource edges into it), strongest first: tool chains.
// mode: read
// params: ids: list of Tool ids
// returns: id, provider, type, resource, weight
UNWIND $ids AS id
MATCH (p:Tool)-[r:STRONG_RESOURCE|WEAK_RESOURCE]->(t:Tool {id: id})
RETURN id, p.id AS provider, type(r) AS type, r.resource AS resource, coalesce(r.weight, 0.5) AS weight
ORDER BY id, type, weight DESC
