import { BrandLogo } from './brand-logo';

/** The app bar's frame while its code arrives: same height and logo, so the page does not jump. */
export function NavBarPlaceholder() {
  return (
    <header className="sticky top-0 z-30 border-b border-border bg-background/90 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
        <BrandLogo />
      </nav>
    </header>
  );
}
