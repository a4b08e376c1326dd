/**
 * The one probe of "first table row on screen" for the console, react-admin and the static copy
 * alike, installed before any of the page's own scripts (Playwright's init script). A row counts
 * when it is in a `<table>`'s body, has text (skeleton rows have none), and is rendered (not
 * inside a hidden streamed segment, not `display: none`, `visibility: hidden` or transparent).
 * Visible means painted: once a row qualifies, the time is taken after the next animation frame
 * (which the browser only runs when it can render, e.g. not while a stylesheet still blocks
 * rendering), in a task queued from that frame, i.e. after the frame that contains the row.
 * The value is `performance.now()`, milliseconds since the navigation started (timeOrigin).
 */
export const FIRST_ROW_KEY = '__benchFirstRowMs';

export const FIRST_ROW_PROBE = `(() => {
  const key = ${JSON.stringify(FIRST_ROW_KEY)};
  let pending = false;
  const rowVisible = () => {
    for (const row of document.querySelectorAll('table tbody tr')) {
      if (!row.textContent || row.textContent.trim() === '') continue;
      if (!row.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      const box = row.getBoundingClientRect();
      if (box.height > 0 && box.top < window.innerHeight) return true;
    }
    return false;
  };
  const check = () => {
    if (pending || window[key] !== undefined || !rowVisible()) return;
    pending = true;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { window[key] = performance.now(); };
      channel.port2.postMessage(0);
    });
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
  const everyFrame = () => { check(); if (window[key] === undefined) requestAnimationFrame(everyFrame); };
  requestAnimationFrame(everyFrame);
})();`;
