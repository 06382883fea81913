import type EasyPostSdk from '@easypost/api';
import { AppError } from '../../../errors';
import { ShippingProviderError } from '../shipping-provider';

/** EasyPost's API, and where the SDK connects unless EASYPOST_API_BASE says otherwise (a stand-in in tests). */
export const EASYPOST_DEFAULT_BASE = 'https://api.easypost.com/v2/';

/**
 * How long one call to EasyPost may take. The SDK's own `timeout` option is stored but never handed
 * to its HTTP client (8.9: a call could wait forever), so every request gets it through the SDK's
 * `requestMiddleware` (superagent's response and deadline timeouts).
 */
export const EASYPOST_TIMEOUT_MS = 10_000;

export interface EasyPostSettings {
  apiKey: string;
  webhookSecret: string;
  /** The API's base URL, ending in /v2/ (EASYPOST_API_BASE). */
  baseUrl?: string;
  timeoutMs?: number;
}

type EasyPostClient = InstanceType<typeof EasyPostSdk>;

/** The part of superagent's request the middleware touches. */
interface SdkRequest {
  timeout(limits: { response: number; deadline: number }): SdkRequest;
  set(header: string, value: string): SdkRequest;
}

let loading: Promise<typeof EasyPostSdk> | undefined;

/** The SDK, imported on first use: most installations ship through the sandbox and never load it. */
const loadEasyPostSdk = () => (loading ??= import('@easypost/api').then((module) => module.default));

/**
 * An SDK client for one call: our timeout on every request, and when the call is a write, its
 * idempotency key as the `Idempotency-Key` header (the SDK has no per-request headers, so each
 * write gets a client of its own; a client is a few objects, no connection).
 */
export async function easypostClient(settings: EasyPostSettings, idempotencyKey?: string): Promise<EasyPostClient> {
  const EasyPost = await loadEasyPostSdk();
  const timeoutMs = settings.timeoutMs ?? EASYPOST_TIMEOUT_MS;
  return new EasyPost(settings.apiKey, {
    baseUrl: settings.baseUrl ?? EASYPOST_DEFAULT_BASE,
    timeout: timeoutMs,
    requestMiddleware: (request: SdkRequest) => {
      request.timeout({ response: timeoutMs, deadline: timeoutMs });
      if (idempotencyKey) request.set('Idempotency-Key', idempotencyKey);
      return request;
    },
  });
}

/** The fields the SDK's ApiError carries (errors/api/api_error.js). */
interface SdkApiError {
  statusCode?: number;
  code?: string;
  message?: string;
  errors?: Array<{ field?: string; message?: string } | string>;
}

const isSdkApiError = (error: unknown): error is SdkApiError =>
  typeof error === 'object' && error !== null && typeof (error as SdkApiError).statusCode === 'number';

/** The provider's words, the field errors after its message when it gives them. */
function providerWords(error: SdkApiError): string {
  const details = (error.errors ?? [])
    .map((e) => (typeof e === 'string' ? e : e.message))
    .filter((m): m is string => Boolean(m) && m !== error.message);
  return [error.message ?? 'EasyPost refused the request', ...details].join('; ');
}

/**
 * The one translation of what the SDK throws: EasyPost's refusals (4xx) become the port's
 * ShippingProviderError with EasyPost's words; anything else (a timeout, a refused connection,
 * EasyPost's 5xx or 429) is 502 SHIPPING_PROVIDER_UNAVAILABLE, never a 500: a retry under the same
 * key is safe.
 */
export function easypostFailure(error: unknown): Error {
  if (error instanceof ShippingProviderError || error instanceof AppError) return error;
  if (isSdkApiError(error) && error.statusCode! >= 400 && error.statusCode! < 500 && error.statusCode !== 429) {
    if (error.statusCode === 404) return new ShippingProviderError('NOT_FOUND', providerWords(error));
    if (error.code === 'ADDRESS.VERIFY.FAILURE') return new ShippingProviderError('ADDRESS_UNDELIVERABLE', providerWords(error));
    return new ShippingProviderError('INVALID', providerWords(error));
  }
  return new AppError('SHIPPING_PROVIDER_UNAVAILABLE', 'EasyPost could not be reached. Nothing was bought; please try again.', { cause: error });
}

/** Runs one SDK call, its failure translated (easypostFailure). */
export async function callEasyPost<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw easypostFailure(error);
  }
}

/** EasyPost's error code of a refusal, when the SDK threw one. */
export const easypostErrorCode = (error: unknown): string | null => (isSdkApiError(error) ? (error.code ?? null) : null);
