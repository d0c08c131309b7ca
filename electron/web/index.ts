export { startBrowserApp } from './browser-app';
export type { BrowserApp, BrowserAppOptions } from './browser-app';
export { defaultUserDataDir } from './user-data-dir';
