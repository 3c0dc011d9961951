// Tools by their ToolBench function name (standardize(api) + "_for_" + standardize(tool), last 64 characters).
// mode: read
// params: names: list of function names
// returns: function_name, id, group_id
MATCH (g:ToolGroup)-[:HAS_TOOL]->(t:Tool)
WHERE t.function_name IN $names
RETURN t.function_name AS function_name, t.id AS id, g.id AS group_id
