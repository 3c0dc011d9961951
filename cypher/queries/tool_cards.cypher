// What a search hit shows of each tool.
// mode: read
// params: ids: list of Tool ids
// returns: id, name, description, group, category, source_ref, required_params
UNWIND $ids AS id
MATCH (t:Tool {id: id})
MATCH (t)<-[:HAS_TOOL]-(g:ToolGroup)<-[:HAS_GROUP]-(c:Category)
RETURN t.id AS id, t.name AS name, t.description AS description, g.name AS group, c.name AS category,
       t.source_ref AS source_ref, t.required_params AS required_params
