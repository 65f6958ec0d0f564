// The live frame view (the live Review page; shipped after frame_view.js in the same module, no build step).
//
// The frame view of a recording that grows: the app sends the frame count recorded so far on each of its
// runs (every half second), the frames' times are fetched again when it grows ({src}/times is never kept),
// and the view follows the live edge until the official steps, plays or jumps (End or "Live" follows again).
// "Last whistle" (W): both angles at the last whistle heard, then three seconds either side of it played
// over and over, slowed. The root carries data-polo-live-count (frames recorded) and
// data-polo-last-whistle (the last whistle's frame), and data-polo-replay the whistle W last showed.

const REPLAY_SPEED = 0.25;
const REPLAY_AROUND_S = 3;
const REPLAY_HOLD_MS = 700; // the whistle's frame held on both angles before the slowed loop plays
const REPLAY_WAIT_MS = 3000;
const FOLLOWS = new Set(["last", "faster", "slower", "zoomIn", "zoomOut", "zoomReset", "fullscreen", "live"]);

class LiveFrameView extends FrameView {
  build() {
    super.build();
    this.following = true;
    this.replay = null; // {frame, token} while the last whistle is being replayed
    this.pinned = null; // the last whistle's frame, kept decoded for W
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
    this.liveInfo.textContent = live.status || "";
    this.root.dataset.poloLiveCount = String(this.liveCount);
    const last = this.whistles.length ? this.whistles[this.whistles.length - 1] : null;
    this.root.dataset.poloLastWhistle = last === null ? "" : String(last);
    this.root.classList.toggle("following", this.following);
    this.prefetch(last);
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
  prefetch(last) {
    if (last === null || !this.times || last >= this.times.length) return;
    if (last !== this.pinned) {
      this.pinned = last;
      this.pump();
    }
    const a = this.angle;
    if (!a.on || !a.times) return; // the angle's times come on a later run
    const k = a.frameAt(this.timeOf(last) + a.offset);
    if (k !== null) a.pin(k); // again after the angle dropped its frames (a new source)
  }

  // While following the live edge only the newest frame is fetched, and the last whistle's held for W:
  // the frames behind the edge would otherwise be fetched as fast as they are recorded, the server decoding
  // and encoding every 1080p frame for nobody, and W's picture would queue behind them.
  wanted() {
    const out = this.following && !this.playing ? [this.target] : super.wanted();
    const w = this.pinned;
    if (w !== null && w !== undefined && w < this.count && !out.includes(w)) out.splice(1, 0, w);
    return out;
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
    this.prefetch(this.whistles.length ? this.whistles[this.whistles.length - 1] : null);
    this.show();
  }

  command(name) {
    if (name === "live" || name === "last") {
      this.following = true;
      this.replay = null;
      this.loop = null;
      this.root.classList.add("following");
      return this.canMove() && (this.pause(false), this.goTo(this.edgeFrame(), false));
    }
    if (name === "lastWhistle") return this.lastWhistle();
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
    return super.key(ev);
  }

  // the loop around the whistle reaches 3 s after it, as far as that is recorded yet
  stretchReplay() {
    const t = this.timeOf(this.replay.frame);
    const a = this.frameAt(Math.max(0, t - REPLAY_AROUND_S));
    const b = this.frameAt(Math.min(this.duration, t + REPLAY_AROUND_S));
    this.loop = [Math.min(a, this.replay.frame), Math.max(b, this.replay.frame)];
  }

  lastWhistle() {
    if (!this.canMove() || !this.whistles.length) return;
    this.following = false;
    this.root.classList.remove("following");
    const frame = this.clamp(this.whistles[this.whistles.length - 1]);
    const token = {};
    this.replay = { frame, token };
    this.root.dataset.poloReplay = String(frame);
    this.pause(false);
    this.stretchReplay();
    this.goTo(frame, false);
    this.focus();
    // the app hears which whistle is under review (its decision form offers that one first)
    if (this.trigger) this.trigger("action", { name: "replay", frame });
    // once the whistle's frame is on screen on both angles (the angle at most REPLAY_WAIT_MS late: one that
    // shows nothing there, or lags, does not hold the replay up), the slowed loop plays from there
    const asked = performance.now();
    const start = () => {
      if (!this.replay || this.replay.token !== token) return;
      const angleThere = !this.angle.on || this.angle.painted === this.angle.want ||
        performance.now() - asked > REPLAY_WAIT_MS;
      if (this.painted !== frame || !angleThere) return setTimeout(start, 20);
      setTimeout(() => this.replay && this.replay.token === token && this.play(1, REPLAY_SPEED), REPLAY_HOLD_MS);
    };
    start();
    this.show();
  }
}

export default function (component) {
  const { parentElement, data, setStateValue, setTriggerValue } = component;
  let view = parentElement.__poloLiveView;
  if (!view || view.destroyed) view = parentElement.__poloLiveView = new LiveFrameView(parentElement);
  view.send = setStateValue;
  view.trigger = setTriggerValue;
  view.update(data);
  return () => setTimeout(() => {
    if (!parentElement.isConnected && !view.destroyed) view.destroy();
  }, 0);
}
