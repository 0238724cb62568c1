// The token views' behaviour, once per page (event delegation, so it covers every view drawn
// later): hovering a token outlines every element of the same id (data-id) and, in the same
// view, the chip or id at the same position (data-k); a click or tap opens a popover with the
// token's id, string and bytes (its title); "Copy ids" copies the id list's text.
(() => {
  if (window.bbpeTokenView) return;
  window.bbpeTokenView = true;
  const lit = [];
  const clear = () => { while (lit.length) lit.pop().classList.remove("bbpe-hl", "bbpe-hk"); };
  const mark = (nodes, cls) => nodes.forEach((n) => { n.classList.add(cls); lit.push(n); });
  const words = (el, attr) => (el.getAttribute(attr) || "").split(" ").filter(Boolean);
  const token = (target) => {
    const el = target.closest && target.closest("[data-id]");
    return el && el.closest(".bbpe-view, .bbpe-ids, .bbpe-cells") ? el : null;
  };
  let hovered = null;
  document.addEventListener("mouseover", (e) => {
    const el = token(e.target);
    if (el === hovered) return;
    hovered = el;
    clear();
    if (!el) return;
    for (const id of words(el, "data-id")) mark(document.querySelectorAll(`[data-id~="${id}"]`), "bbpe-hl");
    const view = el.closest(".bbpe-tv");
    if (view) {
      for (const k of words(el, "data-k")) mark(view.querySelectorAll(`[data-k~="${k}"]`), "bbpe-hk");
    }
  });
  // The clipboard API exists only on secure pages (https, localhost); elsewhere the list is
  // selected and copied the old way.
  const copyText = (button, list) => {
    const done = () => {
      button.textContent = "Copied";
      setTimeout(() => { button.textContent = "Copy ids"; }, 1500);
    };
    if (navigator.clipboard) {
      navigator.clipboard.writeText(list.textContent).then(done);
      return;
    }
    const range = document.createRange();
    range.selectNodeContents(list);
    window.getSelection().removeAllRanges();
    window.getSelection().addRange(range);
    if (document.execCommand("copy")) done();
  };
  let pop = null;
  const close = () => { if (pop) { pop.remove(); pop = null; } };
  document.addEventListener("keydown", (e) => { if (e.key === "Escape") close(); });
  window.addEventListener("scroll", close, true);
  document.addEventListener("click", (e) => {
    const copy = e.target.closest && e.target.closest(".bbpe-copy");
    if (copy) {
      copyText(copy, copy.parentElement.querySelector(".bbpe-idlist"));
      return;
    }
    const el = token(e.target);
    close();
    if (!el || !el.title || !window.getSelection().isCollapsed) return;
    pop = document.createElement("div");
    pop.className = "bbpe-pop";
    pop.setAttribute("role", "tooltip");
    pop.textContent = el.title.replace(/ \+ /g, "\n").replace(/ bytes /g, "\nbytes ");
    document.body.appendChild(pop);
    const r = el.getBoundingClientRect();
    const left = Math.max(4, Math.min(r.left, window.innerWidth - pop.offsetWidth - 4));
    pop.style.left = `${left + window.scrollX}px`;
    pop.style.top = `${r.bottom + window.scrollY + 4}px`;
  });
})();
