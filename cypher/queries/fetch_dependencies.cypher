// Existing dependency edges between the given ordered pairs of tools (the source is found by key, then its
// out-edges are filtered by target: about a third faster on the embedded server than matching both ends at once).
// mode: read
// params: pairs: list of {source, target} Tool ids
// returns: source, target, type, props (map)
UNWIND $pairs AS pair
MATCH (a:Tool {id: pair.source})
MATCH (a)-[r:SEQUENTIAL|STRONG_RESOURCE|WEAK_RESOURCE]->(b:Tool)
WHERE b.id = pair.target
RETURN a.id AS source, b.id AS target, type(r) AS type, properties(r) AS props
