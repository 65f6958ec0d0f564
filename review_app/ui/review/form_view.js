// The tag form in the browser (Streamlit custom component v2; plain JavaScript, no build step).
//
// The app hands one description of the form (form_view.py, FormDescription): every situation with the words the
// app's search matches it on, its facts and call parts, the choices of each with its key, what is pre-filled.
// Everything until Save happens here: the search as it is typed, the choices, the keyboard; the app hears the
// tag once, with Save (a trigger value), and answers with the verdict. What is typed is kept across the page's
// reruns (the frame view reruns parts of the page while it plays) under the form's token, as the frame view
// keeps its own across remounts. The page is built with DOM calls and textContent only.
//
// Keys typed here never reach the frame view's shortcuts: every place that takes keys is a text field, a check
// box or a listbox, which the frame view leaves alone (frame_view.js typing()).

const FORMS = (window.__poloReviewTagForms = window.__poloReviewTagForms || new Map());
const SHOWN_RESULTS = 8;
const CODE_LETTERS = "puo"; // model.coding PENALTY_KEY, UMPIRE_KEY, OFFENDER_KEY: a letter and a digit
let made = 0; // forms made on this page: each one's element ids start with its own number

// rules.search.fold: lower case without accents ("lesion" finds "Lesión")
function fold(text) {
  return (text || "").toLowerCase().normalize("NFKD").replace(/\p{M}/gu, "");
}

function idTokens(text) {
  return fold(text).match(/[0-9]+|[a-z]+/g) || [];
}

// rules.search.search_provisions, step for step, on the words it matches each situation on (searchable()).
function searchSituations(situations, query) {
  const q = fold(query).trim();
  if (!q) return situations.slice();
  if (/^[0-9]/.test(q)) {
    const wanted = idTokens(q);
    const hits = situations.filter((s) => wanted.every((t, n) => s.tokens[n] === t));
    if (hits.length) return hits;
  }
  const words = q.split(/\s+/).filter(Boolean);
  const byName = situations.filter((s) => words.every((w) => s.names.includes(w)));
  const byText = situations.filter((s) => !byName.includes(s)
    && words.every((w) => s.names.includes(w) || s.words.includes(w)));
  return byName.concat(byText);
}

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function same(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

class TagForm {
  constructor(parent) {
    this.parent = parent;
    this.root = el("div", "tf");
    this.root.setAttribute("data-testid", "polo-tag-form");
    parent.append(this.root);
    this.root.addEventListener("keydown", (ev) => this.key(ev));
    this.token = null;
  }

  // -- the form's state ----------------------------------------------------------------------------------
  update(data) {
    if (earlierRun(data, this.data)) return; // a later run's data is shown (page_runs.js)
    const fresh = data.token !== this.token;
    const answered = this.sending; // the app answered a Save without closing the form (a problem shown above it)
    const unchanged = !fresh && !answered && sameButRun(data, this.data);
    this.data = data;
    if (unchanged) return; // a rerun of the page: nothing new, nothing redrawn
    this.byId = new Map(data.situations.map((s) => [s.id, s]));
    if (fresh) {
      this.token = data.token;
      this.uid = `polo-tf${++made}`; // for ids: the token holds the match's path, which may hold spaces
      this.own = { ...data.values }; // what the tag records or the reviewer chose: never overwritten by a pre-fill
      this.situation = this.byId.get(data.situation) || data.situations[0];
      this.query = "";
      this.highlight = 0;
      this.move = false;
      this.pending = "";
      this.sending = false;
    } else {
      // the same situation as chosen, with what the app knows now (its pre-fills follow a whistle moved, T again)
      this.situation = this.byId.get(this.situation.id) || this.situation;
      if (answered) this.sending = false;
    }
    this.render();
    if (fresh) requestAnimationFrame(() => this.searchBox && this.searchBox.focus({ preventScroll: true }));
  }

  prefill(name) {
    const own = this.situation.prefilled[name];
    return own !== undefined ? own : this.data.prefilled[name];
  }

  value(name) {
    if (name in this.own) return this.own[name];
    const pre = this.prefill(name);
    return pre === undefined ? null : pre;
  }

  prefilled(name) {
    return !(name in this.own) && this.prefill(name) !== undefined && this.prefill(name) !== null;
  }

  // a field of the situation chosen: its own facts, the call parts and who was involved
  f(name) {
    return this.situation.facts.find((x) => x.name === name) || this.data.fields[name];
  }

  // what has the focus in the form (the component is drawn in a shadow root: document.activeElement is its host)
  active() {
    const node = this.root.getRootNode();
    const a = node.activeElement || document.activeElement;
    return a && this.root.contains(a) ? a : null;
  }

  names() {
    return [...this.situation.fields, ...this.data.common];
  }

  set(name, value) {
    this.own[name] = value;
    this.refresh(name);
  }

  // -- drawing ---------------------------------------------------------------------------------------------
  render() {
    const t = this.data.text;
    const a = this.active();
    const focused = a ? a.dataset.name || (a === this.searchBox ? "#search" : null) : null;
    this.root.replaceChildren();
    this.inputs = new Map();
    const searchId = `${this.uid}-search`;
    const label = el("label", "tf-label", t.search);
    label.htmlFor = searchId;
    const box = (this.searchBox = el("input", "tf-search"));
    box.id = searchId;
    box.type = "text";
    box.autocomplete = "off";
    box.placeholder = t.searchHint;
    box.value = this.query;
    box.setAttribute("role", "combobox");
    box.setAttribute("aria-expanded", String(Boolean(this.query.trim())));
    box.addEventListener("input", () => { this.query = box.value; this.highlight = 0; this.drawResults(); });
    this.results = el("div", "tf-results");
    this.results.setAttribute("role", "listbox");
    this.results.setAttribute("aria-label", t.situation);
    this.chosen = el("div", "tf-chosen");
    this.chosen.setAttribute("data-testid", "polo-tag-form-situation");
    this.root.append(label, box, this.results, this.chosen);
    this.drawResults();
    this.drawChosen();
    this.pre = el("div", "tf-pre");
    this.pre.setAttribute("data-testid", "polo-tag-form-prefilled");
    this.root.append(this.pre);
    const facts = this.situation.fields.filter((n) => n.startsWith("facts.") || n.startsWith("reading."));
    const call = this.situation.fields.filter((n) => n.startsWith("call."));
    const who = this.data.common.filter((n) => !["period", "clock", "notes"].includes(n));
    this.section(t.facts, facts);
    this.section(t.call, call);
    this.section(t.who, who);
    this.section(t.more, ["period", "clock", "notes"]);
    this.drawButtons();
    this.root.append(el("div", "tf-keys", t.keys));
    this.drawPrefilled();
    if (focused === "#search") this.searchBox.focus({ preventScroll: true });
    else if (focused && this.inputs.get(focused)) this.inputs.get(focused).focus({ preventScroll: true });
  }

  drawResults() {
    const found = this.query.trim() ? searchSituations(this.data.situations, this.query) : [];
    this.found = found;
    this.results.replaceChildren();
    this.results.hidden = !this.query.trim();
    if (this.query.trim() && !found.length) this.results.append(el("div", "tf-none", this.data.text.noMatch));
    found.slice(0, SHOWN_RESULTS).forEach((s, n) => {
      const o = el("div", "tf-result" + (n === this.highlight ? " on" : ""), s.label);
      o.setAttribute("role", "option");
      o.setAttribute("aria-selected", String(n === this.highlight));
      o.addEventListener("mousedown", (ev) => { ev.preventDefault(); this.pick(s); });
      this.results.append(o);
    });
  }

  drawChosen() {
    this.chosen.replaceChildren(el("span", "tf-small", this.data.text.situation + ": "),
      el("b", "", this.situation.label), el("div", "tf-small", this.situation.summary));
  }

  drawPrefilled() {
    const parts = this.names().filter((n) => this.prefilled(n))
      .map((n) => `${this.f(n).label}: ${this.said(n, this.value(n))}`);
    this.pre.textContent = parts.length ? this.data.text.prefilledLine.replace("{parts}", parts.join("; ")) : "";
    this.pre.hidden = !parts.length;
  }

  said(name, value) {
    const f = this.f(name);
    const c = (f.choices || []).find((x) => same(x.value, value));
    return c ? c.label : String(value);
  }

  section(title, names) {
    if (!names.length) return;
    const s = el("fieldset", "tf-section");
    s.append(el("legend", "", title));
    const more = names.filter((n) => this.situation.more.includes(n));
    for (const name of names.filter((n) => !more.includes(n))) s.append(this.field(name));
    if (more.length) { // folded, opened where one of them holds a value (an edit) or when asked
      const fold = el("details", "tf-more");
      fold.open = more.some((n) => this.value(n) !== null);
      fold.append(el("summary", "", this.data.text.moreCall.replace("{n}", String(more.length))));
      for (const name of more) fold.append(this.field(name));
      s.append(fold);
    }
    this.root.append(s);
  }

  // a part that follows another (who a card was shown to): shown once that part records something other than
  // none, or where it holds a value itself, so nothing the tag holds is out of sight
  shown(name) {
    const f = this.f(name);
    if (!f.follows) return true;
    const [parent, none] = f.follows;
    const v = this.value(parent);
    return (v !== null && !same(v, none)) || this.value(name) !== null;
  }

  showFollowers(name) {
    for (const other of this.names()) {
      const f = this.f(other);
      if (!f || !f.follows || f.follows[0] !== name) continue;
      const wrap = this.root.querySelector(`[data-field="${CSS.escape(other)}"]`);
      if (wrap) wrap.style.display = this.shown(other) ? "" : "none";
    }
  }

  field(name) {
    const f = this.f(name);
    const wrap = el("div", "tf-field");
    wrap.dataset.field = name;
    if (!this.shown(name)) wrap.style.display = "none"; // out of the Tab order and the keys' (order())
    const id = `${this.uid}-${name.replace(/[^A-Za-z0-9_.-]/g, "_")}`;
    const label = el(f.kind === "choice" ? "span" : "label", "tf-label", f.label);
    label.id = `${id}-label`;
    if (f.kind !== "choice") label.htmlFor = id;
    const head = el("div", "tf-head");
    head.append(label);
    if (f.required) {
      const star = el("span", "tf-required", "*");
      star.title = this.data.text.required;
      head.append(star);
    }
    const badge = el("span", "tf-badge", this.data.text.prefilled);
    badge.hidden = !this.prefilled(name);
    head.append(badge);
    wrap.append(head);
    if (f.hint && f.kind === "choice") wrap.append(el("div", "tf-small", f.hint));
    const input = f.kind === "choice" ? this.choices(f, label.id) : this.entry(f, id);
    input.dataset.name = name;
    this.inputs.set(name, input);
    wrap.append(input);
    wrap.badge = badge;
    return wrap;
  }

  choices(f, labelId) {
    const list = el("div", "tf-choices");
    list.setAttribute("role", "listbox");
    list.setAttribute("aria-labelledby", labelId);
    list.tabIndex = 0;
    const now = this.value(f.name);
    for (const c of f.choices) {
      const o = el("div", "tf-choice" + (same(c.value, now) ? " on" : ""));
      o.setAttribute("role", "option");
      o.setAttribute("aria-selected", String(same(c.value, now)));
      if (c.key) {
        const k = el("kbd", "", c.key);
        k.setAttribute("aria-hidden", "true");
        o.append(k);
      }
      o.append(el("span", "", c.label));
      o.addEventListener("click", () => { this.set(f.name, same(this.value(f.name), c.value) ? null : c.value); list.focus(); });
      list.append(o);
    }
    return list;
  }

  entry(f, id) {
    const input = el(f.kind === "notes" ? "textarea" : "input", "tf-entry");
    input.id = id;
    if (f.kind === "number") {
      input.type = "number";
      input.min = "0";
      if (f.max !== null) input.max = String(f.max);
    } else if (f.kind !== "notes") {
      input.type = "text";
    }
    if (f.kind !== "number" && f.max !== null) input.maxLength = f.max;
    if (f.hint) input.title = f.hint;
    if (f.choices && f.choices.length) { // the mounts of the players' strings, offered as they are typed
      const list = el("datalist");
      list.id = `${id}-list`;
      for (const c of f.choices) {
        const o = el("option");
        o.value = c.value;
        o.label = c.label;
        list.append(o);
      }
      this.root.append(list);
      input.setAttribute("list", list.id);
    }
    const now = this.value(f.name);
    input.value = now === null || now === undefined ? "" : String(now);
    input.addEventListener("input", () => {
      const v = input.value.trim();
      this.own[f.name] = !v ? null : f.kind === "number" ? Number(v) : input.value;
      this.refreshBadge(f.name);
      this.drawPrefilled();
    });
    return input;
  }

  drawButtons() {
    const t = this.data.text;
    const row = el("div", "tf-buttons");
    if (this.data.mode === "edit") {
      const move = el("label", "tf-move");
      const box = el("input");
      box.type = "checkbox";
      box.checked = this.move;
      box.addEventListener("change", () => { this.move = box.checked; });
      move.append(box, document.createTextNode(" " + t.move));
      this.root.append(move);
    }
    // inputs, not buttons: the frame view leaves the keys typed on an input alone (Space, T...)
    const save = (this.saveButton = el("input", "tf-save"));
    save.type = "submit";
    save.value = this.sending ? t.saving : t.save;
    save.disabled = !this.data.signed_in || this.sending;
    save.addEventListener("click", () => this.save());
    const cancel = el("input", "tf-cancel");
    cancel.type = "button";
    cancel.value = t.cancel;
    cancel.addEventListener("click", () => this.cancel());
    row.append(save, cancel);
    this.root.append(row);
    if (!this.data.signed_in) this.root.append(el("div", "tf-warn", t.signIn));
  }

  refreshBadge(name) {
    const wrap = this.root.querySelector(`[data-field="${CSS.escape(name)}"]`);
    if (wrap && wrap.badge) wrap.badge.hidden = !this.prefilled(name);
  }

  refresh(name) {
    const list = this.inputs.get(name);
    const now = this.value(name);
    if (list && list.getAttribute("role") === "listbox") {
      this.f(name).choices.forEach((c, n) => {
        const o = list.children[n];
        o.classList.toggle("on", same(c.value, now));
        o.setAttribute("aria-selected", String(same(c.value, now)));
      });
    }
    this.refreshBadge(name);
    this.showFollowers(name);
    this.drawPrefilled();
  }

  // -- choosing ----------------------------------------------------------------------------------------------
  pick(situation) {
    this.situation = situation;
    this.query = "";
    this.render();
    this.focusField(0);
    if (!same(situation.moments, (this.byId.get(this.data.situation) || {}).moments)) {
      // the frame view's moment keys follow the clause (the waits it ends at): the app is told this once
      this.send("situation", { token: this.token, id: situation.id });
    }
  }

  order() { // the fields the keys move between: those shown (not folded away)
    return this.names().filter((n) => this.inputs.has(n) && this.inputs.get(n).getClientRects().length);
  }

  focusField(n) {
    const names = this.order();
    if (n >= names.length) return this.saveButton.focus();
    this.inputs.get(names[Math.max(0, n)]).focus();
  }

  next(name) {
    const names = this.order();
    const all = this.names();
    // a field folded away moves on to the first field shown after it
    this.focusField(names.filter((n) => all.indexOf(n) <= all.indexOf(name)).length);
  }

  byCode(code) {
    for (const name of this.names()) {
      const c = (this.f(name).choices || []).find((x) => x.key.toLowerCase() === code);
      if (c && this.f(name).kind === "choice") return [name, c];
    }
    return null;
  }

  // -- the keyboard ------------------------------------------------------------------------------------------
  key(ev) {
    const k = ev.key;
    const target = ev.target;
    const name = target.dataset ? target.dataset.name : undefined;
    if (k === "Escape") return this.stop(ev, () => (target === this.searchBox && this.query ? this.clearSearch() : this.cancel()));
    if (k === "Enter" && (ev.ctrlKey || ev.metaKey)) return this.stop(ev, () => this.save());
    if (target === this.searchBox) return this.searchKey(ev);
    if (!name) return undefined;
    const f = this.f(name);
    if (k === "Enter" && f.kind !== "notes") {
      const last = this.order().indexOf(name) === this.order().length - 1;
      return this.stop(ev, () => (last ? this.save() : this.next(name)));
    }
    if (f.kind !== "choice" || ev.ctrlKey || ev.altKey || ev.metaKey || k === "Tab") return undefined;
    return this.stop(ev, () => this.choiceKey(k.toLowerCase(), f));
  }

  stop(ev, then) {
    ev.preventDefault();
    ev.stopPropagation();
    then();
  }

  searchKey(ev) {
    const k = ev.key;
    const shown = Math.min(this.found.length, SHOWN_RESULTS);
    if (k === "ArrowDown" || k === "ArrowUp") {
      return this.stop(ev, () => {
        if (!shown) return;
        this.highlight = (this.highlight + (k === "ArrowDown" ? 1 : shown - 1)) % shown;
        this.drawResults();
      });
    }
    if (k === "Enter") {
      return this.stop(ev, () => (this.found.length ? this.pick(this.found[this.highlight] || this.found[0])
        : this.focusField(0)));
    }
    ev.stopPropagation(); // typed into the search: the page's own shortcuts stay out of it
    return undefined;
  }

  clearSearch() {
    this.query = "";
    this.searchBox.value = "";
    this.drawResults();
  }

  choiceKey(k, f) {
    if (this.pending) { // a code's letter before: P3, U1, O1 (model.coding's descriptor keys)
      const found = /^[0-9]$/.test(k) && this.byCode(this.pending + k);
      this.pending = "";
      if (found) {
        this.set(found[0], found[1].value);
        this.next(found[0]);
      }
      return;
    }
    if (CODE_LETTERS.includes(k)) {
      this.pending = k;
      return;
    }
    if (k === "backspace" || k === "delete") return this.set(f.name, null);
    if (!/^[0-9]$/.test(k)) return;
    const c = f.choices.find((x) => x.key === k) || f.choices.find((x) => x.key.endsWith(k));
    if (!c) return;
    this.set(f.name, c.value);
    this.next(f.name);
  }

  // -- to the app --------------------------------------------------------------------------------------------
  save() {
    if (!this.data.signed_in || this.sending) return;
    const values = {};
    for (const name of this.names()) values[name] = this.value(name);
    this.sending = true;
    this.saveButton.value = this.data.text.saving;
    this.saveButton.disabled = true;
    this.trigger("save", { token: this.token, situation: this.situation.id, values, move: this.move });
  }

  cancel() {
    this.trigger("cancel", { token: this.token });
  }

  destroy() {
    this.root.remove();
    this.destroyed = true;
  }
}

window.__poloReviewTagSearch = (situations, query) => searchSituations(situations, query).map((s) => s.id);

export default function (component) {
  const { parentElement, data, setStateValue, setTriggerValue } = component;
  let form = FORMS.get("form");
  if (!form || form.destroyed) {
    form = new TagForm(parentElement);
    FORMS.set("form", form);
  } else if (form.parent !== parentElement) {
    form.parent = parentElement;
    parentElement.append(form.root);
  }
  form.send = setStateValue;
  form.trigger = setTriggerValue;
  form.update(data);
  window.__poloReviewTagForm = form;
  return () => setTimeout(() => {
    if (form.destroyed || form.parent !== parentElement || parentElement.isConnected) return;
    form.destroy();
    if (FORMS.get("form") === form) FORMS.delete("form");
  }, 1000);
}
