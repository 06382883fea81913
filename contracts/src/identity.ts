import { z } from 'zod';
import { USERNAME_MAX } from './users';
import { shownNameCheck } from './names';

/** Minimum password length for local accounts of the embedded provider. */
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 200;

export const SignInSchema = z.object({
  email: z.string().trim().toLowerCase().email('Enter a valid e-mail address').max(254),
  password: z.string().min(1, 'Password is required').max(PASSWORD_MAX),
});
export type SignIn = z.infer<typeof SignInSchema>;

export const SignUpSchema = z.object({
  email: z.string().trim().toLowerCase().email('Enter a valid e-mail address').max(254),
  password: z
    .string()
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
  username: z
    .string()
    .trim()
    .min(2, 'Username must be at least 2 characters')
    .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`)
    .regex(/^[a-zA-Z0-9_.-]+$/, 'Use letters, digits, dot, dash or underscore'),
  firstName: z.string().trim().max(64).superRefine(shownNameCheck('First name')).optional(),
  lastName: z.string().trim().max(64).superRefine(shownNameCheck('Last name')).optional(),
});
export type SignUp = z.infer<typeof SignUpSchema>;

/** Answer of the interaction endpoints: where the browser goes next. */
export interface InteractionResult {
  redirectTo: string;
}
