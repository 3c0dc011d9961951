// Record one change made in the dependency editor, in the same transaction as the change itself:
// who, when, what, and the edge before and after (JSON), so it can be undone.
// mode: write
// params: edit: {id, user, at, action, type, source_id, target_id, resource, before, after, undone, undoes}
// returns: id
CREATE (e:Edit)
SET e = $edit
RETURN e.id AS id
