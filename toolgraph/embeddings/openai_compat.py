"""An OpenAI-compatible ``/v1/embeddings`` endpoint (OpenAI, vLLM, Ollama, llama.cpp, TEI)."""

from __future__ import annotations

import math

from toolgraph.embeddings.base import Embedder, EmbeddingError


class OpenAIEmbedder(Embedder):
    def __init__(self, *, base_url: str, model: str, api_key: str = "not-needed", batch_size: int = 64,
                 timeout_s: float = 60.0) -> None:
        from openai import OpenAI

        self.client = OpenAI(base_url=base_url, api_key=api_key or "not-needed", timeout=timeout_s, max_retries=1)
        self.model = model
        self.name = f"openai:{model}"
        self.batch_size = batch_size
        self.dimensions = len(self._embed(["dimension probe"])[0])

    def _embed(self, texts: list[str]) -> list[list[float]]:
        import openai

        out: list[list[float]] = []
        for start in range(0, len(texts), self.batch_size):
            try:
                response = self.client.embeddings.create(model=self.model, input=texts[start : start + self.batch_size])
            except openai.OpenAIError as exc:
                raise EmbeddingError(f"the embedding endpoint {self.client.base_url} failed: {exc}") from exc
            for item in sorted(response.data, key=lambda d: d.index):
                norm = math.sqrt(sum(x * x for x in item.embedding)) or 1.0
                out.append([x / norm for x in item.embedding])
        return out

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        return self._embed(texts) if texts else []

    def embed_queries(self, texts: list[str]) -> list[list[float]]:
        return self._embed(texts) if texts else []
