// The k tools nearest to a vector, from the vector index, optionally in one category; score is (1 + cos) / 2 on
// both backends.
// mode: read
// params: index: the index name (Backend.vector_index_name), k: how many, vector: list of floats, category: name or null
// returns: id, score
CALL db.index.vector.queryNodes($index, $k, $vector) YIELD node, score
WITH node, score
WHERE $category IS NULL OR EXISTS { (node)<-[:HAS_TOOL]-(:ToolGroup)<-[:HAS_GROUP]-(:Category {name: $category}) }
RETURN node.id AS id, score
ORDER BY score DESC
