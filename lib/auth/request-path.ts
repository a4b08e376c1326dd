/** Header set by proxy.ts with the path and query of the request, for sign-in redirects. */
export const REQUEST_PATH_HEADER = 'x-console-path';
