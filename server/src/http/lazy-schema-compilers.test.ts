import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { lazySchemaCompilers } from './lazy-schema-compilers';

describe('Fastify schemas with the compilers loaded on first use', () => {
  const app = () => {
    const fastify = Fastify({ schemaController: { compilersFactory: lazySchemaCompilers() } });
    fastify.post(
      '/echo',
      {
        schema: {
          body: { type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 5 } } },
          response: { 200: { type: 'object', properties: { name: { type: 'string' } } } },
        },
      },
      async (request) => ({ ...(request.body as object), secret: 'left out by the response schema' }),
    );
    return fastify;
  };

  it('still refuses a body its schema refuses, with 400', async () => {
    const response = await app().inject({ method: 'POST', url: '/echo', payload: { name: 'far too long' } });
    expect(response.statusCode).toBe(400);
  });

  it('still answers through the response schema, leaving out what it does not list', async () => {
    const response = await app().inject({ method: 'POST', url: '/echo', payload: { name: 'Ann' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ name: 'Ann' });
  });
});
