// Which page run a custom view's data comes from (plain JavaScript, no build step; put before each view's own
// script: upload_view.py, frame_view.py, live_view.py, review/form_view.py).
//
// Each run of the page hands a view its data with the run (`run`: {session, number}, ui/context.page_run).
// Streamlit may hand a view still loading its script the data of two runs in reverse order: right after signing
// in, the signed-out run's data came last and the upload field stayed disabled. A view drops data of a run older
// than the data it shows. A new session (the app started again) numbers its runs from 1 again: not older.

function earlierRun(data, shown) {
  const run = data && data.run;
  const showing = shown && shown.run;
  return !!run && !!showing && run.session === showing.session && run.number < showing.number;
}

// The same data but for the run it came with (a rerun of the page that changed nothing for the view).
function sameButRun(a, b) {
  return JSON.stringify({ ...a, run: null }) === JSON.stringify({ ...b, run: null });
}
