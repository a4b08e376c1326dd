/**
 * What the console knows about the request being served, carried through its async work: the
 * request id (in every log line and in the `X-Request-Id` response header), the operator once
 * their session is read, and the connection's peer address (lib/security/client-address.ts).
 * Set by the HTTP server hook (./http-server.ts); kept on globalThis because Next loads this
 * module once per bundle while a request crosses several of them.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface RequestContext {
  readonly requestId: string;
  readonly peer: string | undefined;
  /** The service account id of the signed-in operator, once known. */
  operatorId?: string;
}

const STORE = Symbol.for('voice-ops-console.request-context');
type WithStore = typeof globalThis & { [STORE]?: AsyncLocalStorage<RequestContext> };

export function requestContextStorage(): AsyncLocalStorage<RequestContext> {
  const holder = globalThis as WithStore;
  holder[STORE] ??= new AsyncLocalStorage<RequestContext>();
  return holder[STORE];
}

export function currentRequest(): RequestContext | undefined {
  return requestContextStorage().getStore();
}

/** Records who the request is from, for the lines logged after this point. */
export function noteOperator(operatorId: string | undefined): void {
  const context = currentRequest();
  if (context && operatorId) context.operatorId = operatorId;
}
