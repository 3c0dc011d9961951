// The embedding model whose vectors the tools hold (one node, key 'tools'), if any.
// mode: read
// params: none
// returns: name, dimensions, updated
MATCH (m:EmbeddingModel {key: 'tools'})
RETURN m.name AS name, m.dimensions AS dimensions, m.updated AS updated
