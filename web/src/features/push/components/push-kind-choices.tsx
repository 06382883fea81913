import * as Switch from '@radix-ui/react-switch';
import { PUSH_KIND_GROUPS } from '@soleswap/contracts/push';
import { toUserMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { usePushPreferences, useUpdatePushPreferences } from '../api/push-preferences';
import { QuietHoursChoice } from './quiet-hours-choice';

/** Which notices reach the member's devices, by group; a group switches all its kinds (they stay in the bell). */
export function PushKindChoices() {
  const preferences = usePushPreferences();
  const update = useUpdatePushPreferences();

  if (preferences.isPending) return <p className="mt-3 text-sm text-muted">Loading which notices are sent here…</p>;
  if (preferences.isError)
    return <p className="mt-3 text-sm text-destructive">{toUserMessage(preferences.error, 'Could not load which notices are sent')}</p>;

  function onToggle(kinds: readonly string[], isOn: boolean) {
    update.mutate(
      { kinds: Object.fromEntries(kinds.map((kind) => [kind, isOn])) },
      { onError: (error) => toast({ title: toUserMessage(error, 'Your setting could not be saved'), variant: 'destructive' }) },
    );
  }

  return (
    <fieldset className="mt-3">
      <legend className="text-sm text-muted">Send to your devices (the bell keeps them all):</legend>
      <ul className="mt-2 space-y-2">
        {PUSH_KIND_GROUPS.map((group) => {
          const id = `push-group-${group.id}`;
          const isOn = group.kinds.every((kind) => preferences.data.kinds[kind]);
          return (
            <li key={group.id} className="flex items-center justify-between gap-4">
              <label htmlFor={id} className="text-sm">
                {group.label}
              </label>
              <Switch.Root
                id={id}
                checked={isOn}
                onCheckedChange={(checked) => onToggle(group.kinds, checked)}
                className="relative h-5 w-9 shrink-0 cursor-pointer rounded-full bg-surface-raised transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent data-[state=checked]:bg-accent"
              >
                <Switch.Thumb className="block size-4 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[18px]" />
              </Switch.Root>
            </li>
          );
        })}
      </ul>
      <QuietHoursChoice quietHours={preferences.data.quietHours ?? null} />
    </fieldset>
  );
}
