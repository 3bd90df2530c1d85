import type { ChildProcess } from 'node:child_process';

/**
 * Stops a child started in its own process group (`detached: true`) and everything it spawned:
 * SIGTERM to the group, SIGKILL once `graceMs` has passed without an exit. Answers when it exited.
 * No side effects at load, so the test support can use it without the local stack's exit hook.
 */
export async function stopProcessGroup(child: ChildProcess, exited: Promise<void>, graceMs: number) {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const pid = child.pid;
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }, graceMs);
  await exited;
  clearTimeout(timer);
}
