"""What the numbers shown imply about a Minesweeper board's hidden cells, from the player's view only.

Flags are guesses, not information, and are ignored.  Each shown number is a
constraint "exactly N of these cells are mines"; the constrained cells split
into components whose consistent layouts are enumerated by backtracking and
combined exactly with the unconstrained cells under the mine count (Python
ints, so "safe" means probability exactly 0).  Bound: :data:`MAX_NODES` steps
per analysis.  Past it the analysis is not exact: safe cells and mines come
from the single-point and subset rules (sound, may miss some), probabilities
are estimates, and samples come from a randomized search (consistent, not uniform).
"""

from __future__ import annotations

import math
import random
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass

from cardshell_minesweeper.rules import Cell, neighbour_table

#: The most backtracking steps one analysis or sample may spend enumerating.
MAX_NODES = 150_000

#: The randomized search (when the enumeration is past its bound): the most
#: attempts to hit the mine count, and the most steps of one attempt.
MAX_TRIES = 50
SEARCH_NODES = 1_000_000


@dataclass(frozen=True)
class Analysis:
    """What the shown numbers imply.

    Attributes:
        exact: the enumeration finished within :data:`MAX_NODES`; else the figures are estimates.
        safe: hidden cells that cannot hold a mine.
        mines: hidden cells that must hold one.
        probability: every hidden cell's chance of holding a mine, 0.0 to 1.0.
    """

    exact: bool
    safe: frozenset[Cell]
    mines: frozenset[Cell]
    probability: Mapping[Cell, float]


@dataclass
class _Frontier:
    hidden: list[Cell]
    interior: list[Cell]
    constraints: list[tuple[tuple[Cell, ...], int]]
    components: list[tuple[list[Cell], list[tuple[tuple[Cell, ...], int]]]]


def _frontier(rows: int, cols: int, shown: Mapping[Cell, int]) -> _Frontier:
    """The constraints of the shown numbers, split into components."""
    table = neighbour_table(rows, cols)
    hidden = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in shown]
    constraints: list[tuple[tuple[Cell, ...], int]] = []
    for cell, number in shown.items():
        around = tuple(n for n in table[cell] if n not in shown)
        if around:
            constraints.append((around, number))
    parent: dict[Cell, Cell] = {}

    def find(cell: Cell) -> Cell:
        while parent[cell] != cell:
            parent[cell] = parent[parent[cell]]
            cell = parent[cell]
        return cell

    for group, _ in constraints:
        for cell in group:
            parent.setdefault(cell, cell)
        root = find(group[0])
        for cell in group[1:]:
            other = find(cell)
            if other != root:
                parent[other] = root
    members: dict[Cell, list[Cell]] = {}
    for cell in hidden:  # row-major, so each component's cells are in a stable order
        if cell in parent:
            members.setdefault(find(cell), []).append(cell)
    by_root: dict[Cell, list[tuple[tuple[Cell, ...], int]]] = {}
    for group, number in constraints:
        by_root.setdefault(find(group[0]), []).append((group, number))
    components = [(_linked_order(cells, by_root[root]), by_root[root]) for root, cells in members.items()]
    interior = [cell for cell in hidden if cell not in parent]
    return _Frontier(hidden, interior, constraints, components)


def _linked_order(cells: list[Cell], constraints: list[tuple[tuple[Cell, ...], int]]) -> list[Cell]:
    """The cells breadth-first through shared constraints, so that backtracking closes constraints early."""
    of: dict[Cell, list[tuple[Cell, ...]]] = {}
    for group, _ in constraints:
        for cell in group:
            of.setdefault(cell, []).append(group)
    order: list[Cell] = []
    seen = {cells[0]}
    queue = deque([cells[0]])
    while queue:
        cell = queue.popleft()
        order.append(cell)
        for group in of[cell]:
            for other in group:
                if other not in seen:
                    seen.add(other)
                    queue.append(other)
    return order


def _enumerate(cells: list[Cell], constraints: list[tuple[tuple[Cell, ...], int]], budget: int,
               rng: random.Random | None = None) -> tuple[dict[int, list[int]] | None, int]:
    """(found, steps): mines k -> bit masks over ``cells`` with k mines (None past ``budget``), steps spent.

    With ``rng``, values are tried in random order and the first assignment found ends the search.
    """
    index = {cell: i for i, cell in enumerate(cells)}
    need = [number for _, number in constraints]
    left = [len(group) for group, _ in constraints]
    have = [0] * len(constraints)
    of: list[list[int]] = [[] for _ in cells]
    for j, (group, _) in enumerate(constraints):
        for cell in group:
            of[index[cell]].append(j)
    n = len(cells)
    tried = [0] * n
    order = [(0, 1)] * n if rng is None else [(0, 1) if rng.random() < 0.5 else (1, 0) for _ in cells]
    value = [0] * n
    found: dict[int, list[int]] = {}
    i = mask = k = steps = 0

    def unassign(i: int) -> None:
        nonlocal mask, k
        v = value[i]
        for j in of[i]:
            left[j] += 1
            have[j] -= v
        if v:
            mask &= ~(1 << i)
            k -= 1

    while True:
        if i == n:
            found.setdefault(k, []).append(mask)
            steps += 1
            if rng is not None:
                return found, steps
            i -= 1
            unassign(i)
            continue
        t = tried[i]
        if t == 2:
            tried[i] = 0
            i -= 1
            if i < 0:
                return found, steps
            unassign(i)
            continue
        tried[i] = t + 1
        steps += 1
        if steps > budget:
            return None, steps
        v = order[i][t]
        ok = True
        for j in of[i]:
            left[j] -= 1
            have[j] += v
            if have[j] > need[j] or have[j] + left[j] < need[j]:
                ok = False
        if not ok:
            for j in of[i]:
                left[j] += 1
                have[j] -= v
            continue
        value[i] = v
        if v:
            mask |= 1 << i
            k += 1
        i += 1


def _polynomial(found: dict[int, list[int]], size: int) -> list[int]:
    poly = [0] * (size + 1)
    for k, masks in found.items():
        poly[k] = len(masks)
    return poly


def _multiply(a: list[int], b: list[int]) -> list[int]:
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


def _ways(poly: list[int], interior: int, mines: int) -> int:
    return sum(count * math.comb(interior, mines - s) for s, count in enumerate(poly)
               if count and 0 <= mines - s <= interior)


def _exact(frontier: _Frontier, mine_count: int) -> tuple[list[dict[int, list[int]]], int] | None:
    founds, spent = [], 0
    for cells, constraints in frontier.components:
        found, steps = _enumerate(cells, constraints, MAX_NODES - spent)
        spent += steps
        if found is None:
            return None
        founds.append(found)
    return founds, spent


def analyse(rows: int, cols: int, mine_count: int, shown: Mapping[Cell, int]) -> Analysis:
    """Safe cells, certain mines and mine probabilities from ``shown`` (:func:`.rules.view`) and the board's size."""
    frontier = _frontier(rows, cols, shown)
    result = _exact(frontier, mine_count)
    if result is None:
        return _estimate(frontier, mine_count)
    founds, _ = result
    interior = len(frontier.interior)
    polys = [_polynomial(found, len(cells)) for found, (cells, _) in zip(founds, frontier.components)]
    prefix = [[1]]
    for poly in polys:
        prefix.append(_multiply(prefix[-1], poly))
    suffix = [[1]]
    for poly in reversed(polys):
        suffix.append(_multiply(poly, suffix[-1]))
    suffix.reverse()
    total = _ways(prefix[-1], interior, mine_count)
    numerator: dict[Cell, int] = {}
    for i, (found, (cells, _)) in enumerate(zip(founds, frontier.components)):
        others = _multiply(prefix[i], suffix[i + 1])
        per_cell = [0] * len(cells)
        for k, masks in found.items():
            factor = _ways(others, interior, mine_count - k)
            if not factor:
                continue
            for mask in masks:
                while mask:
                    low = mask & -mask
                    per_cell[low.bit_length() - 1] += factor
                    mask ^= low
        numerator.update(zip(cells, per_cell))
    if interior:
        inside = sum(count * math.comb(interior - 1, mine_count - s - 1) for s, count in enumerate(prefix[-1])
                     if count and 1 <= mine_count - s <= interior)
        numerator.update(dict.fromkeys(frontier.interior, inside))
    if total == 0:  # numbers that no layout fits (not a real board): nothing is known
        return Analysis(True, frozenset(), frozenset(), {cell: 0.5 for cell in frontier.hidden})
    return Analysis(
        True,
        frozenset(cell for cell, n in numerator.items() if n == 0),
        frozenset(cell for cell, n in numerator.items() if n == total),
        {cell: numerator[cell] / total for cell in frontier.hidden},
    )


def _deduce(frontier: _Frontier) -> tuple[set[Cell], set[Cell]]:
    safe: set[Cell] = set()
    mines: set[Cell] = set()
    changed = True
    while changed:
        changed = False
        reduced = []
        for group, number in frontier.constraints:
            unknown = frozenset(cell for cell in group if cell not in safe and cell not in mines)
            if unknown:
                reduced.append((unknown, number - sum(1 for cell in group if cell in mines)))
        of: dict[Cell, list[int]] = {}
        for j, (unknown, _) in enumerate(reduced):
            for cell in unknown:
                of.setdefault(cell, []).append(j)
        for unknown, need in reduced:
            if need == 0 or need == len(unknown):
                target = safe if need == 0 else mines
                fresh = unknown - target
                if fresh:
                    target.update(fresh)
                    changed = True
        if changed:
            continue
        for unknown, need in reduced:
            neighbours = {j for cell in unknown for j in of[cell]}
            for j in neighbours:
                bigger, more = reduced[j]
                if bigger is unknown or not unknown < bigger:
                    continue
                rest, extra = bigger - unknown, more - need
                if extra == 0 or extra == len(rest):
                    (safe if extra == 0 else mines).update(rest)
                    changed = True
    return safe, mines


def _estimate(frontier: _Frontier, mine_count: int) -> Analysis:
    safe, mines = _deduce(frontier)
    probability: dict[Cell, float] = {}
    for group, number in frontier.constraints:
        unknown = [cell for cell in group if cell not in safe and cell not in mines]
        if unknown:
            share = (number - sum(1 for cell in group if cell in mines)) / len(unknown)
            for cell in unknown:
                probability[cell] = max(probability.get(cell, 0.0), share)
    unknown_cells = [cell for cell in frontier.hidden if cell not in safe and cell not in mines]
    density = (mine_count - len(mines)) / len(unknown_cells) if unknown_cells else 0.0
    for cell in frontier.hidden:
        if cell in safe:
            probability[cell] = 0.0
        elif cell in mines:
            probability[cell] = 1.0
        elif cell not in probability:
            probability[cell] = min(1.0, max(0.0, density))
    return Analysis(False, frozenset(safe), frozenset(mines), probability)


def _pick(weights: list[int], rng: random.Random) -> int:
    draw = rng.randrange(sum(weights))
    for index, weight in enumerate(weights):
        if draw < weight:
            return index
        draw -= weight
    raise AssertionError("unreachable")  # pragma: no cover


def _cells_of(mask: int, cells: list[Cell]) -> list[Cell]:
    return [cell for i, cell in enumerate(cells) if mask >> i & 1]


def sample_mines(rows: int, cols: int, mine_count: int, shown: Mapping[Cell, int],
                 rng: random.Random) -> frozenset[Cell]:
    """``mine_count`` hidden cells consistent with ``shown``, uniform when the enumeration is exact.

    Raises:
        ValueError: when no layout fits the numbers, or the randomized search found none in :data:`MAX_TRIES` attempts.
    """
    frontier = _frontier(rows, cols, shown)
    interior = sorted(frontier.interior)
    result = _exact(frontier, mine_count)
    if result is None:
        return _sample_by_search(frontier, mine_count, rng)
    founds, _ = result
    polys = [_polynomial(found, len(cells)) for found, (cells, _) in zip(founds, frontier.components)]
    suffix = [[1]]
    for poly in reversed(polys):
        suffix.append(_multiply(poly, suffix[-1]))
    suffix.reverse()
    if not _ways(suffix[0], len(interior), mine_count):
        raise ValueError("no mine layout fits the numbers shown")
    mines: list[Cell] = []
    remaining = mine_count
    for i, (found, (cells, _)) in enumerate(zip(founds, frontier.components)):
        ks = sorted(found)
        weights = [len(found[k]) * _ways(suffix[i + 1], len(interior), remaining - k) for k in ks]
        k = ks[_pick(weights, rng)]
        mines += _cells_of(rng.choice(found[k]), cells)
        remaining -= k
    mines += rng.sample(interior, remaining)
    return frozenset(mines)


def _sample_by_search(frontier: _Frontier, mine_count: int, rng: random.Random) -> frozenset[Cell]:
    interior = sorted(frontier.interior)
    for _ in range(MAX_TRIES):
        mines: list[Cell] = []
        for cells, constraints in frontier.components:
            found, _ = _enumerate(cells, constraints, SEARCH_NODES, rng)
            if not found:
                break
            ((_, (mask,)),) = found.items()
            mines += _cells_of(mask, cells)
        else:
            if 0 <= mine_count - len(mines) <= len(interior):
                return frozenset(mines + rng.sample(interior, mine_count - len(mines)))
    raise ValueError(f"no mine layout found that fits the numbers shown in {MAX_TRIES} attempts")
