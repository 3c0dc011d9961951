// How many nodes carry each label.
// mode: read
// params: none
// returns: label, count
MATCH (n)
UNWIND labels(n) AS label
RETURN label, count(*) AS count
ORDER BY label
