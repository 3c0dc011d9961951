// What an agent needs to call each tool without reading its whole card: name, description, method (does it
// change data), source reference and parameters; tools outside any group too. Ids not in the graph are left out.
// mode: read
// params: ids: list of Tool ids
// returns: id, name, description, method, source, source_ref, required_params, optional_params
UNWIND $ids AS id
MATCH (t:Tool {id: id})
RETURN t.id AS id, t.name AS name, t.description AS description, t.method AS method, t.source AS source,
       t.source_ref AS source_ref, t.required_params AS required_params, t.optional_params AS optional_params
