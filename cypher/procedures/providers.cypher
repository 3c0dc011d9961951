// Who can supply each input of a tool: the tools with a resource edge into it, per resource, strongest first.
// signature: providers(toolId :: STRING) :: (resource :: STRING, provider :: STRING, name :: STRING, type :: STRING, weight :: FLOAT)
// mode: read
// params: toolId: Tool id
// returns: resource, provider, name, type, weight
MATCH (p:Tool)-[r:STRONG_RESOURCE|WEAK_RESOURCE]->(t:Tool {id: $toolId})
RETURN r.resource AS resource, p.id AS provider, p.name AS name, type(r) AS type,
       coalesce(r.weight, CASE type(r) WHEN 'STRONG_RESOURCE' THEN 1.0 ELSE 0.5 END) AS weight
ORDER BY resource, weight DESC, provider
