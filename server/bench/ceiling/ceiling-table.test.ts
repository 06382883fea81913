import { describe, expect, it } from 'vitest';
import { CEILING_HEADER, ceilingLine, ceilingRatio, perRequest, type CeilingRow } from './ceiling-table';

const row = (overrides: Partial<CeilingRow> = {}): CeilingRow => ({
  label: 'trade list',
  group: 'member read',
  statements: 2,
  app: { rps: 400, p99: 120, requests: 4000, cacheHits: 0, loopP99: 20.5, loopMax: 31, load: 3.1, serverCpuMs: 4000, databaseCpuMs: 6000 },
  database: { tps: 500, latencyMs: '100.0', transactions: 5000, failed: '0', load: 4.2, databaseCpuMs: 5000 },
  paced: { rate: 250, p50: 6.2, p99: 41.5, max: 80, failed: 0, unanswered: 0, sendLagP99: 1.2, load: 2.5 },
  ...overrides,
});

describe('the ceiling table', () => {
  it('gives the app’s share of the database’s rate, and none without a database figure', () => {
    expect(ceilingRatio(400, 500)).toBe(0.8);
    expect(ceilingRatio(400, null)).toBeNull();
    expect(ceilingRatio(400, 0)).toBeNull();
    expect(ceilingRatio(400, Number.NaN)).toBeNull();
  });

  it('divides CPU by the requests answered', () => {
    expect(perRequest(4000, 4000)).toBe(1);
    expect(perRequest(null, 4000)).toBeNull();
    expect(perRequest(100, 0)).toBeNull();
  });

  it('prints the server’s and PostgreSQL’s CPU a request, their sum, the ratio and the paced p99 with a load beside each', () => {
    const line = ceilingLine(row());
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    expect(cells).toHaveLength(CEILING_HEADER[0]!.split('|').length - 2);
    expect(cells).toEqual([
      'trade list',
      '2.0',
      '400',
      '120',
      '0',
      '20.5 / 31.0',
      '3.10',
      '1.00',
      '1.50',
      '2.50',
      '500',
      '100.0',
      '0',
      '1.00',
      '4.20',
      '80.0%',
      '250',
      '6.2 / 41.5 / 80.0',
      '0 (0)',
      '1.2',
      '2.50',
    ]);
  });

  it('leaves a cell empty where a figure is missing (PostgreSQL on another machine, no paced run)', () => {
    const line = ceilingLine(row({ app: { ...row().app, databaseCpuMs: null }, paced: null, database: { ...row().database, tps: null } }));
    expect(line).toContain('| 1.00 | – | – |');
    expect(line.endsWith('| – | – | – | – | – |')).toBe(true);
  });

  it('says a paced request never answered within the drain time is unanswered, not a latency', () => {
    const line = ceilingLine(
      row({ paced: { ...row().paced!, p99: Number.POSITIVE_INFINITY, max: Number.POSITIVE_INFINITY, failed: 12, unanswered: 9 } }),
    );
    expect(line).toContain('| 6.2 / unanswered / unanswered | 12 (9) |');
  });
});
