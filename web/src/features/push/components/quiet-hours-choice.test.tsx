// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NOTIFICATION_KINDS } from '@soleswap/contracts/notifications';
import type { QuietHours } from '@soleswap/contracts/push';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-app';
import { PushKindChoices } from './push-kind-choices';

/** Issue #45: the quiet hours control under the push choices saves the member's hours in their time zone. */
describe('quiet hours', () => {
  function pushService() {
    const saved: Array<{ quietHours?: QuietHours | null }> = [];
    let quietHours: QuietHours | null = null;
    const kinds = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, true]));
    server.use(
      http.get('*/api/push/preferences', () => HttpResponse.json({ kinds, quietHours })),
      http.put('*/api/push/preferences', async ({ request }) => {
        const body = (await request.json()) as { quietHours?: QuietHours | null };
        saved.push(body);
        if (body.quietHours !== undefined) quietHours = body.quietHours;
        return HttpResponse.json({ kinds, quietHours });
      }),
    );
    return saved;
  }

  it('turns quiet hours on from 22:00 to 07:00 in the browser’s time zone, then saves a new end hour, then turns them off', async () => {
    const saved = pushService();
    const user = userEvent.setup();
    renderWithApp(<PushKindChoices />);
    const toggle = await screen.findByRole<HTMLInputElement>('checkbox', { name: /Hold alerts on your devices at night/ });
    expect(toggle.checked).toBe(false);
    await user.click(toggle);
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(saved).toEqual([{ quietHours: { startHour: 22, endHour: 7, timeZone: zone } }]);
    await user.selectOptions(await screen.findByLabelText('until'), '06:00');
    expect(saved[1]).toEqual({ quietHours: { startHour: 22, endHour: 6, timeZone: zone } });
    expect(await screen.findByText(`(${zone})`)).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: /Hold alerts/ }));
    expect(saved[2]).toEqual({ quietHours: null });
    await expect.poll(() => screen.getByRole<HTMLInputElement>('checkbox', { name: /Hold alerts/ }).checked).toBe(false);
  });
});
