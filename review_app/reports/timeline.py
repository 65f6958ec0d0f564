"""The match timeline as a Vega-Lite chart: a clickable band over the whole recording, the
tags as ticks coloured by verdict, and the current position. Built as a plain dict (cheap on
every step, no altair). Plain module: no streamlit."""

from __future__ import annotations

from review_app.rules.labels import VERDICT_COLORS, verdict_label

BAND_STEPS = 240  # clickable slices of the band: a click lands within 1/240 of the match

# m:ss tick labels
_LABEL = ("floor(datum.value / 60) + ':' + (datum.value % 60 < 10 ? '0' : '') + floor(datum.value % 60)")


HEIGHT = 72  # pass to st.vega_lite_chart: a height inside the spec is not honoured there


# Whistles and horns heard: triangles along the top of the band, in colours apart from the verdicts'.
SOUND_COLORS = {"whistle": "#1e88e5", "horn": "#6d4c41"}


def spec(duration_s: float, frame_count: int, events: list[dict], position_s: float, lang: str,
         time_label: str = "Time", sounds: list[dict] | None = None) -> dict:
    """`events`: dicts with id, frame, time_s, clause, verdict (the checker's per-event result);
    `sounds`: dicts with kind ("whistle" | "horn"), label (its word), frame, time_s."""
    duration = max(float(duration_s), 1e-3)
    n = min(BAND_STEPS, max(1, frame_count))
    band = [{"t0": duration * k / n, "t1": duration * (k + 1) / n,
             "frame": min(frame_count - 1, round(frame_count * (k + 0.5) / n))} for k in range(n)]
    marks = [{"time_s": e["time_s"], "frame": e["frame"], "tag": e["id"], "clause": e["clause"],
              "verdict": verdict_label(e["verdict"], lang), "v": e["verdict"]} for e in events]
    x = {"type": "quantitative", "scale": {"domain": [0, duration], "nice": False},
         "axis": {"labelExpr": _LABEL, "title": None, "tickCount": 10, "grid": False}}
    verdicts = list(VERDICT_COLORS)
    return {
        # the sounds' colours are their own, not drawn from the verdicts' scale
        "resolve": {"scale": {"color": "independent"}},
        "layer": [
            {"data": {"values": band}, "name": "band",
             "params": [{"name": "seek", "select": {"type": "point", "fields": ["frame"], "on": "click",
                                                    "clear": "dblclick"}}],
             "mark": {"type": "rect", "color": "#9aa5b1", "opacity": 0.25, "cursor": "pointer"},
             "encoding": {"x": {"field": "t0", **x, "title": time_label}, "x2": {"field": "t1"}}},
            {"data": {"values": marks}, "name": "tags",
             "params": [{"name": "tag", "select": {"type": "point", "fields": ["frame"], "on": "click",
                                                   "clear": "dblclick"}}],
             "mark": {"type": "rule", "strokeWidth": 5, "cursor": "pointer"},
             "encoding": {
                 "x": {"field": "time_s", **x},
                 "color": {"field": "v", "type": "nominal", "legend": None,
                           "scale": {"domain": verdicts, "range": [VERDICT_COLORS[v] for v in verdicts]}},
                 "tooltip": [{"field": "tag"}, {"field": "clause"}, {"field": "verdict"}, {"field": "frame"}],
             }},
            {"data": {"values": [{"time_s": s["time_s"], "frame": s["frame"], "kind": s["kind"],
                                  "sound": s["label"]} for s in sounds or []]}, "name": "sounds",
             "params": [{"name": "sound", "select": {"type": "point", "fields": ["frame"], "on": "click",
                                                     "clear": "dblclick"}}],
             "mark": {"type": "point", "shape": "triangle-down", "filled": True, "size": 90, "y": 6,
                      "cursor": "pointer"},
             "encoding": {
                 "x": {"field": "time_s", **x},
                 "color": {"field": "kind", "type": "nominal", "legend": None,
                           "scale": {"domain": list(SOUND_COLORS), "range": list(SOUND_COLORS.values())}},
                 "tooltip": [{"field": "sound"}, {"field": "frame"}],
             }},
            {"data": {"values": [{"time_s": position_s}]},
             "mark": {"type": "rule", "color": "#d81b60", "strokeWidth": 2},
             "encoding": {"x": {"field": "time_s", **x}}},
        ],
    }


def clicked_frame(selection) -> int | None:
    """The frame a click on the timeline asks for (a tag, then a sound, wins over the band under it)."""
    if not selection:
        return None
    sel = selection.get("selection", selection) if isinstance(selection, dict) else getattr(selection, "selection", {})
    for name in ("tag", "sound", "seek"):
        points = (sel or {}).get(name) or []
        if points and isinstance(points, list) and "frame" in points[0]:
            return int(points[0]["frame"])
    return None
