import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { createQueryClient } from './lib/queryClient';
import { createAppRouter } from './router';
import './ui/tokens.css';
import './ui/base.css';
import './ui/components.css';
import './shell/shell.css';
import './features/features.css';
import './toolkit/toolkit.css';
import './features/library/library.css';
import './features/viewer/viewer.css';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

const root = document.getElementById('root');
if (!root) throw new Error('Root element #root not found');

createRoot(root).render(
  <StrictMode>
    <App queryClient={queryClient} router={router} />
  </StrictMode>,
);
