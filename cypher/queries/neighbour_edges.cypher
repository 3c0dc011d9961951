// One hop of the explorer's neighbourhood: the dependency edges at the given tools, of the given types and at
// least the given weight (an edge without a weight counts as 0), with the tool at the other end and its group
// and category (category = null: any).
// mode: read
// params: ids: list of Tool ids, types: list of edge types, min_weight: number, category: name or null
// returns: id, other, out, type, weight, name, group, category, importance
UNWIND $ids AS id
MATCH (t:Tool {id: id})-[r:SEQUENTIAL|STRONG_RESOURCE|WEAK_RESOURCE]-(o:Tool)
WHERE type(r) IN $types AND coalesce(r.weight, 0.0) >= $min_weight
MATCH (o)<-[:HAS_TOOL]-(g:ToolGroup)<-[:HAS_GROUP]-(c:Category)
WHERE $category IS NULL OR c.name = $category
RETURN id, o.id AS other, startNode(r) = t AS out, type(r) AS type, r.weight AS weight, o.name AS name,
       g.name AS group, c.name AS category, o.importance AS importance
