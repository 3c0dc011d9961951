// What an agent framework needs of each tool: its function name and schema (the tool search of
// toolgraph.retrieve.toolset: required inputs for the dependency closure, definitions for a client).
// mode: read
// params: ids: list of Tool ids
// returns: id, name, description, function_name, required_params, optional_params
UNWIND $ids AS id
MATCH (t:Tool {id: id})
RETURN t.id AS id, t.name AS name, t.description AS description, t.function_name AS function_name,
       t.required_params AS required_params, t.optional_params AS optional_params
