/** What other modules may use of notifications: notify() inside their transaction (decision 0050). */
export { type NotifyInput, notify } from './notify.js';
/** Which notifications of a type were already made about some assets (so a reminder goes out once). */
export { sentAbout } from './queries.js';
