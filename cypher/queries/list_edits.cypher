// Recorded dependency edits, newest first; tool = null for all, else those with the tool at either end.
// mode: read
// params: tool: a Tool id or null, limit: how many
// returns: edit (map)
MATCH (e:Edit)
WHERE $tool IS NULL OR e.source_id = $tool OR e.target_id = $tool
RETURN properties(e) AS edit
ORDER BY e.at DESC
LIMIT $limit
