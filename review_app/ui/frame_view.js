// The frame view (Streamlit custom component v2; plain JavaScript, no build step).
//
// Frames are fetched by URL from the app's own server ({src}/{index}.jpg), decoded ahead (off the
// main thread, img.decode()) and kept around the playhead; stepping and playing swap the picture's
// source to a decoded frame here, with no rerun of the app per frame. (An <img> swap paints in a few
// milliseconds; drawing 1080p into a canvas cost 20-100 ms a paint without a GPU.) The picture carries
// data-polo-frame="<index>" and the badge the frame's number, both set in the task that swaps the
// picture, and the picture is already decoded: the number shown is that of the picture on screen. The app hears the position only when it matters: after
// a pause or a run of steps settles (2 s), with an action (Tag here), on a click or Tab elsewhere on the page.
//
// Memory: decoded frames at most data.budget bytes (4 bytes a pixel; at least MIN_FRAMES of them),
// each with its JPEG as a blob; the browser's HTTP cache holds the JPEGs it fetched, within its own limits.

const SPEEDS = [0.1, 0.25, 0.5, 1, 2];
const MIN_FRAMES = 5;
const MAX_FRAMES = 96;
const IN_FLIGHT = 3; // fetches at a time: the server decodes one while it encodes the others
const PREVIEW_RATE = 12; // frames a second above which playing uses previews (smaller pictures)
// A run of steps settles this long before the app is told: telling it reruns part of the page, whose
// redrawing would hold up the next step's paint. A click or Tab elsewhere on the page tells it at once.
const REPORT_AFTER_MS = 2000;
const LOOP_AROUND_S = 3;
const MAX_ZOOM = 16;
const HEADER_ROOM = 180; // px above a view sized for the window: the header, a title line and a picker, as on Review

// A frame's time as the first whole millisecond inside it (as the EAF writer places an instant): typed back,
// it lands on the same frame, where rounding to the nearest could fall in the frame before.
function msInside(seconds) {
  return Math.ceil(Math.max(0, seconds) * 1000 - 1e-6) / 1000;
}

function formatTime(seconds) {
  const s = msInside(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = (s % 60).toFixed(3).padStart(6, "0");
  return h >= 1 ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

// keys meant for something else: a field being typed in, or a widget that uses arrows itself
const OWN_KEYS = new Set(["grid", "listbox", "slider", "radiogroup", "tablist", "menu", "combobox", "spinbutton"]);

function typing(ev) {
  for (const t of ev.composedPath ? ev.composedPath() : [ev.target]) {
    if (!t || !t.tagName) continue;
    if (t.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(t.tagName)) return true;
    if (OWN_KEYS.has(t.getAttribute("role"))) return true;
  }
  return false;
}

// small icons drawn here, not taken from a font that may lack them
const ICONS = {
  reverse: "M16 5v14L5 12z",
  pause: "M6 5h4v14H6zM14 5h4v14h-4z",
  play: "M8 5v14l11-7z",
  fullscreen: "M4 4h6v2H6v4H4zM14 4h6v6h-2V6h-4zM4 14h2v4h4v2H4zM18 14h2v6h-6v-2h4z",
};

function icon(name) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  const path = document.createElementNS(ns, "path");
  path.setAttribute("d", ICONS[name]);
  svg.append(path);
  return svg;
}

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

class FrameView {
  constructor(parent) {
    this.parent = parent;
    this.bitmaps = new Map(); // index -> {img: decoded HTMLImageElement, url: its blob URL, preview: bool}
    this.inflight = new Map(); // index -> AbortController
    this.failed = new Map(); // index -> time of the last failure (retried later)
    this.times = null; // Float64Array: each frame's time in seconds
    this.generation = 0; // bumped when the recording or format changes: late fetches are dropped
    this.painted = -1;
    this.pendingAct = null; // an action asked for before the frame it is for was painted (act)
    this.target = 0;
    this.playing = false;
    this.dir = 1;
    this.speed = 1;
    this.loop = null; // [in, out] frame indices
    this.whistles = []; // frames where a whistle was heard (from the app)
    this.note = null; // {dir, at}: at frame `at`, no whistle heard beyond in direction `dir`: said while it holds
    this.zoom = { z: 1, x: 0, y: 0 };
    this.lastSent = null;
    this.seekId = null;
    this.reportTimer = null;
    this.build();
    this.listen();
    window.__poloReviewActiveView = this;
  }

  // -- the page ------------------------------------------------------------------------------
  build() {
    const root = (this.root = el("div", "pv"));
    root.tabIndex = 0;
    root.setAttribute("role", "application");
    const stage = (this.stage = el("div", "stage main"));
    this.picture = el("img", "frame");
    this.picture.setAttribute("data-testid", "polo-frame");
    this.picture.alt = "";
    this.picture.draggable = false;
    this.badge = el("div", "badge");
    this.badge.setAttribute("data-testid", "polo-frame-number");
    this.status = el("div", "status");
    this.status.hidden = true;
    stage.append(this.picture, this.badge, this.status);
    // the second angle's picture beside this one (frame_angle.js), hidden until the app sends one
    this.angle = new SecondAngle(this);
    const stages = (this.stages = el("div", "stages"));
    stages.append(stage, this.angle.stage);
    const bar = (this.bar = el("div", "bar"));
    this.buttons = {};
    const button = (name, cls) => {
      const b = el("button", cls || "");
      b.type = "button";
      b.dataset.do = name;
      this.buttons[name] = b;
      return b;
    };
    const group = (cls, ...children) => {
      const g = el("div", "group " + (cls || ""));
      g.append(...children);
      return g;
    };
    this.speedSelect = el("select", "speed");
    for (const s of SPEEDS) {
      const o = el("option", "", `${s}×`);
      o.value = String(s);
      this.speedSelect.append(o);
    }
    this.speedSelect.value = "1";
    bar.append(
      group("steps", button("back1s"), button("back1f"), button("reverse"), button("pause"), button("play"),
        button("fwd1f"), button("fwd1s"), this.speedSelect),
      group("loop", button("loopIn"), button("loopOut"), button("loopAround"), button("loopClear")),
      group("view", button("zoomReset"), button("fullscreen")),
      (this.soundBox = group("sound", button("prevWhistle"), button("nextWhistle"))),
      this.angle.bar,
      (this.actionsBox = group("actions")),
    );
    this.info = el("div", "info");
    this.info.setAttribute("aria-live", "polite");
    // the code keys and the timeline (frame_timeline.js)
    this.coding = new Coding(this);
    this.timeline = new Timeline(this);
    root.append(stages, bar, this.coding.box, this.info, this.timeline.root);
    this.parent.append(root);
    this.layer = new DrawingLayer(this); // drawing on the frame: frame_drawing.js
  }

  labels(text) {
    const b = this.buttons;
    const set = (name, label, hint) => {
      if (ICONS[name]) b[name].replaceChildren(icon(name));
      else b[name].textContent = label;
      b[name].title = hint ? `${text[name + "Help"] || label} (${hint})` : text[name + "Help"] || label;
      b[name].setAttribute("aria-label", b[name].title);
    };
    set("back1s", text.back1s, "Shift+←");
    set("back1f", text.back1f, "←");
    set("reverse", "", "J");
    set("pause", "", "K");
    set("play", "", "L");
    set("fwd1f", text.fwd1f, "→");
    set("fwd1s", text.fwd1s, "Shift+→");
    set("loopIn", text.loopIn, "I");
    set("loopOut", text.loopOut, "O");
    set("loopAround", text.loopAround, "P");
    set("loopClear", text.loopClear, "C");
    set("zoomReset", "1:1", "0");
    set("fullscreen", "", "F");
    set("prevWhistle", text.prevWhistle, ",");
    set("nextWhistle", text.nextWhistle, ".");
    this.speedSelect.title = `${text.speedHelp} (↑ ↓)`;
    this.speedSelect.setAttribute("aria-label", this.speedSelect.title);
    this.root.setAttribute("aria-label", text.viewHelp);
  }

  actionsFrom(actions) {
    const sig = JSON.stringify(actions);
    if (sig === this.actionsSig) return;
    this.actionsSig = sig;
    this.actions = actions;
    this.actionsBox.replaceChildren();
    for (const a of actions) {
      if (a.name.startsWith("angle.")) continue; // the second angle's own buttons, beside its offset
      const b = el("button", "action", a.label);
      b.type = "button";
      b.dataset.action = a.name;
      b.title = `${a.help || a.label} (${a.key.toUpperCase()})`;
      this.actionsBox.append(b);
    }
  }

  // -- data from the app (every rerun that changed it) --------------------------------------------
  update(data) {
    this.text = data.text;
    const source = `${data.src}|${data.fmt}`;
    if (source !== this.sourceKey) {
      const sameRecording = this.src === data.src;
      this.sourceKey = source;
      this.src = data.src;
      this.fmt = data.fmt;
      this.generation += 1;
      this.drop();
      if (!sameRecording) {
        this.times = null;
        this.timesFor = null;
        this.loop = null;
        this.pause(false);
        this.painted = -1;
        this.resetZoom();
      }
    }
    this.width = data.width;
    this.height = data.height;
    this.fitWindow = !!data.fitWindow; // sized for the window it is scrolled into, not for where it starts
    if (data.ready && this.ready === false) this.drop(); // the first frame came before the index: fetched again
    this.ready = !!data.ready;
    this.count = data.count || 1;
    this.duration = data.duration || 0;
    this.statusText = data.status || "";
    this.budget = data.budget;
    this.previews = !!data.previewSide && Math.max(data.width, data.height) > data.previewSide;
    this.previewScale = this.previews ? data.previewSide / Math.max(data.width, data.height) : 1;
    this.labels(data.text);
    this.actionsFrom(data.actions || []);
    this.whistles = data.whistles || []; // frames where a whistle was heard, in order
    this.soundBox.hidden = !this.whistles.length;
    this.coding.update(data.codes);
    this.timeline.update(this.ready ? data.timeline : null);
    this.layer.update(data.drawing);
    this.angle.update(data.angle);
    if (this.ready && this.timesFor !== this.src) this.loadTimes();
    const seek = data.seek || { id: 0, frame: 0 };
    if (seek.id !== this.seekId) {
      const first = this.seekId === null;
      this.seekId = seek.id;
      this.lastSent = seek.frame; // the app knows where it sent us
      this.pause(false);
      this.goTo(this.ready ? seek.frame : 0, false);
      if (!first || !document.activeElement || document.activeElement === document.body) this.focus();
    }
    this.layout();
    this.show();
    this.pump();
  }

  async loadTimes() {
    const src = this.src;
    this.timesFor = src;
    try {
      const r = await fetch(`${src}/times`);
      if (!r.ok) throw new Error(await r.text());
      const times = new Float64Array(await r.arrayBuffer());
      if (this.src === src) {
        this.times = times;
        this.show();
        this.angle.follow(this.painted);
      }
    } catch (err) {
      if (this.src === src) {
        this.timesFor = null;
        this.problem = String(err.message || err);
        this.show();
        setTimeout(() => this.src === src && this.ready && !this.times && this.loadTimes(), 1000);
      }
    }
  }

  focus() {
    this.root.focus({ preventScroll: true });
    window.__poloReviewActiveView = this;
  }

  // -- positions ---------------------------------------------------------------------------------
  clamp(i) {
    return Math.max(0, Math.min(this.count - 1, i));
  }

  timeOf(i) {
    return this.times ? this.times[i] : 0;
  }

  endOf(i) {
    return i + 1 < this.count ? this.times[i + 1] : this.duration;
  }

  frameAt(t) {
    // the last frame shown at or before t (times ascend)
    const times = this.times;
    let lo = 0;
    let hi = times.length - 1;
    if (t < times[0]) return 0;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (times[mid] <= t + 1e-6) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  // the next frame along the way playback goes (wrapping inside a loop while playing), or null
  next(i, dir) {
    if (this.loop && this.playing) {
      const [a, b] = this.loop;
      if (dir > 0 && i >= b) return a;
      if (dir < 0 && i <= a) return b;
    }
    const j = i + dir;
    return j < 0 || j >= this.count ? null : j;
  }

  canMove() {
    return this.ready && this.times !== null;
  }

  fps() {
    return this.count > 1 && this.duration > 0 ? this.count / this.duration : 25;
  }

  // a click on the timeline: go there and keep the keys
  jump(frame) {
    if (!this.canMove()) return;
    this.pause(false);
    this.goTo(frame, true);
    this.focus();
  }

  step(frames, seconds) {
    if (!this.canMove()) return;
    this.pause(false);
    const from = this.target;
    let to;
    if (seconds) {
      to = this.frameAt(this.timeOf(from) + seconds);
      if (to === from && from > 0 && from < this.count - 1) to += seconds > 0 ? 1 : -1; // a step always moves
    } else {
      to = from + frames;
    }
    this.dir = to < from ? -1 : 1;
    this.goTo(to, true);
  }

  // The first whistle heard after (dir 1) or last before (dir -1) frame `from`; undefined: none.
  whistleFrom(from, dir) {
    return dir > 0 ? this.whistles.find((w) => w > from) : [...this.whistles].reverse().find((w) => w < from);
  }

  // The whistle heard next after (dir 1) or last before (dir -1) the frame on screen.
  whistle(dir) {
    if (!this.canMove() || !this.whistles.length) return;
    const from = this.target;
    const to = this.whistleFrom(from, dir);
    if (to === undefined) {
      // Said, not silent: at the last whistle a coach would otherwise press "." again and wonder whether the key
      // was taken; the note is said until the view moves.
      this.note = { dir, at: from };
      this.show();
      return;
    }
    this.pause(false);
    this.dir = dir;
    this.goTo(to, true);
  }

  goTo(frame, report) {
    this.target = this.clamp(frame);
    if (report) this.report();
    if (this.has(this.target, false)) {
      this.paint(this.target);
      // the next frames are fetched and decoded once this one is painted, not while it is
      requestAnimationFrame(() => setTimeout(() => this.pump(), 0));
    } else {
      this.show();
      this.pump();
    }
  }

  // -- painting -----------------------------------------------------------------------------------
  paint(i) {
    const entry = this.bitmaps.get(i);
    if (!entry) return false;
    this.paintedPreview = entry.preview;
    this.stale = entry.preview; // a preview on screen is painted over by the full frame
    // the number goes on the picture's element in the task that swaps it: both reach the screen
    // together (the source is decoded already, so the swap is synchronous)
    this.picture.src = entry.url;
    this.picture.setAttribute("data-polo-frame", String(i));
    this.painted = i;
    this.layer.draw();
    this.show();
    this.timeline.cursor(i);
    this.angle.follow(i);
    if (this.pendingAct && i === this.target && !this.playing) this.fire(this.pendingAct);
    return true;
  }

  // write to the page only what changed: a step then repaints the picture, the badge and the line
  put(el, prop, value) {
    if (el[prop] !== value) el[prop] = value;
  }

  show() {
    const i = this.painted;
    const t = this.text;
    if (!t) return;
    const has = i >= 0;
    this.put(this.badge, "textContent", has ? String(i) : "…");
    this.put(this.badge, "hidden", !has);
    const parts = [];
    if (has && this.ready) {
      parts.push(t.position.replace("{frame}", i).replace("{last}", this.count - 1)
        .replace("{time}", this.times ? formatTime(this.timeOf(i)) : "…")
        .replace("{seconds}", this.times ? msInside(this.timeOf(i)).toFixed(3) : "…"));
    } else if (has) {
      parts.push(t.first);
    }
    parts.push(this.playing ? `${this.dir > 0 ? "▶" : "◀"} ${this.speed}×` : t.paused);
    if (this.loop) parts.push(t.loop.replace("{a}", this.loop[0]).replace("{b}", this.loop[1]));
    if (this.zoom.z > 1.001) parts.push(`${Math.round(this.zoom.z * 100)}%`);
    if (has && this.paintedPreview) parts.push(t.preview);
    if (this.target !== i && this.ready && !this.playing) parts.push(t.loading.replace("{frame}", this.target));
    const beyond = this.note && this.whistleFrom(i, this.note.dir);
    // Said no more once the view moved on or a whistle lies beyond after all (one restored); said in the language
    // and of the whistles shown now.
    if (this.note && (this.note.at !== i || this.target !== i || beyond !== undefined)) this.note = null;
    if (this.note) {
      const [text, edge] = this.note.dir > 0 ? [t.noWhistleAfter, this.whistles[this.whistles.length - 1]]
        : [t.noWhistleBefore, this.whistles[0]];
      if (edge !== undefined) parts.push(text.replace("{frame}", edge));
    }
    this.put(this.info, "textContent", parts.join(" · "));
    const message = !this.ready ? this.statusText : this.problem || "";
    this.put(this.status, "textContent", message);
    this.put(this.status, "hidden", !message);
    const state = `${this.canMove()}|${this.playing}|${this.dir}|${this.speed}|${this.actionsSig}`;
    if (state === this.controlsState) return;
    this.controlsState = state;
    const off = !this.canMove();
    for (const [name, b] of Object.entries(this.buttons)) {
      if (!["zoomReset", "fullscreen"].includes(name)) b.disabled = off;
    }
    this.speedSelect.disabled = off;
    for (const b of this.actionsBox.querySelectorAll("button")) b.disabled = off;
    this.buttons.pause.classList.toggle("on", !this.playing);
    this.buttons.play.classList.toggle("on", this.playing && this.dir > 0);
    this.buttons.reverse.classList.toggle("on", this.playing && this.dir < 0);
    this.speedSelect.value = String(this.speed);
  }

  // -- frames from the server -------------------------------------------------------------------
  url(i, preview) {
    return preview ? `${this.src}/${i}.preview.jpg` : `${this.src}/${i}.${this.fmt}`;
  }

  // playing fast enough that smaller pictures keep time (the full one comes when it stops)
  previewing() {
    const fps = this.duration > 0 ? this.count / this.duration : 25;
    return this.previews && this.playing && this.speed * fps > PREVIEW_RATE;
  }

  has(i, preview) {
    const entry = this.bitmaps.get(i);
    return !!entry && (preview || !entry.preview);
  }

  held() {
    let bytes = 0;
    for (const { img } of this.bitmaps.values()) bytes += img.naturalWidth * img.naturalHeight * 4;
    return bytes;
  }

  // how many frames the budget holds at the size now fetched
  capacity() {
    const scale = this.previewing() ? this.previewScale : 1;
    const frame = 4 * this.width * this.height * scale * scale;
    return Math.max(MIN_FRAMES, Math.min(MAX_FRAMES, Math.floor(this.budget / frame)));
  }

  // the frames to hold, most wanted first: the target, then ahead (the way of travel) with some behind
  wanted() {
    const out = [this.target];
    if (!this.ready) return out;
    const room = this.capacity() - 1;
    const ahead = this.playing ? Math.ceil(room * 0.75) : Math.ceil(room / 2);
    const behind = room - ahead;
    let a = this.target;
    let b = this.target;
    let na = 0;
    let nb = 0;
    const seen = new Set(out);
    while (na < ahead || nb < behind) {
      let moved = false;
      for (let k = 0; k < 2 && na < ahead; k++) {
        a = a === null ? null : this.next(a, this.dir);
        na++;
        if (a !== null && !seen.has(a)) {
          out.push(a);
          seen.add(a);
          moved = true;
        }
      }
      if (nb < behind) {
        b = b === null ? null : this.next(b, -this.dir);
        nb++;
        if (b !== null && !seen.has(b)) {
          out.push(b);
          seen.add(b);
          moved = true;
        }
      }
      if (!moved && a === null && b === null) break;
    }
    return out;
  }

  pump() {
    if (!this.src) return;
    const now = performance.now();
    const preview = this.previewing();
    for (const i of this.wanted()) {
      if (this.inflight.size >= IN_FLIGHT) break;
      if (this.has(i, preview) || this.inflight.has(i)) continue;
      if (now - (this.failed.get(i) || -1e9) < 1000) continue;
      this.fetchFrame(i, preview);
    }
  }

  async fetchFrame(i, preview) {
    const generation = this.generation;
    const abort = new AbortController();
    this.inflight.set(i, abort);
    let bitmap = null; // the decoded picture: {img, url}
    try {
      const r = await fetch(this.url(i, preview), { signal: abort.signal });
      if (!r.ok) {
        const why = await r.text();
        if (r.status === 503) throw new Error("");
        throw new Error(why || `HTTP ${r.status}`);
      }
      if (!(r.headers.get("content-type") || "").startsWith("image/")) throw new Error(this.text.noFrames);
      const url = URL.createObjectURL(await r.blob());
      const img = new Image();
      img.src = url;
      try {
        await img.decode();
      } catch (err) {
        URL.revokeObjectURL(url);
        throw err;
      }
      bitmap = { img, url };
    } catch (err) {
      if (generation === this.generation && err.name !== "AbortError") {
        this.failed.set(i, performance.now());
        if (err.message) {
          this.problem = err.message;
          this.show();
        }
        setTimeout(() => this.pump(), 1000);
      }
    } finally {
      if (this.inflight.get(i) === abort) this.inflight.delete(i);
    }
    if (!bitmap) return;
    if (generation !== this.generation) {
      URL.revokeObjectURL(bitmap.url);
      return;
    }
    if (this.problem && this.failed.size) this.problem = "";
    this.failed.delete(i);
    const old = this.bitmaps.get(i);
    if (old && preview && !old.preview) {
      URL.revokeObjectURL(bitmap.url); // the full picture came first: keep it
    } else {
      if (old) URL.revokeObjectURL(old.url);
      this.bitmaps.set(i, { ...bitmap, preview });
    }
    this.evict();
    if (!this.playing && this.showsOnArrival(i) && (this.painted !== i || this.stale) && this.has(i, false)) {
      this.paint(i);
      if (this.lastSent !== i && this.reportTimer === null && this.pendingReport) this.report();
    }
    this.pump();
  }

  // a frame that has come is painted at once when it is the one asked for
  showsOnArrival(i) {
    return i === this.target;
  }

  evict() {
    let bytes = this.held();
    if (bytes <= this.budget) return;
    const keep = new Set(this.wanted());
    keep.add(this.painted);
    for (const [i, { img, url }] of this.bitmaps) {
      if (bytes <= this.budget) break;
      if (!keep.has(i)) {
        bytes -= img.naturalWidth * img.naturalHeight * 4;
        URL.revokeObjectURL(url); // the picture on screen keeps its decoded image
        this.bitmaps.delete(i);
      }
    }
  }

  drop() {
    this.stale = true; // what is on screen is painted over when its frame comes again
    for (const { url } of this.bitmaps.values()) URL.revokeObjectURL(url);
    this.bitmaps.clear();
    for (const abort of this.inflight.values()) abort.abort();
    this.inflight.clear();
    this.failed.clear();
    this.problem = "";
  }

  // -- playing ------------------------------------------------------------------------------------
  play(dir, speed) {
    if (!this.canMove()) return;
    if (speed !== undefined) this.speed = speed;
    const from = this.painted >= 0 ? this.painted : this.target;
    if (!this.loop && this.next(from, dir) === null) return this.show(); // at the end already
    this.pendingAct = null; // playing on: an action waiting for a frame is given up
    this.dir = dir;
    this.target = from;
    this.clock = dir > 0 ? this.timeOf(from) : this.endOf(from) - 1e-6;
    if (!this.playing) {
      this.playing = true;
      this.lastTick = performance.now();
      requestAnimationFrame((now) => this.tick(now));
    }
    this.clearReport();
    this.show();
    this.pump();
  }

  shuttle(dir) {
    if (this.playing && this.dir === dir) this.faster(1);
    else this.play(dir);
  }

  faster(n) {
    const k = SPEEDS.indexOf(this.speed);
    this.speed = SPEEDS[Math.max(0, Math.min(SPEEDS.length - 1, (k < 0 ? 3 : k) + n))];
    this.show();
  }

  pause(report = true) {
    if (!this.playing) return;
    this.playing = false;
    this.target = this.painted >= 0 ? this.painted : this.target;
    this.show();
    this.pump(); // the full picture, if a preview is on screen
    if (report) this.report(true);
  }

  tick(now) {
    if (!this.playing) return;
    const dt = Math.min(0.1, Math.max(0, (now - this.lastTick) / 1000)); // a stalled tab does not jump
    this.lastTick = now;
    const dir = this.dir;
    let clock = this.clock + dir * this.speed * dt;
    if (this.loop) {
      const [a, b] = this.loop;
      if (dir > 0 && clock >= this.endOf(b)) clock = this.timeOf(a);
      if (dir < 0 && clock < this.timeOf(a)) clock = this.endOf(b) - 1e-6;
    } else if (dir > 0 && clock >= this.duration) {
      clock = this.duration;
    } else if (dir < 0 && clock < 0) {
      clock = 0;
    }
    const due = this.frameAt(clock);
    let at = this.painted;
    if (due !== at) {
      // paint the furthest frame on the way to `due` that is here, never skipping one that is not
      let best = null;
      let i = at;
      for (let n = 0; n < this.count && i !== due; n++) {
        i = this.next(i, dir);
        if (i === null || !this.has(i, true)) break;
        best = i;
      }
      if (best !== null) {
        this.paint(best);
        at = best;
      }
      if (at !== due) {
        // the next frame is not here yet: hold the clock at it (the play waits, it never shows a gap)
        const need = this.next(at, dir);
        if (need !== null) clock = dir > 0 ? this.timeOf(need) : this.endOf(need) - 1e-6;
      }
    }
    this.clock = clock;
    this.target = at;
    const ended = !this.loop && ((dir > 0 && at >= this.count - 1 && clock >= this.duration - 1e-9) ||
      (dir < 0 && at <= 0 && clock <= 0));
    if (ended) {
      this.pause();
      return;
    }
    this.pump();
    requestAnimationFrame((t) => this.tick(t));
  }

  setLoop(a, b) {
    this.loop = a <= b ? [a, b] : [b, a];
    this.show();
  }

  loopAround() {
    if (!this.canMove()) return;
    const at = this.painted >= 0 ? this.painted : this.target;
    const t = this.timeOf(at);
    this.setLoop(this.frameAt(Math.max(0, t - LOOP_AROUND_S)), this.frameAt(Math.min(this.duration, t + LOOP_AROUND_S)));
    this.pause(false);
    this.goTo(this.loop[0], false);
    this.play(1);
  }

  // -- telling the app -----------------------------------------------------------------------------
  report(now = false) {
    this.clearReport();
    this.pendingReport = true;
    if (now) this.sendPosition();
    else this.reportTimer = setTimeout(() => this.sendPosition(), REPORT_AFTER_MS);
  }

  clearReport() {
    if (this.reportTimer !== null) clearTimeout(this.reportTimer);
    this.reportTimer = null;
  }

  sendPosition() {
    this.reportTimer = null;
    if (this.playing || this.painted < 0 || !this.ready) return;
    if (this.painted !== this.target) return; // told once the picture arrives (fetchFrame)
    this.pendingReport = false;
    if (this.painted === this.lastSent) return;
    this.lastSent = this.painted;
    if (this.send) this.send("position", this.painted);
  }

  act(name) {
    if (!this.canMove() || this.painted < 0) return;
    this.pause(false);
    // On its way to a frame (a step, a whistle key, a jump whose picture has not come yet): the action
    // waits for that frame to be painted and carries it, so T tags the picture the reviewer then sees.
    if (this.painted !== this.target) {
      this.pendingAct = name;
      return;
    }
    this.fire(name);
  }

  fire(name) {
    this.pendingAct = null;
    this.clearReport();
    this.pendingReport = false;
    this.lastSent = this.painted;
    if (this.trigger) this.trigger("action", { name, frame: this.painted });
  }

  // -- zoom and pan -------------------------------------------------------------------------------
  resetZoom() {
    this.zoom = { z: 1, x: 0, y: 0 };
    this.applyZoom();
  }

  zoomAt(factor, cx, cy) {
    const { z, x, y } = this.zoom;
    const nz = Math.max(1, Math.min(MAX_ZOOM, z * factor));
    // keep the point under (cx, cy) where it is
    this.zoom = { z: nz, x: cx - ((cx - x) * nz) / z, y: cy - ((cy - y) * nz) / z };
    this.applyZoom();
  }

  applyZoom() {
    const w = this.stage.clientWidth;
    const h = this.stage.clientHeight;
    const zm = this.zoom;
    zm.x = Math.min(0, Math.max(w - w * zm.z, zm.x));
    zm.y = Math.min(0, Math.max(h - h * zm.z, zm.y));
    this.picture.style.transform = zm.z > 1.001 ? `translate(${zm.x}px, ${zm.y}px) scale(${zm.z})` : "";
    this.angle.picture.style.transform = this.picture.style.transform; // both angles zoom and pan together
    this.layer.place(this.picture.style.transform);
    this.stage.classList.toggle("zoomed", zm.z > 1.001);
    this.show();
  }

  // the picture as large as the width allows, no taller than the window (portrait: fitted to the height)
  layout() {
    const full = document.fullscreenElement === this.root;
    const width = this.stage.clientWidth || this.root.clientWidth;
    if (!width || !this.width) return;
    // below the picture: its bar and line; above it: whatever the page puts there (at the top of the page)
    // (a view far down a page, as on the Evidence page's tab, is sized as if scrolled to: below the
    // app's header, as the Review page's view is, never shrunk to the room left under the page's top)
    const top = full ? 0 : this.fitWindow ? Math.min(this.topInPage(), HEADER_ROOM) : this.topInPage();
    // the code keys stay in view with the picture; the timeline may be scrolled to
    const below = this.bar.offsetHeight + this.coding.box.offsetHeight + this.info.offsetHeight;
    const room = window.innerHeight - top - below - (full ? 24 : 16);
    const height = Math.max(240, Math.min(full ? room : (width * this.height) / this.width, room));
    this.stage.style.height = `${Math.round(height)}px`;
    this.angle.stage.style.height = this.stage.style.height;
    this.applyZoom();
  }

  // where the picture starts when the page is scrolled to its top
  topInPage() {
    let scroller = null;
    for (let n = (this.parent.host || this.parent).parentElement; n; n = n.parentElement) {
      const overflow = getComputedStyle(n).overflowY;
      if (overflow === "auto" || overflow === "scroll") {
        scroller = n;
        break;
      }
    }
    return this.stage.getBoundingClientRect().top + (scroller ? scroller.scrollTop : window.scrollY);
  }

  // -- input --------------------------------------------------------------------------------------
  listen() {
    this.onKey = (ev) => this.key(ev);
    window.addEventListener("keydown", this.onKey, true);
    this.onResize = () => this.layout();
    window.addEventListener("resize", this.onResize);
    document.addEventListener("fullscreenchange", this.onResize);
    this.resizer = new ResizeObserver(() => this.layout());
    this.resizer.observe(this.root);
    // a click elsewhere (a button of the app) first tells the app where we are
    this.onOutside = (ev) => {
      if (!ev.composedPath().includes(this.root) && this.pendingReport) this.report(true);
    };
    document.addEventListener("pointerdown", this.onOutside, true);
    document.addEventListener("focusin", this.onOutside, true);
    this.root.addEventListener("pointerdown", () => {
      window.__poloReviewActiveView = this;
    });
    this.root.addEventListener("click", (ev) => {
      const b = ev.target.closest("button");
      if (!b || b.disabled) return;
      if (b.dataset.code) return this.coding.code(b.dataset.code); // playback goes on
      if (b.dataset.action) return this.act(b.dataset.action);
      this.command(b.dataset.do);
      this.root.focus({ preventScroll: true });
    });
    this.speedSelect.addEventListener("change", () => {
      this.speed = Number(this.speedSelect.value);
      this.show();
      this.root.focus({ preventScroll: true });
    });
    const stage = this.stage;
    stage.addEventListener("wheel", (ev) => {
      ev.preventDefault();
      const r = stage.getBoundingClientRect();
      this.zoomAt(Math.exp(-ev.deltaY * (ev.ctrlKey ? 0.01 : 0.0015)), ev.clientX - r.left, ev.clientY - r.top);
    }, { passive: false });
    stage.addEventListener("dblclick", () => this.resetZoom());
    const pointers = new Map();
    stage.addEventListener("pointerdown", (ev) => {
      pointers.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
      stage.setPointerCapture(ev.pointerId);
    });
    stage.addEventListener("pointermove", (ev) => {
      const was = pointers.get(ev.pointerId);
      if (!was) return;
      const now = { x: ev.clientX, y: ev.clientY };
      if (pointers.size === 1) {
        this.zoom.x += now.x - was.x; // drag pans
        this.zoom.y += now.y - was.y;
        this.applyZoom();
      } else if (pointers.size === 2) {
        const [other] = [...pointers.entries()].filter(([id]) => id !== ev.pointerId).map(([, p]) => p);
        const before = Math.hypot(was.x - other.x, was.y - other.y);
        const after = Math.hypot(now.x - other.x, now.y - other.y);
        const r = stage.getBoundingClientRect();
        if (before > 0) this.zoomAt(after / before, (now.x + other.x) / 2 - r.left, (now.y + other.y) / 2 - r.top);
      }
      pointers.set(ev.pointerId, now);
    });
    const up = (ev) => pointers.delete(ev.pointerId);
    stage.addEventListener("pointerup", up);
    stage.addEventListener("pointercancel", up);
  }

  command(name) {
    const fps = this.fps();
    switch (name) {
      case "back1s": return this.step(0, -1);
      case "back1f": return this.step(-1, 0);
      case "fwd1f": return this.step(1, 0);
      case "fwd1s": return this.step(0, 1);
      case "reverse": return this.shuttle(-1);
      case "play": return this.shuttle(1);
      case "pause": return this.pause();
      case "toggle": return this.playing ? this.pause() : this.play(1);
      case "faster": return this.faster(1);
      case "slower": return this.faster(-1);
      case "loopIn": return this.canMove() && this.setLoop(this.target, this.loop ? this.loop[1] : this.clamp(this.target + Math.round(fps * 2 * LOOP_AROUND_S)));
      case "loopOut": return this.canMove() && this.setLoop(this.loop ? this.loop[0] : 0, this.target);
      case "loopAround": return this.loopAround();
      case "loopClear": this.loop = null; return this.show();
      case "first": return this.canMove() && (this.pause(false), this.goTo(0, true));
      case "last": return this.canMove() && (this.pause(false), this.goTo(this.count - 1, true));
      case "zoomIn": return this.zoomAt(1.25, this.stage.clientWidth / 2, this.stage.clientHeight / 2);
      case "zoomOut": return this.zoomAt(0.8, this.stage.clientWidth / 2, this.stage.clientHeight / 2);
      case "zoomReset": return this.resetZoom();
      case "prevWhistle": return this.whistle(-1);
      case "nextWhistle": return this.whistle(1);
      case "fullscreen":
        if (document.fullscreenElement === this.root) return document.exitFullscreen();
        return this.root.requestFullscreen().then(() => this.focus()).catch(() => {});
      default: return undefined;
    }
  }

  key(ev) {
    if (window.__poloReviewActiveView !== this || !this.root.isConnected || !this.root.offsetWidth) return; // gone, hidden
    if (this.layer.key(ev)) return ev.preventDefault(); // Escape puts a drawing tool down, from its text box too
    if (typing(ev) || ev.ctrlKey || ev.altKey || ev.metaKey) return;
    const k = ev.key.length === 1 ? ev.key.toLowerCase() : ev.key;
    const once = !ev.repeat;
    if (once && this.coding.describes(k)) { // the keys right after a code key describe its tag
      ev.preventDefault();
      ev.stopImmediatePropagation();
      this.coding.describe(k);
      return;
    }
    let name = null;
    if (k === "ArrowLeft") name = ev.shiftKey ? "back1s" : "back1f";
    else if (k === "ArrowRight") name = ev.shiftKey ? "fwd1s" : "fwd1f";
    else if (k === "ArrowUp") name = "faster";
    else if (k === "ArrowDown") name = "slower";
    else if (k === "Home") name = "first";
    else if (k === "End") name = "last";
    else if (!once) name = null;
    else if (k === "j") name = "reverse";
    else if (k === "k") name = "pause";
    else if (k === "l") name = "play";
    else if (k === " ") name = "toggle";
    else if (k === "i") name = "loopIn";
    else if (k === "o") name = "loopOut";
    else if (k === "p") name = "loopAround";
    else if (k === "c") name = "loopClear";
    else if (k === "f") name = "fullscreen";
    else if (k === "0") name = "zoomReset";
    else if (k === ",") name = "prevWhistle";
    else if (k === ".") name = "nextWhistle";
    else if (k === "+" || k === "=") name = "zoomIn";
    else if (k === "-") name = "zoomOut";
    // An action may take Shift with its letter ("shift+n": a period starts here), apart from the letter alone.
    const shifted = ev.shiftKey && k.length === 1 ? `shift+${k}` : null;
    const actions = this.actions || [];
    const action = once && !name && ((shifted && actions.find((a) => a.key === shifted))
      || actions.find((a) => a.key === k));
    const code = once && !name && !action && this.coding.byKey(k);
    if (!name && !action && !code && !(k.startsWith("Arrow") || k === "Home" || k === "End")) return;
    ev.preventDefault();
    ev.stopImmediatePropagation();
    if (action) this.act(action.name);
    else if (code) this.coding.code(code.key);
    else if (name) this.command(name);
  }

  destroy() {
    this.playing = false;
    this.clearReport();
    this.drop();
    window.removeEventListener("keydown", this.onKey, true);
    window.removeEventListener("resize", this.onResize);
    document.removeEventListener("fullscreenchange", this.onResize);
    document.removeEventListener("pointerdown", this.onOutside, true);
    document.removeEventListener("focusin", this.onOutside, true);
    this.resizer.disconnect();
    this.timeline.destroy();
    this.coding.destroy();
    this.layer.destroy();
    this.angle.destroy();
    if (window.__poloReviewActiveView === this) window.__poloReviewActiveView = null;
    this.root.remove();
    this.destroyed = true;
  }
}

// One view per data.view (the app's key for it), kept across Streamlit's remounts: a rerun of the whole page
// (the live page's after W, say) may hand the component a new element (and a new component key), and a view
// made anew there would lose its decoded frames and what it was doing (a replay, a position not told yet).
// The view moves to the new element instead, and is ended only once no element holds it (a second on: the
// new element comes after the old one's cleanup, the module being loaded again first).
const VIEWS = (window.__poloReviewViews = window.__poloReviewViews || new Map());
const END_AFTER_MS = 1000;

function mountView(component, ViewClass) {
  const { parentElement, data, setStateValue, setTriggerValue } = component;
  const id = data && data.view ? `${ViewClass.name}|${data.view}` : null;
  let view = id ? VIEWS.get(id) : parentElement.__poloView;
  if (!view || view.destroyed || !(view instanceof ViewClass)) {
    view = new ViewClass(parentElement);
    if (id) VIEWS.set(id, view);
  } else if (view.parent !== parentElement) {
    view.parent = parentElement;
    parentElement.append(view.root);
  }
  parentElement.__poloView = view;
  view.send = setStateValue;
  view.trigger = setTriggerValue;
  if (!earlierRun(data, view.taken)) { // else a later run's data is shown (page_runs.js)
    view.taken = data;
    view.update(data);
  }
  // Streamlit calls this again with each change of `data` (same element) and runs only the last
  // cleanup, or a cleanup at once when a call was overtaken: end the view only once it is gone.
  return () => setTimeout(() => {
    if (view.destroyed || view.parent !== parentElement || parentElement.isConnected) return;
    view.destroy();
    if (id && VIEWS.get(id) === view) VIEWS.delete(id);
  }, END_AFTER_MS);
}

export default function (component) {
  return mountView(component, FrameView);
}
