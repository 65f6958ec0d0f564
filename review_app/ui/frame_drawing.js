// Drawing on the frame view (frame_view.js builds it; shipped in the same module, no build step).
//
// An SVG layer over the picture, with the picture's own box and zoom transform and a viewBox of the
// frame's pixels: preserveAspectRatio "meet" places it exactly as the picture's object-fit "contain"
// does, so a point under the pointer is a point of the frame at any size, zoom or pan. Shapes are
// sent to the app as fractions of the frame's width and height (review_app.drawings); the layer
// shows the chosen tag's drawings on the frame painted. While a tool is chosen, a drag draws instead
// of panning; with none chosen, the layer lets the pointer through to the view.

const DRAW_NS = "http://www.w3.org/2000/svg";
const DRAW_TOOLS = ["line", "arrow", "circle", "freehand", "text", "ball_line", "erase"];
const DRAW_STROKE = 0.006; // of the frame's shorter side, as review_app/drawings/render.py
const DRAW_MIN_STROKE = 3; // pixels of the frame, as MIN_STROKE_PX
const DRAW_TEXT = 0.05;
const DRAW_HEAD = 5.0;
const DRAW_HEAD_ANGLE = (28 * Math.PI) / 180;
const DRAW_MIN_DRAG = 0.004; // a click without a drag draws nothing (but text)

function svgEl(tag, attrs) {
  const e = document.createElementNS(DRAW_NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, String(v));
  return e;
}

class DrawingLayer {
  constructor(view) {
    this.view = view;
    this.tool = null;
    this.shapes = [];
    this.pending = [];
    this.tag = null;
    this.svg = svgEl("svg", { class: "drawings", "data-testid": "polo-drawings", "aria-hidden": "true" });
    view.stage.append(this.svg);
    this.bar = el("div", "group draw");
    this.bar.dataset.testid = "polo-draw-tools";
    this.buttons = {};
    for (const t of DRAW_TOOLS) {
      const b = el("button", "tool");
      b.type = "button";
      b.dataset.tool = t;
      this.buttons[t] = b;
      this.bar.append(b);
    }
    this.color = el("select", "draw-color");
    this.textInput = el("input", "draw-text");
    this.textInput.type = "text";
    this.textInput.maxLength = 200;
    this.textInput.hidden = true;
    this.bar.append(this.color, this.textInput);
    view.bar.append(this.bar);
    this.listen();
  }

  update(data) {
    const d = data || {};
    this.text = d.text || {};
    this.enabled = !!d.tag;
    if (d.tag !== this.tag) this.pending = [];
    this.tag = d.tag || null;
    const sig = JSON.stringify(d.shapes || []);
    if (sig !== this.shapesSig) {
      this.shapesSig = sig;
      this.shapes = d.shapes || [];
      this.pending = [];
    }
    for (const t of DRAW_TOOLS) {
      const b = this.buttons[t];
      b.textContent = this.text[t] || t;
      b.title = this.enabled ? this.text[t + "Help"] || b.textContent : this.text.noTag || "";
      b.disabled = !this.enabled;
    }
    const colors = d.colors || ["#ffd400"];
    if (this.color.dataset.sig !== colors.join()) {
      this.color.dataset.sig = colors.join();
      this.color.replaceChildren(...colors.map((c) => {
        const o = el("option", "", "■");
        o.value = c;
        o.style.color = c;
        return o;
      }));
    }
    this.color.style.color = this.color.value;
    this.color.title = this.text.color || "";
    this.color.disabled = !this.enabled;
    this.textInput.placeholder = this.text.textPlaceholder || "";
    if (!this.enabled) this.choose(null);
    this.draw();
  }

  choose(tool) {
    this.tool = tool && this.enabled ? tool : null;
    for (const [t, b] of Object.entries(this.buttons)) b.classList.toggle("on", t === this.tool);
    this.svg.classList.toggle("active", this.tool !== null);
    this.svg.classList.toggle("erasing", this.tool === "erase");
    this.textInput.hidden = this.tool !== "text";
    if (this.tool === "text") this.textInput.focus();
    this.live = null;
    this.draw();
  }

  // the frame's pixel under a pointer event (the layer's own coordinates)
  at(ev) {
    const m = this.svg.getScreenCTM();
    if (!m) return null;
    const p = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(m.inverse());
    return [Math.min(1, Math.max(0, p.x / this.w)), Math.min(1, Math.max(0, p.y / this.h))];
  }

  listen() {
    this.bar.addEventListener("click", (ev) => {
      const b = ev.target.closest("button[data-tool]");
      if (!b || b.disabled) return;
      ev.stopPropagation(); // not a command of the view
      this.choose(this.tool === b.dataset.tool ? null : b.dataset.tool);
    });
    this.color.addEventListener("change", () => {
      this.color.style.color = this.color.value;
    });
    this.svg.addEventListener("pointerdown", (ev) => {
      if (!this.tool) return;
      ev.stopPropagation(); // a drag draws here; it does not pan the view
      ev.preventDefault();
      const p = this.at(ev);
      if (!p || this.view.painted < 0) return;
      if (this.tool === "erase") {
        const g = ev.target.closest("[data-polo-drawing]");
        if (g && g.dataset.poloDrawing !== "pending") this.send({ op: "remove", id: g.dataset.poloDrawing });
        return;
      }
      if (this.tool === "text") {
        const text = this.textInput.value.trim();
        if (!text) return this.textInput.focus();
        this.finish({ kind: "text", points: [p], text });
        return;
      }
      this.svg.setPointerCapture(ev.pointerId);
      this.live = { kind: this.tool, points: [p, p], color: this.color.value };
      this.draw();
    });
    this.svg.addEventListener("pointermove", (ev) => {
      if (!this.live) return;
      ev.stopPropagation();
      const p = this.at(ev);
      if (!p) return;
      if (this.live.kind === "freehand") this.live.points.push(p);
      else this.live.points[1] = p;
      this.draw();
    });
    const up = (ev) => {
      if (!this.live) return;
      ev.stopPropagation();
      const shape = this.live;
      this.live = null;
      const [a, b] = [shape.points[0], shape.points[shape.points.length - 1]];
      const far = shape.kind === "freehand"
        ? shape.points.some((q) => Math.hypot(q[0] - a[0], q[1] - a[1]) >= DRAW_MIN_DRAG)
        : Math.hypot(b[0] - a[0], b[1] - a[1]) >= DRAW_MIN_DRAG;
      if (far) this.finish(shape);
      else this.draw();
    };
    this.svg.addEventListener("pointerup", up);
    this.svg.addEventListener("pointercancel", up);
    this.svg.addEventListener("dblclick", (ev) => this.tool && ev.stopPropagation()); // not a zoom reset
  }

  finish(shape) {
    const s = { color: this.color.value, ...shape };
    this.pending.push({ ...s, id: "pending", frame: this.view.painted });
    this.send({ op: "add", shape: s });
    this.draw();
  }

  send(value) {
    if (this.view.trigger) this.view.trigger("drawing", { ...value, tag: this.tag, frame: this.view.painted });
  }

  // a key the layer answers (Escape leaves the tool); true when taken
  key(ev) {
    if (ev.key === "Escape" && this.tool) {
      this.choose(null);
      return true;
    }
    return false;
  }

  // the layer follows the picture's box and zoom
  place(transform) {
    this.svg.style.transform = transform;
  }

  draw() {
    const v = this.view;
    this.w = v.width || 1;
    this.h = v.height || 1;
    const svg = this.svg;
    svg.setAttribute("viewBox", `0 0 ${this.w} ${this.h}`);
    svg.setAttribute("data-polo-frame", String(v.painted));
    svg.setAttribute("data-polo-tag", this.tag || "");
    const on = [...this.shapes, ...this.pending].filter((s) => s.frame === v.painted);
    if (this.live) on.push({ ...this.live, id: "live" });
    svg.setAttribute("data-polo-count", String(on.filter((s) => s.id !== "live" && s.id !== "pending").length));
    svg.replaceChildren(...on.map((s) => this.shape(s)));
  }

  shape(s) {
    const w = this.w;
    const h = this.h;
    const lw = Math.max(DRAW_MIN_STROKE, Math.min(w, h) * DRAW_STROKE);
    const pts = s.points.map(([x, y]) => [x * w, y * h]);
    const g = svgEl("g", { "data-polo-drawing": s.id, "data-kind": s.kind, "data-by": s.by || "",
      "data-points": JSON.stringify(s.points), stroke: s.color, fill: "none", "stroke-width": lw,
      "stroke-linecap": "round", "stroke-linejoin": "round" });
    const head = (a, b, size) => {
      const ang = Math.atan2(b[1] - a[1], b[0] - a[0]);
      const len = DRAW_HEAD * size;
      const l = [b[0] - len * Math.cos(ang - DRAW_HEAD_ANGLE), b[1] - len * Math.sin(ang - DRAW_HEAD_ANGLE)];
      const r = [b[0] - len * Math.cos(ang + DRAW_HEAD_ANGLE), b[1] - len * Math.sin(ang + DRAW_HEAD_ANGLE)];
      return svgEl("polygon", { points: `${b} ${l} ${r}`, fill: s.color, stroke: "none" });
    };
    const [a, b] = [pts[0], pts[pts.length - 1]];
    if (s.kind === "line" || s.kind === "arrow") {
      g.append(svgEl("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1] }));
      if (s.kind === "arrow") g.append(head(a, b, lw));
    } else if (s.kind === "circle") {
      g.append(svgEl("circle", { cx: a[0], cy: a[1], r: Math.hypot(b[0] - a[0], b[1] - a[1]) }));
    } else if (s.kind === "freehand") {
      g.append(svgEl("polyline", { points: pts.map((p) => p.join(",")).join(" ") }));
    } else if (s.kind === "ball_line") {
      // extended to the frame's edges, dashed, the ball where it starts
      const dx = b[0] - a[0];
      const dy = b[1] - a[1];
      const n = Math.hypot(dx, dy) || 1;
      const far = (w + h) * 2;
      g.append(svgEl("line", { x1: a[0] - (dx / n) * far, y1: a[1] - (dy / n) * far, x2: a[0] + (dx / n) * far,
        y2: a[1] + (dy / n) * far, "stroke-dasharray": `${lw * 4} ${lw * 4}`, "stroke-linecap": "butt" }));
      g.append(head(a, b, lw * 1.2));
      g.append(svgEl("circle", { cx: a[0], cy: a[1], r: lw * 1.6, fill: "#fff", "stroke-width": lw / 2 }));
    }
    if (s.text) {
      const size = Math.max(10, Math.round(Math.min(w, h) * DRAW_TEXT));
      const t = svgEl("text", { x: s.kind === "text" ? a[0] : b[0], y: s.kind === "text" ? a[1] + size * 0.8 : b[1],
        "font-size": size, "font-weight": "bold", fill: s.color, stroke: "#000", "stroke-width": Math.max(1, size / 12),
        "paint-order": "stroke", "font-family": "DejaVu Sans, sans-serif" });
      t.textContent = s.text;
      g.append(t);
    }
    // a wide invisible stroke: the eraser finds thin lines
    if (s.kind !== "text") {
      const hit = g.firstChild.cloneNode();
      hit.setAttribute("stroke", "transparent");
      hit.setAttribute("stroke-width", lw * 6);
      hit.setAttribute("class", "hit");
      g.append(hit);
    }
    return g;
  }

  destroy() {
    this.svg.remove();
    this.bar.remove();
  }
}
