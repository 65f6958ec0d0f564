"""The `polo-review` command line: a thin layer over the library.

Each group of subcommands lives in `review_app/_cli/<group>.py` and exposes
`register(subparsers)`; handlers import heavy libraries (PyAV, OpenCV, Streamlit)
only when they run, so `polo-review rules` starts fast.
"""

from __future__ import annotations

import argparse
import importlib
import logging
import os
import sys

from review_app import __version__
from review_app.errors import PoloReviewError

# Order is the order of `polo-review --help`.
COMMAND_MODULES = (
    "review_app._cli.app_cmd",
    "review_app._cli.rules_cmd",
    "review_app._cli.check_cmd",
    "review_app._cli.migrate_cmd",
    "review_app._cli.match_cmd",
    "review_app._cli.footage_cmd",
    "review_app._cli.sound_cmd",
    "review_app._cli.samples_cmd",
    "review_app._cli.evidence",
    "review_app._cli.exchange_cmd",
    "review_app._cli.agreement_cmd",
    "review_app._cli.assess_cmd",
    "review_app._cli.reel_cmd",
    "review_app._cli.store_cmd",
    "review_app._cli.live_cmd",
)


# The module registering each command (a test checks it against what each module registers): a command named
# on the line is parsed by its own module alone, so it imports only what that module needs.
COMMAND_MODULE = {
    "app": "review_app._cli.app_cmd", "rules": "review_app._cli.rules_cmd", "check": "review_app._cli.check_cmd",
    "migrate": "review_app._cli.migrate_cmd", "match": "review_app._cli.match_cmd",
    **dict.fromkeys(("probe", "frame", "clip"), "review_app._cli.footage_cmd"),
    **dict.fromkeys(("sounds", "sync"), "review_app._cli.sound_cmd"), "samples": "review_app._cli.samples_cmd",
    **dict.fromkeys(("mounts", "evidence"), "review_app._cli.evidence"),
    **dict.fromkeys(("export", "import"), "review_app._cli.exchange_cmd"),
    "agreement": "review_app._cli.agreement_cmd", "assess": "review_app._cli.assess_cmd",
    "reel": "review_app._cli.reel_cmd", **dict.fromkeys(("store", "people", "season"), "review_app._cli.store_cmd"),
    **dict.fromkeys(("live", "live-verify"), "review_app._cli.live_cmd"),
}


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command; with `command` (one of COMMAND_MODULE), of that command's module only."""
    parser = argparse.ArgumentParser(
        prog="polo-review",
        description="Video review of polo umpiring against USPA Rule 21.",
    )
    parser.add_argument("--version", action="version", version=f"polo-review {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in (COMMAND_MODULE[command],) if command in COMMAND_MODULE else COMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == name:  # a command group not built yet
                continue
            raise
        module.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    # The packages' loggers say what they worked around (a cache not written, footage skipped);
    # warnings reach the terminal as one line each, debug detail only with POLO_REVIEW_DEBUG.
    logging.basicConfig(level=logging.DEBUG if os.environ.get("POLO_REVIEW_DEBUG") else logging.WARNING,
                        format="polo-review: %(levelname)s: %(message)s")
    argv = sys.argv[1:] if argv is None else argv
    # The command named first (the top level takes only --help and --version) builds its parser alone; anything
    # else (help, a mistyped command) gets the whole parser and its list of commands.
    parser = build_parser(argv[0] if argv else None)
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except PoloReviewError as exc:
        print(f"polo-review: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("polo-review: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


def command() -> int:
    """The command line as its own process runs it (`polo-review`, `python -m review_app`)."""
    return main()


if __name__ == "__main__":
    sys.exit(command())
