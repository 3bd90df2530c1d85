import * as path from 'node:path';
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import {
  aliasWithout,
  type FirstUsePackage,
  firstUseBundleCommand,
  LAMBDA_BUNDLING,
  LAMBDA_NODE_OPTIONS,
} from '../bundling/lambda-bundling';

export interface RaincheckFunctionProps {
  /** Absolute path of the entry file (it exports `handler`). */
  readonly entry: string;
  /** Root of the repository: esbuild resolves packages from here and reads the lock file. */
  readonly projectRoot: string;
  /** Short name used in descriptions and as Powertools' service name, e.g. `api`. */
  readonly name: string;
  readonly environment: Readonly<Record<string, string>>;
  /** Folders copied beside the bundle (`from` relative to the repository root). */
  readonly assets?: readonly { readonly from: string; readonly to: string }[];
  /** Packages bundled apart, beside the bundle, and required on first use (FIRST_USE_PACKAGES). */
  readonly firstUsePackages?: readonly FirstUsePackage[];
  /** @default 512 */
  readonly memorySize?: number;
  /** @default 10 seconds (API Gateway gives up after 30 s anyway) */
  readonly timeout?: Duration;
  /** Node flags of this function beside LAMBDA_NODE_OPTIONS (LambdaEntry.nodeOptions). */
  readonly nodeOptions?: string;
}

/** Node.js version of every Raincheck Lambda; esbuild targets the same version. */
export const LAMBDA_RUNTIME = lambda.Runtime.NODEJS_22_X;

/**
 * Every Lambda of Raincheck gets the same defaults from here: Node.js 22 on ARM, esbuild bundling on this
 * machine (never Docker), source maps read on the first stack trace (ADR 0014), X-Ray, a log group with a retention, and its own role without AWS
 * managed policies. Permissions are granted by the caller, one resource at a time, on `fn`.
 */
export class RaincheckFunction extends Construct {
  readonly fn: NodejsFunction;
  readonly role: iam.Role;

  constructor(scope: Construct, id: string, props: RaincheckFunctionProps) {
    super(scope, id);

    const logGroup = new logs.LogGroup(this, 'Logs', {
      retention: logs.RetentionDays.ONE_MONTH,
      // Logs are diagnostics, not records: they go with the stack. Ledger data lives in DynamoDB.
      removalPolicy: RemovalPolicy.DESTROY,
    });
    // Our own role instead of the default one, which carries the AWS managed AWSLambdaBasicExecutionRole
    // (log writes to every log group of the account).
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Raincheck ${props.name} function`,
    });
    logGroup.grantWrite(this.role);

    const firstUse = props.firstUsePackages ?? [];
    const afterBundling: ((inputDir: string, outputDir: string) => string)[] = [
      ...(props.assets ?? []).map(
        (a) => (inputDir: string, outputDir: string) =>
          `cp -r "${path.join(inputDir, a.from)}" "${path.join(outputDir, a.to)}"`,
      ),
      ...firstUse.map(
        (pkg) => (inputDir: string, outputDir: string) => firstUseBundleCommand(pkg, inputDir, outputDir),
      ),
    ];
    const nodeOptions = [LAMBDA_NODE_OPTIONS, props.nodeOptions ?? ''].filter(Boolean).join(' ');
    this.fn = new NodejsFunction(this, 'Function', {
      entry: props.entry,
      handler: 'handler',
      projectRoot: props.projectRoot,
      depsLockFilePath: path.join(props.projectRoot, 'package-lock.json'),
      description: `Raincheck ${props.name}`,
      runtime: LAMBDA_RUNTIME,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      tracing: lambda.Tracing.ACTIVE,
      logGroup,
      role: this.role,
      environment: {
        ...props.environment,
        ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}),
        POWERTOOLS_SERVICE_NAME: `raincheck-${props.name}`,
      },
      // One declaration of the bundling, shared with the bundle-size test and the bench.
      bundling: {
        forceDockerBundling: false,
        format: LAMBDA_BUNDLING.format as OutputFormat,
        target: LAMBDA_BUNDLING.target,
        minify: LAMBDA_BUNDLING.minify,
        sourceMap: LAMBDA_BUNDLING.sourceMap,
        sourcesContent: LAMBDA_BUNDLING.sourcesContent,
        externalModules: [...LAMBDA_BUNDLING.externalModules, ...firstUse],
        inject: [...LAMBDA_BUNDLING.inject],
        esbuildArgs: Object.fromEntries(
          Object.entries(aliasWithout(firstUse)).map(([from, to]) => [`--alias:${from}`, to]),
        ),
        // Files the code reads from disk (the reports Lambda's fonts), copied beside the bundle, and the
        // first-use packages' own bundles, built beside it.
        ...(afterBundling.length
          ? {
              commandHooks: {
                beforeBundling: () => [],
                beforeInstall: () => [],
                afterBundling: (inputDir: string, outputDir: string) =>
                  afterBundling.map((command) => command(inputDir, outputDir)),
              },
            }
          : {}),
      },
    });

    Validations.of(this.fn).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'Node.js 22 is the runtime chosen for every Raincheck Lambda (supported by AWS into 2027); runtime ' +
        'upgrades are deliberate, made once in LAMBDA_RUNTIME for all functions together with the esbuild target.',
    });
    Validations.of(this.role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'Active X-Ray tracing needs xray:PutTraceSegments and xray:PutTelemetryRecords, which have no ' +
        'resource-level permissions; every other statement of this role names its resources.',
    });
  }

  addEnvironment(key: string, value: string): void {
    this.fn.addEnvironment(key, value);
  }
}
