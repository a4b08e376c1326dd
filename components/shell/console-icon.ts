/**
 * The console's tab icon: a dark tile with a voice level meter, readable on light and dark tab
 * strips. Inlined as a data: URL (the CSP's img-src allows data:) so that no page load asks the
 * server for it. Without a declared icon, browsers ask for /favicon.ico, which the console
 * answered by rendering its not-found page inside the console layout: a whole page's server
 * work per new browser tab, for a 404.
 */
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#171717"/>' +
  '<g stroke="#fafafa" stroke-width="3" stroke-linecap="round"><path d="M8 13v6"/><path d="M13 9v14"/><path d="M18 6v20"/><path d="M23 11v10"/></g></svg>';

export const CONSOLE_ICON_URL = `data:image/svg+xml,${encodeURIComponent(SVG)}`;
