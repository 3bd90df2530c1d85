import { GetObjectCommand, PutObjectCommand, S3Client, NoSuchKey } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import type { FileStorage, StoredObject } from '../../core/brand/brand.ports';
import type { PresignedUpload } from '../../../shared/brand';

export interface S3FileStorageOptions {
  bucket: string;
  region: string;
  /** Local only: the S3 front (local/s3-front) in path style. Unset in AWS. */
  endpoint?: string;
  /** Where `files/…` objects are served from: the app's origin (CloudFront's `/files/*` behavior). */
  publicOrigin: string;
  /** Local only: the emulator's fixed credentials. In AWS the Lambda role's own. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

export function createS3Client(opts: Pick<S3FileStorageOptions, 'region' | 'endpoint' | 'credentials'>) {
  return new S3Client({
    region: opts.region,
    ...(opts.endpoint ? { endpoint: opts.endpoint, forcePathStyle: true } : {}),
    ...(opts.credentials ? { credentials: opts.credentials } : {}),
  });
}

/**
 * File storage on S3. Uploads are presigned POSTs signed with the function's own credentials: the
 * policy fixes the bucket, the exact key under its prefix, the content type and the size range, and
 * S3 refuses any form that breaks it (so does the local front, which s3rver alone would not).
 */
export class S3FileStorage implements FileStorage {
  constructor(
    private readonly client: S3Client,
    private readonly opts: S3FileStorageOptions,
  ) {}

  async presignUpload(o: Parameters<FileStorage['presignUpload']>[0]): Promise<PresignedUpload> {
    const { url, fields } = await createPresignedPost(this.client, {
      Bucket: this.opts.bucket,
      Key: o.key,
      Fields: { 'Content-Type': o.contentType },
      Conditions: [
        { bucket: this.opts.bucket },
        ['starts-with', '$key', o.keyPrefix],
        ['content-length-range', 1, o.maxBytes],
      ],
      Expires: o.expiresSeconds,
    });
    return { url, fields, key: o.key };
  }

  async read(key: string, maxBytes: number): Promise<StoredObject | null> {
    try {
      const out = await this.client.send(
        new GetObjectCommand({ Bucket: this.opts.bucket, Key: key, Range: `bytes=0-${maxBytes}` }),
      );
      const bytes = out.Body ? await out.Body.transformToByteArray() : new Uint8Array();
      return { bytes, contentType: out.ContentType ?? null };
    } catch (err) {
      if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return null;
      throw err;
    }
  }

  async write(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.opts.bucket,
        Key: key,
        Body: bytes,
        ContentType: contentType,
        // Served under a fresh name each time: browsers and mail readers may keep it long.
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
  }

  publicUrl(key: string): string {
    return `${this.opts.publicOrigin.replace(/\/$/, '')}/${key.split('/').map(encodeURIComponent).join('/')}`;
  }
}

/** Without a bucket (a runtime built without file storage) every use says so instead of failing later. */
export const missingFileStorage: FileStorage = {
  presignUpload: () => Promise.reject(new Error('FILES_BUCKET is not set: uploads are unavailable')),
  read: () => Promise.reject(new Error('FILES_BUCKET is not set: uploads are unavailable')),
  write: () => Promise.reject(new Error('FILES_BUCKET is not set: uploads are unavailable')),
  publicUrl: (key) => `/${key}`,
};
