"""The plugin reference of ``docs/reference.md``, generated from the hook
specifications and the records, so it cannot drift from the contract.

Usage::

    python -m cardshell.docs                          # print the reference
    python -m cardshell.docs --write docs/reference.md  # replace it in the file
    python -m cardshell.docs --check docs/reference.md  # exit 1 if out of date
"""

from __future__ import annotations

import argparse
import dataclasses
import inspect
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from cardshell import hookspecs, messages, records, views

#: The lines that enclose the generated text in a Markdown file.
BEGIN = "<!-- BEGIN GENERATED REFERENCE (python -m cardshell.docs --write docs/reference.md) -->"
END = "<!-- END GENERATED REFERENCE -->"

#: The records documented, in this order.
RECORDS = (records.Game, records.Players, records.Search,
           records.Budget, records.Verdict, records.Move, records.Command,
           records.Option, records.Outcome, records.Hint, records.CommandContext, views.SessionView, views.ShellView)

_ROLE = re.compile(r":(?:func|class|attr|mod|data|meth|exc):`~?([^`]+)`")
_FIELD = re.compile(r":(param (\w+)|return):\s*(.*)")


def hookspec_functions() -> list[Callable[..., object]]:
    """The functions marked ``@hookspec`` in :mod:`cardshell.hookspecs`, in source order."""
    found = [value for value in vars(hookspecs).values()
             if callable(value) and hasattr(value, f"{hookspecs.PROJECT}_spec")]
    return sorted(found, key=lambda f: f.__code__.co_firstlineno)


def _markdown(text: str) -> str:
    """Sphinx roles to Markdown code: ``:class:`~a.b.Game``` gives ```Game```."""

    def role(match: re.Match[str]) -> str:
        target = match.group(1)
        shown = target.rsplit(".", 1)[-1] if match.group(0).count("~") else target
        return f"`{shown}`"

    return _ROLE.sub(role, text).replace("``", "`")


def split_docstring(doc: str) -> tuple[str, dict[str, str], str | None]:
    """A cleaned hook docstring (``inspect.getdoc``) split into its body text, each
    ``:param:``'s description (continuation lines joined) and the
    ``:return:`` description (None if missing).
    """
    body: list[str] = []
    params: dict[str, str] = {}
    returns: str | None = None
    current: list[str] | None = None
    key: str | None = None
    fields: dict[str, list[str]] = {}
    for line in doc.splitlines():
        match = _FIELD.match(line.strip()) if not line.startswith(" ") else None
        if match:
            key = match.group(2) or "return"
            current = fields.setdefault(key, [])
            current.append(match.group(3))
        elif current is not None and line.strip():
            current.append(line.strip())
        elif current is None:
            body.append(line)
    for name, parts in fields.items():
        text = " ".join(parts).strip()
        if name == "return":
            returns = text
        else:
            params[name] = text
    return "\n".join(body).strip(), params, returns


def _signature(function: Callable[..., object]) -> str:
    signature = inspect.signature(function)
    params = ", ".join(
        f"{name}: {p.annotation}" if p.annotation is not inspect.Parameter.empty else name
        for name, p in signature.parameters.items()
    )
    result = "" if signature.return_annotation is inspect.Signature.empty else f" -> {signature.return_annotation}"
    return f"{function.__name__}({params}){result}"


def hook_reference() -> str:
    """The Markdown reference of every hook: a ``###`` section each with its
    signature, ``firstresult`` noted, its text, parameters and return.
    """
    sections = []
    for function in hookspec_functions():
        options = getattr(function, f"{hookspecs.PROJECT}_spec")
        body, params, returns = split_docstring(inspect.getdoc(function) or "")
        lines = [f"### `{function.__name__}`", "", "```python", "@hookimpl", f"def {_signature(function)}: ...",
                 "```", ""]
        if options.get("firstresult"):
            lines += ["*firstresult*: the first implementation that returns a value other than None wins.", ""]
        lines += [_markdown(body), ""]
        if params:
            lines.append("Parameters:")
            lines += [f"- `{name}`: {_markdown(text)}" for name, text in params.items()]
            lines.append("")
        lines += [f"Returns: {_markdown(returns or '')}", ""]
        sections.append("\n".join(lines))
    return "\n".join(sections).rstrip() + "\n"


def typed_fields(record: type) -> list[tuple[str, str]]:
    """A record's public fields and their annotations: a dataclass's fields, else
    its properties' return types, else its constructor's parameters.
    """
    if dataclasses.is_dataclass(record):
        return [(f.name, str(f.type)) for f in dataclasses.fields(record) if not f.name.startswith("_")]
    properties = [(name, str(value.fget.__annotations__.get("return", "Any")))
                  for name, value in vars(record).items() if isinstance(value, property) and not name.startswith("_")]
    if properties:
        return properties
    if "__init__" not in vars(record):
        return []
    parameters = list(inspect.signature(vars(record)["__init__"]).parameters.values())[1:]
    return [(p.name, str(p.annotation)) for p in parameters if p.annotation is not inspect.Parameter.empty]


def record_reference() -> str:
    """The reference of the records a plugin builds: a ``###`` section per record
    of :data:`RECORDS`, its typed fields (:func:`typed_fields`) and its docstring verbatim.
    """
    sections = []
    for record in RECORDS:
        doc = inspect.getdoc(record) or ""
        typed = "\n".join(f"{name}: {annotation}" for name, annotation in typed_fields(record))
        fields = f"```python\n{typed}\n```\n\n" if typed else ""
        sections.append(f"### `cardshell.{record.__name__}`\n\n{fields}```text\n{doc}\n```\n")
    return "\n".join(sections)


def reference() -> str:
    """The whole generated reference, the :data:`BEGIN` and :data:`END` markers included."""
    return (
        f"{BEGIN}\n\n"
        f"## Hook reference\n\n"
        f"Generated from `cardshell/hookspecs.py` (contract version {hookspecs.CONTRACT_VERSION}). "
        f"Implement any of these as a module-level function marked `@cardshell.hookimpl`; "
        f"an implementation may take any subset of the parameters.\n\n"
        f"{hook_reference()}\n"
        f"## Record reference\n\n"
        f"Generated from `cardshell/records.py`, `cardshell/command_records.py` and `cardshell/views.py`; "
        f"all are importable from "
        f"`cardshell`.\n\n"
        f"{record_reference()}\n"
        f"{END}\n"
    )


def replace_reference(text: str) -> str:
    """``text`` with its :data:`BEGIN` to :data:`END` lines replaced by
    :func:`reference`; ``ValueError`` when the markers are missing.
    """
    start, end = text.find(BEGIN), text.find(END)
    if start < 0 or end < start:
        raise ValueError(f"the file has no {BEGIN!r} ... {END!r} section")
    return text[:start] + reference() + text[end + len(END) + 1:]


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m cardshell.docs [--messages] [--write FILE | --check FILE]``:
    the plugin reference, or with ``--messages`` the catalog of host messages
    (docs/messages.md); 0, or 1 when ``--check`` finds the file out of date.
    """
    parser = argparse.ArgumentParser(prog="python -m cardshell.docs", description=__doc__.splitlines()[0])
    parser.add_argument("--messages", action="store_true", help="the catalog of host messages (docs/messages.md)")
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--write", metavar="FILE", type=Path, help="replace the generated section of FILE")
    group.add_argument("--check", metavar="FILE", type=Path, help="exit 1 if FILE's generated section is stale")
    args = parser.parse_args(argv)
    flag = " --messages" if args.messages else ""
    if args.write:
        text = args.write.read_text(encoding="utf-8") if args.write.exists() else ""
        args.write.write_text(messages.markdown() if args.messages else replace_reference(text), encoding="utf-8")
        return 0
    if args.check:
        text = args.check.read_text(encoding="utf-8") if args.check.exists() else ""
        wanted = messages.markdown() if args.messages else replace_reference(text)
        if wanted != text:
            print(f"{args.check}: the generated text is out of date; "
                  f"run python -m cardshell.docs{flag} --write {args.check}", file=sys.stderr)
            return 1
        return 0
    sys.stdout.write(messages.markdown() if args.messages else reference())
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
