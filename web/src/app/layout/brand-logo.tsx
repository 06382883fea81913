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
      <span aria-hidden="true" className="grid size-8 place-items-center rounded-lg bg-accent text-accent-foreground">
        S
      </span>
      <span aria-hidden="true">{env.VITE_PRODUCT_NAME}</span>
    </Link>
  );
}
