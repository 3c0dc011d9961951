// Create or update categories.
// mode: write
// params: rows: list of {name, props}
// returns: n (rows written)
UNWIND $rows AS row
MERGE (c:Category {name: row.name})
SET c += row.props
RETURN count(c) AS n
