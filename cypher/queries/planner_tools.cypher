// What the planner knows of each tool: card, parameters, node weights and (optionally) its embedding.
// mode: read
// params: ids: list of Tool ids, vectors: true to return the embeddings
// returns: id, name, description, group, category, url, method, required_params, optional_params, output_schema,
//   observed_schema, importance, availability, embedding
UNWIND $ids AS id
MATCH (t:Tool {id: id})
OPTIONAL MATCH (t)<-[:HAS_TOOL]-(g:ToolGroup)<-[:HAS_GROUP]-(c:Category)
RETURN t.id AS id, t.name AS name, t.description AS description, g.name AS group, c.name AS category, t.url AS url,
       t.method AS method, t.required_params AS required_params, t.optional_params AS optional_params,
       t.output_schema AS output_schema, t.observed_schema AS observed_schema,
       t.importance AS importance, t.availability AS availability,
       CASE WHEN $vectors THEN t.embedding ELSE null END AS embedding
