// The source of every resource edge left in the graph (one row per edge).
// mode: read
// params: none
// returns: source
MATCH (:Tool)-[r:WEAK_RESOURCE|STRONG_RESOURCE]->(:Tool)
RETURN r.source AS source
