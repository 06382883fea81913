import { isbot } from 'isbot';
import UAParser from 'ua-parser-js';

export interface VisitorAgent {
  /** desktop, mobile, tablet, ... (the parser leaves desktops unnamed). */
  device: string;
  browser: string;
  isBot: boolean;
}

/**
 * Crawler names the bot list may not know yet. Headless browsers are not in here: the
 * site's own browser tests and some real assistive setups use them.
 */
const CRAWLER_PATTERN =
  /bot\b|bot\/|externalhit|crawl|spider|slurp|scrape|fetcher|preview|monitor|python-|java\/|go-http-client|okhttp|axios|node-fetch|wget|curl|httpie|postman/i;

/**
 * The 1.x parser says plain "Chrome" / "Firefox" where the 2.x line said "Mobile Chrome" /
 * "Mobile Firefox" (phones, iOS, Firefox on Android tablets). Stats already collected use the
 * 2.x names, so they are kept: one browser stays one row in the breakdown.
 */
function mobileBrowserName(name: string, ua: string): string {
  if (name === 'Chrome' && /\bMobile\b/.test(ua)) return 'Mobile Chrome';
  if (name === 'Firefox' && /\b(Mobile|Tablet)\b|FxiOS\//i.test(ua)) return 'Mobile Firefox';
  return name;
}

/**
 * Device, browser and bot flag from the User-Agent header; no header at all is a script.
 * The parser is the MIT-licensed 1.x line of ua-parser-js (2.x is AGPL), so the names it gives
 * match what earlier rows already hold (see above); isbot keeps the list of known crawlers current.
 */
export function describeUserAgent(userAgent: string | undefined): VisitorAgent {
  const ua = (userAgent ?? '').slice(0, 500);
  if (!ua.trim()) return { device: 'unknown', browser: 'unknown', isBot: true };
  const result = new UAParser(ua).getResult();
  return {
    device: result.device.type ?? 'desktop',
    browser: mobileBrowserName(result.browser.name ?? 'Other', ua),
    isBot: isbot(ua) || CRAWLER_PATTERN.test(ua),
  };
}
