"""A chat model behind any OpenAI-compatible endpoint (OpenAI, vLLM, Ollama, llama.cpp), through ``openai``.

``complete_json`` asks for a JSON answer, validates it with a pydantic model and, when the answer is malformed,
sends the model the exact error and asks again, within a bound (error feedback, as in the Middleware paper).
``act`` asks the model to pick one of a set of named actions, in one of three protocols:

- ``json``: the answer is ``{"name": ..., "call_objective": ..., "args": {...}}``;
- ``function_call``: the same object inside ``<function_call>...</function_call>``, optionally wrapped in
  ``__PAYLOAD_START__`` / ``__PAYLOAD_END__`` (Chat2Graph's prompt-based format);
- ``native``: the endpoint's own tool calling (``tools=`` / ``tool_calls``).

Whatever was asked for, any of the three forms in an answer is accepted. Every call's tokens, latency and prompt
size are counted in ``usage`` and in ``usage.log``.
"""

from __future__ import annotations

import json
import logging
import re
import time
from typing import Any, TypeVar

from pydantic import BaseModel, Field, ValidationError
from pydantic.json_schema import SkipJsonSchema

from toolgraph.errors import ToolGraphError

log = logging.getLogger(__name__)

M = TypeVar("M", bound=BaseModel)
FENCE = re.compile(r"^```(?:json)?\s*|\s*```$", re.MULTILINE)


class LLMError(ToolGraphError):
    """The model could not be reached, or gave no valid answer within the retry bound."""


class Usage(BaseModel):
    """What LLM calls cost: a client's running count (``ChatModel.usage``, with a log of every call) and what one
    job spent (``Plan.usage``, which also counts its search steps, backtracks and wall time). The log is never
    serialized."""

    llm_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    invalid_answers: int = 0
    llm_seconds: float = 0.0
    steps: int = 0
    backtracks: int = 0
    seconds: float = 0.0
    log: SkipJsonSchema[list[dict[str, Any]]] = Field(default_factory=list, exclude=True, repr=False)

    def mark(self) -> tuple[int, int, int, float, int]:
        return self.llm_calls, self.prompt_tokens, self.completion_tokens, self.llm_seconds, len(self.log)

    def since(self, mark: tuple[int, int, int, float, int]) -> dict[str, Any]:
        """What the calls after ``mark`` cost."""
        calls, prompt, completion, seconds, logged = mark
        return {"attempts": self.llm_calls - calls, "prompt_tokens": self.prompt_tokens - prompt,
                "completion_tokens": self.completion_tokens - completion,
                "seconds": round(self.llm_seconds - seconds, 3),
                "prompt_chars": sum(e["prompt_chars"] for e in self.log[logged:])}


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

    def chat(self, messages: list[dict[str, Any]], *, tools: list[dict[str, Any]] | None = None,
             max_tokens: int | None = None) -> str:
        """The answer's text; with ``tools``, a native tool call comes back as the JSON text
        ``{"name", "args"}`` of its first call."""
        import openai

        started = time.perf_counter()
        extra: dict[str, Any] = {"tools": tools, "tool_choice": "required"} if tools else {}
        try:
            response = self.client.chat.completions.create(
                model=self.model, messages=messages, temperature=self.temperature,
                max_tokens=max_tokens or self.max_tokens, **extra)
        except openai.OpenAIError as exc:
            raise LLMError(f"the LLM at {self.client.base_url} failed: {exc}") from exc
        elapsed = time.perf_counter() - started
        self.usage.llm_calls += 1
        self.usage.llm_seconds += elapsed
        if response.usage is not None:
            self.usage.prompt_tokens += response.usage.prompt_tokens or 0
            self.usage.completion_tokens += response.usage.completion_tokens or 0
        if not response.choices:
            raise LLMError(f"the LLM at {self.client.base_url} answered with no choices")
        message = response.choices[0].message
        content = message.content or ""
        if tools and message.tool_calls:
            call = message.tool_calls[0].function
            try:
                args = json.loads(call.arguments or "{}")
            except ValueError:
                args = call.arguments  # left for the validator to name
            content = json.dumps({"name": call.name, "args": args})
        usage = response.usage
        self.usage.log.append({
            "seconds": round(elapsed, 3), "prompt_chars": sum(len(str(m.get("content") or "")) for m in messages),
            "prompt_tokens": (usage.prompt_tokens or 0) if usage else None,
            "completion_tokens": (usage.completion_tokens or 0) if usage else None, "answer_chars": len(content)})
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


# -- actions ------------------------------------------------------------------------------------------------------
PROTOCOLS = ("json", "function_call", "native")
FUNCTION_CALL = re.compile(r"<function_call>\s*(.*?)\s*</function_call>", re.DOTALL)
PAYLOAD = re.compile(r"__PAYLOAD_START__\s*(.*?)\s*__PAYLOAD_END__", re.DOTALL)


class Action(BaseModel):
    """A named action with arguments, and what the model meant to achieve with it."""

    name: str
    args: dict[str, Any] = {}
    call_objective: str = ""


def parse_action(text: str) -> Action:
    """An :class:`Action` from an answer in any of the three forms; ValueError names what is wrong."""
    body = text.strip()
    match = FUNCTION_CALL.search(body)
    if match:
        body = match.group(1)
        payload = PAYLOAD.search(body)
        if payload:
            body = payload.group(1)
    body = FENCE.sub("", body.strip()).strip()
    if not body.startswith("{"):  # prose around a JSON object: take the outermost braces
        start, end = body.find("{"), body.rfind("}")
        if start < 0 or end <= start:
            raise ValueError("no JSON object found in the answer")
        body = body[start:end + 1]
    try:
        data = json.loads(body)
    except ValueError as exc:
        raise ValueError(f"the action is not valid JSON ({exc})") from exc
    if not isinstance(data, dict):
        raise ValueError("the action must be a JSON object")
    if "action" in data and "name" not in data:  # {"action": "choose_tool", ...}
        data["name"] = data.pop("action")
    try:
        return Action.model_validate(data)
    except ValidationError as exc:
        raise ValueError("; ".join(f"{'.'.join(map(str, e['loc'])) or 'action'}: {e['msg']}"
                                   for e in exc.errors())) from exc


def action_instructions(actions: dict[str, type[BaseModel]], protocol: str) -> str:
    """How to answer, for the prompt-based protocols (native tool calling needs no text)."""
    lines = ["Available actions (name: arguments JSON schema):"]
    for name, model in actions.items():
        props = model.model_json_schema().get("properties", {})
        lines.append(f"- {name}: {json.dumps({k: v.get('type', 'any') for k, v in props.items()})}")
    example = '{"name": "<action>", "call_objective": "<why, one sentence>", "args": {...}}'
    if protocol == "function_call":
        lines.append("Answer with exactly one call in this format and nothing else:\n<function_call>\n"
                     f"__PAYLOAD_START__\n{example}\n__PAYLOAD_END__\n</function_call>")
    elif protocol == "json":
        lines.append(f"Answer with one JSON object and nothing else: {example}")
    return "\n".join(lines)


def native_tools(actions: dict[str, type[BaseModel]]) -> list[dict[str, Any]]:
    tools = []
    for name, model in actions.items():
        schema = model.model_json_schema()
        schema.pop("title", None)
        tools.append({"type": "function", "function": {"name": name, "description": model.__doc__ or name,
                                                       "parameters": schema}})
    return tools


def act(model: ChatModel, messages: list[dict[str, Any]], actions: dict[str, type[BaseModel]], *,
        protocol: str = "json", check: Any = None) -> tuple[str, BaseModel, str]:
    """Ask until the model names one of ``actions`` with valid arguments (and ``check(name, args)`` returns None);
    each failure goes back to the model with the exact error. Returns (name, args, call objective)."""
    if protocol not in PROTOCOLS:
        raise LLMError(f"protocol must be one of {', '.join(PROTOCOLS)}, not {protocol!r}")
    history = list(messages)
    if protocol != "native":
        history[0] = {**history[0], "content": f"{history[0]['content']}\n\n{action_instructions(actions, protocol)}"}
    tools = native_tools(actions) if protocol == "native" else None
    last_error = ""
    for _ in range(model.max_retries + 1):
        text = model.chat(history, tools=tools)
        try:
            action = parse_action(text)
            if action.name not in actions:
                raise ValueError(f"unknown action {action.name!r}; the actions are {', '.join(actions)}")
            try:
                args = actions[action.name].model_validate(action.args)
            except ValidationError as exc:
                raise ValueError("; ".join(f"args.{'.'.join(map(str, e['loc']))}: {e['msg']}"
                                           for e in exc.errors())) from exc
            problem = check(action.name, args) if check else None
            if problem is None:
                return action.name, args, action.call_objective
            last_error = problem
        except ValueError as exc:
            last_error = str(exc)
        model.usage.invalid_answers += 1
        history += [{"role": "assistant", "content": text},
                    {"role": "user", "content": f"Your answer was invalid: {last_error}. Answer again with one "
                                                f"valid action."}]
    raise LLMError(f"the LLM gave no valid action after {model.max_retries + 1} tries; last error: {last_error}")
