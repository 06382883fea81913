import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

const now = new Date('2026-03-10T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const MINUTE = 60_000;

describe('formatRelativeTime (the one way the app says how long ago)', () => {
  it('says just now, then minutes, hours and days, each rounded down', () => {
    expect(formatRelativeTime(ago(30 * 1000), now)).toBe('Just now');
    expect(formatRelativeTime(ago(5 * MINUTE + 59_000), now)).toBe('5m ago');
    expect(formatRelativeTime(ago(3 * 60 * MINUTE), now)).toBe('3h ago');
    expect(formatRelativeTime(ago(2 * 24 * 60 * MINUTE + 5 * MINUTE), now)).toBe('2d ago');
  });

  it('gives the date and time from a week on, and nothing for an unreadable time', () => {
    expect(formatRelativeTime(ago(8 * 24 * 60 * MINUTE), now)).toMatch(/^3\/2\/26, \d{1,2}:00 [AP]M$/);
    expect(formatRelativeTime('not a date', now)).toBe('');
  });
});
