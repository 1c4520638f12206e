import { createServer } from 'node:net';

/** A port free on 127.0.0.1 now, for a child portal. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Runs a durability check: exits with its exit code, or 1 with its error printed after `label`. */
export function runCheck(label: string, main: () => Promise<void>): void {
  main().then(
    () => process.exit(),
    (error: unknown) => {
      console.error(`${label}: FAILED,`, error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
