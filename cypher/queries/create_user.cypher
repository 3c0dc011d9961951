// Create a web user (`toolgraph users add`); the unique constraint on User.name refuses a second one.
// mode: write
// params: user: {name, role, password_hash, created}
// returns: name
CREATE (u:User)
SET u = $user
RETURN u.name AS name
