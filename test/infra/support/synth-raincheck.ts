import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import type { CfnElement } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { createRaincheckApp } from '../../../infra/raincheck.app';
import { madeForTheseTests } from '../../support/during-tests';
import type { RaincheckStack } from '../../../infra/raincheck.stack';

export const PROJECT_ROOT = path.resolve(__dirname, '../../..');

export interface RaincheckSynthesis {
  stack: RaincheckStack;
  template: Template;
  assemblyDir: string;
  /** Removes the temporary SPA stand-in and cloud assembly. */
  cleanup: () => void;
}

/**
 * Synthesizes the real app (the real Lambda entries, bundled by esbuild, and cdk.json's context: feature
 * flags and settings, as `cdk synth` sees them) against a tiny stand-in for the SPA build, so the tests
 * need no Vite build. Validation findings do not throw here: the tests read and assert them.
 */
export function synthRaincheck(): RaincheckSynthesis {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'raincheck-infra-'));
  const webAssetPath = path.join(tmp, 'web');
  fs.mkdirSync(path.join(webAssetPath, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(webAssetPath, 'index.html'), '<!doctype html><title>Raincheck</title>\n');
  fs.writeFileSync(path.join(webAssetPath, 'app.html'), '<!doctype html><title>Raincheck</title>\n');
  fs.writeFileSync(path.join(webAssetPath, 'assets', 'index-abc123.js'), 'console.log("raincheck");\n');

  const cdkJson = JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'cdk.json'), 'utf8')) as {
    context: Record<string, unknown>;
  };
  const { app, stack } = createRaincheckApp({
    projectRoot: PROJECT_ROOT,
    webAssetPath,
    outdir: path.join(tmp, 'cdk.out'),
    context: { ...cdkJson.context, '@aws-cdk/core:failSynthOnValidationErrors': false },
  });
  const assembly = app.synth();
  return {
    stack,
    template: Template.fromStack(stack),
    assemblyDir: assembly.directory,
    cleanup: () => fs.rmSync(tmp, { recursive: true, force: true }),
  };
}

/**
 * One synthesis for the tests of the calling file: made before the first test (bundling every Lambda
 * takes minutes on a small machine), removed after the last. Read its parts inside tests and hooks.
 */
export function synthesisForTheseTests(
  timeoutMs = 600_000,
): RaincheckSynthesis & { logicalId: (construct: IConstruct) => string } {
  const synthesis = madeForTheseTests(synthRaincheck, (made) => made.cleanup(), timeoutMs);
  return {
    get stack() {
      return synthesis().stack;
    },
    get template() {
      return synthesis().template;
    },
    get assemblyDir() {
      return synthesis().assemblyDir;
    },
    cleanup: () => synthesis().cleanup(),
    logicalId: (construct) => synthesis().stack.getLogicalId(construct.node.defaultChild as CfnElement),
  };
}
