// The most recent planner runs, newest first (without their plans).
// mode: read
// params: limit: how many
// returns: id, query, created, policy, model, status, seconds, tool_count
MATCH (r:Run)
RETURN r.id AS id, r.query AS query, r.created AS created, r.policy AS policy, r.model AS model,
       r.status AS status, r.seconds AS seconds, r.tool_count AS tool_count
ORDER BY created DESC
LIMIT $limit
