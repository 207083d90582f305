"""Where a toy plugin's code is: line numbers for expected messages, read from
the source so that editing a toy plugin does not silently break a test."""

from __future__ import annotations

import inspect
from pathlib import Path
from types import ModuleType


def line_of(module: ModuleType | Path, text: str) -> int:
    """The number of the only line of a module's source (or a file) containing ``text``.

    Args:
        module (ModuleType | Path): an imported module, or the path of a
            source file (for a plugin that cannot be imported by a test, such
            as one calling ``sys.exit()`` at import).
        text (str): a piece of the line.

    Raises:
        AssertionError: when no line, or more than one, contains it.
    """
    source = module.read_text() if isinstance(module, Path) else inspect.getsource(module)
    lines = [number for number, line in enumerate(source.splitlines(), start=1) if text in line]
    assert len(lines) == 1, f"{text!r} is on lines {lines} of {module}"
    return lines[0]


def where(module: ModuleType, text: str) -> str:
    """``FILE:LINE`` of a single-file toy plugin, as the host reports it."""
    return f"{module.__name__}.py:{line_of(module, text)}"
