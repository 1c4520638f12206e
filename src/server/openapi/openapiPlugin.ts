import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { withAccessExtension } from '../auth/accessGuard.js';

/**
 * The OpenAPI 3.1 document, generated from the same schemas that validate
 * each route: JSON at /api/openapi.json, browsable at /api/docs.
 */
export const openapiPlugin = fp(async (app: FastifyInstance, options: { version: string; publicUrl: string }) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Security-monitoring portal API',
        description: 'API of the dealer, staff and My Security Account portal.',
        version: options.version,
      },
      servers: [{ url: options.publicUrl }],
      components: {
        securitySchemes: {
          // Dealer API keys (docs/security.md, API keys). Operations a key may call list it in
          // their `security` with the scope that opens them; the portal's own pages sign in instead.
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'pak_<prefix>_<secret>',
            description:
              'A dealer API key (Account group › Integrations), sent as `Authorization: Bearer pak_…`. ' +
              'It reaches only the operations whose `x-api-key-scopes` include one of its scopes, within its account group.',
          },
        },
      },
    },
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => String(json.$id ?? `def-${i}`) },
    // Each operation states who may call it (x-access, the route's config.access: accessGuard.ts).
    transform: withAccessExtension,
  });
  // The documentation pages are public (config.access of every route under /api: accessGuard.ts).
  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: 'public' };
    });
    await docs.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  });
  app.get('/api/openapi.json', { schema: { hide: true }, config: { access: 'public' } }, async () => app.swagger());
});
