// The CDK app (`cdk synth`, `cdk deploy`; see cdk.json). Runs offline: without AWS credentials the stacks
// are synthesized for a placeholder account, so `npm run synth` needs neither an account nor a network.
import { App } from 'aws-cdk-lib';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readFindings } from './nag-report';
import { webDistDir } from './paths';
import { addReviewRouteStacks } from './reviewroute-app';

if (!existsSync(join(webDistDir, 'index.html'))) {
  console.error(`No web build at ${webDistDir}: run \`npm run build -w web\` (npm run synth does it for you).`);
  process.exit(1);
}

const app = new App();
addReviewRouteStacks(app, {
  siteAssetDir: webDistDir,
  env: {
    // The CLI fills these from the credentials in use; offline they are absent, and a placeholder account
    // keeps names and ARNs concrete without pretending to know the real one.
    account: process.env.CDK_DEFAULT_ACCOUNT ?? '000000000000',
    region: process.env.CDK_DEFAULT_REGION ?? process.env.AWS_REGION ?? 'eu-west-1',
  },
});

const assembly = app.synth();

// CDK fails the synth on cdk-nag errors; warnings would only be printed. Any finding that nobody has
// fixed or acknowledged with a reason fails the synth too.
const findings = readFindings(assembly.directory);
if (findings.length > 0) {
  console.error(`${findings.length} unacknowledged validation finding(s):`);
  for (const f of findings) {
    console.error(`  [${f.severity}] ${f.ruleName} (${f.plugin}) at ${f.constructPaths.join(', ')}`);
  }
  process.exitCode = 1;
}
