import { AppError } from '../errors';
import { TransitionRefused } from './machine';

/** How many records past their deadline one query reads. */
const BATCH = 100;

/**
 * The deadline sweep of one lifecycle: which records are past a deadline, the machine's own
 * table of what the system does to a record past its deadline in each status, and how to apply
 * that action (one transition, in its own transaction).
 */
export interface DeadlineSweepSpec<Status extends string, Action extends string> {
  /**
   * Records past a deadline as of `now`, in id order after `afterId`, at most `limit`. For a status
   * with several deadlines, `action` names the one passed (a record past two is listed twice).
   */
  listDue: (now: Date, afterId: number, limit: number) => Promise<Array<{ id: number; status: Status; action?: Action | null }>>;
  /** The machine's deadline table: the system action a record past its deadline takes in `status`. */
  deadlineActions: Partial<Record<Status, Action | readonly Action[]>>;
  /** Applies `action` to record `id` as the system, through the lifecycle's transition runner. */
  apply: (id: number, action: Action) => Promise<void>;
}

/**
 * Whether a system transition failed only because the record moved on between the query and its
 * lock (a member shipped, accepted or cancelled a moment earlier): the machine refused the action
 * as the wrong moment, or the save found the record in another status. A refusal that the action
 * is not the system's (FORBIDDEN) is a bug and is not swallowed.
 */
export function movedOnMeanwhile(error: unknown): boolean {
  if (!(error instanceof AppError)) return false;
  return error.code === 'CONFLICT' || (error.cause instanceof TransitionRefused && error.code !== 'FORBIDDEN');
}

/** The action the table names for a record's status: its one deadline, or the one the query named among several. */
function deadlineAction<Action extends string>(table: Action | readonly Action[] | undefined, named: Action | null | undefined): Action | undefined {
  if (table === undefined) return undefined;
  if (typeof table === 'string') return named == null || named === table ? table : undefined;
  return named != null && table.includes(named) ? named : undefined;
}

/**
 * The one deadline sweep (the trades' and loops' `*.sweep-deadlines` jobs, every minute): reads
 * the records past a deadline in batches and applies to each the action its machine's deadline
 * table names, each in its own transaction, so a member acting at the same moment simply wins or
 * loses the race. Answers the ids each action was applied to.
 */
export async function sweepDeadlines<Status extends string, Action extends string>(
  spec: DeadlineSweepSpec<Status, Action>,
  now: Date,
): Promise<Map<Action, number[]>> {
  const applied = new Map<Action, number[]>();
  let afterId = 0;
  for (;;) {
    const due = await spec.listDue(now, afterId, BATCH);
    for (const row of due) {
      const action = deadlineAction(spec.deadlineActions[row.status], row.action);
      // A status with no such deadline (the query and the table disagree): nothing to do.
      if (action === undefined) continue;
      const { id } = row;
      try {
        await spec.apply(id, action);
        applied.set(action, [...(applied.get(action) ?? []), id]);
      } catch (error) {
        if (!movedOnMeanwhile(error)) throw error;
      }
    }
    if (due.length < BATCH) return applied;
    afterId = due[due.length - 1]!.id;
  }
}
