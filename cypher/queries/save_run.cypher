// Store a planner run (its whole plan and trace as JSON) and link it to the tools it chose, for history and the
// web page.
// mode: write
// params: run: {id, query, created, policy, model, status, seconds, tool_count, plan (JSON); an executed run
//   also: executed (true), run_status, answer (JSON), calls (JSON list of {tool, arguments (secrets masked), status,
//   latency_ms, result (compressed), error})}, tools: list of chosen Tool ids
// returns: id
CREATE (r:Run)
SET r = $run
WITH r
CALL {
  WITH r
  UNWIND $tools AS tool_id
  MATCH (t:Tool {id: tool_id})
  CREATE (r)-[:USED]->(t)
  RETURN count(*) AS used
}
RETURN r.id AS id
