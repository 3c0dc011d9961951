// Remove one custom procedure declared with APOC on Neo4j 5; run in a session on the system database.
// mode: write
// params: name: 'toolgraph.name', database: target database
// returns: nothing
CALL apoc.custom.dropProcedure($name, $database)
