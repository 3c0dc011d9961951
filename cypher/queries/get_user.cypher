// One web user (editor or admin) with the hash of their password and their session epoch, for logging in.
// mode: read
// params: name: User.name
// returns: name, role, password_hash, created, session_epoch (sessions made under another epoch are revoked)
MATCH (u:User {name: $name})
RETURN u.name AS name, u.role AS role, u.password_hash AS password_hash, u.created AS created,
       coalesce(u.session_epoch, 0) AS session_epoch
