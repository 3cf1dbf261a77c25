import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contrast, defaultSurveyColors, readableOn, surveyPalette, validColor } from './palette';

const hex = fc
  .tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }))
  .map((channels) => `#${channels.map((c) => c.toString(16).padStart(2, '0')).join('')}`);

describe('survey palette', () => {
  it('paints with the owner colours, lowercased, and falls back for a missing or half-typed one', () => {
    expect(surveyPalette({ primaryColor: ' #C2410C ', backgroundColor: '#111827' })).toMatchObject({
      primary: '#c2410c',
      background: '#111827',
      foreground: '#ffffff',
    });
    expect(surveyPalette({ primaryColor: '#12', backgroundColor: '' })).toMatchObject({
      primary: defaultSurveyColors.primaryColor,
      background: defaultSurveyColors.backgroundColor,
    });
    expect(surveyPalette(undefined).primary).toBe(defaultSurveyColors.primaryColor);
    expect(validColor('red', '#000000')).toBe('#000000');
  });

  it("defaults to the brand's teal with white text that reads at AA, and a white page", () => {
    expect(defaultSurveyColors).toEqual({ primaryColor: '#0f766e', backgroundColor: '#ffffff' });
    const palette = surveyPalette(defaultSurveyColors);
    expect(palette.onPrimary).toBe('#ffffff');
    expect(contrast(palette.primary, palette.onPrimary)).toBeGreaterThanOrEqual(4.5);
    expect(palette.accent).toBe('#0f766e');
  });

  it('text on any colour meets WCAG AA (4.5:1)', () => {
    fc.assert(fc.property(hex, (background) => contrast(background, readableOn(background)) >= 4.5));
  });

  it('marks the choice with the primary colour only where it stands out (3:1), else with the text colour', () => {
    expect(surveyPalette({ primaryColor: '#2563eb', backgroundColor: '#ffffff' }).accent).toBe('#2563eb');
    expect(surveyPalette({ primaryColor: '#fefefe', backgroundColor: '#ffffff' }).accent).toBe('#000000');
    fc.assert(
      fc.property(hex, hex, (primaryColor, backgroundColor) => {
        const palette = surveyPalette({ primaryColor, backgroundColor });
        return contrast(palette.accent, palette.background) >= 3;
      }),
    );
  });
});
