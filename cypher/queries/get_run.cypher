// One run with its plan (JSON); an executed run also with its outcome, answer and calls (JSON).
// mode: read
// params: id: the Run id
// returns: id, query, created, policy, status, plan, executed (true or null), run_status, answer, calls
MATCH (r:Run {id: $id})
RETURN r.id AS id, r.query AS query, r.created AS created, r.policy AS policy, r.status AS status, r.plan AS plan,
       r.executed AS executed, r.run_status AS run_status, r.answer AS answer, r.calls AS calls
