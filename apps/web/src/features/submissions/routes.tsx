import type { RouteObject } from 'react-router';

/** Inside a project: submission-requests (editors manage a library's upload requests, decision 0032). */
export function submissionRequestRoutes(): RouteObject[] {
  return [
    { path: 'submission-requests', lazy: async () => ({ Component: (await import('./SubmissionRequestsPage')).SubmissionRequestsPage }) },
  ];
}

/** The public upload page of a request's token: /submit/{token}, no account (decision 0032). */
export function submitRoutes(): RouteObject[] {
  return [{ path: 'submit/:token', lazy: async () => ({ Component: (await import('./SubmitPage')).SubmitPage }) }];
}
