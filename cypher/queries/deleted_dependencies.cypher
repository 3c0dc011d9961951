// Dependency edges a person deleted or re-keyed in the editor (and did not undo): the resources job never
// writes them back.
// mode: read
// params: none
// returns: source, target, type, resource
MATCH (e:Edit)
WHERE e.action IN ['delete', 'change'] AND NOT coalesce(e.undone, false)
RETURN DISTINCT e.source_id AS source, e.target_id AS target, e.type AS type, coalesce(e.resource, '') AS resource
