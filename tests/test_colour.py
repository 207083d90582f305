"""Red suits in every card game's display at a colour terminal, never with NO_COLOR,
never in scripts (issue 12 item 10)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time

import pytest

from cardshell.interactive import colourise, use_colour
from cardshell.shell import Shell
from terminal import spawn_cardshell

RED, RESET = "\x1b[31m", "\x1b[0m"
#: Hearts (and the red joker U+1F0BF), diamonds; spades, clubs, the black joker and the back.
RED_GLYPHS = {chr(c) for c in [*range(0x1F0B1, 0x1F0C0), *range(0x1F0C1, 0x1F0CF)]}
BLACK_GLYPHS = {chr(c) for c in [*range(0x1F0A0, 0x1F0AF), *range(0x1F0D1, 0x1F0DF), 0x1F0CF]}


def red_parts(text: str) -> list[str]:
    return re.findall(re.escape(RED) + "(.*?)" + re.escape(RESET), text)


def opening(game: str, seed: int = 3) -> str:
    shell = Shell.create(plugins=[game], seed=1, autosave=False)
    reply = shell.execute(f"play {game} --seed {seed}")
    assert reply.ok, reply.error
    return reply.output


def test_blackjack_names_of_red_suits_are_red():
    text = "Your current value is 13 with the hand: 3-DIAMOND, QUEEN-HEART\nDealer's hand: 10-HEART, ?"
    assert red_parts(colourise(text)) == ["3-DIAMOND", "QUEEN-HEART", "10-HEART"]
    assert red_parts(colourise("ACE-CLUB, KING-SPADE, 10-CLUB")) == []
    assert colourise("ACE-HEARTS") == "ACE-HEARTS"  # not a card name


@pytest.mark.parametrize("game", ["pictures", "up-and-down"])
def test_glyphs_of_red_suits_are_red_in_the_glyph_games(game):
    # Up-and-Down's opening is its browser menu: its glyphs come with 'lines 30'.
    shell = Shell.create(plugins=[game], seed=1, autosave=False)
    text = shell.execute(f"play {game} --seed 3").output
    if game == "up-and-down":
        text += "\n" + shell.execute("30").output
    text += "\n" + "".join(sorted(RED_GLYPHS | BLACK_GLYPHS))  # every glyph, once
    coloured = colourise(text)
    glyphs = [c for c in text if c in RED_GLYPHS | BLACK_GLYPHS]
    assert glyphs and any(c in RED_GLYPHS for c in glyphs)
    assert sorted(red_parts(coloured)) == sorted(c for c in glyphs if c in RED_GLYPHS)
    assert re.sub(r"\x1b\[[0-9;]*m", "", coloured) == text  # nothing else changes


def test_the_suit_cards_of_aces_up_stay_red():
    text = opening("aces-up", 7)
    assert red_parts(colourise(text)) == re.findall(r"(?:10|[2-9AJQK])[♥♦]", text)


class Terminal:
    def isatty(self):
        return True


def test_no_colour_with_no_color_or_off_a_terminal(monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert use_colour(Terminal())
    monkeypatch.setenv("NO_COLOR", "1")
    assert not use_colour(Terminal())
    monkeypatch.delenv("NO_COLOR")
    assert not use_colour(open(os.devnull, "w"))  # noqa: SIM115 - closed by the GC at once


def test_scripts_are_never_coloured(tmp_path):
    env = dict(os.environ, CARDSHELL_LOAD_PLUGINS="blackjack,pictures,aces-up", CARDSHELL_DATA_DIR=str(tmp_path))
    env.pop("NO_COLOR", None)
    script = "play blackjack --seed 3\nplay pictures --seed 3\nplay aces-up --seed 7\n"
    result = subprocess.run([sys.executable, "-m", "cardshell"], input=script, capture_output=True, text=True,
                            env=env, timeout=60)
    assert result.returncode == 0 and "\x1b[" not in result.stdout + result.stderr
    assert "HEART" in result.stdout or "DIAMOND" in result.stdout


def test_blackjack_at_a_colour_terminal_and_with_no_color(tmp_path):
    pexpect = pytest.importorskip("pexpect")
    for no_color, coloured in ((None, True), ("1", False)):
        child = spawn_cardshell(tmp_path, "blackjack", "--no-history", rows=24, columns=100, timeout=30,
                                env={"NO_COLOR": no_color} if no_color else None,
                                without=() if no_color else ["NO_COLOR"])
        child.expect_exact("cardshell>")
        child.send("play blackjack --seed 3\r")
        child.expect_exact("(one card face down)")
        shown = child.before
        time.sleep(0.2)
        child.send("exit\r")
        child.expect(pexpect.EOF)
        child.close()
        # Seed 3: the player holds 3-DIAMOND and QUEEN-HEART.
        assert (f"{RED}3-DIAMOND{RESET}" in shown) is coloured
        assert "3-DIAMOND" in shown
