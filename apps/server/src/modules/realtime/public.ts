/** What other modules may use of realtime: publishing a message to a channel from inside their transaction. */
export { publish } from './publish.js';
