// Remove the SIMILAR_TO edges of an earlier substitutes run.
// mode: write
// params: none
// returns: n (edges removed)
MATCH (:Tool)-[s:SIMILAR_TO]->(:Tool)
DELETE s
RETURN count(*) AS n
