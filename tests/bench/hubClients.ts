import { Worker } from 'node:worker_threads';
import type { HubWorkerReport, HubWorkerRequest } from './hubClientsWorker.js';

/**
 * The benchmarks' hub clients in a worker thread (tests/bench/hubClientsWorker.ts). A worker does
 * not inherit tsx's loader: it registers it, then loads the clients' module.
 */
export function startHubWorker(): Worker {
  const workerFile = new URL('./hubClientsWorker.ts', import.meta.url).href;
  return new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(workerFile)}); })`, {
    eval: true,
  });
}

/** Sends `request` and waits for the first report `accept` takes (or a failure of the worker). */
export function ask<T extends HubWorkerReport>(
  worker: Worker,
  request: HubWorkerRequest,
  accept: (report: HubWorkerReport) => report is T,
  timeoutMs = 120_000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => done(new Error(`hub clients: no answer to ${request.type} in ${timeoutMs / 1000} s`)), timeoutMs);
    const onMessage = (report: HubWorkerReport) => {
      if (report.type === 'failed') done(new Error(`hub clients: ${report.message}`));
      else if (accept(report)) done(undefined, report);
    };
    const done = (error?: Error, report?: T) => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', done);
      if (error) reject(error);
      else resolve(report!);
    };
    worker.on('message', onMessage);
    worker.on('error', done);
    worker.postMessage(request);
  });
}
