"""The learned listener: for every 10 ms of a recording, how likely it is that a whistle sounds, that
one starts, that a horn sounds, that one starts; and from those, each blast and each horn.

Five small multilayer perceptrons over `features.in_context`, their probabilities averaged, trained
by `benchmarks/train_listener.py` on generated material only: both field generators' tuning material
(tests/sound/field_sounds.py's tuning seeds, benchmarks/field_b's tuning set), augmented, and the app's
own sample sound (issue 36; the runs and seeds are in docs/sound.md), joined by
`benchmarks/merge_listeners.py`. Their weights ship in the package (`listener.npz`, numpy's own
format) and are run with numpy: no download, no model library at run time.

From the four probabilities (`decode`):

- a whistle starts at each peak of the start probability over `start_on`, at least MIN_APART_S
  after the one before, where the whistle probability then averages over `held_on` for MIN_BLAST_S
  (a blast is at least a pip); it ends where that probability falls under `held_off`, or where the
  next blast starts. So a double blast is two whistles however full its gap is (of echo, a bird,
  a second umpire), and no detection runs over two blasts. Its start, a peak between steps, is
  within a few milliseconds (sharpening it on the tone's own level, as an earlier detector did,
  made it worse on the tuning set);
- under a horn (its probability over `horn_off`) a whistle's probability flickers and its start is
  seldom clear: a start there need only average `held_on_horn`, and a whistle also starts where its
  probability rises from under `held_off` (for RISE_QUIET_S) to average `rise_on` for MIN_BLAST_S
  with no start peak within MIN_APART_S;
- a start within a blast that never let up is another whistle only if a new tone that sounds as a
  whistle does holds after it (`new_tone_holds`): a bird's note over a blast is not a second blast,
  nor a neigh's harmonics (their fundamental, under the whistle band, rose with them);
- a horn is a stretch where the horn probability holds over `horn_off` (gaps under HORN_GAP_S
  bridged), at least MIN_HORN_S long, reaching `horn_on`, with a start (`start_on` near or in it,
  or `horn_start_on` near its beginning); it starts at the first clear horn start near or in the
  stretch, and a later start over `horn_split` cuts the stretch there (two horns with music
  between, or a neigh joined before a horn); each piece from its start must be MIN_HORN_S long,
  reach `horn_on` and average `horn_mean` on its own (the stretch is not judged as a whole: music
  flickering over `horn_off` before a horn is joined to it, and would drag its average down); a start
  counts only where the horn's probability is over `horn_off` within HORN_FOLLOWS_S of it (a neigh's
  onset just before a horn is not the horn's start);
- a whistle ends where its own tone stops (`own_tone_ends`), so a second umpire's whistle at
  another pitch over it neither ends it nor runs on to its end;
- where a new tone rises within a whistle while its own holds, and the networks hear a whistle start
  there once that whistle's own tone is taken out of the spectrum, a second umpire's whistle starts
  (`_second_umpires`); where one steady tone gives way to another with no gap, the whistle goes on
  (`_stepped_on`: an electronic whistle stepping through its tones is one whistle). Both read the
  band's levels (`tones`; issue 36, fourth round).

Every threshold is read from the tuning set (seeds 101-112 of tests/sound/field_sounds.py), never
from the evaluation set: `benchmarks/tune_listener.py` prints the figures they were chosen by (issue
21). Issue 36's changes (END_QUIET_S, `_holds`) were found on tests/sound's whistles alone.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from review_app.sound import features, tones
from review_app.sound.audio import ANALYSIS_RATE

LABELS = ("whistle", "whistle_start", "horn", "horn_start")
# A step is labelled as a sound's start within this of it: a whistle's attack takes some 10-30 ms;
# a horn swells in over 40 ms or more.
ONSET_S = {"whistle": 0.02, "horn": 0.05}
WEIGHTS = Path(__file__).with_name("listener.npz")
STEP_S = features.HOP / ANALYSIS_RATE

MIN_APART_S = 0.1  # the shortest cycle of repeated blasts is a 0.08 s pip and a 0.1 s gap
MIN_BLAST_S = 0.08
MAX_BLAST_S = 4.0  # the longest blast: the end of a period is 2-3 s
HORN_GAP_S = 0.3
MIN_HORN_S = 0.6  # a horn that ends a period is held; a shout in the crowd is shorter
HORN_START_NEAR_S = 0.3
# A horn's start is followed by the horn: its probability over horn_off within this of the start. On
# the tuning set it follows within 0.04 s of every true horn's start (0.02 s of the start's peak);
# a neigh's or a shout's onset just before a horn peaks as a horn start with no horn after it for a
# quarter of a second, and the horn was said to start there (a neighs clip of the tuning set).
HORN_FOLLOWS_S = 0.1
RISE_QUIET_S = 0.05  # a rise under a horn: the whistle's probability under held_off this long before it


@dataclass(frozen=True)
class Thresholds:
    """The probabilities a sound must reach (see the module's text), read from the tuning set."""

    start_on: float = 0.25
    held_on: float = 0.6
    held_off: float = 0.3
    horn_on: float = 0.5
    horn_off: float = 0.3
    horn_mean: float = 0.5  # over each piece: music's held notes touch horn_on for a moment only
    horn_split: float = 0.4  # a horn start this likely within a horn stretch cuts it (over 1: never)
    horn_start_on: float = 0.0  # a stretch with no clear start must have one this likely near its beginning
    # Under a horn (its probability over horn_off) a whistle's probability flickers and its start is
    # seldom clear: there a start need only hold this on average (held_on elsewhere) ...
    held_on_horn: float = 0.35
    # ... and a whistle also starts where its probability rises, after RISE_QUIET_S under held_off, to
    # average this over MIN_BLAST_S with no start peak near (over 1: never)
    rise_on: float = 1.01


THRESHOLDS = Thresholds()


@dataclass(frozen=True)
class Found:
    kind: str
    start_step: float  # steps from the samples' start (fractional: a peak between steps)
    end_step: float


@functools.lru_cache(maxsize=4)
def load_weights(path: Path = WEIGHTS) -> dict:
    """The networks' weights in `path` (the shipped ones by default; a benchmark passes others)."""
    with np.load(path) as data:
        return {k: data[k] for k in data.files}


def probabilities(x: np.ndarray, rate: int, power: np.ndarray | None = None, weights: dict | None = None) -> np.ndarray:
    """(steps x LABELS) probabilities for mono samples `x` at `rate` (float32); `power`: their
    `features.spectrogram`, if the caller made it already; `weights`: `load_weights`'s (the shipped
    ones if None)."""
    w = load_weights() if weights is None else weights
    x_in = (features.in_context(features.step_features(x, rate, power)) - w["mean"]) / w["scale"]
    models = sorted(k.removesuffix("_w0") for k in w if k.endswith("_w0"))  # "m0", "m1", ...
    out = np.zeros((len(x_in), len(LABELS)), np.float32)
    for m in models:  # the networks' probabilities averaged
        h = x_in
        layers = sum(1 for k in w if k.startswith(f"{m}_w"))
        for i in range(layers):
            h = h @ w[f"{m}_w{i}"] + w[f"{m}_b{i}"]
            if i < layers - 1:
                np.maximum(h, 0.0, out=h)
        out += 1.0 / (1.0 + np.exp(-np.clip(h, -30, 30)))
    return out / len(models)


def _peaks(p: np.ndarray, floor: float, apart: int) -> list[int]:
    """Steps where `p` is over `floor` and highest within `apart` steps either side (first of equals)."""
    out: list[int] = []
    for i in np.flatnonzero(p > floor):
        lo, hi = max(0, i - apart), min(len(p), i + apart + 1)
        if p[i] >= p[lo:hi].max() and (not out or i - out[-1] > apart):
            out.append(int(i))
    return out


def _refined(p: np.ndarray, i: int) -> float:
    """A peak's position between steps (a parabola through it and its neighbours)."""
    if 0 < i < len(p) - 1:
        a, b, c = p[i - 1], p[i], p[i + 1]
        d = a - 2 * b + c
        if d < 0:
            return float(i + 0.5 * (a - c) / d)
    return float(i)


def _centre(p: np.ndarray, i: int) -> float:
    """The middle (weighted by `p`) of the run of steps about the peak at i where `p` stays over half
    the peak. A horn's start is labelled ONSET_S either side of it (a horn swells in), so its start
    probability is a plateau as wide, and where within it the highest step falls is chance: on the
    app's own sample sound through Opus the highest step was 43 ms before the horn, the plateau's
    middle 5 ms after (issue 36)."""
    over = p >= 0.5 * p[i]
    a, b = i, i + 1
    while a > 0 and over[a - 1]:
        a -= 1
    while b < len(p) and over[b]:
        b += 1
    w = p[a:b].astype(np.float64)
    return float(np.dot(np.arange(a, b), w) / w.sum())


def decode(prob: np.ndarray, th: Thresholds = THRESHOLDS) -> list[Found]:
    """The whistles and horns in one stretch's probabilities, in steps."""
    out: list[Found] = []
    held, starts = prob[:, 0], prob[:, 1]
    least, longest = int(round(MIN_BLAST_S / STEP_S)), int(round(MAX_BLAST_S / STEP_S))
    horn = prob[:, 2]
    apart = int(round(MIN_APART_S / STEP_S))
    onsets = [i for i in _peaks(starts, th.start_on, apart)
              if _holds(held, i, least, th.held_on_horn if horn[i] > th.horn_off else th.held_on)]
    if th.rise_on <= 1.0:
        quiet = int(round(RISE_QUIET_S / STEP_S))
        rises = np.flatnonzero((held[quiet:] > th.held_off) & (held[quiet - 1:-1] <= th.held_off)) + quiet
        taken = np.array(onsets, dtype=int)
        risen = {a for a in rises.tolist()
                 if horn[a] > th.horn_off and held[a - quiet:a].max() <= th.held_off
                 and _holds(held, a, least, th.rise_on) and not np.any(np.abs(taken - a) <= apart)}
        onsets = sorted([*onsets, *risen])
    else:
        risen = set()
    for k, i in enumerate(onsets):
        stop = min(len(held), i + longest, onsets[k + 1] if k + 1 < len(onsets) else len(held))
        end = i + least + _quiet_from(held[i + least:stop], th.held_off)
        out.append(Found("whistle", float(i) if i in risen else _refined(starts, i), float(end)))
    gap, near = int(round(HORN_GAP_S / STEP_S)), int(round(HORN_START_NEAR_S / STEP_S))
    # a start the horn does not follow (HORN_FOLLOWS_S) is no horn's start: a neigh's or a shout's
    # onset just before a horn, joined to its stretch, is not where the horn starts
    follows = int(round(HORN_FOLLOWS_S / STEP_S))
    sounding = np.lib.stride_tricks.sliding_window_view(
        np.concatenate([horn, np.zeros(follows)]), follows + 1).max(axis=1) > th.horn_off
    horn_starts = np.where(sounding, prob[:, 3], 0.0)
    runs = _runs(horn > th.horn_off)
    joined: list[list[int]] = []
    for a, b in runs:
        if joined and a - joined[-1][1] <= gap:
            joined[-1][1] = b
        else:
            joined.append([a, b])
    for a, b in joined:
        # (the stretch is not judged as a whole: music under a horn flickers over horn_off before it,
        # and a stretch joined over those flickers would fail where the horn itself holds; each piece
        # from a start is judged on its own below)
        if (b - a) * STEP_S < MIN_HORN_S or horn[a:b].max() <= th.horn_on:
            continue
        # the horn starts at the first clear start near or in the stretch (what was joined before it
        # may be a shout or a tune), else at the strongest near the stretch's beginning
        lo = max(0, a - near)
        clear = _peaks(horn_starts[lo:b], th.start_on, near)
        if not clear and horn_starts[lo:min(len(horn), a + near + 1)].max() <= th.horn_start_on:
            continue  # a horn is blown: it has a start (a stretch of music that touches a horn has none)
        s = lo + (clear[0] if clear else int(np.argmax(horn_starts[lo:min(len(horn), a + near + 1)])))
        # a strong start later in the stretch is another horn (music or a neigh filled the gap) or the
        # horn itself after a neigh or a shout that was joined before it: the stretch is cut there,
        # and each piece must be a horn on its own (as long, as likely throughout)
        cuts = [lo + i for i in _peaks(horn_starts[lo:b], th.horn_split, near) if lo + i > s + near]
        for p, q in zip([s, *cuts], [*cuts, b], strict=True):
            if (q - p) * STEP_S >= MIN_HORN_S and horn[p:q].max() > th.horn_on and horn[p:q].mean() > th.horn_mean:
                out.append(Found("horn", _centre(horn_starts, p), float(q)))
    return sorted(out, key=lambda f: f.start_step)


# A whistle's probability dips for a step or three within a blast that warbles far or fast (issue 36):
# it ends where the probability stays under held_off this long, shorter than the shortest gap between
# two blasts (0.05 s, docs/sound.md; the next blast's start ends it in any case).
END_QUIET_S = 0.04


def _quiet_from(held: np.ndarray, off: float) -> int:
    """The first step of `held` from which it stays under `off` for END_QUIET_S, else its length."""
    run = max(1, int(round(END_QUIET_S / STEP_S)))
    if len(held) < run:
        return len(held)
    quiet = np.flatnonzero(np.convolve((held < off).astype(int), np.ones(run, int), mode="valid") == run)
    return int(quiet[0]) if len(quiet) else len(held)


def _holds(held: np.ndarray, i: int, least: int, level: float) -> bool:
    """Whether the whistle's probability averages over `level` for `least` steps from step i, or for
    twice that from where a start's label ends (ONSET_S after it): a deep, slow warble flickers in its
    first steps, and a start may peak a step or two before the tone (issue 36)."""
    lead = int(round(ONSET_S["whistle"] / STEP_S))
    first, longer = held[i:i + least], held[i + lead:i + lead + 2 * least]
    return max(first.mean() if len(first) else 0.0, longer.mean() if len(longer) else 0.0) > level


def _runs(mask: np.ndarray) -> list[tuple[int, int]]:
    edges = np.flatnonzero(np.diff(np.concatenate([[0], mask.astype(np.int8), [0]])))
    return list(zip(edges[::2].tolist(), edges[1::2].tolist(), strict=True))


# A start within a blast that never let up (the one before ends where it starts) is a new whistle
# only if a new tone holds after it (`new_tone_holds`), measured in 20 ms windows.
NEW_TONE_WINDOW_S = 0.02
NEW_TONE_BEFORE_S = (-0.1, -0.02)
NEW_TONE_AFTER_S = (0.04, 0.24)
NEW_TONE_RISE_DB = 6.0
NEW_TONE_CHORD_HZ = 150.0  # a pealess whistle's chambers sound 150 Hz apart or more
NEW_TONE_WINDOW_BINS = 2  # a pea's overtone sought within this many bins of twice its pitch
VOICE_HARMONICS = 6  # a new tone is a voice's k-th harmonic (k <= this) if its pitch / k rose with it ...
VOICE_LOWEST_HZ = 300.0  # ... at a fundamental this high or higher, under the whistle band,
VOICE_BELOW_DB = 0.0  # ... and as loud as the tone or louder (a voice's fundamental is its loudest part)
BLOCK_S = 60.0  # a long recording is heard a minute at a time (memory stays small)
BLOCK_MARGIN_S = 2.0  # each block seen with this much either side, so its edges have context


def new_tone_holds(x: np.ndarray, rate: int, at_s: float) -> bool:
    """Whether a tone in the whistle band, NEW_TONE_RISE_DB louder than it was just before `at_s`,
    holds from 40 to 240 ms after it: a second umpire's blast over the first's, or a blast after
    a gap that sound filled, does; a bird's chirp over a blast sweeps past any one pitch, and a
    blast's own roll does not rise over itself."""
    win = int(NEW_TONE_WINDOW_S * rate)

    def levels(a_s: float, b_s: float) -> np.ndarray:
        lo, hi = int((at_s + a_s) * rate), int((at_s + b_s) * rate)
        if lo < 0 or hi > len(x) or hi - lo < win:
            return np.zeros((0, win // 2 + 1))
        frames = np.lib.stride_tricks.sliding_window_view(x[lo:hi], win)[::win]
        power = np.abs(np.fft.rfft(frames * np.hanning(win), axis=1)) ** 2
        near = np.maximum(power, np.maximum(np.roll(power, 1, axis=1), np.roll(power, -1, axis=1)))
        return 10 * np.log10(near + 1e-20)

    before, after = levels(*NEW_TONE_BEFORE_S), levels(*NEW_TONE_AFTER_S)
    if not len(before) or len(after) < 3:
        return True  # at the recording's edge: the network's word stands
    f = np.fft.rfftfreq(win, 1.0 / rate)
    band = (f >= features.WHISTLE_BAND_HZ[0]) & (f <= features.WHISTLE_BAND_HZ[1])
    held = np.sort(after, axis=0)[2]  # the third lowest: a dip or two (a pea's roll) forgiven
    rose = (held - np.median(before, axis=0)) >= NEW_TONE_RISE_DB
    if not np.any(rose[band]):
        return False
    main = f[band][np.argmax(np.where(rose[band], held[band], -np.inf))]
    held_main = float(np.max(np.where(rose & band, held, -np.inf)))
    # a voice's harmonic is not a whistle: a neigh (0.8-1.3 kHz, rich in harmonics) over a blast brings
    # tones into the whistle band, a chord to the test below, but they are harmonics of a fundamental
    # under the band that rose with them and is louder than they are; a whistle's pitch is its lowest
    # tone, and what it has under the band (its breath) is far quieter. Why: on the development set's
    # neighs (seeds 137-172) a neigh over a blast split it in two, or added a whistle within it, in
    # some one clip in three at 0 dB (whistle precision 0.94 there). A fundamental merely present
    # (VOICE_BELOW_DB over 0) took a second umpire's blast for a voice now and then (two umpires'
    # recall 0.98 to 0.95 on the tuning set).
    tolerance = NEW_TONE_WINDOW_BINS * rate / win
    under = [main / k for k in range(2, VOICE_HARMONICS + 1)
             if VOICE_LOWEST_HZ <= main / k < features.WHISTLE_BAND_HZ[0]]
    if any(np.any(rose & (np.abs(f - g) <= tolerance) & (held >= held_main - VOICE_BELOW_DB)) for g in under):
        return False
    # and it sounds as a whistle does: a pealess whistle's chord (another tone rising with it) or a
    # pea's overtone at twice its pitch; a bird's held note is one pure tone
    chord = rose & band & (np.abs(f - main) >= NEW_TONE_CHORD_HZ)
    overtone = rose & (np.abs(f - 2 * main) <= tolerance)
    return bool(np.any(chord) or np.any(overtone))


def _one_blast(found: list[Found], x: np.ndarray, rate: int, lo: int) -> list[Found]:
    """`found` with each whistle that starts within a blast that never let up (the one before ends
    where it starts) and brings no new tone joined to that blast: a bird's chirp over an umpire's
    blast is not another blast. `lo`: the step of x that found's step 0 is."""
    out: list[Found] = []
    last = None  # index in out of the last whistle
    for f in found:
        # (the blast before ends on the step of this one's peak, which its refined start may pass)
        if f.kind == "whistle" and last is not None and out[last].end_step >= f.start_step - 1 \
                and not new_tone_holds(x, rate, (lo + f.start_step) * STEP_S):
            out[last] = Found("whistle", out[last].start_step, f.end_step)
            continue
        out.append(f)
        if f.kind == "whistle":
            last = len(out) - 1
    return out


# A whistle ends where its own tone stops (`own_tone_ends`), not where the band falls quiet: a second
# umpire's whistle over it, at another pitch, neither ends it nor is ended with it. Its own tone is the
# whistle band's bins that rose OWN_RISE_DB or more from the OWN_BEFORE steps before its start to the
# MIN_BLAST_S after it, and within OWN_SPREAD_DB of the most risen and of the loudest of them, with
# OWN_WIDEN_BINS either side (a pea warbles); it has stopped where the loudest bin of any of its parts
# falls, for OWN_STOP_S, under OWN_STOP of its rise or OWN_DROP_DB under its held level, whichever is
# higher (another whistle's breath fills the bins).
OWN_BEFORE = (-12, -2)
OWN_RISE_DB = 8.0
OWN_SPREAD_DB = 12.0
OWN_WIDEN_BINS = 2
OWN_SAME_BINS = 1  # a later start whose tone rose this near this one's is this whistle blown again
OWN_APART_BINS = 4  # ... one farther is another whistle: this one is followed this far from its tone
OWN_TOGETHER_S = 0.04  # two whistles' tones stopping this near together: one sounds at the other's pitch
OWN_LEVEL_S = 0.1  # ... and the level before and after each step is measured over this
OWN_SHARED_DROP_DB = 3.0
OWN_STOP = 0.35
OWN_DROP_DB = 15.0
OWN_STOP_S = 0.04


def _band_db(power: np.ndarray, rate: int) -> np.ndarray:
    """(steps x whistle-band bins) levels in dB of `power` (`features.spectrogram` of samples at `rate`)."""
    freqs = np.fft.rfftfreq(features.WINDOW, 1.0 / rate)
    sel = (freqs >= features.WHISTLE_BAND_HZ[0]) & (freqs < features.WHISTLE_BAND_HZ[1])
    return 10 * np.log10(power[:, sel] + 1e-20)


def _own_tone(band: np.ndarray, i: int) -> tuple[np.ndarray, np.ndarray] | None:
    """The whistle-band bins of the tone that starts at step i (those that rose most, and those with
    OWN_WIDEN_BINS either side), or None where no tone rose there (then its end stays as the
    probabilities have it)."""
    least = int(round(MIN_BLAST_S / STEP_S))
    a, b = i + OWN_BEFORE[0], i + OWN_BEFORE[1]
    if a < 0 or i + 2 + least > len(band):
        return None
    held = np.median(band[i + 2:i + 2 + least], axis=0)
    rise = held - np.median(band[a:b], axis=0)
    risen = rise >= OWN_RISE_DB
    if not risen.any():
        return None
    # of those that rose, the loudest (a chamber's tone, not the crowd's syllable that rose with it)
    core = risen & (rise >= rise.max() - OWN_SPREAD_DB) & (held >= held[risen].max() - OWN_SPREAD_DB)
    return core, _widened(core, OWN_WIDEN_BINS)


def _widened(bins: np.ndarray, by: int) -> np.ndarray:
    return np.convolve(bins.astype(float), np.ones(2 * by + 1), mode="same") > 0


def _tone_stops(band: np.ndarray, own: np.ndarray, i: int, lo: int, hi: int) -> np.ndarray:
    """For steps lo..hi, whether the tone started at step i in bins `own` has stopped there: whether
    any of its parts (each run of its bins: a pealess whistle's chambers, a pea's warbling tone), each
    followed by its loudest bin, is quiet (all a whistle's chambers stop together; another whistle
    may sound on at one of their pitches)."""
    least = int(round(MIN_BLAST_S / STEP_S))
    edges = np.flatnonzero(np.diff(np.concatenate([[0], own.astype(np.int8), [0]])))
    quiet = np.zeros(max(0, hi - lo), bool)
    for p, q in zip(edges[::2], edges[1::2], strict=True):
        track = band[:, p:q].max(axis=1)
        before = float(np.median(track[i + OWN_BEFORE[0]:i + OWN_BEFORE[1]]))
        level = float(np.median(track[i + 2:i + 2 + least]))
        if level - before < OWN_RISE_DB:
            continue  # what is left of a part another whistle's tone took
        quiet |= track[lo:hi] < max(before + OWN_STOP * (level - before), level - OWN_DROP_DB)
    return quiet


def own_tone_ends(found: list[Found], prob: np.ndarray, band: np.ndarray, th: Thresholds = THRESHOLDS) -> list[Found]:
    """`found` with each whistle ended where its own tone stops: at the latest where the whistle's
    probability falls under `held_off` (or MAX_BLAST_S), where its own tone has stopped, or where a
    later whistle starts whose new tone is this one's pitch again (the next blast of the same whistle,
    or one it cannot be told from). A later whistle at another pitch (a second umpire's, over this
    one) does not end it; but where this one's tone seems to stop just as that one's does, that one
    sounds at this one's pitch too (a second chamber), and this one ends where the level at its pitch
    falls by OWN_SHARED_DROP_DB over that one's span, or else where that one starts. `band`:
    `_band_db` of the spectrogram of the same samples as `prob`."""
    held = prob[:, 0]
    least, longest = int(round(MIN_BLAST_S / STEP_S)), int(round(MAX_BLAST_S / STEP_S))
    stop_run = max(1, int(round(OWN_STOP_S / STEP_S)))
    together, side = int(round(OWN_TOGETHER_S / STEP_S)), int(round(OWN_LEVEL_S / STEP_S))
    starts = [(k, int(round(f.start_step))) for k, f in enumerate(found) if f.kind == "whistle"]
    tones = {k: _own_tone(band, min(i, len(band) - 1)) for k, i in starts}
    out = list(found)
    for n in range(len(starts) - 1, -1, -1):  # the later ones first: an earlier one's end may need theirs
        k, i = starts[n]
        if tones[k] is None:
            continue
        core, own = tones[k][0], tones[k][1].copy()
        limit = min(len(held), i + longest)
        over = []  # the later whistles at other pitches sounding over this one
        for k2, j in starts[n + 1:]:
            if j >= limit:
                break
            other = tones[k2]
            if other is None or np.any(_widened(other[0], OWN_SAME_BINS) & core):
                limit = j  # this whistle again, or a start it cannot be told from: the next blast
                break
            own &= ~_widened(other[0], OWN_APART_BINS)  # heard apart from the other's tone (and its skirts)
            over.append((k2, j))
        if not own.any():
            continue
        end = i + least + _quiet_from(held[i + least:limit], th.held_off)
        quiet = _tone_stops(band, own, i, i + least, end)
        runs = np.flatnonzero(np.convolve(quiet.astype(int), np.ones(stop_run, int), mode="valid") == stop_run) \
            if len(quiet) >= stop_run else []
        if len(runs):
            end = i + least + int(runs[0])
        for k2, j in over:
            other_end = int(out[k2].end_step)
            if j < end and abs(end - other_end) <= together:
                # it stops with the other: the other sounds at this one's pitch as well
                track = band[:, own].max(axis=1)
                steps = range(j + side, other_end - side)
                drops = [float(np.median(track[t - side:t]) - np.median(track[t:t + side])) for t in steps]
                best = int(np.argmax(drops)) if drops else -1
                end = steps[best] if drops and drops[best] >= OWN_SHARED_DROP_DB else j
                break
        out[k] = Found("whistle", found[k].start_step, float(end))
    return out


def listen(x: np.ndarray, rate: int, progress=None, weights: dict | None = None) -> list[tuple[str, float, float]]:
    """(kind, start s, end s) of each whistle and horn in samples `x` (at audio.ANALYSIS_RATE), in
    seconds from the samples' start, in time order. `progress(fraction)` after each block; `weights`:
    `load_weights`'s (the shipped ones if None)."""
    block, margin = int(BLOCK_S / STEP_S), int(BLOCK_MARGIN_S / STEP_S)
    hop = features.HOP
    steps = len(x) // hop + 1
    out: list[tuple[str, float, float]] = []
    start = 0
    while start < steps:
        lo, hi = max(0, start - margin), min(steps, start + block + margin)
        samples = x[lo * hop: hi * hop]
        power = features.spectrogram(samples)  # once, for the networks' features and for each whistle's own tone
        prob = probabilities(samples, rate, power, weights)
        band = _band_db(power, rate)
        heard = _one_blast(decode(prob), x, rate, lo)
        heard = _second_umpires(heard, samples, rate, power, band, weights,
                                lambda t, lo=lo: new_tone_holds(x, rate, (lo + t) * STEP_S))
        found = _stepped_on(own_tone_ends(heard, prob, band), prob, band)
        for f in found:
            if start <= lo + f.start_step < start + block:
                out.append((f.kind, float((lo + f.start_step) * STEP_S), float((lo + f.end_step) * STEP_S)))
        start += block
        if progress is not None:
            progress(min(1.0, start / steps))
    return sorted(out, key=lambda s: s[1])


# A whistle's tones, step by step (`tones`; issue 36, fourth round). The networks hear the start of a
# second umpire's blast over the first's seldom (two-umpire recall 0.50-0.64 on the second generator),
# and hear an electronic whistle stepping through its tones in pieces; both are plain in the band's
# levels. A tone's change is looked for this near a whistle's end or start (a seam: a whistle heard to
# end where its tone stops ends OWN_STOP_S after, later still in a room's tail) ...
SEAM_STEPS = 8
# A tone a whistle is carried on to through a seam must be heard as a whistle at times: the whistle's
# probability over it averages this or more. A stepped whistle's later tones, heard apart, average
# 0.2-0.5 (the probability falls and rises at each step: tests/sound's stepped whistles), so held_off
# (0.3) would cut them off; what merely follows a whistle with no gap, unheard as one, is not carried on to.
CARRIED_HELD = 0.15
# A second umpire's tone rises over some steps (an attack of 10-50 ms, seen from windows 40 ms apart):
# a change seen at one or two steps only is a tail or a flicker of the bed.
NEW_TONE_STEPS = 3
# ... with a tone sounding throughout this either side of it (blasts are 0.05 s or more apart).
GAP_HALF_STEPS = 3


def _new_tones(found: list[Found], band: np.ndarray) -> list[float]:
    """The steps within the whistles of `found` where a new tone rises apart from the whistle's own
    while that holds on (`tones.change_at`, not `tones.together`): at the largest rise of each run of
    at least NEW_TONE_STEPS steps where a new tone rises."""
    apart, least = int(round(MIN_APART_S / STEP_S)), int(round(MIN_BLAST_S / STEP_S))
    out: list[float] = []
    for f in found:
        if f.kind != "whistle":
            continue
        i, end = int(round(f.start_step)), int(f.end_step)
        bed = tones.bed_before(band, i + OWN_BEFORE[1])
        lo = max(i + apart, -tones.BEFORE[0])
        rises = tones.rising(band, bed, lo, end - least)
        run: list[tuple[int, tones.Change]] = []
        for t in range(lo, end - least + 1):
            c = tones.change_at(band, bed, t) if t - lo < len(rises) and rises[t - lo] else None
            if c is not None:
                run.append((t, c))
                continue
            if len(run) >= NEW_TONE_STEPS:
                t0, c0 = max(run, key=lambda r: r[1].rise)
                at = tones.onset(band, c0.new, t0)
                if not tones.together(c0, at):
                    out.append(at)
            run = []
    return out


def _seam(band: np.ndarray, bed: np.ndarray, at: int) -> tuple[int, tones.Change] | None:
    """The step within SEAM_STEPS of `at` where a new tone rises most as the tone before it stops
    (`tones.together`), alike in loudness, a tone sounding throughout, each tone steady (an electronic
    whistle's: `tones.steady`); None if there is none."""
    best = None
    lo = max(at - SEAM_STEPS, -tones.BEFORE[0])
    rises = tones.rising(band, bed, lo, at + SEAM_STEPS + 1, alike=True)
    for t in lo + np.flatnonzero(rises):
        c = tones.change_at(band, bed, int(t))
        if c is None or (best is not None and c.rise <= best[1].rise):
            continue
        if c.alike and tones.together(c, tones.onset(band, c.new, t)) and tones.no_gap(band, c, t, GAP_HALF_STEPS) \
                and tones.steady(band, t):
            best = (int(t), c)
    return best


def _tone_end(band: np.ndarray, bins: np.ndarray, t: int, hi: int) -> int:
    """Where the tone in `bins` that rose at step t stops (`_tone_stops`), by step hi at the latest."""
    least, run = int(round(MIN_BLAST_S / STEP_S)), max(1, int(round(OWN_STOP_S / STEP_S)))
    hi = min(hi, len(band))
    if t + least >= hi or t + OWN_BEFORE[0] < 0:
        return hi
    quiet = _tone_stops(band, _widened(bins, OWN_WIDEN_BINS), t, t + least, hi)
    stops = np.flatnonzero(np.convolve(quiet.astype(int), np.ones(run, int), mode="valid") == run) \
        if len(quiet) >= run else []
    return t + least + int(stops[0]) if len(stops) else hi


def _stepped_on(found: list[Found], prob: np.ndarray, band: np.ndarray, th: Thresholds = THRESHOLDS) -> list[Found]:
    """`found` with each whistle carried on through every seam (`_seam`) at its end, and back through
    every seam at its start, to where its first tone rose: an electronic whistle stepping through
    its tones is one whistle. A whistle heard to start at one of those seams is a piece of it."""
    out: list[Found] = []
    seams: list[int] = []  # the seams the last whistle was carried through
    for f in found:
        if f.kind != "whistle":
            out.append(f)
            continue
        if any(abs(f.start_step - t) <= SEAM_STEPS for t in seams):
            continue  # a piece of the stepped whistle before
        i = int(round(f.start_step))
        # (a seam is looked for only where the networks heard a whistle across it, at CARRIED_HELD: a
        # whistle that starts out of the bed or ends into it, most of them, has none)
        heard_before = prob[max(0, i - 2 * SEAM_STEPS):i, 0]
        start, back = _stepped_back(band, prob, f.start_step, th) \
            if len(heard_before) and heard_before.max() > CARRIED_HELD else (f.start_step, [])
        while back and out and out[-1].kind == "whistle" and out[-1].end_step >= start - SEAM_STEPS:
            start = min(start, out.pop().start_step)  # the whistle heard before was its first tones
        e = int(f.end_step)
        heard_after = prob[e:e + 2 * SEAM_STEPS, 0]
        end, seams = _carried_on(band, prob[:, 0], start, f.end_step) \
            if len(heard_after) and heard_after.max() > CARRIED_HELD else (f.end_step, [])
        out.append(Found("whistle", start, end))
        seams += back
    return out


def _carried_on(band: np.ndarray, held: np.ndarray, start: float, end: float) -> tuple[float, list[int]]:
    """Where a whistle from step `start`, heard to end at `end`, ends when carried on through every
    seam at its end; and those seams. A tone carried on to must be heard as a whistle at times (the
    whistle's probability averaging over CARRIED_HELD on it)."""
    longest = int(round(MAX_BLAST_S / STEP_S))
    bed = tones.bed_before(band, int(round(start)) + OWN_BEFORE[1])
    seams: list[int] = []
    while (seam := _seam(band, bed, int(end))) is not None:
        t, c = seam
        later = _tone_end(band, c.new, t, int(start) + longest)
        if later <= end or held[t:later].mean() <= CARRIED_HELD:
            break
        end = float(later)
        seams.append(t)
    return end, seams


def _stepped_back(band: np.ndarray, prob: np.ndarray, start: float, th: Thresholds) -> tuple[float, list[int]]:
    """Where the whistle heard to start at step `start` began if it carries on, with no gap, from tones
    that stopped as it started (an electronic whistle's first steps): the start of the first of them;
    and the seams passed."""
    held, starts = prob[:, 0], prob[:, 1]
    seams: list[int] = []
    for _ in range(int(MAX_BLAST_S / MIN_BLAST_S)):
        i = int(round(start))
        bed = tones.bed_before(band, max(0, i - int(round(tones.BED_S / STEP_S)) // 2))
        seam = _seam(band, bed, i)
        if seam is None:
            break
        t = seam[0]
        before = np.median(band[t + tones.BEFORE[0]:t + tones.BEFORE[1]], axis=0)
        old = _widened(before >= bed + tones.RISE_DB, OWN_WIDEN_BINS) & ~seam[1].new
        if not old.any():
            break
        track = band[:, old].max(axis=1)
        floor = max(float(np.max(bed[old])) + tones.RISE_DB,
                    float(np.median(track[t + tones.BEFORE[0]:t + tones.BEFORE[1]])) - OWN_DROP_DB)
        k = t + tones.BEFORE[0]
        while k > 0 and track[k - 1] >= floor and t - k < int(MAX_BLAST_S / STEP_S):
            k -= 1
        if t - k < int(round(MIN_BLAST_S / STEP_S)) or held[k:t].mean() <= th.held_off:
            break
        # the networks heard that tone as a whistle (over held_off: more than a tone carried on to, a
        # whistle's first tone is where its start is decided) and heard a whistle start where it rose
        # (a bird's note or a call just before a whistle, stopping as it starts, is no part of it)
        apart = int(round(MIN_APART_S / STEP_S))
        near = starts[max(0, k - apart):k + apart + 1]
        if not len(near) or near.max() <= th.start_on:
            break
        start = _refined(starts, max(0, k - apart) + int(np.argmax(near)))
        seams.append(t)
    return start, seams


# A second umpire's whistle over the first's: the networks, hearing both, seldom hear the second start
# (issue 36: two-umpire recall 0.50-0.64 on the second generator). Where a new tone rises within a
# whistle while its own tone holds (`_new_tones`) and sounds as a whistle does (`new_tone_holds`), the
# whistle's span is heard again with its own tone taken out of the spectrum (its bins set to the bed
# before it, its overtones too), a few seconds at a time as the live listener hears: a start the
# networks hear there, within MIN_APART_S of that new tone, is another whistle. Neither alone was
# enough on the tuning sets: the new tones alone took PA and birds over a whistle for whistles, the
# networks alone a double blast's tail. The span is heard with this much before it (the features'
# floor and context) ...
UNDER_BEFORE_S = 1.0
UNDER_AFTER_S = 0.3  # ... and after it
UNDER_HARMONICS = 3  # the whistle's tone taken out with its overtones up to this one


def _second_umpires(found: list[Found], x: np.ndarray, rate: int, power: np.ndarray, band: np.ndarray,
                    weights: dict | None, sounds_whistle, th: Thresholds = THRESHOLDS) -> list[Found]:
    """`found` (in steps of the samples `x`, whose `spectrogram` is `power`) with each second umpire's
    whistle heard within one of its whistles; `sounds_whistle(step)`: whether a new tone there sounds
    as a whistle does."""
    apart, least = int(round(MIN_APART_S / STEP_S)), int(round(MIN_BLAST_S / STEP_S))
    new = [t for t in _new_tones(found, band) if sounds_whistle(t)]
    starts = [f.start_step for f in found if f.kind == "whistle"]
    added: list[Found] = []
    for f in found:
        i, end = int(round(f.start_step)), int(f.end_step)
        if f.kind != "whistle" or not any(i < t < end for t in new) or i + OWN_BEFORE[0] < 0:
            continue
        p, lo = _heard_without(f, x, rate, power, band, weights)
        if p is None:
            continue
        for k in _peaks(p[:, 1], th.start_on, apart):
            at = lo + _refined(p[:, 1], k)
            if i + apart <= lo + k < end - least and _holds(p[:, 0], k, least, th.held_on) \
                    and any(abs(at - t) <= apart for t in new) and all(abs(at - s) > apart for s in starts):
                added.append(Found("whistle", at, f.end_step))
                starts.append(at)
    return sorted([*found, *added], key=lambda f: f.start_step)


def _heard_without(f: Found, x: np.ndarray, rate: int, power: np.ndarray, band: np.ndarray,
                   weights: dict | None) -> tuple[np.ndarray | None, int]:
    """The probabilities over whistle f's span (and UNDER_BEFORE_S before it, UNDER_AFTER_S after) with
    its own tone taken out from its start to its end, and the step they start at (None where it has no
    tone of its own)."""
    i, end = int(round(f.start_step)), int(f.end_step)
    freqs = np.fft.rfftfreq(features.WINDOW, 1.0 / rate)
    cols = _tone_columns(band, i, freqs)
    lo, hi = max(0, i - int(UNDER_BEFORE_S / STEP_S)), min(len(power), end + int(UNDER_AFTER_S / STEP_S))
    if cols is None or i + OWN_BEFORE[1] <= lo:
        return None, lo
    part = power[lo:hi].copy()
    part[i - lo:end - lo, cols] = np.median(power[lo:i + OWN_BEFORE[1], cols], axis=0)
    return probabilities(x[lo * features.HOP:hi * features.HOP], rate, part, weights), lo


def _tone_columns(band: np.ndarray, i: int, freqs: np.ndarray) -> np.ndarray | None:
    """The spectrum's columns of the tone that starts at step i: the whistle-band bins over the bed
    within TONE_SPREAD_DB of the loudest in its first MIN_BLAST_S (each bin's loudest step: a pea's
    whole roll), widened by APART_BINS and a bin more, with their overtones (UNDER_HARMONICS)."""
    least = int(round(MIN_BLAST_S / STEP_S))
    bed = tones.bed_before(band, i + OWN_BEFORE[1])
    peak = band[i:i + least].max(axis=0)
    own = (peak >= bed + tones.RISE_DB) & (peak >= peak.max() - tones.TONE_SPREAD_DB)
    if not own.any():
        return None
    first = int(np.flatnonzero(freqs >= features.WHISTLE_BAND_HZ[0])[0])  # the band's first column
    bins = first + np.flatnonzero(tones.widened(own, tones.APART_BINS))
    cols = {h * b + d for h in range(1, UNDER_HARMONICS + 1) for b in bins for d in (-1, 0, 1)}
    return np.array(sorted(c for c in cols if 0 <= c < len(freqs)))
