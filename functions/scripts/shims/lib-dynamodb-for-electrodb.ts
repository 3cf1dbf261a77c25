// What electrodb's `require('@aws-sdk/lib-dynamodb')` gets in Lambda bundles (see ./lib-dynamodb.ts): the ten
// document commands it builds requests with, and nothing that would pull the SDK into a `require()`. It reads
// them when it sends (`new this.lib.GetCommand(...)`), by which time ./lib-dynamodb.ts, loaded with the
// document client every entity is built on, has handed them over.
export let GetCommand: unknown;
export let PutCommand: unknown;
export let UpdateCommand: unknown;
export let DeleteCommand: unknown;
export let BatchWriteCommand: unknown;
export let BatchGetCommand: unknown;
export let ScanCommand: unknown;
export let QueryCommand: unknown;
export let TransactWriteCommand: unknown;
export let TransactGetCommand: unknown;

export function provideDocumentCommands(commands: Record<string, unknown>): void {
  ({
    GetCommand,
    PutCommand,
    UpdateCommand,
    DeleteCommand,
    BatchWriteCommand,
    BatchGetCommand,
    ScanCommand,
    QueryCommand,
    TransactWriteCommand,
    TransactGetCommand,
  } = commands);
}
