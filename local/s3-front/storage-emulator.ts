import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { PUBLIC_FILES_PREFIX, UPLOAD_PREFIX } from '../../shared/brand';
import { REPORT_DOCUMENTS_PREFIX } from '../../shared/report-schedules';
import { createS3Front } from './s3-front';

/** s3rver's built-in account: the local S3 client signs with it, and the front checks POSTs with it. */
export const LOCAL_S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** Browsers upload from the app's origin; S3 needs the same rule on the real bucket (infra). */
const CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

export interface StorageEmulator {
  /** s3rver itself, on loopback (the app's `/files/*` reads from it). */
  upstream: string;
  front: ReturnType<typeof createS3Front>;
  stop: () => Promise<void>;
}

/** Starts s3rver on a loopback port with the bucket made, and the checking front before it. */
export async function startStorageEmulator(opts: {
  port: number;
  bucket: string;
  region: string;
  mountPath?: string;
  dataDir?: string | null;
}): Promise<StorageEmulator> {
  const directory = opts.dataDir
    ? path.join(opts.dataDir, 's3')
    : fs.mkdtempSync(path.join(os.tmpdir(), 'raincheck-s3-'));
  fs.mkdirSync(directory, { recursive: true });
  const server = new S3rver({
    address: '127.0.0.1',
    port: opts.port,
    silent: true,
    directory,
    // Requests reach s3rver through the front under another host and path: its own (partial) V4
    // check would fail them. The front checks what S3 checks on uploads.
    allowMismatchedSignatures: true,
    configureBuckets: [{ name: opts.bucket, configs: [CORS] }],
  });
  await server.run();
  const upstream = `http://127.0.0.1:${opts.port}`;
  return {
    upstream,
    front: createS3Front({
      upstream,
      mountPath: opts.mountPath,
      region: opts.region,
      bucket: opts.bucket,
      // As the Lambda roles' policies (lambda-entries.ts): put into uploads/ and files/, read uploads/;
      // the reports Lambda reads and writes its sent documents under report-documents/.
      access: {
        PUT: [UPLOAD_PREFIX, PUBLIC_FILES_PREFIX, REPORT_DOCUMENTS_PREFIX],
        GET: [UPLOAD_PREFIX, REPORT_DOCUMENTS_PREFIX],
        HEAD: [UPLOAD_PREFIX, REPORT_DOCUMENTS_PREFIX],
      },
      secrets: { [LOCAL_S3_CREDENTIALS.accessKeyId]: LOCAL_S3_CREDENTIALS.secretAccessKey },
    }),
    stop: async () => {
      await server.close();
      if (!opts.dataDir) fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
