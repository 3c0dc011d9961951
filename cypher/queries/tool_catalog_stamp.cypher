// What the in-memory search indexes depend on: the embedding model's record, and the tools the graph holds (their
// count and first and last ids: an import or a deletion that changes the tools without re-embedding moves them).
// mode: read
// params: none
// returns: name, dimensions, updated, tools, first, last
OPTIONAL MATCH (m:EmbeddingModel {key: 'tools'})
WITH m
OPTIONAL MATCH (t:Tool)
RETURN m.name AS name, m.dimensions AS dimensions, m.updated AS updated, count(t) AS tools, min(t.id) AS first,
       max(t.id) AS last
