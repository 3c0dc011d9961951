// Take the write lock on a tool's dependency edges for the rest of the transaction: bumps the tool's edit_seq, so
// concurrent edits at the same source tool run one after the other (Neo4j: the node lock; ArcadeDB: the second
// commit fails as a concurrent modification and is retried).
// mode: write
// params: id: Tool id
// returns: seq (the tool's new edit_seq; no row when there is no such tool)
MATCH (t:Tool {id: $id})
SET t.edit_seq = coalesce(t.edit_seq, 0) + 1
RETURN t.edit_seq AS seq
