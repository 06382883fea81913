import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { stdSerializers } from 'pino';
import type { Env } from '../env';

/**
 * What the server log may hold about a request: never a password, a session id or cookie, a token,
 * a card number or a visitor's full address (see docs/reliability.md). Request lines carry the
 * method, the path with secret-looking query values replaced, and the address truncated
 * (IPv4 to its /24, IPv6 to its /48); headers and bodies are never logged. The redact paths are a
 * second net for objects that code logs by hand.
 */

const REDACTED = '[REDACTED]';

/** Query parameters whose values are secrets: OpenID `code`/`state`, confirmation tokens, id_token_hint, ... */
const SECRET_QUERY_KEY = /token|code|state|secret|password|passwd|key|sig|nonce|hint|session|sid|auth|ticket|verifier|challenge|card|cvc|email/i;

/** The path of a request URL with the value of every secret-looking query parameter replaced. */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark === -1) return url;
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed name is kept as sent, and judged as such.
      }
      return eq !== -1 && SECRET_QUERY_KEY.test(decoded) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, mark)}?${query}`;
}

/** A client address cut to its network: 203.0.113.77 -> 203.0.113.0, 2001:db8:1:2::7 -> 2001:db8:1::. */
export function truncateIp(ip: string | undefined): string | undefined {
  if (!ip) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const v4 = mapped ? mapped[1]! : ip;
  if (isIPv4(v4)) return v4.replace(/\.\d+$/, '.0');
  if (isIPv6(ip)) {
    const [head = ''] = ip.split('::');
    const groups = head.split(':').filter(Boolean).slice(0, 3);
    return `${groups.join(':')}::`;
  }
  return REDACTED;
}

/** Paths pino replaces wherever code logs an object by hand (`log.info({ ... })`). */
export const REDACT_PATHS = [
  'password',
  'newPassword',
  'token',
  'idToken',
  'accessToken',
  'refreshToken',
  'cardNumber',
  'cvc',
  'cookie',
  'authorization',
  'sid',
  'secret',
  'SESSION_SECRET',
  '*.password',
  '*.newPassword',
  '*.token',
  '*.idToken',
  '*.id_token',
  '*.accessToken',
  '*.access_token',
  '*.refreshToken',
  '*.refresh_token',
  '*.code',
  '*.cardNumber',
  '*.cvc',
  '*.sid',
  '*.secret',
  '*.SESSION_SECRET',
  '*.headers.authorization',
  '*.headers.cookie',
  '*.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  // A member's postal address (issue #30): the street lines and the postal code, at any of the
  // depths an address is carried (a book entry, a ship-to answer, a request body logged by hand).
  'line1',
  'line2',
  'postalCode',
  '*.line1',
  '*.line2',
  '*.postalCode',
  '*.*.line1',
  '*.*.line2',
  '*.*.postalCode',
];

/**
 * An error as pino writes it, less the values a failed query carried: Drizzle puts the query's
 * parameters (a session's JSON, a token's hash, an e-mail) in its message and in `params`, and
 * PostgreSQL repeats a conflicting value in `detail` ("Key (sid)=(...) already exists").
 */
type SerializedError = { [key: string]: unknown; type: string; message: string; stack: string };

/**
 * An error's code (ECONNREFUSED, PostgreSQL's 23505, FST_ERR_VALIDATION) says what went wrong and
 * holds no secret, but `*.code` in REDACT_PATHS (an OpenID code in an object logged by hand) hides
 * `err.code`: the code is kept as `errorCode` too, when it has an error code's shape (capitals,
 * digits and underscores; an OpenID code is long and mixed-case). A driver's error wrapped by the
 * ORM carries it on its cause.
 */
const ERROR_CODE = /^[A-Z0-9_]{2,40}$/;

function errorCodeOf(error: Error): string | undefined {
  for (const candidate of [error, error.cause]) {
    const code = (candidate as { code?: unknown } | undefined)?.code;
    if (typeof code === 'string' && ERROR_CODE.test(code)) return code;
  }
  return undefined;
}

export function serializeError(error: Error): SerializedError {
  const out = stdSerializers.err(error) as unknown as SerializedError;
  if (!out || typeof out !== 'object' || (out as unknown) === error) return out;
  const params = (error as { params?: unknown }).params;
  const paramsText = params === undefined || params === null ? '' : String(params);
  const clean = (text: string) =>
    (paramsText ? text.split(paramsText).join(REDACTED) : text).replace(
      /Key \(([^)]*)\)=\(.*?\)( already exists| is not present)/g,
      `Key ($1)=(${REDACTED})$2`,
    );
  if (typeof out.message === 'string') out.message = clean(out.message);
  if (typeof out.stack === 'string') out.stack = clean(out.stack);
  if ('params' in out) out.params = REDACTED;
  if ('detail' in out) out.detail = REDACTED;
  const errorCode = errorCodeOf(error);
  if (errorCode) out.errorCode = errorCode;
  return out;
}

export const logSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: redactUrl(request.url),
    remoteAddress: truncateIp(request.ip),
  }),
  err: serializeError,
};

/** The server's logger options; `stream` replaces stdout (tests capture the lines). */
export function loggerOptions(env: Pick<Env, 'LOG_LEVEL'>, stream?: { write(line: string): void }): FastifyServerOptions['logger'] {
  return {
    level: env.LOG_LEVEL,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: logSerializers,
    ...(stream ? { stream } : {}),
  };
}
