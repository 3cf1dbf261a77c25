/**
 * The reputation guard (decisions 26): every owner shares the platform's sender reputation, and SES puts the
 * whole account under review at 5 % bounces or 0.1 % complaints. So an owner's review requests on a channel
 * pause themselves when, over that channel's last 200 sends (at least 50), hard bounces (texts: failed
 * deliveries) reach 5 % or complaints (texts: opt-outs) reach the channel's share: 0.1 % for mail, 0.3 % for
 * texts. The owner may resume once, after cleaning the list; a second pause needs contact with us.
 */

/** The channels requests go out on: mail now, texts next (decisions 25). */
export const sendingChannels = ['mail', 'text'] as const;
export type SendingChannel = (typeof sendingChannels)[number];

/** The sends the rule looks back over, and the fewest it judges by (below it, a few bad addresses say little). */
export const sendingWindow = 200;
export const sendingMinSends = 50;

/** The shares that pause an owner, per channel: failed (hard bounce, failed delivery), complained (or opted out). */
export const sendingThresholds: Record<SendingChannel, { failed: number; complained: number }> = {
  mail: { failed: 0.05, complained: 0.001 },
  text: { failed: 0.05, complained: 0.003 },
};

/** What came back about a send: a hard bounce (or failed delivery) or a complaint (or opt-out). */
export type SendOutcome = 'failed' | 'complained';
export type PauseCause = SendOutcome;

/**
 * The last sends, oldest first, one character each: `.` no bad news, `f` failed, `c` complained. At most
 * `sendingWindow` long: a send pushes the oldest out. A stored item holds this string, so recording stays one
 * small read and write whatever the owner's volume.
 */
export type SendingRecent = string;

const mark: Record<SendOutcome | 'sent', string> = { sent: '.', failed: 'f', complained: 'c' };

/** One more send: appended, the oldest dropped beyond the window. */
export function withSend(recent: SendingRecent): SendingRecent {
  return (recent + mark.sent).slice(-sendingWindow);
}

/**
 * An outcome of one of the last sends. SES's events name the mail, not its place among the owner's sends, and
 * arrive within minutes: it marks the newest send without news (a bounce of a send older than the window, or
 * with every send already marked, changes nothing, as that send no longer counts).
 */
export function withOutcome(recent: SendingRecent, outcome: SendOutcome): SendingRecent {
  const at = recent.lastIndexOf(mark.sent);
  return at < 0 ? recent : `${recent.slice(0, at)}${mark[outcome]}${recent.slice(at + 1)}`;
}

/** The figures of the window: its sends, and how many of them failed or drew a complaint. */
export interface SendingFigures {
  sends: number;
  failed: number;
  complained: number;
}

export function figuresOf(recent: SendingRecent): SendingFigures {
  const last = recent.slice(-sendingWindow);
  let failed = 0;
  let complained = 0;
  for (const c of last) {
    if (c === mark.failed) failed++;
    else if (c === mark.complained) complained++;
  }
  return { sends: last.length, failed, complained };
}

/** Why these figures pause the channel (complaints first: the stricter rule), or null. */
export function pauseCauseOf(channel: SendingChannel, figures: SendingFigures): PauseCause | null {
  if (figures.sends < sendingMinSends) return null;
  const limits = sendingThresholds[channel];
  if (figures.complained / figures.sends >= limits.complained) return 'complained';
  if (figures.failed / figures.sends >= limits.failed) return 'failed';
  return null;
}

/** A channel's state for one owner, as stored (absent: nothing sent yet). */
export interface SendingHealthState {
  recent: SendingRecent;
  /** Since when the channel is paused; null while it sends. */
  pausedAt: string | null;
  /** Pauses so far (the first may be resumed by the owner, a later one only by us). */
  pauses: number;
  /** Why the current (or last) pause came, with the window's figures at that moment. */
  pause: ({ cause: PauseCause } & SendingFigures) | null;
  resumedAt: string | null;
}

export const emptySendingHealth: SendingHealthState = {
  recent: '',
  pausedAt: null,
  pauses: 0,
  pause: null,
  resumedAt: null,
};

export type SendingEvent = { kind: 'sent' } | { kind: 'outcome'; outcome: SendOutcome };

/**
 * The state after one send or outcome: the window updated and, when it crosses a threshold while the channel
 * sends, paused with the figures of that moment. A paused channel stays paused whatever comes next (late
 * bounces of sends already out still count, for the owner to see).
 */
export function applySendingEvent(
  channel: SendingChannel,
  state: SendingHealthState,
  event: SendingEvent,
  now: string,
): SendingHealthState {
  const recent = event.kind === 'sent' ? withSend(state.recent) : withOutcome(state.recent, event.outcome);
  if (state.pausedAt) return { ...state, recent };
  const figures = figuresOf(recent);
  const cause = pauseCauseOf(channel, figures);
  if (!cause) return { ...state, recent };
  return { ...state, recent, pausedAt: now, pauses: state.pauses + 1, pause: { cause, ...figures } };
}

/** Whether the owner may resume the channel themselves: only the first pause (decisions 26). */
export const ownerMayResume = (state: SendingHealthState): boolean => state.pausedAt !== null && state.pauses <= 1;

/**
 * The state after the owner resumed (having cleaned their list): sending again with a fresh window, so the
 * sends that paused it do not pause it again at once. The pause's figures stay for the record.
 */
export function resumedSending(state: SendingHealthState, now: string): SendingHealthState {
  return { ...state, recent: '', pausedAt: null, resumedAt: now };
}
