"""A chat model behind any OpenAI-compatible endpoint (OpenAI, vLLM, Ollama, llama.cpp), through ``openai``.

``complete_json`` asks for a JSON answer, validates it with a pydantic model and, when the answer is malformed,
sends the model the exact error and asks again, within a bound (error feedback). Every call's tokens and latency
are counted in ``usage``.
"""

from __future__ import annotations

import json
import logging
import re
import time
from dataclasses import dataclass, field
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from toolgraph.errors import ToolGraphError

log = logging.getLogger(__name__)

M = TypeVar("M", bound=BaseModel)
FENCE = re.compile(r"^```(?:json)?\s*|\s*```$", re.MULTILINE)


class LLMError(ToolGraphError):
    """The model could not be reached, or gave no valid answer within the retry bound."""


@dataclass
class Usage:
    calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    seconds: float = 0.0
    invalid_answers: int = 0
    log: list[dict[str, Any]] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {"calls": self.calls, "prompt_tokens": self.prompt_tokens, "completion_tokens": self.completion_tokens,
                "seconds": round(self.seconds, 3), "invalid_answers": self.invalid_answers}


class ChatModel:
    def __init__(
        self,
        *,
        base_url: str,
        model: str,
        api_key: str = "not-needed",
        temperature: float = 0.0,
        max_tokens: int = 1024,
        timeout_s: float = 60.0,
        max_retries: int = 2,
    ) -> None:
        from openai import OpenAI

        self.model = model
        self.temperature = temperature
        self.max_tokens = max_tokens
        self.max_retries = max_retries
        self.client = OpenAI(base_url=base_url, api_key=api_key or "not-needed", timeout=timeout_s, max_retries=1)
        self.usage = Usage()

    def chat(self, messages: list[dict[str, str]]) -> str:
        import openai

        started = time.perf_counter()
        try:
            response = self.client.chat.completions.create(
                model=self.model, messages=messages, temperature=self.temperature, max_tokens=self.max_tokens)
        except openai.OpenAIError as exc:
            raise LLMError(f"the LLM at {self.client.base_url} failed: {exc}") from exc
        elapsed = time.perf_counter() - started
        self.usage.calls += 1
        self.usage.seconds += elapsed
        if response.usage is not None:
            self.usage.prompt_tokens += response.usage.prompt_tokens or 0
            self.usage.completion_tokens += response.usage.completion_tokens or 0
        if not response.choices:
            raise LLMError(f"the LLM at {self.client.base_url} answered with no choices")
        content = response.choices[0].message.content or ""
        self.usage.log.append({"seconds": round(elapsed, 3), "prompt_chars": sum(len(m["content"]) for m in messages),
                               "answer_chars": len(content)})
        return content

    def complete_json(self, messages: list[dict[str, str]], schema: type[M], *, check: Any = None) -> M:
        """Ask until the answer parses as ``schema`` (and passes ``check(answer)``, which returns an error
        message or None); each failure is sent back to the model with the exact error."""
        history = list(messages)
        last_error = ""
        for _ in range(self.max_retries + 1):
            text = self.chat(history)
            try:
                answer = schema.model_validate_json(FENCE.sub("", text.strip()))
                problem = check(answer) if check else None
                if problem is None:
                    return answer
                last_error = problem
            except ValidationError as exc:
                last_error = "; ".join(f"{'.'.join(map(str, e['loc'])) or 'answer'}: {e['msg']}" for e in exc.errors())
            self.usage.invalid_answers += 1
            feedback = (f"Your answer was invalid: {last_error}. Answer again with JSON only, matching this "
                        f"schema: {json.dumps(schema.model_json_schema())}")
            history += [{"role": "assistant", "content": text}, {"role": "user", "content": feedback}]
        raise LLMError(f"the LLM gave no valid answer after {self.max_retries + 1} tries; last error: {last_error}")
