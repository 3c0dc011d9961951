// Create or replace a SEQUENTIAL edge with exactly the given properties (the dependency editor and its undo).
// mode: write
// params: source: Tool id, target: Tool id, props: every property of the edge
// returns: props (map, as stored)
MATCH (a:Tool {id: $source})
MATCH (b:Tool {id: $target})
MERGE (a)-[r:SEQUENTIAL]->(b)
SET r = $props
RETURN properties(r) AS props
