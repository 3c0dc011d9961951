// The recorded response of a tool for normalised arguments, or its response example (args_key `*`): exact first.
// mode: read
// params: tool_id: Tool id, args_key: normalised arguments key
// returns: args_key, response, source
MATCH (r:Recording {tool_id: $tool_id})
WHERE r.args_key IN [$args_key, '*']
RETURN r.args_key AS args_key, r.response AS response, r.source AS source
ORDER BY CASE r.args_key WHEN '*' THEN 1 ELSE 0 END
LIMIT 1
