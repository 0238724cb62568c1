// A text area that reports its value while typing (Streamlit Components v2, no build step).
// It sends the value 150 ms after the last key for texts up to 10 KB, 300 ms for longer ones,
// and at once after a paste or cut (the length jumps by more than 1,000 characters) or on
// Ctrl/Cmd+Enter (on plain Enter too in a one-line field, which takes no newline). A value Python sends (a shared link, a sample) replaces the
// text unless the user is typing: the guard is cleared when Python echoes the sent value back.
export default function ({ parentElement, data, setStateValue }) {
  const area = parentElement.querySelector("textarea");
  const label = parentElement.querySelector("label");
  label.textContent = data.label;
  area.setAttribute("aria-label", data.label);
  area.style.height = `${data.height}px`;
  area._oneLine = Boolean(data.one_line);
  area.rows = area._oneLine ? 1 : 2;
  area.style.resize = area._oneLine ? "none" : "vertical";
  if (data.max_chars) area.maxLength = data.max_chars;
  const fromPython = data.value ?? "";
  if (fromPython === area.value) {
    area._typing = false;
  } else if (!area._typing) {
    area.value = fromPython;
    area._length = fromPython.length;
  }
  if (area._attached) return;
  area._attached = true;
  let timer = null;
  area._length = area.value.length;
  const send = () => {
    clearTimeout(timer);
    setStateValue("value", area.value);
  };
  area.addEventListener("input", () => {
    area._typing = true;
    clearTimeout(timer);
    const length = area.value.length;
    const jump = Math.abs(length - area._length) > 1000;
    area._length = length;
    if (jump) send();
    else timer = setTimeout(send, length <= 10000 ? 150 : 300);
  });
  area.addEventListener("keydown", (e) => {
    if (e.key !== "Enter") return;
    if (area._oneLine) {
      e.preventDefault();
      send();
    } else if (e.ctrlKey || e.metaKey) send();
  });
}
