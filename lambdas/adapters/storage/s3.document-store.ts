import { GetObjectCommand, NoSuchKey, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { DocumentStore } from '../../core/reports/report-schedules.ports';

/**
 * Sent report documents in the files bucket under `report-documents/` (never served at `/files/*`):
 * the bucket's lifecycle rule deletes them after 90 days (infra/constructs/files.construct.ts); locally
 * the same calls go to s3rver behind the S3 front.
 */
export class S3DocumentStore implements DocumentStore {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
  ) {}

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: contentType }),
    );
  }

  async get(key: string): Promise<Uint8Array | null> {
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return out.Body ? await out.Body.transformToByteArray() : null;
    } catch (err) {
      if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return null;
      throw err;
    }
  }
}

/** Without a bucket, every use says so instead of failing later (the send is recorded as failed). */
export const missingDocumentStore: DocumentStore = {
  put: () => Promise.reject(new Error('FILES_BUCKET is not set: report documents cannot be kept')),
  get: () => Promise.reject(new Error('FILES_BUCKET is not set: report documents cannot be kept')),
};
