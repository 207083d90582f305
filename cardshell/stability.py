"""Which host messages are promised stable: programs and golden files may rely on their ids and fields.

A stable id (:data:`STABLE_IDS`) keeps its meaning and its fields, with
their names and types, for as long as the porcelain schemas that carry it
are served (docs/compatibility.md); its wording may improve, the old one
kept as :attr:`cardshell.messages.Message.former` so that golden files
recorded earlier keep matching.  Every other id of the catalog may be
reworded, split or retired in any release, as git's human output is:
programs read the porcelain, and by these ids only.  tests/data/stable_ids.json
keeps each stable id's fields as released, and a test compares the catalog
with it.
"""

from __future__ import annotations

#: The host messages promised stable, by what a program waits for: errors,
#: the life of a game, saves, and the results of the assistants.
STABLE_IDS = frozenset({
    # errors a program must tell apart
    "command.unknown", "command.unknown-shell", "command.usage", "parser.out-of-range", "plugin.internal-error",
    "plugin.rolled-back", "script.report", "script.save-failed",
    # the life of a game
    "game.started", "game.resumed", "game.restarted", "game.over", "game.over.what", "game.over.round",
    "game.ending", "game.moves", "game.moves-one",
    # saves
    "save.saved", "save.autosaved", "save.loaded", "save.deleted", "save.renamed",
    # results of the assistants
    "hint.move", "hint.judged", "hint.none", "solve.line", "solve.moves", "solve.no-win", "solve.unknown",
})
