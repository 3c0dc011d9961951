// How many call paths the graph holds.
// mode: read
// params: none
// returns: n
MATCH (p:CallPath)
RETURN count(p) AS n
