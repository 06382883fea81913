import type { Session } from 'fastify';

/** How many sessions are kept at most; the oldest kept goes first. */
const KEPT_SESSIONS = 10_000;

interface KeptSession {
  /** The session as the store read it, with its member (`member`). */
  session: Session;
  /** When the stored session expires (ms since the epoch). */
  expire: number;
  generation: number;
}

/**
 * Signed-in sessions with their members, kept in memory so that a member's next request needs no
 * statement to say who they are. Used on the embedded database only, where every statement passes
 * through this process's one PGlite client: the users module's repositories count every write to a
 * member's row (`membersGeneration`, modules/users/member-changes.ts, read through the constructor's
 * `members`), and the session store calls `invalidate` when it writes a session with new content or
 * deletes one, so nothing kept before a change is served after it. With several instances on PostgreSQL another
 * instance's change would only arrive by notification, a moment later, and a suspension must hold
 * on the very next request: there the store reads every time. See docs/performance/member-reads.md.
 */
export class SessionCache {
  private generation = 0;
  private readonly kept = new Map<string, KeptSession>();

  /** `members`: a count of writes to members' rows that never decreases. */
  constructor(private readonly members: () => number = () => 0) {}

  /** The generation now (this cache's own plus the members' count, each only growing): taken before a read, handed to `keep` once the read is back. */
  get stamp(): number {
    return this.generation + this.members();
  }

  /** Something a session or member shows may have changed: nothing kept so far is served again. */
  invalidate() {
    this.generation += 1;
  }

  /** The kept session of `sid`, as a copy the request may change, if still current and unexpired. */
  find(sid: string, now: number): Session | undefined {
    const entry = this.kept.get(sid);
    if (!entry) return undefined;
    if (entry.generation !== this.stamp || entry.expire <= now) {
      this.kept.delete(sid);
      return undefined;
    }
    return { ...entry.session };
  }

  /**
   * Keeps a session read under `stamp`, unless something changed since the read began (what was
   * read may predate that change). Only signed-in sessions are kept: a visitor's session is
   * short-lived and changes as they sign in.
   */
  keep(sid: string, session: Session, expire: number, stamp: number) {
    if (stamp !== this.stamp || typeof (session as { userId?: unknown }).userId !== 'string') return;
    this.kept.delete(sid);
    this.kept.set(sid, { session: { ...session }, expire, generation: stamp });
    if (this.kept.size > KEPT_SESSIONS) this.kept.delete(this.kept.keys().next().value!);
  }

  forget(sid: string) {
    this.kept.delete(sid);
  }
}
