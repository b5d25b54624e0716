import type { RouteObject } from 'react-router';
import { SubmissionRequestsPage } from './SubmissionRequestsPage';
import { SubmitPage } from './SubmitPage';

/** Inside a project: submission-requests (editors manage a library's upload requests, decision 0032). */
export function submissionRequestRoutes(): RouteObject[] {
  return [{ path: 'submission-requests', element: <SubmissionRequestsPage /> }];
}

/** The public upload page of a request's token: /submit/{token}, no account (decision 0032). */
export function submitRoutes(): RouteObject[] {
  return [{ path: 'submit/:token', element: <SubmitPage /> }];
}
