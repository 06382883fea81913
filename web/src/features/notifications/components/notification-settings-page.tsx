import * as Switch from '@radix-ui/react-switch';
import type { ReactNode } from 'react';
import {
  DEADLINE_REMINDER_KINDS,
  NOTIFICATION_EMAIL_ALWAYS,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationPreferencesInput,
  type WantAlertDelivery,
} from '@soleswap/contracts/notifications';
import { Spinner } from '../../../components/ui/spinner';
import { toUserMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useNotificationPreferences, useUpdateNotificationPreferences } from '../api/notification-preferences';

const SWITCH_CLASS =
  'relative h-6 w-11 shrink-0 cursor-pointer rounded-full disabled:cursor-not-allowed disabled:opacity-60 bg-surface-raised transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent data-[state=checked]:bg-accent';
const THUMB_CLASS = 'block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]';

/**
 * /settings/notifications: per kind of notification, a bell switch and an e-mail switch (Space or
 * Enter toggles them; issue #45). A kind off in the bell is not e-mailed either, so its e-mail
 * switch is off and disabled while it is.
 * `deviceAlerts`: the push feature's "Phone and desktop alerts" control, handed in by app/.
 */
export function NotificationSettingsPage({ deviceAlerts }: { deviceAlerts?: ReactNode } = {}) {
  const preferences = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();

  function onToggle(channel: 'kinds' | 'email', kind: NotificationKind, isOn: boolean) {
    save({ [channel]: { [kind]: isOn } });
  }

  function save(input: NotificationPreferencesInput) {
    update.mutate(input, { onError: (error) => toast({ title: toUserMessage(error, 'Your setting could not be saved'), variant: 'destructive' }) });
  }

  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:px-6">
      <h1 className="font-display font-extrabold text-2xl tracking-tight sm:text-3xl">Notification settings</h1>
      <p className="mt-2 text-sm text-muted">Choose what the bell tells you about, and what is also e-mailed to you. Changes are saved at once.</p>
      {deviceAlerts}
      {preferences.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner label="Loading your settings" />
        </div>
      ) : preferences.isError ? (
        <p className="mt-6 text-sm text-destructive">{toUserMessage(preferences.error, 'Your settings could not be loaded')}</p>
      ) : (
        <ul className="mt-6 divide-y divide-border rounded-xl border border-border bg-surface">
          <li aria-hidden="true" className="flex items-center justify-end gap-4 px-4 py-2 text-xs font-semibold uppercase tracking-wide text-muted">
            <span className="w-11 text-center">Bell</span>
            <span className="w-11 text-center">E-mail</span>
          </li>
          {NOTIFICATION_KINDS.map((kind) => {
            const id = `notification-kind-${kind.replace('.', '-')}`;
            const label = NOTIFICATION_KIND_LABELS[kind];
            // Deadline reminders stay in the bell (the server keeps them on): shown on, not switchable.
            const isReminder = (DEADLINE_REMINDER_KINDS as readonly NotificationKind[]).includes(kind);
            // Deadline reminders and sign-in and code-lock notices are always e-mailed.
            const isAlwaysEmailed = (NOTIFICATION_EMAIL_ALWAYS as readonly NotificationKind[]).includes(kind);
            const isOn = isReminder || preferences.data.kinds[kind];
            const isEmailed = isAlwaysEmailed || (isOn && preferences.data.email[kind]);
            return (
              <li key={kind} className="flex items-center justify-between gap-4 px-4 py-3">
                <div>
                  <label htmlFor={id} className="text-sm font-medium">
                    {label}
                    {isReminder ? (
                      <span className="block text-xs font-normal text-muted">Deadline reminder: always in the bell and by e-mail</span>
                    ) : isAlwaysEmailed ? (
                      <span className="block text-xs font-normal text-muted">Account security: always by e-mail</span>
                    ) : null}
                  </label>
                  {kind === 'want.alert' && isEmailed ? (
                    <select
                      aria-label="Want alerts by e-mail"
                      value={preferences.data.wantAlerts}
                      onChange={(event) => save({ wantAlerts: event.target.value as WantAlertDelivery })}
                      className="mt-1 block rounded-md border border-border bg-surface px-2 py-1 text-xs font-normal"
                    >
                      <option value="at-once">At once, one e-mail each</option>
                      <option value="daily-digest">Daily digest, one e-mail a day</option>
                    </select>
                  ) : null}
                </div>
                <div className="flex shrink-0 items-center gap-4">
                  <Switch.Root
                    id={id}
                    checked={isOn}
                    disabled={isReminder}
                    onCheckedChange={(checked) => onToggle('kinds', kind, checked)}
                    className={SWITCH_CLASS}
                  >
                    <Switch.Thumb className={THUMB_CLASS} />
                  </Switch.Root>
                  <Switch.Root
                    aria-label={`E-mail: ${label}`}
                    checked={isEmailed}
                    disabled={isAlwaysEmailed || !isOn}
                    onCheckedChange={(checked) => onToggle('email', kind, checked)}
                    className={SWITCH_CLASS}
                  >
                    <Switch.Thumb className={THUMB_CLASS} />
                  </Switch.Root>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
