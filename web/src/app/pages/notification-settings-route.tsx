import { NotificationSettingsPage } from '../../features/notifications/components/notification-settings-page';
import { DeviceAlertsControl } from '../../features/push/components/device-alerts-control';

/** /settings/notifications: the notifications feature's page with the push feature's control for this device. */
export function NotificationSettingsRoute() {
  return <NotificationSettingsPage deviceAlerts={<DeviceAlertsControl />} />;
}
