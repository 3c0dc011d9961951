// For each tool, the resources other tools can provide it (incoming resource edges), and who provides them.
// (The tool is matched first, by its indexed id, then its incoming edges: the embedded server runs the pattern in
// the order written, and starting from the providers' side took about eight times as long.)
// mode: read
// params: ids: list of Tool ids
// returns: id, type, resource, provider, weight, param (the parameter it fills, where the edge says)
UNWIND $ids AS id
MATCH (t:Tool {id: id})
MATCH (t)<-[r:STRONG_RESOURCE|WEAK_RESOURCE]-(p:Tool)
RETURN id, type(r) AS type, r.resource AS resource, p.id AS provider, coalesce(r.weight, 0.5) AS weight,
       r.param AS param
