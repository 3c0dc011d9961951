"""The text and schema toolkit: one home for how ToolGraph reads words and schemas, used by the miner
(``gds_jobs``), the planner, retrieval and the binder. It imports nothing of theirs (a basics layer).

- :mod:`toolgraph.text.words`: tokens, the stop-word lists (one per purpose), the stemmer;
- :mod:`toolgraph.text.lexicon`: the English a request is read with (kinds of things, cue words, question words,
  named things and stated values);
- :mod:`toolgraph.text.params`: what a parameter's name says (an identifier, a name to look up, a number);
- :mod:`toolgraph.text.schema`: the JSON-schema walker and the type map.
"""
