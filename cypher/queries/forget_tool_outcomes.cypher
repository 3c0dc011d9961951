// Take back call outcome counts a run added (toolgraph runs forget): exec_ok / exec_failed less the given counts,
// never below zero.
// mode: write
// params: rows: list of {id, ok, failed} (counts to take back)
// returns: n (tools updated)
UNWIND $rows AS row
MATCH (t:Tool {id: row.id})
WITH t, row, coalesce(t.exec_ok, 0) - row.ok AS ok, coalesce(t.exec_failed, 0) - row.failed AS failed
SET t.exec_ok = CASE WHEN ok > 0 THEN ok ELSE 0 END, t.exec_failed = CASE WHEN failed > 0 THEN failed ELSE 0 END
RETURN count(t) AS n
