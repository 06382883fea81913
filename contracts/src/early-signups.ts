import { z } from 'zod';

export const DEFAULT_SIGNUP_SOURCE = 'coming_soon_page';

const NAME_REQUIRED = 'Name is required';
const EMAIL_REQUIRED = 'E-mail is required';

/** POST /api/early-signup */
export const EarlySignupSchema = z.object({
  name: z.string({ error: NAME_REQUIRED }).trim().min(1, { message: NAME_REQUIRED, abort: true }).max(120),
  // An empty box is "required", not "invalid": `abort` stops the format check from running on it.
  email: z
    .string({ error: EMAIL_REQUIRED })
    .trim()
    .toLowerCase()
    .min(1, { message: EMAIL_REQUIRED, abort: true })
    .email('Enter a valid e-mail address')
    .max(254),
  /** The client's clock; informational only, the server stores its own time. */
  signupDate: z.string().datetime().optional(),
  source: z.string().trim().min(1).max(64).optional(),
});
export type EarlySignupInput = z.infer<typeof EarlySignupSchema>;

export interface EarlySignup {
  id: number;
  name: string;
  email: string;
  signupDate: string;
  source: string;
  notified: boolean;
  ipAddress: string | null;
  userAgent: string | null;
}
