// Call custom.toolgraph.chain on an id no tool has: it answers (no rows) once APOC has registered the installed
// procedures and fails ("no procedure registered") once it has unregistered dropped ones. APOC registers and
// unregisters all of them in one refresh, so one stands for all.
// mode: read
// params: toolId: an id no tool has
// returns: n
CALL custom.toolgraph.chain($toolId) YIELD id
RETURN count(id) AS n
