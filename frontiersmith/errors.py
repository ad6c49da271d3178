"""Errors a user can act on: each carries one sentence saying what was wrong and what to do."""


class FrontierSmithError(Exception):
    """Base class: the message is shown to the user as-is, without a traceback.

    ``over_mcp`` is the same sentence for an MCP client, when the message points at a shell command: an agent
    connected over MCP is told which tool or resource to use instead (``for_mcp``)."""

    def __init__(self, message: str = "", *, over_mcp: str | None = None) -> None:
        super().__init__(message)
        self.over_mcp = over_mcp

    def for_mcp(self) -> str:
        """The sentence an MCP client is shown: ``over_mcp`` when set, else the message."""
        return self.over_mcp or str(self)


class NotFoundError(FrontierSmithError):
    """An id that names nothing in the store or the catalog."""


class InvalidInputError(FrontierSmithError):
    """Input that does not fit what the tool accepts (a manifest, a language, a field)."""


class StoreError(FrontierSmithError):
    """The store cannot be opened or written (missing folder, read-only, corrupt file)."""


class SandboxError(FrontierSmithError):
    """The sandbox itself failed (our fault, never the contestant's): reported as SYSTEM_ERROR."""


class NotJudgedError(FrontierSmithError):
    """The host failed on some test even after the judge's retries: the submission has no score (and nothing
    of it was stored); trying again later may judge it."""


class ProviderError(FrontierSmithError):
    """The model's answer could not be used (invalid JSON, wrong shape, no code, refusal, endpoint failure);
    ``raw`` is the answer's text, when there was one, so whoever records the failure keeps it."""

    def __init__(self, message: str = "", *, raw: str = "") -> None:
        super().__init__(message)
        self.raw = raw


class EndpointUnreachable(FrontierSmithError):
    """The model endpoint can serve no request: it did not answer at all (refused, no route), or it refused
    the key, the access, the model or the quota. No step can succeed, so a run stops here with this sentence
    (and is marked failed, to resume once it is fixed) rather than rejecting every candidate for it. Not a
    ProviderError on purpose."""
