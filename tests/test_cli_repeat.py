"""Repeated runs of :func:`caddy.cli.main.main` in one process (an embedder's,
the tests') build a command's parser once and reuse it (issue 31): a run
carries nothing over to the next, whatever the run before it gave or got wrong."""

from __future__ import annotations

import contextlib
import io
import sys

import pytest

from caddy.cli.main import main


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(args))
    return code, out.getvalue(), err.getvalue()


def test_a_repeated_option_is_not_kept_for_the_next_run() -> None:
    """``--option`` collects into a list; the next run without it has the
    default again (4 players: 3 rounds, or 6 with ``cycles=2``, FIDE C.05 Annex 1)."""
    for _ in range(2):
        code, out, _ = run("calc", "4", "--option", "cycles=2")
        assert code == 0
        assert "  6 rounds, 12 games, 2 boards, 6 games per player" in out.splitlines()
        code, out, _ = run("calc", "4")
        assert code == 0
        assert "  3 rounds, 6 games, 2 boards, 3 games per player" in out.splitlines()


def test_a_usage_error_is_said_each_time_and_leaves_the_next_run_alone() -> None:
    """An error the quiet parser leaves to the full parser is said in full on
    every run (argparse's usage line and message, exit 2), and a good command
    line after it runs."""
    first = run("calc", "four")
    assert first[0] == 2
    assert first[2].splitlines()[-1].startswith("caddy calc: error: ")
    assert run("calc", "four") == first
    code, out, _ = run("calc", "4")
    assert code == 0
    assert "  3 rounds, 6 games, 2 boards, 3 games per player" in out.splitlines()


@pytest.mark.parametrize("args", [("calc", "4"), ("table", "4")])
def test_the_same_command_line_gives_the_same_output(args: tuple[str, ...]) -> None:
    assert run(*args) == run(*args) == run(*args)


def test_runs_on_two_threads_share_the_parsers_safely() -> None:
    """An embedder may run commands on several threads: one thread's parse never
    ends another's (a shorthand, ``--double``, is read by the full parser on
    its own thread while the other parses a plain command line)."""
    import threading

    codes: dict[str, list[int]] = {"double": [], "plain": []}

    def work(name: str, args: list[str]) -> None:
        for _ in range(100):
            codes[name].append(main(args))

    threads = [
        threading.Thread(target=work, args=("double", ["calc", "6", "--double"])),
        threading.Thread(target=work, args=("plain", ["calc", "8"])),
    ]
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # the threads take turns often: every interleaving is tried
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert codes == {"double": [0] * 100, "plain": [0] * 100}
