/** Official alerts could not be fetched (upstream down, refused or answered nonsense). Maps to 502. */
export class OfficialAlertsUnavailableError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    /** True when this is a failure already met in this run, answered again without a new call. */
    readonly repeated = false,
  ) {
    super(message);
  }
}

/** A provider was called with options it cannot honour (a programming error, not a location's). */
export class ForecastOptionsError extends Error {}
