import { AppError } from '../errors';
import { refusalError, type Decision, type Refusal, type RefusalAnswers } from './machine';

/**
 * One lifecycle's transition, as the runner needs it. Every function runs inside the caller's
 * transaction (the machine closes over it), so a money, inspection or shipping lifecycle is one
 * more object of this shape: how to load its record, its pure `decide`, its refusal answers, its
 * effect table and how to save.
 */
export interface TransitionMachine<Loaded, D extends Decision, R extends Refusal, Work, Row> {
  /** Locks and reads the record (and what `decide` reads); throws NOT_FOUND for a caller who may not see it. */
  load: () => Promise<Loaded>;
  /** The status the record was read in: the save is written `WHERE status = <this>`. */
  statusOf: (loaded: Loaded) => string;
  /** The pure machine's verdict. */
  decide: (loaded: Loaded) => D | R;
  /** How each refusal reason reaches the caller (its code and message). */
  refusals: RefusalAnswers<R>;
  /** The state the effects build up (columns to save, ledger entries...). */
  begin: (loaded: Loaded, decision: D) => Work;
  /** The side work each effect the machine names does, in the decision's order. */
  effects: { [E in D['effects'][number]]: (work: Work) => Promise<void> };
  /** After every effect and before the save: the ledger, whose head is then held to commit. */
  afterEffects?: (work: Work, decision: D) => Promise<void>;
  /** Saves the new state `WHERE id = … AND status = from`; null when the row has moved on. */
  save: (work: Work, decision: D, from: string) => Promise<Row | null>;
  /** Said (CONFLICT) when the save found the record in another status. */
  conflictMessage: string;
  /** Appends the audit event of the transition (from → to). */
  record?: (work: Work, decision: D, saved: Row, from: string) => Promise<void>;
}

export type TransitionOutcome<Loaded, D, Work, Row> =
  | { changed: true; loaded: Loaded; decision: D; work: Work; saved: Row }
  /** A replay (decision.changed === false): nothing was written. */
  | { changed: false; loaded: Loaded; decision: D };

/**
 * The one transition runner: load, decide (a refusal becomes its machine's AppError), run the
 * effects from the machine's table, save from the status read, append the event. The caller owns
 * the transaction and what happens after commit (events, notifications).
 */
export async function runTransition<Loaded, D extends Decision, R extends Refusal, Work, Row>(
  machine: TransitionMachine<Loaded, D, R, Work, Row>,
): Promise<TransitionOutcome<Loaded, D, Work, Row>> {
  const loaded = await machine.load();
  const verdict = machine.decide(loaded);
  if (!verdict.ok) throw refusalError(machine.refusals, verdict);
  const decision = verdict;
  if (decision.changed === false) return { changed: false, loaded, decision };

  const from = machine.statusOf(loaded);
  const work = machine.begin(loaded, decision);
  const effects = machine.effects as Record<string, (work: Work) => Promise<void>>;
  for (const effect of decision.effects) await effects[effect]!(work);
  await machine.afterEffects?.(work, decision);

  const saved = await machine.save(work, decision, from);
  if (saved === null) throw new AppError('CONFLICT', machine.conflictMessage);
  await machine.record?.(work, decision, saved, from);
  return { changed: true, loaded, decision, work, saved };
}
