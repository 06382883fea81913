import {
  AUTHENTIC_MIN_SCORE,
  VERIFICATION_CHECK_LABELS,
  type VerificationCheckName,
  type VerificationCheckResult,
  type VerificationResult,
  type VerificationSource,
} from '@soleswap/contracts/verification';
import { catalogMatchCheck } from './checks/catalog-match';
import { conditionAgeCheck } from './checks/condition-age';
import { imageOriginalCheck } from './checks/image-original';
import { imageQualityCheck } from './checks/image-quality';
import { listingWordingCheck } from './checks/listing-wording';
import { ownerHistoryCheck } from './checks/owner-history';
import { sizeRunCheck } from './checks/size-run';
import { styleCodeCheck } from './checks/style-code';
import { valuePlausibilityCheck } from './checks/value-plausibility';
import { warningSignsCheck } from './checks/warning-signs';
import type { MarketDataSource, MarketQuoteInput } from './market-data-source';
import { centsToMoney } from './money-format';
import type { VerificationCheck, VerificationInput } from './types';

/** Every check the verifier runs, in the order the dialog lists them (VERIFICATION_CHECKS). */
export const VERIFICATION_CHECK_SET: readonly VerificationCheck[] = [
  catalogMatchCheck,
  styleCodeCheck,
  sizeRunCheck,
  conditionAgeCheck,
  valuePlausibilityCheck,
  listingWordingCheck,
  imageQualityCheck,
  imageOriginalCheck,
  ownerHistoryCheck,
  warningSignsCheck,
];

/**
 * The weighted pass ratio in hundredths (0 to 100), rounded down so a score never claims more
 * than the checks earned: 74.9% is 0.74, below the authentic line, not a rounded-up 0.75.
 */
export function scoreHundredths(results: ReadonlyArray<{ weight: number; passed: boolean }>): number {
  const total = results.reduce((sum, r) => sum + r.weight, 0);
  if (total <= 0) return 0;
  const passed = results.filter((r) => r.passed).reduce((sum, r) => sum + r.weight, 0);
  return Math.floor((passed * 100) / total + 1e-9);
}

const scoreString = (hundredths: number) => (hundredths >= 100 ? '1.00' : `0.${String(hundredths).padStart(2, '0')}`);

/**
 * Runs every check over the gathered facts and combines them: the score is the weighted pass
 * ratio, and a pair is authentic only with a score of at least AUTHENTIC_MIN_SCORE and no critical
 * check failed on evidence (see docs/rules/verification.md). Pure: the market quote and image fingerprints are already in `input`.
 */
export function runVerification(
  input: VerificationInput,
  {
    checks = VERIFICATION_CHECK_SET,
    fallbackSource = 'internal',
  }: { checks?: readonly VerificationCheck[]; fallbackSource?: VerificationSource } = {},
): VerificationResult {
  const totalWeight = checks.reduce((sum, c) => sum + c.weight, 0);
  const results: VerificationCheckResult[] = checks.map((check) => {
    const outcome = check.run(input);
    // A critical check that failed for want of data (no photo, no market price) only lowers the
    // score, and says so: its result is not critical.
    const isCritical = check.critical && (outcome.passed || outcome.vetoes !== false);
    return {
      name: check.name,
      label: VERIFICATION_CHECK_LABELS[check.name],
      passed: outcome.passed,
      weight: totalWeight > 0 ? check.weight / totalWeight : 0,
      critical: isCritical,
      evidence: outcome.evidence,
    };
  });
  const hundredths = scoreHundredths(results.map((r, i) => ({ weight: checks[i]!.weight, passed: r.passed })));
  const criticalFailed = results.some((r) => r.critical && !r.passed);
  const { market } = input;
  return {
    isAuthentic: !criticalFailed && hundredths >= Math.round(AUTHENTIC_MIN_SCORE * 100),
    verificationScore: scoreString(hundredths),
    marketPrice: market ? centsToMoney(market.marketPrice) : null,
    priceRange: market ? { low: centsToMoney(market.low), high: centsToMoney(market.high) } : null,
    source: market?.source ?? fallbackSource,
    verificationDetails: Object.fromEntries(results.map((r) => [r.name, r.passed])) as Record<VerificationCheckName, boolean>,
    checks: results,
    verifiedAt: input.now.toISOString(),
  };
}

/** Asks the market data source for a quote, then runs every check with it. */
export async function verifySneaker({
  facts,
  marketQuery,
  marketData,
}: {
  facts: Omit<VerificationInput, 'market'>;
  marketQuery: MarketQuoteInput;
  marketData: MarketDataSource;
}): Promise<VerificationResult> {
  const market = await marketData.quote(marketQuery);
  return runVerification({ ...facts, market }, { fallbackSource: marketData.name });
}
