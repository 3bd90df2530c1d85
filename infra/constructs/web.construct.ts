import * as fs from 'node:fs';
import * as path from 'node:path';
import { Aws, DefaultStackSynthesizer, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { CloudFrontWebAcl } from './waf.construct';
import type { RuntimeConfig } from '../../shared/runtime-config';
import { FRAME_OPTIONS, HSTS, REFERRER_POLICY, contentSecurityPolicy } from '../../shared/security-headers';
import {
  CACHE_CONTROL,
  HASHED_ASSETS_PREFIX,
  HASHED_ASSET_MAX_AGE_SECONDS,
  LANDING_DOCUMENT,
  SPA_FALLBACK_FUNCTION,
  SPA_SHELL_FILE,
} from '../../shared/web-serving';

/** A value of a CDK string enum, checked: the shared definition must name one CloudFront knows. */
function enumValue<T extends string>(values: Record<string, T>, value: string): T {
  const found = Object.values(values).find((v) => v === value);
  if (!found) throw new Error(`CloudFront has no header value ${value}`);
  return found;
}

export interface WebConstructProps {
  /** Folder of the built SPA (web/dist): index.html (the landing page), app.html (the shell), hashed files under assets/. */
  readonly assetPath: string;
  /** Domain name of the HTTP API, the origin of /api/*. */
  readonly apiDomainName: string;
  readonly userPoolId: string;
  readonly userPoolClientId: string;
  /** Amazon Location's map style for the SPA's maps (config.json `mapStyleUrl`); absent: offline outlines. */
  readonly mapStyleUrl?: string;
  /** The files bucket (files.construct.ts): its `files/` prefix is served at `/files/*`. */
  readonly filesBucket?: s3.IBucket;
}

/**
 * The SPA on a private S3 bucket behind CloudFront (origin access control), `/api/*` routed to the HTTP
 * API on the same origin (ADR 0002), security headers on every response, and the runtime config.json the
 * SPA reads at start-up.
 */
export class WebConstruct extends Construct {
  readonly distribution: cloudfront.Distribution;
  readonly siteBucket: s3.Bucket;
  /** `https://<id>.cloudfront.net` */
  readonly url: string;

  constructor(scope: Construct, id: string, props: WebConstructProps) {
    super(scope, id);

    for (const file of [LANDING_DOCUMENT, SPA_SHELL_FILE]) {
      if (!fs.existsSync(path.join(props.assetPath, file))) {
        throw new Error(`No ${file} in ${props.assetPath}: build the SPA first (npm run build:web)`);
      }
    }

    const logBucket = new s3.Bucket(this, 'LogBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront standard logs are delivered with ACLs, which need object-writer ownership.
      objectOwnership: s3.ObjectOwnership.OBJECT_WRITER,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(logBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        'This bucket receives the access logs of the site bucket and CloudFront; logging it into itself ' +
        'would log its own log deliveries.',
    });

    this.siteBucket = new s3.Bucket(this, 'SiteBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: logBucket,
      serverAccessLogsPrefix: 's3-site/',
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // shared/security-headers.ts is the one definition; the local server sends the same headers.
    const securityHeaders = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Raincheck: CSP, HSTS and friends on every response',
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(Aws.REGION), override: true },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.seconds(HSTS.maxAgeSeconds),
          includeSubdomains: HSTS.includeSubdomains,
          override: true,
        },
        // X-Content-Type-Options: nosniff (CONTENT_TYPE_OPTIONS), the only value CloudFront sends.
        contentTypeOptions: { override: true },
        frameOptions: {
          frameOption: enumValue(cloudfront.HeadersFrameOption, FRAME_OPTIONS),
          override: true,
        },
        referrerPolicy: {
          referrerPolicy: enumValue(cloudfront.HeadersReferrerPolicy, REFERRER_POLICY),
          override: true,
        },
      },
    });

    // shared/web-serving.ts: / is the prerendered landing page, other client-side routes the app shell.
    const spaRewrite = new cloudfront.Function(this, 'SpaRewrite', {
      comment: `Serves ${LANDING_DOCUMENT} for / and ${SPA_SHELL_FILE} for client-side routes`,
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(SPA_FALLBACK_FUNCTION),
    });

    // Hashed files never change under their name: kept a year at the edge (the browser is told the
    // same by the objects' Cache-Control), one copy per encoding.
    const hashedAssetsCache = new cloudfront.CachePolicy(this, 'HashedAssetsCache', {
      comment: 'Raincheck: hashed build output, a year, brotli and gzip',
      minTtl: Duration.seconds(HASHED_ASSET_MAX_AGE_SECONDS),
      defaultTtl: Duration.seconds(HASHED_ASSET_MAX_AGE_SECONDS),
      maxTtl: Duration.seconds(HASHED_ASSET_MAX_AGE_SECONDS),
      enableAcceptEncodingBrotli: true,
      enableAcceptEncodingGzip: true,
    });
    // HTML, config.json and other unhashed files: the objects say no-cache, so the edge revalidates
    // with S3 on every request (a deploy shows at once) and still serves them compressed.
    const documentsCache = new cloudfront.CachePolicy(this, 'DocumentsCache', {
      comment: 'Raincheck: HTML and config.json, revalidated on every request, brotli and gzip',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.days(1),
      enableAcceptEncodingBrotli: true,
      enableAcceptEncodingGzip: true,
    });
    const siteOrigin = origins.S3BucketOrigin.withOriginAccessControl(this.siteBucket);

    // AWS WAF in front of everything, /api/* included (an HTTP API cannot take a web ACL itself).
    const waf = new CloudFrontWebAcl(this, 'Waf');
    /** The HTTP API behind `/api/*` and `/v1/*`: never cached, every method. */
    const apiBehavior: cloudfront.BehaviorOptions = {
      origin: new origins.HttpOrigin(props.apiDomainName, {
        protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
        originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
      }),
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      // Every viewer header (Authorization included) except Host, which API Gateway needs as its own.
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: securityHeaders,
      // `compress` stays at its default (on), but CloudFront compresses only through a cache policy
      // that keys on Accept-Encoding, which a caching-disabled one cannot: the API Lambdas compress
      // their own answers instead (lambdas/http/compress-responses.ts), and CloudFront passes them on.
    };
    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Raincheck',
      webAclId: waf.webAclArn,
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: siteOrigin,
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: documentsCache,
        responseHeadersPolicy: securityHeaders,
        compress: true,
        functionAssociations: [
          { function: spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
        ],
      },
      additionalBehaviors: {
        [`${HASHED_ASSETS_PREFIX}*`]: {
          origin: siteOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: hashedAssetsCache,
          responseHeadersPolicy: securityHeaders,
          compress: true,
        },
        '/api/*': apiBehavior,
        // The public API (issue 23): the same origin and policies; its Lambda checks the API key.
        '/v1/*': apiBehavior,
        // Logos (issue 24): objects under files/ of the files bucket, each under a fresh name, so cached
        // as S3 says (a year); uploads/ is never reachable, as no behavior maps to it.
        ...(props.filesBucket
          ? {
              '/files/*': {
                origin: origins.S3BucketOrigin.withOriginAccessControl(props.filesBucket, {
                  originAccessLevels: [cloudfront.AccessLevel.READ],
                }),
                viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
                allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
                cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
                responseHeadersPolicy: securityHeaders,
                compress: true,
              },
            }
          : {}),
      },
    });
    this.url = `https://${this.distribution.distributionDomainName}`;

    const distribution = Validations.of(this.distribution);
    distribution.acknowledge({
      id: 'AwsSolutions-CFR1',
      reason:
        'Contractors and crews may work and travel anywhere; the product sells to no restricted market.',
    });
    distribution.acknowledge({
      id: 'AwsSolutions-CFR4',
      reason:
        'The distribution uses the default *.cloudfront.net certificate, with which CloudFront cannot raise ' +
        'the minimum TLS version; set minimumProtocolVersion TLSv1.2_2021 when a custom domain and its ACM ' +
        'certificate are attached.',
    });

    this.deploySite(props);
  }

  /**
   * Two uploads so caching can differ (shared/web-serving.ts, which the local server follows too): hashed
   * files under assets/ are immutable and kept across deploys (an open tab may still load an older chunk);
   * the documents (index.html, app.html, config.json, public files) are revalidated on every load so a
   * deploy shows at once without an invalidation.
   */
  private deploySite(props: WebConstructProps): void {
    const runtimeConfig: RuntimeConfig = {
      stage: 'aws',
      region: Aws.REGION,
      userPoolId: props.userPoolId,
      userPoolClientId: props.userPoolClientId,
      authFlow: 'USER_SRP_AUTH',
      // Same origin: CloudFront routes /api/* to the HTTP API.
      apiOrigin: '',
      ...(props.mapStyleUrl ? { mapStyleUrl: props.mapStyleUrl } : {}),
    };

    const hashedDir = path.join(props.assetPath, 'assets');
    const hashed = fs.existsSync(hashedDir)
      ? new s3deploy.BucketDeployment(this, 'DeployHashedAssets', {
          sources: [s3deploy.Source.asset(hashedDir)],
          destinationBucket: this.siteBucket,
          destinationKeyPrefix: 'assets/',
          prune: false,
          cacheControl: [s3deploy.CacheControl.fromString(CACHE_CONTROL.hashedAsset)],
          memoryLimit: 512,
        })
      : undefined;

    const shell = new s3deploy.BucketDeployment(this, 'DeployShell', {
      sources: [
        s3deploy.Source.asset(props.assetPath, { exclude: ['assets', 'assets/**'] }),
        s3deploy.Source.jsonData('config.json', runtimeConfig),
      ],
      destinationBucket: this.siteBucket,
      // Leaves assets/ alone when pruning files the new build no longer has.
      exclude: ['assets/*'],
      cacheControl: [s3deploy.CacheControl.fromString(CACHE_CONTROL.document)],
      memoryLimit: 512,
    });
    if (hashed) shell.node.addDependency(hashed);

    this.acknowledgeDeploymentHandler();
  }

  /**
   * BucketDeployment copies the files with a Lambda provided by aws-cdk-lib: one per stack (and memory
   * size), created beside the stack's other resources rather than inside this construct. It runs at
   * deploy time only; every finding below concerns code and permissions aws-cdk-lib defines.
   */
  private acknowledgeDeploymentHandler(): void {
    const stack = Stack.of(this);
    const handler = stack.node.children.find((child) =>
      child.node.id.startsWith('Custom::CDKBucketDeployment'),
    );
    if (!handler) throw new Error('BucketDeployment handler not found: has aws-cdk-lib changed its layout?');
    const nag = Validations.of(handler);
    nag.acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      reason: 'Role of the BucketDeployment handler as aws-cdk-lib defines it: it only writes its own logs.',
    });
    nag.acknowledge({
      id: 'AwsSolutions-L1',
      reason: 'The BucketDeployment handler runs on the Python runtime aws-cdk-lib bundles it for.',
    });
    // It reads the SPA's asset zip from the CDK bootstrap bucket and syncs it into the site bucket.
    const siteBucketArn = `<${stack.getLogicalId(this.siteBucket.node.defaultChild as s3.CfnBucket)}.Arn>`;
    const assetBucket = `arn:<AWS::Partition>:s3:::cdk-${DefaultStackSynthesizer.DEFAULT_QUALIFIER}-assets-<AWS::AccountId>-<AWS::Region>`;
    const wildcards: Array<[string, string]> = [
      ['Action::s3:GetBucket*', 'reads the bucket metadata of the asset and site buckets'],
      ['Action::s3:GetObject*', 'reads the asset zip (and existing site objects while syncing)'],
      ['Action::s3:List*', 'lists the site bucket to sync and prune'],
      ['Action::s3:Abort*', 'aborts its own failed multipart uploads into the site bucket'],
      ['Action::s3:DeleteObject*', 'prunes files of an older build from the site bucket'],
      [`Resource::${assetBucket}/*`, 'the asset zip is one of the objects of the CDK bootstrap bucket'],
      [`Resource::${siteBucketArn}/*`, 'syncs every object of the site bucket, and only of it'],
    ];
    for (const [finding, why] of wildcards) {
      nag.acknowledge({
        id: `AwsSolutions-IAM5[${finding}]`,
        reason: `BucketDeployment handler (aws-cdk-lib grants, deploy time only): ${why}.`,
      });
    }
  }
}
