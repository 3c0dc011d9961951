// For each tool, the resources other tools can provide it (incoming resource edges), and who provides them.
// mode: read
// params: ids: list of Tool ids
// returns: id, type, resource, provider, weight
UNWIND $ids AS id
MATCH (p:Tool)-[r:STRONG_RESOURCE|WEAK_RESOURCE]->(t:Tool {id: id})
RETURN id, type(r) AS type, r.resource AS resource, p.id AS provider, coalesce(r.weight, 0.5) AS weight
