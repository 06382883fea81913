import { useIsOnline } from '../../lib/online-status';

/**
 * "You are offline": pages opened before are shown as they were last seen, and nothing can be
 * changed until the network is back (docs/rules/offline-and-push.md).
 */
export function OfflineBanner() {
  const online = useIsOnline();
  if (online) return null;
  return (
    <div role="status" className="sticky top-0 z-40 border-b border-warning/40 bg-warning/15 px-4 py-2 text-center text-sm text-warning">
      <strong className="font-semibold">You are offline.</strong> You see pages as they were when you last opened them; nothing you change is saved
      until you are back online.
    </div>
  );
}
