// Every node with its labels and properties (small graphs: tests, exports for review).
// mode: read
// params: none
// returns: labels, props
MATCH (n)
RETURN labels(n) AS labels, properties(n) AS props
