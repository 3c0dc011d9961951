// Write PageRank and its normalised form (importance = pagerank / max pagerank) on tools.
// mode: write
// params: rows: list of {id, pagerank, importance}
// returns: n (tools written)
UNWIND $rows AS row
MATCH (t:Tool {id: row.id})
SET t.pagerank = row.pagerank, t.importance = row.importance
RETURN count(t) AS n
