import type { Node } from 'constructs';

/**
 * Deployment settings read from CDK context (cdk.json, or `-c key=value` on the command line). Nothing
 * here is secret: secrets live in Secrets Manager and SSM, and the stack only names them.
 */
export interface RaincheckSettings {
  /** Sender of every email, e.g. `Raincheck <alerts@example.com>`; its address or domain must be verified in SES. */
  readonly mailFrom: string;
  /** Name of an existing SSM SecureString holding the weather API key (CloudFormation cannot create one). */
  readonly weatherApiKeyParam: string;
  /** Cognito Plus feature plan with threat protection enforced (costs per monthly active user). */
  readonly threatProtection: boolean;
}

export const SETTINGS_CONTEXT_KEYS = {
  mailFrom: 'raincheck:mailFrom',
  weatherApiKeyParam: 'raincheck:weatherApiKeyParam',
  threatProtection: 'raincheck:threatProtection',
} as const;

export const DEFAULT_SETTINGS: RaincheckSettings = {
  mailFrom: 'Raincheck <alerts@raincheck.example>',
  weatherApiKeyParam: '/raincheck/weather-api-key',
  threatProtection: false,
};

export function readSettings(node: Node): RaincheckSettings {
  const text = (key: string, fallback: string): string => {
    const value: unknown = node.tryGetContext(key);
    if (value === undefined || value === null || value === '') return fallback;
    if (typeof value !== 'string') throw new Error(`Context ${key} must be a string`);
    return value;
  };
  const flag = (key: string, fallback: boolean): boolean => {
    const value: unknown = node.tryGetContext(key);
    if (value === undefined || value === null || value === '') return fallback;
    // `-c key=true` arrives as a string.
    if (value === true || value === 'true') return true;
    if (value === false || value === 'false') return false;
    throw new Error(`Context ${key} must be true or false`);
  };

  const settings: RaincheckSettings = {
    mailFrom: text(SETTINGS_CONTEXT_KEYS.mailFrom, DEFAULT_SETTINGS.mailFrom),
    weatherApiKeyParam: text(SETTINGS_CONTEXT_KEYS.weatherApiKeyParam, DEFAULT_SETTINGS.weatherApiKeyParam),
    threatProtection: flag(SETTINGS_CONTEXT_KEYS.threatProtection, DEFAULT_SETTINGS.threatProtection),
  };
  mailFromAddress(settings.mailFrom); // fails early on a malformed sender
  if (!settings.weatherApiKeyParam.startsWith('/')) {
    throw new Error(
      `${SETTINGS_CONTEXT_KEYS.weatherApiKeyParam} must be a full parameter name starting with /`,
    );
  }
  return settings;
}

/** `Raincheck <alerts@example.com>` → `alerts@example.com`. */
export function mailFromAddress(mailFrom: string): string {
  const address = (/<([^<>]+)>\s*$/.exec(mailFrom)?.[1] ?? mailFrom).trim();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) {
    throw new Error(`MAIL_FROM "${mailFrom}" does not contain an email address`);
  }
  return address;
}
