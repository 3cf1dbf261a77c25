import { describe, expect, it } from 'vitest';
import { routes } from '@reviewroute/shared/routes';
import { checkDoc, checkRepository, claimsOf, repositoryRoot, treeOf, type RouteEntry } from './doc-claims';

describe('README.md and docs/*.md', () => {
  it('name only files, identifiers, routes, scripts and figures that exist', () => {
    const started = performance.now();
    const problems = checkRepository(repositoryRoot, routes);
    expect(problems.map((problem) => `${problem.doc}:${problem.line}: \`${problem.name}\`: ${problem.why}`)).toEqual(
      [],
    );
    // It reads the tree once, as text: it must stay a check anyone runs in passing.
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe('the doc checker', () => {
  const fixtureRoutes: RouteEntry[] = [{ id: 'get-widget', method: 'GET', path: '/api/widgets/{widgetId}' }];
  const source = new Map([
    ['package.json', JSON.stringify({ name: 'fixture', scripts: { build: 'x', start: 'y' } })],
    [
      'app/package.json',
      JSON.stringify({ name: '@fixture/app', scripts: { seed: 'z' }, dependencies: { '@acme/pay': '1' } }),
    ],
    ['app/src/widgets/widget-store.ts', 'export function createWidgetStore() {}\nexport interface WidgetStore {}\n'],
    ['app/src/bench.ts', "console.log(`widget-latency-${count}`);\nconsole.log('widget-throughput');\n"],
    ['.gitignore', '.data/\n'],
  ]);
  const doc = [
    'The widgets live in `app/src/widgets/widget-store.ts` (`createWidgetStore()`, `WidgetStore`),',
    'found from `widgets/widget-store.ts` or `app/src/widgets/`; see [the store](app/src/widgets/widget-store.ts).',
    '`get-widget` (`GET /api/widgets/{id}`) is read by `npm run seed -w app`; `npm start` runs it,',
    'with `@acme/pay` and `@fixture/app`, printing `widget-latency-10` and `widget-throughput`; data in `.data/`.',
    'Not names: `failed`, `WIDGET#{id}`, `UpdateItem SET count = :n`, `exports/{id}/{file}.csv`.',
    '```sh',
    'npm run nothing-checked-in-a-fence `inside`',
    '```',
  ].join('\n');

  it('takes backticked spans and link targets outside fenced blocks', () => {
    const names = claimsOf(doc).map((claim) => claim.name);
    expect(names).toContain('createWidgetStore()');
    expect(names).toContain('app/src/widgets/widget-store.ts');
    expect(names).not.toContain('inside');
  });

  it('passes a doc whose every name exists', () => {
    expect(checkDoc('README.md', doc, treeOf(source, fixtureRoutes))).toEqual([]);
  });

  it.each([
    ['a function', 'createWidgetStore', 'makeWidgetStore', 'createWidgetStore()'],
    ['a type', 'interface WidgetStore', 'interface WidgetRepository', 'WidgetStore'],
    ['a printed figure', 'widget-throughput', 'widget-rate', 'widget-throughput'],
    ['a templated figure', 'widget-latency-$', 'widget-delay-$', 'widget-latency-10'],
  ])('fails when %s the doc names is renamed in the source', (_what, from, to, name) => {
    const renamed = new Map(source);
    renamed.set('app/src/widgets/widget-store.ts', source.get('app/src/widgets/widget-store.ts')!.replace(from, to));
    renamed.set('app/src/bench.ts', source.get('app/src/bench.ts')!.replace(from, to));
    const problems = checkDoc('README.md', doc, treeOf(renamed, fixtureRoutes));
    expect(problems.map((problem) => problem.name)).toEqual([name]);
  });

  it('fails when a file the doc names (and links to) is moved', () => {
    const moved = new Map([...source].map(([path, text]) => [path.replace('widget-store', 'widgets'), text] as const));
    const problems = checkDoc('README.md', doc, treeOf(moved, fixtureRoutes));
    expect(problems.map((problem) => problem.name)).toEqual([
      'app/src/widgets/widget-store.ts',
      'widgets/widget-store.ts',
      'app/src/widgets/widget-store.ts',
    ]);
  });

  it('fails when a route id or a route path is no longer in the route table', () => {
    const renamed: RouteEntry[] = [{ id: 'read-widget', method: 'GET', path: '/api/widget/{widgetId}' }];
    const problems = checkDoc('README.md', doc, treeOf(source, renamed));
    expect(problems.map((problem) => problem.name)).toEqual(['get-widget', 'GET /api/widgets/{id}']);
  });

  it('fails when an npm script or a package is gone', () => {
    const fewer = new Map(source);
    fewer.set('app/package.json', JSON.stringify({ name: '@fixture/app', scripts: {} }));
    const problems = checkDoc('README.md', doc, treeOf(fewer, fixtureRoutes));
    expect(problems.map((problem) => problem.name)).toEqual(['npm run seed -w app', '@acme/pay']);
  });
});
