import { adminUserSchema, setUserDisabledSchema } from '@parley/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { UsersService } from './users.service.js';

/** Admin routes; registered under the admin guard with the /api/admin prefix. */
export const usersAdminRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (
  app,
  { users },
) => {
  app.get('/users', { schema: { response: { 200: z.array(adminUserSchema) } } }, async () =>
    users.list(),
  );

  app.patch(
    '/users/:id',
    {
      schema: {
        params: z.object({ id: z.uuid() }),
        body: setUserDisabledSchema,
        response: { 200: adminUserSchema },
      },
    },
    async (request) =>
      users.setDisabled(request.params.id, request.body.disabled, request.user?.id ?? ''),
  );
};
