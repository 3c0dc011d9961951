// Transition weights of the out-edges of the given source tools only (same formula as job_transition_weights):
// what an import runs, in its own transaction, for the tools whose counts it changed. Each id is an index seek.
// mode: write
// params: sources: list of Tool ids, alpha: smoothing (>= 0), manual: list of protected edge sources
// returns: n (edges weighted)
UNWIND $sources AS source_id
MATCH (a:Tool {id: source_id})-[r:SEQUENTIAL]->(:Tool)
WITH a, sum(coalesce(r.count, 0)) AS total, count(r) AS successors
MATCH (a)-[r:SEQUENTIAL]->(:Tool)
WHERE NOT coalesce(r.source, '') IN $manual
WITH r, total + $alpha * successors AS denominator
SET r.weight = CASE WHEN denominator > 0 THEN (coalesce(r.count, 0) + $alpha) / toFloat(denominator) ELSE 0.0 END
RETURN count(r) AS n
