// How many relationships of each type run between two tools (a benchmark's summary of the graph it measured).
// mode: read
// params: none
// returns: type, n
MATCH (:Tool)-[r]->(:Tool)
RETURN type(r) AS type, count(*) AS n
