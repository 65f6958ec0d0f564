// The live frame view (the live Review page; shipped after frame_view.js in the same module, no build step).
//
// The frame view of a recording that grows: the app sends the frame count recorded so far on each of its
// runs (every half second), the frames' times are fetched again when it grows ({src}/times is never kept),
// and the view follows the live edge until the official steps, plays or jumps (End or "Live" follows again).
// "Last whistle" (W): both angles at the last whistle heard, then three seconds either side of it played
// over and over, slowed. The app sends the last whistle's frame on each angle (live.replay: the angle's
// frame mapped on the server, by the offset measured from the whistles); both pictures are fetched and
// decoded as soon as it comes, so that W only swaps two decoded pictures, and the slowed loop starts once
// both are on screen. The root carries data-polo-live-count (frames recorded), data-polo-last-whistle
// (the last whistle's frame), data-polo-replay the whistle W last showed and data-polo-replay-angle the
// angle's frame for it (empty when the angle has not recorded that instant).
// "Mark whistle" (M): a whistle the official heard and the page missed. Following the live edge, the
// picture shown is the live moment (the edge itself is a second or two behind, the newest segment): the
// instant of the press on the server's clock (the page's clock checked against {live.clock}, syncClock)
// goes to the app, which marks the whistle that long ago less the reaction time; stepped back,
// the frame on screen less the reaction time. The root carries data-polo-marked (the last press's instant).

const REPLAY_SPEED = 0.25;
const REPLAY_AROUND_S = 3;
const REPLAY_HOLD_MS = 700; // the whistle's frame held on both angles before the slowed loop plays
const REPLAY_WAIT_MS = 3000;
const CLOCK_SAMPLES = 5;
const CLOCK_EVERY_MS = 10000;
const CLOCK_KEEP_MS = 300000; // round trips this recent bound the clocks' offset (two clocks drift apart slowly)
const FOLLOWS = new Set(["last", "faster", "slower", "zoomIn", "zoomOut", "zoomReset", "fullscreen", "live"]);

class LiveFrameView extends FrameView {
  build() {
    super.build();
    this.following = true;
    this.replay = null; // {frame, token} while the last whistle is being replayed
    this.pinned = null; // the last whistle's frame, kept decoded for W
    this.pair = null; // the last whistle {frame, angle} from the app
    this.liveBox = el("div", "group live");
    const button = (name, cls) => {
      const b = el("button", cls || "");
      b.type = "button";
      b.dataset.do = name;
      this.liveBox.append(b);
      return b;
    };
    this.liveButton = button("live", "live-edge");
    this.liveButton.setAttribute("data-testid", "polo-live-edge");
    this.whistleButton = button("lastWhistle", "last-whistle");
    this.whistleButton.setAttribute("data-testid", "polo-last-whistle");
    this.markButton = button("mark", "mark-whistle");
    this.markButton.setAttribute("data-testid", "polo-mark-whistle");
    this.clockOffset = 0; // the server's clock minus this page's (ms)
    this.clockAt = null;
    this.liveInfo = el("span", "live-info");
    this.liveBox.append(this.liveInfo);
    this.bar.prepend(this.liveBox);
  }

  update(data) {
    const grew = this.ready && data.count !== this.liveCount;
    const angleCount = data.angle ? data.angle.count : null;
    super.update(data);
    this.liveCount = data.count || 0;
    if (this.times) this.count = Math.min(this.count, this.times.length);
    const live = data.live || {};
    this.liveText = live.text || {};
    this.liveEdge = live.edge;
    this.liveButton.textContent = this.liveText.live || "Live";
    this.liveButton.title = `${this.liveText.liveHelp || ""} (End)`;
    this.whistleButton.textContent = this.liveText.lastWhistle || "Last whistle";
    this.whistleButton.title = `${this.liveText.lastWhistleHelp || ""} (W)`;
    this.whistleButton.disabled = !this.whistles.length;
    this.markButton.textContent = this.liveText.mark || "Mark whistle";
    this.markButton.title = `${this.liveText.markHelp || ""} (M)`;
    if (live.clock && live.clock !== this.clockAt) {
      this.clockAt = live.clock;
      this.syncClock();
      clearInterval(this.clockTimer);
      this.clockTimer = setInterval(() => this.root.isConnected ? this.syncClock() : clearInterval(this.clockTimer),
        CLOCK_EVERY_MS);
    }
    this.liveInfo.textContent = live.status || "";
    this.root.dataset.poloLiveCount = String(this.liveCount);
    const pair = live.replay || null;
    this.pair = pair;
    this.root.dataset.poloLastWhistle = pair === null ? "" : String(pair.frame);
    this.root.classList.toggle("following", this.following);
    this.prefetch();
    if (this.replay && pair && pair.frame === this.replay.frame && pair.angle !== this.replay.angle) {
      this.holdAngle(pair.angle); // the angle's frame mapped again (the offset now from this whistle too)
    }
    if (grew) this.loadTimes();
    if (angleCount !== null && angleCount !== this.angleCount && this.angle.src) {
      this.angleCount = angleCount;
      if (this.angle.times) this.angle.loadTimes(); // the first load is the angle's own
    }
  }

  // The frame followed at the live edge: the first of the newest segment, a keyframe, which the server
  // decodes alone; the segment's last frame, a few hundred ms later, costs decoding the whole second,
  // 25-30 1080p frames a second on each angle for a picture that is replaced a second later.
  edgeFrame() {
    const e = this.liveEdge;
    return e === null || e === undefined || e < 0 ? this.count - 1 : Math.min(e, this.count - 1);
  }

  // A new whistle: its picture on both angles fetched and decoded now, and held (the main view's `pinned`,
  // the angle's `pinned`), so W paints both in the task that handles the key, without waiting for the server.
  // By the frame numbers the app sent: neither view's frame times need to reach the whistle yet.
  prefetch() {
    const pair = this.pair;
    if (pair === null || pair.frame >= this.liveCount) return;
    if (pair.frame !== this.pinned) {
      this.pinned = pair.frame;
      for (const [i, abort] of this.inflight) if (i !== pair.frame && this.following) abort.abort(); // (wanted)
      this.pump();
    }
    if (this.angle.on && pair.angle !== null) this.angle.pin(pair.angle); // again after a new source
  }

  // the angle shows frame `k` while the main view shows the whistle under review
  holdAngle(k) {
    this.replay.angle = k;
    this.root.dataset.poloReplayAngle = k === null ? "" : String(k);
    this.angle.fixed = this.angle.on ? { main: this.replay.frame, angle: k } : null;
    if (this.painted === this.replay.frame) this.angle.follow(this.painted);
  }

  endReplay() {
    this.replay = null;
    this.angle.fixed = null;
  }

  // While following the live edge only the newest frame is fetched, and the last whistle's held for W:
  // the frames behind the edge would otherwise be fetched as fast as they are recorded, the server decoding
  // and encoding every 1080p frame for nobody, and W's picture would queue behind them.
  // Until the last whistle's picture is here, it is the only one fetched while following: the browser opens
  // a few connections to the server at a time, and a new edge frame queued ahead of it (decoded on a busy
  // server) would hold it up.
  wanted() {
    const w = this.pinned;
    const pinning = w !== null && w !== undefined && w < this.liveCount;
    if (pinning && this.following && !this.playing && !this.has(w, false)) return [w];
    const out = this.following && !this.playing ? [this.target] : super.wanted();
    if (pinning && !out.includes(w)) out.splice(1, 0, w);
    return out;
  }

  // a frame beyond the times fetched so far (the whistle held for W) is shown at the last time known
  timeOf(i) {
    const t = this.times;
    return t && t.length ? t[Math.min(i, t.length - 1)] : 0;
  }

  // Following the live edge, a newer frame than the one on screen is painted when it comes even if the
  // edge has moved on meanwhile: on a busy server a frame can take longer than a segment, and waiting for
  // the newest would never paint at all.
  showsOnArrival(i) {
    return super.showsOnArrival(i) || (this.following && i > this.painted && i <= this.target && i !== this.pinned);
  }

  async loadTimes() {
    await super.loadTimes();
    if (!this.times) return;
    const n = this.times.length;
    this.count = n;
    const step = n > 1 ? this.times[n - 1] - this.times[n - 2] : 0.04;
    this.duration = Math.max(this.duration, this.times[n - 1] + step);
    if (this.replay) this.stretchReplay();
    if (this.following && !this.playing) this.goTo(this.edgeFrame(), false);
    this.prefetch();
    this.show();
  }

  command(name) {
    if (name === "live" || name === "last") {
      this.following = true;
      this.endReplay();
      this.loop = null;
      this.root.classList.add("following");
      return this.canMove() && (this.pause(false), this.goTo(this.edgeFrame(), false));
    }
    if (name === "lastWhistle") return this.lastWhistle();
    if (name === "mark") return this.mark();
    if (!FOLLOWS.has(name)) {
      this.following = false;
      this.root.classList.remove("following");
    }
    return super.command(name);
  }

  key(ev) {
    const k = ev.key;
    if ((k === "w" || k === "W") && !ev.repeat && !ev.ctrlKey && !ev.altKey && !ev.metaKey && !typing(ev) &&
        window.__poloReviewActiveView === this && this.root.isConnected) {
      ev.preventDefault();
      ev.stopImmediatePropagation();
      return this.command("lastWhistle");
    }
    if ((k === "m" || k === "M") && !ev.repeat && !ev.ctrlKey && !ev.altKey && !ev.metaKey && !typing(ev) &&
        window.__poloReviewActiveView === this && this.root.isConnected) {
      ev.preventDefault();
      ev.stopImmediatePropagation();
      return this.command("mark");
    }
    return super.key(ev);
  }

  // the loop around the whistle reaches 3 s after it, as far as that is recorded yet (and its times known)
  stretchReplay() {
    if (!this.times || this.replay.frame >= this.times.length) return;
    const t = this.timeOf(this.replay.frame);
    const a = this.frameAt(Math.max(0, t - REPLAY_AROUND_S));
    const b = this.frameAt(Math.min(this.duration, t + REPLAY_AROUND_S));
    this.loop = [Math.min(a, this.replay.frame), Math.max(b, this.replay.frame)];
  }

  lastWhistle() {
    const pair = this.pair;
    if (!this.canMove() || pair === null) return;
    this.following = false;
    this.root.classList.remove("following");
    const frame = pair.frame;
    const token = {};
    this.replay = { frame, angle: null, token };
    this.root.dataset.poloReplay = String(frame);
    this.holdAngle(pair.angle);
    this.pause(false);
    this.loop = null;
    this.stretchReplay();
    // goTo within the frames known: the whistle may be in the newest segment, whose times are still on
    // their way; the picture itself is held already (prefetch), so it is painted at once all the same
    this.count = Math.max(this.count, Math.min(this.liveCount, frame + 1));
    this.goTo(frame, false);
    this.focus();
    this.startReplay(token);
    this.show();
  }

  // The server's clock against this page's: each round trip bounds it (the server read its clock between
  // the request leaving and the answer coming: server - answer <= offset <= server - request), the bounds of
  // the last CLOCK_KEEP_MS intersected. The page's own clock is kept where it lies within them (machines set
  // by NTP agree to milliseconds, and a busy machine's round trips are long: their middle is not the
  // answer), else the nearest bound. On one machine the offset is then 0, whatever the load.
  async syncClock() {
    const at = this.clockAt;
    const now = Date.now();
    this.clockBounds = (this.clockBounds || []).filter((b) => now - b.t < CLOCK_KEEP_MS);
    for (let n = 0; n < CLOCK_SAMPLES; n++) {
      try {
        const t0 = Date.now();
        const r = await fetch(at, { cache: "no-store" });
        const server = parseFloat(await r.text()) * 1000;
        const t1 = Date.now();
        if (r.ok && Number.isFinite(server)) this.clockBounds.push({ t: t1, lo: server - t1, hi: server - t0 });
      } catch (err) {
        break; // the server away: the bounds so far kept
      }
    }
    if (at !== this.clockAt || !this.clockBounds.length) return;
    let lo = Math.max(...this.clockBounds.map((b) => b.lo));
    let hi = Math.min(...this.clockBounds.map((b) => b.hi));
    if (lo > hi) { // a clock was set meanwhile: the newest round trip alone
      const b = this.clockBounds[this.clockBounds.length - 1];
      this.clockBounds = [b];
      [lo, hi] = [b.lo, b.hi];
    }
    this.clockOffset = Math.min(Math.max(0, lo), hi);
  }

  mark() {
    const wall = (Date.now() + this.clockOffset) / 1000;
    this.root.dataset.poloMarked = wall.toFixed(3);
    if (this.trigger) this.trigger("action", { name: "mark", wall, frame: this.painted, following: this.following });
  }

  // once the whistle's frame is on screen on both angles (the angle at most REPLAY_WAIT_MS late: one that
  // has nothing there, or lags, does not hold the replay up), the slowed loop plays from there
  startReplay(token) {
    const asked = performance.now();
    const start = () => {
      const r = this.replay;
      if (!r || r.token !== token) return;
      const angleThere = !this.angle.on || r.angle === null || this.angle.painted === r.angle ||
        performance.now() - asked > REPLAY_WAIT_MS;
      if (this.painted !== r.frame || !angleThere || !this.loop) return setTimeout(start, 20);
      // the app hears which whistle is under review (its decision form offers that one first), only now:
      // the page's rerun that follows would hold up the server while it sends the two pictures
      if (this.trigger) this.trigger("action", { name: "replay", frame: r.frame });
      setTimeout(() => this.replay && this.replay.token === token && this.play(1, REPLAY_SPEED), REPLAY_HOLD_MS);
    };
    start();
  }
}

export default function (component) {
  return mountView(component, LiveFrameView);
}
