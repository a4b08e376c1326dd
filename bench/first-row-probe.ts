/**
 * The one probe of "first table row on screen" for the console, react-admin and the static copy
 * alike, installed before any of the page's own scripts (Playwright's init script). A row counts
 * when it is in a `<table>`'s body, has text (skeleton rows have none), and is rendered (not
 * inside a hidden streamed segment, not `display: none`, `visibility: hidden` or transparent).
 *
 * Visible means painted. The probe notes the animation frame in which a row first qualifies
 * (style and layout are done, that frame paints it), and takes the time the browser presented
 * that row's text: the Element Timing API's `renderTime` of the first row cell painted in or after
 * that frame (the probe marks every element inside a table body with `elementtiming` as it is
 * inserted, before it can be painted). That is the time on screen whatever the page does next;
 * a task queued after the frame (the fallback, and the value this probe took before) also counts
 * whatever scripts the page runs right after painting, which made a page with scripts look later
 * than its pixels. Both are kept: `FIRST_ROW_KEY` (painted) and `FIRST_ROW_TASK_KEY` (the task).
 * Values are `performance.now()` milliseconds since the navigation started (timeOrigin).
 */
export const FIRST_ROW_KEY = '__benchFirstRowMs';
export const FIRST_ROW_TASK_KEY = '__benchFirstRowTaskMs';

/** How long after the task time the probe waits for the paint entry before it falls back. */
const ENTRY_GRACE_MS = 2_000;

export const FIRST_ROW_PROBE = `(() => {
  const key = ${JSON.stringify(FIRST_ROW_KEY)};
  const taskKey = ${JSON.stringify(FIRST_ROW_TASK_KEY)};
  const mark = 'bench-first-row';
  let pending = false;
  let qualifiedAt;
  const painted = [];
  const rowHasText = (row) => row !== null && row.textContent !== null && row.textContent.trim() !== '';
  const rowVisible = () => {
    for (const row of document.querySelectorAll('table tbody tr')) {
      if (!rowHasText(row)) continue;
      if (!row.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      const box = row.getBoundingClientRect();
      if (box.height > 0 && box.top < window.innerHeight) return true;
    }
    return false;
  };
  const settle = () => {
    if (window[key] !== undefined || qualifiedAt === undefined) return;
    const inFrame = painted.filter((time) => time >= qualifiedAt);
    if (inFrame.length > 0) window[key] = Math.min(...inFrame);
    else if (window[taskKey] !== undefined && performance.now() - window[taskKey] > ${ENTRY_GRACE_MS}) window[key] = window[taskKey];
  };
  if (PerformanceObserver.supportedEntryTypes.includes('element')) {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.identifier !== mark || !entry.element || !rowHasText(entry.element.closest('tr'))) continue;
        painted.push(entry.renderTime || entry.startTime);
      }
      settle();
    }).observe({ type: 'element', buffered: true });
  }
  const markInserted = (node) => {
    if (node.nodeType !== 1) return;
    if (node.closest('tbody')) {
      node.setAttribute('elementtiming', mark);
      for (const element of node.querySelectorAll('*')) element.setAttribute('elementtiming', mark);
    } else {
      for (const element of node.querySelectorAll('tbody *')) element.setAttribute('elementtiming', mark);
    }
  };
  const check = (time) => {
    if (pending || window[key] !== undefined || !rowVisible()) return;
    pending = true;
    requestAnimationFrame((frameTime) => {
      // The frame that paints the row: its start, or the frame in which the row qualified.
      qualifiedAt = time ?? frameTime;
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        window[taskKey] = performance.now();
        settle();
        const wait = () => { settle(); if (window[key] === undefined) setTimeout(wait, 50); };
        wait();
      };
      channel.port2.postMessage(0);
    });
  };
  new MutationObserver((records) => {
    let changed = false;
    for (const record of records) {
      for (const node of record.addedNodes) markInserted(node);
      if (record.type !== 'attributes' || record.attributeName !== 'elementtiming') changed = true;
    }
    if (changed) check();
  }).observe(document, { childList: true, subtree: true, attributes: true });
  const everyFrame = (frameTime) => { check(frameTime); if (!pending) requestAnimationFrame(everyFrame); };
  requestAnimationFrame(everyFrame);
})();`;
