import * as Switch from '@radix-ui/react-switch';
import type { ReactNode } from 'react';
import { DEADLINE_REMINDER_KINDS, NOTIFICATION_KIND_LABELS, NOTIFICATION_KINDS, type NotificationKind } from '@soleswap/contracts/notifications';
import { Spinner } from '../../../components/ui/spinner';
import { toUserMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useNotificationPreferences, useUpdateNotificationPreferences } from '../api/notification-preferences';

/**
 * /settings/notifications: one switch per kind of notification (Space or Enter toggles it).
 * `deviceAlerts`: the push feature's "Phone and desktop alerts" control, handed in by app/.
 */
export function NotificationSettingsPage({ deviceAlerts }: { deviceAlerts?: ReactNode } = {}) {
  const preferences = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();

  function onToggle(kind: NotificationKind, isOn: boolean) {
    update.mutate(
      { kinds: { [kind]: isOn } },
      { onError: (error) => toast({ title: toUserMessage(error, 'Your setting could not be saved'), variant: 'destructive' }) },
    );
  }

  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:px-6">
      <h1 className="font-display font-extrabold text-2xl tracking-tight sm:text-3xl">Notification settings</h1>
      <p className="mt-2 text-sm text-muted">Choose what the bell tells you about. Changes are saved at once.</p>
      {deviceAlerts}
      {preferences.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner label="Loading your settings" />
        </div>
      ) : preferences.isError ? (
        <p className="mt-6 text-sm text-destructive">{toUserMessage(preferences.error, 'Your settings could not be loaded')}</p>
      ) : (
        <ul className="mt-6 divide-y divide-border rounded-xl border border-border bg-surface">
          {NOTIFICATION_KINDS.map((kind) => {
            const id = `notification-kind-${kind.replace('.', '-')}`;
            // Deadline reminders stay in the bell (the server keeps them on): shown on, not switchable.
            const isReminder = (DEADLINE_REMINDER_KINDS as readonly NotificationKind[]).includes(kind);
            const isOn = isReminder || preferences.data.kinds[kind];
            return (
              <li key={kind} className="flex items-center justify-between gap-4 px-4 py-3">
                <label htmlFor={id} className="text-sm font-medium">
                  {NOTIFICATION_KIND_LABELS[kind]}
                  {isReminder ? <span className="block text-xs font-normal text-muted">Deadline reminder: always in the bell</span> : null}
                </label>
                <Switch.Root
                  id={id}
                  checked={isOn}
                  disabled={isReminder}
                  onCheckedChange={(checked) => onToggle(kind, checked)}
                  className="relative h-6 w-11 shrink-0 cursor-pointer rounded-full disabled:cursor-not-allowed disabled:opacity-60 bg-surface-raised transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent data-[state=checked]:bg-accent"
                >
                  <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
                </Switch.Root>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
