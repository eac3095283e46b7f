"""End to end in a real browser: Playwright driving Debian's Chromium (never Playwright's own download).

Set TCGKIT_SCREENSHOTS=docs/web to write each game's board to that folder.
"""

from __future__ import annotations

import os
import random
import shutil
import time
from pathlib import Path

import pytest

from webapp.helpers import GAMES, Server

sync_api = pytest.importorskip("playwright.sync_api")
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                reason="Debian's chromium is not installed (apt-get install chromium; .ci/run does)")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = Server(f"sqlite:///{tmp_path_factory.mktemp('e2e') / 'web.sqlite'}").start()
    yield s
    s.stop()


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def _page(browser, width: int = 1200):
    ctx = browser.new_context(viewport={"width": width, "height": 900})
    page = ctx.new_page()
    page.on("dialog", lambda d: d.accept())
    page.set_default_timeout(20_000)
    return page


def click_an_action(page, rng: random.Random | None = None) -> bool:
    """Click a legal action (the first, or one drawn by ``rng``; in the choice dialog if one is open); False when
    there is none now. (Always the first can loop: a free ability may be activated again and again.)"""
    dialog = page.locator("#dialog:not(.hidden) [data-action]")
    buttons = dialog if dialog.count() else page.locator("#actions [data-action]")
    n = buttons.count()
    if not n:
        return False
    try:
        buttons.nth(rng.randrange(n) if rng else 0).click(timeout=3000)
    except sync_api.Error:
        return False
    return True


def progress(page) -> str:
    """What changes on the page whenever the game moves on: the phase line and the latest log sentences."""
    return page.locator("#phase").inner_text() + "\n" + page.locator("#log").inner_text()


def play_to_the_end(page, seed: str, stall_seconds: float = 90, max_clicks: int = 20_000) -> None:
    """Click actions drawn by ``seed`` until the game ends. A game stuck on a decision fails: nothing on the page
    changes for ``stall_seconds``. Its length does not: a TGOD game may run to its 200-turn cap (about 700
    decisions), which takes minutes on a loaded machine."""
    rng = random.Random(seed)
    seen, since = "", time.monotonic()
    for _ in range(max_clicks):
        if page.locator("#end").count():
            return
        now = progress(page)
        if now != seen:
            seen, since = now, time.monotonic()
        elif time.monotonic() - since > stall_seconds:
            raise AssertionError(f"the game is stuck: {page.locator('main').inner_text()[:1500]}")
        if not click_an_action(page, rng):
            page.wait_for_timeout(50)
    raise AssertionError(f"the game did not end in {max_clicks} clicks: {page.locator('main').inner_text()[:1500]}")


def start_game(page, base: str, game: str, opponent: str = "bot") -> None:
    page.goto(base + "/")
    page.select_option("#game", game)
    page.select_option("#opponent", opponent)
    page.click("#start")


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_a_full_game_against_a_bot_by_clicking(server, browser, game):
    page = _page(browser)
    start_game(page, server.url, game)
    page.wait_for_selector("#phase")
    for _ in range(12):
        click_an_action(page)
        page.wait_for_timeout(60)
    shots = os.environ.get("TCGKIT_SCREENSHOTS")
    if shots:
        page.locator("#dialog").evaluate("d => d.classList.add('hidden')")
        page.screenshot(path=str(Path(shots) / f"{game}.png"), full_page=True)
    play_to_the_end(page, game)
    text = page.locator("#end").inner_text()
    assert "wins" in text or "win!" in text or "draw" in text.lower()
    page.context.close()


def test_two_players_through_an_invite_link_while_a_third_watches(server, browser):
    a, b, c = _page(browser), _page(browser, 390), _page(browser)
    start_game(a, server.url, "tgod", "friend")
    link = a.locator("#invite").input_value()
    a.click("text=Go to the table")
    b.goto(link)
    game_id = link.split("/play/")[1].split("/")[0]
    c.goto(f"{server.url}/#/watch/{game_id}")
    for page in (a, b, c):
        page.wait_for_selector("#phase")
    for _ in range(8):
        for page in (a, b):
            click_an_action(page)
        a.wait_for_timeout(150)
    a.wait_for_timeout(300)
    a.wait_for_timeout(500)  # no one clicks now: every side shows the same turn, the spectator included
    turns = {p.locator("#phase").inner_text().split(" - ")[0] for p in (a, b, c)}
    assert len(turns) == 1 and turns.pop().startswith("Turn")
    logs = [p.locator("#log").inner_text() for p in (a, c)]
    assert logs[0].count("\n") == logs[1].count("\n")
    assert c.locator("[data-action]").count() == 0 and c.locator("#resign").count() == 0
    a.fill("#chat-input", "well played")
    a.press("#chat-input", "Enter")
    c.wait_for_selector("#chat >> text=well played")
    a.click("#resign")
    b.wait_for_selector("#end")
    assert "Friend" in b.locator("#end").inner_text() or "win" in b.locator("#end").inner_text()
    c.wait_for_selector("#end")
    for page in (a, b, c):
        page.context.close()


def test_a_reload_mid_game_resumes(server, browser):
    page = _page(browser)
    start_game(page, server.url, "guardian-realms")
    page.wait_for_selector("#phase")
    for _ in range(5):
        click_an_action(page)
        page.wait_for_timeout(100)
    page.wait_for_timeout(500)
    log_before = page.locator("#log").inner_text()
    url = page.url
    page.reload()
    page.wait_for_selector("#phase")
    page.wait_for_timeout(500)
    assert page.url == url
    assert page.locator("#log").inner_text().startswith(log_before[:40])
    assert page.locator("#actions").count() == 1
    page.context.close()
