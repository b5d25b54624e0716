// Summarises a V8 CPU profile (node --cpu-prof): self time by function and by module, the largest first.
// Run: node bench/lib/profile-summary.mjs <file.cpuprofile> [rows=25]
import { readFileSync } from 'node:fs';

const file = process.argv[2];
if (!file) throw new Error('usage: node bench/lib/profile-summary.mjs <file.cpuprofile> [rows]');
const ROWS = Number(process.argv[3] ?? 25);

/** @typedef {{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }} Node */
const profile = /** @type {{ nodes: Node[]; samples: number[]; timeDeltas: number[] }} */ (JSON.parse(readFileSync(file, 'utf8')));
/** @type {Map<number, Node>} */
const byId = new Map(profile.nodes.map((n) => [n.id, n]));

/** node_modules/<package> or the file's name under dist/, '(native)' for V8 and Node internals without a file. */
const moduleOf = (/** @type {string} */ url) => {
  if (!url) return '(native)';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1] ?? url;
  if (url.startsWith('node:')) return url;
  return url.replace(/^.*\/dist\//, 'dist/');
};

/** @type {Map<string, number>} */
const byFunction = new Map();
/** @type {Map<string, number>} */
const byModule = new Map();
let total = 0;
profile.samples.forEach((id, i) => {
  const node = byId.get(id);
  const us = profile.timeDeltas[i] ?? 0;
  if (!node) return;
  total += us;
  const { functionName, url, lineNumber } = node.callFrame;
  const mod = moduleOf(url);
  const fn = `${functionName || '(anonymous)'} ${mod}${url ? `:${lineNumber + 1}` : ''}`;
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
  byModule.set(mod, (byModule.get(mod) ?? 0) + us);
});

/** @param {string} title @param {Map<string, number>} map */
const print = (title, map) => {
  console.log(`\n${title} (self time, of ${(total / 1e6).toFixed(1)} s sampled)`);
  for (const [name, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, ROWS)) {
    console.log(`${(us / 1e3).toFixed(0).padStart(8)} ms ${((100 * us) / total).toFixed(1).padStart(5)}%  ${name}`);
  }
};
print('by module', byModule);
print('by function', byFunction);
