// neo4j-graphrag VectorCypherRetriever retrieval query: appended to the vector search, it gets `node` (a Tool)
// and `score`, and returns the tool with the providers of its inputs.
// mode: read
// params: none
// returns: id, name, description, score, providers (list of {id, name, resource, type, weight})
RETURN node.id AS id, node.name AS name, node.description AS description, score,
       [(p:Tool)-[r:STRONG_RESOURCE|WEAK_RESOURCE]->(node) | {id: p.id, name: p.name, resource: r.resource,
        type: type(r), weight: r.weight}] AS providers
