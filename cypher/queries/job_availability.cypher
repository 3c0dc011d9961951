// Static availability of each tool in [0, 1] from its group's scores, blended with observed execution outcomes.
// static = weighted mean of the components present: service level, success rate (both in [0, 1]),
//          latency score 1 / (1 + latency_ms / latency_ref_ms), popularity min(popularity / popularity_max, 1);
//          prior when the group has none of them.
// availability = (prior_strength * static + exec_ok) / (prior_strength + exec_ok + exec_failed)
// mode: write
// params: w_service: weight, w_success: weight, w_latency: weight, w_popularity: weight, latency_ref_ms: milliseconds,
//   popularity_max: number, prior: static value for a group with no scores, prior_strength: pseudo-count
// returns: n (tools written)
MATCH (g:ToolGroup)-[:HAS_TOOL]->(t:Tool)
WITH t,
     [p IN [[g.avg_service_level, $w_service],
            [g.avg_success_rate, $w_success],
            [CASE WHEN g.avg_latency_ms IS NULL THEN null ELSE 1.0 / (1.0 + g.avg_latency_ms / $latency_ref_ms) END, $w_latency],
            [CASE WHEN g.popularity_score IS NULL THEN null
                  ELSE CASE WHEN g.popularity_score / $popularity_max > 1.0 THEN 1.0 ELSE g.popularity_score / $popularity_max END
             END, $w_popularity]]
      WHERE p[0] IS NOT NULL] AS parts
WITH t, reduce(s = 0.0, p IN parts | s + p[1]) AS wsum, reduce(s = 0.0, p IN parts | s + p[0] * p[1]) AS vsum
WITH t, CASE WHEN wsum > 0 THEN vsum / wsum ELSE $prior END AS static,
     coalesce(t.exec_ok, 0) AS ok, coalesce(t.exec_failed, 0) AS failed
SET t.availability_static = static,
    t.availability = ($prior_strength * static + ok) / ($prior_strength + ok + failed)
RETURN count(t) AS n
