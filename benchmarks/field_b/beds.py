"""Beds and distractors: everything at a polo ground that is not the Umpire's whistle or the horn.

Each maker takes a random stream and a length and returns the sound (any level; the mix sets it) and the spans
where an intermittent distractor sounds, for the truth's record. None of them is counted as an event. Where a
distractor could not be told from a whistle by sound (a fan's pea whistle, a steady finger whistle), it is not
made at all: see SPACE.md.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from scipy import signal

from .common import SAMPLE_RATE, band_noise, fade_envelope, harmonic_tone, phase_of, smooth_random


@dataclass(frozen=True)
class Span:
    kind: str
    onset_s: float
    offset_s: float


Made = tuple[np.ndarray, list[Span]]


def _place(rng: np.random.Generator, out: np.ndarray, piece: np.ndarray, start: int, gain: float = 1.0) -> None:
    end = min(out.size, start + piece.size)
    if end > start >= 0:
        out[start:end] += gain * piece[: end - start]


def wind(rng: np.random.Generator, n: int, sr: int = SAMPLE_RATE) -> Made:
    """Wind on a microphone: strong noise below a few hundred hertz, in gusts (a slow log-normal level), with
    a quieter rustle of grass and flags above 1 kHz following the same gusts."""
    gust = np.exp(0.8 * smooth_random(rng, n, float(rng.uniform(0.2, 0.8)), sr))
    rumble = band_noise(rng, n, 0.0, float(rng.uniform(150.0, 500.0)), sr, order=2)
    rumble = signal.lfilter([1.0], [1.0, -0.995], rumble)  # a further 1/f tilt below the corner
    rumble /= np.std(rumble) or 1.0
    rustle = band_noise(rng, n, 1000.0, 6000.0, sr, order=2)
    rustle /= np.std(rustle) or 1.0
    return gust * rumble + 0.05 * gust**1.5 * rustle, []


def _voice(rng: np.random.Generator, n: int, sr: int, f0_mean: float, syllable_s: float) -> np.ndarray:
    """Speech-like sound: a glottal pulse train under an intonation contour through vowel formants changed
    each syllable, syllables shaped at about 4 Hz, a fricative's hiss now and then."""
    f0 = f0_mean * np.exp(0.12 * smooth_random(rng, n, 2.0, sr))
    phase = phase_of(f0, sr) / (2 * np.pi)
    source = 2.0 * (phase % 1.0) - 1.0  # a sawtooth: harmonics falling 6 dB an octave, as the glottis gives
    out = np.zeros(n)
    start = 0
    while start < n:
        length = int(rng.uniform(0.6, 1.4) * syllable_s * sr)
        end = min(n, start + length)
        seg = source[start:end]
        voiced = np.zeros(end - start)
        for formant, width in ((rng.uniform(300, 850), 90), (rng.uniform(850, 2400), 120),
                               (rng.uniform(2400, 3300), 180)):
            b, a = signal.iirpeak(formant, formant / width, fs=sr)
            voiced += signal.lfilter(b, a, seg)
        env = fade_envelope(end - start, (end - start) // 3, (end - start) // 3)
        if rng.random() < 0.25:  # s, sh, f: a hiss instead of a vowel
            voiced = 0.3 * band_noise(rng, end - start, float(rng.uniform(2500, 4500)), 9000.0, sr, order=2)
        if rng.random() < 0.15:  # a pause between words
            env *= 0.0
        out[start:end] = voiced * env
        start = end
    return out / (np.std(out) or 1.0)


def crowd(rng: np.random.Generator, n: int, sr: int = SAMPLE_RATE) -> Made:
    """Spectators: a few near voices over speech-shaped murmur (250-4000 Hz), with cheers and applause
    swelling now and then."""
    murmur = band_noise(rng, n, 250.0, 4000.0, sr, order=2) * np.exp(0.3 * smooth_random(rng, n, 1.0, sr))
    out = murmur / (np.std(murmur) or 1.0)
    for _ in range(int(rng.integers(3, 7))):
        out += 0.5 * _voice(rng, n, sr, float(rng.uniform(100, 240)), float(rng.uniform(0.15, 0.3)))
    spans: list[Span] = []
    t = float(rng.uniform(1.0, 8.0))
    while t < n / sr - 1.0:
        length = float(rng.uniform(1.5, 4.0))
        m = int(length * sr)
        cheer = band_noise(rng, m, 300.0, 4000.0, sr, order=2)
        cheer /= np.std(cheer) or 1.0
        claps = np.zeros(m)
        hits = rng.integers(0, m - 200, size=int(length * rng.uniform(40, 150)))
        click = band_noise(rng, 200, 800.0, 4000.0, sr, order=2) * np.exp(-np.arange(200) / 40.0)
        for hit in hits:
            claps[hit: hit + 200] += click * rng.uniform(0.3, 1.0)
        claps /= np.std(claps) or 1.0
        shape = fade_envelope(m, m // 4, m // 2)
        _place(rng, out, shape * (2.0 * cheer + 1.0 * claps), int(t * sr), float(rng.uniform(0.5, 1.5)))
        spans.append(Span("cheer", t, t + length))
        t += length + float(rng.uniform(4.0, 15.0))
    return out, spans


def hooves(rng: np.random.Generator, n: int, sr: int = SAMPLE_RATE) -> Made:
    """Horses galloping on turf: each footfall a low thud (80-250 Hz, decaying in tens of milliseconds)
    with a clod's click; the gallop's four beats in a stride of about 0.45 s; horses passing nearer and
    farther."""
    out = np.zeros(n)
    for _ in range(int(rng.integers(2, 8))):
        stride = float(rng.uniform(0.40, 0.55))
        t = float(rng.uniform(0.0, stride))
        nearness = np.exp(1.0 * smooth_random(rng, n, float(rng.uniform(0.05, 0.2)), sr))
        while t < n / sr:
            for beat in (0.0, 0.11, 0.19, 0.27):
                m = int(rng.uniform(0.04, 0.09) * sr)
                k = np.arange(m)
                thud = np.sin(2 * np.pi * rng.uniform(80, 250) * k / sr) * np.exp(-k / (m / 4.0))
                click = band_noise(rng, m, 500.0, 3000.0, sr, order=2) * np.exp(-k / (m / 10.0))
                start = int((t + beat + rng.normal(0, 0.01)) * sr)
                if 0 <= start < n:
                    _place(rng, out, (thud + 0.3 * click) * nearness[start], start, float(rng.uniform(0.6, 1.0)))
            t += stride * float(rng.uniform(0.95, 1.05))
    return out, []


def _music(rng: np.random.Generator, n: int, sr: int) -> np.ndarray:
    """Music over the PA: chords of harmonic tones, a melody, a kick and hi-hat at 100-130 beats a minute."""
    beat = 60.0 / float(rng.uniform(100, 130))
    out = np.zeros(n)
    roots = 110.0 * 2.0 ** (rng.integers(0, 12, size=64) / 12.0)
    t, i = 0.0, 0
    while t < n / sr:
        m = int(4 * beat * sr)
        k = np.arange(m)
        for interval in (0, 4, 7):
            f = np.full(m, roots[i % 64] * 2.0 ** (interval / 12.0))
            out_piece = harmonic_tone(phase_of(f, sr), [(h, 0.6**h) for h in range(1, 8)], f, sr)
            _place(rng, out, 0.3 * out_piece * np.exp(-k / (2.0 * beat * sr)), int(t * sr))
        for step in range(8):  # the melody, eighth notes an octave or two above the chord
            note = roots[i % 64] * 2.0 ** (int(rng.choice([12, 16, 19, 24])) / 12.0)
            q = int(beat / 2 * sr)
            f = np.full(q, note)
            tone = harmonic_tone(phase_of(f, sr), [(1, 1.0), (2, 0.3), (3, 0.15)], f, sr)
            _place(rng, out, 0.25 * tone * fade_envelope(q, q // 10, q // 3), int((t + step * beat / 2) * sr))
        for step in range(4):
            q = int(0.15 * sr)
            kick = np.sin(2 * np.pi * 55 * np.arange(q) / sr) * np.exp(-np.arange(q) / (0.04 * sr))
            _place(rng, out, kick, int((t + step * beat) * sr))
            hat = band_noise(rng, q // 3, 6000.0, sr / 2, sr, order=2) * np.exp(-np.arange(q // 3) / (0.01 * sr))
            _place(rng, out, 0.2 * hat, int((t + (step + 0.5) * beat) * sr))
        t += 4 * beat
        i += 1
    return out


def public_address(rng: np.random.Generator, n: int, sr: int = SAMPLE_RATE) -> Made:
    """The announcer and music through horn loudspeakers (300-5000 Hz), echoing off a second speaker."""
    speech = np.zeros(n)
    spans: list[Span] = []
    t = float(rng.uniform(0.0, 3.0))
    voice_f0 = float(rng.uniform(90, 220))
    while t < n / sr - 1.0:
        length = min(float(rng.uniform(2.0, 7.0)), n / sr - t)
        m = int(length * sr)
        _place(rng, speech, _voice(rng, m, sr, voice_f0, float(rng.uniform(0.15, 0.25))), int(t * sr))
        spans.append(Span("pa_speech", t, t + length))
        t += length + float(rng.uniform(0.5, 5.0))
    music = _music(rng, n, sr)
    mix = speech / (np.std(speech) or 1.0) + float(rng.uniform(0.2, 0.8)) * music / (np.std(music) or 1.0)
    sos = signal.butter(4, [300.0, 5000.0], "bandpass", fs=sr, output="sos")
    horn = signal.sosfilt(sos, mix)
    echo = int(rng.uniform(0.08, 0.35) * sr)
    horn[echo:] += float(rng.uniform(0.3, 0.6)) * horn[:-echo].copy()
    return horn, spans


def birds(rng: np.random.Generator, n: int, sr: int = SAMPLE_RATE) -> Made:
    """Songbirds: bouts of chirps between 2 and 8 kHz. Each element sweeps (up, down, or up and down) by a
    quarter of its pitch or more, or is shorter than 80 ms, and trill elements are separated by silences: a
    listener tells them from a whistle's continuous tone, and so does the truth."""
    out = np.zeros(n)
    spans: list[Span] = []
    t = float(rng.uniform(0.0, 4.0))
    while t < n / sr - 0.5:
        bout_start = t
        elements = int(rng.integers(2, 14))
        lo = float(rng.uniform(2000.0, 5000.0))
        for _ in range(elements):
            length = float(rng.uniform(0.02, 0.25))
            m = int(length * sr)
            sweep = float(rng.uniform(1.25, 1.8)) if length >= 0.08 else float(rng.uniform(1.0, 1.6))
            shape = rng.choice(["up", "down", "arch"])
            x = np.linspace(0.0, 1.0, m)
            curve = {"up": x, "down": 1.0 - x, "arch": np.sin(np.pi * x)}[str(shape)]
            f = np.minimum(lo * sweep ** curve, 8000.0)
            tone = harmonic_tone(phase_of(f, sr), [(1, 1.0), (2, 0.1)], f, sr)
            _place(rng, out, tone * fade_envelope(m, m // 5, m // 3), int(t * sr), float(rng.uniform(0.4, 1.0)))
            t += length + float(rng.uniform(0.02, 0.15))
        spans.append(Span("birds", bout_start, t))
        t += float(rng.uniform(1.0, 6.0))
    return out, spans


def people_whistling(rng: np.random.Generator, n: int, sr: int = SAMPLE_RATE) -> Made:
    """People whistling with the lips: melodies of notes 0.12-0.6 s between 0.8 and 2.8 kHz with glides
    between them and a 4-7 Hz vibrato; now and then a wolf whistle (a long rise then a fall). A fan's pea
    whistle or a steady finger whistle is not made: it would be a referee whistle by sound."""
    out = np.zeros(n)
    spans: list[Span] = []
    t = float(rng.uniform(0.0, 4.0))
    while t < n / sr - 1.5:
        if rng.random() < 0.3:
            m = int(rng.uniform(0.8, 1.4) * sr)
            x = np.linspace(0.0, 1.0, m)
            f = np.where(x < 0.4, 1200.0 * (2.3 ** (x / 0.4)), 2700.0 * (0.5 ** ((x - 0.45).clip(0) / 0.55)))
            f = np.where((x >= 0.4) & (x < 0.45), 2760.0, f)
        else:
            notes = 2.0 ** (rng.integers(-5, 8, size=int(rng.integers(4, 12))) / 12.0) * rng.uniform(1100, 1700)
            lengths = rng.uniform(0.12, 0.6, size=notes.size)
            f = np.concatenate([np.full(int(d * sr), p) for p, d in zip(notes, lengths, strict=True)])
            f = signal.lfilter([0.004], [1.0, -0.996], f - f[0]) + f[0]  # glides between notes
            m = f.size
        vibrato = 1.0 + float(rng.uniform(0.01, 0.03)) * np.sin(phase_of(np.full(m, rng.uniform(4, 7)), sr))
        f = np.clip(f * vibrato, 700.0, 2900.0)
        tone = harmonic_tone(phase_of(f, sr), [(1, 1.0), (2, 0.05)], f, sr)
        tone += 0.05 * band_noise(rng, m, 800.0, 4000.0, sr, order=2)
        _place(rng, out, tone * fade_envelope(m, int(0.03 * sr), int(0.05 * sr)), int(t * sr))
        spans.append(Span("people_whistling", t, t + m / sr))
        t += m / sr + float(rng.uniform(1.5, 8.0))
    return out, spans


def engines(rng: np.random.Generator, n: int, sr: int = SAMPLE_RATE) -> Made:
    """A tractor, a mower or a generator: a firing frequency of 20-120 Hz with its harmonics, the engine's
    speed wandering, plus exhaust noise; passing nearer and farther."""
    out = np.zeros(n)
    for _ in range(int(rng.integers(1, 3))):
        firing = float(rng.uniform(20.0, 120.0)) * (1.0 + 0.08 * smooth_random(rng, n, 0.3, sr))
        levels = [(k, 1.0 / k**0.7) for k in range(1, 60)]
        hum = harmonic_tone(phase_of(firing, sr, float(rng.uniform(0, 6.3))), levels, firing, sr)
        exhaust = band_noise(rng, n, 60.0, 2500.0, sr, order=2)
        engine = hum / (np.std(hum) or 1.0) + 0.5 * exhaust / (np.std(exhaust) or 1.0)
        out += engine * np.exp(0.7 * smooth_random(rng, n, 0.08, sr))
    return out, []


def neighs(rng: np.random.Generator, n: int, sr: int = SAMPLE_RATE) -> Made:
    """Horses whinnying: 1-2 s calls with two independent fundamentals (biphonation), a low one of
    0.4-1 kHz and a high one of 1.5-3.5 kHz, both falling over the call, with 8-15 Hz pulsation and
    rich harmonics on the low one."""
    out = np.zeros(n)
    spans: list[Span] = []
    t = float(rng.uniform(0.5, 6.0))
    while t < n / sr - 2.0:
        m = int(rng.uniform(0.8, 2.0) * sr)
        x = np.linspace(0.0, 1.0, m)
        fall = 1.0 - float(rng.uniform(0.2, 0.5)) * x**1.5
        pulse = 1.0 + 0.08 * np.sin(2 * np.pi * rng.uniform(8, 15) * np.arange(m) / sr)
        low = float(rng.uniform(400.0, 1000.0)) * fall * pulse
        high = float(rng.uniform(1500.0, 3500.0)) * fall * (1.0 + 0.03 * smooth_random(rng, m, 10.0, sr))
        call = harmonic_tone(phase_of(low, sr), [(k, 0.7**k) for k in range(1, 10)], low, sr)
        call += float(rng.uniform(0.2, 0.7)) * harmonic_tone(phase_of(high, sr), [(1, 1.0), (2, 0.2)], high, sr)
        call += 0.2 * band_noise(rng, m, 300.0, 5000.0, sr, order=2)
        _place(rng, out, call * fade_envelope(m, int(0.05 * sr), int(0.3 * sr)), int(t * sr))
        spans.append(Span("neigh", t, t + m / sr))
        t += m / sr + float(rng.uniform(3.0, 15.0))
    return out, spans


MAKERS: dict[str, Callable[[np.random.Generator, int, int], Made]] = {
    "wind": wind,
    "crowd": crowd,
    "hooves": hooves,
    "pa": public_address,
    "birds": birds,
    "people_whistling": people_whistling,
    "engines": engines,
    "neighs": neighs,
}
