// Store tool embeddings.
// mode: write
// params: rows: list of {id, embedding (list of floats)}
// returns: n (tools updated)
UNWIND $rows AS row
MATCH (t:Tool {id: row.id})
SET t.embedding = row.embedding
RETURN count(t) AS n
