// Forget one long-term memory (toolgraph memories forget).
// mode: write
// params: id: the Memory id
// returns: n (memories removed: 0 or 1)
MATCH (m:Memory {id: $id})
DETACH DELETE m
RETURN count(*) AS n
