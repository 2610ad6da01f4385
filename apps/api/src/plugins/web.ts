import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  EVENTS_CURSOR_META,
  PUBLIC_CONFIG_ELEMENT_ID,
  type PublicConfig,
  SIGNED_IN_USER_ELEMENT_ID,
  type User,
  userSchema,
} from '@parley/shared';
import type { FastifyInstance } from 'fastify';
import { apiNotFound, sendError } from './errors.js';
import { sessionTokenOf } from './session.js';

const CONFIG_PLACEHOLDER = '<!--parley-config-->';
/**
 * Marks a page sent to a request without a session cookie: its reader is a visitor, so
 * the app shows the landing page at once instead of first asking who is signed in.
 */
export const VISITOR_MARK = '<meta name="parley-session" content="none" />';

/** JSON inside a <script> must not be able to close the element. */
function safeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

function renderIndex(webDistDir: string, publicConfig: PublicConfig): string | null {
  const file = path.join(webDistDir, 'index.html');
  if (!fs.existsSync(file)) return null;
  const block = `<script type="application/json" id="${PUBLIC_CONFIG_ELEMENT_ID}">${safeJson(publicConfig)}</script>`;
  // A function, so `$'` and friends in a configured value are not replacement patterns.
  return fs.readFileSync(file, 'utf8').replace(CONFIG_PLACEHOLDER, () => block);
}

/**
 * A signed-in request's page carries its user, as `GET /api/auth/user` answers it (the
 * session was read for this request already), so the app shows the page without first
 * asking who is signed in; and the newest event id, so its event stream starts there.
 */
function signedInHead(user: User, cursor: number | null): string {
  const block = `<script type="application/json" id="${SIGNED_IN_USER_ELEMENT_ID}">${safeJson(userSchema.parse(user))}</script>`;
  const meta = cursor ? `<meta name="${EVENTS_CURSOR_META}" content="${cursor}" />` : '';
  return `${block}${meta}</head>`;
}

/**
 * Serves the built web app. Hashed assets are cached for a year; every other GET
 * outside /api gets index.html so the client router decides, 404 page included. A
 * visitor's page carries VISITOR_MARK and is revalidated before reuse; a signed-in
 * page carries its user and is never stored. Unknown /api paths, missing files and other
 * methods get the JSON 404.
 */
export async function registerWebApp(
  app: FastifyInstance,
  opts: {
    webDistDir: string;
    publicConfig: PublicConfig;
    /** The newest stored event's id (0 when none). */
    eventsCursor: () => Promise<number>;
  },
): Promise<void> {
  const index = renderIndex(opts.webDistDir, opts.publicConfig);
  const visitorIndex = index?.replace('</head>', () => `${VISITOR_MARK}</head>`);
  if (index) {
    await app.register(fastifyStatic, {
      root: opts.webDistDir,
      index: false,
      // One route per built file; anything else (index.html included) reaches the
      // handler below, which fills in the public configuration.
      wildcard: false,
      globIgnore: ['index.html'],
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  } else {
    app.log.warn({ webDistDir: opts.webDistDir }, 'web app not built; only the API is served');
  }

  // Any other GET is a page for the client router, unless it is an API path or looks
  // like a file: a missing chunk (say, from an older deploy) must be a 404, not HTML.
  app.get('/*', async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const looksLikeFile = pathname !== '/index.html' && /\.[a-z0-9]+$/i.test(pathname);
    if (looksLikeFile || pathname === '/api' || pathname.startsWith('/api/')) {
      return apiNotFound(request, reply);
    }
    if (!index) {
      return sendError(
        reply,
        'SERVICE_UNAVAILABLE',
        'The web app is not built. Run npm run build.',
      );
    }
    reply.type('text/html; charset=utf-8').header('vary', 'cookie');
    const { user } = request;
    if (!user) {
      // A cookie whose session is gone: the app asks, and is told, who is signed in.
      const visitor = !sessionTokenOf(request);
      return reply.header('cache-control', 'no-cache').send(visitor ? visitorIndex : index);
    }
    // Without it (the read failed) the stream starts fresh and the page reads again.
    const cursor = await opts.eventsCursor().catch((err: unknown) => {
      request.log.warn({ err }, 'page: newest event id not read');
      return null;
    });
    const head = signedInHead(user, cursor);
    return reply
      .header('cache-control', 'private, no-store')
      .send(index.replace('</head>', () => head));
  });
  app.setNotFoundHandler(apiNotFound);
}
