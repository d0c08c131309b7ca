import { startBrowserApp } from './browser-app';
import { parseCliOptions, usage } from './cli-options';

async function main(): Promise<void> {
  const options = parseCliOptions(process.argv.slice(2));
  if (options.help) {
    console.log(usage);
    return;
  }
  const app = await startBrowserApp({ dataDir: options.dataDir, port: options.port });
  console.log(`Atrium is running at ${app.url}`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`Atrium did not stop cleanly after ${signal}:`, error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  console.error(usage);
  process.exit(1);
});
