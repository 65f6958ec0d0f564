"""`polo-review rules [--format table|json] [--lang en|es]`: the encoded provisions."""

from __future__ import annotations

import json
import sys
import textwrap


def register(sub) -> None:
    p = sub.add_parser("rules", help="list the encoded provisions of Rule 21",
                       description="List the encoded provisions of USPA Rule 21.")
    p.add_argument("--format", choices=("table", "json"), default="table")
    p.add_argument("--lang", choices=("en", "es"), default="en")
    p.set_defaults(func=run)


def run(args) -> int:
    from review_app.i18n import DEFAULT_LANGUAGE, Message, translate
    from review_app.rules import PROVISIONS
    from review_app.rules.labels import FACTS_LISTED
    from review_app.rules.rulebook import TRANSLATION_NOTICE

    if args.format == "json":
        sys.stdout.write(json.dumps([p.to_dict() for p in PROVISIONS], ensure_ascii=False, indent=2) + "\n")
        return 0
    for p in PROVISIONS:
        print(f"{p.id:28} {translate(p.title, args.lang)}")
        print(textwrap.indent(textwrap.fill(translate(p.summary, args.lang), 96), " " * 29))
        facts = ", ".join(f.name for f in p.facts)
        print(" " * 29 + translate(Message(FACTS_LISTED, names=facts), args.lang))
    if args.lang != DEFAULT_LANGUAGE:
        print("\n" + translate(TRANSLATION_NOTICE, args.lang))
    return 0
