import type { JobsiteLedger } from './ledger';
import type { ReportSection } from './reports';

/**
 * A report's figures (the preview, the PDF and the CSV bundle read the same object): each jobsite's
 * ledger exactly as `GET /api/jobsites/{id}/ledger` answers it for the report's range.
 */
export interface ReportJobsite {
  ledger: JobsiteLedger;
  client: { id: string; name: string } | null;
  address: string | null;
}

export interface ReportData {
  title: string;
  generatedAt: string;
  sections: ReportSection[];
  jobsites: ReportJobsite[];
  totals: {
    delayDays: number;
    hoursLost: number;
    beyondAllowance: number;
    /** Notice emails sent about the days (the ledger's `notified`). */
    notified: number;
    /** Of the delay days, those observation judged and those it confirmed. */
    observedJudged: number;
    observedConfirmed: number;
  };
  /** The credits the weather data's providers require, printed on every report. */
  attribution: string[];
}

export const REPORT_ATTRIBUTION = [
  'Forecasts: Open-Meteo.com (CC BY 4.0) and the US National Weather Service.',
  'Observations: NOAA National Centers for Environmental Information (Global Hourly, ISD) and Open-Meteo.com historical weather (CC BY 4.0; ERA5 reanalysis, Copernicus Climate Change Service).',
];
