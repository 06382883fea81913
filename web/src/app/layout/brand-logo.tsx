import { Link } from 'wouter';
import { env } from '../../env';

/** The wordmark; links home. */
export function BrandLogo() {
  return (
    <Link
      href="/"
      className="flex items-center gap-2 rounded-md font-display font-extrabold text-lg tracking-tight"
      aria-label={`${env.VITE_PRODUCT_NAME} home`}
    >
      {/* The badge's letter is drawn by CSS, so the link's visible text is the wordmark alone, which its name contains (WCAG 2.5.3, label in name). */}
      <span aria-hidden="true" className="grid size-8 place-items-center rounded-lg bg-accent text-accent-foreground before:content-['S']" />
      <span>{env.VITE_PRODUCT_NAME}</span>
    </Link>
  );
}
