// The output schemas observed so far for some tools (learning merges each new response's shape into them).
// mode: read
// params: ids: list of Tool ids
// returns: id, observed_schema (JSON or null)
UNWIND $ids AS tool_id
MATCH (t:Tool {id: tool_id})
RETURN t.id AS id, t.observed_schema AS observed_schema
