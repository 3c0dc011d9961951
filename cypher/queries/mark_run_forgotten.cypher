// Mark a run's lessons forgotten (toolgraph runs forget), so that they are never taken back twice.
// mode: write
// params: id: the Run id, at: ISO time
// returns: id
MATCH (r:Run {id: $id})
SET r.forgotten = $at
RETURN r.id AS id
