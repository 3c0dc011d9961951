// Everything the explorer's side panel shows of one tool: its properties (no vectors), node weights, group
// and category.
// mode: read
// params: id: Tool id
// returns: id, name, description, method, url, required_params, optional_params, output_schema, source,
//   source_ref, function_name, availability, availability_static, importance, pagerank, community, exec_ok,
//   exec_failed, embedded, group (map), category, observed_schema (the shape of real responses, learnt from runs)
MATCH (t:Tool {id: $id})
OPTIONAL MATCH (t)<-[:HAS_TOOL]-(g:ToolGroup)<-[:HAS_GROUP]-(c:Category)
RETURN t.id AS id, t.name AS name, t.description AS description, t.method AS method, t.url AS url,
       t.required_params AS required_params, t.optional_params AS optional_params, t.output_schema AS output_schema,
       t.source AS source, t.source_ref AS source_ref, t.function_name AS function_name,
       t.availability AS availability, t.availability_static AS availability_static, t.importance AS importance,
       t.pagerank AS pagerank, t.community AS community, t.exec_ok AS exec_ok, t.exec_failed AS exec_failed,
       t.embedding_hash IS NOT NULL AS embedded,
       CASE WHEN g IS NULL THEN null ELSE {id: g.id, name: g.name, description: g.description,
         home_url: g.home_url, host: g.host, pricing: g.pricing, avg_service_level: g.avg_service_level,
         avg_latency_ms: g.avg_latency_ms, avg_success_rate: g.avg_success_rate,
         popularity_score: g.popularity_score, source: g.source} END AS group,
       c.name AS category, t.observed_schema AS observed_schema
