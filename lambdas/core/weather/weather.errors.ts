/** Official alerts could not be fetched (upstream down, refused or answered nonsense). Maps to 502. */
export class OfficialAlertsUnavailableError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** A provider was called with options it cannot honour (a programming error, not a location's). */
export class ForecastOptionsError extends Error {}
