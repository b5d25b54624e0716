import { accessRequestsModule } from './access-requests/index.js';
import { accountsModule } from './accounts/index.js';
import { approvalsModule } from './approvals/index.js';
import { assetsModule } from './assets/index.js';
import { assignmentsModule } from './assignments/index.js';
import { authModule } from './auth/index.js';
import { brandsModule } from './brands/index.js';
import { collectionsModule } from './collections/index.js';
import { commentsModule } from './comments/index.js';
import { duplicatesModule } from './duplicates/index.js';
import { errorPagesModule } from './error-pages/index.js';
import { filesModule } from './files/index.js';
import { foldersModule } from './folders/index.js';
import { groupsModule } from './groups/index.js';
import { guidelinesModule } from './guidelines/index.js';
import { healthModule } from './health/index.js';
import { imagesModule } from './images/index.js';
import { licencesModule } from './licences/index.js';
import { loginPageModule } from './login-page/index.js';
import type { ServerModule } from './manifest.js';
import { mediaModule } from './media/index.js';
import { metadataModule } from './metadata/index.js';
import { navigationModule } from './navigation/index.js';
import { notificationsModule } from './notifications/index.js';
import { projectsModule } from './projects/index.js';
import { realtimeModule } from './realtime/index.js';
import { searchModule } from './search/index.js';
import { sharesModule } from './shares/index.js';
import { submissionsModule } from './submissions/index.js';
import { tagsModule } from './tags/index.js';
import { tokensModule } from './tokens/index.js';
import { usersModule } from './users/index.js';
import { workflowsModule } from './workflows/index.js';

/** Every server module, once. A new domain adds its manifest here (one line) and nowhere else. */
export const modules: readonly ServerModule[] = [
  healthModule,
  authModule,
  usersModule,
  tokensModule,
  accountsModule,
  brandsModule,
  guidelinesModule,
  navigationModule,
  errorPagesModule,
  loginPageModule,
  accessRequestsModule,
  projectsModule,
  groupsModule,
  foldersModule,
  assetsModule,
  collectionsModule,
  sharesModule,
  submissionsModule,
  licencesModule,
  commentsModule,
  notificationsModule,
  tagsModule,
  metadataModule,
  workflowsModule,
  approvalsModule,
  assignmentsModule,
  searchModule,
  duplicatesModule,
  filesModule,
  mediaModule,
  imagesModule,
  realtimeModule,
];
