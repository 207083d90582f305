"""Static checks of the host's messages, run by mypy (``.ci/run``), not by pytest.

Each ``# type: ignore[CODE]`` marks a line mypy must reject: with
``warn_unused_ignores`` (pyproject.toml) an ignore that is no longer needed
is an error, so these lines fail the type check if a host message
(:class:`cardshell.messages.HostMessage`) ever becomes a ``str`` again and
concatenating it into text, which would lose its id, type-checks.
"""

from __future__ import annotations

from cardshell.messages import HostMessage, say
from cardshell.render import Text, laid, text_of

said = say("game.started", title="Aces Up", seed=7)

# Concatenating a host message with text, either way round, is a type error.
after = said + "x"  # type: ignore[operator]
before = "x" + said  # type: ignore[operator]
# Nor does it pass for a str, nor join with strs.
as_text: str = said  # type: ignore[assignment]
joined = ", ".join([said])  # type: ignore[list-item]
# A laid-out message is no str either.
laid_after = laid(said, 80) + "x"  # type: ignore[operator]

# What is accepted: a message whole where text goes, its text made at the edge.
piece: Text = said
nested: HostMessage = say("game.over", what=said, result="won", score=3, detail="")
printed: str = text_of(piece) + "\n" + said.text
