import * as Switch from '@radix-ui/react-switch';
import { toUserMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useDeviceAlerts, useSetDeviceAlerts, type DeviceAlertsState } from '../api/device-alerts';
import { PushKindChoices } from './push-kind-choices';

/** What each state means for the member, and what they can do about it. */
const STATE_TEXT: Record<DeviceAlertsState, string> = {
  on: 'On: your notices also reach this device when SoleSwap is closed.',
  off: 'Off on this device. Turn on to get your notices on the lock screen or desktop, even with SoleSwap closed.',
  blocked:
    'Blocked by your browser. Allow notifications for this site in the browser’s site settings (the icon beside the address), then reload this page.',
  unsupported:
    'Not supported on this browser. On an iPhone or iPad, add SoleSwap to your Home Screen (Share, then Add to Home Screen) and open it from there; elsewhere use a current Chrome, Edge, Firefox or Safari.',
};

/**
 * "Phone and desktop alerts": Web Push for this device (docs/rules/offline-and-push.md). Turning it on
 * asks the browser's permission, subscribes and hands the subscription to the server; off removes it.
 */
export function DeviceAlertsControl() {
  const device = useDeviceAlerts();
  const setAlerts = useSetDeviceAlerts();
  const state = device.data;
  const canSwitch = state === 'on' || state === 'off';

  function onToggle(isOn: boolean) {
    setAlerts.mutate(isOn, {
      onSuccess: (answer) => {
        if (answer === 'dismissed') toast({ title: 'Alerts stay off: the browser was not allowed to show them' });
      },
      onError: (error) => toast({ title: toUserMessage(error, 'Alerts could not be changed on this device'), variant: 'destructive' }),
    });
  }

  return (
    <section aria-labelledby="device-alerts-label" className="mt-6 rounded-xl border border-border bg-surface px-4 py-3">
      <div className="flex items-center justify-between gap-4">
        <label id="device-alerts-label" htmlFor="device-alerts" className="text-sm font-medium">
          Phone and desktop alerts
        </label>
        <Switch.Root
          id="device-alerts"
          checked={state === 'on'}
          disabled={!canSwitch || setAlerts.isPending}
          onCheckedChange={onToggle}
          aria-describedby="device-alerts-state"
          className="relative h-6 w-11 shrink-0 cursor-pointer rounded-full bg-surface-raised transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-accent"
        >
          <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
        </Switch.Root>
      </div>
      <p id="device-alerts-state" role="status" className="mt-1 text-sm text-muted">
        {device.isPending
          ? 'Checking this device…'
          : device.isError
            ? toUserMessage(device.error, 'Could not check alerts on this device')
            : setAlerts.isPending
              ? 'Saving…'
              : STATE_TEXT[state!]}
      </p>
      {state === 'on' && <PushKindChoices />}
    </section>
  );
}
