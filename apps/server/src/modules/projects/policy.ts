import { levelAtLeast, levelFitsProjectType, type ProjectLevel } from '@emblem/core';
import { type Actor, isAdmin } from '../../http/actor.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../../http/errors.js';

/**
 * A caller's level on a project: account admins have ADMIN on every project of their account; others have
 * their collaborator level; nobody sees another account's projects.
 */
export const projectPolicy = {
  level(actor: Actor, project: { accountId: number }, collaboratorLevel: string | null): ProjectLevel | null {
    if (project.accountId !== actor.accountId) return null;
    if (isAdmin(actor)) return 'ADMIN';
    return (collaboratorLevel as ProjectLevel | null) ?? null;
  },
  /** 404 when the project cannot be seen, 403 when the level is too low. */
  assert(level: ProjectLevel | null, needed: ProjectLevel): ProjectLevel {
    if (!level) throw new NotFoundError();
    if (!levelAtLeast(level, needed)) {
      throw new ForbiddenError(needed === 'ADMIN' ? 'Only project admins may do this' : `You need ${needed} permission on this project`);
    }
    return level;
  },
  permissions(level: ProjectLevel) {
    return {
      level,
      canView: true,
      canComment: levelAtLeast(level, 'COMMENT'),
      canEdit: levelAtLeast(level, 'EDIT'),
      canAdmin: levelAtLeast(level, 'ADMIN'),
      canCreateAssets: levelAtLeast(level, 'EDIT'),
    };
  },
  /** A grant's level must exist on the project's type: TRANSLATE is for guideline documents (STYLEGUIDE) only. */
  assertLevelFits(level: ProjectLevel, project: { projectType: string }) {
    if (!levelFitsProjectType(level, project.projectType))
      throw new ValidationError({ level: ['TRANSLATE can only be given on guideline documents'] });
  },
  /** Libraries are created by account admins; workspace projects by any member. */
  assertCreate(actor: Actor, projectType: string) {
    if (projectType !== 'WORKSPACE' && !isAdmin(actor)) throw new ForbiddenError('Only account admins may create libraries');
  },
};
