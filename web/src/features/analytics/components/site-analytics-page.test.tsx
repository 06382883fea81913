// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SiteAnalytics } from '@soleswap/contracts/analytics';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-app';
import { SiteAnalyticsPage } from './site-analytics-page';

beforeAll(() => {
  // jsdom has no layout: recharts' ResponsiveContainer only needs the observer to exist.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

function answer(hours: number, pageViews: number): SiteAnalytics {
  return {
    timeframe: `${hours}h`,
    period: { from: '2030-01-09T12:30:00.000Z', to: '2030-01-10T12:30:00.000Z' },
    generatedAt: '2030-01-10T12:30:00.000Z',
    stats: {
      totalVisitors: 1234,
      uniqueVisitors: 987,
      pageViews,
      topPages: [
        { page: '/browse', count: 300 },
        { page: '/locker', count: 120 },
      ],
      deviceBreakdown: [
        { device: 'desktop', count: 800 },
        { device: 'mobile', count: 400 },
      ],
      browserBreakdown: [
        { browser: 'Chrome', count: 700 },
        { browser: 'Firefox', count: 90 },
      ],
      visitsOverTime: [{ start: '2030-01-10T12:00:00.000Z', visits: 3, pageViews: 5 }],
      bucket: 'hour',
    },
  };
}

describe('SiteAnalyticsPage', () => {
  it('shows every figure from the server, switches to 7 days and refreshes', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/analytics/stats', ({ request }) => {
        const hours = Number(new URL(request.url).searchParams.get('hours'));
        asked.push(String(hours));
        return HttpResponse.json(answer(hours, hours === 168 ? 9999 : 4321));
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<SiteAnalyticsPage />, { path: '/analytics-dashboard' });

    const totals = await screen.findByRole('list', { name: 'Totals' });
    expect(within(totals).getByText('1,234')).toBeTruthy();
    expect(within(totals).getByText('987')).toBeTruthy();
    expect(within(totals).getByText('4,321')).toBeTruthy();
    const pages = screen.getByRole('list', { name: 'Top pages' });
    expect(
      within(pages)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['/browse300', '/locker120']);
    expect(within(screen.getByRole('list', { name: 'Devices' })).getByText('desktop')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Browsers' })).getByText('Firefox')).toBeTruthy();
    expect(screen.getByText(/Last updated/).textContent).toContain('(24h)');
    expect(asked).toEqual(['24']);

    await user.click(screen.getByRole('button', { name: '7d' }));
    expect(await within(screen.getByRole('list', { name: 'Totals' })).findByText('9,999')).toBeTruthy();
    expect(screen.getByRole('button', { name: '7d' }).getAttribute('aria-pressed')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await screen.findByText(/\(168h\)/);
    expect(asked).toEqual(['24', '168', '168']);
  });

  it('says "Admins only" when the server answers 403, and offers no figures', async () => {
    server.use(http.get('*/api/analytics/stats', () => HttpResponse.json({ code: 'FORBIDDEN', message: 'Admins only' }, { status: 403 })));
    renderWithApp(<SiteAnalyticsPage />, { path: '/analytics-dashboard' });

    expect(await screen.findByRole('heading', { name: 'Admins only' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Totals' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Refresh' })).toBeNull();
  });

  it('shows the error with Retry, which loads the figures again', async () => {
    let fail = true;
    server.use(http.get('*/api/analytics/stats', () => (fail ? HttpResponse.text('boom', { status: 500 }) : HttpResponse.json(answer(24, 42)))));
    const user = userEvent.setup();
    renderWithApp(<SiteAnalyticsPage />, { path: '/analytics-dashboard' });

    expect(await screen.findByText('Failed to fetch analytics')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await within(await screen.findByRole('list', { name: 'Totals' })).findByText('42')).toBeTruthy();
  });
});
