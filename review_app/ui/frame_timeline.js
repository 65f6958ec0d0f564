// The frame view's timeline and code keys (loaded before frame_view.js, in the same component module;
// plain JavaScript, no build step).
//
// Timeline: the match's tags in rows by clause or by umpire, zoomed here from the whole match down
// to single frames (wheel, the − + buttons, drag to pan), each tag's window with edges that drag; a
// cursor drawn unlike any tag (a near-black line with a white edge and a head on the ruler, where no
// tag is drawn); verdicts by shape as well as colour (colours from reports/timeline.py); above the
// tags' rows, a row of the whistles and horns heard (downward triangles, blue and brown: no verdict's
// shape or colour), a click on one going to its frame. Zooming,
// panning and dragging are local; the app hears only a finished drag, or a click that seeks.
//
// Coding: one key (or button) per situation, from the reviewer's code window. A code tags the frame
// painted when its key is pressed and playback goes on. Codes and window drags are queued here as
// numbered edits and sent to the app together (`edits`) until the app says it saved them (`ack`):
// a rerun that overtakes another never loses one, and one the app has already saved is not saved
// twice.

const SHAPES = {
  circle: "M6 1.2a4.8 4.8 0 1 0 0.01 0z",
  cross: "M1.8 3.6 3.6 1.8 6 4.2 8.4 1.8 10.2 3.6 7.8 6 10.2 8.4 8.4 10.2 6 7.8 3.6 10.2 1.8 8.4 4.2 6z",
  diamond: "M6 0.6 11.4 6 6 11.4 0.6 6z",
  triangle: "M6 0.8 11.4 10.8H0.6z",
  triangleDown: "M0.6 1.2H11.4L6 11.2z", // a whistle or horn heard (never a verdict's shape)
};
const ROW_H = 22; // px a line of a row (frame_timeline.css: .tl-label, .tl-lane)
const MARK_PX = 14; // a tag's mark (.tl-mark)
const MIN_SPAN_FRAMES = 12; // the deepest zoom: a dozen frames across the track
const TICK_PX = 90; // about this far apart, the ruler's ticks
const TICK_FRAMES = [1, 2, 5, 10];
const TICK_SECONDS = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600];
const RESEND_MS = 5000; // edits the app has not acknowledged by then are sent again
// After a code key the next keys describe its tag (model.coding.described): the tag is sent this long after
// the last of them, or at once on Enter (Escape: no tag, the code key was a slip).
const DESCRIBE_MS = 1500;
const DESCRIBE_LETTERS = "pou"; // a letter, then a digit: the penalty, the umpire, the offender's team

// The items of a row that are on screen, in order, each given the line it sits on: an item goes on the first
// line whose last item ends before it starts, so marks that would overlap stack instead.
function onScreenInLines(items, width) {
  const row = items.filter((it) => it.x1 >= 0 && it.x0 <= width).sort((p, q) => p.x0 - q.x0);
  const ends = []; // per line: where its last item ends (px)
  for (const it of row) {
    let line = ends.findIndex((end) => end < it.x0);
    if (line < 0) line = ends.push(0) - 1;
    ends[line] = it.x1 + 2;
    it.line = line;
  }
  return row;
}

function lineCount(row) {
  return Math.max(1, ...row.map((it) => it.line + 1));
}

function svgShape(shape, color, hollow) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 12 12");
  svg.setAttribute("class", "shape");
  const path = document.createElementNS(ns, "path");
  path.setAttribute("d", SHAPES[shape] || SHAPES.circle);
  path.setAttribute("fill", hollow ? "none" : color);
  path.setAttribute("stroke", hollow ? color : "#000");
  path.setAttribute("stroke-width", hollow ? "1.6" : "0.7");
  svg.append(path);
  return svg;
}

function tickLabel(frames, step, fps, view) {
  if (step < fps) return String(frames);
  const t = view.times ? view.timeOf(Math.min(frames, view.count - 1)) : frames / fps;
  const s = Math.round(t);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

class Timeline {
  constructor(view) {
    this.view = view;
    this.marks = [];
    this.sounds = []; // whistles and horns heard: {kind, label, frame, color}
    this.styles = {};
    this.text = {};
    this.by = "clause";
    this.v0 = 0;
    this.v1 = null; // frames shown: [v0, v1)
    this.width = 0;
    this.at = -1;
    this.build();
  }

  build() {
    const root = (this.root = el("div", "tl"));
    root.setAttribute("data-testid", "polo-timeline");
    const head = el("div", "tl-head");
    this.rowsSelect = el("select", "tl-rows");
    for (const by of ["clause", "umpire"]) {
      const o = el("option", "", by);
      o.value = by;
      this.rowsSelect.append(o);
    }
    const button = (name, text) => {
      const b = el("button", "tl-" + name, text);
      b.type = "button";
      b.dataset.tl = name;
      return b;
    };
    this.zoomOutButton = button("zoomOut", "−");
    this.zoomInButton = button("zoomIn", "+");
    this.wholeButton = button("whole", "");
    this.spanLabel = el("span", "tl-span");
    this.legend = el("span", "tl-legend");
    head.append(this.rowsSelect, this.zoomOutButton, this.zoomInButton, this.wholeButton, this.spanLabel, this.legend);
    const body = el("div", "tl-body");
    this.labels = el("div", "tl-labels");
    this.track = el("div", "tl-track");
    this.track.setAttribute("data-testid", "polo-timeline-track");
    this.ruler = el("div", "tl-ruler");
    this.lanes = el("div", "tl-lanes");
    this.cursorLine = el("div", "tl-cursor");
    this.cursorLine.setAttribute("data-testid", "polo-timeline-cursor");
    this.cursorLine.append(el("div", "tl-cursor-head"));
    this.track.append(this.ruler, this.lanes, this.cursorLine);
    body.append(this.labels, this.track);
    root.append(head, body);
    this.listen();
  }

  // -- data from the app ---------------------------------------------------------------------------
  update(data) {
    if (!data) {
      this.root.hidden = true;
      return;
    }
    this.root.hidden = false;
    const t = (this.text = data.text || {});
    this.styles = data.styles || {};
    this.revision = data.revision;
    if (data.cursor) this.cursorLine.style.setProperty("--cursor", data.cursor);
    const sig = JSON.stringify([data.marks, data.sounds, t]);
    if (sig !== this.sig) {
      this.sig = sig;
      this.marks = (data.marks || []).map((m) => ({ ...m }));
      this.sounds = data.sounds || [];
      this.labelsText();
      this.render();
    }
  }

  labelsText() {
    const t = this.text;
    this.rowsSelect.options[0].textContent = t.byClause || "clause";
    this.rowsSelect.options[1].textContent = t.byUmpire || "umpire";
    this.rowsSelect.title = t.rows || "";
    this.zoomOutButton.title = t.zoomOut || "";
    this.zoomInButton.title = t.zoomIn || "";
    this.wholeButton.textContent = t.whole || "";
    this.wholeButton.title = t.wholeHelp || "";
    this.legend.replaceChildren();
    for (const [, s] of Object.entries(this.styles)) {
      const item = el("span", "tl-key");
      item.append(svgShape(s.shape, s.color), document.createTextNode(s.label));
      this.legend.append(item);
    }
    const kinds = new Map(this.sounds.map((s) => [s.kind, s]));
    for (const [kind, s] of kinds) {
      const item = el("span", "tl-key tl-key-sound");
      item.dataset.kind = kind;
      const name = (t.soundKinds || {})[kind] || kind; // the kind's name: a mark's label is that mark's alone
      item.append(svgShape("triangleDown", s.color), document.createTextNode(name));
      this.legend.append(item);
    }
    this.track.title = t.hint || "";
  }

  // -- geometry ------------------------------------------------------------------------------------
  count() {
    return Math.max(1, this.view.count || 1);
  }

  span() {
    return this.v1 - this.v0;
  }

  x(frame) {
    return ((frame - this.v0) / this.span()) * this.width;
  }

  frameAtX(px) {
    return this.v0 + (px / Math.max(1, this.width)) * this.span();
  }

  setView(v0, span) {
    const n = this.count();
    span = Math.max(Math.min(MIN_SPAN_FRAMES, n), Math.min(n, span));
    v0 = Math.max(0, Math.min(n - span, v0));
    this.v0 = v0;
    this.v1 = v0 + span;
  }

  zoomAt(factor, frame) {
    const span = this.span();
    const next = span / factor;
    this.setView(frame - ((frame - this.v0) * next) / span, next);
    this.render();
  }

  whole() {
    this.setView(0, this.count());
    this.render();
  }

  // -- drawing -------------------------------------------------------------------------------------
  rowKey(m) {
    return this.by === "umpire" ? m.umpire || "" : m.clause;
  }

  render() {
    if (this.root.hidden) return;
    const n = this.count();
    if (this.v1 === null || this.countFor !== n) {
      this.countFor = n;
      this.setView(0, n);
    }
    this.width = this.track.clientWidth;
    const t = this.text;
    // rows: the clauses (or umpires) that have tags, in order; codes still on their way in their row
    const ghosts = (this.view.coding ? this.view.coding.pending : []).filter((e) => e.kind === "code");
    const keys = new Set(this.marks.map((m) => this.rowKey(m)));
    for (const g of ghosts) keys.add(this.by === "umpire" ? "" : g.situation);
    const rows = [...keys].sort((a, b) => (a === "") - (b === "") || a.localeCompare(b, undefined, { numeric: true }));
    this.labels.replaceChildren(el("div", "tl-label tl-label-ruler"));
    this.lanes.replaceChildren();
    if (this.sounds.length) this.drawSounds();
    // each row's tags, stacked in as many lines as their windows (and marks) overlap on screen
    const items = new Map(rows.map((key) => [key, []]));
    for (const m of this.marks) items.get(this.rowKey(m)).push({ m, ...this.extent(m) });
    for (const g of ghosts) {
      items.get(this.by === "umpire" ? "" : g.situation).push({ g, ...this.extent({ frame: g.frame }) });
    }
    for (const key of rows) {
      const row = onScreenInLines(items.get(key), this.width);
      const height = `${lineCount(row) * ROW_H}px`;
      const label = el("div", "tl-label", key || t.noUmpire || "—");
      label.title = label.textContent;
      label.style.height = height;
      this.labels.append(label);
      const lane = el("div", "tl-lane");
      lane.dataset.row = key;
      lane.style.height = height;
      this.lanes.append(lane);
      for (const it of row) {
        if (it.m) this.drawMark(it.m, lane, it.line);
        else this.drawGhost(it.g, lane, it.line);
      }
    }
    if (!rows.length) {
      const empty = el("div", "tl-label tl-empty", t.empty || "");
      this.labels.append(empty);
      this.lanes.append(el("div", "tl-lane"));
    }
    this.drawRuler();
    const span = this.span();
    this.spanLabel.textContent = span >= n ? t.wholeShown || "" :
      (span <= 60 ? (t.framesShown || "{n}").replace("{n}", Math.round(span)) :
        (t.secondsShown || "{s}").replace("{s}", (span / this.view.fps()).toFixed(span / this.view.fps() < 10 ? 1 : 0)));
    this.zoomInButton.disabled = span <= Math.min(MIN_SPAN_FRAMES, n) + 1e-9;
    this.zoomOutButton.disabled = this.wholeButton.disabled = span >= n;
    this.placeCursor();
  }

  // where a tag is drawn across the track (px): its window, and its mark at its frame
  extent(m) {
    const hasWindow = m.start !== null && m.start !== undefined;
    const at = this.x(m.frame + 0.5);
    const x0 = Math.min(at - MARK_PX / 2, hasWindow ? this.x(m.start) : at);
    const x1 = Math.max(at + MARK_PX / 2, hasWindow ? this.x(m.end + 1) : at);
    return { x0, x1 };
  }

  drawMark(m, lane, line) {
    const style = this.styles[m.verdict] || { color: "#777", shape: "circle", label: m.verdict };
    const hasWindow = m.start !== null && m.start !== undefined;
    const a = hasWindow ? m.start : m.frame;
    const b = hasWindow ? m.end + 1 : m.frame + 1;
    const top = line * ROW_H;
    const t = this.text;
    const hint = (t.tagHint || "{id}").replace("{id}", m.id).replace("{clause}", m.clause)
      .replace("{verdict}", style.label).replace("{frame}", m.frame) +
      (hasWindow ? " · " + (t.windowHint || "").replace("{a}", m.start).replace("{b}", m.end) : "") +
      (m.toComplete ? " · " + (t.toComplete || "") : "");
    if (hasWindow) {
      const bar = el("div", "tl-win" + (m.toComplete ? " open" : ""));
      const left = this.x(a);
      bar.style.left = `${left}px`;
      bar.style.top = `${top + 3}px`;
      bar.style.width = `${Math.max(2, this.x(b) - left)}px`;
      bar.style.setProperty("--c", style.color);
      bar.dataset.id = m.id;
        bar.setAttribute("data-testid", `polo-window-${m.id}`);
      bar.title = hint;
      for (const edge of ["start", "end"]) {
        const handle = el("div", `tl-edge tl-edge-${edge}`);
        handle.dataset.edge = edge;
        handle.dataset.id = m.id;
        handle.setAttribute("data-testid", `polo-window-${m.id}-${edge}`);
        handle.title = t[edge === "start" ? "dragStart" : "dragEnd"] || "";
        bar.append(handle);
      }
      lane.append(bar);
    }
    const mark = el("div", "tl-mark");
    mark.style.left = `${this.x(m.frame + 0.5)}px`;
    mark.style.top = `${top + 4}px`;
    mark.dataset.id = m.id;
    mark.dataset.frame = m.frame;
    mark.setAttribute("data-testid", `polo-tag-${m.id}`);
    mark.setAttribute("data-verdict", m.verdict);
    mark.title = hint;
    mark.append(svgShape(style.shape, style.color, false));
    lane.append(mark);
  }

  // the whistles and horns heard: a row of their own, stacked where they overlap on screen
  drawSounds() {
    const shown = onScreenInLines(this.sounds.map((s) => ({ s, ...this.extent({ frame: s.frame }) })), this.width);
    const height = `${lineCount(shown) * ROW_H}px`;
    const label = el("div", "tl-label tl-label-sounds", this.text.sounds || "");
    label.title = label.textContent;
    label.style.height = height;
    this.labels.append(label);
    const lane = el("div", "tl-lane tl-lane-sounds");
    lane.dataset.row = "sounds";
    lane.setAttribute("data-testid", "polo-timeline-sounds");
    lane.style.height = height;
    this.lanes.append(lane);
    for (const it of shown) {
      const s = it.s;
      const mark = el("div", "tl-mark tl-sound");
      mark.style.left = `${this.x(s.frame + 0.5)}px`;
      mark.style.top = `${it.line * ROW_H + 4}px`;
      mark.dataset.frame = s.frame;
      mark.dataset.kind = s.kind;
      mark.setAttribute("data-testid", `polo-sound-${s.frame}`);
      mark.title = (this.text.soundHint || "{sound} · {frame}").replace("{sound}", s.label).replace("{frame}", s.frame);
      mark.append(svgShape("triangleDown", s.color, false));
      lane.append(mark);
    }
  }

  drawGhost(g, lane, line) {
    const mark = el("div", "tl-mark ghost");
    mark.style.left = `${this.x(g.frame + 0.5)}px`;
    mark.style.top = `${line * ROW_H + 4}px`;
    mark.title = this.text.saving || "";
    mark.append(svgShape("circle", "#666", true));
    lane.append(mark);
  }

  drawRuler() {
    const fps = this.view.fps();
    const raw = (this.span() * TICK_PX) / Math.max(1, this.width);
    let step = TICK_FRAMES.find((f) => f >= raw && f < fps);
    if (step === undefined) {
      const s = TICK_SECONDS.find((sec) => sec * fps >= raw) || TICK_SECONDS[TICK_SECONDS.length - 1];
      step = s * fps;
    }
    this.ruler.replaceChildren();
    const first = Math.ceil(this.v0 / step - 1e-9);
    for (let k = first; k * step <= this.v1; k++) {
      const f = Math.round(k * step);
      const tick = el("div", "tl-tick", tickLabel(f, step, fps, this.view));
      tick.style.left = `${this.x(f)}px`;
      this.ruler.append(tick);
    }
  }

  // the cursor: where the picture on screen is (one style write per paint)
  cursor(frame) {
    this.at = frame;
    if (this.root.hidden || this.v1 === null) return;
    const span = this.span();
    if (span < this.count() && (frame < this.v0 || frame >= this.v1) && !this.drag) {
      this.setView(frame - span * 0.1, span); // zoomed in: the view follows the playhead
      this.render();
      return;
    }
    this.placeCursor();
  }

  placeCursor() {
    const f = this.at;
    const shown = f >= 0 && f + 1 > this.v0 && f < this.v1;
    this.cursorLine.style.display = shown ? "" : "none";
    if (shown) this.cursorLine.style.transform = `translateX(${this.x(f + 0.5)}px)`;
  }

  // -- input ---------------------------------------------------------------------------------------
  listen() {
    this.rowsSelect.addEventListener("change", () => {
      this.by = this.rowsSelect.value;
      this.render();
      this.view.focus();
    });
    this.root.addEventListener("click", (ev) => {
      const b = ev.target.closest("button[data-tl]");
      if (!b || b.disabled) return;
      ev.stopPropagation();
      const mid = this.v0 + this.span() / 2;
      if (b.dataset.tl === "zoomIn") this.zoomAt(2, this.at >= 0 ? this.at : mid);
      else if (b.dataset.tl === "zoomOut") this.zoomAt(0.5, mid);
      else this.whole();
      this.view.focus();
    });
    const track = this.track;
    track.addEventListener("wheel", (ev) => {
      ev.preventDefault();
      const r = track.getBoundingClientRect();
      if (ev.shiftKey || Math.abs(ev.deltaX) > Math.abs(ev.deltaY)) {
        const d = ev.shiftKey ? ev.deltaY : ev.deltaX;
        this.setView(this.v0 + (d / Math.max(1, this.width)) * this.span(), this.span());
        this.render();
      } else {
        this.zoomAt(Math.exp(-ev.deltaY * 0.002), this.frameAtX(ev.clientX - r.left));
      }
    }, { passive: false });
    track.addEventListener("pointerdown", (ev) => {
      if (ev.button !== 0) return;
      const r = track.getBoundingClientRect();
      const edge = ev.target.closest(".tl-edge");
      const mark = edge ? null : ev.target.closest(".tl-mark[data-id], .tl-win");
      const sound = edge || mark ? null : ev.target.closest(".tl-sound");
      const m = edge ? this.marks.find((x) => x.id === edge.dataset.id) : null;
      this.drag = { id: ev.pointerId, x0: ev.clientX, v0: this.v0, left: r.left, moved: false, edge: edge ? edge.dataset.edge : null,
        mark: m, from: m ? [m.start, m.end] : null, tag: mark ? mark.dataset.id : null,
        sound: sound ? Number(sound.dataset.frame) : null };
      track.setPointerCapture(ev.pointerId);
      ev.preventDefault();
      this.view.focus();
    });
    track.addEventListener("pointermove", (ev) => {
      const d = this.drag;
      if (!d || d.id !== ev.pointerId) return;
      const dx = ev.clientX - d.x0;
      if (!d.moved && Math.abs(dx) < 4) return;
      d.moved = true;
      if (d.mark) {
        const n = this.count();
        const f = Math.round(this.frameAtX(ev.clientX - d.left));
        if (d.edge === "start") d.mark.start = Math.max(0, Math.min(d.mark.end, f));
        else d.mark.end = Math.max(d.mark.start, Math.min(n - 1, f - 1));
      } else {
        this.setView(d.v0 - (dx / Math.max(1, this.width)) * this.span(), this.span());
      }
      this.render();
    });
    const up = (ev) => {
      const d = this.drag;
      if (!d || d.id !== ev.pointerId) return;
      this.drag = null;
      if (d.mark) {
        if (d.moved && (d.mark.start !== d.from[0] || d.mark.end !== d.from[1]) && this.view.coding) {
          this.view.coding.queue({ kind: "window", id: d.mark.id, start: d.mark.start, end: d.mark.end,
            rev: this.revision });
        }
        return;
      }
      if (d.moved || ev.type === "pointercancel") return;
      const tagged = d.tag && this.marks.find((x) => x.id === d.tag);
      if (d.sound !== null) this.view.jump(d.sound);
      else this.view.jump(tagged ? tagged.frame : Math.floor(this.frameAtX(ev.clientX - d.left)));
    };
    track.addEventListener("pointerup", up);
    track.addEventListener("pointercancel", up);
    this.resizer = new ResizeObserver(() => {
      if (this.track.clientWidth !== this.width) this.render();
    });
    this.resizer.observe(this.track);
  }

  destroy() {
    this.resizer.disconnect();
  }
}

class Coding {
  constructor(view) {
    this.view = view;
    this.id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`; // this view, in this page
    this.seq = 0;
    this.pending = []; // edits sent and not yet acknowledged, in order
    this.codes = [];
    this.timer = null;
    this.box = el("div", "group codes");
    this.box.setAttribute("data-testid", "polo-codes");
    this.open = null; // the code key's tag being described: sent when the descriptor keys stop
    this.prefix = ""; // a descriptor's letter, waiting for its digit
    this.closeTimer = null;
    this.hint = el("div", "code-hint");
    this.hint.setAttribute("data-testid", "polo-code-hint");
    this.hint.hidden = true;
  }

  update(data) {
    const items = (data && data.items) || [];
    const sig = JSON.stringify(items);
    if (sig !== this.sig) {
      this.sig = sig;
      this.codes = items;
      this.box.replaceChildren();
      for (const c of items) {
        const b = el("button", "code");
        b.type = "button";
        b.dataset.code = c.key;
        b.title = [c.help || c.label, ...(c.describe || []).map((d) => `${d.keys.toUpperCase()} ${d.label}`)].join("\n");
        b.append(el("kbd", "", c.key.toUpperCase()), document.createTextNode(" " + c.label));
        // the clause beside the situation's name, smaller: what a coach calls it first, the rule second
        if (c.clause && c.clause !== c.label) b.append(el("span", "code-clause", c.clause));
        this.box.append(b);
      }
      this.box.append(this.hint);
      this.box.hidden = !items.length;
    }
    const ack = data && data.ack;
    if (ack && ack.view === this.id) {
      const before = this.pending.length;
      this.pending = this.pending.filter((e) => e.seq > ack.seq);
      if (this.pending.length !== before && this.view.timeline) this.view.timeline.render();
      if (!this.pending.length) this.stopResend();
    }
  }

  byKey(k) {
    return this.codes.find((c) => c.key === k);
  }

  // tag the frame painted now with code `key`; playback goes on. The keys that follow describe it (`describe`)
  code(key) {
    const v = this.view;
    const c = this.byKey(key);
    if (!c || !v.canMove() || v.painted < 0) return;
    this.close();
    // `playing`: the app binds a key pressed during play to the whistle just heard, one paused to its frame
    this.open = { edit: { kind: "code", key, frame: v.painted, situation: c.situation, playing: v.playing, keys: "" },
                  code: c, said: [] };
    this.showHint();
    this.closeLater();
    const b = this.box.querySelector(`button[data-code="${key}"]`);
    if (b) {
      b.classList.remove("flash");
      void b.offsetWidth; // restart the flash
      b.classList.add("flash");
    }
  }

  // While a code key's tag is open: whether key `k` describes it (taken, with Enter and Escape, by this)
  // (a key its tag takes: any digit 1-9, which chooses the clause's first fact with choices or, where it has
  // none, nothing (said on the hint): a coach's digit after a code key means a fact, never a second tag; a letter
  // then its digit; any other key keeps its meaning, a letter's code key then sending this tag and opening its own)
  describes(k) {
    if (!this.open) return false;
    if (k === "Enter" || k === "Escape") return true;
    if (k.length !== 1) return false;
    const offered = this.open.code.describe || [];
    if (this.prefix || /[1-9]/.test(k)) return /[0-9]/.test(k);
    if (DESCRIBE_LETTERS.includes(k)) return offered.some((d) => d.keys.length === 2 && d.keys[0] === k);
    return offered.some((d) => d.keys === k);
  }

  describe(k) {
    const open = this.open;
    if (!open) return;
    if (k === "Enter") return this.close();
    if (k === "Escape") { // the code key pressed by mistake: no tag
      this.open = null;
      return this.close();
    }
    open.unknown = "";
    if (DESCRIBE_LETTERS.includes(k)) {
      this.prefix = k;
    } else {
      const token = this.prefix + k;
      this.prefix = "";
      const found = (open.code.describe || []).find((d) => d.keys === token);
      if (found) {
        open.edit.keys += token;
        open.said = [...open.said.filter((d) => d.part !== found.part), found];
      }
      open.unknown = found ? "" : token; // said on the hint until the next key
    }
    this.showHint();
    this.closeLater();
  }

  closeLater() {
    if (this.closeTimer !== null) clearTimeout(this.closeTimer);
    this.closeTimer = setTimeout(() => this.close(), DESCRIBE_MS);
  }

  // send the open tag with what its keys said
  close() {
    if (this.closeTimer !== null) clearTimeout(this.closeTimer);
    this.closeTimer = null;
    const open = this.open;
    this.open = null;
    this.prefix = "";
    this.hint.hidden = true;
    if (!open) return;
    this.queue(open.edit);
  }

  showHint() {
    const open = this.open;
    if (!open) return;
    const said = open.said.map((d) => d.label).join(" · ");
    const offered = (open.code.describe || []).map((d) => `${d.keys.toUpperCase()} ${d.label}`).join(" · ");
    const text = this.view.text || {};
    const nothing = open.unknown && text.nothingToChoose
      ? el("span", "code-nothing", text.nothingToChoose.replace("{key}", open.unknown.toUpperCase())
        .replace("{situation}", open.code.label)) : null;
    this.hint.replaceChildren(el("b", "", open.code.label + (said ? ": " + said : "")),
                              ...(nothing ? [nothing] : []),
                              el("span", "", (this.prefix ? this.prefix.toUpperCase() + "… " : "") + offered));
    this.hint.hidden = false;
  }

  queue(edit) {
    this.seq += 1;
    this.pending.push({ ...edit, seq: this.seq });
    if (this.view.timeline) this.view.timeline.render();
    this.send();
  }

  send() {
    this.stopResend();
    if (!this.pending.length || !this.view.trigger) return;
    // `playing`: the app then saves them without drawing the whole page again until the view stops
    this.view.trigger("edits", { view: this.id, playing: this.view.playing, items: this.pending.map((e) => ({ ...e })) });
    this.timer = setTimeout(() => this.send(), RESEND_MS);
  }

  stopResend() {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  destroy() {
    if (this.closeTimer !== null) clearTimeout(this.closeTimer);
    this.closeTimer = null;
    this.stopResend();
  }
}
