/** Every port of the core, by domain; import from the domain's own file where you can. */
export type * from './caller';
export type * from './runtime.ports';
export type * from './account/account.ports';
export type * from './billing/billing.ports';
export type * from './dispatch/dispatch.ports';
export type * from './email/email.ports';
export type * from './records/records.ports';
export type * from './weather/weather.ports';
