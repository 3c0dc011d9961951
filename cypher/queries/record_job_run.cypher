// Record one run of a weight job, so analysts can see what produced each number.
// mode: write
// params: run: {id, job, backend, started, finished, seconds, params (JSON), stats (JSON)}
// returns: id
CREATE (r:JobRun)
SET r = $run
RETURN r.id AS id
