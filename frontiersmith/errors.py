"""Errors a user can act on: each carries one sentence saying what was wrong and what to do."""


class FrontierSmithError(Exception):
    """Base class: the message is shown to the user as-is, without a traceback."""


class NotFoundError(FrontierSmithError):
    """An id that names nothing in the store or the catalog."""


class InvalidInputError(FrontierSmithError):
    """Input that does not fit what the tool accepts (a manifest, a language, a field)."""


class StoreError(FrontierSmithError):
    """The store cannot be opened or written (missing folder, read-only, corrupt file)."""


class SandboxError(FrontierSmithError):
    """The sandbox itself failed (our fault, never the contestant's): reported as SYSTEM_ERROR."""
