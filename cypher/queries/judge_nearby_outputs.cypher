// What the tools next to a plan's tools give (resource edges either way): their declared and observed output
// schemas and descriptions. The outcome judge reads the field names, so that a request asking for an attribute
// some nearby tool has (a depot's address, a customer's phone) is not called answered by a goal that lacks it.
// mode: read
// params: ids: list of Tool ids (the plan's tools)
// returns: id, output_schema, observed_schema, description
UNWIND $ids AS id
MATCH (t:Tool {id: id})-[:STRONG_RESOURCE|WEAK_RESOURCE]-(n:Tool)
RETURN DISTINCT n.id AS id, n.output_schema AS output_schema, n.observed_schema AS observed_schema,
       n.description AS description
