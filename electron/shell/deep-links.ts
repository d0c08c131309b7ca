import { app } from 'electron';
import { deepLinkScheme } from '../core/deep-link';

/** The `atrium://` link among command-line arguments (Windows and Linux pass it as one). */
export function deepLinkInArgs(argv: readonly string[]): string | undefined {
  return argv.find((arg) => arg.startsWith(`${deepLinkScheme}://`));
}

/**
 * Makes Atrium the handler of `atrium://` links. macOS delivers them as `open-url` (also before
 * the app is ready, so this runs early); Windows and Linux start a second instance with the link
 * as an argument, which the single-instance lock hands to this one (see main.ts).
 */
export function registerDeepLinks(onLink: (link: string) => void): void {
  if (process.defaultApp && process.argv[1]) {
    // Started as `electron path/to/app` during development: the OS must start it the same way.
    app.setAsDefaultProtocolClient(deepLinkScheme, process.execPath, [process.argv[1]]);
  } else {
    app.setAsDefaultProtocolClient(deepLinkScheme);
  }
  app.on('open-url', (event, url) => {
    event.preventDefault();
    onLink(url);
  });
}
