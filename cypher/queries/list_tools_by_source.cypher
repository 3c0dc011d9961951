// Tools of one source (e.g. 'user': those added in the web page's tool registry), newest id last.
// mode: read
// params: source: Tool.source, limit: how many
// returns: id, name, group, category, source_ref (JSON)
MATCH (t:Tool {source: $source})
OPTIONAL MATCH (t)<-[:HAS_TOOL]-(g:ToolGroup)<-[:HAS_GROUP]-(c:Category)
RETURN t.id AS id, t.name AS name, g.name AS group, c.name AS category, t.source_ref AS source_ref
ORDER BY id
LIMIT $limit
