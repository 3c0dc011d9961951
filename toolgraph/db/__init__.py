"""The database package: the only code that speaks to the graph server.

``store`` (named Cypher through the official driver, errors translated), ``backend`` (every Neo4j / embedded
difference), ``cypher`` (the catalog of named queries in ``cypher/``), ``embedded`` (the embedded server process)."""
