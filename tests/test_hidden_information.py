"""Every built-in game with hidden cards draws its samples from the player's view only,
and ``hint`` says the same for two states the player sees alike
(docs/howto/hidden-information.md)."""

from __future__ import annotations

import random

import pytest

from cardshell.testing import check_determinize, game_rules, random_walk, same_view_same_hint

#: The built-in games that hide cards (a stock, a face-down tableau, a hole card, a hand, mines),
#: with a ``hint`` line of a size the suite affords.
HIDDEN = {
    "aces-up": "hint --samples 3 --nodes 300",
    "thumb-and-pouch": "hint --samples 3 --nodes 300",
    "blackjack": "hint",
    "minesweeper": "hint",
    "crazy-eights": "hint --samples 3 --nodes 300",
}


@pytest.mark.parametrize("game_id", sorted(HIDDEN))
@pytest.mark.parametrize("seed", [1, 7])
def test_determinize_depends_only_on_what_the_player_sees(game_id, seed):
    rules = game_rules(game_id, plugins=[game_id])
    state = random_walk(rules, rules.game.new(seed, _defaults(rules)), seed, 3)
    check_determinize(rules, state)


@pytest.mark.parametrize("game_id", sorted(HIDDEN))
def test_two_states_with_the_same_view_get_the_same_hint(game_id):
    rules = game_rules(game_id, plugins=[game_id])
    state = rules.game.new(5, _defaults(rules))
    other = rules.game.determinize(state, random.Random(42))
    said = same_view_same_hint(game_id, state, other, plugins=[game_id], hint_line=HIDDEN[game_id], seed=5)
    assert said.startswith("Hint")


def test_a_hint_that_reads_hidden_cards_is_caught():
    """The helper fails for two states that differ in what the player sees."""
    rules = game_rules("crazy-eights", plugins=["crazy-eights"])
    state = rules.game.new(5, {})
    other = rules.game.new(6, {})
    with pytest.raises(AssertionError, match="hint reads hidden cards"):
        same_view_same_hint("crazy-eights", state, other, plugins=["crazy-eights"],
                            hint_line=HIDDEN["crazy-eights"], seed=5)


def _defaults(rules):
    return {option.name.replace("-", "_"): option.default for option in rules.game.options}


def test_a_determinize_that_leaks_the_true_order_is_caught():
    """Shuffling the hidden cards in their true order (no canonical order first) leaks them."""
    import dataclasses

    from cardshell_crazy_eights import rules as eights

    def leaky(state, rng):
        pool = list(state.opponent + state.stock)
        rng.shuffle(pool)
        size = len(state.opponent)
        return dataclasses.replace(state, opponent=tuple(pool[:size]), stock=tuple(pool[size:]))

    rules = game_rules("crazy-eights", plugins=["crazy-eights"])
    rules.game = dataclasses.replace(rules.game, determinize=leaky)
    with pytest.raises(AssertionError, match="determinize reads what the player cannot see"):
        check_determinize(rules, eights.new_game(3))
