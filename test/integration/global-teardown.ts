export default async function globalTeardown(): Promise<void> {
  await (globalThis as { __raincheckStop?: () => Promise<void> }).__raincheckStop?.();
}
