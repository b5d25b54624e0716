/**
 * What other modules may use of realtime: publishing a message to a channel from inside their transaction; and,
 * for app.ts, the plugin that serves the sockets.
 */
export { realtimePlugin } from './plugin.js';
export { publish } from './publish.js';
