"""Every hook of the contract is documented (datasette's
``test_plugin_hooks_are_documented``): a docstring naming each parameter
with ``:param NAME:`` and the return with ``:return:``."""

from __future__ import annotations

import inspect

import pytest

from cardshell import hookspecs
from cardshell.docs import hookspec_functions, split_docstring

HOOKS = hookspec_functions()


def test_the_hooks_are_found():
    assert [hook.__name__ for hook in HOOKS] == [
        "cardshell_games", "cardshell_commands", "cardshell_render",
        "cardshell_game_started", "cardshell_command_applied", "cardshell_game_over",
    ]


@pytest.mark.parametrize("hook", HOOKS, ids=lambda hook: hook.__name__)
def test_every_hook_documents_its_parameters_and_return(hook):
    doc = inspect.getdoc(hook)
    assert doc, f"{hook.__name__} has no docstring"
    body, params, returns = split_docstring(doc)
    assert body, f"{hook.__name__}: no description"
    names = list(inspect.signature(hook).parameters)
    assert list(params) == names, f"{hook.__name__}: documented {list(params)}, takes {names}"
    assert all(text for text in params.values()), f"{hook.__name__}: a :param: without text"
    assert returns, f"{hook.__name__}: no :return:"
    assert "Called" in body, f"{hook.__name__}: say when the host calls it"


def test_the_contract_version_is_documented_where_plugin_authors_read():
    doc = hookspecs.__doc__
    assert "CARDSHELL_CONTRACT" in doc and "CONTRACT_VERSION" in doc and "naming both versions" in doc
    assert isinstance(hookspecs.CONTRACT_VERSION, int)
