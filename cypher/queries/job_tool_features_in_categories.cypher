// What the resources job reads of the tools of some categories (job_tool_features, narrowed): the refresh after
// learning re-mines the edges of the tools that learnt an output schema, among the tools of their categories.
// mode: read
// params: categories: list of category names
// returns: id, name, url, method, description, source, group_id, group (its name), category, required_params,
//   optional_params, output_schema, observed_schema
UNWIND $categories AS category
MATCH (c:Category {name: category})-[:HAS_GROUP]->(g:ToolGroup)-[:HAS_TOOL]->(t:Tool)
RETURN t.id AS id, t.name AS name, t.url AS url, t.method AS method, t.description AS description,
       t.source AS source, g.id AS group_id, g.name AS group, c.name AS category,
       t.required_params AS required_params, t.optional_params AS optional_params, t.output_schema AS output_schema,
       t.observed_schema AS observed_schema
ORDER BY id
