// Delete every node and relationship. Used by `toolgraph db reset --yes` and the tests.
// mode: write
// params: none
// returns: n (nodes deleted)
MATCH (n)
DETACH DELETE n
RETURN count(n) AS n
