"""What a release that rewords every host message does to the repository's golden files.

Every message of the catalog (cardshell/messages.py) that has words of its
own gets a new wording (its template with ``[reworded] `` before each line),
its wording of today kept as a former one, as a release that rewords keeps
them.  A template of fields and punctuation only (a table row
``{indent}{left}{pad}{right}``, a report ``{source}:{number}: {message}``) has
no wording to change and is left as it is.  Then every golden script
of the repository (tests/golden, tests/compat/*, plugins/*/tests) is run and
compared in the default mode (the game's lines exactly, the host's by message
id and arguments) and in strict mode (every byte).  Prints, per file, how many
of its lines the host wrote and whether each mode passes, then the totals:
the default mode should fail no file; strict mode fails each file that holds
host wording.

The compatibility packages (tests/compat/*) are made importable as ``pip
install`` would make them (each folder on ``sys.path`` and a ``*.dist-info``
declaring its entry points, in a temporary folder), and the test plugins of
tests/plugins are put on ``sys.path``, as the test suite does.

    python benchmarks/reword_all.py
"""

from __future__ import annotations

import importlib.metadata
import re
import sys
import tempfile
import tomllib
from pathlib import Path

from cardshell.messages import CATALOG, Message
from cardshell.testing import check_golden

ROOT = Path(__file__).resolve().parent.parent


def golden_files() -> list[tuple[Path, list[str] | None]]:
    """Every golden script with the plugins its suite loads (a package's ini option ``cardshell_plugins``)."""
    found: list[tuple[Path, list[str] | None]] = [
        (p, None) for p in sorted((ROOT / "tests" / "golden").glob("test_*.cardshell"))
    ]
    for package in sorted((ROOT / "tests" / "compat").iterdir()):
        if not (package / "pyproject.toml").is_file():
            continue
        ini = tomllib.loads((package / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]
        plugins = [n.strip() for n in ini["cardshell_plugins"].split(",")] if "cardshell_plugins" in ini else None
        found += [(p, plugins) for p in sorted((package / "tests").glob("test_*.cardshell"))]
    found += [(p, None) for p in sorted(ROOT.glob("plugins/*/tests/test_*.cardshell"))]
    return found


def make_importable(site: Path) -> None:
    """The compatibility packages and the test plugins importable, with entry points."""
    sys.path[:0] = [str(site), str(ROOT / "tests" / "plugins")]
    for package in sorted((ROOT / "tests" / "compat").iterdir()):
        if not (package / "pyproject.toml").is_file():
            continue
        project = tomllib.loads((package / "pyproject.toml").read_text())["project"]
        try:
            importlib.metadata.distribution(project["name"])
            continue  # installed already
        except importlib.metadata.PackageNotFoundError:
            pass
        info = site / f"{project['name'].replace('-', '_')}-{project['version']}.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(
            f"Metadata-Version: 2.1\nName: {project['name']}\nVersion: {project['version']}\n"
        )
        points = project.get("entry-points", {}).get("cardshell", {})
        (info / "entry_points.txt").write_text("[cardshell]\n" + "".join(f"{k} = {v}\n" for k, v in points.items()))
        sys.path.insert(1, str(package))


def reword_every_message() -> int:
    """Give every catalog message with words a new wording, its present one kept as former; the count reworded."""
    count = 0
    for message_id, old in list(CATALOG.items()):
        if not re.search(r"[A-Za-z]", re.sub(r"\{\w+\}", "", old.text)):
            continue
        count += 1
        text = "\n".join("[reworded] " + line for line in old.text.split("\n"))
        CATALOG[message_id] = Message(message_id, text, old.doc, (old.text, *old.former), old.kind)
    return count


def main() -> int:
    make_importable(Path(tempfile.mkdtemp(prefix="reword-site-")))
    files = golden_files()
    before = {path: check_golden(path, plugins=plugins, strict=True).problems == [] for path, plugins in files}
    count = reword_every_message()
    holding = default_fails = 0
    for path, plugins in files:
        check = check_golden(path, plugins=plugins)
        strict = check_golden(path, plugins=plugins, strict=True)
        holds = bool(strict.problems) and before[path]
        holding += holds
        default_fails += bool(check.problems)
        default = "fails" if check.problems else "passes"
        note = "" if before[path] else " (strict failed before rewording)"
        print(f"{path.relative_to(ROOT)}: host lines {check.host_lines}, default {default},"
              f" strict {'fails' if strict.problems else 'passes'}{note}")
    print(f"\n{count} of {len(CATALOG)} messages reworded; {len(files)} golden files;"
          f" {holding} hold host wording (strict mode fails); {default_fails} fail in the default mode")
    return 1 if default_fails else 0


if __name__ == "__main__":
    raise SystemExit(main())
