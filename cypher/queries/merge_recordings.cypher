// Recorded tool responses (StableToolBench's cache idea): one node per tool and normalised arguments; `*` as
// args_key is a response example that answers when no exact recording exists. Importing the same again changes
// nothing but the response text.
// mode: write
// params: rows: list of {tool_id, args_key, arguments (JSON), response (JSON text), source}
// returns: n (recordings written)
UNWIND $rows AS row
MATCH (t:Tool {id: row.tool_id})
MERGE (r:Recording {tool_id: row.tool_id, args_key: row.args_key})
SET r.arguments = row.arguments, r.response = row.response, r.source = row.source
RETURN count(r) AS n
