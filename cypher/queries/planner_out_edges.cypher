// Every outgoing dependency edge of the given tools (to another tool): planner_flow's rows before its filter to
// the tools given, so that the resident runtime can keep them per tool across plans (toolgraph.planner.graph).
// mode: read
// params: ids: list of Tool ids
// returns: source, target, type, resource, weight
UNWIND $ids AS source_id
MATCH (a:Tool {id: source_id})-[r:SEQUENTIAL|STRONG_RESOURCE|WEAK_RESOURCE]->(b:Tool)
WHERE b.id <> source_id
RETURN source_id AS source, b.id AS target, type(r) AS type, r.resource AS resource, r.weight AS weight
