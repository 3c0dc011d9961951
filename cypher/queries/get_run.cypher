// One planner run with its plan (JSON).
// mode: read
// params: id: the Run id
// returns: id, query, created, policy, status, plan
MATCH (r:Run {id: $id})
RETURN r.id AS id, r.query AS query, r.created AS created, r.policy AS policy, r.status AS status, r.plan AS plan
