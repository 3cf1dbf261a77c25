// Stands in for `@aws-sdk/lib-dynamodb` in Lambda bundles, for ES-module imports (ours); electrodb's
// `require()` of the package gets lib-dynamodb-for-electrodb.ts instead (the `require` condition of this
// shim's entry in functions/package.json). Why: esbuild wraps whatever a `require()` reaches in a lazy
// CommonJS-style module and then keeps all of it, so electrodb's one `require` put every DynamoDB command,
// schema and the whole SDK core into every bundle with the table, untouched by tree-shaking. Here the
// package is an ordinary import, and electrodb gets the ten commands it uses handed over.
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  TransactGetCommand,
  TransactWriteCommand,
  UpdateCommand,
  // @ts-expect-error -- the package's ES build by its path (which the alias does not send back here), which
  // has no types beside it; only esbuild reads this file.
} from '../../../node_modules/@aws-sdk/lib-dynamodb/dist-es/index.js';
import { provideDocumentCommands } from './lib-dynamodb-for-electrodb';

// @ts-expect-error -- as above
export * from '../../../node_modules/@aws-sdk/lib-dynamodb/dist-es/index.js';

provideDocumentCommands({
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  TransactGetCommand,
  TransactWriteCommand,
  UpdateCommand,
});
