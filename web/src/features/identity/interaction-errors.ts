import { ApiError } from '../../lib/api-client';

export interface InteractionErrorView {
  /** Messages to show under specific fields. */
  fieldErrors: Record<string, string>;
  /** A message for the whole form, or null. */
  formError: string | null;
  /** The interaction is gone (expired or already used): the person must start again. */
  isExpired: boolean;
}

/**
 * Turns a failed sign-in or sign-up call into what the form shows, branching on
 * the error code (never on message text). `fieldNames` are the form's fields;
 * server field errors for anything else become the form error.
 */
export function interpretInteractionError(error: unknown, fieldNames: readonly string[]): InteractionErrorView {
  const view: InteractionErrorView = { fieldErrors: {}, formError: null, isExpired: false };
  if (!(error instanceof ApiError)) {
    view.formError = 'Could not reach the server. Check your connection and try again.';
    return view;
  }

  for (const [path, message] of Object.entries(error.fields ?? {})) {
    if (fieldNames.includes(path)) view.fieldErrors[path] = message;
    else view.formError = message;
  }

  switch (error.code) {
    case 'INVALID_CREDENTIALS':
      view.formError = 'Wrong e-mail or password';
      break;
    case 'EMAIL_TAKEN':
      view.fieldErrors.email ??= error.serverMessage ?? 'An account with this e-mail already exists.';
      break;
    case 'WEAK_PASSWORD':
      view.fieldErrors.password ??= error.serverMessage ?? 'Choose a stronger password.';
      break;
    case 'RATE_LIMITED':
      // The server says how long: a minute for the address's limit, longer for an account locked after failures.
      view.formError = error.serverMessage ?? 'Too many attempts. Wait a minute and try again.';
      break;
    case 'NOT_FOUND':
      view.isExpired = true;
      break;
    case 'VALIDATION_FAILED':
      if (Object.keys(view.fieldErrors).length === 0) view.formError ??= error.serverMessage ?? 'Check the form and try again.';
      break;
    default:
      view.formError ??= error.serverMessage ?? 'Something went wrong. Please try again.';
  }
  return view;
}

/** What a sign-in or sign-up form needs to show a failed submit (react-hook-form's setError). */
interface ErrorTarget<F extends string> {
  setError: (name: F | 'root.server', error: { message: string }) => void;
}

/**
 * Shows a failed sign-in or sign-up on the form: field errors under their fields, the rest as the
 * form error; an expired interaction calls `onExpired` instead.
 */
export function showInteractionError<F extends string>(error: unknown, form: ErrorTarget<F>, fieldNames: readonly F[], onExpired: () => void): void {
  const view = interpretInteractionError(error, fieldNames);
  if (view.isExpired) return onExpired();
  for (const field of fieldNames) {
    const message = view.fieldErrors[field];
    if (message) form.setError(field, { message });
  }
  if (view.formError) form.setError('root.server', { message: view.formError });
}
