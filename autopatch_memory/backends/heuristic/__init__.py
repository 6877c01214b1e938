"""The offline, rule-based summary backend: see :mod:`.backend`."""

from __future__ import annotations

from .backend import HeuristicBackend

__all__ = ["HeuristicBackend"]
