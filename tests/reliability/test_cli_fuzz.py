"""Hostile arguments and files through every command: one line, a documented exit status, never a traceback.

The command line is run in-process (``tcgkit.cli.main`` with ``sys.argv`` set), which is what the ``tcgkit`` script
does, so that hypothesis can try hundreds of inputs in a few seconds. Documented exit statuses: 0, 1 (an illegal
deck, a failed scenario) and 2 (an explained error or a usage error); 130 (interrupted) never happens here.
"""

from __future__ import annotations

import contextlib
import io
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tcgkit import cli
from tcgkit.core.folders import use_folders

DOCUMENTED = {0, 1, 2}
#: What an unforeseen exception looks like once main() has caught it ("error: KeyError: ..."), or a traceback.
CRASH = re.compile(r"Traceback|^error: [A-Z]\w*(Error|Exception|Exit)\b|MarkupError", re.M)

MARKUP = ["[/x]", "[bold]x", "[/]", "[red]", ":abc:", ":thumbs_up:", "[link=file:///etc]x[/link]", "\\[x]", "%s",
          "{0}", "\x1b[31mred", "\u202eevil", "\x00", "e\u0301", "\ud7ff", "😀", "--help", "-x", "", " ", "\n"]
TEXT = st.one_of(st.sampled_from(MARKUP), st.text(max_size=20),
                 st.builds(lambda a, b: a + b, st.sampled_from(MARKUP), st.text(max_size=8)))
YAML_SHAPES = [
    "game: tgod\nname: {t}\nmain: ['40 {t}']\n",
    "game: tgod\nname: Imps\ndescription: {t}\nmain: ['{n} Iron Knight']\n",
    "cards:\n  - {{name: {t}, type: creature}}\n",
    "game: tgod\nposition: {{players: [{{zones: {{hand: ['{n} {t}']}}}}]}}\nsteps: [{{do: '{t}'}}]\n",
    '{{"version": 1, "game": "tgod", "seed": {n}, "decks": [{{"game": "tgod", "name": "{t}", "main": ["{n} X"]}}], '
    '"actions": ["{t}"]}}',
    "a: &a ['{t}', x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
    "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n",
    "{t}: " + "[" * 60 + "]" * 60 + "\n",
]


def _shaped(shape: str, t: str, n: int) -> bytes:
    return shape.format(t=t.replace("'", "").replace('"', "").replace("\\", ""), n=n).encode("utf-8", "replace")


CONTENT = st.one_of(
    st.binary(max_size=200),
    st.text(max_size=200).map(lambda t: t.encode("utf-8", "replace")),
    st.builds(_shaped, st.sampled_from(YAML_SHAPES), TEXT, st.sampled_from([1, 3, 40, 10**8, 10**30])),
)

# Each command with the places fuzzed: {X} is a fuzzed word, {F} a file with fuzzed content.
COMMANDS = [
    ["cards", "{X}"],
    ["decks", "{X}"],
    ["cards", "tgod", "--json", "{X}"],
    ["validate", "tgod", "{X}"],
    ["validate", "tgod", "{F}"],
    ["validate", "{X}", "{F}"],
    ["validate", "tgod", "Guardian Wall", "--format", "{X}"],
    ["validate", "phaktionz", "{F}", "--json"],
    ["play", "{X}"],
    ["play", "tgod", "--vs", "{X}"],
    ["play", "tgod", "--deck", "{X}", "--bots", "random", "random", "--seed", "1"],
    ["play", "tgod", "--deck", "{F}", "--bots", "random", "random", "--seed", "1"],
    ["play", "tgod", "--seat", "{X}"],
    ["play", "tgod", "--bots", "random", "{X}"],
    ["play", "tgod", "--seed", "{X}"],
    ["play", "tgod", "--save", "{X}/{X}", "--bots", "random", "random"],
    ["sim", "{X}", "--games", "1"],
    ["sim", "tgod", "--decks", "{F}", "--games", "1", "--jobs", "1"],
    ["sim", "tgod", "--decks", "{X}", "--games", "1", "--jobs", "1"],
    ["sim", "tgod", "--games", "{X}"],
    ["sim", "tgod", "--bots", "{X}", "random", "--games", "1"],
    ["sim", "tgod", "--backend", "{X}", "--games", "1"],
    ["report", "{F}"],
    ["report", "{X}"],
    ["replay", "{F}"],
    ["replay", "{X}"],
    ["scenario", "run", "{F}"],
    ["bench", "{X}", "--seconds", "0.01"],
    ["bench", "tgod", "--bot", "{X}", "--seconds", "0.01"],
    ["ladder", "{X}"],
    ["ladder", "tgod", "--pair", "{X}"],
    ["import", "{X}", "{F}"],
    ["import", "tgc", "{F}"],
    ["import", "phaktionz", "{F}"],
    ["validate", "tgod", "Guardian Wall", "--cards", "{X}"],
    ["cards", "tgod", "--cards", "{D}"],
    ["{X}"],
]


def run_cli(args: list[str], stdin: str = "q\n") -> tuple[int, str, str]:
    """Run ``tcgkit ARGS`` in this process; returns (exit status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    old_argv, old_stdin = sys.argv, sys.stdin
    sys.argv, sys.stdin = ["tcgkit", *args], io.StringIO(stdin)
    code: int | str | None = 0
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            cli.main()
    except SystemExit as exc:
        code = exc.code
    finally:
        sys.argv, sys.stdin = old_argv, old_stdin
        use_folders([])  # a --cards folder of one run must not stay for the next
    return (code if isinstance(code, int) else 0 if code is None else 1), out.getvalue(), err.getvalue()


def check_run(args: list[str]) -> None:
    code, stdout, stderr = run_cli(args)
    assert code in DOCUMENTED, f"tcgkit {args!r}: exit status {code}\n{stderr[-2000:]}"
    assert not CRASH.search(stderr) and not CRASH.search(stdout), f"tcgkit {args!r} crashed:\n{stderr[-2000:]}"
    errors = [line for line in stderr.splitlines() if line.startswith("error:")]
    if code == 2 and not stderr.startswith("Usage:"):
        assert len(errors) == 1 and stderr.count("\n") == 1, f"tcgkit {args!r}: not one line:\n{stderr}"


def _fill(template: list[str], word: str, path: Path) -> list[str]:
    """``{X}`` the word, ``{F}`` the file, ``{D}`` the file's folder (a designer folder holding it)."""
    return [a.replace("{X}", word).replace("{F}", str(path)).replace("{D}", str(path.parent)) for a in template]


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(template=st.sampled_from(COMMANDS), word=TEXT, content=CONTENT,
       suffix=st.sampled_from([".yaml", ".json", ".csv", ".sqlite", ".xlsx", ""]))
def test_no_command_crashes_on_hostile_arguments_or_files(tmp_path: Path, template: list[str], word: str,
                                                          content: bytes, suffix: str) -> None:
    path = tmp_path / f"input{suffix}"
    path.write_bytes(content)
    if any("\x00" in a for a in _fill(template, word, path)):
        word = word.replace("\x00", "")  # the operating system refuses NUL in argv before tcgkit sees it
    check_run(_fill(template, word, path))


@pytest.mark.parametrize("template", COMMANDS, ids=lambda t: " ".join(t))
@pytest.mark.parametrize("word", ["[/x]", "[bold]x", ":abc:"])
def test_every_command_prints_markup_as_text(tmp_path: Path, template: list[str], word: str) -> None:
    """Quick, not random: every command with the markup that crashed the error printer (issue 22)."""
    path = tmp_path / "input.yaml"
    path.write_text(f"game: tgod\nname: {word!r}\nmain: ['1 {word}']\n")
    check_run(_fill(template, word, path))


def test_markup_in_an_argument_is_one_plain_line() -> None:
    r = subprocess.run([sys.executable, "-m", "tcgkit.cli", "validate", "tgod", "[/x]"], capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "'[/x]'" in r.stderr
    code, _, stderr = run_cli(["validate", "tgod", "[bold]x"])
    assert code == 2 and "'[bold]x'" in stderr  # shown literally, not as bold "x"


def test_bad_bot_spec_is_one_plain_line() -> None:
    code, _, stderr = run_cli(["play", "tgod", "--vs", "mcts:abc"])
    assert code == 2 and stderr.startswith("error: mcts:abc: cannot read 'abc'") and stderr.count("\n") == 1


def test_binary_card_or_deck_file_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "binary.yaml"
    path.write_bytes(b"\xe0\xff\x00 not text")
    code, _, stderr = run_cli(["validate", "tgod", str(path)])
    assert code == 2 and f"{path}: not a text file" in stderr and "UnicodeDecodeError" not in stderr
    from tcgkit.core.cards import load_card_file
    from tcgkit.core.errors import CardDataError
    from tcgkit.games import get_rules

    rules = get_rules("tgod")
    with pytest.raises(CardDataError, match=re.escape(f"{path}: not a text file")):
        load_card_file(path, rules.card_model, rules.make_card, rules.verbs)


def test_malformed_yaml_names_the_file_and_line_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("game: tgod\nname: x\nmain: [a, b\n  c: d\n")
    code, _, stderr = run_cli(["validate", "tgod", str(path)])
    assert code == 2 and stderr.count("\n") == 1
    assert f"{path}: line 4, column 4: not valid YAML" in stderr and "<unicode string>" not in stderr


def test_save_to_a_missing_folder_fails_before_the_game(tmp_path: Path) -> None:
    target = tmp_path / "no-such-folder" / "game.json"
    code, stdout, stderr = run_cli(["play", "tgod", "--bots", "random", "random", "--seed", "1", "--save",
                                    str(target)])
    assert code == 2 and "no folder" in stderr and stdout == ""  # not a single move was played


@pytest.mark.parametrize("seat", ["5", "-1", "2"])
def test_seat_out_of_range_is_refused(seat: str) -> None:
    code, stdout, stderr = run_cli(["play", "tgod", "--seat", seat, "--seed", "1"])
    assert code == 2 and "--seat must be 0 or 1" in stderr and stdout == ""
