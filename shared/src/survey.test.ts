import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  businessInformationSchema,
  isGoogleReviewUrl,
  normalizeGoogleReviewUrl,
  landingCustomizationSchema,
  reviewRoutingSchema,
  surveyCreateSchema,
  emptySurveyValues,
  surveyDefaults,
  surveyDefaultsIn,
  surveyDefaultTexts,
  surveySchema,
  surveyMessageKeyOf,
  surveyMessages,
  surveyPublishableSchema,
  resumeStepOf,
  surveyUpdateSchema,
  surveyWizardDefaults,
} from './survey';
import { sampleSurvey } from '../testing';

const validStep1 = {
  businessName: "Joe's Pizza",
  businessOwnerName: 'Joe',
  googleBusinessUrl: 'https://search.google.com/local/writereview?placeid=ChIJ123',
  supportEmail: 'joe@example.com',
};

/** The message of each failing field, as the API's `fields` and the wizard show them. */
function messagesOf(schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } }, value: unknown) {
  const result = schema.safeParse(value) as {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  };
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error!.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
}

describe('business information (wizard step 1)', () => {
  it('accepts a complete step and normalises it', () => {
    const parsed = businessInformationSchema.parse({
      ...validStep1,
      businessName: "  Joe's Pizza  ",
      supportEmail: ' joe@example.com ',
      googleBusinessUrl: ' search.google.com/local/writereview?placeid=ChIJ123 ',
    });
    expect(parsed).toEqual({ ...validStep1, businessName: "Joe's Pizza" });
  });

  it.each([
    ['businessName', 'Business name is required'],
    ['businessOwnerName', 'Owner name is required'],
    ['supportEmail', 'Email is required'],
    ['googleBusinessUrl', 'Google Business URL is required'],
  ])('requires %s with the spec message, whitespace counting as empty and missing as empty', (field, message) => {
    for (const value of ['', '   ', '\t\n', undefined]) {
      expect(messagesOf(businessInformationSchema, { ...validStep1, [field]: value })).toEqual({ [field]: message });
    }
  });

  it('reports every failing field at once', () => {
    expect(messagesOf(businessInformationSchema, {})).toEqual({
      businessName: surveyMessages.businessNameRequired,
      businessOwnerName: surveyMessages.ownerNameRequired,
      supportEmail: surveyMessages.emailRequired,
      googleBusinessUrl: surveyMessages.googleUrlRequired,
    });
  });

  it.each(['joe', 'joe@', '@example.com', 'joe@example', 'jo e@example.com', 'joe@exa mple.com'])(
    'refuses the e-mail %j with "Valid email is required"',
    (supportEmail) => {
      expect(messagesOf(businessInformationSchema, { ...validStep1, supportEmail })).toEqual({
        supportEmail: 'Valid email is required',
      });
    },
  );

  it.each([
    'https://www.google.com/maps/place/Joes',
    'https://example.com/?search.google.com/local/writereview',
    'https://evil.example/search.google.com/local/writereview',
    'https://search.google.com.evil.example/local/writereview',
    'https://search.google.com@evil.example/local/writereview',
    'ftp://search.google.com/local/writereview',
    'https://search.google.com/local/writereviews',
    'https://notsearch.google.com/local/writereview?placeid=X',
    // Look-alikes of the share link: another host, a longer host, userinfo, a path elsewhere.
    'https://g.page.evil.example/r/CbcPR2x8E3YBEAE/review',
    'https://g.page@evil.example/r/CbcPR2x8E3YBEAE/review',
    'https://evil.example/g.page/r/CbcPR2x8E3YBEAE/review',
    'https://xg.page/r/CbcPR2x8E3YBEAE/review',
    'https://g.pages/r/CbcPR2x8E3YBEAE/review',
    'https://g.page/r/CbcPR2x8E3YBEAE',
    'https://g.page/r/CbcPR2x8E3YBEAE/reviews',
    'https://g.page/r//review',
    'https://g.page/r/Cbc%2FPR/review',
    'https://g.page/joes-pizza',
    'https://maps.app.goo.gl/abc123',
    'javascript:alert(1)//g.page/r/x/review',
    'not a url',
  ])('refuses the review URL %j with a message naming both forms', (googleBusinessUrl) => {
    expect(messagesOf(businessInformationSchema, { ...validStep1, googleBusinessUrl })).toEqual({
      googleBusinessUrl: surveyMessages.googleUrlInvalid,
    });
  });

  it('names both accepted forms in the refusal', () => {
    expect(surveyMessages.googleUrlInvalid).toContain('search.google.com/local/writereview?placeid=');
    expect(surveyMessages.googleUrlInvalid).toContain('g.page/r/');
  });

  it.each([
    // The spec's form, as Google's "Get more reviews" and the Places API give it.
    [
      'https://search.google.com/local/writereview?placeid=ChIJN1t_tDeuEmsRUsoyG83frY4',
      'https://search.google.com/local/writereview?placeid=ChIJN1t_tDeuEmsRUsoyG83frY4',
    ],
    ['search.google.com/local/writereview?placeid=X', 'https://search.google.com/local/writereview?placeid=X'],
    ['//search.google.com/local/writereview?placeid=X', 'https://search.google.com/local/writereview?placeid=X'],
    ['http://search.google.com/local/writereview?placeid=X', 'https://search.google.com/local/writereview?placeid=X'],
    ['HTTPS://Search.Google.com/local/writereview?placeid=X', 'https://search.google.com/local/writereview?placeid=X'],
    ['https://search.google.com/local/writereview', 'https://search.google.com/local/writereview'],
    // Google's share link (Business Profile "Ask for reviews"), pasted as found.
    ['https://g.page/r/CbcPR2x8E3YBEAE/review', 'https://g.page/r/CbcPR2x8E3YBEAE/review'],
    ['g.page/r/CbcPR2x8E3YBEAE/review', 'https://g.page/r/CbcPR2x8E3YBEAE/review'],
    ['http://g.page/r/CbcPR2x8E3YBEAE/review', 'https://g.page/r/CbcPR2x8E3YBEAE/review'],
    ['www.g.page/r/CbcPR2x8E3YBEAE/review', 'https://g.page/r/CbcPR2x8E3YBEAE/review'],
    ['https://www.g.page/r/CbcPR2x8E3YBEAE/review/', 'https://g.page/r/CbcPR2x8E3YBEAE/review'],
    ['  https://g.page/r/Cd-_x9/review?utm_source=share#x ', 'https://g.page/r/Cd-_x9/review'],
    ['HTTPS://G.PAGE/r/CbcPR2x8E3YBEAE/review', 'https://g.page/r/CbcPR2x8E3YBEAE/review'],
  ])('accepts %j and stores it as %j', (input, stored) => {
    expect(businessInformationSchema.parse({ ...validStep1, googleBusinessUrl: input }).googleBusinessUrl).toBe(stored);
    expect(isGoogleReviewUrl(input)).toBe(true);
    // Normalising twice changes nothing.
    expect(normalizeGoogleReviewUrl(stored)).toBe(stored);
  });

  it('keeps industry optional', () => {
    expect(businessInformationSchema.parse(validStep1).industry).toBeUndefined();
    expect(businessInformationSchema.parse({ ...validStep1, industry: '  Food ' }).industry).toBe('Food');
  });

  it('bounds the text lengths', () => {
    expect(messagesOf(businessInformationSchema, { ...validStep1, businessName: 'x'.repeat(201) })).toEqual({
      businessName: surveyMessages.textTooLong,
    });
    expect(messagesOf(businessInformationSchema, { ...validStep1, industry: 'x'.repeat(101) })).toEqual({
      industry: surveyMessages.textTooLong,
    });
  });

  it('never throws and never accepts a blank required field, whatever the input', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const result = businessInformationSchema.safeParse(value);
        if (result.success) {
          expect(result.data.businessName.trim()).not.toBe('');
          expect(isGoogleReviewUrl(result.data.googleBusinessUrl)).toBe(true);
        }
      }),
    );
  });
});

describe('landing customisation (wizard step 2)', () => {
  const valid = {
    businessName: 'Joe',
    customPrompt: 'How was it?',
    customColors: { primaryColor: '#AABBCC', backgroundColor: '#ffffff' },
  };

  it('accepts #rrggbb colours, stored lowercase', () => {
    expect(landingCustomizationSchema.parse(valid).customColors).toEqual({
      primaryColor: '#aabbcc',
      backgroundColor: '#ffffff',
    });
  });

  it.each(['red', '#fff', '#12345g', '123456', '#1234567', ''])('refuses the colour %j', (primaryColor) => {
    expect(
      messagesOf(landingCustomizationSchema, { ...valid, customColors: { ...valid.customColors, primaryColor } }),
    ).toEqual({ 'customColors.primaryColor': surveyMessages.colorInvalid });
  });

  it('requires the business name and the question text', () => {
    expect(messagesOf(landingCustomizationSchema, { ...valid, businessName: ' ', customPrompt: '' })).toEqual({
      businessName: 'Business name is required',
      customPrompt: surveyMessages.customPromptRequired,
    });
  });

  it('never lets the logo URL be set, only removed', () => {
    expect(landingCustomizationSchema.parse({ ...valid, businessLogoUrl: null }).businessLogoUrl).toBeNull();
    // A wizard sending its whole draft back is fine: the URL it holds is dropped.
    expect(
      landingCustomizationSchema.parse({ ...valid, businessLogoUrl: 'https://evil.example/x.png' }).businessLogoUrl,
    ).toBeUndefined();
    expect(surveyUpdateSchema.parse({ version: 1, highRatingPhotoUrl: 'https://evil.example/x.png' })).toEqual({
      version: 1,
      highRatingPhotoUrl: undefined,
    });
    expect(surveyUpdateSchema.parse({ version: 1, highRatingPhotoUrl: null })).toEqual({
      version: 1,
      highRatingPhotoUrl: null,
    });
  });
});

describe('review routing (wizard step 3)', () => {
  const valid = {
    lowRatingMessage: surveyDefaults.lowRatingMessage,
    midRatingMessage: surveyDefaults.midRatingMessage,
    highRatingMessage: surveyDefaults.highRatingMessage,
    googleReviewPrompt: surveyDefaults.googleReviewPrompt,
    contactFollowUpMessage: surveyDefaults.contactFollowUpMessage,
    collectContactOnLowRating: true,
    offerPublicReviewToEveryone: true,
    lowRatingAlerts: false,
    lowRatingEnabled: true,
    midRatingEnabled: false,
    highRatingEnabled: true,
  };

  it('accepts the defaults and the switches', () => {
    expect(reviewRoutingSchema.parse(valid)).toEqual(valid);
  });

  it('requires each message', () => {
    expect(
      messagesOf(reviewRoutingSchema, {
        ...valid,
        lowRatingMessage: ' ',
        midRatingMessage: '',
        googleReviewPrompt: '',
        contactFollowUpMessage: '  ',
      }),
    ).toEqual({
      lowRatingMessage: surveyMessages.ratingMessageRequired,
      midRatingMessage: surveyMessages.ratingMessageRequired,
      googleReviewPrompt: surveyMessages.reviewPromptRequired,
      contactFollowUpMessage: surveyMessages.ratingMessageRequired,
    });
  });

  it('refuses a switch that is not a boolean', () => {
    expect(reviewRoutingSchema.safeParse({ ...valid, offerPublicReviewToEveryone: 'yes' }).success).toBe(false);
  });
});

describe('survey update (partial, per step)', () => {
  it('accepts any subset and checks only what is present', () => {
    expect(surveyUpdateSchema.parse({ version: 1 })).toEqual({ version: 1 });
    expect(surveyUpdateSchema.parse({ version: 1, customPrompt: ' Hi ' })).toEqual({ version: 1, customPrompt: 'Hi' });
    expect(messagesOf(surveyUpdateSchema, { version: 1, supportEmail: 'nope' })).toEqual({
      supportEmail: 'Valid email is required',
    });
    expect(messagesOf(surveyUpdateSchema, { version: 1, businessName: '' })).toEqual({
      businessName: 'Business name is required',
    });
  });

  it('needs the version the edit started from; a completed step must be one of the wizard’s', () => {
    expect(surveyUpdateSchema.safeParse({ customPrompt: 'Hi' }).success).toBe(false);
    expect(surveyUpdateSchema.safeParse({ version: -1 }).success).toBe(false);
    expect(surveyUpdateSchema.parse({ version: 0, completedStep: 'landing' })).toEqual({
      version: 0,
      completedStep: 'landing',
    });
    expect(surveyUpdateSchema.safeParse({ version: 2, completedStep: 'distribution' }).success).toBe(false);
  });

  it('drops read-only and unknown fields', () => {
    expect(
      surveyUpdateSchema.parse({
        version: 1,
        id: 'x',
        status: 'active',
        surveyCode: 'abc',
        userId: 'u',
        businessLogo: {},
        completedSteps: ['routing'],
      }),
    ).toEqual({ version: 1 });
  });

  it('does not fill defaults into a partial update', () => {
    expect(surveyUpdateSchema.parse({ version: 1, businessName: 'A' })).toEqual({ version: 1, businessName: 'A' });
  });
});

describe('survey create and publish', () => {
  it('creates from step 1 alone and accepts later steps along with it', () => {
    expect(surveyCreateSchema.parse(validStep1)).toEqual(validStep1);
    expect(surveyCreateSchema.parse({ ...validStep1, customPrompt: 'Q?' }).customPrompt).toBe('Q?');
    expect(messagesOf(surveyCreateSchema, { ...validStep1, supportEmail: '' })).toEqual({
      supportEmail: 'Email is required',
    });
  });

  it('publishes only a complete survey', () => {
    const complete = { ...validStep1, ...surveyDefaults };
    expect(surveyPublishableSchema.safeParse(complete).success).toBe(true);
    expect(messagesOf(surveyPublishableSchema, { ...complete, businessOwnerName: '' })).toEqual({
      businessOwnerName: 'Owner name is required',
    });
    // Stored before the text existed: it reads empty (the page shows the language's default), still publishable.
    expect(surveyPublishableSchema.safeParse({ ...complete, contactFollowUpMessage: '' }).success).toBe(true);
  });
});

describe('defaults and messages', () => {
  it('has the spec defaults (spec 3): the English texts, every band on', () => {
    // The texts are written once, in surveyDefaultTexts; the spec's first question pins that they are the spec's.
    expect(surveyDefaultTexts.en.customPrompt).toBe('How was your experience with our business?');
    expect(surveyDefaults).toMatchObject(surveyDefaultTexts.en);
    const bands = [surveyDefaults.lowRatingEnabled, surveyDefaults.midRatingEnabled, surveyDefaults.highRatingEnabled];
    expect(bands).toEqual([true, true, true]);
    // No contact collection and no public review for unhappy customers until the owner turns them on.
    expect([surveyDefaults.collectContactOnLowRating, surveyDefaults.offerPublicReviewToEveryone]).toEqual([
      false,
      false,
    ]);
    expect(surveyWizardDefaults).toMatchObject({
      businessName: '',
      businessOwnerName: '',
      googleBusinessUrl: '',
      supportEmail: '',
      industry: '',
      businessLogoUrl: null,
      highRatingPhotoUrl: null,
    });
    // The defaults themselves pass the step rules.
    expect(landingCustomizationSchema.safeParse({ businessName: 'A', ...surveyDefaults }).success).toBe(true);
    expect(reviewRoutingSchema.safeParse(surveyDefaults).success).toBe(true);
  });

  it('keys the spec messages exactly and maps a message back to its key', () => {
    expect(surveyMessages).toMatchObject({
      businessNameRequired: 'Business name is required',
      ownerNameRequired: 'Owner name is required',
      emailRequired: 'Email is required',
      emailInvalid: 'Valid email is required',
      googleUrlRequired: 'Google Business URL is required',
      fileTooLarge: 'File size must be less than 2MB',
      fileTypeNotAllowed: 'Only JPG, PNG, and WebP files are allowed',
    });
    for (const [key, message] of Object.entries(surveyMessages)) expect(surveyMessageKeyOf(message)).toBe(key);
    expect(surveyMessageKeyOf('something else')).toBeUndefined();
    expect(new Set(Object.values(surveyMessages)).size).toBe(Object.keys(surveyMessages).length);
  });
});

describe('survey language', () => {
  it('is chosen in step 1, English or Dutch, and optional there', () => {
    expect(businessInformationSchema.parse({ ...validStep1, language: 'nl' }).language).toBe('nl');
    expect(businessInformationSchema.parse(validStep1).language).toBeUndefined();
    expect(messagesOf(businessInformationSchema, { ...validStep1, language: 'de' })).toEqual({
      language: surveyMessages.languageInvalid,
    });
  });

  it('has default texts in each language that pass the step rules', () => {
    const dutch = surveyDefaultsIn('nl');
    expect(dutch).toMatchObject({ language: 'nl', customPrompt: surveyDefaultTexts.nl.customPrompt });
    expect(reviewRoutingSchema.safeParse(dutch).success).toBe(true);
    expect(surveyDefaultsIn('en')).toMatchObject({ ...surveyDefaults, language: 'en' });
    expect(Object.keys(surveyDefaultTexts.nl)).toEqual(Object.keys(surveyDefaultTexts.en));
  });

  it('reads as English on a survey stored before surveys had a language', () => {
    const { language: _absent, ...stored } = sampleSurvey({ language: 'nl' });
    // As the repository reads an item: absent attributes take their empty value.
    expect(surveySchema.parse({ ...emptySurveyValues, ...stored }).language).toBe('en');
  });
});

describe('where Finish setup resumes', () => {
  it('is the first step not completed, whatever order they were completed in; a published survey shares', () => {
    expect(resumeStepOf({ status: 'draft', completedSteps: [] })).toBe('business');
    expect(resumeStepOf({ status: 'draft', completedSteps: ['business'] })).toBe('landing');
    expect(resumeStepOf({ status: 'draft', completedSteps: ['business', 'routing'] })).toBe('landing');
    expect(resumeStepOf({ status: 'draft', completedSteps: ['business', 'landing'] })).toBe('routing');
    expect(resumeStepOf({ status: 'draft', completedSteps: ['business', 'landing', 'routing'] })).toBe('distribution');
    expect(resumeStepOf({ status: 'active', completedSteps: [] })).toBe('distribution');
  });
});
