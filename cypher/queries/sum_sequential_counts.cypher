// Total of SEQUENTIAL.count over all edges: the number of transitions mined from call paths.
// mode: read
// params: none
// returns: edges, transitions
MATCH (:Tool)-[r:SEQUENTIAL]->(:Tool)
RETURN count(r) AS edges, sum(coalesce(r.count, 0)) AS transitions
