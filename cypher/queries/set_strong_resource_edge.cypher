// Create or replace a STRONG_RESOURCE edge (keyed by its resource) with exactly the given properties (the dependency
// editor and its undo).
// mode: write
// params: source: Tool id, target: Tool id, resource: the resource, props: every other property of the edge
// returns: props (map, as stored)
MATCH (a:Tool {id: $source})
MATCH (b:Tool {id: $target})
MERGE (a)-[r:STRONG_RESOURCE {resource: $resource}]->(b)
SET r = $props, r.resource = $resource
RETURN properties(r) AS props
