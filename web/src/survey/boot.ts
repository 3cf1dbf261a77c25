import './survey.css';
import { surveyRequest } from './survey-request';

// survey.html's one script (a file: the CSP allows no inline script), a few KB. It starts the survey request
// and, once the answer names a logo (the page's largest paint), the logo's download, while the React app
// (main.tsx, most of the page's script) downloads: the three no longer wait for each other.
void surveyRequest.then((survey) => {
  if (survey?.businessLogoUrl) new Image().src = survey.businessLogoUrl;
});
void import('./main');
