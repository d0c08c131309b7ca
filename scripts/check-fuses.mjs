// `node scripts/check-fuses.mjs [executable or .app]`: reads the fuse wire of a packaged Atrium and
// fails unless every security fuse is as required. Without an argument it looks in release/ for the
// unpacked app electron-builder left there (linux-unpacked, win-unpacked, mac*/Atrium.app).
// scripts/check-package.mjs uses `checkFuses` on its stand-in package; the release workflow runs
// this on the real one.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The fuses Atrium ships with; anything else is a packaging mistake. */
export const requiredFuses = {
  RunAsNode: false,
  EnableCookieEncryption: true,
  EnableNodeOptionsEnvironmentVariable: false,
  EnableNodeCliInspectArguments: false,
  EnableEmbeddedAsarIntegrityValidation: true,
  OnlyLoadAppFromAsar: true,
  GrantFileProtocolExtraPrivileges: false,
};

/** One line per fuse: `{ ok, text }`. */
export async function checkFuses(executable) {
  const wire = await getCurrentFuseWire(executable);
  return Object.entries(requiredFuses).map(([name, on]) => {
    const state = wire[FuseV1Options[name]];
    const want = on ? 49 : 48;
    const shown =
      state === undefined ? 'missing' : state === 49 ? 'on' : state === 48 ? 'off' : String.fromCharCode(state);
    return {
      ok: state === want,
      text: `fuse ${name} ${shown}${state === want ? '' : ` (expected ${on ? 'on' : 'off'})`}`,
    };
  });
}

function findPackagedApp() {
  const release = path.join(root, 'release');
  const candidates = [path.join(release, 'linux-unpacked', 'atrium'), path.join(release, 'win-unpacked', 'Atrium.exe')];
  if (existsSync(release)) {
    for (const dir of readdirSync(release).filter((name) => name.startsWith('mac'))) {
      candidates.push(path.join(release, dir, 'Atrium.app'));
    }
  }
  return candidates.filter((candidate) => existsSync(candidate));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const targets = process.argv[2] ? [path.resolve(process.argv[2])] : findPackagedApp();
  if (targets.length === 0) {
    console.error('No packaged app found: pass its executable (or .app), or run electron-builder first.');
    process.exit(1);
  }
  let failed = 0;
  for (const target of targets) {
    console.log(target);
    for (const { ok, text } of await checkFuses(target)) {
      console.log(`  ${ok ? 'ok  ' : 'FAIL'}  ${text}`);
      if (!ok) failed += 1;
    }
  }
  process.exit(failed === 0 ? 0 : 1);
}
