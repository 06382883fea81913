import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS } from './notifications';
import { PUSH_KIND_GROUPS } from './push';

describe('PUSH_KIND_GROUPS', () => {
  it('puts every notification kind in exactly one push group, so no kind is out of the member’s reach', () => {
    const grouped = PUSH_KIND_GROUPS.flatMap((group) => [...group.kinds]);
    expect([...grouped].sort()).toEqual([...NOTIFICATION_KINDS].sort());
  });
});
