// The custom procedures APOC Extended has declared (its store in the system database): what is installed. SHOW
// PROCEDURES keeps listing a dropped one until Neo4j restarts (calling it fails), so both are asked.
// mode: read
// params: prefix: e.g. 'toolgraph.'
// returns: name
CALL apoc.custom.list() YIELD type, name
WITH type, name WHERE type = 'procedure' AND (name STARTS WITH $prefix OR name STARTS WITH 'custom.' + $prefix)
RETURN name
