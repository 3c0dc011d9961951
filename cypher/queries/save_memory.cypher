// Long-term memory: a subtask that was solved and the tool path that solved it, linked to those tools. The same
// text again replaces the path (keyed by id = hash of the text).
// mode: write
// params: memory: {id, text, tools (JSON list of ids), created, run, embedding (list of floats or null)},
//   tools: list of Tool ids
// returns: id
MERGE (m:Memory {id: $memory.id})
SET m += $memory, m.uses = coalesce(m.uses, 0)
WITH m
CALL {
  WITH m
  OPTIONAL MATCH (m)-[old:REMEMBERS]->(:Tool)
  DELETE old
  RETURN count(*) AS dropped
}
WITH m
CALL {
  WITH m
  UNWIND $tools AS tool_id
  MATCH (t:Tool {id: tool_id})
  CREATE (m)-[:REMEMBERS]->(t)
  RETURN count(*) AS linked
}
RETURN m.id AS id
