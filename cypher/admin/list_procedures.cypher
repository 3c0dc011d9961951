// The procedures whose name starts with a prefix (SHOW PROCEDURES), with their signature and description.
// mode: read
// params: prefix: e.g. 'custom.toolgraph.'
// returns: name, signature, description
SHOW PROCEDURES YIELD name, signature, description
WHERE name STARTS WITH $prefix
RETURN name, signature, description
ORDER BY name
