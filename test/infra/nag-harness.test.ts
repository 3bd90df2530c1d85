import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { App, Stack, Validations } from 'aws-cdk-lib';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { AwsSolutionsChecks } from 'cdk-nag';
import { unacknowledgedFindings } from './support/validation-report';

// The cdk-nag test passes when the report lists nothing, so this proves the report is read at all: a
// queue without DLQ, encryption or TLS is reported, and the same queue acknowledged is not.
describe('validation report reading', () => {
  const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'raincheck-nag-'));
  let assemblyDir: string;

  beforeAll(() => {
    const app = new App({ outdir, context: { '@aws-cdk/core:failSynthOnValidationErrors': false } });
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    const stack = new Stack(app, 'NagHarness');
    new sqs.Queue(stack, 'Careless', { encryption: sqs.QueueEncryption.UNENCRYPTED });
    const excused = new sqs.Queue(stack, 'Excused', { encryption: sqs.QueueEncryption.UNENCRYPTED });
    for (const id of ['AwsSolutions-SQS2', 'AwsSolutions-SQS3', 'AwsSolutions-SQS4']) {
      Validations.of(excused).acknowledge({ id, reason: 'test double' });
    }
    assemblyDir = app.synth().directory;
  });

  afterAll(() => fs.rmSync(outdir, { recursive: true, force: true }));

  it('should list a new finding when a resource breaks a rule without acknowledgement', () => {
    const findings = unacknowledgedFindings(assemblyDir, 'AwsSolutions');

    expect(findings.map((f) => f.rule)).toEqual(
      expect.arrayContaining(['AwsSolutions-SQS2', 'AwsSolutions-SQS3', 'AwsSolutions-SQS4']),
    );
    expect(findings.every((f) => f.path.startsWith('NagHarness/Careless'))).toBe(true);
  });
});
