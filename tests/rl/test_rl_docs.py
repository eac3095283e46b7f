"""docs/rl.md documents the sizes the code has, and its Python examples run."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("pyspiel")

from tcgkit.rl import SPECS, Encoding  # noqa: E402

DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


@pytest.mark.parametrize("game", sorted(SPECS))
def test_documented_sizes_match_the_code(game: str) -> None:
    enc = Encoding.of(game)
    text = DOC.read_text()
    section = text.split(f"### {game}\n", 1)[1].split("###", 1)[0]
    assert f"N = **{enc.n_actions}** actions; observation **{enc.obs_size}** floats; F = {enc.F}" in section
    for t in enc.templates:
        first = f"| {t.offset} |" if t.size == 1 else f"| {t.offset}-{t.offset + t.size - 1} |"
        assert first in section, t.describe()


def test_python_examples_run() -> None:
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(), re.S)
    assert len(blocks) >= 4
    for code in blocks:
        code = code.replace("max_simulations=50", "max_simulations=3")
        code = code.replace("for agent in env.agent_iter():", "for agent in env.agent_iter(max_iter=200):")
        exec(compile(code, str(DOC), "exec"), {})
