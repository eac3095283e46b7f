"""Print the "layout of each game" sections of docs/rl.md from the code (``tcgkit.rl.Encoding``).

    .venv/bin/python scripts/rl_layout_doc.py            # every game, in docs/rl.md's order
    .venv/bin/python scripts/rl_layout_doc.py tgc        # one game
    .venv/bin/python scripts/rl_layout_doc.py --write    # replace the sections in docs/rl.md

A layout changes when ``tcgkit/rl/spec.py`` does; ``tests/rl/test_rl_docs.py`` checks that the documented sizes and
offsets are the code's.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from tcgkit.core.state import HIDDEN, OWNER
from tcgkit.rl import SPECS, Encoding

DOC = Path(__file__).resolve().parents[1] / "docs" / "rl.md"
ORDER = ["perfect-tcg", "tgod", "phaktionz", "tgc", "guardian-realms"]
VISIBILITY = {HIDDEN: "hidden", OWNER: "owner"}


def section(game: str) -> str:
    """The markdown section of ``game``: sizes, the index table and what the tensor holds."""
    enc = Encoding.of(game)
    lines = [f"### {game}", "",
             f"N = **{enc.n_actions}** actions; observation **{enc.obs_size}** floats; F = {enc.F} features per card "
             f"slot; {enc.n_slots} card slots (starting at {enc.slot_start}).", "",
             "| indices | verb and argument domains | sizes |", "|---|---|---|"]
    for t in enc.templates:
        where = str(t.offset) if t.size == 1 else f"{t.offset}-{t.offset + t.size - 1}"
        sizes = " x ".join(str(s) for s in t.sizes) or "1"
        lines.append(f"| {where} | `{t.describe()}` | {sizes} |".replace("|me", "\\|me").replace("|opp", "\\|opp")
                     .replace("|=", "\\|="))
    zones = enc.rules.ZONES
    counted = ", ".join(f"{z} ({VISIBILITY.get(zones[z], 'public')})" for z in enc.zones)
    piles = ", ".join(f"{side}:{z}" for side, z, _ in enc._piles)
    slots = ", ".join(f"{side}:{z} x{cap}" for side, z, _, cap in enc._layout)
    lines += ["",
              f"- zone positions addressed (caps): {', '.join(f'{z} {c}' for z, c in sorted(enc.caps.items()))}; "
              f"`#rank`: up to {enc.option_cap} options",
              f"- zones counted (in this order): {counted}",
              f"- phases: {', '.join(enc.phases)}, other",
              f"- resources: {', '.join(enc.resources) or 'none'}",
              f"- card types: {', '.join(enc.types)}; printed stats: {', '.join(enc.stats)}",
              f"- pile histograms ({len(enc.card_keys)} card keys each): {piles or 'none'}",
              f"- card slots: {slots}", ""]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", help=f"games (default: all; {', '.join(sorted(SPECS))})")
    parser.add_argument("--write", action="store_true", help="replace the games' sections in docs/rl.md")
    args = parser.parse_args()
    unknown = set(args.games) - set(SPECS)
    if unknown:
        parser.error(f"no layout for {', '.join(sorted(unknown))}")
    args.games = args.games or ORDER
    if not args.write:
        print("".join(section(g) for g in args.games), end="")
        return
    text = DOC.read_text()
    for game in args.games:
        text, n = re.subn(rf"### {re.escape(game)}\n.*?(?=\n### |\n## )", section(game).rstrip("\n") + "\n", text,
                          count=1, flags=re.S)
        if n != 1:
            raise SystemExit(f"docs/rl.md: no section '### {game}'")
    DOC.write_text(text)


if __name__ == "__main__":
    main()
