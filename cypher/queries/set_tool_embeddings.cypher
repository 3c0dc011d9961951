// Store tool embeddings, with the text they were made from (also the full-text search field) and its hash.
// mode: write
// params: rows: list of {id, embedding (list of floats), hash, text}
// returns: n (tools updated)
UNWIND $rows AS row
MATCH (t:Tool {id: row.id})
SET t.embedding = row.embedding, t.embedding_hash = row.hash, t.search_text = row.text
RETURN count(t) AS n
