"""The moments of an open tag and the keys that set them, shared by the tag form (which shows them) and
the frame view (whose keys carry the frame painted when they are pressed)."""

from __future__ import annotations

from review_app.i18n import N_

# (moment, label, key of the frame view); the incident is the tag's own frame, set by T.
MOMENT_KEYS = (
    ("incident", N_("Incident"), None),
    ("whistle", N_("Whistle"), "W"),
    ("restart", N_("Restart"), "E"),
    ("neutral_play", N_("Neutral play"), "N"),
)


def set_moment(form: dict, moment: str, frame: int, time_s: float) -> None:
    """Set `moment` of the open tag `form` (the session's tag form state) to `frame`."""
    if moment == "incident":
        form.update(frame=frame, time_s=time_s)
    else:
        form.setdefault("moments", {})[moment] = {"frame": frame, "time_s": time_s}
