import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { PUBLIC_FILES_PREFIX, UPLOAD_PREFIX } from '../../shared/brand';
import { DOCUMENT_RETENTION_DAYS, REPORT_DOCUMENTS_PREFIX } from '../../shared/report-schedules';

/**
 * File storage (issue 24 item 5): one private bucket. Browsers upload into `uploads/` through
 * presigned POSTs the API signs (the policy holds type, size and key); the API checks an upload and
 * copies it under `files/`, which CloudFront serves at `/files/*` (web.construct.ts) through origin
 * access control. Uploads nobody adopted expire after a day. Scheduled reports' documents are kept
 * under `report-documents/` (never served by CloudFront) for 90 days.
 */
export class FilesConstruct extends Construct {
  readonly bucket: s3.Bucket;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const logBucket = new s3.Bucket(this, 'AccessLogs', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(logBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        'This bucket receives the files bucket’s access logs; logging it into itself would log its own deliveries.',
    });
    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: logBucket,
      serverAccessLogsPrefix: 's3-files/',
      lifecycleRules: [
        { prefix: UPLOAD_PREFIX, expiration: Duration.days(1) },
        { prefix: REPORT_DOCUMENTS_PREFIX, expiration: Duration.days(DOCUMENT_RETENTION_DAYS) },
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
      // The browser posts the form cross-origin (app origin → bucket endpoint); reading is via CloudFront.
      cors: [
        { allowedMethods: [s3.HttpMethods.POST], allowedOrigins: ['*'], allowedHeaders: ['*'], maxAge: 3000 },
      ],
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }

  /**
   * What the API needs: a presigned POST is signed with the function's own credentials, so it may put
   * into `uploads/`; it reads an upload to check it and writes the checked copy under `files/`.
   */
  grantUploads(grantee: iam.IGrantable): void {
    grantee.grantPrincipal.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['s3:PutObject'],
        resources: [
          this.bucket.arnForObjects(`${UPLOAD_PREFIX}*`),
          this.bucket.arnForObjects(`${PUBLIC_FILES_PREFIX}*`),
        ],
      }),
    );
    grantee.grantPrincipal.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['s3:GetObject'],
        resources: [this.bucket.arnForObjects(`${UPLOAD_PREFIX}*`)],
      }),
    );
  }

  /** The reports Lambda: writes each scheduled report's document and reads it back for downloads. */
  grantReportDocuments(grantee: iam.IGrantable): void {
    grantee.grantPrincipal.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['s3:PutObject', 's3:GetObject'],
        resources: [this.bucket.arnForObjects(`${REPORT_DOCUMENTS_PREFIX}*`)],
      }),
    );
  }
}
