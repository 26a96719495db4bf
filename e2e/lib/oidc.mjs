// A real OpenID provider for the OAuth tests: panva's oidc-provider (a certified OpenID Connect and
// OAuth 2.0 server library), run in this process on 127.0.0.1 with client credentials and resource
// indicators (RFC 8707), so that each access token is a JWT whose audience is the resource asked for.

import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';

import Provider, { errors } from 'oidc-provider';

import { freePort } from './f0.mjs';

/** The clients the provider knows, each with the scopes it may be granted. */
export const CLIENTS = {
  writer: { id: 'f0-writer', secret: 'writer-secret-0123456789', scope: 'f0:read f0:write' },
  reader: { id: 'f0-reader', secret: 'reader-secret-0123456789', scope: 'f0:read' },
  outsider: { id: 'f0-outsider', secret: 'outsider-secret-0123456789', scope: 'other:thing' },
};

/**
 * Start the provider. resources are the resource indicators it issues tokens for (any other is refused
 * with invalid_target). Returns { issuer, tokenEndpoint, clientCredentials(client, { resource, scope }), stop() }.
 */
export async function startProvider({ resources }) {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signing = { ...privateKey.export({ format: 'jwk' }), kid: 'e2e-1', alg: 'RS256', use: 'sig' };
  const provider = new Provider(issuer, {
    clients: Object.values(CLIENTS).map((c) => ({
      client_id: c.id,
      client_secret: c.secret,
      grant_types: ['client_credentials'],
      response_types: [],
      redirect_uris: [],
      token_endpoint_auth_method: 'client_secret_basic',
      scope: c.scope,
    })),
    scopes: ['f0:read', 'f0:write', 'f0:admin', 'other:thing'],
    jwks: { keys: [signing] },
    ttl: { ClientCredentials: 300 },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => undefined,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => {
          if (!resources.includes(resource)) throw new errors.InvalidTarget();
          return {
            scope: 'f0:read f0:write f0:admin other:thing',
            audience: resource,
            accessTokenTTL: 300,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
  });
  const server = http.createServer(provider.callback());
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const tokenEndpoint = `${issuer}/token`;
  return {
    issuer,
    tokenEndpoint,
    /** A token from the client credentials grant, as any OAuth client gets one. */
    async clientCredentials(client, { resource, scope }) {
      const body = new URLSearchParams({ grant_type: 'client_credentials', scope });
      if (resource) body.set('resource', resource);
      const res = await fetch(tokenEndpoint, {
        method: 'POST',
        headers: {
          authorization: 'Basic ' + Buffer.from(`${client.id}:${client.secret}`).toString('base64'),
          'content-type': 'application/x-www-form-urlencoded',
        },
        body,
      });
      const json = await res.json();
      if (!res.ok) throw new Error(`token request for ${client.id}: ${res.status} ${JSON.stringify(json)}`);
      return json.access_token;
    },
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}

/**
 * The SDK's ClientCredentialsProvider for one of CLIENTS, asking for all the scopes the client may have
 * (the SDK 1.32 client credentials flow always asks for the scope it was made with, also on a step-up).
 */
export function sdkClientCredentials(ClientCredentialsProvider, c, issuer) {
  return new ClientCredentialsProvider({ clientId: c.id, clientSecret: c.secret, clientName: `e2e ${c.id}`, scope: c.scope, expectedIssuer: issuer });
}
