import type { InspectionConfig } from '@soleswap/contracts/inspection';
import type { AppContext } from '../../context';

/**
 * What the web needs to offer "via authentication" (docs/rules/inspection.md#which-trades): whether a
 * centre is configured (AUTHENTICATION_CENTRE_ADDRESS), and the value above which the operator
 * requires it (AUTHENTICATION_REQUIRED_ABOVE_CENTS). Never the centre's address.
 */
export function getInspectionConfig(ctx: AppContext): InspectionConfig {
  const hasCentre = Boolean(ctx.env.AUTHENTICATION_CENTRE_ADDRESS);
  return { hasCentre, requiredAboveCents: hasCentre ? (ctx.env.AUTHENTICATION_REQUIRED_ABOVE_CENTS ?? null) : null };
}
