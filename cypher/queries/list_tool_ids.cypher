// Every tool id, in id order.
// mode: read
// params: none
// returns: id
MATCH (t:Tool)
RETURN t.id AS id
ORDER BY id
