import { UAParser } from 'ua-parser-js';
import { isBot } from 'ua-parser-js/bot-detection';

export interface VisitorAgent {
  /** desktop, mobile, tablet, ... (the parser leaves desktops unnamed). */
  device: string;
  browser: string;
  isBot: boolean;
}

/**
 * Crawler names the parser's list may not know yet. Headless browsers are not in here: the
 * site's own browser tests and some real assistive setups use them.
 */
const CRAWLER_PATTERN = /bot\b|bot\/|externalhit|crawl|spider|slurp|scrape|fetcher|preview|monitor|python-|java\/|go-http-client|okhttp|axios|node-fetch|wget|curl|httpie|postman/i;

/** Device, browser and bot flag from the User-Agent header; no header at all is a script. */
export function describeUserAgent(userAgent: string | undefined): VisitorAgent {
  const ua = (userAgent ?? '').slice(0, 500);
  if (!ua.trim()) return { device: 'unknown', browser: 'unknown', isBot: true };
  const result = UAParser(ua);
  return {
    device: result.device.type ?? 'desktop',
    browser: result.browser.name ?? 'Other',
    isBot: isBot(result) || CRAWLER_PATTERN.test(ua),
  };
}
