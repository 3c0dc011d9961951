// Change a web user's password hash and end all their sessions.
// mode: write
// params: name: User.name, password_hash: the new werkzeug hash
// returns: session_epoch (the new one; no row when there is no such user)
MATCH (u:User {name: $name})
SET u.password_hash = $password_hash, u.session_epoch = coalesce(u.session_epoch, 0) + 1
RETURN u.session_epoch AS session_epoch
