// A GDS graph (Cypher projection) of the tools and who their dependency neighbours are: one undirected
// relationship per pair of distinct tools linked by any SEQUENTIAL, STRONG_RESOURCE or WEAK_RESOURCE edge, in
// either direction and however many, so that GDS node similarity compares the same neighbour sets as the portable
// substitutes job (a native projection of the three types keeps one relationship per edge and type, which GDS
// counts as a neighbour each time). Needs GDS; the substitutes job drops the graph afterwards.
// mode: read
// params: graph: the name of the projection
// returns: graph, nodes, relationships
MATCH (a:Tool)
OPTIONAL MATCH (a)-[:SEQUENTIAL|STRONG_RESOURCE|WEAK_RESOURCE]-(b:Tool)
WHERE a.id < b.id
WITH DISTINCT a, b
WITH gds.graph.project($graph, a, b, {}, {undirectedRelationshipTypes: ['*']}) AS g
RETURN g.graphName AS graph, g.nodeCount AS nodes, g.relationshipCount AS relationships
