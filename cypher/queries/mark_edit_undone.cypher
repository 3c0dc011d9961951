// Mark an edit as undone, and by which later edit.
// mode: write
// params: id: Edit id, by: the undoing Edit id, user: who undid it, at: when
// returns: n (edits marked)
MATCH (e:Edit {id: $id})
SET e.undone = true, e.undone_by = $by, e.undone_user = $user, e.undone_at = $at
RETURN count(e) AS n
