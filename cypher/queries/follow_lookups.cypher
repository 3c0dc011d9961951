// The tools of the same groups as a plan's tools, with their properties: the runner picks among them a lookup of
// one thing by its id (get_tank(tank_id), GET /fabrics/{fabric_code}) to follow an id the answer holds when the
// request asks about that thing and the plan stopped short of it (toolgraph.execute.follow).
// mode: read
// params: ids: list of Tool ids (the plan's tools)
// returns: id, props (map)
UNWIND $ids AS id
MATCH (g:ToolGroup)-[:HAS_TOOL]->(:Tool {id: id})
MATCH (g)-[:HAS_TOOL]->(t:Tool)
RETURN DISTINCT t.id AS id, properties(t) AS props
