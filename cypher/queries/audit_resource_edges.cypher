// Every resource edge with what the audit of suspicious edges needs (toolgraph weights audit): its ends' names,
// paths and required parameters, its resource, weight (confidence) and evidence.
// mode: read
// params: none
// returns: source, target, type, resource, weight, evidence, origin, source_tool (map), target_tool (map)
MATCH (a:Tool)-[r:STRONG_RESOURCE|WEAK_RESOURCE]->(b:Tool)
RETURN a.id AS source, b.id AS target, type(r) AS type, r.resource AS resource, r.weight AS weight,
       r.evidence AS evidence, r.source AS origin,
       {id: a.id, name: a.name, url: a.url, required_params: a.required_params} AS source_tool,
       {id: b.id, name: b.name, url: b.url, required_params: b.required_params} AS target_tool
ORDER BY source, target
