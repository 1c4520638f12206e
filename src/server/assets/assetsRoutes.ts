import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientConfigSchema, type ClientConfig } from '../../../schemas/clientConfig.js';

/** The variant a request is for: the customer one on the configured MSA host names (SPEC §2 route table). */
function variantOf(request: FastifyRequest, msaHosts: readonly string[]): ClientConfig['variant'] {
  return msaHosts.includes(request.hostname.toLowerCase()) ? 'customer' : 'dealer';
}

/**
 * GET /api/assets/config (SPEC §7 'assets/config', anonymous and never held):
 * what the browser needs before anyone signs in. One server serves both
 * variants; the host name the portal is reached on chooses.
 */
export async function assetsRoutes(app: FastifyInstance, options: { version: string }) {
  app.get(
    '/assets/config',
    {
      config: { access: 'public' },
      schema: {
        tags: ['platform'],
        summary: 'Variant, portal name, version and environment for this host',
        response: { 200: clientConfigSchema },
      },
    },
    async (request, reply): Promise<ClientConfig> => {
      reply.header('Cache-Control', 'no-cache');
      return {
        variant: variantOf(request, app.config.msaHosts),
        portalName: app.config.portalName,
        version: options.version,
        environment: app.config.environment,
        demo: app.config.demo,
        helpCenterUrl: app.config.helpCenterUrl ?? '/help/',
        ...(app.config.stagingPortalUrl && { stagingPortalUrl: app.config.stagingPortalUrl }),
      };
    },
  );
}
