// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as toastModule from '../lib/toast';
import { useLoginFailedNotice } from './use-login-failed-notice';

describe('useLoginFailedNotice', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.history.replaceState(null, '', '/');
  });

  it('tells the visitor sign-in failed and cleans the address', () => {
    const spy = vi.spyOn(toastModule, 'toast');
    window.history.replaceState(null, '', '/?login=failed');
    renderHook(() => useLoginFailedNotice());
    expect(spy).toHaveBeenCalledWith(expect.objectContaining({ title: 'Sign-in failed' }));
    expect(window.location.search).toBe('');
  });

  it('tells a suspended member why they are not signed in', () => {
    const spy = vi.spyOn(toastModule, 'toast');
    window.history.replaceState(null, '', '/?login=suspended');
    renderHook(() => useLoginFailedNotice());
    expect(spy).toHaveBeenCalledWith(expect.objectContaining({ title: 'Account suspended', description: expect.stringContaining('suspended') }));
    expect(window.location.search).toBe('');
  });

  it('stays quiet on a normal visit', () => {
    const spy = vi.spyOn(toastModule, 'toast');
    renderHook(() => useLoginFailedNotice());
    expect(spy).not.toHaveBeenCalled();
  });
});
