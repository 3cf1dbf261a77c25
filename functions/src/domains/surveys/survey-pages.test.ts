import { describe, expect, it } from 'vitest';
import { routeContracts, surveyDisclosureKey, surveyPageKey, type PublicSurvey } from '@reviewroute/shared';
import { parseInput } from '../../lib/validation';
import { createMemoryStores } from '../../../testing/data/memory';
import { createMemorySurveyPageStore } from '../../../testing/data/memory-survey-pages';
import { createMemoryWrittenSurveyStore } from '../../../testing/data/memory-written-surveys';
import { createSurveyService } from './service';
import { createSurveyPages } from './survey-pages';

const owner = 'owner-1';
const step1 = {
  businessName: 'Joe’s Pizza',
  businessOwnerName: 'Joe',
  googleBusinessUrl: 'search.google.com/local/writereview?placeid=abc',
  supportEmail: 'joe@example.com',
};

/** The service with its pages in memory; the renderer writes down what it was given. */
function setup(options: { failRender?: boolean; failRecord?: boolean } = {}) {
  const stores = createMemoryStores();
  const store = createMemorySurveyPageStore();
  const written = createMemoryWrittenSurveyStore();
  if (options.failRecord) {
    written.put = written.delete = async () => {
      throw new Error('CloudFront is down');
    };
  }
  const invalidated: string[][] = [];
  let t = Date.parse('2026-11-21T08:00:00.000Z');
  const service = createSurveyService({
    ...stores,
    siteOrigin: () => 'https://app.example.com',
    now: () => new Date((t += 60_000)),
    pages: createSurveyPages({
      store,
      written,
      cdn: { invalidate: async (paths) => void invalidated.push(paths) },
      render: async (survey: PublicSurvey, rulesSince: string) => {
        if (options.failRender) throw new Error('The site is down');
        return {
          page: `page ${survey.businessName} ${survey.language}`,
          disclosure: `disclosure everyone=${survey.offerPublicReviewToEveryone} since=${rulesSince}`,
        };
      },
    }),
  });
  const update = async (surveyId: string, input: object) =>
    service.update(
      owner,
      surveyId,
      parseInput(routeContracts['update-survey'].body, {
        version: (await stores.surveys.get(owner, surveyId))!.version,
        ...input,
      }),
    );
  return { service, update, pages: store.pages, written: written.codes, invalidated };
}

describe('a survey’s written pages', () => {
  it('are written at publish, in the survey’s language, and none for a draft', async () => {
    const { service, pages, written, invalidated } = setup();
    const draft = await service.create(owner, parseInput(routeContracts['create-survey'].body, step1));
    expect(pages.size).toBe(0);
    expect(written.size).toBe(0);
    const survey = await service.publish(owner, draft.id);
    const code = survey.surveyCode!;
    expect(pages.get(surveyPageKey(code, 'en'))).toBe('page Joe’s Pizza en');
    expect(pages.get(surveyDisclosureKey(code, 'en'))).toBe(
      `disclosure everyone=false since=${draft.reviewRulesSince}`,
    );
    // Recorded at the CDN in the language written, so CloudFront serves the page from then on.
    expect(written.get(code)).toEqual(['en']);
    expect(invalidated.at(-1)).toEqual([`/surveys/${code}*`, `/nl/surveys/${code}*`, `/files/survey-pages/${code}/*`]);
  });

  it('follow every edit; the rules’ date moves only when the public-review switch flips', async () => {
    const { service, update, pages, written } = setup();
    const { id } = await service.create(owner, parseInput(routeContracts['create-survey'].body, step1));
    const code = (await service.publish(owner, id)).surveyCode!;
    const since = (await service.get(owner, id)).reviewRulesSince;

    await update(id, { businessName: 'Joe’s Trattoria' });
    expect(pages.get(surveyPageKey(code, 'en'))).toBe('page Joe’s Trattoria en');
    expect(pages.get(surveyDisclosureKey(code, 'en'))).toBe(`disclosure everyone=false since=${since}`);

    const flipped = await update(id, { offerPublicReviewToEveryone: true });
    expect(flipped.reviewRulesSince).not.toBe(since);
    expect(pages.get(surveyDisclosureKey(code, 'en'))).toBe(
      `disclosure everyone=true since=${flipped.reviewRulesSince}`,
    );

    // A language change moves the link, and the pages with it.
    await update(id, { language: 'nl' });
    expect([...pages.keys()].sort()).toEqual([surveyDisclosureKey(code, 'nl'), surveyPageKey(code, 'nl')].sort());
    expect(written.get(code)).toEqual(['nl']);
  });

  it('go with the deleted survey', async () => {
    const { service, pages, written, invalidated } = setup();
    const { id } = await service.create(owner, parseInput(routeContracts['create-survey'].body, step1));
    const code = (await service.publish(owner, id)).surveyCode!;
    expect(written.has(code)).toBe(true);
    await service.remove(owner, id);
    expect(pages.size).toBe(0);
    expect(written.has(code)).toBe(false);
    expect(invalidated.at(-1)).toEqual([`/surveys/${code}*`, `/nl/surveys/${code}*`, `/files/survey-pages/${code}/*`]);
  });

  it('that cannot be written leave the publish standing', async () => {
    const { service, pages } = setup({ failRender: true });
    const { id } = await service.create(owner, parseInput(routeContracts['create-survey'].body, step1));
    expect((await service.publish(owner, id)).isActive).toBe(true);
    expect(pages.size).toBe(0);
  });

  it('that CloudFront cannot record leave the publish and the delete standing, the pages written and deleted', async () => {
    const { service, pages, invalidated } = setup({ failRecord: true });
    const { id } = await service.create(owner, parseInput(routeContracts['create-survey'].body, step1));
    const code = (await service.publish(owner, id)).surveyCode!;
    expect(pages.has(surveyPageKey(code, 'en'))).toBe(true);
    await service.remove(owner, id);
    await expect(service.get(owner, id)).rejects.toThrow();
    expect(pages.size).toBe(0);
    expect(invalidated).toHaveLength(2);
  });
});
