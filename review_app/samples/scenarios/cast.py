"""The people and horses of every sample, and the helpers that choreograph them.

Two teams of four, two umpires, a referee; each player's mount changes with the period, as
mounts do. Riders who are not the point of a scenario work off the play (`Follow`) from a
station that depends on which side attacks; everyone pulls up after the whistle (`Halt`).
"""

from __future__ import annotations

import math

from review_app.samples.field import LENGTH, RUNOFF, WIDTH
from review_app.samples.hud import bar_height
from review_app.samples.motion import Follow, Halt, Motion
from review_app.samples.scene import BLUE, RED, Camera, Footage, Rider, Umpire

PLAYERS = {
    RED: {1: "Tomás Ferreyra", 2: "Lucía Arana", 3: "Mateo Ibarra", 4: "Owen Hale"},
    BLUE: {1: "Sofia Brandt", 2: "Jack Whitcombe", 3: "Diego Salvat", 4: "Hannah Pryor"},
}
TEAM_NAMES = {RED: "Red", BLUE: "Blue"}
TEAM_HEX = {RED: "#c62828", BLUE: "#1565c0"}
UMPIRES = ("Carlos Medina", "Emily Rhodes")
REFEREE = "Martín Oyarzábal"
REVIEWER = "Ana Quiroga"

# One string of mounts per player; the period picks which one is out.
MOUNTS = {
    (RED, 1): ("Tormenta", "Lucero", "Bandolera", "Pampa", "Negrita", "Zorzal"),
    (RED, 2): ("Mora", "Alondra", "Brisa", "Canela", "Dulce", "Estrella"),
    (RED, 3): ("Gaucha", "Hornero", "India", "Jazmín", "Kiowa", "Luna"),
    (RED, 4): ("Malbec", "Nube", "Ombú", "Paloma", "Quebracho", "Retama"),
    (BLUE, 1): ("Salina", "Tala", "Urpila", "Vidala", "Yegua Mía", "Zamba"),
    (BLUE, 2): ("Aurora", "Bruma", "Cierzo", "Duna", "Espuela", "Frida"),
    (BLUE, 3): ("Chiquita", "Gitana", "Halcón", "Iris", "Jarilla", "Kalú"),
    (BLUE, 4): ("Lola", "Milonga", "Nieve", "Ónix", "Pimienta", "Quimera"),
}
COATS = (  # BGR: bay, chestnut, dark bay, grey, sorrel, black, dun, liver chestnut
    (38, 70, 118), (40, 88, 160), (30, 45, 75), (165, 170, 172), (50, 105, 175), (35, 35, 40),
    (95, 150, 190), (30, 55, 95),
)
UMPIRE_COATS = ((150, 155, 160), (35, 60, 95))
UMPIRE_WHISTLES = ("pea", "pealess")  # one of each, so the samples sound both

# Stations relative to the play, for the attacking and the defending side when attacking +x.
ATTACK = {1: (24.0, -11.0), 2: (9.0, 13.0), 3: (-7.0, -8.0), 4: (-30.0, 6.0)}
DEFEND = {1: (-24.0, 13.0), 2: (-2.0, -15.0), 3: (13.0, 6.0), 4: (32.0, -4.0)}


def mount_of(team: str, number: int, period: int) -> str:
    return MOUNTS[(team, number)][(period - 1) % 6]


def coat_of(team: str, number: int, period: int) -> tuple[int, int, int]:
    return COATS[(number * 3 + (period * 5 if team == RED else period * 7 + 1)) % len(COATS)]


def station(team: str, number: int, attacking: str) -> tuple[float, float]:
    dx, dy = (ATTACK if team == attacking else DEFEND)[number]
    sign = 1.0 if attacking == RED else -1.0
    return (sign * dx, sign * dy)


def squad(period: int, play: Motion, attacking: str, whistle: float | None,
          scripted: dict[tuple[str, int], dict] | None = None) -> tuple[Rider, ...]:
    """All eight riders: the scripted ones as given (their kwargs), the rest working off `play`."""
    scripted = scripted or {}
    riders = []
    for team in (RED, BLUE):
        for number in (1, 2, 3, 4):
            base = {"team": team, "number": number, "mount": mount_of(team, number, period),
                    "coat": coat_of(team, number, period)}
            kwargs = scripted.get((team, number))
            if kwargs is None:
                phase = 1.3 * number + (0.0 if team == RED else 2.2)
                path: Motion = Follow(play, station(team, number, attacking), lag=0.4 + 0.1 * number,
                                      window=1.8 + 0.2 * number, phase=phase)
                if whistle is not None:
                    path = Halt(path, whistle)
                kwargs = {"path": path}
            riders.append(Rider(**{**base, **kwargs}))
    return tuple(riders)


def umpires(play: Motion, attacking: str, whistle: float | None,
            paths: tuple[Motion | None, Motion | None] = (None, None)) -> tuple[Umpire, ...]:
    """The two umpires either side of the play, trailing it, unless given their own paths."""
    sign = 1.0 if attacking == RED else -1.0
    out = []
    for k, (name, offset) in enumerate(zip(UMPIRES, ((-16.0, -22.0), (-10.0, 24.0)), strict=True)):
        path = paths[k]
        if path is None:
            path = Follow(play, (sign * offset[0], sign * offset[1]), lag=0.9, window=2.5, phase=0.7 + k)
            if whistle is not None:
                path = Halt(path, whistle, tau=1.2)
        out.append(Umpire(name, path, UMPIRE_COATS[k], UMPIRE_WHISTLES[k]))
    return tuple(out)


def follow_camera(target: Motion, scale: float, footage: Footage | None = None, *, portrait: bool = False,
                  window: float = 1.2, lead: tuple[float, float] = (0.0, 0.0), shake: float = 0.0,
                  zoom=None) -> Camera:
    """A camera that keeps `target` (usually the ball) near the centre, smoothly, without
    showing beyond the grounds; `shake` (yards) adds a hand-held wobble; `zoom(t)` overrides scale."""
    footage = footage or Footage()
    width, height = (footage.height, footage.width) if footage.rotation % 180 else (footage.width, footage.height)
    usable = height - bar_height(width, height)

    def at(t: float):
        s = zoom(t) if zoom else scale
        n = 7
        xs = [target.pos(t - window * k / (n - 1)) for k in range(n)]
        cx = sum(p[0] for p in xs) / n + lead[0]
        cy = sum(p[1] for p in xs) / n + lead[1]
        span_x, span_y = (usable / s, width / s) if portrait else (width / s, usable / s)
        cx = _clamp(cx, -RUNOFF + 6 + span_x / 2, LENGTH + RUNOFF - 6 - span_x / 2)
        cy = _clamp(cy, -8 + span_y / 2, WIDTH + 8 - span_y / 2)
        if shake:
            cx += shake * (math.sin(7.1 * t) + 0.6 * math.sin(12.7 * t + 1.0))
            cy += shake * (math.sin(8.3 * t + 2.0) + 0.5 * math.sin(15.1 * t))
        return (cx, cy, s)

    return Camera(at, portrait=portrait)


def _clamp(v: float, lo: float, hi: float) -> float:
    if lo > hi:
        return (lo + hi) / 2
    return min(hi, max(lo, v))
