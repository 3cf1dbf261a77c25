import { formatDateTime, type Language } from '@reviewroute/shared';

/**
 * Every way an owner mail can write a moment between `from` and `to` (ms): the shared formatter's form in the
 * business's time zone, one per minute. A test that knows only roughly when its mail's moment was (a submit, a
 * click) asserts the mail's time is one of these.
 */
export function mailTimesBetween(from: number, to: number, language: Language): string[] {
  const minute = 60_000;
  const times = new Set<string>();
  for (let at = Math.floor(from / minute) * minute; at <= to; at += minute) times.add(formatDateTime(at, language));
  return [...times];
}

/** The value of a mail's field row (`Label: value` in its text part). */
export function mailField(text: string | undefined, label: string): string | undefined {
  return (text ?? '')
    .split('\n')
    .find((line) => line.startsWith(`${label}: `))
    ?.slice(label.length + 2);
}
