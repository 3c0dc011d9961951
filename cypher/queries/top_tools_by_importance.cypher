// The most important tools (PageRank over the weighted dependency graph), with their community.
// mode: read
// params: limit: how many
// returns: id, name, importance, pagerank, community, availability
MATCH (t:Tool)
WHERE t.importance IS NOT NULL
RETURN t.id AS id, t.name AS name, t.importance AS importance, t.pagerank AS pagerank,
       t.community AS community, t.availability AS availability
ORDER BY importance DESC, id
LIMIT $limit
