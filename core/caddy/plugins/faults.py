"""Which plugin's code raised an exception no one caught (``caddy`` names it
in one line instead of a traceback)."""

from __future__ import annotations

from caddy.errors import CaddyError, PluginError
from caddy.plugins.host import PluginHost
from caddy.plugins.registry import blame


def plugin_at_fault(exc: BaseException, host: PluginHost | None) -> PluginError | None:
    """``exc`` (an exception no one caught, :class:`SystemExit` included) as a
    :class:`PluginError` naming the plugin whose code raised it and the function
    caddy called in it (a hook, or a member of what the plugin registered:
    ``compute``, ``schedule`` ...): the outermost frame of the traceback in a
    plugin's module (or a module below it). ``None`` when no plugin's code is
    in the traceback, or ``host`` is ``None`` (no plugin ran)."""
    if host is None or isinstance(exc, CaddyError):
        return None
    owners = {record.module: name for name, record in host.records.items() if record.error is None}
    trace = exc.__traceback__
    while trace is not None:
        frame = trace.tb_frame
        module = str(frame.f_globals.get("__name__", ""))
        owner = module
        while owner and owner not in owners:
            owner = owner.rpartition(".")[0]
        if owner:
            detail = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
            return PluginError(
                f"{blame(owners[owner], owner)} failed in {frame.f_code.co_name} ({detail})",
                plugin=owner,
            )
        trace = trace.tb_next
    return None
