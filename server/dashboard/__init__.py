"""The read-only web dashboard over the store: ``frontiersmith dashboard`` and ``/ui`` of ``serve --http``."""

from .serve import dashboard_url, guarded_dashboard, serve_dashboard

__all__ = ["dashboard_url", "guarded_dashboard", "serve_dashboard"]
