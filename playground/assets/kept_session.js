// The tab's token for its kept tokenizers (playground/ui/kept_session.py): Python's token is
// stored in this tab's sessionStorage; a new session (after a reload) sends the stored one
// back once, so the server can give it the tokenizers kept under it.
const KEY = "bbpe_kept_session";

export default function ({ parentElement, data, setTriggerValue }) {
  let stored = null;
  try {
    if (data.token) sessionStorage.setItem(KEY, data.token);
    stored = sessionStorage.getItem(KEY);
  } catch (e) {
    return;  // storage refused (a private mode): nothing is kept
  }
  if (!data.token && stored && !parentElement._sent) {
    parentElement._sent = true;
    setTriggerValue("restore", stored);
  }
}
