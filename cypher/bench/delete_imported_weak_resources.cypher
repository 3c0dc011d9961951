// Remove the WEAK_RESOURCE edges one import wrote (by their source), so that only the mining jobs' edges are scored.
// mode: write
// params: source: the edge source an importer writes (e.g. taskbench)
// returns: n (edges removed)
MATCH (:Tool)-[r:WEAK_RESOURCE {source: $source}]->(:Tool)
DELETE r
RETURN count(*) AS n
