/**
 * Whether a write failed because its condition did not hold (taken claim, changed record), as
 * ElectroDB reports it: the SDK's ConditionalCheckFailedException, wrapped or as the cause.
 */
export function isConditionFailure(err: unknown): boolean {
  const text = `${(err as { name?: string })?.name ?? ''} ${String(err)} ${String((err as { cause?: unknown })?.cause ?? '')}`;
  return text.includes('ConditionalCheckFailed') || text.includes('conditional request failed');
}

/** Runs a conditional write: true once written, false when its condition did not hold (nothing written). */
export async function writtenUnlessConditionFails(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}
