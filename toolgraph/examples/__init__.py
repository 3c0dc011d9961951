"""Small example tool modules: ``toolgraph import python toolgraph.examples.films`` makes them tools."""
