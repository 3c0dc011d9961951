"""``toolgraph retriever train``: fine-tune the embedding model on (query, relevant tools, negatives), as in the thesis.

Training data from StableToolBench-format query files, with the graph's tools as the corpus:
- positives: the query's relevant APIs (their tool text, as ``toolgraph embed`` writes it);
- negatives, per query: *simple* (random tools of other categories), *hard* mined from the graph (tools of the same
  group or category, ranked by closeness to the query with the base model, not relevant), and, when an LLM is
  configured, *generated* look-alike descriptions of a relevant tool that does something else;
- training: FlagEmbedding's encoder-only fine-tuning (InfoNCE with in-batch and listed negatives), on CPU or GPU.

Queries are split into train and held-out sets (seeded); before/after Recall@k and NDCG@k of dense search on the
held-out queries are reported, both models ranking the same corpus by exact cosine. The output folder is usable
as ``TOOLGRAPH_EMBED_MODEL`` (then ``toolgraph embed --reset``).
"""

from __future__ import annotations

import json
import logging
import os
import random
import shutil
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from toolgraph.db.store import GraphStore
from toolgraph.embeddings.base import Embedder, EmbeddingError
from toolgraph.llm import ChatModel
from toolgraph.retrieve.embed import tool_text
from toolgraph.retrieve.evaluate import EvalQuery, ndcg_at, recall_at

log = logging.getLogger(__name__)


@dataclass
class TrainConfig:
    out: Path
    base_model: str | None = None  # None: the offline all-MiniLM-L6-v2
    epochs: int = 1
    batch_size: int = 8
    learning_rate: float = 2e-5
    negatives: int = 3  # per query (FlagEmbedding's train_group_size = 1 + negatives)
    hard_share: float = 0.67  # share of the negatives that are hard ones
    holdout: float = 0.2
    seed: int = 7
    max_length: int = 256


class _LookAlike(BaseModel):
    description: str


def _generated_negative(llm: ChatModel, text: str) -> str | None:
    prompt = ("Here is an API tool:\n" + text[:800] + "\n\nWrite the description of a different, plausible API "
              "tool that looks similar (same domain and wording) but does something else. Answer JSON only: "
              '{"description": "..."}')
    try:
        return llm.complete_json([{"role": "user", "content": prompt}], _LookAlike).description
    except Exception as exc:  # noqa: BLE001 - a failed generation just means one fewer negative
        log.warning("generating a look-alike negative failed: %s", exc)
        return None


def split(queries: list[EvalQuery], share: float, seed: int) -> tuple[list[EvalQuery], list[EvalQuery]]:
    order = list(range(len(queries)))
    random.Random(seed).shuffle(order)
    cut = int(round(len(queries) * share))
    held = set(order[:cut])
    return [q for i, q in enumerate(queries) if i not in held], [q for i, q in enumerate(queries) if i in held]


def _dot(a: list[float], b: list[float]) -> float:
    return sum(x * y for x, y in zip(a, b))


def rank_exact(query_vectors: list[list[float]], ids: list[str], doc_vectors: list[list[float]], k: int
               ) -> list[list[str]]:
    import torch

    docs = torch.tensor(doc_vectors)
    out = []
    for v in query_vectors:
        scores = docs @ torch.tensor(v)
        top = torch.topk(scores, min(k, len(ids))).indices.tolist()
        out.append([ids[i] for i in top])
    return out


def dense_metrics(embedder: Embedder, queries: list[EvalQuery], ids: list[str], docs: list[list[float]],
                  ks: tuple[int, ...] = (1, 5, 10)) -> dict[str, float]:
    """Recall@k and NDCG@k of ``queries`` ranked by exact cosine against ``docs`` (the vectors of ``ids``)."""
    ranked = rank_exact(embedder.embed_queries([q.query for q in queries]), ids, docs, max(ks))
    out: dict[str, float] = {}
    for k in ks:
        out[f"recall@{k}"] = round(sum(recall_at(r, q.gold, k) for r, q in zip(ranked, queries)) / len(queries), 4)
        out[f"ndcg@{k}"] = round(sum(ndcg_at(r, q.gold, k) for r, q in zip(ranked, queries)) / len(queries), 4)
    return out


def build_examples(rows: list[dict[str, Any]], texts: list[str], docs: list[list[float]], base: Embedder,
                   queries: list[EvalQuery], cfg: TrainConfig, llm: ChatModel | None = None
                   ) -> tuple[list[dict[str, Any]], dict[str, int]]:
    """Training examples from the graph's tool rows, their texts and their base-model vectors."""
    text = {r["id"]: t for r, t in zip(rows, texts)}
    info = {r["id"]: r for r in rows}
    by_category: dict[str, list[str]] = {}
    for r in rows:
        by_category.setdefault(r["category"], []).append(r["id"])
    rng = random.Random(cfg.seed)
    ids = list(text)
    doc_vectors = dict(zip(ids, docs))
    query_vectors = base.embed_queries([q.query for q in queries])
    examples, counts = [], {"simple": 0, "hard": 0, "generated": 0, "skipped": 0}
    n_hard = int(round(cfg.negatives * cfg.hard_share))
    for q, qv in zip(queries, query_vectors):
        gold = [g for g in q.gold if g in text]
        if not gold:
            counts["skipped"] += 1
            continue
        cats = {info[g]["category"] for g in gold}
        groups = {info[g]["group"] for g in gold}
        near = [t for c in cats for t in by_category.get(c, []) if t not in q.gold]
        near.sort(key=lambda t: (-(info[t]["group"] in groups), -_dot(doc_vectors[t], qv)))
        hard = near[:n_hard]
        others = [t for t in ids if info[t]["category"] not in cats]
        simple = rng.sample(others, min(len(others), cfg.negatives - len(hard)))
        if len(hard) + len(simple) < cfg.negatives:  # a small graph: top up with any other tool
            spare = [t for t in ids if t not in q.gold and t not in hard and t not in simple]
            simple += rng.sample(spare, min(len(spare), cfg.negatives - len(hard) - len(simple)))
        negatives = [text[t] for t in hard + simple]
        counts["hard"] += len(hard)
        counts["simple"] += len(simple)
        if llm is not None:
            generated = _generated_negative(llm, text[gold[0]])
            if generated:
                negatives[-1:] = [generated]
                counts["generated"] += 1
                counts["simple"] -= 1
        for g in gold:
            examples.append({"query": q.query, "pos": [text[g]], "neg": negatives})
    return examples, counts


def train(store: GraphStore, base: Embedder, queries: list[EvalQuery], cfg: TrainConfig, *,
          base_path: str, pooling: str, llm: ChatModel | None = None) -> dict[str, Any]:
    """Fine-tune ``base`` (loaded from ``base_path``) into ``cfg.out``; returns what was done and measured."""
    train_q, held_q = split(queries, cfg.holdout, cfg.seed)
    if not train_q or not held_q:
        raise EmbeddingError(f"need queries both to train on and to hold out; got {len(queries)} query(ies)")
    rows = store.query("embed_tool_rows")
    ids, texts = [r["id"] for r in rows], [tool_text(r) for r in rows]
    base_docs = base.embed_documents(texts)  # once: for mining hard negatives and for the "before" figures
    examples, negatives = build_examples(rows, texts, base_docs, base, train_q, cfg, llm)
    cfg.out.mkdir(parents=True, exist_ok=True)
    data = cfg.out / "train.jsonl"
    with open(data, "w", encoding="utf-8") as fh:
        for ex in examples:
            fh.write(json.dumps(ex, ensure_ascii=False) + "\n")
    before = dense_metrics(base, held_q, ids, base_docs)
    seconds = _run_flag_finetune(base_path, data, cfg, pooling)
    _copy_pooling(Path(base_path), cfg.out, pooling)
    from toolgraph.embeddings.flag import FlagEmbedder

    tuned = FlagEmbedder(str(cfg.out), pooling=pooling, name=f"{base.name}+ft:{cfg.out.name}")
    after = dense_metrics(tuned, held_q, ids, tuned.embed_documents(texts))
    report = {"base_model": base.name, "model_dir": str(cfg.out), "train_queries": len(train_q),
              "heldout_queries": len(held_q), "examples": len(examples), "negatives": negatives,
              "train_seconds": round(seconds, 1), "heldout_before": before, "heldout_after": after,
              "config": {k: str(v) if isinstance(v, Path) else v for k, v in cfg.__dict__.items()}}
    (cfg.out / "toolgraph_train_report.json").write_text(json.dumps(report, indent=2), encoding="utf-8")
    return report


def _run_flag_finetune(base_path: str, data: Path, cfg: TrainConfig, pooling: str) -> float:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("WANDB_DISABLED", "true")
    from FlagEmbedding.finetune.embedder.encoder_only.base import (
        EncoderOnlyEmbedderDataArguments,
        EncoderOnlyEmbedderModelArguments,
        EncoderOnlyEmbedderRunner,
        EncoderOnlyEmbedderTrainingArguments,
    )

    try:
        import torch

        cuda = torch.cuda.is_available()
    except ImportError:  # pragma: no cover
        cuda = False
    model_args = EncoderOnlyEmbedderModelArguments(model_name_or_path=base_path)
    data_args = EncoderOnlyEmbedderDataArguments(
        train_data=[str(data)], train_group_size=1 + cfg.negatives, query_max_len=64,
        passage_max_len=cfg.max_length, pad_to_multiple_of=8)
    training_args = EncoderOnlyEmbedderTrainingArguments(
        output_dir=str(cfg.out), num_train_epochs=cfg.epochs, per_device_train_batch_size=cfg.batch_size,
        learning_rate=cfg.learning_rate, temperature=0.05, sentence_pooling_method=pooling,
        normalize_embeddings=True, save_strategy="no", logging_steps=10, report_to="none", use_cpu=not cuda,
        dataloader_num_workers=0, seed=cfg.seed, fp16=cuda)
    started = time.perf_counter()
    EncoderOnlyEmbedderRunner(model_args=model_args, data_args=data_args, training_args=training_args).run()
    return time.perf_counter() - started


def _copy_pooling(base: Path, out: Path, pooling: str) -> None:
    """Keep the pooling with the model: FlagEmbedder pools on the mean when a ``1_Pooling`` folder is there."""
    if pooling != "mean":
        return
    if (base / "1_Pooling").is_dir():
        shutil.copytree(base / "1_Pooling", out / "1_Pooling", dirs_exist_ok=True)
    else:
        (out / "1_Pooling").mkdir(exist_ok=True)
        (out / "1_Pooling" / "config.json").write_text(json.dumps({"pooling_mode_mean_tokens": True}))
