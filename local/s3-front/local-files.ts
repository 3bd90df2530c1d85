import { freePorts } from '../processes';
import { serveFiles } from './serve-files';
import { startStorageEmulator } from './storage-emulator';

/** The local bucket of uploads and served files (issue 24 item 5), and where the app's origin exposes it. */
export const LOCAL_FILES_BUCKET = 'raincheck-files-local';
export const S3_MOUNT = '/__s3';

/**
 * File storage on the local stack: s3rver on loopback behind the front that checks upload policies,
 * exposed on the app's origin at /__s3 (uploads) and /files/* (served files, as CloudFront does).
 */
export async function startLocalFiles(opts: { region: string; dataDir: string | null }) {
  const storage = await startStorageEmulator({
    port: (await freePorts(1))[0]!,
    bucket: LOCAL_FILES_BUCKET,
    region: opts.region,
    mountPath: S3_MOUNT,
    dataDir: opts.dataDir,
  });
  return {
    stop: () => storage.stop(),
    /** The app's routes to the storage front and the served files. */
    apps: [
      { paths: [S3_MOUNT, `${S3_MOUNT}/*`], fetch: storage.front.fetch },
      { paths: ['/files/*'], fetch: serveFiles(storage.upstream, LOCAL_FILES_BUCKET) },
    ],
  };
}
