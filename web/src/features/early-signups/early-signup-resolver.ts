import { zodResolver } from '@hookform/resolvers/zod';
import { EarlySignupSchema } from '@soleswap/contracts/early-signups';

/** The early-access form's checks: the schema the server applies. Loaded on demand (lib/lazy-resolver). */
export const earlySignupResolver = zodResolver(EarlySignupSchema);
