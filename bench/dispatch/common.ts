// Constants shared by the dispatch bench's parts.

export const LATENCY_MS = 50;
export const BATCH_SIZE = 1000;
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
export const SCATTER_KM = 5;
export const MAX_LOCATIONS = 1000;
export const MAX_BODY_BYTES = 1_000_000;
export const LAMBDA_TIMEOUT_S = 900;
