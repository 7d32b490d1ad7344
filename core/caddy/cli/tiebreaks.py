"""``caddy tiebreaks``: the tie-breaks caddy knows (FIDE Handbook C.07 and
the registered plugins), as a table or a ``caddy.contracts.tiebreak_table``
document (:mod:`caddy.views.tiebreaks`)."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import argparse

    from caddy.plugins.host import PluginHost


def cmd_tiebreaks(ns: argparse.Namespace, host: PluginHost) -> int:
    # lazy: start-up: `caddy --help` builds every parser; the views load when the command runs
    from caddy.model.report import aligned
    from caddy.views.tiebreaks import tiebreaks_document, tiebreaks_table

    plugins = sorted(host.tiebreaks(), key=lambda t: t.name)
    if ns.json:
        from caddy.model.documents import write  # lazy: cattrs loads for --json only

        write(tiebreaks_document(plugins), sys.stdout)
        return 0
    print("\n".join(aligned(tiebreaks_table(plugins))))
    return 0
