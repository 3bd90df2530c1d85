import { createS3Client } from '../adapters/storage/s3.file-storage';
import type { LambdaConfig } from '../config';

/** s3rver's built-in account (local/s3-front checks uploads signed with it); the Lambda role's own in AWS. */
const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** The files bucket's client: the S3 front locally (s3rver's credentials), the Lambda role's own in AWS. */
export function createFilesS3Client(config: LambdaConfig) {
  return createS3Client({
    region: config.AWS_REGION,
    endpoint: config.S3_ENDPOINT,
    credentials: config.S3_ENDPOINT ? LOCAL_CREDENTIALS : undefined,
  });
}
