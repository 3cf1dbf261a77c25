import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One violation left in CDK's validation report after acknowledgements were applied. */
export interface Finding {
  readonly plugin: string;
  readonly ruleName: string;
  readonly severity: string;
  readonly description: string;
  readonly constructPaths: string[];
}

interface ReportJson {
  pluginReports?: {
    pluginName?: string;
    violations?: {
      ruleName?: string;
      severity?: string;
      description?: string;
      violatingConstructs?: { constructPath?: string }[];
    }[];
  }[];
}

/** The validation report CDK writes into the assembly directory (`validation-report.json`). */
export const validationReportFile = (assemblyDir: string): string => join(assemblyDir, 'validation-report.json');

/** Unacknowledged findings of any severity (error and warning alike) from one plugin, or all plugins. */
export function readFindings(assemblyDir: string, pluginName?: string): Finding[] {
  const file = validationReportFile(assemblyDir);
  if (!existsSync(file)) return [];
  const report = JSON.parse(readFileSync(file, 'utf8')) as ReportJson;
  const findings: Finding[] = [];
  for (const pluginReport of report.pluginReports ?? []) {
    const plugin = pluginReport.pluginName ?? 'unknown';
    if (pluginName && plugin !== pluginName) continue;
    for (const v of pluginReport.violations ?? []) {
      findings.push({
        plugin,
        ruleName: v.ruleName ?? 'unknown',
        severity: v.severity ?? 'unknown',
        description: v.description ?? '',
        constructPaths: (v.violatingConstructs ?? []).map((c) => c.constructPath ?? '?'),
      });
    }
  }
  return findings;
}
