import '@fontsource/public-sans/400.css';
import '@fontsource/public-sans/500.css';
import '@fontsource/public-sans/600.css';
import '@fontsource/public-sans/700.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { i18nReady, storedLocale } from './lib/i18n';
import { prepareDirection } from './lib/theme/ThemeSettings';

// The first screen is drawn in the visitor's language, never as keys, and in its direction.
void Promise.all([i18nReady, prepareDirection(storedLocale())]).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
