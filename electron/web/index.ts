export { startBrowserApp } from './browser-app';
export type { BrowserApp } from './browser-app';
