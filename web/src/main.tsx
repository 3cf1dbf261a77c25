import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { App } from '@/app/app';
import { ConfigErrorScreen } from '@/app/config-error-screen';
import { FullPageLoader } from '@/components/full-page-loader';
import { configureAmplify } from '@/lib/amplify';
import { loadConfig } from '@/lib/config';
import { initI18n } from '@/lib/i18n';

// Translations first (bundled, synchronous), then the runtime config Amplify needs, then the app.
const i18n = initI18n();
const root = createRoot(document.getElementById('root')!);
const render = (node: React.ReactNode) =>
  root.render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>{node}</I18nextProvider>
    </StrictMode>,
  );

render(<FullPageLoader />);
loadConfig()
  .then((config) => {
    configureAmplify(config);
    render(<App />);
  })
  .catch((error: unknown) => {
    console.error(error);
    render(<ConfigErrorScreen />);
  });
