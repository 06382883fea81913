// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as toastModule from '../../lib/toast';
import { rememberConfirmationSent, useConfirmationSentNotice } from './confirmation-sent-notice';

describe('useConfirmationSentNotice', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.sessionStorage.clear();
  });

  it('tells a member who just signed up where the confirmation link went, only once', () => {
    const spy = vi.spyOn(toastModule, 'toast');
    rememberConfirmationSent('ava@example.com');
    renderHook(() => useConfirmationSentNotice());
    expect(spy).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Confirm your e-mail address', description: expect.stringContaining('ava@example.com') }),
    );
    renderHook(() => useConfirmationSentNotice());
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('stays quiet on a normal visit', () => {
    const spy = vi.spyOn(toastModule, 'toast');
    renderHook(() => useConfirmationSentNotice());
    expect(spy).not.toHaveBeenCalled();
  });
});
