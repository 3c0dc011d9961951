// Forget every tool embedding (before re-embedding with another model).
// mode: write
// params: none
// returns: n (tools cleared)
MATCH (t:Tool)
WHERE t.embedding IS NOT NULL
REMOVE t.embedding, t.embedding_hash
RETURN count(t) AS n
