/** DynamoDB answered "the condition did not hold" (electrodb wraps the SDK error in `cause`). */
export function isConditionalCheckFailure(error: unknown): boolean {
  const e = error as { name?: unknown; cause?: { name?: unknown } } | null;
  return e?.name === 'ConditionalCheckFailedException' || e?.cause?.name === 'ConditionalCheckFailedException';
}
