"""Retrieval: embedding tools into the graph, and dense, hybrid and graph-expanded search over them."""
