"""`polo-review mounts MATCH` and `polo-review evidence add|status|mark|decide|correct|verify|repair|pack|copy`:
the mount register and the post-game evidence process of 21.f(5), over review_app.evidence. One module per
subcommand group, each registering its own subcommands: mounts, case (the entries), integrity (verify,
repair), pack (pack, copy); what they share is in common.

MATCH is a match document's path, or a match id looked up in the annotations folder.
"""

from __future__ import annotations

from review_app._cli.evidence import case, integrity, mounts, pack
from review_app._cli.evidence.common import one_line_errors


def register(sub) -> None:
    mounts.register(sub)
    ev = sub.add_parser("evidence", help="post-game evidence and forfeiture (21.f(5))",
                        description="Receive, review and decide post-game evidence of a returned excused mount; "
                                    "every step is an entry in a hash-chained case log.")
    evsub = ev.add_subparsers(dest="evidence_command", metavar="SUBCOMMAND", required=True)
    for group in (case, integrity, pack):
        group.register(evsub)

    for parser in (sub.choices["mounts"], ev, *evsub.choices.values()):
        one_line_errors(parser)
