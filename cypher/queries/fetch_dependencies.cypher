// Existing dependency edges between the given ordered pairs of tools.
// mode: read
// params: pairs: list of {source, target} Tool ids
// returns: source, target, type, props (map)
UNWIND $pairs AS pair
MATCH (a:Tool {id: pair.source})-[r:SEQUENTIAL|STRONG_RESOURCE|WEAK_RESOURCE]->(b:Tool {id: pair.target})
RETURN a.id AS source, b.id AS target, type(r) AS type, properties(r) AS props
