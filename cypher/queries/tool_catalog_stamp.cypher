// What the in-memory search indexes depend on: the embedding model's record (its `updated` moves on every
// `toolgraph embed`), and how many tools the graph holds (an import or a deletion without re-embedding moves it).
// The count runs in its own subquery, where the embedded server answers it from the type's count (about 1 ms at
// 16,000 tools; written after an OPTIONAL MATCH, or with min/max of the ids, it scans every tool: 30-60 ms).
// mode: read
// params: none
// returns: name, dimensions, updated, tools
OPTIONAL MATCH (m:EmbeddingModel {key: 'tools'})
CALL {
  MATCH (t:Tool)
  RETURN count(t) AS tools
}
RETURN m.name AS name, m.dimensions AS dimensions, m.updated AS updated, tools
