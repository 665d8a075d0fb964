/**
 * The page's entry point: renders the app inside `<StrictMode>`. In the development build StrictMode
 * mounts every component, unmounts it and mounts it again; the stores' linger keeps that to one
 * subscription, one websocket and one listen key. Bundled for the browser by `../build.ts`.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.js';

const container = document.getElementById('root');
if (container === null) throw new Error('the page has no #root element');
createRoot(container).render(
  <StrictMode>
    <App account={container.dataset['account'] ?? ''} />
  </StrictMode>,
);
