"""Algorithm 1 with agents as the provider: ``AgentPipeline`` (what `frontiersmith synthesize --agents` runs)
and ``run_agent_synthesis``. The pipeline in ``tools/synthesis/pipeline.py`` does the selection and the storing; the
agents author, and cross-validate each other through the MCP server.
"""

from __future__ import annotations

from collections.abc import Mapping

from agents import Model
from frontiersmith.errors import InvalidInputError
from frontiersmith.settings import Settings, get_settings
from frontiersmith.store import Store, open_store
from frontiersmith.tools.llm.endpoints import api_key_from_env
from frontiersmith.tools.llm.exchanges import Recording
from frontiersmith.tools.synthesis.pipeline import Pipeline, ProgressFn, SynthesisConfig
from frontiersmith.tools.synthesis.replay import prepare_replay
from frontiersmith.tools.synthesis.stages import StageTable

from .authors import agent_authors
from .exchanges import ReplayModel
from .provider import AgentProvider
from .roles import READ_ONLY_TOOLS
from .team import AgentTeam, Budget

LITELLM_PREFIX = "litellm/"


def build_model(model: str, base_url: str | None = None, api_key_env: str | None = None) -> Model:
    """An SDK model for any OpenAI-compatible chat endpoint; ``litellm/<provider>/<model>`` goes through
    LiteLLM when it is installed. The key is read from ``api_key_env`` (local endpoints need none)."""
    from openai import AsyncOpenAI

    from agents import OpenAIChatCompletionsModel

    if not model:
        raise InvalidInputError(
            "The agents need a model name: pass --model (and --base-url for a local endpoint)."
        )
    key = api_key_from_env(api_key_env) if api_key_env else None
    if model.startswith(LITELLM_PREFIX):
        try:
            from agents.extensions.models.litellm_model import LitellmModel
        except ImportError:
            raise InvalidInputError(
                "LiteLLM is not installed; run `pip install 'openai-agents[litellm]'` or drop the litellm/ prefix."
            ) from None
        return LitellmModel(model=model.removeprefix(LITELLM_PREFIX), base_url=base_url, api_key=key)
    client = AsyncOpenAI(base_url=base_url, api_key=key or "not-needed", max_retries=1)
    return OpenAIChatCompletionsModel(model=model, openai_client=client)


class AgentPipeline:
    """A ``Pipeline`` whose provider is an ``AgentTeam`` connected to `frontiersmith serve` (one stdio
    subprocess per role, or the streamable-HTTP server at ``url``). Candidates run concurrently up to
    ``settings.max_concurrency``, as in the pipeline; the team's connections live for one ``run``."""

    def __init__(
        self,
        store: Store,
        config: SynthesisConfig,
        settings: Settings | None = None,
        progress: ProgressFn | None = None,
        *,
        model: str | None = None,
        base_url: str | None = None,
        api_key_env: str | None = None,
        sdk_model: Model | Mapping[str, Model] | None = None,
        budget: Budget | None = None,
        url: str | None = None,
        token: str | None = None,
        run_id: str | None = None,
    ):
        self.store = store
        # The servers the agents call write to this store, whatever store the settings name.
        self.settings = (settings or get_settings()).model_copy(update={"store_path": store.path})
        self.config = config.model_copy(update={"provider": "agents"})
        self._run_id = run_id  # a replay's: the recorded run's (tools/synthesis/replay.py)
        self.progress = progress
        self.sdk_model = sdk_model or build_model(
            model or self.settings.llm_model or "",
            base_url or self.settings.llm_base_url,
            api_key_env or self.settings.llm_api_key_env,
        )
        self.budget = budget or Budget(max_rounds=config.crossval_rounds)
        self.url, self.token = url, token
        self.waited_s = 0.0  # as Pipeline.waited_s: how long the run waited for its run lock

    @property
    def run_id(self) -> str:
        """The run's id: a replay's recorded run, else the config's."""
        return self._run_id or self.config.run_id

    async def run(self) -> StageTable:
        """Run Algorithm 1 with the agents as its authors, through the server; the stage table of the run."""
        # The test-case and verifier agents write through the server: they author the cross-validation loop.
        tools = {
            role: tools
            for role, tools in READ_ONLY_TOOLS.items()
            if role not in ("test_case_agent", "verifier_agent")
        }
        async with AgentTeam(
            self.store,
            self.settings,
            self.sdk_model,
            tools=tools,
            budget=self.budget,
            url=self.url,
            token=self.token,
        ) as team:
            rounds = self.config.crossval_rounds
            pipeline = Pipeline(
                self.store,
                AgentProvider(team),
                self.config,
                self.settings,
                self.progress,
                authors=lambda cid: agent_authors(team, cid, max_rounds=rounds),
                run_id=self.run_id,
            )
            try:
                return await pipeline.run()
            finally:
                self.waited_s = pipeline.waited_s


def agent_replay_pipeline(
    store: Store,
    recording: Recording,
    config: SynthesisConfig,
    settings: Settings | None = None,
    progress: ProgressFn | None = None,
) -> AgentPipeline:
    """The agents pipeline that replays a recorded agents run into ``store``: every agent's model turn is the
    recorded one (``ReplayModel``), every tool call is made against the server again."""
    prepare_replay(store, recording, config)
    return AgentPipeline(
        store, config, settings, progress, sdk_model=ReplayModel(recording), run_id=recording.run_id
    )


async def run_agent_synthesis(
    config: SynthesisConfig,
    model: str | None,
    base_url: str | None,
    api_key_env: str | None,
    settings: Settings | None = None,
    *,
    store: Store | None = None,
    progress: ProgressFn | None = None,
) -> StageTable:
    """Run Algorithm 1 for ``config.rounds`` rounds with agents on the model at ``base_url``; resumable like
    the pipeline (same arguments, same run)."""
    settings = settings or get_settings()
    store = store or open_store(None, settings)
    pipeline = AgentPipeline(
        store, config, settings, progress, model=model, base_url=base_url, api_key_env=api_key_env
    )
    return await pipeline.run()
