// Write community ids on tools.
// mode: write
// params: rows: list of {id, community}
// returns: n (tools written)
UNWIND $rows AS row
MATCH (t:Tool {id: row.id})
SET t.community = row.community
RETURN count(t) AS n
