import { createHmac } from 'node:crypto';
import { safeEqual } from '../../lib/secrets.js';

/**
 * The key that signs channel subscriptions, derived from the session secret (decision 0047): every process of one
 * installation already shares that secret, so a signature made by one process is accepted by the socket's process.
 */
export function realtimeKey(sessionSecret: string): Buffer {
  return createHmac('sha256', sessionSecret).update('emblem realtime channel auth v1').digest();
}

/** HMAC-SHA256 of `socket_id:channel_name`, and `:channel_data` for a presence channel, in hex. */
export function signSubscription(key: Buffer, socketId: string, channel: string, channelData?: string): string {
  const text = channelData === undefined ? `${socketId}:${channel}` : `${socketId}:${channel}:${channelData}`;
  return createHmac('sha256', key).update(text).digest('hex');
}

export function verifySubscription(key: Buffer, socketId: string, channel: string, auth: string, channelData?: string): boolean {
  return safeEqual(auth, signSubscription(key, socketId, channel, channelData));
}
