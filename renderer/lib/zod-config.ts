import { config } from 'zod';

// The page's CSP forbids eval. Without this, zod probes `new Function` on first use, which the
// browser reports as a CSP violation; jitless mode skips the probe and parses the same way.
config({ jitless: true });
