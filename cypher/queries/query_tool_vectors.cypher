// The k tools nearest to a vector, from a vector index; score is (1 + cos) / 2 on both backends.
// mode: read
// params: index: the index name (Backend.vector_index_name), k: how many, vector: list of floats
// returns: id, score
CALL db.index.vector.queryNodes($index, $k, $vector) YIELD node, score
RETURN node.id AS id, score
ORDER BY score DESC
