import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PushPublicKey, PushSubscriptionInput, PushSubscriptionStatus } from '@soleswap/contracts/push';
import { apiRequest, getJson } from '../../../lib/api-client';
import { pushKeys } from '../../../lib/query-keys';
import { askNotificationPermission, isPushSupported, notificationPermission, pushRegistration, subscribeBrowser } from '../browser-push';

/**
 * Alerts on this device:
 * - `unsupported`: the browser has no Web Push (or no service worker runs for this page);
 * - `blocked`: the member blocked notifications for this site in the browser;
 * - `off` / `on`: whether the server sends this member's notices to this browser.
 */
export type DeviceAlertsState = 'unsupported' | 'blocked' | 'off' | 'on';

export function getPushPublicKey(): Promise<PushPublicKey> {
  return getJson<PushPublicKey>('/api/push/public-key');
}

export function getPushSubscriptionStatus(endpoint: string, signal?: AbortSignal): Promise<PushSubscriptionStatus> {
  return getJson<PushSubscriptionStatus>(`/api/push/subscriptions/status?endpoint=${encodeURIComponent(endpoint)}`, { signal });
}

/** Stores the subscription for the member (idempotent on the endpoint: a retry keeps one). */
export function savePushSubscription(input: PushSubscriptionInput): Promise<{ subscribed: boolean }> {
  return apiRequest('POST', '/api/push/subscriptions', input);
}

export function removePushSubscription(endpoint: string): Promise<{ removed: boolean }> {
  return apiRequest('DELETE', '/api/push/subscriptions', { endpoint });
}

/** Reads this device's state: the browser's permission and subscription, and whether the server has it for this member. */
export async function readDeviceAlerts(signal?: AbortSignal): Promise<DeviceAlertsState> {
  if (!isPushSupported()) return 'unsupported';
  if (notificationPermission() === 'denied') return 'blocked';
  const registration = await pushRegistration();
  if (!registration) return 'unsupported';
  const subscription = await registration.pushManager.getSubscription();
  if (!subscription || notificationPermission() !== 'granted') return 'off';
  // A browser keeps its subscription when signing out removed it on the server, or another member turned it on.
  const { subscribed } = await getPushSubscriptionStatus(subscription.endpoint, signal);
  return subscribed ? 'on' : 'off';
}

/** Asks for permission, subscribes the browser with the server's key and hands the subscription to the server. */
export async function turnDeviceAlertsOn(): Promise<DeviceAlertsState | 'dismissed'> {
  const permission = await askNotificationPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'dismissed';
  const registration = await pushRegistration();
  if (!registration) return 'unsupported';
  const { publicKey } = await getPushPublicKey();
  const subscription = await subscribeBrowser(registration, publicKey);
  await savePushSubscription(subscription.toJSON() as PushSubscriptionInput);
  return 'on';
}

/** Stops pushes here: the server forgets the subscription first (so none arrive after), then the browser drops it. */
export async function turnDeviceAlertsOff(): Promise<DeviceAlertsState> {
  const registration = await pushRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (subscription) {
    await removePushSubscription(subscription.endpoint);
    await subscription.unsubscribe();
  }
  return 'off';
}

export function useDeviceAlerts() {
  return useQuery({ queryKey: pushKeys.device, queryFn: ({ signal }) => readDeviceAlerts(signal), staleTime: 0 });
}

/** Turns alerts on or off; the answer is the new state ('dismissed' when the member closed the prompt: still off). */
export function useSetDeviceAlerts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isOn: boolean) => (isOn ? turnDeviceAlertsOn() : turnDeviceAlertsOff()),
    onSuccess: (state) => queryClient.setQueryData<DeviceAlertsState>(pushKeys.device, state === 'dismissed' ? 'off' : state),
  });
}
