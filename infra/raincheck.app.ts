import { App, Tags, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { RaincheckStack } from './raincheck.stack';
import { readSettings } from './settings';

export const STACK_NAME = 'RaincheckStack';

export interface RaincheckAppOptions {
  readonly projectRoot: string;
  readonly webAssetPath: string;
  /** Extra context (tests); cdk.json and `-c` values arrive through the environment as usual. */
  readonly context?: Record<string, unknown>;
  readonly outdir?: string;
}

/**
 * The CDK app with its one stack and the cdk-nag AwsSolutions rules. Shared by `infra/app.ts` and the infra
 * tests, so both check the same thing: synthesis fails on any finding that is not acknowledged, with a
 * reason, next to the resource it concerns.
 */
export function createRaincheckApp(options: RaincheckAppOptions): { app: App; stack: RaincheckStack } {
  const app = new App({ context: options.context, outdir: options.outdir });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));

  const stack = new RaincheckStack(app, STACK_NAME, {
    projectRoot: options.projectRoot,
    webAssetPath: options.webAssetPath,
    settings: readSettings(app.node),
  });
  Tags.of(stack).add('project', 'raincheck');
  return { app, stack };
}
