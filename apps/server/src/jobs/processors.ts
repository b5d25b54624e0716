import type { FastifyInstance } from 'fastify';
import type { JobWorker } from './queue.js';

/** Every job type and its processor, registered once per process. Domains add theirs here. */
export function registerProcessors(_app: FastifyInstance, _jobs: JobWorker) {}
