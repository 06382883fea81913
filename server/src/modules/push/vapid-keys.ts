import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webPush from 'web-push';
import type { Env } from '../../env';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** The contact push services may write to: mailto: or https:. */
  subject: string;
}

/**
 * The server's VAPID keys: from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, else generated at first start
 * and kept in DATA_DIR/vapid-keys.json (like the development session secret), so the browsers'
 * subscriptions, made with the public key, outlive restarts.
 */
export function loadVapidKeys(env: Env): VapidKeys {
  const subject = env.VAPID_SUBJECT ?? `mailto:${mailAddressOf(env.SMTP_FROM)}`;
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  const file = path.join(env.DATA_DIR, 'vapid-keys.json');
  if (existsSync(file)) {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    return { publicKey: kept.publicKey, privateKey: kept.privateKey, subject };
  }
  const generated = webPush.generateVAPIDKeys();
  mkdirSync(env.DATA_DIR, { recursive: true });
  writeFileSync(file, JSON.stringify(generated), { mode: 0o600 });
  return { ...generated, subject };
}

/** "SoleSwap <no-reply@example.com>" → "no-reply@example.com". */
const mailAddressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
