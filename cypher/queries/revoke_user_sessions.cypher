// End every session of a web user (logout): sessions carry the epoch they were made under, which no longer matches.
// mode: write
// params: name: User.name
// returns: session_epoch (the new one; no row when there is no such user)
MATCH (u:User {name: $name})
SET u.session_epoch = coalesce(u.session_epoch, 0) + 1
RETURN u.session_epoch AS session_epoch
