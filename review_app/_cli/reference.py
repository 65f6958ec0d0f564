"""docs/commands.md, the reference of every `polo-review` command and option, written from the parsers
themselves (their usage and help texts), so the reference cannot fall behind the command line:

    python -m review_app._cli.reference            # rewrite docs/commands.md
    python -m review_app._cli.reference --check    # exit 1 if it is not current (a test runs this)
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from review_app.cli import build_parser

TARGET = Path(__file__).resolve().parents[2] / "docs" / "commands.md"
HEAD = """# Commands: every option

Written from the command line's own parsers by `python -m review_app._cli.reference` (a test fails when
it is not current). What each command is for, with examples, is in the chapter of the manual named beside
it in the [README's commands table](../README.md#commands); `polo-review COMMAND --help` prints the same.
"""


def commands(parser: argparse.ArgumentParser, prefix: tuple[str, ...] = ()):
    """(words after `polo-review`, parser) for every command and subcommand, in `--help`'s order."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {a.dest: a.help for a in action._choices_actions}
            for name, sub in action.choices.items():
                yield (*prefix, name), sub, helps.get(name)
                yield from commands(sub, (*prefix, name))


def _option(action: argparse.Action) -> str:
    names = ", ".join(action.option_strings) or (action.metavar or action.dest)
    if action.option_strings and action.nargs != 0:
        metavar = action.metavar or (f"{{{','.join(map(str, action.choices))}}}" if action.choices
                                     else action.dest.upper())
        names += f" {metavar}"
    return names


def _meaning(action: argparse.Action, prog: str) -> str:
    """The help text as `--help` prints it (its %(choices)s, %(default)s, ... filled in, as argparse fills them),
    on one line, with the choices named once."""
    text = action.help or ""
    if text is argparse.SUPPRESS:
        return ""
    choices = action.choices is not None and not isinstance(action.choices, dict)
    if "%" in text:
        params = {k: v for k, v in vars(action).items() if v is not argparse.SUPPRESS}
        params["prog"] = prog
        if choices:
            params["choices"] = ", ".join(f"`{c}`" for c in action.choices)
        text = text % params
    meaning = " ".join(text.split())
    if choices and "%(choices)" not in (action.help or ""):
        meaning = (meaning + "; " if meaning else "") + "one of " + ", ".join(f"`{c}`" for c in action.choices)
    return meaning


def render() -> str:
    out = [HEAD]
    for words, parser, summary in commands(build_parser()):
        out.append(f"\n## polo-review {' '.join(words)}\n\n")
        if summary:
            out.append(f"{summary[0].upper()}{summary[1:]}.\n" if not summary.endswith(".") else f"{summary}\n")
        usage = " ".join(parser.format_usage().split())
        out.append(f"\n```\n{usage.removeprefix('usage: ')}\n```\n")
        rows = [a for a in parser._actions if not isinstance(a, (argparse._HelpAction, argparse._SubParsersAction))]
        if rows:
            out.append("\n| argument | meaning |\n| --- | --- |\n")
            for a in rows:
                meaning = _meaning(a, parser.prog)
                cell = f"`{_option(a)}`".replace("|", "\\|")
                out.append(f"| {cell} | {meaning.replace('|', chr(92) + '|')} |\n")
    return "".join(out)


def main(argv: list[str] | None = None) -> int:
    args = argparse.ArgumentParser(prog="python -m review_app._cli.reference").parse_known_args(argv)[1]
    text = render()
    if "--check" in args:
        if not TARGET.is_file() or TARGET.read_text("utf-8") != text:
            print(f"{TARGET} is not current: run python -m review_app._cli.reference", file=sys.stderr)
            return 1
        return 0
    TARGET.parent.mkdir(exist_ok=True)
    TARGET.write_text(text, "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
