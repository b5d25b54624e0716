export * from './channels.js';
export * from './protocol.js';
