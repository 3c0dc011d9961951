// Lookup indexes. Idempotent.
CREATE INDEX tool_name IF NOT EXISTS FOR (t:Tool) ON (t.name);
CREATE INDEX tool_source IF NOT EXISTS FOR (t:Tool) ON (t.source);
CREATE INDEX tool_function_name IF NOT EXISTS FOR (t:Tool) ON (t.function_name);
CREATE INDEX toolgroup_name IF NOT EXISTS FOR (g:ToolGroup) ON (g.name);
CREATE INDEX callpath_source IF NOT EXISTS FOR (p:CallPath) ON (p.source);
CREATE INDEX jobrun_job IF NOT EXISTS FOR (r:JobRun) ON (r.job);
CREATE INDEX recording_tool IF NOT EXISTS FOR (r:Recording) ON (r.tool_id);
