/** Pretty-printed JSON for diagnostic pages; scrolls instead of stretching the page. */
export function JsonBlock({ value, label }: { value: unknown; label: string }) {
  return (
    <pre aria-label={label} tabIndex={0} className="max-h-80 overflow-auto rounded-lg bg-background p-3 font-mono text-xs leading-relaxed text-muted">
      {JSON.stringify(value, null, 2) ?? 'undefined'}
    </pre>
  );
}
