// The tools of one group, with the identifiers of their source.
// mode: read
// params: group_id: ToolGroup.id
// returns: id, name, source_ref (JSON string)
MATCH (g:ToolGroup {id: $group_id})-[:HAS_TOOL]->(t:Tool)
RETURN t.id AS id, t.name AS name, t.source_ref AS source_ref
ORDER BY id
