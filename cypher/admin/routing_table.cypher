// The routing table the server hands drivers for a database: which addresses route, read and write (a single
// server lists itself in every role; a cluster its primaries and secondaries). What `neo4j://` URIs use.
// mode: read
// params: database: the database name
// returns: ttl (seconds), servers (list of {role, addresses})
CALL dbms.routing.getRoutingTable({}, $database) YIELD ttl, servers
RETURN ttl, servers
