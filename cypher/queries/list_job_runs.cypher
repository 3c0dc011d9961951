// The most recent job runs, newest first; job = null for all jobs.
// mode: read
// params: job: a job name or null, limit: how many
// returns: id, job, backend, started, finished, seconds, params (JSON), stats (JSON)
MATCH (r:JobRun)
WHERE $job IS NULL OR r.job = $job
RETURN r.id AS id, r.job AS job, r.backend AS backend, r.started AS started, r.finished AS finished,
       r.seconds AS seconds, r.params AS params, r.stats AS stats
ORDER BY started DESC
LIMIT $limit
