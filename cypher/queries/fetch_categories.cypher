// The categories among the given names that already exist, with their properties.
// mode: read
// params: names: list of category names
// returns: name, props (map)
MATCH (c:Category)
WHERE c.name IN $names
RETURN c.name AS name, properties(c) AS props
