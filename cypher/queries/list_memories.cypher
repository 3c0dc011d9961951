// Long-term memories, newest first, with their embeddings (similarity is computed by the caller, so both backends
// score alike; the caller drops tools that no longer exist).
// mode: read
// params: limit: how many
// returns: id, text, tools (JSON), embedding, uses, created, run
MATCH (m:Memory)
RETURN m.id AS id, m.text AS text, m.tools AS tools, m.embedding AS embedding, m.uses AS uses, m.created AS created,
       m.run AS run
ORDER BY created DESC
LIMIT $limit
