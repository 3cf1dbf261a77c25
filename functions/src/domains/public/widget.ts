import { businessSlug, pagePath, widgetAverageOf, type Survey, type SurveyWidget } from '@reviewroute/shared';
import type { SurveyTally } from '../../data/survey-stats';
import type { WebsiteReviews } from '../../data/website-reviews';

/**
 * The reviews widget of a published survey (decisions 27): the average and count of every rating its tally
 * counted (never only the shown ones), the consented comments of its widget item, the hides per reason, and the
 * path of its disclosure page in the survey's language.
 */
export function widgetOf(
  survey: Pick<Survey, 'businessName' | 'language' | 'businessSlug'> & { surveyCode: string },
  tally: Pick<SurveyTally, 'count' | 'sum'> | undefined,
  reviews: WebsiteReviews,
): SurveyWidget {
  const count = tally?.count ?? 0;
  return {
    businessName: survey.businessName,
    language: survey.language,
    count,
    average: widgetAverageOf(tally?.sum ?? 0, count),
    comments: reviews.comments,
    hidden: reviews.hidden,
    disclosurePath: pagePath('surveyDisclosure', survey.language, {
      params: { surveyCode: survey.surveyCode, slug: survey.businessSlug ?? businessSlug(survey.businessName) },
    }),
  };
}
