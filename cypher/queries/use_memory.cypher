// Count one reuse of a long-term memory.
// mode: write
// params: id: the Memory id
// returns: uses
MATCH (m:Memory {id: $id})
SET m.uses = coalesce(m.uses, 0) + 1
RETURN m.uses AS uses
