/**
 * A count of writes to members' rows, bumped by the users module's repositories (the table's
 * owner, db/table-owners.ts) after each statement that changes a member: profile, e-mail, role,
 * membership, counters, reputation, suspension. The session cache (http/session-cache.ts) serves a
 * kept session only while the count is what it was when the session was read. The cache is used
 * on the embedded database only, where one transaction runs at a time and nothing reads between
 * a write and its commit, so a bump at the write is in time. A write that bypasses these
 * repositories (raw SQL from another module, a test writing the table) is not seen: the
 * table-owners test forbids the first; tests call membersChanged() after the second.
 */
let generation = 0;

/** Some member's row changed (or may have): sessions kept before are read again. */
export function membersChanged(): void {
  generation += 1;
}

/** The count now: compared by the session cache, never decreases. */
export function membersGeneration(): number {
  return generation;
}
