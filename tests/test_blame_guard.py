"""blame.guard, the one plugin-failure guard of the host (issue 29 item 6):
a plugin failure in the block is kept, reported and stops there; anything
else goes on up unchanged."""

from __future__ import annotations

import os

import pytest

from cardshell import blame
from cardshell.errors import CommandError


def test_a_plugin_failure_is_reported_kept_and_stops_the_block():
    reported: list[BaseException] = []
    reached = []
    value = "fallback"
    with blame.guard(reported.append) as guarded:
        value = str(1 / 0)
        reached.append("after")  # never runs
    assert value == "fallback" and reached == []
    assert isinstance(guarded.failed, ZeroDivisionError) and reported == [guarded.failed]


def test_a_block_that_succeeds_reports_nothing():
    reported: list[BaseException] = []
    with blame.guard(reported.append) as guarded:
        value = "done"
    assert (value, guarded.failed, reported) == ("done", None, [])


def test_a_plugins_sys_exit_is_a_failure_but_ctrl_c_goes_on():
    with blame.guard() as guarded:
        raise SystemExit(3)  # raised outside the host's package: a plugin's sys.exit()
    assert isinstance(guarded.failed, SystemExit)
    reported: list[BaseException] = []
    with pytest.raises(KeyboardInterrupt), blame.guard(reported.append):
        raise KeyboardInterrupt
    assert reported == []


def test_a_host_sys_exit_goes_on_up():
    # A SystemExit raised by the host's own code (a front end's signal handler) is no plugin's:
    # here raised by code compiled as a file of the host's package.
    host_code = compile("raise SystemExit(143)", os.path.join(blame.HOST_DIR, "front_end.py"), "exec")
    reported: list[BaseException] = []
    with pytest.raises(SystemExit), blame.guard(reported.append):
        exec(host_code)
    assert reported == []


def test_the_passed_types_go_on_up():
    reported: list[BaseException] = []
    with pytest.raises(CommandError), blame.guard(reported.append, passes=(CommandError,)):
        raise CommandError("the player's error, for the caller")
    assert reported == []


def test_a_report_may_raise_its_own_error_instead():
    def refuse(exc: BaseException) -> None:
        raise LookupError(f"failed: {exc}") from None

    with pytest.raises(LookupError, match="failed: boom"), blame.guard(refuse):
        raise ValueError("boom")
