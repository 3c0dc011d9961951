// Remove the mined resource edges (by their source: rules, llm) out of some tools, before the refresh after
// learning writes them anew. Edges from imports or people have other sources and stay.
// mode: write
// params: ids: list of Tool ids (the producers), sources: list of edge sources to clear
// returns: n (edges removed)
UNWIND $ids AS tool_id
MATCH (:Tool {id: tool_id})-[r:STRONG_RESOURCE|WEAK_RESOURCE]->(:Tool)
WHERE r.source IN $sources
DELETE r
RETURN count(*) AS n
