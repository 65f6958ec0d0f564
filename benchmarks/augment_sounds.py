"""Augmentation for the learned listener's training (benchmarks/train_listener.py): whistles and horns
drawn over the whole space docs/sound.md describes, laid over a generator's own clips where nothing
is labelled, and the clips themselves heard through a random low-pass.

A generator spans only what its author made; the listener must hear what neither generator happens
to make as well (a single steady tone, a whistle whose overtones a phone lost, a klaxon at 150 Hz).
So every model, whichever generator's material it learns from, also learns from these: a whistle's
fundamental 2.0-4.5 kHz, one to three tones (beating, or up to half an octave apart), steady, stepped
or frequency-modulated up to +-10 % at 15-50 Hz with amplitude modulation up to 50 %, its second and
third harmonics from -6 dB to absent, 0.1-3 s, single, double or triple blasts 0.05-0.5 s apart; a
horn of 150-600 Hz, rich or poor in harmonics, 0.5-3 s, its harmonics above 4 kHz lost or kept; each
-6..+20 dB over the clip's sound where it is laid. Written from docs/sound.md, not from either
generator's code. Training material only: no figure is measured on it.

`overlaid` (issue 36's fifth round, `train_listener.py --overlaps`) makes a third copy of a clip with
what the networks heard worst laid over it: two umpires' whistles, the second starting over the first
at another pitch or inside the first's warble, and electronic whistles stepping through their tones.
"""

from __future__ import annotations

import numpy as np

WHISTLE_HZ = (2000.0, 4500.0)
HORN_HZ = (150.0, 600.0)
SNR_DB = (-6.0, 20.0)
LOWPASS_HZ = (3500.0, 7800.0)  # 16 kHz analysis: a cut-off over 8 kHz changes nothing
CLEAR_S = 0.3


def _ramp(n: int, rate: int, attack_s: float, release_s: float) -> np.ndarray:
    env = np.ones(n)
    a, r = max(1, min(n // 2, int(attack_s * rate))), max(1, min(n // 2, int(release_s * rate)))
    env[:a] = np.linspace(0, 1, a)
    env[n - r:] = np.minimum(env[n - r:], np.linspace(1, 0, r))
    return env


def whistle_blast(seconds: float, rate: int, rng, voice: dict) -> np.ndarray:
    """One blast of the whistle `voice` (from `whistle_voice`)."""
    n = max(1, int(seconds * rate))
    t = np.arange(n) / rate
    out = np.zeros(n)
    for f0 in voice["tones"]:
        freq = np.full(n, f0)
        if voice["kind"] == "stepped":  # an electronic whistle alternating two tones
            freq = np.where((t * voice["step_hz"]) % 1 < 0.5, f0, f0 * voice["step_ratio"])
        am = 1.0
        if voice["kind"] == "pea":
            phase = 2 * np.pi * voice["fm_hz"] * t + rng.uniform(0, 2 * np.pi)
            freq = f0 * (1 + voice["fm_depth"] * np.sin(phase))
            am = 1 - voice["am_depth"] * (0.5 + 0.5 * np.sin(phase + rng.uniform(0, np.pi)))
        phase = 2 * np.pi * np.cumsum(freq) / rate
        tone = np.sin(phase)
        for h, db in zip((2, 3), voice["harmonics_db"], strict=True):
            if db is not None and h * f0 * 1.1 < rate / 2:
                tone += 10 ** (db / 20) * np.sin(h * phase + rng.uniform(0, 2 * np.pi))
        out += am * tone
    breath = rng.standard_normal(n) * voice["breath"]
    return (out + breath) * _ramp(n, rate, rng.uniform(0.005, 0.03), rng.uniform(0.01, 0.06))


def whistle_voice(rng) -> dict:
    """A whistle drawn over the described space: pea, pealess (1-3 chambers), steady or stepped electronic."""
    kind = str(rng.choice(["pea", "pealess", "steady", "stepped"], p=[0.4, 0.3, 0.15, 0.15]))
    f0 = rng.uniform(*WHISTLE_HZ)
    tones = [f0]
    if kind == "pealess":
        for _ in range(int(rng.integers(0, 3))):  # 1-3 chambers: beating (a few Hz) or up to half an octave
            apart = rng.uniform(1.002, 1.02) if rng.random() < 0.3 else rng.uniform(1.04, 1.41)
            tones.append(min(WHISTLE_HZ[1], tones[-1] * apart))
    def level():
        return None if rng.random() < 0.35 else float(rng.uniform(-30, -6))
    return {"kind": kind, "tones": tones, "fm_hz": rng.uniform(15, 50), "fm_depth": rng.uniform(0.0, 0.1),
            "am_depth": rng.uniform(0, 0.5), "step_hz": rng.uniform(2, 8), "step_ratio": rng.uniform(1.1, 1.3),
            "harmonics_db": (level(), level()), "breath": rng.uniform(0.0, 0.1)}


def whistle_call(rate: int, rng) -> tuple[np.ndarray, list[tuple[str, float, float]]]:
    """One call: 1-3 blasts of one whistle, gaps 0.05-0.5 s; (samples, labels from its start)."""
    voice = whistle_voice(rng)
    count = int(rng.choice([1, 2, 3], p=[0.6, 0.25, 0.15]))
    parts, labels, at = [], [], 0.0
    for _ in range(count):
        length = float(rng.uniform(0.1, 3.0) if count == 1 else rng.uniform(0.1, 0.5))
        parts.append((at, whistle_blast(length, rate, rng, voice)))
        labels.append(("whistle", at, at + length))
        at += length + float(rng.uniform(0.05, 0.5))
    out = np.zeros(int(at * rate) + 1)
    for start, b in parts:
        i = int(start * rate)
        out[i:i + len(b)] += b
    return out, labels


def horn_sound(rate: int, rng) -> tuple[np.ndarray, list[tuple[str, float, float]]]:
    """One horn: 150-600 Hz, rich (harmonics falling slowly) or poor (quickly), 0.5-3 s."""
    seconds = float(rng.uniform(0.5, 3.0))
    n = int(seconds * rate)
    t = np.arange(n) / rate
    f0 = rng.uniform(*HORN_HZ)
    tilt = rng.uniform(0.5, 2.5)
    top = rate / 2 if rng.random() < 0.5 else 4000.0  # far off, the harmonics over 4 kHz are lost
    phase = 2 * np.pi * np.cumsum(f0 * (1 - rng.uniform(0, 0.02) * t)) / rate
    out = sum(np.sin(k * phase + rng.uniform(0, 2 * np.pi)) / k ** tilt
              for k in range(1, 60) if k * f0 * 1.03 < top)
    return out * _ramp(n, rate, rng.uniform(0.02, 0.1), rng.uniform(0.05, 0.2)), [("horn", 0.0, seconds)]


def lowpass(x: np.ndarray, rate: int, cutoff: float) -> np.ndarray:
    """`x` with everything over `cutoff` gone (a steep cut, as a phone's or a codec's)."""
    spectrum = np.fft.rfft(x)
    f = np.fft.rfftfreq(len(x), 1.0 / rate)
    spectrum *= 1.0 / (1.0 + (f / cutoff) ** 24)
    return np.fft.irfft(spectrum, len(x)).astype(np.float32)


def augmented(x: np.ndarray, rate: int, labels: list, rng, draw=None) -> tuple[np.ndarray, list]:
    """`x` (with `labels` [(kind, start s, end s)]) with drawn whistles and horns laid over it (their
    edges clear of the labelled ones), each -6..+20 dB over the sound under it, then heard through a
    random low-pass half the time; the labels of both. `draw()`: what to lay instead of a call or a horn."""
    x = x.astype(np.float64).copy()
    out = list(labels)
    t = float(rng.uniform(0.5, 2.0))
    seconds = len(x) / rate
    while t < seconds - 1.0:
        if draw is not None:
            sound, its = draw()
        else:
            sound, its = whistle_call(rate, rng) if rng.random() < 0.7 else horn_sound(rate, rng)
        end = t + len(sound) / rate
        # over what sounds already (a second umpire, a whistle under a horn) but never starting or
        # ending within CLEAR_S of a labelled edge: each start stays one sound's
        edges = [e for _, a, b in out for e in (a, b)]
        if end < seconds - 0.3 and not any(abs(e - t) < CLEAR_S or abs(e - end) < CLEAR_S for e in edges):
            i = int(t * rate)
            under = float(np.sqrt(np.mean(x[i:i + len(sound)] ** 2))) or 1e-4
            gain = under * 10 ** (rng.uniform(*SNR_DB) / 20) / (float(np.sqrt(np.mean(sound ** 2))) or 1.0)
            x[i:i + len(sound)] += gain * sound
            out += [(kind, t + a, t + b) for kind, a, b in its]
            t = end
        t += float(rng.uniform(0.3, 2.0))
    if rng.random() < 0.5:
        x = lowpass(x, rate, float(rng.uniform(*LOWPASS_HZ)))
    peak = float(np.max(np.abs(x))) or 1.0
    return (0.9 * x / peak).astype(np.float32), sorted(out, key=lambda s: s[1])


# Two umpires blow for one foul, each after his own reaction ("two umpires overlapping, each blast its
# own whistle"): the second starts from one listening step (10 ms, the nearest two starts can be told
# apart) to 0.4 s after the first; a later start lies well outside the first's onset and is taught
# already by the generators' two-umpire clips and by the calls `augmented` lays apart.
SECOND_AFTER_S = (0.01, 0.4)
# A pea whistle's pitch rolls up to +-10 %: a second whistle whose pitch lies inside that range has no
# band of its own, so half the second whistles are drawn there, the others anywhere in WHISTLE_HZ.
WARBLE = 0.10
INSIDE_SHARE = 0.5
# The umpires stand apart on a field 270 m long, either nearer the camera: at the camera the second
# whistle is up to 12 dB under the first (four times as far: the inverse-square law) or 6 dB over it.
SECOND_LEVEL_DB = (-12.0, 6.0)
# A blast is 0.1-3 s; half the first blasts are drawn short (0.1-0.5 s, a pip or one blast of a double
# call), so the second whistle often starts within 0.1 s of the first's end: the case decoding took for
# a step of one whistle or the next blast.
SHORT_BLAST_S = (0.1, 0.5)
BLAST_S = (0.1, 3.0)
# Electronic whistles "steady or stepped tones": one-tone and three-tone models, so two or three tones
# in turn, with no gap and no breath; each tone held 0.05-0.5 s (as long as the gaps between blasts,
# 0.05-0.5 s: a change of pitch with no gap is not a new blast however long it holds); tones at least
# STEP_APART apart in pitch, so a step is a new tone, not a pea's continuous roll.
STEP_TONES = (2, 3)
STEP_HOLD_S = (0.05, 0.5)
STEP_APART = 1.06
PAIR_SHARE = 0.6  # of the sounds `overlaid` lays, pairs of umpires; the rest stepped whistles


def _tone(seconds: float, rate: int, rng, pitch_of_t, harmonics_db, am=None) -> np.ndarray:
    """A tone following `pitch_of_t` (Hz at each sample), its 2nd and 3rd harmonics at `harmonics_db`."""
    n = max(1, int(seconds * rate))
    freq = pitch_of_t(np.arange(n) / rate)
    phase = 2 * np.pi * np.cumsum(freq) / rate
    tone = np.sin(phase)
    for h, db in zip((2, 3), harmonics_db, strict=True):
        if db is not None and h * float(np.max(freq)) * 1.1 < rate / 2:
            tone += 10 ** (db / 20) * np.sin(h * phase + rng.uniform(0, 2 * np.pi))
    tone = tone * (1.0 if am is None else am[:n])
    return tone * _ramp(n, rate, rng.uniform(0.005, 0.03), rng.uniform(0.01, 0.06))


def _harmonics(rng) -> tuple:
    return tuple(None if rng.random() < 0.35 else float(rng.uniform(-30, -6)) for _ in range(2))


def stepped_whistle(rate: int, rng) -> tuple[np.ndarray, list[tuple[str, float, float]]]:
    """An electronic whistle stepping through two or three tones in turn: one whistle, 0.1-3 s."""
    seconds = float(rng.uniform(*BLAST_S))
    tones = [float(rng.uniform(*WHISTLE_HZ))]
    while len(tones) < int(rng.integers(STEP_TONES[0], STEP_TONES[1] + 1)):
        f = float(rng.uniform(*WHISTLE_HZ))
        if all(max(f, t) / min(f, t) >= STEP_APART for t in tones):
            tones.append(f)
    holds = rng.uniform(*STEP_HOLD_S, size=64)
    edges = np.cumsum(holds)

    def pitch(t):
        return np.asarray(tones)[np.searchsorted(edges, t) % len(tones)]

    return _tone(seconds, rate, rng, pitch, _harmonics(rng)), [("whistle", 0.0, seconds)]


def _pea_or_steady(f0: float, seconds: float, rate: int, rng) -> np.ndarray:
    """One umpire's blast at `f0`: a pea's roll (FM up to WARBLE at 15-50 Hz, AM up to 50 %) or steady."""
    n = max(1, int(seconds * rate))
    if rng.random() < 0.3:
        return _tone(seconds, rate, rng, lambda t: np.full(len(t), f0), _harmonics(rng))
    depth, fm, start = rng.uniform(0.0, WARBLE), rng.uniform(15, 50), rng.uniform(0, 2 * np.pi)
    am = 1 - rng.uniform(0, 0.5) * (0.5 + 0.5 * np.sin(2 * np.pi * fm * np.arange(n) / rate + start))
    return _tone(seconds, rate, rng, lambda t: f0 * (1 + depth * np.sin(2 * np.pi * fm * t + start)),
                 _harmonics(rng), am)


def umpires_pair(rate: int, rng) -> tuple[np.ndarray, list[tuple[str, float, float]]]:
    """Two umpires' whistles, the second starting SECOND_AFTER_S after the first, at another pitch
    (half the time inside the first's warble), SECOND_LEVEL_DB to the first; each its own whistle."""
    f1 = float(rng.uniform(*WHISTLE_HZ))
    f2 = f1 * (1 + rng.uniform(-WARBLE, WARBLE)) if rng.random() < INSIDE_SHARE else float(rng.uniform(*WHISTLE_HZ))
    first_s = float(rng.uniform(*(SHORT_BLAST_S if rng.random() < 0.5 else BLAST_S)))
    after, second_s = float(rng.uniform(*SECOND_AFTER_S)), float(rng.uniform(*BLAST_S))
    a, b = _pea_or_steady(f1, first_s, rate, rng), _pea_or_steady(f2, second_s, rate, rng)
    b *= 10 ** (rng.uniform(*SECOND_LEVEL_DB) / 20) * (np.sqrt(np.mean(a ** 2)) / (np.sqrt(np.mean(b ** 2)) or 1.0))
    out = np.zeros(max(len(a), int(after * rate) + len(b)) + 1)
    out[:len(a)] += a
    out[int(after * rate):int(after * rate) + len(b)] += b
    return out, [("whistle", 0.0, first_s), ("whistle", after, after + second_s)]


def overlaid(x: np.ndarray, rate: int, labels: list, rng) -> tuple[np.ndarray, list]:
    """`x` with pairs of umpires' whistles and stepped electronic whistles laid over it as `augmented`
    lays its sounds (edges clear of the labelled ones, -6..+20 dB over the sound under them), then a
    random low-pass half the time; the labels of both."""
    return augmented(x, rate, labels, rng,
                     lambda: umpires_pair(rate, rng) if rng.random() < PAIR_SHARE else stepped_whistle(rate, rng))
