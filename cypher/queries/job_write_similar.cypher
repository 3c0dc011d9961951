// Write SIMILAR_TO edges (one per pair, from a to b, a < b) with the score and its parts.
// mode: write
// params: rows: list of {a, b, score, io, text, neighbours}
// returns: n (edges written)
UNWIND $rows AS row
MATCH (a:Tool {id: row.a}), (b:Tool {id: row.b})
MERGE (a)-[s:SIMILAR_TO]->(b)
SET s.score = row.score, s.io = row.io, s.text = row.text, s.neighbours = row.neighbours
RETURN count(s) AS n
