// Every relationship with its type, properties and the key of each end (small graphs: tests, review).
// mode: read
// params: none
// returns: type, props, source, target
MATCH (a)-[r]->(b)
RETURN type(r) AS type, properties(r) AS props,
       coalesce(a.id, a.name) AS source, coalesce(b.id, b.name) AS target
