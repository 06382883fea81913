import { describe, expect, it } from 'vitest';
import { HELD_PUSH_JOB } from '../../modules/push/push-delivery';
import { WANT_DIGEST_JOB } from '../../modules/notifications/want-alert-digest';
import { namespacesChangedByJob } from './cache-policy';

describe('which jobs empty the response cache', () => {
  it('leaves cached reads alone when a job only sends the bell, e-mail or push', () => {
    expect(namespacesChangedByJob(HELD_PUSH_JOB)).toEqual([]);
    expect(namespacesChangedByJob(WANT_DIGEST_JOB)).toEqual([]);
  });

  it('invalidates every namespace after a job it does not know', () => {
    expect(namespacesChangedByJob('sneakers.some-new-job').length).toBeGreaterThan(0);
  });
});
