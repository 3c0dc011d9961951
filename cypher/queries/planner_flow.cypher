// The dependency edges among a set of tools (a plan's), for its data-flow DAG.
// mode: read
// params: ids: list of Tool ids
// returns: source, target, type, resource, weight
UNWIND $ids AS source_id
MATCH (a:Tool {id: source_id})-[r:SEQUENTIAL|STRONG_RESOURCE|WEAK_RESOURCE]->(b:Tool)
WHERE b.id IN $ids AND b.id <> source_id
RETURN source_id AS source, b.id AS target, type(r) AS type, r.resource AS resource, r.weight AS weight
