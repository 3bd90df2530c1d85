import type { DayObservation, ObservedSeries } from '../../../shared/weather/observed';
import type { TenantId } from '../caller';

/** The local day asked for: its date and zone, at the jobsite's point. */
export interface ObservationRequest {
  latitude: number;
  longitude: number;
  /** Local date, YYYY-MM-DD. */
  date: string;
  timezone: string;
}

/**
 * One observation service (NOAA NCEI's stations, Open-Meteo's reanalysis). Answers the local day's
 * hourly series, or `null` when the service has nothing for the point (no station near, outside its
 * coverage, not published yet). Throws `ObservationUnreachableError` when the service cannot be
 * reached or fails: the product then says observation is unavailable, never invents any.
 */
export interface ObservationSource {
  readonly name: string;
  /** Whether the service covers the point at all (NCEI: US stations only). */
  covers(point: { latitude: number; longitude: number }): boolean;
  fetchDay(request: ObservationRequest): Promise<ObservedSeries | null>;
}

export class ObservationUnreachableError extends Error {
  constructor(
    readonly source: string,
    message: string,
  ) {
    super(message);
    this.name = 'ObservationUnreachableError';
  }
}

/** What was observed, one item per jobsite day. */
export interface ObservationRepo {
  get(tenant: TenantId, jobsiteId: string, workDate: string): Promise<DayObservation | null>;
  /** The jobsite's observations from `from` to `to` (inclusive), by date. */
  listRange(tenant: TenantId, jobsiteId: string, from: string, to: string): Promise<DayObservation[]>;
  /**
   * Many jobsite days' observations in as few reads as the store allows (DynamoDB: BatchGetItem),
   * keyed `tenantId|jobsiteId|workDate`; absent days are absent. Optional: else read by `listRange`.
   */
  getMany?(
    days: readonly { tenantId: string; jobsiteId: string; workDate: string }[],
  ): Promise<Map<string, DayObservation>>;
  put(observation: DayObservation): Promise<void>;
}

/** The observation side of the dispatch and the evidence: the services and where their answers are kept. */
export interface ObservationDeps {
  sources: readonly ObservationSource[];
  repo: ObservationRepo;
}
