// Every dependency edge between tools with the weight the graph algorithms use:
// the edge's weight, else a default by type.
// mode: read
// params: default_sequential: weight, default_strong: weight, default_weak: weight (for edges with none)
// returns: source, target, type, weight
MATCH (a:Tool)-[r:SEQUENTIAL|STRONG_RESOURCE|WEAK_RESOURCE]->(b:Tool)
RETURN a.id AS source, b.id AS target, type(r) AS type,
       coalesce(r.weight, CASE type(r) WHEN 'SEQUENTIAL' THEN $default_sequential
                                       WHEN 'STRONG_RESOURCE' THEN $default_strong
                                       ELSE $default_weak END) AS weight
