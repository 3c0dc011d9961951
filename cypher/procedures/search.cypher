// Tools for a request: the full-text (BM25) hits over the tools' search text, each expanded along the graph with
// the providers of its inputs and the tools that usually follow it.
// signature: search(text :: STRING, topK = 10 :: INTEGER, index = 'tool_search_text_text' :: STRING) :: (id :: STRING, name :: STRING, score :: FLOAT, providers :: LIST OF STRING, next :: LIST OF STRING)
// mode: read
// params: text: plain search terms, topK: how many hits (APOC wants parameter names of 2 characters or more), index: the full-text index name (Backend.fulltext_index_name)
// returns: id, name, score, providers (ids), next (ids)
CALL db.index.fulltext.queryNodes($index, $text) YIELD node, score
WITH node AS t, score
ORDER BY score DESC
LIMIT $topK
RETURN t.id AS id, t.name AS name, score,
       [(p:Tool)-[:STRONG_RESOURCE|WEAK_RESOURCE]->(t) | p.id] AS providers,
       [(t)-[:SEQUENTIAL]->(n:Tool) | n.id] AS next
ORDER BY score DESC, id
