import * as fs from 'node:fs';
import * as path from 'node:path';

/** The parts of the cloud assembly's validation-report.json the infra tests read. */
interface ValidationReport {
  pluginReports: Array<{
    pluginName: string;
    conclusion: 'success' | 'failure';
    violations: Array<{
      ruleName: string;
      description?: string;
      severity?: string;
      violatingConstructs?: Array<{ constructPath?: string }>;
    }>;
  }>;
}

export interface Finding {
  plugin: string;
  rule: string;
  severity: string;
  path: string;
}

/**
 * Every finding a validation plugin reported and nobody acknowledged, read from the report CDK writes
 * into the cloud assembly. Acknowledged findings are not in the report.
 */
export function unacknowledgedFindings(assemblyDir: string, plugin?: string): Finding[] {
  const file = path.join(assemblyDir, 'validation-report.json');
  // CDK writes the report whenever a plugin ran; no report means nothing was checked.
  if (!fs.existsSync(file)) throw new Error(`No validation report in ${assemblyDir}`);
  const report = JSON.parse(fs.readFileSync(file, 'utf8')) as ValidationReport;
  return report.pluginReports
    .filter((p) => plugin === undefined || p.pluginName === plugin)
    .flatMap((p) =>
      p.violations.flatMap((v) => {
        // An unknown report layout must fail the tests, not read as "no findings".
        if (!Array.isArray(v.violatingConstructs)) {
          throw new Error(`Unexpected validation report layout for ${v.ruleName}: no violatingConstructs`);
        }
        return v.violatingConstructs.map((c) => ({
          plugin: p.pluginName,
          rule: v.ruleName,
          severity: v.severity ?? 'unknown',
          path: c.constructPath ?? '?',
        }));
      }),
    );
}

/** One line per finding, for a failure message that says what to fix or acknowledge. */
export function describeFindings(findings: readonly Finding[]): string {
  return findings.map((f) => `${f.rule} (${f.severity}) at ${f.path}`).join('\n');
}
