// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  isNotificationEmailed,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationPreferences,
  type NotificationPreferencesInput,
} from '@soleswap/contracts/notifications';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-app';
import { NotificationSettingsPage } from './notification-settings-page';

/** A tiny preferences server: what the page saves is what it reads back. */
function serve(muted: NotificationKind[] = []) {
  const saved: NotificationPreferencesInput[] = [];
  const emailChoices: Record<string, boolean> = {};
  let wantAlerts: NotificationPreferences['wantAlerts'] = 'at-once';
  const prefs = (): NotificationPreferences => ({
    kinds: Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, !muted.includes(kind)])) as Record<NotificationKind, boolean>,
    email: Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, isNotificationEmailed(kind, emailChoices)])) as Record<
      NotificationKind,
      boolean
    >,
    wantAlerts,
  });
  server.use(
    http.get('*/api/notifications/preferences', () => HttpResponse.json(prefs())),
    http.put('*/api/notifications/preferences', async ({ request }) => {
      const body = (await request.json()) as NotificationPreferencesInput;
      saved.push(body);
      Object.assign(emailChoices, body.email ?? {});
      if (body.wantAlerts) wantAlerts = body.wantAlerts;
      return HttpResponse.json(prefs());
    }),
  );
  return saved;
}

describe('NotificationSettingsPage e-mail choices', () => {
  it('shows each kind’s e-mail choice beside the bell, and saves a toggle as that kind’s e-mail alone', async () => {
    const saved = serve();
    const user = userEvent.setup();
    renderWithApp(<NotificationSettingsPage />);
    const messages = await screen.findByRole('switch', { name: 'E-mail: New messages' });
    // Messages are not e-mailed until switched on; trade proposals are.
    expect(messages.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('switch', { name: 'E-mail: New trade proposals' }).getAttribute('aria-checked')).toBe('true');

    await user.click(messages);
    await waitFor(() => expect(messages.getAttribute('aria-checked')).toBe('true'));
    expect(saved).toEqual([{ email: { 'message.created': true } }]);
  });

  it('offers want alerts by e-mail as a daily digest once their e-mail is on, and saves the choice', async () => {
    const saved = serve();
    const user = userEvent.setup();
    renderWithApp(<NotificationSettingsPage />);
    const wantEmail = await screen.findByRole('switch', { name: 'E-mail: A pair you want was listed within your price' });
    expect(screen.queryByRole('combobox', { name: 'Want alerts by e-mail' })).toBeNull();
    await user.click(wantEmail);
    const delivery = await screen.findByRole('combobox', { name: 'Want alerts by e-mail' });
    await user.selectOptions(delivery, 'daily-digest');
    await waitFor(() => expect((delivery as HTMLSelectElement).value).toBe('daily-digest'));
    expect(saved).toEqual([{ email: { 'want.alert': true } }, { wantAlerts: 'daily-digest' }]);
  });

  it('shows deadline reminders always e-mailed, not switchable, and a kind off in the bell not e-mailed', async () => {
    serve(['trade.accepted']);
    renderWithApp(<NotificationSettingsPage />);
    const reminder = await screen.findByRole('switch', { name: 'E-mail: Shipping deadline in 24 hours' });
    expect(reminder.getAttribute('aria-checked')).toBe('true');
    expect((reminder as HTMLButtonElement).disabled).toBe(true);
    const accepted = screen.getByRole('switch', { name: 'E-mail: A trade was accepted' });
    expect(accepted.getAttribute('aria-checked')).toBe('false');
    expect((accepted as HTMLButtonElement).disabled).toBe(true);
  });
});
