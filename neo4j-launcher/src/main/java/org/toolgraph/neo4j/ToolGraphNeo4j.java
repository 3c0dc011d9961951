package org.toolgraph.neo4j;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.configuration.connectors.BoltConnector;
import org.neo4j.configuration.connectors.HttpConnector;
import org.neo4j.configuration.helpers.SocketAddress;
import org.neo4j.harness.Neo4j;
import org.neo4j.harness.Neo4jBuilders;

/**
 * A Neo4j 5.26 server in this process, with APOC and GDS from a plugins folder, for ToolGraph's tests and for
 * developers (started by toolgraph/db/neo4j_server.py).
 *
 * <pre>
 * java -cp target/classes:target/lib/* org.toolgraph.neo4j.ToolGraphNeo4j DIR PLUGINS BOLT_PORT HTTP_PORT PAGECACHE [--watch-stdin]
 * </pre>
 *
 * DIR holds the databases and logs; ports 0 pick free ones; connectors listen on 127.0.0.1 only. Authentication is
 * on: the password of the {@code neo4j} user is read from the environment variable TOOLGRAPH_NEO4J_PASSWORD (at
 * least 8 characters). When the server answers, one line goes to standard output:
 * {@code TOOLGRAPH_NEO4J {"bolt_uri": ..., "http_uri": ..., "pid": ...}}. The server stops when the process is
 * told to terminate (SIGTERM) and, with {@code --watch-stdin}, also when its standard input closes (so a test
 * session that dies takes its server with it).
 */
public final class ToolGraphNeo4j {
    static final String READY = "TOOLGRAPH_NEO4J ";

    private ToolGraphNeo4j() {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        boolean watchStdin = args.length == 6 && "--watch-stdin".equals(args[5]);
        if (args.length != 5 && !watchStdin) {
            System.err.println("usage: ToolGraphNeo4j DIR PLUGINS BOLT_PORT HTTP_PORT PAGECACHE_BYTES [--watch-stdin]");
            System.exit(2);
        }
        Path dir = Path.of(args[0]).toAbsolutePath();
        Path plugins = Path.of(args[1]).toAbsolutePath();
        int boltPort = Integer.parseInt(args[2]);
        int httpPort = Integer.parseInt(args[3]);
        long pagecache = Long.parseLong(args[4]);
        String password = System.getenv("TOOLGRAPH_NEO4J_PASSWORD");
        if (password == null || password.length() < 8) {
            System.err.println("set TOOLGRAPH_NEO4J_PASSWORD (8 characters or more)");
            System.exit(2);
        }
        Files.createDirectories(dir);

        Neo4j neo4j = Neo4jBuilders.newInProcessBuilder(dir)
                .withConfig(GraphDatabaseSettings.auth_enabled, true)
                .withConfig(GraphDatabaseSettings.plugin_dir, plugins)
                .withConfig(GraphDatabaseSettings.procedure_unrestricted, List.of("apoc.*", "gds.*"))
                .withConfig(GraphDatabaseSettings.pagecache_memory, pagecache)
                .withConfig(BoltConnector.enabled, true)
                .withConfig(BoltConnector.listen_address, new SocketAddress("127.0.0.1", boltPort))
                // the routing table (neo4j:// URIs) hands out this address: the real port, not the default 7687
                .withConfig(BoltConnector.advertised_address, new SocketAddress("127.0.0.1", boltPort))
                .withConfig(HttpConnector.enabled, true)
                .withConfig(HttpConnector.listen_address, new SocketAddress("127.0.0.1", httpPort))
                .build();
        Runtime.getRuntime().addShutdownHook(new Thread(neo4j::close, "toolgraph-neo4j-stop"));

        // The embedded API needs no login: give the built-in user its password, with no change required.
        neo4j.databaseManagementService().database("system").executeTransactionally(
                "ALTER USER neo4j SET PASSWORD $password CHANGE NOT REQUIRED", Map.of("password", password));

        System.out.println(READY + "{\"bolt_uri\": \"" + neo4j.boltURI() + "\", \"http_uri\": \"" + neo4j.httpURI()
                + "\", \"pid\": " + ProcessHandle.current().pid() + "}");
        System.out.flush();

        if (!watchStdin) {
            Thread.currentThread().join();  // until SIGTERM runs the shutdown hook
        }
        InputStream in = System.in;
        byte[] buffer = new byte[256];
        while (in.read(buffer) >= 0) {
            // nothing to do: wait for the parent to close our standard input
        }
        System.exit(0);
    }
}
