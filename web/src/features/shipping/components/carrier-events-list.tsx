import { CARRIER_STATUS_NAMES, type CarrierEvent } from '@soleswap/contracts/shipping';

const at = (iso: string) => new Date(iso).toLocaleString();

/** What the carrier said about the parcel, oldest first: status, its words, where and when. */
export function CarrierEventsList({ events, label }: { events: CarrierEvent[]; label: string }) {
  if (events.length === 0) return <p className="text-xs text-muted">The carrier has not reported this parcel yet.</p>;
  return (
    <ol aria-label={label} className="flex flex-col gap-1.5 border-l-2 border-border pl-3">
      {events.map((event, index) => (
        <li key={`${event.occurredAt}-${index}`} className="flex flex-col text-sm">
          <span className="font-semibold">{CARRIER_STATUS_NAMES[event.status]}</span>
          {event.message && event.message !== CARRIER_STATUS_NAMES[event.status] ? <span className="break-words">{event.message}</span> : null}
          <span className="text-xs text-muted">
            <time dateTime={event.occurredAt}>{at(event.occurredAt)}</time>
            {event.location ? ` · ${event.location}` : ''}
          </span>
        </li>
      ))}
    </ol>
  );
}
