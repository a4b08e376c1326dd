/** /admin/users/*, /admin/user/*: user lookups, verification, merging and payment plans. */
import { z } from 'zod';
import {
  mergeUsersResultSchema,
  mergeUsersSchema,
  paymentPlanSummarySchema,
  setUserVerifiedAnswerSchema,
  userListSchema,
} from '../../lib/upstream/contract';
import { parseInput, readJsonBody, sendValidated } from '../http';
import { userRecord } from '../model/records';
import { activeUsers, mergeUsers, paymentPlanSummary, setUserVerified, usersByIds } from '../model/users';
import type { Route } from '../router';
import { MAX_ID_LENGTH, type AdminContext } from './context';

/** At most this many ids per `users/info` request, like the service's other by-id reads. */
const MAX_USERS_PER_INFO_REQUEST = 500;

const usersInfoQuerySchema = z.object({
  users: z
    .string({ error: 'is required (comma-separated user ids)' })
    .transform((value) =>
      value
        .split(',')
        .map((id) => id.trim())
        .filter((id) => id !== ''),
    )
    .pipe(z.array(z.string().max(MAX_ID_LENGTH)).min(1, 'names no user id').max(MAX_USERS_PER_INFO_REQUEST)),
});

export function userRoutes({ database }: AdminContext): Route[] {
  return [
    {
      method: 'GET',
      pattern: /^\/admin\/users\/info$/,
      async handle({ res, context }) {
        const { users } = parseInput(
          usersInfoQuerySchema,
          { users: context.url.searchParams.get('users') ?? undefined },
          'users',
        );
        sendValidated(res, userListSchema, usersByIds(database.world, users).map(userRecord));
      },
    },
    {
      method: 'GET',
      pattern: /^\/admin\/users\/active$/,
      async handle({ res }) {
        sendValidated(res, userListSchema, activeUsers(database.world).map(userRecord));
      },
    },
    {
      method: 'POST',
      pattern: /^\/admin\/users\/merge$/,
      async handle({ req, res }) {
        const body = parseInput(mergeUsersSchema, await readJsonBody(req), 'body');
        sendValidated(res, mergeUsersResultSchema, mergeUsers(database.world, body));
      },
    },
    {
      method: 'PUT',
      pattern: /^\/admin\/user\/set_verified\/([^/]+)$/,
      async handle({ res, params: [id = ''] }) {
        sendValidated(res, setUserVerifiedAnswerSchema, {
          success: true,
          user: userRecord(setUserVerified(database.world, id)),
        });
      },
    },
    {
      method: 'GET',
      pattern: /^\/admin\/user\/payment-plans\/([^/]+)$/,
      async handle({ res, params: [id = ''] }) {
        sendValidated(res, paymentPlanSummarySchema, paymentPlanSummary(database.world, id));
      },
    },
  ];
}
