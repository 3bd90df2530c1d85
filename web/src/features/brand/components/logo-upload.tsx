import { Button, FileButton, Group, Image, Input, Progress, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import {
  BRAND_LIMITS,
  BRAND_MESSAGES,
  LOGO_CONTENT_TYPES,
  type LogoContentType,
} from '../../../../../shared/brand';
import { FileStorageError, uploadFile } from '../../../lib/file-transfer';
import { friendlyErrorMessage } from '../../../lib/error-message';
import { requestLogoUpload } from '../api/brand-api';

export interface LogoChoice {
  /** The uploaded file's key (to send as `logoKey`), or null to keep or remove the current logo. */
  key: string | null;
  /** What the preview shows: a local copy of the new file, the current logo, or nothing. */
  previewUrl: string | null;
}

/** S3's own words, when its XML error says more than the spec's unknown error. */
function storageDetail(err: FileStorageError): string | null {
  return /<Message>([^<]+)<\/Message>/.exec(err.serverResponse ?? '')?.[1] ?? null;
}

/**
 * The logo field: the file goes straight to storage through a presigned POST as soon as it is
 * picked, with a progress bar and a Cancel button; the brand is saved with the uploaded key.
 */
export function LogoUpload({
  currentUrl,
  choice,
  onChoice,
  error,
}: {
  currentUrl: string | null;
  choice: LogoChoice;
  onChoice: (choice: LogoChoice) => void;
  error?: string;
}) {
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  const resetRef = useRef<() => void>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const pick = async (file: File | null) => {
    resetRef.current?.();
    if (!file) return;
    setProblem(null);
    if (!(LOGO_CONTENT_TYPES as readonly string[]).includes(file.type))
      return setProblem(BRAND_MESSAGES.logoWrongType);
    if (file.size > BRAND_LIMITS.logoBytes) return setProblem(BRAND_MESSAGES.logoTooLarge);
    const abort = new AbortController();
    controller.current = abort;
    setProgress(0);
    try {
      const upload = await requestLogoUpload(file.type as LogoContentType, abort.signal);
      await uploadFile(upload, file, { signal: abort.signal, onProgress: setProgress });
      onChoice({ key: upload.key, previewUrl: URL.createObjectURL(file) });
    } catch (err) {
      if (err instanceof FileStorageError) {
        const detail = storageDetail(err);
        setProblem(detail ? `${err.message}: ${detail}` : err.message);
      } else
        setProblem(
          abort.signal.aborted
            ? 'User canceled the upload/download.'
            : friendlyErrorMessage(err, 'The logo could not be uploaded.'),
        );
    } finally {
      setProgress(null);
      controller.current = null;
    }
  };

  const shown = choice.previewUrl;
  const message = problem ?? error;
  return (
    <Input.Wrapper
      label="Logo"
      description="PNG, JPEG or SVG, at most 1 MB. SVGs with scripts, event handlers or outside references are refused."
      error={message}
      id="brand-logo"
    >
      <Stack gap="xs" mt={6}>
        {shown ? (
          <Image
            src={shown}
            alt="Logo preview"
            h={56}
            w={200}
            fit="contain"
            style={{ objectPosition: 'left center' }}
          />
        ) : null}
        {progress !== null ? (
          <Group gap="sm" wrap="nowrap">
            <Progress
              value={Math.round(progress * 100)}
              aria-label="Logo upload progress"
              style={{ flex: 1 }}
              size="lg"
              animated
            />
            <Text size="sm" w={48} ta="right">
              {Math.round(progress * 100)}%
            </Text>
            <Button variant="default" size="xs" onClick={() => controller.current?.abort()}>
              Cancel
            </Button>
          </Group>
        ) : (
          <Group gap="sm">
            <FileButton onChange={pick} accept={LOGO_CONTENT_TYPES.join(',')} resetRef={resetRef}>
              {(props) => (
                <Button variant="default" {...props} aria-describedby="brand-logo-description">
                  {shown ? 'Replace logo' : 'Upload logo'}
                </Button>
              )}
            </FileButton>
            {shown ? (
              <Button variant="subtle" color="red" onClick={() => onChoice({ key: null, previewUrl: null })}>
                Remove logo
              </Button>
            ) : null}
            {currentUrl && !shown ? (
              <Button variant="subtle" onClick={() => onChoice({ key: null, previewUrl: currentUrl })}>
                Keep the current logo
              </Button>
            ) : null}
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
