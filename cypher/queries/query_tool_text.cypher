// Keyword (BM25) search over the tools' search text through the full-text index, optionally in one category.
// mode: read
// params: index: the full-text index name, query: Lucene query (plain terms), k: how many, category: name or null
// returns: id, score
CALL db.index.fulltext.queryNodes($index, $query) YIELD node, score
WITH node, score
WHERE $category IS NULL OR EXISTS { (node)<-[:HAS_TOOL]-(:ToolGroup)<-[:HAS_GROUP]-(:Category {name: $category}) }
RETURN node.id AS id, score
ORDER BY score DESC
LIMIT $k
