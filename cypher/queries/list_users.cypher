// Every web user, without password hashes.
// mode: read
// params: none
// returns: name, role, created
MATCH (u:User)
RETURN u.name AS name, u.role AS role, u.created AS created
ORDER BY name
