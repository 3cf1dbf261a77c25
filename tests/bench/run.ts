// `npm run bench`: prints one figure per line. Later issues add the public page, submit and stats figures.
import { execFileSync } from 'node:child_process';

const output = execFileSync('npx', ['tsx', 'functions/scripts/bundle.ts'], { encoding: 'utf8' });
for (const line of output.trim().split('\n')) {
  const [domain, size] = line.split(': ');
  console.log(`lambda-bundle-${domain}: ${size}`);
}
