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
    "hookimpl": "caddy.hookspecs",
    "hookspec": "caddy.hookspecs",
    "TimeControl": "caddy.timecontrol",
    "Period": "caddy.timecontrol",
    "BonusKind": "caddy.timecontrol",
    "parse_time_control": "caddy.timecontrol",
    "Arithmetic": "caddy.formats",
    "Format": "caddy.formats",
    "ScheduleFormat": "caddy.formats",
    "Player": "caddy.models",
    "Game": "caddy.models",
    "Round": "caddy.models",
    "Schedule": "caddy.models",
    "assign_pairing_numbers": "caddy.models",
    "calculate": "caddy.calculator",
    "CalcResult": "caddy.calculator",
    "get_host": "caddy.plugins",
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

    from caddy.calculator import CalcResult, calculate
    from caddy.contracts import FormatBase, PairingRequest, TieBreakBase
    from caddy.errors import CaddyError, FileError, InputError, PluginError, RulesError
    from caddy.formats import Arithmetic, Format, ScheduleFormat
    from caddy.hookspecs import hookimpl, hookspec
    from caddy.models import Game, Player, Round, Schedule, assign_pairing_numbers
    from caddy.plugins import get_host
    from caddy.timecontrol import BonusKind, Period, TimeControl, parse_time_control


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
