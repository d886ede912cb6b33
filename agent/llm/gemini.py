"""The Gemini provider: google-genai with forced function calling on the pydantic contracts.

- understand -> `parse_intent`, plan -> `submit_plan`, analyze -> `submit_answer`: mode ANY with
  `allowed_function_names`, automatic function calling off, arguments validated with pydantic.
  Invalid arguments (or no call) get ONE repair turn carrying the validation error; then
  LLMInvalidOutput and the node's code fallback.
- A simple question is 3 calls (understander, planner, analyst): the planner reads the data
  coverage (symbols, trading dates, daily-only or intraday) from its prompt, no round trip.
  The analyst reads the computed summaries and at most `gemini_analyst_rows` rows per step.
- Thinking level per agent and temperature per model family (agent/llm/gemini_tuning.py).
- explain and summarize are plain text calls (summarize: memory's rolling thread summary).
- Errors (seed 004 section 10): 429 retried `gemini_retries` times with doubling backoff;
  timeouts and 5xx never retried; 400/401/403/404 are configuration errors logged at ERROR.
  The API's message, HTTP status and the candidate's finish reason are logged.
- Usage: one record per HTTP call (agent, model that answered, tokens, cost, duration);
  `take_usage()` drains them (see agent/llm/usage.py for how the graph folds them).
"""
from __future__ import annotations

import logging
import time
from typing import Any, Callable

from google import genai
from google.genai import types
from pydantic import BaseModel, ValidationError

from agent.answer.plan_check import PlanProblem
from agent.llm import gemini_tuning as tuning
from agent.llm import prompts as P
from agent.llm import request_decls as offer
from agent.llm import tokens
from agent.llm.base import ProviderContext
from agent.llm.errors import LLMConfigError, LLMError, LLMInvalidOutput, LLMRateLimited, classify
from agent.llm.gemini_cache import ExplicitCache
from agent.llm.gemini_memory import memory_block
from agent.llm.plan_actions import usable
from agent.llm.schemas import PARSE_INTENT, SUBMIT_ANSWER, SUBMIT_PLAN, declarations, derive
from agent.llm.usage import UsageMeter, load_prices
from agent.settings import Settings
from agent.state import AnalystOutput, Intent, Lang, Plan
from query_builder.models import StepResult

log = logging.getLogger("askbar.llm.gemini")

AGENTS = ("understander", "planner", "analyst", "educator", "summarizer")


def _user(text: str) -> types.Content:
    return types.Content(role="user", parts=[types.Part.from_text(text=text)])


def _validation_text(exc: Exception) -> str:
    if isinstance(exc, ValidationError):
        errs = exc.errors(include_url=False)[:12]
        return "; ".join(f"{'.'.join(str(x) for x in e['loc']) or '(root)'}: {e['msg']}" for e in errs)
    return str(exc)


def _candidate_content(resp: types.GenerateContentResponse) -> types.Content | None:
    cands = resp.candidates or []
    return cands[0].content if cands and cands[0].content else None


def _finish_reason(resp: Any) -> str | None:
    cands = getattr(resp, "candidates", None) or []
    reason = getattr(cands[0], "finish_reason", None) if cands else None
    return getattr(reason, "value", reason) if reason is not None else None


def _function_calls(resp: types.GenerateContentResponse) -> list[types.FunctionCall]:
    content = _candidate_content(resp)
    return [p.function_call for p in (content.parts or []) if p.function_call] if content else []


class GeminiProvider:
    """Provider protocol (agent/llm/base.py) on the Gemini API. Thread-safe; reuse one instance."""
    name = "gemini"
    reads_memory = True      # the nodes put the user's memory sections on ProviderContext

    def __init__(self, settings: Settings, client: genai.Client | None = None):
        self.settings = settings
        self.models = {a: getattr(settings, f"gemini_model_{a}") for a in AGENTS}
        for a in AGENTS:  # a level the model does not take is a configuration error: say so now
            try:
                tuning.thinking_config(self.models[a], tuning.agent_thinking(settings, a))
            except tuning.ThinkingLevelError as exc:
                raise tuning.ThinkingLevelError(f"ASKBAR_GEMINI_THINKING_{a.upper()}: {exc}") from None
        self.meter = UsageMeter(load_prices(settings.gemini_prices_path, settings.gemini_prices))
        self.client = client or self._client(settings)
        self.cache = ExplicitCache(self.client, settings)   # off unless gemini_explicit_cache

    @staticmethod
    def _client(settings: Settings) -> genai.Client:
        key = settings.gemini_key()
        if not key:
            raise ValueError("Gemini needs an API key: set GEMINI_API_KEY or GOOGLE_API_KEY")
        opts = types.HttpOptions(base_url=settings.gemini_base_url or None,
                                 api_version=settings.gemini_api_version or None,
                                 timeout=int(settings.gemini_timeout_s * 1000))
        return genai.Client(api_key=key, vertexai=False, http_options=opts)

    def take_usage(self) -> list[dict[str, Any]]:
        """Usage records since the last take: {agent, model, input_tokens, output_tokens,
        cost_usd, duration_ms, priced, status, requested_model, thinking_tokens, finish_reason}."""
        return self.meter.take()

    # ---- transport: retries, timeouts, typed errors, usage ------------------------------------

    def _timeout_ms(self, agent: str) -> int:
        from agent.budget import AGENT_BUDGETS_S

        budget = AGENT_BUDGETS_S.get(agent, self.settings.gemini_timeout_s)
        return int(min(self.settings.gemini_timeout_s, budget) * 1000)

    def _config(self, agent: str, system: str, allowed: list[str] | None = None,
                decls: list[types.FunctionDeclaration] | None = None) -> types.GenerateContentConfig:
        model = self.models[agent]
        cfg: dict[str, Any] = {
            "system_instruction": system, "temperature": tuning.temperature(model, self.settings),
            "thinking_config": tuning.thinking_config(model, tuning.agent_thinking(self.settings, agent)),
            "http_options": types.HttpOptions(timeout=self._timeout_ms(agent))}
        if decls:
            cfg["tools"] = [types.Tool(function_declarations=decls)]
            cfg["tool_config"] = types.ToolConfig(function_calling_config=types.FunctionCallingConfig(
                mode=types.FunctionCallingConfigMode.ANY, allowed_function_names=allowed))
            cfg["automatic_function_calling"] = types.AutomaticFunctionCallingConfig(disable=True)
        return types.GenerateContentConfig(**cfg)

    def _with_retries(self, agent: str, call: Callable[[], Any]) -> Any:
        """call() with 429 retried (doubling backoff); any other error raised typed at once."""
        attempts = 1 + max(0, self.settings.gemini_retries)
        first = time.perf_counter()
        for attempt in range(attempts):
            started = time.perf_counter()
            try:
                return call()
            except Exception as exc:
                err = classify(exc, agent)
                self.meter.add(agent, self.models[agent], None, started, status="error")
                pause = self.settings.gemini_retry_backoff_s * (2 ** attempt)
                if isinstance(err, LLMRateLimited) and attempt + 1 < attempts \
                        and self._fits_budget(agent, first, pause):
                    log.warning("%s: rate limited, retry %d in %.2f s", agent, attempt + 1, pause)
                    time.sleep(pause)
                    continue
                if isinstance(err, LLMConfigError):  # same failure on every call: for the operator
                    log.error("%s: configuration error for model %s: %s", agent,
                              self.models[agent], err.detail)
                else:
                    log.warning("%s: %s (%s)", agent, type(err).__name__, err.detail)
                raise err from None
        raise AssertionError("unreachable")

    def _fits_budget(self, agent: str, first: float, pause: float) -> bool:
        """Whether a retry after `pause` can still finish inside the agent's time budget."""
        from agent.budget import AGENT_BUDGETS_S

        budget = AGENT_BUDGETS_S.get(agent, self.settings.gemini_timeout_s)
        return time.perf_counter() - first + pause < budget

    def _generate(self, agent: str, contents: list[types.Content],
                  config: types.GenerateContentConfig) -> types.GenerateContentResponse:
        model = self.models[agent]

        def call(cfg: types.GenerateContentConfig) -> Callable[[], types.GenerateContentResponse]:
            def send() -> types.GenerateContentResponse:
                started = time.perf_counter()
                resp = self.client.models.generate_content(model=model, contents=contents, config=cfg)
                reason = _finish_reason(resp)
                self.meter.add(agent, model, resp.usage_metadata, started, answered=resp.model_version,
                               finish_reason=reason)
                if reason not in (None, "STOP"):
                    log.warning("%s: model %s finished with %s", agent, resp.model_version or model, reason)
                return resp
            return send
        cached = self.cache.config_for(agent, model, config)   # None unless explicit caching applies
        if cached is not None:
            try:
                return self._with_retries(agent, call(cached))
            except LLMConfigError:   # the cache expired or was deleted: once more, carrying the parts
                self.cache.forget(str(cached.cached_content))
                log.warning("%s: cached content %s refused; sent without it", agent, cached.cached_content)
        return self._with_retries(agent, call(config))

    # ---- forced function calling with one repair turn ----------------------------------------

    def _structured(self, agent: str, system: str, contents: list[types.Content], target: str,
                    model_cls: type[BaseModel], check: Callable[[Any], None] | None = None,
                    decl: types.FunctionDeclaration | None = None) -> Any:
        """Force a call of `target` (mode ANY; `decl`: the part of its declaration this request is
        offered) and validate its arguments against the whole model; one repair turn."""
        decls = [decl or declarations()[target]]
        contents, repaired = list(contents), False
        while True:
            resp = self._generate(agent, contents, self._config(agent, system, [target], decls))
            content, calls = _candidate_content(resp), _function_calls(resp)
            hit = next((c for c in calls if c.name == target), None)
            error: str | None = None
            if hit is not None:
                try:
                    obj = model_cls.model_validate(hit.args or {})
                    if check:
                        check(obj)
                    return obj
                except (ValidationError, ValueError) as exc:
                    error = _validation_text(exc)
            problem = error or f"no function call (finish reason {_finish_reason(resp) or 'none'})"
            if repaired:
                log.warning("%s: %s still invalid after the repair turn: %s", agent, target, problem)
                raise LLMInvalidOutput(f"{target}: {problem}", agent=agent)
            repaired = True
            log.info("%s: repairing %s (%s)", agent, target, problem)
            contents += _repair(content, calls, target, error)


    # ---- Provider protocol -------------------------------------------------------------------

    def understand(self, question: str, history: list[dict[str, str]] | None,
                   ctx: ProviderContext) -> Intent:
        q = P.wrap("user_question", question)
        rule = offer.wants_rule([question, *offer.user_turns(history)])
        return self._understand(lambda c, h: P.UNDERSTANDER_USER.format(context=c, history=h, question=q),
                                history, ctx, rule)

    def understand_with_answer(self, original: str | Intent, answer: str,
                               history: list[dict[str, str]] | None, ctx: ProviderContext) -> Intent:
        orig = P.intent_json(original) if isinstance(original, Intent) else original
        o, a = P.wrap("user_question", orig), P.wrap("user_answer", answer)
        rule = offer.wants_rule([orig, answer, *offer.user_turns(history)], original)
        return self._understand(lambda c, h: P.UNDERSTANDER_CLARIFIED_USER.format(
            context=c, history=h, original=o, answer=a), history, ctx, rule)

    def _understand(self, render: Callable[[str, str], str], history: list[dict[str, str]] | None,
                    ctx: ProviderContext, rule: bool) -> Intent:
        system = P.UNDERSTANDER_SYSTEM.format(safety=P.SAFETY)
        context = memory_block(ctx, "understander") + P.UNDERSTANDER_CONTEXT.format(
            today=ctx.today.isoformat(), instruments=P.instruments_text(ctx))
        # Seed 002's context budget on the whole request: what is left after the instructions,
        # the function declaration and the question goes to the history, newest first.
        fixed = tokens.count(system) + tokens.count(render(context, "")) + offer.intent_declaration_tokens(rule)
        history_text = P.history_block(history, max(0, tokens.CONTEXT_TOKENS - fixed - REQUEST_MARGIN))
        intent = self._structured("understander", system, [_user(render(context, history_text))],
                                  PARSE_INTENT, Intent, decl=offer.intent_declaration(rule))
        return derive(intent)

    def plan(self, intent: Intent, ctx: ProviderContext,
             feedback: list[PlanProblem] | None = None) -> Plan:
        """One call: the data coverage is in the prompt; on the planner's retry, the problems
        code found in the previous plan."""
        system, text, decl = self.planner_request(intent, ctx, feedback)
        return self._structured("planner", system, [_user(text)], SUBMIT_PLAN, Plan, check=_check_plan,
                                decl=decl)

    def planner_prompt(self, intent: Intent, ctx: ProviderContext,
                       feedback: list[PlanProblem] | None = None) -> tuple[str, str]:
        system, text, _ = self.planner_request(intent, ctx, feedback)
        return system, text

    def planner_request(self, intent: Intent, ctx: ProviderContext, feedback: list[PlanProblem] | None = None
                        ) -> tuple[str, str, types.FunctionDeclaration]:
        """(static system instruction, user text with today, the coverage and the intent, the
        submit_plan declaration offering the same actions as the text's catalogue): one builder
        for the plain planner call and the one offered the user's tools (agent/tools/plan_step.py)."""
        found = usable(intent, ctx)
        # The planner plans the typed reading: no memory, no history (the understander resolved
        # them into the intent); its system instruction is the same on every call.
        system = P.PLANNER_SYSTEM.format(safety=P.SAFETY)
        text = memory_block(ctx, "planner") + P.PLANNER_USER.format(
            catalogue=P.planner_catalogue(found[0] if found else None), today=ctx.today.isoformat(),
            coverage=P.wrap("data_coverage", P.coverage_text(ctx)),
            intent=P.wrap("data", P.intent_json(intent)))
        if feedback:
            text += P.PLANNER_FEEDBACK.format(problems=P.wrap(
                "plan_problems", "\n".join(f"- {p.text}" for p in feedback)))
        return system, text, offer.plan_declaration(*found) if found else offer.plan_declaration(None)

    def analyze(self, question: str, intent: Intent, results: list[StepResult], lang: Lang,
                ctx: ProviderContext | None = None, feedback: str | None = None) -> AnalystOutput:
        system, text = self._analyst_prompt(question, intent, results, lang, feedback, P.ANALYST_USER,
                                            ctx)
        return self._structured("analyst", system, [_user(text)], SUBMIT_ANSWER, AnalystOutput,
                                check=_check_answer)

    def _analyst_prompt(self, question: str, intent: Intent, results: list[StepResult], lang: str,
                        feedback: str | None, template: str,
                        ctx: ProviderContext | None = None) -> tuple[str, str]:
        name = P.lang_name(lang)
        system = P.ANALYST_SYSTEM.format(safety=P.SAFETY)
        table = _slot_table(question, intent, results)
        text = template.format(
            memory=memory_block(ctx, "analyst"), question=P.wrap("user_question", question),
            data=P.wrap("data", P.results_payload(results, self.settings.gemini_analyst_rows,
                                                  self.settings.gemini_analyst_series_rows,
                                                  shown=_shown_keys(table, len(results)))),
            feedback=P.ANALYST_FEEDBACK.format(feedback=P.wrap("validator_feedback", feedback))
            if feedback else "", lang_name=name,
            slots=P.wrap("data", table.describe(lang, symbols=len(table.symbols()) > 1)))
        return system, text

    def explain(self, concept: str, lang: Lang, ctx: ProviderContext | None = None) -> str:
        name = P.lang_name(lang)
        system = P.EDUCATOR_SYSTEM.format(safety=P.SAFETY)
        text = P.EDUCATOR_USER.format(memory=memory_block(ctx, "educator"), lang_name=name,
                                      concept=P.wrap("user_question", concept),
                                      reference=_glossary_reference(concept, lang))
        return self._text("educator", system, text)

    def summarize(self, messages: list[dict[str, str]]) -> str:
        system = P.SUMMARIZER_SYSTEM.format(safety=P.SAFETY)
        history = P.wrap("history", "\n".join(f"{m.get('role', 'user')}: {m.get('content', '')}"
                                               for m in messages))
        return self._text("summarizer", system, P.SUMMARIZER_USER.format(history=history))

    def _text(self, agent: str, system: str, text: str) -> str:
        resp = self._generate(agent, [_user(text)], self._config(agent, system))
        out = (resp.text or "").strip()
        if not out:
            raise LLMInvalidOutput(f"{agent}: empty text", agent=agent)
        return out

    def check_models(self) -> list[str]:
        """Problems with the configured model ids (one models.get each); [] when all are served."""
        from agent.llm.gemini_check import check_models

        return check_models(self.client, self.models)

    def count_tokens(self, text: str, agent: str = "analyst") -> int:
        """Tokens of `text` for the agent's model (the API's countTokens; not billed)."""
        resp = self._with_retries(agent, lambda: self.client.models.count_tokens(
            model=self.models[agent], contents=[_user(text)]))
        return int(resp.total_tokens or 0)


REQUEST_MARGIN = 100     # framing the token count of the parts does not see (roles, separators)


def _answers(calls: list[types.FunctionCall], errors: dict[str, str]) -> types.Content:
    """A function response for every call of the model's turn (an error for each)."""
    # The call's id goes back with its response: required from the Gemini 3.5 generation on to pair
    # a response with its call (the API answers 400 without it when the call carried one).
    parts = [types.Part(function_response=types.FunctionResponse(
        id=c.id, name=c.name, response={"error": errors.get(c.name) or f"unknown function {c.name}"}))
        for c in calls]
    return types.Content(role="user", parts=parts)


def _repair(content: types.Content | None, calls: list[types.FunctionCall], target: str,
            error: str | None) -> list[types.Content]:
    """The turn that sends the problem back: every call of the model's turn is answered
    (the invalid one with the validation error), or a plain reminder when it made no call."""
    no_call = P.REPAIR_NO_CALL.format(function=target)
    if content is None or not content.parts:
        return [_user(no_call)]
    if not calls:
        return [content, _user(no_call)]
    errors = {target: P.REPAIR_INVALID_ARGS.format(function=target, error=error)} if error else {}
    answers = _answers(calls, errors)
    if error is None:
        answers.parts.append(types.Part.from_text(text=no_call))
    return [content, answers]


def _glossary_reference(concept: str, lang: str) -> str:
    """The glossary's own explanation of a known concept (trusted text), else "(none)"."""
    try:
        from agent.llm import glossary

        return glossary.explain(concept, lang) if glossary.lookup(concept) else "(none)"
    except Exception:  # the glossary is an aid here, never a reason to fail
        return "(none)"


def _slot_table(question: str, intent: Intent, results: list[StepResult]) -> Any:
    """The slots the analyst may write (agent/answer/slots.py); `describe(lang)` lists them with
    their rendered values."""
    from agent.answer import slots

    return slots.build([r.model_dump(mode="json") for r in results], intent.model_dump(mode="json"),
                       question)


def _shown_keys(table: Any, steps: int) -> list[set[str]]:
    """Per step, the summary keys the slot list already shows (a value and its date): the data
    section leaves them out (every summary figure was in the prompt twice)."""
    shown: list[set[str]] = [set() for _ in range(steps)]
    for v in table.values.values():
        head, _, _ = v.name.partition(".")
        if head.startswith("s") and head[1:].isdigit() and 0 < int(head[1:]) <= steps and not v.param:
            shown[int(head[1:]) - 1].add(v.metric)
    return [keys | {f"{k}{end}" for k in keys for end in ("_date", "_peak_date", "_start")} for keys in shown]


def _check_plan(plan: Plan) -> None:
    if not plan.steps:
        raise ValueError("steps: the plan needs at least one step")


def _check_answer(out: AnalystOutput) -> None:
    if not out.response.strip():
        raise ValueError("response: the answer text is empty")


__all__ = ["GeminiProvider", "LLMError"]
