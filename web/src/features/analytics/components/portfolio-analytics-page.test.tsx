// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PortfolioPeriod, ReadyPortfolioAnalytics } from '@soleswap/contracts/analytics';
import { buildUser } from '../../../test/build-user';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-app';
import { PortfolioAnalyticsPage } from './portfolio-analytics-page';

beforeAll(() => {
  // jsdom has no layout: recharts' ResponsiveContainer only needs the observer to exist.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

const premium = buildUser({ isPremiumMember: true });
const standard = buildUser({ isPremiumMember: false });

function ready(period: PortfolioPeriod, totalValueCents: number): ReadyPortfolioAnalytics {
  return {
    period,
    asOf: '2030-01-10T12:00:00.000Z',
    state: 'ready',
    periodStart: '2030-01-03',
    totalValueCents,
    totalItems: 3,
    valuedItems: 2,
    averageValueCents: Math.round(totalValueCents / 2),
    growth: { baselineCents: 40000, changeCents: 4500, changePercent: 11.25 },
    topPerformer: {
      sneakerId: 1,
      name: 'Dunk Low Panda',
      brand: 'Nike',
      baselineCents: 10000,
      valueCents: 12000,
      changeCents: 2000,
      changePercent: 20,
      isAddedDuringPeriod: false,
    },
    riskScore: 54,
    diversificationScore: 48,
    brands: [
      { brand: 'Jordan', items: 1, valueCents: 32500, sharePercent: 73.03, changeCents: 2500, changePercent: 8.33, trend: 'up' },
      { brand: 'Nike', items: 1, valueCents: 12000, sharePercent: 26.97, changeCents: -500, changePercent: -4, trend: 'down' },
    ],
    series: [
      { date: '2030-01-09', valueCents: 40000 },
      { date: '2030-01-10', valueCents: totalValueCents },
    ],
    movers: [
      {
        sneakerId: 1,
        name: 'Dunk Low Panda',
        brand: 'Nike',
        baselineCents: 10000,
        valueCents: 12000,
        changeCents: 2000,
        changePercent: 20,
        isAddedDuringPeriod: false,
      },
      {
        sneakerId: 2,
        name: 'AJ4 Bred',
        brand: 'Jordan',
        baselineCents: 30000,
        valueCents: 32500,
        changeCents: 2500,
        changePercent: 8.33,
        isAddedDuringPeriod: false,
      },
    ],
  };
}

describe('PortfolioAnalyticsPage', () => {
  it('asks a visitor to log in', () => {
    renderWithApp(<PortfolioAnalyticsPage auth={{ user: null, isLoading: false }} />, { path: '/analytics' });
    expect(screen.getByRole('heading', { name: 'Authentication Required' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log In' }).getAttribute('href')).toBe('/api/login');
  });

  it('shows a standard member the teaser with figures labelled as samples and the upgrade button, fetching nothing', async () => {
    const user = userEvent.setup();
    const { location } = renderWithApp(<PortfolioAnalyticsPage auth={{ user: standard, isLoading: false }} />, { path: '/analytics' });
    expect(screen.getByRole('heading', { name: 'Sample figures' })).toBeTruthy();
    const samples = screen.getByRole('list', { name: 'Sample figures' });
    for (const item of within(samples).getAllByRole('listitem')) expect(item.textContent).toContain('(sample)');
    expect(screen.getByText(/not taken from your collection/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Period' })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Upgrade Now' }));
    expect(location.history?.at(-1)).toBe('/membership');
  });

  it('shows a premium member their figures, switches the period and links the CSV of that period', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/analytics/portfolio', ({ request }) => {
        const period = new URL(request.url).searchParams.get('period') as PortfolioPeriod;
        asked.push(period);
        return HttpResponse.json(ready(period, period === '1y' ? 99900 : 44500));
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<PortfolioAnalyticsPage auth={{ user: premium, isLoading: false }} />, { path: '/analytics' });

    const figures = await screen.findByRole('list', { name: 'Portfolio figures' });
    expect(within(figures).getByText('$445.00')).toBeTruthy();
    expect(within(figures).getByText('+11.25%')).toBeTruthy();
    expect(within(figures).getByText('3 pairs')).toBeTruthy();
    expect(within(figures).getByText(/Average \$222\.50 · 1 without a price yet/)).toBeTruthy();
    expect(within(figures).getByText('54/100')).toBeTruthy();
    expect(within(figures).getByText('48/100')).toBeTruthy();
    expect(within(figures).getByText('Dunk Low Panda')).toBeTruthy();
    const trends = screen.getByRole('list', { name: 'Brand market trends' });
    expect(
      within(trends)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Jordan · 73.03%+8.33%', 'Nike · 26.97%−4%']);
    expect(within(trends).getByLabelText('Trend down')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Movers' })).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByText(/sample/i)).toBeNull();
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/api/analytics/portfolio.csv?period=30d');

    await user.click(screen.getByRole('button', { name: '1y' }));
    expect(await within(screen.getByRole('list', { name: 'Portfolio figures' })).findByText('$999.00')).toBeTruthy();
    expect(screen.getByRole('button', { name: '1y' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/api/analytics/portfolio.csv?period=1y');
    expect(asked).toEqual(['30d', '1y']);
  });

  it('shows the empty state, not figures, when no pair has a price', async () => {
    server.use(
      http.get('*/api/analytics/portfolio', () =>
        HttpResponse.json({ period: '30d', asOf: '2030-01-10T12:00:00.000Z', state: 'empty', totalItems: 2 }),
      ),
    );
    renderWithApp(<PortfolioAnalyticsPage auth={{ user: premium, isLoading: false }} />, { path: '/analytics' });
    expect(await screen.findByRole('heading', { name: 'No price history yet' })).toBeTruthy();
    expect(screen.getByText(/None of your 2 pairs have a price yet/)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Portfolio figures' })).toBeNull();
    expect(screen.queryByText(/sample/i)).toBeNull();
  });

  it("shows a new member's collection valued at once, each pair labelled by where its value comes from", async () => {
    const fresh: ReadyPortfolioAnalytics = {
      ...ready('30d', 43000),
      valuedItems: 2,
      totalItems: 2,
      growth: { baselineCents: 43000, changeCents: 0, changePercent: 0 },
      topPerformer: null,
      movers: [
        {
          ...ready('30d', 0).movers[0]!,
          valueCents: 18000,
          baselineCents: 18000,
          changeCents: 0,
          changePercent: 0,
          isAddedDuringPeriod: true,
          valueSource: 'market',
        },
        {
          ...ready('30d', 0).movers[1]!,
          valueCents: 25000,
          baselineCents: 25000,
          changeCents: 0,
          changePercent: 0,
          isAddedDuringPeriod: true,
          valueSource: 'estimate',
        },
      ],
      valueSources: { market: 1, estimate: 1 },
      hasPriceHistory: false,
      includesDemoHistory: false,
    };
    server.use(http.get('*/api/analytics/portfolio', () => HttpResponse.json(fresh)));
    renderWithApp(<PortfolioAnalyticsPage auth={{ user: premium, isLoading: false }} />, { path: '/analytics' });

    const pairs = await screen.findByRole('list', { name: 'Pair values' });
    expect(
      within(pairs)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['AJ4 Bred$250.00Your estimate', 'Dunk Low Panda$180.00Market price, adjusted for condition']);
    expect(screen.getByText(/No price history yet: this is what your collection is worth today/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'No price history yet' })).toBeNull();
    expect(screen.queryByText('Includes demo price history.')).toBeNull();
  });

  it('labels demo history as the sneaker page does', async () => {
    server.use(
      http.get('*/api/analytics/portfolio', () => HttpResponse.json({ ...ready('30d', 44500), hasPriceHistory: true, includesDemoHistory: true })),
    );
    renderWithApp(<PortfolioAnalyticsPage auth={{ user: premium, isLoading: false }} />, { path: '/analytics' });
    expect(await screen.findByText('Includes demo price history.')).toBeTruthy();
  });

  it('shows a loading state, then an error with Try again, which loads the figures', async () => {
    let fail = true;
    server.use(
      http.get('*/api/analytics/portfolio', () => (fail ? HttpResponse.text('boom', { status: 500 }) : HttpResponse.json(ready('30d', 44500)))),
    );
    const user = userEvent.setup();
    renderWithApp(<PortfolioAnalyticsPage auth={{ user: premium, isLoading: false }} />, { path: '/analytics' });
    expect(screen.getByText('Loading your portfolio')).toBeTruthy();
    expect(await screen.findByText('Failed to load your portfolio')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await within(await screen.findByRole('list', { name: 'Portfolio figures' })).findByText('$445.00')).toBeTruthy();
  });

  it('falls back to the teaser when the server says the membership is no longer premium', async () => {
    server.use(http.get('*/api/analytics/portfolio', () => HttpResponse.json({ code: 'FORBIDDEN', message: 'Premium only' }, { status: 403 })));
    renderWithApp(<PortfolioAnalyticsPage auth={{ user: premium, isLoading: false }} />, { path: '/analytics' });
    expect(await screen.findByRole('heading', { name: 'Sample figures' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Export CSV' })).toBeNull();
  });
});
