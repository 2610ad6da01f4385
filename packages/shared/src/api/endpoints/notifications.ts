import {
  accountLanguageInputSchema,
  notificationsPageSchema,
  notificationsQuerySchema,
  notificationsReadInputSchema,
  notificationsUnreadSchema,
} from '../../contracts/notifications.js';
import { refusals } from './errors.js';

const USER = ['UNAUTHORIZED', 'VALIDATION_FAILED'] as const;

/** The customer's notices (renewals, suspensions, a low balance) and their language. */
export const notificationsEndpoints = {
  'notifications.list': {
    summary: "The customer's notices, newest first, a page at a time, and how many are unread",
    query: notificationsQuerySchema,
    responses: { 200: notificationsPageSchema, ...refusals(...USER) },
  },
  'notifications.read': {
    summary: 'Mark notices read, by id or all of them; answers how many stay unread',
    body: notificationsReadInputSchema,
    responses: { 200: notificationsUnreadSchema, ...refusals(...USER) },
  },
  'notifications.language': {
    summary: 'The interface language the customer chose: their emails are written in it',
    body: accountLanguageInputSchema,
    responses: { 204: null, ...refusals(...USER) },
  },
} as const;
