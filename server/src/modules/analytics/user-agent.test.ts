import { describe, expect, it } from 'vitest';
import { describeUserAgent } from './user-agent';

describe('describeUserAgent', () => {
  it('names the device and browser of real browsers', () => {
    expect(describeUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1')).toEqual({
      device: 'mobile',
      browser: 'Mobile Safari',
      isBot: false,
    });
    expect(describeUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36')).toEqual({
      device: 'desktop',
      browser: 'Chrome',
      isBot: false,
    });
  });

  it('flags crawlers, scripts and requests without a user agent as bots', () => {
    for (const ua of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'facebookexternalhit/1.1',
      'curl/8.4.0',
      'python-requests/2.31',
      'SomeNewCrawler/1.0',
      '',
      undefined,
    ]) {
      expect(describeUserAgent(ua).isBot, String(ua)).toBe(true);
    }
  });
});
