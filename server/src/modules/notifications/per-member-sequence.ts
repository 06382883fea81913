/**
 * Runs work for the same members one after another, in the order it was handed in. Domain events'
 * listeners run concurrently, so a trade's "proposed" and "cancelled" could reach a member's bell
 * in either order (the list is by id, the order rows were stored in); a listener handed in here at
 * once, in the order the events were emitted, stores each member's notifications in that order.
 * Work for other members runs alongside. One instance's events only: with several instances, each
 * keeps the order of the events it emitted.
 */
export class PerMemberSequence {
  private readonly tails = new Map<string, Promise<void>>();

  /** Starts `work` once every earlier work of any of `memberIds` has ended (failed or not); resolves or rejects as it does. */
  run(memberIds: readonly string[], work: () => Promise<unknown>): Promise<void> {
    const members = [...new Set(memberIds)];
    const earlier = members.flatMap((id) => this.tails.get(id) ?? []);
    const done = Promise.all(earlier).then(async () => {
      await work();
    });
    const tail = done.catch(() => undefined);
    for (const id of members) this.tails.set(id, tail);
    void tail.then(() => {
      for (const id of members) if (this.tails.get(id) === tail) this.tails.delete(id);
    });
    return done;
  }

  /** How many members have work queued or running (for tests). */
  get pendingMembers(): number {
    return this.tails.size;
  }
}
