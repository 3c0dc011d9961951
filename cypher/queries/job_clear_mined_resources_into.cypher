// Remove the mined resource edges (by their source: rules, llm) that carry a resource into a tool, before the
// refresh after learning writes them anew (a new producer of the resource may make its other edges weak).
// mode: write
// params: rows: list of {target (Tool id), resource}, sources: list of edge sources to clear
// returns: n (edges removed)
UNWIND $rows AS row
MATCH (:Tool)-[r:STRONG_RESOURCE|WEAK_RESOURCE]->(:Tool {id: row.target})
WHERE r.source IN $sources AND r.resource = row.resource
DELETE r
RETURN count(*) AS n
