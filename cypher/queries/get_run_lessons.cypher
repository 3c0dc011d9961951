// What one executed run taught: the outcome counts it added, whether it taught at all, and whether that was
// forgotten already (toolgraph runs forget).
// mode: read
// params: id: the Run id
// returns: id, run_status, taught, outcomes (JSON list of {id, ok, failed}), forgotten
MATCH (r:Run {id: $id})
RETURN r.id AS id, r.run_status AS run_status, r.taught AS taught, r.outcomes AS outcomes, r.forgotten AS forgotten
