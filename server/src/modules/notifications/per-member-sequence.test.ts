import { describe, expect, it } from 'vitest';
import { PerMemberSequence } from './per-member-sequence';

function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('PerMemberSequence', () => {
  it("runs a member's work in the order handed in, other members' alongside, and goes on after a failure", async () => {
    const sequence = new PerMemberSequence();
    const ran: string[] = [];
    const slow = gate();
    const first = sequence.run(['ann', 'bo'], async () => {
      await slow.opened;
      ran.push('ann+bo first');
      throw new Error('listener failed');
    });
    const second = sequence.run(['bo'], async () => void ran.push('bo second'));
    const other = sequence.run(['cy'], async () => void ran.push('cy'));
    await other;
    expect(ran).toEqual(['cy']);
    slow.open();
    await expect(first).rejects.toThrow('listener failed');
    await second;
    expect(ran).toEqual(['cy', 'ann+bo first', 'bo second']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(sequence.pendingMembers).toBe(0);
  });
});
