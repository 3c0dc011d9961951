// Declare (or replace) one custom procedure with APOC on Neo4j 5; run in a session on the system database.
// mode: write
// params: signature: 'toolgraph.name(arg :: TYPE) :: (col :: TYPE)', statement: the body, database: target database, mode: read or write, description: text
// returns: nothing
CALL apoc.custom.installProcedure($signature, $statement, $database, $mode, $description)
