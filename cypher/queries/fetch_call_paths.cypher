// The call paths among the given ids that already exist.
// mode: read
// params: ids: list of CallPath.id
// returns: id
MATCH (p:CallPath)
WHERE p.id IN $ids
RETURN p.id AS id
