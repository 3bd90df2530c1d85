/** `stripe-webhook` → `StripeWebhook`: construct ids derived from entry names. */
export function pascalCase(name: string): string {
  return name.replace(/(^|-)([a-z0-9])/g, (_m, _dash: string, c: string) => c.toUpperCase());
}
