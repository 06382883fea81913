// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-app';
import { EarlyAccessPage } from './early-access-page';

describe('early-access page', () => {
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
});
