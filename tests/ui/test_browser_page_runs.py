"""In real headless Chromium, on the app's pages: each custom view (the tag form, the frame view, the upload view)
comes with its page run ({session, number}: ui/context.page_run) and drops data of an older run that reaches it
after a newer run's, as review_app/ui/page_runs.js rules (Streamlit handed the upload view, still loading its
script, a signed-out run's data after the signed-in run's, and the field stayed disabled: issue 40). Data of the
same run (a fragment's run) and of a new session (the app started again: its runs numbered from 1) are taken.

Each view is handed, in the page, copies of the data it shows with another run, as Streamlit hands them; the frame
view's rule is in its mount (shared with the live view), so the view is mounted once more from the module the app
ships, beside the page's own."""

from __future__ import annotations

import pytest
from browser_app import nav
from test_browser import CHROMIUM, FRAME, app_on, open_page  # noqa: F401 (app_on: a fixture)

from review_app.ui import frame_view

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian chromium is not installed at /usr/bin/chromium"),
]

# The tag form's data handed to it again with another run and token: the token it shows after each.
FORM_RUNS = """() => {
  const form = window.__poloReviewTagForm, real = form.data, seen = [form.token];
  const give = (number, token, session = real.run.session) => {
    form.update({ ...real, token, run: { session, number } });
    seen.push(form.token);
  };
  give(real.run.number - 1, "older run"); // arriving after the run it shows
  give(real.run.number, "same run");
  give(real.run.number - 1, "older run again");
  give(1, "new session", "another session");
  return { run: real.run, seen };
}"""

# Every element of the page and every shadow root (a view's parent element may be one), in shadow roots too.
ELEMENTS = """const all = [];
  const walk = (root) => root.querySelectorAll("*").forEach((e) => {
    all.push(e);
    if (e.shadowRoot) all.push(e.shadowRoot) && walk(e.shadowRoot);
  });
  walk(document);"""

# A frame view mounted from the shipped module on the page's own view's data, then handed the data of other runs:
# the whistles it holds after each.
FRAME_RUNS = """async (script) => {
  const mount = (await import(URL.createObjectURL(new Blob([script], { type: "text/javascript" })))).default;
  """ + ELEMENTS + """
  const real = all.find((e) => e.__poloView && e.__poloView.taken).__poloView.taken;
  const host = document.createElement("div");
  document.body.append(host);
  const view = () => window.__poloReviewViews.get("FrameView|page-runs");
  const seen = [];
  const give = (number, whistles, session = real.run.session) => {
    mount({ parentElement: host, setStateValue() {}, setTriggerValue() {},
            data: { ...real, view: "page-runs", whistles, run: { session, number } } });
    seen.push(view().whistles);
  };
  give(real.run.number + 1, [11]);
  give(real.run.number, [22]); // an older run's, arriving after
  give(real.run.number + 1, [33]); // the same run's again (a fragment's run)
  give(1, [44], "another session");
  view().destroy();
  host.remove();
  return { run: real.run, seen };
}"""

# The upload view labelled `label` (in its shadow root), handed its data again: with the address (signed in) or
# without (signed out), of other runs; whether its file field is disabled after each.
UPLOAD_RUNS = """(label) => {
  """ + ELEMENTS + """
  const view = all.find((e) => e.__poloUpload && e.__poloUpload.data.label === label).__poloUpload;
  const real = view.data, seen = [view.input.disabled];
  const give = (number, url, session = real.run.session) => {
    view.update({ ...real, url, run: { session, number } }, view.send);
    seen.push(view.input.disabled);
  };
  give(real.run.number - 1, null); // the signed-out run's, after the signed-in run's
  give(real.run.number, null);
  give(real.run.number + 1, real.url);
  give(1, null, "another session");
  return { run: real.run, seen };
}"""


def a_run(run: dict) -> bool:
    return isinstance(run.get("session"), str) and len(run["session"]) == 16 and run.get("number", 0) >= 1


def test_each_view_keeps_the_newest_runs_data_it_was_handed(app_on, chromium):  # noqa: F811
    url, _ws = app_on(None)
    page = open_page(chromium, url)
    page.locator(FRAME).click()
    page.keyboard.press("t")  # the tag form, opened at the frame on screen
    page.locator("[data-testid=polo-tag-form]").wait_for()
    form = page.evaluate(FORM_RUNS)
    assert a_run(form["run"])
    opened = form["seen"][0]
    assert form["seen"] == [opened, opened, "same run", "same run", "new session"], form
    page.keyboard.press("Escape")

    frame = page.evaluate(FRAME_RUNS, frame_view.SCRIPT)
    assert a_run(frame["run"]) and frame["run"]["session"] == form["run"]["session"]
    assert frame["seen"] == [[11], [11], [33], [44]], frame

    nav(page, "Matches")  # the same session, signed in
    page.get_by_role("tab", name="Footage").click()
    label = "Recording (up to 1024 MB)"
    page.get_by_label(label, exact=True).wait_for()
    upload = page.evaluate(UPLOAD_RUNS, label)
    assert a_run(upload["run"]) and upload["run"]["session"] == form["run"]["session"]
    assert upload["run"]["number"] > form["run"]["number"]  # each run of the page numbered, in order
    assert upload["seen"] == [False, False, True, False, True], upload
