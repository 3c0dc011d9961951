// Tools whose name or id contains the text (lower case), exact and prefix matches first, optionally in one
// category: the explorer's search when no full-text index or embeddings exist.
// mode: read
// params: text: lower-case text, category: name or null, limit: how many
// returns: id, name, group, category, rank (0: the name is the text, 1: it starts with it, 2: it contains it)
MATCH (t:Tool)
WHERE toLower(t.name) CONTAINS $text OR toLower(t.id) CONTAINS $text
MATCH (t)<-[:HAS_TOOL]-(g:ToolGroup)<-[:HAS_GROUP]-(c:Category)
WHERE $category IS NULL OR c.name = $category
RETURN t.id AS id, t.name AS name, g.name AS group, c.name AS category,
       CASE WHEN toLower(t.name) = $text THEN 0 WHEN toLower(t.name) STARTS WITH $text THEN 1 ELSE 2 END AS rank
ORDER BY rank, name, id
LIMIT $limit
