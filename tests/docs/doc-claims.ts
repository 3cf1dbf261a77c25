/**
 * The docs' names, checked against the tree. README.md and docs/*.md name files, functions, types, route ids,
 * npm scripts, bench figures and settings in backticks; each such name is a claim that the thing exists. This
 * reads no prose: it takes every backticked span (outside fenced blocks) and every relative link target, sorts
 * the ones shaped like a name (a path, an identifier, a kebab-case id, an npm command, `METHOD /api/…`) and
 * looks them up in the tree: paths among the files git lists, identifiers and ids among the words of the
 * source files (the docs themselves excluded, so a doc cannot vouch for itself), routes in the route table,
 * scripts in the package.json files. What is not shaped like a name (DynamoDB keys and expressions, values,
 * commands of other tools) is passed over; intentional names that are not ours (AWS API names, S3 prefixes)
 * are listed in `allowedNames`.
 *
 * `npx vitest run --project unit tests/docs` runs it (`doc-claims.test.ts`); `npx tsx tests/docs/doc-claims.ts`
 * prints what it finds.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface RouteEntry {
  readonly id: string;
  readonly method: string;
  readonly path: string;
}

/** What the docs are checked against: built once from the file texts. */
export interface Tree {
  /** Every file, repository-relative with `/`. */
  readonly files: ReadonlySet<string>;
  /** Every folder that holds a file, with a trailing `/`. */
  readonly dirs: ReadonlySet<string>;
  /** Every word (identifier, kebab-case id) of the source files: not Markdown. */
  readonly words: ReadonlySet<string>;
  /** The source files' texts joined, for a template name's literal part. */
  readonly text: string;
  readonly routes: readonly RouteEntry[];
  /** Script names by workspace folder ('' for the root). */
  readonly scripts: ReadonlyMap<string, ReadonlySet<string>>;
  /** Every package name: the workspaces' own and every dependency they declare. */
  readonly packages: ReadonlySet<string>;
  /** The entries of the root .gitignore: what the tools make at run time. */
  readonly ignored: readonly string[];
}

export interface Problem {
  readonly doc: string;
  readonly line: number;
  readonly name: string;
  readonly why: string;
}

/**
 * Names in the docs that are not ours to find in the tree: AWS API and CloudFormation names, DynamoDB
 * keywords, S3 key prefixes and secret names, values of other systems. Adding a word here is saying "this is
 * not a name of the code"; a name of the code that went missing belongs fixed in the doc instead.
 */
export const allowedNames: ReadonlySet<string> = new Set([
  // DynamoDB, S3, Cognito, SES, Secrets Manager API and attribute names
  'GetItem',
  'PutItem',
  'UpdateItem',
  'DeleteItem',
  'BatchGetItem',
  'BatchWriteItem',
  'TransactWriteItems',
  'ConditionCheck',
  'Query',
  'ScanIndexForward',
  'DescribeStream',
  'GetShardIterator',
  'GetRecords',
  'ADD',
  'SET',
  'REMOVE',
  'list_append',
  'if_not_exists',
  'attribute_not_exists',
  'UploadPart',
  'ListUsers',
  'AdminGetUser',
  'AdminInitiateAuth',
  'AdminRespondToAuthChallenge',
  'AdminSetUserMFAPreference',
  'AdminUpdateUserAttributes',
  'SetUserMFAPreference',
  'UpdateUserAttributes',
  'DeleteUser',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'PostConfirmation_ConfirmForgotPassword',
  'UserCreateDate',
  'SendEmail',
  'Headers',
  'CDK_DEFAULT_ACCOUNT',
  'CDK_DEFAULT_REGION',
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'ADMIN_USER_PASSWORD_AUTH',
  'USER_PASSWORD_AUTH',
  'NODE_OPTIONS',
  'AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER',
  'auth_time',
  'cognito:username',
  // S3 key prefixes of the assets bucket (not folders of the repository)
  'incoming/',
  'files/',
  // The stacks' names as `cdk deploy` shows them
  'Gateway',
  'Storage',
  'Web',
  'Api',
  'Auth',
  'Data',
  'Edge',
  // electrodb's own attributes on every item
  '__edb_e__',
  '__edb_v__',
  'DeleteObjects',
  'CreateMultipartUpload',
  'CompleteMultipartUpload',
  // the browser's runtime config, served at /config.json (no such file in the tree)
  'config.json',
  // the backfill's cursor file, written where it runs
  '.inbox-backfill-cursor.json',
  // states, not paths
  'failed/rejected',
  'failed/interrupted',
]);

const fence = /^\s*(```|~~~)/;
const span = /`([^`\n]+)`/g;
const link = /\]\(([^)\s]+)\)/g;
const methods = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
const pathExtensions = /\.(ts|tsx|js|mjs|cjs|json|md|html|css|svg|png)$/;
const identifier = /^[A-Za-z_$][\w$]*$/;
const kebab = /^[a-z][a-z0-9]*(?:-(?:[a-z0-9]+|<[a-z]+>))+$/;
const wordPattern = /[A-Za-z_$][\w$]*(?:-[\w$]+)*/g;

interface Claim {
  readonly name: string;
  readonly line: number;
  readonly link?: true;
}

/** Every backticked span outside fenced blocks, and every link target that is not a URL or an anchor. */
export function claimsOf(markdown: string): Claim[] {
  const claims: Claim[] = [];
  let fenced = false;
  markdown.split('\n').forEach((text, index) => {
    if (fence.test(text)) {
      fenced = !fenced;
      return;
    }
    if (fenced) return;
    const line = index + 1;
    for (const match of text.matchAll(span)) claims.push({ name: match[1]!.trim(), line });
    for (const match of text.replace(span, '').matchAll(link)) {
      const target = match[1]!.split('#')[0]!;
      if (target && !/^[a-z]+:/.test(target)) claims.push({ name: target, line, link: true });
    }
  });
  return claims;
}

/** A path with `<x>` placeholders and `{a,b}` alternatives, as the source of a regular expression. */
function pathPattern(path: string): string {
  const escaped = path
    .split(/(<[^>]+>|\{[^}]*,[^}]*\})/)
    .map((part) => {
      if (part.startsWith('<')) return '[^/]+';
      if (part.startsWith('{')) return `(?:${part.slice(1, -1).split(',').map(escapeRegExp).join('|')})`;
      return escapeRegExp(part);
    })
    .join('');
  return escaped;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function topFolders(tree: Tree): Set<string> {
  return new Set([...tree.dirs].map((dir) => dir.split('/')[0]!));
}

/** Whether a repository path (a file, or a folder when it ends in `/`) exists; relative ones may sit anywhere. */
function pathExists(path: string, tree: Tree, rooted: boolean): boolean {
  const clean = path.replace(/^\.\//, '');
  const plain = !/[<{]/.test(clean);
  if (plain && rooted) return tree.files.has(clean) || tree.dirs.has(clean.endsWith('/') ? clean : `${clean}/`);
  // A rooted path matches from the top; a relative one (`data/transaction.ts`, `api/`) anywhere below.
  const anchored = new RegExp(`${rooted ? '^' : '(?:^|/)'}${pathPattern(clean)}$`);
  if (clean.endsWith('/')) return [...tree.dirs].some((dir) => anchored.test(dir));
  return (
    [...tree.files].some((file) => anchored.test(file)) || [...tree.dirs].some((dir) => anchored.test(dir.slice(0, -1)))
  );
}

/** A folder or file the repository makes at run time and git ignores (`.data/`, `tests/.artifacts/`). */
function ignoredByGit(path: string, tree: Tree): boolean {
  return tree.ignored.some((entry) => path === entry || path.startsWith(entry.endsWith('/') ? entry : `${entry}/`));
}

function normaliseRoutePath(path: string): string {
  return path.replace(/\{[^}]+\}/g, '{}').replace(/\/$/, '');
}

function checkScript(words: string[], tree: Tree): string | undefined {
  // npm start | npm test | npm run <script> [-w <workspace>] [-- args]
  const [, verb, name] = words;
  const script = verb === 'run' ? name : verb;
  if (!script) return undefined;
  if (verb !== 'run' && verb !== 'start' && verb !== 'test') return undefined;
  const flag = words.findIndex((word) => word === '-w' || word === '--workspace');
  const workspace = flag >= 0 ? (words[flag + 1] ?? '') : '';
  return tree.scripts.get(workspace)?.has(script)
    ? undefined
    : `no npm script "${script}"${workspace ? ` in ${workspace}` : ''}`;
}

/** Why a backticked name does not hold in the tree, or undefined when it holds (or is not a name). */
export function whyMissing(name: string, tree: Tree, allow: ReadonlySet<string> = allowedNames): string | undefined {
  if (allow.has(name)) return undefined;
  const roots = topFolders(tree);
  const words = name.split(/\s+/);
  if (words.length > 1) {
    if (words[0] === 'npm') return checkScript(words, tree);
    if (methods.has(words[0]!) && words.length === 2 && words[1]!.startsWith('/api/') && !words[1]!.includes('…')) {
      const wanted = normaliseRoutePath(words[1]!.split('?')[0]!);
      const found = tree.routes.some((route) => route.method === words[0] && normaliseRoutePath(route.path) === wanted);
      return found ? undefined : `no route ${words[0]} ${words[1]} in the route table`;
    }
    // A command or an expression: only its repository paths are names.
    for (const word of words) {
      if (roots.has(word.split('/')[0]!) && word.includes('/') && !pathExists(word, tree, true)) {
        return `no file or folder ${word}`;
      }
    }
    const call = /^([A-Za-z_$][\w$]*)\(/.exec(name);
    if (call && !tree.words.has(call[1]!)) return `no ${call[1]} in the source`;
    return undefined;
  }
  // A call as written in prose: `createHandler(env)`, `createMemoryStores()`.
  const called = /^([A-Za-z_$][\w$.]*)\(.*\)$/.exec(name);
  const bare = called ? called[1]! : name;
  if (/^[/<]/.test(bare) || bare.includes('://') || (bare.includes('@') && !bare.startsWith('@'))) return undefined;
  if (bare.startsWith('@') && bare.includes('/')) {
    const [scope, pkg] = bare.split('/');
    return tree.packages.has(`${scope}/${pkg}`) ? undefined : `no package ${scope}/${pkg}`;
  }
  if (/[#:=…*?$|]/.test(bare) || /\{[^,}]*\}/.test(bare)) return undefined; // keys, templates, expressions
  if (bare.includes('/') || pathExtensions.test(bare)) {
    const rooted = roots.has(bare.split('/')[0]!) && bare.includes('/');
    if (pathExists(bare, tree, rooted) || ignoredByGit(bare, tree)) return undefined;
    // A name with a slash that is no path: an ESLint rule (`import-x/no-cycle`), quoted as such in the source.
    if (tree.text.includes(`'${bare}'`)) return undefined;
    return `no file or folder ${bare}`;
  }
  const dotted = bare.split('.');
  if (dotted.every((part) => identifier.test(part))) {
    // A lone lowercase word (`failed`, `count`) is a value more often than a name: not a claim.
    if (dotted.length === 1 && /^[a-z]+$/.test(bare)) return undefined;
    const missing = dotted.find((part) => !tree.words.has(part));
    return missing ? `no ${missing} in the source` : undefined;
  }
  if (kebab.test(bare)) {
    if (tree.routes.some((route) => route.id === bare)) return undefined;
    if (bare.includes('<')) {
      const literal = bare.slice(0, bare.indexOf('<'));
      return tree.text.includes(literal) ? undefined : `no ${literal}… in the source`;
    }
    if (tree.words.has(bare)) return undefined;
    // A figure the source prints with a template: `stats-latency-10` as `stats-latency-${smallCount}`.
    const stem = bare.slice(0, bare.lastIndexOf('-') + 1);
    return tree.text.includes(`${stem}\${`) ? undefined : `no route id or word ${bare} in the source`;
  }
  return undefined;
}

/** Every name of one doc that does not hold in the tree. */
export function checkDoc(
  doc: string,
  markdown: string,
  tree: Tree,
  allow: ReadonlySet<string> = allowedNames,
): Problem[] {
  const problems: Problem[] = [];
  for (const claim of claimsOf(markdown)) {
    const why = claim.link
      ? linkMissing(doc, claim.name, tree)
      : whyMissing(claim.name.replace(/^\.\.\//, ''), tree, allow);
    if (why) problems.push({ doc, line: claim.line, name: claim.name, why });
  }
  return problems;
}

function linkMissing(doc: string, target: string, tree: Tree): string | undefined {
  const path = posix.normalize(posix.join(posix.dirname(doc), decodeURIComponent(target)));
  return tree.files.has(path) || tree.dirs.has(`${path.replace(/\/$/, '')}/`) ? undefined : `no file ${path}`;
}

/** The tree of these file texts (path → text). */
export function treeOf(files: ReadonlyMap<string, string>, routes: readonly RouteEntry[]): Tree {
  const dirs = new Set<string>();
  const words = new Set<string>();
  const texts: string[] = [];
  const scripts = new Map<string, Set<string>>();
  const packages = new Set<string>();
  for (const [path, text] of files) {
    const parts = path.split('/');
    for (let end = 1; end < parts.length; end += 1) dirs.add(`${parts.slice(0, end).join('/')}/`);
    if (path.endsWith('.md')) continue;
    texts.push(text);
    for (const match of text.matchAll(wordPattern)) {
      words.add(match[0]);
      if (match[0].includes('-')) for (const part of match[0].split('-')) words.add(part);
    }
    if (path === 'package.json' || path.endsWith('/package.json')) {
      const manifest = JSON.parse(text) as {
        name?: string;
        scripts?: Record<string, string>;
        dependencies?: Record<string, string>;
        devDependencies?: Record<string, string>;
      };
      const folder = path === 'package.json' ? '' : path.slice(0, -'/package.json'.length);
      const names = new Set(Object.keys(manifest.scripts ?? {}));
      scripts.set(folder, names);
      if (manifest.name) {
        packages.add(manifest.name);
        scripts.set(manifest.name, names);
      }
      for (const dep of Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })) packages.add(dep);
    }
  }
  const ignored = (files.get('.gitignore') ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !/^[#!]/.test(line) && !line.includes('*'));
  return { files: new Set(files.keys()), dirs, words, text: texts.join('\n'), routes, scripts, packages, ignored };
}

const textFile = /\.(ts|tsx|js|mjs|cjs|json|md|html|css|svg|yml|yaml)$|(^|\/)\.[a-z]+ignore$/;

/** The repository as git sees it (tracked files and new ones it does not ignore), lock files left out. */
export function readTree(root: string, routes: readonly RouteEntry[]): Tree {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
    .split('\0')
    .filter((path) => path && existsSync(join(root, path)) && statSync(join(root, path)).isFile());
  const files = new Map<string, string>();
  for (const path of listed) {
    const skip = path.endsWith('package-lock.json') || !textFile.test(path);
    files.set(path, skip ? '' : readFileSync(join(root, path), 'utf8'));
  }
  return treeOf(files, routes);
}

/** The docs this checks: README.md and every Markdown file in docs/. */
export function docsOf(tree: Tree): string[] {
  return [...tree.files].filter((path) => path === 'README.md' || /^docs\/[^/]+\.md$/.test(path)).sort();
}

export function checkRepository(root: string, routes: readonly RouteEntry[]): Problem[] {
  const tree = readTree(root, routes);
  return docsOf(tree).flatMap((doc) => checkDoc(doc, readFileSync(join(root, doc), 'utf8'), tree));
}

export const repositoryRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { routes } = await import('@reviewroute/shared/routes');
  const problems = checkRepository(repositoryRoot, routes);
  for (const problem of problems) console.log(`${problem.doc}:${problem.line}: \`${problem.name}\`: ${problem.why}`);
  console.log(problems.length === 0 ? 'every backticked name holds' : `${problems.length} names do not hold`);
  process.exitCode = problems.length === 0 ? 0 : 1;
}
