"""Thumb and Pouch for search: fast successors, dominance and a canonical key.

What the host's search (:mod:`cardshell.search`) needs to settle a deal
quickly, wired into the game through :attr:`cardshell.records.Game.successors`
and :attr:`cardshell.records.Game.key`.  The rules are those of :mod:`.rules`
(build down by one rank on any other suit; foundations up by suit from the
ace; one pass through the stock); nothing here adds a rule.

Reductions (our analysis; each keeps every win reachable):

* **Interchangeable piles.**  No rule tells the seven tableau piles apart,
  nor the four foundations (an ace starts any empty one), so the key sorts
  the piles and leaves the foundations out (they hold exactly the cards
  found nowhere else).  Hence a run goes to the first empty pile only, an
  ace to the first empty foundation only, and a whole pile is never moved
  onto an empty one (that only renumbers piles: same key).
* **Safe foundation moves (dominance).**  In the tableau a card of rank r
  can only ever hold a card of rank r - 1 of another suit, and cards never
  come back from a foundation.  So when every rank r - 1 card of the three
  other suits is already on a foundation (always true for aces and twos), a
  card of rank r that can go to its foundation is of no further use
  anywhere else: moving it there loses nothing and may uncover a card.  When
  such a move exists it is the only successor (no branching).

Order of the other successors: foundation moves, runs whose move turns a
face-down card or empties a pile, waste to tableau, a draw from the stock,
then the other run moves.

Memory: each state searched carries its piles and waste as tuples of small
ints for the key, computed once.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator

from .rules import ACE, Placed, ThumbAndPouchState, card_code, make_state

_EMPTY: tuple[int, ...] = ()


def _codes(state: ThumbAndPouchState) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """(pile codes, waste codes) of ``state``, cached on it: a face-up card is
    its :func:`card_code`, a face-down one the code negated."""
    found = state.__dict__.get("_codes")
    if found is None:
        piles = tuple(tuple(card_code(p.card) if p.face_up else -card_code(p.card) for p in pile)
                      for pile in state.tableau)
        found = piles, tuple(card_code(card) for card in state.waste)
        object.__setattr__(state, "_codes", found)
    return found


def search_key(state: ThumbAndPouchState) -> Hashable:
    """The canonical key of a state for the transposition table: the stock's
    length (it only shrinks from its top within a deal), the waste, and the
    sorted tableau piles (see the module docstring).

    Args:
        state (ThumbAndPouchState): a state reached from one deal.

    Returns:
        Hashable: equal for states that play out alike.
    """
    piles, waste = _codes(state)
    return len(state.stock), waste, tuple(sorted(piles))


def _child(state: ThumbAndPouchState, foundations: tuple, tableau: tuple, stock: tuple, waste: tuple,
           codes: tuple) -> ThumbAndPouchState:
    child = make_state(foundations, tableau, stock, waste)
    object.__setattr__(child, "_codes", codes)
    return child


def _replace(items: tuple, index: int, item: object) -> tuple:
    return (*items[:index], item, *items[index + 1:])


def _uncover(pile: tuple, codes: tuple) -> tuple[tuple, tuple]:
    """The pile and its codes with the top card turned face up if face down."""
    if codes and codes[-1] < 0:
        return (*pile[:-1], Placed(pile[-1].card, True)), (*codes[:-1], -codes[-1])
    return pile, codes


def successors(state: ThumbAndPouchState) -> Iterator[tuple[str, ThumbAndPouchState]]:
    """The moves search tries, with their states, best first (see the module
    docstring for what is left out and why that keeps every win).

    Args:
        state (ThumbAndPouchState): any state (not changed).

    Yields:
        (line, state): a line as typed and the state after it.
    """
    piles, waste_codes = _codes(state)
    tableau, foundations, stock, waste = state.tableau, state.foundations, state.stock, state.waste
    # The next rank each suit's foundation takes, and where it is.
    need = [ACE] * 4
    slot = [-1] * 4
    empty_foundation = -1
    for index, pile in enumerate(foundations):
        if pile:
            code = card_code(pile[-1])
            need[code & 3] = (code >> 2) + 1
            slot[code & 3] = index
        elif empty_foundation < 0:
            empty_foundation = index

    def target_of(code: int) -> int:
        """The foundation (0-based) the card goes on, or -1."""
        if code >> 2 != need[code & 3]:
            return -1
        return empty_foundation if code >> 2 == ACE else slot[code & 3]

    def safe(code: int) -> bool:
        rank, suit = code >> 2, code & 3
        return rank <= 2 or all(need[other] > rank - 1 for other in range(4) if other != suit)

    to_foundation = []
    for k, codes in enumerate(piles):
        if codes and codes[-1] > 0:
            home = target_of(codes[-1])
            if home >= 0:
                pile, new_codes = _uncover(tableau[k][:-1], codes[:-1])
                child = _child(state, _replace(foundations, home, (*foundations[home], tableau[k][-1].card)),
                               _replace(tableau, k, pile), stock, waste, (_replace(piles, k, new_codes), waste_codes))
                if safe(codes[-1]):
                    yield f"tf {k + 1} {home + 1}", child
                    return
                to_foundation.append((f"tf {k + 1} {home + 1}", child))
    if waste_codes:
        home = target_of(waste_codes[-1])
        if home >= 0:
            child = _child(state, _replace(foundations, home, (*foundations[home], waste[-1])), tableau, stock,
                           waste[:-1], (piles, waste_codes[:-1]))
            if safe(waste_codes[-1]):
                yield f"wf {home + 1}", child
                return
            to_foundation.append((f"wf {home + 1}", child))
    yield from to_foundation
    first_empty = piles.index(_EMPTY) if _EMPTY in piles else -1
    # Tops that take a card: rank + suit of each face-up top.
    revealing: list[tuple[str, ThumbAndPouchState]] = []
    others: list[tuple[str, ThumbAndPouchState]] = []
    for x, codes in enumerate(piles):
        if not codes or codes[-1] < 0:
            continue
        # the face-up run at the top
        run = 1
        while run < len(codes) and codes[-run - 1] > 0 and (codes[-run - 1] >> 2) == (codes[-run] >> 2) + 1 \
                and (codes[-run - 1] & 3) != (codes[-run] & 3):
            run += 1
        bottom_rank = codes[-1] >> 2
        for y, target in enumerate(piles):
            if y == x:
                continue
            if target:
                top = target[-1]
                n = (top >> 2) - bottom_rank  # the run's card one rank below the top
                if top < 0 or not 1 <= n <= run or (top & 3) == (codes[-n] & 3):
                    continue
                counts: Iterable[int] = (n,)
            elif y == first_empty:
                counts = range(1, min(run, len(codes) - 1) + 1)  # never a whole pile
            else:
                continue
            for n in counts:
                source_pile, source_codes = _uncover(tableau[x][:-n], codes[:-n])
                new_tableau = list(tableau)
                new_tableau[x] = source_pile
                new_tableau[y] = tableau[y] + tableau[x][-n:]
                new_piles = list(piles)
                new_piles[x] = source_codes
                new_piles[y] = target + codes[-n:]
                child = _child(state, foundations, tuple(new_tableau), stock, waste,
                               (tuple(new_piles), waste_codes))
                reveals = n == len(codes) or codes[-n - 1] < 0
                (revealing if reveals else others).append((f"tt {x + 1} {y + 1} {n}", child))
    yield from revealing
    if waste_codes:
        moving = waste_codes[-1]
        for y, target in enumerate(piles):
            if target:
                top = target[-1]
                if top < 0 or (top >> 2) != (moving >> 2) + 1 or (top & 3) == (moving & 3):
                    continue
            elif y != first_empty:
                continue
            placed = _replace(tableau, y, (*tableau[y], Placed(waste[-1], True)))
            yield f"wt {y + 1}", _child(state, foundations, placed, stock, waste[:-1],
                                        (_replace(piles, y, target + (moving,)), waste_codes[:-1]))
    if stock:
        yield "sw", _child(state, foundations, tableau, stock[:-1], (*waste, stock[-1]),
                           (piles, (*waste_codes, card_code(stock[-1]))))
    yield from others
