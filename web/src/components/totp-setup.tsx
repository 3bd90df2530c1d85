import { Button, Code, Group, Stack, Text, TextInput } from '@mantine/core';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useState, type FormEvent } from 'react';
import { useAuth } from '../lib/auth/auth-context';
import { FormErrorAlert } from './form-fields';

export const TOTP_CODE_HINT = 'The 6-digit code your authenticator app shows';
export const TOTP_SETUP_FAILED = 'The authenticator app could not be set up just now. Try again.';
export const TOTP_CODE_WRONG =
  'That code is not right. Check the time on your phone and enter the newest code.';

/** Only digits, at most 6: what an authenticator app shows (spaces some apps add are dropped). */
export const totpDigits = (value: string) => value.replace(/\D/g, '').slice(0, 6);

/**
 * Adds an authenticator app to the signed-in account (Cognito's software-token MFA): a QR code of the
 * otpauth:// URI (and its secret, for typing in), then a code from the app to prove it works.
 * Used by the settings page and by the admin sign-in, which walks an admin without one through it.
 */
export function TotpSetup({ accountName, onDone }: { accountName: string; onDone: () => void }) {
  const { getClient } = useAuth();
  const [setup, setSetup] = useState<{ secret: string; uri: string } | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    let live = true;
    getClient()
      .then((client) => client.totp.setUp(accountName))
      .then(
        (details) => live && setSetup(details),
        () => live && setError(TOTP_SETUP_FAILED),
      );
    return () => {
      live = false;
    };
  }, [getClient, accountName]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setSubmitting(true);
    try {
      await (await getClient()).totp.verify(code);
      onDone();
    } catch (err) {
      const name = (err as { name?: string }).name ?? '';
      setError(/Mismatch|EnableSoftwareTokenMFA/.test(name) ? TOTP_CODE_WRONG : TOTP_SETUP_FAILED);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={onSubmit} aria-label="Set up an authenticator app">
      <Stack gap="md">
        <FormErrorAlert message={error} />
        <Text size="sm">
          Scan this QR code with an authenticator app (Google Authenticator, 1Password, Authy, …), then enter
          the code it shows.
        </Text>
        {setup ? (
          <Group align="flex-start" gap="lg">
            <QRCodeSVG
              value={setup.uri}
              size={176}
              marginSize={2}
              role="img"
              aria-label="QR code for your authenticator app"
            />
            <Stack gap={4}>
              <Text size="sm">Can’t scan it? Enter this key in the app:</Text>
              <Code data-testid="totp-secret">{setup.secret}</Code>
            </Stack>
          </Group>
        ) : null}
        <TextInput
          label="Code from the app"
          description={TOTP_CODE_HINT}
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(e) => setCode(totpDigits(e.currentTarget.value))}
          required
        />
        <Button type="submit" loading={submitting} disabled={!setup || code.length !== 6}>
          Verify and turn on
        </Button>
      </Stack>
    </form>
  );
}
