import { QueryClient } from '@tanstack/react-query';
import { ERROR_CODES, type ErrorCode } from '@soleswap/contracts/errors';
import { CURRENT_USER_PATH, LOGIN_PATH, LOGIN_REDIRECT_DELAY_MS } from './auth-paths';
import { goToUrl } from './browser-location';
import { isOnline } from './online-status';
import { toast } from './toast';

/**
 * A non-OK answer from the API. `message` keeps the readable
 * "status: body" form (see docs/web-client.md#talking-to-the-api); components branch on `code`, never on text.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** The server's error code, or null when the body was not an error body. */
  readonly code: ErrorCode | null;
  /** Field path to message, when the server rejected specific fields. */
  readonly fields: Record<string, string> | null;
  /** What the code carries besides its message (ADDRESS_SUGGESTION: `{ suggestion }`), or null. */
  readonly details: Record<string, unknown> | null;
  /** The server's human-readable message, or null when it sent none. */
  readonly serverMessage: string | null;

  constructor(status: number, bodyText: string) {
    super(`${status}: ${bodyText}`);
    this.status = status;
    const body = parseErrorBody(bodyText);
    this.code = body.code;
    this.fields = body.fields;
    this.details = body.details;
    this.serverMessage = body.serverMessage;
  }
}

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((v) => typeof v === 'string');
}

function parseErrorBody(text: string): Pick<ApiError, 'code' | 'fields' | 'details' | 'serverMessage'> {
  const empty = { code: null, fields: null, details: null, serverMessage: null };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    // Proxies and crashed servers answer with HTML or plain text.
    return empty;
  }
  if (typeof body !== 'object' || body === null) return empty;
  const record = body as Record<string, unknown>;
  return {
    code: isErrorCode(record.code) ? record.code : null,
    fields: isStringRecord(record.fields) ? record.fields : null,
    details:
      typeof record.details === 'object' && record.details !== null && !Array.isArray(record.details)
        ? (record.details as Record<string, unknown>)
        : null,
    serverMessage: typeof record.message === 'string' && record.message ? record.message : null,
  };
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  throw new ApiError(res.status, text);
}

async function readJson<T>(res: Response): Promise<T> {
  const text = await res.text();
  // 204 and empty bodies come back as undefined rather than a parse error.
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Resolves against the page so relative paths also work outside a browser (tests). */
function toUrl(path: string): string {
  return new URL(path, window.location.href).toString();
}

/**
 * What this page last learned about the session. It is 'signedIn' once the
 * server has answered "who am I" with a member, and 'expired' once a later call
 * was refused with 401 (the session row was deleted, timed out or signed out
 * elsewhere). Signing in or out is a full page load, so the page's lifetime is
 * the right scope for this.
 */
type SessionState = 'unknown' | 'signedIn' | 'signedOut' | 'expired';
let session: SessionState = 'unknown';
let loginTimer: ReturnType<typeof setTimeout> | undefined;

/** Tests start every case from a page that knows nothing about the session. */
export function forgetSession(): void {
  session = 'unknown';
  clearTimeout(loginTimer);
  loginTimer = undefined;
}

/**
 * The member thought they were signed in and the server says they are not:
 * say so once and send the browser to sign in again. Done here, for every
 * call, so no page has to remember it.
 */
function onSessionExpired(): void {
  if (session === 'expired') return;
  session = 'expired';
  toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
  loginTimer = setTimeout(() => goToUrl(LOGIN_PATH), LOGIN_REDIRECT_DELAY_MS);
}

/**
 * The refused call neither succeeds nor fails: the page is about to be left
 * for the sign-in page, and a "Failed to ..." toast would replace the notice
 * that explains why. A cancelled query still settles through its signal.
 */
function waitForLogin(signal: AbortSignal | null | undefined): Promise<never> {
  return new Promise<never>((_resolve, reject) => {
    if (!signal) return;
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

/** What a request sent while offline fails with: nothing reached the server. */
export const OFFLINE_MESSAGE = 'You are offline: this was not sent. Try again once you are back online.';

/**
 * Every API call goes through here: sends cookies, learns from "who am I"
 * answers whether a member is signed in, and turns a 401 for that member into
 * the logged-out notice and the way back to sign-in. A 401 while nobody was
 * known to be signed in is a normal answer (visitors), handed to the caller.
 */
async function send(path: string, init: RequestInit): Promise<Response> {
  const url = toUrl(path);
  const res = await fetch(url, { ...init, credentials: 'include' }).catch((error: unknown) => {
    // Offline, a write is never pretended: it fails, and says why (docs/rules/offline-and-push.md).
    if (!isOnline()) throw new ApiError(0, JSON.stringify({ message: OFFLINE_MESSAGE }));
    throw error;
  });
  if (res.status === 401 && (session === 'signedIn' || session === 'expired')) {
    onSessionExpired();
    return waitForLogin(init.signal);
  }
  if (new URL(url).pathname === CURRENT_USER_PATH) {
    if (res.ok) session = 'signedIn';
    else if (res.status === 401) session = 'signedOut';
  }
  return res;
}

/**
 * Sends one request to the API with cookies and an optional JSON body (or a
 * `FormData`, sent as multipart), and returns the parsed JSON answer. Any
 * non-OK answer throws an `ApiError`, except a 401 for a member whose session
 * has ended, which sends them to sign in again instead.
 */
export async function apiRequest<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  init?: RequestInit,
): Promise<T> {
  const headers = new Headers(init?.headers);
  headers.set('Accept', 'application/json');
  // A FormData body (file uploads) goes as multipart: the browser sets the boundary header itself.
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) headers.set('Content-Type', 'application/json');
  const request = () =>
    send(path, {
      ...init,
      method,
      headers,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
  let res = await request();
  // A refused sensitive action: the member proves their second factor, then the same call goes again once.
  if ((await needsStepUp(res)) && stepUpHandler && (await stepUpHandler())) res = await request();
  await throwIfNotOk(res);
  return readJson<T>(res);
}

/** Asks the member for their second factor; resolves true once it was given, false when they gave up. */
export type StepUpHandler = () => Promise<boolean>;
let stepUpHandler: StepUpHandler | null = null;

/**
 * Issue #32: the app mounts the step-up dialog, which registers itself here, so every call the
 * server refuses with STEP_UP_REQUIRED asks for the second factor and is retried, on any page.
 */
export function setStepUpHandler(handler: StepUpHandler | null): void {
  stepUpHandler = handler;
}

async function needsStepUp(res: Response): Promise<boolean> {
  if (res.status !== 403 || !stepUpHandler) return false;
  return parseErrorBody(await res.clone().text()).code === 'STEP_UP_REQUIRED';
}

export interface GetJsonOptions {
  /** 'returnNull' treats 401 as "no data" (signed out), not as an error. */
  on401?: 'throw' | 'returnNull';
  signal?: AbortSignal;
}

/**
 * GETs a path with cookies and parses the JSON answer. With
 * `on401: 'returnNull'` a 401 resolves to null (the "empty result" of docs/web-client.md#talking-to-the-api).
 */
export function getJson<T>(path: string, options: GetJsonOptions & { on401: 'returnNull' }): Promise<T | null>;
export function getJson<T>(path: string, options?: GetJsonOptions & { on401?: 'throw' }): Promise<T>;
export async function getJson<T>(path: string, options: GetJsonOptions = {}): Promise<T | null> {
  const res = await send(path, { headers: { Accept: 'application/json' }, signal: options.signal });
  if (options.on401 === 'returnNull' && res.status === 401) return null;
  await throwIfNotOk(res);
  return readJson<T>(res);
}

/** A parsed JSON answer together with its response headers. */
export interface JsonWithHeaders<T> {
  data: T;
  headers: Headers;
}

/**
 * Like `getJson`, but also hands back the response headers: list answers stay
 * plain arrays and carry the next page's cursor in a header (`X-Next-Cursor`).
 */
export async function getJsonWithHeaders<T>(path: string, options: { signal?: AbortSignal } = {}): Promise<JsonWithHeaders<T>> {
  const res = await send(path, { headers: { Accept: 'application/json' }, signal: options.signal });
  await throwIfNotOk(res);
  return { data: await readJson<T>(res), headers: res.headers };
}

/**
 * The text to show a person for a failed call: the server's own message when it
 * sent one, else the caller's fallback (never a raw status line or stack).
 */
export function toUserMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

/**
 * Cache defaults (docs/web-client.md#data-caching): data is loaded once and kept until something
 * invalidates it; nothing refetches on a timer or on focus, nothing retries.
 * Tests create their own client so cached answers never leak between them.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

/** The app's one data cache. */
export const queryClient = createQueryClient();
