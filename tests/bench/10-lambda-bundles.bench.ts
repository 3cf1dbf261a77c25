import { execFileSync } from 'node:child_process';

/** Size of each domain's Lambda bundle, built as CDK builds it (cold starts grow with it). */
export async function run(): Promise<void> {
  const output = execFileSync('npx', ['tsx', 'functions/scripts/bundle.ts'], { encoding: 'utf8' });
  for (const line of output.trim().split('\n')) {
    const [domain, size] = line.split(': ');
    console.log(`lambda-bundle-${domain}: ${size}`);
  }
}
