/** Calendar helpers in UTC: the statistics' days are UTC days, whatever the server's zone. */
import { DAY_MS, HOUR_MS } from '@soleswap/contracts/time';

export const startOfUtcDay = (t: Date) => new Date(Math.floor(t.getTime() / DAY_MS) * DAY_MS);
export const startOfUtcHour = (t: Date) => new Date(Math.floor(t.getTime() / HOUR_MS) * HOUR_MS);
export const addMs = (t: Date, ms: number) => new Date(t.getTime() + ms);
/** 'YYYY-MM-DD' of a UTC day. */
export const dayKey = (t: Date) => t.toISOString().slice(0, 10);
/** Midnight UTC of a 'YYYY-MM-DD' day. */
export const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
