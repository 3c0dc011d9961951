// Record which embedding model made the tool vectors.
// mode: write
// params: name: model name, dimensions: vector size, updated: ISO time
// returns: name
MERGE (m:EmbeddingModel {key: 'tools'})
SET m.name = $name, m.dimensions = $dimensions, m.updated = $updated
RETURN m.name AS name
