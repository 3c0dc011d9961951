// Forget the long-term memories a run wrote (those it was the last to write).
// mode: write
// params: run: the Run id
// returns: n (memories removed)
MATCH (m:Memory {run: $run})
DETACH DELETE m
RETURN count(*) AS n
