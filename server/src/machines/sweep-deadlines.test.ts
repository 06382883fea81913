import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { refusalError, type Refusal } from './machine';
import { movedOnMeanwhile, sweepDeadlines } from './sweep-deadlines';

type Status = 'waiting' | 'running' | 'done';
type Action = 'expire' | 'time-out';

/** A toy lifecycle's records past their deadlines, served in id order like the repositories do. */
function dueRecords(count: number, status: (id: number) => Status) {
  const records = Array.from({ length: count }, (_, i) => ({ id: i + 1, status: status(i + 1) }));
  const queries: Array<{ afterId: number; limit: number }> = [];
  const listDue = async (_now: Date, afterId: number, limit: number) => {
    queries.push({ afterId, limit });
    return records.filter((r) => r.id > afterId).slice(0, limit);
  };
  return { listDue, queries };
}

const refused = (reason: string, code: 'CONFLICT' | 'FORBIDDEN' | 'LOOP_INVALID_TRANSITION') =>
  refusalError<Refusal>({ [reason]: { code, message: () => reason } } as never, { ok: false, reason });

describe('sweepDeadlines (the one deadline sweep)', () => {
  it("applies to each record the action its machine's deadline table names for its status, in batches of 100", async () => {
    const { listDue, queries } = dueRecords(250, (id) => (id % 2 ? 'waiting' : 'running'));
    const applied: string[] = [];
    const result = await sweepDeadlines<Status, Action>(
      {
        listDue,
        deadlineActions: { waiting: 'expire', running: 'time-out' },
        apply: async (id, action) => {
          applied.push(`${id}:${action}`);
        },
      },
      new Date(),
    );
    expect(applied).toHaveLength(250);
    expect(applied.slice(0, 2)).toEqual(['1:expire', '2:time-out']);
    expect(result.get('expire')).toHaveLength(125);
    expect(result.get('time-out')).toHaveLength(125);
    expect(queries).toEqual([
      { afterId: 0, limit: 100 },
      { afterId: 100, limit: 100 },
      { afterId: 200, limit: 100 },
    ]);
  });

  it('applies, in a status with several deadlines, the one the query names, and nothing the table lacks', async () => {
    const applied: string[] = [];
    const result = await sweepDeadlines<Status, Action>(
      {
        listDue: async (_now, afterId) =>
          afterId > 0
            ? []
            : [
                { id: 1, status: 'running', action: 'time-out' },
                { id: 2, status: 'running', action: 'expire' },
                { id: 3, status: 'running' },
                { id: 4, status: 'waiting', action: 'time-out' },
              ],
        deadlineActions: { running: ['time-out', 'expire'], waiting: 'expire' },
        apply: async (id, action) => {
          applied.push(`${id}:${action}`);
        },
      },
      new Date(),
    );
    // 3 names none of its status's two deadlines, 4 names one its status does not have.
    expect(applied).toEqual(['1:time-out', '2:expire']);
    expect(result.get('time-out')).toEqual([1]);
  });

  it('skips a record that moved on meanwhile, and goes on with the others', async () => {
    const { listDue } = dueRecords(3, () => 'waiting');
    const result = await sweepDeadlines<Status, Action>(
      {
        listDue,
        deadlineActions: { waiting: 'expire' },
        apply: async (id) => {
          if (id === 1) throw refused('WRONG_STATUS', 'LOOP_INVALID_TRANSITION');
          if (id === 2) throw new AppError('CONFLICT', 'moved');
        },
      },
      new Date(),
    );
    expect(result.get('expire')).toEqual([3]);
  });

  it('lets any other failure through (a bug is never swallowed as a race)', async () => {
    const { listDue } = dueRecords(1, () => 'waiting');
    const failing = (error: Error) =>
      sweepDeadlines<Status, Action>({ listDue, deadlineActions: { waiting: 'expire' }, apply: async () => Promise.reject(error) }, new Date());
    await expect(failing(new Error('disk full'))).rejects.toThrow('disk full');
    await expect(failing(refused('NOT_YOUR_ROLE', 'FORBIDDEN'))).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('leaves alone a record whose status has no deadline', async () => {
    const { listDue } = dueRecords(2, (id) => (id === 1 ? 'done' : 'waiting'));
    const seen: number[] = [];
    await sweepDeadlines<Status, Action>(
      {
        listDue,
        deadlineActions: { waiting: 'expire' },
        apply: async (id) => {
          seen.push(id);
        },
      },
      new Date(),
    );
    expect(seen).toEqual([2]);
  });
});

describe('movedOnMeanwhile', () => {
  it('is a machine refusal of the wrong moment or a save that found another status, nothing else', () => {
    expect(movedOnMeanwhile(refused('CLOSED', 'LOOP_INVALID_TRANSITION'))).toBe(true);
    expect(movedOnMeanwhile(new AppError('CONFLICT', 'moved'))).toBe(true);
    expect(movedOnMeanwhile(refused('NOT_YOUR_ROLE', 'FORBIDDEN'))).toBe(false);
    expect(movedOnMeanwhile(new AppError('SNEAKER_LOCKED', 'held'))).toBe(false);
    expect(movedOnMeanwhile(new Error('x'))).toBe(false);
  });
});
