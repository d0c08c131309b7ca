/**
 * The embedded service's public surface. Implementation lives in ./server.ts (composition,
 * HTTP routing from the registry) and the area folders (calendar/, tasks/, drive/).
 *
 *   const service = await startEmbeddedService({ dataDir, port: 0, users: [{ email, token }] });
 *   service.url  // http://127.0.0.1:<port>
 */
export type { EmbeddedService } from './server';
export { startEmbeddedService } from './server';
export type { ServiceWorkerHandle } from './worker-host';
export { startServiceWorker } from './worker-host';
// The areas, for a service narrowed to some of them (`modules`).
export { tasksModule } from './tasks';
