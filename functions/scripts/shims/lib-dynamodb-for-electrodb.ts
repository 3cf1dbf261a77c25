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
