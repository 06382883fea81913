import type { PhotoMatchEvidence } from '@soleswap/contracts/verification';

const pct = (share: number) => Math.max(0, Math.min(1, share));

/** A photo with outlines drawn over it in shares of its size (an SVG stretched over the picture). */
function OutlinedPhoto({ src, alt, caption, children }: { src: string; alt: string; caption: string; children: React.ReactNode }) {
  return (
    <figure className="flex flex-col gap-1">
      <div className="relative">
        <img src={src} alt={alt} className="block w-full rounded-lg" />
        <svg aria-hidden="true" className="pointer-events-none absolute inset-0 size-full" viewBox="0 0 1 1" preserveAspectRatio="none">
          {children}
        </svg>
      </div>
      <figcaption className="text-xs text-muted">{caption}</figcaption>
    </figure>
  );
}

/**
 * A borrowed photo as the review queue shows it (#41): the earlier photo beside the copy, the
 * matched keypoints' box outlined on each, and the original's box as the transform carries it
 * into the copy (turned, cropped or scaled with it).
 */
export function PhotoMatchView({ match }: { match: PhotoMatchEvidence }) {
  const box = (r: PhotoMatchEvidence['originalRegion']) => (
    <rect
      x={pct(r.x)}
      y={pct(r.y)}
      width={pct(r.width)}
      height={pct(r.height)}
      fill="none"
      stroke="#dc2626"
      strokeWidth={3}
      vectorEffect="non-scaling-stroke"
    />
  );
  return (
    <div aria-label="Borrowed photo beside the original" role="group" className="grid grid-cols-2 gap-2">
      <OutlinedPhoto src={match.originalUrl} alt="Original photo (earlier listing)" caption="Original, put on its listing first">
        {box(match.originalRegion)}
      </OutlinedPhoto>
      <OutlinedPhoto src={match.copyUrl} alt="Copy on this listing" caption={`Copy: ${match.matchedPoints} matching points`}>
        <polygon
          data-testid="copy-outline"
          points={match.copyQuad.map(([x, y]) => `${x},${y}`).join(' ')}
          fill="#dc262622"
          stroke="#dc2626"
          strokeWidth={3}
          vectorEffect="non-scaling-stroke"
        />
      </OutlinedPhoto>
    </div>
  );
}
