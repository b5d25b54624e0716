import { z } from 'zod';
import { parseChannel, type RealtimeEvent } from './channels.js';

/*
 * The realtime protocol (decision 0047). A browser opens one WebSocket (GET /api/realtime) and learns its socket id
 * from the first frame. To subscribe it asks POST /api/pusher/auth for a signature of every channel it wants (one
 * request per tick), then sends `subscribe` frames carrying them; the server checks each signature.
 */

/** Channels one auth request may name, and one socket may be subscribed to. */
export const REALTIME_CHANNELS_MAX = 100;

/** A socket id: 24 base64url characters (144 random bits). */
export const SOCKET_ID = /^[A-Za-z0-9_-]{24}$/;

const socketIdSchema = z.string({ error: 'Is required' }).regex(SOCKET_ID, 'Is not a socket id');
const channelNameSchema = z
  .string({ error: 'Must be a channel name' })
  .refine((name) => parseChannel(name) !== null, 'Must be private-user-{id} or presence-project-{id}');

/**
 * POST /api/pusher/auth, after the form fields `channel_name[0]`, `channel_name[1]`… (or JSON) are gathered into
 * a list (`realtimeAuthInput`): the socket and its channels, without duplicates.
 */
export const realtimeAuthBodySchema = z
  .object({
    socket_id: socketIdSchema,
    channel_name: z
      .union([channelNameSchema, z.array(channelNameSchema)])
      .transform((v) => [...new Set(Array.isArray(v) ? v : [v])])
      .refine((v) => v.length >= 1, 'Name at least one channel')
      .refine((v) => v.length <= REALTIME_CHANNELS_MAX, `At most ${REALTIME_CHANNELS_MAX} channels per request`),
  })
  .strict();
export type RealtimeAuthBody = z.infer<typeof realtimeAuthBodySchema>;

/**
 * The auth body from a form: `socket_id`, and `channel_name[n]` in the order of n (a single `channel_name` too).
 * Other fields stay, so the schema can name them.
 */
export function realtimeAuthInput(form: URLSearchParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const indexed: [number, string][] = [];
  for (const [key, value] of form) {
    const m = /^channel_name\[(\d{1,4})\]$/.exec(key);
    if (m) indexed.push([Number(m[1]), value]);
    else if (key === 'channel_name' || key === 'channel_name[]') indexed.push([indexed.length, value]);
    else out[key] = value;
  }
  if (indexed.length) out.channel_name = indexed.sort((a, b) => a[0] - b[0]).map(([, v]) => v);
  return out;
}

/** What a presence channel says about a member (signed as `channel_data` with the subscription). */
export interface PresenceMember {
  user_id: number;
  user_info: { name: string | null; avatar: string | null };
  /** The assets this user's sockets show in the viewer. */
  asset_ids: number[];
}

/** The answer of POST /api/pusher/auth for one channel: a signature, or the status that refused it. */
export type RealtimeChannelAuth = { status: 200; auth: string; channel_data?: string } | { status: 403 | 404; message: string };
export type RealtimeAuthResponse = Record<string, RealtimeChannelAuth>;

/** Frames a client sends over the socket. */
export const realtimeClientFrameSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('subscribe'),
    channel: z.string().max(64),
    auth: z.string().max(200),
    channel_data: z.string().max(2000).optional(),
  }),
  z.object({ type: z.literal('unsubscribe'), channel: z.string().max(64) }),
  z.object({ type: z.literal('viewing'), channel: z.string().max(64), asset_id: z.number().int().min(1).max(2_147_483_647).nullable() }),
]);
export type RealtimeClientFrame = z.infer<typeof realtimeClientFrameSchema>;

/** Frames the server sends over the socket. */
export type RealtimeServerFrame =
  | { type: 'connected'; socket_id: string }
  | { type: 'subscribed'; channel: string; members?: PresenceMember[] }
  | { type: 'subscribe_error'; channel: string; status: number; message: string }
  | { type: 'unsubscribed'; channel: string }
  | { type: 'event'; channel: string; event: RealtimeEvent; data: Record<string, unknown> }
  /** A member joined, left (`member` null: their last socket went) or changed the assets they view. */
  | { type: 'presence'; channel: string; user_id: number; member: PresenceMember | null }
  | { type: 'error'; message: string };
