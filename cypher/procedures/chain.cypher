// The closure of a tool's required providers (STRONG_RESOURCE edges into it, and into them, up to 5 deep) in
// execution order: the deepest providers first, the tool itself last (depth 0).
// signature: chain(toolId :: STRING) :: (id :: STRING, name :: STRING, depth :: INTEGER)
// mode: read
// params: toolId: Tool id
// returns: id, name, depth (edges to the tool; run the largest first)
MATCH path = (p:Tool)-[:STRONG_RESOURCE*0..5]->(t:Tool {id: $toolId})
RETURN p.id AS id, p.name AS name, max(length(path)) AS depth
ORDER BY depth DESC, id
