"""Simulation: many bot games and what they say.

- :mod:`~tcgkit.simulation.run`: plan and play a run of games, on local worker processes;
- :mod:`~tcgkit.simulation.ray_backend`: the same games on a Ray cluster;
- :mod:`~tcgkit.simulation.results`: the results file (SQLite) a run writes and a report reads;
- :mod:`~tcgkit.simulation.stats`: win rates, intervals and card figures from a results file;
- :mod:`~tcgkit.simulation.verdict`: the report's verdict (tests against 50%, corrected with Holm);
- :mod:`~tcgkit.simulation.report`: the balance report, in the terminal, Markdown or JSON;
- :mod:`~tcgkit.simulation.ladder`: bots against bots on dealt and mirrored games;
- :mod:`~tcgkit.simulation.bench`: how fast games and bots run.
"""
