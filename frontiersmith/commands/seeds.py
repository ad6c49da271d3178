"""`frontiersmith seeds ...`: bring closed problems in, look at them, correct their tuples. Thin shells over
``tools/seeds``; ``import`` lives in ``seeds_import``, ``list`` / ``show`` / ``edit`` in ``seeds_view``."""

from __future__ import annotations

from .shell import App

app = App(no_args_is_help=True)


def _register() -> None:
    from . import seeds_import, seeds_view

    for module in (seeds_import, seeds_view):
        for name, fn in module.COMMANDS.items():
            app.command(name)(fn)


_register()
