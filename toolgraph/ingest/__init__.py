"""The importers: readers that parse and validate a source into an :class:`~toolgraph.ingest.batch.ImportBatch`
(ToolBench, RestBench/OpenAPI, TaskBench, call paths), and the writer that writes a batch in one transaction.
See docs/importing.md."""
