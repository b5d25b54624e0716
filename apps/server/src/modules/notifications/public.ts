/** What other modules may use of notifications: notify() inside their transaction (decision 0050). */
export { type NotifyInput, notify } from './notify.js';
