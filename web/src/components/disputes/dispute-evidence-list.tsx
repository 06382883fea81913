import type { DisputeEvidence } from '@soleswap/contracts/trades';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * A dispute's evidence, oldest first: who added it, their note and their photos (thumbnails that
 * open the full picture in a new tab). Shown on the trade page and in the admins' dispute queue.
 */
export function DisputeEvidenceList({ items, nameOf }: { items: DisputeEvidence[]; nameOf: (evidence: DisputeEvidence) => string }) {
  if (items.length === 0) return <p className="text-sm text-muted">No evidence added yet.</p>;
  return (
    <ol aria-label="Dispute evidence" className="flex flex-col gap-3">
      {items.map((evidence) => (
        <li key={evidence.id} className="flex flex-col gap-1.5 rounded-lg border border-border p-2.5 text-sm">
          <p className="text-xs text-muted">
            <span className="font-semibold text-foreground">{nameOf(evidence)}</span> ·{' '}
            <time dateTime={evidence.createdAt}>{dateTime.format(new Date(evidence.createdAt))}</time>
          </p>
          {evidence.note ? <p className="break-words whitespace-pre-line">{evidence.note}</p> : null}
          {evidence.photos.length > 0 ? (
            <ul className="flex flex-wrap gap-2" aria-label={`Photos from ${nameOf(evidence)}`}>
              {evidence.photos.map((photo, i) => (
                <li key={photo.imageUrl}>
                  <a
                    href={photo.imageUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="block rounded-md focus-visible:outline-2 focus-visible:outline-accent"
                  >
                    <img
                      src={photo.thumbnailUrl}
                      alt={`Photo ${i + 1} from ${nameOf(evidence)} (opens the full picture in a new tab)`}
                      className="size-20 rounded-md border border-border object-cover"
                      loading="lazy"
                    />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
