import { errorPageSettingsSchema } from '@emblem/core';

/** The error-page settings as GET /api/error-page/{code} answers them: any of them (ErrorPage.tsx loads this module). */
export const partialErrorPageSettingsSchema = errorPageSettingsSchema.partial();
