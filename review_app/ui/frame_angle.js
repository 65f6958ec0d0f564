// The second angle beside the frame view (frame_view.js builds it; shipped in the same module, no build step).
//
// Another recording of the match, shown at the instant the main picture shows: the main frame's time, plus
// the offset the app sends (time in the angle minus time in the footage, review_app/model/angles.py), gives
// the angle's frame on screen then, from the angle's own frame times (fetched once from {src}/times, like
// the main view's): through time, never by a ratio of rates, so variable-rate phone video maps exactly.
// The angle's picture carries data-polo-angle-frame="<index>" (empty when the angle shows nothing at that
// instant), set in the task that swaps the picture, as the main picture carries data-polo-frame.
// The nudge buttons ([ and ]) are actions of the view: the app hears them with the main frame on screen,
// moves the offset by one of the angle's frames and saves it with the match; the new offset comes back here.

const ANGLE_KEEP = 24; // decoded frames of the angle kept around the one on screen

class SecondAngle {
  constructor(view) {
    this.view = view;
    this.src = null;
    this.times = null;
    this.frames = new Map(); // index -> {url: blob URL, img}
    this.inflight = new Set();
    this.want = null; // the angle frame the main picture asks for (null: nothing at this instant)
    this.pinned = null; // a frame held decoded whatever is on screen (the live view's last whistle)
    // {main, angle}: when the main view paints frame `main`, the angle shows frame `angle`, as the server
    // mapped it (the live view's last whistle: the angle's own times may not reach that frame yet)
    this.fixed = null;
    this.painted = undefined;
    this.stage = el("div", "stage angle");
    this.stage.hidden = true;
    this.picture = el("img", "frame");
    this.picture.setAttribute("data-testid", "polo-angle-frame");
    this.picture.alt = "";
    this.picture.draggable = false;
    this.badge = el("div", "badge");
    this.badge.setAttribute("data-testid", "polo-angle-frame-number");
    this.caption = el("div", "angle-caption");
    this.caption.setAttribute("data-testid", "polo-angle-caption");
    this.status = el("div", "status");
    this.status.hidden = true;
    this.bar = el("div", "group angle-nudge");
    this.bar.hidden = true;
    this.title = el("span", "angle-name");
    this.bar.append(this.title);
    this.earlier = el("button", "nudge");
    this.later = el("button", "nudge");
    for (const [b, name] of [[this.earlier, "angle.earlier"], [this.later, "angle.later"]]) {
      b.type = "button";
      b.dataset.action = name;
      this.bar.append(b);
    }
    this.label = el("span", "angle-offset");
    this.label.setAttribute("data-testid", "polo-angle-offset");
    this.bar.append(this.label);
    this.stage.append(this.picture, this.badge, this.caption, this.status);
  }

  get on() {
    return !!this.src;
  }

  update(data) {
    const d = data || null;
    const src = d ? d.src : null;
    if (src !== this.src) {
      this.drop();
      this.src = src;
      this.times = null;
      this.painted = undefined;
      if (src) this.loadTimes();
    }
    this.stage.hidden = this.bar.hidden = !src;
    this.view.stages.classList.toggle("two", !!src);
    if (!d) return;
    this.offset = Number(d.offset) || 0;
    this.count = d.count || 0;
    this.duration = d.duration || 0;
    this.width = d.width;
    this.height = d.height;
    this.text = d.text || {};
    this.stage.classList.toggle("focused", !!d.focused);
    this.caption.textContent = d.focused && this.text.tagging ? `${d.name} · ${this.text.tagging}` : d.name || "";
    this.label.textContent = d.offsetText || "";
    this.title.textContent = this.text.title || "";
    this.earlier.textContent = this.text.earlier || "−1 f";
    this.later.textContent = this.text.later || "+1 f";
    this.earlier.title = `${this.text.earlierHelp || ""} ([)`;
    this.later.title = `${this.text.laterHelp || ""} (])`;
    this.follow(this.view.painted);
  }

  async loadTimes() {
    const src = this.src;
    try {
      const r = await fetch(`${src}/times`);
      if (!r.ok) throw new Error(await r.text());
      const times = new Float64Array(await r.arrayBuffer());
      if (this.src !== src) return;
      this.times = times;
      this.problem = "";
      this.follow(this.view.painted);
    } catch (err) {
      if (this.src !== src) return;
      this.problem = String(err.message || err);
      this.show();
      setTimeout(() => this.src === src && !this.times && this.loadTimes(), 1000);
    }
  }

  // the angle's frame on screen at its time t (as review_app.model.angles.frame_at), or null
  frameAt(t) {
    const times = this.times;
    if (!times || !times.length || t < times[0] - 1e-6 || t >= this.duration) return null;
    let lo = 0;
    let hi = times.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (times[mid] <= t + 1e-6) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  // the main view painted its frame `i`: show the angle at the same instant
  follow(i) {
    const fixed = this.fixed;
    if (this.on && fixed && i === fixed.main) return this.hold(fixed.angle);
    if (!this.on || !this.times || !this.view.times || i < 0) return this.show();
    this.want = this.frameAt(this.view.timeOf(i) + this.offset);
    if (this.want === null) this.paint(null);
    else if (this.frames.has(this.want)) this.paint(this.want);
    this.pump();
    this.show();
  }

  paint(k) {
    if (k === null) {
      this.picture.removeAttribute("src");
      this.picture.setAttribute("data-polo-angle-frame", "");
    } else {
      this.picture.src = this.frames.get(k).url;
      this.picture.setAttribute("data-polo-angle-frame", String(k));
    }
    this.picture.style.transform = this.view.picture.style.transform; // the same zoom and pan
    this.painted = k;
    this.show();
  }

  show() {
    const t = this.text || {};
    const k = this.painted;
    this.badge.textContent = k === null ? "—" : k === undefined ? "…" : String(k);
    const message = this.problem || (k === null && this.times ? t.nothing || "" : "");
    this.status.textContent = message;
    this.status.hidden = !message;
  }

  // frame `k` shown now if it is here, else as soon as it comes (fetched now whatever else is in flight)
  hold(k) {
    this.want = k;
    if (k === null) this.paint(null);
    else if (this.frames.has(k)) this.paint(k);
    else if (!this.inflight.has(k)) this.fetchFrame(k);
    this.show();
  }

  // fetch the frame wanted, then the next ones the way the main view goes
  pump() {
    if (!this.on || this.want === null || !this.times) return;
    const p = this.pinned;
    if (p !== null && p !== this.want && !this.frames.has(p) && this.inflight.has(p)) return; // it first
    const dir = this.view.dir || 1;
    const ahead = this.view.playing ? 6 : 1;
    for (let n = 0; n <= ahead && this.inflight.size < 2; n++) {
      const k = this.want + dir * n;
      if (k < 0 || k >= this.times.length || this.frames.has(k) || this.inflight.has(k)) continue;
      this.fetchFrame(k);
    }
  }

  // hold frame `k` decoded (the live view's last whistle), fetched now whatever else is in flight
  pin(k) {
    this.pinned = k;
    if (this.on && !this.frames.has(k) && !this.inflight.has(k)) this.fetchFrame(k);
  }

  async fetchFrame(k) {
    const src = this.src;
    this.inflight.add(k);
    try {
      const r = await fetch(`${src}/${k}.jpg`);
      if (!r.ok) throw new Error(r.status === 503 ? "" : await r.text());
      const url = URL.createObjectURL(await r.blob());
      const img = new Image();
      img.src = url;
      await img.decode();
      if (this.src !== src) {
        URL.revokeObjectURL(url);
        return;
      }
      this.frames.set(k, { url, img });
      this.evict();
      if (k === this.want) this.paint(k);
    } catch (err) {
      if (this.src === src && err.message) {
        this.problem = err.message;
        this.show();
      }
    } finally {
      this.inflight.delete(k);
    }
    if (this.src === src) this.pump();
  }

  evict() {
    if (this.frames.size <= ANGLE_KEEP) return;
    for (const [k, { url }] of this.frames) {
      if (this.frames.size <= ANGLE_KEEP) break;
      if (k !== this.painted && k !== this.pinned && Math.abs(k - (this.want ?? k)) > ANGLE_KEEP / 2) {
        URL.revokeObjectURL(url);
        this.frames.delete(k);
      }
    }
  }

  drop() {
    for (const { url } of this.frames.values()) URL.revokeObjectURL(url);
    this.frames.clear();
    this.inflight.clear();
    this.problem = "";
  }

  destroy() {
    this.drop();
    this.src = null;
  }
}
