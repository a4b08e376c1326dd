/**
 * The one probe of "first table row on screen" for the console, react-admin and the static copy
 * alike, installed before any of the page's own scripts (Playwright's init script). A row counts
 * when it is in a `<table>`'s body, has text (skeleton rows have none), and is rendered (not
 * inside a hidden streamed segment, not `display: none`, `visibility: hidden` or transparent).
 *
 * Visible means painted. The probe notes the animation frame in which a row first qualifies
 * (checked at the frame's start; that frame paints it), and takes the time the browser presented
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

/**
 * Whether a load's first contentful paint already showed the row: the row was presented in the
 * same frame (within 1 ms, the timers' rounding), not a frame or more later. An unknown first
 * paint counts as showing it.
 */
export function firstPaintShowsRow(load: { firstRow: number; firstContentfulPaint: number | null }): boolean {
  return load.firstContentfulPaint === null || load.firstRow <= load.firstContentfulPaint + 1;
}

/** How long after the task time the probe waits for the paint entry before it falls back. */
const ENTRY_GRACE_MS = 2_000;

export const FIRST_ROW_PROBE = `(() => {
  const key = ${JSON.stringify(FIRST_ROW_KEY)};
  const taskKey = ${JSON.stringify(FIRST_ROW_TASK_KEY)};
  const mark = 'bench-first-row';
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
        // An element the page has since replaced (element null) was painted all the same.
        if (entry.identifier !== mark || (entry.element && !rowHasText(entry.element.closest('tr')))) continue;
        painted.push(entry.renderTime || entry.startTime);
      }
      settle();
    }).observe({ type: 'element', buffered: true });
  }
  // Every element of a table body is marked before it can be painted. One query per batch of
  // changes (the parser's chunk, a React commit), not one per inserted node: the probe's own cost
  // must not grow with the page's markup, or a larger page pays more for being measured.
  const markRows = () => {
    for (const element of document.querySelectorAll('tbody:not([elementtiming]), tbody :not([elementtiming])')) element.setAttribute('elementtiming', mark);
  };
  // Checked at the start of every animation frame, before that frame's style, layout and paint:
  // the layout the check needs is the one the frame does anyway, and every state the browser
  // paints is seen (checking on each DOM change would force extra layouts while the page parses).
  const everyFrame = (frameTime) => {
    if (!rowVisible()) {
      requestAnimationFrame(everyFrame);
      return;
    }
    qualifiedAt = frameTime;
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      window[taskKey] = performance.now();
      const wait = () => { settle(); if (window[key] === undefined) setTimeout(wait, 50); };
      wait();
    };
    channel.port2.postMessage(0);
  };
  new MutationObserver(markRows).observe(document, { childList: true, subtree: true });
  requestAnimationFrame(everyFrame);
})();`;
