// The best dependency path from one tool to another (up to 4 edges, following edge directions): the one whose
// product of edge weights is highest (an edge without a weight counts as 0.5), then the shortest.
// signature: path(fromId :: STRING, toId :: STRING) :: (tools :: LIST OF STRING, types :: LIST OF STRING, weight :: FLOAT, hops :: INTEGER)
// mode: read
// params: fromId: Tool id, toId: Tool id
// returns: tools (ids in order), types (edge types), weight (product), hops
MATCH path = (a:Tool {id: $fromId})-[:SEQUENTIAL|STRONG_RESOURCE|WEAK_RESOURCE*1..4]->(b:Tool {id: $toId})
WITH path, reduce(w = 1.0, r IN relationships(path) | w * coalesce(r.weight, 0.5)) AS weight
RETURN [n IN nodes(path) | n.id] AS tools, [r IN relationships(path) | type(r)] AS types, weight,
       length(path) AS hops
ORDER BY weight DESC, hops
LIMIT 1
