"""Runs every scenario file under tests/scenarios (each cites the clause ids it pins down)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tcgkit.scenario import load_scenario, run_scenario

FILES = sorted((Path(__file__).parent / "scenarios").rglob("*.yaml"))


@pytest.mark.parametrize("path", FILES, ids=[str(f.relative_to(f.parents[1])) for f in FILES])
def test_scenario(path: Path) -> None:
    failures = run_scenario(load_scenario(path))
    assert not failures, "\n".join(failures)
