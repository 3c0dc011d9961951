// How many relationships there are of each type.
// mode: read
// params: none
// returns: type, count
MATCH ()-[r]->()
RETURN type(r) AS type, count(*) AS count
ORDER BY type
