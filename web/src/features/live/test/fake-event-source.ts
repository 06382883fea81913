/** Test-only: an EventSource the test drives by hand (jsdom has none). */
export class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];

  readyState = FakeEventSource.CONNECTING;
  onerror: ((event: Event) => void) | null = null;
  private readonly listeners = new Map<string, Array<(event: MessageEvent) => void>>();

  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }

  static latest(): FakeEventSource {
    const last = FakeEventSource.instances.at(-1);
    if (!last) throw new Error('no EventSource was opened');
    return last;
  }

  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
  }

  /** The server sends an event. */
  emit(type: string, data: unknown, id?: number) {
    this.readyState = FakeEventSource.OPEN;
    const event = new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id === undefined ? '' : String(id) });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }

  /** The connection fails; `willRetry: false` is the browser giving up (an HTTP error answer). */
  fail({ willRetry = true } = {}) {
    this.readyState = willRetry ? FakeEventSource.CONNECTING : FakeEventSource.CLOSED;
    this.onerror?.(new Event('error'));
  }
}
