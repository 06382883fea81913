/**
 * The Server-Sent Events wire format: fields one per line, an empty line ends an event, a line
 * starting with ':' is a comment the browser ignores. Data is JSON, which never holds a raw
 * newline, so one `data:` line is enough.
 */
export function sseEvent(event: { id?: number; event: string; data: unknown }): string {
  const id = event.id === undefined ? '' : `id: ${event.id}\n`;
  return `${id}event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

export function sseComment(text: string): string {
  return `: ${text.replace(/\n/g, ' ')}\n\n`;
}

/** Tells the browser how long to wait before reconnecting. */
export function sseRetry(ms: number): string {
  return `retry: ${Math.max(0, Math.round(ms))}\n\n`;
}
