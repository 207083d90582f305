"""The pytest helpers of cardshell.testing, tested with pytest's own
``pytester``: golden tests that pass, fail with a readable diff, or miss
their expected file; the ``cardshell_script`` fixture with a rejected
command; ``--cardshell-update-golden``.  The toy counter game
(tests/plugins/toy_counter.py) is the plugin under test."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardshell.testing import ScriptResult, parse_header, run_cardshell, text_diff, visible_lines

pytest_plugins = ["pytester"]

TOY_PLUGINS = Path(__file__).resolve().parent / "plugins"

HEADER = '# cardshell: --plugins "" --plugin toy_counter\n'
SCRIPT = HEADER + "play counter --seed 5\ninc 2\n"
OUTPUT = "Counter, seed 5.\n[0]\ncount is now 2\n[2]\n"


@pytest.fixture
def golden(pytester):
    """Write a golden script and its expected files into the pytester directory."""

    def write(name: str, script: str, out: str | None = None, err: str | None = None,
              status: str | None = None) -> None:
        files = {f"{name}.cardshell": script, f"{name}.cardshell.out": out, f"{name}.cardshell.err": err,
                 f"{name}.cardshell.status": status}
        for filename, text in files.items():
            if text is not None:
                (pytester.path / filename).write_bytes(text.encode("utf-8"))

    return write


def run(pytester, *args: str):
    return pytester.runpytest("-p", "no:cacheprovider", "-p", "no:hypothesispytest", *args)


# -- golden tests ---------------------------------------------------------------
def test_a_matching_golden_test_passes(pytester, golden):
    golden("test_count", SCRIPT, OUTPUT)
    result = run(pytester, "-v")
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(["test_count.cardshell::test_count.cardshell PASSED*"])


def test_an_echo_transcript_is_a_valid_expected_output(pytester, golden):
    transcript = ("cardshell> play counter --seed 5\nCounter, seed 5.\n[0]\n"
                  "counter> inc 2\ncount is now 2\n[2]\n")
    golden("test_echo", HEADER.replace("\n", " --echo\n") + "play counter --seed 5\ninc 2\n", transcript)
    run(pytester).assert_outcomes(passed=1)


def test_a_differing_golden_test_fails_with_a_diff_showing_invisible_characters(pytester, golden):
    golden("test_count", SCRIPT, "Counter, seed 5.\n[0]\ncount is now 2 \n[2]\t\r\nextra")
    result = run(pytester)
    result.assert_outcomes(failed=1)
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines([
        "golden test test_count.cardshell failed:",
        "stdout differs:",
        "--- test_count.cardshell.out (expected)",
        "+++ stdout (actual)",
        "-count is now 2·",
        "-[2]\\t\\r",
        "-extra[no newline at end]",
        "+count is now 2",
        "+[2]",
        "(· trailing space, *",
        "reproduce: cd * && CARDSHELL_LOAD_PLUGINS='' cardshell --data-dir \"$(mktemp -d)\" --seed 0 "
        "--plugin toy_counter test_count.cardshell",
        "update (then review): pytest --cardshell-update-golden *test_count.cardshell",
    ])
    assert "Traceback" not in result.stdout.str()


def test_a_golden_test_without_its_expected_output_fails(pytester, golden):
    golden("test_count", SCRIPT)
    result = run(pytester)
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines([
        "missing expected output file test_count.cardshell.out; the actual output was:",
        "  Counter, seed 5.",
    ])
    assert not (pytester.path / "test_count.cardshell.out").exists()  # never written without asking


def test_a_rejected_command_must_be_expected_in_err_and_status(pytester, golden):
    script = SCRIPT + "inc 9\nfail\n"
    golden("test_rejected", script, OUTPUT)
    result = run(pytester)
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines([
        "stderr differs:",
        "+test_rejected.cardshell:4: 9 is out of range -5..5 (usage: inc N)",
        "+test_rejected.cardshell:5: fail always fails",
        "exit status differs: expected 0, got 1",
    ])
    golden("test_rejected", script, OUTPUT, "test_rejected.cardshell:4: 9 is out of range -5..5 (usage: inc N)\n"
                                            "test_rejected.cardshell:5: fail always fails\n", "1\n")
    run(pytester).assert_outcomes(passed=1)


def test_stop_on_error_and_seed_headers(pytester, golden):
    script = HEADER + "# cardshell: --stop-on-error --seed 3\nplay counter\nfail\ninc 1\n"
    expected = run_cardshell(script, plugins=[], modules=["toy_counter"], seed=3, stop_on_error=True,
                             source="test_stop.cardshell")
    assert "count is now" not in expected.output and expected.status == 1
    golden("test_stop", script, expected.output, expected.errors, f"{expected.status}\n")
    run(pytester).assert_outcomes(passed=1)


def test_update_golden_writes_the_expected_files_only_when_asked(pytester, golden):
    golden("test_new", SCRIPT + "fail\n")
    result = run(pytester, "--cardshell-update-golden")
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(["*cardshell: 3 golden file(s) changed*", "wrote *test_new.cardshell.out"])
    assert (pytester.path / "test_new.cardshell.out").read_text() == OUTPUT
    assert (pytester.path / "test_new.cardshell.err").read_text() == "test_new.cardshell:4: fail always fails\n"
    assert (pytester.path / "test_new.cardshell.status").read_text() == "1\n"
    run(pytester).assert_outcomes(passed=1)
    # The script is fixed: updating removes the now-empty .err and .status.
    golden("test_new", SCRIPT)
    run(pytester).assert_outcomes(failed=1)
    run(pytester, "--cardshell-update-golden").assert_outcomes(passed=1)
    assert not (pytester.path / "test_new.cardshell.err").exists()
    assert not (pytester.path / "test_new.cardshell.status").exists()
    run(pytester).assert_outcomes(passed=1)


def test_a_bad_header_fails_the_test(pytester, golden):
    golden("test_bad", "# cardshell: --sead 1\nplay counter\n", "")
    result = run(pytester)
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["bad '# cardshell:' header: unrecognized arguments: --sead 1"])


def test_only_test_star_cardshell_files_are_collected(pytester, golden):
    golden("moves", SCRIPT)  # no test_ prefix, no expected output: not a test
    golden("test_count", SCRIPT, OUTPUT)
    run(pytester).assert_outcomes(passed=1)


def test_the_ini_option_names_the_default_plugins(pytester, golden):
    pytester.makeini("[pytest]\ncardshell_plugins = aces-up\n")
    expected = run_cardshell("games\n", plugins=["aces-up"], modules=["toy_counter"]).output
    assert expected.count("\n  ") == 2  # aces-up and counter, no other installed game
    golden("test_games", "# cardshell: --plugin toy_counter\ngames\n", expected)
    run(pytester).assert_outcomes(passed=1)


# -- the fixture --------------------------------------------------------------
def test_the_script_fixture_reports_output_errors_and_status(pytester):
    pytester.makepyfile(test_fixture='''
        def test_rejected(cardshell_script):
            result = cardshell_script("play counter --seed 5\\ninc 2\\ninc -5\\n", plugins=[],
                                      modules=["toy_counter"])
            assert result.status == 1
            assert result.output == "Counter, seed 5.\\n[0]\\ncount is now 2\\n[2]\\n"
            assert result.errors == "<stdin>:3: the count cannot go below zero\\n"
            assert result.messages == ["the count cannot go below zero"]
            assert result.shell.current.state.count == 2  # the rejected command changed nothing

        def test_accepted(cardshell_script):
            result = cardshell_script(["play counter --seed 5", "inc 3"], plugins=[], modules=["toy_counter"])
            assert (result.status, result.errors) == (0, "")
            assert result.shell.current.outcome.result == "won"
    ''')
    run(pytester).assert_outcomes(passed=2)


def test_the_fixtures_work_under_hypothesis_given_with_the_ini_plugins(pytester):
    """Function-scoped fixtures fail hypothesis' health check; these are session-scoped
    factories that give every example a fresh shell and data directory."""
    pytester.makeini("[pytest]\ncardshell_plugins = aces-up\n")
    pytester.makepyfile(test_given='''
        from hypothesis import given, settings, strategies as st
        from cardshell.testing import execute_checked

        @settings(max_examples=5, derandomize=True)
        @given(st.lists(st.sampled_from(["D", "F 1", "T 1 2", "undo", "R", "nosuch"]), max_size=6))
        def test_lines(cardshell_shell, lines):
            shell = cardshell_shell()
            assert sorted(shell.games) == ["aces-up"]  # the ini option
            assert not any(shell.data_dir.iterdir())  # a new data directory each time
            assert execute_checked(shell, "play aces-up --seed 7").ok
            for line in lines:
                execute_checked(shell, line)
            assert execute_checked(shell, "save mine").ok

        @settings(max_examples=3, derandomize=True)
        @given(st.integers(0, 9))
        def test_scripts(cardshell_script, seed):
            result = cardshell_script(f"games\\nplay aces-up --seed {seed}\\nsave mine\\n")
            assert result.status == 0, result.errors
            assert "counter" not in result.output and f"seed {seed}" in result.output
    ''')
    # hypothesis' own pytest plugin runs the health check on fixtures: keep it loaded here.
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(passed=2)


def test_a_failing_fixture_assertion_fails_the_run(pytester):
    pytester.makepyfile(test_fixture='''
        def test_wrong(cardshell_script):
            result = cardshell_script("play counter --seed 5\\nnosuch\\n", plugins=[], modules=["toy_counter"])
            assert result.status == 0
    ''')
    result = run(pytester)
    result.assert_outcomes(failed=1)
    assert result.ret == pytest.ExitCode.TESTS_FAILED


def test_in_process_runs_match_the_cli_byte_for_byte(tmp_path):
    """What the helpers compare is what ``cardshell`` prints (the reproduce command)."""
    script = tmp_path / "test_same.cardshell"
    script.write_text("play counter\ninc 2\nnew\ninc 9\nplay aces-up\nD\n")
    result = run_cardshell(script, plugins=["aces-up"], modules=["toy_counter"], seed=11, echo=True)
    env = dict(os.environ, CARDSHELL_LOAD_PLUGINS="aces-up", PYTHONPATH=str(TOY_PLUGINS))
    cli = subprocess.run([sys.executable, "-m", "cardshell", "--seed", "11", "--echo", "--plugin", "toy_counter",
                          script.name], cwd=tmp_path, capture_output=True, text=True, encoding="utf-8", env=env)
    assert (result.output, result.errors, result.status) == (cli.stdout, cli.stderr, cli.returncode)
    assert result.status == 1 and "test_same.cardshell:4: " in result.errors


# -- the pieces ---------------------------------------------------------------
@pytest.mark.parametrize(
    "text, lines",
    [
        ("", []),
        ("\n", [""]),
        ("a\nb", ["a", "b[no newline at end]"]),
        ("a  \n", ["a··"]),
        ("x\ty\r\n", ["x\\ty\\r"]),
        ("\x1b[1mbold\u00a0", ["\\x1b[1mbold\\xa0[no newline at end]"]),
        ("A♠ 10♥\n", ["A♠ 10♥"]),
    ],
)
def test_visible_lines(text, lines):
    assert visible_lines(text) == lines


def test_text_diff_is_empty_for_equal_texts_and_exact_otherwise():
    assert text_diff("same\n", "same\n", "a", "b") == ""
    assert "+x[no newline at end]" in text_diff("x\n", "x", "a", "b")
    assert "differ at character 0" in text_diff("\\t", "\t", "a", "b")


def test_parse_header_defaults_and_options():
    assert parse_header(["play counter\n"]).seed == 0
    options = parse_header(["# a comment\n", "# cardshell: --seed 4 --echo --plugins a,b\n",
                            "# cardshell: --plugin x.py --disable-plugin c\n", "play x\n",
                            "# cardshell: --seed 9\n"])
    assert (options.seed, options.echo, options.plugins, options.modules, options.disabled) == (
        4, True, ["a", "b"], ["x.py"], ["c"])
    assert parse_header(['# cardshell: --plugins ""\n']).plugins == []


def test_script_result_messages_strip_the_location():
    result = ScriptResult("", "cardshell: warning: x\nf.cardshell:3: no: really\n", 1, None, "f.cardshell")
    assert result.messages == ["no: really"]


def test_execute_checked_catches_a_rejection_that_changed_a_game():
    """The helper itself must fail when a game breaks the rollback promise."""
    import pytest

    from cardshell.shell import Reply, Shell
    from cardshell.testing import execute_checked

    shell = Shell.create(plugins=[], extra_modules=["toy_counter"])
    shell.execute("play counter --seed 1")
    assert execute_checked(shell, "fail").error == "fail always fails"  # rolled back: passes

    def sloppy_execute(line):  # a host that forgot to roll back
        shell.current.state.count = 42
        return Reply(ok=False, error="nope")

    shell.execute = sloppy_execute
    with pytest.raises(AssertionError, match="changed a game"):
        execute_checked(shell, "anything")


def test_execute_checked_treats_plugin_bugs_as_failures_unless_allowed():
    import pytest

    from cardshell.shell import Shell
    from cardshell.testing import execute_checked

    shell = Shell.create(plugins=[], extra_modules=["toy_counter"])
    shell.execute("play counter --seed 1")
    with pytest.raises(AssertionError, match="internal error in plugin 'toy_counter'"):
        execute_checked(shell, "crash")
    assert not execute_checked(shell, "crash", plugin_bugs_allowed=True).ok
