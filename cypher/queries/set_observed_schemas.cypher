// Store tools' observed output schemas (JSON Schema of the shapes their responses had: names and types only).
// mode: write
// params: rows: list of {id, schema (JSON)}
// returns: n (tools updated)
UNWIND $rows AS row
MATCH (t:Tool {id: row.id})
SET t.observed_schema = row.schema
RETURN count(t) AS n
