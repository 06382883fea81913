import type { Notification, NotificationPage } from '@soleswap/contracts/notifications';
import type { TestApp, TestClient } from '../../../test/test-app';

/** Test-only helpers shared by the notifications integration tests. */

/** The member's notifications once every domain event so far has been handled, newest first. */
export async function notificationsOf(testApp: TestApp, client: TestClient, query = ''): Promise<NotificationPage> {
  await testApp.ctx.events.idle();
  const res = await client.get<NotificationPage>(`/api/notifications${query}`);
  if (res.status !== 200) throw new Error(`GET /api/notifications: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The kinds of the member's notifications, newest first. */
export async function kindsOf(testApp: TestApp, client: TestClient): Promise<Array<Notification['kind']>> {
  return (await notificationsOf(testApp, client, '?limit=50')).items.map((n) => n.kind);
}
