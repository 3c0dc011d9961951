// One web user (editor or admin) with the hash of their password, for logging in.
// mode: read
// params: name: User.name
// returns: name, role, password_hash, created
MATCH (u:User {name: $name})
RETURN u.name AS name, u.role AS role, u.password_hash AS password_hash, u.created AS created
