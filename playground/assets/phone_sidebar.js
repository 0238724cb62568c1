// On a phone the sidebar covers the page: once an option of a sidebar select box is chosen,
// or a page link is followed, close the sidebar so the page shows the result (Streamlit keeps
// it open by itself).
(() => {
  if (window.bbpePhoneSidebar) return;
  window.bbpePhoneSidebar = true;
  document.addEventListener("click", (e) => {
    if (window.innerWidth >= 768 || !e.target.closest) return;
    const option = e.target.closest('[role="option"]');
    const link = e.target.closest('[data-testid="stSidebarNavLink"]');  // a page link
    if (!option && !link) return;
    const sidebar = document.querySelector('[data-testid="stSidebar"]');
    if (!sidebar || (option && !sidebar.querySelector('[aria-expanded="true"]'))) return;
    setTimeout(() => {
      const close = sidebar.querySelector('button[aria-label="Collapse sidebar"]');
      if (close) close.click();
    }, 150);
  }, true);
})();
