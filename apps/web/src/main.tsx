import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { createQueryClient } from './lib/queryClient';
import { createAppRouter } from './router';
// The shared style sheets, in cascade order: where two of them style the same element, the later one wins, so keep
// this order when moving a sheet. They are imported here rather than by their components because sheets imported by
// components land before these in the bundle (the router is imported above), which would change that order.
import './ui/tokens.css';
import './ui/base.css';
import './ui/components.css';
import './ui/dialog.css';
import './ui/feedback.css';
import './ui/avatar.css';
import './ui/tabs.css';
import './shell/shell.css';
import './shell/drawer.css';
import './shell/cookie-consent.css';
import './shell/error-page.css';
import './ui/page.css';
import './features/auth/auth.css';
import './features/brands/brands.css';
import './features/usage/usage.css';
import './ui/table.css';
import './ui/dismissable-alert.css';
import './features/admin-users/admin-users.css';
import './features/projects/project-settings.css';
import './ui/settings-screens.css';
import './toolkit/toolkit.css';
import './features/library/library.css';
import './features/viewer/viewer.css';
import './features/comments/comments.css';
import './features/guidelines/guidelines.css';
import './features/collections/collections.css';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

const root = document.getElementById('root');
if (!root) throw new Error('Root element #root not found');

createRoot(root).render(
  <StrictMode>
    <App queryClient={queryClient} router={router} />
  </StrictMode>,
);
