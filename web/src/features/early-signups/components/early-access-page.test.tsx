// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { LaunchState } from '@soleswap/contracts/early-signups';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-app';
import { EarlyAccessPage } from './early-access-page';

const launch = (launchState: LaunchState) => http.get('*/api/launch', () => HttpResponse.json({ launchState }));

describe('early-access page', () => {
  beforeEach(() => {
    server.use(launch('early-access'));
  });

  it('asks for a name and a real-looking e-mail before sending anything', async () => {
    const user = userEvent.setup();
    renderWithApp(<EarlyAccessPage />);

    await user.click(screen.getByRole('button', { name: 'Join the waiting list' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();

    await user.type(screen.getByLabelText('Name'), 'Ava');
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Join the waiting list' }));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeTruthy();
    expect(screen.queryByText("You're In!")).toBeNull();
  });

  it('says the e-mail is required when it is left empty', async () => {
    const user = userEvent.setup();
    renderWithApp(<EarlyAccessPage />);

    await user.type(screen.getByLabelText('Name'), 'Ava');
    await user.click(screen.getByRole('button', { name: 'Join the waiting list' }));

    expect(await screen.findByText('E-mail is required')).toBeTruthy();
    expect(screen.queryByText('Enter a valid e-mail address')).toBeNull();
    expect(screen.queryByText("You're In!")).toBeNull();
  });

  it("sends name, e-mail and date, and says You're In! even when the server fails", async () => {
    let body: Record<string, unknown> | null = null;
    server.use(
      http.post('*/api/early-signup', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ code: 'INTERNAL', message: 'Boom' }, { status: 500 });
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<EarlyAccessPage />);

    await user.type(screen.getByLabelText('Name'), 'Ava');
    await user.type(screen.getByLabelText('Email'), 'Ava@Example.com');
    await user.click(screen.getByRole('button', { name: 'Join the waiting list' }));

    expect(await screen.findByRole('heading', { name: "You're In!" })).toBeTruthy();
    expect(body).toMatchObject({ name: 'Ava', email: 'ava@example.com' });
    expect(typeof body!.signupDate).toBe('string');
  });

  it('says "coming soon" only before launch', async () => {
    renderWithApp(<EarlyAccessPage />);
    expect(await screen.findByText('Coming soon')).toBeTruthy();
    expect(screen.getByText(/the moment trading opens/)).toBeTruthy();
  });
});

describe('early-access page once trading is open', () => {
  it('says trading is open and offers an account, never "coming soon"', async () => {
    server.use(launch('open'));
    renderWithApp(<EarlyAccessPage />);

    expect(await screen.findByText('Trading is open')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/api/login');
    expect(document.body.textContent).not.toMatch(/coming soon|the moment trading opens|when early access opens/i);
  });
});
