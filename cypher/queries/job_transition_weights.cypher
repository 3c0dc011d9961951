// Transition weights on every SEQUENTIAL edge: weight = P(B | A) = (count(A->B) + alpha) / (count(A->*) + alpha * n(A)),
// n(A) = number of successors of A (Lidstone smoothing over observed successors; alpha = 0 is the plain ratio).
// Edges set by a person (source analyst, user, manual) keep their weight. job_transition_weights_for does the
// same for some source tools only (what imports use).
// mode: write
// params: alpha: smoothing (>= 0), manual: list of protected edge sources
// returns: n (edges weighted)
MATCH (a:Tool)-[r:SEQUENTIAL]->(:Tool)
WITH a, sum(coalesce(r.count, 0)) AS total, count(r) AS successors
MATCH (a)-[r:SEQUENTIAL]->(:Tool)
WHERE NOT coalesce(r.source, '') IN $manual
WITH r, total + $alpha * successors AS denominator
SET r.weight = CASE WHEN denominator > 0 THEN (coalesce(r.count, 0) + $alpha) / toFloat(denominator) ELSE 0.0 END
RETURN count(r) AS n
