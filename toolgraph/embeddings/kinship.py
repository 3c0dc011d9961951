"""Whether a word is near in meaning to one of some others, by the cosine of their vectors: the outcome judge asks
whether an answer speaks of the thing a request asks for ("which car was it" answered by a rental's ``vehicle``;
"which form is her daughter in" answered by a guardian's record names no form). Single words' vectors are cached."""

from __future__ import annotations

import logging
from collections.abc import Iterable

import numpy as np

from toolgraph.embeddings.base import Embedder

log = logging.getLogger(__name__)

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
        cache = self._vectors  # (another thread may start a new cache meanwhile: this call keeps what it read)
        found = {w: cache.get(w) for w in dict.fromkeys(words)}
        missing = [w for w, v in found.items() if v is None]
        if missing:
            vectors = self.embedder.embed_documents(missing)
            if len(cache) + len(missing) > self.cache_size:
                cache = self._vectors = {}
            for w, v in zip(missing, vectors, strict=True):
                found[w] = cache[w] = np.asarray(v, dtype=np.float32)
        return np.stack([found[w] for w in words])

    def __call__(self, word: str, words: Iterable[str]) -> bool:
        """Whether ``word`` is kin to one of ``words``; False when the embedder fails (the judge then counts only
        words of the same stem: stricter, never a false success), with a warning naming the embedder."""
        others = sorted({w for w in words if w and w != word})
        if not word or not others:
            return False
        try:
            vecs = self._vecs([word, *others])
        except Exception as exc:  # noqa: BLE001 (a remote embedder down must not fail the run being judged)
            log.warning("word kinship without %s: %s", getattr(self.embedder, "name", "the embedder"), exc)
            return False
        norms = np.linalg.norm(vecs, axis=1) + 1e-9
        sims = (vecs[1:] @ vecs[0]) / (norms[1:] * norms[0])
        return bool(sims.max() >= self.threshold)
