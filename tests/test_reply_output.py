"""``Reply.output`` is laid out only when read (the porcelain never reads it), and a
``Reply`` is still built as earlier releases built it (``output`` second, by keyword or
position): a plugin's tests that make one keep working."""

from __future__ import annotations

from cardshell.reply import Reply


def test_a_reply_is_built_as_before():
    assert Reply(True, "hello").output == "hello"
    assert Reply(ok=False, output="o", error="e").output == "o"
    assert Reply(True, "hello") == Reply(ok=True, output="hello") and Reply().output == ""


def test_the_output_is_made_once_and_only_when_read():
    made = []
    reply = Reply()
    reply.lay_out(lambda: made.append(1) or "laid out")
    assert made == []
    assert reply.output == "laid out" and reply.output == "laid out" and made == [1]
    reply.output = "set"
    assert reply.output == "set"
