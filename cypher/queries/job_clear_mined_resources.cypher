// Remove the resource edges an earlier run of the resources job made (by their source), before writing anew.
// Edges from imports or people have other sources and stay.
// mode: write
// params: sources: list of edge sources to clear (rules, llm)
// returns: n (edges removed)
MATCH (:Tool)-[r:STRONG_RESOURCE|WEAK_RESOURCE]->(:Tool)
WHERE r.source IN $sources
DELETE r
RETURN count(*) AS n
