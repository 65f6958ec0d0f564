"""Report page: a reel of the filtered events (or the ones chosen), with slow motion where the coach
asks, rendered with its progress shown and played in the page. The rendering is the library's
(review_app.reels); the file goes in the data folder's reels/, named for its content."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import streamlit as st

from review_app.errors import PoloReviewError
from review_app.rules.labels import verdict_label
from review_app.ui.context import _, error_line, fixed, folders, lang, progress_bar, shown_in_language

SLOW_FACTORS = (0.5, 0.25, 0.1)
MAX_TAGS = 40  # a reel to send, not the season: more makes a file too long to watch


def _label(e) -> str:
    return f"{e.match} · {e.event} · {e.clause} · {verdict_label(e.verdict, lang())} · f{e.frame}"


def reel_section(shown) -> None:
    """`shown`: the report's filtered CheckResult."""
    from review_app.reels import Slow
    from review_app.reels.kept import prune_reels
    from review_app.reels.reel import items_from_results, make_reel

    st.subheader(_("Reel"))
    events = sorted(shown.events, key=lambda e: (e.match, e.frame, e.event))
    if not events:
        st.caption(_("No events under these filters."))
        return
    keys = [f"{e.match}/{e.event}" for e in events]
    by_key = dict(zip(keys, events, strict=True))
    # each chosen tag's label names its verdict: said again in the page's language after a switch
    shown_in_language("report.reel.tags")
    shown_in_language("report.reel.slow")
    chosen = st.multiselect(_("Tags in the reel, in this order"), keys, default=keys[:min(len(keys), 10)],
                            key="report.reel.tags", format_func=fixed(keys, lambda k: _label(by_key[k])),
                            max_selections=MAX_TAGS,
                            help=_("The events under the filters above; remove or reorder as you like"))
    c1, c2 = st.columns([3, 1])
    slowed = c1.multiselect(_("Slow motion for"), chosen, key="report.reel.slow", placeholder=_("No tag"),
                            format_func=fixed(chosen, lambda k: _label(by_key[k])))
    factor = c2.selectbox(_("Speed"), SLOW_FACTORS, key="report.reel.factor", format_func=lambda f: f"{f:g}×")
    if st.button(_("Make the reel"), key="report.reel.make", type="primary", icon=":material/movie:",
                 disabled=not chosen):
        picked = [by_key[k] for k in chosen]
        slow = {(by_key[k].match, by_key[k].event): Slow(factor) for k in slowed}
        name = hashlib.sha256(json.dumps([chosen, slowed, factor, lang(), [e.document for e in picked]]).encode())
        out = Path(folders().data) / "reels" / f"reel-{name.hexdigest()[:16]}.mp4"
        update, done = progress_bar(_("Making the reel"))
        try:
            out.parent.mkdir(parents=True, exist_ok=True)
            result = make_reel(items_from_results(picked, slow), out, lang=lang(), progress=update,
                               roots=(folders().footage,))
        except (PoloReviewError, OSError) as exc:
            error_line(exc)
            return
        finally:
            done()
        prune_reels(out.parent, current=result.path)
        st.session_state["report.reel.made"] = {"path": str(result.path), "tags": len(result.tags),
                                                "seconds": result.duration_s, "render": result.render_s}
    made = st.session_state.get("report.reel.made")
    if made and Path(made["path"]).is_file():
        st.caption(_("{n} tags, {seconds:.1f} s of reel, made in {render:.1f} s", n=made["tags"],
                     seconds=made["seconds"], render=made["render"]))
        st.video(made["path"])
        st.download_button(_("Download the reel"), Path(made["path"]).read_bytes(), Path(made["path"]).name,
                           "video/mp4", key="report.reel.download", icon=":material/download:", on_click="ignore")
