"""chess-caddy: a plugin-based chess tournament format engine.

Importing :mod:`caddy` is cheap: the public API below is loaded on first
attribute access (PEP 562), so ``caddy --version`` imports neither pluggy,
attrs nor cattrs.
"""

from __future__ import annotations

# not `from typing import TYPE_CHECKING`: typing (and re) would load with the
# console script's first import, the moments before a Ctrl-C is handled (caddy.entry)
TYPE_CHECKING = False

__version__ = "0.1.0"

# public name -> module that defines it
_LAZY = {
    "hookimpl": "caddy.plugins.hookspecs",
    "hookspec": "caddy.plugins.hookspecs",
    "TimeControl": "caddy.model.timecontrol",
    "Period": "caddy.model.timecontrol",
    "BonusKind": "caddy.model.timecontrol",
    "parse_time_control": "caddy.plugins.lookup",
    "Arithmetic": "caddy.contracts",
    "Format": "caddy.contracts",
    "ScheduleFormat": "caddy.contracts",
    "Player": "caddy.model.schedule",
    "Game": "caddy.model.schedule",
    "Round": "caddy.model.schedule",
    "Schedule": "caddy.model.schedule",
    "assign_pairing_numbers": "caddy.model.schedule",
    "calculate": "caddy.schedule.calculator",
    "CalcResult": "caddy.schedule.calculator",
    "get_host": "caddy.plugins.host",
    "CaddyError": "caddy.errors",
    "InputError": "caddy.errors",
    "FileError": "caddy.errors",
    "RulesError": "caddy.errors",
    "PluginError": "caddy.errors",
    "FormatBase": "caddy.contracts",
    "TieBreakBase": "caddy.contracts",
    "PairingRequest": "caddy.contracts",
}

__all__ = [
    "Arithmetic",
    "BonusKind",
    "CaddyError",
    "CalcResult",
    "FileError",
    "Format",
    "FormatBase",
    "Game",
    "InputError",
    "PairingRequest",
    "Period",
    "Player",
    "PluginError",
    "Round",
    "RulesError",
    "Schedule",
    "ScheduleFormat",
    "TieBreakBase",
    "TimeControl",
    "__version__",
    "assign_pairing_numbers",
    "calculate",
    "get_host",
    "hookimpl",
    "hookspec",
    "parse_time_control",
]

if TYPE_CHECKING:  # pragma: no cover - for type checkers and IDEs only
    from typing import Any

    from caddy.contracts import (
        Arithmetic,
        Format,
        FormatBase,
        PairingRequest,
        ScheduleFormat,
        TieBreakBase,
    )
    from caddy.errors import CaddyError, FileError, InputError, PluginError, RulesError
    from caddy.model.schedule import Game, Player, Round, Schedule, assign_pairing_numbers
    from caddy.model.timecontrol import BonusKind, Period, TimeControl
    from caddy.plugins.hookspecs import hookimpl, hookspec
    from caddy.plugins.host import get_host
    from caddy.plugins.lookup import parse_time_control
    from caddy.schedule.calculator import CalcResult, calculate


def __getattr__(name: str) -> Any:
    module_name = _LAZY.get(name)
    if module_name is None:
        raise AttributeError(f"module 'caddy' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module_name), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)
