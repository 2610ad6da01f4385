import { adminUserSchema, setUserDisabledSchema } from '../../contracts/auth.js';
import { issuedPasswordResetSchema } from '../../contracts/auth-password-reset.js';
import {
  adminUserDetailSchema,
  adminUsersPageSchema,
  adminUsersQuerySchema,
  userIdParamsSchema,
} from '../../contracts/users.js';
import { ADMIN_REFUSALS, refusals } from './errors.js';

/** Users for admins: search, detail, suspension, a reset link. */
export const usersEndpoints = {
  'users.admin.list': {
    summary: 'Users whose email or name contains `q`, by status, newest first, a page at a time',
    query: adminUsersQuerySchema,
    responses: { 200: adminUsersPageSchema, ...refusals(...ADMIN_REFUSALS) },
  },
  'users.admin.get': {
    summary: 'One user with their balance and status',
    params: userIdParamsSchema,
    responses: { 200: adminUserDetailSchema, ...refusals(...ADMIN_REFUSALS, 'NOT_FOUND') },
  },
  'users.admin.setDisabled': {
    summary: 'Suspend (disable) or reactivate a user; suspending ends their sessions',
    params: userIdParamsSchema,
    body: setUserDisabledSchema,
    responses: {
      200: adminUserSchema,
      ...refusals(...ADMIN_REFUSALS, 'NOT_FOUND', 'CONFLICT'),
    },
  },
  'users.admin.issuePasswordReset': {
    summary: 'A one-time password reset link for a user (an hour; shown once, audited)',
    params: userIdParamsSchema,
    responses: {
      200: issuedPasswordResetSchema,
      ...refusals(
        ...ADMIN_REFUSALS,
        'NOT_FOUND',
        'CONFLICT',
        'SELF_RESET_FORBIDDEN',
        'ADMIN_RESET_FORBIDDEN',
      ),
    },
  },
} as const;
