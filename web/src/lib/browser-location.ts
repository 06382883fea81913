/**
 * Full-page navigation (login, logout, leaving the single-page app). Kept in
 * one module so tests can replace it and so every hard navigation is easy to find.
 */
export function goToUrl(url: string): void {
  window.location.assign(url);
}
