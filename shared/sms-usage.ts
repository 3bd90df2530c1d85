/** `GET /api/sms/usage`: SMS segments counted against the plan's monthly allowance (a 2-segment text counts two). */
export interface SmsUsage {
  /** "2026-11": the allowance's month (UTC). */
  month: string;
  used: number;
  allowance: number;
}
