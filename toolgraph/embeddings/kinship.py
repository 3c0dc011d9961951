"""Whether a word is near in meaning to one of some others, by the cosine of their vectors: the outcome judge asks
whether an answer speaks of the thing a request asks for ("which car was it" answered by a rental's ``vehicle``;
"which form is her daughter in" answered by a guardian's record names no form). Single words' vectors are cached."""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from toolgraph.embeddings.base import Embedder

#: the cosine at or over which two words are kin. Chosen on the tuned-on suites' asked nouns (docs/execution.md,
#: "The outcome"): car / vehicle 0.87, van / vehicle 0.48, book / isbn 0.54; form / name 0.44, charge / invoice 0.41,
#: school / district 0.35
KIN = 0.45


class WordKinship:
    """``kinship(word, words)``: whether ``word`` is kin to one of ``words`` (cosine >= ``threshold``)."""

    def __init__(self, embedder: Embedder, threshold: float = KIN, cache_size: int = 50_000) -> None:
        self.embedder = embedder
        self.threshold = threshold
        self.cache_size = cache_size
        self._vectors: dict[str, np.ndarray] = {}

    def _vecs(self, words: list[str]) -> np.ndarray:
        missing = [w for w in dict.fromkeys(words) if w not in self._vectors]
        if missing:
            if len(self._vectors) + len(missing) > self.cache_size:
                self._vectors.clear()
            for w, v in zip(missing, self.embedder.embed_documents(missing), strict=True):
                self._vectors[w] = np.asarray(v, dtype=np.float32)
        return np.stack([self._vectors[w] for w in words])

    def __call__(self, word: str, words: Iterable[str]) -> bool:
        others = sorted({w for w in words if w and w != word})
        if not word or not others:
            return False
        vecs = self._vecs([word, *others])
        norms = np.linalg.norm(vecs, axis=1) + 1e-9
        sims = (vecs[1:] @ vecs[0]) / (norms[1:] * norms[0])
        return bool(sims.max() >= self.threshold)
