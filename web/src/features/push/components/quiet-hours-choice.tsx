import type { QuietHours } from '@soleswap/contracts/push';
import { toUserMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useUpdatePushPreferences } from '../api/push-preferences';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
/** This browser's time zone (IANA), which new quiet hours are kept in. */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * Quiet hours (issue #45): from one hour to another in the member's time zone, pushes wait and are
 * sent when they end; deadline reminders still come. The server holds them (push-delivery.ts).
 */
export function QuietHoursChoice({ quietHours }: { quietHours: QuietHours | null }) {
  const update = useUpdatePushPreferences();

  function save(next: QuietHours | null) {
    update.mutate(
      { quietHours: next },
      { onError: (error) => toast({ title: toUserMessage(error, 'Your quiet hours could not be saved'), variant: 'destructive' }) },
    );
  }

  const current = quietHours ?? { startHour: 22, endHour: 7, timeZone: browserTimeZone() };
  return (
    <fieldset className="mt-4">
      <legend className="text-sm text-muted">Quiet hours</legend>
      <label className="mt-2 flex items-center gap-2 text-sm">
        <input type="checkbox" checked={quietHours !== null} onChange={(event) => save(event.target.checked ? current : null)} />
        Hold alerts on your devices at night (deadline reminders still come; the bell keeps everything)
      </label>
      {quietHours !== null && (
        <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
          <label htmlFor="quiet-hours-start">From</label>
          <select
            id="quiet-hours-start"
            value={quietHours.startHour}
            onChange={(event) => save({ ...quietHours, startHour: Number(event.target.value) })}
            className="rounded-md border border-border bg-surface px-2 py-1"
          >
            {HOURS.filter((hour) => hour !== quietHours.endHour).map((hour) => (
              <option key={hour} value={hour}>
                {hourLabel(hour)}
              </option>
            ))}
          </select>
          <label htmlFor="quiet-hours-end">until</label>
          <select
            id="quiet-hours-end"
            value={quietHours.endHour}
            onChange={(event) => save({ ...quietHours, endHour: Number(event.target.value) })}
            className="rounded-md border border-border bg-surface px-2 py-1"
          >
            {HOURS.filter((hour) => hour !== quietHours.startHour).map((hour) => (
              <option key={hour} value={hour}>
                {hourLabel(hour)}
              </option>
            ))}
          </select>
          <span className="text-muted">({quietHours.timeZone})</span>
        </div>
      )}
    </fieldset>
  );
}
