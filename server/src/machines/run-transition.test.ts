import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { refusalReasonOf, type Decision, type Refusal, type RefusalAnswers } from './machine';
import { runTransition, type TransitionMachine } from './run-transition';

/**
 * A toy lifecycle (a door: closed → open → closed) run through the one runner, with an
 * in-memory "table", so the runner's contract is checked apart from any real machine.
 */
type DoorStatus = 'closed' | 'open' | 'locked';
type DoorEffect = 'recordOpening' | 'countVisit';
type DoorDecision = Decision<DoorStatus, DoorEffect>;
type DoorRefusal = Refusal<'LOCKED' | 'ALREADY_OPEN'> & { status: DoorStatus };

interface Row {
  id: number;
  status: DoorStatus;
  visits: number;
}

function door(row: Row, verdict: (status: DoorStatus) => DoorDecision | DoorRefusal, opts: { moveBeforeSave?: DoorStatus } = {}) {
  const steps: string[] = [];
  const events: Array<{ from: string; to: string }> = [];
  const answers: RefusalAnswers<DoorRefusal> = {
    LOCKED: { code: 'FORBIDDEN', message: (r) => `The door is ${r.status}` },
    ALREADY_OPEN: { code: 'CONFLICT', message: () => 'Already open' },
  };
  const machine: TransitionMachine<Row, DoorDecision, DoorRefusal, { visits: number }, Row> = {
    load: async () => {
      steps.push('load');
      return { ...row };
    },
    statusOf: (loaded) => loaded.status,
    decide: (loaded) => {
      steps.push('decide');
      return verdict(loaded.status);
    },
    refusals: answers,
    begin: (loaded) => ({ visits: loaded.visits }),
    effects: {
      recordOpening: async () => {
        steps.push('recordOpening');
      },
      countVisit: async (work) => {
        steps.push('countVisit');
        work.visits += 1;
      },
    },
    afterEffects: async () => {
      steps.push('afterEffects');
    },
    save: async (work, decision, from) => {
      steps.push(`save from ${from}`);
      if (opts.moveBeforeSave) row.status = opts.moveBeforeSave;
      if (row.status !== from) return null;
      Object.assign(row, { status: decision.status, visits: work.visits });
      return { ...row };
    },
    conflictMessage: 'The door moved',
    record: async (_work, decision, _saved, from) => {
      steps.push('record');
      events.push({ from, to: decision.status });
    },
  };
  return { machine, steps, events };
}

const open = (): DoorDecision => ({ ok: true, status: 'open', effects: ['countVisit', 'recordOpening'] });

describe('runTransition (the one transition runner)', () => {
  it('loads, decides, runs the effects in the decision order, saves from the status read and appends the event', async () => {
    const row: Row = { id: 1, status: 'closed', visits: 0 };
    const { machine, steps, events } = door(row, open);
    const outcome = await runTransition(machine);
    expect(steps).toEqual(['load', 'decide', 'countVisit', 'recordOpening', 'afterEffects', 'save from closed', 'record']);
    expect(outcome).toMatchObject({ changed: true, saved: { status: 'open', visits: 1 } });
    expect(row).toEqual({ id: 1, status: 'open', visits: 1 });
    expect(events).toEqual([{ from: 'closed', to: 'open' }]);
  });

  it('turns a refusal into the error its reason names, with the reason kept as the cause, and writes nothing', async () => {
    const row: Row = { id: 1, status: 'locked', visits: 0 };
    const { machine, steps } = door(row, (status) => ({ ok: false, reason: 'LOCKED', status }));
    const error = await runTransition(machine).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'FORBIDDEN', message: 'The door is locked' });
    expect(refusalReasonOf(error)).toBe('LOCKED');
    expect(steps).toEqual(['load', 'decide']);
    expect(row.status).toBe('locked');
  });

  it('answers CONFLICT and appends no event when the record left the status it was read in', async () => {
    const row: Row = { id: 1, status: 'closed', visits: 0 };
    const { machine, events } = door(row, open, { moveBeforeSave: 'locked' });
    await expect(runTransition(machine)).rejects.toMatchObject({ code: 'CONFLICT', message: 'The door moved' });
    expect(events).toEqual([]);
  });

  it('writes nothing for a replay the record already reflects', async () => {
    const row: Row = { id: 1, status: 'open', visits: 3 };
    const { machine, steps } = door(row, () => ({ ok: true, status: 'open', effects: [], changed: false }));
    expect(await runTransition(machine)).toMatchObject({ changed: false });
    expect(steps).toEqual(['load', 'decide']);
  });

  it('reads no reason from an error no machine raised', () => {
    expect(refusalReasonOf(new AppError('CONFLICT', 'x'))).toBeNull();
    expect(refusalReasonOf(new Error('x'))).toBeNull();
  });
});
