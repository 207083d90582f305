"""Telling plugin code from the standard library (cardshell/blame.py) while ``sysconfig`` is
itself being imported: a time bound's tick or a signal that lands in a plugin's import on a slow
machine (seen under valgrind) must not turn into that plugin's import failure."""

from __future__ import annotations

import os
import sys
import types

from cardshell import blame


def test_a_frame_looked_at_while_sysconfig_is_half_imported(monkeypatch):
    monkeypatch.setattr(blame, "_LIBRARY_DIRS", [])
    monkeypatch.setitem(sys.modules, "sysconfig", types.ModuleType("sysconfig"))  # no get_paths yet
    stdlib, _ = blame._library_dirs()
    assert stdlib == (os.path.dirname(os.path.abspath(os.__file__)) + os.sep,)
    assert blame._LIBRARY_DIRS == []  # not kept: the next look reads sysconfig
    monkeypatch.undo()
    monkeypatch.setattr(blame, "_LIBRARY_DIRS", [])
    read = blame._library_dirs()
    assert blame._LIBRARY_DIRS == [read] and os.path.dirname(os.path.abspath(os.__file__)) + os.sep in read[0]
