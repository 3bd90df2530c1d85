import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { stopProcessGroup } from './process-group';

/**
 * Process groups of the emulators still running. If this process ends without stopping them (a crash,
 * an exit before start-up finished), the exit hook below ends them so no JVM keeps a port.
 */
const liveGroups = new Set<number>();
process.once('exit', () => {
  for (const pid of liveGroups) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
});

export interface ManagedProcess {
  name: string;
  child: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * Starts a child in its own process group so that stopping it also stops whatever it spawned
 * (npx wrappers, the JVM). Keeps the last output for error messages.
 */
export function startProcess(
  name: string,
  command: string,
  args: string[],
  opts: { cwd?: string; env?: NodeJS.ProcessEnv; echo?: boolean } = {},
): ManagedProcess {
  const child = spawn(command, args, {
    cwd: opts.cwd,
    env: { ...process.env, ...opts.env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
    if (opts.echo) process.stdout.write(`[${name}] ${chunk.toString()}`);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  if (child.pid !== undefined) liveGroups.add(child.pid);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      if (child.pid !== undefined) liveGroups.delete(child.pid);
      resolve();
    }),
  );
  return {
    name,
    child,
    output: () => log,
    stop: () => stopProcessGroup(child, exited, 5000),
  };
}

/** Resolves once something accepts TCP connections on host:port, or rejects after `timeoutMs`. */
export async function waitForPort(
  port: number,
  opts: { host?: string; timeoutMs?: number; process?: ManagedProcess } = {},
): Promise<void> {
  const host = opts.host ?? '127.0.0.1';
  const deadline = Date.now() + (opts.timeoutMs ?? 60_000);
  for (;;) {
    if (opts.process && (opts.process.child.exitCode !== null || opts.process.child.signalCode !== null)) {
      throw new Error(`${opts.process.name} exited early:\n${opts.process.output()}`);
    }
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ host, port });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) {
      throw new Error(
        `Timed out waiting for port ${port}${opts.process ? `:\n${opts.process.output()}` : ''}`,
      );
    }
    await new Promise((r) => setTimeout(r, 150));
  }
}

/**
 * `count` distinct ports the OS says are free right now (for tests that run beside a developer's
 * `npm start`). All listeners stay open until every port is chosen, so no two picks coincide.
 */
export async function freePorts(count: number): Promise<number[]> {
  const servers: net.Server[] = [];
  try {
    const ports: number[] = [];
    for (let i = 0; i < count; i++) {
      const server = net.createServer();
      servers.push(server);
      ports.push(
        await new Promise<number>((resolve, reject) => {
          server.once('error', reject);
          server.listen(0, '127.0.0.1', () => {
            const address = server.address();
            resolve(typeof address === 'object' && address ? address.port : 0);
          });
        }),
      );
    }
    return ports;
  } finally {
    await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
  }
}

/** Starts the process and waits for its port; a process that never gets there is stopped, not left behind. */
export async function startAndWait(
  proc: ManagedProcess,
  port: number,
  timeoutMs: number,
): Promise<ManagedProcess> {
  try {
    await waitForPort(port, { process: proc, timeoutMs });
    return proc;
  } catch (err) {
    await proc.stop();
    throw err;
  }
}

export async function assertPortFree(port: number, what: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', () =>
      reject(
        new Error(`Port ${port} (${what}) is in use. Stop what uses it or choose another port (see README).`),
      ),
    );
    server.listen(port, '0.0.0.0', () => server.close(() => resolve()));
  });
}
