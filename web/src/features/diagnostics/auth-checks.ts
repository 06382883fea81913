import type { User } from '@soleswap/contracts/users';
import { ApiError } from '../../lib/api-client';

export type DiagnosticStatus = 'success' | 'error' | 'warning';

/** One line of the /auth-test report (spec 3 "Diagnostic result"). */
export interface DiagnosticResult {
  test: string;
  status: DiagnosticStatus;
  message: string;
  details?: unknown;
  timestamp: string;
}

interface AuthCheckInput {
  /** The page's origin, e.g. "http://localhost:5173". */
  origin: string;
  /** APP_ORIGINS from the server, or null when the server did not say. */
  appOrigins: string[] | null;
  user: User | null;
  /** Calls GET /api/auth/user afresh (not from cache); resolves null on 401. */
  fetchCurrentUser: () => Promise<User | null>;
  /** Calls POST /api/create-membership-payment; only when the server says someone is logged in. */
  createPayment: () => Promise<{ clientSecret: string; paymentIntentId: string }>;
  now?: () => Date;
}

/**
 * Runs the /auth-test checks in order: allowed origin, logged in, premium,
 * a live call of the user endpoint and, for a logged-in member, of the
 * payment-creation endpoint. Never throws: failures become results.
 */
export async function runAuthChecks(input: AuthCheckInput): Promise<DiagnosticResult[]> {
  const now = input.now ?? (() => new Date());
  const result = (test: string, status: DiagnosticStatus, message: string, details?: unknown): DiagnosticResult => ({
    test,
    status,
    message,
    details,
    timestamp: now().toISOString(),
  });
  const results: DiagnosticResult[] = [];

  if (input.appOrigins === null) {
    results.push(result('Allowed origin', 'warning', 'The server did not report its allowed origins.', { origin: input.origin }));
  } else if (input.appOrigins.includes(input.origin)) {
    results.push(result('Allowed origin', 'success', `${input.origin} may log in.`, { appOrigins: input.appOrigins }));
  } else {
    results.push(
      result('Allowed origin', 'error', `${input.origin} is not one of the allowed origins; login will fail here.`, {
        appOrigins: input.appOrigins,
      }),
    );
  }

  results.push(
    input.user
      ? result('Logged in', 'success', `Logged in as ${input.user.email ?? input.user.id}.`, { userId: input.user.id })
      : result('Logged in', 'warning', 'Not logged in.'),
  );

  if (input.user) {
    results.push(
      input.user.isPremiumMember
        ? result('Premium', 'success', 'Premium membership is active.', { membershipPaidAt: input.user.membershipPaidAt })
        : result('Premium', 'warning', 'Not a premium member yet.'),
    );
  }

  let live: User | null = null;
  try {
    live = await input.fetchCurrentUser();
    results.push(
      live
        ? result('GET /api/auth/user', 'success', 'The user endpoint returned a user.', live)
        : result('GET /api/auth/user', 'warning', 'The user endpoint answered 401 (no session).'),
    );
  } catch (error) {
    results.push(result('GET /api/auth/user', 'error', 'The user endpoint failed.', describeError(error)));
  }

  if (live) results.push(await checkPayment(input.createPayment, result));
  return results;
}

const PAYMENT_TEST = 'POST /api/create-membership-payment';

async function checkPayment(
  createPayment: AuthCheckInput['createPayment'],
  result: (test: string, status: DiagnosticStatus, message: string, details?: unknown) => DiagnosticResult,
): Promise<DiagnosticResult> {
  try {
    const payment = await createPayment();
    return result(PAYMENT_TEST, 'success', 'A membership payment is ready to be paid.', {
      paymentIntentId: payment.paymentIntentId,
      // The start is enough to recognise it; the whole secret has no place on screen.
      clientSecret: `${payment.clientSecret.slice(0, 12)}...`,
    });
  } catch (error) {
    if (error instanceof ApiError && error.code === 'ALREADY_PREMIUM') {
      return result(PAYMENT_TEST, 'warning', 'Already a premium member: no payment is needed for this period.', describeError(error));
    }
    return result(PAYMENT_TEST, 'error', 'Payment creation failed.', describeError(error));
  }
}

function describeError(error: unknown) {
  if (error instanceof ApiError) return { status: error.status, code: error.code, message: error.serverMessage ?? error.message };
  return { error: error instanceof Error ? error.message : String(error) };
}
