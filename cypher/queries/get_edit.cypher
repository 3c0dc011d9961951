// One recorded edit by id.
// mode: read
// params: id: Edit id
// returns: edit (map)
MATCH (e:Edit {id: $id})
RETURN properties(e) AS edit
