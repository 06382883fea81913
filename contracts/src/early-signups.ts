import { z } from 'zod';

export const DEFAULT_SIGNUP_SOURCE = 'coming_soon_page';

/** POST /api/early-signup */
export const EarlySignupSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(120),
  email: z.string().trim().toLowerCase().email('Enter a valid e-mail address').max(254),
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
