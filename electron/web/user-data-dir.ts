import { homedir } from 'node:os';
import { join } from 'node:path';

/** Where Atrium keeps its data when no folder is given, following each platform's convention. */
export function defaultUserDataDir(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
  home = homedir(),
): string {
  if (platform === 'win32') return join(env.APPDATA || join(home, 'AppData', 'Roaming'), 'Atrium');
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'Atrium');
  const dataHome =
    env.XDG_DATA_HOME && env.XDG_DATA_HOME.startsWith('/') ? env.XDG_DATA_HOME : join(home, '.local', 'share');
  return join(dataHome, 'Atrium');
}
