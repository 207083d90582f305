"""Completion candidates, computed from the registered metadata.

Pure logic shared by the interactive front end (which wraps it in a
prompt_toolkit ``Completer``) and the tests.
"""

from __future__ import annotations

from cardshell.shell import Shell


def candidates(shell: Shell, text: str) -> tuple[list[str], str]:
    """What may complete the text before the cursor.

    Args:
        shell (Shell): the shell (current game, registry).
        text (str): the line up to the cursor.

    Returns:
        tuple[list[str], str]: the candidates (sorted, unique, each starting
        with the partial word, compared without case unless the game is case
        sensitive) and the partial word they replace.
    """
    stripped = text.lstrip()
    words = stripped.split()
    partial = "" if (not words or stripped.endswith(" ")) else words[-1]
    before = words[:-1] if partial else words
    shell.need_globals()
    scope = shell.scope()
    state = shell.current.state if shell.current else None
    found: list[str] = []
    if not before:
        for entry in scope.entries:
            if entry.command.pattern is None:
                found.extend(entry.command.words)
            elif entry.command.complete is not None:
                found.extend(_safe(entry.command.complete, state, 0))
        if scope.game is not None:
            found.extend(entry.command.name for entry in shell.registry.global_scope.entries)
        else:
            found.extend(w for entry in scope.entries for w in entry.command.words)
    else:
        try:
            entry, _ = shell.resolve(before[0])
        except Exception:
            return [], partial
        if entry.command.complete is not None and entry.command.pattern is None:
            found.extend(_safe(entry.command.complete, state if entry.command.game else None, len(before) - 1))
    fold = (lambda s: s) if scope.case_sensitive else str.lower
    matches = sorted({c for c in found if fold(c).startswith(fold(partial))})
    return matches, partial


def _safe(complete, state, index: int) -> list[str]:
    try:
        return [str(c) for c in complete(state, index)]
    except Exception:  # a broken completer must never break typing
        return []
