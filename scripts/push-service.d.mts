/** A subscription as web-push-testing hands it out: what a browser's PushSubscription.toJSON() holds, and its id there. */
export interface TestPushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
}
export interface PushService {
  url: string;
  post<T = unknown>(path: string, body?: unknown): Promise<{ status: number; body: T }>;
  subscribe(applicationServerKey: string): Promise<TestPushSubscription>;
  received(clientHash: string): Promise<string[]>;
  stop(): void;
}
export declare function startPushService(options?: { timeoutMs?: number }): Promise<PushService>;
