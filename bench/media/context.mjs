// What the entry point (bench/media.mjs) hands each part of the media benchmark.

/**
 * @typedef {object} MediaContext
 * @property {import('../lib/harness.mjs').BenchServer} server the running server (the ZIP part restarts it)
 * @property {import('../lib/client.mjs').Client} client signed in as the bench admin
 * @property {string} secret the server's SESSION_SECRET (media URLs are signed with it)
 * @property {string} work the bench's private work directory
 * @property {string} fixtures the directory for generated input files
 * @property {number} brand the brand's id
 * @property {{ id: number }} library the media library project the assets go into
 * @property {import('../lib/harness.mjs').SummaryRow[]} summary the rows of the summary table, added to by each part
 */

export {};
