// Take back the call path an executed run stored (id execution/<run id>): each of its transitions A -> B less one
// on SEQUENTIAL.count (the edge removed when nothing else counts it and no analyst set it), then the path.
// mode: write
// params: id: the CallPath id
// returns: sources (Tool ids whose out-edges changed), removed (steps of the path)
MATCH (p:CallPath {id: $id})-[s:STEP]->(t:Tool)
WITH p, t, s.order AS i ORDER BY i
WITH p, collect(t.id) AS steps
CALL {
  WITH steps
  UNWIND range(0, size(steps) - 2) AS i
  MATCH (:Tool {id: steps[i]})-[r:SEQUENTIAL]->(:Tool {id: steps[i + 1]})
  SET r.count = coalesce(r.count, 0) - 1
  WITH r WHERE r.count <= 0 AND r.source IS NULL
  DELETE r
  RETURN count(*) AS dropped
}
DETACH DELETE p
RETURN steps[0..size(steps) - 1] AS sources, size(steps) AS removed
