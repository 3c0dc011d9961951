// Unique keys of the tool graph. Idempotent: safe to run on every start.
CREATE CONSTRAINT category_name IF NOT EXISTS FOR (c:Category) REQUIRE c.name IS UNIQUE;
CREATE CONSTRAINT toolgroup_id IF NOT EXISTS FOR (g:ToolGroup) REQUIRE g.id IS UNIQUE;
CREATE CONSTRAINT tool_id IF NOT EXISTS FOR (t:Tool) REQUIRE t.id IS UNIQUE;
CREATE CONSTRAINT callpath_id IF NOT EXISTS FOR (p:CallPath) REQUIRE p.id IS UNIQUE;
CREATE CONSTRAINT jobrun_id IF NOT EXISTS FOR (r:JobRun) REQUIRE r.id IS UNIQUE;
