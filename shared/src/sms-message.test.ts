import { describe, expect, it } from 'vitest';
import {
  defaultSmsTemplates,
  maxSmsSegments,
  smsMessages,
  smsOptOutLine,
  smsSegments,
  smsTemplateSample,
  smsTemplateSchema,
} from './sms-message';

describe('smsSegments', () => {
  it('counts GSM-7: 160 in one segment, 153 per part beyond', () => {
    expect(smsSegments('')).toMatchObject({ segments: 0, encoding: 'GSM-7' });
    expect(smsSegments('a'.repeat(160))).toMatchObject({ segments: 1, characters: 160, perSegment: 160 });
    expect(smsSegments('a'.repeat(161))).toMatchObject({ segments: 2, perSegment: 153 });
    expect(smsSegments('a'.repeat(306)).segments).toBe(2);
    expect(smsSegments('a'.repeat(307)).segments).toBe(3);
  });

  it("counts GSM-7's extension characters twice and keeps accents of its table in GSM-7", () => {
    expect(smsSegments('€'.repeat(80))).toMatchObject({ encoding: 'GSM-7', characters: 160, segments: 1 });
    expect(smsSegments('€'.repeat(81)).segments).toBe(2);
    expect(smsSegments('Één café, één ü').encoding).toBe('GSM-7');
  });

  it('switches the whole text to UCS-2 for an emoji or a letter outside GSM-7: 70, then 67 per part', () => {
    expect(smsSegments('Thanks! 😀').encoding).toBe('UCS-2');
    expect(smsSegments('ç'.repeat(70))).toMatchObject({ encoding: 'UCS-2', segments: 1, perSegment: 70 });
    expect(smsSegments('ç'.repeat(71))).toMatchObject({ segments: 2, perSegment: 67 });
    // An emoji takes two UCS-2 units: 132 letters and one fill two parts of 67 exactly.
    expect(smsSegments(`${'a'.repeat(132)}😀`).segments).toBe(2);
    expect(smsSegments(`${'a'.repeat(133)}😀`).segments).toBe(3);
  });
});

describe('the SMS templates', () => {
  const shortLink = 'https://reviewroute.app/r/Ab3dE5gH9k';

  it('make one segment by default with a real short link and the opt-out, in English and Dutch', () => {
    for (const language of ['en', 'nl'] as const) {
      const text = `${defaultSmsTemplates[language].replace('{url}', shortLink)}\n${smsOptOutLine(language, shortLink, true)}`;
      expect(smsSegments(text)).toMatchObject({ encoding: 'GSM-7', segments: 1 });
    }
  });

  it('accept a template of two segments and refuse a third with the limit named', () => {
    const sample = (t: string) => smsSegments(smsTemplateSample(t, 'nl')).segments;
    expect(smsTemplateSchema.safeParse(defaultSmsTemplates.en).success).toBe(true);
    let twoSegments = `${'a'.repeat(150)} {url}`;
    expect(sample(twoSegments)).toBe(maxSmsSegments);
    expect(smsTemplateSchema.safeParse(twoSegments).success).toBe(true);
    twoSegments = `${'a'.repeat(210)} {url}`;
    const refused = smsTemplateSchema.safeParse(twoSegments);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(smsMessages.tooManySegments);
    expect(smsMessages.tooManySegments).toBe('At most 2 text messages long: shorten the message');
    // An emoji halves what fits: the same length refused once in UCS-2.
    expect(smsTemplateSchema.safeParse(`${'a'.repeat(60)} 😀 {url}`).success).toBe(false);
  });

  it('needs {url}', () => {
    expect(smsTemplateSchema.safeParse('Thanks!').error?.issues[0]?.message).toBe(smsMessages.templateNeedsUrl);
  });
});
