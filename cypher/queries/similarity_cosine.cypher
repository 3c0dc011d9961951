// Cosine similarity of two vectors as this backend's vector.similarity.cosine returns it (Neo4j: (1 + cos) / 2;
// the embedded server: raw cosine). Use Backend.cosine_from_function to get raw cosine on either.
// mode: read
// params: a: list of floats, b: list of floats
// returns: score
RETURN vector.similarity.cosine($a, $b) AS score
