"""`polo-review sounds VIDEO` and `polo-review sync A B`: the sound of a match from the command line."""

from __future__ import annotations

import json
import sys

from review_app.i18n import N_, Message, Plural, translate

KIND_NAMES = {"whistle": N_("whistle"), "horn": N_("horn")}


def register(sub) -> None:
    p = sub.add_parser("sounds", help="list the whistles and horns heard in a video",
                       description="List the whistles and horns in a video's sound: when each starts and ends "
                                   "(seconds from the first frame) and the frame on screen as it starts.")
    p.add_argument("video", help="video file")
    p.add_argument("--json", action="store_true", help="print the sounds as JSON")
    p.add_argument("--lang", choices=("en", "es"), default="en", help="language of the table")
    p.set_defaults(func=cmd_sounds)

    p = sub.add_parser("sync", help="find the offset between two recordings of one match from their sound",
                       description="Find the offset between two videos of the same match from their sound: "
                                   "offset_s is the time of an event in B minus its time in A.")
    p.add_argument("a", metavar="A", help="first video")
    p.add_argument("b", metavar="B", help="second video")
    p.add_argument("--json", action="store_true",
                   help='print {"offset_s": ..., "confidence": ..., "uncertainty_s": ..., "sound_travel_s": ...}')
    p.add_argument("--distance", type=float, metavar="METRES",
                   help="how far apart the two cameras stood (default: a polo field's length, 274 m): the "
                        "pictures' offset is the sound's give or take the sound's travel over it")
    p.add_argument("--lang", choices=("en", "es"), default="en", help="language of the text")
    p.set_defaults(func=cmd_sync)


def _one_line(func, lang: str):
    """A problem with the sound is one line in the reader's language."""
    from review_app.errors import PoloReviewError
    from review_app.sound import SoundError

    try:
        return func()
    except SoundError as exc:
        raise PoloReviewError(exc.localized(lang)) from None


def cmd_sounds(args) -> int:
    from review_app.sound import detect_sounds

    sounds = _one_line(lambda: detect_sounds(args.video), args.lang)
    if args.json:
        print(json.dumps({"sounds": [s.to_dict() for s in sounds]}, indent=2))
        return 0
    lang = args.lang
    if not sounds:
        print(translate(Message("No whistle or horn heard in {file}.", file=args.video), lang))
        return 0
    heads = [translate(h, lang) for h in (N_("sound"), N_("start (s)"), N_("end (s)"), N_("frame"))]
    rows = [(translate(KIND_NAMES[s.kind], lang), f"{s.start_s:.3f}", f"{s.end_s:.3f}", str(s.start_frame))
            for s in sounds]
    widths = [max(len(r[k]) for r in [heads, *rows]) for k in range(4)]
    for r in [heads, *rows]:
        print("  ".join([r[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(r[1:], widths[1:], strict=True)]))
    whistles = sum(s.kind == "whistle" for s in sounds)
    print(translate(Message("{whistles}, {horns}", whistles=Plural("{n} whistle", "{n} whistles", n=whistles),
                            horns=Plural("{n} horn", "{n} horns", n=len(sounds) - whistles)), lang))
    return 0


def cmd_sync(args) -> int:
    from review_app.errors import PoloReviewError
    from review_app.sound import find_offset
    from review_app.sound.sync import CAMERA_DISTANCE_MAX_M, MEASUREMENT_S, sound_travel_s

    distance = CAMERA_DISTANCE_MAX_M if args.distance is None else args.distance
    if not 0 <= distance <= 100 * CAMERA_DISTANCE_MAX_M:
        raise PoloReviewError(f"--distance {args.distance:g}: metres between the two cameras, 0 to "
                              f"{100 * CAMERA_DISTANCE_MAX_M:g}")
    found = _one_line(lambda: find_offset(args.a, args.b), args.lang)
    lang = args.lang
    travel = sound_travel_s(distance)
    low = translate(Message("low confidence ({confidence:.2f}): the offset may be wrong; check it against one "
                            "whistle seen in both videos", confidence=found.confidence), lang)
    if args.json:
        print(json.dumps({**found.to_dict(), "uncertainty_s": round(MEASUREMENT_S, 4),
                          "sound_travel_s": round(travel, 4)}))
        if found.low_confidence:
            print(f"polo-review: {low}", file=sys.stderr)
        return 0
    print(translate(Message("offset: {offset:+.3f} s (a moment at t s in {a} is at t {sign} {size:.3f} s in {b})",
                            offset=found.offset_s, a=args.a, b=args.b, sign="+" if found.offset_s >= 0 else "-",
                            size=abs(found.offset_s)), lang))
    print(translate(Message("confidence: {confidence:.2f} (over {overlap:.0f} s of sound heard by both)",
                            confidence=found.confidence, overlap=found.overlap_s), lang))
    print(translate(Message("uncertainty: ±{measured:.3f} s for the sound; the pictures' offset is the sound's "
                            "±{total:.3f} s, with up to {travel:.2f} s of sound travel between cameras {distance:g} m "
                            "apart (--distance)", measured=MEASUREMENT_S, total=MEASUREMENT_S + travel,
                            travel=travel, distance=distance), lang))
    if found.low_confidence:
        print(low[0].upper() + low[1:] + ".")
    return 0
