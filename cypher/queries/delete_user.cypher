// Delete a web user (their recorded edits keep the name).
// mode: write
// params: name: User.name
// returns: n (users deleted)
MATCH (u:User {name: $name})
DELETE u
RETURN count(*) AS n
