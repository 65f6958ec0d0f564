// The upload view (Streamlit custom component v2; plain JavaScript, no build step).
//
// A chosen file is sent by itself to the app's upload address (review_app/ui/upload_route.py), streamed from the
// disk by the browser as the body of one POST, with Streamlit's XSRF token in its header as Streamlit's own uploads
// carry it; the server writes it to disk as it arrives (never whole in its memory). Progress is shown as bytes sent
// of the total. Once the server has the whole file it answers with a token, which is handed to the app as the
// state value `file` ({token, name, size}); the app takes the file from the server's disk with it. While a file is
// being sent the state says so ({sending: name}), so pressing the form's button early is answered with a line.

const XSRF_COOKIE = "_streamlit_xsrf";

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function cookie(name) {
  for (const part of document.cookie.split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return decodeURIComponent(v.join("="));
  }
  return "";
}

function say(template, values) {
  return template.replace(/\{(\w+)\}/g, (m, k) => (k in values ? String(values[k]) : m));
}

function megabytes(bytes) {
  const mb = bytes / 2 ** 20;
  return mb >= 100 ? mb.toFixed(0) : mb >= 10 ? mb.toFixed(1) : mb.toFixed(2);
}

class UploadView {
  constructor(parent) {
    this.parent = parent;
    this.root = el("div", "pu");
    this.label = el("label", "label");
    this.input = el("input");
    this.input.type = "file";
    this.label.append(this.input);
    this.row = el("div", "row");
    this.bar = el("progress", "bar");
    this.bar.max = 1;
    this.bar.value = 0;
    this.cancel = el("button", "cancel");
    this.cancel.type = "button";
    this.row.append(this.bar, this.cancel);
    this.status = el("div", "status");
    this.status.setAttribute("role", "status");
    this.status.setAttribute("aria-live", "polite");
    this.root.append(this.label, this.row, this.status);
    parent.append(this.root);
    this.xhr = null;
    this.done = null; // {token, name, size} of the file the server holds for us
    this.input.addEventListener("change", () => this.chosen());
    this.cancel.addEventListener("click", () => this.stop());
  }

  update(data, send) {
    if (earlierRun(data, this.data)) return; // a later run's data is shown (page_runs.js)
    this.data = data;
    this.send = send;
    const t = data.text;
    this.labelText = this.labelText || document.createTextNode("");
    this.labelText.textContent = data.label;
    if (!this.labelText.parentNode) this.label.prepend(this.labelText);
    this.input.accept = data.accept || "";
    this.input.disabled = !!data.disabled || !data.url || this.xhr !== null;
    this.input.title = data.help || "";
    this.cancel.textContent = t.cancel;
    if (!this.xhr && !this.done) this.show(data.url ? t.idle : data.reason || "", "info", null);
  }

  show(text, kind, fraction) {
    this.status.textContent = text;
    this.status.className = `status ${kind}`;
    this.row.hidden = fraction === null;
    this.cancel.hidden = this.xhr === null;
    if (fraction !== null) this.bar.value = fraction;
  }

  refused(file) {
    const t = this.data.text;
    const accepted = (this.data.accept || "").split(",").filter(Boolean);
    const dot = file.name.lastIndexOf(".");
    const ext = dot >= 0 ? file.name.slice(dot).toLowerCase() : "";
    if (accepted.length && !accepted.includes(ext)) return say(t.wrongKind, { name: file.name, kinds: accepted.join(", ") });
    if (file.size > this.data.limit) {
      return say(t.tooLarge, { name: file.name, size: megabytes(file.size), limit: megabytes(this.data.limit) });
    }
    if (file.size === 0) return say(t.empty, { name: file.name });
    return null;
  }

  chosen() {
    const file = this.input.files && this.input.files[0];
    if (!file || !this.data.url) return;
    this.done = null;
    const problem = this.refused(file);
    if (problem) {
      this.send("file", null);
      this.input.value = "";
      return this.show(problem, "error", null);
    }
    this.sendFile(file);
  }

  sendFile(file) {
    const t = this.data.text;
    const xhr = new XMLHttpRequest();
    this.xhr = xhr;
    this.input.disabled = true;
    this.send("file", { sending: file.name });
    xhr.open("POST", `${this.data.url}?name=${encodeURIComponent(file.name)}`);
    xhr.setRequestHeader("X-Xsrftoken", cookie(XSRF_COOKIE));
    xhr.responseType = "json";
    const progress = (sent) => this.show(say(t.sending, {
      name: file.name, sent: megabytes(sent), total: megabytes(file.size),
      percent: Math.floor((100 * sent) / file.size),
    }), "info", sent / file.size);
    xhr.upload.addEventListener("progress", (ev) => progress(ev.loaded));
    xhr.addEventListener("load", () => this.answered(xhr, file));
    xhr.addEventListener("error", () => this.failed(say(t.failed, { name: file.name, why: t.network })));
    xhr.addEventListener("abort", () => this.failed(say(t.cancelled, { name: file.name }), "info"));
    progress(0);
    xhr.send(file); // the browser streams it from the disk
  }

  answered(xhr, file) {
    const t = this.data.text;
    const body = xhr.response || {};
    if (xhr.status === 200 && body.file) {
      this.xhr = null;
      this.input.disabled = false;
      this.done = { token: body.file, name: body.name, size: body.size };
      this.send("file", this.done);
      return this.show(say(t.ready, { name: file.name, size: megabytes(body.size) }), "ready", 1);
    }
    const why = { 413: t.tooLargeServer, 403: t.expired, 404: t.expired }[xhr.status] || body.error || `HTTP ${xhr.status}`;
    return this.failed(say(t.failed, { name: file.name, why }));
  }

  failed(text, kind = "error") {
    this.xhr = null;
    this.input.disabled = !this.data.url;
    this.input.value = "";
    this.send("file", null);
    this.show(text, kind, null);
  }

  stop() {
    if (this.xhr) this.xhr.abort(); // the server removes what it had written
  }

  destroy() {
    this.stop();
    this.root.remove();
  }
}

export default function (component) {
  const { parentElement, data, setStateValue } = component;
  let view = parentElement.__poloUpload;
  if (!view) {
    view = new UploadView(parentElement);
    parentElement.__poloUpload = view;
  }
  view.update(data, setStateValue);
  // Streamlit runs the cleanup before each new `data` too: the view (and a file being sent) ends only once its
  // element has left the page.
  return () => setTimeout(() => {
    if (parentElement.isConnected || parentElement.__poloUpload !== view) return;
    view.destroy();
    parentElement.__poloUpload = null;
  }, 1000);
}
