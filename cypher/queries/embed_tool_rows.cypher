// What the embedder reads of every tool: its text parts and the hash of what was last embedded.
// mode: read
// params: none
// returns: id, name, description, required_params, optional_params, group, category, embedding_hash, source_ref
MATCH (c:Category)-[:HAS_GROUP]->(g:ToolGroup)-[:HAS_TOOL]->(t:Tool)
RETURN t.id AS id, t.name AS name, t.description AS description, t.required_params AS required_params,
       t.optional_params AS optional_params, g.name AS group, c.name AS category, t.embedding_hash AS embedding_hash,
       t.source_ref AS source_ref
ORDER BY id
