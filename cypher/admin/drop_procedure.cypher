// Remove one custom procedure declared with APOC Extended on Neo4j 5; run in a session on the system database.
// mode: write
// params: procedure: 'toolgraph.name' (without the custom. prefix), database: the database it was declared for
// returns: nothing
CALL apoc.custom.dropProcedure($procedure, $database)
