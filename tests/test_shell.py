"""tests/shell.py, the runner for the shell lines of README.md and docs/: it runs them as
bash -e would, and refuses what it cannot run rather than passing it by."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.shell import Shell, UnsupportedCommand, printf, words


def test_words() -> None:
    assert words("caddy new e.json --tc \"G/25 d5\" --name 'A B'  # note") == [
        "caddy",
        "new",
        "e.json",
        "--tc",
        "G/25 d5",
        "--name",
        "A B",
    ]
    assert words("a && b || c; d > f") == ["a", "&&", "b", "||", "c", ";", "d", ">", "f"]


def test_printf() -> None:
    assert printf("name,rating\\nAnna,2100\\n") == "name,rating\nAnna,2100\n"
    assert printf("%s = 100%%\\n", "x") == "x = 100%\n"
    with pytest.raises(UnsupportedCommand):
        printf("%d\\n", "1")


def test_runs_caddy_with_redirects_and_lists(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    run = Shell().run(
        "printf 'name,rating\\nA,1\\nB,2\\nC,3\\nD,4\\n' > p.csv\n"
        "caddy new e.json --players p.csv && caddy result e.json 1 1 1-0\n"
        "caddy table 4 > table.txt\n"
        'caddy result e.json 1 1 0-1 || echo "exit code $?"\n'
    )
    assert (run.code, run.commands) == (0, 6)
    assert (tmp_path / "p.csv").read_text() == "name,rating\nA,1\nB,2\nC,3\nD,4\n"
    assert (tmp_path / "table.txt").read_text().startswith("FIDE Berger table")
    assert run.out.splitlines()[-1] == "exit code 1"
    assert "already has a result" in run.err


def test_stops_at_the_first_failure(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    run = Shell().run("caddy calc 12\ncaddy calc 0\ncaddy calc 13\n")
    assert (run.code, run.commands) == (1, 2)
    assert run.err.startswith("caddy: error: ")
    usage = Shell().run("caddy calc abc && caddy calc 12")
    assert (usage.code, usage.commands) == (2, 1)


@pytest.mark.parametrize(
    "line",
    ["caddy table 6 | head", "caddy table 6 >> out", "caddy calc 0 2> err", "ls", "FOO=1 caddy"],
)
def test_refuses_what_it_cannot_run(
    line: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(UnsupportedCommand):
        Shell().run(line)
