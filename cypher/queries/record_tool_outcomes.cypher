// Learning from runs: add observed call outcomes to each tool's counts (the availability job reads them).
// mode: write
// params: rows: list of {id, ok, failed} (counts to add)
// returns: n (tools updated)
UNWIND $rows AS row
MATCH (t:Tool {id: row.id})
SET t.exec_ok = coalesce(t.exec_ok, 0) + row.ok, t.exec_failed = coalesce(t.exec_failed, 0) + row.failed
RETURN count(t) AS n
