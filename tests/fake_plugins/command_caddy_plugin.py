"""A plugin that adds a CLI command."""

from __future__ import annotations

import argparse
from typing import Any

import caddy


def _hello(ns: argparse.Namespace) -> int:
    print(f"hello {ns.who}")
    return 0


@caddy.hookimpl
def caddy_add_commands(subparsers: Any) -> None:
    parser = subparsers.add_parser("hello", help="say hello")
    parser.add_argument("who")
    parser.set_defaults(handler=_hello)
