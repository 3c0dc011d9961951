// Which of the given tool ids exist (an index seek each): the editor's "both tools exist" check.
// mode: read
// params: ids: list of Tool ids
// returns: id
UNWIND $ids AS id
MATCH (t:Tool {id: id})
RETURN t.id AS id
