// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/build-user';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-app';
import type { ServerInfo } from '../api/get-server-info';
import { DebugPage } from './debug-page';

const info = (appOrigins: string[]): ServerInfo => ({
  nodeVersion: 'v22.13.0',
  nodeEnv: 'development',
  version: '1.4.2',
  database: 'postgres',
  appOrigins,
  identityProvider: 'embedded',
  uptimeSeconds: 3725,
});

describe('/debug', () => {
  it('shows where the page runs, who is signed in, the allowed origins and the server facts', async () => {
    server.use(http.get('*/api/debug/server-info', () => HttpResponse.json(info([window.location.origin, 'http://192.168.1.20:5000']))));
    renderWithApp(<DebugPage auth={{ user: buildUser({ email: 'kicks@example.com' }), isLoading: false, isAuthenticated: true }} />);

    const origins = await screen.findByRole('list', { name: 'Allowed origins' });
    expect(
      within(origins)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([window.location.origin, 'http://192.168.1.20:5000']);
    expect(screen.getByText(/Login works only from the allowed origins below\. This page is on one of them\./)).toBeTruthy();
    expect(screen.getByText('v22.13.0')).toBeTruthy();
    expect(screen.getByText('PostgreSQL')).toBeTruthy();
    expect(screen.getByText('1 h 2 min')).toBeTruthy();
    expect(screen.getByText(window.location.hostname)).toBeTruthy();
    expect(screen.getByLabelText('User object').textContent).toContain('kicks@example.com');

    const shortcuts = screen.getByRole('navigation', { name: 'Debug shortcuts' });
    expect(
      within(shortcuts)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/', '/browse', '/membership', '/api/login']);
  });

  it('says when this page is not on an allowed origin (login will not work here)', async () => {
    server.use(http.get('*/api/debug/server-info', () => HttpResponse.json(info(['https://soleswap.example']))));
    renderWithApp(<DebugPage auth={{ user: null, isLoading: false, isAuthenticated: false }} />);
    expect(
      await screen.findByText(
        (_, el) =>
          el?.tagName === 'P' &&
          el.textContent === `Login works only from the allowed origins below. This page (${window.location.origin}) is not on the list.`,
      ),
    ).toBeTruthy();
    expect(screen.getByLabelText('User object').textContent).toBe('null');
  });

  it('says the tool is disabled, and shows nothing else, where the server has the development tools off', async () => {
    server.use(http.get('*/api/debug/server-info', () => HttpResponse.json({ message: 'Not found', code: 'NOT_FOUND' }, { status: 404 })));
    renderWithApp(<DebugPage auth={{ user: buildUser(), isLoading: false, isAuthenticated: true }} />);
    expect(await screen.findByText('This development tool is disabled.')).toBeTruthy();
    expect(screen.queryByLabelText('User object')).toBeNull();
    expect(screen.queryByText('Environment')).toBeNull();
  });
});
