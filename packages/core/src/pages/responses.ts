import type { LoginPageSettings } from './loginPage.js';

/** GET and PUT /api/login-page (docs/api.md "Sign-in page"). */
export interface LoginPageResponse {
  settings: LoginPageSettings;
  /** Whether /auth shows these settings (the instance's first account; docs/decisions/0011). */
  shown_on_sign_in: boolean;
}
