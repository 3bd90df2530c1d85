import { DynamoBrandStore } from '../adapters/dynamo/brand.repo';
import { S3FileStorage, missingFileStorage } from '../adapters/storage/s3.file-storage';
import { createFilesS3Client } from './files-s3.client';
import type { AccountRepo } from '../core/account/account.ports';
import { brandLookup, type BrandDeps } from '../core/brand/brand';
import type { DataRoot } from './data.root';

/**
 * White-labelling and file storage (issue 24 items 4–5): the brand item, the bucket, and the lookup
 * every worker-facing message and page asks for the account's brand.
 */
export function createBrandRoot(data: DataRoot, opts: { accounts: AccountRepo }) {
  const { config } = data;
  const publicOrigin = (config.APP_ORIGIN ?? '').replace(/\/$/, '');
  const storage = config.FILES_BUCKET
    ? new S3FileStorage(createFilesS3Client(config), {
        bucket: config.FILES_BUCKET,
        region: config.AWS_REGION,
        endpoint: config.S3_ENDPOINT,
        publicOrigin,
      })
    : missingFileStorage;
  const brands = new DynamoBrandStore(data.db);
  const deps: BrandDeps = { brands, storage, accounts: opts.accounts, clock: data.clock, ids: data.ids };
  return { deps, lookup: brandLookup({ brands, storage, accounts: opts.accounts }) };
}

export type BrandRoot = ReturnType<typeof createBrandRoot>;
