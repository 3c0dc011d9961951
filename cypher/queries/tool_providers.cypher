// For each tool, the providers of its inputs (resource edges into it), strongest first: tool chains.
// (The tool first, by its indexed id, then its incoming edges: several times faster on the embedded server.)
// mode: read
// params: ids: list of Tool ids
// returns: id, provider, type, resource, weight
UNWIND $ids AS id
MATCH (t:Tool {id: id})
MATCH (t)<-[r:STRONG_RESOURCE|WEAK_RESOURCE]-(p:Tool)
RETURN id, p.id AS provider, type(r) AS type, r.resource AS resource, coalesce(r.weight, 0.5) AS weight
ORDER BY id, type, weight DESC
