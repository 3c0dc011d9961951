// Every tool's id and name, for suggesting the closest valid ids to a mistyped one.
// mode: read
// params: none
// returns: id, name
MATCH (t:Tool)
RETURN t.id AS id, t.name AS name
ORDER BY id
