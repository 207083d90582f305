"""Thumb and Pouch's moves for search, on cards as small ints, with their exact reductions.

The generator behind :func:`.solver.successors`.  Each reduction keeps a win
reachable from every winnable position, so exhausting these moves without a
win proves a position lost; the reductions, their proofs and the order of the
moves are in plugins/cardshell_thumb_and_pouch/NOTES.md, "Search".  Each state
searched carries its codes (:func:`codes_of`), shared with its children.
"""

from __future__ import annotations

from collections.abc import Iterator

from .rules import ACE, Placed, ThumbAndPouchState, card_code, make_state

_EMPTY: tuple[int, ...] = ()
_SW = "sw"

#: Which shifts (run moves that leave a face-up card on top) to generate:
#: every one (exhaustive), only those whose uncovered card can be used at
#: once (it fits its foundation, or a card that fits on it is on the waste
#: top, in the stock or face up in the tableau), or none.
SHIFTS_ALL, SHIFTS_USEFUL, SHIFTS_NONE = "all", "useful", "none"
SHIFTS = (SHIFTS_ALL, SHIFTS_USEFUL, SHIFTS_NONE)

Move = tuple[str | tuple[str, ...], ThumbAndPouchState]


def codes_of(state: ThumbAndPouchState) -> tuple[tuple, tuple, tuple]:
    """(pile codes, waste codes, stock codes) of ``state``, cached on it; a face-down card's code is negated."""
    found = state.__dict__.get("_codes")
    if found is None:
        piles = tuple(tuple(card_code(p.card) if p.face_up else -card_code(p.card) for p in pile)
                      for pile in state.tableau)
        found = (piles, tuple(card_code(card) for card in state.waste),
                 tuple(card_code(card) for card in state.stock))
        object.__setattr__(state, "_codes", found)
    return found


def foundation_needs(foundations: tuple) -> tuple[list[int], list[int], int]:
    """What the four foundations take next: (need, slot, empty).

    ``need[suit]`` is the rank that suit's foundation takes next (1 for an ace,
    14 once complete); ``slot[suit]`` the foundation (0-based) holding that suit,
    or -1; ``empty`` the first empty foundation, or -1.  Suits as in :func:`card_code`.
    """
    need = [ACE] * 4
    slot = [-1] * 4
    empty = -1
    for index, pile in enumerate(foundations):
        if pile:
            code = card_code(pile[-1])
            need[code & 3] = (code >> 2) + 1
            slot[code & 3] = index
        elif empty < 0:
            empty = index
    return need, slot, empty


def is_safe(code: int, need: list[int]) -> bool:
    """Whether card ``code``, which fits its foundation, may go up without branching (NOTES.md, "Search").

    ``need`` is the next rank of each suit's foundation (:func:`foundation_needs`).
    """
    floor, suit = (code >> 2) - 1, code & 3
    return all(need[other] >= floor for other in range(4) if other != suit)


def safe_move(state: ThumbAndPouchState) -> str | None:
    """``Search.safe``: a card to its foundation that no other card needs (:func:`is_safe`), as the
    line a player types (``tf 3 1``, tableau first, then ``wf 2``), or None.

    The move search plays as a position's only one (NOTES.md, "Search": it keeps every
    win reachable), and what ``set autoplay on`` plays for the player after each move.
    None inside a search pass of :func:`.solver.successors` (a state tagged ``_pass``),
    whose :func:`moves` makes the same move the only one itself, keeping the pass's budget.
    """
    if state.__dict__.get("_pass") is not None:
        return None
    piles, waste_codes, _ = codes_of(state)
    need, slot, empty = foundation_needs(state.foundations)

    def target_of(code: int) -> int:
        if code >> 2 != need[code & 3] or not is_safe(code, need):
            return -1
        return empty if code >> 2 == ACE else slot[code & 3]

    for k, codes in enumerate(piles):
        if codes and codes[-1] > 0 and (target := target_of(codes[-1])) >= 0:
            return f"tf {k + 1} {target + 1}"
    if waste_codes and (target := target_of(waste_codes[-1])) >= 0:
        return f"wf {target + 1}"
    return None


def _child(foundations: tuple, tableau: tuple, stock: tuple, waste: tuple, codes: tuple) -> ThumbAndPouchState:
    child = make_state(foundations, tableau, stock, waste)
    object.__setattr__(child, "_codes", codes)
    return child


def _replace(items: tuple, index: int, item: object) -> tuple:
    return (*items[:index], item, *items[index + 1:])


def _uncover(pile: tuple, codes: tuple) -> tuple[tuple, tuple]:
    if codes and codes[-1] < 0:
        return (*pile[:-1], Placed(pile[-1].card, True)), (*codes[:-1], -codes[-1])
    return pile, codes


def _run_length(codes: tuple) -> int:
    run = 1
    while run < len(codes):
        upper, lower = codes[-run - 1], codes[-run]
        if upper < 0 or upper >> 2 != (lower >> 2) + 1 or upper & 3 == lower & 3:
            break
        run += 1
    return run


def _usable(exposed: int, moved: int, need: list[int], piles: tuple, waste_codes: tuple,
            stock_codes: tuple) -> bool:
    """Whether ``exposed``, uncovered by shifting ``moved``, fits its foundation or takes an available card."""
    rank, suit = exposed >> 2, exposed & 3
    if need[suit] == rank:
        return True
    for other in range(4):
        card = 4 * (rank - 1) + other
        if other == suit or card == moved:
            continue
        if (waste_codes and waste_codes[-1] == card) or card in stock_codes:
            return True
        if any(card in pile for pile in piles):
            return True
    return False


def moves(state: ThumbAndPouchState, shifts: str = SHIFTS_ALL) -> Iterator[Move]:
    """The moves search tries from ``state``, best first: (line or tuple of lines, state after it).

    Args:
        shifts: :data:`SHIFTS_ALL` (exhaustive), :data:`SHIFTS_USEFUL` or :data:`SHIFTS_NONE` (not exhaustive).

    A safe foundation move, when there is one, is the only move.
    """
    piles, waste_codes, stock_codes = codes_of(state)
    tableau, foundations, stock, waste = state.tableau, state.foundations, state.stock, state.waste
    need, slot, empty_foundation = foundation_needs(foundations)

    def target_of(code: int) -> int:
        if code >> 2 != need[code & 3]:
            return -1
        return empty_foundation if code >> 2 == ACE else slot[code & 3]

    to_foundation = []
    for k, codes in enumerate(piles):
        if codes and codes[-1] > 0:
            target = target_of(codes[-1])
            if target >= 0:
                pile, new_codes = _uncover(tableau[k][:-1], codes[:-1])
                child = _child(_replace(foundations, target, (*foundations[target], tableau[k][-1].card)),
                               _replace(tableau, k, pile), stock, waste,
                               (_replace(piles, k, new_codes), waste_codes, stock_codes))
                if is_safe(codes[-1], need):
                    yield f"tf {k + 1} {target + 1}", child
                    return
                to_foundation.append((f"tf {k + 1} {target + 1}", child))
    if waste_codes:
        target = target_of(waste_codes[-1])
        if target >= 0:
            child = _child(_replace(foundations, target, (*foundations[target], waste[-1])), tableau, stock,
                           waste[:-1], (piles, waste_codes[:-1], stock_codes))
            if is_safe(waste_codes[-1], need):
                yield f"wf {target + 1}", child
                return
            to_foundation.append((f"wf {target + 1}", child))
    yield from to_foundation
    first_empty = piles.index(_EMPTY) if _EMPTY in piles else -1
    revealing, shifting = [], []
    for x, codes in enumerate(piles):
        if not codes or codes[-1] < 0:
            continue
        run = _run_length(codes)
        bottom_rank = codes[-1] >> 2
        for y, target in enumerate(piles):
            if y == x:
                continue
            if target:
                top = target[-1]
                n = (top >> 2) - bottom_rank  # the run's card one rank below the top
                if top < 0 or not 1 <= n <= run or (top & 3) == (codes[-n] & 3):
                    continue
                counts: tuple[int, ...] | range = (n,)
            elif y == first_empty:
                counts = range(1, min(run, len(codes) - 1) + 1)  # never a whole pile
            else:
                continue
            for n in counts:
                reveals = n == len(codes) or codes[-n - 1] < 0
                if not reveals and (shifts == SHIFTS_NONE or (
                        shifts == SHIFTS_USEFUL
                        and not _usable(codes[-n - 1], codes[-n], need, piles, waste_codes, stock_codes))):
                    continue
                source_pile, source_codes = _uncover(tableau[x][:-n], codes[:-n])
                new_tableau = list(tableau)
                new_tableau[x] = source_pile
                new_tableau[y] = tableau[y] + tableau[x][-n:]
                new_piles = list(piles)
                new_piles[x] = source_codes
                new_piles[y] = target + codes[-n:]
                child = _child(foundations, tuple(new_tableau), stock, waste,
                               (tuple(new_piles), waste_codes, stock_codes))
                if reveals:
                    revealing.append((n - len(codes), f"tt {x + 1} {y + 1} {n}", child))
                else:
                    shifting.append((f"tt {x + 1} {y + 1} {n}", child))
    revealing.sort(key=lambda item: item[0])  # stable: the deepest pile first
    for _, line, child in revealing:
        yield line, child
    yield from _waste_plays(state, piles, waste_codes, stock_codes, target_of, first_empty, need)
    yield from shifting


def _waste_plays(state: ThumbAndPouchState, piles: tuple, waste_codes: tuple, stock_codes: tuple, target_of,
                 first_empty: int, need: list[int]) -> Iterator[Move]:
    """Each card the waste can offer, its top or one drawn k >= 1 deep, played to the tableau or its foundation.

    The waste top's foundation move is :func:`moves`' own.
    """
    tableau, foundations, stock, waste = state.tableau, state.foundations, state.stock, state.waste
    depth = len(stock)
    receivers = [y for y, pile in enumerate(piles) if (pile and pile[-1] > 0) or y == first_empty]
    for k in range(depth + 1):
        if k == 0:
            if not waste:
                continue
            card, moving = waste[-1], waste_codes[-1]
            new_stock, new_stock_codes = stock, stock_codes
            new_waste, new_waste_codes = waste[:-1], waste_codes[:-1]
            draws: tuple[str, ...] = ()
        else:
            card, moving = stock[depth - k], stock_codes[depth - k]
            new_stock, new_stock_codes = stock[:depth - k], stock_codes[:depth - k]
            new_waste = waste + stock[depth - k + 1:][::-1]
            new_waste_codes = waste_codes + stock_codes[depth - k + 1:][::-1]
            draws = (_SW,) * k
            target = target_of(moving)
            if target >= 0:
                yield (*draws, f"wf {target + 1}"), _child(
                    _replace(foundations, target, (*foundations[target], card)), tableau, new_stock, new_waste,
                    (piles, new_waste_codes, new_stock_codes))
                if is_safe(moving, need):
                    return  # once drawn it goes up (dominance): no deeper draw, no other play of it
        placed = None
        for y in receivers:
            target_pile = piles[y]
            if target_pile:
                top = target_pile[-1]
                if (top >> 2) != (moving >> 2) + 1 or (top & 3) == (moving & 3):
                    continue
            if placed is None:
                placed = Placed(card, True)
            line = f"wt {y + 1}"
            yield (*draws, line) if k else line, _child(
                foundations, _replace(tableau, y, (*tableau[y], placed)), new_stock, new_waste,
                (_replace(piles, y, target_pile + (moving,)), new_waste_codes, new_stock_codes))
