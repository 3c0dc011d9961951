// Every embedded tool's vector, for the in-memory dense index of search (and the benchmarks' vector cache).
// mode: read
// params: none
// returns: id, embedding
MATCH (t:Tool)
WHERE t.embedding IS NOT NULL
RETURN t.id AS id, t.embedding AS embedding
ORDER BY id
